"""The themes of puzzles: what a position and the expert's best move there are about. Each game's themes and what
each means are its teaching description's (``themes`` and ``fits``, ``boardgames.core.teaching``); here they are
read for every game alike. ``themes_of(state, best, second)`` lists the themes a position and the expert's two best
moves fit, the most particular first and the game's general theme last; the miner tags a puzzle with the first of
them whose share is not yet full.
"""

from __future__ import annotations

from typing import Any

import boardgames
from boardgames.core.message import Message, english
from boardgames.core.teaching import GENERAL, teaching_of

# Each game's themes (id -> title, a message, ``GENERAL`` last), for the games that have a teaching description.
THEMES_SAID: dict[str, dict[str, Message]] = {
    game: dict(module.TEACHING.themes) for game, module in boardgames.GAMES.items() if hasattr(module, "TEACHING")
}
# The same titles in English.
THEMES: dict[str, dict[str, str]] = {
    game: {theme: english(title) for theme, title in titles.items()} for game, titles in THEMES_SAID.items()
}


def themes_of(state: Any, best: Any, second: Any = None) -> list[str]:
    """The themes of the game that the position ``state`` (to move, as its seat may know it) and the expert's
    ``best`` and ``second`` moves there fit, the most particular first, ``GENERAL`` last."""
    return [*teaching_of(state.GAME).fits(state, best, second), GENERAL]


__all__ = ["GENERAL", "THEMES", "THEMES_SAID", "themes_of"]
