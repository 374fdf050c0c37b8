"""The registry of games: ``GAMES`` maps a game's id (``"medici"``) to its module.

The registry is kept here, below the games, and filled by ``boardgames/__init__.py`` above them once every game
is imported; what needs it (``Match``, ``load``, ``boardgames.bots.make_bot``) reads it without importing up."""

from __future__ import annotations

from typing import Any

GAMES: dict[str, Any] = {}


def game_module(game: Any) -> Any:
    """The module of the registered game ``game``; ValueError naming the known games otherwise."""
    if game not in GAMES:
        raise ValueError(f"unknown game {game!r}; known games: {', '.join(GAMES)}")
    return GAMES[game]
