"""The view protocol: what a game's view package (``widgets.games.<game>``) gives the app shell.

A view is registered in ``widgets.kit.registry`` and offers:

- ``Board``: a widget class; ``Board()`` builds it once, ``show(state, viewer)`` redraws it for ``state`` as
  ``viewer`` may see it (a seat, or None for a spectator, who sees public facts only). Optionally
  ``set_side(widget)`` places the shell's score chart inside the board (else the chart goes under it).
- ``Controls``: a widget class; ``Controls(on_move, board=board)`` builds it once (it may take the board's
  clicks), ``update(state, seat, active, reason)`` redraws it: ``seat`` is the human seat it speaks for (or
  None), ``active`` whether that seat may decide now, ``reason`` why not when the shell knows better (a
  replay, all seats bots). A decision ends in ``on_move(move)``.
- ``turn_hint(state)``: what the player to move does now, in a few words (the status line).
- ``SCORE_NAME``: the score's unit (``"florins"``, ``"points"``), the engine's ``TEACHING.unit`` where it has one;
  ``SCORE_TITLE``: the score chart's title.

Every word a view hands the shell (``SCORE_NAME``, ``SCORE_TITLE``, ``turn_hint``, the end columns' labels, the
options' labels and notes) may be a message (``boardgames.core.message``), which the page says in its language, or
plain English.
- ``end_columns(state)``: the end panel's extra columns, ``[(label, values per seat), ...]`` (may be empty); the
  sentence under the panel's table is the engine's ``SCORING_NOTE``, and whether a bot's reasons wait for the end
  of the game is the engine's ``keeps_secrets(state)`` (``boardgames.core.GameModule``).
- ``EMPHASISED``: the event kinds the log shows in bold (a set), or a predicate ``EMPHASISED(event)``.
- Optionally ``END_NOTE``: the sentence under the end panel's table, as a message (else the engine's
  ``SCORING_NOTE``).
- Optionally ``OPTIONS``: ``[(flag, label), ...]``, the game's flags the new-game form offers as checkboxes.
- Optionally ``SEAT_OPTIONS``: ``[SeatOption(...), ...]``, a choice the new-game form offers for each seat (a
  dropdown in every seat's row), given to ``new_game`` as a list with a value per seat (see ``SeatOption``).
- Optionally ``sits_out(state, seat)``: whether ``seat`` has no decision to make for a while (while every human
  seat sits out, the shell offers to fast-forward the bots; without it, only when every seat is a bot).
- Optionally ``Board.mark(move)``: mark on the board what ``move`` (a legal move of the position shown, the hint's
  first suggestion) concerns, in a colour of its own: the ship, square, cells or place it takes or goes to, with a
  line naming the move (``widgets.kit.marks``); ``mark(None)`` clears the mark. The shell clears it at the next move,
  undo or replay step; ``show`` leaves it alone. A board without it shows no mark (the hint still names the move).
- Optionally ``Board.key_grid``: a widget the shell places under the board: the board as a grid of buttons that a
  keyboard and a screen reader can use (``widgets.kit.key_grid``); pressing a button does what a click on that place
  of the board does.

CSS hooks (browser tests rely on them): every interactive control of ``Controls`` carries exactly one of

- ``bg-move`` (with ``bg-move-<kind>``): a button whose click makes a move (the log changes);
- ``bg-choose``: a control that only selects something for the next move (a piece, a tile, an amount, dice);
  clicking it never makes a move.

A board may make moves too (Medina's green squares); its own hooks say where.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

import ipywidgets as W

from boardgames.core import Event
from boardgames.core.message import WORDS

MOVE, CHOOSE = "bg-move", "bg-choose"
REQUIRED = ("Board", "Controls", "turn_hint", "SCORE_NAME", "SCORE_TITLE", "end_columns", "EMPHASISED")


@dataclass(frozen=True)
class SeatOption:
    """A choice the new-game form offers for each seat: ``new_game`` gets ``keyword=[value per seat]``.

    ``choices``: ``((label, value), ...)``; ``default``: a seat's value until chosen. ``off_when``: a flag of the
    view's ``OPTIONS`` whose ticked checkbox turns the choice off (its dropdowns disabled, ``off_note`` saying
    why, the keyword left out of ``new_game``'s arguments). ``shown(state)``: each seat's value in a game
    started without the keyword (the game's default), which the form shows for it (None: a seat's default)."""

    keyword: str
    label: Any  # words or a message, as every label below
    choices: tuple[tuple[Any, Any], ...]
    default: Any = None
    off_when: str | None = None
    off_note: Any = ""
    shown: Callable[[Any], list] | None = None


@runtime_checkable
class Board(Protocol):
    """A game's board: a widget redrawn in place for each position, as one seat (or a spectator) sees it."""

    def show(self, state: Any, viewer: int | None = None) -> None:
        """Draw ``state`` showing only what ``viewer`` may know (None: a spectator, public facts only)."""


@runtime_checkable
class Controls(Protocol):
    """A game's move controls: a widget; a decision ends in ``on_move(move)``."""

    def update(self, state: Any, seat: int | None, active: bool, reason: str | None = None) -> None:
        """Redraw for ``state``: ``seat`` is the human seat spoken for, ``active`` whether it may decide now,
        ``reason`` why not (when the shell knows better than the engine)."""


class GameUI(Protocol):
    """What a game's view module offers the app shell (see the module's docstring)."""

    Board: type
    Controls: type
    SCORE_NAME: Any
    SCORE_TITLE: Any
    EMPHASISED: frozenset[str] | Callable[[Event], bool]

    def turn_hint(self, state: Any) -> Any: ...
    def end_columns(self, state: Any) -> list[tuple[Any, tuple[int, ...]]]: ...


def is_words(value: Any) -> bool:
    """Whether ``value`` is something a page can say: plain English words or a message (``boardgames.core.message``),
    which the page says in its language."""
    return isinstance(value, (str, *WORDS))


def emphasis(ui: GameUI) -> Callable[[Event], bool]:
    """Whether the log shows an event in bold, from the view's ``EMPHASISED``."""
    chosen = ui.EMPHASISED
    if callable(chosen):
        return chosen
    kinds = frozenset(chosen)
    return lambda event: event.kind in kinds


def css_classes(widget: W.DOMWidget) -> tuple[str, ...]:
    """The CSS classes ``widget`` carries on the page."""
    return tuple(widget._dom_classes)


def widgets_under(widget: Any) -> Iterator[Any]:
    """``widget`` and every widget in its children, depth first."""
    yield widget
    for child in getattr(widget, "children", ()):
        yield from widgets_under(child)


def interactive(widget: Any) -> bool:
    """Whether ``widget`` takes a person's input (a button, slider, chooser...), not only shows something."""
    return isinstance(widget, W.DOMWidget) and widget.has_trait("disabled")


def check_view(ui: Any, state: Any = None) -> list[str]:
    """What ``ui`` (a view module) lacks or breaks of the protocol, in sentences; [] when it is complete.

    With a ``state`` (a game's position where a seat is to move) it also builds the board and the controls,
    shows the position to the seat to move, marks a few legal moves on the board (if it has ``mark``) and clears
    the mark, and clicks every enabled control: each carries exactly one of ``bg-move`` / ``bg-choose``, a
    ``bg-move`` click sends one legal move, a ``bg-choose`` click none.
    """
    problems = [f"it has no {name}" for name in REQUIRED if not hasattr(ui, name)]
    if problems:
        return problems
    for name in ("SCORE_NAME", "SCORE_TITLE"):
        if not is_words(getattr(ui, name)) or not str(getattr(ui, name)):
            problems.append(f"{name} is not a sentence or a word")
    chosen = ui.EMPHASISED
    if not callable(chosen) and not (isinstance(chosen, (set, frozenset)) and all(isinstance(k, str) for k in chosen)):
        problems.append("EMPHASISED is neither a set of event kinds nor a predicate")
    for name in ("Board", "Controls"):
        cls = getattr(ui, name)
        if not (isinstance(cls, type) and issubclass(cls, W.DOMWidget)):
            problems.append(f"{name} is not a widget class")
    if not callable(getattr(ui.Board, "show", None)):
        problems.append("Board has no show(state, viewer)")
    if not callable(getattr(ui.Controls, "update", None)):
        problems.append("Controls has no update(state, seat, active, reason)")
    if problems or state is None:
        return problems
    return _check_live(ui, state)


def _check_live(ui: Any, state: Any) -> list[str]:
    """The checks that need a position: drawing it, the columns, the hint, and every control's clicks."""
    problems = []
    seat = state.current_player
    board = ui.Board()
    board.show(state, seat)
    board.show(state, None)
    sent: list = []
    controls = ui.Controls(sent.append, board=board)
    controls.update(state, seat, True, None)
    if not is_words(ui.turn_hint(state)):
        problems.append("turn_hint(state) is not a sentence")
    for label, values in ui.end_columns(state):
        if not is_words(label) or len(values) != state.players:
            problems.append(f"end column {label!r} is not a label with one value per seat")
    legal = state.legal_moves()
    if callable(getattr(board, "mark", None)):  # the hint's mark: on some legal moves, then cleared
        for move in {str(m): m for m in (legal[0], legal[len(legal) // 2], legal[-1])}.values():
            board.mark(move)
        board.mark(None)
        if "bg-marked" in css_classes(board):
            problems.append("Board.mark(None) leaves the board marked")
    for widget in list(widgets_under(controls)):
        if not interactive(widget):
            continue
        classes = css_classes(widget)
        name = getattr(widget, "description", "") or type(widget).__name__
        if (MOVE in classes) == (CHOOSE in classes):
            problems.append(f"control {name!r} carries {'both' if MOVE in classes else 'neither'} of "
                            f"{MOVE} and {CHOOSE}")
            continue
        if MOVE in classes and not any(c.startswith(MOVE + "-") for c in classes):
            problems.append(f"control {name!r} makes a move but says not which kind ({MOVE}-<kind>)")
        if not isinstance(widget, W.Button) or widget.disabled:
            continue
        before = len(sent)
        widget.click()
        made = sent[before:]
        if MOVE in classes and (len(made) != 1 or made[0] not in legal):
            problems.append(f"a click on {name!r} ({MOVE}) sent {made!r}, not one legal move")
        if CHOOSE in classes and made:
            problems.append(f"a click on {name!r} ({CHOOSE}) made a move: {made!r}")
        controls.update(state, seat, True, None)
    return problems
