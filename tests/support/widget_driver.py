"""Driving a GameApp from Python the way a person drives it in the browser: by clicking buttons."""

from __future__ import annotations

import random
import re

import ipywidgets as W
import numpy as np

from boardgames import medici
from widgets.kit.protocol import css_classes


def walk(widget):
    """Every widget under ``widget`` that is displayed (a parent with display none hides its children)."""
    layout = getattr(widget, "layout", None)
    if layout is not None and layout.display == "none":
        return
    yield widget
    for child in getattr(widget, "children", ()):
        yield from walk(child)


def page_text(root: W.Widget) -> str:
    """Every text the page gets from ``root``: the strings in every synced trait (value, description, tooltip,
    options, labels, a mark's texts, a figure's title...) of every widget reachable from it through its traits
    (children, marks, axes, tooltips), hidden widgets included: a hidden widget's text still reaches the page."""
    seen: set[int] = set()
    texts: list[str] = []

    def visit(value) -> None:
        if isinstance(value, W.Widget):
            if id(value) not in seen:
                seen.add(id(value))
                for name in value.keys:
                    visit(getattr(value, name))
        elif isinstance(value, str):
            texts.append(value)
        elif isinstance(value, (list, tuple)):
            for item in value:
                visit(item)
        elif isinstance(value, dict):
            for key, item in value.items():
                visit(key)
                visit(item)
        elif isinstance(value, np.ndarray) and value.dtype.kind in "USO":
            for item in value.ravel():
                visit(item)

    visit(root)
    return "\n".join(texts)


def move_buttons(app) -> list[W.Button]:
    """The visible move controls of the app (class ``bg-move``)."""
    return [w for w in walk(app.controls) if isinstance(w, W.Button) and "bg-move" in css_classes(w)]


def enabled_moves(app) -> list[W.Button]:
    return [b for b in move_buttons(app) if not b.disabled]


def kind_of(button: W.Button) -> str:
    return next(c for c in css_classes(button) if c.startswith("bg-move-"))[len("bg-move-"):]


def move_of(app, button: W.Button):
    """The move a Medici control stands for, as the controls would send it."""
    c = app.controls
    if button is c.draw:
        return medici.Draw()
    if button is c.auction:
        return medici.Auction()
    if button is c.pass_:
        return medici.Pass()
    if button is c.bid:
        return medici.Bid(int(c.bid_amount.value))
    if button is c.min_bid:
        return medici.Bid(c.min_amount)
    return medici.Stow(c.stows.index(button))


def play_out(app, rng: random.Random, *, limit: int = 2000, check=None) -> int:
    """Click random enabled move controls until the game is over; returns the number of clicks."""
    clicks = 0
    while not app.state.is_over:
        buttons = enabled_moves(app)
        assert buttons, f"a human decision with nothing to click: {app.status.value}"
        button = rng.choice(buttons)
        if button is getattr(app.controls, "bid", None) and not app.controls.bid_amount.disabled:  # Medici
            s = app.controls.bid_amount
            s.value = rng.randint(s.min, s.max)
        if check is not None:
            check(app)
        before = app.match.ply
        button.click()
        assert app.match.ply > before, f"a click on an enabled control did nothing: {app.status.value}"
        clicks += 1
        assert clicks < limit
    assert app.errors == []
    return clicks


def ranking_rows(panel_html: str) -> list[tuple[int, int, int]]:
    """(place, seat, score) rows of the end panel, top to bottom."""
    rows = re.findall(r"data-seat='(\d+)' data-place='(\d+)' data-score='(-?\d+)'", panel_html)
    return [(int(p), int(s), int(x)) for s, p, x in rows]
