"""Medina's view for the app shell and the notebooks (``widgets.kit.protocol``).

- ``board``: ``MedinaBoard``, the whole grid in one bqplot figure (palaces, stables, merchants, walls, towers), the
  tiles and supplies beside it; the squares where the chosen piece may go are green and clickable, and
  ``mark(move)`` outlines the square of a suggested placement.
- ``controls``: ``MedinaControls``, one button per piece; the move is the click on a green square.

The sentence under the end panel and whether a bot's reasons wait for the end are the engine's (``SCORING_NOTE``,
``keeps_secrets``). Nothing here decides a rule: every square comes from ``legal_squares``, every refusal from
``check``.
"""

from __future__ import annotations

from boardgames.core.message import Message, say
from boardgames.medina import PLACEMENTS_PER_TURN, START
from boardgames.medina.scoring import SCORING_SAID
from boardgames.medina.teaching import UNIT
from widgets.games.medina.board import BUILDING_COLOURS, HIGHLIGHT, MedinaBoard, info_html, outline_segments
from widgets.games.medina.controls import PIECE_BUTTON, UNAVAILABLE, UNAVAILABLE_TEXT, MedinaControls
from widgets.games.medina.grid import key_grid  # noqa: F401 - gives the board its grid of buttons
from widgets.kit.words import number_said, ordinal_said


def turn_hint(state) -> Message:
    """What the player to move does now, in a few words."""
    if state.is_over:
        return say("the game is over")
    if state.step == START:
        return say("place the extra merchant on any empty city square")
    if state.placed:
        return say("place your {nth} piece", nth=ordinal_said(state.placed + 1))
    return say("place a piece ({count} this turn): choose a piece, then click a green square",
               count=number_said(PLACEMENTS_PER_TURN))


def end_columns(state) -> list[tuple[Message, tuple[int, ...]]]:
    """Medina has no rounds: the end panel shows each seat's final score by part instead (the labels are
    messages)."""
    lines = state.scoring()
    return [
        (say("Palaces"), tuple(s.palace_points for s in lines)),
        (say("Palace tiles"), tuple(s.palace_tile_points for s in lines)),
        (say("Tower tiles"), tuple(s.tower_tile_points for s in lines)),
    ]


def sits_out(state, seat: int) -> bool:
    """Whether ``seat`` has no decision to make for now (the engine's ``sits_out``: no placement is open to it, so it
    passes until one opens); the shell then offers to fast-forward."""
    return state.sits_out(seat)


SCORE_NAME = UNIT  # the engine's teaching names the score's unit (a word of the games)
SCORE_TITLE = say("Points over the game (as if it ended now)")
END_NOTE = SCORING_SAID  # the end panel's note under its table: the engine's SCORING_NOTE, as a message
EMPHASISED = frozenset({"medina.game.end"})  # the log's bold line
Board = MedinaBoard
Controls = MedinaControls
__all__ = [
    "BUILDING_COLOURS", "EMPHASISED", "END_NOTE", "HIGHLIGHT", "PIECE_BUTTON", "SCORE_NAME", "SCORE_TITLE",
    "UNAVAILABLE", "UNAVAILABLE_TEXT", "Board", "Controls", "MedinaBoard", "MedinaControls", "end_columns", "info_html",
    "outline_segments", "sits_out", "turn_hint",
]
