"""Medina (Stefan Dorra, first edition): 3 or 4 players build palaces, stables, merchant lines and the city
wall on a 13 x 18 grid, and claim palaces with their roofs.

Rules: ``docs/rules/medina.md``; every number lives in ``boardgames.medina.rules``. Squares are
``(row, col)`` on the whole grid, row 0 at the top: the city is rows 1-11 x columns 1-16, the ring of wall
spaces goes round it, and the towers stand at the corners. The package reads bottom to top, as every game's
does (``docs/adding-a-game.md``):

- the numbers: ``rules`` (every number of the rules and the rule ids), ``board`` (the grid), ``pieces`` (the
  supplies), ``moves``, ``plans`` (a legal placement, worked out);
- the state: ``state`` (``Table``, ``Position`` as data, the views ``Palace`` and ``Cell``);
- the rules: ``scoring``, ``records`` and ``log`` (what happened, in sentences), ``facts`` (the board facts a
  position hands on to the next), ``placements`` (where each piece may go), ``refusals`` (why a move is
  illegal), ``flow`` (what a placement does, and the turns), ``saving``;
- the face: ``game`` (``State``: a position with the protocol's methods; ``new_game``, ``from_json``), then
  ``bot`` (the expert), ``teaching`` (``TEACHING``: the review's, the puzzles' and the guide's
  terms) and this package's names.
"""

import random

from boardgames.medina.board import CITY, RING, SQUARES, square_area
from boardgames.medina.bot import ExpertBot
from boardgames.medina.game import State, from_json, keeps_secrets, new_game
from boardgames.medina.moves import PASS, Pass, Place, parse_move
from boardgames.medina.rules import (
    COLOURS,
    FLAGS,
    GAME,
    NAME,
    PALACE_TILE_POINTS,
    PIECES,
    PLACEMENTS_PER_TURN,
    PLAIN_PIECES,
    PLAYERS,
    RULES,
    START,
    TOWER_POINTS,
    TOWERS,
)
from boardgames.medina.saving import consistency_problem
from boardgames.medina.scoring import (
    SCORING_NOTE,
    PalaceScore,
    SeatScore,
    palace_parts,
    palace_value,
    seat_scores,
    winners,
)
from boardgames.medina.state import Cell, Palace, Table
from boardgames.medina.teaching import TEACHING


def candidate_moves(state: State) -> list:
    """Moves of every Medina kind worth trying in ``state``, legal or not (for conformance tests): every piece
    on a sample of squares (empty, occupied, city, ring, tower, off the board), roofs on every palace, and a pass.
    Roofs go only on each palace's first building, the square ``legal_moves`` offers for it."""
    rng = random.Random(hash((state.board, state.current, state.placed)))  # ints only: the same in every run
    squares = rng.sample(SQUARES, 10) + rng.sample([SQUARES[i] for i in CITY], 6)
    squares += [SQUARES[rng.choice(RING)], (0, 0), (12, 17), (-1, 3), (5, 18)]
    moves: list = [PASS]
    for at in squares:
        moves += [Place("building", at, c) for c in COLOURS]
        moves += [Place(p, at) for p in ("stable", "merchant", "wall")]
    moves += [Place("roof", SQUARES[min(pal.buildings)]) for pal in state.pals]
    moves += [Place("roof", at) for at in squares[:4] if state.palace_at(at) is None]
    return moves


__all__ = [
    "COLOURS", "FLAGS", "GAME", "NAME", "PALACE_TILE_POINTS", "PASS", "PIECES", "PLACEMENTS_PER_TURN", "PLAIN_PIECES",
    "PLAYERS", "RULES", "SCORING_NOTE", "TEACHING", "SQUARES", "START", "TOWERS", "TOWER_POINTS",
    "Cell", "ExpertBot", "Palace", "PalaceScore", "Pass", "Place", "SeatScore", "State", "Table",
    "candidate_moves", "consistency_problem", "from_json", "keeps_secrets", "new_game", "palace_parts", "palace_value",
    "parse_move", "seat_scores", "square_area", "winners",
]
