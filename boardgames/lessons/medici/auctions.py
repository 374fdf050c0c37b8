"""Auctions for the classroom: the winner's curse, bid shading, and the auctioneer's last word.

The common-value model: a lot is worth the same ``value`` to every bidder, but nobody knows it; each
bidder has a private estimate, the true value plus noise drawn uniformly from [-noise, +noise]
(unbiased: right on average). Each bidder bids its estimate minus a ``shade``; the highest bid wins and
pays its bid. The winner is the bidder whose estimate was highest, so it is the one who overestimated
most: on average it pays ``noise * (n - 1) / (n + 1)`` more than the lot is worth (the winner's curse),
and shading every bid by exactly that much removes the curse.

The once-around auction of Medici: everyone bids once, in turn, the auctioneer last. The others must
commit without knowing the later bids; the auctioneer sees the best bid and takes the lot for one florin
more whenever that is worth it (the last word).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from boardgames.lessons.medici.montecarlo import Estimate, estimate, generator

VALUE = 20  # the common value of the lot in the classroom experiments, in florins
ROUNDS = 100_000


def expected_overpayment(bidders: int, noise: float | Fraction) -> Fraction | float:
    """What the winner pays above the true value on average when everyone bids its own estimate:
    the expected highest of ``bidders`` noises uniform on [-noise, +noise], noise * (n - 1) / (n + 1)."""
    if bidders < 1:
        raise ValueError("an auction needs at least one bidder")
    return noise * Fraction(bidders - 1, bidders + 1)


def estimates(bidders: int, noise: float, *, value: float = VALUE, rounds: int = ROUNDS,
              rng: np.random.Generator | int | None = 0) -> np.ndarray:
    """Each bidder's private estimate of the lot (rounds, bidders): the true value plus uniform noise."""
    return value + noise * generator(rng).uniform(-1.0, 1.0, size=(rounds, bidders))


def winners_curse(bidders: int, noise: float, *, shade: float = 0.0, value: float = VALUE,
                  rounds: int = ROUNDS, seed: int = 0) -> Estimate:
    """The winner's overpayment (price paid minus true value), averaged over ``rounds`` simulated auctions
    in which every bidder bids its estimate minus ``shade`` and the highest bid wins and pays its bid."""
    bids = estimates(bidders, noise, value=value, rounds=rounds, rng=seed) - shade
    return estimate(bids.max(axis=1) - value)


def curse_table(bidder_counts: list[int], noises: list[float], *, rounds: int = 20_000,
                seed: int = 0) -> np.ndarray:
    """Simulated overpayment of the winner for every (number of bidders, noise) pair: rows are
    ``bidder_counts``, columns ``noises``."""
    return np.array([[winners_curse(n, s, rounds=rounds, seed=seed).mean for s in noises] for n in bidder_counts])


@dataclass(frozen=True)
class SeatResult:
    """How one seat of a once-around auction fares: how often it wins, what it pays when it wins, and
    its profit per auction (true value minus price when it wins, 0 otherwise)."""

    position: int  # 0 bids first; the last position is the auctioneer
    auctioneer: bool
    win_rate: float
    mean_price: float
    profit: Estimate


def once_around(bidders: int, noise: float, *, shade: float | None = None, value: float = VALUE,
                rounds: int = ROUNDS, seed: int = 0) -> tuple[SeatResult, ...]:
    """Simulate Medici's once-around auction: seats bid in turn, the auctioneer last, in whole florins.

    Every seat values the lot at its estimate minus ``shade`` (default: ``expected_overpayment``, the
    shading that removes the winner's curse). A seat before the auctioneer bids that amount, rounded down,
    when it beats the best bid so far; the auctioneer, speaking last, bids one florin more than the best
    bid when its own valuation covers that. Returns one SeatResult per seat, the auctioneer last."""
    if bidders < 2:
        raise ValueError("a once-around auction here needs the auctioneer and at least one other bidder")
    shade = float(expected_overpayment(bidders, noise)) if shade is None else shade
    worth = estimates(bidders, noise, value=value, rounds=rounds, rng=seed) - shade
    bids = np.floor(worth[:, :-1])
    best = np.maximum(bids.max(axis=1), 0)  # 0: nobody before the auctioneer bid
    first = bids.argmax(axis=1)  # ties: the earlier bid stands (a bid must beat the best so far)
    last_word = np.floor(worth[:, -1]) >= best + 1
    winner = np.where(last_word, bidders - 1, np.where(best > 0, first, -1))
    price = np.where(last_word, best + 1, best)
    results = []
    for seat in range(bidders):
        won = winner == seat
        gain = np.where(won, value - price, 0.0)
        mean_price = float(price[won].mean()) if won.any() else float("nan")
        results.append(SeatResult(seat, seat == bidders - 1, float(won.mean()), mean_price, estimate(gain)))
    return tuple(results)
