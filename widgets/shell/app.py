"""``GameApp``: the one app every game shares.

It holds a ``boardgames.Match`` and shows it: the game's board view, its controls, a status line, a log of
the events in plain sentences, a score chart over the game (bqplot), undo / redo, a replay slider, an
end-of-game panel, and a "new game" form (game, player count, names, seed, and for every seat a human or a
bot of some strength).

A game plugs in through its view module, named in ``widgets.kit.registry`` (the protocol is in
``widgets.kit.protocol``); the shell keeps no game's defaults and never re-implements a rule.

Hidden information stays hidden: the board and the log show the position as the seat shown may know it
(the human seat the controls speak for, or a spectator's public view when every seat is a bot), and the
chart plots public scores only. The end panel, once the game is over, shows everything.

CSS hooks for tests: ``bg-app``, ``bg-board``, ``bg-controls``, ``bg-log``, ``bg-scores``, ``bg-status``,
``bg-game-over`` (only while the game is over), ``bg-setup``, ``bg-undo``, ``bg-redo``, ``bg-replay``,
``bg-message`` with ``bg-info`` or ``bg-error`` (the sentence under the status line, see ``messages``),
``bg-fast-forward`` (shown only while bots play with no human left to move: it plays their moves without
the pause; the shell's own control, not a view's, so it carries neither ``bg-move`` nor ``bg-choose``); the
controls carry ``bg-move`` / ``bg-choose`` (see ``widgets.kit.protocol``); the root also carries
``bg-human-turn``, ``bg-bot-turn``, ``bg-over`` or ``bg-replaying``. ``bg-play-from-here`` (in a replay: play on
from the move shown), and the save row's ``bg-save``, ``bg-load``, ``bg-copy-link`` (see ``saves``).
"""

from __future__ import annotations

import json
import logging
import random
from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets as W

from boardgames import GAMES, IllegalMove, Match
from boardgames.core.message import say
from boardgames.terms import title_said
from widgets.kit.key_grid import board_and_grid
from widgets.kit.protocol import emphasis
from widgets.kit.registry import view
from widgets.runtime.guard import guarded, keep_trace
from widgets.runtime.language import language_switch, on_language, show, shown
from widgets.runtime.poller import Poller
from widgets.shell.bots import HUMAN, BotRunner
from widgets.shell.chart import ScoreChart, ScoreNumbers
from widgets.shell.end_panel import EndPanel
from widgets.shell.hint import HintPanel
from widgets.shell.keyboard import Announcer, MoveBox, new_events
from widgets.shell.log import LogView, log_heading
from widgets.shell.messages import ERROR, INFO, Message
from widgets.shell.notes import MoveNotes
from widgets.shell.replay import ReplayRow
from widgets.shell.review import ReviewPanel
from widgets.shell.saves import SaveRow
from widgets.shell.seats import bot_level, seat_bots, seat_kinds
from widgets.shell.setup_form import SetupForm
from widgets.shell.status import TURN_CLASSES, status_html, turn_said
from widgets.shell.table_link import (
    CLASSMATE,
    CLASSMATE_LABEL,
    TableLink,
    TableMaker,
    TableRefused,
    no_panel,
)

log = logging.getLogger("widgets.shell")

class GameApp(W.VBox):
    """A game with its board, controls, log, score chart, undo/redo, replay and a new-game form.

    ``GameApp(match, seats=["human", "search", "random"])``: ``seats[i]`` is ``"human"`` or a bot level
    from ``boardgames.bots.bot_levels(game)`` (``"bot"`` means the default level). Without ``seats``,
    seat 0 is human and the others are bots. ``bot_delay`` is the pause, in seconds, before each bot
    move is shown. ``bots_async``: bots play in an asyncio task on the running event loop (True), at
    once (False), or, by default, in a task when running inside a Jupyter kernel.

    At a table (``table``, a ``widgets.shell.table_link.TableLink``; or a new game whose seats include
    ``"classmate"``, opened by ``tables``, a ``TableMaker``: without one the new-game form offers no classmate), the
    game is the table's: moves are stored before they are shown, a classmate's seat is played from its own page,
    bots' moves are made by whichever page of the table is open (the table keeps one), undo takes back only this
    page's last move, and the page catches up twice a second.

    ``on_change`` is a list of observers (an advice panel, a logger): each is called with the live state
    after every redraw, that is after every move, undo, redo, new game and replay step.
    """

    def __init__(
        self,
        match: Match,
        seats: Sequence[str] | None = None,
        *,
        bot_delay: float = 0.5,
        bots_async: bool | None = None,
        title: str | None = None,
        table: TableLink | None = None,
        tables: TableMaker | None = None,
    ) -> None:
        super().__init__()
        self.table: TableLink | None = None
        self.tables = tables
        self.poller = Poller(self._guard(self._sync_table), self._table_changed)
        self.on_change: list[Callable[[Any], None]] = []
        self.errors: list[str] = []  # unexpected failures, for tests; a player sees a short sentence
        self.bot_runner = BotRunner(self._next_bot, self._play_bot_move, self.refresh, self._failed,
                                    self.refresh_status, delay=bot_delay, asynchronous=bots_async)
        self._view_ply: int | None = None  # None: live; else the ply the replay slider shows
        self._message = Message()
        self._title = title
        self.ui: Any = None
        self.add_class("bg-app")
        self._build_common()
        self._load(match, seats, table)
        on_language(self._language_changed)  # once there is a game to say again

    @property
    def bot_delay(self) -> float:
        """The pause, in seconds, before each bot move is shown."""
        return self.bot_runner.delay

    @bot_delay.setter
    def bot_delay(self, seconds: float) -> None:
        self.bot_runner.delay = seconds

    # ------------------------------------------------------------------ building
    def _build_common(self) -> None:
        # The title, focusable from code only (tabindex -1): a new game from the form focuses it, and the page
        # scrolls it into view. (A Label: an HTML widget would focus its inner text, which cannot take focus.)
        self.header = W.Label(tabbable=False, style={"font_size": "22px", "font_weight": "bold"},
                              layout=W.Layout(margin="2px 0 4px 0", height="auto"))
        self.header.add_class("bg-title")
        self.status = W.HTML()
        self.status.add_class("bg-status")
        self.language = language_switch()
        self.undo_button = show(W.Button(icon="undo", layout=W.Layout(width="auto")), "description", say("Undo"))
        self.redo_button = show(W.Button(icon="repeat", layout=W.Layout(width="auto")), "description", say("Redo"))
        self.undo_button.add_class("bg-undo")
        self.redo_button.add_class("bg-redo")
        self.undo_button.on_click(self._guard(lambda _: self.undo()))
        self.redo_button.on_click(self._guard(lambda _: self.redo()))
        # shown only while no human is left to move (see only_bots_to_move)
        self.fast_forward_button = W.Button(icon="forward", layout=W.Layout(width="auto", display="none"))
        show(self.fast_forward_button, "description", say("Fast-forward"))
        show(self.fast_forward_button, "tooltip", say("Play the bots' moves at once, without the pause"))
        self.fast_forward_button.add_class("bg-fast-forward")
        self.fast_forward_button.on_click(self._guard(lambda _: self.fast_forward()))
        # Replay is a mode (bots wait meanwhile): its toggle and its slider
        self.replay_row = ReplayRow(self._on_replay_toggle, self._on_replay,
                                    lambda: self.match.ply if self._view_ply is None else None, self._guard)
        self.replay, self.replay_button = self.replay_row.slider, self.replay_row.toggle
        self.log_view = LogView()
        self.move_box = MoveBox(None, self._guard(self.play), self._refused_or_failed)
        self.announcer = Announcer()
        self._announced: int | None = None  # the move the announcer last told of (None: a game it has not told of)
        self._message_new = False  # a message said since the announcer last spoke
        self.notes = MoveNotes()  # the hints asked and the bots' reasons, by ply, for the log
        self.hint_panel = HintPanel(self)
        self.over_panel = EndPanel()
        self.review = ReviewPanel(self)  # its button beside the end panel (and in a replay), the panel under the board
        self.chart = ScoreChart()  # built once, its lines get new data after every move
        self.chart_numbers = ScoreNumbers()  # its text alternative: the numbers it draws, as a table
        self.chart_box = W.VBox([self.chart, self.chart_numbers])
        others = [(CLASSMATE_LABEL, CLASSMATE)] if self.tables is not None else []
        self.setup_form = SetupForm(self._start_from_form, guard=self._guard, others=others)
        self.table_panel = no_panel()
        self._typed_seed: int | None = None  # a seed typed in the form, for the form to show again
        self._build_saves()

    def _language_changed(self) -> None:
        """The page's language changed: every sentence and label again, in the new language."""
        self._show_title()
        self.refresh()

    def _show_title(self) -> None:
        if self._title:
            self.header.value = self._title
        elif self.table is not None:
            self.header.value = self.words(say("{game} at table {code}", game=title_said(self.module.NAME),
                                               code=self.table.code))
        else:
            self.header.value = self.words(title_said(self.module.NAME))

    def words(self, said: Any) -> str:
        """``said`` in the page's language."""
        return shown(said)

    def _load(self, match: Match, seats: Sequence[str] | None, table: TableLink | None = None) -> None:
        """Show ``match`` (a new game or one loaded, at ``table`` or on this page alone): rebuild what depends on
        the game, then redraw."""
        self.bot_runner.cancel()
        self.poller.stop()
        if table is not self.table:
            self.table_panel = no_panel() if table is None else table.panel(self._guard(self.hand_to_bot), self._guard)
        self.table = table
        self.match = match
        state = match.state
        self.game = state.GAME
        self.module = GAMES[self.game]
        self.seats = seat_kinds(self.game, seats, len(state.names))
        self.bots = seat_bots(self.game, self.seats, state.seed)
        ui = view(self.game)
        if self.ui is not ui:
            self.ui = ui
            self.emphasised = emphasis(ui)
            self.board = ui.Board()
            self.board.add_class("bg-board")
            self.controls = ui.Controls(self._guard(self.play), board=self.board)
            self.controls.add_class("bg-controls")
        self.setup_form.show(self.game, state.names, self.seats, self._typed_seed, getattr(state, "setup", None),
                             state)
        self._view_ply = None
        if hasattr(self.board, "set_side"):
            self.board.set_side(self.chart_box)
            board_column = board_and_grid(self.board)
        else:
            board_column = [*board_and_grid(self.board), self.chart_box]
        self._show_title()
        right = W.VBox(
            [
                self.table_panel,
                self.over_panel,
                self.review.button,
                self.status,
                self.announcer,
                self.controls,
                self.move_box,
                self.hint_panel,
                W.HBox([self.undo_button, self.redo_button, self.fast_forward_button, self.play_from_here_button],
                       layout=W.Layout(margin="6px 0 0 0")),
                self.replay_row,
                self.saves,
                log_heading(),
                self.log_view,
            ],
            # 420 pixels: the board takes the rest of the row (the end panel's headings wrap to fit)
            layout=W.Layout(flex="0 0 420px", min_width="420px", max_width="540px", margin="0 0 0 10px"),
        )
        self.children = [
            W.HBox([self.header, self.language], layout=W.Layout(justify_content="space-between",
                                                                 align_items="center")),
            # Beside the board while the window has room for both (1280 px); in a narrower window (1024 px) the
            # column goes below the board rather than squeeze it; a board wider than its room scrolls, never cut.
            W.HBox([W.VBox(board_column, layout=W.Layout(flex="1 1 600px", min_width="0", overflow_x="auto")), right],
                   layout=W.Layout(align_items="flex-start", flex_flow="row wrap")),
            self.review,
            self.setup_form,
        ]
        self._message = Message()
        self._announced = None
        self.chart.forget()
        self.log_view.forget()
        self.notes.forget()
        self.redo_button.layout.display = "none" if table is not None else None
        self.refresh()
        self._schedule_bots()
        if table is not None:
            self.poller.start()

    # ------------------------------------------------------------------ the new-game form
    def _start_from_form(self, game: str, names: list[str], seats: list[str], seed: int | None,
                         options: dict[str, Any]) -> None:
        """The form's start button: the new game, the form folded, and the page back at the board (and at the
        status line, where a refusal is said: the form stays open then)."""
        before = self.match
        self._typed_seed = seed  # the form shows again a seed the player typed, never one drawn at random
        try:
            self.new_game(names, seats=seats, seed=seed, game=game, **options)
        finally:
            self._typed_seed = None
        if self.match is not before:
            self.setup_form.selected_index = None
        self.header.focus()  # the page scrolls the title, and the board under it, into view

    def new_game(self, players: int | Sequence[str], *, seats: Sequence[str] | None = None, seed: int | None = None,
                 game: str | None = None, **options: Any) -> None:
        """Start a new game (the engine refuses bad names or counts with a sentence shown in the status)."""
        told = seed is not None
        seed = random.randrange(1, 100_000) if seed is None else seed
        try:
            match = Match.new(game or self.game, players, seed=seed, **options)
        except (IllegalMove, ValueError) as exc:
            self._say(say("Cannot start that game: {reason}", reason=getattr(exc, "said", str(exc))), ERROR)
            return
        n = len(match.state.names)
        if seats is not None and len(seats) != n:
            seats = None
        table = None
        if seats is not None and CLASSMATE in seats:
            if self.tables is None:
                self._say(say("Cannot start that table: this page opens no table for classmates."), ERROR)
                return
            try:
                table = self.tables.new_table(match, list(seats))
            except TableRefused as refused:
                self._say(say("Cannot start that table: {reason}", reason=refused.said), ERROR)
                return
        self._load(match, seats, table)
        if table is not None:
            self._say(say("New table {code}: send each classmate their link (shown above the status line).",
                          code=table.code), INFO)
            return
        self._say(say("New game, seed {seed}.", seed=seed) if told else say("New game."), INFO)

    # ------------------------------------------------------------------ who acts, who looks
    @property
    def state(self):
        """The live position (not the one a replay may be showing)."""
        return self.match.state

    @property
    def shown(self):
        """The position on screen: the live one, or the one the replay slider points at."""
        if self._view_ply is None:
            return self.match.state
        return self.match.states[self._view_ply]

    @property
    def replay_ply(self) -> int | None:
        """The move a replay shows, or None while the game is shown live."""
        return self._view_ply

    def is_human(self, seat: int | None) -> bool:
        return seat is not None and self.seats[seat] == HUMAN

    def speaking_seat(self, state) -> int | None:
        """The human seat the controls speak for: the one to move, else the first human seat (None: all bots)."""
        if self.is_human(state.current_player):
            return state.current_player
        humans = [s for s, kind in enumerate(self.seats) if kind == HUMAN]
        return humans[0] if humans else None

    @property
    def viewer(self) -> int | None:
        """The seat whose view the board and the log show: the seat the controls speak for, or None (a
        spectator, who sees public facts only) when every seat is a bot."""
        return self.speaking_seat(self.shown)

    # ------------------------------------------------------------------ actions
    def play(self, move) -> None:
        """Play ``move`` for the human seat to move (a click lands here)."""
        state = self.match.state
        if self._view_ply is not None:
            self._say(say("You are looking at an earlier move: press 'Back to now' to play on."), ERROR)
            self.refresh()
            return
        seat = state.current_player
        if not self.is_human(seat):
            self._say(say("It is not a human player's turn (nobody is to move).") if seat is None else
                      say("It is not a human player's turn ({name} is to move).", name=state.names[seat]), ERROR)
            return
        refusal = state.check(move, seat)
        if refusal is not None:
            self._say(refusal.said, ERROR)
            self.refresh()
            return
        if self.table is not None:
            try:
                self.table.record(self.match, move)
            except TableRefused as refused:
                self._sync_table(force=True)
                self._say(refused.said, ERROR)
                return
        else:
            self.match.play(move, seat=seat)
        self._message = Message()
        self.refresh()
        self._schedule_bots()

    def _human_plies(self) -> list[int]:
        return [p for p, s in enumerate(self.match.states) if self.is_human(s.current_player)]

    @property
    def can_undo(self) -> bool:
        if self.table is not None:
            return self.table.can_undo(self.match)
        return any(p < self.match.ply for p in self._human_plies())

    @property
    def can_redo(self) -> bool:
        return self.table is None and self.match.can_redo

    def undo(self) -> None:
        """Go back to the previous position where a human player decides (bots' moves are undone too); at a
        table, take back this page's own last move, if nobody has moved since."""
        if self.table is not None:
            self.bot_runner.cancel()
            self._view_ply = None
            try:
                self.table.undo(self.match)
            except TableRefused as refused:
                self._sync_table(force=True)
                self._say(refused.said, ERROR)
                return
            self._say(say("Undone: back to move {ply}.", ply=self.match.ply + self.moves_before), INFO)
            self.refresh()
            return
        earlier = [p for p in self._human_plies() if p < self.match.ply]
        if not earlier:
            self._say(say("Nothing to undo."), INFO)
            return
        self.bot_runner.cancel()
        self._view_ply = None
        self.match.goto(earlier[-1])
        self._say(say("Undone: back to move {ply}.", ply=self.match.ply + self.moves_before), INFO)
        self.refresh()

    def redo(self) -> None:
        """Replay the undone moves up to the next position where a human player decides."""
        if not self.can_redo:
            self._say(say("Nothing to redo."), INFO)
            return
        self.bot_runner.cancel()
        self._view_ply = None
        while self.match.can_redo:
            self.match.redo()
            if self.is_human(self.match.state.current_player):
                break
        self._say(say("Redone: forward to move {ply}.", ply=self.match.ply + self.moves_before), INFO)
        self.refresh()
        self._schedule_bots()

    def start_replay(self, ply: int | None = None) -> None:
        """Show an earlier position (the game waits; nothing is undone)."""
        self.bot_runner.cancel()
        self._view_ply = self.match.ply if ply is None else max(0, min(ply, self.match.ply))
        self.refresh()

    def go_live(self) -> None:
        """Leave the replay: show the game as it stands and let the bots play on."""
        self._view_ply = None
        self.refresh()
        self._schedule_bots()

    def _on_replay_toggle(self, on: bool) -> None:
        if on:
            self.start_replay()
        else:
            self.go_live()

    def _on_replay(self, ply: int) -> None:
        """A move chosen on the replay's slider."""
        self._view_ply = max(0, min(ply, self.match.ply))
        self.refresh()

    # ------------------------------------------------------------------ bots
    def _next_bot(self) -> tuple[Any, Any] | None:
        """The live position and the bot to move in it, or None (a human decides, a replay, the end)."""
        state = self.match.state
        if self._view_ply is None and not state.is_over and state.current_player in self.bots:
            return state, self.bots[state.current_player]
        return None

    def _schedule_bots(self) -> None:
        if self.bot_runner.run():
            self.refresh_status()

    @property
    def only_bots_to_move(self) -> bool:
        """Whether no human is left to move while the game goes on and a bot is to move: every seat is a bot, or
        every human seat sits out (the view's optional ``sits_out(state, seat)``: a Medici player with a full
        ship for the rest of the day, a Medina player without pieces)."""
        state = self.match.state
        if state.is_over or state.current_player not in self.bots:
            return False
        humans = [s for s, kind in enumerate(self.seats) if kind == HUMAN]
        sits_out = getattr(self.ui, "sits_out", None)
        return not humans or (sits_out is not None and all(sits_out(state, s) for s in humans))

    def fast_forward(self) -> None:
        """Play the bots' moves without the pause, until a human decides or the game ends."""
        if not self.only_bots_to_move:
            self._say(say("A human player still has moves to make: no fast-forward now."), ERROR)
            return
        self.bot_runner.hurry()
        self.refresh_status()

    def _play_bot_move(self, move, redraw: bool = True) -> None:
        state = self.match.state
        if self.table is not None:
            try:
                self.table.record(self.match, move, bot=True)
            except TableRefused:  # another page of the table stored this bot's move first: show the table's
                self._sync_table(force=True)
                return
        else:
            self.match.play(move, seat=state.current_player)
        self._keep_reasons(state, move)
        if self._message.kind == INFO:  # information is about the position before: a move makes it old
            self._message = Message()
        if redraw:
            self.refresh()

    @property
    def bots_thinking(self) -> bool:
        """Whether the bots are playing in a task (inside an event loop)."""
        return self.bot_runner.busy

    async def wait_idle(self, timeout: float = 60.0) -> None:
        """Wait until no bot is to move (for tests and notebooks running inside an event loop)."""
        await self.bot_runner.wait_idle(timeout)

    # ------------------------------------------------------------------ errors and messages
    def _guard(self, fn: Callable) -> Callable:
        """Wrap a callback (``widgets.runtime.guard``): an illegal move becomes a sentence, a bug a short apology
        (never a traceback)."""
        return guarded(fn, self._refused_or_failed)

    def _refused_or_failed(self, exc: BaseException) -> None:
        if isinstance(exc, IllegalMove):
            self._say(exc.said, ERROR)
            self.refresh()
        else:
            self._failed(exc)

    def _failed(self, exc: BaseException) -> None:
        keep_trace(exc, log, self.errors)
        error = f"{type(exc).__name__}: {exc}"
        self._say(say("Something went wrong ({error}). Try Undo, or start a new game.", error=error), ERROR)
        try:
            self.refresh()
        except Exception:
            pass

    def _say(self, said: Any, kind: str) -> None:
        """Show ``said`` (a message) under the status line: ``INFO`` (neutral, gone at the next move) or ``ERROR``
        (red)."""
        self._message = Message(said, kind)
        self._message_new = True
        self.refresh_status()

    @property
    def message(self) -> Message:
        """The sentence shown under the status line and its kind (an empty text when there is none)."""
        return self._message

    # ------------------------------------------------------------------ drawing
    def refresh(self) -> None:
        """Redraw everything from the match (and the replay position), as the seat shown may see it."""
        shown = self.shown
        viewer = self.speaking_seat(shown)
        self.board.show(shown, viewer)
        self._refresh_controls(shown, viewer)
        self._refresh_history()
        states = self.match.states
        self.chart.show(states, self._view_ply, self.ui.SCORE_TITLE, self.ui.SCORE_NAME)
        self.chart_numbers.show(self.chart, shown.names, self.ui.SCORE_TITLE, self.ui.SCORE_NAME,
                                len(states) - 1 if self._view_ply is None else self._view_ply)
        self.refresh_log()
        if self.match.state.is_over and self._view_ply is None:
            self.over_panel.show(self.match.state, self.ui, self.match.to_json())
        else:
            self.over_panel.hide()
        if self.table is not None:
            self.table_panel.show()
        for observer in self.on_change:
            observer(self.match.state)
        self.refresh_status()  # last: a page that sees the move counter change finds the rest redrawn already

    def _refresh_controls(self, shown, seat: int | None) -> None:
        live = self._view_ply is None
        reason = None
        active = live and self.is_human(shown.current_player) and not shown.is_over
        if not live:
            reason = say("You are looking at move {shown} of {ply}: press 'Back to now' to play on.",
                         shown=self._view_ply + self.moves_before, ply=self.match.ply + self.moves_before)
        elif shown.is_over:
            reason = None
        elif seat is None:
            reason = say("Every seat is a bot: watch the game, or fast-forward it.")
        self.controls.update(shown, seat, active, None if reason is None else self.words(reason))
        self.move_box.show(self.module, shown, active)

    def _refresh_history(self) -> None:
        self.undo_button.disabled = not self.can_undo
        self.redo_button.disabled = not self.can_redo
        self.undo_button.tooltip = self.words(say("Back to your previous decision") if self.can_undo
                                              else say("Nothing to undo."))
        self.redo_button.tooltip = self.words(say("Forward again") if self.can_redo else say("Nothing to redo."))
        self.replay_row.show(self.match.ply, self._view_ply)

    @property
    def turn(self) -> str:
        """Whose turn the status line says it is: "human", "bot", "over" or "replaying"."""
        if self._view_ply is not None:
            return "replaying"
        state = self.match.state
        if state.is_over:
            return "over"
        if self.is_human(state.current_player):
            return "human"
        return "classmate" if self.seats[state.current_player] == CLASSMATE else "bot"

    def refresh_status(self) -> None:
        """The status line (with the ply and whose turn it is, for tests) and the root's turn class."""
        state = self.match.state
        ply = self.match.ply + self.moves_before  # the moves of the whole game, those before a linked start too
        shown_ply = ply if self._view_ply is None else self._view_ply + self.moves_before
        turn = self.turn
        hint = self.ui.turn_hint(state) if turn == "human" else ""
        self.status.value = status_html(state, turn, ply, shown_ply, self.seats, hint, self.bot_runner.hurried,
                                        self._message)
        self._announce(turn, turn_said(state, turn, ply, shown_ply, self.seats, hint, self.bot_runner.hurried))
        self._refresh_fast_forward()
        for cls in TURN_CLASSES.values():
            if cls != TURN_CLASSES[turn] and cls in self._dom_classes:
                self.remove_class(cls)
        if TURN_CLASSES[turn] not in self._dom_classes:
            self.add_class(TURN_CLASSES[turn])

    def _announce(self, turn: str, said: Any) -> None:
        """Tell a screen reader what it has not heard: the events of the moves made since it last spoke (as the seat
        shown reads them), the message under the status line, whose turn it is (``said``). While bots play, it waits
        for the end of their moves (one announcement a round, not one a bot), unless there is a new message."""
        if turn == "bot" and not self._message_new:
            return
        events: list[Any] = []
        live = self._view_ply is None
        if live and self._announced is not None and self.match.ply > self._announced:
            new = self.match.states[self._announced + 1:]
            events = new_events(self.log_view.events(new, self.speaking_seat(self.match.state)))
        if live:
            self._announced = self.match.ply
        if events or self._message_new or not self.announcer.ends_with(said):  # else it has heard all of it
            self.announcer.say([*events, self._message.said, said], again=self._message_new)
        self._message_new = False

    def _refresh_fast_forward(self) -> None:
        """Offer the fast-forward while bots are playing with no human left to move (and not hurried yet)."""
        offered = self.bot_runner.busy and not self.bot_runner.hurried and self.only_bots_to_move
        display = "flex" if offered else "none"
        if self.fast_forward_button.layout.display != display:
            self.fast_forward_button.layout.display = display

    # ------------------------------------------------------------------ hints and the bots' reasons
    @property
    def hints_allowed(self) -> bool:
        """Whether this page offers hints ("Suggest a move"); False hides the button and says so."""
        return self.hint_panel.allowed

    @hints_allowed.setter
    def hints_allowed(self, allowed: bool) -> None:
        self.hint_panel.allowed = allowed

    def refresh_log(self) -> None:
        """Redraw the log (the events of the position shown and the notes kept by ply) as the seat shown reads it."""
        states = self.match.states
        shown_states = states if self._view_ply is None else states[: self._view_ply + 1]
        viewer = self.speaking_seat(self.shown)
        notes = self.notes.lines(shown_states, self.match.moves, viewer, self.match.state.is_over, self._bot_level,
                                 self.table is not None)
        self.log_view.show(shown_states, viewer, self.emphasised, notes)

    def _bot_level(self, seat: int) -> str | None:
        return bot_level(self.seats, seat)

    def _keep_reasons(self, before: Any, move: Any) -> None:
        """Keep why this page's bot made ``move`` from ``before`` (the position now one move back), for the log."""
        seat = before.current_player
        judgements = getattr(self.bots.get(seat), "last_judgements", None)
        if judgements and judgements[0].move != move:
            judgements = None  # worked out for another move: nothing to say about this one
        private = GAMES[before.GAME].keeps_secrets(before)
        self.notes.reasons(self.match.ply - 1, self.match.state, seat, self.seats[seat], judgements, private)

    # ------------------------------------------------------------------ saving
    def to_json(self) -> str:
        """The match as a document (``boardgames.load`` reads it back), with the seats."""
        doc = json.loads(self.match.to_json())
        doc["seats"] = list(self.seats)
        return json.dumps(doc)

    # ------------------------------------------------------------------ saves, branches and links
    def _build_saves(self) -> None:
        """The save row (``widgets.shell.saves``) and "Play from here" (``bg-play-from-here``, shown in a replay)."""
        self._earlier: tuple[Match | None, int] = (None, 0)
        self.play_from_here_button = W.Button(icon="code-fork", layout=W.Layout(width="auto", display="none"))
        show(self.play_from_here_button, "description", say("Play from here"))
        self.play_from_here_button.add_class("bg-play-from-here")
        self.play_from_here_button.on_click(self._guard(lambda _: self.play_from_here()))
        self.saves = SaveRow(self)
        self.on_change.append(self._refresh_play_from_here)

    @property
    def moves_before(self) -> int:
        """The moves played before this match's start: a game opened from a link starts at the move it shows."""
        match, moves = self._earlier
        return moves if match is self.match else 0

    def open_match(self, match: Match, seats: Sequence[str] | None = None, *, moves_before: int = 0) -> None:
        """Show ``match`` (from a save file or a link) in place of the game on this page, with ``seats`` (None: seat 0
        human, the others bots). ValueError, and nothing changes, for a match of another game than this page's, at a
        table of the class store, or for seats this game cannot have."""
        if self.table is not None:
            raise ValueError(f"this page plays table {self.table.code}'s game")
        game = match.state.GAME
        if game != self.game:
            raise ValueError(f"it holds a game of {GAMES[game].NAME}, and this page plays {self.module.NAME}")
        if seats is not None:
            seat_kinds(self.game, seats, match.state.players)  # refused before anything changes
        self._earlier = (match, moves_before)
        self._load(match, seats)

    def play_from_here(self) -> None:
        """Play on from the position the replay shows (a human's decision): the later moves are kept for Redo until
        a new move is played."""
        ply = self._view_ply
        if ply is None or self.table is not None or not self.is_human(self.shown.current_player):
            self._say(say("Play from here continues from a replayed position where a human player decides."), ERROR)
            return
        self.bot_runner.cancel()
        self._view_ply = None
        self.match.goto(ply)
        if self.match.can_redo:
            self._say(say("Playing on from move {ply}. Redo brings back the later moves until a new move is played.",
                          ply=ply + self.moves_before), INFO)
        else:
            self._say(say("Playing on from move {ply}.", ply=ply + self.moves_before), INFO)
        self.refresh()
        self._schedule_bots()

    def _refresh_play_from_here(self, _state: Any = None) -> None:
        """Offer "Play from here" in a replay (not at a table), enabled where a human player decides."""
        offered = self._view_ply is not None and self.table is None
        button = self.play_from_here_button
        button.layout.display = None if offered else "none"
        human = offered and self.is_human(self.shown.current_player)
        button.disabled = not human
        button.tooltip = self.words(
            say("Play on from this move (Redo brings the later moves back until a new move is played)") if human
            else say("Step to a move where a human player decides to play on from it"))

    # ------------------------------------------------------------------ a table of the class store
    def _table_changed(self) -> bool:
        return self.table is not None and self.table.changed()

    def _sync_table(self, force: bool = False) -> None:
        """Catch up with the table: the moves stored since (or a move taken back), a seat handed to a bot."""
        link = self.table
        if link is None:
            return
        if not (force or link.changed()):
            return
        before = [str(m) for m in self.match.moves], list(self.seats)
        moves, seats = link.read()
        if before == (list(moves), seats):
            self.table_panel.show()
            return
        self.bot_runner.cancel()
        link.catch_up(self.match)
        if seats != self.seats:
            self.seats = seats
            self.bots = seat_bots(self.game, seats, self.match.start.seed)
        if self._view_ply is not None:
            self._view_ply = min(self._view_ply, self.match.ply)
        if self._message.kind == INFO:
            self._message = Message()
        self.refresh()
        self._schedule_bots()

    def hand_to_bot(self, seat: int) -> None:
        """The table's creator hands a classmate's seat to a bot (a player has gone)."""
        if self.table is None:
            self._say(say("This game is not played at a table."), ERROR)
            return
        try:
            self.table.hand_to_bot(seat)
        except TableRefused as refused:
            self._say(refused.said, ERROR)
            return
        self._sync_table(force=True)
        self._say(say("{name}'s seat is played by a bot from now on.", name=self.state.names[seat]), INFO)

    def close(self) -> None:
        self.hint_panel.close()
        self.review.close()
        self.poller.stop()
        self.bot_runner.close()
        super().close()
