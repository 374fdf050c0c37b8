"""boardgames: rules engines for modern board games, one sub-package per game on one protocol."""

from boardgames import marcopolo, medici, medina, metropolis
from boardgames.core import Event, IllegalMove, Match, load
from boardgames.core.registry import GAMES

GAMES.update({"medici": medici, "medina": medina, "metropolis": metropolis, "marcopolo": marcopolo})

__all__ = ["GAMES", "Event", "IllegalMove", "Match", "load", "medici"]
