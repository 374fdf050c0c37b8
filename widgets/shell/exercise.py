"""The exercise widget every game's rules notebooks share: one exercise of ``boardgames.practice`` on the game's
real board, its answer checked by the engine, "Another one", and the notebook's progress.

``ExerciseWidget(kind_id, seed)`` shows the question, the board (``registry.view(game).Board``, as the exercise's
seat sees it) and either a button per choice (a choice that is a move is marked on the board when clicked, on
boards that can) or the game's own ``Controls``, whose move is the answer. The feedback line says the engine's
sentence: green when right, the refusal with its rule id or the worked answer when wrong (the learner may try
again). "Another one" draws the same kind with the next seed.

``NotebookProgress`` is what one kernel knows of the learner's practice: the exercise kinds its notebook showed,
which of them are done (answered right at least once, now or at an earlier visit) and the record that keeps each
answer, handed to it (the shell knows no class store: ``widgets.notebook.practise`` hands it
``classroom.practice``'s). The record is opened, read and written on a thread of its own, so a slow or missing
store never delays an exercise; without one the progress line says that progress is not kept.

CSS hooks (browser tests rely on them): ``bg-exercise`` (the widget), ``bg-exercise-question``,
``bg-exercise-choice`` (a choice's button), ``bg-exercise-feedback`` (its text in a ``div`` with ``data-right``
"true" or "false"), ``bg-exercise-another``, ``bg-exercise-progress``.
"""

from __future__ import annotations

import html
import os
import threading
import zlib
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

import ipywidgets as W

from boardgames.core.message import Message, english, say, say_n
from boardgames.practice import KINDS, Exercise, Feedback, Kind, draw, find
from widgets.kit import registry
from widgets.kit.key_grid import board_and_grid
from widgets.kit.marks import ANSWER, MarkCaption
from widgets.kit.palette import GAIN, LOSS
from widgets.runtime.language import on_language, show, shown
from widgets.runtime.static_page import ANSWER_LIVE, live_line, stored_for_a_static_page

RIGHT_COLOUR, WRONG_COLOUR = GAIN, LOSS
SEEDS = 10_000  # a kind's default seed is one of these, fixed by its name
YOUR_TURN, TRY_AGAIN = say("Your turn:"), say("Try again.")
ANSWERED = say("Answered: try another one.")  # the controls' tooltip once the exercise is answered right


def default_seed(kind_id: str) -> int:
    """The seed a notebook's exercise starts from: ``BOARDGAMES_SEED`` when set, else a fixed one per kind (the
    same page on every run)."""
    chosen = os.environ.get("BOARDGAMES_SEED")
    if chosen:
        return int(chosen)
    return zlib.crc32(kind_id.encode()) % SEEDS


class NotebookProgress:
    """The practice of one kernel's notebook: the kinds shown (``add``), those done, and each answer kept under
    ``learner`` (``answered``). ``opener()`` opens the record and tells this machine's learner: it returns
    ``(record, learner)``, the record offering ``done(learner, kinds)`` (the kinds answered right) and
    ``answered(learner, exercise, feedback, first_try)`` (``classroom.practice.PracticeRecord``). ``learner``, when
    given, is the learner instead of this machine's (a class's identity). Without an opener, or when it fails, the
    progress stays in memory: ``kept`` is then False."""

    def __init__(self, learner: str | None = None,
                 opener: Callable[[], tuple[Any, str]] | None = None) -> None:
        self.kinds: list[str] = []
        self.done: set[str] = set()
        self.learner = learner
        self.kept: bool | None = None  # None while the store is being opened
        self._opener = opener
        self._record: Any = None
        self._watchers: list[Callable[[], None]] = []
        self._lock = threading.Lock()
        self._worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="practice-store")
        self._pending: list[Future] = []
        self._submit(self._open)

    # --- what the pages ask
    def add(self, kind_id: str) -> None:
        """Count ``kind_id`` among the notebook's exercises (once), and look up whether it was done before."""
        with self._lock:
            if kind_id in self.kinds:
                return
            self.kinds.append(kind_id)
        self._submit(lambda: self._load([kind_id]))
        self._changed()

    def use(self, learner: str) -> None:
        """Keep the answers from now on under ``learner`` (a class's identity): done is what they did."""
        self.learner = learner
        self.done = set()
        self._submit(lambda: self._load(list(self.kinds)))
        self._changed()

    def answered(self, exercise: Exercise, feedback: Feedback, first_try: bool) -> None:
        """Count an answer: its kind is done when it is right; the answer is kept in the store."""
        if feedback.right and exercise.kind not in self.done:
            self.done.add(exercise.kind)
            self._changed()
        learner = self.learner  # whose answer it is now (None while this machine's learner is being read)
        self._submit(lambda: self._keep(learner, exercise, feedback, first_try))

    def line(self) -> str:
        """"4 of 6 exercises done", and whether progress is kept."""
        return english(self.line_said())

    def line_said(self) -> Message:
        """``line()`` as a message."""
        done = sum(kind in self.done for kind in self.kinds)
        said = say_n("{done} of {n} exercise done", "{done} of {n} exercises done", len(self.kinds), done=done)
        return said if self.kept is not False else unkept(said)

    def watch(self, callback: Callable[[], None]) -> None:
        """Call ``callback()`` whenever the progress line may have changed."""
        self._watchers.append(callback)

    def settle(self, timeout: float = 30.0) -> None:
        """Wait until every store request sent so far is done (for tests and benchmarks)."""
        while self._pending:
            self._pending.pop(0).result(timeout)

    def close(self) -> None:
        """Finish the store requests sent, and close the record."""
        self.settle()
        self._worker.shutdown(wait=True)
        if callable(getattr(self._record, "close", None)):
            self._record.close()

    # --- on the store's thread
    def _submit(self, job: Callable[[], None]) -> None:
        self._pending = [f for f in self._pending if not f.done()]
        self._pending.append(self._worker.submit(job))

    def _open(self) -> None:
        try:
            if self._opener is None:
                raise LookupError("no record of practice was handed to this page")
            self._record, here = self._opener()
            self.learner = self.learner or here
            self.kept = True
        except Exception:  # noqa: BLE001 (no store, whatever the reason: the page goes on without one)
            self._record, self.kept = None, False
        self._changed()

    def _load(self, kinds: list[str]) -> None:
        if self._record is None:
            return
        try:
            found = self._record.done(self.learner, kinds)
        except Exception:  # noqa: BLE001
            self.kept = False
            found = set()
        if found - self.done or self.kept is False:
            self.done |= found
            self._changed()

    def _keep(self, learner: str | None, exercise: Exercise, feedback: Feedback, first_try: bool) -> None:
        if self._record is None:
            return
        try:
            self._record.answered(learner or self.learner, exercise, feedback, first_try)
        except Exception:  # noqa: BLE001 (the store went away: say so, and go on)
            self.kept = False
            self._changed()

    def _changed(self) -> None:
        for callback in list(self._watchers):
            callback()


def unkept(line: Message) -> Message:
    """A progress line that says progress is not kept."""
    return say("{line} (progress is not kept: no class store could be opened)", line=line)


_NOTEBOOK: NotebookProgress | None = None


def notebook_progress(opener: Callable[[], tuple[Any, str]] | None = None) -> NotebookProgress:
    """This kernel's notebook progress, made at the first exercise with ``opener`` (see ``NotebookProgress``)."""
    global _NOTEBOOK
    if _NOTEBOOK is None:
        _NOTEBOOK = NotebookProgress(opener=opener)
    return _NOTEBOOK


class ExerciseWidget(W.VBox):
    """One exercise of the kind ``kind_id`` from ``seed``, answered on the board or by a choice, with "Another one"
    and the notebook's ``progress`` (None: this kernel's, ``notebook_progress()``, kept only if
    ``widgets.notebook.practise`` made it with a record)."""

    def __init__(self, kind_id: str | Kind, seed: int | None = None, progress: NotebookProgress | None = None) -> None:
        self.kind = kind_id if isinstance(kind_id, Kind) else find(kind_id)  # a Kind of its own: a review's puzzles
        self.progress = progress if progress is not None else notebook_progress()
        self.view = registry.view(self.kind.game)
        self.board = self.view.Board()
        caption = getattr(self.board, "mark_caption", None)
        if isinstance(caption, MarkCaption):
            caption.title = ANSWER  # the move marked is the learner's, never a suggestion
        self.controls: Any = None
        self._controls_said: tuple[bool, Any] = (True, None)  # the controls' last update: active, and why not
        self.seed = 0  # the seed the exercise shown was drawn from (``draw``; its own may be derived from it)
        self.exercise: Exercise | None = None
        self.feedback: Feedback | None = None
        self.tries = 0
        self.heading: Any = self.kind.heading  # what the title says after "Your turn:" (English, or a message)
        self.title = W.HTML()
        self.draw_title()
        self.title.add_class("bg-exercise-title")
        self.question = W.HTML()
        self.question.add_class("bg-exercise-question")
        self.answers = W.HBox(layout=W.Layout(flex_flow="row wrap"))
        self.answers.add_class("bg-exercise-choices")
        self.verdict = W.HTML(layout=W.Layout(min_height="30px"))  # a line kept for it: the board stays put
        self.verdict.add_class("bg-exercise-feedback")
        self.verdict.add_class("bg-live")  # read out as it changes (widgets.runtime.accessibility)
        self.another_button = W.Button(icon="refresh")
        show(self.another_button, "description", say("Another one"))
        show(self.another_button, "tooltip", say("A new exercise of the same kind"))
        self.another_button.add_class("bg-exercise-another")
        self.another_button.on_click(lambda _: self.another())
        self.progress_line = W.HTML()
        self.progress_line.add_class("bg-exercise-progress")
        self.footer = W.HBox([self.another_button, self.progress_line],
                             layout=W.Layout(align_items="center", gap="12px"))
        super().__init__()
        self.add_class("bg-exercise")
        self.progress.add(self.kind.id)
        self.progress.watch(self._show_progress)
        on_language(self._language_changed)
        self.draw(default_seed(self.kind.id) if seed is None else seed)

    # --- what a learner does
    def draw(self, seed: int) -> None:
        """Show the exercise of this kind drawn from ``seed``, unanswered."""
        exercise = draw(self.kind.id, seed) if KINDS.get(self.kind.id) is self.kind else self.kind.make(seed)
        self.seed, self.exercise, self.feedback, self.tries = seed, exercise, None, 0
        self._draw_question()
        self._mark(None)
        self.board.show(exercise.state, viewer=exercise.seat)
        if exercise.on_board:
            if self.controls is None:
                self.controls = self.view.Controls(self.answer, board=self.board)
            self.update_controls(True)
            self.answers.children = (self.controls,)
            # the answer is made on the board (the controls under it, as in a game); what the engine says of it
            # shows over the board, in sight of the square or space just clicked
            self.children = (self.title, self.question, self.verdict, self.footer, *board_and_grid(self.board),
                             self.answers)
        else:
            self.answers.children = tuple(self._choice_button(k, choice.words)
                                          for k, choice in enumerate(exercise.choices))
            # the answers under the question, the board they are about below: both in sight on a page
            self.children = (self.title, self.question, self.answers, self.verdict, self.footer, self.board)
        if stored_for_a_static_page():  # no kernel will check an answer: where it is given, how to answer it live
            self.answers.children = (show(W.HTML(), "value", lambda: live_line(shown(ANSWER_LIVE))),)
            self.footer.layout.display = "none"  # "Another one" and the progress: nothing a stored page keeps
        self.verdict.value = ""
        self._show_progress()

    def another(self) -> None:
        """Draw the next exercise of the same kind (the seed after the one this exercise was drawn from)."""
        self.draw(self.seed + 1)

    def choose(self, index: int) -> Feedback:
        """Answer with choice ``index`` (what its button does)."""
        choice = self.exercise.choices[index]
        if choice.move is not None:
            self._mark(choice.move)
        return self._judged(self.exercise.answer(index))

    def answer(self, move: Any) -> Feedback:
        """Answer with ``move``, made on the board (what the controls do)."""
        feedback = self._judged(self.exercise.answer(move))
        if self.controls is not None and self.exercise.on_board:
            self.update_controls(not feedback.right, ANSWERED if feedback.right else None)
        if feedback.right:
            self._mark(move)
        return feedback

    # --- drawing
    def _judged(self, feedback: Feedback) -> Feedback:
        first_try = self.tries == 0
        self.tries += 1
        self.feedback = feedback
        self._draw_verdict()
        if feedback.right and not self.exercise.on_board:
            for button in self.answers.children:
                button.disabled = True
        self.progress.answered(self.exercise, feedback, first_try)
        return feedback

    def update_controls(self, active: bool, reason: Any = None) -> None:
        """Open or close the board's controls for the exercise's seat; ``reason`` (a message) says why they are
        closed, in the page's language, again after a change of language."""
        self._controls_said = (active, reason)
        exercise = self.exercise
        self.controls.update(exercise.state, exercise.seat, active=active,
                             reason=None if reason is None else shown(reason))

    def draw_title(self) -> None:
        """The title: "Your turn:" and the ``heading``, in the page's language."""
        self.title.value = f"<b>{html.escape(shown(YOUR_TURN))}</b> {html.escape(shown(self.heading))}"

    def _draw_question(self) -> None:
        exercise = self.exercise
        said = exercise.question if exercise.question_said is None else exercise.question_said
        self.question.value = f"<p style='font-size:1.1em;margin:4px 0'>{html.escape(shown(said))}</p>"

    def _draw_verdict(self) -> None:
        feedback = self.feedback
        if feedback is None:
            self.verdict.value = ""
            return
        colour = RIGHT_COLOUR if feedback.right else WRONG_COLOUR
        after = "" if feedback.right else f" <i>{html.escape(shown(TRY_AGAIN))}</i>"
        self.verdict.value = (f"<div class='bg-exercise-verdict' data-right='{str(feedback.right).lower()}' "
                              f"style='color:{colour};font-weight:600;margin:6px 0'>"
                              f"{html.escape(shown(feedback.words))}{after}</div>")

    def _language_changed(self) -> None:
        """The page's language changed: the title, question, feedback and progress line in it."""
        self.draw_title()
        exercise = self.exercise
        if exercise is not None:
            self._draw_question()
            self.board.show(exercise.state, viewer=exercise.seat)  # as the app's refresh redraws its board
            marked = getattr(self.board, "marked", None)
            if marked is not None:
                self._mark(marked)
            if self.controls is not None and exercise.on_board:
                self.update_controls(*self._controls_said)
        self._draw_verdict()
        self._show_progress()

    def _choice_button(self, index: int, label: Any) -> W.Button:
        """A choice's button, its ``label`` (English, or a message) in the page's language."""
        button = W.Button(layout=W.Layout(width="auto", margin="2px 6px 2px 0"))
        show(button, "description", label)
        show(button, "tooltip", label)
        button.add_class("bg-exercise-choice")
        button.on_click(lambda _: self.choose(index))
        return button

    def _mark(self, move: Any) -> None:
        """Mark ``move`` on the board, when the board can and the move is one it can mark (else clear the mark)."""
        mark = getattr(self.board, "mark", None)
        if not callable(mark):
            return
        try:
            mark(move)
        except Exception:  # noqa: BLE001 (a refused move the board cannot place: no mark rather than none shown)
            mark(None)

    def _show_progress(self) -> None:
        said = getattr(self.progress, "line_said", self.progress.line)()
        self.progress_line.value = f"<span style='color:#495057'>{html.escape(shown(said))}</span>"

    def text(self) -> str:
        """The exercise in plain text: its question and its choices (what a page without widgets shows)."""
        lines = [f"Your turn: {self.kind.title}", self.exercise.question]
        lines += [f"- {choice.label}" for choice in self.exercise.choices]
        return "\n".join(lines)
