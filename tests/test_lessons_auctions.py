"""Lessons: the winner's curse, bid shading, and the auctioneer's last word.

Tolerance: a simulated mean agrees with an exact one when it lies within 4 standard errors of it
(fixed seeds, 100,000 auctions each).
"""

from fractions import Fraction

import numpy as np
import pytest

from boardgames.lessons.medici import curse_table, estimates, expected_overpayment, once_around, winners_curse


def test_the_exact_curse():
    assert expected_overpayment(1, 10) == 0  # alone, the bidder's estimate is unbiased
    assert expected_overpayment(2, 6) == 2  # the higher of two: a third of the way up the noise
    assert expected_overpayment(5, Fraction(3)) == Fraction(2)
    assert expected_overpayment(9, 10) == 8
    with pytest.raises(ValueError):
        expected_overpayment(0, 1)


@pytest.mark.parametrize("bidders", [2, 3, 5, 8])
@pytest.mark.parametrize("noise", [2.0, 6.0])
def test_the_winner_overpays_for_noisy_estimates_as_the_formula_says(bidders, noise):
    curse = winners_curse(bidders, noise, seed=bidders)
    exact = float(expected_overpayment(bidders, noise))
    assert curse.contains(exact, z=4)
    assert curse.low > 0


@pytest.mark.parametrize("bidders", [2, 4, 6])
def test_shading_by_the_expected_overpayment_removes_the_curse(bidders):
    noise = 5.0
    shade = float(expected_overpayment(bidders, noise))
    shaded = winners_curse(bidders, noise, shade=shade, seed=10 + bidders)
    assert shaded.contains(0.0, z=4)
    assert winners_curse(bidders, noise, shade=shade / 2, seed=10 + bidders).low > 0  # half a shade is not enough


def test_no_noise_no_curse():
    assert winners_curse(4, 0.0).mean == 0


def test_the_curse_grows_with_bidders_and_noise():
    table = curse_table([2, 4, 8], [1.0, 4.0, 8.0], rounds=20_000)
    assert (np.diff(table, axis=0) > 0).all() and (np.diff(table, axis=1) > 0).all()


def test_estimates_are_unbiased_and_within_the_noise():
    x = estimates(3, 4.0, value=20, rounds=50_000, rng=1)
    assert x.shape == (50_000, 3)
    assert x.min() >= 16 and x.max() <= 24
    assert abs(x.mean() - 20) < 0.05


def test_the_auctioneer_has_the_last_word():
    seats = once_around(4, 6.0, rounds=100_000, seed=3)
    auctioneer, others = seats[-1], seats[:-1]
    assert auctioneer.auctioneer and not any(s.auctioneer for s in others)
    assert all(auctioneer.profit.low > s.profit.high for s in others)
    assert sum(s.win_rate for s in seats) <= 1
    # The auctioneer only ever pays one florin more than the best bid before it.
    assert auctioneer.mean_price < min(s.mean_price for s in others)


def test_in_the_once_around_order_an_earlier_bid_wins_ties():
    seats = once_around(3, 6.0, shade=0.0, rounds=100_000, seed=4)
    assert seats[0].win_rate > seats[1].win_rate
    with pytest.raises(ValueError):
        once_around(1, 6.0)
