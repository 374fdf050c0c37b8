"""The Medina board: ``MedinaBoard(state)``, one bqplot figure of the whole grid, built once and redrawn in place by
``show(state)``.

City squares, the ring of wall spaces and the corner towers (``medina.square_area``); buildings in their colours,
each with its colour's letters too (``COLOUR_LETTERS``), every palace outlined (thin and dark while unclaimed, thick in
the owner's colour once roofed, with a roof mark on its ``roof_square`` that carries the owner's initial), stables
(``S``), merchants (round tokens) and walls; a tower's number is followed by its tile's holder's initial. Colour is
never the only sign (``widgets.kit.palette``). Beside it, in plain HTML, the palace and tower
tiles with their holders and every player's supply (``info_html``). Every square is a marker of one ``Scatter`` with
``on_element_click``; a second ``Scatter`` on top holds the highlighted squares (where the chosen piece may go, as the
controls ask ``legal_squares``), also clickable. ``mark(move)`` outlines the square of a suggested placement.

Nothing here decides a rule: every fact on the board is read from the state and the engine's tables. Every word is in
the page's language (``widgets.runtime.language``): drawn again when the language changes.
"""

from __future__ import annotations

import html
from collections.abc import Callable

import bqplot as bq
import ipywidgets as W

from boardgames import medina
from boardgames.core.message import Message, listed, say, term
from boardgames.medina import COLOURS, PALACE_TILE_POINTS, PLAIN_PIECES, SQUARES, TOWER_POINTS, TOWERS
from boardgames.medina.pieces import colour_word, pieces_word
from boardgames.medina.rules import COLS, ROWS
from boardgames.terms import title_said
from widgets.kit.chart_slot import ChartSlot
from widgets.kit.figures import board_figure, send_changed
from widgets.kit.key_grid import grid_for, refreshed
from widgets.kit.legend import initials_html, swatch
from widgets.kit.marks import MARK_COLOUR, MarkCaption
from widgets.kit.outlines import Segment, segment_lines
from widgets.kit.outlines import outline_segments as grid_outline
from widgets.kit.palette import DARK, ink_on, letter_colour, mix, seat_colour, seat_initials, seat_ink
from widgets.runtime.language import on_language, shown

# ------------------------------------------------------------------------------------- colours

BUILDING_COLOURS = {"grey": "#adb5bd", "black": "#343a40", "brown": "#8d5524", "orange": "#f59f00"}
CITY = "#f3e6c8"
RING = "#ddd0b4"
TOWER = "#495057"
WALL = "#6b4f3a"
MERCHANT = "#fff9db"
HIGHLIGHT = "#2f9e44"  # the squares where the chosen piece may go (tests find them by this colour)

CELL = 38  # pixels per square
MARGIN = {"top": 36, "bottom": 44, "left": 50, "right": 6}
BOARD_STYLE = (
    "<style>"
    ".bg-medina-fig .label, .bg-medina-fig .curve, .bg-medina-fig .line {pointer-events:none}"
    ".bg-medina-info table {border-collapse:collapse; font-size:13px}"
    ".bg-medina-info td, .bg-medina-info th {padding:1px 5px; text-align:left; white-space:nowrap}"
    ".bg-medina-info th {font-weight:normal; color:#495057}"
    "</style>"
)


def square_fill(cell, at) -> str:
    """The fill of a square for what stands on it (``state.cell(at)``)."""
    if cell.piece == "building":
        return BUILDING_COLOURS[cell.colour]
    if cell.piece == "stable":
        return mix(BUILDING_COLOURS[cell.colour], 0.55)
    if cell.piece == "tower":
        return TOWER
    if cell.piece == "wall":
        return WALL
    return RING if medina.square_area(at) == "ring" else CITY


HIDDEN = -5.0  # where an empty mark keeps the one point bqplot wants, out of sight
STABLE_LETTER = term("medina.label", "S")  # a stable's letter on its square
COLOUR_LETTERS = {"grey": term("medina.label", "Gy"), "black": term("medina.label", "Bk"),
                  "brown": term("medina.label", "Br"), "orange": term("medina.label", "Or")}
"""A building's letters on its square, beside its colour: the colour's name, short."""
ROOF_SIDE = 24  # pixels: a roof mark's side (a triangle, the owner's initial inside)
ROOF_LIFT = 0.18  # squares: how far above its square's middle a roof mark stands (its colour letters under it)


def outline_segments(squares) -> list[Segment]:
    """The edges of a group of squares (row, col) that face outside the group, as ((x0, y0), (x1, y1)) with x = col,
    y = row."""
    return grid_outline((c, r) for r, c in squares)


class MedinaBoard(W.VBox):
    """The Medina table: the grid in bqplot, the tiles and supplies beside it.

    Build it once (``MedinaBoard(state)``) and call ``show(state)`` after every move; ``highlight(squares)``
    marks the squares where the chosen piece may go. ``on_square(callback)`` registers ``callback(at)`` for
    clicks on any square.
    """

    def __init__(self, state=None, *, cell: int = CELL):
        self.cell = cell
        self.state = None
        self._callbacks: list[Callable] = []
        self._hot_squares: list[tuple[int, int]] = []
        self._sent: dict[int, dict] = {}  # per mark: the data last sent to the page
        self.figure = self._build(cell)
        width = COLS * cell + MARGIN["left"] + MARGIN["right"]
        self.info = W.HTML(layout=W.Layout(width=f"{width}px"))
        self.info.add_class("bg-medina-info")
        self.side = ChartSlot(width, 260, margin="0 0 0 8px")
        self.mark_caption = MarkCaption()
        self.marked = None  # the move marked (see ``mark``)
        self.highlighted_piece = None  # the piece whose squares are highlighted (words), for the key grid
        super().__init__([W.HTML(BOARD_STYLE), self.mark_caption, self.figure, self.info, self.side])
        self.add_class("bg-medina-board")
        self.key_grid = grid_for(self)  # the board as buttons, for the keyboard (the shell places it)
        on_language(self._language_changed)
        if state is not None:
            self.show(state)

    def _language_changed(self) -> None:
        """Say the board's words again in the page's new language."""
        self._name_axes()
        if self.state is not None:
            self.show(self.state)
            self.mark(self.marked)

    def _name_axes(self) -> None:
        """The axes' labels in the page's language."""
        self._ax_x.label = shown(say("column"))
        self._ax_y.label = shown(say("row"))

    def set_side(self, widget) -> None:
        """Place ``widget`` (the shell's score chart) beside the tiles and supplies."""
        self.side.place(widget)

    def on_square(self, callback: Callable) -> None:
        """Call ``callback((row, col))`` whenever a square is clicked."""
        self._callbacks.append(callback)

    # -- construction (once)
    def _build(self, cell: int) -> bq.Figure:
        sx = bq.LinearScale(min=-0.5, max=COLS - 0.5)
        sy = bq.LinearScale(min=-0.5, max=ROWS - 0.5, reverse=True)
        sc = {"x": sx, "y": sy}
        xs = [c for _, c in SQUARES]
        ys = [r for r, _ in SQUARES]
        side = cell - 2
        self.squares = bq.Scatter(x=xs, y=ys, scales=sc, marker="square", default_size=side * side,
                                   colors=[CITY] * len(SQUARES), stroke="#ffffff", stroke_width=1,
                                   opacities=[1.0])
        self.highlights = bq.Scatter(x=[HIDDEN], y=[HIDDEN], scales=sc, marker="square", default_size=(side - 6) ** 2,
                               colors=["#ffffff"], stroke="#ffffff", stroke_width=2, opacities=[0.0])
        self._outline = bq.Lines(x=[[HIDDEN] * 2], y=[[HIDDEN] * 2], scales=sc, colors=["#212529"],
                                 stroke_width=2.5)
        # a claimed palace's outline: the owner's colour on a white line on a dark one, seen on any square
        self._owned_edge = bq.Lines(x=[[HIDDEN] * 2], y=[[HIDDEN] * 2], scales=sc, colors=[DARK],
                                      stroke_width=9)
        self._owned_gap = bq.Lines(x=[[HIDDEN] * 2], y=[[HIDDEN] * 2], scales=sc, colors=["#ffffff"],
                                   stroke_width=6.5)
        self._owned = bq.Lines(x=[[HIDDEN] * 2], y=[[HIDDEN] * 2], scales=sc, colors=["#ffffff"], stroke_width=4)
        self.merchants = bq.Scatter(x=[HIDDEN], y=[HIDDEN], scales=sc, marker="circle",
                                     default_size=int((cell * 0.62) ** 2), colors=[MERCHANT], stroke="#495057",
                                     stroke_width=2)
        # a roof: the owner's colour in a white edge on a dark triangle under it, seen on any building
        roof = ROOF_SIDE * cell / CELL
        self.roof_rims = bq.Scatter(x=[HIDDEN], y=[HIDDEN], scales=sc, marker="triangle-up",
                                    default_size=int(0.433 * (roof + 7) ** 2), colors=[DARK], stroke=DARK,
                                    stroke_width=0)
        self.roofs = bq.Scatter(x=[HIDDEN], y=[HIDDEN], scales=sc, marker="triangle-up",
                                default_size=int(0.433 * roof ** 2), colors=["#ffffff"], stroke="#ffffff",
                                stroke_width=2)
        self.roof_initials = bq.Label(x=[HIDDEN], y=[HIDDEN], text=[""], scales=sc, align="middle", default_size=12,
                                      font_weight="bold", colors=["#000000"], y_offset=6)
        self._texts = bq.Label(x=[HIDDEN], y=[HIDDEN], text=[""], scales=sc, align="middle", default_size=15,
                               font_weight="bold", colors=["#ffffff"], y_offset=5)
        self.colour_letters = bq.Label(x=[HIDDEN], y=[HIDDEN], text=[""], scales=sc, align="middle",
                                       default_size=11, colors=["#000000"], y_offset=4)
        self._mark = bq.Lines(x=[[HIDDEN] * 2], y=[[HIDDEN] * 2], scales=sc, colors=[MARK_COLOUR], stroke_width=5)
        # The log names a square (row, column), as the engine does: the axes say which is which.
        ax_x = bq.Axis(scale=sx, side="bottom", tick_values=list(range(COLS)), tick_format="d", grid_lines="none",
                       tick_style={"font-size": "11px"}, label_offset="32px", label_color="#495057")
        ax_y = bq.Axis(scale=sy, side="left", tick_values=list(range(ROWS)), tick_format="d", grid_lines="none",
                       tick_style={"font-size": "11px"}, label_offset="34px", label_color="#495057")
        self._ax_x, self._ax_y = ax_x, ax_y
        self._name_axes()
        for mark in (self.squares, self.highlights):
            mark.on_element_click(self._clicked)
        fig = board_figure(
            [self.squares, self._outline, self._owned_edge, self._owned_gap, self._owned, self.colour_letters,
             self.highlights, self.merchants, self.roof_rims, self.roofs, self.roof_initials, self._texts,
             self._mark],
            axes=[ax_x, ax_y], title=shown(title_said(medina.NAME)), margin=MARGIN,
            width=COLS * cell + MARGIN["left"] + MARGIN["right"], height=ROWS * cell + MARGIN["top"] + MARGIN["bottom"],
        )
        fig.add_class("bg-medina-fig")
        return fig

    def _clicked(self, mark, event) -> None:
        i = event.get("data", {}).get("index")
        if i is None:
            return
        at = SQUARES[i] if mark is self.squares else self._hot_squares[i] if i < len(self._hot_squares) else None
        if at is not None:
            self.click(at)

    def click(self, at: tuple[int, int]) -> None:
        """What a click on square ``at`` does (the browser's clicks land here; tests may call it)."""
        for callback in list(self._callbacks):
            callback(tuple(at))

    # -- redraw from a state
    def highlight(self, squares, piece=None) -> None:
        """Mark ``squares`` (where the chosen piece may go, ``piece`` in words); an empty list clears the marks."""
        squares = [tuple(at) for at in squares]
        self.highlighted_piece = piece
        if squares == self._hot_squares:
            refreshed(self.key_grid)
            return
        self._hot_squares = squares
        with self.highlights.hold_sync():
            if squares:
                self.highlights.x = [c for _, c in squares]
                self.highlights.y = [r for r, _ in squares]
                self.highlights.colors, self.highlights.opacities = [HIGHLIGHT], [0.6]
            else:  # bqplot wants a point: one out of sight, not in the highlight colour
                self.highlights.x, self.highlights.y = [HIDDEN], [HIDDEN]
                self.highlights.colors, self.highlights.opacities = ["#ffffff"], [0.0]
        refreshed(self.key_grid)

    @property
    def highlighted(self) -> list[tuple[int, int]]:
        return list(self._hot_squares)

    def mark(self, move) -> None:
        """Outline the square of ``move`` (a placement suggested for the position shown); None clears the mark."""
        self.marked = move
        at = getattr(move, "at", None)
        segs = outline_segments([tuple(at)]) if at is not None else []
        x, y, _ = segment_lines(segs, [], HIDDEN)
        with self._mark.hold_sync():
            self._mark.x, self._mark.y = x, y
        where = shown(say("square {at}", at=str(tuple(at)))) if segs else ""
        self.mark_caption.show(self, move if segs else None, where)

    def _set(self, mark, **traits) -> None:
        """Give ``mark`` new data, sending only the traits that changed since the last time."""
        send_changed(self._sent, mark, **traits)

    def show(self, state, viewer: int | None = None) -> None:
        """Redraw the board for ``state`` (marks get new data; nothing is rebuilt). Medina hides nothing: every
        ``viewer`` (a seat, or None for a spectator) sees the same board."""
        self.state = state
        cells = [state.cell(at) for at in SQUARES]
        self._set(self.squares, colors=[square_fill(cell, at) for cell, at in zip(cells, SQUARES)])
        merchants = [at for cell, at in zip(cells, SQUARES) if cell.piece == "merchant"]
        self._set(self.merchants, x=[c for _, c in merchants] or [HIDDEN], y=[r for r, _ in merchants] or [HIDDEN])
        initials = seat_initials(state.names)
        # texts: tower numbers (with the holder's initial, in the holder's colour, once the tile is taken), stables
        tx, ty, tt, tc = [], [], [], []
        for n, (r, c) in TOWERS.items():
            holder = state.tower_tile_owner(n)
            tx.append(c)
            ty.append(r)
            tt.append(str(n) if holder is None else f"{n}·{initials[holder]}")
            tc.append("#ffffff" if holder is None else ink_on(mix(seat_colour(holder), 0.35), TOWER))
        for cell, (r, c) in zip(cells, SQUARES):
            if cell.piece == "stable":
                tx.append(c)
                ty.append(r)
                tt.append(shown(STABLE_LETTER))
                tc.append("#212529")
        self._set(self._texts, x=tx, y=ty, text=tt, colors=tc)
        roofed = {pal.roof_square for pal in state.palaces() if pal.owner is not None}
        # the buildings' colour letters: in the middle of a square, under the roof mark on a roofed one
        lx, ly, lt, lc = [], [], [], []
        for cell, (r, c) in zip(cells, SQUARES):
            if cell.piece == "building":
                lx.append(c)
                ly.append(r + 0.25 if (r, c) in roofed else r)
                lt.append(shown(COLOUR_LETTERS[cell.colour]))
                lc.append(letter_colour(BUILDING_COLOURS[cell.colour]))
        self._set(self.colour_letters, x=lx or [HIDDEN], y=ly or [HIDDEN], text=lt or [""], colors=lc or ["#000000"])
        # palaces: outlines, thick in the owner's colour once claimed, with a roof on the first building
        free, owned, owned_colours, roofs, roof_colours = [], [], [], [], []
        for pal in state.palaces():
            segs = outline_segments(pal.squares + pal.stables)
            if pal.owner is None:
                free += segs
            else:
                owned += segs
                owned_colours += [seat_colour(pal.owner)] * len(segs)
                roofs.append(pal.roof_square)
                roof_colours.append(seat_colour(pal.owner))
        x, y, colours = segment_lines(free, ["#212529"] * len(free), HIDDEN)
        self._set(self._outline, x=x, y=y, colors=colours)
        x, y, colours = segment_lines(owned, owned_colours, HIDDEN)
        # a dark rim under the owner's colour, so that it shows on any building
        self._set(self._owned_edge, x=x, y=y, colors=[DARK if owned else "#ffffff"])
        self._set(self._owned_gap, x=x, y=y)
        self._set(self._owned, x=x, y=y, colors=colours)
        # the roofs a little above the middle of their square, the building's colour letters under them
        rx, ry = [c for _, c in roofs] or [HIDDEN], [r - ROOF_LIFT for r, _ in roofs] or [HIDDEN]
        self._set(self.roof_rims, x=rx, y=ry)
        self._set(self.roofs, x=rx, y=ry, colors=roof_colours or ["#ffffff"])
        self._set(self.roof_initials, x=rx, y=ry, text=[initials[pal.owner] for pal in state.palaces()
                                                        if pal.owner is not None] or [""],
                  colors=[letter_colour(colour) for colour in roof_colours] or ["#000000"])
        # The title changes only at the end: a new title makes the figure measure its text again (a
        # forced layout in the browser on every move); the status line says whose turn it is.
        game = title_said(medina.NAME)
        title = shown(say("{game} · the game is over", game=game) if state.is_over else game)
        if self.figure.title != title:
            self.figure.title = title
        self.info.value = info_html(state)
        refreshed(self.key_grid)

    @property
    def roof_marks(self) -> list[tuple[tuple[int, int], str, str]]:
        """Every roof drawn: its square (row, column), its colour and the owner's initial in it."""
        return [((round(r + ROOF_LIFT), round(c)), colour, initial)
                for r, c, colour, initial in zip(self.roofs.y, self.roofs.x, self.roofs.colors,
                                                 self.roof_initials.text) if initial]


def _holder(state, seat) -> str:
    if seat is None:
        nobody = _words(say("nobody yet"))
        return f"<span style='color:#6c757d'>{nobody}</span>"
    return f"<b style='color:{seat_ink(seat)}'>{html.escape(state.names[seat])}</b>"


def _words(said) -> str:
    """``said`` in the page's language, for HTML."""
    return html.escape(shown(said), quote=False)


def _bold(said) -> str:
    return f"<b>{_words(said)}</b>"


def _explained(head: Message, text: Message) -> str:
    """A legend's entry in the page's language: ``head`` in bold, what it means after it (HTML)."""
    return shown(say("{head}: {text}", head=_bold(head), text=_words(text)))


def _sentences(parts: list[str]) -> str:
    """Sentences (each in the page's language already) one after the other, as the language writes them."""
    text, *rest = parts
    for part in rest:
        text = shown(say("{first} {then}", first=text, then=part))
    return text


LEGEND_STYLE = "flex-basis:100%;font-size:12px;line-height:1.45;color:#495057;white-space:normal"


def legend(names=()) -> str:
    """What the board's marks and the tables' columns mean, in the page's language (HTML); with the players'
    ``names``, whose initial is whose."""
    squares = _bold(say("Squares"))
    towers = _bold(say("{low} to {high}", low=min(TOWERS), high=max(TOWERS)))
    letters = listed([_bold(letter) for letter in COLOUR_LETTERS.values()], ",")
    colours = listed([colour_word(c) for c in COLOUR_LETTERS])
    return _sentences([
        shown(say("{squares} are named (row, column), as the log names them: {example} is row {row}, column "
                  "{column}.", squares=squares, example="(3, 9)", row=3, column=9)),
        shown(say("{towers} in the corners: the towers, each number followed by its tile's holder's initial, in "
                  "the holder's colour, once taken.", towers=towers)),
        shown(say("{letters} on a building: its colour ({colours}).", letters=letters, colours=colours)),
        _words(say("Thin black outline: an unclaimed palace; thick coloured outline and a roof mark with the "
                   "owner's initial: that player's palace.")),
        *([initials_html(names)] if names else []),
        _words(say("{stable}: a stable. Round tokens: merchants. Dark brown ring squares: walls. Green: where the "
                   "chosen piece may go.", stable=STABLE_LETTER)),
        _explained(say("Tiles"), say("the points each tile gives its holder at the end.")),
        _explained(say("Points"), say("a player's score if the game ended now.")),
        _explained(say("Pieces left"), say("buildings of each colour, roofs, stables, merchants and walls not yet "
                                           "placed.")),
    ])


def supply_head(piece: str) -> Message:
    """A supply column's head: the piece's plural ("roofs"), merchants shortened."""
    return say("merch.") if piece == "merchant" else pieces_word(piece)


def info_html(state) -> str:
    """The palace and tower tiles with their holders, and every player's supply (all from the engine), in the
    page's language."""
    palaces = {c: _words(say("{colour} palace", colour=colour_word(c))) for c in COLOURS}
    towers = {n: _words(say("tower {tower}", tower=n)) for n in TOWERS}
    keys = {c: swatch(BUILDING_COLOURS[c], shown(COLOUR_LETTERS[c])) for c in COLOURS}  # a colour and its letters
    tiles = "".join(
        f"<tr><td>{keys[c]}{palaces[c]}</td><td>{PALACE_TILE_POINTS[c]}</td>"
        f"<td class='bg-palace-tile' data-colour='{c}'>{_holder(state, state.palace_tile_owner(c))}</td></tr>"
        for c in COLOURS
    )
    tiles += "".join(
        f"<tr><td>{swatch(TOWER)}{towers[n]}</td><td>{TOWER_POINTS[n]}</td>"
        f"<td class='bg-tower-tile' data-tower='{n}'>{_holder(state, state.tower_tile_owner(n))}</td></tr>"
        for n in TOWERS
    )
    scores = state.scores()
    rows = []
    for seat, name in enumerate(state.names):
        sup = state.supply(seat)
        counts = "".join(f"<td>{sup['building'][c]}</td>" for c in COLOURS)
        counts += "".join(f"<td>{sup[p]}</td>" for p in PLAIN_PIECES)
        mark = "▶ " if seat == state.current_player else ""
        rows.append(
            f"<tr class='bg-supply' data-seat='{seat}'><td style='color:{seat_ink(seat)};font-weight:bold'>"
            f"{mark}{html.escape(name)}</td><td><b>{scores[seat]}</b></td>{counts}</tr>"
        )
    heads = "".join(f"<th title='{_words(colour_word(c))}'>{keys[c]}</th>" for c in COLOURS)
    heads += "".join(f"<th>{_words(supply_head(p))}</th>" for p in PLAIN_PIECES)
    tile, points, holder, player = _words(say("tile")), _words(say("points")), _words(say("holder")), _words(
        say("player"))
    tiles_head, supply = _bold(say("Tiles")), _bold(say("Points now and pieces left"))
    return (
        "<div style='display:flex;flex-wrap:wrap;gap:6px 18px;align-items:flex-start;margin-top:4px'>"
        f"<div>{tiles_head}<table><tr><th>{tile}</th><th>{points}</th><th>{holder}</th></tr>"
        f"{tiles}</table></div>"
        f"<div>{supply}<table><tr><th>{player}</th><th>{points}</th>"
        f"{heads}</tr>" + "".join(rows) + "</table></div>"
        f"<div class='bg-medina-legend' style='{LEGEND_STYLE}'>{legend(state.names)}</div></div>"
    )
