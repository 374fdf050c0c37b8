"""A Medici bot that prices lots: what a lot adds to this seat's expected day-end income.

``lot_value`` estimates the change in a seat's income if it owned the lot now:
- ship value ranking: every ship is filled up with cards drawn from the unseen ones (as many as the
  deck can still supply), many times over, and the seat's average ranking income is compared with
  and without the lot (the lot's cards take holds that other cards would have filled);
- goods tracks: the day-end majority and bonus income on each track with and without the lot,
  counted once for today and, discounted, for each later day (markers never move back).
The bot bids up to a share of that value, the auctioneer takes a lot with the last word for one
florin more than the best bid when it is worth it, and the auctioneer keeps revealing while the lot
is worth little to it.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from boardgames.medici.cards import Card, card
from boardgames.medici.game import State
from boardgames.medici.moves import AUCTION, DRAW, PASS, STOWS, Bid
from boardgames.medici.rules import DAYS, GOODS, HOLDS
from boardgames.medici.scoring import majority_income, moved_levels, top_bonus, value_rank_income
from boardgames.medici.state import BIDDING, REVEAL, STOWING

FUTURE_WEIGHT = 0.6  # how much a track level gained today is worth on each later day, relative to today


def track_income(levels: tuple[tuple[int, ...], ...], seat: int, start_space_scores: bool = False) -> int:
    """``seat``'s majority and bonus income over all five tracks at the given levels."""
    total = 0
    for g in range(len(GOODS)):
        track = [lv[g] for lv in levels]
        total += majority_income(track, start_space_scores)[seat] + top_bonus(track[seat])
    return total


def lot_value(
    state: State,
    seat: int,
    lot: Sequence[Card | str] | None = None,
    *,
    samples: int = 40,
    rng: random.Random | None = None,
) -> float:
    """The expected change in ``seat``'s income (this day and, discounted, later days) from owning ``lot``
    (default: the lot on the table). A lot the seat cannot hold is worth nothing to it."""
    lot = state.lot if lot is None else tuple(card(c) for c in lot)
    target = _best_ship(state.loads[seat], lot)
    if target is None or not lot:
        return 0.0
    rng = rng or random.Random(0)
    flag = state.table.start_space_scores
    future = 1 + FUTURE_WEIGHT * (DAYS - state.day)
    pool = list(state.unseen_cards())
    free_total = sum(HOLDS - len(ship) for ships in state.loads for ship in ships)
    fill = min(1.0, len(state.deck) / free_total) if free_total else 0.0
    total = 0.0
    for _ in range(samples):
        rng.shuffle(pool)
        without, with_lot = _filled_day(state, seat, target, lot, pool, fill)
        for cargo, sign in ((with_lot, 1), (without, -1)):
            values = tuple(tuple(sum(c.value for c in ship) for ship in ships) for ships in cargo)
            levels = tuple(
                moved_levels(state.levels[s], [c for ship in ships for c in ship]) for s, ships in enumerate(cargo)
            )
            total += sign * (value_rank_income(values)[seat] + future * track_income(levels, seat, flag))
    return total / samples


def _filled_day(state: State, seat: int, target: int, lot: tuple, pool: list, fill: float):
    """Every seat's ships at day end after a random fill from ``pool`` (each free hold filled with
    probability ``fill``, as far as the deck can supply), without and with ``lot`` on ``seat``'s ship."""
    k = 0
    without, with_lot = [], []
    for s, ships in enumerate(state.loads):
        row, row_with = [], []
        for i, ship in enumerate(ships):
            n = round((HOLDS - len(ship)) * fill)
            extra = pool[k : k + n]
            k += n
            row.append(ship + tuple(extra))
            if s == seat and i == target:
                loaded = ship + lot
                room = max(0, min(n, round((HOLDS - len(loaded)) * fill)))
                row_with.append(loaded + tuple(extra[:room]))
            else:
                row_with.append(row[-1])
        without.append(row)
        with_lot.append(row_with)
    return without, with_lot


def _best_ship(ships: tuple, lot: tuple) -> int | None:
    """The ship a lot would go on: the most valuable one that has room (concentrating value), or None."""
    fitting = [i for i, ship in enumerate(ships) if len(ship) + len(lot) <= HOLDS]
    if not fitting:
        return None
    return max(fitting, key=lambda i: (sum(c.value for c in ships[i]), len(ships[i])))


class ExpertBot:
    """Bids what a lot is worth to it (see ``lot_value``), shaded to leave a profit."""

    def __init__(
        self, seed: int | None = 0, *, shade: float = 0.8, samples: int = 40, reveal_below: float = 8.0
    ) -> None:
        self.rng = random.Random(seed)
        self.shade = shade
        self.samples = samples
        self.reveal_below = reveal_below

    def value(self, state: State, seat: int) -> float:
        return lot_value(state, seat, samples=self.samples, rng=self.rng)

    def choose(self, state: State) -> Any:
        moves = state.legal_moves()
        if len(moves) == 1:
            return moves[0]
        seat = state.current_player
        if state.step == STOWING:
            return STOWS[_best_ship(state.loads[seat], state.lot)]
        if state.step == REVEAL:
            worth = self.value(state, seat)
            return DRAW if DRAW in moves and worth < self.reveal_below else AUCTION
        if state.step == BIDDING:
            worth = self.value(state, seat)
            money = state.money[seat]
            if seat == state.auctioneer:  # the last word: one more than the best bid is enough
                price = state.high_bid + 1
                return Bid(price) if price <= money and price < worth else PASS
            price = min(money, int(worth * self.shade))
            return Bid(price) if price > state.high_bid else PASS
        return self.rng.choice(moves)

    def __repr__(self) -> str:
        return "ExpertBot()"
