"""Review a game in Chromium (issue 32): for Medici and Marco Polo, a two-player game a few moves before its end is
loaded on the game's dashboard with Ada (seat 0) to decide (``support.review_play``); the browser plays her
deliberate bad move on the controls (Medici: the slider set to the highest bid, far above what the lot brings, and
Bid; Marco Polo: the coin bag with a 1), then her remaining decisions by clicks while the bot plays Ben, to the end.
Review on the end panel marks the bad move; "Show in Replay" puts the replay at it; "Try again" takes the expert's
better move, played on the exercise's own controls, as right."""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import expect
from support.browser import MARCOPOLO_ANSWERS, TIMEOUT, play_a_marcopolo_decision, until_it_moves, wait_for_decision
from support.review_play import late_game_before_a_bad_move, save_file

pytestmark = pytest.mark.browser

SEATS = ["human", "random"]
# the expert's better move there, a one-click move on the exercise's controls, and its button
BUTTONS = {"medici": {"pass": ".bg-move-pass", "draw": ".bg-move-draw", "auction": ".bg-move-auction"},
           "marcopolo": {"end turn": ".bg-move-end"}}
CASES = [("medici", 1), ("marcopolo", 1)]


def play_the_bad_move(page, game: str, move) -> None:
    """Ada's bad move, clicked: Medici's amount typed into the slider's readout and Bid; Marco Polo's coin bag and
    the move with that die."""
    if game == "medici":
        readout = page.locator(".bg-medici-controls .bg-bid-amount .widget-readout")
        readout.click()
        page.keyboard.press("Control+A")
        page.keyboard.type(str(move.amount))
        page.keyboard.press("Enter")
        page.get_by_role("button", name=f"Bid {move.amount}", exact=True).click()
    else:
        page.locator(".bg-marcopolo-controls .bg-mp-action-coin-bag").click()
        page.locator(f".bg-marcopolo-moves .bg-move[title='{move}']").click()


def play_a_sound_decision(page, game: str, rng: random.Random) -> None:
    """One of Ada's later decisions, clicked: Medici's first enabled move (pass, draw, the minimum bid...); Marco
    Polo's End turn when she may, an answer, or a decision of ``play_a_marcopolo_decision``."""
    if game == "medici":
        until_it_moves(page, lambda: page.locator(".bg-medici-controls button.bg-move:not([disabled])").first.click())
        return
    end, answers = page.locator(".bg-move-end:not([disabled])"), page.locator(MARCOPOLO_ANSWERS)
    if end.count():
        until_it_moves(page, lambda: end.click())
    elif answers.count():
        until_it_moves(page, lambda: answers.first.click())
    else:
        play_a_marcopolo_decision(page, rng)


@pytest.mark.parametrize("game, seed", CASES, ids=[c[0] for c in CASES])
def test_a_bad_move_played_is_marked_shown_in_replay_and_tried_again(page, voila_url, page_errors, shoot, tmp_path,
                                                                     game, seed):
    match, bad, decision, before = late_game_before_a_bad_move(game, seed, lambda best: str(best) in BUTTONS[game])
    planted, best = decision.ply, str(decision.best)
    saved = tmp_path / f"{game}-before-the-bad-move.json"
    saved.write_text(save_file(match, SEATS, before))

    page.goto(f"{voila_url}/voila/render/{game}/play.ipynb")
    expect(page.locator(".bg-board")).to_have_count(1, timeout=TIMEOUT)
    with page.expect_file_chooser() as chooser:
        page.locator(".bg-load").click()
    chooser.value.set_files(str(saved))
    expect(page.locator(".bg-ply")).to_have_attribute("data-ply", str(planted + before), timeout=TIMEOUT)
    assert wait_for_decision(page)
    shoot(f"review-{game}-00-before-the-bad-move")
    until_it_moves(page, lambda: play_the_bad_move(page, game, bad))
    rng = random.Random(seed)
    while wait_for_decision(page):
        play_a_sound_decision(page, game, rng)
    expect(page.locator(".bg-game-over")).to_be_visible(timeout=TIMEOUT)

    page.locator(".bg-review-open").click()
    item = page.locator(".bg-review-item").filter(has=page.locator(f".bg-review-decision[data-ply='{planted}']"))
    expect(item.locator(".bg-review-decision")).to_have_attribute("data-label", decision.label, timeout=TIMEOUT)
    expect(page.locator(f".bg-review-count[data-label='{decision.label}']")).not_to_have_attribute("data-count", "0")
    expect(page.locator(".bg-review-chart")).to_be_visible()
    assert str(bad) in item.inner_text() and best in item.inner_text()
    item.scroll_into_view_if_needed()
    shoot(f"review-{game}-01-review")

    item.locator(".bg-review-show").click()
    expect(page.locator(".bg-ply")).to_have_attribute("data-shown", str(planted + before), timeout=TIMEOUT)
    expect(page.locator(".bg-ply")).to_have_attribute("data-turn", "replaying")
    page.locator(".bg-board").scroll_into_view_if_needed()
    shoot(f"review-{game}-02-in-replay")

    item.locator(".bg-review-try").click()
    puzzle = page.locator(".bg-review-exercise .bg-exercise")
    expect(puzzle).to_be_visible(timeout=TIMEOUT)
    page.locator(".bg-review-exercise " + BUTTONS[game][best] + ":not([disabled])").first.click()
    expect(puzzle.locator(".bg-exercise-verdict")).to_have_attribute("data-right", "true", timeout=TIMEOUT)
    puzzle.locator(".bg-exercise-question").scroll_into_view_if_needed()
    shoot(f"review-{game}-03-try-again")
    assert page_errors == []
