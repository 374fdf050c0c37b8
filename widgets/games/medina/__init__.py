"""The Medina board and its controls, for the app shell and the notebooks.

- ``MedinaBoard(state)``: one bqplot figure of the whole 13 x 18 grid, built once and redrawn in place by
  ``show(state)``: city squares, the ring of wall spaces and the four corner towers; buildings in their
  colours, every palace outlined (thin and dark while unclaimed, thick in the owner's colour once roofed,
  with a roof mark), stables (``S``), merchants (round tokens) and walls. Beside it, in plain HTML, the
  palace and tower tiles with their holders and every player's supply.
  Every square is a marker of one ``Scatter`` with ``on_element_click``; a second ``Scatter`` on top holds
  the highlighted squares (where the chosen piece may go), also clickable.
- ``MedinaControls(on_move, board=None)``: one button per piece kind (a building per colour, roof, stable,
  merchant, wall). Choosing one highlights the squares ``state.legal_squares`` gives; clicking a square
  sends ``Place(piece, at, colour)`` to ``on_move``; a refused square is explained with ``state.check``.
  The piece buttons only choose (``bg-choose``, ``bg-choose-<piece>``); the move is the click on a square.

This is Medina's view module for the app shell (``widgets.kit.protocol``): ``Board``, ``Controls``, ``turn_hint``,
``SCORE_NAME``, ``SCORE_TITLE``, ``end_columns``, ``END_NOTE``, ``EMPHASISED``, ``sits_out`` and ``reasons_private``;
the board's ``mark(move)`` outlines the square of a suggested placement.

Nothing here decides a rule: every fact on the board is read from the state, every square from
``legal_squares`` and every refusal from ``check``.
"""

from __future__ import annotations

import html
from collections.abc import Callable

import bqplot as bq
import ipywidgets as W

from boardgames import medina
from boardgames.medina.rules import (
    COLOURS,
    COLS,
    PALACE_TILE_POINTS,
    ROWS,
    TOWER_POINTS,
    TOWERS,
)
from widgets.kit.controls import BoardControls
from widgets.kit.figures import board_figure, send_changed
from widgets.kit.marks import MARK_COLOUR, MarkCaption
from widgets.kit.palette import mix, seat_colour

# ------------------------------------------------------------------------------------- colours

BUILDING_COLOURS = {"grey": "#adb5bd", "black": "#343a40", "brown": "#8d5524", "orange": "#f59f00"}
CITY = "#f3e6c8"
RING = "#ddd0b4"
TOWER = "#495057"
WALL = "#6b4f3a"
MERCHANT = "#fff9db"
HIGHLIGHT = "#2f9e44"  # the squares where the chosen piece may go (tests find them by this colour)
PIECE_BUTTON = "#ffffff"  # a roof, stable, merchant or wall button that may be chosen
UNAVAILABLE = "#f1f3f5"  # a piece button that may not be chosen now (its text greyed)
UNAVAILABLE_TEXT = "#adb5bd"
PIECE_NAMES = ("roof", "stable", "merchant", "wall")

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


SQUARES = [(r, c) for r in range(ROWS) for c in range(COLS)]
TOWER_SQUARES = {at: n for n, at in TOWERS.items()}


def _area(at) -> str:
    r, c = at
    if at in TOWER_SQUARES:
        return "tower"
    return "city" if 1 <= r <= ROWS - 2 and 1 <= c <= COLS - 2 else "ring"


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
    return RING if _area(at) == "ring" else CITY


def outline_segments(squares) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    """The edges of a group of squares that face outside the group, as ((x0, y0), (x1, y1)) with x = col, y = row."""
    inside = set(squares)
    segs = []
    for r, c in inside:
        if (r - 1, c) not in inside:
            segs.append(((c - 0.5, r - 0.5), (c + 0.5, r - 0.5)))
        if (r + 1, c) not in inside:
            segs.append(((c - 0.5, r + 0.5), (c + 0.5, r + 0.5)))
        if (r, c - 1) not in inside:
            segs.append(((c - 0.5, r - 0.5), (c - 0.5, r + 0.5)))
        if (r, c + 1) not in inside:
            segs.append(((c + 0.5, r - 0.5), (c + 0.5, r + 0.5)))
    return segs


def _segment_arrays(segs, colours) -> tuple[list, list, list]:
    if not segs:  # bqplot needs at least one line: a zero-length one out of sight
        return [[-5.0, -5.0]], [[-5.0, -5.0]], ["#ffffff"]
    return [[a[0], b[0]] for a, b in segs], [[a[1], b[1]] for a, b in segs], colours


# ------------------------------------------------------------------------------------- the board



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
        self.side = W.Box(layout=W.Layout(margin="0 0 0 8px"))
        self.mark_caption = MarkCaption()
        self.marked = None  # the move marked (see ``mark``)
        super().__init__([W.HTML(BOARD_STYLE), self.mark_caption, self.figure, self.info, self.side])
        self.add_class("bg-medina-board")
        if state is not None:
            self.show(state)

    def set_side(self, widget) -> None:
        """Place ``widget`` (the shell's score chart) beside the tiles and supplies."""
        widget.layout.width = f"{COLS * self.cell + MARGIN['left'] + MARGIN['right']}px"
        widget.layout.height = "260px"
        self.side.children = (widget,)

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
        self.highlights = bq.Scatter(x=[-5.0], y=[-5.0], scales=sc, marker="square", default_size=(side - 6) ** 2,
                               colors=["#ffffff"], stroke="#ffffff", stroke_width=2, opacities=[0.0])
        self._outline = bq.Lines(x=[[-5.0, -5.0]], y=[[-5.0, -5.0]], scales=sc, colors=["#212529"],
                                 stroke_width=2.5)
        self._owned_edge = bq.Lines(x=[[-5.0, -5.0]], y=[[-5.0, -5.0]], scales=sc, colors=["#212529"],
                                      stroke_width=8)
        self._owned = bq.Lines(x=[[-5.0, -5.0]], y=[[-5.0, -5.0]], scales=sc, colors=["#ffffff"], stroke_width=5)
        self.merchants = bq.Scatter(x=[-5.0], y=[-5.0], scales=sc, marker="circle",
                                     default_size=int((cell * 0.62) ** 2), colors=[MERCHANT], stroke="#495057",
                                     stroke_width=2)
        self.roofs = bq.Scatter(x=[-5.0], y=[-5.0], scales=sc, marker="triangle-up",
                                 default_size=int((cell * 0.5) ** 2), colors=["#ffffff"], stroke="#ffffff",
                                 stroke_width=1.5)
        self._texts = bq.Label(x=[-5.0], y=[-5.0], text=[""], scales=sc, align="middle", default_size=15,
                               font_weight="bold", colors=["#ffffff"], y_offset=5)
        self._mark = bq.Lines(x=[[-5.0, -5.0]], y=[[-5.0, -5.0]], scales=sc, colors=[MARK_COLOUR], stroke_width=5)
        # The log names a square (row, column), as the engine does: the axes say which is which.
        ax_x = bq.Axis(scale=sx, side="bottom", tick_values=list(range(COLS)), tick_format="d", grid_lines="none",
                       tick_style={"font-size": "11px"}, label="column", label_offset="32px",
                       label_color="#495057")
        ax_y = bq.Axis(scale=sy, side="left", tick_values=list(range(ROWS)), tick_format="d", grid_lines="none",
                       tick_style={"font-size": "11px"}, label="row", label_offset="34px", label_color="#495057")
        for mark in (self.squares, self.highlights):
            mark.on_element_click(self._clicked)
        fig = board_figure(
            [self.squares, self._outline, self._owned_edge, self._owned, self.highlights, self.merchants, self.roofs,
             self._texts, self._mark],
            axes=[ax_x, ax_y], title="Medina", margin=MARGIN,
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
    def highlight(self, squares) -> None:
        """Mark ``squares`` (where the chosen piece may go); an empty list clears the marks."""
        squares = [tuple(at) for at in squares]
        if squares == self._hot_squares:
            return
        self._hot_squares = squares
        with self.highlights.hold_sync():
            if squares:
                self.highlights.x = [c for _, c in squares]
                self.highlights.y = [r for r, _ in squares]
                self.highlights.colors, self.highlights.opacities = [HIGHLIGHT], [0.6]
            else:  # bqplot wants a point: one out of sight, not in the highlight colour
                self.highlights.x, self.highlights.y = [-5.0], [-5.0]
                self.highlights.colors, self.highlights.opacities = ["#ffffff"], [0.0]

    @property
    def highlighted(self) -> list[tuple[int, int]]:
        return list(self._hot_squares)

    def mark(self, move) -> None:
        """Outline the square of ``move`` (a placement suggested for the position shown); None clears the mark."""
        self.marked = move
        at = getattr(move, "at", None)
        segs = outline_segments([tuple(at)]) if at is not None else []
        x, y, _ = _segment_arrays(segs, [])
        with self._mark.hold_sync():
            self._mark.x, self._mark.y = x, y
        self.mark_caption.show(self, move if segs else None, f"square {tuple(at)}" if segs else "")

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
        self._set(self.merchants, x=[c for _, c in merchants] or [-5.0], y=[r for r, _ in merchants] or [-5.0])
        # texts: tower numbers (in the holder's colour once the tile is taken) and stables
        tx, ty, tt, tc = [], [], [], []
        for n, (r, c) in TOWERS.items():
            holder = state.tower_tile_owner(n)
            tx.append(c)
            ty.append(r)
            tt.append(str(n))
            tc.append("#ffffff" if holder is None else mix(seat_colour(holder), 0.35))
        for cell, (r, c) in zip(cells, SQUARES):
            if cell.piece == "stable":
                tx.append(c)
                ty.append(r)
                tt.append("S")
                tc.append("#212529")
        self._set(self._texts, x=tx, y=ty, text=tt, colors=tc)
        # palaces: outlines, thick in the owner's colour once claimed, with a roof on the first building
        free, owned, owned_colours, roofs, roof_colours = [], [], [], [], []
        for pal in state.palaces():
            segs = outline_segments(pal.squares + pal.stables)
            if pal.owner is None:
                free += segs
            else:
                owned += segs
                owned_colours += [seat_colour(pal.owner)] * len(segs)
                roofs.append(min(pal.squares))
                roof_colours.append(seat_colour(pal.owner))
        x, y, colours = _segment_arrays(free, ["#212529"] * len(free))
        self._set(self._outline, x=x, y=y, colors=colours)
        x, y, colours = _segment_arrays(owned, owned_colours)
        # a dark rim under the owner's colour, so that it shows on any building
        self._set(self._owned_edge, x=x, y=y, colors=["#212529" if owned else "#ffffff"])
        self._set(self._owned, x=x, y=y, colors=colours)
        self._set(self.roofs, x=[c for _, c in roofs] or [-5.0], y=[r for r, _ in roofs] or [-5.0],
                  colors=roof_colours or ["#ffffff"])
        # The title changes only at the end: a new title makes the figure measure its text again (a
        # forced layout in the browser on every move); the status line says whose turn it is.
        title = "Medina · the game is over" if state.is_over else "Medina"
        if self.figure.title != title:
            self.figure.title = title
        self.info.value = info_html(state)


def _holder(state, seat) -> str:
    if seat is None:
        return "<span style='color:#868e96'>nobody yet</span>"
    return f"<b style='color:{seat_colour(seat)}'>{html.escape(state.names[seat])}</b>"


def _swatch(colour: str) -> str:
    return (f"<span style='display:inline-block;width:11px;height:11px;background:{colour};"
            "border:1px solid #495057;margin-right:3px;vertical-align:-1px'></span>")


LEGEND_STYLE = "flex-basis:100%;font-size:12px;line-height:1.45;color:#495057;white-space:normal"
LEGEND = (
    "<b>Squares</b> are named (row, column), as the log names them: (3, 9) is row 3, column 9. "
    "<b>1 to 4</b> in the corners: the towers, each number in its tile's holder's colour once taken. "
    "Thin black outline: an unclaimed palace; thick coloured outline and a roof mark: that player's palace. "
    "S: a stable. Round tokens: merchants. Dark brown ring squares: walls. Green: where the chosen piece may go. "
    "<b>Tiles</b>: the points each tile gives its holder at the end. <b>Points</b>: a player's score if the game "
    "ended now. <b>Pieces left</b>: buildings of each colour, roofs, stables, merchants and walls not yet placed."
)


def info_html(state) -> str:
    """The palace and tower tiles with their holders, and every player's supply (all from the engine)."""
    tiles = "".join(
        f"<tr><td>{_swatch(BUILDING_COLOURS[c])}{c} palace</td><td>{PALACE_TILE_POINTS[c]}</td>"
        f"<td class='bg-palace-tile' data-colour='{c}'>{_holder(state, state.palace_tile_owner(c))}</td></tr>"
        for c in COLOURS
    )
    tiles += "".join(
        f"<tr><td>{_swatch(TOWER)}tower {n}</td><td>{TOWER_POINTS[n]}</td>"
        f"<td class='bg-tower-tile' data-tower='{n}'>{_holder(state, state.tower_tile_owner(n))}</td></tr>"
        for n in TOWERS
    )
    scores = state.scores()
    rows = []
    for seat, name in enumerate(state.names):
        sup = state.supply(seat)
        counts = "".join(f"<td>{sup['building'][c]}</td>" for c in COLOURS)
        counts += "".join(f"<td>{sup[p]}</td>" for p in PIECE_NAMES)
        mark = "▶ " if seat == state.current_player else ""
        rows.append(
            f"<tr class='bg-supply' data-seat='{seat}'><td style='color:{seat_colour(seat)};font-weight:bold'>"
            f"{mark}{html.escape(name)}</td><td><b>{scores[seat]}</b></td>{counts}</tr>"
        )
    heads = "".join(f"<th>{_swatch(BUILDING_COLOURS[c])}</th>" for c in COLOURS)
    heads += "<th>roofs</th><th>stables</th><th>merch.</th><th>walls</th>"
    return (
        "<div style='display:flex;flex-wrap:wrap;gap:6px 18px;align-items:flex-start;margin-top:4px'>"
        "<div><b>Tiles</b><table><tr><th>tile</th><th>points</th><th>holder</th></tr>"
        f"{tiles}</table></div>"
        "<div><b>Points now and pieces left</b><table><tr><th>player</th><th>points</th>"
        f"{heads}</tr>" + "".join(rows) + "</table></div>"
        f"<div class='bg-medina-legend' style='{LEGEND_STYLE}'>{LEGEND}</div></div>"
    )


# ------------------------------------------------------------------------------------- controls

# The chosen piece wears a green ring (the green of the squares where it may go) and a check mark; a piece
# that may be chosen has a dark edge; one that may not is grey, with a dashed edge.
CONTROLS_STYLE = (
    "<style>"
    ".bg-medina-controls .jupyter-button {border:1px solid #868e96}"
    ".bg-medina-controls .jupyter-button:disabled {border:1px dashed #ced4da; box-shadow:none}"
    ".bg-medina-controls .jupyter-button.bg-selected {box-shadow:inset 0 0 0 3px #2f9e44; border-color:#2f9e44;"
    " font-weight:bold}"
    "</style>"
)
ICONS = {"building": "home", "roof": "university", "stable": "square", "merchant": "circle", "wall": "bars"}


def button_colour(piece: str, colour: str | None) -> str:
    """The colour of a piece's button while it may be chosen: a building's colour, lighter; white for the others."""
    return mix(BUILDING_COLOURS[colour], 0.55) if piece == "building" else PIECE_BUTTON


class MedinaControls(BoardControls):
    """The piece chooser for one Medina placement; ``on_move(move)`` gets ``Place(piece, at, colour)``.

    ``update(state, seat, active, reason)``: ``seat`` is the human seat the controls speak for; ``active``
    says whether it may place now; ``reason`` (optional) says why not, when the shell knows better.
    """

    def __init__(self, on_move: Callable | None = None, board: MedinaBoard | None = None):
        self.piece: tuple[str, str | None] | None = None  # (piece, colour) chosen
        self.buttons: dict[tuple[str, str | None], W.Button] = {}
        for c in COLOURS:
            b = self._button(f"{c} building", "building")
            b.add_class(f"bg-colour-{c}")
            self.buttons[("building", c)] = b
        for piece in PIECE_NAMES:
            self.buttons[(piece, None)] = self._button(piece, piece)
        for key, b in self.buttons.items():
            b.on_click(lambda _, key=key: self.choose(*key))
        self.note = self.note_line("bg-medina-note")
        rows = [
            W.HBox([self.buttons[("building", c)] for c in COLOURS[:2]]),
            W.HBox([self.buttons[("building", c)] for c in COLOURS[2:]]),
            W.HBox([self.buttons[(p, None)] for p in PIECE_NAMES[:2]]),
            W.HBox([self.buttons[(p, None)] for p in PIECE_NAMES[2:]]),
        ]
        super().__init__(on_move, board, [W.HTML(CONTROLS_STYLE), *rows, self.note], "bg-medina-controls")

    def wire(self, board: MedinaBoard) -> None:
        """Take the clicks on the squares of ``board``."""
        board.on_square(self.square_clicked)

    @staticmethod
    def _button(text: str, kind: str) -> W.Button:
        b = W.Button(description=text, icon=ICONS[kind], layout=W.Layout(width="180px"), disabled=True)
        b.style.button_color, b.style.text_color = UNAVAILABLE, UNAVAILABLE_TEXT
        b.add_class("bg-choose")  # choosing a piece makes no move: a click on a green square does
        b.add_class(f"bg-choose-{kind}")
        return b

    # -- what the player does
    def choose(self, piece: str, colour: str | None = None) -> None:
        """Choose the piece to place next: its legal squares are highlighted on the board."""
        self.piece = (piece, colour)
        self._draw()

    def square_clicked(self, at: tuple[int, int]) -> None:
        """A click on square ``at``: place the chosen piece there, or say why not."""
        if not self._may_decide():
            return
        if self.piece is None:
            self._say(f"Choose a piece first, then click a green square (you clicked {at}).")
            return
        self._play(medina.Place(self.piece[0], tuple(at), self.piece[1]))

    @property
    def legal(self) -> list[tuple[int, int]]:
        """The squares where the chosen piece may go now."""
        if self.piece is None or self.state is None or not self.active:
            return []
        return self.state.legal_squares(self.piece[0], self.piece[1])

    # -- redraw
    def update(self, state, seat: int | None, active: bool, reason: str | None = None) -> None:
        self.state = state
        self.seat = seat
        self.active = active
        self._reason = reason
        self._draw()

    def _draw(self) -> None:
        state, active = self.state, self.active
        if state is None:
            return
        counts = {}
        if active:
            for (piece, colour) in self.buttons:
                counts[(piece, colour)] = len(state.legal_squares(piece, colour))
        usable = [key for key, n in counts.items() if n]
        if self.piece not in usable:
            self.piece = usable[0] if len(usable) == 1 else None
        supply = state.supply(self.seat) if self.seat is not None else None
        for key, b in self.buttons.items():
            piece, colour = key
            left = None if supply is None else (supply["building"][colour] if colour else supply[piece])
            text = f"{colour} building" if colour else piece
            n = counts.get(key, 0)
            with b.hold_sync():
                b.description = text if left is None else f"{text} ({left} left)"
                b.disabled = not n
                if n:
                    b.tooltip = f"Choose a {text}: the squares where it may go turn green"
                elif not active:
                    b.tooltip = self._reason or ("The game is over." if state.is_over else "Not your turn.")
                elif left == 0:
                    b.tooltip = f"You have no {text} left."
                else:
                    b.tooltip = f"No square where a {text} may go now."
                b.style.button_color = button_colour(piece, colour) if n else UNAVAILABLE
                b.style.text_color = None if n else UNAVAILABLE_TEXT
                b.icon = "check" if key == self.piece else ICONS[piece]
            if key == self.piece:
                b.add_class("bg-selected")
            elif "bg-selected" in b._dom_classes:
                b.remove_class("bg-selected")
        squares = self.legal
        if self.board is not None:
            self.board.highlight(squares)
        if not active:
            text = self._reason or ("The game is over." if state.is_over else "Waiting for the other players.")
        elif self.piece is None:
            text = "Choose a piece; the squares where it may go turn green."
        else:
            piece, colour = self.piece
            what = f"{colour} building" if colour else piece
            text = (f"{what.capitalize()} chosen (ticked): click one of the {len(squares)} green "
                    f"square{'s' * (len(squares) != 1)}.")
        self.note.value = f"<div style='font-size:13px;min-height:20px'>{html.escape(text)}</div>"


# ------------------------------------------------------------------------------------- words


def turn_hint(state) -> str:
    """What the player to move does now, in a few words."""
    if state.is_over:
        return "the game is over"
    if state.step == "start":
        return "place the extra merchant on any empty city square"
    if state.placed:
        return "place your second piece"
    return "place a piece (two this turn): choose a piece, then click a green square"


def end_columns(state) -> list[tuple[str, tuple[int, ...]]]:
    """Medina has no rounds: the end panel shows each seat's final score by part instead."""
    lines = state.scoring()
    return [
        ("Palaces", tuple(s.palace_points for s in lines)),
        ("Palace tiles", tuple(s.palace_tile_points for s in lines)),
        ("Tower tiles", tuple(s.tower_tile_points for s in lines)),
    ]


def sits_out(state, seat: int) -> bool:
    """Whether ``seat`` has no decision to make for now: no placement is open to them, so they pass until one
    opens (rule 3; near the end, for good) while the others play on; the shell then offers to fast-forward."""
    return not state.is_over and not state.can_place(seat)


def reasons_private(state) -> bool:
    """Whether a bot's reasons at ``state`` read what only its seat knows: never, Medina hides nothing."""
    return False


SCORE_NAME = "points"
SCORE_TITLE = "Points over the game (as if it ended now)"
END_NOTE = "Final points are the palaces' values plus the palace tiles and tower tiles each player holds."
EMPHASISED = frozenset({"medina.game.end"})  # the log's bold line
Board = MedinaBoard
Controls = MedinaControls
