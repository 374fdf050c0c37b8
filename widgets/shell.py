"""``GameApp``: the one app every game shares.

It holds a ``boardgames.Match`` and shows it: the game's board view, a control panel built from
``legal_moves()``, a status line, a log of the events in plain sentences, a score chart over the game
(bqplot), undo / redo, a replay slider, an end-of-game panel, and a "new game" form (player count,
names, seed, and for every seat a human or a bot of some strength).

A game plugs in through a module ``widgets.<game id>`` offering ``Board`` (a widget with
``show(state)``), ``Controls(on_move, board=board)`` (a widget with ``update(state, seat, active, reason)`` that calls
``on_move(move)``), ``turn_hint(state)``, ``round_incomes(state)``, ``SCORE_NAME`` and optionally
``SCORE_TITLE`` (the chart's title) and ``END_NOTE`` (a sentence under the end panel's table). A game without
such a module still plays, on a text board with one button per legal move.

Bots play one move at a time with a short pause. Inside a kernel (Jupyter, Voilà) that is an asyncio
task on the kernel's own event loop, so the page stays live and a person can follow the moves;
without a running loop (plain Python, tests) bots move at once. The engine decides everything:
the shell never re-implements a rule.

CSS hooks for tests: ``bg-app``, ``bg-board``, ``bg-log``, ``bg-scores``, ``bg-status``,
``bg-game-over`` (only while the game is over), ``bg-move`` + ``bg-move-<kind>`` on every control that
makes a move; the root also carries ``bg-human-turn``, ``bg-bot-turn`` or ``bg-over``.
"""

from __future__ import annotations

import asyncio
import html
import importlib
import json
import logging
import random
import time
import traceback
import urllib.parse
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import bqplot as bq
import ipywidgets as W

from boardgames import GAMES, IllegalMove, Match
from boardgames.bots import bot_levels, make_bot
from boardgames.core import DEFAULT_NAMES
from widgets.palette import seat_colour

log = logging.getLogger("widgets.shell")

HUMAN = "human"
LOG_LINES = 100
# Sent once with the log's heading, not with every log update: a new <style> element makes the page
# recompute every style. The box has a fixed size, so the page lays out its lines on their own (contain).
LOG_STYLE = (
    "<style>.bg-log-lines{height:250px;overflow-y:auto;font-size:13px;line-height:1.35;border:1px solid #dee2e6;"
    "padding:3px;box-sizing:border-box;width:100%;contain:strict}"
    ".bg-log-lines .bg-event{border-left:5px solid;padding:1px 6px;margin:1px 0}"
    ".bg-log-lines .bg-strong{font-weight:bold}</style>"
)


def default_level(game: str) -> str:
    """The bot strength a new seat gets: the strongest level the game offers."""
    return bot_levels(game)[-1]


def ui_module(game: str):
    """The module with the board view of ``game`` (``widgets.<game>``), or the generic text view."""
    try:
        return importlib.import_module(f"widgets.{game}")
    except ModuleNotFoundError:
        return GenericUI


def _step(top: float, steps: Sequence[int]) -> int:
    """The smallest step that puts at most 7 ticks on an axis from 0 to ``top``."""
    return next((k for k in steps if top / k <= 6), steps[-1])


def _in_kernel() -> bool:
    """Whether this runs inside a Jupyter kernel (whose event loop keeps running between cells)."""
    try:
        from IPython import get_ipython
    except ImportError:
        return False
    shell = get_ipython()
    return shell is not None and getattr(shell, "kernel", None) is not None


def ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def ranking(scores: Sequence[int]) -> list[tuple[int, int]]:
    """(place, seat) pairs, best first; tied scores share a place (competition ranking)."""
    order = sorted(range(len(scores)), key=lambda s: (-scores[s], s))
    return [(1 + sum(1 for x in scores if x > scores[s]), s) for s in order]


# ------------------------------------------------------------------------------------- generic view


class _TextBoard(W.HTML):
    def show(self, state) -> None:
        self.value = f"<pre style='font-size:13px'>{html.escape(str(state))}</pre>"


class _MoveButtons(W.VBox):
    """The fallback control panel for a game without its own: one button per legal move when there are
    a few, else a chooser listing every legal move and a button that plays the chosen one."""

    MAX_BUTTONS = 16

    def __init__(self, on_move: Callable | None = None, board: Any = None):
        super().__init__()
        self.on_move = on_move or (lambda move: None)
        self.chooser = W.Dropdown(options=[], description="Move", layout=W.Layout(width="380px"))
        self.play_chosen = W.Button(description="Play this move", button_style="primary")
        self.play_chosen.add_class("bg-move")
        self.play_chosen.add_class("bg-move-choice")
        self.play_chosen.on_click(lambda _: self.chooser.value is not None and self.on_move(self.chooser.value))

    def update(self, state, seat, active, reason=None) -> None:
        legal = state.legal_moves() if active else []
        if len(legal) > self.MAX_BUTTONS:
            self.chooser.options = [(str(m), m) for m in legal]
            if self.chooser.index is None:
                self.chooser.index = 0
            self.play_chosen.disabled = False
            self.children = [self.chooser, self.play_chosen]
            return
        buttons = []
        for move in legal:
            b = W.Button(description=str(move), layout=W.Layout(width="auto"), button_style="primary")
            b.add_class("bg-move")
            b.add_class(f"bg-move-{type(move).__name__.lower()}")
            b.on_click(lambda _, m=move: self.on_move(m))
            buttons.append(b)
        if not buttons:
            why = reason or ("The game is over." if state.is_over else "Not your turn.")
            buttons.append(W.Button(description="(waiting)", disabled=True, tooltip=why))
        self.children = [W.HBox(buttons, layout=W.Layout(flex_flow="row wrap"))]


class GenericUI:
    Board = _TextBoard
    Controls = _MoveButtons
    SCORE_NAME = "points"

    @staticmethod
    def turn_hint(state) -> str:
        return "choose a move"

    @staticmethod
    def round_incomes(state) -> list:
        return []


# ------------------------------------------------------------------------------------- the app


class GameApp(W.VBox):
    """A game with its board, controls, log, score chart, undo/redo, replay and a new-game form.

    ``GameApp(match, seats=["human", "search", "random"])``: ``seats[i]`` is ``"human"`` or a bot level
    from ``boardgames.bots.bot_levels(game)`` (``"bot"`` means the default level). Without ``seats``,
    seat 0 is human and the others are bots. ``bot_delay`` is the pause, in seconds, before each bot
    move is shown. ``bots_async``: bots play in an asyncio task on the running event loop (True), at
    once (False), or, by default, in a task when running inside a Jupyter kernel.

    ``on_change`` is a list of observers (an advice panel, a logger): each is called with the live state
    after every redraw, that is after every move, undo, redo, new game and replay step.
    """

    def __init__(
        self,
        match: Match | None = None,
        seats: Sequence[str] | None = None,
        *,
        bot_delay: float = 0.5,
        bots_async: bool | None = None,
        title: str | None = None,
    ) -> None:
        super().__init__()
        self.bots_async = bots_async
        self.on_change: list[Callable[[Any], None]] = []
        if match is None:
            match = Match.new("medici", list(DEFAULT_NAMES[:3]), seed=random.randrange(1, 100_000))
        self.bot_delay = bot_delay
        self.errors: list[str] = []  # unexpected failures, for tests; a player sees a short sentence
        self._generation = 0  # bumped whenever the position changes under a running bot task
        self._task: asyncio.Task | None = None
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="bot")
        self._view_ply: int | None = None  # None: live; else the ply the replay slider shows
        self._syncing = False
        self._message = ""
        self._title = title
        self.add_class("bg-app")
        self._build_common()
        self._load(match, seats)

    # ------------------------------------------------------------------ building
    def _build_common(self) -> None:
        self.header = W.HTML()
        self.status = W.HTML()
        self.status.add_class("bg-status")
        self.undo_button = W.Button(description="Undo", icon="undo", layout=W.Layout(width="auto"))
        self.redo_button = W.Button(description="Redo", icon="repeat", layout=W.Layout(width="auto"))
        self.undo_button.add_class("bg-undo")
        self.redo_button.add_class("bg-redo")
        self.undo_button.on_click(self._guard(lambda _: self.undo()))
        self.redo_button.on_click(self._guard(lambda _: self.redo()))
        # No readout: the page would re-measure it (a forced layout) on every move, and the status line
        # above already says which move is shown.
        self.replay = W.IntSlider(value=0, min=0, max=0, description="move", continuous_update=True, readout=False,
                                  layout=W.Layout(width="300px"), style={"description_width": "40px"})
        self.replay.add_class("bg-replay")
        self.replay.observe(self._guard(self._on_replay), "value")
        # Replay is a mode: the slider moves only while it is on (so the slider's own echoes of the
        # live position can never be mistaken for a person's choice), and bots wait meanwhile.
        self.replay_button = W.ToggleButton(value=False, description="Replay", icon="history",
                                            tooltip="Step through the game so far", layout=W.Layout(width="auto"))
        self.replay_button.add_class("bg-replay-toggle")
        self.replay_button.observe(self._guard(self._on_replay_toggle), "value")
        self.log_view = W.HTML(layout=W.Layout(width="100%"))
        self.log_view.add_class("bg-log")
        self.over_panel = W.HTML(layout=W.Layout(display="none", width="100%"))
        # score chart: built once, its lines get new data after every move
        self._cx = bq.LinearScale(min=0.0, max=10.0)
        self._cy = bq.LinearScale(min=0.0, max=50.0)
        self._score_lines = bq.Lines(x=[0.0], y=[0.0], scales={"x": self._cx, "y": self._cy}, stroke_width=2.5,
                                     display_legend=True, labels=[""], colors=[seat_colour(0)])
        self._cursor = bq.Lines(x=[0.0, 0.0], y=[0.0, 50.0], scales={"x": self._cx, "y": self._cy},
                                colors=["#868e96"], line_style="dashed", stroke_width=1, visible=False)
        self._ax_x = bq.Axis(scale=self._cx, label="move", num_ticks=5, tick_format="d")
        self._ax_y = bq.Axis(scale=self._cy, side="left", label="florins", num_ticks=5, tick_format="d")
        self.chart = bq.Figure(
            marks=[self._score_lines, self._cursor],
            axes=[self._ax_x, self._ax_y],
            title="Money over the game",
            title_style={"font-size": "14px", "font-weight": "bold"},
            fig_margin={"top": 30, "bottom": 40, "left": 50, "right": 10},
            legend_location="top-left",
            padding_y=0,
            legend_style={"stroke-width": "0", "fill": "none"},
            animation_duration=0,
            display_toolbar=False,
            layout=W.Layout(width="330px", height="330px"),
        )
        self.chart.add_class("bg-scores")
        self.setup = W.VBox()
        self.setup_panel = W.Accordion(children=[self.setup], selected_index=None)
        self.setup_panel.set_title(0, "New game: players, names, seats and seed")
        self.setup_panel.add_class("bg-setup")

    def _load(self, match: Match, seats: Sequence[str] | None) -> None:
        """Show ``match`` (a new game or one loaded): rebuild what depends on the game, then redraw."""
        self._cancel_bots()
        self.match = match
        state = match.state
        self.game = state.GAME
        self.module = GAMES[self.game]
        n = len(state.names)
        self.seats = self._normalise_seats(seats, n)
        seed = state.seed
        self.bots = {
            s: make_bot(self.game, level, seed=seed * 10 + s) for s, level in enumerate(self.seats) if level != HUMAN
        }
        ui = ui_module(self.game)
        if getattr(self, "ui", None) is not ui:
            self.ui = ui
            self.board = ui.Board()
            self.board.add_class("bg-board")
            self.controls = ui.Controls(self._guard(self.play), board=self.board)
            self.controls.add_class("bg-controls")
        self._build_setup_form(state)
        self._view_ply = None
        if hasattr(self.board, "set_side"):
            self.board.set_side(self.chart)
            board_column = [self.board]
        else:
            board_column = [self.board, self.chart]
        name = getattr(self.module, "NAME", self.game.capitalize())
        title = self._title or name
        self.header.value = (
            f"<div style='font-size:22px;font-weight:bold;margin:2px 0 4px 0'>{html.escape(title)}</div>"
        )
        right = W.VBox(
            [
                self.over_panel,
                self.status,
                self.controls,
                W.HBox([self.undo_button, self.redo_button], layout=W.Layout(margin="6px 0 0 0")),
                W.HBox([self.replay_button, self.replay]),
                W.HTML(LOG_STYLE + "<b>What happened</b> (newest first)"),
                self.log_view,
            ],
            layout=W.Layout(width="420px", margin="0 0 0 10px"),
        )
        self.children = [
            self.header,
            W.HBox([W.VBox(board_column), right], layout=W.Layout(align_items="flex-start")),
            self.setup_panel,
        ]
        self._message = ""
        self._chart_players = None
        self._chart_range = None
        self._remembered_facts: dict = {}
        self.refresh()
        self._schedule_bots()

    def _normalise_seats(self, seats: Sequence[str] | None, n: int) -> list[str]:
        levels = bot_levels(self.game)
        if seats is None:
            seats = [HUMAN] + ["bot"] * (n - 1)
        seats = list(seats)
        if len(seats) != n:
            raise ValueError(f"{n} players need {n} seats, got {len(seats)}")
        out = []
        for s in seats:
            if s == "bot":
                s = default_level(self.game)
            if s != HUMAN and s not in levels:
                raise ValueError(f"a seat is 'human' or a bot level ({', '.join(levels)}), not {s!r}")
            out.append(s)
        return out

    # ------------------------------------------------------------------ the new-game form
    def _build_setup_form(self, state) -> None:
        players = getattr(self.module, "PLAYERS", range(2, 7))
        self._game_pick = W.Dropdown(options=[(getattr(m, "NAME", g), g) for g, m in GAMES.items()], value=self.game,
                                     description="Game")
        self._count = W.Dropdown(options=list(players), value=len(state.names), description="Players")
        seed = state.seed
        self._seed = W.IntText(value=seed, description="Seed")
        self._seed.add_class("bg-seed")
        self._new_seed = W.Button(description="Random seed", layout=W.Layout(width="auto"))
        self._new_seed.on_click(self._guard(lambda _: setattr(self._seed, "value", random.randrange(1, 100_000))))
        self._seat_rows = W.VBox()
        self._start = W.Button(description="Start the new game", button_style="primary", icon="play",
                               layout=W.Layout(width="auto"))
        self._start.add_class("bg-new-game")
        self._start.on_click(self._guard(lambda _: self._start_from_form()))
        self._count.observe(self._guard(lambda _: self._fill_seat_rows()), "value")
        self._game_pick.observe(self._guard(self._on_game_pick), "value")
        self._fill_seat_rows(list(state.names), self.seats)
        self.setup.children = [
            W.HBox([self._game_pick, self._count]),
            self._seat_rows,
            W.HBox([self._seed, self._new_seed]),
            self._start,
        ]

    def _on_game_pick(self, change) -> None:
        """Another game in the form: offer its player counts and its bot levels."""
        game = change["new"]
        players = list(getattr(GAMES[game], "PLAYERS", range(2, 7)))
        value = self._count.value if self._count.value in players else players[0]
        with self._count.hold_trait_notifications():
            self._count.options = players
            self._count.value = value
        self._fill_seat_rows(keep_names=True)

    def _fill_seat_rows(self, names: Sequence[str] | None = None, seats: Sequence[str] | None = None,
                        keep_names: bool = True) -> None:
        n = self._count.value
        game = self._game_pick.value
        levels = bot_levels(game)
        old = [(row.children[0].value, row.children[1].value) for row in self._seat_rows.children]
        old = [(name, kind if kind == HUMAN or kind in levels else default_level(game)) for name, kind in old]
        options = [("human", HUMAN)] + [(f"bot: {lv}", lv) for lv in levels]
        rows = []
        for s in range(n):
            if names is not None:
                name, kind = names[s], seats[s]
            elif s < len(old):
                name, kind = old[s]
            else:
                name, kind = DEFAULT_NAMES[s], default_level(game)
            text = W.Text(value=name, description=f"Seat {s + 1}", layout=W.Layout(width="220px"))
            pick = W.Dropdown(options=options, value=kind, layout=W.Layout(width="160px"))
            rows.append(W.HBox([text, pick]))
        self._seat_rows.children = rows

    def _start_from_form(self) -> None:
        names = [row.children[0].value.strip() for row in self._seat_rows.children]
        seats = [row.children[1].value for row in self._seat_rows.children]
        self.new_game(names, seats=seats, seed=int(self._seed.value), game=self._game_pick.value)

    def new_game(self, players: int | Sequence[str], *, seats: Sequence[str] | None = None, seed: int | None = None,
                 game: str | None = None, **options: Any) -> None:
        """Start a new game (the engine refuses bad names or counts with a sentence shown in the status)."""
        seed = random.randrange(1, 100_000) if seed is None else seed
        try:
            match = Match.new(game or self.game, players, seed=seed, **options)
        except (IllegalMove, ValueError) as exc:
            self._say(f"Cannot start that game: {exc}")
            return
        n = len(match.state.names)
        if seats is not None and len(seats) != n:
            seats = None
        self.game = match.state.GAME
        self._load(match, seats)
        self._say(f"New game, seed {seed}.")

    # ------------------------------------------------------------------ who acts
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

    def is_human(self, seat: int | None) -> bool:
        return seat is not None and self.seats[seat] == HUMAN

    def _speaking_seat(self, state) -> int | None:
        """The human seat the controls speak for: the one to move, else the first human seat."""
        if self.is_human(state.current_player):
            return state.current_player
        humans = [s for s, kind in enumerate(self.seats) if kind == HUMAN]
        return humans[0] if humans else None

    # ------------------------------------------------------------------ actions
    def play(self, move) -> None:
        """Play ``move`` for the human seat to move (a click lands here)."""
        state = self.match.state
        if self._view_ply is not None:
            self._say("You are looking at an earlier move: press 'Back to now' to play on.")
            self.refresh()
            return
        seat = state.current_player
        if not self.is_human(seat):
            who = "nobody" if seat is None else state.names[seat]
            self._say(f"It is not a human player's turn ({who} is to move).")
            return
        refusal = state.check(move, seat)
        if refusal is not None:
            self._say(str(refusal))
            self.refresh()
            return
        self.match.play(move, seat=seat)
        self._message = ""
        self.refresh()
        self._schedule_bots()

    def _human_plies(self) -> list[int]:
        return [p for p, s in enumerate(self.match.states) if self.is_human(s.current_player)]

    @property
    def can_undo(self) -> bool:
        return any(p < self.match.ply for p in self._human_plies())

    @property
    def can_redo(self) -> bool:
        return self.match.can_redo

    def undo(self) -> None:
        """Go back to the previous position where a human player decides (bots' moves are undone too)."""
        earlier = [p for p in self._human_plies() if p < self.match.ply]
        if not earlier:
            self._say("Nothing to undo.")
            return
        self._cancel_bots()
        self._view_ply = None
        self.match.goto(earlier[-1])
        self._say(f"Undone: back to move {self.match.ply}.")
        self.refresh()

    def redo(self) -> None:
        """Replay the undone moves up to the next position where a human player decides."""
        if not self.match.can_redo:
            self._say("Nothing to redo.")
            return
        self._cancel_bots()
        self._view_ply = None
        while self.match.can_redo:
            self.match.redo()
            if self.is_human(self.match.state.current_player):
                break
        self._say(f"Redone: forward to move {self.match.ply}.")
        self.refresh()
        self._schedule_bots()

    def start_replay(self, ply: int | None = None) -> None:
        """Show an earlier position (the game waits; nothing is undone)."""
        self._cancel_bots()
        self._view_ply = self.match.ply if ply is None else max(0, min(ply, self.match.ply))
        self.refresh()

    def go_live(self) -> None:
        """Leave the replay: show the game as it stands and let the bots play on."""
        self._view_ply = None
        self.refresh()
        self._schedule_bots()

    def _on_replay_toggle(self, change) -> None:
        if self._syncing:
            return
        if change["new"]:
            self.start_replay()
        else:
            self.go_live()

    def _on_replay(self, change) -> None:
        if self._syncing:
            return
        if self._view_ply is None:
            # Not replaying: the page's slider echoed an older position while its range grew. Put the
            # live position back (once the page's message has been handled) rather than mistaking the
            # echo for a person's choice.
            if change["new"] != self.match.ply:
                try:
                    asyncio.get_running_loop().call_later(0.05, self._guard(self._slider_to_live))
                except RuntimeError:
                    self._slider_to_live()
            return
        self._view_ply = max(0, min(int(change["new"]), self.match.ply))
        self.refresh()

    def _slider_to_live(self) -> None:
        if self._view_ply is None and self.replay.value != self.match.ply:
            self._syncing = True
            try:
                self.replay.value = min(self.match.ply, self.replay.max)
            finally:
                self._syncing = False

    # ------------------------------------------------------------------ bots
    def _cancel_bots(self) -> None:
        self._generation += 1
        if self._task is not None and not self._task.done():
            self._task.cancel()
        self._task = None

    def _bot_to_move(self) -> bool:
        state = self.match.state
        return self._view_ply is None and not state.is_over and not self.is_human(state.current_player)

    def _schedule_bots(self) -> None:
        if not self._bot_to_move():
            return
        loop = None
        if self.bots_async or (self.bots_async is None and _in_kernel()):
            try:
                loop = asyncio.get_running_loop()
            except RuntimeError:
                loop = None
        if loop is None:  # plain Python: bots move at once
            while self._bot_to_move():
                self._play_bot_move(self.bots[self.match.state.current_player].choose(self.match.state))
            return
        if self._task is not None and not self._task.done():
            return
        self._task = loop.create_task(self._bot_loop(self._generation))
        self.refresh_status()

    async def _bot_loop(self, generation: int) -> None:
        loop = asyncio.get_running_loop()
        try:
            while generation == self._generation and self._bot_to_move():
                state = self.match.state
                bot = self.bots[state.current_player]
                start = time.perf_counter()
                move = await loop.run_in_executor(self._executor, bot.choose, state)
                rest = self.bot_delay - (time.perf_counter() - start)
                if rest > 0:
                    await asyncio.sleep(rest)
                if generation != self._generation or self.match.state is not state:
                    return
                self._play_bot_move(move)
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # a bug must not freeze the page: say so, keep the trace for developers
            self._failed(exc)
        finally:
            if generation == self._generation:
                self._task = None
                self.refresh_status()

    def _play_bot_move(self, move) -> None:
        state = self.match.state
        self.match.play(move, seat=state.current_player)
        self.refresh()

    async def wait_idle(self, timeout: float = 60.0) -> None:
        """Wait until no bot is to move (for tests and notebooks running inside an event loop)."""
        deadline = time.perf_counter() + timeout
        while self._task is not None and not self._task.done():
            if time.perf_counter() > deadline:
                raise TimeoutError("the bots are still playing")
            await asyncio.sleep(0.01)

    # ------------------------------------------------------------------ errors and messages
    def _guard(self, fn: Callable) -> Callable:
        """Wrap a callback: an illegal move becomes a sentence, a bug a short apology (never a traceback)."""

        def run(*args, **kwargs):
            try:
                return fn(*args, **kwargs)
            except IllegalMove as exc:
                self._say(str(exc))
                self.refresh()
            except Exception as exc:
                self._failed(exc)

        return run

    def _failed(self, exc: BaseException) -> None:
        trace = "".join(traceback.format_exception(exc))
        self.errors.append(trace)
        log.error("GameApp callback failed:\n%s", trace)
        self._say(f"Something went wrong ({type(exc).__name__}: {exc}). Try Undo, or start a new game.")
        try:
            self.refresh()
        except Exception:
            pass

    def _say(self, text: str) -> None:
        self._message = text
        self.refresh_status()

    # ------------------------------------------------------------------ drawing
    def refresh(self) -> None:
        """Redraw everything from the match (and the replay position)."""
        shown = self.shown
        live = self._view_ply is None
        self.board.show(shown)
        self._refresh_controls(shown, live)
        self._refresh_history()
        self._refresh_chart()
        self._refresh_log()
        self._refresh_over(shown)
        self.refresh_status()
        for observer in self.on_change:
            observer(self.match.state)

    def _refresh_controls(self, shown, live: bool) -> None:
        seat = self._speaking_seat(shown)
        to_move = shown.current_player
        reason = None
        active = live and self.is_human(to_move) and not shown.is_over
        if not live:
            reason = (f"You are looking at move {self._view_ply} of {self.match.ply}: "
                      "press 'Back to now' to play on.")
        elif shown.is_over:
            reason = None
        elif seat is None:
            reason = "Every seat is a bot: watch the game."
        self.controls.update(shown, seat, active, reason)

    def _refresh_history(self) -> None:
        self.undo_button.disabled = not self.can_undo
        self.redo_button.disabled = not self.can_redo
        self.undo_button.tooltip = "Back to your previous decision" if self.can_undo else "Nothing to undo."
        self.redo_button.tooltip = "Forward again" if self.can_redo else "Nothing to redo."
        ply = self.match.ply
        value = ply if self._view_ply is None else self._view_ply
        replaying = self._view_ply is not None
        self._syncing = True
        try:
            # Two messages, in an order the page's slider can follow: it clamps a value to its old
            # range, so the range grows before the value moves up (and shrinks after it moves down).
            if ply >= self.replay.max:
                self.replay.max = ply
                self.replay.value = value
            else:
                self.replay.value = value
                self.replay.max = ply
            self.replay.disabled = not replaying
            with self.replay_button.hold_sync():
                self.replay_button.value = replaying
                self.replay_button.description = "Back to now" if replaying else "Replay"
        finally:
            self._syncing = False

    def _refresh_chart(self) -> None:
        states = self.match.states
        names = states[0].names
        n = len(names)
        xs = list(range(len(states)))
        rows = list(zip(*(self._remembered(s, "scores") for s in states)))
        if len(xs) == 1:  # a line needs two points to be drawn (and to get its legend entry)
            xs, rows = [0, 0], [r * 2 for r in rows]
        top = max(max(max(r) for r in rows), 10)
        ymax = float((int(top * 1.3) // 25 + 1) * 25)  # headroom for the legend
        xmax = float(max(20, -(-(len(states) - 1) // 20) * 20))  # grows in steps: fewer redraws of the axes
        with self._score_lines.hold_sync():
            if self._chart_players != tuple(names):
                self._score_lines.labels = list(names)
                self._score_lines.colors = [seat_colour(s) for s in range(n)]
                self._chart_players = tuple(names)
            self._score_lines.x = [xs] * n
            self._score_lines.y = [list(r) for r in rows]
        if self._chart_range != (xmax, ymax):
            self._chart_range = (xmax, ymax)
            self._cx.max = xmax
            self._cy.max = ymax
            self._ax_x.tick_values = list(range(0, int(xmax) + 1, _step(xmax, (5, 10, 20, 25, 50, 100))))
            self._ax_y.tick_values = list(range(0, int(ymax) + 1, _step(ymax, (10, 25, 50, 100))))
        # The dashed cursor marks the move shown during a replay. While the game is live the lines end at
        # the current move, and the cursor stays hidden rather than being redrawn after every move.
        replaying = self._view_ply is not None
        if self._cursor.visible != replaying:
            self._cursor.visible = replaying
        if replaying:
            at = float(self._view_ply)
            with self._cursor.hold_sync():
                self._cursor.x = [at, at]
                self._cursor.y = [0.0, ymax]
        self.chart.title = getattr(self.ui, "SCORE_TITLE", f"{self.ui.SCORE_NAME.capitalize()} over the game")
        self._ax_y.label = self.ui.SCORE_NAME

    def _refresh_log(self) -> None:
        states = self.match.states[: (self._view_ply if self._view_ply is not None else self.match.ply) + 1]
        events = [e for s in states for e in self._events_of(s)]
        lines = []
        for e in reversed(events[-LOG_LINES:]):
            colour = seat_colour(e.seat) if e.seat is not None else "#ced4da"
            bold = " bg-strong" if e.kind.endswith(("day.start", "next-start", "day.income", "game.end")) else ""
            lines.append(f"<div class='bg-event{bold}' style='border-color:{colour}'>{html.escape(e.text)}</div>")
        self.log_view.value = "<div class='bg-log-lines'>" + "".join(lines) + "</div>"

    def _events_of(self, state) -> tuple:
        """``state.events``, remembered (the engine renders event texts on demand)."""
        return self._remembered(state, "events")

    def _remembered(self, state, what: str) -> tuple:
        """``state.events`` or ``state.scores()``, worked out once per state: every redraw goes over the
        whole game so far."""
        key = (id(state), what)
        hit = self._remembered_facts.get(key)
        if hit is None or hit[0] is not state:
            hit = (state, tuple(state.events) if what == "events" else tuple(state.scores()))
            self._remembered_facts[key] = hit
        return hit[1]

    def _refresh_over(self, shown) -> None:
        live_over = self.match.state.is_over and self._view_ply is None
        if not live_over:
            if "bg-game-over" in self.over_panel._dom_classes:
                self.over_panel.remove_class("bg-game-over")
            self.over_panel.layout.display = "none"
            return
        self.over_panel.value = self.end_panel_html(self.match.state)
        self.over_panel.add_class("bg-game-over")
        self.over_panel.layout.display = "block"

    def end_panel_html(self, state) -> str:
        """The final ranking and the income of every round (from the engine's scores and incomes)."""
        names = state.names
        scores = state.scores()
        winners = set(state.winners())
        rounds = self.ui.round_incomes(state)
        head = "".join(f"<th style='padding:2px 8px'>{html.escape(label)}</th>" for label, _ in rounds)
        rows = []
        for place, seat in ranking(scores):
            cells = "".join(f"<td style='text-align:right;padding:2px 8px'>{inc[seat]}</td>" for _, inc in rounds)
            star = " ★" if seat in winners else ""
            rows.append(
                f"<tr class='bg-rank-row' data-seat='{seat}' data-place='{place}' data-score='{scores[seat]}'>"
                f"<td style='padding:2px 8px'>{ordinal(place)}</td>"
                f"<td class='bg-rank-name' style='padding:2px 8px;color:{seat_colour(seat)};font-weight:bold'>"
                f"{html.escape(names[seat])}{star}</td>"
                f"<td class='bg-rank-score' style='text-align:right;padding:2px 8px;font-weight:bold'>"
                f"{scores[seat]}</td>"
                f"{cells}</tr>"
            )
        best = [names[s] for s in sorted(winners)]
        if len(best) == 1:
            headline = f"{html.escape(best[0])} wins with {max(scores)} {self.ui.SCORE_NAME}!"
        else:
            headline = f"{html.escape(' and '.join(best))} share the win with {max(scores)} {self.ui.SCORE_NAME}!"
        record = urllib.parse.quote(self.match.to_json())
        return (
            "<div style='border:2px solid #2b8a3e;border-radius:6px;padding:6px 10px;background:#ebfbee;"
            "margin-bottom:6px'>"
            f"<div style='font-size:18px;font-weight:bold;margin-bottom:4px'>Game over: {headline}</div>"
            "<table class='bg-ranking' style='border-collapse:collapse;font-size:14px'>"
            f"<tr><th style='padding:2px 8px'>Place</th><th style='padding:2px 8px'>Player</th>"
            f"<th style='padding:2px 8px'>Final</th>{head}</tr>"
            + "".join(rows)
            + "</table>"
            f"<div style='font-size:12px;margin-top:4px'>{html.escape(getattr(self.ui, 'END_NOTE', ''))} "
            f"<a class='bg-record' download='{self.game}-game.json' "
            f"href='data:application/json;charset=utf-8,{record}'>Download this game</a></div></div>"
        )

    def _remove_root(self, cls: str) -> None:
        if cls in self._dom_classes:
            self.remove_class(cls)

    def _set_root(self, cls: str) -> None:
        if cls not in self._dom_classes:
            self.add_class(cls)

    def refresh_status(self) -> None:
        """The status line (with the ply and whose turn it is, for tests) and the root's turn class."""
        state = self.match.state
        ply = self.match.ply
        shown_ply = ply if self._view_ply is None else self._view_ply
        if self._view_ply is not None:
            text = f"Replay: the position after move {self._view_ply} of {ply}."
            turn = "replaying"
        elif state.is_over:
            text = "The game is over."
            turn = "over"
        else:
            seat = state.current_player
            name = html.escape(state.names[seat])
            hint = html.escape(self.ui.turn_hint(state))
            if self.is_human(seat):
                text = f"<b style='color:{seat_colour(seat)}'>{name}</b>, your decision: {hint}."
                turn = "human"
            else:
                text = f"<b style='color:{seat_colour(seat)}'>{name}</b> (bot, {self.seats[seat]}) is thinking…"
                turn = "bot"
        message = (f"<div class='bg-message' style='color:#c92a2a'>{html.escape(self._message)}</div>"
                   if self._message else "")
        self.status.value = (
            f"<div style='font-size:14px;min-height:42px;padding:3px 0'>"
            f"<span class='bg-ply' data-ply='{ply}' data-shown='{shown_ply}' data-turn='{turn}'>Move {ply}</span>"
            f" · {text}{message}</div>"
        )
        turn_class = {"human": "bg-human-turn", "bot": "bg-bot-turn", "over": "bg-over", "replaying": "bg-replaying"}
        for cls in turn_class.values():
            if cls != turn_class[turn]:
                self._remove_root(cls)
        self._set_root(turn_class[turn])

    # ------------------------------------------------------------------ saving
    def to_json(self) -> str:
        """The match as a document (``boardgames.load`` reads it back), with the seats."""
        doc = json.loads(self.match.to_json())
        doc["seats"] = list(self.seats)
        return json.dumps(doc)

    def close(self) -> None:
        self._cancel_bots()
        self._executor.shutdown(wait=False, cancel_futures=True)
        super().close()
