"""The Foundations of Metropolis board: the city in one bqplot figure, built once and redrawn in place by
``show(state, viewer)``, with the deed board, the players and their supplies beside it.

The grid of the player count (columns A.., rows 1..), every lot marker in its seat's colour with the seat's initial,
every building filled by category and outlined in its owner's colour with its tile's letter and a small token of its
owner (colour and initial: colour is never the only sign), the deeds for sale with their prices, and, in
the deed draft, the viewer's own hand (``secrets_of``: a hand is shown to its holder only). Beside it: the deed
board (one button per deed, ``bg-move bg-move-buy``, enabled by the controls), the cards left in each year pile,
every player's coins, prestige, population, markers and deeds, and every player's tile supply. Every cell is a
marker of one ``Scatter`` with ``on_element_click``; the lot markers and the highlighted cells (a second ``Scatter``
on top) take clicks too, each for the cell under it. ``mark(move)`` outlines the cells of a suggested move.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence

import bqplot as bq
import ipywidgets as W

from boardgames import metropolis as m
from boardgames.core.message import Message, listed, say, say_n
from boardgames.metropolis.board import column_names, column_row, row_names, side
from boardgames.metropolis.moves import cells_of
from boardgames.metropolis.rules import PRICES, YEARS
from boardgames.metropolis.teaching import UNIT
from boardgames.metropolis.tiles import COMMERCIAL, PUBLIC, RESIDENTIAL, category_word
from widgets.kit.board_frame import BoardFrame
from widgets.kit.chart_slot import ChartSlot
from widgets.kit.figures import board_figure, send_changed
from widgets.kit.key_grid import grid_for, refreshed
from widgets.kit.legend import initials_html, swatch
from widgets.kit.marks import MARK_COLOUR
from widgets.kit.outlines import Segment
from widgets.kit.outlines import outline_segments as grid_outline
from widgets.kit.palette import ink_on, letter_colour, mix, seat_colour, seat_initials, seat_ink
from widgets.runtime.language import shown

CATEGORY_FILL = {RESIDENTIAL: "#ffd8a8", COMMERCIAL: "#a5d8ff", PUBLIC: "#d0bfff"}
EMPTY = "#e9ecef"  # a cell nobody holds
FOR_SALE = "#fff3bf"  # a cell whose deed is on the deed board
PRICE_TEXT = ink_on("#e67700", FOR_SALE)  # an orange that reads on a deed for sale
HIGHLIGHT = "#2f9e44"  # the cells of the chosen tile's legal footprints (tests find them by this colour)
PICKED = "#0b4f1d"  # the cells clicked so far for the build in progress
HAND = "#f59f00"  # the draft: the cells of the deeds in the viewer's hand, when it may pick
DARK = "#212529"

GRID_PX = 420  # the figure's width and height in pixels, whatever the player count
MARGIN = {"top": 30, "bottom": 4, "left": 4, "right": 4}
LABEL_ROOM = 0.7  # cells of room left of and above the grid for the column letters and row numbers
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


def outline_segments(cells: Sequence[str]) -> list[Segment]:
    """The edges of a building's cells that face outside it, as ((x0, y0), (x1, y1)) in cell units."""
    return grid_outline(column_row(c) for c in cells)


def label_point(cells: Sequence[str]) -> tuple[float, float]:
    """Where a building's letter goes: the centre of its cells, moved into the cell nearest it (an L's corner)."""
    points = [column_row(c) for c in cells]
    cx = sum(p[0] for p in points) / len(points)
    cy = sum(p[1] for p in points) / len(points)
    if len(points) == 3 and len({p[0] for p in points}) == 2:  # an L: its corner cell
        return min(points, key=lambda p: (p[0] - cx) ** 2 + (p[1] - cy) ** 2)
    return cx, cy


OUT_OF_SIGHT = -9.0  # bqplot wants at least one point per mark: an empty mark gets one here, unseen
OWNER_SHIFT = 0.32  # cells: a building's owner token right of and above its letter


def _points(cells: Sequence[str]) -> tuple[list[float], list[float]]:
    if not cells:
        return [OUT_OF_SIGHT], [OUT_OF_SIGHT]
    spots = [column_row(c) for c in cells]
    return [float(c) for c, _ in spots], [float(r) for _, r in spots]


class MetropolisBoard(BoardFrame):
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
        chart = ChartSlot(self.size + SIDE_PX + 8, 240)  # the shell's score chart, under the city and its panel
        self.highlight_colour: str | None = None  # the colour of the cells highlighted now
        self.highlighted_tile: str | None = None  # the tile whose places are highlighted, for the key grid
        self.key_grid = grid_for(self)  # the city as buttons, for the keyboard (the shell places it)
        super().__init__(BOARD_STYLE, [W.HBox([self.figure, panel])], "bg-metropolis-board", chart, state)

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
        # a lot marker: a round token in its seat's colour, edged dark (seen on its light cell), the initial in it
        self.markers = bq.Scatter(x=far, y=far, scales=sc, marker="circle", default_size=100, colors=[DARK],
                                  stroke=DARK, stroke_width=1.5)
        self.marker_initials = bq.Label(x=far, y=far, text=[""], scales=sc, align="middle", default_size=11,
                                        font_weight="bold", colors=["#000000"], y_offset=4)
        # a building's owner: a smaller token in a corner of the building's letter
        self.owners = bq.Scatter(x=far, y=far, scales=sc, marker="circle", default_size=64, colors=[DARK],
                                 stroke=DARK, stroke_width=1.5)
        self.owner_initials = bq.Label(x=far, y=far, text=[""], scales=sc, align="middle", default_size=10,
                                       font_weight="bold", colors=["#000000"], y_offset=4)
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
            [self.cells, self._rim, self._edge, self.markers, self.marker_initials, self.owners, self.owner_initials,
             self.highlights, self._letters, self._prices, self._tags, self._coords, self._mark],
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
        edge = self.side_cells = side(players)
        self.grid = m.cells(players)
        with self.sx.hold_sync(), self.sy.hold_sync():
            self.sx.max = self.sy.max = edge - 0.5
        # bqplot pads the plot by half the largest marker on every side: the cells' squares take one cell more
        px = (self.size + 2) / (edge + LABEL_ROOM + 1)
        x, y = _points(self.grid)
        self._set(self.cells, x=x, y=y, default_size=int((px - 2) ** 2))
        self._set(self.highlights, default_size=int((px - 8) ** 2))
        self._set(self.markers, default_size=int((px * 0.42) ** 2))
        self._set(self.owners, default_size=int((px * 0.36) ** 2))
        away = -0.5 - LABEL_ROOM * 0.6  # the letters and numbers clear of the outlines of the first row and column
        self._set(self._coords, x=[float(c) for c in range(edge)] + [away] * edge,
                  y=[away] * edge + [float(r) for r in range(edge)],
                  text=[*column_names(players), *row_names(players)])
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
    def highlight(self, cells: Sequence[str], picked: Sequence[str] = (), colour: str = HIGHLIGHT,
                  tile: str | None = None) -> None:
        """Mark ``cells`` (where a click may choose: the places of ``tile``, or the deeds of a hand) in ``colour``,
        the ``picked`` ones among them darker; an empty list clears the marks."""
        key = (tuple(cells), tuple(picked), colour)
        self.highlighted_tile, self.highlight_colour = tile, colour if cells else None
        if key == self._hot_key:
            refreshed(self.key_grid)
            return
        self._hot_key = key
        self._hot = list(cells)
        x, y = _points(self._hot)
        chosen = set(picked)
        colours = [PICKED if c in chosen else colour for c in self._hot] or ["#ffffff"]
        opacities = [0.85 if c in chosen else 0.6 for c in self._hot] or [0.0]
        self._set(self.highlights, x=x, y=y, colors=colours, opacities=opacities)
        refreshed(self.key_grid)

    @property
    def highlighted(self) -> list[str]:
        """The cells marked now."""
        return list(self._hot)

    def mark(self, move) -> None:
        """Outline the cells ``move`` (a move suggested for the position shown) concerns: a building's footprint, the
        deed bought or the deed picked (income concerns no cell: the line over the board names it); None clears."""
        self.marked = move
        cells = list(cells_of(move))
        segs = outline_segments(cells)
        xs = [[a[0], b[0]] for a, b in segs] or [[OUT_OF_SIGHT] * 2]
        ys = [[a[1], b[1]] for a, b in segs] or [[OUT_OF_SIGHT] * 2]
        self._set(self._mark, x=xs, y=ys)
        where = shown(_cells_said(cells)) if cells else ""
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
        if side(state.players) != self.side_cells:
            self._resize(state.players)
        hand, kept = m.secrets_of(state, viewer)
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
        initials = seat_initials(state.names)
        self._set(self.marker_initials, x=x, y=y, text=[initials[holders[c]] for c in markers] or [""],
                  colors=[letter_colour(c) for c in marker_colours] or ["#000000"])
        self._draw_buildings(state)
        x, y = _points(state.deed_board)
        y = [v - 0.1 for v in y] if state.deed_board else y  # the price above the word "coins"
        self._set(self._prices, x=x, y=y, text=[str(p) for p in state.prices] or [""])
        tags, tag_colours = [], []
        for cell in state.deed_board:
            tags.append((cell, shown(say("coins"))))
            tag_colours.append(PRICE_TEXT)
        for cell in hand:
            tags.append((cell, shown(say("in hand"))))
            tag_colours.append(DARK)
        if kept:
            tags.append((kept, shown(say("kept"))))
            tag_colours.append(ink_on(seat_colour(viewer), FOR_SALE))
        x, y = _points([c for c, _ in tags])
        if state.deed_board:  # under the prices
            y = [v + (0.2 if c in state.deed_board else 0) for v, (c, _) in zip(y, tags)]
        self._set(self._tags, x=x, y=y, text=[t for _, t in tags] or [""], colors=tag_colours or [DARK])
        title = shown(_title(state))
        if self.figure.title != title:
            self.figure.title = title
        self._show_deed_board(state)
        self.info.value = info_html(state, viewer)
        refreshed(self.key_grid)

    def _draw_buildings(self, state) -> None:
        segs, colours, letters, letter_colours, lx, ly = [], [], [], [], [], []
        initials = seat_initials(state.names)
        for b in state.all_buildings():
            mine = outline_segments(b.cells)
            segs += mine
            colours += [seat_colour(b.owner)] * len(mine)
            x, y = label_point(b.cells)
            lx.append(float(x))
            ly.append(float(y))
            letters.append(m.TILES[b.tile].letter)
            letter_colours.append(ink_on(seat_colour(b.owner), CATEGORY_FILL[m.TILES[b.tile].category]))
        owners = [b.owner for b in state.all_buildings()]
        ox, oy = [x + OWNER_SHIFT for x in lx], [y - OWNER_SHIFT for y in ly]
        self._set(self.owners, x=ox or [OUT_OF_SIGHT], y=oy or [OUT_OF_SIGHT],
                  colors=[seat_colour(s) for s in owners] or [DARK])
        self._set(self.owner_initials, x=ox or [OUT_OF_SIGHT], y=oy or [OUT_OF_SIGHT],
                  text=[initials[s] for s in owners] or [""],
                  colors=[letter_colour(seat_colour(s)) for s in owners] or ["#000000"])
        if segs:
            xs = [[a[0], c[0]] for a, c in segs]
            ys = [[a[1], c[1]] for a, c in segs]
        else:
            xs = ys = [[OUT_OF_SIGHT, OUT_OF_SIGHT]]
            colours = ["#ffffff"]
        self._set(self._rim, x=xs, y=ys)
        self._set(self._edge, x=xs, y=ys, colors=colours)
        self._set(self._letters, x=lx or [OUT_OF_SIGHT], y=ly or [OUT_OF_SIGHT], text=letters or [""],
                  colors=letter_colours or [DARK])

    def _show_deed_board(self, state) -> None:
        if state.drafting:
            head = say("The deed board is laid out after the draft.")
        elif not state.deed_board:
            head = (say("The deed board is empty: the year's final turns.") if not state.is_over
                    else say("The game is over."))
        else:
            head = say("Click a deed to buy it:")
        piles = " · ".join(shown(say("Year {year}: {n}", year=y, n=state.pile_size(y))) for y in range(1, YEARS + 1))
        year = say(", Year {year}", year=state.year)  # after "Deed board"
        left = say("(cards left in the piles: {piles})", piles=piles)
        self.deed_title.value = (
            f"<div style='font-size:13px;white-space:normal;max-width:{SIDE_PX - 16}px'>"
            f"<b>{_words(DEED_BOARD)}</b>{_words(year)} <span style='color:#495057'>{_words(left)}</span>"
            f"<br>{_words(head)}</div>"
        )
        display = None if state.deed_board else "none"  # no deed for sale: no empty rows of buttons
        if self.deed_board.layout.display != display:
            self.deed_board.layout.display = display
        for slot, button in enumerate(self.deed_buttons):
            if slot < len(state.deed_board):
                text = shown(say_n("{cell} · {n} coin", "{cell} · {n} coins", state.prices[slot],
                                   cell=state.deed_board[slot]))
                visibility = "visible"
            else:
                text, visibility = "", "hidden"
            if button.description != text:
                button.description = text
            if button.layout.visibility != visibility:
                button.layout.visibility = visibility


# the words of the side panel
DEED_BOARD = say("Deed board")
HEAD_STYLE = "white-space:nowrap;padding:0 3px"  # a heading never broken inside a word (コイ/ン in Japanese)
HEADS = (say("player"), say("coins"), UNIT, say("citizens"), say("markers"))  # the players' table, but the last
YEAR_NOW, YEAR_NOW_TIP = say("year now"), say("the prestige this year would give if it were scored now")
FIRST, FIRST_PLAYER = say("(1st)"), say("first player")  # after the name of the first player
NONE = say("none")  # no tile left in a supply
YOUR_HAND = say("Your hand")
IN_SUPPLY = say("Tiles in supply")
TOKEN = say("A round token with a player's initial: that player's lot marker; a small one on a building: its "
            "owner.")
FOR_SALE_SAID = say("a deed for sale, with its price.")
GREEN = say("Green: where the chosen tile may go (dark green: the cells clicked so far).")


def _title(state) -> Message:
    """The figure's title: the city, and the year or the draft's round."""
    if state.is_over:
        return say("The city · the game is over")
    if state.drafting:
        return say("The city · deed draft, round {round}", round=state.round)
    if state.final_turns:
        return say("The city · Year {year} · final turns", year=state.year)
    return say("The city · Year {year}", year=state.year)


def _words(said, quote: bool = True) -> str:
    """``said`` in the page's language, escaped for HTML (quotes too, unless ``quote`` is False)."""
    return html.escape(shown(said), quote=quote)


def _cells_said(cells: Sequence[str]) -> Message:
    """The cells an outline surrounds: "cell B2", "cells B2 C2"."""
    return say_n("cell {cells}", "cells {cells}", len(cells), cells=" ".join(cells))


def _chips(tiles: Sequence[str]) -> str:
    return "".join(
        f"<span class='bg-tile-chip' style='background:{CATEGORY_FILL[m.TILES[t].category]}'>{t}</span>"
        for t in tiles
    ) or f"<span style='color:#6c757d'>{_words(NONE)}</span>"


def category_letters() -> dict[str, str]:
    """Each category's tiles by their letters, first to last ("A–E"): what tells a category apart besides its
    colour."""
    letters: dict[str, list[str]] = {}
    for tile in m.TILES.values():
        letters.setdefault(tile.category, []).append(tile.letter)
    return {category: f"{min(ls)}–{max(ls)}" for category, ls in letters.items()}


def info_html(state, viewer: int | None = None) -> str:
    """Every player's coins, prestige, population, markers, deeds and tile supply, the viewer's draft hand,
    and the legend (all read from the engine), in the page's language."""
    now = state.year_scores() if not state.drafting and not state.is_over else None
    first = f" <span title='{_words(FIRST_PLAYER)}' style='color:#495057'>{_words(FIRST)}</span>"
    rows = []
    for seat, name in enumerate(state.names):
        mark = "▶ " if seat == state.current_player else ""
        token = first if seat == state.first_player else ""
        year_now = f"<td>+{now[seat].total}</td>" if now is not None else "<td>–</td>"
        rows.append(
            f"<tr class='bg-player' data-seat='{seat}'>"
            f"<td style='color:{seat_ink(seat)};font-weight:bold;{HEAD_STYLE}'>"
            f"{mark}{html.escape(name)}{token}</td><td>{state.coins[seat]}</td><td><b>{state.prestige[seat]}</b></td>"
            f"<td>{state.population(seat)}</td><td>{state.markers(seat)}</td>"
            f"{year_now}</tr>"
        )
    heads = "".join(f"<th style='{HEAD_STYLE}'>{_words(word)}</th>" for word in HEADS)
    table = (
        f"<table><tr>{heads}"
        f"<th style='{HEAD_STYLE}' title='{_words(YEAR_NOW_TIP)}'>{_words(YEAR_NOW)}</th></tr>"
        + "".join(rows) + "</table>"
    )
    supplies = "".join(
        f"<div class='bg-supply' data-seat='{seat}' style='margin-top:3px;white-space:normal'>"
        f"<b style='color:{seat_ink(seat)}'>{html.escape(name)}</b>: {_chips(state.supply(seat))}</div>"
        for seat, name in enumerate(state.names)
    )
    hand = ""
    if viewer is not None and m.keeps_secrets(state):
        held = m.secrets_of(state, viewer).hand
        cells = listed(held, ",") if held else say("nothing")
        seen = say("(only you see it): {cells}", cells=cells)  # after "Your hand"
        hand = f"<div class='bg-hand' style='margin-top:4px'><b>{_words(YOUR_HAND)}</b> {_words(seen)}</div>"
    outlined = say("{public}: a building is outlined in its owner's colour.", public=category_word(PUBLIC))
    letters = category_letters()  # a category by its tiles' letters as well as its colour
    legend = (
        "<div style='font-size:12px;color:#495057;margin-top:6px;white-space:normal'>"
        f"{swatch(CATEGORY_FILL[RESIDENTIAL], letters[RESIDENTIAL])}{_words(category_word(RESIDENTIAL))} "
        f"{swatch(CATEGORY_FILL[COMMERCIAL], letters[COMMERCIAL])}{_words(category_word(COMMERCIAL))} "
        f"{swatch(CATEGORY_FILL[PUBLIC], letters[PUBLIC])}{_words(outlined, quote=False)} "
        f"{_words(TOKEN)} {initials_html(state.names)} {swatch(FOR_SALE)}{_words(FOR_SALE_SAID)} {_words(GREEN)}"
        "</div>"
    )
    return (f"<div style='max-width:{SIDE_PX - 16}px'><div style='margin-top:6px'>{table}</div>{hand}"
            f"<div style='margin-top:6px;font-size:13px'><b>{_words(IN_SUPPLY)}</b>{supplies}</div>"
            f"{legend}</div>")
