"""Small numbers spelled out, for the sentences of a view: a count the engine gives (``rules.PLACEMENTS_PER_TURN``,
the places a table pays) read as a word, as a rulebook writes it ("two pieces", "your second piece").

``number_word`` and ``ordinal_word`` are the English words; ``number_said`` and ``ordinal_said`` the same words as
values of a message (``boardgames.core.message``), which a translation writes in its own way (in digits: 「2個」).
"""

from __future__ import annotations

from boardgames.core.english import ordinal
from boardgames.core.message import Message, Ordinal, term

_NUMBERS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve")
_ORDINALS = ("zeroth", "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth",
             "eleventh", "twelfth")
# The same words as messages (each spelled out, for the catalog's extraction), in the order of the words above.
_NUMBERS_SAID = (
    term("number", "zero"), term("number", "one"), term("number", "two"), term("number", "three"),
    term("number", "four"), term("number", "five"), term("number", "six"), term("number", "seven"),
    term("number", "eight"), term("number", "nine"), term("number", "ten"), term("number", "eleven"),
    term("number", "twelve"),
)
_ORDINALS_SAID = (
    term("number.ordinal", "zeroth"), term("number.ordinal", "first"), term("number.ordinal", "second"),
    term("number.ordinal", "third"), term("number.ordinal", "fourth"), term("number.ordinal", "fifth"),
    term("number.ordinal", "sixth"), term("number.ordinal", "seventh"), term("number.ordinal", "eighth"),
    term("number.ordinal", "ninth"), term("number.ordinal", "tenth"), term("number.ordinal", "eleventh"),
    term("number.ordinal", "twelfth"),
)


def number_word(n: int) -> str:
    """``2`` as ``"two"`` (0 to 12); a larger number as its digits."""
    return _NUMBERS[n] if 0 <= n < len(_NUMBERS) else str(n)


def ordinal_word(n: int) -> str:
    """``2`` as ``"second"`` (0 to 12); a larger number as ``"13th"``."""
    return _ORDINALS[n] if 0 <= n < len(_ORDINALS) else ordinal(n)


def number_said(n: int) -> Message | int:
    """``2`` as a value of a message: the word "two" in English (0 to 12), else the number itself."""
    return _NUMBERS_SAID[n] if 0 <= n < len(_NUMBERS_SAID) else n


def ordinal_said(n: int) -> Message | Ordinal:
    """``2`` as a value of a message: the word "second" in English (0 to 12), else a place in an order ("13th")."""
    return _ORDINALS_SAID[n] if 0 <= n < len(_ORDINALS_SAID) else Ordinal(n, "order")

