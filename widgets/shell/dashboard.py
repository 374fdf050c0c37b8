"""The dashboard the play notebooks show: ``dashboard(game)``."""

from __future__ import annotations

import os
import random

from boardgames import Match
from widgets.shell.app import GameApp


def dashboard(game: str, players=("Ada", "Ben", "Cleo"), seats=None, seed=None, **options) -> GameApp:
    """The app for ``game`` as the play notebooks show it: seat 0 human, the other seats bots of the default level.

    The environment variables ``BOARDGAMES_SEED`` and ``BOARDGAMES_BOT_DELAY`` (seconds) override the
    seed and the bots' pause: the browser tests and the benchmark use them.
    """
    if seed is None and os.environ.get("BOARDGAMES_SEED"):
        seed = int(os.environ["BOARDGAMES_SEED"])
    if "bot_delay" not in options and os.environ.get("BOARDGAMES_BOT_DELAY"):
        options["bot_delay"] = float(os.environ["BOARDGAMES_BOT_DELAY"])
    seed = random.randrange(1, 100_000) if seed is None else seed
    return GameApp(Match.new(game, list(players), seed=seed), seats=seats, **options)
