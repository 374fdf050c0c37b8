"""The Foundations of Metropolis board and its controls, for the app shell and the notebooks.

- ``MetropolisBoard(state)``: the city in one bqplot figure, built once and redrawn in place by
  ``show(state, viewer)``: the grid of the player count (columns A.., rows 1..), every lot marker in its seat's
  colour, every building filled by category and outlined in its owner's colour with its tile's letter, the
  deeds for sale with their prices, and, in the deed draft, the viewer's own hand. Beside it: the deed board
  (one button per deed, ``bg-move bg-move-buy``, enabled by the controls), the cards left in each year pile,
  every player's coins, prestige, population, markers and deeds, and every player's tile supply.
  Every cell is a marker of one ``Scatter`` with ``on_element_click``; the lot markers and the highlighted
  cells (a second ``Scatter`` on top) take clicks too, each for the cell under it.
- ``MetropolisControls(on_move, board=None)``: take income (``bg-move-income``); choose a tile to build
  (``bg-choose bg-choose-tile``), which highlights every cell some legal footprint of it covers (from
  ``legal_builds``); a click on a green cell narrows the footprints to those through it (dark green), until
  one is left and is built; the footprints left are offered as buttons too (``bg-move-build``). A click on a
  deed for sale buys it; in the deed draft a click on a gold cell of the hand picks it (or a
  ``bg-move-pick`` button). A refused click is explained with ``state.check``.

This is Metropolis's view module for the app shell (``widgets.kit.protocol``): ``Board``, ``Controls``, ``turn_hint``,
``SCORE_NAME``, ``SCORE_TITLE``, ``end_columns``, ``END_NOTE``, ``EMPHASISED``, ``OPTIONS`` (the deed draft) and
``reasons_private``; the board's ``mark(move)`` outlines the cells of a suggested build, buy or pick.

Nothing here decides a rule: every fact is read from the state, every choice from ``legal_moves`` and every
refusal from ``check``. A draft hand is shown to its holder only.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence

import bqplot as bq
import ipywidgets as W

from boardgames import metropolis as m
from boardgames.metropolis.board import LETTERS, NAMES, WIDTH, cell_index, footprints, orientations
from boardgames.metropolis.rules import PRICES, SIDE, YEARS
from boardgames.metropolis.tiles import SHAPES
from widgets.kit.controls import BoardControls
from widgets.kit.figures import board_figure, send_changed
from widgets.kit.marks import MARK_COLOUR, MarkCaption
from widgets.kit.palette import mix, seat_colour

# ------------------------------------------------------------------------------------- colours and sizes

CATEGORY_FILL = {"residential": "#ffd8a8", "commercial": "#a5d8ff", "public": "#d0bfff"}
EMPTY = "#e9ecef"  # a cell nobody holds
FOR_SALE = "#fff3bf"  # a cell whose deed is on the deed board
PRICE_TEXT = "#e67700"
HIGHLIGHT = "#2f9e44"  # the cells of the chosen tile's legal footprints (tests find them by this colour)
PICKED = "#0b4f1d"  # the cells clicked so far for the build in progress
HAND = "#f59f00"  # the draft: the cells of the deeds in the viewer's hand, when it may pick
DARK = "#212529"

GRID_PX = 420  # the figure's width and height in pixels, whatever the player count
MARGIN = {"top": 30, "bottom": 4, "left": 4, "right": 4}
LABEL_ROOM = 0.7  # cells of room left of and above the grid for the column letters and row numbers
MAX_CHOICES = 12  # footprints offered as buttons when no more than this many are left
SIDE_PX = 360  # the panel beside the city: deed board, players, supplies
BOARD_STYLE = (
    "<style>"
    ".bg-metropolis-fig .label, .bg-metropolis-fig .curve, .bg-metropolis-fig .line {pointer-events:none}"
    ".bg-metropolis-controls .bg-selected {outline:3px solid #2f9e44; outline-offset:1px; font-weight:bold}"
    ".bg-metropolis-board .widget-html-content, .bg-metropolis-controls .widget-html-content {line-height:1.4}"
    ".bg-metropolis-info table {border-collapse:collapse; font-size:12px}"
    ".bg-metropolis-info td, .bg-metropolis-info th {padding:1px 4px; text-align:right; white-space:nowrap}"
    ".bg-metropolis-info th {font-weight:normal; color:#495057; white-space:normal; vertical-align:bottom}"
    ".bg-metropolis-info td:first-child {white-space:normal; overflow-wrap:break-word}"
    ".bg-metropolis-info td:first-child, .bg-metropolis-info th:first-child {text-align:left}"
    ".bg-tile-chip {display:inline-block; font-size:11px; padding:0 3px; margin:1px; border-radius:3px;"
    " border:1px solid #868e96}"
    ".bg-deed-board .widget-button {font-size:12px}"
    ".bg-metropolis-tiles .widget-button {padding:0 2px; font-size:12px}"
    "</style>"
)

SHAPE_WORDS = {"mono": "1 cell", "domino": "2 cells in a row", "I3": "3 cells in a row", "L3": "3 cells in an L",
               "O4": "a 2 x 2 square", "I4": "4 cells in a row"}


def xy(cell: str) -> tuple[int, int]:
    """A cell's column and row counted from 0 (``"B3"`` is (1, 2))."""
    i = cell_index(cell)
    return i % WIDTH, i // WIDTH


def tile_words(tile: str) -> str:
    """What a tile is, in a few words: ``"C-L3 Hotel: residential, 4 citizens, 3 cells in an L"``."""
    t = m.TILES[tile]
    if t.category == "residential":
        worth = f"{t.citizens} citizen{'s' * (t.citizens != 1)}"
    elif t.category == "commercial":
        worth = f"{t.coins} coin{'s' * (t.coins != 1)} and {t.prestige} prestige a year"
    else:
        factor = "the Marketplace factor" if t.factor is None else t.factor
        basis = {"coins": "coin of the commercial buildings", "buildings": "building", "public": "public building",
                 "half-citizens": "two citizens", "citizens": "citizen"}[t.scoring]
        worth = f"scores {factor} per {basis} next to it"
    return f"{tile} {t.name}: {t.category}, {worth}, {SHAPE_WORDS[t.shape]}"


def outline_segments(cells: Sequence[str]) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    """The edges of a building's cells that face outside it, as ((x0, y0), (x1, y1)) in cell units."""
    inside = {xy(c) for c in cells}
    segs = []
    for c, r in inside:
        if (c, r - 1) not in inside:
            segs.append(((c - 0.5, r - 0.5), (c + 0.5, r - 0.5)))
        if (c, r + 1) not in inside:
            segs.append(((c - 0.5, r + 0.5), (c + 0.5, r + 0.5)))
        if (c - 1, r) not in inside:
            segs.append(((c - 0.5, r - 0.5), (c - 0.5, r + 0.5)))
        if (c + 1, r) not in inside:
            segs.append(((c + 0.5, r - 0.5), (c + 0.5, r + 0.5)))
    return segs


def label_point(cells: Sequence[str]) -> tuple[float, float]:
    """Where a building's letter goes: the centre of its cells, moved into the cell nearest it (an L's corner)."""
    points = [xy(c) for c in cells]
    cx = sum(p[0] for p in points) / len(points)
    cy = sum(p[1] for p in points) / len(points)
    if len(points) == 3 and len({p[0] for p in points}) == 2:  # an L: its corner cell
        return min(points, key=lambda p: (p[0] - cx) ** 2 + (p[1] - cy) ** 2)
    return cx, cy


OUT_OF_SIGHT = -9.0  # bqplot wants at least one point per mark: an empty mark gets one here, unseen


def _points(cells: Sequence[str]) -> tuple[list[float], list[float]]:
    if not cells:
        return [OUT_OF_SIGHT], [OUT_OF_SIGHT]
    return [float(xy(c)[0]) for c in cells], [float(xy(c)[1]) for c in cells]


SHAPE_CELL_PX = 16  # a cell of the shapes picture


def _shape_svg(form: Sequence[tuple[int, int]], fill: str) -> str:
    """One way a shape lies, drawn as squares: ``form`` is the engine's (column, row) offsets."""
    size = SHAPE_CELL_PX
    width = (1 + max(c for c, _ in form)) * size
    height = (1 + max(r for _, r in form)) * size
    squares = "".join(f"<rect x='{c * size + 1}' y='{r * size + 1}' width='{size}' height='{size}' fill='{fill}' "
                      f"stroke='{DARK}' stroke-width='1.2'/>" for c, r in form)
    return (f"<svg class='bg-shape' width='{width + 2}' height='{height + 2}' style='vertical-align:middle;"
            f"margin:2px 10px 2px 0'>{squares}</svg>")


def shapes_html() -> str:
    """Every shape a building can take, each drawn in every way it may be turned (the engine's rotations), with
    the tiles of that shape: a picture to go beside the buildings' table. The Hotel (C) and the Shopping Mall
    (J) each come in two shapes, one tile of each."""
    rows = []
    for shape in SHAPES:
        tiles = [t for t in m.TILES.values() if t.shape == shape]
        names = ", ".join(
            f"<span class='bg-tile-chip' style='background:{CATEGORY_FILL[t.category]}'>{t.id}</span> "
            f"{html.escape(t.name)}" for t in tiles)
        forms = orientations(shape)
        turned = "one way only" if len(forms) == 1 else f"{len(forms)} ways"
        pictures = "".join(_shape_svg(form, mix("#868e96", 0.75)) for form in forms)
        rows.append(f"<tr class='bg-shape-row' data-shape='{shape}'><td style='padding:4px 8px;text-align:left'>"
                    f"<b>{SHAPE_WORDS[shape]}</b><br><span style='color:#495057'>{turned}</span></td>"
                    f"<td style='padding:4px 8px;text-align:left;white-space:nowrap'>{pictures}</td>"
                    f"<td style='padding:4px 8px;text-align:left;line-height:1.7'>{names}</td></tr>")
    return (f"{BOARD_STYLE}<table class='bg-shapes' style='border-collapse:collapse;font-size:13px'>"
            "<tr><th style='text-align:left;padding:2px 8px'>shape</th><th style='text-align:left;padding:2px 8px'>"
            "turned every way</th><th style='text-align:left;padding:2px 8px'>the tiles of that shape</th></tr>"
            + "".join(rows) + "</table>")


def shapes_text() -> str:
    """The shapes picture in words (what a page without HTML shows)."""
    lines = []
    for shape in SHAPES:
        tiles = ", ".join(t.id for t in m.TILES.values() if t.shape == shape)
        forms = len(orientations(shape))
        lines.append(f"{SHAPE_WORDS[shape]}: {forms} way{'s' * (forms != 1)} to lie; tiles {tiles}")
    return "\n".join(lines)


# ------------------------------------------------------------------------------------- the board


class MetropolisBoard(W.VBox):
    """The Metropolis table: the city in bqplot, the deed board, the players and their supplies beside it.

    Build it once (``MetropolisBoard(state)``) and call ``show(state, viewer)`` after every move;
    ``highlight(cells, picked, colour)`` marks the cells a click may choose. ``on_cell(callback)`` registers
    ``callback(cell)`` for clicks on any cell, ``on_deed(callback)`` for clicks on a deed of the deed board.
    """

    def __init__(self, state=None, *, size: int = GRID_PX):
        self.size = size
        self.state = None
        self.viewer: int | None = None
        self.side_cells = 0  # the board's side drawn now (7, 8 or 9)
        self.grid: list[str] = []  # the cells in play, in the order of the cells scatter
        self._cell_callbacks: list[Callable] = []
        self._deed_callbacks: list[Callable] = []
        self._hot: list[str] = []
        self._hot_key: tuple = ()
        self._marker_cells: list[str] = []
        self._sent: dict[int, dict] = {}  # per mark: the data last sent to the page
        self.figure = self._build()
        self.deed_buttons = [self._deed_button(slot) for slot in range(len(PRICES))]
        self.deed_title = W.HTML()
        self.deed_board = W.VBox([W.HBox(self.deed_buttons[:3]), W.HBox(self.deed_buttons[3:])])
        self.deed_board.add_class("bg-deed-board")
        self.info = W.HTML(layout=W.Layout(width=f"{SIDE_PX}px"))
        self.info.add_class("bg-metropolis-info")
        panel = W.VBox([self.deed_title, self.deed_board, self.info],
                       layout=W.Layout(width=f"{SIDE_PX}px", margin="0 0 0 8px"))
        self.side = W.Box(layout=W.Layout(margin="4px 0 0 0"))
        self.mark_caption = MarkCaption()
        self.marked = None  # the move marked (see ``mark``)
        super().__init__([W.HTML(BOARD_STYLE), self.mark_caption, W.HBox([self.figure, panel]), self.side])
        self.add_class("bg-metropolis-board")
        if state is not None:
            self.show(state)

    def set_side(self, widget) -> None:
        """Place ``widget`` (the shell's score chart) under the city and its panel."""
        widget.layout.width = f"{self.size + SIDE_PX + 8}px"
        widget.layout.height = "240px"
        self.side.children = (widget,)

    def on_cell(self, callback: Callable) -> None:
        """Call ``callback(cell)`` (a name like ``"B2"``) whenever a cell is clicked."""
        self._cell_callbacks.append(callback)

    def on_deed(self, callback: Callable) -> None:
        """Call ``callback(cell)`` whenever the deed of ``cell`` is clicked on the deed board."""
        self._deed_callbacks.append(callback)

    # -- construction (once)
    def _build(self) -> bq.Figure:
        self.sx = bq.LinearScale(min=-0.5 - LABEL_ROOM, max=6.5)
        self.sy = bq.LinearScale(min=-0.5 - LABEL_ROOM, max=6.5, reverse=True)
        sc = {"x": self.sx, "y": self.sy}
        far = [OUT_OF_SIGHT]
        self.cells = bq.Scatter(x=far, y=far, scales=sc, marker="square", default_size=100, colors=[EMPTY],
                                stroke="#ffffff", stroke_width=1)
        self._rim = bq.Lines(x=[far * 2], y=[far * 2], scales=sc, colors=[DARK], stroke_width=7)
        self._edge = bq.Lines(x=[far * 2], y=[far * 2], scales=sc, colors=[DARK], stroke_width=4)
        self.markers = bq.Scatter(x=far, y=far, scales=sc, marker="circle", default_size=100, colors=[DARK],
                                  stroke="#ffffff", stroke_width=2)
        self.highlights = bq.Scatter(x=far, y=far, scales=sc, marker="square", default_size=100,
                                     colors=["#ffffff"], stroke="#ffffff", stroke_width=2, opacities=[0.0])
        self._letters = bq.Label(x=far, y=far, text=[""], scales=sc, align="middle", default_size=20,
                                 font_weight="bold", colors=[DARK], y_offset=7)
        self._prices = bq.Label(x=far, y=far, text=[""], scales=sc, align="middle", default_size=16,
                                font_weight="bold", colors=[PRICE_TEXT], y_offset=2)
        self._tags = bq.Label(x=far, y=far, text=[""], scales=sc, align="middle", default_size=10,
                              font_weight="bold", colors=[DARK], y_offset=4)
        self._coords = bq.Label(x=far, y=far, text=[""], scales=sc, align="middle", default_size=13,
                                colors=["#495057"], y_offset=5)
        self._mark = bq.Lines(x=[far * 2], y=[far * 2], scales=sc, colors=[MARK_COLOUR], stroke_width=5)
        for mark in (self.cells, self.markers, self.highlights):
            mark.on_element_click(self._clicked)
        return board_figure(
            [self.cells, self._rim, self._edge, self.markers, self.highlights, self._letters, self._prices,
             self._tags, self._coords, self._mark],
            title="Foundations of Metropolis", title_size=15, margin=MARGIN, css="bg-metropolis-fig", rigid=True,
            width=self.size + MARGIN["left"] + MARGIN["right"], height=self.size + MARGIN["top"] + MARGIN["bottom"],
        )

    def _deed_button(self, slot: int) -> W.Button:
        b = W.Button(description="", disabled=True, layout=W.Layout(width="106px"))
        b.add_class("bg-move")  # a click buys the deed: a move
        b.add_class("bg-move-buy")
        b.add_class("bg-deed")
        b.on_click(lambda _, slot=slot: self.deed_clicked(slot))
        return b

    def _resize(self, players: int) -> None:
        """Draw the grid of the board for ``players`` (the player count changed)."""
        side = self.side_cells = SIDE[players]
        self.grid = m.cells(players)
        with self.sx.hold_sync(), self.sy.hold_sync():
            self.sx.max = self.sy.max = side - 0.5
        # bqplot pads the plot by half the largest marker on every side: the cells' squares take one cell more
        px = (self.size + 2) / (side + LABEL_ROOM + 1)
        x, y = _points(self.grid)
        self._set(self.cells, x=x, y=y, default_size=int((px - 2) ** 2))
        self._set(self.highlights, default_size=int((px - 8) ** 2))
        self._set(self.markers, default_size=int((px * 0.36) ** 2))
        letters = LETTERS[:side]
        away = -0.5 - LABEL_ROOM * 0.6  # the letters and numbers clear of the outlines of the first row and column
        self._set(self._coords, x=[float(c) for c in range(side)] + [away] * side,
                  y=[away] * side + [float(r) for r in range(side)],
                  text=list(letters) + [str(r + 1) for r in range(side)])
        self._hot_key = ()
        self.highlight([])

    # -- clicks
    def _clicked(self, mark, event) -> None:
        i = event.get("data", {}).get("index")
        if i is None:
            return
        cells = self.grid if mark is self.cells else self._marker_cells if mark is self.markers else self._hot
        if 0 <= i < len(cells):
            self.click(cells[i])

    def click(self, cell: str) -> None:
        """What a click on ``cell`` does (the browser's clicks land here; tests may call it)."""
        for callback in list(self._cell_callbacks):
            callback(cell)

    def deed_clicked(self, slot: int) -> None:
        """What a click on the deed board's ``slot`` (0 for the 2-coin slot) does."""
        if self.state is None or slot >= len(self.state.deed_board):
            return
        cell = self.state.deed_board[slot]
        for callback in list(self._deed_callbacks):
            callback(cell)

    def deed_button(self, cell: str) -> W.Button:
        """The deed board's button for the deed of ``cell`` (KeyError if it is not for sale)."""
        if self.state is None or cell not in self.state.deed_board:
            raise KeyError(f"{cell} is not on the deed board")
        return self.deed_buttons[self.state.deed_board.index(cell)]

    # -- highlights
    def highlight(self, cells: Sequence[str], picked: Sequence[str] = (), colour: str = HIGHLIGHT) -> None:
        """Mark ``cells`` (where a click may choose) in ``colour``, the ``picked`` ones among them darker; an empty
        list clears the marks."""
        key = (tuple(cells), tuple(picked), colour)
        if key == self._hot_key:
            return
        self._hot_key = key
        self._hot = list(cells)
        x, y = _points(self._hot)
        chosen = set(picked)
        colours = [PICKED if c in chosen else colour for c in self._hot] or ["#ffffff"]
        opacities = [0.85 if c in chosen else 0.6 for c in self._hot] or [0.0]
        self._set(self.highlights, x=x, y=y, colors=colours, opacities=opacities)

    @property
    def highlighted(self) -> list[str]:
        """The cells marked now."""
        return list(self._hot)

    def mark(self, move) -> None:
        """Outline the cells ``move`` (a move suggested for the position shown) concerns: a building's footprint, the
        deed bought or the deed picked (income concerns no cell: the line over the board names it); None clears."""
        self.marked = move
        cells = list(getattr(move, "cells", ())) or ([move.cell] if hasattr(move, "cell") else [])
        segs = outline_segments(cells)
        xs = [[a[0], b[0]] for a, b in segs] or [[OUT_OF_SIGHT] * 2]
        ys = [[a[1], b[1]] for a, b in segs] or [[OUT_OF_SIGHT] * 2]
        self._set(self._mark, x=xs, y=ys)
        where = f"{'cell' if len(cells) == 1 else 'cells'} {' '.join(cells)}" if cells else ""
        self.mark_caption.show(self, move, where)

    @property
    def picked(self) -> list[str]:
        """The cells marked as clicked for the build in progress."""
        chosen = set(self._hot_key[1]) if self._hot_key else set()
        return [c for c in self._hot if c in chosen]

    def _set(self, mark, **traits) -> None:
        """Give ``mark`` new data, sending only the traits that changed since the last time."""
        send_changed(self._sent, mark, **traits)

    # -- redraw from a state
    def show(self, state, viewer: int | None = None) -> None:
        """Redraw for ``state`` as ``viewer`` may see it (a seat, or None for a spectator): everything on the
        table is public but the draft hands, and ``viewer`` sees its own hand only."""
        self.state, self.viewer = state, viewer
        if SIDE[state.players] != self.side_cells:
            self._resize(state.players)
        hand = state.hand(viewer) if viewer is not None and state.drafting else ()
        kept = self._kept(state, viewer)
        holders = {cell: seat for seat in range(state.players) for cell in state.lots(seat)}
        fills, markers, marker_colours = [], [], []
        for cell in self.grid:
            building = state.building_at(cell)
            holder = holders.get(cell)
            if building is not None:
                fills.append(CATEGORY_FILL[m.TILES[building.tile].category])
            elif holder is not None:
                fills.append(mix(seat_colour(holder), 0.8))
                markers.append(cell)
                marker_colours.append(seat_colour(holder))
            elif cell in state.deed_board or cell in hand or cell == kept:
                fills.append(FOR_SALE)
            else:
                fills.append(EMPTY)
        self._set(self.cells, colors=fills)
        self._marker_cells = markers
        x, y = _points(markers)
        self._set(self.markers, x=x, y=y, colors=marker_colours or [DARK])
        self._draw_buildings(state)
        x, y = _points(state.deed_board)
        y = [v - 0.1 for v in y] if state.deed_board else y  # the price above the word "coins"
        self._set(self._prices, x=x, y=y, text=[str(p) for p in state.prices] or [""])
        tags, tag_colours = [], []
        for cell in state.deed_board:
            tags.append((cell, "coins"))
            tag_colours.append(PRICE_TEXT)
        for cell in hand:
            tags.append((cell, "in hand"))
            tag_colours.append(DARK)
        if kept:
            tags.append((kept, "kept"))
            tag_colours.append(seat_colour(viewer))
        x, y = _points([c for c, _ in tags])
        if state.deed_board:  # under the prices
            y = [v + (0.2 if c in state.deed_board else 0) for v, (c, _) in zip(y, tags)]
        self._set(self._tags, x=x, y=y, text=[t for _, t in tags] or [""], colors=tag_colours or [DARK])
        title = _title(state)
        if self.figure.title != title:
            self.figure.title = title
        self._show_deed_board(state)
        self.info.value = info_html(state, viewer)

    @staticmethod
    def _kept(state, viewer: int | None) -> str | None:
        """The deed ``viewer`` picked this draft round, not yet shown to the others."""
        return None if viewer is None else state.pick(viewer)

    def _draw_buildings(self, state) -> None:
        segs, colours, letters, lx, ly = [], [], [], [], []
        for b in state.all_buildings():
            mine = outline_segments(b.cells)
            segs += mine
            colours += [seat_colour(b.owner)] * len(mine)
            x, y = label_point(b.cells)
            lx.append(float(x))
            ly.append(float(y))
            letters.append(b.tile.split("-")[0])
        if segs:
            xs = [[a[0], c[0]] for a, c in segs]
            ys = [[a[1], c[1]] for a, c in segs]
        else:
            xs = ys = [[OUT_OF_SIGHT, OUT_OF_SIGHT]]
            colours = ["#ffffff"]
        self._set(self._rim, x=xs, y=ys)
        self._set(self._edge, x=xs, y=ys, colors=colours)
        self._set(self._letters, x=lx or [OUT_OF_SIGHT], y=ly or [OUT_OF_SIGHT], text=letters or [""],
                  colors=[seat_colour(b.owner) for b in state.all_buildings()] or [DARK])

    def _show_deed_board(self, state) -> None:
        if state.drafting:
            head = "The deed board is laid out after the draft."
        elif not state.deed_board:
            head = ("The deed board is empty: the year's final turns." if not state.is_over
                    else "The game is over.")
        else:
            head = "Click a deed to buy it:"
        piles = " · ".join(f"Year {y}: {state.pile_size(y)}" for y in range(1, YEARS + 1))
        self.deed_title.value = (
            f"<div style='font-size:13px;white-space:normal;max-width:{SIDE_PX - 16}px'>"
            f"<b>Deed board</b>, Year {state.year} "
            f"<span style='color:#495057'>(cards left in the piles: {piles})</span><br>{html.escape(head)}</div>"
        )
        display = None if state.deed_board else "none"  # no deed for sale: no empty rows of buttons
        if self.deed_board.layout.display != display:
            self.deed_board.layout.display = display
        for slot, button in enumerate(self.deed_buttons):
            if slot < len(state.deed_board):
                text = f"{state.deed_board[slot]} · {state.prices[slot]} coins"
                visibility = "visible"
            else:
                text, visibility = "", "hidden"
            if button.description != text:
                button.description = text
            if button.layout.visibility != visibility:
                button.layout.visibility = visibility


def _title(state) -> str:
    if state.is_over:
        return "The city · the game is over"
    if state.drafting:
        return f"The city · deed draft, round {state.round}"
    final = " · final turns" if state.final_turns else ""
    return f"The city · Year {state.year}{final}"


def _swatch(colour: str) -> str:
    return (f"<span style='display:inline-block;width:11px;height:11px;background:{colour};"
            "border:1px solid #495057;margin-right:3px;vertical-align:-1px'></span>")


def _chips(tiles: Sequence[str]) -> str:
    return "".join(
        f"<span class='bg-tile-chip' style='background:{CATEGORY_FILL[m.TILES[t].category]}'>{t}</span>"
        for t in tiles
    ) or "<span style='color:#868e96'>none</span>"


def info_html(state, viewer: int | None = None) -> str:
    """Every player's coins, prestige, population, markers, deeds and tile supply, the viewer's draft hand,
    and the legend (all read from the engine)."""
    now = state.year_scores() if not state.drafting and not state.is_over else None
    rows = []
    for seat, name in enumerate(state.names):
        mark = "▶ " if seat == state.current_player else ""
        token = " <span title='first player' style='color:#495057'>(1st)</span>" if seat == state.first_player else ""
        year_now = f"<td>+{now[seat].total}</td>" if now is not None else "<td>–</td>"
        rows.append(
            f"<tr class='bg-player' data-seat='{seat}'><td style='color:{seat_colour(seat)};font-weight:bold'>"
            f"{mark}{html.escape(name)}{token}</td><td>{state.coins[seat]}</td><td><b>{state.prestige[seat]}</b></td>"
            f"<td>{state.population(seat)}</td><td>{state.markers(seat)}</td>"
            f"{year_now}</tr>"
        )
    table = (
        "<table><tr><th>player</th><th>coins</th><th>prestige</th><th>citizens</th><th>markers</th>"
        "<th title='the prestige this year would give if it were scored now'>year now</th></tr>"
        + "".join(rows) + "</table>"
    )
    supplies = "".join(
        f"<div class='bg-supply' data-seat='{seat}' style='margin-top:3px;white-space:normal'>"
        f"<b style='color:{seat_colour(seat)}'>{html.escape(name)}</b>: {_chips(state.supply(seat))}</div>"
        for seat, name in enumerate(state.names)
    )
    hand = ""
    if viewer is not None and state.drafting:
        cells = ", ".join(state.hand(viewer)) or "nothing"
        hand = (f"<div class='bg-hand' style='margin-top:4px'><b>Your hand</b> (only you see it): "
                f"{html.escape(cells)}</div>")
    legend = (
        "<div style='font-size:12px;color:#495057;margin-top:6px;white-space:normal'>"
        f"{_swatch(CATEGORY_FILL['residential'])}residential {_swatch(CATEGORY_FILL['commercial'])}commercial "
        f"{_swatch(CATEGORY_FILL['public'])}public: a building is outlined in its owner's colour. "
        f"A round token: a lot marker. {_swatch(FOR_SALE)}a deed for sale, with its price. "
        "Green: where the chosen tile may go (dark green: the cells clicked so far).</div>"
    )
    return (f"<div style='max-width:{SIDE_PX - 16}px'><div style='margin-top:6px'>{table}</div>{hand}"
            f"<div style='margin-top:6px;font-size:13px'><b>Tiles in supply</b>{supplies}</div>{legend}</div>")


# ------------------------------------------------------------------------------------- controls


class MetropolisControls(BoardControls):
    """Income, the tile to build, the footprint choices and the draft picks; ``on_move(move)`` gets the move.

    ``update(state, seat, active, reason)``: ``seat`` is the human seat the controls speak for; ``active``
    says whether it may decide now; ``reason`` (optional) says why not, when the shell knows better.
    """

    def __init__(self, on_move: Callable | None = None, board: MetropolisBoard | None = None):
        self.tile: str | None = None  # the tile chosen to build
        self.picked: list[str] = []  # the cells clicked so far for it
        self._moves: list = []
        self.income = W.Button(description="Take income", icon="money", layout=W.Layout(width="auto"),
                               disabled=True)
        self.income.add_class("bg-move")
        self.income.add_class("bg-move-income")
        self.income.on_click(lambda _: self._play(m.Income()))
        self.tile_buttons = {tile: self._tile_button(tile) for tile in m.TILES}
        rows = []
        for category in CATEGORY_FILL:
            rows.append(W.HBox([b for t, b in self.tile_buttons.items() if m.TILES[t].category == category]))
        self.tiles = W.VBox(rows)
        self.tiles.add_class("bg-metropolis-tiles")
        self._offers: dict[str, list] = {"build": [], "pick": []}  # the move of each shown button, by kind
        self.footprint_buttons = [self._move_button("build", i) for i in range(MAX_CHOICES)]
        self.footprints = W.Box(self.footprint_buttons, layout=W.Layout(flex_flow="row wrap", display="none"))
        self.pick_buttons = [self._move_button("pick", i) for i in range(6)]
        self.picks = W.Box(self.pick_buttons, layout=W.Layout(flex_flow="row wrap", display="none"))
        self.note = self.note_line("bg-metropolis-note")
        super().__init__(on_move, board, [
            W.HBox([self.income]),
            W.HTML("<div style='font-size:13px;margin-top:4px'><b>Build</b>: choose a tile, then click its "
                   "cells</div>"),
            self.tiles, self.footprints, self.picks, self.note,
        ], "bg-metropolis-controls")

    def wire(self, board: MetropolisBoard) -> None:
        """Take the clicks of ``board`` (its cells and its deed board)."""
        board.on_cell(self.cell_clicked)
        board.on_deed(self.buy)

    def _tile_button(self, tile: str) -> W.Button:
        b = W.Button(description=tile, disabled=True, layout=W.Layout(width="46px"))
        b.style.button_color = CATEGORY_FILL[m.TILES[tile].category]
        b.add_class("bg-choose")  # choosing a tile makes no move: the clicks on its cells do
        b.add_class("bg-choose-tile")
        b.on_click(lambda _, tile=tile: self.choose(tile))
        return b

    def _move_button(self, kind: str, i: int) -> W.Button:
        b = W.Button(description="", disabled=True, layout=W.Layout(width="auto", display="none"))
        b.add_class("bg-move")
        b.add_class(f"bg-move-{kind}")
        b.on_click(lambda _: self._send_offer(kind, i))
        return b

    # -- what the player does
    def choose(self, tile: str) -> None:
        """Choose the tile to build: the cells of its legal footprints are highlighted on the board."""
        self.tile = tile
        self.picked = []
        self._draw()

    def buy(self, cell: str) -> None:
        """Buy the deed of ``cell`` (a click on the deed board, or on the deed's cell)."""
        if self._may_decide():
            self._play(m.Buy(cell))

    def cell_clicked(self, cell: str) -> None:
        """A click on ``cell``: pick it (draft), buy it (a deed for sale), or narrow the chosen tile's footprints
        to those through it, building the tile when one is left; a refused click says why."""
        state = self.state
        if not self._may_decide():
            return
        if state.drafting:
            self._play(m.Pick(cell))
            return
        if cell in state.deed_board:
            self._play(m.Buy(cell))
            return
        if self.tile is None:
            self._say(f"Choose a tile to build first (the buttons under Build), then click its cells "
                      f"(you clicked {cell}).")
            return
        feet = self._footprints(self.tile)
        through = [f for f in feet if cell in f and all(c in f for c in self.picked)]
        if not through:  # a fresh start through this cell
            self.picked = []
            through = [f for f in feet if cell in f]
        if not through:
            self._play(self._refused_build(self.tile, cell))
            return
        if cell not in self.picked:
            self.picked.append(cell)
        if len(through) == 1:
            self._play(m.Build(self.tile, through[0]))
            return
        self._draw()

    def _refused_build(self, tile: str, cell: str) -> m.Build:
        """A footprint of ``tile`` through ``cell`` that the engine refuses, for its reason: the one holding the
        most of the player's own lots (so that the reason is the most telling)."""
        state = self.state
        i = cell_index(cell)
        through = [f for feet in footprints(state.players, m.TILES[tile].shape).values() for f in feet if i in f]
        own = set(state.deeds(self.seat))
        best = max(through, key=lambda f: sum(NAMES[j] in own for j in f)) if through else (i,)
        return m.Build(tile, tuple(NAMES[j] for j in best))

    def _send_offer(self, kind: str, i: int) -> None:
        offers = self._offers[kind]
        if i < len(offers) and self._may_decide():
            self._play(offers[i])

    def _footprints(self, tile: str) -> list[tuple[str, ...]]:
        return [mv.cells for mv in self._moves if type(mv) is m.Build and mv.tile == tile]

    @property
    def candidates(self) -> list[tuple[str, ...]]:
        """The footprints of the chosen tile through every cell clicked so far."""
        if self.tile is None:
            return []
        return [f for f in self._footprints(self.tile) if all(c in f for c in self.picked)]

    # -- redraw
    def update(self, state, seat: int | None, active: bool, reason: str | None = None) -> None:
        if state is not self.state:
            self.tile, self.picked = None, []
        self.state = state
        self.seat = seat
        self.active = active
        self._reason = reason
        self._moves = state.legal_moves() if active else []
        self._draw()

    def _draw(self) -> None:
        state, active, seat = self.state, self.active, self.seat
        if state is None:
            return
        moves = self._moves
        buildable = {mv.tile for mv in moves if type(mv) is m.Build}
        if self.tile not in buildable:
            self.tile, self.picked = None, []
        playing = active and not state.drafting
        with self.income.hold_sync():
            self.income.disabled = not playing
            if playing:
                gain = state.income(seat)
                self.income.description = f"Take income (+{gain} coins)"
                self.income.tooltip = "Take your income: this is your whole turn"
            else:
                self.income.description = "Take income"
                self.income.tooltip = self._why_not()
        supply = state.supply(seat) if seat is not None else ()
        for tile, b in self.tile_buttons.items():
            n = supply.count(tile)
            ok = tile in buildable
            with b.hold_sync():
                b.description = f"{tile}×{n}" if n > 1 else tile
                b.disabled = not ok
                if ok:
                    b.tooltip = f"{tile_words(tile)}. Choose it: the cells where it may go turn green."
                elif not playing:
                    b.tooltip = f"{tile_words(tile)}. {self._why_not()}"
                elif not n:
                    b.tooltip = f"{tile_words(tile)}. It is on the board: none left in your supply."
                else:
                    b.tooltip = (f"{tile_words(tile)}. No place for it: it needs your own lots in its shape, "
                                 "covering only smaller buildings (and markers for the cells they leave).")
            if tile == self.tile:
                b.add_class("bg-selected")
            elif "bg-selected" in b._dom_classes:
                b.remove_class("bg-selected")
        self._draw_deeds(moves)
        candidates = self.candidates
        offered = candidates if 0 < len(candidates) <= MAX_CHOICES else []
        self._offers["build"] = [m.Build(self.tile, f) for f in offered]
        self._fill(self.footprints, self.footprint_buttons, [" ".join(f) for f in offered])
        hand_picks = [mv for mv in moves if type(mv) is m.Pick]
        self._offers["pick"] = hand_picks
        self._fill(self.picks, self.pick_buttons, [f"pick {mv.cell}" for mv in hand_picks])
        if self.board is not None:
            if hand_picks:
                self.board.highlight([mv.cell for mv in hand_picks], colour=HAND)
            else:
                cells = sorted({c for f in candidates for c in f}, key=cell_index)
                self.board.highlight(cells, self.picked)
        self.note.value = f"<div style='font-size:13px;min-height:20px'>{html.escape(self._hint())}</div>"

    def _draw_deeds(self, moves) -> None:
        if self.board is None:
            return
        buys = {mv.cell for mv in moves if type(mv) is m.Buy}
        state = self.state
        for slot, b in enumerate(self.board.deed_buttons):
            if slot >= len(state.deed_board):  # an empty slot: hidden, never clickable, saying nothing
                with b.hold_sync():
                    b.disabled, b.tooltip = True, ""
                continue
            cell, price = state.deed_board[slot], state.prices[slot]
            with b.hold_sync():
                b.disabled = cell not in buys
                if cell in buys:
                    b.tooltip = f"Buy the deed of {cell} for {price} coins: this is your whole turn"
                elif self.active:
                    refusal = state.check(m.Buy(cell), self.seat)
                    b.tooltip = str(refusal) if refusal is not None else ""
                else:
                    b.tooltip = self._why_not()

    @staticmethod
    def _fill(box: W.Box, buttons: list[W.Button], labels: list[str]) -> None:
        """Show one button per label; hide the rest (their labels cleared: nothing stale reaches the page)."""
        for i, b in enumerate(buttons):
            text = labels[i] if i < len(labels) else ""
            display = None if text else "none"
            with b.hold_sync():
                if b.description != text:
                    b.description = text
                b.disabled = not text
            if b.layout.display != display:
                b.layout.display = display
        display = None if labels else "none"
        if box.layout.display != display:
            box.layout.display = display

    def _why_not(self) -> str:
        state = self.state
        if self._reason:
            return self._reason
        if state.is_over:
            return "The game is over."
        if self.active and state.drafting:
            return "The deed draft comes first: pick a deed from your hand."
        return "Not your turn."

    def _hint(self) -> str:
        state = self.state
        if not self.active:
            if self._reason:
                return self._reason
            return "The game is over." if state.is_over else "Waiting for the other players."
        if state.drafting:
            return (f"Deed draft, round {state.round}: click a gold cell (a deed of your hand) to keep it, "
                    "or its button.")
        if self.tile is None:
            if state.final_turns:
                return "A final turn of the year: take income or build."
            return "Take income, buy a deed (on the deed board or its cell), or choose a tile to build."
        n = len(self.candidates)
        text = f"{self.tile} ({m.TILES[self.tile].name})"
        if self.picked:
            text += f" through {' '.join(self.picked)}"
        text += f": {n} place{'s' * (n != 1)} {'fit' if not self.picked else 'left'}. Click a green cell"
        return text + (", or choose a place below." if n <= MAX_CHOICES else " to narrow them down.")


# ------------------------------------------------------------------------------------- words


def turn_hint(state) -> str:
    """What the player to move does now, in a few words."""
    if state.is_over:
        return "the game is over"
    if state.drafting:
        return "pick a deed from your hand: click one of its gold cells"
    if state.final_turns:
        return "a final turn of the year: take income or build"
    return "take income, buy a deed, or build: choose a tile, then click its green cells"


def end_columns(state) -> list[tuple[str, tuple[int, ...]]]:
    """The prestige each year's scoring gave, and the coins left (the tie-break)."""
    years = [(f"Year {y}", state.year_prestige(y)) for y in (1, 2, 3) if state.year_prestige(y) is not None]
    return [*years, ("Coins left", tuple(state.coins))]


def reasons_private(state) -> bool:
    """Whether a bot's reasons at ``state`` read what only its seat knows: in the deed draft, its hand and the deed
    it kept (after the draft every deed, coin and tile is public, and the year piles are hidden from all alike)."""
    return state.drafting


SCORE_NAME = "prestige"
SCORE_TITLE = "Prestige over the game"
END_NOTE = "The most prestige wins; a tie goes to the most coins left, then is shared."
OPTIONS = [("deed_draft", "Deed draft: pick the six starting deeds from hands passed around")]
SCORED_YEAR = "metropolis.year.score"


def EMPHASISED(event) -> bool:  # noqa: N802 (the protocol's name)
    """The log's bold lines: a year begins, a year is scored (its heading), the game ends."""
    if event.kind == SCORED_YEAR:
        return event.seat is None
    return event.kind in ("metropolis.year.refill", "metropolis.game.end")


Board = MetropolisBoard
Controls = MetropolisControls
