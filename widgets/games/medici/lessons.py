"""The charts of the Medici notebooks, in bqplot: each one is shown as ``widgets.notebook`` shows a board, one
output whose plain-text part says in words what the chart draws (what a page without widgets shows). Their titles,
axes and words are messages, said in the notebook's language (a title or a label given may be a message too).

- ``distribution_chart(dist, title)``: the chance of each value, the mean dashed (lesson 1);
- ``running_average(dist, seed)``: the average of random cards as they are drawn, with a button (lesson 1);
- ``lots_chart(lots)``: distributions side by side as lines (lesson 2);
- ``worth_chart(worths, names, title)`` and ``profit_chart(worths, names)``: worths with their intervals and
  the profit of winning at each price (lesson 3);
- ``winners_curse_explorer()``: the sliders of lesson 4 and the chart they redraw;
- ``income_chart(parts, names)``: a day's income by source (Medici 3).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import bqplot as bq
import ipywidgets as W
import numpy as np
from IPython.display import display

from boardgames.core.message import listed, say, say_n
from boardgames.lessons.medici import (
    BINS,
    SHADE_STEP,
    Distribution,
    curse_sentence,
    formula_shade,
    overpayments,
    sample_lots,
    shares,
)
from boardgames.terms import unit_said
from widgets.kit.palette import seat_colour
from widgets.notebook import WIDGET_VIEW
from widgets.runtime.language import shown

BLUE, GREEN, RED, GREY = "#4c72b0", "#55a868", "#c44e52", "#888888"
MARGIN = {"top": 40, "bottom": 45, "left": 65, "right": 20}


FLORINS = unit_said("florins")
FACE_VALUE, LOT_TOTAL = say("face value"), say("total face value of the lot")  # the charts' usual x-axes


def show(widget: W.Widget, text: Any) -> None:
    """Show ``widget`` with ``text`` (a message) as its plain-text part."""
    display({WIDGET_VIEW: {"version_major": 2, "version_minor": 0, "model_id": widget.model_id},
             "text/plain": shown(text)}, raw=True)


def _axis(scale: bq.Scale, label: Any = None, **options: Any) -> bq.Axis:
    return bq.Axis(scale=scale, **({} if label is None else {"label": shown(label)}), **options)


def _figure(marks, axes, title: Any, width: int, height: int, **options) -> bq.Figure:
    return bq.Figure(marks=marks, axes=axes, title=shown(title), fig_margin=MARGIN,
                     layout=W.Layout(width=f"{width}px", height=f"{height}px"), **options)


def distribution_chart(dist: Distribution, title: Any, label: Any = FACE_VALUE) -> None:
    """The chance of each value of ``dist`` as bars, with a dashed line at its mean."""
    top = float(max(dist.probabilities)) * 1.2
    x = bq.LinearScale(min=-0.5, max=max(dist.values) + 0.5)
    y = bq.LinearScale(min=0.0, max=top)
    bars = bq.Bars(x=list(dist.values), y=[float(p) for p in dist.probabilities], scales={"x": x, "y": y},
                   colors=[BLUE], padding=0.3)
    mean = float(dist.mean)
    line = bq.Lines(x=[mean, mean], y=[0, top], scales={"x": x, "y": y}, colors=[RED], line_style="dashed")
    axes = [_axis(x, label), _axis(y, say("chance"), orientation="vertical")]
    chances = listed([say("{value}: {chance:.3f}", value=v, chance=float(p)) for v, p in dist.items()], ",")
    show(_figure([bars, line], axes, title, 520, 300),
         say("{title}. Chance of each {label}: {chances}; mean {mean:.3f}.", title=title, label=label,
             chances=chances, mean=mean))


class RunningAverage(W.VBox):
    """The running average of cards drawn at random (put back each time), on a log scale of the number
    drawn, against the exact mean of ``dist`` and a band of ± 2 standard errors; ``draw(n)`` draws ``n``
    more and redraws the marks in place, as the button does."""

    def __init__(self, dist: Distribution, seed: int = 2024, first: int = 100, points: int = 400):
        self.exact, self.sd, self.points = float(dist.mean), dist.sd, points
        self.rng = np.random.default_rng(seed)
        self.samples = np.empty(0, dtype=np.int16)
        self.xs, ys = bq.LogScale(min=1, max=10), bq.LinearScale(min=0.0, max=8.0)
        sc = {"x": self.xs, "y": ys}
        self.band = bq.Lines(x=[], y=[[], []], scales=sc, fill="between", colors=["#cccccc", "#cccccc"],
                             fill_colors=["#dddddd"], fill_opacities=[0.6])
        self.exact_line = bq.Lines(x=[1, 10], y=[self.exact] * 2, scales=sc, colors=[RED], line_style="dashed")
        self.line = bq.Lines(x=[], y=[], scales=sc, colors=[BLUE], stroke_width=2)
        axes = [_axis(self.xs, say("number of cards drawn (log scale)"), tick_format=",d",
                      tick_values=[1, 10, 100, 1_000, 10_000, 100_000]),
                _axis(ys, say("running average"), orientation="vertical")]
        figure = _figure([self.band, self.exact_line, self.line], axes, say("Running average of random cards"),
                         640, 340)
        self.status = W.HTML()
        button = W.Button(description=shown(say("Draw {n:,} more", n=1000)), icon="plus")
        button.on_click(lambda _: self.draw(1000))
        super().__init__([figure, W.HBox([button, self.status])])
        self.draw(first)

    @property
    def mean(self) -> float:
        return float(self.samples.mean())

    def draw(self, n: int) -> None:
        self.samples = np.concatenate([self.samples, sample_lots(1, n, rng=self.rng)])
        total = len(self.samples)
        at = np.unique(np.geomspace(1, total, self.points).astype(int))
        mean = np.cumsum(self.samples, dtype=float) / np.arange(1, total + 1)
        halfwidth = 2 * self.sd / np.sqrt(at)
        with self.line.hold_sync(), self.band.hold_sync(), self.exact_line.hold_sync():
            self.xs.max = float(max(10, total))
            self.line.x, self.line.y = at, mean[at - 1]
            self.band.x, self.band.y = at, [self.exact - halfwidth, self.exact + halfwidth]
            self.exact_line.x = [1, max(10, total)]
        self.status.value = shown(say("<b>{total:,}</b> cards drawn; average <b>{mean:.4f}</b>, exact {exact:.4f}",
                                      total=total, mean=float(mean[-1]), exact=self.exact))


def running_average(dist: Distribution, seed: int = 2024) -> RunningAverage:
    """Show a ``RunningAverage`` of ``dist`` after its first 100 cards, and return it (to draw more)."""
    chart = RunningAverage(dist, seed)
    show(chart, say("Running average of random cards: {n} drawn, average {mean:.4f}, exact {exact:.4f}.",
                    n=len(chart.samples), mean=chart.mean, exact=chart.exact))
    return chart


def lots_chart(lots: Mapping[int, Distribution], label: Any = LOT_TOTAL) -> None:
    """The distributions of ``lots`` (lot size -> distribution) as lines, every total from 0 up."""
    colours = [BLUE, GREEN, RED, GREY]
    x = bq.LinearScale(min=0.0, max=float(max(max(d.values) for d in lots.values())))
    y = bq.LinearScale(min=0.0, max=float(max(max(d.probabilities) for d in lots.values())) * 1.1)
    marks = [bq.Lines(x=list(range(max(d.values) + 1)), y=[float(d[v]) for v in range(max(d.values) + 1)],
                      scales={"x": x, "y": y}, colors=[colours[i % 4]], marker="circle", marker_size=20,
                      labels=[shown(say_n("{n} card", "{n} cards", k))], display_legend=True)
             for i, (k, d) in enumerate(lots.items())]
    axes = [_axis(x, label), _axis(y, say("chance"), orientation="vertical", tick_format=".2f")]
    title = say("Lots of {sizes} cards", sizes=listed(list(lots), ","))
    show(_figure(marks, axes, title, 680, 340, legend_location="top-right"),
         say("{title}: the chance of each total, one line per lot size.", title=title))


def worth_chart(worths: Sequence, names: Sequence[str], title: Any) -> None:
    """Each seat's worth as a bar in its colour, with its 95% interval as a black line."""
    x = bq.OrdinalScale()
    y = bq.LinearScale(min=min(0.0, min(w.low for w in worths)) - 1, max=max(w.high for w in worths) + 3)
    seats = [names[w.seat] for w in worths]
    bars = bq.Bars(x=seats, y=[w.mean for w in worths], scales={"x": x, "y": y},
                   colors=[seat_colour(w.seat) for w in worths], padding=0.4)
    whiskers = [bq.Lines(x=[n, n], y=[w.low, w.high], scales={"x": x, "y": y}, colors=["black"], stroke_width=3)
                for n, w in zip(seats, worths)]
    axes = [_axis(x), _axis(y, FLORINS, orientation="vertical")]
    said = listed([say("{name} {mean:.1f} ({low:.1f} to {high:.1f})", name=n, mean=w.mean, low=w.low, high=w.high)
                   for n, w in zip(seats, worths)], ";")
    show(_figure([bars, *whiskers], axes, title, 480, 320), say("{title}: {said}.", title=title, said=said))


def profit_chart(worths: Sequence, names: Sequence[str], top: int = 25) -> None:
    """The expected profit of winning at each price from 0 to ``top``, one line per seat."""
    prices = list(range(top + 1))
    px, py = bq.LinearScale(min=0.0, max=float(top)), bq.LinearScale(min=-float(top), max=20.0)
    lines = bq.Lines(x=prices, y=[[w.profit(p).mean for p in prices] for w in worths], scales={"x": px, "y": py},
                     colors=[seat_colour(w.seat) for w in worths], labels=[names[w.seat] for w in worths],
                     display_legend=True)
    zero = bq.Lines(x=[0, top], y=[0, 0], scales={"x": px, "y": py}, colors=["#999999"], line_style="dashed")
    axes = [_axis(px, say("price paid (florins)")), _axis(py, say("profit"), orientation="vertical")]
    show(_figure([zero, lines], axes, say("Expected profit of winning at each price"), 560, 320,
                 legend_location="top-right"),
         say("Expected profit of winning at each price: each line crosses 0 at that merchant's worth."))


class WinnersCurseExplorer(W.VBox):
    """Lesson 4's experiment: sliders for the number of bidders, the noise of their estimates and the shade,
    a button that shades by the formula, and the histogram of what the winner pays above the true value
    with its average (red) and the sentence that reads it. CSS hooks: ``lesson-bidders``, ``lesson-noise``,
    ``lesson-shade``, ``lesson-shade-button``, ``lesson-chart``, ``lesson-readout``."""

    def __init__(self, bidders: int = 5, noise: int = 6):
        self.bidders = W.IntSlider(value=bidders, min=1, max=12, description=shown(say("bidders")),
                                   continuous_update=False)
        self.noise = W.IntSlider(value=noise, min=1, max=10, description=shown(say("noise ±")),
                                 continuous_update=False)
        self.shade = W.FloatSlider(value=0.0, min=0.0, max=10.0, step=SHADE_STEP, readout_format=".2f",
                                   description=shown(say("shade")), continuous_update=False)
        self.by_formula = W.Button(description=shown(say("shade by the formula")),
                                   tooltip=shown(say("set the shade to noise × (n − 1)/(n + 1)")))
        for slider in (self.bidders, self.noise, self.shade):
            slider.tooltip = slider.description  # its label's tooltip (ipywidgets would say "null")
        for widget, name in [(self.bidders, "lesson-bidders"), (self.noise, "lesson-noise"),
                             (self.shade, "lesson-shade"), (self.by_formula, "lesson-shade-button")]:
            widget.add_class(name)
        hx, self.hy = bq.LinearScale(min=float(BINS[0]), max=float(BINS[-1])), bq.LinearScale(min=0.0, max=0.3)
        sc = {"x": hx, "y": self.hy}
        centres = (BINS[:-1] + BINS[1:]) / 2
        self.bars = bq.Bars(x=centres, y=np.zeros(len(centres)), scales=sc, colors=[BLUE], padding=0.1)
        zero = bq.Lines(x=[0, 0], y=[0, 1], scales=sc, colors=[GREY], line_style="dashed", stroke_width=2)
        self.mean_line = bq.Lines(x=[0, 0], y=[0, 1], scales=sc, colors=[RED], stroke_width=3)
        axes = [_axis(hx, say("price paid − true value (florins)")),
                _axis(self.hy, say("share of auctions"), orientation="vertical", tick_format=".0%")]
        self.chart = _figure([self.bars, zero, self.mean_line], axes,
                             say("What the winner pays above the true value"), 680, 340)
        self.chart.add_class("lesson-chart")
        self.readout = W.HTML()
        self.readout.add_class("lesson-readout")
        for widget in (self.bidders, self.noise, self.shade):
            widget.observe(self.redraw, names="value")
        self.by_formula.on_click(self.shade_by_formula)
        super().__init__([W.HBox([self.bidders, self.noise]), W.HBox([self.shade, self.by_formula]), self.chart,
                          self.readout])
        self.redraw()

    def redraw(self, _=None) -> None:
        """Simulate the auctions for the sliders' settings and update the chart's marks in place."""
        n, s, d = self.bidders.value, self.noise.value, self.shade.value
        over = overpayments(n, s, d)
        share = shares(over)
        mean = float(over.mean())
        with self.bars.hold_sync(), self.mean_line.hold_sync():
            self.hy.max = float(max(0.05, share.max() * 1.15))
            self.bars.y = share
            self.mean_line.x = [mean, mean]
        self.readout.value = shown(curse_sentence(n, s, d, over))

    def shade_by_formula(self, _=None) -> None:
        """Set the shade to the expected overpayment of the current bidders and noise."""
        self.shade.value = formula_shade(self.bidders.value, self.noise.value)


def winners_curse_explorer() -> None:
    """Show lesson 4's experiment (``WinnersCurseExplorer``) with five bidders within ±6."""
    explorer = WinnersCurseExplorer()
    show(explorer, say("Sliders for the number of bidders, the noise and the shade, and a histogram of what the "
                       "winner pays above the true value. {readout}", readout=explorer.readout.value))


def income_chart(parts: Mapping[Any, Sequence[int]], names: Sequence[str], colours: Sequence[str]) -> None:
    """A stacked bar per merchant: each of ``parts`` (source, a word or a message -> income by seat) a slice in its
    colour."""
    total = [sum(values[s] for values in parts.values()) for s in range(len(names))]
    x, y = bq.OrdinalScale(), bq.LinearScale(min=0, max=float(max(total) * 1.3))  # room for the legend
    bars = bq.Bars(x=list(names), y=[list(v) for v in parts.values()], scales={"x": x, "y": y}, type="stacked",
                   display_legend=True, labels=[shown(source) for source in parts], colors=list(colours))
    axes = [_axis(x), _axis(y, FLORINS, orientation="vertical")]
    said = listed([say("{name} {incomes}", name=name, incomes=listed(
        [say("{source} {amount}", source=source, amount=values[s]) for source, values in parts.items()], ","))
        for s, name in enumerate(names)], ";")
    title = say("Day income by source")
    show(_figure([bars], axes, title, 520, 320, legend_location="top-right", padding_y=0),
         say("{title}: {said}.", title=title, said=said))


__all__ = ["RunningAverage", "WinnersCurseExplorer", "distribution_chart", "income_chart",
           "lots_chart", "profit_chart", "running_average", "show", "winners_curse_explorer", "worth_chart"]
