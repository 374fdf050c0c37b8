"""The numbers behind the Marco Polo classroom lesson: what are the dice worth?

Exact answers first (``dice``: the lowest of k dice, the compensation for a low roll), then the same numbers
simulated with numpy and checked against them, then the map (``trips``: the chance to reach a place in one
Travel). The distributions and the tools of simulation are the Medici lessons' own.

    >>> from boardgames.lessons.marcopolo import compensation, lowest_of
    >>> lowest_of(2).mean                       # the lowest of two dice
    Fraction(91, 36)
    >>> compensation(5).mean                    # what five dice make up for, on average
    Fraction(4585, 7776)

What the lesson's cells call: ``lowest_of(k)``, ``roll_lowest(k, samples)``, ``compensation(dice)``,
``roll_compensation(dice, samples)``, ``at_least_two(steps, dice)``, ``trips_from(start)``, and from the Medici
lessons ``empirical``, ``total_variation``, ``estimate`` and the words ``exactly`` and ``percent``.
"""

from boardgames.lessons.marcopolo.dice import (
    FACES,
    compensation,
    compensation_by_listing,
    lowest_by_listing,
    lowest_of,
    roll_compensation,
    roll_lowest,
)
from boardgames.lessons.marcopolo.trips import Trip, at_least_two, trips_from
from boardgames.lessons.medici.distributions import Distribution
from boardgames.lessons.medici.montecarlo import Estimate, empirical, estimate, total_variation
from boardgames.lessons.medici.words import exactly, percent

__all__ = [
    "FACES", "Distribution", "Estimate", "Trip", "at_least_two", "compensation", "compensation_by_listing",
    "empirical", "estimate", "exactly", "lowest_by_listing", "lowest_of", "percent", "roll_compensation",
    "roll_lowest", "total_variation", "trips_from",
]
