"""Lessons: simulated lots agree with the exact distributions.

Tolerances, for a fixed seed: the sampled mean lies within 4 standard errors of the exact mean; the
sampled variance within 2% of the exact variance; and the total variation distance between the
sampled and the exact distribution (the largest error in the chance of any event) is below 0.005 with
a million samples (its typical size there is about 0.001).
"""

import random

import numpy as np
import pytest

from boardgames.lessons.medici import (
    Estimate,
    card_values,
    empirical,
    estimate,
    lot_values,
    running_mean,
    sample_lots,
    sample_lots_python,
    total_variation,
)
from boardgames.lessons.medici.montecarlo import distinct_picks
from boardgames.medici import DECK

SMALL_DECK = ["fur:5", "fur:5", "gold:10", "cloth:0", "dye:3", "spice:1", "grain:4", "grain:2"]


@pytest.mark.parametrize("k", [1, 2, 3, 5])
@pytest.mark.parametrize("deck", [DECK, SMALL_DECK], ids=["full deck", "small deck"])
def test_sampled_lots_agree_with_the_exact_distribution(k, deck):
    exact = lot_values(k, deck)
    values = sample_lots(k, 1_000_000, deck, rng=k)
    est = estimate(values)
    assert est.contains(float(exact.mean), z=4)
    assert np.var(values) == pytest.approx(float(exact.variance), rel=0.02)
    assert total_variation(empirical(values), exact) < 0.005


def test_a_lot_never_holds_the_same_card_twice_and_every_card_is_equally_likely():
    rng = np.random.default_rng(5)
    picks = np.stack(distinct_picks(8, 4, 200_000, rng), axis=1)
    assert all(len(set(row)) == 4 for row in picks[:2000].tolist())
    assert (np.sort(picks, axis=1)[:, 1:] != np.sort(picks, axis=1)[:, :-1]).all()
    counts = np.bincount(picks.ravel(), minlength=8) / picks.size
    assert np.abs(counts - 1 / 8).max() < 0.003  # each of 8 cards: 1/8 of all picks


def test_the_pure_python_sampler_agrees_too():
    exact = lot_values(3)
    values = sample_lots_python(3, 100_000, rng=random.Random(1))
    assert estimate(values).contains(float(exact.mean), z=4)
    assert total_variation(empirical(values), exact) < 0.02


def test_samples_are_reproducible_from_the_seed():
    assert (sample_lots(2, 1000, rng=7) == sample_lots(2, 1000, rng=7)).all()
    assert (sample_lots(2, 1000, rng=7) != sample_lots(2, 1000, rng=8)).any()
    assert len(sample_lots(3, 3_000_000, rng=1)) == 3_000_000  # more than one chunk


def test_the_running_mean_converges_to_the_exact_mean():
    values = sample_lots(1, 200_000, rng=3)
    path = running_mean(values)
    assert path[0] == values[0]
    assert path[-1] == pytest.approx(float(card_values().mean), abs=0.02)


def test_estimates_and_their_intervals():
    e = estimate([1, 2, 3, 4])
    assert e.mean == 2.5 and e.samples == 4
    assert e.stderr == pytest.approx(np.std([1, 2, 3, 4], ddof=1) / 2)
    assert e.low < 2.5 < e.high and e.interval == (e.low, e.high)
    assert "95% interval" in str(e)
    assert Estimate(0.0, 0.0, 10).contains(0.0)
    with pytest.raises(ValueError):
        estimate([])
