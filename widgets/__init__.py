"""Jupyter widgets for the boardgames engines: one app shell for every game, one view per game.

``GameApp(match, seats=...)`` is the app (see ``widgets.shell``); each game's view module (``widgets.medici``,
``widgets.medina``) holds its board and controls, named in ``widgets.registry`` and following
``widgets.protocol``. The widgets read the engine and never change a rule.
"""

from widgets.medici import MediciBoard, MediciControls
from widgets.shell import GameApp, ranking
from widgets.shell.address import follow_address

__all__ = ["GameApp", "MediciBoard", "MediciControls", "dashboard", "follow_address", "ranking"]


def dashboard(game: str, players=("Ada", "Ben", "Cleo"), seats=None, seed=None, **options) -> GameApp:
    """The app for ``game`` as the play notebooks show it: seat 0 human, the other seats bots of the default level.

    The environment variables ``BOARDGAMES_SEED`` and ``BOARDGAMES_BOT_DELAY`` (seconds) override the
    seed and the bots' pause: the browser tests and the benchmark use them.
    """
    import os
    import random

    from boardgames import Match

    if seed is None and os.environ.get("BOARDGAMES_SEED"):
        seed = int(os.environ["BOARDGAMES_SEED"])
    if "bot_delay" not in options and os.environ.get("BOARDGAMES_BOT_DELAY"):
        options["bot_delay"] = float(os.environ["BOARDGAMES_BOT_DELAY"])
    seed = random.randrange(1, 100_000) if seed is None else seed
    return GameApp(Match.new(game, list(players), seed=seed), seats=seats, **options)
