"""The Medina dashboard in Chromium, in Japanese (``?lang=ja``), played by clicking only: choose a piece, click a
green square. A new game's opening is clicked on the fresh dashboard; then a game saved a few moves before its end is
loaded and clicked to the end panel, whose ranking is the engine's replay of the page's record. At each step the page
reads in Japanese: no word of Latin letters but the seats' names. (A whole game by clicks, every move of it, is
played by the widget-level tests: ``tests/widgets/test_widgets_medina.py``.)"""

from __future__ import annotations

import json
import random
import statistics

import pytest
from playwright.sync_api import expect
from support.accessibility import no_grave_violation
from support.browser import (
    DASHBOARD_SEED,
    INSIDE_PARENT,
    MEDINA_GREEN,
    MEDINA_PIECES,
    MEDINA_SQUARE_TIMER,
    POLL,
    ROOT,
    TIMEOUT,
    a_game_near_its_end,
    downloaded_record,
    end_panel_problems,
    english_left,
    load_a_save,
    place_a_medina_piece,
    ply,
    save_text,
    shown_ranking,
    wait_for_decision,
)

import boardgames
from boardgames.core.message import say, term
from boardgames.translation import words

pytestmark = pytest.mark.browser

DASHBOARD = "/voila/render/medina/play.ipynb?lang=ja"


NAMES = ["Ada", "Ben", "Cleo"]
SAVE_FILE = ("near-the-end", "json")  # the name of the file loaded, which the page says in any language
SEATS = ["human", "expert", "expert"]  # the dashboard's: Ada at this screen, two bots of the strongest level
UNAVAILABLE = "rgb(241, 243, 245)"  # widgets.games.medina.UNAVAILABLE: a piece that may not be chosen now


def practise_cells(notebook: str) -> int:
    """How many "Your turn" exercises (``practise(...)`` cells) a notebook under ``notebooks/`` shows."""
    cells = json.loads((ROOT / "notebooks" / notebook).read_text(encoding="utf-8"))["cells"]
    return sum("practise(" in "".join(c["source"]) for c in cells if c["cell_type"] == "code")


def square_dot(page, at):
    """The marker of square ``at`` in the figure's first scatter (every square of the grid)."""
    return page.locator(".bg-medina-fig path.dot").nth(at[0] * 18 + at[1])


@pytest.mark.long
def test_a_three_player_game_against_two_bots_by_clicking_its_opening_and_its_end(page, voila_url, page_errors,
                                                                                  shoot):
    page.goto(voila_url + DASHBOARD)
    expect(page.locator(".bg-board")).to_have_count(1, timeout=TIMEOUT)
    # the eight piece buttons only choose a piece (bg-choose): the move is a click on a green square
    expect(page.locator(".bg-medina-controls .bg-choose")).to_have_count(8, timeout=TIMEOUT)
    expect(page.locator(".bg-medina-controls .bg-move")).to_have_count(0)
    expect(page.locator(".bg-medina-fig path.dot")).not_to_have_count(0, timeout=TIMEOUT)
    text = page.inner_text("body")
    assert "Traceback" not in text and "dashboard(" not in text
    assert wait_for_decision(page)
    # the opening: the extra merchant is chosen for Ada (ticked), every empty city square is green
    expect(page.locator(MEDINA_GREEN)).to_have_count(11 * 16, timeout=TIMEOUT)
    chosen = page.locator(".bg-medina-controls .bg-selected")
    expect(chosen).to_have_count(1)
    expect(chosen).to_contain_text(words(term("medina.piece", "merchant"), "ja"))
    expect(chosen.locator(".fa-check")).to_have_count(1)
    for button in page.locator(".bg-medina-controls button[disabled]").all():  # the seven others look it
        assert button.evaluate("b => getComputedStyle(b).backgroundColor") == UNAVAILABLE
    assert page.locator(".bg-medina-controls button[disabled]").count() == 7
    # the axes name what the log names: (row, column)
    row, column = words(say("row"), "ja"), words(say("column"), "ja")
    labels = page.locator(".bg-medina-fig text.axislabel").all_text_contents()
    assert sorted(labels) == sorted([column, row])
    assert row in page.locator(".bg-medina-legend").inner_text()
    assert page.evaluate(INSIDE_PARENT, ".bg-log, .bg-status")
    assert page.evaluate("() => document.documentElement.lang") == "ja"
    assert english_left(page, NAMES) == {}
    no_grave_violation(page)
    shoot("medina-01-start")
    # a click on a wall space is refused with the engine's reason, and nothing is placed
    before = ply(page)
    square_dot(page, (0, 5)).click()
    expect(page.locator(".bg-status .bg-message")).to_contain_text("(0, 5)", timeout=TIMEOUT)
    assert ply(page) == before
    assert english_left(page, NAMES) == {}
    shoot("medina-02-refused")
    # Ada's first turn by clicks: the merchant on a green square, then two pieces chosen and placed; the two bots
    # answer with their turns (two pieces each)
    rng = random.Random(5)
    for _ in range(3):
        assert wait_for_decision(page)
        place_a_medina_piece(page, rng)
    page.wait_for_function("() => Number(document.querySelector('.bg-ply').dataset.ply) >= 7", timeout=TIMEOUT,
                           polling=POLL)
    assert wait_for_decision(page)
    # a game saved six of Ada's moves before its end, loaded: the last moves by clicks
    near_end = a_game_near_its_end("medina", NAMES, seed=DASHBOARD_SEED, decisions_left=6, policy=5)
    load_a_save(page, save_text(near_end, SEATS))
    assert wait_for_decision(page) and ply(page) == near_end.ply
    assert english_left(page, (*NAMES, *SAVE_FILE)) == {}
    no_grave_violation(page)
    shoot("medina-03-near-the-end")
    page.evaluate(MEDINA_SQUARE_TIMER)
    clicks = placements = 0
    while wait_for_decision(page):
        clicks += place_a_medina_piece(page, rng)
        placements += 1
        pieces = page.locator(MEDINA_PIECES)
        if rng.random() < 0.25 and pieces.count() > 1:
            # choose another piece now and then: another set of squares turns green
            pieces.nth(rng.randrange(pieces.count())).click()
            clicks += 1
        assert placements < 40
    over = page.locator(".bg-game-over")
    expect(over).to_have_count(1)
    assert english_left(page, (*NAMES, *SAVE_FILE)) == {}
    no_grave_violation(page)
    shoot("medina-04-game-over")
    # the end panel fits its column: no name or number on two lines, every border in sight, a link that looks one
    assert end_panel_problems(page) == []
    link = page.locator(".bg-game-over .bg-record")
    assert "underline" in link.evaluate("a => getComputedStyle(a).textDecorationLine")
    latency = page.evaluate("() => window.bgLatency")
    print(f"\n{placements} placements by {clicks} clicks after the load; median click-to-redraw "
          f"{statistics.median(latency):.0f} ms over {len(latency)} clicks")
    assert placements >= 3 and len(latency) >= 2
    shown = shown_ranking(page)
    match = downloaded_record(page)
    state = match.state
    assert json.loads(match.to_json())["start"]["table"]["names"] == NAMES
    assert state.is_over and len(match.moves) == ply(page)
    assert list(match.moves[:near_end.ply]) == list(near_end.moves)  # the loaded game, played on by the clicks
    # replay the record in the engine alone: the page's ranking is the engine's
    replay = boardgames.medina.new_game(NAMES)
    for move in match.moves:
        replay = replay.play(move)
    scores = replay.scores()
    expected = sorted(range(3), key=lambda s: (-scores[s], s))
    assert [seat for _, seat, _ in shown] == expected
    assert [score for _, _, score in shown] == [scores[s] for s in expected]
    assert {seat for place, seat, _ in shown if place == 1} == set(replay.winners())
    assert page_errors == []


def test_the_placing_lesson_draws_its_boards_with_green_squares(page, voila_url, page_errors, shoot):
    page.goto(voila_url + "/voila/render/medina/02-placing-pieces.ipynb")
    lesson_boards = page.locator(".jp-OutputArea-output:not(:has(.bg-exercise)) .bg-medina-fig")
    expect(lesson_boards).to_have_count(9, timeout=TIMEOUT)  # the two new boards of the refusals among them
    exercises = page.locator(".bg-exercise .bg-medina-fig")  # and each "Your turn" exercise has its board
    expect(exercises).to_have_count(practise_cells("medina/02-placing-pieces.ipynb"), timeout=TIMEOUT)
    expect(page.locator(MEDINA_GREEN).first).to_be_attached(timeout=TIMEOUT)
    assert "Traceback" not in page.inner_text("body")
    shoot("medina-05-lesson-placing")
    assert page_errors == []
