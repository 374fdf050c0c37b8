"""Exact distributions by enumeration: the value of a card, of a lot, of a full ship.

A lot is k cards drawn without replacement from the cards that are left; every k-card hand is equally
likely, so the chance of a total is (hands with that total) / (all hands). We count hands two ways:
``lot_values_by_listing`` lists every hand (slow, obviously right); ``lot_values`` counts hands by
how many cards of each face value they take (fast, and the tests check it equals the listing).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from itertools import combinations
from math import comb, sqrt

from boardgames.medici.cards import DECK, Card, card
from boardgames.medici.game import State
from boardgames.medici.rules import HOLDS

Cards = Sequence[Card | str]


@dataclass(frozen=True)
class Distribution:
    """A probability distribution over whole-number values: each value (ascending) with its probability."""

    pmf: tuple[tuple[int, Fraction], ...]

    @classmethod
    def from_counts(cls, counts: Mapping[int, int]) -> Distribution:
        """The distribution that gives each value a chance proportional to its count."""
        total = sum(counts.values())
        if total <= 0:
            raise ValueError("a distribution needs at least one outcome")
        return cls(tuple((v, Fraction(n, total)) for v, n in sorted(counts.items()) if n))

    @property
    def values(self) -> tuple[int, ...]:
        """The possible values, smallest first."""
        return tuple(v for v, _ in self.pmf)

    @property
    def probabilities(self) -> tuple[Fraction, ...]:
        """The probability of each value in ``values``."""
        return tuple(p for _, p in self.pmf)

    def __getitem__(self, value: int) -> Fraction:
        return dict(self.pmf).get(value, Fraction(0))

    def __len__(self) -> int:
        return len(self.pmf)

    def items(self) -> tuple[tuple[int, Fraction], ...]:
        return self.pmf

    def as_dict(self) -> dict[int, Fraction]:
        """``{value: probability}``."""
        return dict(self.pmf)

    def P(self, event: Callable[[int], bool]) -> Fraction:
        """The probability that the value satisfies ``event``, e.g. ``d.P(lambda v: v >= 10)``."""
        return sum((p for v, p in self.pmf if event(v)), Fraction(0))

    @property
    def mean(self) -> Fraction:
        """The expected value."""
        return sum((v * p for v, p in self.pmf), Fraction(0))

    @property
    def variance(self) -> Fraction:
        """The expected squared distance from the mean."""
        m = self.mean
        return sum(((v - m) ** 2 * p for v, p in self.pmf), Fraction(0))

    @property
    def sd(self) -> float:
        """The standard deviation: the square root of the variance."""
        return sqrt(self.variance)

    def shifted(self, amount: int) -> Distribution:
        """The distribution of value + ``amount``."""
        return Distribution(tuple((v + amount, p) for v, p in self.pmf))

    def __str__(self) -> str:
        rows = [f"{v:>4}  {float(p):7.4f}  {p}" for v, p in self.pmf]
        head = f"mean {float(self.mean):.4f}, variance {float(self.variance):.4f}, sd {self.sd:.4f}"
        return "\n".join([head, "value  chance  exactly", *rows])


def cards_of(deck: Iterable[Card | str]) -> tuple[Card, ...]:
    """Cards from Cards or strings such as ``"fur:5"``."""
    return tuple(card(c) for c in deck)


def unseen(state: State) -> tuple[Card, ...]:
    """The cards nobody at the table has seen today (the rest of the deck and the cards set aside)."""
    return state.unseen_cards()


def card_values(deck: Cards = DECK) -> Distribution:
    """The face value of one card drawn from ``deck`` (gold counts 10)."""
    return lot_values(1, deck)


def lot_values(k: int, deck: Cards = DECK) -> Distribution:
    """The total face value of a lot of ``k`` cards drawn without replacement from ``deck``."""
    cards = cards_of(deck)
    check_draw(k, cards)
    copies = tuple(sorted(Counter(c.value for c in cards).items()))  # (face value, how many cards show it)
    return Distribution.from_counts(_hands(copies, k))


@lru_cache(maxsize=256)
def _hands(copies: tuple[tuple[int, int], ...], k: int) -> dict[int, int]:
    """How many k-card hands have each total, given (face value, copies) for the cards left."""
    if not copies:
        return {0: 1} if k == 0 else {}
    (value, n), rest = copies[0], copies[1:]
    counts: Counter = Counter()
    for j in range(min(n, k) + 1):  # take j of the n cards of this face value: comb(n, j) ways
        for total, ways in _hands(rest, k - j).items():
            counts[total + j * value] += comb(n, j) * ways
    return dict(counts)


def lot_values_by_listing(k: int, deck: Cards = DECK) -> Distribution:
    """``lot_values`` by listing every k-card hand one by one (slow for large k; for checking)."""
    cards = cards_of(deck)
    check_draw(k, cards)
    return Distribution.from_counts(Counter(sum(c.value for c in hand) for hand in combinations(cards, k)))


def ship_values(deck: Cards = DECK, loaded: Cards = (), holds: int = HOLDS) -> Distribution:
    """The value of a ship that holds ``loaded`` and is filled up to ``holds`` cards from ``deck``."""
    on_board = cards_of(loaded)
    if len(on_board) > holds:
        raise ValueError(f"a ship holds at most {holds} cards, not {len(on_board)}")
    return lot_values(holds - len(on_board), deck).shifted(sum(c.value for c in on_board))


def check_draw(k: int, cards: Sequence[Card]) -> None:
    """Raise ValueError unless ``k`` cards can be drawn from ``cards``."""
    if not isinstance(k, int) or not 0 <= k <= len(cards):
        raise ValueError(f"cannot draw {k!r} cards from a deck of {len(cards)}")
