"""The registry of games: ``GAMES`` maps a game's id (``"medici"``) to its module.

The registry is kept here, below the games, and filled by ``boardgames/__init__.py`` above them once every game
is imported; what needs it (``Match``, ``load``, ``boardgames.bots.make_bot``) reads it without importing up."""

from __future__ import annotations

from typing import Any

from boardgames.core.message import listed, say
from boardgames.core.saves import damaged

GAMES: dict[str, Any] = {}


def game_module(game: Any) -> Any:
    """The module of the registered game ``game``; ValueError naming the known games otherwise."""
    if game not in GAMES:
        raise damaged(say("unknown game {game}; known games: {games}", game=repr(game), games=listed(GAMES, ",")))
    return GAMES[game]
