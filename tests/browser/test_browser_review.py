"""Review a game in Chromium (issue 32): a two-player Medici game a few moves before its end is loaded on the
dashboard with Ada (seat 0) to decide (``support.review_play``); the browser plays her deliberate bad move on the
controls (the slider set to the highest bid, far above what the lot brings, and Bid), then her remaining decisions by
clicks while the bot plays Ben, to the end. Review on the end panel marks the bad move; "Show in Replay" puts the
replay at it; "Try again" takes the expert's better move, played on the exercise's own controls, as right. The page
is asked for in Japanese (``?lang=ja``): at each step it reads with no word of Latin letters but the seats' names.

The review panel is the shell's, the same for every game: each game's review (Marco Polo's with its secret goal
cards) is ``tests/widgets/test_widgets_review.py``'s and ``tests/test_review.py``'s."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect
from support.accessibility import no_grave_violation
from support.browser import TIMEOUT, english_left, type_a_bid, until_it_moves, wait_for_decision
from support.review_play import late_game_before_a_bad_move, save_file

from boardgames.core.message import say
from boardgames.medici.moves import move_said
from boardgames.translation import words

pytestmark = pytest.mark.browser

SEATS = ["human", "random"]
# the expert's better move there, a one-click move on the exercise's controls, and its button
BUTTONS = {"pass": ".bg-move-pass", "draw": ".bg-move-draw", "auction": ".bg-move-auction"}
GAME, SEED = "medici", 1
LANGUAGE = "ja"
NAMES = ("Ada", "Ben")


def play_the_bad_move(page, move) -> None:
    """Ada's bad move, clicked: the amount typed into the slider's readout, and Bid."""
    type_a_bid(page, page.locator(".bg-medici-controls"), move.amount)
    page.get_by_role("button", name=words(say("Bid {amount}", amount=move.amount), LANGUAGE), exact=True).click()


def play_a_sound_decision(page) -> None:
    """One of Ada's later decisions, clicked: the first enabled move (pass, draw, the minimum bid...)."""
    until_it_moves(page, lambda: page.locator(".bg-medici-controls button.bg-move:not([disabled])").first.click())


def test_a_bad_move_played_is_marked_shown_in_replay_and_tried_again(page, voila_url, page_errors, shoot, tmp_path):
    game = GAME
    match, bad, decision, before = late_game_before_a_bad_move(game, SEED, lambda best: str(best) in BUTTONS)
    planted, best = decision.ply, str(decision.best)
    saved = tmp_path / f"{game}-before-the-bad-move.json"
    saved.write_text(save_file(match, SEATS, before))

    page.goto(f"{voila_url}/voila/render/{game}/play.ipynb?lang={LANGUAGE}")
    expect(page.locator(".bg-board")).to_have_count(1, timeout=TIMEOUT)
    with page.expect_file_chooser() as chooser:
        page.locator(".bg-load").click()
    chooser.value.set_files(str(saved))
    expect(page.locator(".bg-ply")).to_have_attribute("data-ply", str(planted + before), timeout=TIMEOUT)
    assert wait_for_decision(page)
    assert english_left(page, (*NAMES, saved.stem, "json")) == {}  # the file loaded is named as it is
    shoot(f"review-{game}-00-before-the-bad-move")
    until_it_moves(page, lambda: play_the_bad_move(page, bad))
    while wait_for_decision(page):
        play_a_sound_decision(page)
    expect(page.locator(".bg-game-over")).to_be_visible(timeout=TIMEOUT)

    page.locator(".bg-review-open").click()
    item = page.locator(".bg-review-item").filter(has=page.locator(f".bg-review-decision[data-ply='{planted}']"))
    expect(item.locator(".bg-review-decision")).to_have_attribute("data-label", decision.label, timeout=TIMEOUT)
    expect(page.locator(f".bg-review-count[data-label='{decision.label}']")).not_to_have_attribute("data-count", "0")
    expect(page.locator(".bg-review-chart")).to_be_visible()
    said = item.inner_text()
    assert words(move_said(bad), LANGUAGE) in said and words(move_said(decision.best), LANGUAGE) in said
    assert english_left(page, NAMES) == {}
    no_grave_violation(page)
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
    page.locator(".bg-review-exercise " + BUTTONS[best] + ":not([disabled])").first.click()
    expect(puzzle.locator(".bg-exercise-verdict")).to_have_attribute("data-right", "true", timeout=TIMEOUT)
    assert english_left(page, NAMES) == {}
    no_grave_violation(page)
    puzzle.locator(".bg-exercise-question").scroll_into_view_if_needed()
    shoot(f"review-{game}-03-try-again")
    assert page_errors == []
