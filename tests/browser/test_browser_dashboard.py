"""The Medici dashboard in Chromium, played by clicking only, the way a person plays it. The games to their end are a
new game's first moves (an undo among them) and then a game saved a few moves before its end, loaded with "Load a
game" and clicked to the end panel: a whole game by clicks, every move of it, is played by the widget-level tests
(``tests/widgets/test_widgets_shell.py``)."""

from __future__ import annotations

import json
import random
import re
import time

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from playwright.sync_api import expect
from support.accessibility import no_grave_violation
from support.browser import (
    DASHBOARD_SEED,
    POLL,
    TIMEOUT,
    a_game_near_its_end,
    downloaded_record,
    end_panel_problems,
    english_left,
    load_a_save,
    ply,
    save_text,
    until_it_moves,
    wait_for_decision,
    wait_ply_change,
)
from support.notebook_pages import NOTEBOOKS, read_as_a_learner

from boardgames.core.message import say, term
from boardgames.medici.moves import ship_said
from boardgames.translation import words

pytestmark = pytest.mark.browser

DASHBOARD = "/voila/render/medici/play.ipynb"
MOVE = ".bg-move:not([disabled]):visible"
NAMES = ["Ada", "Ben", "Cleo"]
BOTS = "expert"  # the dashboard's bots: the strongest level


def open_dashboard(page, url: str, language: str = "en") -> None:
    page.goto(url + DASHBOARD + ("" if language == "en" else f"?lang={language}"))
    expect(page.locator(".bg-board")).to_have_count(1, timeout=TIMEOUT)
    expect(page.locator(".bg-move")).not_to_have_count(0, timeout=TIMEOUT)


def no_code_no_traceback(page) -> None:
    text = page.inner_text("body")
    assert "Traceback" not in text and "from widgets import" not in text and "dashboard(" not in text
    assert page.locator(".jp-InputArea-editor:visible").count() == 0


def click_a_move(page, rng: random.Random) -> str:
    """Click a random enabled move control, wait for the move, and return the control's label."""

    def click() -> str:
        moves = page.locator(MOVE)
        # the choosing controls may be enabled a moment before the moving ones, and the move box may be
        # redrawn hidden for a moment (also between the wait and the count): wait for an enabled move that shows
        deadline = time.monotonic() + 15
        while True:
            moves.first.wait_for(state="visible", timeout=15_000)
            n = moves.count()
            if n > 0:
                break
            assert time.monotonic() < deadline, "a human decision with no enabled control"
        button = moves.nth(rng.randrange(n))
        label = button.inner_text()
        button.click()
        return label

    return until_it_moves(page, click)


# Every mark of ``selector`` that shows somewhere on the page (is the topmost element at some point of its box):
# their fill colours.
SHOWN_FILLS = """selector => [...document.querySelectorAll(selector)].filter(mark => {
    const b = mark.getBoundingClientRect(), x = b.x + b.width / 2;
    for (let y = b.top + 0.25; y < b.bottom; y += 0.5) if (document.elementFromPoint(x, y) === mark) return true;
    return false;
}).map(mark => getComputedStyle(mark).fill)"""
SEAT_FILLS = ["rgb(213, 94, 0)", "rgb(0, 114, 178)", "rgb(0, 158, 115)"]  # widgets.kit.palette, seats 0-2


def every_seat_shows(page) -> None:
    """Every seat's colour shows on the chart (the chart may be redrawn a moment after the move counter)."""
    try:
        page.wait_for_function(
            f"([s, want]) => {{ const got = ({SHOWN_FILLS})(s).sort(); "
            "return JSON.stringify(got) === JSON.stringify(want); }",
            arg=[".bg-scores path.dot", sorted(SEAT_FILLS)], timeout=15_000, polling=POLL)
    except PlaywrightTimeoutError:
        pass
    assert sorted(page.evaluate(SHOWN_FILLS, ".bg-scores path.dot")) == sorted(SEAT_FILLS)
# The top of the board within the window (the page scrolls in an inner box: the window's own scroll stays 0).
BOARD_IN_VIEW = """() => { const b = document.querySelector('.bg-board').getBoundingClientRect();
    return b.top >= 0 && b.top < window.innerHeight / 2; }"""


def engine_result(page):
    """The engine's own verdict on the game the page played: replay the page's record."""
    match = downloaded_record(page)
    assert json.loads(match.to_json())["start"]["table"]["seed"] > 0
    return match


@pytest.mark.long
def test_the_chart_and_a_three_player_game_against_two_bots_by_clicking_its_first_moves_and_its_end(
        page, voila_url, page_errors, shoot):
    open_dashboard(page, voila_url)
    no_code_no_traceback(page)
    names = page.locator(".bg-board").inner_text()
    assert "Ada" in page.inner_text("body") or names
    assert wait_for_decision(page)
    # move 0: every seat has 40 florins, and every seat's colour shows on the chart (a dot where its line ends)
    every_seat_shows(page)
    legend = page.locator(".bg-medici-legend").inner_text()
    assert "worth: the ship's value" in legend and "30 / 15 / 0 florins" in legend
    shoot("medici-01-start")
    rng = random.Random(7)
    clicks, labels = 0, []
    for _ in range(5):
        assert wait_for_decision(page)
        if clicks == 3:
            every_seat_shows(page)
            shoot("medici-08-chart-after-three-moves")
        if clicks == 4:
            # undo: back to the human's previous decision, the board and log go back with it, and the status
            # says so as information (not an error's red)
            before = ply(page)
            log_before = page.locator(".bg-log").inner_text()
            page.locator(".bg-undo").click()
            wait_ply_change(page, before)
            assert ply(page) < before
            assert wait_for_decision(page)
            expect(page.locator(".bg-log")).not_to_have_text(log_before, timeout=TIMEOUT)
            expect(page.locator(".bg-redo")).to_be_enabled()
            info = page.locator(".bg-status .bg-message")
            expect(info).to_have_class(re.compile(r"\bbg-info\b"))
            expect(info).to_contain_text("Undone: back to move")
            assert info.evaluate("e => getComputedStyle(e).color") != "rgb(201, 42, 42)"
            shoot("medici-02-after-undo")
        labels.append(click_a_move(page, rng))
        clicks += 1
    expect(page.locator(".bg-status .bg-message")).to_have_count(0, timeout=TIMEOUT)  # gone at the next move
    # a game saved four of Ada's decisions before its end, loaded: its last moves by clicks
    near_end = a_game_near_its_end("medici", NAMES, seed=DASHBOARD_SEED, decisions_left=4, policy=7)
    assert wait_for_decision(page)
    load_a_save(page, save_text(near_end, ["human", BOTS, BOTS]))
    assert wait_for_decision(page) and ply(page) == near_end.ply
    shoot("medici-03-near-the-end")
    while wait_for_decision(page):
        labels.append(click_a_move(page, rng))
        clicks += 1
        assert clicks < 60
    over = page.locator(".bg-game-over")
    expect(over).to_have_count(1)
    # the replay slider follows the game to its last move
    expect(page.locator(".bg-replay .widget-readout")).to_have_text(str(ply(page)), timeout=TIMEOUT)
    shoot("medici-04-game-over")
    assert end_panel_problems(page) == []  # at 1280 and 1024 px wide, every column in sight
    no_code_no_traceback(page)
    # the page's final ranking is the engine's
    rows = page.locator(".bg-game-over .bg-rank-row")
    shown = [
        (int(rows.nth(i).get_attribute("data-place")), int(rows.nth(i).get_attribute("data-seat")),
         int(rows.nth(i).get_attribute("data-score")), rows.nth(i).locator(".bg-rank-name").inner_text())
        for i in range(rows.count())
    ]
    match = engine_result(page)
    state = match.state
    assert state.is_over and len(match.moves) == ply(page)
    assert list(match.moves[:near_end.ply]) == list(near_end.moves)  # the loaded game, played on by the clicks
    scores = state.scores()
    expected = sorted(range(3), key=lambda s: (-scores[s], s))
    assert [seat for _, seat, _, _ in shown] == expected
    assert [score for _, _, score, _ in shown] == [scores[s] for s in expected]
    assert [name.rstrip(" \u00a0★") for *_, name in shown] == [state.names[s] for s in expected]
    assert {seat for place, seat, _, _ in shown if place == 1} == set(state.winners())
    assert any(label.startswith("Bid") for label in labels)
    assert page_errors == []


def test_the_replay_slider_a_two_player_game_from_the_new_game_form_to_its_end_and_a_game_of_bots_fast_forwarded(
        page, voila_url, page_errors, shoot):
    """In Japanese (``?lang=ja``): at each step the page holds no word of Latin letters but the seats' names."""
    open_dashboard(page, voila_url, "ja")
    rng = random.Random(3)
    for _ in range(3):
        assert wait_for_decision(page)
        click_a_move(page, rng)
    assert wait_for_decision(page)
    now = ply(page)
    # replay: switch it on, then step back with the keyboard on the slider's handle
    page.locator(".bg-replay-toggle").click()
    expect(page.locator(".bg-app.bg-replaying")).to_have_count(1, timeout=TIMEOUT)
    handle = page.locator(".bg-replay .noUi-handle")
    handle.focus()
    handle.press("Home")
    page.wait_for_function("() => document.querySelector('.bg-ply').dataset.shown === '0'", timeout=TIMEOUT,
                           polling=POLL)
    expect(page.locator(MOVE)).to_have_count(0)
    assert ply(page) == now
    assert english_left(page, NAMES) == {}
    no_grave_violation(page)
    shoot("medici-05-replay")
    page.locator(".bg-replay-toggle").click()
    assert wait_for_decision(page) and ply(page) == now
    # a new two-player game from the form: the stow controls appear, and the page is back at the board
    page.set_viewport_size({"width": 1280, "height": 600})  # the form lies below the fold
    page.locator(".bg-setup .lm-AccordionPanel-title, .bg-setup .jupyter-widget-Collapse-header").first.click()
    page.locator(".bg-setup select").nth(1).select_option("2")
    page.locator(".bg-new-game").click()
    page.wait_for_function(BOARD_IN_VIEW, timeout=TIMEOUT, polling=POLL)
    expect(page.locator(".bg-setup .bg-new-game")).to_be_hidden()  # the form is folded
    page.set_viewport_size({"width": 1280, "height": 800})
    expect(page.locator(".bg-board")).to_contain_text(words(ship_said(0), "ja"), timeout=TIMEOUT)
    expect(page.locator(".bg-move-stow")).to_have_count(2)
    stowed = False
    while not stowed:  # the moves of that game up to a lot Ada loads on a ship (a stow), by clicks
        assert wait_for_decision(page)
        if page.locator(".bg-move-stow:not([disabled])").count():
            stowed = True
            assert english_left(page, NAMES) == {}
            shoot("medici-06-two-players-stow")
        click_a_move(page, rng)
        assert ply(page) < 40
    # a two-player game saved four of Ada's decisions before its end, loaded: its last moves by clicks
    near_end = a_game_near_its_end("medici", NAMES[:2], seed=DASHBOARD_SEED, decisions_left=4, policy=3)
    assert wait_for_decision(page)
    load_a_save(page, save_text(near_end, ["human", BOTS]))
    expect(page.locator(".bg-ply")).to_have_attribute("data-ply", str(near_end.ply), timeout=TIMEOUT)
    while wait_for_decision(page):
        click_a_move(page, rng)
    assert page.locator(".bg-game-over .bg-rank-row").count() == 2
    expect(page.locator(".bg-replay .widget-readout")).to_have_text(str(ply(page)), timeout=TIMEOUT)
    assert english_left(page, (*NAMES, "near-the-end", "json")) == {}  # the file loaded is named as it is
    no_grave_violation(page)
    shoot("medici-07-two-players-over")
    assert stowed
    # then a game of bots only from the form, fast-forwarded to its end
    page.set_viewport_size({"width": 1280, "height": 600})  # the form lies below the fold
    page.locator(".bg-setup .lm-AccordionPanel-title, .bg-setup .jupyter-widget-Collapse-header").first.click()
    seats = page.locator(".bg-setup .bg-seat-kind select")
    for i in range(seats.count()):  # one kind chooser per seat
        seats.nth(i).select_option(label=words(say("bot: {level}", level=term("bot.level", "random")), "ja"))
    page.locator(".bg-new-game").click()
    # the form folds and the page is back at the board
    page.wait_for_function(BOARD_IN_VIEW, timeout=TIMEOUT, polling=POLL)
    forward = page.locator(".bg-fast-forward")
    expect(forward).to_be_visible(timeout=TIMEOUT)
    shoot("medici-10-fast-forward")
    forward.click()
    expect(page.locator(".bg-game-over")).to_have_count(1, timeout=TIMEOUT)
    expect(forward).to_be_hidden()
    assert page.locator(".bg-game-over .bg-rank-row").count() == 2
    assert english_left(page, NAMES) == {}
    no_grave_violation(page)
    shoot("medici-11-fast-forwarded")
    assert page_errors == []




def test_the_landing_page_links_every_notebook_and_runs_no_code(page, voila_url, page_errors, shoot):
    page.goto(voila_url + "/voila/render/index.ipynb")
    assert read_as_a_learner(page, NOTEBOOKS / "index.ipynb") == []  # no output: it runs no code
    shoot("notebook-index")
    expect(page.locator("a[href*='medici/play.ipynb']").first).to_be_attached(timeout=TIMEOUT)
    for name in ("01-setup", "02-a-turn", "03-scoring"):
        assert page.locator(f"a[href*='medici/{name}.ipynb']").count() >= 1
    no_code_no_traceback(page)
    assert page_errors == []
