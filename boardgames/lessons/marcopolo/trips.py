"""The map in numbers: how far each place is, what the trip there costs, and the chance that one roll lets a
player get there in a single Travel.

A Travel takes two dice and moves up to the lower one's number of steps. A player chooses which two of their
dice to place, so a trip of s steps is open when at least two of the dice show s or more.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from boardgames.marcopolo.board import distance, travel_cost, walks
from boardgames.marcopolo.data import NODES, STEP_COINS

NAMES = {node.id: node.name for node in NODES}


@dataclass(frozen=True)
class Trip:
    """The shortest trip to ``place``: its steps, the cheapest way to take them, and its chance in one roll."""

    place: str
    steps: int
    coins: int
    camels: int
    path: tuple[str, ...]
    chance: Fraction  # at least two of five dice show ``steps`` or more


def at_least_two(steps: int, dice: int = 5) -> Fraction:
    """The chance that at least two of ``dice`` dice show ``steps`` or more (two dice: both of them)."""
    if not 1 <= steps <= 6 or dice < 2:
        raise ValueError(f"a Travel of {steps} steps with {dice} dice")
    p = Fraction(7 - steps, 6)
    return 1 - (1 - p) ** dice - dice * p * (1 - p) ** (dice - 1)


def trips_from(start: str = "Venezia", dice: int = 5) -> list[Trip]:
    """Every place one Travel can reach from ``start`` (at most 6 steps), nearest first: the cheapest walk of
    the fewest steps (fewest coins and camels together, then fewest coins)."""
    origin = next(node.id for node in NODES if node.name == start)
    trips = []
    for node in NODES:
        steps = distance(start, node.name)
        if not 1 <= steps <= max(STEP_COINS):
            continue
        paths = [tuple(NAMES[i] for i in path) for (end, *_), path in walks(origin)[steps].items() if end == node.id]
        coins, camels, path = min(((*travel_cost(p), p) for p in paths), key=lambda t: (t[0] + t[1], t[0]))
        trips.append(Trip(node.name, steps, coins, camels, path, at_least_two(steps, dice)))
    return sorted(trips, key=lambda t: (t.steps, t.coins + t.camels, t.place))

