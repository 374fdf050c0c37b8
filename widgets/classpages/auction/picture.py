"""A revealed round drawn: each bid against its bidder's estimate (a coin jar) or in the order of the bidders
(a Medici lot, whose cards all could see), the true value, the winner, and the lesson's bid beside the class's."""

from __future__ import annotations

import bqplot as bq
import ipywidgets as W

from boardgames.core.message import say
from classroom.auction import CLOCK, COIN_JAR, RoundView, money
from widgets.kit.figures import board_figure
from widgets.kit.palette import ink
from widgets.runtime.language import show, shown

WINNER, MINE, OTHERS, VALUE, THEORY = "#c92a2a", "#1c7ed6", "#868e96", "#2b8a3e", "#f08c00"


def round_picture(r: RoundView, width: int = 520, height: int = 360) -> W.VBox:
    """The figure of revealed round ``r`` (bids, y, against estimates, x, in dollars or florins) over its key."""
    table = r.table or ()
    jar = r.item == COIN_JAR
    xs = [(b.estimate if jar and b.estimate is not None else 100 * (k + 1)) / 100 for k, b in enumerate(table)]
    ys = [(b.bid if b.bid is not None else 0) / 100 for b in table]
    colours = [WINNER if b.won else MINE if b.mine else OTHERS for b in table]
    value = (r.value or 0) / 100
    top = max([value, *xs, *ys, 1.0]) * 1.15
    low = 0.0
    sx = bq.LinearScale(min=low, max=top if jar else max(len(table) + 1, 2))
    sy = bq.LinearScale(min=low, max=top)
    key = [(VALUE, "———", say("the true value, {value}", value=money(r.value, r.item))),
           (WINNER, "●", say("the winner")), (MINE, "●", say("you")), (OTHERS, "●", say("the others"))]
    marks: list[bq.Mark] = [
        bq.Scatter(x=xs or [-1], y=ys or [-1], colors=colours or [OTHERS], default_size=90, stroke="#ffffff",
                   names=[b.nickname for b in table] or [""], display_names=True, scales={"x": sx, "y": sy}),
        bq.Lines(x=[low, sx.max], y=[value, value], colors=[VALUE], stroke_width=2, scales={"x": sx, "y": sy}),
    ]
    if jar:
        marks.append(bq.Lines(x=[low, top], y=[low, top], colors=["#adb5bd"], line_style="dashed",
                              scales={"x": sx, "y": sy}))
        key.append(("#adb5bd", "- - -", say("a bid equal to the estimate")))
        if r.theory is not None and r.format != CLOCK:
            shade = r.theory / 100
            marks.append(bq.Lines(x=[shade, top], y=[0, top - shade], colors=[THEORY], scales={"x": sx, "y": sy}))
            key.append((THEORY, "———", say("the lesson's bid: the estimate − {shade}", shade=money(r.theory, r.item))))
    elif r.theory is not None:
        marks.append(bq.Lines(x=[low, sx.max], y=[r.theory / 100] * 2, colors=[THEORY], line_style="dashed",
                              scales={"x": sx, "y": sy}))
        key.append((THEORY, "- - -", say("the lot's expected worth, {worth}", worth=money(r.theory, r.item))))
    across = (show(bq.Axis(scale=sx, num_ticks=6), "label", say("estimate")) if jar else
              show(bq.Axis(scale=sx, tick_values=list(range(1, len(table) + 1)), tick_format="d"), "label",
                   say("bidders, in the order they joined")))
    axes = [across, show(bq.Axis(scale=sy, side="left", num_ticks=6), "label", say("bid"))]
    amount = money(abs(r.profit or 0), r.item)
    if r.winner is None:
        outcome = say("nobody bid")
    elif (r.profit or 0) < 0:
        outcome = say("{winner} won at {price}: a loss of {amount}", winner=r.winner, price=money(r.price, r.item),
                      amount=amount)
    else:
        outcome = say("{winner} won at {price}: a profit of {amount}", winner=r.winner, price=money(r.price, r.item),
                      amount=amount)
    title = say("Round {number}: {outcome}", number=r.number, outcome=outcome)
    fig = board_figure(marks, title=shown(title), width=width, height=height, title_size=14,
                       margin={"top": 40, "bottom": 45, "left": 55, "right": 15}, axes=axes, css="bg-class-picture")
    show(fig, "title", title)
    shown_key = [(colour, sign, said) for colour, sign, said in key if colour != MINE or any(b.mine for b in table)]
    legend = show(W.HTML(), "value", lambda: "<div class='bg-picture-key' style='font-size:12px;line-height:1.5'>"
                  + " · ".join(f"<span style='color:{ink(colour)};font-weight:bold'>{sign}</span> {shown(said)}"
                               for colour, sign, said in shown_key) + "</div>")
    return W.VBox([fig, legend])
