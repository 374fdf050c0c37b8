"""The review panel (``widgets.shell.review``) of a ``GameApp``, driven from Python as a player drives it: Review
beside the end panel, the seat chosen, the chart and the counts, the costliest decisions shown in Replay and tried
again on the exercise widget, the downloads; and what a page may review while a game goes on. Every review is the
engine's own (``boardgames.review``)."""

from __future__ import annotations

import asyncio
import csv
import io
import json
import threading
import urllib.parse

import pytest
from support.review_play import late_game_with_blunder
from support.widget_driver import page_text, walk

from boardgames import Match, medici
from boardgames.core.teaching import teaching_of
from boardgames.review import LABELS, judge_decision, review
from widgets.games.marcopolo import goal_text
from widgets.kit.protocol import css_classes
from widgets.shell.app import GameApp
from widgets.shell.review import ReviewPanel, reviewable_seats

SEATS = ["human", "random"]


def classed(widget, name: str) -> list:
    return [w for w in walk(widget) if name in css_classes(w)]


def decision_texts(app) -> list[str]:
    """The HTML of each costly decision listed (``bg-review-decision``)."""
    return [item.children[0].value for item in classed(app.review, "bg-review-item")]


def item_at(app, ply: int):
    """The listed decision (``bg-review-item``) made at ``ply``."""
    [item] = [w for w in classed(app.review, "bg-review-item") if f"data-ply='{ply}'" in w.children[0].value]
    return item


def finished_app(game: str, seed: int = 1) -> tuple[GameApp, int]:
    """The app showing a finished game of ``game`` (a save near its end, loaded) and the ply of seat 0's blunder."""
    match, planted, before = late_game_with_blunder(game, seed)
    app = GameApp(Match(match.start), SEATS, bots_async=False, bot_delay=0)
    app.open_match(match, SEATS, moves_before=before)
    return app, planted


@pytest.fixture(scope="module")
def medici_app():
    app, planted = finished_app("medici")
    app.review.open_review()
    yield app, planted
    app.close()


def test_review_is_offered_once_the_game_is_over_and_in_a_replay():
    app = GameApp(Match.new("medici", 2, seed=3), SEATS, bots_async=False, bot_delay=0)
    assert app.review.button.layout.display == "none"
    app.start_replay(0)
    assert app.review.button.layout.display != "none"
    app.go_live()
    assert app.review.button.layout.display == "none"
    over, _ = finished_app("medici")
    assert over.review.button.layout.display != "none"
    assert over.over_panel.shown


def test_review_reviews_the_seat_of_this_page_by_default(medici_app):
    app, _ = medici_app
    assert app.review.seat_choice.value == 0
    assert app.review.result.seat == 0
    assert app.review.result == review(app.match.states, app.match.moves, 0)  # the engine's review, not another


def test_planted_blunder_is_marked_among_the_costliest(medici_app):
    app, planted = medici_app
    items = decision_texts(app)
    assert 1 <= len(items) <= 3 and all("class='bg-review-decision'" in text for text in items)
    [blunder] = [text for text in items if f"data-ply='{planted}'" in text]
    assert "data-label='blunder'" in blunder


def test_summary_counts_every_label(medici_app):
    app, _ = medici_app
    counts = app.review.result.counts()
    summary = app.review.summary.value
    for label in LABELS:
        assert f"data-label='{label}' data-count='{counts[label]}'" in summary
    assert f"{teaching_of('medici').inaccuracy:.0f} florins" in summary


def test_chart_marks_each_decision_coloured_by_its_label(medici_app):
    app, planted = medici_app
    result = app.review.result
    points = app.review.chart.points
    assert sum(len(p) for p in points.values()) == sum(d.outlook == d.outlook for d in result.decisions)
    before = app.moves_before
    assert (planted + before, pytest.approx(
        next(d.outlook for d in result.decisions if d.ply == planted))) in points["blunder"]
    assert "florins" in app.review.chart.y_axis.label


def test_show_in_replay_puts_the_replay_at_that_move(medici_app):
    app, planted = medici_app
    [show] = classed(item_at(app, planted), "bg-review-show")
    show.click()
    assert app.replay_ply == planted
    assert app.review.result is not None  # the review stays on screen during the replay
    decision = next(d for d in app.review.result.decisions if d.ply == planted)
    caption = app.board.mark_caption.value
    assert "Better move" in caption and str(decision.best) in caption  # not the hint's "Suggested move"
    app.go_live()


def test_try_again_the_best_move_is_right_the_move_played_wrong(medici_app):
    app, planted = medici_app
    decision = next(d for d in app.review.result.costliest() if d.ply == planted)
    [again] = classed(item_at(app, planted), "bg-review-try")
    again.click()
    puzzle = app.review.exercise
    assert puzzle.exercise.on_board and puzzle.exercise.seat == 0
    wrong = puzzle.answer(decision.move)
    assert not wrong.right and "florins" in wrong.text
    right = puzzle.answer(decision.best)
    assert right.right, right.text


def test_a_move_within_the_inaccuracy_threshold_is_right():
    app, planted = finished_app("medici", 2)
    app.review.open_review()
    decision = app.review.result.costliest()[0]
    puzzle = app.review.try_again(0)
    state = app.match.states[decision.ply]
    limit = teaching_of("medici").inaccuracy
    for move in state.legal_moves()[:6]:
        cost = judge_decision(state, move, decision.ply, app.review.result.worlds).cost
        assert puzzle.answer(move).right == (cost < limit), move


def test_next_mistake_goes_to_the_next_costliest_decision(medici_app):
    app, _ = medici_app
    costliest = app.review.result.costliest()
    puzzle = app.review.try_again(0)
    first = puzzle.exercise.question
    puzzle.another_button.click()
    assert puzzle.exercise.question != first or len(costliest) == 1
    assert f"At move {costliest[1 % len(costliest)].ply + app.moves_before} " in puzzle.exercise.question


def test_review_downloads_as_json_and_csv_beside_the_game(medici_app):
    app, _ = medici_app
    links = app.review.download.value
    result = app.review.result

    def body(cls: str) -> str:
        start = links.index(f"class='{cls}'")
        href = links.index("href='", start) + len("href='")
        data = links[href:links.index("'", href)]
        return urllib.parse.unquote(data.split(",", 1)[1])

    assert json.loads(body("bg-review-json")) == json.loads(result.to_json())
    rows = list(csv.reader(io.StringIO(body("bg-review-csv"))))
    assert len(rows) == 1 + len(result.decisions)
    assert Match.from_json(body("bg-review-record")).moves == app.match.moves


def test_no_python_repr_on_the_page(medici_app):
    app, _ = medici_app
    app.review.try_again(0)
    text = page_text(app.review)
    for repr_of in ("Decision(", "Review(", "Bid(", "<boardgames", "object at 0x", "nan"):
        assert repr_of not in text


def test_a_spectator_may_review_any_seat_once_the_game_is_over():
    app, _ = finished_app("medici")
    app.seats = ["random", "random"]
    app.review.open_review(1)
    assert app.review.result.seat == 1
    assert [v for _, v in app.review.seat_choice.options] == [0, 1]


def test_while_a_game_goes_on_a_page_reviews_only_its_own_seats():
    match = Match.new("medici", 3, seed=4)
    assert reviewable_seats(match.state, ["human", "random", "random"]) == [0]
    assert reviewable_seats(match.state, ["random", "human", "human"]) == [1, 2]
    # a spectator's page: a bot's review would tell its hidden cards while the game keeps secrets
    secret = medici.keeps_secrets(match.state)
    assert reviewable_seats(match.state, ["random"] * 3) == ([] if secret else [0, 1, 2])
    app = GameApp(match, ["human", "random", "random"], bots_async=False, bot_delay=0)
    app.start_replay(0)
    app.review.start(1)
    assert app.review.result is None and "not yours" in app.review.bar_text.value


def test_a_new_game_drops_the_review(medici_app):
    app, _ = finished_app("medici")
    app.review.open_review()
    app.new_game(2, seats=SEATS, seed=8)
    assert app.review.result is None and app.review.layout.display == "none"


def test_the_review_runs_off_the_loop_with_a_progress_bar_and_stops():
    app, _ = finished_app("marcopolo")
    seen: list[tuple[int, int]] = []

    def slow(*args, progress, stop, **kwargs):
        def told(done: int, total: int) -> None:
            progress(done, total)
            seen.append((done, total))
            threading.Event().wait(0.05)
        return review(*args, progress=told, stop=stop, **kwargs)

    panel = ReviewPanel(app, judge=slow, asynchronous=True)

    async def scenario() -> None:
        panel.open_review()
        for _ in range(100):
            await asyncio.sleep(0.05)
            if panel.bar.value >= 2:
                break
        assert panel.bar.layout.display != "none" and panel.bar.value >= 1 and panel.result is None
        assert "of" in panel.bar_text.value
        panel.stop_button.click()
        for _ in range(100):
            await asyncio.sleep(0.05)
            if panel.result is not None:
                break

    asyncio.run(scenario())
    assert panel.result is not None
    assert 1 <= len(panel.result.decisions) < seen[0][1]  # the decisions judged until Stop
    assert "stopped" in panel.bar_text.value
    panel.close()


def test_marco_polo_review_marks_the_planted_blunder():
    app, planted = finished_app("marcopolo")
    app.review.open_review()
    [text] = [text for text in decision_texts(app) if f"data-ply='{planted}'" in text]
    assert "data-label='blunder'" in text and "VP" in text
    decision = next(d for d in app.review.result.decisions if d.ply == planted)
    k = app.review.result.costliest().index(decision)
    assert app.review.try_again(k).answer(decision.best).right


def test_a_seats_review_never_shows_another_seats_goal_cards():
    """Marco Polo's goal cards are secret until the end: the review of seat 0, in a replay of a game going on, names
    none of seat 1's (those seat 0 holds too aside)."""
    match, _, before = late_game_with_blunder("marcopolo", 2)
    match.goto(match.ply - 2)  # the game goes on
    app = GameApp(Match(match.start), SEATS, bots_async=False, bot_delay=0)
    app.open_match(match, SEATS, moves_before=before)
    app.start_replay(app.match.ply)
    app.review.open_review()
    assert app.review.result.seat == 0 and not app.state.is_over
    for k in range(len(app.review.result.costliest())):
        app.review.try_again(k)
        text = page_text(app.review)
        for state in app.match.states:
            for goal in set(state.goals(1)) - set(state.goals(0)):
                assert goal_text(goal) not in text
