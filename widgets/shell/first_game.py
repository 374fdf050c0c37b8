"""The guided first game: ``FirstGameWidget(game)``, a scripted game against bots on the game's real board, in which
the guide (``boardgames.guided.FirstGame``) says at every turn of the learner's seat what to do and why.

On top, the guide's box: "Move 3 of 24 · Bid 6 on this lot: …" (the step's sentence), and the step's move marked on
the board ("Suggested move", ``widgets.kit.marks``). The learner plays it on the game's own controls
(``registry.view(game).Controls``); the guide judges it (``FirstGame.try_move``): the step's move is played, any other
is refused, nothing changes, and the verdict line says why in a sentence naming the rule, in the exercise widget's
colours. The bots then play their moves one after another, each told in the log ("What happened", newest first)
with the learner's own moves; inside a kernel they play in a task of the page's ``Runner`` with a short pause
(``BOARDGAMES_BOT_DELAY`` seconds, or ``bot_delay``), in plain Python (tests) at once. "Stop" ends the game where it
stands (the board stays, the controls go inactive, a sentence says how to start again); "Start again" starts the
same game from the top. At the end, the scoring is explained line by line (``FirstGame.scoring()``).

The board, the controls and the log show the game as the learner's seat may know it. Nothing here decides a rule:
the moves, the refusals and the sentences come from the engine and the guide.

CSS hooks (browser tests rely on them): ``bg-first-game`` (the widget), ``bg-guide-step`` (the guide's box: a
``div`` with ``data-move``, the step's move as text, empty when the learner has nothing to do; ``data-step``, the
learner's move number; ``data-state``: ``learner``, ``bots``, ``over`` or ``stopped``), ``bg-guide-verdict`` (a
``div`` with ``data-right`` "true" or "false"), ``bg-guide-restart``, ``bg-guide-stop``, ``bg-guide-log``,
``bg-guide-scoring`` (the scoring's lines, shown at the end); the board and the controls keep their own
(``bg-move``, ``bg-choose``…: ``widgets.kit.protocol``).

Every sentence is a message (``boardgames.core.message``) shown in the page's language (``widgets.runtime.language``):
the title's language switch changes it, and the guide's box, the verdict, the log and the scoring are drawn again.
"""

from __future__ import annotations

import asyncio
import html
import logging
import os
from typing import Any

import ipywidgets as W

import boardgames
from boardgames.core import events_seen_from
from boardgames.core.message import english, listed, say, say_n
from boardgames.guided import FirstGame, Narration, Step, Verdict
from boardgames.practice import Feedback
from boardgames.terms import title_said
from widgets.kit import registry
from widgets.kit.key_grid import board_and_grid
from widgets.kit.marks import SUGGESTED, mark_as
from widgets.kit.palette import seat_colour, seat_ink
from widgets.runtime.guard import guarded, keep_trace
from widgets.runtime.language import language_switch, on_language, show, shown
from widgets.runtime.runner import Runner
from widgets.shell.exercise import RIGHT_COLOUR, WRONG_COLOUR
from widgets.shell.log import LOG_STYLE, lines_box

log = logging.getLogger("widgets.shell.first_game")

BOT_DELAY = 0.8  # seconds between two bot moves shown (``BOARDGAMES_BOT_DELAY`` overrides it)
LEARNER, BOTS, OVER, STOPPED = "learner", "bots", "over", "stopped"  # what the guide's box is about (data-state)
STOPPED_SAID = say("You stopped this game. Press “Start again” to play it from the top.")
STOPPED_TEXT = english(STOPPED_SAID)
NOT_YET_SAID = say("Wait a moment: it is not your turn yet.")
OVER_SAID = say("The game is over: press “Start again” to play it again.")
WHAT_HAPPENED, NEWEST_FIRST = say("What happened"), say("(newest first)")  # the log's heading
NOTHING_YET = say("Nothing has happened yet.")
GAME_OVER, HOW_SCORED = say("The game is over."), say("Here is how it was scored, line by line.")
BOX_STYLE = "font-size:15px;line-height:1.4;padding:6px 10px;border-radius:3px;margin:4px 0"
STYLE = (  # sent once, with the title
    "<style>.bg-guide-log .bg-log-lines{height:220px}"
    ".bg-guide-scoring{margin:4px 0 8px 0;padding-left:22px;font-size:14px;line-height:1.45}"
    ".bg-guide-scoring li{margin:1px 0}</style>"
)


def title_of(game: str) -> Any:
    """The page's title: "Your first game of Medici", a message."""
    return say("Your first game of {game}", game=title_said(boardgames.GAMES[game].NAME))


def default_bot_delay() -> float:
    """The pause before each bot move is shown: ``BOARDGAMES_BOT_DELAY`` when set, else ``BOT_DELAY``."""
    chosen = os.environ.get("BOARDGAMES_BOT_DELAY")
    return float(chosen) if chosen else BOT_DELAY


class FirstGameWidget(W.VBox):
    """The guided first game of ``game`` (see the module): the guide's box, the verdict line, "Start again" and
    "Stop", the board and the controls as the learner's seat sees them, the log, and the scoring at the end.

    ``bot_delay``: the pause in seconds before each bot move is shown (by default ``default_bot_delay()``);
    ``asynchronous``: the bots play in a task on the running event loop (True), at once (False), or, by default, in a
    task when running inside a Jupyter kernel. ``errors`` keeps the traces of unexpected failures (for tests)."""

    def __init__(self, game: str, *, bot_delay: float | None = None, asynchronous: bool | None = None) -> None:
        self.game = game
        self.delay = default_bot_delay() if bot_delay is None else bot_delay
        self.runner = Runner("guide", asynchronous, self._failed)
        self.errors: list[str] = []
        self.guide = FirstGame(game)
        self.stopped = False
        self.last: Feedback | None = None  # the verdict on the learner's last try
        self.lines: list[tuple[int | None, Any]] = []  # the log's lines (a seat, its sentences), oldest first
        self._generation = 0  # bumped when the game starts again or stops: a bots' task for an older one ends
        self._playing = False  # a task of bot moves is under way
        self.view = registry.view(game)
        self.board = self.view.Board()
        self.board.add_class("bg-board")
        self.controls = self.view.Controls(self._guard(self.play), board=self.board)
        self.controls.add_class("bg-controls")
        title = title_of(game)
        self.title = show(W.HTML(), "value",
                          lambda: f"{STYLE}<h3 style='margin:4px 0'>{html.escape(shown(title))}</h3>")
        self.language = language_switch()
        self.intro = W.HTML()
        self.intro.add_class("bg-guide-intro")
        self.step_box = W.HTML(layout=W.Layout(width="100%"))
        self.step_box.add_class("bg-guide-step-box")
        self.verdict = W.HTML(layout=W.Layout(min_height="28px"))  # a line kept for it: the board stays put
        self.verdict.add_class("bg-guide-verdict-line")
        self.verdict.add_class("bg-live")  # read out as it changes (widgets.runtime.accessibility)
        self.scoring = W.HTML(layout=W.Layout(display="none"))
        self.scoring.add_class("bg-guide-scoring-box")
        self.restart_button = W.Button(icon="refresh", layout=W.Layout(width="auto"))
        show(self.restart_button, "description", say("Start again"))
        show(self.restart_button, "tooltip", say("The same first game, from the top"))
        self.restart_button.add_class("bg-guide-restart")
        self.restart_button.on_click(lambda _: self._guard(self.restart)())
        self.stop_button = W.Button(icon="stop", layout=W.Layout(width="auto"))
        show(self.stop_button, "description", say("Stop"))
        show(self.stop_button, "tooltip", say("Stop here: the board stays as it is"))
        self.stop_button.add_class("bg-guide-stop")
        self.stop_button.on_click(lambda _: self._guard(self.stop)())
        self.log_view = W.HTML(layout=W.Layout(width="100%"))
        self.log_view.add_class("bg-guide-log")
        buttons = W.HBox([self.restart_button, self.stop_button], layout=W.Layout(gap="8px", margin="4px 0"))
        heading = show(W.HTML(), "value", lambda: LOG_STYLE + f"<b>{html.escape(shown(WHAT_HAPPENED))}</b> "
                                                          f"{html.escape(shown(NEWEST_FIRST))}")
        right = W.VBox([self.controls, buttons, heading, self.log_view],
                       layout=W.Layout(flex="0 0 420px", min_width="420px", max_width="540px", margin="0 0 0 10px"))
        board_column = W.VBox(board_and_grid(self.board),
                              layout=W.Layout(flex="1 1 600px", min_width="0", overflow_x="auto"))
        header = W.HBox([self.title, self.language], layout=W.Layout(justify_content="space-between",
                                                                     align_items="center", flex_flow="row wrap"))
        super().__init__([header, self.intro, self.step_box, self.verdict, self.scoring,
                          W.HBox([board_column, right], layout=W.Layout(align_items="flex-start",
                                                                        flex_flow="row wrap"))])
        self.add_class("bg-first-game")
        on_language(self._in_language)
        self._begin()

    # ------------------------------------------------------------------ what the learner does
    @property
    def state(self) -> Any:
        """The position now."""
        return self.guide.state

    @property
    def busy(self) -> bool:
        """Whether the bots are playing in a task."""
        return self._playing

    def play(self, move: Any) -> Feedback:
        """The learner's ``move`` (what the controls send): the guide plays it when it is the step's, else refuses it
        with a sentence naming the rule; the bots then play on."""
        if self.stopped:
            feedback = _feedback(False, STOPPED_SAID)
        elif self.busy or self.guide.step() is None:
            feedback = _feedback(False, NOT_YET_SAID if not self.guide.over else OVER_SAID)
        else:
            before = self.guide.state
            feedback = self.guide.try_move(move)
            if feedback.right:
                self._told(self._learner_lines(before, move))
        self._judged(feedback)
        if feedback.right:
            self._advance()
        else:
            self._draw()
        return feedback

    def restart(self) -> None:
        """Start the same first game again from the top."""
        self._cancel()
        self.guide.restart()
        self._begin()

    def stop(self) -> None:
        """Stop the game where it stands: the board stays, the controls go inactive, the guide says how to start
        again."""
        self._cancel()
        self.stopped = True
        self._draw()

    def close(self) -> None:
        self._cancel()
        self.runner.close()
        super().close()

    def text(self) -> str:
        """The page in plain text, in the page's language: the guide's sentence now (what a page without widgets
        shows)."""
        step = self.guide.step()
        return shown(title_of(self.game)) + (f"\n{shown(step.said)}" if step is not None else "")

    # ------------------------------------------------------------------ the game going on
    def _begin(self) -> None:
        self.stopped = False
        self.last = None
        guide = self.guide
        self.lines = [(e.seat, (e.said,)) for e in events_seen_from(guide.state.events, guide.learner)]
        _, total = guide.progress  # the whole script is worked out now (a few seconds at most, once a process)
        me = guide.names[guide.learner]
        bots = [n for k, n in enumerate(guide.names) if k != guide.learner]
        marked = f"<b style='color:{seat_ink(guide.learner)}'>{html.escape(me)}</b>"
        against = say_n("You play {me} against {bots} (a bot).", "You play {me} against {bots} (bots).", len(bots),
                        me=marked, bots=listed(html.escape(n) for n in bots))
        each = say("At each of your {total} moves the guide says what to do and why, and marks it on the board: play "
                   "it on the controls.", total=total)
        told = say("The bots' moves are told in the log.")
        show(self.intro, "value", lambda: f"<div style='font-size:14px;color:#495057;margin:0 0 4px 0'>"
                                          f"{shown(against)} {shown(each)} {shown(told)}</div>")
        self.verdict.value = ""
        self._advance()

    def _cancel(self) -> None:
        self._generation += 1
        self._playing = False
        self.runner.cancel()

    def _advance(self) -> None:
        """Let the bots play until the learner has a step or the game is over: at once in plain Python, one move at
        a time with a pause in a task inside a kernel."""
        if not self.runner.threaded:
            while self._bots_to_move():
                self._told(self._bot_lines(self.guide.bot_turn()))
            self._draw()
            return
        self._playing = self._bots_to_move()
        self._draw()
        if self._playing:
            self.runner.start(self._bots(self._generation, self.guide))

    def _bots_to_move(self) -> bool:
        return not self.stopped and not self.guide.over and self.guide.step() is None

    async def _bots(self, generation: int, guide: FirstGame) -> None:
        """The bots' moves, one every ``delay`` seconds (the script is worked out whole when the game starts: a move
        is looked up, not searched, so nothing here holds the page up)."""
        try:
            while generation == self._generation and self._bots_to_move():
                await asyncio.sleep(self.delay)
                if generation != self._generation:
                    return
                self._told(self._bot_lines(guide.bot_turn()))
                self._playing = self._bots_to_move()
                self._draw()
        finally:
            if generation == self._generation and self._playing:
                self._playing = False
                self._draw()

    # ------------------------------------------------------------------ the log
    def _learner_lines(self, before: Any, move: Any) -> list[tuple[int | None, Any]]:
        """The learner's move as the log tells it: the engine's events of it as the learner may read them."""
        seat = self.guide.learner
        events = events_seen_from(self.guide.state.events, seat)
        if not events:
            return [(seat, (say("{name}: {move}", name=before.names[seat], move=str(move)),))]
        return [(e.seat, (e.said,)) for e in events]

    def _bot_lines(self, narration: Narration | None) -> list[tuple[int | None, Any]]:
        if narration is None:
            return []
        return [(narration.seat, narration.told)]

    def _told(self, lines: list[tuple[int | None, Any]]) -> None:
        self.lines.extend(lines)

    # ------------------------------------------------------------------ drawing
    def _judged(self, feedback: Feedback) -> None:
        self.last = feedback
        self._draw_verdict()

    def _draw_verdict(self) -> None:
        feedback = self.last
        if feedback is None:
            return
        colour = RIGHT_COLOUR if feedback.right else WRONG_COLOUR
        text = shown(getattr(feedback, "said", None) or feedback.text)
        self.verdict.value = (f"<div class='bg-guide-verdict' data-right='{str(feedback.right).lower()}' "
                              f"style='color:{colour};font-weight:600;margin:4px 0'>{html.escape(text)}</div>")

    def _in_language(self) -> None:
        """Draw again in the page's new language what was drawn in the old one."""
        if self.verdict.value and self.last is not None:
            self._draw_verdict()
        self._draw()

    def _draw(self) -> None:
        """Redraw everything from the guide, as the learner's seat may see it."""
        guide = self.guide
        state, seat = guide.state, guide.learner
        step = None if self.stopped or self._playing else guide.step()
        self.board.show(state, viewer=seat)
        if step is not None:
            mark_as(self.board, step.move, SUGGESTED)
        else:
            mark_as(self.board, None, SUGGESTED)
        mode = STOPPED if self.stopped else LEARNER if step is not None else OVER if guide.over else BOTS
        reason = {STOPPED: STOPPED_SAID, BOTS: say("The other players are moving."), OVER: None}.get(mode)
        self.controls.update(state, seat, active=mode == LEARNER, reason=None if reason is None else shown(reason))
        self.step_box.value = self._step_html(mode, step)
        self.stop_button.disabled = mode in (STOPPED, OVER)
        self._draw_scoring(mode == OVER)
        lines = "".join(_line(seat, " ".join(shown(said) for said in told)) for seat, told in reversed(self.lines)) \
            or f"<div class='bg-aside'>{html.escape(shown(NOTHING_YET))}</div>"
        self.log_view.value = lines_box(lines)

    def _step_html(self, mode: str, step: Step | None) -> str:
        done, total = self.guide.progress
        if mode == LEARNER:
            number = shown(say("Move {number} of {total}", number=done + 1, total=total))
            text = f"<b>{html.escape(number)}</b> · {html.escape(shown(step.said))}"
            move, colour, edge = str(step.move), "#fff4e6", "#e8590c"
        elif mode == BOTS:
            who = [n for k, n in enumerate(self.guide.names) if k != self.guide.learner]
            playing = say("{players} are playing: watch the log.", players=listed(who))
            text = html.escape(shown(playing))
            move, colour, edge = "", "#f1f3f5", "#868e96"
        elif mode == OVER:
            text = f"<b>{html.escape(shown(GAME_OVER))}</b> {html.escape(shown(HOW_SCORED))}"
            move, colour, edge = "", "#ebfbee", RIGHT_COLOUR
        else:
            played = shown(say("(You had played {done} of your {total} moves.)", done=done, total=total))
            text = f"{html.escape(shown(STOPPED_SAID))} {html.escape(played)}"
            move, colour, edge = "", "#f1f3f5", "#868e96"
        return (f"<div class='bg-guide-step' data-move='{html.escape(move, quote=True)}' data-step='{done + 1}' "
                f"data-state='{mode}' style='{BOX_STYLE};background:{colour};border-left:6px solid {edge}'>"
                f"{text}</div>")

    def _draw_scoring(self, over: bool) -> None:
        if not over:
            if self.scoring.layout.display != "none":
                self.scoring.layout.display = "none"
                self.scoring.value = ""
            return
        items = "".join(f"<li>{html.escape(shown(line))}</li>" for line in self.guide.scoring_said())
        self.scoring.value = f"<ol class='bg-guide-scoring'>{items}</ol>"
        self.scoring.layout.display = None

    # ------------------------------------------------------------------ errors
    def _guard(self, fn):
        return guarded(fn, self._failed)

    def _failed(self, exc: BaseException) -> None:
        keep_trace(exc, log, self.errors)
        self._playing = False
        wrong = say("Something went wrong ({kind}: {error}). Press “Start again”.", kind=type(exc).__name__,
                    error=str(exc))
        self.verdict.value = (f"<div class='bg-guide-verdict' data-right='false' style='color:{WRONG_COLOUR};"
                              f"margin:4px 0'>{html.escape(shown(wrong))}</div>")


def _feedback(right: bool, said: Any) -> Feedback:
    """A verdict of the widget's own, like the guide's (``boardgames.guided.Verdict``): ``said`` a message."""
    return Verdict(right, english(said), None, said)


def _line(seat: int | None, text: str) -> str:
    """One line of the log, edged in its seat's colour (``widgets.shell.log``'s look)."""
    colour = seat_colour(seat) if seat is not None else "#ced4da"
    return f"<div class='bg-event' style='border-color:{colour}'>{html.escape(text)}</div>"
