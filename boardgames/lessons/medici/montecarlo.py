"""Monte Carlo: draw many lots at random and count, vectorised with numpy; check against the exact answers.

``sample_lots`` draws each lot without replacement by picking, card after card, a position among the
cards still in the deck (the j-th pick is uniform on the N - j cards left), for a whole array of lots at
once. ``sample_lots_python`` does the same one lot at a time, for comparison of speed.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import sqrt

import numpy as np

from boardgames.lessons.medici.distributions import Cards, Distribution, cards_of, check_draw
from boardgames.medici.cards import DECK

Z95 = 1.959963984540054  # the normal quantile of a two-sided 95% interval
CHUNK = 1 << 20  # lots drawn per numpy pass (keeps memory small for very large samples)


@dataclass(frozen=True)
class Estimate:
    """A mean estimated from samples, with its standard error and 95% confidence interval."""

    mean: float
    stderr: float
    samples: int

    @property
    def low(self) -> float:
        """The lower end of the 95% interval."""
        return self.mean - Z95 * self.stderr

    @property
    def high(self) -> float:
        """The upper end of the 95% interval."""
        return self.mean + Z95 * self.stderr

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% confidence interval (mean ± 1.96 standard errors)."""
        return (self.low, self.high)

    def contains(self, x: float, z: float = Z95) -> bool:
        """Whether ``x`` lies within ``z`` standard errors of the mean."""
        return abs(float(x) - self.mean) <= z * self.stderr

    def __str__(self) -> str:
        interval = f"95% interval {self.low:.2f} to {self.high:.2f}"
        return f"{self.mean:.2f} ± {Z95 * self.stderr:.2f} ({interval}, {self.samples} samples)"


def estimate(values: Sequence[float] | np.ndarray) -> Estimate:
    """The mean of ``values`` with its standard error (sample standard deviation / √n)."""
    x = np.asarray(values, dtype=float)
    n = len(x)
    if n == 0:
        raise ValueError("an estimate needs at least one sample")
    se = float(x.std(ddof=1) / sqrt(n)) if n > 1 else float("inf")
    return Estimate(float(x.mean()), se, n)


def generator(rng: np.random.Generator | int | None) -> np.random.Generator:
    """A numpy Generator: ``rng`` itself, or a new one seeded with ``rng``."""
    return rng if isinstance(rng, np.random.Generator) else np.random.default_rng(rng)


def sample_lots(k: int, samples: int, deck: Cards = DECK, rng: np.random.Generator | int | None = 0) -> np.ndarray:
    """The total values of ``samples`` random lots of ``k`` cards drawn without replacement from ``deck``."""
    cards = cards_of(deck)
    check_draw(k, cards)
    values = np.array([c.value for c in cards], dtype=np.int16)
    rng = generator(rng)
    out = np.empty(samples, dtype=np.int16)
    for start in range(0, samples, CHUNK):
        n = min(CHUNK, samples - start)
        out[start : start + n] = sum_of_picks(values, k, n, rng)
    return out


def sum_of_picks(values: np.ndarray, k: int, n: int, rng: np.random.Generator) -> np.ndarray:
    """The sums of ``n`` random k-subsets of ``values``, one subset per row."""
    total = np.zeros(n, dtype=np.int16)
    for pick in distinct_picks(len(values), k, n, rng):
        total += np.take(values, pick)
    return total


def distinct_picks(size: int, k: int, n: int, rng: np.random.Generator) -> list[np.ndarray]:
    """``k`` arrays of ``n`` positions in range(size), all different within a row, uniformly drawn."""
    picks: list[np.ndarray] = []
    ordered: list[np.ndarray] = []  # the picks so far, sorted within each row (smallest first)
    for j in range(k):
        r = rng.integers(0, size - j, size=n, dtype=np.int16)  # a position among the cards still left
        for p in ordered:  # step over the cards already taken, smallest first
            r += r >= p
        picks.append(r)
        carry, merged = r, []
        for p in ordered:  # insert r into the sorted picks
            merged.append(np.minimum(p, carry))
            carry = np.maximum(p, carry)
        ordered = merged + [carry]
    return picks


def sample_lots_python(k: int, samples: int, deck: Cards = DECK, rng: random.Random | int | None = 0) -> list[int]:
    """``sample_lots`` in pure Python, one lot at a time (for comparison)."""
    cards = cards_of(deck)
    check_draw(k, cards)
    values = [c.value for c in cards]
    pick = (rng if isinstance(rng, random.Random) else random.Random(rng)).sample
    return [sum(pick(values, k)) for _ in range(samples)]


def empirical(values: Sequence[int] | np.ndarray) -> Distribution:
    """The distribution of the sampled ``values``: each value with its observed frequency."""
    seen, counts = np.unique(np.asarray(values), return_counts=True)
    return Distribution.from_counts({int(v): int(c) for v, c in zip(seen, counts)})


def total_variation(p: Distribution, q: Distribution) -> float:
    """The largest difference between the chances ``p`` and ``q`` give any event (half the summed gaps)."""
    a, b = p.as_dict(), q.as_dict()
    return float(sum(abs(a.get(v, Fraction(0)) - b.get(v, Fraction(0))) for v in a.keys() | b.keys()) / 2)


def running_mean(values: Sequence[float] | np.ndarray) -> np.ndarray:
    """The mean of the first 1, 2, 3, ... samples (how a simulation converges)."""
    x = np.asarray(values, dtype=float)
    return np.cumsum(x) / np.arange(1, len(x) + 1)
