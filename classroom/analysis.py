"""A class auction read back from its CSV (``ClassAuction.bids_csv``): each round's bidders, winner, price and
true value, the winner's profit, and how far the class shaded its bids below its estimates, counted as the store
counts them (``classroom.bidding``). The standard library alone: the lesson that reads a class's file runs
anywhere."""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass

from boardgames.core.message import english, say
from classroom.bidding import last_bids, profit, shading


class Unreadable(ValueError):
    """A CSV that is not a class auction's: ``said`` says why (a message), its text the English."""

    def __init__(self, said: object) -> None:
        super().__init__(english(said))
        self.said = said


@dataclass(frozen=True)
class RoundResult:
    """One round of the file: its last bids (one a bidder), the winner and price, and the true value."""

    number: int
    item: str
    format: str
    bids: dict[str, float]
    estimates: dict[str, float]
    winner: str | None
    price: float | None
    value: float

    @property
    def profit(self) -> float | None:
        """The winner's profit: the true value minus the price (negative: the winner's curse)."""
        gain = profit(self.value, self.price, self.winner)
        return None if gain is None else round(gain, 2)

    @property
    def shading(self) -> float | None:
        """How far below their estimates the bidders bid, on average (sealed rounds with estimates)."""
        shaded = shading(self.format, ((self.estimates.get(n), b) for n, b in self.bids.items()))
        return None if shaded is None else round(shaded, 2)

    @property
    def noise(self) -> float:
        """The widest gap seen between an estimate and the true value: the noise was at least this wide."""
        return round(max((abs(e - self.value) for e in self.estimates.values()), default=0.0), 2)


def read_rounds(text: str) -> list[RoundResult]:
    """The rounds of a class auction's CSV, in order; a replaced bid gives way to the bidder's last one.
    ValueError names the first line that is not such a row."""
    rows = list(csv.DictReader(io.StringIO(text)))
    needed = {"round", "item", "format", "nickname", "estimate", "bid", "kind", "winner", "price", "true value"}
    if not rows or not needed <= set(rows[0]):
        raise Unreadable(say("not a class auction's CSV: its header must name {columns}",
                             columns=", ".join(sorted(needed))))
    rounds: dict[int, dict] = {}
    for line, row in enumerate(rows, start=2):
        try:
            number = int(row["round"])
            entry = rounds.setdefault(number, {"item": row["item"], "format": row["format"], "bids": [],
                                               "estimates": {}, "winner": None, "price": None,
                                               "value": float(row["true value"])})
            entry["bids"].append((row["nickname"], float(row["bid"])))
            if row["estimate"]:
                entry["estimates"][row["nickname"]] = float(row["estimate"])
            if row["winner"] == "yes":
                entry["winner"] = row["nickname"]
                entry["price"] = float(row["price"])
        except (KeyError, ValueError) as error:
            raise Unreadable(say("line {line} of the CSV is not a bid: {error}", line=line, error=str(error))) from None
    for entry in rounds.values():
        entry["bids"] = dict(last_bids(entry["bids"], lambda bid: bid[0]))
    return [RoundResult(number, **entry) for number, entry in sorted(rounds.items())]


def cursed_share(rounds: list[RoundResult]) -> tuple[int, int]:
    """(rounds the winner lost money in, rounds with a winner)."""
    won = [r for r in rounds if r.profit is not None]
    return sum(1 for r in won if r.profit < 0), len(won)
