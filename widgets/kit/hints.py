"""A view's status-line hint: what the player to move does now, from the first test that holds of the position.
The words are a message (``boardgames.core.message``) or plain English."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

GAME_OVER = "the game is over"  # never on a page: the status line says the end of the game itself


def first_hint(state: Any, hints: Sequence[tuple[Callable[[Any], Any], Any]], otherwise: Any) -> Any:
    """``GAME_OVER`` once the game is over, else the words of the first ``(test, words)`` of ``hints`` whose test
    holds for ``state``, else ``otherwise``."""
    if state.is_over:
        return GAME_OVER
    return next((words for test, words in hints if test(state)), otherwise)


def hint_by(hints: Sequence[tuple[Callable[[Any], Any], Any]], otherwise: Any) -> Callable[[Any], Any]:
    """A view's ``turn_hint(state)`` made of ``hints`` and ``otherwise`` (see ``first_hint``)."""

    def turn_hint(state: Any) -> Any:
        return first_hint(state, hints, otherwise)

    turn_hint.__doc__ = "What the player to move does now, in a few words."
    return turn_hint
