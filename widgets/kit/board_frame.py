"""The frame of a game's board widget, the same in every view: the board's style sheet, the caption naming a marked
move (``widgets.kit.marks``), the board's own widgets, and the slot where the shell puts its score chart
(``set_side``, ``widgets.kit.chart_slot``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import ipywidgets as W

from widgets.kit.chart_slot import ChartSlot
from widgets.kit.marks import MarkCaption


class BoardFrame(W.VBox):
    """A board: ``style`` (a ``<style>`` element), ``mark_caption``, ``body`` and ``side`` (the chart's slot), top to
    bottom, with the CSS class ``css``; a subclass builds its widgets, then calls ``BoardFrame.__init__``, which draws
    ``state`` if one is given (``show``)."""

    def __init__(self, style: str, body: Sequence[W.Widget], css: str, side: ChartSlot, state: Any = None) -> None:
        self.side = side
        self.mark_caption = MarkCaption()
        self.marked: Any = None  # the move marked (see ``mark``)
        super().__init__([W.HTML(style), self.mark_caption, *body, side])
        self.add_class(css)
        if state is not None:
            self.show(state)

    def show(self, state: Any, viewer: int | None = None) -> None:
        """Draw ``state`` as ``viewer`` may see it (each board writes its own)."""
        raise NotImplementedError

    def set_side(self, widget: W.DOMWidget) -> None:
        """Place ``widget`` (the shell's score chart) in the board's slot for it."""
        self.side.place(widget)
