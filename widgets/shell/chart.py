"""The score chart: every seat's public score after each move of the game (bqplot), built once.

Seats with equal scores would draw one line on top of the other (at the start every seat has the same score,
and only the last colour would show): each seat's line is drawn a line's width apart from the next
(``DODGE_PX``), so every seat's colour shows from the first move; the offset is a pixel or two, far less than
a tick's step. A dot marks where each line ends (at move 0, before any line has a length, the dots are all
there is to see).
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

import bqplot as bq
import ipywidgets as W

from boardgames.core.message import say
from boardgames.terms import terms, unit_said
from widgets.kit.palette import seat_colour
from widgets.runtime.language import shown
from widgets.shell.remembered import PerState

DODGE_PX = 2.5  # the lines' width: seats with equal scores draw touching lines, not one line
HEAD_SIZE = 42  # the area of the dot at the end of a seat's line, in square pixels
MARGIN = {"top": 30, "bottom": 40, "left": 50, "right": 10}


def dodges(seats: int, unit: float) -> list[float]:
    """How far each seat's line is drawn from its scores: ``DODGE_PX`` apart, centred on the true value,
    the first seat highest; ``unit`` is the score one pixel stands for."""
    return [((seats - 1) / 2 - s) * DODGE_PX * unit for s in range(seats)]


def axis_step(top: float, steps: Sequence[int]) -> int:
    """The smallest step that puts at most 7 ticks on an axis from 0 to ``top``."""
    return next((k for k in steps if top / k <= 6), steps[-1])


class ScoreChart(bq.Figure):
    """One line per seat of ``public_scores()`` over the game (class ``bg-scores``), a dashed cursor at the
    move a replay shows. ``show(states, replay_ply, title, unit)`` gives the lines new data in place."""

    def __init__(self) -> None:
        self.x_scale = bq.LinearScale(min=0.0, max=10.0)
        self.y_scale = bq.LinearScale(min=0.0, max=50.0)
        scales = {"x": self.x_scale, "y": self.y_scale}
        self.lines = bq.Lines(x=[0.0], y=[0.0], scales=scales, stroke_width=2.5, display_legend=True, labels=[""],
                              colors=[seat_colour(0)])
        # a dot at every seat's current score: at move 0, before any line has a length, the dots show every seat
        self.heads = bq.Scatter(x=[0.0], y=[0.0], scales=scales, colors=[seat_colour(0)], marker="circle",
                                default_size=HEAD_SIZE, stroke_width=0)
        self.cursor = bq.Lines(x=[0.0, 0.0], y=[0.0, 50.0], scales=scales, colors=["#868e96"], line_style="dashed",
                               stroke_width=1, visible=False)
        self.x_axis = bq.Axis(scale=self.x_scale, label="move", num_ticks=5, tick_format="d")
        self.y_axis = bq.Axis(scale=self.y_scale, side="left", label="", num_ticks=5, tick_format="d")
        super().__init__(
            marks=[self.lines, self.heads, self.cursor],
            axes=[self.x_axis, self.y_axis],
            title="",
            title_style={"font-size": "14px", "font-weight": "bold"},
            fig_margin=MARGIN,
            legend_location="top-left",
            padding_y=0,
            legend_style={"stroke-width": "0", "fill": "none"},
            animation_duration=0,
            display_toolbar=False,
            layout=W.Layout(width="330px", height="330px"),
        )
        self.add_class("bg-scores")
        self._scores = PerState(lambda state: tuple(state.public_scores()))
        self._players: tuple[str, ...] | None = None
        self._range: tuple[float, float, float] | None = None
        self._drawn: list[list[int]] = []

    def forget(self) -> None:
        """A new game: drop the remembered scores, names and ranges."""
        self._scores.forget()
        self._players = None
        self._range = None
        self._drawn = []

    @property
    def scores(self) -> list[list[int]]:
        """The scores the lines show, one list per seat, before they are drawn apart (``DODGE_PX``)."""
        return [list(r) for r in self._drawn]

    @property
    def plot_height(self) -> float:
        """The height of the plotting area in pixels (the figure's height less its margins)."""
        height = self.layout.height or ""
        pixels = float(height[:-2]) if height.endswith("px") else 330.0
        return max(pixels - MARGIN["top"] - MARGIN["bottom"], 50.0)

    def show(self, states: Sequence[Any], replay_ply: int | None, title: Any, unit: Any) -> None:
        """Draw the public scores of ``states`` (the whole game so far); the cursor at ``replay_ply`` (or none);
        ``title`` and ``unit`` (the y axis's label) are words or messages, said in the page's language (a game's unit
        given in English as the game word, ``boardgames.terms.unit_said``)."""
        names = states[0].names
        n = len(names)
        xs = list(range(len(states)))
        rows = list(zip(*(self._scores(s) for s in states)))
        self._drawn = rows
        if len(xs) == 1:  # a line needs two points to be drawn (and to get its legend entry)
            xs, rows = [0, 0], [r * 2 for r in rows]
        top = max(max(max(r) for r in rows), 10)
        ymax = float((int(top * 1.3) // 25 + 1) * 25)  # headroom for the legend
        # room under 0 for the lowest dodged line: as many pixels as the lines spread below their value
        below = (n / 2) * DODGE_PX + 2
        ymin = -ymax * below / (self.plot_height - below)
        offsets = dodges(n, (ymax - ymin) / self.plot_height)
        xmax = float(max(20, -(-(len(states) - 1) // 20) * 20))  # grows in steps: fewer redraws of the axes
        with self.lines.hold_sync():
            if self._players != tuple(names):
                self.lines.labels = list(names)
                self.lines.colors = [seat_colour(s) for s in range(n)]
                self._players = tuple(names)
            self.lines.x = [xs] * n
            self.lines.y = [[v + d for v in r] for r, d in zip(rows, offsets)]
        with self.heads.hold_sync():
            self.heads.x = [xs[-1]] * n
            self.heads.y = [r[-1] + d for r, d in zip(rows, offsets)]
            if list(self.heads.colors) != [seat_colour(s) for s in range(n)]:
                self.heads.colors = [seat_colour(s) for s in range(n)]
        if self._range != (xmax, ymin, ymax):
            self._range = (xmax, ymin, ymax)
            self.x_scale.max = xmax
            with self.y_scale.hold_sync():
                self.y_scale.min, self.y_scale.max = ymin, ymax
            self.x_axis.tick_values = list(range(0, int(xmax) + 1, axis_step(xmax, (5, 10, 20, 25, 50, 100))))
            self.y_axis.tick_values = list(range(0, int(ymax) + 1, axis_step(ymax, (10, 25, 50, 100))))
        # The dashed cursor marks the move shown during a replay. While the game is live the lines end at
        # the current move, and the cursor stays hidden rather than being redrawn after every move.
        replaying = replay_ply is not None
        if self.cursor.visible != replaying:
            self.cursor.visible = replaying
        if replaying:
            at = float(replay_ply)
            with self.cursor.hold_sync():
                self.cursor.x = [at, at]
                self.cursor.y = [ymin, ymax]
        self.title = shown(title)
        self.y_axis.label = shown(unit_said(unit) if isinstance(unit, str) and unit in terms()["game.unit"] else unit)
        self.x_axis.label = shown(say("move"))


NUMBERS_COLUMNS = 5  # the moves the chart's numbers give: the first, the last, and evenly between


class ScoreNumbers(W.HTML):
    """The score chart's text alternative (class ``bg-scores-numbers``): under a summary a reader may open, a table
    of each seat's score at a few moves of the game, the last one shown included. ``show(chart, names, title, unit,
    last)`` writes what ``chart`` (a ``ScoreChart`` just drawn) shows up to the move ``last``."""

    def __init__(self) -> None:
        super().__init__(layout=W.Layout(width="330px"))
        self.add_class("bg-scores-numbers")

    def show(self, chart: ScoreChart, names: Sequence[str], title: Any, unit: Any, last: int) -> None:
        rows = chart.scores
        last = min(last, len(rows[0]) - 1) if rows and rows[0] else 0
        moves = sorted({round(last * k / (NUMBERS_COLUMNS - 1)) for k in range(NUMBERS_COLUMNS)})
        unit_words = shown(unit_said(unit) if isinstance(unit, str) and unit in terms()["game.unit"] else unit)
        heads = [shown(say("move {n}", n=m)) for m in moves]
        head = "".join(f"<th scope='col'>{html.escape(words)}</th>" for words in heads)
        body = "".join(
            f"<tr><th scope='row' style='text-align:left'>{html.escape(name)}</th>"
            + "".join(f"<td>{row[m]}</td>" for m in moves) + "</tr>" for name, row in zip(names, rows))
        summary = html.escape(shown(say("{title} in numbers ({unit})", title=title, unit=unit_words)))
        self.value = (f"<details><summary>{summary}</summary><table style='font-size:12px;border-collapse:collapse'>"
                      f"<tr><th scope='col'></th>{head}</tr>{body}</table></details>")
