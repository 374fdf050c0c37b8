"""The place on a game's board where the shell puts its score chart (``Board.set_side(chart)``): a box that gives
the chart the size the board keeps for it, so that a board's ``set_side`` is one call."""

from __future__ import annotations

import ipywidgets as W


class ChartSlot(W.Box):
    """An empty box of the board's layout; ``place(chart)`` puts the chart in it at ``width`` x ``height`` pixels."""

    def __init__(self, width: int, height: int, margin: str = "4px 0 0 0") -> None:
        super().__init__(layout=W.Layout(margin=margin))
        self.width, self.height = width, height

    def place(self, chart: W.DOMWidget) -> None:
        """Show ``chart`` here, sized to the slot (the chart that was here before leaves)."""
        chart.layout.width = f"{self.width}px"
        chart.layout.height = f"{self.height}px"
        self.children = (chart,)
