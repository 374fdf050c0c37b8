"""The English the event logs share: lists, plurals, ordinals and articles, how a game's end is told, and names
as a game writes them (a move typed in another case is the same move)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from boardgames.core import message
from boardgames.core.records import who_wins_said


def and_list(words: Iterable[str]) -> str:
    """``["Ada", "Ben", "Cleo"]`` as ``"Ada, Ben and Cleo"`` (one word stays as it is; none gives "")."""
    return message.and_list(list(words))


def sentence(text: str) -> str:
    """``text`` as a sentence: a capital first letter and a full stop (one it ends with "!" or "?" keeps)."""
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


def plural(n: int, word: str, words: str | None = None) -> str:
    """``plural(1, "card")`` is ``"1 card"``, ``plural(3, "card")`` is ``"3 cards"``; ``words`` is an irregular
    plural."""
    return f"{n} {word if n == 1 else (words or word + 's')}"


def ordinal(n: int) -> str:
    """``1`` as ``"1st"``, ``2`` as ``"2nd"``, ``11`` as ``"11th"``, ``23`` as ``"23rd"``."""
    return message.english(message.Ordinal(n))


def article(word: str) -> str:
    """``word`` with "a" or "an" before it: "an orange", "a grey"."""
    return f"{'an' if word[:1].lower() in 'aeiou' else 'a'} {word}"


def who_wins(winners: Sequence[str]) -> str:
    """``["Ada"]`` as ``"Ada wins"``, ``["Ada", "Ben"]`` as ``"Ada and Ben share the win"``."""
    return str(who_wins_said(winners))


def spelling(words: Iterable[str]) -> dict[str, str]:
    """How a game writes each of ``words``, looked up in lower case (for ``as_written``)."""
    return {word.lower(): word for word in words}


def as_written(name: Any, spelled: Mapping[str, str]) -> Any:
    """``name`` as the game writes it (``" MOSCOW"`` is ``"Moscow"``, ``"b7"`` is ``"B7"``), found in ``spelled``
    (a ``spelling``) whatever its case and spacing; anything else as given, for the refusal to name it."""
    if type(name) is not str:
        return name
    return spelled.get(" ".join(name.split()).lower(), name)
