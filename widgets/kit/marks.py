"""The mark a board puts on a suggested move (``Board.mark``, see ``widgets.kit.protocol``), shared by every board.

``MarkCaption``: a line over the board naming the move marked (CSS class ``bg-mark``); while a move is marked the
board carries the class ``bg-marked``. Each board draws its own outline, in ``MARK_COLOUR``, around what the move
concerns (a ship, a square, cells, a place on the map).
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as W

MARK_COLOUR = "#e8590c"  # the outline of a suggested move's square, ship, cells or place (tests find it by it)
MARKED = "bg-marked"  # the board's class while a move is marked
SUGGESTED, BETTER, ANSWER = "Suggested move", "Better move", "Your answer"  # what a mark's line calls its move


class MarkCaption(W.HTML):
    """The line over a board that names the suggested move; hidden while nothing is marked."""

    def __init__(self) -> None:
        super().__init__(layout=W.Layout(display="none", margin="0 0 2px 0"))
        self.add_class("bg-mark")
        self.title = SUGGESTED  # what the line calls the move (see ``mark_as``)

    def show(self, board: W.DOMWidget, move: Any, where: str = "") -> None:
        """Name ``move`` over ``board`` (``where``: what the outline surrounds, for the reader), or hide the line
        when ``move`` is None; the board carries ``bg-marked`` meanwhile."""
        if move is None:
            if self.layout.display != "none":
                self.layout.display = "none"
            if MARKED in board._dom_classes:
                board.remove_class(MARKED)
            return
        outline = f" (outlined in orange: {html.escape(where)})" if where else ""
        self.value = (f"<div style='font-size:13px;padding:2px 8px;border-left:5px solid {MARK_COLOUR};"
                      f"background:#fff4e6'>{html.escape(self.title)}: <b>{html.escape(str(move))}</b>{outline}</div>")
        self.layout.display = None
        if MARKED not in board._dom_classes:
            board.add_class(MARKED)



def mark_as(board: Any, move: Any, title: str) -> bool:
    """Mark ``move`` on ``board`` (``Board.mark``, optional in the protocol), its line naming it ``title``; None clears
    the mark. Whether the board marks at all."""
    mark = getattr(board, "mark", None)
    if not callable(mark):
        return False
    caption = getattr(board, "mark_caption", None)
    if isinstance(caption, MarkCaption):
        caption.title = title
    mark(move)
    return True
