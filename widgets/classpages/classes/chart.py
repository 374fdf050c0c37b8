"""The class's coin-jar rounds beside the published result: the winner's profit or loss in each round of the class
(in dollars), the class's average, and the average loss of the winners in Bazerman and Samuelson's 48 auctions of a
jar worth $8.00 (``classroom.classes.published.COIN_JARS``), cited under the chart."""

from __future__ import annotations

import html
import math
from collections.abc import Sequence

import bqplot as bq
import ipywidgets as W

from boardgames.core.message import say
from classroom.classes.published import COIN_JARS
from widgets.classpages.classes.shared import bold, html_said, span, words
from widgets.kit.figures import board_figure
from widgets.runtime.language import on_language, show, shown

TITLE = say("The winner's profit in each round, beside the published result")

CLASS, AVERAGE, PUBLISHED, ZERO = "#1c7ed6", "#1c7ed6", "#f08c00", "#adb5bd"


class CurseChart(W.VBox):
    """The chart (class ``bg-curse-chart``), built once; ``show`` gives it the class's rounds."""

    def __init__(self, width: int = 560, height: int = 300) -> None:
        super().__init__()
        self.add_class("bg-curse-chart-box")
        self.sx = bq.LinearScale(min=0.5, max=1.5)
        self.sy = bq.LinearScale(min=-4.0, max=2.0)
        scales = {"x": self.sx, "y": self.sy}
        self.zero = bq.Lines(x=[0.5, 1.5], y=[0, 0], colors=[ZERO], stroke_width=1, scales=scales)
        self.published = bq.Lines(x=[0.5, 1.5], y=[COIN_JARS.profit] * 2, colors=[PUBLISHED], stroke_width=3,
                                  line_style="dashed", scales=scales)
        self.average = bq.Lines(x=[0.5, 1.5], y=[0, 0], colors=[AVERAGE], stroke_width=1.5, line_style="dotted",
                                scales=scales, visible=False)
        self.rounds = bq.Lines(x=[1], y=[0], colors=[CLASS], marker="circle", marker_size=60, stroke_width=2,
                               scales=scales, visible=False)
        self.across = show(bq.Axis(scale=self.sx, tick_format="d", tick_values=[1]), "label",
                           say("the class's coin-jar rounds, in order"))
        self.up = show(bq.Axis(scale=self.sy, side="left", tick_format="$.0f", tick_values=list(range(-4, 3))),
                       "label", say("winner's profit ($)"))
        self.figure = board_figure([self.zero, self.published, self.average, self.rounds], axes=[self.across, self.up],
                                   title=shown(TITLE), width=width, height=height, title_size=14,
                                   css="bg-curse-chart", margin={"top": 40, "bottom": 45, "left": 60, "right": 15})
        show(self.figure, "title", TITLE)
        self.key = W.HTML()
        self.key.add_class("bg-curse-key")
        self.children = [self.figure, self.key]
        self.shown: tuple | None = None
        self._key: tuple | None = None  # the key's sentences, drawn again when the page's language changes
        on_language(self._draw_key)

    def show(self, profits: Sequence[float], paid: float | None = None) -> None:
        """The winners' profits (dollars) of the class's coin-jar rounds, in the order they were played, and what
        the winners paid for each dollar of value, on average (None: no round yet)."""
        data = tuple(profits)
        if (data, paid) == self.shown:
            return
        self.shown = (data, paid)
        n = len(data)
        right = max(n, 1) + 0.5
        low = math.floor(min([0.0, COIN_JARS.profit, *data]) - 0.5)
        high = math.ceil(max([0.0, *data]) + 0.5)
        step = max(1, math.ceil((high - low) / 8))
        with self.sx.hold_sync():
            self.sx.min, self.sx.max = 0.5, right
        self.across.tick_values = list(range(1, max(n, 1) + 1, max(1, math.ceil(n / 12))))
        with self.sy.hold_sync():
            self.sy.min, self.sy.max = float(low), float(high)
        self.up.tick_values = list(range(low, high + 1, step))
        for line in (self.zero, self.published, self.average):
            line.x = [0.5, right]
        mean = sum(data) / n if n else 0.0
        with self.average.hold_sync():
            self.average.y = [mean, mean]
            self.average.visible = n > 0
        with self.rounds.hold_sync():
            self.rounds.x = list(range(1, n + 1)) or [1]
            self.rounds.y = list(data) or [0]
            self.rounds.visible = n > 0
        if n:
            ours = say("this class's winners ({dots} their average, {average})",
                       dots=span("····", style=f"color:{AVERAGE}"), average=bold(_dollars(mean)))
        else:
            ours = say("this class's winners (no coin-jar round revealed yet)")
        paid_said = None
        if paid is not None:
            paid_said = say("This class's winners paid {paid} of what the jar was worth, on average; the published "
                            "winners paid {published:.0%} (${price:.2f} for ${value:.2f}).",
                            paid=bold(f"{paid:.0%}", "bg-class-paid"), published=COIN_JARS.price / COIN_JARS.value,
                            price=COIN_JARS.price, value=COIN_JARS.value)
        self._key = (ours, paid_said)
        self._draw_key()

    def _draw_key(self) -> None:
        """The chart's key, in the page's language now."""
        if self._key is None:
            return
        ours, paid_said = self._key
        published = say("the published average: {average}", average=bold(_dollars(COIN_JARS.profit)))
        theirs = f"<span style='color:{PUBLISHED};font-weight:bold'>- - -</span> {html_said(published)}"
        if paid_said is not None:
            theirs += f"<br>{html_said(paid_said)}"
        self.key.value = (f"<div style='font-size:12px;line-height:1.5;max-width:{self.figure.layout.width}'>"
                          f"<span style='color:{CLASS};font-weight:bold'>●—</span> {html_said(ours)} · {theirs}<br>"
                          f"<span class='bg-citation'>{words(COIN_JARS.said())} "
                          f"<i>{html.escape(COIN_JARS.citation)}</i></span></div>")


def _dollars(amount: float) -> str:
    sign = "−" if amount < 0 else ""
    return f"{sign}${abs(amount):.2f}"
