"""The dashboard the play notebooks show: ``dashboard(game)``, the app shell composed with the class store's tables
(a new game with a classmate's seat opens a table), and ``follow_address(app)``, what the page's address asks for.

The one place that brings the shell (which knows no store) and the class pages together."""

from __future__ import annotations

import os
import random

from boardgames import Match
from widgets.classpages.tables.panel import ClassTables
from widgets.shell import GameApp, follow_address

__all__ = ["dashboard", "follow_address"]


def dashboard(game: str, players=("Ada", "Ben", "Cleo"), seats=None, seed=None, **options) -> GameApp:
    """The app for ``game`` as the play notebooks show it: seat 0 human, the other seats bots of the default level,
    and classmates' tables opened in the class store.

    The environment variables ``BOARDGAMES_SEED`` and ``BOARDGAMES_BOT_DELAY`` (seconds) override the
    seed and the bots' pause: the browser tests and the benchmark use them.
    """
    if seed is None and os.environ.get("BOARDGAMES_SEED"):
        seed = int(os.environ["BOARDGAMES_SEED"])
    if "bot_delay" not in options and os.environ.get("BOARDGAMES_BOT_DELAY"):
        options["bot_delay"] = float(os.environ["BOARDGAMES_BOT_DELAY"])
    seed = random.randrange(1, 100_000) if seed is None else seed
    options.setdefault("tables", ClassTables())
    return GameApp(Match.new(game, list(players), seed=seed), seats=seats, **options)
