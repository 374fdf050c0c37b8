"""What a Metropolis move does, and the automatic steps after it: the deed board sliding and refilling, the
year's last deed and its final turns, the year's scoring, the next year, the game's end, and the deed draft's
reveals. Every function writes into a ``Draft`` (``state.draft``) and leaves a record (``records.py``)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from boardgames.metropolis import records as R
from boardgames.metropolis.rules import INCOME, PRICES, YEARS
from boardgames.metropolis.scoring import year_scores
from boardgames.metropolis.state import DRAFT, FINAL, OVER, PLAY, Building, Draft, Position
from boardgames.metropolis.tiles import COMMERCIAL, FULL_SUPPLY, TILES

BOARD_SLOTS = len(PRICES)
ORDER = {t: i for i, t in enumerate(FULL_SUPPLY)}  # a supply is kept in this order


def leaders(prestige: Sequence[int], coins: Sequence[int]) -> tuple[int, ...]:
    """The seats with the most prestige, ties going to the most coins; players still tied share."""
    best = max(prestige)
    top = [s for s, p in enumerate(prestige) if p == best]
    richest = max(coins[s] for s in top)
    return tuple(s for s in top if coins[s] == richest)


def income_of(s: Position, seat: int) -> int:
    """Rule income: 5 coins plus the coins of ``seat``'s commercial buildings."""
    return INCOME + commercial_coins(s, seat)


def commercial_coins(s: Position, seat: int) -> int:
    """The coins of ``seat``'s commercial buildings on the board."""
    return sum(TILES[b.tile].coins for b in s.all_buildings()
               if b.owner == seat and TILES[b.tile].category == COMMERCIAL)


# ---------------------------------------------------------------------- the three actions
def income(d: Draft) -> Draft:
    """Rule income: 5 coins plus the coins of the player's commercial buildings."""
    seat = d.turn
    gain = income_of(d, seat)
    d.coins = _set(d.coins, seat, d.coins[seat] + gain)
    d.log.append((R.IncomeTaken, seat, gain))
    return end_turn(d)


def buy(d: Draft, cell: int) -> Draft:
    """Rules buy.slide-refill and year.last-deed: pay, take the deed, slide, refill, place a marker."""
    seat = d.turn
    slot = d.board.index(cell)
    price = PRICES[slot]
    board = d.board[:slot] + d.board[slot + 1 :]
    pile = d.piles[d.year - 1]
    refill = None
    if pile:
        refill = pile[0]
        board += (refill,)
        d.piles = _set(d.piles, d.year - 1, pile[1:])
    d.board = board
    d.coins = _set(d.coins, seat, d.coins[seat] - price)
    d.owner = _set(d.owner, cell, seat)
    d.lots_board = _set(d.lots_board, cell, seat)
    d.markers_left = _set(d.markers_left, seat, d.markers_left[seat] - 1)
    d.log.append((R.Bought, seat, cell, price, refill))
    if board:
        return end_turn(d)
    n = len(d.coins)
    d.token = (seat + 1) % n
    d.step = FINAL
    d.finals = n
    d.turn = d.token
    d.log.append((R.LastDeed, d.token, d.year, seat))
    return d


def build(d: Draft, tile: str, foot: tuple[int, ...]) -> Draft:
    """Rule build.effects: the new building covers ``foot``; covered tiles and markers return to the
    supply; cells the covered buildings leave get markers; the builder's population is recounted."""
    seat = d.turn
    site = list(d.site)
    lots = list(d.lots_board)
    covered = tuple(dict.fromkeys(site[i] for i in foot if site[i] is not None))
    vacated = tuple(sorted(i for b in covered for i in b.at if i not in foot))
    under = sum(1 for i in foot if lots[i] == seat)
    for b in covered:
        for i in b.at:
            site[i] = None
    new = Building(tile, seat, foot)
    for i in foot:
        site[i] = new
        lots[i] = -1
    for i in vacated:
        lots[i] = seat
    supply = list(d.tiles[seat])
    supply.remove(tile)
    supply = tuple(sorted(supply + [b.tile for b in covered], key=ORDER.__getitem__))
    d.site = tuple(site)
    d.lots_board = tuple(lots)
    d.tiles = _set(d.tiles, seat, supply)
    d.markers_left = _set(d.markers_left, seat, d.markers_left[seat] + under - len(vacated))
    citizens = sum(TILES[b.tile].citizens for b in d.all_buildings() if b.owner == seat)
    d.citizens = _set(d.citizens, seat, citizens)
    d.log.append((R.Built, seat, tile, foot, tuple(b.tile for b in covered), vacated, citizens))
    return end_turn(d)


def end_turn(d: Draft) -> Draft:
    """The next seat's turn, or, after the year's last final turn, the year's end."""
    if d.step == FINAL:
        d.finals -= 1
        if d.finals == 0:
            return year_end(d)
    d.turn = (d.turn + 1) % len(d.coins)
    return d


def year_end(d: Draft) -> Draft:
    """Rules year.score, year.refill and game.end."""
    scores = year_scores(d)
    d.prestige = tuple(p + sc.total for p, sc in zip(d.prestige, scores))
    d.coins = tuple(c + sc.coins for c, sc in zip(d.coins, scores))
    d.years += (tuple(sc.total for sc in scores),)
    d.log.append((R.YearScored, None, d.year, scores, d.citizens))
    d.finals = 0
    if d.year == YEARS:
        d.step = OVER
        d.log.append((R.GameEnded, None, d.prestige, d.coins, leaders(d.prestige, d.coins)))
        return d
    d.year += 1
    return begin_year(d)


def begin_year(d: Draft) -> Draft:
    """The year's first six cards fill the deed board; the token's holder starts."""
    pile = d.piles[d.year - 1]
    d.board = pile[:BOARD_SLOTS]
    d.piles = _set(d.piles, d.year - 1, pile[BOARD_SLOTS:])
    d.step = PLAY
    d.turn = d.token
    d.log.append((R.YearBegun, d.token, d.year, d.board))
    return d


# ---------------------------------------------------------------------- the deed draft
def pick(d: Draft, cell: int, automatic: bool = False) -> Draft:
    """Rule draft.pick: the seat to move keeps ``cell`` from its hand, hidden until the round's reveal."""
    seat = d.turn
    d.hands = _set(d.hands, seat, tuple(c for c in d.hands[seat] if c != cell))
    d.picks = _set(d.picks, seat, cell)
    d.log.append((R.Picked, seat, cell, automatic))
    nxt = (seat + 1) % len(d.coins)
    if nxt != d.token:
        d.turn = nxt
        return d
    return reveal(d)


def reveal(d: Draft) -> Draft:
    """Rule draft.reveal: the round's picks are marked together, the hands pass left; after the last round
    the Year 1 board is revealed. Hands of one card are picked without asking."""
    n = len(d.coins)
    owner, lots, left = list(d.owner), list(d.lots_board), list(d.markers_left)
    for seat, cell in enumerate(d.picks):
        owner[cell] = lots[cell] = seat
        left[seat] -= 1
    d.owner, d.lots_board, d.markers_left = tuple(owner), tuple(lots), tuple(left)
    d.hands = tuple(d.hands[(s - 1) % n] for s in range(n))
    d.log.append((R.PicksRevealed, None, d.round, d.picks, d.hands))
    d.picks = (-1,) * n
    d.round += 1
    d.turn = d.token
    if not d.hands[0]:
        d.hands, d.picks, d.round = (), (), 0
        return begin_year(d)
    if len(d.hands[0]) == 1:
        for _ in range(n):
            pick(d, d.hands[d.turn][0], automatic=True)
            if d.round == 0 or d.step != DRAFT:
                break
    return d


# ---------------------------------------------------------------------- what a seat cannot know
def determinize(d: Draft, seat: int, rng: random.Random) -> Draft:
    """Rewrite the copy ``d`` of a position to agree with all ``seat`` can know: the cards of the year piles
    re-dealt, and in the draft the hands ``seat`` has not held and the picks it has not seen."""
    s = d
    n = s.players
    pool = [c for pile in s.piles for c in pile]
    hands, picks = list(s.hands), list(s.picks)
    unknown = []
    if s.step == DRAFT:
        r = s.round
        for t in range(n):
            if t == seat:
                continue
            if (seat - t + r - 1) % n < r - 1:  # seat held this hand earlier: it knows what is in it
                if picks[t] >= 0:  # but not which card was picked from it this round
                    cards = sorted((*hands[t], picks[t]))  # in an order that tells nothing, then shuffled
                    rng.shuffle(cards)
                    picks[t], hands[t] = cards[0], tuple(cards[1:])
            else:
                unknown.append(t)
                pool += hands[t]
                if picks[t] >= 0:
                    pool.append(picks[t])
    pool.sort()  # the unseen cards in an order that tells nothing: a world depends on what seat knows alone
    rng.shuffle(pool)
    at = 0
    for t in unknown:
        k = len(hands[t])
        hands[t] = tuple(pool[at : at + k])
        at += k
        if picks[t] >= 0:
            picks[t] = pool[at]
            at += 1
    piles = []
    for pile in s.piles:
        piles.append(tuple(pool[at : at + len(pile)]))
        at += len(pile)
    d.piles = tuple(piles)
    if s.step == DRAFT:
        d.hands, d.picks = tuple(hands), tuple(picks)
    return d


def _set(values: tuple, i: int, value) -> tuple:
    return values[:i] + (value,) + values[i + 1 :]

