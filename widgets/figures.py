"""The bqplot figure every board is drawn in: no padding or aspect limits (the board's scales say where things
go), no animation (a redraw shows the new position at once), no toolbar, a bold title and a fixed size."""

from __future__ import annotations

from collections.abc import Sequence

import bqplot as bq
import ipywidgets as W


def board_figure(marks: Sequence[bq.Mark], *, title: str, width: int, height: int, margin: dict,
                 axes: Sequence[bq.Axis] = (), title_size: int = 16, css: str | None = None) -> bq.Figure:
    """A figure of ``width`` x ``height`` pixels showing ``marks`` (and ``axes``) under ``title``."""
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
        layout=W.Layout(width=f"{width}px", height=f"{height}px"),
    )
    if css:
        fig.add_class(css)
    return fig
