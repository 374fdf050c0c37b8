"""Foundations of Metropolis (Emerson Matsuuchi): three years of buying deeds and building on them.

Rules: ``docs/rules/metropolis.md``. The package reads bottom to top, as every game's does
(``docs/adding-a-game.md``):

- the numbers: ``rules`` (every number of the rules and the rule ids), ``tiles`` (the buildings), ``board``
  (the city's cells and footprints), ``moves``;
- the state: ``state`` (``Building``, ``Table``, ``Position`` as data, ``Draft``);
- the rules: ``scoring`` (a year's scoring), ``records`` and ``log`` (what happened, in sentences), ``flow``
  (what a move does, and the automatic steps after it: the deed board, the year's end, the draft's reveal),
  ``refusals`` (why a move is illegal), ``saving``;
- the face: ``game`` (``State``: a position with the protocol's methods; ``new_game``, ``from_json``), then
  ``positions`` (positions built to order), ``bot`` (the expert), ``teaching``
  (``TEACHING``: the review's, the puzzles' and the guide's terms) and this package's names.
"""

from boardgames.metropolis.board import cells
from boardgames.metropolis.bot import ExpertBot
from boardgames.metropolis.game import Secrets, State, from_json, keeps_secrets, new_game, secrets_of
from boardgames.metropolis.moves import Build, Buy, Income, Pick, cells_of, parse_move
from boardgames.metropolis.rules import FLAGS, GAME, NAME, PLAYERS, RULES
from boardgames.metropolis.saving import consistency_problem
from boardgames.metropolis.scoring import SCORING_NOTE, PublicLine, YearScore, residential, year_scores
from boardgames.metropolis.state import Building, Table
from boardgames.metropolis.teaching import TEACHING
from boardgames.metropolis.tiles import TILES, Tile, tile_words


def candidate_moves(state: State) -> list:
    """Moves of every Metropolis kind worth trying in ``state``, legal or not (for conformance tests)."""
    some = ["A1", "B2", "C3", "H8", "I9"] + list(state.deed_board[:2])
    if state.current_player is not None:
        some += list(state.lots(state.current_player)[:2]) + list(state.hand(state.current_player)[:1])
    moves: list = [Income()]
    moves += [Buy(c) for c in some] + [Pick(c) for c in some]
    moves += [Build("A", (c,)) for c in some] + [Build("B", ("B2", "C3")), Build("D", ("A1", "B1", "A2", "B2"))]
    return moves


__all__ = [
    "FLAGS", "GAME", "NAME", "PLAYERS", "RULES", "SCORING_NOTE", "TEACHING", "TILES",
    "Build", "Building", "Buy", "ExpertBot", "Income", "Pick", "PublicLine", "Secrets", "State", "Table", "Tile",
    "YearScore", "candidate_moves", "cells", "cells_of", "consistency_problem", "from_json", "keeps_secrets",
    "new_game", "parse_move", "residential", "secrets_of", "tile_words", "year_scores",
]
