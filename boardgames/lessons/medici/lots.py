"""Lesson 2: the spread of a lot by the formula, and the deck later in the day."""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction

from boardgames.lessons.medici.distributions import Cards, cards_of, lot_values
from boardgames.medici.cards import DECK, Card


def variance_by_formula(k: int, deck: Cards = DECK) -> Fraction:
    """The variance of the sum of ``k`` cards drawn without replacement from ``deck`` (N cards of variance
    σ²): k σ² (N − k) / (N − 1)."""
    cards = cards_of(deck)
    n = len(cards)
    if not 0 <= k <= n:
        raise ValueError(f"a lot of {k} cards cannot be drawn from {n}")
    sigma2 = lot_values(1, cards).variance
    return k * sigma2 * Fraction(n - k, n - 1) if n > 1 else Fraction(0)


def deck_without(gone: Iterable[Card | str], deck: Cards = DECK) -> tuple[Card, ...]:
    """``deck`` after the cards ``gone`` (one copy each) have left it; ValueError for a card not in it."""
    rest = list(cards_of(deck))
    for card in cards_of(gone):
        if card not in rest:
            raise ValueError(f"{card} is not in the deck")
        rest.remove(card)
    return tuple(rest)
