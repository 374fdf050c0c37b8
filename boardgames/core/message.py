"""Sentences as data: what a player reads, held as its English template and the values it names, and made into
words only when somebody reads it.

A ``Message`` is the source-language template (the translation catalog's message id, with ``{named}`` places), the
values of its places, and for a count the English plural. ``str(message)`` is the English sentence; another
language's sentence is ``boardgames.translation``'s, from its catalog. The values are plain: a name or a code (a
``str``, never translated), a number, or words: a ``Message`` itself (a game's word, ``term``, or a clause),
``Listed`` (words joined as the language joins a list), ``Ordinal`` (a place: "2nd") or ``Capitalized`` (words
that open a sentence). Nothing reads a message's English back: a program asks its values.

The functions that make messages are the ones the catalog's extraction looks for (``make catalog``):
``say("{name} bids {amount}.", name=..., amount=...)``, ``say_n("{n} card", "{n} cards", n)``,
``term("medici.good", "spice")``. Their first arguments are string literals, so that each template is in the
catalog; a word from a data table is a ``term`` of the table's words, listed for the catalog by the game.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

COUNT = "n"  # the value that chooses between a message's singular and plural


@dataclass(frozen=True, slots=True)
class Message:
    """A sentence (or a word, or a clause) as data: ``english``, its template in English with ``{named}`` places;
    ``values``, what the places name; ``plural``, the template when the count ``n`` is not 1; ``context``, what
    kind of word it is (a game's term: ``"medici.good"``), which tells two equal English words apart for a
    translator."""

    english: str
    values: tuple[tuple[str, Any], ...] = ()
    plural: str | None = None
    context: str | None = None

    def __str__(self) -> str:
        return english(self)

    def __getitem__(self, name: str) -> Any:
        for key, value in self.values:
            if key == name:
                return value
        raise KeyError(name)

    @property
    def named(self) -> dict[str, Any]:
        """The values by the names of their places."""
        return dict(self.values)

    @property
    def count(self) -> int | None:
        """The count that chooses the plural (None for a message without one)."""
        return self.named.get(COUNT) if self.plural is not None else None

    def capitalized(self) -> Capitalized:
        """This message at the start of a sentence (in English, its first letter a capital)."""
        return Capitalized(self)

    def template(self) -> str:
        """The English template for this message's count."""
        return self.english if self.plural is None or self.count == 1 else self.plural


@dataclass(frozen=True, slots=True)
class Listed:
    """Words in a list, joined as the language joins them: in English "a, b and c" (``last="and"``), "a, b or c"
    (``last="or"``), "a, b, c" (``last=","``) or "a; b; c" (``last=";"``)."""

    items: tuple[Any, ...]
    last: str = "and"

    def __str__(self) -> str:
        return english(self)


@dataclass(frozen=True, slots=True)
class Ordinal:
    """A place in an order: in English "1st", "2nd", "3rd", "11th". ``of`` says which order, for the languages that
    say them apart: ``"rank"``, a place in a ranking (the 1st of the scores), or ``"order"``, one in a sequence (the
    3rd trading post placed)."""

    n: int
    of: str = "rank"

    def __str__(self) -> str:
        return english(self)


@dataclass(frozen=True, slots=True)
class Capitalized:
    """Words at the start of a sentence: in English with a capital first letter."""

    said: Any

    def __str__(self) -> str:
        return english(self)


Said = Message | str  # what a sentence may still be where a message is not yet data: an English sentence


def say(english: str, /, **values: Any) -> Message:
    """A message: the English template ``english`` and the values of its places."""
    return Message(english, tuple(values.items()))


def say_n(singular: str, plural: str, n: int, /, **values: Any) -> Message:
    """A message with a count: ``singular`` when ``n`` is 1, else ``plural``; ``{n}`` in either is the count."""
    return Message(singular, ((COUNT, n), *values.items()), plural)


def term(context: str, word: str, /) -> Message:
    """A game's word (a card, a good, a city, a building) of the kind ``context``: in English ``word`` itself."""
    return Message(word, (), None, context)


def listed(items: Iterable[Any], last: str = "and") -> Listed:
    """``items`` as one list in a sentence."""
    return Listed(tuple(items), last)


def english(said: Any) -> str:
    """The English words of a message, a list, or any other value (as ``str`` writes it)."""
    if isinstance(said, Message):
        return said.template().format_map(_EnglishValues(said.values))
    if isinstance(said, Listed):
        return and_list([english(item) for item in said.items], said.last)
    if isinstance(said, Capitalized):
        words = english(said.said)
        return words[:1].upper() + words[1:]
    if isinstance(said, Ordinal):
        n = said.n
        return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"
    return str(said)


def and_list(words: list[str], last: str = "and") -> str:
    """``["Ada", "Ben", "Cleo"]`` as ``"Ada, Ben and Cleo"`` (``last`` the word before the last one, or ``","`` for
    commas alone, ``";"`` for semicolons; one word stays as it is; none gives "")."""
    if len(words) <= 1 or last in (",", ";"):
        return f"{last if last == ';' else ','} ".join(words)
    return ", ".join(words[:-1]) + f" {last} " + words[-1]


WORDS = (Message, Listed, Ordinal, Capitalized)  # the values that are words in a language, not numbers or names


class _EnglishValues(dict):
    """A message's values for ``str.format_map``: a message or a list in its English words, a number as it is (so
    that a place's format, ``{worth:.1f}``, applies)."""

    def __init__(self, values: Iterable[tuple[str, Any]]) -> None:
        super().__init__((k, english(v) if isinstance(v, WORDS) else v) for k, v in values)

