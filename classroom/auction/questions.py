"""Predict, then reflect: the questions a teacher may ask the class before a round (will the winner pay more than
the item is worth? how many of us will bid more than it is worth?), the answers each offers, and, once the round is
revealed, the answer that came true, in the question's own words. A page shows a question with ``Question.text``
and an outcome with ``Question.explain``; the class's answers are only ever counted, never named."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from classroom.auction.items import COIN_JAR, ITEMS, MEDICI_LOT, money
from classroom.bidding import FORMATS, SEALED, shading
from classroom.store import Refused

THE = {COIN_JAR: "the jar", MEDICI_LOT: "the lot"}  # what a question calls the item sold


class Part(Protocol):
    """A bidder's part in a revealed round (``classroom.auction.views.Bid``)."""

    estimate: int | None
    bid: int | None
    won: bool


class Revealed(Protocol):
    """What a question reads of a revealed round (``classroom.auction.views.RoundView``)."""

    item: str
    format: str
    value: int | None
    winner: str | None
    price: int | None
    table: Sequence[Part] | None


@dataclass(frozen=True)
class Question:
    """A prediction the class makes before a round: its words (``{item}`` stands for what is sold), the answers a
    student chooses from, the rounds it fits, and how a revealed round answers it (``judge``: one of ``answers``,
    or None when nothing happened that answers it, as when nobody bid)."""

    id: str
    words: str
    answers: tuple[str, ...]
    judge: Callable[[Revealed], str | None] = field(compare=False, repr=False)
    explain_outcome: Callable[[Revealed], str] = field(compare=False, repr=False)
    items: tuple[str, ...] = tuple(ITEMS)
    formats: tuple[str, ...] = tuple(FORMATS)

    def text(self, item: str = COIN_JAR) -> str:
        """The question as a page asks it of a round selling ``item``."""
        return self.words.format(item=THE.get(item, "the item"))

    def fits(self, item: str, format: str) -> bool:
        """Whether the question can be asked of a round selling ``item`` by ``format``."""
        return item in self.items and format in self.formats

    def answer(self, typed: str) -> str:
        """``typed`` as one of the answers offered (in any case, spaces aside); Refused for anything else."""
        wanted = " ".join(str(typed or "").split()).casefold()
        for offered in self.answers:
            if offered.casefold() == wanted:
                return offered
        raise Refused(f"Choose one of the answers offered: {', '.join(self.answers)}.")

    def explain(self, r: Revealed) -> str:
        """What happened in revealed round ``r``, in a sentence that ends with the answer that came true."""
        return self.explain_outcome(r)


def overpaid(r: Revealed) -> str | None:
    """"yes" when the winner paid more than the item's true value, "no" otherwise; None without a winner."""
    if r.winner is None or r.price is None or r.value is None:
        return None
    return "yes" if r.price > r.value else "no"


def _overpaid_words(r: Revealed) -> str:
    came = overpaid(r)
    if came is None:
        return "Nobody won this round: the question has no answer."
    return (f"The winner paid {money(r.price, r.item)} for {THE[r.item]}, worth {money(r.value, r.item)}: "
            f"the answer is {came}.")


def over_value(r: Revealed) -> int | None:
    """How many bidders bid more than the item's true value (each would lose money winning at their bid): a
    sealed round's last bids; a clock's prices at which they dropped out, and the winner's price."""
    if r.value is None or r.table is None:
        return None
    amounts = [b.bid if b.bid is not None else r.price if b.won else None for b in r.table]
    return sum(1 for amount in amounts if amount is not None and amount > r.value)


LOSERS_ANSWERS = ("nobody", "1", "2 or 3", "4 or more")


def losers_bucket(count: int) -> str:
    """The answer of ``LOSERS_ANSWERS`` a count falls in."""
    return LOSERS_ANSWERS[0] if count == 0 else LOSERS_ANSWERS[1] if count == 1 else LOSERS_ANSWERS[2] \
        if count <= 3 else LOSERS_ANSWERS[3]


def losers(r: Revealed) -> str | None:
    count = over_value(r)
    return None if count is None else losers_bucket(count)


def _losers_words(r: Revealed) -> str:
    count = over_value(r)
    if count is None:
        return "The round has no bids to count."
    who = "nobody" if count == 0 else f"{count} of {len(r.table or ())}"
    return (f"{who[0].upper()}{who[1:]} bid more than {THE[r.item]} was worth ({money(r.value, r.item)}): the answer "
            f"is {losers_bucket(count)}.")


def class_shading(r: Revealed) -> float | None:
    """How far below their estimates the class bid on average (cents), as ``classroom.bidding.shading`` says."""
    return None if r.table is None else shading(r.format, ((b.estimate, b.bid) for b in r.table))


def shaded(r: Revealed) -> str | None:
    """"yes" when the class bid below its estimates on average, "no" otherwise; None without sealed bids."""
    gap = class_shading(r)
    return None if gap is None else "yes" if gap > 0 else "no"


def _shaded_words(r: Revealed) -> str:
    gap = class_shading(r)
    if gap is None:
        return "The round has no sealed bids beside estimates to compare."
    side = "below" if gap > 0 else "above" if gap < 0 else "exactly at"
    return (f"On average the class bid {money(abs(gap), r.item)} {side} its estimates: the answer is "
            f"{shaded(r)}.")


QUESTIONS: dict[str, Question] = {
    "overpay": Question("overpay", "Will the winner pay more than {item} is worth?", ("yes", "no"), overpaid,
                        _overpaid_words),
    "losers": Question("losers", "How many of us will bid more than {item} is worth (and lose money if we win)?",
                       LOSERS_ANSWERS, losers, _losers_words),
    "shade": Question("shade", "Will the class bid below its estimates, on average?", ("yes", "no"), shaded,
                      _shaded_words, items=(COIN_JAR,), formats=SEALED),
}


def question_for(id: str | None, item: str, format: str) -> str | None:
    """The question ``id`` a teacher chose for a round selling ``item`` by ``format`` (None or "": none asked);
    Refused for an unknown question or one that does not fit the round."""
    if not id:
        return None
    asked = QUESTIONS.get(id)
    if asked is None:
        raise Refused(f"Unknown question {id!r}: choose {', '.join(QUESTIONS)} or none.")
    if not asked.fits(item, format):
        how = "sealed bids" if set(asked.formats) <= set(SEALED) else " or ".join(asked.formats)
        raise Refused(f"The question “{asked.text(item)}” needs {' or '.join(ITEMS[i] for i in asked.items)} "
                      f"sold by {how}.")
    return id
