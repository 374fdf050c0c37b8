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
from collections import Counter
from typing import Any

from boardgames.medici.cards import DECK, Card
from boardgames.medici.moves import AUCTION, DRAW, PASS, STOWS, Bid
from boardgames.medici.rules import DAYS, GOODS, HOLDS
from boardgames.medici.scoring import majority_income, moved_levels, top_bonus, value_rank_income
from boardgames.medici.state import BIDDING, REVEAL, STOWING, State

FUTURE_WEIGHT = 0.6  # how much a track level gained today is worth on each later day, relative to today


def unseen_cards(state: State) -> list[Card]:
    """The cards nobody has seen this day: the rest of the deck and the cards set aside."""
    seen = Counter(c for ships in state.loads for ship in ships for c in ship)
    seen.update(state.lot)
    seen.update(state.discard)
    unseen = Counter(DECK)
    unseen.subtract(seen)
    return list(unseen.elements())


def track_income(levels: tuple[tuple[int, ...], ...], seat: int, start_space_scores: bool = False) -> int:
    """``seat``'s majority and bonus income over all five tracks at the given levels."""
    total = 0
    for g in range(len(GOODS)):
        track = [lv[g] for lv in levels]
        total += majority_income(track, start_space_scores)[seat] + top_bonus(track[seat])
    return total


def lot_value(
    state: State, seat: int, lot: tuple[Card, ...] | None = None, *, samples: int = 40, rng: random.Random | None = None
) -> float:
    """The expected change in ``seat``'s income (this day and, discounted, later days) from owning ``lot``
    (default: the lot on the table). A lot the seat cannot hold is worth nothing to it."""
    lot = state.lot if lot is None else tuple(lot)
    ships = state.loads[seat]
    target = _best_ship(ships, lot)
    if target is None or not lot:
        return 0.0
    rng = rng or random.Random(0)
    t = state.table
    # Goods: the tracks at day end if everybody kept what they hold now.
    now = [moved_levels(state.levels[s], state.cargo(s)) for s in range(state.players)]
    mine = list(now)
    mine[seat] = moved_levels(state.levels[seat], state.cargo(seat) + lot)
    later_days = DAYS - state.day
    flag = t.start_space_scores
    goods = track_income(tuple(mine), seat, flag) - track_income(tuple(now), seat, flag)
    goods *= 1 + FUTURE_WEIGHT * later_days
    # Value ranking: fill every ship with unseen cards, as far as the deck can supply them.
    pool = unseen_cards(state)
    deck_left = len(state.deck)
    with_lot = [list(s) for s in ships]
    with_lot[target] = with_lot[target] + list(lot)
    total = 0.0
    for _ in range(samples):
        rng.shuffle(pool)
        values_without, values_with = _filled_values(state, seat, ships, with_lot, pool, deck_left)
        total += value_rank_income(values_with)[seat] - value_rank_income(values_without)[seat]
    return goods + total / samples


def _filled_values(state: State, seat: int, ships: Any, with_lot: list, pool: list, deck_left: int):
    """Ship values (per seat, per ship) after a random fill, without and with the lot for ``seat``."""
    free_total = sum(HOLDS - len(ship) for ships_ in state.loads for ship in ships_)
    fill = min(1.0, deck_left / free_total) if free_total else 0.0
    k = 0
    without, with_ = [], []
    for s, seat_ships in enumerate(state.loads):
        row, row_with = [], []
        for i, ship in enumerate(seat_ships):
            base = sum(c.value for c in ship)
            n = round((HOLDS - len(ship)) * fill)
            extra = pool[k : k + n]
            k += n
            row.append(base + sum(c.value for c in extra))
            if s == seat:
                loaded = with_lot[i]
                room = max(0, min(n, round((HOLDS - len(loaded)) * fill)))
                row_with.append(sum(c.value for c in loaded) + sum(c.value for c in extra[:room]))
            else:
                row_with.append(row[-1])
        without.append(tuple(row))
        with_.append(tuple(row_with))
    return without, with_


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
