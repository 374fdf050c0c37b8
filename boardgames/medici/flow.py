"""The flow of a Medici day: what a move does, and every automatic step after it.

Each function here writes into a draft (``state.Draft``: a position whose fields may still be written, see
``state.draft``) and returns it; ``game.seal`` seals it afterwards. Forced first reveals, automatic passes,
the free fill, the day's scoring and the next day's deal all happen inside the move that causes them and
leave a record each (``records.py``).
"""

from __future__ import annotations

import random
from operator import add

from boardgames.medici import records as R
from boardgames.medici.rules import DAYS, HOLDS, MAX_LOT
from boardgames.medici.scoring import day_end
from boardgames.medici.state import BIDDING, OVER, REVEAL, STOWING, Draft, largest_space


def no_draw(lot: tuple, deck: tuple, room: tuple) -> str | None:
    """The rule (4, 7 or 6) that stops another card joining the lot, or None if one may."""
    size = len(lot)
    if size >= MAX_LOT:
        return "medici.reveal.limit"
    if not deck:
        return "medici.reveal.deck-empty"
    if size >= max(room):
        return "medici.reveal.no-buyer"
    return None


def start_turn(d: Draft, auctioneer: int) -> Draft:
    """Rules 4-5: the auctioneer must reveal a first card, so the engine reveals it (no decision)."""
    deck = d.deck
    top = deck[0]
    d.log.append((R.Revealed, auctioneer, top))
    d.deck = deck = deck[1:]
    d.lot = lot = (top,)
    d.step = REVEAL
    d.auctioneer = auctioneer
    d.bidder = d.high_bidder = None
    d.high_bid = 0
    why = no_draw(lot, deck, d.room)
    return d if why is None else open_auction(d, why)


def draw(d: Draft) -> Draft:
    """Rule 4: the auctioneer adds the deck's top card to the lot."""
    deck = d.deck
    top = deck[0]
    d.log.append((R.Revealed, d.auctioneer, top))
    d.deck = deck = deck[1:]
    d.lot = lot = d.lot + (top,)
    why = no_draw(lot, deck, d.room)
    return d if why is None else open_auction(d, why)


def open_auction(d: Draft, why: str | None = None) -> Draft:
    """Rule 8: bidding opens from the auctioneer's left (``why`` names the rule that opened it
    without asking, when no card could be added)."""
    a = d.auctioneer
    d.log.append((R.AuctionOpened, a, d.lot, why))
    first = _next_bidder(d, a, 0)
    if first is None:
        return _close_auction(d, 0, None)
    d.step = BIDDING
    d.bidder = first
    d.high_bid = 0
    d.high_bidder = None
    return d


def _next_bidder(d: Draft, after: int, high_bid: int) -> int | None:
    """The next seat after ``after`` (clockwise, the auctioneer last) able to bid above ``high_bid``;
    seats passed over that are not full pass automatically (rule 13; full seats sit out, rule 3)."""
    money, room = d.money, d.room
    n, a, size = len(money), d.auctioneer, len(d.lot)
    for k in range((after - a) % n + 1, n + 1):  # positions after ``after``; the auctioneer is at n
        seat = (a + k) % n
        free = room[seat]
        if free >= size and money[seat] > high_bid:
            return seat
        if free:
            d.log.append((R.AutoPassed, seat, size, money[seat], high_bid, free))
    return None


def bid(d: Draft, amount: int | None) -> Draft:
    """Rules 9-13: the bidder bids ``amount`` (None: passes); the auction goes on or closes."""
    seat = d.bidder
    if amount is None:
        d.log.append((R.Passed, seat))
        high_bid, high_bidder = d.high_bid, d.high_bidder
    else:
        d.log.append((R.BidMade, seat, amount))
        high_bid, high_bidder = amount, seat
    nxt = None if seat == d.auctioneer else _next_bidder(d, seat, high_bid)
    if nxt is None:
        return _close_auction(d, high_bid, high_bidder)
    d.bidder = nxt
    d.high_bid = high_bid
    d.high_bidder = high_bidder
    return d


def _close_auction(d: Draft, high_bid: int, winner: int | None) -> Draft:
    """Rules 14-15: the winner pays and loads the lot (choosing a ship if two can take it), or the
    lot is discarded when everybody passed."""
    lot = d.lot
    if winner is None:
        d.log.append((R.AllPassed, None, lot))
        d.discard += lot
        return _after_auction(d)
    d.log.append((R.AuctionWon, winner, lot, high_bid))
    money = d.money
    d.money = money[:winner] + (money[winner] - high_bid,) + money[winner + 1 :]
    size = len(lot)
    ships = d.loads[winner]
    if len(ships) > 1 and len(ships[0]) + size <= HOLDS and len(ships[1]) + size <= HOLDS:
        d.step = STOWING
        d.bidder = None
        d.high_bid = high_bid
        d.high_bidder = winner
        return d
    return stow(d, winner, 0 if len(ships[0]) + size <= HOLDS else 1)


def stow(d: Draft, winner: int, ship: int) -> Draft:
    """Rules 14 and 20: the lot goes onto ``winner``'s ship ``ship``."""
    loads = d.loads
    ships = loads[winner]
    if len(ships) > 1:
        d.log.append((R.Stowed, winner, ship))
    ships = ships[:ship] + (ships[ship] + d.lot,) + ships[ship + 1 :]
    d.loads = loads[:winner] + (ships,) + loads[winner + 1 :]
    room = d.room
    d.room = room[:winner] + (HOLDS - min(map(len, ships)),) + room[winner + 1 :]
    return _after_auction(d)


def _after_auction(d: Draft) -> Draft:
    """Rules 16-18: end the day, or hand the next auction to the next seat with room."""
    deck = d.deck
    if not deck:
        d.log.append((R.DeckEmpty, None, d.day))
        return _end_day(d)
    room = d.room
    n = len(room)
    if room.count(0) >= n - 1:  # at most one seat has room left
        if room.count(0) < n:
            last = room.index(max(room))
            ships = list(d.loads[last])
            taken: tuple = ()
            for i, ship in enumerate(ships):
                got, deck = deck[: HOLDS - len(ship)], deck[HOLDS - len(ship) :]
                ships[i] = ship + got
                taken += got
            loads = d.loads
            d.loads = loads = loads[:last] + (tuple(ships),) + loads[last + 1 :]
            d.room = largest_space(loads)
            d.deck = deck
            d.log.append((R.FreeFill, last, taken))
        d.log.append((R.ShipsFull, None, d.day))
        return _end_day(d)
    nxt = (d.auctioneer + 1) % n
    while not room[nxt]:
        nxt = (nxt + 1) % n
    d.log.append((R.NextAuctioneer, nxt))
    return start_turn(d, nxt)


def _end_day(d: Draft) -> Draft:
    """Rule 19 (scoring) then rule 21 (the next day) or rule 22 (the end)."""
    t = d.table
    accounts = day_end(d.loads, d.levels, t.start_space_scores)
    d.log.append((R.DayScored, None, d.day, accounts))
    d.money = money = tuple(map(add, d.money, accounts.total))
    d.levels = accounts.levels_after
    d.incomes += (accounts.total,)
    if d.day == DAYS:
        d.log.append((R.GameEnded, None, money))
        d.lot = ()
        d.step = OVER
        d.bidder = d.high_bidder = None
        d.high_bid = 0
        return d
    d.day = day = d.day + 1
    least = min(money)
    poorest = [i for i, m in enumerate(money) if m == least]
    start = poorest[0] if len(poorest) == 1 else random.Random(f"medici/{t.seed}/start{day}").choice(poorest)
    d.log.append((R.NextDayStarted, start, day, len(poorest)))
    d.deck, d.aside = t.deal(day)
    n = len(money)
    d.loads = (((),) * t.ships_per_seat,) * n
    d.room = (HOLDS,) * n
    d.discard = ()
    return start_turn(d, start)
