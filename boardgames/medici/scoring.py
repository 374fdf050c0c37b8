"""Day-end scoring as small pure functions (rules section 4): value ranking, markers, majorities, bonuses.

The state calls ``day_end``; tests and lessons may call any of these directly.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from boardgames.medici.rules import GOODS, MAJORITY_INCOME, TOP_BONUS, TOP_LEVEL, VALUE_RANK_INCOME


def shares_by_place(values: Sequence[int], payouts: Sequence[int]) -> tuple[int, ...]:
    """Pay each entry by its place when ranked highest value first; tied entries add up the payouts
    of the places they occupy and split them, rounded down (places past the table pay 0)."""
    n = len(values)
    order = sorted(range(n), key=lambda i: -values[i])
    result = [0] * n
    place = 0
    i = 0
    while i < n:
        j = i + 1
        while j < n and values[order[j]] == values[order[i]]:
            j += 1
        share = sum(payouts[place : place + j - i]) // (j - i)
        for k in order[i:j]:
            result[k] = share
        place += j - i
        i = j
    return tuple(result)


def ship_value(ship: Sequence) -> int:
    """The sum of a ship's face values (gold counts 10)."""
    return sum(c.value for c in ship)


def value_rank_income(ship_values: Sequence[Sequence[int]]) -> tuple[int, ...]:
    """Rule 4.1: each seat's income from ranking ship values. ``ship_values[seat]`` lists that seat's
    ships; with two ships a seat (two players) the four ships are ranked on the 4-player column."""
    flat = [v for ships in ship_values for v in ships]
    payouts = VALUE_RANK_INCOME[len(flat)]
    paid = shares_by_place(flat, payouts)
    out, k = [], 0
    for ships in ship_values:
        out.append(sum(paid[k : k + len(ships)]))
        k += len(ships)
    return tuple(out)


def moved_levels(levels: Sequence[int], cargo: Sequence) -> tuple[int, ...]:
    """Rule 4.2: one seat's five track levels after moving up one per goods card (top is 7; gold moves none)."""
    counts = dict.fromkeys(GOODS, 0)
    for c in cargo:
        if c.good in counts:
            counts[c.good] += 1
    return tuple(min(TOP_LEVEL, lv + counts[g]) for lv, g in zip(levels, GOODS))


def majority_income(track: Sequence[int], start_space_scores: bool = False) -> tuple[int, ...]:
    """Rule 4.3: income on one goods track from each seat's marker level (10 highest, 5 second, ties
    share rounded down); a marker on level 0 takes no place unless ``start_space_scores``."""
    if start_space_scores:
        return shares_by_place(track, MAJORITY_INCOME)
    ranked = [i for i, lv in enumerate(track) if lv > 0]
    paid = shares_by_place([track[i] for i in ranked], MAJORITY_INCOME)
    out = [0] * len(track)
    for i, amount in zip(ranked, paid):
        out[i] = amount
    return tuple(out)


def top_bonus(level: int) -> int:
    """Rule 4.4: the bonus for a marker standing on ``level`` (5, 10, 20 on levels 5, 6, 7; else 0)."""
    return TOP_BONUS.get(level, 0)


@dataclass(frozen=True)
class DayEnd:
    """The accounts of one day end, seat by seat (``majority`` and ``bonus`` are indexed [good][seat])."""

    ship_values: tuple[tuple[int, ...], ...]
    value_income: tuple[int, ...]
    levels_before: tuple[tuple[int, ...], ...]
    levels_after: tuple[tuple[int, ...], ...]
    majority: tuple[tuple[int, ...], ...]
    bonus: tuple[tuple[int, ...], ...]

    @property
    def goods_income(self) -> tuple[int, ...]:
        seats = range(len(self.value_income))
        return tuple(sum(self.majority[g][s] + self.bonus[g][s] for g in range(len(GOODS))) for s in seats)

    @property
    def total(self) -> tuple[int, ...]:
        return tuple(v + g for v, g in zip(self.value_income, self.goods_income))


def day_end(ships: Sequence[Sequence[Sequence]], levels: Sequence[Sequence[int]],
            start_space_scores: bool = False) -> DayEnd:
    """Rule 19: score a day end from each seat's ships (``ships[seat][ship]`` is a list of cards) and
    the track levels before moving (``levels[seat][good]``, goods in the order of ``GOODS``)."""
    values = tuple(tuple(ship_value(s) for s in seat_ships) for seat_ships in ships)
    after = tuple(
        moved_levels(lv, [c for ship in seat_ships for c in ship]) for lv, seat_ships in zip(levels, ships)
    )
    majority, bonus = [], []
    for g in range(len(GOODS)):
        track = [lv[g] for lv in after]
        majority.append(majority_income(track, start_space_scores))
        bonus.append(tuple(top_bonus(x) for x in track))
    return DayEnd(
        ship_values=values,
        value_income=value_rank_income(values),
        levels_before=tuple(tuple(lv) for lv in levels),
        levels_after=after,
        majority=tuple(majority),
        bonus=tuple(bonus),
    )
