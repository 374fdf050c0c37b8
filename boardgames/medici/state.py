"""Medici's state: an immutable position, the moves it allows, and the flow of a day.

A turn is one auction: the auctioneer reveals one to three cards (``Draw``), opens the bidding
(``Auction``), every player with room gets one chance to ``Bid`` or ``Pass`` (the auctioneer last),
and the winner loads the lot (``Stow`` chooses the ship in a two-player game). Forced passes, the
free fill, day-end scoring and the next day's deal happen inside ``play`` and are reported as events.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field, fields
from itertools import chain
from operator import add
from typing import Any

from boardgames.core import (
    RULE_GAME_OVER,
    RULE_NOT_A_MOVE,
    RULE_NOT_NOW,
    IllegalMove,
    Reader,
    Seated,
    check_int,
    check_list,
    envelope,
    open_envelope,
    seat_names,
)
from boardgames.medici.cards import COPIES, DECK, Card, card, cards_text, deck_position
from boardgames.medici.log import render
from boardgames.medici.moves import AUCTION, BIDS, DRAW, PASS, STOWS, Auction, Bid, Draw, Pass, Stow
from boardgames.medici.rules import (
    CARDS_PER_DAY,
    DAYS,
    FLAGS,
    GAME,
    GOODS,
    HOLDS,
    MAX_LOT,
    PLAYERS,
    SHIPS_PER_SEAT,
    STARTING_MONEY,
    TOP_LEVEL,
)
from boardgames.medici.scoring import day_end

REVEAL, BIDDING, STOWING, OVER = "reveal", "bid", "stow", "over"
STEPS = (REVEAL, BIDDING, STOWING, OVER)
MOVE_TYPES = (Draw, Auction, Bid, Pass, Stow)


@dataclass(frozen=True, slots=True)
class Table:
    """What stays fixed for a whole game: the seats' names, the seed, fixed decks and the flags."""

    names: tuple[str, ...]
    seed: int
    first_player: int
    decks: tuple[tuple[Card, ...] | None, ...]
    two_player_ships: bool = FLAGS["two_player_ships"]
    start_space_scores: bool = FLAGS["start_space_scores"]
    # Each day's 36 cards in shuffled order (that day's deck first), all drawn from the seed the first
    # time a day is dealt: a determinized table (bots, lessons) gets its deck from elsewhere and may
    # never deal at all. Two threads drawing at once would draw the same orders.
    _orders: tuple[tuple[Card, ...], ...] | None = field(default=None, init=False, repr=False, compare=False)

    def _shuffled(self) -> tuple[tuple[Card, ...], ...]:
        draw = random.Random(f"medici/{self.seed}").random
        orders = []
        for given in self.decks:
            # A uniform shuffle: sort by independent random keys (one fast call per card). Shuffled even
            # when the deck is given, so later days do not depend on whether an earlier one was fixed.
            cards = sorted(DECK, key=lambda _: draw())
            if given is not None:
                rest = Counter(DECK)
                rest.subtract(given)
                cards = list(given) + list(rest.elements())
            orders.append(tuple(cards))
        return tuple(orders)

    @property
    def players(self) -> int:
        return len(self.names)

    @property
    def ships_per_seat(self) -> int:
        return SHIPS_PER_SEAT[len(self.names)]

    def deal(self, day: int) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
        """The deck of ``day`` (top first) and the cards set aside unseen that day."""
        given = self.decks[day - 1]
        used = len(given) if given is not None else CARDS_PER_DAY[len(self.names)]
        orders = self._orders
        if orders is None:
            orders = self._shuffled()
            object.__setattr__(self, "_orders", orders)
        order = orders[day - 1]
        return order[:used], order[used:]


@dataclass(frozen=True, slots=True)
class State(Seated):
    """A Medici position. Build one with ``new_game``; every move returns a new State."""

    table: Table
    day: int
    money: tuple[int, ...]
    loads: tuple[tuple[tuple[Card, ...], ...], ...]  # loads[seat][ship] = the cards on that ship
    levels: tuple[tuple[int, ...], ...]  # levels[seat][good], goods in the order of GOODS
    deck: tuple[Card, ...]
    aside: tuple[Card, ...]
    discard: tuple[Card, ...]
    lot: tuple[Card, ...]
    step: str
    auctioneer: int
    bidder: int | None
    high_bid: int
    high_bidder: int | None
    incomes: tuple[tuple[int, ...], ...]  # each finished day's income per seat
    log: tuple[tuple, ...] = field(default=(), compare=False, repr=False)  # event records (see log.py)
    room: tuple[int, ...] = field(init=False, compare=False, repr=False)  # free_space per seat, derived

    GAME = GAME
    RENDER = staticmethod(render)

    def __post_init__(self) -> None:
        object.__setattr__(self, "room", _room(self.loads))

    # ------------------------------------------------------------------ what anyone can see
    @property
    def current_player(self) -> int | None:
        step = self.step
        if step == REVEAL:
            return self.auctioneer
        if step == BIDDING:
            return self.bidder
        if step == STOWING:
            return self.high_bidder
        return None

    @property
    def is_over(self) -> bool:
        return self.step == OVER

    @property
    def deck_size(self) -> int:
        return len(self.deck)

    def ships(self, seat: int) -> tuple[tuple[Card, ...], ...]:
        """The cards on each of ``seat``'s ships."""
        return self.loads[seat]

    def cargo(self, seat: int) -> tuple[Card, ...]:
        """Every card on ``seat``'s ships."""
        return tuple(c for ship in self.loads[seat] for c in ship)

    def track(self, good: str) -> tuple[int, ...]:
        """Each seat's marker level on ``good``'s track."""
        if good not in GOODS:
            raise ValueError(f"{good!r} has no track; the goods are {', '.join(GOODS)}")
        g = GOODS.index(good)
        return tuple(lv[g] for lv in self.levels)

    def free_space(self, seat: int) -> int:
        """The most cards one of ``seat``'s ships can still take (0 when the seat is full)."""
        return self.room[seat]

    def is_full(self, seat: int) -> bool:
        return self.room[seat] == 0

    @property
    def max_lot_size(self) -> int:
        """The largest lot the auctioneer may build now (rules 4 and 6; the deck is not counted)."""
        return min(MAX_LOT, max(self.room))

    @property
    def min_winning_bid(self) -> int:
        """The lowest bid that would beat the current high bid."""
        return self.high_bid + 1

    def fits(self, seat: int, size: int | None = None) -> bool:
        """Whether a lot of ``size`` cards (default: the current lot) fits whole on one of ``seat``'s ships."""
        return self.room[seat] >= (len(self.lot) if size is None else size)

    def bidding_order(self) -> tuple[int, ...]:
        """Seats in the order they bid on a lot: from the auctioneer's left, the auctioneer last."""
        n, a = self.players, self.auctioneer
        return tuple((a + k) % n for k in range(1, n + 1))

    def bidders(self) -> tuple[int, ...]:
        """The seats, in bidding order, whose ship can take the current lot (rules 3 and 12)."""
        return tuple(s for s in self.bidding_order() if not self.is_full(s) and self.fits(s))

    def scores(self) -> tuple[int, ...]:
        return self.money

    def winners(self) -> tuple[int, ...]:
        """The richest seats once the game is over (rule 22); empty while it is still going."""
        if self.step != OVER:
            return ()
        best = max(self.money)
        return tuple(s for s, m in enumerate(self.money) if m == best)

    @property
    def setup(self) -> dict:
        """The ``new_game`` arguments that produce this game's start."""
        t = self.table
        return {
            "players": list(t.names),
            "seed": t.seed,
            "first_player": t.first_player,
            "decks": [None if d is None else [str(c) for c in d] for d in t.decks],
            "two_player_ships": t.two_player_ships,
            "start_space_scores": t.start_space_scores,
        }

    def __str__(self) -> str:
        lines = [f"Medici, day {self.day}: {self.deck_size} cards in the deck, lot [{cards_text(self.lot)}]"]
        for s, name in enumerate(self.names):
            ships = " | ".join(cards_text(ship) for ship in self.loads[s])
            tracks = " ".join(f"{g} {lv}" for g, lv in zip(GOODS, self.levels[s]))
            mark = "*" if s == self.current_player else " "
            lines.append(f"{mark} {name:6} {self.money[s]:3} florins  ship: {ships}  tracks: {tracks}")
        return "\n".join(lines)

    # ------------------------------------------------------------------ the protocol
    def legal_moves(self) -> list:
        step = self.step
        if step == BIDDING:
            money = self.money[self.bidder]
            moves = [PASS]
            moves += BIDS[self.high_bid + 1 : money + 1]
            if money >= len(BIDS):
                moves += [Bid(n) for n in range(max(len(BIDS), self.high_bid + 1), money + 1)]
            return moves
        if step == REVEAL:  # the flow opens the auction itself when no card may be added
            return [DRAW, AUCTION]
        if step == STOWING:
            return list(STOWS)
        return []

    def check(self, move: Any, seat: int | None = None) -> IllegalMove | None:
        """The IllegalMove that ``move`` (by ``seat``, default the current player) would raise, or None."""
        step = self.step
        kind = type(move)
        if seat is None:  # the common cases first
            if step == BIDDING:
                if kind is Bid:
                    amount = move.amount
                    if type(amount) is int and self.high_bid < amount <= self.money[self.bidder]:
                        return None
                    return self._bid_refusal(amount, self.bidder)
                if kind is Pass:
                    return None
            elif step == REVEAL:
                size = len(self.lot)
                if kind is Draw:
                    return self._draw_refusal()
                if kind is Auction and size:
                    return None
        if step == OVER:
            return IllegalMove(RULE_GAME_OVER, "The game is over: no more moves.")
        if kind not in MOVE_TYPES:
            return IllegalMove(RULE_NOT_A_MOVE, f"{move!r} is not a Medici move.")
        actor = self.current_player
        if seat is not None and seat != actor:
            return self._seat_refusal(move, seat)
        name = self.table.names[actor]
        if step == BIDDING:
            if kind is Pass:
                return None
            if kind is Bid:
                return self._bid_refusal(move.amount, actor)
            if kind is Draw:  # the auction opened because no card may be added: say which rule
                return self._draw_refusal() or IllegalMove(
                    RULE_NOT_NOW, f"The auction is open: no more cards are revealed. {name} must bid or pass."
                )
            return IllegalMove(RULE_NOT_NOW, f"The lot is being auctioned: {name} must bid or pass.")
        if step == REVEAL:
            if kind is Draw:
                return self._draw_refusal()
            if kind is Auction:
                if not self.lot:  # never in play: the engine reveals the first card itself
                    return IllegalMove(
                        "medici.auction.empty-lot", "Reveal at least one card before opening the auction."
                    )
                return None
            return IllegalMove(RULE_NOT_NOW, f"{name} is still revealing cards: bidding has not started.")
        # STOWING
        if kind is Stow:
            if move.ship not in (0, 1):
                return IllegalMove(
                    "medici.ship.choose", f"{name} has two ships, Stow(0) and Stow(1); there is no Stow({move.ship!r})."
                )
            if len(self.loads[actor][move.ship]) + len(self.lot) > HOLDS:
                return IllegalMove(
                    "medici.ship.choose", f"Ship {move.ship + 1} has no room for {len(self.lot)} cards."
                )
            return None
        return IllegalMove(RULE_NOT_NOW, f"{name} must choose a ship for the lot just won.")

    def play(self, move: Any, seat: int | None = None) -> State:
        """The state after ``move``; raises IllegalMove (and this state stays as it is) if it is illegal."""
        kind = type(move)
        if seat is None:  # the common legal moves go straight through (the same tests as ``check``)
            step = self.step
            if step == BIDDING:
                if kind is Pass:
                    return _seal(_after_bid(_draft(self), None))
                if kind is Bid:
                    amount = move.amount
                    if type(amount) is int and self.high_bid < amount <= self.money[self.bidder]:
                        return _seal(_after_bid(_draft(self), amount))
            elif step == REVEAL:
                if kind is Draw and _no_draw(self.lot, self.deck, self.room) is None:
                    return _seal(_draw(_draft(self)))
                if kind is Auction and self.lot:
                    return _seal(_open_auction(_draft(self)))
        refusal = self.check(move, seat)
        if refusal is not None:
            raise refusal
        d = _draft(self)
        if kind is Bid:
            return _seal(_after_bid(d, move.amount))
        if kind is Pass:
            return _seal(_after_bid(d, None))
        if kind is Draw:
            return _seal(_draw(d))
        if kind is Auction:
            return _seal(_open_auction(d))
        return _seal(_stow(d, self.high_bidder, move.ship))

    def unseen_cards(self) -> tuple[Card, ...]:
        """The cards nobody has seen this day: the rest of the deck and the cards set aside (in the
        deck's fixed order, so the answer does not reveal the deck's order)."""
        return tuple(sorted(self.deck + self.aside, key=deck_position))

    def determinize(self, seat: int, rng: random.Random) -> State:
        """A full state agreeing with all ``seat`` can know: the unseen cards (deck and set-aside) are
        re-dealt from ``rng``, and later days' shuffles come from a fresh seed."""
        cards = list(self.unseen_cards())
        rng.shuffle(cards)
        k = len(self.deck)
        d = _draft(self)
        d.table = _replace_table(self.table, seed=rng.randrange(2**63), decks=(None, None, None))
        d.deck, d.aside = tuple(cards[:k]), tuple(cards[k:])
        return _seal(d)

    def to_json(self) -> str:
        t = self.table
        return envelope(
            "state",
            GAME,
            {
                "table": {
                    "names": list(t.names),
                    "seed": t.seed,
                    "first_player": t.first_player,
                    "decks": [None if d is None else _strs(d) for d in t.decks],
                    "flags": {"two_player_ships": t.two_player_ships, "start_space_scores": t.start_space_scores},
                },
                "day": self.day,
                "money": list(self.money),
                "ships": [[_strs(ship) for ship in ships] for ships in self.loads],
                "levels": [list(lv) for lv in self.levels],
                "deck": _strs(self.deck),
                "aside": _strs(self.aside),
                "discard": _strs(self.discard),
                "lot": _strs(self.lot),
                "step": self.step,
                "auctioneer": self.auctioneer,
                "bidder": self.bidder,
                "high_bid": self.high_bid,
                "high_bidder": self.high_bidder,
                "incomes": [list(day) for day in self.incomes],
            },
        )

    # ------------------------------------------------------------------ refusals
    def _draw_refusal(self) -> IllegalMove | None:
        why = _no_draw(self.lot, self.deck, self.room)
        if why == "medici.reveal.limit":
            return IllegalMove(why, f"No more cards: a lot has at most {MAX_LOT}.")
        if why == "medici.reveal.deck-empty":
            return IllegalMove(why, "No more cards: the deck is empty.")
        if why == "medici.reveal.no-buyer":
            room = max(self.room)
            return IllegalMove(
                why, f"No ship has room for {len(self.lot) + 1} cards (the most free holds on any ship is {room})."
            )
        return None

    def _bid_refusal(self, amount: Any, seat: int) -> IllegalMove | None:
        name = self.table.names[seat]
        if isinstance(amount, bool) or not isinstance(amount, int) or amount < 1:
            return IllegalMove("medici.bid.minimum", f"A bid is a whole number of at least 1, not {amount!r}.")
        if amount <= self.high_bid:
            return IllegalMove(
                "medici.bid.must-exceed", f"A bid must be higher than the current bid of {self.high_bid}."
            )
        if amount > self.money[seat]:
            return IllegalMove(
                "medici.bid.over-money", f"{name} cannot bid {amount}: only {self.money[seat]} florins in hand."
            )
        if not self.fits(seat):
            return IllegalMove("medici.bid.no-room", self._no_room_text(seat))
        return None

    def _no_room_text(self, seat: int) -> str:
        name, size = self.table.names[seat], len(self.lot)
        where = f"{name}'s ships" if self.table.players == 2 else f"{name}'s ship"
        return f"{name} cannot bid: the lot of {size} card{'s' * (size != 1)} does not fit on {where}."

    def _seat_refusal(self, move: Any, seat: int) -> IllegalMove:
        """Why ``seat``, whose decision it is not, may not make ``move`` now."""
        names = self.table.names
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(names):
            return IllegalMove("medici.turn.not-your-turn", f"There is no seat {seat!r} in this game.")
        if self.step == BIDDING and type(move) in (Bid, Pass):
            if self.is_full(seat):
                return IllegalMove(
                    "medici.day.skip-full", f"{names[seat]}'s ship is full: out for the rest of the day."
                )
            if type(move) is Bid and not self.fits(seat):
                return IllegalMove("medici.bid.no-room", self._no_room_text(seat))
            order = self.bidding_order()
            if order.index(seat) < order.index(self.bidder):
                return IllegalMove("medici.bid.once", f"{names[seat]} has already had a chance at this lot.")
        actor = self.current_player
        return IllegalMove(
            "medici.turn.not-your-turn", f"It is {names[actor]}'s decision now, not {names[seat]}'s."
        )


# ---------------------------------------------------------------------- building new states
# Each move copies the position into a draft (a State whose fields may still be written), lets the
# flow below write what moved - however many automatic steps follow - and then seals the draft into
# the new State. One copy per move, whatever happens inside it.

_new = object.__new__


class _Draft(State):
    """A State under construction: only the flow of one move writes to it, and ``_seal`` turns it
    into a State before anyone else sees it. ``log`` is a list while it is a draft."""

    __slots__ = ()
    # Both plain, so that CPython keeps its fast path for writing slots.
    __setattr__ = object.__setattr__
    __delattr__ = object.__delattr__


def _draft(s: State) -> _Draft:
    """A writable copy of ``s`` with an empty log."""
    d = _new(_Draft)
    d.table = s.table
    d.day = s.day
    d.money = s.money
    d.loads = s.loads
    d.levels = s.levels
    d.deck = s.deck
    d.aside = s.aside
    d.discard = s.discard
    d.lot = s.lot
    d.step = s.step
    d.auctioneer = s.auctioneer
    d.bidder = s.bidder
    d.high_bid = s.high_bid
    d.high_bidder = s.high_bidder
    d.incomes = s.incomes
    d.log = []
    d.room = s.room
    return d


def _seal(d: _Draft) -> State:
    """The finished State (the same object, now read-only)."""
    d.log = tuple(d.log)
    d.__class__ = State
    return d


def _room(loads: tuple) -> tuple[int, ...]:
    """Each seat's largest free space on a single ship."""
    return tuple([HOLDS - min(map(len, ships)) for ships in loads])


def _replace_table(t: Table, **changes: Any) -> Table:
    values = {f.name: getattr(t, f.name) for f in fields(Table) if f.init}
    values.update(changes)
    return Table(**values)


def _strs(cards: Sequence[Card]) -> list[str]:
    return [str(c) for c in cards]


def _no_draw(lot: tuple, deck: tuple, room: tuple) -> str | None:
    """The rule (4, 7 or 6) that stops another card joining the lot, or None if one may."""
    size = len(lot)
    if size >= MAX_LOT:
        return "medici.reveal.limit"
    if not deck:
        return "medici.reveal.deck-empty"
    if size >= max(room):
        return "medici.reveal.no-buyer"
    return None


def _start_turn(d: _Draft, auctioneer: int) -> _Draft:
    """Rules 4-5: the auctioneer must reveal a first card, so the engine reveals it (no decision)."""
    deck = d.deck
    top = deck[0]
    d.log.append(("medici.reveal", auctioneer, top))
    d.deck = deck = deck[1:]
    d.lot = lot = (top,)
    d.step = REVEAL
    d.auctioneer = auctioneer
    d.bidder = d.high_bidder = None
    d.high_bid = 0
    why = _no_draw(lot, deck, d.room)
    return d if why is None else _open_auction(d, why)


def _draw(d: _Draft) -> _Draft:
    deck = d.deck
    top = deck[0]
    d.log.append(("medici.reveal", d.auctioneer, top))
    d.deck = deck = deck[1:]
    d.lot = lot = d.lot + (top,)
    why = _no_draw(lot, deck, d.room)
    return d if why is None else _open_auction(d, why)


def _open_auction(d: _Draft, why: str | None = None) -> _Draft:
    """Rule 8: bidding opens from the auctioneer's left (``why`` names the rule that opened it
    without asking, when no card could be added)."""
    a = d.auctioneer
    d.log.append(("medici.auction.open", a, d.lot, why))
    first = _next_bidder(d, a, 0)
    if first is None:
        return _close_auction(d, 0, None)
    d.step = BIDDING
    d.bidder = first
    d.high_bid = 0
    d.high_bidder = None
    return d


def _next_bidder(d: _Draft, after: int, high_bid: int) -> int | None:
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
            d.log.append(("medici.bid.auto-pass", seat, size, money[seat], high_bid, free))
    return None


def _after_bid(d: _Draft, amount: int | None) -> _Draft:
    seat = d.bidder
    if amount is None:
        d.log.append(("medici.pass", seat))
        high_bid, high_bidder = d.high_bid, d.high_bidder
    else:
        d.log.append(("medici.bid", seat, amount))
        high_bid, high_bidder = amount, seat
    nxt = None if seat == d.auctioneer else _next_bidder(d, seat, high_bid)
    if nxt is None:
        return _close_auction(d, high_bid, high_bidder)
    d.bidder = nxt
    d.high_bid = high_bid
    d.high_bidder = high_bidder
    return d


def _close_auction(d: _Draft, high_bid: int, winner: int | None) -> _Draft:
    """Rules 14-15: the winner pays and loads the lot (choosing a ship if two can take it), or the
    lot is discarded when everybody passed."""
    lot = d.lot
    if winner is None:
        d.log.append(("medici.auction.all-pass", None, lot))
        d.discard += lot
        return _after_auction(d)
    d.log.append(("medici.auction.win", winner, lot, high_bid))
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
    return _stow(d, winner, 0 if len(ships[0]) + size <= HOLDS else 1)


def _stow(d: _Draft, winner: int, ship: int) -> _Draft:
    loads = d.loads
    ships = loads[winner]
    if len(ships) > 1:
        d.log.append(("medici.ship.choose", winner, ship))
    ships = ships[:ship] + (ships[ship] + d.lot,) + ships[ship + 1 :]
    d.loads = loads[:winner] + (ships,) + loads[winner + 1 :]
    room = d.room
    d.room = room[:winner] + (HOLDS - min(map(len, ships)),) + room[winner + 1 :]
    return _after_auction(d)


def _after_auction(d: _Draft) -> _Draft:
    """Rules 16-18: end the day, or hand the next auction to the next seat with room."""
    deck = d.deck
    if not deck:
        d.log.append(("medici.day.end-deck", None, d.day))
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
            d.room = _room(loads)
            d.deck = deck
            d.log.append(("medici.day.free-fill", last, taken))
        d.log.append(("medici.day.end-full", None, d.day))
        return _end_day(d)
    nxt = (d.auctioneer + 1) % n
    while not room[nxt]:
        nxt = (nxt + 1) % n
    d.log.append(("medici.turn.next", nxt))
    return _start_turn(d, nxt)


def _end_day(d: _Draft) -> _Draft:
    """Rule 19 (scoring) then rule 21 (the next day) or rule 22 (the end)."""
    t = d.table
    accounts = day_end(d.loads, d.levels, t.start_space_scores)
    d.log.append(("medici.day.accounts", None, d.day, accounts))
    d.money = money = tuple(map(add, d.money, accounts.total))
    d.levels = accounts.levels_after
    d.incomes += (accounts.total,)
    if d.day == DAYS:
        d.log.append(("medici.game.end", None, money))
        d.lot = ()
        d.step = OVER
        d.bidder = d.high_bidder = None
        d.high_bid = 0
        return d
    d.day = day = d.day + 1
    least = min(money)
    poorest = [i for i, m in enumerate(money) if m == least]
    start = poorest[0] if len(poorest) == 1 else random.Random(f"medici/{t.seed}/start{day}").choice(poorest)
    d.log.append(("medici.day.next-start", start, day, len(poorest)))
    d.deck, d.aside = t.deal(day)
    n = len(money)
    d.loads = (((),) * t.ships_per_seat,) * n
    d.room = (HOLDS,) * n
    d.discard = ()
    return _start_turn(d, start)


# ---------------------------------------------------------------------- starting and loading


def new_game(
    players: int | Sequence[str],
    *,
    seed: int = 0,
    first_player: int = 0,
    decks: Sequence[Sequence[Card | str] | None] | None = None,
    **flags: bool,
) -> State:
    """A new game for 2 to 6 players (a count or a list of names).

    ``decks`` optionally fixes the deck of day 1, 2 and 3 (top first); a day not given is shuffled
    from ``seed``. Flags: ``two_player_ships`` (default True), ``start_space_scores`` (default False).
    """
    unknown = set(flags) - set(FLAGS)
    if unknown:
        raise ValueError(f"unknown flag(s) {sorted(unknown)}; Medici's flags are {sorted(FLAGS)}")
    for key, value in flags.items():
        if not isinstance(value, bool):
            raise ValueError(f"flag {key} must be True or False, not {value!r}")
    opts = {**FLAGS, **flags}
    names = seat_names(players, PLAYERS, "medici.setup.players", "Medici")
    n = len(names)
    if n == 2 and not opts["two_player_ships"]:
        raise IllegalMove("medici.setup.players", "A two-player game needs the flag two_player_ships.")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"seed must be a whole number, not {seed!r}")
    if isinstance(first_player, bool) or not isinstance(first_player, int) or not 0 <= first_player < n:
        raise ValueError(f"first_player must be a seat from 0 to {n - 1}, not {first_player!r}")
    table = Table(names, seed, first_player, _decks(decks), opts["two_player_ships"], opts["start_space_scores"])
    deck, aside = table.deal(1)
    d = _Draft(
        table=table,
        day=1,
        money=(STARTING_MONEY[n],) * n,
        loads=(((),) * table.ships_per_seat,) * n,
        levels=((0,) * len(GOODS),) * n,
        deck=deck,
        aside=aside,
        discard=(),
        lot=(),
        step=REVEAL,
        auctioneer=first_player,
        bidder=None,
        high_bid=0,
        high_bidder=None,
        incomes=(),
        log=[("medici.day.start", first_player, 1)],
    )
    return _seal(_start_turn(d, first_player))


def _decks(decks: Any) -> tuple[tuple[Card, ...] | None, ...]:
    if decks is None:
        return (None,) * DAYS
    if isinstance(decks, (str, bytes)) or len(decks) > DAYS:
        raise ValueError(f"decks is a list of at most {DAYS} lists of cards (one per day)")
    out: list = []
    for day, given in enumerate(decks, start=1):
        if given is None:
            out.append(None)
            continue
        if isinstance(given, (str, bytes)):
            raise ValueError(f"the deck of day {day} must be a list of cards, not a string")
        cards = tuple(card(c) for c in given)
        if not cards:
            raise ValueError(f"the deck of day {day} is empty")
        for c, k in Counter(cards).items():
            if k > COPIES[c]:
                times = "once" if COPIES[c] == 1 else f"{COPIES[c]} times"
                raise ValueError(f"the deck of day {day} holds {c} {k} times, but the game has it only {times}")
        out.append(cards)
    return tuple(out) + (None,) * (DAYS - len(out))


def from_json(text: str) -> State:
    """A state from ``State.to_json()``; a damaged or foreign document raises ValueError saying why."""
    doc = open_envelope(text, kind="state", game=GAME)
    r = Reader(doc)
    t = r.sub("table")
    names = t.list("names", _json_name)
    if len(names) not in PLAYERS or len(set(names)) != len(names):
        raise ValueError("document.table.names must be 2 to 6 different names")
    n = len(names)
    flags = t.sub("flags")
    decks = t.list("decks", lambda v, p: None if v is None else check_list(v, p, _json_card), length=DAYS)
    try:
        decks = _decks(decks)  # the same checks as new_game: no card more often than the game has it
    except ValueError as exc:
        raise ValueError(f"document.table.decks: {exc}") from None
    table = Table(
        names,
        t.int("seed"),
        t.int("first_player", 0, n - 1),
        decks,
        flags.bool("two_player_ships"),
        flags.bool("start_space_scores"),
    )
    k = table.ships_per_seat
    state = State(
        table=table,
        day=r.int("day", 1, DAYS),
        money=r.list("money", lambda v, p: _json_int(v, p, 0), length=n),
        loads=r.list(
            "ships",
            lambda v, p: check_list(v, p, lambda s, q: check_list(s, q, _json_card), length=k),
            length=n,
        ),
        levels=r.list(
            "levels",
            lambda v, p: check_list(v, p, lambda x, q: _json_int(x, q, 0, TOP_LEVEL), length=len(GOODS)),
            length=n,
        ),
        deck=r.list("deck", _json_card),
        aside=r.list("aside", _json_card),
        discard=r.list("discard", _json_card),
        lot=r.list("lot", _json_card),
        step=r.str("step", STEPS),
        auctioneer=r.int("auctioneer", 0, n - 1),
        bidder=r.optional_int("bidder", 0, n - 1),
        high_bid=r.int("high_bid", 0),
        high_bidder=r.optional_int("high_bidder", 0, n - 1),
        incomes=r.list("incomes", lambda v, p: check_list(v, p, lambda x, q: _json_int(x, q, 0), length=n)),
    )
    problem = consistency_problem(state)
    if problem:
        raise ValueError(f"inconsistent Medici state: {problem}")
    return state


def consistency_problem(s: State) -> str | None:
    """What makes ``s`` impossible in a game of Medici, or None if nothing does."""
    for ships in s.loads:
        for ship in ships:
            if len(ship) > HOLDS:
                return f"a ship holds {len(ship)} cards (at most {HOLDS})"
    held = Counter(chain(s.deck, s.aside, s.discard, s.lot, *(ship for ships in s.loads for ship in ships)))
    if held != COPIES:
        extra = held - Counter(DECK)
        missing = Counter(DECK) - held
        return (
            f"the 36 cards are not all accounted for (extra: {cards_text(sorted(extra.elements()))}; "
            f"missing: {cards_text(sorted(missing.elements()))})"
        )
    if len(s.lot) > MAX_LOT:
        return f"the lot has {len(s.lot)} cards (at most {MAX_LOT})"
    done = DAYS if s.step == OVER else s.day - 1
    if len(s.incomes) != done:
        return f"{len(s.incomes)} day{'s' * (len(s.incomes) != 1)} of income recorded on day {s.day}"
    if s.step == REVEAL:
        if s.bidder is not None or s.high_bidder is not None or s.is_full(s.auctioneer):
            return "a revealing step with a bidder, or a full auctioneer"
        if not s.lot or s._draw_refusal() is not None:
            return "a revealing step where the auctioneer has no choice (empty lot, or no card may be added)"
    if s.step == BIDDING:
        if s.bidder is None or not s.lot or not s.fits(s.bidder) or s.money[s.bidder] <= s.high_bid:
            return "a bidding step whose bidder cannot bid"
        if (s.high_bidder is None) != (s.high_bid == 0):
            return "a high bid without a bidder (or the reverse)"
    if s.step == STOWING:
        if s.high_bidder is None or s.table.ships_per_seat != 2 or not s.lot:
            return "a stowing step without a two-ship winner"
        if sum(len(ship) + len(s.lot) <= HOLDS for ship in s.loads[s.high_bidder]) < 2:
            return "a stowing step where only one ship can take the lot"
    return None


def _json_name(value: Any, path: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ValueError(f"{path} must be a non-empty name")
    return value


def _json_int(value: Any, path: str, lo: int | None = None, hi: int | None = None) -> int:
    return check_int(value, path, lo, hi)


def _json_card(value: Any, path: str) -> Card:
    if not isinstance(value, str):
        raise ValueError(f"{path} must be a card written like 'fur:5'")
    try:
        return card(value)
    except ValueError as exc:
        raise ValueError(f"{path}: {exc}") from None
