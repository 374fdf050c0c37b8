"""The Medina controls: ``MedinaControls(on_move, board=None)``, the piece chooser for one placement.

One button per piece (a building per colour, then ``medina.PLAIN_PIECES``: roof, stable, merchant, wall). Choosing
one highlights the squares ``state.legal_squares`` gives on the board; clicking a square sends
``Place(piece, at, colour)`` to ``on_move``; a refused square is explained with ``state.check``. The piece buttons only
choose (``bg-choose``, ``bg-choose-<piece>``); the move is the click on a square. Every word is in the page's language
(``widgets.runtime.language``).
"""

from __future__ import annotations

import html
from collections.abc import Callable

import ipywidgets as W

from boardgames import medina
from boardgames.core.message import Message, say, say_n
from boardgames.medina import COLOURS, PLAIN_PIECES
from boardgames.medina.pieces import colour_word, piece_word
from widgets.games.medina.board import BUILDING_COLOURS, MedinaBoard
from widgets.kit.controls import BoardControls
from widgets.kit.palette import mix
from widgets.runtime.language import show, shown

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


PIECE_BUTTON = "#ffffff"  # a roof, stable, merchant or wall button that may be chosen
UNAVAILABLE = "#f1f3f5"  # a piece button that may not be chosen now (its text greyed)
UNAVAILABLE_TEXT = "#adb5bd"


def piece_said(piece: str, colour: str | None) -> Message:
    """A piece a button chooses: "grey building", "roof"."""
    return say("{colour} building", colour=colour_word(colour)) if colour else piece_word(piece)


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
            b = self._button(piece_said("building", c), "building")
            b.add_class(f"bg-colour-{c}")
            self.buttons[("building", c)] = b
        for piece in PLAIN_PIECES:
            self.buttons[(piece, None)] = self._button(piece_said(piece, None), piece)
        for key, b in self.buttons.items():
            b.on_click(lambda _, key=key: self.choose(*key))
        self.note = self.note_line("bg-medina-note")
        rows = [
            W.HBox([self.buttons[("building", c)] for c in COLOURS[:2]]),
            W.HBox([self.buttons[("building", c)] for c in COLOURS[2:]]),
            W.HBox([self.buttons[(p, None)] for p in PLAIN_PIECES[:2]]),
            W.HBox([self.buttons[(p, None)] for p in PLAIN_PIECES[2:]]),
        ]
        super().__init__(on_move, board, [W.HTML(CONTROLS_STYLE), *rows, self.note], "bg-medina-controls")

    def wire(self, board: MedinaBoard) -> None:
        """Take the clicks on the squares of ``board``."""
        board.on_square(self.square_clicked)

    @staticmethod
    def _button(text: Message, kind: str) -> W.Button:
        b = W.Button(icon=ICONS[kind], layout=W.Layout(width="180px"), disabled=True)
        show(b, "description", text)
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
            self._say(say("Choose a piece first, then click a green square (you clicked {at}).", at=str(at)))
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
            text = piece_said(piece, colour)
            n = counts.get(key, 0)
            with b.hold_sync():
                show(b, "description", text if left is None else say("{piece} ({left} left)", piece=text, left=left))
                b.disabled = not n
                if n:
                    tip = say("Choose a {piece}: the squares where it may go turn green", piece=text)
                elif not active:
                    tip = self._reason or (say("The game is over.") if state.is_over else say("Not your turn."))
                elif left == 0:
                    tip = say("You have no {piece} left.", piece=text)
                else:
                    tip = say("No square where a {piece} may go now.", piece=text)
                b.tooltip = shown(tip)
                b.style.button_color = button_colour(piece, colour) if n else UNAVAILABLE
                b.style.text_color = None if n else UNAVAILABLE_TEXT
                b.icon = "check" if key == self.piece else ICONS[piece]
            if key == self.piece:
                b.add_class("bg-selected")
            elif "bg-selected" in b._dom_classes:
                b.remove_class("bg-selected")
        squares = self.legal
        if self.board is not None:
            self.board.highlight(squares, piece_said(*self.piece) if self.piece is not None else None)
        if not active:
            note = self._reason or (say("The game is over.") if state.is_over
                                    else say("Waiting for the other players."))
        elif self.piece is None:
            note = say("Choose a piece; the squares where it may go turn green.")
        else:
            what = piece_said(*self.piece).capitalized()
            note = say_n("{piece} chosen (ticked): click one of the {n} green square.",
                         "{piece} chosen (ticked): click one of the {n} green squares.", len(squares), piece=what)
        self.note.value = f"<div style='font-size:13px;min-height:20px'>{html.escape(shown(note))}</div>"
