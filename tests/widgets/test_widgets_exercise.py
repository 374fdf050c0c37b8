"""The exercise widget (``widgets.shell.exercise``), driven from Python as a learner drives it: by clicking its
choices, the game's own move controls and "Another one"; each answer kept in a class store, and the page going on
without one."""

from __future__ import annotations

import sys
import types

import ipywidgets as W
import pytest
from support.widget_driver import page_text, walk

from boardgames.practice import KINDS, Feedback, Kind, as_seen_by, draw, move_judge, positions
from boardgames.practice import Exercise as PracticeExercise
from classroom.practice import PracticeRecord, PracticeViews
from classroom.store import open_store
from widgets import notebook
from widgets.kit.protocol import css_classes
from widgets.shell import exercise as shell_exercise
from widgets.shell.exercise import ExerciseWidget, NotebookProgress, default_seed

KIND = "medici.bid-must-exceed"  # a choice among bids, one refused by the engine


@pytest.fixture
def store_url(tmp_path):
    return f"sqlite:///{tmp_path / 'class.db'}"


def record_at(url: str):
    """An opener of the record of practice at ``url`` (this machine's learner: ``local:here``)."""
    return lambda: (PracticeRecord(open_store(url)), "local:here")


@pytest.fixture
def progress(store_url):
    kept = NotebookProgress(learner="local:test", opener=record_at(store_url))
    yield kept
    kept.close()


def classed(widget, name: str) -> list:
    return [w for w in walk(widget) if name in css_classes(w)]


def choice_button(widget: ExerciseWidget, right: bool) -> W.Button:
    """The button of a right (or a wrong) choice, as the engine judges it."""
    good = widget.exercise.right_answers()
    return next(b for b, c in zip(classed(widget, "bg-exercise-choice"), widget.exercise.choices)
                if (c in good) == right)


def verdict(widget: ExerciseWidget) -> str:
    [feedback] = classed(widget, "bg-exercise-feedback")
    return feedback.value


def progress_text(widget: ExerciseWidget) -> str:
    [line] = classed(widget, "bg-exercise-progress")
    return line.value


def test_a_right_choice_is_told_why_in_green_and_the_choices_close(progress):
    widget = ExerciseWidget(KIND, 3, progress)
    assert widget.exercise.question in classed(widget, "bg-exercise-question")[0].value
    choice_button(widget, right=True).click()
    assert "data-right='true'" in verdict(widget) and "Right" in verdict(widget)
    assert shell_exercise.RIGHT_COLOUR in verdict(widget)
    assert all(b.disabled for b in classed(widget, "bg-exercise-choice"))
    progress.settle()
    assert "1 of 1 exercise done" in progress_text(widget)


def test_a_wrong_choice_is_told_the_engines_refusal_with_its_rule_id_and_may_be_tried_again(progress):
    widget = ExerciseWidget(KIND, 3, progress)
    choice_button(widget, right=False).click()
    assert "data-right='false'" in verdict(widget)
    assert "rule medici.bid.must-exceed" in verdict(widget) and "Try again" in verdict(widget)
    assert not any(b.disabled for b in classed(widget, "bg-exercise-choice"))
    assert "0 of 1 exercise done" in progress_text(widget)
    choice_button(widget, right=True).click()
    assert "data-right='true'" in verdict(widget)


def test_a_choice_that_is_a_move_is_marked_on_the_board_as_the_learners_answer(progress):
    widget = ExerciseWidget(KIND, 3, progress)
    choice_button(widget, right=True).click()
    move = next(c.move for c in widget.exercise.right_answers())
    assert widget.board.marked == move
    assert f"Your answer: <b>{move}</b>" in widget.board.mark_caption.value
    assert "Suggested" not in widget.board.mark_caption.value


def test_another_one_draws_the_same_kind_from_the_next_seed_on_the_same_board(progress):
    widget = ExerciseWidget(KIND, 3, progress)
    board = widget.board
    choice_button(widget, right=True).click()
    [another] = classed(widget, "bg-exercise-another")
    another.click()
    expected = draw(KIND, 4)
    assert (widget.exercise.kind, widget.seed, widget.exercise.question) == (KIND, 4, expected.question)
    assert [b.description for b in classed(widget, "bg-exercise-choice")] == [c.label for c in expected.choices]
    assert verdict(widget) == "" and widget.board is board and board.marked is None
    assert not any(b.disabled for b in classed(widget, "bg-exercise-choice"))


def test_the_page_shows_sentences_and_never_a_python_repr(progress):
    widget = ExerciseWidget(KIND, 3, progress)
    choice_button(widget, right=False).click()
    text = page_text(widget)
    for repr_mark in ("Bid(", "Choice(", "Feedback(", "Exercise(", "<boardgames", "object at 0x"):
        assert repr_mark not in text


@pytest.fixture
def toy_kind(toy_game, monkeypatch):
    """An exercise of the toy game answered on its board: "Keep or swap?", right when the stone is worth 5 or
    more and kept, or worth less and swapped."""
    monkeypatch.setitem(sys.modules, "boardgames.practice.toy", types.ModuleType("boardgames.practice.toy"))

    def make(seed: int) -> PracticeExercise:
        state = next(positions("toy", seed, players=2))
        seat = state.current_player
        seen = as_seen_by(state, seat, seed)
        keep = seen.hands[seat] >= 5
        judge = move_judge(seen, seat, lambda m: (str(m) == "keep") == keep, lambda m: f"Right: {m}.",
                           lambda m: f"Not quite: {'keep' if keep else 'swap'} it.")
        return PracticeExercise("toy.keep-or-swap", "toy", seed, ("toy.game.end",), "Keep your stone or swap it?",
                                seen, seat, judge)

    monkeypatch.setitem(KINDS, "toy.keep-or-swap", Kind("toy.keep-or-swap", "toy", ("toy.game.end",), "Keep", make))
    return "toy.keep-or-swap"


def test_an_answer_made_on_the_board_goes_through_the_games_own_controls(toy_kind, progress):
    widget = ExerciseWidget(toy_kind, 1, progress)
    assert widget.exercise.on_board and not classed(widget, "bg-exercise-choice")
    moves = {str(b.description).lower(): b for b in classed(widget, "bg-move")}
    [right] = [str(m) for m in widget.exercise.right_answers()]
    wrong = "swap" if right == "keep" else "keep"
    moves[wrong].click()
    assert "data-right='false'" in verdict(widget) and "Not quite" in verdict(widget)
    assert not moves[right].disabled  # tried again
    moves[right].click()
    assert "data-right='true'" in verdict(widget)
    assert moves[right].disabled  # answered: the controls wait for another one


def test_each_answer_is_kept_under_the_learner_with_its_rule_ids_and_first_try(progress, store_url):
    widget = ExerciseWidget(KIND, 3, progress)
    choice_button(widget, right=False).click()
    choice_button(widget, right=True).click()
    progress.settle()
    store = open_store(store_url)
    answers = PracticeViews(store).answers("local:test")
    assert [(a.kind, a.seed, a.game, a.rules, a.right, a.first_try, a.refusal) for a in answers] == [
        (KIND, 3, "medici", ("medici.bid.must-exceed",), False, True, "medici.bid.must-exceed"),
        (KIND, 3, "medici", ("medici.bid.must-exceed",), True, False, None)]
    assert all(a.at > 0 for a in answers)
    store.close()


def test_progress_lasts_the_kind_done_is_counted_at_the_next_visit(progress, store_url, toy_kind):
    choice_button(ExerciseWidget(KIND, 3, progress), right=True).click()
    progress.settle()
    later = NotebookProgress(learner="local:test", opener=record_at(store_url))
    widget = ExerciseWidget(KIND, 5, later)
    ExerciseWidget(toy_kind, 1, later)
    later.settle()
    assert "1 of 2 exercises done" in progress_text(widget)
    someone = NotebookProgress(learner="local:someone-else", opener=record_at(store_url))
    other = ExerciseWidget(KIND, 5, someone)
    someone.settle()
    assert "0 of 1 exercise done" in progress_text(other)
    later.close()
    someone.close()


def test_without_a_store_the_exercise_works_and_says_progress_is_not_kept():
    def no_store():
        raise OSError("no database here")

    progress = NotebookProgress(learner="local:test", opener=no_store)
    widget = ExerciseWidget(KIND, 3, progress)
    progress.settle()
    assert "not kept" in progress_text(widget)
    choice_button(widget, right=True).click()
    progress.settle()
    assert "data-right='true'" in verdict(widget) and "1 of 1 exercise done" in progress_text(widget)
    assert "not kept" in progress_text(widget)
    progress.close()


def test_a_store_that_answers_slowly_does_not_delay_the_exercise(store_url):
    import threading

    opened = threading.Event()

    def slow_store():
        opened.wait(5)
        return record_at(store_url)()

    progress = NotebookProgress(learner="local:test", opener=slow_store)
    widget = ExerciseWidget(KIND, 3, progress)  # drawn while the store is still opening
    choice_button(widget, right=True).click()
    assert "data-right='true'" in verdict(widget)
    opened.set()
    progress.close()
    store = open_store(store_url)
    assert len(PracticeViews(store).answers("local:test")) == 1
    store.close()


def test_a_class_identity_takes_the_answers_from_when_it_is_named(progress, store_url):
    widget = ExerciseWidget(KIND, 3, progress)
    choice_button(widget, right=True).click()
    progress.use("class:ABCDE:ada")  # the learner gave a nickname in a class
    progress.settle()
    assert "0 of 1 exercise done" in progress_text(widget)  # what Ada did, not this machine
    widget.another()
    choice_button(widget, right=True).click()
    progress.settle()
    store = open_store(store_url)
    assert [a.seed for a in PracticeViews(store).answers("class:ABCDE:ada")] == [4]
    assert [a.seed for a in PracticeViews(store).answers("local:test")] == [3]
    store.close()


def test_practise_shows_the_widget_with_its_sentences_as_text_and_keeps_answers_in_the_data_directory(
        monkeypatch, tmp_path):
    monkeypatch.setenv("BOARDGAMES_DATA", str(tmp_path))
    monkeypatch.delenv("BOARDGAMES_DB", raising=False)
    monkeypatch.delenv("BOARDGAMES_SEED", raising=False)
    monkeypatch.setattr(shell_exercise, "_NOTEBOOK", None)  # a new kernel
    shown = []
    monkeypatch.setattr(notebook, "display", lambda bundle, raw: shown.append(bundle))
    notebook.practise(KIND)
    [bundle] = shown
    expected = draw(KIND, default_seed(KIND))
    assert notebook.WIDGET_VIEW in bundle and expected.question in bundle["text/plain"]
    assert all(f"- {c.label}" in bundle["text/plain"] for c in expected.choices)
    progress = shell_exercise._NOTEBOOK
    progress.answered(expected, expected.answer(expected.right_answers()[0]), first_try=True)
    progress.close()
    learner = (tmp_path / "learner").read_text().strip()  # this machine's learner, kept in the data directory
    assert learner.startswith("local:") and progress.learner == learner and progress.kept
    store = open_store(f"sqlite:///{tmp_path / 'class.db'}")
    assert [(a.kind, a.right) for a in PracticeViews(store).answers(learner)] == [(KIND, True)]
    store.close()


def test_without_a_record_handed_to_it_the_progress_is_not_kept():
    progress = NotebookProgress()
    widget = ExerciseWidget(KIND, 3, progress)
    progress.settle()
    assert "not kept" in progress_text(widget)
    progress.close()


def test_a_notebooks_exercise_starts_from_a_fixed_seed_per_kind_or_the_environments(monkeypatch):
    monkeypatch.delenv("BOARDGAMES_SEED", raising=False)
    assert default_seed(KIND) == default_seed(KIND) != default_seed("medici.another-kind")
    monkeypatch.setenv("BOARDGAMES_SEED", "42")
    assert default_seed(KIND) == 42


def test_feedback_is_what_the_engine_said(progress):
    widget = ExerciseWidget(KIND, 3, progress)
    right = widget.exercise.right_answers()[0]
    feedback = widget.choose(widget.exercise.choices.index(right))
    assert isinstance(feedback, Feedback) and feedback == widget.exercise.answer(right)
    assert widget.feedback == feedback
