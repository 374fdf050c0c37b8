"""The toy game's view (``widgets.kit.protocol``), registered only in the tests: how a small game makes its own.

The board shows the viewer's own stone, face up, and every other stone face down; once the game is over the
stones are shown, so it names them all. The controls are two buttons, Keep and Swap, each making a move.
"""

from __future__ import annotations

import html

import ipywidgets as W

from toy import STONES, Keep, Swap

SCORE_NAME = "worth"
SCORE_TITLE = "Stones shown so far"
EMPHASISED = frozenset({"toy.game.end"})


class Board(W.HTML):
    """Every seat's stone as ``viewer`` may know it: its own, and all of them once the game is over."""

    def show(self, state, viewer: int | None = None) -> None:
        rows = []
        for seat, name in enumerate(state.names):
            stone = STONES[state.hands[seat] - 1] if state.is_over or seat == viewer else "a stone, face down"
            rows.append(f"<li>{html.escape(name)}: {stone}</li>")
        when = "the stones are shown" if state.is_over else f"round {state.turn // state.players + 1}"
        self.value = f"<b>Swap</b>, {when}<ul>{''.join(rows)}</ul>"


class Controls(W.HBox):
    """Keep or swap the stone, for the seat to move."""

    def __init__(self, on_move, board=None) -> None:
        self.keep = W.Button(description="Keep")
        self.swap = W.Button(description="Swap")
        for button, move in ((self.keep, Keep()), (self.swap, Swap())):
            button.add_class("bg-move")
            button.add_class(f"bg-move-{move}")
            button.on_click(lambda _, move=move: on_move(move))
        super().__init__([self.keep, self.swap])

    def update(self, state, seat: int | None, active: bool, reason: str | None = None) -> None:
        for button in (self.keep, self.swap):
            button.disabled = not active
            button.tooltip = "" if active else reason or "Not your turn."


def turn_hint(state) -> str:
    return "keep your stone or swap it for the top of the pile"


def end_columns(state) -> list[tuple[str, tuple[int, ...]]]:
    return [("Stone", tuple(state.hands))]
