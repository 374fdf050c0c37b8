"""The puzzles page (``widgets.shell.puzzles``), driven from Python as a learner drives it: a game and a theme chosen,
the expert's move played on the game's own controls (right, counted solved, kept in the practice record), a wrong
one (its cost and the expert's move told; try again, or "Show the answer" marks it on the board with its reason),
"Another one", and the count read back at a later visit. The puzzles are the stored ones (``boardgames.puzzles``)."""

from __future__ import annotations

import html
from pathlib import Path

import ipywidgets as W
import nbformat
import pytest
from support.widget_driver import page_text, walk

import boardgames
from boardgames import puzzles as mined
from classroom.practice import PracticeRecord
from classroom.store import open_store
from widgets import notebook
from widgets.games.marcopolo import goal_text
from widgets.kit.marks import ANSWER, BETTER
from widgets.kit.protocol import css_classes
from widgets.shell import puzzles as puzzles_page
from widgets.shell.notes import sentence
from widgets.shell.puzzles import ALL, SHOWN_REASON, PuzzleProgress, PuzzlesPage, puzzle_key, theme_options

ROOT = Path(__file__).resolve().parents[1]
GAMES = list(boardgames.GAMES)


@pytest.fixture
def opener(tmp_path):
    """What opens the record of practice in this test's own class store (this machine's learner: ``local:here``)."""
    url = f"sqlite:///{tmp_path / 'class.db'}"
    return lambda: (PracticeRecord(open_store(url)), "local:here")


@pytest.fixture
def progress(opener):
    kept = PuzzleProgress(learner="local:test", opener=opener)
    yield kept
    kept.close()


def kept_answers(opener, learner: str, game: str) -> list[tuple]:
    """``learner``'s answers to ``game``'s exercises and puzzles in the store: (kind, seed, right, first try)."""
    record, _ = opener()
    answers = [(a.kind, a.seed, a.right, a.first_try) for a in record.answers(learner, game)]
    record.close()
    return answers


def classed(widget, name: str) -> list:
    return [w for w in walk(widget) if name in css_classes(w)]


def verdict(page: PuzzlesPage) -> str:
    [feedback] = classed(page, "bg-exercise-feedback")
    return feedback.value


def solved(page: PuzzlesPage) -> str:
    return page.solved_line.value


def shown(button: W.Button) -> bool:
    return button.layout.display != "none"


def press(controls, move) -> None:
    """Make ``move`` on Medici's controls: a bid's amount chosen on the slider, then its button."""
    if isinstance(move, boardgames.medici.Bid):
        controls.bid_amount.value = move.amount
        controls.bid.click()
        return
    [button] = [b for b in controls.buttons if not b.disabled and b.tooltip == str(move)]
    button.click()


def a_wrong_move(puzzle: mined.Puzzle):
    """The expert's second-best move: legal, and at least the margin behind the best."""
    return puzzle.second


def test_the_page_offers_the_four_games_by_their_names_and_each_theme_with_its_count(progress):
    page = PuzzlesPage("medici", progress)
    [games] = classed(page, "bg-puzzles-game")
    assert [label for label, _ in games.options] == [boardgames.GAMES[g].NAME for g in boardgames.GAMES]
    [themes] = classed(page, "bg-puzzles-theme")
    counts = mined.counts("medici")
    expected = [(f"All ({len(mined.puzzles('medici'))})", ALL)]
    expected += [(f"{title} ({counts[theme]})", theme) for theme, title in mined.THEMES["medici"].items()
                 if counts[theme]]
    assert list(themes.options) == expected and themes.value == ALL
    assert f"0 of {len(mined.puzzles('medici'))} solved" in solved(page)


@pytest.mark.parametrize("game", GAMES)
def test_the_puzzle_is_the_position_its_seat_saw_on_the_games_own_board(game, progress):
    page = PuzzlesPage(game, progress)
    puzzle = page.puzzle
    assert puzzle == mined.puzzles(game)[0]
    exercise = page.exercise.exercise
    assert exercise.state is puzzle.state and exercise.seat == puzzle.seat and exercise.on_board
    assert page.exercise.board.state is puzzle.state  # the board of the game, showing the seat's view
    assert type(page.exercise.board).__module__.startswith(f"widgets.games.{game}.")
    [line] = [w for w in walk(page) if isinstance(w, W.HTML) and "bg-puzzles-source" in w.value]
    assert f"data-puzzle='{puzzle.id}'" in line.value and puzzle.told in line.value


def test_a_puzzle_shows_only_what_the_solvers_seat_may_know(progress):
    """Marco Polo's goal cards are secret: the solver sees its own, never another seat's (even as drawn afresh)."""
    page = PuzzlesPage("marcopolo", progress)
    page.play(page.puzzle.second)
    page.show_answer()
    state, seat = page.puzzle.state, page.puzzle.seat
    text = page_text(page)
    assert all(goal_text(goal) in text for goal in state.goals(seat))
    others = [goal for other in range(len(state.names)) if other != seat for goal in state.goals(other)]
    assert others and not any(goal_text(goal) in text for goal in others)


def test_the_experts_move_played_on_the_controls_is_right_solved_and_kept_as_a_puzzle(progress, opener):
    page = PuzzlesPage("medici", progress)
    puzzle = page.puzzle
    press(page.exercise.controls, puzzle.best)
    assert "data-right='true'" in verdict(page) and html.escape(mined.judge(puzzle, puzzle.best).text) in verdict(page)
    assert f"1 of {len(mined.puzzles('medici'))} solved" in solved(page)
    assert not shown(page.show_button)
    assert page.exercise.board.marked == puzzle.best and f"{ANSWER}: <b>{puzzle.best}</b>" in \
        page.exercise.board.mark_caption.value
    progress.settle()
    assert kept_answers(opener, "local:test", "medici") == [("medici.puzzle", mined.number(puzzle), True, True)]


def test_a_wrong_move_is_told_its_cost_and_the_experts_move_and_may_be_tried_again(progress):
    page = PuzzlesPage("medici", progress)
    puzzle = page.puzzle
    assert not shown(page.show_button)
    page.play(a_wrong_move(puzzle))
    assert "data-right='false'" in verdict(page) and "Try again" in verdict(page)
    assert html.escape(mined.judge(puzzle, a_wrong_move(puzzle)).text) in verdict(page)
    assert html.escape(f"The expert's move: {puzzle.best}") in verdict(page)
    assert shown(page.show_button) and "0 of" in solved(page)
    assert any(not b.disabled for b in page.exercise.controls.buttons)  # the learner may try again
    page.play(puzzle.best)
    assert "data-right='true'" in verdict(page) and "1 of" in solved(page)
    assert not shown(page.show_button)


def test_an_answer_the_expert_fails_to_judge_is_told_in_a_sentence_and_not_kept(monkeypatch, progress, opener):
    def broken(puzzle, move):
        raise KeyError(move)

    monkeypatch.setattr(mined, "judge", broken)
    page = PuzzlesPage("medici", progress)
    page.play(page.puzzle.best)
    assert "data-right='false'" in verdict(page) and "The expert could not judge" in verdict(page)
    assert len(page.errors) == 1 and "KeyError" in page.errors[0]
    progress.settle()
    assert kept_answers(opener, "local:test", "medici") == [] and "0 of" in solved(page)


def test_a_move_the_engine_refuses_is_told_with_its_rule(progress):
    page = PuzzlesPage("medici", progress)
    state, seat = page.puzzle.state, page.puzzle.seat
    refused = next(m for m in (boardgames.medici.Pass(), boardgames.medici.Draw(), boardgames.medici.Bid(1))
                   if state.check(m, seat) is not None)
    page.play(refused)
    assert "data-right='false'" in verdict(page) and f"rule {state.check(refused, seat).rule}" in verdict(page)
    assert shown(page.show_button)


def test_show_the_answer_marks_the_experts_move_as_the_better_move_with_its_reason_and_closes_the_controls(
        progress):
    page = PuzzlesPage("medici", progress)
    puzzle = page.puzzle
    page.play(a_wrong_move(puzzle))
    [show] = classed(page, "bg-puzzles-show")
    show.click()
    board = page.exercise.board
    assert board.marked == puzzle.best and f"{BETTER}: <b>{puzzle.best}</b>" in board.mark_caption.value
    [answer] = classed(page, "bg-puzzles-answer")
    assert f"<b>{puzzle.best}</b>" in answer.value and html.escape(puzzle.best_worth) in answer.value
    assert html.escape(sentence(puzzle.reason)) in answer.value
    assert not shown(show)
    assert all(b.disabled for b in page.exercise.controls.buttons)
    assert SHOWN_REASON in {b.tooltip for b in page.exercise.controls.buttons}
    assert "0 of" in solved(page)  # an answer shown is not solved


def test_another_one_goes_to_the_next_puzzle_of_the_theme_chosen_with_a_clean_board(progress):
    theme = max(mined.THEMES["medici"], key=lambda t: len(mined.puzzles("medici", t)))
    chosen = mined.puzzles("medici", theme)
    assert len(chosen) > 1
    page = PuzzlesPage("medici", progress)
    page.choose_theme(theme)
    assert page.puzzle == chosen[0] and f"0 of {len(chosen)} solved" in solved(page)
    page.play(a_wrong_move(chosen[0]))
    page.show_answer()
    [another] = classed(page, "bg-exercise-another")
    another.click()
    assert page.puzzle == chosen[1] and page.puzzle.theme == theme
    assert chosen[1].id in page.source.value and page.answer_line.value == "" and not shown(page.show_button)
    assert verdict(page) == "" and page.exercise.board.marked is None
    assert any(not b.disabled for b in page.exercise.controls.buttons)
    page.play(chosen[1].best)
    assert f"{ANSWER}: <b>{chosen[1].best}</b>" in page.exercise.board.mark_caption.value  # the learner's again


def test_choosing_a_game_shows_its_puzzles_on_its_own_board(progress):
    page = PuzzlesPage("medici", progress)
    for game in GAMES:
        page.game_choice.value = game  # what a click on its button does
        assert page.puzzle.game == game and page.theme_choice.value == ALL
        assert page.theme_choice.options == tuple(theme_options(game))
        assert type(page.exercise.board).__module__.startswith(f"widgets.games.{game}.")
    assert page.errors == []


def test_the_solved_puzzles_are_read_back_at_the_next_visit_which_starts_at_the_first_unsolved(progress, opener):
    page = PuzzlesPage("medici", progress)
    first = page.puzzle
    page.play(first.best)
    progress.settle()
    later = PuzzleProgress(learner="local:test", opener=opener)
    later.settle()
    again = PuzzlesPage("medici", later)
    later.settle()
    assert f"1 of {len(mined.puzzles('medici'))} solved" in solved(again)
    assert puzzle_key(first) in later.done
    again.choose("medici")  # the count known: the page starts at the first puzzle not solved
    assert again.puzzle == mined.puzzles("medici")[1]
    someone = PuzzleProgress(learner="local:someone-else", opener=opener)
    other = PuzzlesPage("medici", someone)
    someone.settle()
    assert "0 of" in solved(other)
    later.close()
    someone.close()


def test_without_a_store_the_puzzles_work_and_say_progress_is_not_kept():
    def no_store():
        raise OSError("no database here")

    progress = PuzzleProgress(opener=no_store)
    page = PuzzlesPage("medici", progress)
    progress.settle()
    assert "not kept" in solved(page)
    page.play(page.puzzle.best)
    assert "1 of" in solved(page) and "not kept" in solved(page)
    progress.close()


def test_a_game_without_stored_puzzles_says_so(monkeypatch, progress):
    monkeypatch.setattr(mined, "puzzles", lambda game, theme=None: ())
    page = PuzzlesPage("medina", progress)
    assert page.exercise is None and "No puzzle of Medina is stored yet" in page.message.value
    assert "0 of 0 solved" in solved(page)


def test_the_pages_address_may_name_the_game_and_a_game_it_does_not_know_is_told(monkeypatch, progress):
    monkeypatch.setenv("QUERY_STRING", "game=medina")
    page = PuzzlesPage(progress=progress)
    page.follow_address()
    assert page.game == "medina" and page.puzzle.game == "medina" and page.message.value == ""
    monkeypatch.setenv("QUERY_STRING", "game=chess")
    page.follow_address()
    assert page.game == "medina" and "&quot;chess&quot;, which is not one of the games" in page.message.value


def test_the_page_shows_sentences_and_never_a_python_repr(progress):
    page = PuzzlesPage("medici", progress)
    page.play(a_wrong_move(page.puzzle))
    page.show_answer()
    text = page_text(page)
    for repr_mark in ("Draw(", "Auction(", "Bid(", "Puzzle(", "Feedback(", "Exercise(", "<boardgames", "object at 0x"):
        assert repr_mark not in text


def test_puzzles_in_a_notebook_shows_the_page_and_keeps_answers_in_the_data_directory(monkeypatch, tmp_path):
    monkeypatch.setenv("BOARDGAMES_DATA", str(tmp_path))
    monkeypatch.delenv("BOARDGAMES_DB", raising=False)
    shown_bundles, pages = [], []

    class Page(PuzzlesPage):
        def __init__(self, *args, **kwargs) -> None:
            super().__init__(*args, **kwargs)
            pages.append(self)

    monkeypatch.setattr(puzzles_page, "PuzzlesPage", Page)
    monkeypatch.setattr(notebook, "display", lambda bundle, raw: shown_bundles.append(bundle))
    notebook.puzzles("medici")
    [bundle], [page] = shown_bundles, pages
    first = mined.puzzles("medici")[0]
    assert bundle[notebook.WIDGET_VIEW]["model_id"] == page.model_id and first.told in bundle["text/plain"]
    page.play(first.best)
    page.progress.close()
    learner = (tmp_path / "learner").read_text().strip()  # this machine's learner, kept in the data directory
    assert kept_answers(notebook._practice_record, learner, "medici") == [
        ("medici.puzzle", mined.number(first), True, True)]


def test_the_puzzles_notebook_is_an_introduction_then_one_hidden_cell_that_draws_the_page():
    nb = nbformat.read(ROOT / "notebooks" / "puzzles.ipynb", as_version=4)
    assert [c.cell_type for c in nb.cells] == ["markdown", "code"]
    [intro, cell] = nb.cells
    assert intro.source.startswith("# ") and "`" not in intro.source
    assert cell.source.splitlines()[-1] == "puzzles()" and cell.metadata["jupyter"]["source_hidden"]
    assert not cell.outputs and cell.execution_count is None
    assert nb.metadata["kernelspec"]["name"] == "python3"


@pytest.mark.parametrize("game", list(boardgames.GAMES))
def test_the_source_line_names_the_game_and_move_but_never_the_seed_its_cards_were_dealt_from(game):
    """With the source game's seed a solver could deal the real game again and read every seat's hidden cards."""
    for p in mined.puzzles(game):
        line = puzzles_page.source_html(p)
        assert "players" in line and "move" in line, line
        assert "seed" not in line and "seed" in p.source, line


@pytest.mark.parametrize("code", ["ja", "zh-Hant"])
def test_the_page_in_japanese_and_chinese_holds_no_english_word_but_names(code, progress):
    """Each game's first puzzle answered wrong, then right, and another's answer shown, read in the language: no
    word of Latin letters but the seats' names (and English, which the language switch names in its own words);
    a page whose answer was shown in English says it all in the language once it is chosen."""
    from support.reading import latin_words, read_page

    from boardgames.core.setup import DEFAULT_NAMES
    from widgets.runtime.language import page_language

    page = PuzzlesPage("medici", progress)
    page.play(a_wrong_move(page.puzzle))
    page.show_answer()
    try:
        page_language.set(code)
        left = latin_words(read_page(page), (*DEFAULT_NAMES, "English"))
        for game in GAMES:
            page.choose(game)
            puzzle = page.puzzle
            page.play(a_wrong_move(puzzle))
            left.update(latin_words(read_page(page), (*DEFAULT_NAMES, "English")))
            page.play(puzzle.best)
            left.update(latin_words(read_page(page), (*DEFAULT_NAMES, "English")))
            page.another()
            page.play(a_wrong_move(page.puzzle))
            page.show_answer()
            left.update(latin_words(read_page(page), (*DEFAULT_NAMES, "English")))
        left.update(latin_words([("text", page.text())], (*DEFAULT_NAMES, "English")))
        assert left == {}
    finally:
        page_language.set("en")
