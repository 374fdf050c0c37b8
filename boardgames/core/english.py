"""The English the event logs share: lists, plurals, ordinals and articles."""

from __future__ import annotations

from collections.abc import Iterable


def and_list(words: Iterable[str]) -> str:
    """``["Ada", "Ben", "Cleo"]`` as ``"Ada, Ben and Cleo"`` (one word stays as it is; none gives "")."""
    words = list(words)
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def plural(n: int, word: str, words: str | None = None) -> str:
    """``plural(1, "card")`` is ``"1 card"``, ``plural(3, "card")`` is ``"3 cards"``; ``words`` is an irregular
    plural."""
    return f"{n} {word if n == 1 else (words or word + 's')}"


def ordinal(n: int) -> str:
    """``1`` as ``"1st"``, ``2`` as ``"2nd"``, ``11`` as ``"11th"``, ``23`` as ``"23rd"``."""
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def article(word: str) -> str:
    """``word`` with "a" or "an" before it: "an orange", "a grey"."""
    return f"{'an' if word[:1].lower() in 'aeiou' else 'a'} {word}"
