"""The mark a board puts on a suggested move (``Board.mark``, see ``widgets.kit.protocol``), shared by every board.

``MarkCaption``: a line over the board naming the move marked (CSS class ``bg-mark``); while a move is marked the
board carries the class ``bg-marked``. Each board draws its own outline, in ``MARK_COLOUR``, around what the move
concerns (a ship, a square, cells, a place on the map).
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as W

from boardgames.bots import move_said
from boardgames.core.message import say
from widgets.runtime.language import on_language, shown

MARK_COLOUR = "#e8590c"  # the outline of a suggested move's square, ship, cells or place (tests find it by it)
MARKED = "bg-marked"  # the board's class while a move is marked
# what a mark's line calls its move
SUGGESTED, BETTER, ANSWER = say("Suggested move"), say("Better move"), say("Your answer")


class MarkCaption(W.HTML):
    """The line over a board that names the suggested move; hidden while nothing is marked."""

    def __init__(self) -> None:
        super().__init__(layout=W.Layout(display="none", margin="0 0 2px 0"))
        self.add_class("bg-mark")
        self.title: Any = SUGGESTED  # what the line calls the move (see ``mark_as``), a message
        self._shown: tuple | None = None  # the board, move and place named, to say again in another language
        on_language(self._again)

    def show(self, board: W.DOMWidget, move: Any, where: Any = "") -> None:
        """Name ``move`` over ``board`` (``where``: what the outline surrounds, for the reader, words or a message),
        in the page's language, or hide the line when ``move`` is None; the board carries ``bg-marked`` meanwhile."""
        self._shown = None if move is None else (board, move, where)
        if move is None:
            if self.layout.display != "none":
                self.layout.display = "none"
            if self.value:  # nothing left to read in an old language: a reader of the page meets a hidden line too
                self.value = ""
            if MARKED in board._dom_classes:
                board.remove_class(MARKED)
            return
        title = html.escape(shown(say("{title}: ", title=self.title)))
        named = html.escape(shown(move_said(move)))
        outline = html.escape(shown(say(" (outlined in orange: {where})", where=where))) if where else ""
        self.value = (f"<div style='font-size:13px;padding:2px 8px;border-left:5px solid {MARK_COLOUR};"
                      f"background:#fff4e6'>{title}<b>{named}</b>{outline}</div>")
        self.layout.display = None
        if MARKED not in board._dom_classes:
            board.add_class(MARKED)



    def _again(self) -> None:
        if self._shown is not None:
            self.show(*self._shown)


def mark_as(board: Any, move: Any, title: Any) -> bool:
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
