"""``ReviewPanel``: "where did I lose it?", a game's decisions judged by the expert (``boardgames.review``).

``ReviewPanel(app)`` belongs to a ``GameApp``. Its button ("Review", ``bg-review-open``) is offered once the game is
over (beside the end panel: a loaded save or a finished table's game too) and during a replay. The panel asks for
whose moves (by default the seat of this page; any seat once the game is over, or on a spectator's page of a game
that keeps no secrets), then runs ``boardgames.review.review`` in the page's ``Runner``: a progress bar meanwhile
(the page stays usable; "Stop" ends the review with the decisions judged so far). Then it shows

- a chart (bqplot) of the seat's outlook after each of its moves, in the game's own terms (its teaching ``unit``: the
  expert's expected final result for that seat), each move a dot coloured by its label;
- the counts per label, with the thresholds the labels come from;
- the three costliest decisions: the move played, the expert's better move, what the difference is worth and the
  expert's reason, each with "Show in Replay" (the app's replay at that move, the better move marked on the board)
  and "Try again" (the position as the seat saw it, on the exercise widget: a move is right when it costs less than
  an inaccuracy against the best, judged by ``boardgames.review.AgainstTheBest``);
- the review to download as JSON or CSV (``Review.to_json`` / ``to_csv``), beside the game's record once the game
  is over.

Secrets: ``review`` judges every decision in worlds drawn for the seat reviewed, so its texts tell nothing that seat
could not see; the panel adds nothing from the record, and while a game goes on a page reviews only its own seats.

CSS hooks (browser tests rely on them): ``bg-review-open``, ``bg-review`` (the panel), ``bg-review-seat`` (the
seat chooser), ``bg-review-start``, ``bg-review-stop``, ``bg-review-progress`` (the bar; its text
``bg-review-progress-text``), ``bg-review-chart``, ``bg-review-summary`` (with a ``bg-review-count`` per label,
``data-label`` and ``data-count``), ``bg-review-item`` (one costly decision: ``bg-review-decision`` with
``data-label``, ``data-ply`` and ``data-cost``, its buttons ``bg-review-show`` and ``bg-review-try``),
``bg-review-download`` (``bg-review-json``, ``bg-review-csv``, ``bg-review-record``), ``bg-review-exercise`` (where
Try again shows), ``bg-review-close``.
"""

from __future__ import annotations

import asyncio
import html
import logging
import urllib.parse
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import bqplot as bq
import ipywidgets as W

from boardgames import GAMES
from boardgames.bots import move_said
from boardgames.core.english import sentence
from boardgames.core.message import Message, english, listed, say, say_n, term
from boardgames.core.teaching import teaching_of
from boardgames.practice import Exercise, Feedback, Kind, as_seen_by, exercise
from boardgames.review import FORCED, LABELS, AgainstTheBest, Decision, Review, review
from boardgames.terms import unit_said
from boardgames.translation import SOURCE
from widgets.kit.figures import board_figure
from widgets.kit.marks import BETTER, mark_as
from widgets.kit.palette import ink, mix, seat_colour
from widgets.runtime.guard import guarded, keep_trace
from widgets.runtime.language import on_language, page_language, show, shown
from widgets.runtime.runner import Runner
from widgets.shell.bots import HUMAN
from widgets.shell.exercise import ExerciseWidget

log = logging.getLogger("widgets.shell.review")

LABEL_COLOURS = {"good": "#2b8a3e", "inaccuracy": "#f59f00", "mistake": "#e8590c", "blunder": "#c92a2a",
                 FORCED: "#adb5bd"}
LABEL_WORDS = {"good": term("review.label", "good"), "inaccuracy": term("review.label", "inaccuracy"),
               "mistake": term("review.label", "mistake"), "blunder": term("review.label", "blunder"),
               FORCED: term("review.label", "forced")}
COSTLIEST = 3
BEAT = 0.25  # seconds between two redraws of the progress bar
LINK = "color:#1864ab;text-decoration:underline;font-weight:bold"
CHART_MARGIN = {"top": 30, "bottom": 40, "left": 55, "right": 10}


def reviewable_seats(state: Any, seats: Sequence[str]) -> list[int]:
    """The seats whose moves this page may review at ``state``: every seat once the game is over; while it goes on,
    the page's own (human) seats, or, on a spectator's page (no human seat), every seat of a game that keeps no
    secret at ``state`` (none of one that does: a bot's review would tell its hidden cards)."""
    everyone = list(range(len(state.names)))
    if state.is_over:
        return everyone
    humans = [s for s in everyone if seats[s] == HUMAN]
    if humans:
        return humans
    return [] if GAMES[state.GAME].keeps_secrets(state) else everyone


def default_seat(choosable: Sequence[int], own: int | None) -> int | None:
    """The seat reviewed first: the page's own seat when it may be reviewed, else the first one that may."""
    if own is not None and own in choosable:
        return own
    return choosable[0] if choosable else None


def _mark(key: str) -> str:
    """Where a sentence holds a piece of HTML (``_html``): a name in bold, a coloured count."""
    return f"\x00{key}\x00"


def _html(said: Any, **parts: str) -> str:
    """``said`` in the page's language as HTML: its words escaped (an apostrophe kept), each ``_mark(key)`` in it
    given the HTML ``parts[key]``."""
    text = html.escape(shown(said), quote=False)
    for key, part in parts.items():
        text = text.replace(_mark(key), part)
    return text


def counted_said(label: str, n: int) -> Message:
    """``n`` decisions of ``label``: "1 inaccuracy", "3 mistakes", "2 good"."""
    if label == "inaccuracy":
        return say_n("{n} inaccuracy", "{n} inaccuracies", n)
    if label == "mistake":
        return say_n("{n} mistake", "{n} mistakes", n)
    if label == "blunder":
        return say_n("{n} blunder", "{n} blunders", n)
    return say("{n} {label}", n=n, label=LABEL_WORDS[label])


def reason_sentence(said: Any) -> str:
    """The expert's reason (a message, or English) as a sentence of the page's language."""
    words = shown(said).strip()
    if page_language.code == SOURCE:
        return sentence(words)
    return words if not words or words.endswith(("。", "！", "？", ".", "!", "?")) else words + "。"


def summary_html(result: Review, name: str) -> str:
    """The counts per label of ``result`` and the thresholds they come from, in the game's terms, in the page's
    language."""
    counts = result.counts()
    judged = sum(counts.get(label, 0) for label in LABELS)
    parts = {}
    for label in LABELS:
        n = counts.get(label, 0)
        parts[label] = (f"<span class='bg-review-count' data-label='{label}' data-count='{n}' "
                        f"style='color:{ink(LABEL_COLOURS[label])};font-weight:bold'>"
                        f"{html.escape(shown(counted_said(label, n)))}</span>")
    forced = counts.get(FORCED, 0)
    judged_said = say_n("{n} decision judged", "{n} decisions judged", judged)
    if forced:
        judged_said = say("{judged} ({forced}, not judged)", judged=judged_said,
                          forced=say_n("{n} forced move", "{n} forced moves", forced))
    bold = f"<b>{html.escape(name)}</b>"
    line = _html(say("{name}: {judged}: {counts}.", name=_mark("name"), judged=judged_said,
                     counts=listed([_mark(label) for label in LABELS], ",")), name=bold, **parts)
    unit = unit_said(result.unit)
    low, mid, high = (_figure(x) for x in teaching_of(result.game).thresholds)
    thresholds = _html(say("A move costing at least {low} {unit} against the expert's best is an inaccuracy, {mid} a "
                           "mistake, {high} a blunder; each decision judged in {worlds} worlds drawn from what {name} "
                           "could see.", low=low, unit=unit, mid=mid, high=high, worlds=result.worlds,
                           name=_mark("name")), name=html.escape(name))
    return (f"<div class='bg-review-summary' style='font-size:13px;line-height:1.5'>{line}"
            f"<br><span style='color:#495057'>{thresholds}</span></div>")


def _figure(value: float) -> str:
    """A cost as the page writes it: whole numbers without a decimal point, others with one decimal."""
    return f"{value:.0f}" if float(value).is_integer() else f"{value:.1f}"


def decision_html(decision: Decision, number: int, unit: Any) -> str:
    """One costly decision: the move played and its worth, the better move and its worth, the cost, the reason, in
    the page's language. ``number`` is the move's number in the whole game; ``unit`` the game's (a word or a
    message)."""
    colour = ink(LABEL_COLOURS.get(decision.label, "#495057"))
    label = (f"<span style='color:{colour};font-weight:bold'>"
             f"{html.escape(shown(LABEL_WORDS.get(decision.label, decision.label)))}</span>")
    cost = _figure(round(decision.cost, 1))
    at = _html(say("At move {number}", number=number))
    lost = _html(say("{label}, {cost} {unit} lost", label=_mark("label"), cost=cost, unit=unit), label=label)
    played = _html(say("Played: {move} ({worth})", move=_mark("move"), worth=_mark("worth")),
                   move=f"<b>{html.escape(shown(move_said(decision.move)))}</b>",
                   worth=html.escape(shown(decision.played_worth)))
    better = _html(say("Better: {move} ({worth})", move=_mark("move"), worth=_mark("worth")),
                   move=f"<b>{html.escape(shown(move_said(decision.best)))}</b>",
                   worth=html.escape(shown(decision.best_worth)))
    return (f"<div class='bg-review-decision' data-label='{decision.label}' data-ply='{decision.ply}' "
            f"data-cost='{decision.cost:.2f}' style='font-size:13px;line-height:1.4;border-left:5px solid {colour};"
            f"padding:2px 8px;background:{mix(colour, 0.92)}'>"
            f"<b>{at}</b> · {lost}<br>{played}<br>{better}<br>"
            f"<span style='color:#495057'>{html.escape(reason_sentence(decision.reason))}</span></div>")


def download_html(result: Review, record: str | None) -> str:
    """Links that download the review as JSON and CSV, and the game's record (when the page may hold it)."""
    stem = f"{result.game}-review-seat{result.seat + 1}"
    json_link = urllib.parse.quote(result.to_json())
    csv_link = urllib.parse.quote(result.to_csv())
    as_json, as_csv, the_game = (_html(say("Review (JSON)")), _html(say("Review (CSV)")), _html(say("The game")))
    links = [f"<a class='bg-review-json' style='{LINK}' download='{stem}.json' "
             f"href='data:application/json;charset=utf-8,{json_link}'>⬇ {as_json}</a>",
             f"<a class='bg-review-csv' style='{LINK}' download='{stem}.csv' "
             f"href='data:text/csv;charset=utf-8,{csv_link}'>⬇ {as_csv}</a>"]
    if record is not None:
        links.append(f"<a class='bg-review-record' style='{LINK}' download='{result.game}-game.json' "
                     f"href='data:application/json;charset=utf-8,{urllib.parse.quote(record)}'>⬇ {the_game}</a>")
    return ("<div class='bg-review-download' style='font-size:13px;margin-top:4px'>" + " · ".join(links)
            + "</div>")


# ---------------------------------------------------------------------------------------------- Try again
def try_again(decision: Decision, state: Any, game: str, number: int, worlds: int, index: int = 0) -> Exercise:
    """The puzzle of ``decision`` (made at ``state``, move ``number`` of the game): the position as the seat saw it
    (``as_seen_by``), a move to make on the board, right when it costs less than an inaccuracy (the game's
    ``inaccuracy``) against the expert's best, judged by ``AgainstTheBest`` in the same ``worlds`` as the review's
    (so the expert's best move is right, the move played wrong)."""
    seat, unit = decision.seat, teaching_of(game).unit
    limit = teaching_of(game).inaccuracy
    against = AgainstTheBest(state, decision.ply, worlds, decision.best, limit,
                             {str(decision.best): 0.0, str(decision.move): decision.cost})
    judge = against.judge(
        say("Right: {move} is the expert's best move here ({worth})."),
        say("Right: {move} costs {cost} {unit} against the expert's best ({best}), less than an inaccuracy "
            "({limit} {unit})."),
        say("{move} costs {cost} {unit} against the expert's best: look for a move within {limit} {unit} of it."),
        lambda x: _figure(round(x, 1)), unit=unit_said(unit), worth=decision.best_worth)
    question = say("At move {number} you played {move} ({worth}), a {label}. Find a move within {limit} {unit} of "
                   "the expert's best.", number=number, move=move_said(decision.move), worth=decision.played_worth,
                   label=LABEL_WORDS.get(decision.label, decision.label), limit=_figure(limit), unit=unit_said(unit))
    seen = as_seen_by(state, seat, decision.ply)
    return exercise(f"{game}.review", index, (), seen, seat, question, judge)


class _Unkept:
    """The progress a review's puzzles report to: none is kept (they are the player's own game's, not a notebook's)."""

    def add(self, kind_id: str) -> None:
        """A puzzle shown: nothing to count."""

    def watch(self, callback: Callable[[], None]) -> None:
        """Nothing changes."""

    def answered(self, exercise: Exercise, feedback: Feedback, first_try: bool) -> None:
        """An answer: not kept."""

    def line(self) -> str:
        return ""


def puzzles(decisions: Sequence[Decision], states: Sequence[Any], game: str, moves_before: int, worlds: int) -> Kind:
    """The costly ``decisions`` as a kind of exercise of their own (never registered): seed ``k`` is the puzzle of
    the ``k``-th decision (modulo their number), so "Another one" goes to the next."""

    def make(seed: int) -> Exercise:
        k = seed % len(decisions)
        decision = decisions[k]
        return try_again(decision, states[decision.ply], game, decision.ply + moves_before, worlds, seed)

    title = say("Find a better move")
    return Kind(f"{game}.review", game, (), english(title), make, title)


# ---------------------------------------------------------------------------------------------- the chart
class OutlookChart:
    """The seat's outlook after each of its moves: a line, and a dot per move coloured by its label (the summary's
    counts, in the same colours, are the key: a legend inside the plot would hide dots)."""

    def __init__(self) -> None:
        self.x_scale = bq.LinearScale(min=0.0, max=10.0)
        self.y_scale = bq.LinearScale(min=0.0, max=10.0)
        scales = {"x": self.x_scale, "y": self.y_scale}
        self.line = bq.Lines(x=[0.0], y=[0.0], scales=scales, colors=[seat_colour(0)], stroke_width=2)
        self.dots = {label: bq.Scatter(x=[], y=[], scales=scales, colors=[LABEL_COLOURS[label]], marker="circle",
                                       default_size=64 if label in ("good", FORCED) else 110, stroke="white")
                     for label in (*LABELS, FORCED)}
        self.x_axis = show(bq.Axis(scale=self.x_scale, num_ticks=6, tick_format="d"), "label", say("move"))
        self.y_axis = bq.Axis(scale=self.y_scale, side="left", label="", num_ticks=5, tick_format=".0f")
        self.figure = board_figure([self.line, *self.dots.values()], title="", width=560, height=260,
                                   margin=CHART_MARGIN, axes=[self.x_axis, self.y_axis], title_size=14,
                                   css="bg-review-chart")

    def show(self, result: Review, name: str, moves_before: int) -> None:
        """Draw ``result``'s outlook (x: the move of the game the decision was made at, as the replay counts it;
        y: the outlook after it)."""
        decisions = [d for d in result.decisions if d.outlook == d.outlook]  # a forced first move has no outlook
        xs = [float(d.ply + moves_before) for d in decisions]
        ys = [float(d.outlook) for d in decisions]
        with self.line.hold_sync():
            self.line.x, self.line.y = (xs, ys) if xs else ([0.0], [0.0])
            self.line.colors = [seat_colour(result.seat)]
        for label, dots in self.dots.items():
            with dots.hold_sync():
                dots.x = [x for x, d in zip(xs, decisions) if d.label == label]
                dots.y = [y for y, d in zip(ys, decisions) if d.label == label]
        low, high = (min(ys), max(ys)) if ys else (0.0, 10.0)
        pad = max((high - low) * 0.15, 1.0)
        with self.y_scale.hold_sync():
            self.y_scale.min, self.y_scale.max = low - pad, high + pad
        with self.x_scale.hold_sync():
            self.x_scale.min = float(min(xs) - 1) if xs else 0.0
            self.x_scale.max = float(max(xs) + 1) if xs else 10.0
        show(self.y_axis, "label", unit_said(result.unit))
        show(self.figure, "title", say("{name}'s outlook after each move", name=name))

    @property
    def points(self) -> dict[str, list[tuple[float, float]]]:
        """The dots drawn, per label: (move, outlook) pairs (for tests)."""
        return {label: list(zip(dots.x, dots.y)) for label, dots in self.dots.items()}


# ---------------------------------------------------------------------------------------------- the panel
@dataclass
class _Job:
    """One review under way: how far it is, and whether it was asked to stop."""

    seat: int
    states: tuple
    moves: tuple
    done: int = 0
    total: int = 0
    stopped: bool = False

    def progress(self, done: int, total: int) -> None:
        self.done, self.total = done, total

    def stop(self) -> bool:
        return self.stopped


class ReviewPanel(W.VBox):
    """The review of a ``GameApp``'s game (see the module). ``judge``: the review function (``review``; a test may
    hand a faster one); ``worlds``: the worlds per decision (None: ``review``'s own); ``asynchronous``: review in the
    ``Runner``'s thread (True), at once (False), or, by default, in a thread inside a Jupyter kernel."""

    def __init__(self, app: Any, *, judge: Callable[..., Review] = review, worlds: int | None = None,
                 asynchronous: bool | None = None) -> None:
        super().__init__(layout=W.Layout(display="none", border="1px solid #ced4da", padding="6px 10px",
                                         margin="8px 0", width="100%", max_width="1000px"))
        self.add_class("bg-review")
        self.app = app
        self.judge = judge
        self.worlds = worlds
        self.runner = Runner("review", asynchronous, self._failed)
        self.result: Review | None = None
        self._job: _Job | None = None
        self._match: Any = None  # the match the review is of
        self.button = W.Button(icon="search", layout=W.Layout(width="auto", display="none"))
        show(self.button, "description", say("Review"))
        show(self.button, "tooltip", say("The expert judges every move of a player: the mistakes, and better moves"))
        self.button.add_class("bg-review-open")
        self.button.on_click(self._click(lambda: self.open_review()))
        heading = say("Review")
        self.heading = show(W.HTML(), "value", lambda: f"<b style='font-size:16px'>{_html(heading)}</b>")
        self.seat_choice = W.Dropdown(layout=W.Layout(width="240px"), style={"description_width": "60px"})
        show(self.seat_choice, "description", say("Moves of"))
        self.seat_choice.add_class("bg-review-seat")
        self.start_button = W.Button(icon="play", layout=W.Layout(width="auto"), button_style="info")
        show(self.start_button, "description", say("Review this seat"))
        show(self.start_button, "tooltip", say("Judge every decision of the seat chosen"))
        self.start_button.add_class("bg-review-start")
        self.start_button.on_click(self._click(lambda: self.start()))
        self.stop_button = W.Button(icon="stop", layout=W.Layout(width="auto", display="none"))
        show(self.stop_button, "description", say("Stop"))
        show(self.stop_button, "tooltip", say("Stop: show the decisions judged so far"))
        self.stop_button.add_class("bg-review-stop")
        self.stop_button.on_click(self._click(lambda: self.stop()))
        self.close_button = W.Button(icon="times", layout=W.Layout(width="auto"))
        show(self.close_button, "description", say("Close"))
        self.close_button.add_class("bg-review-close")
        self.close_button.on_click(self._click(lambda: self.close_panel()))
        self.bar = W.IntProgress(value=0, min=0, max=1, layout=W.Layout(width="220px", display="none"))
        self.bar.add_class("bg-review-progress")
        self.bar_text = W.HTML()
        self.bar_text.add_class("bg-review-progress-text")
        self.chart: OutlookChart | None = None  # built at the first review: a page that never asks carries none
        self.chart_box = W.Box()
        self.summary = W.HTML()
        self.costly = W.VBox()
        self.costly.add_class("bg-review-costliest")
        self.download = W.HTML()
        self.try_box = W.VBox()
        self.try_box.add_class("bg-review-exercise")
        self.children = [
            W.HBox([self.heading, self.seat_choice, self.start_button, self.stop_button, self.close_button],
                   layout=W.Layout(align_items="center", gap="8px", flex_flow="row wrap")),
            W.HBox([self.bar, self.bar_text], layout=W.Layout(align_items="center", gap="8px")),
            self.summary, self.chart_box, self.costly, self.download, self.try_box]
        app.on_change.append(lambda _state: self._click(self.follow)())
        on_language(self._language_changed)

    def _language_changed(self) -> None:
        """The page's language changed: the seats' names in the chooser in it (the rest follows by itself)."""
        if self.seat_choice.options:
            self._click(self._seat_options)()

    # ------------------------------------------------------------------ following the app
    @property
    def offered(self) -> bool:
        """Whether the Review button is offered: the game is over, or a replay is on."""
        return self.app.state.is_over or self.app.replay_ply is not None

    def follow(self) -> None:
        """The app changed: offer the button or not; a review of another match (a new game, a load) is dropped."""
        display = None if self.offered else "none"
        if self.button.layout.display != display:
            self.button.layout.display = display
        if self._match is not None and self._match is not self.app.match:
            self.close_panel()

    def _seat_options(self) -> list[int]:
        app = self.app
        choosable = reviewable_seats(app.state, app.seats)
        names = app.state.names
        options = [(shown(say("{name} (seat {n})", name=names[s], n=s + 1)), s) for s in choosable]
        if [tuple(o) for o in self.seat_choice.options] != options:
            chosen = self.seat_choice.value
            self.seat_choice.options = options
            if chosen in choosable:
                self.seat_choice.value = chosen
        return choosable

    # ------------------------------------------------------------------ what a player does
    def open_review(self, seat: int | None = None) -> None:
        """Show the panel and review ``seat``'s moves (None: the seat of this page, or the first that may be)."""
        choosable = self._seat_options()
        own = self.app.speaking_seat(self.app.state)
        if seat is None:
            seat = default_seat(choosable, own)
        self.layout.display = "flex"
        if seat is None:
            self._say(say("While the game goes on, the review of a bot's moves waits for the end of the game."))
            return
        self.seat_choice.value = seat
        self.start(seat)

    def start(self, seat: int | None = None) -> None:
        """Review ``seat``'s moves in the game so far (None: the seat chosen)."""
        seat = self.seat_choice.value if seat is None else seat
        if seat not in reviewable_seats(self.app.state, self.app.seats):
            self._say(say("That seat's moves are not yours to review while the game goes on."))
            return
        self.stop()
        match = self.app.match
        job = _Job(seat, tuple(match.states), tuple(match.moves))
        self._job, self._match, self.result = job, match, None
        self._clear_result()
        self._draw_progress(job)
        if self.runner.threaded:
            self.runner.start(self._work(job))
        else:
            self._show(job, self._review(job))

    def stop(self) -> None:
        """Stop the review under way: the decisions judged so far are shown."""
        if self._job is not None:
            self._job.stopped = True

    def close_panel(self) -> None:
        """Stop any review and fold the panel away."""
        self.stop()
        self.runner.cancel()
        self._job, self._match, self.result = None, None, None
        self._clear_result()
        self.bar.layout.display = "none"
        self.stop_button.layout.display = "none"
        show(self.bar_text, "value", lambda: "")
        self.layout.display = "none"

    def show_in_replay(self, decision: Decision) -> None:
        """Put the app's replay at ``decision``'s position, the better move marked on the board."""
        self.app.start_replay(decision.ply)
        try:
            mark_as(self.app.board, decision.best, BETTER)
        except Exception:  # noqa: BLE001 (a board that cannot place this move shows no mark)
            mark_as(self.app.board, None, BETTER)

    def try_again(self, index: int) -> ExerciseWidget:
        """Show the puzzle of the ``index``-th costliest decision on the exercise widget."""
        decisions = self.result.costliest(COSTLIEST)
        kind = puzzles(decisions, self._job_states(), self.result.game, self.app.moves_before, self.result.worlds)
        widget = ExerciseWidget(kind, index, progress=_Unkept())
        show(widget.another_button, "description", say("Next mistake"))
        show(widget.another_button, "tooltip", say("The next of the costliest decisions"))
        widget.progress_line.layout.display = "none"
        for old in self.try_box.children:
            old.close()
        self.try_box.children = (widget,)
        return widget

    @property
    def exercise(self) -> ExerciseWidget | None:
        """The Try again puzzle on screen, if any."""
        return self.try_box.children[0] if self.try_box.children else None

    # ------------------------------------------------------------------ the work
    def _review(self, job: _Job) -> Review:
        return self.judge(job.states, job.moves, job.seat, worlds=self.worlds, progress=job.progress, stop=job.stop)

    async def _work(self, job: _Job) -> None:
        task = asyncio.ensure_future(self.runner.run(self._review, job))
        while not task.done():
            if self._job is job:
                self._draw_progress(job)
            await asyncio.wait({task}, timeout=BEAT)
        if self._job is job:
            self._show(job, task.result())

    def _job_states(self) -> tuple:
        return self._job.states if self._job is not None else tuple(self.app.match.states)

    # ------------------------------------------------------------------ drawing
    def _draw_progress(self, job: _Job) -> None:
        name = self.app.state.names[job.seat]
        with self.bar.hold_sync():
            self.bar.max = max(job.total, 1)
            self.bar.value = min(job.done, self.bar.max)
            self.bar.layout.display = None
        self.stop_button.layout.display = None
        self.start_button.disabled = True
        counted = say("{done} of {total} decisions", done=job.done, total=job.total) if job.total else say("starting")
        judging = say("The expert is judging {name}'s moves: {counted}…", name=_mark("name"), counted=counted)
        show(self.bar_text, "value", lambda: (f"<span style='font-size:13px;color:#495057'>"
                                              f"{_html(judging, name=html.escape(name))}</span>"))

    def _show(self, job: _Job, result: Review) -> None:
        self.result = result
        self.bar.layout.display = "none"
        self.stop_button.layout.display = "none"
        self.start_button.disabled = False
        name = self.app.state.names[result.seat]
        done = say("Review done (stopped: the decisions judged so far).") if job.stopped else say("Review done.")
        show(self.bar_text, "value", lambda: f"<span style='font-size:13px;color:#495057'>{_html(done)}</span>")
        show(self.summary, "value", lambda: summary_html(result, name))
        if self.chart is None:
            self.chart = OutlookChart()
        self.chart.show(result, name, self.app.moves_before)
        # put on the page once drawn, never drawn while hidden (a figure laid out at no size stays so)
        self.chart_box.children = (self.chart.figure,)
        unit = unit_said(result.unit)
        items = []
        costliest = result.costliest(COSTLIEST)
        for k, decision in enumerate(costliest):
            items.append(self._item(decision, k, unit))
        if not costliest:
            within = _figure(teaching_of(result.game).inaccuracy)
            none = say("No inaccuracy, mistake or blunder: every decision of {name} was within {within} {unit} of the "
                       "expert's best.", name=_mark("name"), within=within, unit=unit)
            items.append(show(W.HTML(), "value",
                              lambda: f"<div style='font-size:13px'>{_html(none, name=html.escape(name))}</div>"))
        costliest_said = say("The costliest decisions")
        heading = (show(W.HTML(), "value", lambda: f"<b>{_html(costliest_said)}</b>") if costliest else W.HTML())
        self.costly.children = [heading, *items]
        record = self.app.match.to_json() if self.app.state.is_over else None
        show(self.download, "value", lambda: download_html(result, record))

    def _item(self, decision: Decision, k: int, unit: Any) -> W.VBox:
        number = decision.ply + self.app.moves_before
        text = show(W.HTML(), "value", lambda: decision_html(decision, number, unit))
        replay = show(W.Button(icon="history", layout=W.Layout(width="auto")), "description", say("Show in Replay"))
        replay.add_class("bg-review-show")
        replay.on_click(self._click(lambda: self.show_in_replay(decision)))
        again = show(W.Button(icon="repeat", layout=W.Layout(width="auto")), "description", say("Try again"))
        again.add_class("bg-review-try")
        again.on_click(self._click(lambda: self.try_again(k)))
        item = W.VBox([text, W.HBox([replay, again], layout=W.Layout(gap="6px"))], layout=W.Layout(margin="4px 0"))
        item.add_class("bg-review-item")
        return item

    def _clear_result(self) -> None:
        show(self.summary, "value", lambda: "")
        self.chart_box.children = ()
        self.costly.children = []
        show(self.download, "value", lambda: "")
        for old in self.try_box.children:
            old.close()
        self.try_box.children = []

    def _say(self, said: Any) -> None:
        """Say ``said`` (a message) in red where the progress shows, in the page's language."""
        show(self.bar_text, "value",
             lambda: f"<span style='font-size:13px;color:#c92a2a'>{html.escape(shown(said))}</span>")

    # ------------------------------------------------------------------ errors
    def _click(self, fn: Callable[[], Any]) -> Callable[..., None]:
        return lambda *_: guarded(fn, self._failed)()

    def _failed(self, exc: BaseException) -> None:
        keep_trace(exc, log, self.app.errors)
        self.bar.layout.display = "none"
        self.stop_button.layout.display = "none"
        self.start_button.disabled = False
        error = f"{type(exc).__name__}: {exc}"
        self._say(say("The review stopped ({error}).", error=error))

    def close(self) -> None:
        self.stop()
        self.runner.close()
        super().close()

