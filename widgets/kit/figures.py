"""The bqplot figure every board is drawn in: no padding or aspect limits (the board's scales say where things
go), no animation (a redraw shows the new position at once), no toolbar, a bold title and a fixed size."""

from __future__ import annotations

from collections.abc import Sequence

import bqplot as bq
import ipywidgets as W


def board_figure(marks: Sequence[bq.Mark], *, title: str, width: int, height: int, margin: dict,
                 axes: Sequence[bq.Axis] = (), title_size: int = 16, css: str | None = None,
                 rigid: bool = False) -> bq.Figure:
    """A figure of ``width`` x ``height`` pixels showing ``marks`` (and ``axes``) under ``title``; ``rigid``: it
    keeps its size in a row of widgets (it neither shrinks nor grows)."""
    fig = bq.Figure(
        marks=list(marks),
        axes=list(axes),
        fig_margin=margin,
        padding_x=0,
        padding_y=0,
        min_aspect_ratio=0.01,
        max_aspect_ratio=100,
        title=title,
        title_style={"font-size": f"{title_size}px", "font-weight": "bold"},
        animation_duration=0,
        display_toolbar=False,
        layout=W.Layout(width=f"{width}px", height=f"{height}px", **({"flex": "0 0 auto"} if rigid else {})),
    )
    if css:
        fig.add_class(css)
    return fig


def send_changed(sent: dict, mark: bq.Mark, **traits) -> None:
    """Give ``mark`` new data, sending only the traits that changed since the last time (fewer messages to the
    page); ``sent`` remembers, per mark, what was sent."""
    last = sent.setdefault(id(mark), {})
    changed = {k: v for k, v in traits.items() if last.get(k) != v}
    if not changed:
        return
    with mark.hold_sync():
        for k, v in changed.items():
            setattr(mark, k, v)
            last[k] = v
