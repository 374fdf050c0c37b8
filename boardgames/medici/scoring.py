"""Day-end scoring as small pure functions (rules section 4): value ranking, markers, majorities, bonuses.

The state calls ``day_end``; tests and lessons may call any of these directly.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import chain
from operator import add, attrgetter

from boardgames.core.message import english, say
from boardgames.medici.rules import GOODS, MAJORITY_INCOME, TOP_BONUS, TOP_LEVEL, VALUE_RANK_INCOME

# The sentence under the end panel's table of each day's income (``State.incomes``, one row a day end), as a message
# and in English.
SCORING_SAID = say("Income per day is what each player earned at that day's end.")
SCORING_NOTE = english(SCORING_SAID)


def shares_by_place(values: Sequence[int], payouts: Sequence[int]) -> tuple[int, ...]:
    """Pay each entry by its place when ranked highest value first; tied entries add up the payouts
    of the places they occupy and split them, rounded down (places past the table pay 0)."""
    share = _share_by_value(values, payouts)
    return tuple([share.get(v, 0) for v in values])


def _share_by_value(values: Sequence[int], payouts: Sequence[int]) -> dict[int, int]:
    """What each distinct value earns under ``shares_by_place`` (values past the paid places are left out)."""
    ranked = sorted(values, reverse=True)
    share = {}
    place = 0  # the first place the next group of equal values occupies
    limit = min(len(ranked), len(payouts))
    while place < limit:
        v = ranked[place]
        tied = ranked.count(v)
        share[v] = sum(payouts[place : place + tied]) // tied
        place += tied
    return share


def ship_value(ship: Sequence) -> int:
    """The sum of a ship's face values (gold counts 10)."""
    return sum(map(_face, ship))


_face = attrgetter("value")


def value_rank_income(ship_values: Sequence[Sequence[int]]) -> tuple[int, ...]:
    """Rule 4.1: each seat's income from ranking ship values. ``ship_values[seat]`` lists that seat's
    ships; with two ships a seat (two players) the four ships are ranked on the 4-player column."""
    flat = [v for ships in ship_values for v in ships]
    paid = _share_by_value(flat, VALUE_RANK_INCOME[len(flat)]).get
    if len(flat) == len(ship_values):  # one ship a seat
        return tuple([paid(v, 0) for v in flat])
    return tuple([sum([paid(v, 0) for v in ships]) for ships in ship_values])


def value_rank_payouts(players: int, ships_per_seat: int) -> tuple[int, ...]:
    """Rule 4.1: the florins paid by place when the ships of ``players`` seats (``ships_per_seat`` each) are ranked;
    a two-player game with two ships each ranks its four ships on the 4-player column."""
    return VALUE_RANK_INCOME[players * ships_per_seat]


def moved_levels(levels: Sequence[int], cargo: Iterable) -> tuple[int, ...]:
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
    return _majority(tuple(track), start_space_scores)


@lru_cache(maxsize=1 << 14)
def _majority(track: tuple[int, ...], start_space_scores: bool) -> tuple[int, ...]:
    # Remembered: there are few distinct tracks, and every day end and bot evaluation asks again.
    share = _share_by_value(track, MAJORITY_INCOME)
    if not start_space_scores:
        # Markers on the start space rank below every other marker, so leaving them out changes no
        # one else's place: they simply earn nothing.
        share[0] = 0
    return tuple([share.get(level, 0) for level in track])


@lru_cache(maxsize=1 << 14)
def _bonuses(track: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(map(top_bonus, track))


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
    values = tuple([tuple(map(ship_value, seat_ships)) for seat_ships in ships])
    after = tuple(map(moved_levels, levels, map(chain.from_iterable, ships)))
    tracks = tuple(zip(*after))  # tracks[good][seat]
    majority = tuple([_majority(track, start_space_scores) for track in tracks])
    bonus = tuple(map(_bonuses, tracks))
    goods = tuple(map(sum, zip(*majority, *bonus)))
    value = value_rank_income(values)
    return DayEnd(
        ship_values=values,
        value_income=value,
        levels_before=tuple(map(tuple, levels)),
        levels_after=after,
        majority=majority,
        bonus=bonus,
        goods_income=goods,
        total=tuple(map(add, value, goods)),
    )
