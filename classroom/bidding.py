"""How a class auction's round is bid and what its bids come to, written once for the auction's store and for the
lesson that reads a class's CSV back (``classroom.analysis``), with the standard library alone: the formats, the bid
that counts (each bidder's last), the winner's profit (the winner's curse when negative) and how far the class
shaded its bids below its estimates."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from typing import TypeVar

from boardgames.core.message import term

B = TypeVar("B")
FIRST_PRICE, SECOND_PRICE, CLOCK = "first-price", "second-price", "clock"
FORMATS = {
    FIRST_PRICE: "sealed bids: the highest bid wins and pays what it bid",
    SECOND_PRICE: "sealed bids: the highest bid wins and pays the second-highest bid",
    CLOCK: "an ascending clock: the price rises until one bidder is left, who pays it",
}
FORMAT_WORDS = {  # the formats in a page's language
    FIRST_PRICE: term("auction.format", "sealed bids: the highest bid wins and pays what it bid"),
    SECOND_PRICE: term("auction.format", "sealed bids: the highest bid wins and pays the second-highest bid"),
    CLOCK: term("auction.format", "an ascending clock: the price rises until one bidder is left, who pays it"),
}
SEALED = (FIRST_PRICE, SECOND_PRICE)


def last_bids(bids: Iterable[B], bidder: Callable[[B], Hashable]) -> list[B]:
    """Each bidder's last bid, the one that counts (``bids`` in the order they were made), in the order made."""
    last: dict[Hashable, B] = {}
    for bid in bids:
        last.pop(bidder(bid), None)
        last[bidder(bid)] = bid
    return list(last.values())


def profit(value: float, price: float | None, winner: object) -> float | None:
    """The winner's profit: the true value minus the price (negative: the winner's curse); None without a winner."""
    return None if price is None or winner is None else value - price


def shading(format: str, parts: Iterable[tuple[float | None, float | None]]) -> float | None:
    """How far below their estimates the class bid, on average, from each bidder's (estimate, bid): sealed rounds
    with estimates only (None otherwise)."""
    gaps = [estimate - bid for estimate, bid in parts if estimate is not None and bid is not None]
    return sum(gaps) / len(gaps) if gaps and format in SEALED else None
