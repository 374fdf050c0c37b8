"""Medici's goods cards: ``Card(good, value)``, written ``"fur:5"``, and the 36-card deck."""

from __future__ import annotations

from dataclasses import dataclass

from boardgames.core.message import Listed, Message, listed, say, term
from boardgames.core.saves import damaged
from boardgames.medici.rules import GOLD, GOLD_FACE, GOODS, GOODS_FACES


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """One goods card: a good (or gold) and its face value."""

    good: str
    value: int

    def __str__(self) -> str:
        return f"{self.good}:{self.value}"

    def __repr__(self) -> str:
        return f"Card({self.good!r}, {self.value})"


def _deck() -> tuple[Card, ...]:
    return tuple(Card(g, v) for g in GOODS for v in GOODS_FACES) + (Card(GOLD, GOLD_FACE),)


DECK: tuple[Card, ...] = _deck()  # 2.1: the 36 cards, in a fixed order (two fur:5, etc.)
_KINDS = {(c.good, c.value): c for c in DECK}
_BY_TEXT = {str(c): c for c in DECK}
COPIES = {c: DECK.count(c) for c in _KINDS.values()}  # how many of each card the deck holds


def deck_position(c: Card) -> tuple[int, int]:
    """Sorting by this puts cards in DECK's fixed order: goods in the order of GOODS, gold last, low values first."""
    return _GOOD_RANK[c.good], c.value


_GOOD_RANK = {good: g for g, good in enumerate((*GOODS, GOLD))}


def card(spec: Card | str) -> Card:
    """A Card from a Card or a string such as ``"fur:5"``; ValueError for anything else."""
    if isinstance(spec, Card):
        if (spec.good, spec.value) not in _KINDS:
            raise damaged(say("there is no card {card} in Medici's deck", card=str(spec)))
        return _KINDS[(spec.good, spec.value)]
    if isinstance(spec, str):
        found = _BY_TEXT.get(spec)
        if found is not None:
            return found
        good, sep, value = spec.strip().partition(":")
        if sep and value.strip().lstrip("-").isdigit():
            found = _KINDS.get((good.strip().lower(), int(value)))
            if found is not None:
                return found
        raise damaged(say("there is no card {card} in Medici's deck (cards are written like {example} or {other})",
                          card=repr(spec), example="'fur:5'", other="'gold:10'"))
    raise damaged(say("a card is a {card} or a string like {example}, not {type}", card="Card", example="'fur:5'",
                      type=type(spec).__name__))


def cards_text(cards) -> str:
    """Cards as the log writes them, in English: ``fur:5, gold:10``."""
    return str(cards_said(cards))


def good_word(good: str) -> Message:
    """A good (or gold) as a word of the game."""
    return term("medici.good", good)


def card_said(c: Card) -> Message:
    """A card as the log writes it: its good's word and its value, ``fur:5``."""
    return say("{good}:{value}", good=good_word(c.good), value=c.value)


def cards_said(cards) -> Message | Listed:
    """Cards as the log writes them: ``fur:5, gold:10``, or "no cards"."""
    return listed([card_said(c) for c in cards], ",") if cards else say("no cards")
