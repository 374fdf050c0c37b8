"""Medina's board as buttons (``widgets.kit.key_grid``): one button per square, 13 rows of 18, named by row and column
as the log names them, with what stands there (a building of a palace and who owns it, a stable, a merchant, a wall,
a tower) and, on the squares the board shows green, that the piece chosen may go there. Pressing a button is a
click on that square of the board (``MedinaBoard.click``): the controls place the piece, or say why not.

Every fact is read from the state and from the board's own highlight (which the controls set from
``legal_squares``): nothing here decides a rule.
"""

from __future__ import annotations

from typing import Any

from boardgames import medina
from boardgames.core.message import Message, say
from boardgames.medina import SQUARES
from boardgames.medina.pieces import colour_word, piece_word
from boardgames.medina.rules import COLS, ROWS
from widgets.games.medina.board import COLOUR_LETTERS, STABLE_LETTER, MedinaBoard, square_fill
from widgets.kit.key_grid import GRIDS, KeyGrid, Square, rows_of
from widgets.runtime.language import shown

SHAPE = rows_of([str(c) for c in range(COLS)], [str(r) for r in range(ROWS)], lambda r, c: (r, c))


def key_grid(board: Any) -> KeyGrid:
    """The buttons of ``board`` (a ``MedinaBoard``): a press is a click on that square."""
    return KeyGrid(lambda: read(board), board.click, css="bg-medina-keys")


def read(board: Any) -> tuple:
    """The grid's shape and every square's button, as ``board`` shows the game now."""
    state = board.state
    if state is None:
        return SHAPE, {}
    hot = set(board.highlighted)
    piece = getattr(board, "highlighted_piece", None)
    roofs = {pal.roof_square: pal for pal in state.palaces() if pal.owner is not None}
    return SHAPE, {at: square(state, at, at in hot, piece, roofs) for at in SQUARES}


def what_stands(state: Any, at: tuple[int, int], roofs: dict | None = None) -> Message:
    """What stands on square ``at``, in words: "empty square", "grey building, Ada's grey palace"."""
    cell = state.cell(at)
    if cell.piece == "empty":
        return say("empty wall space") if medina.square_area(at) == "ring" else say("empty square")
    if cell.piece == "tower":
        return say("tower {tower}", tower=cell.tower)
    if cell.piece == "wall":
        return say("a wall of tower {tower}", tower=cell.tower)
    if cell.piece == "merchant":
        return piece_word("merchant")
    colour = colour_word(cell.colour)
    piece = say("{colour} building", colour=colour) if cell.piece == "building" else \
        say("{colour} stable", colour=colour)
    if cell.owner is None:
        return say("{piece}, {palace}", piece=piece, palace=say("a palace nobody owns yet"))
    palace = say("{name}'s {colour} palace", name=state.names[cell.owner], colour=colour)
    if roofs is not None and at in roofs:
        return say("{piece} with the roof, {palace}", piece=piece, palace=palace)
    return say("{piece}, {palace}", piece=piece, palace=palace)


def square(state: Any, at: tuple[int, int], ready: bool, piece: Any, roofs: dict) -> Square:
    """The button of square ``at``: a sign of what stands there, its fill as on the board, its name in words."""
    cell = state.cell(at)
    what = what_stands(state, at, roofs)
    if ready:
        what = say("{what}; the {piece} chosen may go here", what=what, piece=piece) if piece is not None else \
            say("{what}; the piece chosen may go here", what=what)
    name = say("Row {row}, column {column}: {what}", row=at[0], column=at[1], what=what)
    text = {"empty": "·", "merchant": "●", "wall": "▮", "building": "■"}.get(cell.piece, "")
    if cell.piece == "tower":
        text = str(cell.tower)
    elif cell.piece == "stable":
        text = shown(STABLE_LETTER)
    elif cell.piece == "building":  # its colour's letters, as on the board (a roof's square: the roof's mark too)
        text = shown(COLOUR_LETTERS[cell.colour]) + ("▲" if at in roofs else "")
    return Square(text, name, ready, square_fill(cell, at))


GRIDS[MedinaBoard] = key_grid
