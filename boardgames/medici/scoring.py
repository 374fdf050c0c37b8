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
    result = [0] * n
    ranked = sorted(values, reverse=True)
    place = 0  # the first place the next group of equal values occupies
    while place < n and place < len(payouts):
        v = ranked[place]
        tied = ranked.count(v)
        share = sum(payouts[place : place + tied]) // tied
        if share:
            for i in range(n):
                if values[i] == v:
                    result[i] = share
        place += tied
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
    moved = list(levels)
    for c in cargo:
        g = _TRACK.get(c.good)
        if g is not None and moved[g] < TOP_LEVEL:
            moved[g] += 1
    return tuple(moved)


_TRACK = {good: g for g, good in enumerate(GOODS)}


def majority_income(track: Sequence[int], start_space_scores: bool = False) -> tuple[int, ...]:
    """Rule 4.3: income on one goods track from each seat's marker level (10 highest, 5 second, ties
    share rounded down); a marker on level 0 takes no place unless ``start_space_scores``."""
    paid = shares_by_place(track, MAJORITY_INCOME)
    if start_space_scores or 0 not in track:
        return paid
    # Markers on the start space rank below every other marker, so leaving them out changes no one
    # else's place: they simply earn nothing.
    return tuple(0 if level == 0 else x for level, x in zip(track, paid))


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
    goods_income: tuple[int, ...]
    total: tuple[int, ...]


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
        bonus.append(tuple(TOP_BONUS.get(x, 0) for x in track))
    seats = range(len(ships))
    goods = tuple(sum(m[s] for m in majority) + sum(b[s] for b in bonus) for s in seats)
    value = value_rank_income(values)
    return DayEnd(
        ship_values=values,
        value_income=value,
        levels_before=tuple(tuple(lv) for lv in levels),
        levels_after=after,
        majority=tuple(majority),
        bonus=tuple(bonus),
        goods_income=goods,
        total=tuple(v + g for v, g in zip(value, goods)),
    )
