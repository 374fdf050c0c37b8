"""Which view shows which game: the explicit list of view modules (see ``widgets.kit.protocol``).

Adding a game's view means writing its module and naming it in ``VIEWS``; the app shell holds no game's
defaults. A view module that fails to import fails loudly: nothing falls back to another view.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any

import boardgames
from widgets.kit.protocol import check_view

VIEWS: dict[str, str | ModuleType] = {
    "medici": "widgets.games.medici",
    "medina": "widgets.games.medina",
    "metropolis": "widgets.games.metropolis",
    "marcopolo": "widgets.games.marcopolo",
}


class NoView(LookupError):
    """A game of ``boardgames.GAMES`` that no view module shows."""


def view(game: str) -> Any:
    """The view module of ``game`` (import errors propagate); ``NoView`` when the game has none."""
    try:
        ui = VIEWS[game]
    except KeyError:
        known = ", ".join(sorted(VIEWS))
        raise NoView(f"{game!r} has no view: write its module and name it in widgets.kit.registry.VIEWS "
                     f"(views: {known})") from None
    return importlib.import_module(ui) if isinstance(ui, str) else ui


def register(game: str, ui: ModuleType) -> None:
    """Show ``game`` with ``ui`` (tests register games of their own); ValueError if ``ui`` breaks the protocol."""
    problems = check_view(ui)
    if problems:
        raise ValueError(f"the view of {game!r} is incomplete: {'; '.join(problems)}")
    VIEWS[game] = ui


def games() -> list[str]:
    """The games a person may start: those of ``boardgames.GAMES`` with a view, in the engine's order."""
    return [game for game in boardgames.GAMES if game in VIEWS]
