"""A move typed as text: the legal move a player's words name, in the game's notation or in the words the log and
the move box's list use in the player's language.

``typed_move(module, state, text, said_as)`` reads ``text`` against the legal moves of ``state``, each as
``said_as`` writes it (the page's language) and as the notation writes it (``str(move)``), ignoring case, spacing,
full-width forms and a closing full stop. A text that names no legal move but that the game's notation reads
(``module.parse_move``) is handed back as that move, so that the engine's own refusal says why it is not allowed
("bid 9" below the high bid); a text that neither names a legal move nor reads as a move is refused here.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Sequence
from typing import Any

from boardgames.bots import move_said
from boardgames.core import IllegalMove
from boardgames.core.message import say

UNREAD = "typed"  # the rule id of a refusal of words that name no move


def normalised(text: str) -> str:
    """``text`` as the move box compares it: full-width forms made plain, no case, single spaces, no closing stop."""
    plain = unicodedata.normalize("NFKC", text).casefold()
    plain = re.sub(r"\s+", " ", plain).strip()
    return re.sub(r"[.。]$", "", plain).strip()


def moves_said(moves: Sequence[Any], said_as: Callable[[Any], str]) -> list[str]:
    """Each of ``moves`` in the words the move box offers (``said_as`` of the move's message), in order."""
    return [said_as(move_said(move)) for move in moves]


def typed_move(module: Any, state: Any, text: str, said_as: Callable[[Any], str]) -> Any:
    """The move ``text`` names at ``state`` (see the module's docstring); raises ``IllegalMove`` (with ``.said``)
    when ``text`` is empty or names no move."""
    wanted = normalised(text)
    if not wanted:
        raise IllegalMove(UNREAD, say("Type a move first: the list under the box offers the moves you may make."))
    moves = state.legal_moves()
    for move, said in zip(moves, moves_said(moves, said_as)):
        if wanted in (normalised(said), normalised(str(move))):
            return move
    try:
        return module.parse_move(text.strip())
    except (ValueError, KeyError, IndexError, TypeError):
        pass
    raise IllegalMove(UNREAD, say("“{typed}” is not a move here: type a move as the log writes it, or pick one from "
                                  "the list under the box.", typed=text.strip()))

