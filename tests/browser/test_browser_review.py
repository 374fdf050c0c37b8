"""Review a game in Chromium (issue 32): for Medici and Marco Polo, a two-player game near its end, saved with a
deliberate blunder of the human seat in it (``support.review_play``), is loaded on the game's dashboard; Review on
the end panel marks that move a blunder; "Show in Replay" puts the replay at it; "Try again" takes the expert's
better move, played on the exercise's own controls, as right."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect
from support.browser import TIMEOUT
from support.review_play import late_game_with_blunder, save_file

from boardgames.review import review

pytestmark = pytest.mark.browser

SEATS = ["human", "random"]
# the game, the seed of its save, and the move button of the expert's better move there (a one-click move)
CASES = [("medici", 1, {"pass": ".bg-move-pass", "draw": ".bg-move-draw", "auction": ".bg-move-auction"}),
         ("marcopolo", 2, {"end turn": ".bg-move-end"})]


@pytest.mark.parametrize("game, seed, buttons", CASES, ids=[c[0] for c in CASES])
def test_review_marks_the_blunder_shows_it_in_replay_and_tries_it_again(page, voila_url, page_errors, shoot, tmp_path,
                                                                        game, seed, buttons):
    match, planted, before = late_game_with_blunder(game, seed)
    best = str(next(d.best for d in review(match.states, match.moves, 0).decisions if d.ply == planted))
    saved = tmp_path / f"{game}-near-the-end.json"
    saved.write_text(save_file(match, SEATS, before))

    page.goto(f"{voila_url}/voila/render/{game}/play.ipynb")
    expect(page.locator(".bg-board")).to_have_count(1, timeout=TIMEOUT)
    with page.expect_file_chooser() as chooser:
        page.locator(".bg-load").click()
    chooser.value.set_files(str(saved))
    expect(page.locator(".bg-game-over")).to_be_visible(timeout=TIMEOUT)

    page.locator(".bg-review-open").click()
    item = page.locator(".bg-review-item").filter(has=page.locator(f".bg-review-decision[data-ply='{planted}']"))
    expect(item.locator(".bg-review-decision")).to_have_attribute("data-label", "blunder", timeout=TIMEOUT)
    expect(page.locator(".bg-review-count[data-label='blunder']")).not_to_have_attribute("data-count", "0")
    expect(page.locator(".bg-review-chart")).to_be_visible()
    assert best in item.inner_text()
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
    played = page.locator(".bg-review-exercise " + buttons[best] + ":not([disabled])")
    played.first.click()
    expect(puzzle.locator(".bg-exercise-verdict")).to_have_attribute("data-right", "true", timeout=TIMEOUT)
    puzzle.locator(".bg-exercise-question").scroll_into_view_if_needed()
    shoot(f"review-{game}-03-try-again")
    assert page_errors == []
