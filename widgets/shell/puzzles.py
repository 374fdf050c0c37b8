"""The puzzles page: positions mined from the expert bots' games (``boardgames.puzzles``), one at a time, for all four
games.

``PuzzlesPage(game, progress)`` shows a game chooser (the four games by their names), a theme chooser ("All", or one
of the game's themes, each with its number of puzzles), the learner's count ("3 of 34 solved"), the puzzle's theme and
source in a line ("From an expert game: …"), and the puzzle itself on the one exercise widget
(``widgets.shell.exercise.ExerciseWidget``, with the unregistered kind ``boardgames.puzzles.puzzle_kind``): the
position as the solver's seat saw it, on the game's real board, answered with the game's own controls and judged by
the expert (``boardgames.puzzles.judge``). After a wrong answer the learner may try again, or press "Show the answer":
the expert's move is marked on the board ("Better move") with its reason, and the controls close. "Another one" goes
to the next puzzle of the game and theme chosen.

``PuzzleProgress`` is the learner's record of puzzles: each answer is kept in the learner's practice record (kind
``<game>.puzzle``, the seed the puzzle's number), as the rules notebooks' exercises are (``NotebookProgress``); a
puzzle answered right is solved. The record is handed in (the shell knows no class store:
``widgets.notebook.puzzles`` hands it ``classroom.practice``'s).

CSS hooks (browser tests rely on them): ``bg-puzzles`` (the page), ``bg-puzzles-game`` (the game chooser; a button
per game), ``bg-puzzles-theme`` (the theme chooser), ``bg-puzzles-solved`` (the count, ``data-solved`` and
``data-puzzles``), ``bg-puzzles-source`` (the line over the puzzle: ``data-puzzle`` its id), ``bg-puzzles-show`` (the
"Show the answer" button), ``bg-puzzles-answer`` (the expert's move and reason, once shown); the exercise's own
(``bg-exercise``…) inside.
"""

from __future__ import annotations

import dataclasses
import html
import logging
from collections.abc import Callable
from typing import Any

import ipywidgets as W

from boardgames import GAMES
from boardgames import puzzles as mined
from boardgames.practice import Exercise, Feedback, Kind
from widgets.kit.marks import ANSWER, BETTER, MarkCaption, mark_as
from widgets.runtime.address import query
from widgets.runtime.guard import guarded, keep_trace
from widgets.shell.exercise import ExerciseWidget, NotebookProgress
from widgets.shell.notes import sentence

log = logging.getLogger("widgets.shell.puzzles")

ALL = "all"  # the theme chooser's value for every theme
SHOWN_REASON = "The answer is shown: try another one."
MUTED = "color:#495057"


def puzzle_key(puzzle: mined.Puzzle) -> str:
    """The puzzle's name in a learner's record: its exercise's kind and seed (``Exercise.key``), the seed its
    number."""
    return f"{puzzle.game}.{mined.KIND}#{mined.number(puzzle)}"


def theme_options(game: str) -> list[tuple[str, str]]:
    """The theme chooser's options for ``game``: "All" then each theme that has puzzles, with their number."""
    options = [(f"All ({len(mined.puzzles(game))})", ALL)]
    for theme, title in mined.THEMES[game].items():
        count = len(mined.puzzles(game, theme))
        if count:
            options.append((f"{title} ({count})", theme))
    return options


def source_html(puzzle: mined.Puzzle) -> str:
    """The line over a puzzle: its theme, and where it was mined."""
    return (f"<div class='bg-puzzles-source' data-puzzle='{html.escape(puzzle.id)}' "
            f"style='font-size:13px;{MUTED};margin:2px 0'><b>{html.escape(puzzle.title)}</b> · "
            f"From {html.escape(puzzle.told)}.</div>")


def answer_html(puzzle: mined.Puzzle) -> str:
    """The expert's move of ``puzzle``, as "Show the answer" tells it: the move, its worth and its reason."""
    return (f"<div style='font-size:13px;line-height:1.4;border-left:5px solid #e8590c;padding:2px 8px;"
            f"background:#fff4e6'>The expert's move: <b>{html.escape(str(puzzle.best))}</b> "
            f"({html.escape(puzzle.best_worth)}). {html.escape(sentence(puzzle.reason))}</div>")


@dataclasses.dataclass(frozen=True)
class Unjudged(Feedback):
    """What the page says when the expert failed to judge an answer (a bug, kept in the page's errors): no answer
    to keep in the learner's record."""


class PuzzleProgress(NotebookProgress):
    """The puzzles a learner solved (answered right at least once, now or at an earlier visit), read from and kept
    in the practice record ``opener()`` opens (see ``NotebookProgress``); ``done`` holds the solved puzzles' keys
    (``puzzle_key``). ``shown`` (the keys of the puzzles the page offers now) is what ``line()`` counts."""

    def __init__(self, learner: str | None = None,
                 opener: Callable[[], tuple[Any, str]] | None = None) -> None:
        self.shown: tuple[str, ...] = ()
        super().__init__(learner, opener)

    def answered(self, exercise: Exercise, feedback: Feedback, first_try: bool) -> None:
        """Count an answer: its puzzle is solved when it is right; the answer is kept in the record (not one the
        expert failed to judge)."""
        if isinstance(feedback, Unjudged):
            return
        if feedback.right and exercise.key not in self.done:
            self.done.add(exercise.key)
            self._changed()
        learner = self.learner
        self._submit(lambda: self._keep(learner, exercise, feedback, first_try))

    def solved(self, keys: tuple[str, ...] | None = None) -> int:
        """How many of ``keys`` (None: those shown) are solved."""
        return sum(key in self.done for key in (self.shown if keys is None else keys))

    def line(self) -> str:
        """"3 of 34 solved", and whether progress is kept."""
        text = f"{self.solved()} of {len(self.shown)} solved"
        if self.kept is False:
            text += " (progress is not kept: no class store could be opened)"
        return text

    def _load(self, kinds: list[str]) -> None:
        if self._record is None:
            return
        found: set[str] = set()
        try:
            for game in dict.fromkeys(kind.split(".", 1)[0] for kind in kinds):  # "medici.puzzle.last-lot": medici
                found |= {f"{a.kind}#{a.seed}" for a in self._record.answers(self.learner, game)
                          if a.kind == f"{game}.{mined.KIND}" and a.right}
        except Exception:  # noqa: BLE001 (the store went away: the page goes on without it)
            self.kept = False
        if found - self.done or self.kept is False:
            self.done |= found
            self._changed()


class PuzzlesPage(W.VBox):
    """The puzzles of the four games (see the module): ``game`` chosen first (None: the first game); ``progress``
    the learner's record (None: one kept in memory only)."""

    def __init__(self, game: str | None = None, progress: PuzzleProgress | None = None) -> None:
        super().__init__(layout=W.Layout(width="100%", max_width="1100px"))
        self.add_class("bg-puzzles")
        games = list(GAMES)
        self.progress = progress if progress is not None else PuzzleProgress()
        self.errors: list[str] = []  # the traces of callbacks that failed (for tests)
        self.game_choice = W.ToggleButtons(options=[(GAMES[g].NAME, g) for g in games], value=games[0],
                                           style={"button_width": "auto"})
        self.game_choice.add_class("bg-puzzles-game")
        self.theme_choice = W.Dropdown(description="Theme", layout=W.Layout(width="360px"),
                                       style={"description_width": "50px"})
        self.theme_choice.add_class("bg-puzzles-theme")
        self.solved_line = W.HTML()
        self.message = W.HTML()
        self.source = W.HTML()
        self.exercise_box = W.Box(layout=W.Layout(width="100%"))
        self.show_button = W.Button(description="Show the answer", icon="eye", layout=W.Layout(width="auto",
                                    display="none"), tooltip="Mark the expert's move on the board, with its reason")
        self.show_button.add_class("bg-puzzles-show")
        self.show_button.on_click(self._click(lambda: self.show_answer()))
        self.answer_line = W.HTML(layout=W.Layout(width="100%"))
        self.answer_line.add_class("bg-puzzles-answer")
        self.exercise: ExerciseWidget | None = None
        self.puzzle: mined.Puzzle | None = None
        self.children = [
            self.game_choice,
            W.HBox([self.theme_choice, self.solved_line], layout=W.Layout(align_items="center", gap="16px",
                                                                          flex_flow="row wrap")),
            self.message, self.source, self.exercise_box]
        self._quiet = False
        self.progress.watch(self._show_solved)
        self.choose(game or games[0])
        self.game_choice.observe(self._chosen(lambda: self.choose(self.game_choice.value)), "value")
        self.theme_choice.observe(self._chosen(lambda: self._start()), "value")

    # ------------------------------------------------------------------ what a learner does
    @property
    def game(self) -> str:
        return self.game_choice.value

    @property
    def theme(self) -> str | None:
        """The theme chosen (None: every theme)."""
        value = self.theme_choice.value
        return None if value in (None, ALL) else value

    @property
    def chosen(self) -> tuple[mined.Puzzle, ...]:
        """The puzzles of the game and theme chosen, in their order."""
        return mined.puzzles(self.game, self.theme)

    def choose(self, game: str, theme: str | None = None) -> None:
        """Show the puzzles of ``game`` (of ``theme`` only, given one): the first one not solved yet."""
        if game not in GAMES:
            raise ValueError(f"no game {game!r}: the games are {', '.join(GAMES)}")
        options = theme_options(game)
        self._quiet = True  # the choosers are set here: their observers wait
        try:
            self.game_choice.value = game
            self.theme_choice.options = options
            self.theme_choice.value = theme if theme in {value for _, value in options} else ALL
        finally:
            self._quiet = False
        self.progress.add(f"{game}.{mined.KIND}")
        self._start()

    def choose_theme(self, theme: str | None) -> None:
        """Show the puzzles of the game chosen in ``theme`` (None: every theme)."""
        self.choose(self.game, theme)

    def follow_address(self) -> None:
        """Show the game the page's address asks for (``?game=medina``); an address naming no game is told so."""
        asked = query().get("game")
        if asked is None:
            return
        if asked not in GAMES:
            names = ", ".join(GAMES[g].NAME for g in GAMES)
            self.message.value = (f"<p style='color:#c92a2a'>This page's address asks for the puzzles of "
                                  f"&quot;{html.escape(asked)}&quot;, which is not one of the games ({names}): "
                                  f"here are the puzzles of {html.escape(GAMES[self.game].NAME)}.</p>")
            return
        self.choose(asked)

    def another(self) -> None:
        """The next puzzle of the game and theme chosen ("Another one")."""
        if self.exercise is not None:
            self.exercise.another_button.click()  # the exercise draws the next; the page follows

    def play(self, move: Any) -> Feedback:
        """Answer the puzzle shown with ``move``, as the board's controls do."""
        return self.exercise.answer(move)

    def show_answer(self) -> None:
        """Mark the expert's move on the board with its reason; the controls close (another one is next)."""
        puzzle, exercise = self.puzzle, self.exercise
        if puzzle is None or exercise is None:
            return
        try:
            mark_as(exercise.board, puzzle.best, BETTER)
        except Exception:  # noqa: BLE001 (a board that cannot place this move shows no mark; the line names it)
            mark_as(exercise.board, None, BETTER)
        self.answer_line.value = answer_html(puzzle)
        self.show_button.layout.display = "none"
        if exercise.controls is not None:
            exercise.controls.update(exercise.exercise.state, exercise.exercise.seat, active=False,
                                     reason=SHOWN_REASON)

    # ------------------------------------------------------------------ drawing
    def _start(self) -> None:
        """Put the first unsolved puzzle of the game and theme chosen on a new exercise widget."""
        chosen = self.chosen
        self.progress.shown = tuple(puzzle_key(p) for p in chosen)
        self._show_solved()
        old, self.exercise, self.puzzle = self.exercise, None, None
        if old is not None:
            old.close()
        if not chosen:
            self.exercise_box.children = ()
            self.source.value = ""
            self.message.value = (f"<p style='{MUTED}'>No puzzle of {html.escape(GAMES[self.game].NAME)} is stored "
                                  f"yet.</p>")
            return
        self.message.value = ""
        first = next((k for k, p in enumerate(chosen) if puzzle_key(p) not in self.progress.done), 0)
        widget = ExerciseWidget(self._kind(), first, self.progress)
        widget.title.value = "<b>Your turn:</b> find the expert's move"
        widget.progress_line.layout.display = "none"  # the page's own line counts the puzzles solved
        widget.another_button.tooltip = "The next puzzle of this game and theme"
        widget.footer.children = (widget.another_button, self.show_button, widget.progress_line)
        widget.footer.layout.flex_flow = "row wrap"
        widget.another_button.on_click(self._click(lambda: self._drawn()))
        widget.verdict.observe(self._click(lambda: self._judged()), "value")
        self.exercise = widget
        self.exercise_box.children = (widget,)
        self._drawn()

    def _kind(self) -> Kind:
        """The puzzles of the game and theme chosen as the exercise widget draws them (``puzzle_kind``), each judged
        by the expert; a judgement that fails is said in a sentence, never left as a click that does nothing."""
        kind = mined.puzzle_kind(self.game, self.theme)

        def make(seed: int) -> Exercise:
            exercise = kind.make(seed)
            return dataclasses.replace(exercise, judge=lambda move: self._judge(exercise, move))

        return dataclasses.replace(kind, make=make)

    def _judge(self, exercise: Exercise, move: Any) -> Feedback:
        try:
            return exercise.judge(move)
        except Exception as exc:  # noqa: BLE001 (the learner is told; the trace is kept for developers)
            keep_trace(exc, log, self.errors)
            return Unjudged(False, f"The expert could not judge {move} here ({type(exc).__name__}): try another "
                                   f"move, or another puzzle.")

    def _drawn(self) -> None:
        """A puzzle was put on the exercise widget: its line, no answer shown, the board's mark the learner's."""
        widget = self.exercise
        chosen = self.chosen
        self.puzzle = chosen[widget.seed % len(chosen)]
        self.source.value = source_html(self.puzzle)
        self.answer_line.value = ""
        self.show_button.layout.display = "none"
        caption = getattr(widget.board, "mark_caption", None)
        if isinstance(caption, MarkCaption):
            caption.title = ANSWER
        self._place_answer_line()

    def _place_answer_line(self) -> None:
        """The expert's answer shows over the board, under the feedback (the exercise redraws its children)."""
        widget = self.exercise
        if self.answer_line not in widget.children:
            children = list(widget.children)
            children.insert(children.index(widget.footer) + 1, self.answer_line)
            widget.children = tuple(children)

    def _judged(self) -> None:
        """An answer was judged: after a wrong one the learner may ask for the answer."""
        feedback = self.exercise.feedback if self.exercise is not None else None
        if feedback is None:
            return
        display = "none" if feedback.right or self.answer_line.value else None
        if self.show_button.layout.display != display:
            self.show_button.layout.display = display

    def _show_solved(self) -> None:
        progress = self.progress
        self.solved_line.value = (f"<span class='bg-puzzles-solved' data-solved='{progress.solved()}' "
                                  f"data-puzzles='{len(progress.shown)}' style='font-weight:600;{MUTED}'>"
                                  f"{html.escape(progress.line())}</span>")

    def text(self) -> str:
        """The page in plain text: the game, the count, the puzzle's line and question (a page without widgets)."""
        lines = [f"Puzzles of {GAMES[self.game].NAME}: {self.progress.line()}"]
        if self.puzzle is not None:
            lines += [f"{self.puzzle.title}. From {self.puzzle.told}.", self.exercise.exercise.question]
        return "\n".join(lines)

    # ------------------------------------------------------------------ errors
    def _click(self, fn: Callable[[], Any]) -> Callable[..., None]:
        return lambda *_: guarded(fn, self._failed)()

    def _chosen(self, fn: Callable[[], Any]) -> Callable[..., None]:
        """A chooser's observer: ``fn`` when the learner changed it (not while ``choose`` sets it)."""
        click = self._click(fn)
        return lambda *_: None if self._quiet else click()

    def _failed(self, exc: BaseException) -> None:
        keep_trace(exc, log, self.errors)
        self.message.value = (f"<p style='color:#c92a2a'>Something went wrong ({html.escape(type(exc).__name__)}: "
                              f"{html.escape(str(exc))}); choose a game or a theme to go on.</p>")

    def close(self) -> None:
        if self.exercise is not None:
            self.exercise.close()
        super().close()
