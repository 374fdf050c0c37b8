"""The guided first game in Voilà, played by clicks as a learner plays it: the Medici first game from its first step
to the scoring (and one move clicked wrong, refused with the rule), the Foundations of Metropolis first game's first
ten steps (a build by its tile and cells, income, a deed bought on the city's figure: every kind of move it asks
for) and then stopped, and the first step of Medina's and Marco Polo's for a picture. The guide's end, its scoring,
is the shell's for every game, seen here on Medici's; each game's script to its scoring is
``tests/test_guided.py``'s and ``tests/test_first_game.py``'s.

The page's guide and a twin ``FirstGame`` kept here in Python play the same script (it is deterministic): the twin
says which move the page's step asks for and what the position is when it is clicked (Medici's lowest bid, the
cells Metropolis' board shows); the page's ``data-move`` must agree with it at every step. The bots' pause is the
browser tests' short one (``BOARDGAMES_BOT_DELAY``, set in ``conftest``)."""

from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect
from support.browser import (
    METROPOLIS_CELLS,
    METROPOLIS_GREEN,
    METROPOLIS_PICKED,
    POLL,
    SCREENSHOTS,
    TIMEOUT,
    type_a_bid,
)

from boardgames import medici
from boardgames import metropolis as m
from boardgames.guided import FirstGame
from widgets.games.medici.board import ship_label

pytestmark = pytest.mark.browser

STEP = ".bg-first-game .bg-guide-step"
VERDICT = ".bg-first-game .bg-guide-verdict"
# The guide shows the learner's step ``k`` (or the game is over).
AT_STEP = """k => { const b = document.querySelector('.bg-first-game .bg-guide-step');
    return !!b && ((b.dataset.state === 'learner' && b.dataset.step === String(k)) || b.dataset.state === 'over'); }"""
# The build under way has ``picked`` cells marked, or the guide has moved past step ``k``.
PICKED_OR_PLAYED = f"""([k, picked]) => {{ const b = document.querySelector('.bg-first-game .bg-guide-step');
    return (!!b && b.dataset.step !== String(k)) || document.querySelectorAll("{METROPOLIS_PICKED}").length >= picked;
}}"""


def open_first_game(page, voila_url: str, game: str) -> None:
    page.goto(f"{voila_url}/voila/render/{game}/first-game.ipynb", timeout=TIMEOUT)
    page.locator(".bg-first-game").wait_for(timeout=TIMEOUT)
    page.locator(".bg-first-game .bg-board svg").first.wait_for(timeout=TIMEOUT)
    assert "Traceback" not in page.inner_text("body") and "first_game(" not in page.inner_text("body")
    assert page.locator(".jp-InputArea-editor:visible").count() == 0, "code is shown"
    assert page.locator(".jp-OutputArea-output.jp-RenderedText").count() == 0, "a print or a repr is shown"


def wait_for_step(page, k: int) -> bool:
    """Wait until the guide asks for the learner's move ``k`` (True) or the game is over (False)."""
    page.wait_for_function(AT_STEP, arg=k, timeout=TIMEOUT, polling=POLL)
    return page.locator(STEP).get_attribute("data-state") == "learner"


def shot(page, name: str) -> None:
    """A picture of the window with the first game's top (the guide's box and the board) at its top."""
    page.locator(".bg-first-game").evaluate("e => e.scrollIntoView({block: 'start'})")
    page.wait_for_timeout(300)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"))


def button(page, name: str):
    return page.locator(".bg-first-game").get_by_role("button", name=name, exact=True)


# ------------------------------------------------------------------ a learner's clicks
def click_medici(page, state, move) -> int:
    """The clicks of a Medici move: its button; a bid above the lowest is typed into the slider's readout first."""
    if isinstance(move, medici.Bid):
        lowest = min(mv.amount for mv in state.legal_moves() if isinstance(mv, medici.Bid))
        if move.amount == lowest:
            button(page, f"Bid {lowest} (the minimum)").click()
            return 1
        controls = page.locator(".bg-first-game .bg-medici-controls")
        for typed in range(1, 5):  # a readout clicked while the controls were being redrawn (a loaded machine) lost
            type_a_bid(page, controls, move.amount)  # the amount typed: a player types it again
            try:
                button(page, f"Bid {move.amount}").click(timeout=TIMEOUT // 4)
                return 1 + typed
            except PlaywrightTimeout:
                continue
        raise AssertionError(f"the bid of {move.amount} was typed 4 times and its button never showed")
    if isinstance(move, medici.Stow):
        button(page, f"Load {ship_label(move.ship)}").click()
        return 1
    kind = {medici.Draw: "draw", medici.Auction: "auction", medici.Pass: "pass"}[type(move)]
    page.locator(f".bg-first-game .bg-move-{kind}").click()
    return 1


def cell_dot(page, cell: str):
    """The marker of ``cell`` in the Metropolis figure's first scatter (every cell of the two-player city)."""
    return page.locator(METROPOLIS_CELLS).nth(m.cells(2).index(cell))


def click_metropolis(page, k: int, move) -> int:
    """The clicks of a Metropolis move: income's button; a deed's cell; a tile, then its cells until it is built."""
    if isinstance(move, m.Income):
        page.locator(".bg-first-game .bg-move-income").click()
        return 1
    if isinstance(move, (m.Buy, m.Pick)):
        cell_dot(page, move.cell).click(force=True)  # what is drawn on the cell takes the click, for that cell
        return 1
    tiles = page.locator(".bg-first-game .bg-metropolis-tiles")
    tile = tiles.get_by_role("button", name=re.compile(rf"^{re.escape(move.tile)}(×\d+)?$"))  # "B×2": two left
    clicks = 0
    for _ in range(4):  # a click on a button redrawn under it (the controls coming back after the bots) is lost
        tile.click()
        clicks += 1
        try:
            page.wait_for_function(f"() => document.querySelectorAll(\"{METROPOLIS_GREEN}\").length > 0",
                                   timeout=TIMEOUT // 4, polling=POLL)
            break
        except PlaywrightTimeout:
            continue
    for picked, cell in enumerate(move.cells, start=1):
        clicks += click_cell(page, cell, k, picked)
        if page.locator(STEP).get_attribute("data-step") != str(k):
            break
    return clicks


def click_cell(page, cell: str, k: int, picked: int, tries: int = 4) -> int:
    """Click ``cell`` until the build under way has ``picked`` cells (or the step is played): a click that reached
    a dot while the figure was being redrawn, on a loaded machine, is lost (the picked count has not moved), and a
    player clicks again. The clicks it took."""
    for attempt in range(1, tries + 1):
        cell_dot(page, cell).click(force=True)
        try:
            page.wait_for_function(PICKED_OR_PLAYED, arg=[k, picked], timeout=TIMEOUT // tries, polling=POLL)
            return attempt
        except PlaywrightTimeout:
            continue
    raise AssertionError(f"step {k}: cell {cell} was clicked {tries} times and never picked")


def play_to_the_end(page, game: str, click, twin: FirstGame, first: int = 1, picture_at: int = 10,
                    last: int | None = None) -> int:
    """Click every step the page's guide asks for from step ``first`` to the end (or to step ``last``), checking it
    against ``twin`` (and taking a picture at step ``picture_at``, the log full of the bots' moves by then); the
    clicks made."""
    clicks, k = 0, first
    while wait_for_step(page, k):
        if k > first:  # the move before was played: the verdict says so
            assert page.locator(VERDICT).get_attribute("data-right") == "true", page.locator(VERDICT).inner_text()
        if k == picture_at:
            shot(page, f"first-game-{game}-02-later")
        step = twin.step()
        assert page.locator(STEP).get_attribute("data-move") == str(step.move), f"step {k}"
        clicks += click(page, twin.state, step.move) if game == "medici" else click(page, k, step.move)
        assert twin.try_move(step.move).right
        while twin.step() is None and not twin.over:
            twin.bot_turn()
        if k == last:
            return clicks
        k += 1
    assert twin.over
    return clicks


def the_scoring_is_explained(page, twin: FirstGame) -> None:
    scoring = page.locator(".bg-first-game .bg-guide-scoring li")
    expect(scoring).to_have_count(len(twin.scoring()), timeout=TIMEOUT)
    assert [line.strip() for line in scoring.all_inner_texts()] == twin.scoring()
    expect(page.locator(".bg-first-game .bg-board.bg-marked")).to_have_count(0)
    expect(page.locator(".bg-guide-stop")).to_be_disabled()


# ------------------------------------------------------------------ the tests
@pytest.mark.long
def test_the_medici_first_game_by_clicks_a_wrong_move_refused_then_every_step_to_the_scoring(page, voila_url,
                                                                                          page_errors):
    start = time.perf_counter()
    open_first_game(page, voila_url, "medici")
    twin = FirstGame("medici")
    assert wait_for_step(page, 1)
    step = twin.step()
    expect(page.locator(STEP)).to_have_attribute("data-move", str(step.move))
    expect(page.locator(STEP)).to_contain_text(f"Move 1 of {twin.progress[1]}")
    expect(page.locator(".bg-first-game .bg-board.bg-marked")).to_have_count(1)
    expect(page.locator(".bg-first-game .bg-mark")).to_contain_text(f"Suggested move: {step.move}")
    shot(page, "first-game-medici-01-step")
    # a move the guide did not ask for, clicked: refused with the rule, and nothing changes
    wrong = next(mv for mv in twin.state.legal_moves() if mv != step.move and not isinstance(mv, medici.Bid))
    click_medici(page, twin.state, wrong)
    verdict = page.locator(VERDICT)
    expect(verdict).to_have_attribute("data-right", "false", timeout=TIMEOUT)
    assert step.rule in verdict.inner_text() and step.say in verdict.inner_text()
    expect(page.locator(STEP)).to_have_attribute("data-step", "1")
    expect(page.locator(STEP)).to_have_attribute("data-move", str(step.move))
    shot(page, "first-game-medici-01-refused")
    clicks = play_to_the_end(page, "medici", click_medici, twin)
    the_scoring_is_explained(page, twin)
    page.locator(".bg-first-game .bg-guide-scoring").evaluate("e => e.scrollIntoView({block: 'start'})")
    page.wait_for_timeout(300)
    page.screenshot(path=str(SCREENSHOTS / "first-game-medici-03-scoring.png"))
    print(f"\nMedici's first game by clicks: {twin.progress[0]} moves, {clicks} clicks, "
          f"{time.perf_counter() - start:.0f} s")
    # Start again: the top of the same game
    page.locator(".bg-guide-restart").click()
    page.wait_for_function(AT_STEP, arg=1, timeout=TIMEOUT, polling=POLL)
    expect(page.locator(STEP)).to_have_attribute("data-state", "learner")
    expect(page.locator(".bg-first-game .bg-guide-scoring li")).to_have_count(0)
    assert page_errors == []


METROPOLIS_STEPS = 10  # the first ten steps: builds, incomes and deeds bought


@pytest.mark.long
def test_the_metropolis_first_game_by_clicks_its_first_steps_each_kind_of_move(page, voila_url, page_errors):
    start = time.perf_counter()
    open_first_game(page, voila_url, "metropolis")
    twin = FirstGame("metropolis")
    assert wait_for_step(page, 1)
    expect(page.locator(".bg-first-game .bg-mark")).to_contain_text(f"Suggested move: {twin.step().move}")
    shot(page, "first-game-metropolis-01-step")
    kinds = []
    clicks = play_to_the_end(page, "metropolis", lambda p, k, move: kinds.append(type(move)) or click_metropolis(
        p, k, move), twin, last=METROPOLIS_STEPS)
    assert {m.Build, m.Income, m.Buy} <= set(kinds), kinds
    wait_for_step(page, METROPOLIS_STEPS + 1)
    assert page.locator(VERDICT).get_attribute("data-right") == "true", page.locator(VERDICT).inner_text()
    print(f"\nMetropolis' first game by clicks: {METROPOLIS_STEPS} of {twin.progress[1]} steps, {clicks} clicks, "
          f"{time.perf_counter() - start:.0f} s")
    assert page_errors == []


@pytest.mark.parametrize("game", ["medina", "marcopolo"])
def test_the_first_step_is_said_and_marked_on_the_board(game, page, voila_url, page_errors):
    open_first_game(page, voila_url, game)
    twin = FirstGame(game)
    assert wait_for_step(page, 1)
    step = twin.step()
    expect(page.locator(STEP)).to_have_attribute("data-move", str(step.move))
    expect(page.locator(STEP)).to_contain_text(step.say)
    expect(page.locator(".bg-first-game .bg-board.bg-marked")).to_have_count(1)
    expect(page.locator(".bg-first-game .bg-mark")).to_contain_text(f"Suggested move: {step.move}")
    shot(page, f"first-game-{game}-01-step")
    # Stop: the board stays, the controls go inactive, the box says how to start again
    page.locator(".bg-guide-stop").click()
    expect(page.locator(STEP)).to_have_attribute("data-state", "stopped", timeout=TIMEOUT)
    expect(page.locator(STEP)).to_contain_text("Start again")
    expect(page.locator(".bg-first-game .bg-board svg").first).to_be_visible()
    expect(page.locator(".bg-first-game button.bg-move:not([disabled]), "
                        ".bg-first-game button.bg-choose:not([disabled])")).to_have_count(0)
    assert page_errors == []
