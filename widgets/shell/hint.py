"""``HintPanel``: "Suggest a move", the expert's three best moves for a human seat of this page, and why.

``HintPanel(app)`` sits by the controls of a ``GameApp`` and watches it (``app.on_change``). While a human seat of
this page is to move in the live game, its button asks ``boardgames.hints.suggest`` for the expert's best moves
(judged in a world drawn for that seat: a hint never tells what the seat may not know), and shows each with its
worth in the game's own terms and the reason the expert gave. The first suggestion is marked on the board (the
view's optional ``Board.mark``) and one click plays it, through ``GameApp.play``, so the engine checks it. The
app's log records that a hint was asked (``widgets.shell.notes``). A move, an undo or a replay makes the hint
stale: it is taken off the panel and the board. ``allowed`` False (``GameApp.hints_allowed``) hides the button.

The expert answers within ``suggest``'s budget (under a second). Inside a kernel (Jupyter, Voilà) it thinks in a
worker thread awaited by an asyncio task on the kernel's loop, so the page stays live and says it is thinking;
in plain Python (tests) it answers at once.

CSS hooks: ``bg-hint-panel`` (the panel), ``bg-hint`` (the button), ``bg-hint-text`` (the answer, or why there is
none; ``bg-hint-move`` for each suggestion, with ``bg-hint-worth`` and ``bg-hint-reason``; ``bg-hint-thinking``
while it thinks), ``bg-hint-play`` (plays the first suggestion).
"""

from __future__ import annotations

import html
import logging
import time
from typing import Any

import ipywidgets as W

from boardgames.bots import ONLY_MOVE, Judgement, move_said
from boardgames.core.message import Message, say, say_n
from boardgames.hints import HINT_SECONDS, suggest
from widgets.kit.marks import MARK_COLOUR, SUGGESTED, mark_as
from widgets.runtime.guard import guarded, keep_trace
from widgets.runtime.language import show, shown
from widgets.runtime.runner import Runner
from widgets.shell.bots import HUMAN
from widgets.shell.notes import sentence_said

log = logging.getLogger("widgets.shell.hint")

OFF = say("Hints are turned off for this page.")
IDLE = say("Stuck? The expert suggests its three best moves, with what each is worth and why.")


class HintPanel(W.VBox):
    """The hint button, its answer and the button that plays the first suggestion, for ``app`` (a ``GameApp``).

    ``seconds``: the expert's budget (``suggest``'s); ``asynchronous``: think in a worker thread (True), at once
    (False), or, by default, in a thread when running inside a Jupyter kernel. ``suggestions`` are the
    judgements on screen (best first; empty when there is none) and ``latency`` the seconds the last answer took
    from the click to the screen.
    """

    def __init__(self, app: Any, *, seconds: float = HINT_SECONDS, asynchronous: bool | None = None) -> None:
        super().__init__(layout=W.Layout(margin="6px 0 0 0"))
        self.app = app
        self.seconds = seconds
        self.worker = Runner("hint", asynchronous, self._thinking_failed)
        self.suggestions: list[Judgement] = []
        self.latency: float | None = None
        self._allowed = True
        self._for: Any = None  # the position the suggestions on screen are for
        self._asked: Any = None  # the position the expert is thinking about
        self.button = W.Button(icon="lightbulb-o", layout=W.Layout(width="auto"))
        show(self.button, "description", say("Suggest a move"))
        show(self.button, "tooltip", say("The expert's three best moves for you, with what each is worth and why"))
        self.button.add_class("bg-hint")
        self.button.on_click(lambda _: self._guarded(self.ask))
        self.play_button = W.Button(icon="play", button_style="info", layout=W.Layout(width="auto", display="none"))
        show(self.play_button, "description", say("Play the first suggestion"))
        self.play_button.add_class("bg-hint-play")
        self.play_button.on_click(lambda _: self._guarded(self.play_first))
        self.text = W.HTML(layout=W.Layout(width="100%"))
        self.text.add_class("bg-hint-text")
        self.children = [W.HBox([self.button, self.play_button]), self.text]
        self.add_class("bg-hint-panel")
        app.on_change.append(lambda state: self._guarded(self.update, state))

    # ------------------------------------------------------------------ the switch
    @property
    def allowed(self) -> bool:
        """Whether this page offers hints (False hides the button and says so)."""
        return self._allowed

    @allowed.setter
    def allowed(self, allowed: bool) -> None:
        self._allowed = bool(allowed)
        if not self._allowed:
            self._clear()
            self._asked = None
        self._draw()

    # ------------------------------------------------------------------ what a person does
    def refusal(self) -> Message | None:
        """Why no hint may be asked now (a sentence, a message), or None."""
        app = self.app
        state = app.state
        if not self._allowed:
            return OFF
        if app.replay_ply is not None:
            return say("Hints are for the game as it stands: press 'Back to now' first.")
        if state.is_over:
            return say("The game is over: there is no move to suggest.")
        if HUMAN not in app.seats:
            return say("Every seat is a bot: there is no decision of yours to suggest.")
        if not app.is_human(state.current_player):
            return say("Hints are for your own decisions: wait for your turn.")
        return None

    def ask(self) -> None:
        """Show the expert's best moves for the position on screen (the "Suggest a move" button)."""
        refusal = self.refusal()
        if refusal is not None:
            self._show_text(refusal)
            return
        state = self.app.state
        if self._for is state or self._asked is state:
            return  # shown already, or on its way
        start = time.perf_counter()
        if self.worker.threaded:
            self._asked = state
            self._draw()
            self.worker.start(self._think_later(state, start))
        else:
            self._show(state, suggest(state, self.seconds), start)

    def play_first(self) -> None:
        """Play the first suggestion (through the app, so the engine checks it)."""
        if not self.suggestions or self._for is not self.app.state:
            self._show_text(say("There is no suggestion for this position: ask for a hint first."))
            return
        self.app.play(self.suggestions[0].move)

    # ------------------------------------------------------------------ following the game
    def update(self, state: Any) -> None:
        """The game changed (``state``: the live position): a hint for another position, or one shown while the
        replay is on, is stale."""
        if self._for is not None and (self._for is not state or self.app.replay_ply is not None):
            self._clear()
        if self._asked is not None and self._asked is not state:
            self._asked = None  # its answer will be for a position gone by
        self._draw()

    def _clear(self) -> None:
        """Take the hint off the panel and off the board."""
        self.suggestions = []
        self._for = None
        mark = getattr(self.app.board, "mark", None)
        if mark is not None:
            mark(None)

    def _draw(self) -> None:
        thinking = self._asked is not None
        shown = bool(self.suggestions)
        with self.button.hold_sync():
            self.button.layout.display = None if self._allowed else "none"
            self.button.disabled = thinking or self.refusal() is not None
            show(self.button, "description", say("Thinking…") if thinking else say("Suggest a move"))
        display = None if shown and self._allowed else "none"
        if self.play_button.layout.display != display:
            self.play_button.layout.display = display
        if shown:
            return
        if thinking:
            weighing = say("The expert is weighing {name}'s moves (an answer within a second)…",
                           name=self.app.state.names[self.app.state.current_player])
            show(self.text, "value", lambda: ("<div class='bg-hint-thinking' style='font-size:13px;color:#495057'>"
                                              f"{_text(weighing)}</div>"))
        else:
            self._show_text(self.refusal() or IDLE)

    def _show_text(self, said: Message) -> None:
        show(self.text, "value",
             lambda: f"<div style='font-size:13px;color:#495057'>{html.escape(shown(said))}</div>")

    # ------------------------------------------------------------------ the expert's answer
    async def _think_later(self, state: Any, start: float) -> None:
        judgements = await self.worker.run(suggest, state, self.seconds)
        if self._asked is state:
            self._asked = None
            if self.app.state is state and self.refusal() is None:
                self._show(state, judgements, start)
            else:
                self._draw()

    def _show(self, state: Any, judgements: list[Judgement], start: float) -> None:
        """Show ``judgements`` for ``state``, mark the first on the board and tell the log."""
        self.suggestions = list(judgements)
        self._for = state
        seat = state.current_player
        name, ply, suggestions = state.names[seat], self.app.match.ply, self.suggestions
        show(self.text, "value", lambda: hint_html(name, ply, suggestions))
        if self.suggestions:
            mark_as(self.app.board, self.suggestions[0].move, SUGGESTED)
        self.app.notes.hint(self.app.match.ply, state, seat, self.suggestions)
        self.app.refresh_log()
        self._draw()
        self.latency = time.perf_counter() - start

    # ------------------------------------------------------------------ errors
    def _guarded(self, fn, *args) -> None:
        guarded(fn, self._failed)(*args)

    def _thinking_failed(self, exc: BaseException) -> None:
        self._asked = None
        self._failed(exc)

    def _failed(self, exc: BaseException) -> None:
        keep_trace(exc, log, self.app.errors)
        error = f"{type(exc).__name__}: {exc}"
        self._show_text(say("No hint this time ({error}).", error=error))

    def close(self) -> None:
        self.worker.close()
        super().close()


def hint_html(name: str, ply: int, suggestions: list[Judgement]) -> str:
    """The suggestions as the panel shows them, in the page's language: each move with its worth and the expert's
    reason."""
    if len(suggestions) == 1 and suggestions[0].reason == ONLY_MOVE:
        move = f"<b class='bg-hint-move'>{html.escape(shown(move_said(suggestions[0].move)))}</b>"
        only = _text(say("Only one move is legal for {name} here: {move}.", name=name, move=MARKED))
        return f"<div style='font-size:13px'>{only.replace(MARKED, move)}</div>"
    items = "".join(
        f"<li class='bg-hint-move' style='margin-bottom:3px'><b>{html.escape(shown(move_said(j.move)))}</b> · "
        f"<span class='bg-hint-worth' style='color:#1864ab'>{html.escape(shown(j.worth))}</span><br>"
        f"<span class='bg-hint-reason' style='color:#495057'>{html.escape(shown(sentence_said(j.reason)))}</span>"
        "</li>" for j in suggestions)
    n = len(suggestions)
    heading = say_n("The expert's best move for {name} at move {ply}, best first (the first is marked on the board):",
                    "The expert's {n} best moves for {name} at move {ply}, best first (the first is marked on the "
                    "board):", n, name=name, ply=ply)
    return (f"<div style='font-size:13px;line-height:1.35;border-left:5px solid {MARK_COLOUR};padding:2px 8px;"
            f"background:#fff9f2'>{_text(heading)}<ol style='margin:3px 0;padding-left:20px'>{items}"
            "</ol></div>")


MARKED = "\x00"  # where a sentence's bold part goes, once the sentence is in the page's language


def _text(said: Message) -> str:
    """``said`` in the page's language, as the text of an HTML element."""
    return html.escape(shown(said), quote=False)
