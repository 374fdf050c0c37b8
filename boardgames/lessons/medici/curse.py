"""Lesson 4: the winner's curse experiment behind the sliders, and the sentence that reads its chart.

Each of ``bidders`` bids its estimate (the lot's true value plus noise uniform on ±``noise``) minus a
``shade``; the highest bid wins. The chart shows the winner's price minus the true value over many
auctions; the sentence under it says what the winner pays on average, simulated and exact, and whether
that is a loss, breaking even or a profit.
"""

from __future__ import annotations

import numpy as np

from boardgames.core.message import Message, say, say_n
from boardgames.lessons.medici.auctions import VALUE, estimates, expected_overpayment

ROUNDS = 20_000
BINS = np.arange(-20.5, 13.5, 1.0)  # one-florin bins of overpayment, from -20 to +13
SHADE_STEP = 0.01  # the shade slider's step: the formula's shade to two decimals (formula_shade)
EVEN = SHADE_STEP / 2  # an exact overpayment closer to 0 than this is breaking even


def overpayments(bidders: int, noise: float, shade: float = 0.0, *, rounds: int = ROUNDS,
                 seed: int = 0) -> np.ndarray:
    """The winner's price minus the true value in each of ``rounds`` simulated auctions."""
    bids = estimates(bidders, noise, rounds=rounds, rng=seed) - shade
    return bids.max(axis=1) - VALUE


def shares(overpaid: np.ndarray) -> np.ndarray:
    """The share of auctions in each one-florin bin of ``BINS`` (the ends take what lies beyond them)."""
    counts, _ = np.histogram(np.clip(overpaid, BINS[0], BINS[-1]), bins=BINS)
    return counts / len(overpaid)


def formula_shade(bidders: int, noise: float) -> float:
    """The shade that removes the curse, noise × (n − 1)/(n + 1), to the slider's step (4.67 for 8 bidders
    within ±6)."""
    return round(float(expected_overpayment(bidders, noise)), 2)


def curse_sentence(bidders: int, noise: float, shade: float, overpaid: np.ndarray) -> Message:
    """What the chart of ``overpaid`` says, in words: the winner's average price against the true value,
    simulated and exact, the verdict (from the exact value) and how often the winner lost money."""
    exact = float(expected_overpayment(bidders, noise)) - shade
    if exact > EVEN:
        verdict = say("the winner loses money on average")
    elif exact < -EVEN:
        verdict = say("the winner makes a profit on average")
    else:
        verdict = say("the winner breaks even on average")
    return say("{bidders}, estimates within ±{noise:g}, shade {shade:g}: the winner pays {simulated} on average (by "
               "the formula, {exact}); {verdict}. The winner lost money in {lost:.0%} of the auctions.",
               bidders=say_n("{n} bidder", "{n} bidders", bidders), noise=noise, shade=shade,
               simulated=_against(float(overpaid.mean())), exact=_against(exact), verdict=verdict,
               lost=float((overpaid > 0).mean()))


def _against(amount: float) -> Message:
    """A price against the true value: "0.17 florins more than the true value", or "the true value"."""
    if abs(amount) < 0.005:
        return say("the true value")
    if amount > 0:
        return say("{amount:.2f} florins more than the true value", amount=abs(amount))
    return say("{amount:.2f} florins less than the true value", amount=abs(amount))
