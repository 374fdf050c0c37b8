"""The dice of Marco Polo, exactly and simulated: the lowest of the dice placed together (it says how much an
action gives) and the compensation for a roll that sums to less than 15.

The exact answers come twice, by a formula and by listing every roll, so that each checks the other; the
simulations roll many dice at once with numpy.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product

import numpy as np

from boardgames.lessons.medici.distributions import Distribution
from boardgames.marcopolo.data import COMPENSATION

FACES = range(1, 7)


def lowest_of(k: int) -> Distribution:
    """The lowest of ``k`` dice: it is at least v when every die is, so P(lowest = v) = ((7-v)^k - (6-v)^k) / 6^k."""
    _check_dice(k)
    return Distribution(tuple((v, Fraction((7 - v) ** k - (6 - v) ** k, 6 ** k)) for v in FACES))


def lowest_by_listing(k: int) -> Distribution:
    """The lowest of ``k`` dice, by listing all 6^k rolls."""
    _check_dice(k)
    return Distribution.from_counts(Counter(min(roll) for roll in product(FACES, repeat=k)))


def roll_lowest(k: int, samples: int, rng: int | np.random.Generator = 0) -> np.ndarray:
    """The lowest die of ``samples`` rolls of ``k`` dice."""
    _check_dice(k)
    return _roll(k, samples, rng).min(axis=1)


def compensation(dice: int = 5) -> Distribution:
    """What a roll of ``dice`` dice makes up for: 15 minus their sum when it is less, else nothing."""
    _check_dice(dice)
    sums = {0: 1}
    for _ in range(dice):  # the sum of one more die: each total spreads over the six faces
        nxt: Counter = Counter()
        for total, ways in sums.items():
            for face in FACES:
                nxt[total + face] += ways
        sums = nxt
    made_up: Counter = Counter()
    for total, ways in sums.items():
        made_up[max(0, COMPENSATION - total)] += ways
    return Distribution.from_counts(made_up)


def compensation_by_listing(dice: int = 5) -> Distribution:
    """The compensation of ``dice`` dice, by listing every roll."""
    _check_dice(dice)
    return Distribution.from_counts(Counter(max(0, COMPENSATION - sum(roll)) for roll in product(FACES, repeat=dice)))


def roll_compensation(dice: int, samples: int, rng: int | np.random.Generator = 0) -> np.ndarray:
    """The compensation of ``samples`` rolls of ``dice`` dice."""
    _check_dice(dice)
    return np.maximum(0, COMPENSATION - _roll(dice, samples, rng).sum(axis=1))


def _roll(k: int, samples: int, rng: int | np.random.Generator) -> np.ndarray:
    generator = rng if isinstance(rng, np.random.Generator) else np.random.default_rng(rng)
    return generator.integers(1, 7, size=(samples, k), dtype=np.int8)


def _check_dice(k: int) -> None:
    if not 1 <= k <= 8:
        raise ValueError(f"between 1 and 8 dice, not {k}")
