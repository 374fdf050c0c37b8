"""The published result a class's coin-jar auctions are set beside: Bazerman and Samuelson's jars of coins (1983),
the classic classroom demonstration of the winner's curse. Their students bid, in sealed first-price auctions, for
jars of coins (or paper clips) worth $8.00 each, without knowing that worth: the estimates fell short of it on
average, yet the winning bids went well above it, and the winner lost money on average.

The figures are the paper's, as named constants (dollars), with the citation a page shows beside them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from boardgames.core.message import Message, english, listed, say

AUCTIONS = 48  # auctions held, in twelve classes
JAR_VALUE = 8.00  # dollars: each jar's true worth
MEAN_ESTIMATE = 5.13  # dollars: the bidders' mean estimate of that worth
MEAN_WINNING_BID = 10.01  # dollars: the mean winning bid
MEAN_WINNER_LOSS = 2.01  # dollars: how much the winner lost on average (the winner's curse)

CITATION = ("Bazerman, M. H. and Samuelson, W. F. (1983). \u201cI won the auction but don't want the prize.\u201d "
            "Journal of Conflict Resolution 27(4): 618\u2013634.")
SHORT_CITATION = "Bazerman and Samuelson (1983)"
# in a page's words; the year a name, not a number (a number is written with its digits grouped: "1,983")
SOURCE = say("{authors} ({year})", authors=listed(["Bazerman", "Samuelson"], "and"), year="1983")


@dataclass(frozen=True)
class Benchmark:
    """A published result in the terms the class page charts a round in: the item's true value, the mean
    estimate, the mean winning price and the winner's mean profit (dollars; negative: the winner's curse)."""

    source: str
    citation: str
    auctions: int
    value: float
    estimate: float
    price: float
    profit: float
    source_said: Any = None  # ``source`` in a page's language (a message); None: ``source`` itself

    def said(self) -> Message:
        """The result in one sentence, cited, as the class page shows it (a message)."""
        return say("{source}: in {auctions} auctions of a jar worth ${value:.2f}, the mean estimate was "
                   "${estimate:.2f} and the mean winning bid ${price:.2f}: the winner lost about ${loss:.2f} on "
                   "average.", source=self.source if self.source_said is None else self.source_said,
                   auctions=self.auctions, value=self.value, estimate=self.estimate,
                   price=self.price, loss=-self.profit)

    def sentence(self) -> str:
        """The result in one sentence, cited, as the class page shows it."""
        return english(self.said())


COIN_JARS = Benchmark(SHORT_CITATION, CITATION, AUCTIONS, JAR_VALUE, MEAN_ESTIMATE, MEAN_WINNING_BID,
                      -MEAN_WINNER_LOSS, SOURCE)
