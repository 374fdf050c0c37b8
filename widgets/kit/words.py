"""Small numbers spelled out, for the sentences of a view: a count the engine gives (``rules.PLACEMENTS_PER_TURN``,
the places a table pays) read as a word, as a rulebook writes it ("two pieces", "your second piece")."""

from __future__ import annotations

from boardgames.core.english import ordinal

_NUMBERS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve")
_ORDINALS = ("zeroth", "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth",
             "eleventh", "twelfth")


def number_word(n: int) -> str:
    """``2`` as ``"two"`` (0 to 12); a larger number as its digits."""
    return _NUMBERS[n] if 0 <= n < len(_NUMBERS) else str(n)


def ordinal_word(n: int) -> str:
    """``2`` as ``"second"`` (0 to 12); a larger number as ``"13th"``."""
    return _ORDINALS[n] if 0 <= n < len(_ORDINALS) else ordinal(n)
