"""The dashboard the play notebooks show: ``dashboard(game)``, the app shell composed with the class store's tables
(a new game with a classmate's seat opens a table), and ``follow_address(app)``, what the page's address asks for.

The one place that brings the shell (which knows no store) and the class pages together. The class store's packages
(SQLAlchemy, the class pages) are imported when a page first makes a table, not when it opens: a dashboard's kernel
starts without them."""

from __future__ import annotations

import os
import random

from boardgames import Match
from widgets.shell import GameApp, follow_address
from widgets.shell.table_link import TableLink

__all__ = ["StoreTables", "dashboard", "follow_address"]


class StoreTables:
    """Opens a new table in the class store this server uses (a ``widgets.shell.table_link.TableMaker``): the class
    pages' ``ClassTables``, imported with the store when the first table is made."""

    def new_table(self, match: Match, seats: list[str]) -> TableLink:
        """A table of the class store for ``match``, this page its creator's."""
        from widgets.classpages.tables.panel import ClassTables

        return ClassTables().new_table(match, seats)


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
    options.setdefault("tables", StoreTables())
    return GameApp(Match.new(game, list(players), seed=seed), seats=seats, **options)
