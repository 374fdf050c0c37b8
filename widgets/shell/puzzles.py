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

The page shows its words in the language its address asks for (``?lang=ja``, else the browser's; ``follow_address``)
and carries the language switch in its header; the puzzles' words (their themes, where they were mined, the verdicts,
the expert's move and reason) are messages shown in the page's language, again after each change of language.

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
from boardgames.core import why
from boardgames.core.message import Message, english, listed, say
from boardgames.practice import Exercise, Feedback, Kind, told
from boardgames.terms import title_said
from widgets.kit.marks import ANSWER, BETTER, MarkCaption, mark_as
from widgets.runtime.address import query
from widgets.runtime.guard import guarded, keep_trace
from widgets.runtime.language import choose_language, language_switch, on_language, show, shown
from widgets.shell.address import wait_for_the_request
from widgets.shell.exercise import ExerciseWidget, NotebookProgress, unkept

log = logging.getLogger("widgets.shell.puzzles")

ALL = "all"  # the theme chooser's value for every theme
SHOWN_SAID = say("The answer is shown: try another one.")
SHOWN_REASON = english(SHOWN_SAID)  # the controls' tooltip once the answer is shown (in English)
MUTED = "color:#495057"


def puzzle_key(puzzle: mined.Puzzle) -> str:
    """The puzzle's name in a learner's record: its exercise's kind and seed (``Exercise.key``), the seed its
    number."""
    return f"{puzzle.game}.{mined.KIND}#{mined.number(puzzle)}"


def theme_options(game: str) -> list[tuple[str, str]]:
    """The theme chooser's options for ``game`` in the page's language: "All" then each theme that has puzzles, with
    their number."""
    options = [(shown(say("All ({count})", count=len(mined.puzzles(game)))), ALL)]
    for theme, title in mined.THEMES_SAID[game].items():
        count = len(mined.puzzles(game, theme))
        if count:
            options.append((shown(say("{theme} ({count})", theme=title, count=count)), theme))
    return options


def game_options() -> list[tuple[str, str]]:
    """The game chooser's options: each game by its title, in the page's language."""
    return [(shown(title_said(GAMES[g].NAME)), g) for g in GAMES]


def source_html(puzzle: mined.Puzzle) -> str:
    """The line over a puzzle: its theme, and where it was mined."""
    title = html.escape(shown(puzzle.title_said))
    source = html.escape(shown(say("From {source}.", source=puzzle.told_said)))
    return (f"<div class='bg-puzzles-source' data-puzzle='{html.escape(puzzle.id)}' "
            f"style='font-size:13px;{MUTED};margin:2px 0'><b>{title}</b> · {source}</div>")


def slot(name: str) -> str:
    """A message's value that ``in_html`` replaces with HTML of its own."""
    return f"\x00{name}\x00"


def in_html(said: Message, **parts: str) -> str:
    """``said`` in the page's language as HTML: its words escaped, each value given as ``slot(name)`` replaced by
    the HTML ``parts[name]``."""
    text = html.escape(shown(said), quote=False)
    for name, markup in parts.items():
        text = text.replace(slot(name), markup)
    return text


def answer_html(puzzle: mined.Puzzle) -> str:
    """The expert's move of ``puzzle``, as "Show the answer" tells it: the move, its worth and its reason."""
    worth, reason = mined.expert_words(puzzle)
    said = say("The expert's move: {move} ({worth}). {reason}", move=slot("move"), worth=slot("worth"),
               reason=slot("reason"))
    told_html = in_html(said, move=f"<b>{html.escape(shown(mined.move_said(puzzle.best)))}</b>",
                        worth=html.escape(shown(worth)), reason=html.escape(shown(mined.sentence_said(reason))))
    return (f"<div style='font-size:13px;line-height:1.4;border-left:5px solid #e8590c;padding:2px 8px;"
            f"background:#fff4e6'>{told_html}</div>")


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
        return english(self.line_said())

    def line_said(self) -> Message:
        """``line()`` as a message."""
        said = say("{solved} of {count} solved", solved=self.solved(), count=len(self.shown))
        return said if self.kept is not False else unkept(said)

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
        self.game_choice = W.ToggleButtons(options=game_options(), value=games[0], style={"button_width": "auto"})
        self.game_choice.add_class("bg-puzzles-game")
        self.language = language_switch()
        self.theme_choice = W.Dropdown(layout=W.Layout(width="360px"), style={"description_width": "50px"})
        show(self.theme_choice, "description", say("Theme"))
        self.theme_choice.add_class("bg-puzzles-theme")
        self.solved_line = W.HTML()
        self.message = W.HTML()
        self._message_said: Any = None  # what the message line says (a function of no argument giving its HTML)
        self.source = W.HTML()
        self.exercise_box = W.Box(layout=W.Layout(width="100%"))
        self.show_button = W.Button(icon="eye", layout=W.Layout(width="auto", display="none"))
        show(self.show_button, "description", say("Show the answer"))
        show(self.show_button, "tooltip", say("Mark the expert's move on the board, with its reason"))
        self.show_button.add_class("bg-puzzles-show")
        self.show_button.on_click(self._click(lambda: self.show_answer()))
        self.answer_line = W.HTML(layout=W.Layout(width="100%"))
        self.answer_line.add_class("bg-puzzles-answer")
        self.answer_line.add_class("bg-live")  # read out as it changes (widgets.runtime.accessibility)
        self.exercise: ExerciseWidget | None = None
        self.puzzle: mined.Puzzle | None = None
        self.children = [
            W.HBox([self.game_choice, self.language], layout=W.Layout(align_items="center", gap="16px",
                                                                      justify_content="space-between",
                                                                      flex_flow="row wrap")),
            W.HBox([self.theme_choice, self.solved_line], layout=W.Layout(align_items="center", gap="16px",
                                                                          flex_flow="row wrap")),
            self.message, self.source, self.exercise_box]
        self._quiet = False
        self.progress.watch(self._show_solved)
        self.choose(game or games[0])
        self.game_choice.observe(self._chosen(lambda: self.choose(self.game_choice.value)), "value")
        self.theme_choice.observe(self._chosen(lambda: self._start()), "value")
        on_language(self._language_changed)

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

    def follow_language(self) -> None:
        """Show the page in the language its address asks for (``?lang=ja``), else its browser's."""
        wait_for_the_request()
        choose_language()

    def follow_address(self) -> None:
        """Show the page in the language its address asks for (``follow_language``) and the game it asks for
        (``?game=medina``); an address naming no game is told so."""
        self.follow_language()
        asked = query().get("game")
        if asked is None:
            return
        if asked not in GAMES:
            names = listed([title_said(GAMES[g].NAME) for g in GAMES], ",")
            said = say("This page's address asks for the puzzles of \"{asked}\", which is not one of the games "
                       "({games}): here are the puzzles of {game}.", asked=slot("asked"), games=names,
                       game=slot("game"))
            game = title_said(GAMES[self.game].NAME)

            def refused() -> str:
                words = in_html(said, asked=html.escape(asked), game=html.escape(shown(game)))
                return f"<p style='color:#c92a2a'>{words.replace(chr(34), '&quot;')}</p>"

            self._say(refused)
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
            exercise.update_controls(False, SHOWN_SAID)

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
            said = say("No puzzle of {game} is stored yet.", game=title_said(GAMES[self.game].NAME))
            self._say(lambda: f"<p style='{MUTED}'>{html.escape(shown(said))}</p>")
            return
        self._say(None)
        first = next((k for k, p in enumerate(chosen) if puzzle_key(p) not in self.progress.done), 0)
        widget = ExerciseWidget(self._kind(), first, self.progress)
        widget.heading = say("find the expert's move")
        widget.draw_title()
        widget.progress_line.layout.display = "none"  # the page's own line counts the puzzles solved
        show(widget.another_button, "tooltip", say("The next puzzle of this game and theme"))
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
            said = told(False, say("The expert could not judge {move} here ({error}): try another move, or another "
                                   "puzzle.", move=mined.move_said(move), error=type(exc).__name__))
            return Unjudged(False, said.text, said=said.said)

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
                                  f"{html.escape(shown(progress.line_said()))}</span>")

    def _say(self, said: Callable[[], str] | None) -> None:
        """Show ``said()`` (HTML in the page's language) in the message line, again after a change of language;
        None clears it."""
        self._message_said = said
        self.message.value = "" if said is None else said()

    def _language_changed(self) -> None:
        """The page's language changed: the choosers' options, the lines and the answer shown, in it."""
        self._quiet = True
        try:
            game, theme = self.game_choice.value, self.theme_choice.value
            self.game_choice.options = game_options()
            self.game_choice.value = game
            self.theme_choice.options = theme_options(game)
            self.theme_choice.value = theme
        finally:
            self._quiet = False
        self._show_solved()
        if self._message_said is not None:
            self.message.value = self._message_said()
        if self.puzzle is not None:
            self.source.value = source_html(self.puzzle)
            if self.answer_line.value:
                self.answer_line.value = answer_html(self.puzzle)

    def text(self) -> str:
        """The page in plain text: the game, the count, the puzzle's line and question (a page without widgets), in
        the page's language."""
        lines = [shown(say("Puzzles of {game}: {line}", game=title_said(GAMES[self.game].NAME),
                           line=self.progress.line_said()))]
        if self.puzzle is not None:
            exercise = self.exercise.exercise
            lines += [shown(say("{theme}. From {source}.", theme=self.puzzle.title_said, source=self.puzzle.told_said)),
                      shown(exercise.question if exercise.question_said is None else exercise.question_said)]
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
        said = say("Something went wrong ({error}: {text}); choose a game or a theme to go on.",
                   error=type(exc).__name__, text=why(exc))
        self._say(lambda: f"<p style='color:#c92a2a'>{html.escape(shown(said))}</p>")

    def close(self) -> None:
        if self.exercise is not None:
            self.exercise.close()
        super().close()
