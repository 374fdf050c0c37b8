"""What the controls of a game played on its board share (Medina, Metropolis, Marco Polo): who they speak for,
whether that seat may decide now, a move sent to the shell, and a note line that says why a click did nothing.

A subclass builds its widgets, calls ``BoardControls.__init__(self, on_move, board, children, css)`` and writes
``wire(board)`` (which of the board's clicks it takes) and ``update(state, seat, active, reason)``.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets as W

from boardgames.core.message import say
from widgets.runtime.language import shown

REFUSAL_STYLE = "color:#c92a2a;font-size:13px;min-height:20px"


class BoardControls(W.VBox):
    """A game's controls beside its board; a decision ends in ``on_move(move)``.

    Outside the shell (``on_move`` None: a notebook's board), a refused move is said in the controls' own note;
    in the shell, the shell's status line says it.
    """

    def __init__(self, on_move: Callable | None, board: Any, children: Sequence[W.Widget], css: str) -> None:
        self._shell = on_move is not None
        self.on_move = on_move or (lambda move: None)
        self.state: Any = None
        self.seat: int | None = None
        self.active = False
        self._reason: Any = None  # why the seat may not decide (words or a message), when the shell knows
        super().__init__(list(children))
        self.add_class(css)
        self.board: Any = None
        if board is not None:
            self.attach(board)

    @staticmethod
    def note_line(css: str) -> W.HTML:
        """The line where the controls say what to do next, or why a click did nothing."""
        note = W.HTML()
        note.add_class(css)
        return note

    def attach(self, board: Any) -> None:
        """Take the clicks of ``board`` (as ``wire`` says) and highlight on it."""
        self.board = board
        self.wire(board)

    def wire(self, board: Any) -> None:
        """Register the controls' callbacks for the clicks on ``board``."""
        raise NotImplementedError

    def _may_decide(self) -> bool:
        """Whether the seat may decide now; if not, the note says why."""
        if self.state is None:
            return False
        if not self.active:
            self._say(self._reason or (say("The game is over.") if self.state.is_over
                                       else say("It is not your turn.")))
            return False
        return True

    def _play(self, move: Any) -> None:
        """Send ``move`` (the shell plays it, or says why the engine refuses it)."""
        if self.state is None:
            return
        refusal = self.state.check(move, self.seat)
        self.on_move(move)
        if refusal is not None and not self._shell:  # the shell says it in its own status line
            self._say(say("{move} is refused: {refusal}", move=str(move), refusal=getattr(refusal, "said", refusal)))

    def _say(self, said: Any) -> None:
        """Say ``said`` (a message, or words) in the note line, in the page's language."""
        self.note.value = f"<div style='{REFUSAL_STYLE}'>{html.escape(shown(said))}</div>"
