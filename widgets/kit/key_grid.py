"""The board as buttons (``KeyGrid``), for a keyboard and a screen reader: a toggle ("Board as buttons", off at
first: the buttons are built and redrawn only while it is on, so a page stays fast for whoever does not need them)
and under it one button per square, cell or place of the board.

A board with rows and columns (``Rows``) is a grid of buttons with the rows' and columns' names as headers; a map of
places (``Groups``) is a list of buttons under headings. Each button shows a short text (a letter, a number, a sign
of what stands there) and carries its full name in words, in the page's language, as its tooltip, which the page
script (``widgets.runtime.accessibility``) makes its accessible name; the same script makes the grid one Tab stop
whose arrow keys move within it (Home and End: a row's ends). Pressing a button does what a click on that place of
the drawn board does (``press(key)``): the board's controls decide, and say why not when they refuse. A button where
the player may act now (``Square.ready``) wears a thick green ring (``bg-key-ready``) and its name says so; the
others (``bg-key-idle``) stay focusable, so that every square can be read.

The game gives ``read()``, which says the board's shape and every square (``Square``) as the board and its
controls show them now (never a rule of its own), and calls ``refresh()`` whenever the board is redrawn; a refresh
changes only the buttons whose words, text, colour or readiness changed.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Any

import ipywidgets as W

from boardgames.core.message import say
from widgets.kit.palette import letter_colour
from widgets.runtime.language import on_language, show, shown

READY, IDLE, SQUARE = "bg-key-ready", "bg-key-idle", "bg-key-square"
READY_RING = "#2f9e44"  # the green of the squares where the chosen piece may go, on the drawn boards
GRID_STYLE = (
    "<style>"
    ".bg-key-squares {gap:2px; align-items:center; margin:4px 0}"
    ".bg-key-squares .jupyter-button.bg-key-square {width:auto; min-width:26px; height:26px; padding:0 2px; margin:0;"
    " font-size:12px; border:1px solid #868e96; color:#212529}"
    ".bg-key-squares .jupyter-button.bg-key-ready {box-shadow:inset 0 0 0 3px #2f9e44; border-color:#2f9e44;"
    " font-weight:bold}"
    ".bg-key-squares .bg-key-head {font-size:11px; color:#495057; text-align:center; min-width:0}"
    ".bg-key-squares .bg-key-head .widget-html-content {line-height:26px; height:26px}"
    ".bg-key-squares.bg-key-list {align-items:flex-start}"
    ".bg-key-list .bg-key-group {flex-flow:row wrap; gap:3px}"
    ".bg-key-list .bg-key-heading h3 {font-size:13px; margin:6px 0 2px 0; font-weight:bold; text-align:left}"
    ".bg-key-list .jupyter-button.bg-key-square {height:auto; min-height:26px; padding:0 6px; white-space:normal}"
    "</style>"
)
TOGGLE = say("Board as buttons")
TOGGLE_TIP = say("Show the board as a grid of buttons, for the keyboard and screen readers: Tab into it, the arrow "
                 "keys move from square to square, Enter or Space acts as a click on that place of the board.")


@dataclass(frozen=True)
class Square:
    """One button: ``text``, what it shows (a few letters or a sign); ``name``, its full name (a message or
    words: where it is, what stands there, what the player may do there); ``ready``, whether the player may act
    there now; ``fill``, the colour it is drawn in (``#rrggbb``, None: the page's)."""

    text: str
    name: Any
    ready: bool = False
    fill: str | None = None


@dataclass(frozen=True)
class Rows:
    """A board of rows and columns: ``columns``, the columns' names (left to right); ``rows``, each a name and its
    keys (one per column, in order). Every row has one key per column."""

    columns: tuple[str, ...]
    rows: tuple[tuple[str, tuple[Hashable, ...]], ...]


@dataclass(frozen=True)
class Groups:
    """Places under headings: ``groups``, each a heading (a message or words) and its keys."""

    groups: tuple[tuple[Any, tuple[Hashable, ...]], ...]


Shape = Rows | Groups


class KeyGrid(W.VBox):
    """The toggle and, while it is on, the board's buttons.

    ``read()`` gives ``(shape, squares)``: the board's shape (``Rows`` or ``Groups``) and a ``Square`` per key;
    ``press(key)`` is what a press of the key's button does (a click on that place of the board). ``refresh()``
    draws the buttons again (only those that changed), or nothing while the toggle is off.
    """

    def __init__(self, read: Callable[[], tuple[Shape, dict[Hashable, Square]]], press: Callable[[Hashable], None],
                 *, css: str = "") -> None:
        self.read = read
        self.press = press
        self.toggle = W.ToggleButton(value=False, icon="th", layout=W.Layout(width="auto", align_self="flex-start"))
        show(self.toggle, "description", TOGGLE)
        show(self.toggle, "tooltip", TOGGLE_TIP)
        self.toggle.add_class("bg-key-toggle")
        self.toggle.observe(self._toggled, "value")
        self.body = W.Box(layout=W.Layout(display="none"))
        self.buttons: dict[Hashable, W.Button] = {}
        self._sent: dict[Hashable, tuple] = {}  # per key: what its button shows now
        self._shape: Shape | None = None
        self._grid: W.GridBox | None = None  # the box of a board of rows and columns
        self._list: W.VBox | None = None  # the box of groups of places
        self._heads: dict[Any, W.HTML] = {}  # the rows', columns' and groups' names
        self._groups: dict[tuple, W.Box] = {}  # a group's box, by its keys
        self._layout = W.Layout(width="auto")  # one layout for every button: fewer widgets on the page
        self._styles: dict[str | None, W.ButtonStyle] = {}  # one style per fill
        self.stale = True  # the board changed while the grid was off
        super().__init__([W.HTML(GRID_STYLE), self.toggle, self.body])
        self.add_class("bg-key-grid")
        if css:
            self.add_class(css)
        on_language(self._language_changed)

    @property
    def on(self) -> bool:
        return bool(self.toggle.value)

    def _toggled(self, change) -> None:
        if change["new"]:
            self.refresh()
        display = None if change["new"] else "none"
        if self.body.layout.display != display:
            self.body.layout.display = display

    def _language_changed(self) -> None:
        self.refresh()  # the buttons' names (the headings follow the language by themselves)

    def refresh(self) -> None:
        """Draw the buttons for the board as it is now (only what changed); while the toggle is off, nothing."""
        if not self.on:
            self.stale = True
            return
        self.stale = False
        shape, squares = self.read()
        if shape != self._shape:
            self._arrange(shape, squares)
        for key, square in squares.items():
            self._draw(key, square)

    def _button(self, key: Hashable, square: Square | None) -> W.Button:
        """The key's button; a new one is made with what it shows (``square``) in the state it is opened with: an
        update sent right after a widget is made may reach a page still making its view, and be lost there (seen:
        the last buttons of a grid left without words, now and then)."""
        b = self.buttons.get(key)
        if b is None:
            if square is None:
                b = W.Button(layout=self._layout, style=self._style(None), _dom_classes=(SQUARE,))
            else:
                name = shown(square.name)
                b = W.Button(description=square.text, tooltip=name, layout=self._layout,
                             style=self._style(square.fill), _dom_classes=(SQUARE, READY if square.ready else IDLE))
                self._sent[key] = (square.text, name, square.ready, square.fill)
            self.buttons[key] = b
            b.on_click(lambda _, key=key: self.press(key))
        return b

    def _style(self, fill: str | None) -> W.ButtonStyle:
        style = self._styles.get(fill)
        if style is None:
            style = self._styles[fill] = W.ButtonStyle() if fill is None else \
                W.ButtonStyle(button_color=fill, text_color=letter_colour(fill))
        return style

    def _arrange(self, shape: Shape, squares: dict[Hashable, Square]) -> None:
        """Lay the buttons out for ``shape`` (a new button showing its square of ``squares``): each button, header,
        heading and group is built once and kept (a button no longer in the shape is dropped); the grid's box and the
        list's box are reused."""
        self._shape = shape
        if isinstance(shape, Rows):
            n = len(shape.columns)
            children: list[W.Widget] = [self._head(""), *(self._head(c) for c in shape.columns)]
            for name, keys in shape.rows:
                children += [self._head(name), *(self._button(k, squares.get(k)) for k in keys)]
            keys_now = {k for _, keys in shape.rows for k in keys}
            if self._grid is None:
                self._grid = W.GridBox(layout=W.Layout(width="fit-content"))
                self._grid.add_class("bg-key-squares")
            columns = f"auto repeat({n}, minmax(26px, auto))"
            if self._grid.layout.grid_template_columns != columns:
                self._grid.layout.grid_template_columns = columns
            classes = tuple(c for c in self._grid._dom_classes if not c.startswith("bg-cols-"))
            self._grid._dom_classes = (*classes, f"bg-cols-{n}")  # the page script's arrow keys read it
            self._grid.children = children
            box = self._grid
        else:
            children = []
            for heading, keys in shape.groups:
                children += [self._heading(heading), self._group(keys, squares)]
            keys_now = {k for _, keys in shape.groups for k in keys}
            if self._list is None:
                self._list = W.VBox()
                self._list.add_class("bg-key-squares")
                self._list.add_class("bg-key-list")
            self._list.children = children
            box = self._list
        for key in [k for k in self.buttons if k not in keys_now]:
            self.buttons.pop(key).close()
            self._sent.pop(key, None)
        for keys in [keys for keys in self._groups if not all(k in keys_now for k in keys)]:
            group = self._groups.pop(keys)  # a group gone (the routes of a trip chosen): its box goes too
            group.layout.close()
            group.close()
        if self.body.children != (box,):
            self.body.children = (box,)

    def _head(self, text: str) -> W.HTML:
        """A row's or a column's name (kept: the names are the same in every language)."""
        head = self._heads.get(text)
        if head is None:
            head = self._heads[text] = W.HTML(html.escape(text, quote=False))
            head.add_class("bg-key-head")
        return head

    def _heading(self, said: Any) -> W.HTML:
        """A group's heading, in the page's language (and again when it changes)."""
        head = self._heads.get(said)
        if head is None:
            head = self._heads[said] = show(W.HTML(), "value",
                                            lambda: f"<h3>{html.escape(shown(said), quote=False)}</h3>")
            head.add_class("bg-key-heading")
        return head

    def _group(self, keys: tuple, squares: dict[Hashable, Square]) -> W.Box:
        """The buttons of a group of places, side by side."""
        group = self._groups.get(keys)
        if group is None:
            group = self._groups[keys] = W.Box([self._button(k, squares.get(k)) for k in keys],
                                               layout=W.Layout(display="flex"))
            group.add_class("bg-key-group")
        return group

    def _draw(self, key: Hashable, square: Square) -> None:
        b = self.buttons.get(key)
        if b is None:
            return
        name = shown(square.name)
        sent = (square.text, name, square.ready, square.fill)
        if self._sent.get(key) == sent:
            return
        before = self._sent.get(key, ("", "", None, None))
        self._sent[key] = sent
        with b.hold_sync():
            if b.description != square.text:
                b.description = square.text
            if b.tooltip != name:
                b.tooltip = name
            if before[3] != square.fill or b.style is not self._style(square.fill):
                b.style = self._style(square.fill)
        if before[2] != square.ready:
            classes = tuple(c for c in b._dom_classes if c not in (READY, IDLE))
            b._dom_classes = (*classes, READY if square.ready else IDLE)

    def names(self) -> dict[Hashable, str]:
        """Every button's full name as shown now (tests and a reader's check)."""
        return {key: self.buttons[key].tooltip for key in self._sent if key in self.buttons}

    def ready(self) -> list[Hashable]:
        """The keys whose buttons say the player may act there now."""
        return [key for key, sent in self._sent.items() if sent[2]]


def rows_of(columns: Sequence[str], rows: Sequence[str], key: Callable[[int, int], Hashable]) -> Rows:
    """A ``Rows`` shape whose key at row ``r``, column ``c`` (counted from 0) is ``key(r, c)``."""
    return Rows(tuple(columns), tuple((name, tuple(key(r, c) for c in range(len(columns))))
                                      for r, name in enumerate(rows)))


GRIDS: dict[type, Callable[[Any], KeyGrid]] = {}  # a board's class -> what makes its grid (each game's grid module)


def grid_for(board: Any) -> KeyGrid | None:
    """The grid of buttons of ``board``, made by what its game's grid module gave ``GRIDS`` (None: no grid)."""
    make = next((GRIDS[kind] for kind in type(board).__mro__ if kind in GRIDS), None)
    return make(board) if make is not None else None


def refreshed(grid: KeyGrid | None) -> None:
    """Redraw ``grid`` (if there is one) from its board."""
    if grid is not None:
        grid.refresh()


def board_and_grid(board: Any) -> list[Any]:
    """``board`` and, under it, its grid of buttons if it has one (what a page places where a board goes)."""
    grid = getattr(board, "key_grid", None)
    return [board] if grid is None else [board, grid]
