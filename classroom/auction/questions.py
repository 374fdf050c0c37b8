"""Predict, then reflect: the questions a teacher may ask the class before a round (will the winner pay more than
the item is worth? how many of us will bid more than it is worth?), the answers each offers, and, once the round is
revealed, the answer that came true, in the question's own words. A page shows a question with ``Question.text``
and an outcome with ``Question.explain``; the class's answers are only ever counted, never named."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from boardgames.core.message import Message, english, listed, say, term
from classroom.auction.items import COIN_JAR, ITEM_WORDS, ITEMS, MEDICI_LOT, money
from classroom.bidding import FORMATS, SEALED, shading
from classroom.store import Refused

THE = {COIN_JAR: term("auction.the", "the jar"), MEDICI_LOT: term("auction.the", "the lot")}  # what a question
# calls the item sold
ANSWERS = {  # the answers a student chooses from, in a page's language (the answer stored is the English)
    "yes": term("auction.answer", "yes"), "no": term("auction.answer", "no"),
    "nobody": term("auction.answer", "nobody"), "2 or 3": term("auction.answer", "2 or 3"),
    "4 or more": term("auction.answer", "4 or more"),
}


def answer_said(answer: str) -> Any:
    """An answer offered (``Question.answers``) as a page shows it: a word of the page's language, or a number."""
    return ANSWERS.get(answer, answer)


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
    words: Message  # its template, ``{item}`` left open
    answers: tuple[str, ...]
    judge: Callable[[Revealed], str | None] = field(compare=False, repr=False)
    explain_outcome: Callable[[Revealed], Message] = field(compare=False, repr=False)
    items: tuple[str, ...] = tuple(ITEMS)
    formats: tuple[str, ...] = tuple(FORMATS)

    def said(self, item: str = COIN_JAR) -> Message:
        """The question as a page asks it of a round selling ``item``, a message."""
        return Message(self.words.english, (("item", THE.get(item, term("auction.the", "the item"))),))

    def text(self, item: str = COIN_JAR) -> str:
        """The question as a page asks it of a round selling ``item``."""
        return english(self.said(item))

    def fits(self, item: str, format: str) -> bool:
        """Whether the question can be asked of a round selling ``item`` by ``format``."""
        return item in self.items and format in self.formats

    def answer(self, typed: str) -> str:
        """``typed`` as one of the answers offered (in any case, spaces aside); Refused for anything else."""
        wanted = " ".join(str(typed or "").split()).casefold()
        for offered in self.answers:
            if offered.casefold() == wanted:
                return offered
        raise Refused(say("Choose one of the answers offered: {answers}.",
                          answers=listed([answer_said(a) for a in self.answers], ",")))

    def explained(self, r: Revealed) -> Message:
        """What happened in revealed round ``r``, in a sentence that ends with the answer that came true."""
        return self.explain_outcome(r)

    def explain(self, r: Revealed) -> str:
        """What happened in revealed round ``r``, in a sentence that ends with the answer that came true (English)."""
        return english(self.explain_outcome(r))


def overpaid(r: Revealed) -> str | None:
    """"yes" when the winner paid more than the item's true value, "no" otherwise; None without a winner."""
    if r.winner is None or r.price is None or r.value is None:
        return None
    return "yes" if r.price > r.value else "no"


def _overpaid_words(r: Revealed) -> Message:
    came = overpaid(r)
    if came is None:
        return say("Nobody won this round: the question has no answer.")
    return say("The winner paid {price} for {item}, worth {value}: the answer is {answer}.",
               price=money(r.price, r.item), item=THE[r.item], value=money(r.value, r.item), answer=answer_said(came))


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


def _losers_words(r: Revealed) -> Message:
    count = over_value(r)
    if count is None:
        return say("The round has no bids to count.")
    answer = answer_said(losers_bucket(count))
    if count == 0:
        return say("Nobody bid more than {item} was worth ({value}): the answer is {answer}.", item=THE[r.item],
                   value=money(r.value, r.item), answer=answer)
    return say("{count} of {bidders} bid more than {item} was worth ({value}): the answer is {answer}.",
               count=count, bidders=len(r.table or ()), item=THE[r.item], value=money(r.value, r.item), answer=answer)


def class_shading(r: Revealed) -> float | None:
    """How far below their estimates the class bid on average (cents), as ``classroom.bidding.shading`` says."""
    return None if r.table is None else shading(r.format, ((b.estimate, b.bid) for b in r.table))


def shaded(r: Revealed) -> str | None:
    """"yes" when the class bid below its estimates on average, "no" otherwise; None without sealed bids."""
    gap = class_shading(r)
    return None if gap is None else "yes" if gap > 0 else "no"


def _shaded_words(r: Revealed) -> Message:
    gap = class_shading(r)
    if gap is None:
        return say("The round has no sealed bids beside estimates to compare.")
    amount, answer = money(abs(gap), r.item), answer_said(shaded(r))
    if gap > 0:
        return say("On average the class bid {amount} below its estimates: the answer is {answer}.", amount=amount,
                   answer=answer)
    if gap < 0:
        return say("On average the class bid {amount} above its estimates: the answer is {answer}.", amount=amount,
                   answer=answer)
    return say("On average the class bid {amount} exactly at its estimates: the answer is {answer}.", amount=amount,
               answer=answer)


QUESTIONS: dict[str, Question] = {
    "overpay": Question("overpay", say("Will the winner pay more than {item} is worth?"), ("yes", "no"), overpaid,
                        _overpaid_words),
    "losers": Question("losers", say("How many of us will bid more than {item} is worth (and lose money if we win)?"),
                       LOSERS_ANSWERS, losers, _losers_words),
    "shade": Question("shade", say("Will the class bid below its estimates, on average?"), ("yes", "no"), shaded,
                      _shaded_words, items=(COIN_JAR,), formats=SEALED),
}


def question_for(id: str | None, item: str, format: str) -> str | None:
    """The question ``id`` a teacher chose for a round selling ``item`` by ``format`` (None or "": none asked);
    Refused for an unknown question or one that does not fit the round."""
    if not id:
        return None
    asked = QUESTIONS.get(id)
    if asked is None:
        raise Refused(say("Unknown question {id}: choose {ids} or none.", id=repr(id), ids=", ".join(QUESTIONS)))
    if not asked.fits(item, format):
        how = say("sealed bids") if set(asked.formats) <= set(SEALED) else " or ".join(asked.formats)
        raise Refused(say("The question “{question}” needs {items} sold by {how}.", question=asked.said(item),
                          items=listed([ITEM_WORDS[i] for i in asked.items], "or"), how=how))
    return id
