"""The Medici dashboard with the advice panel, in Chromium: the worth of the lot appears while the human decides, and
follows the game; after a game saved a few moves before its end is loaded and clicked to the end, the chart of the
human's bids appears. (A whole game with the panel, every decision of it, is played by the widget-level tests of the
advice: ``tests/widgets/test_widgets_advice.py``.)"""

from __future__ import annotations

import random
import re
import time

import pytest
from playwright.sync_api import expect
from support.browser import (
    DASHBOARD_SEED,
    TIMEOUT,
    a_game_near_its_end,
    load_a_save,
    ply,
    save_text,
    until_it_moves,
    wait_for_decision,
    wait_ply_change,
)

from boardgames import medici

pytestmark = pytest.mark.browser

PAGE = "/voila/render/medici/lessons/play-with-advice.ipynb"
NAMES = ["Ada", "Ben", "Cleo"]
SEATS = ["human", "expert", "expert"]  # the page's: Ada at this screen, two bots of the strongest level

ADVICE_SHOWN = """() => {
    const n = document.querySelector('.bg-advice-value .bg-advice-number');
    return !!n && /^-?\\d+(\\.\\d+)?$/.test(n.textContent.trim());
}"""


def play_a_move(page, rng: random.Random) -> None:
    """Open every auction, bid the minimum about half the time, else the last enabled control."""

    def click() -> None:
        auction = page.locator(".bg-move-auction:not([disabled]):visible")
        minimum = page.locator(".bg-move-bid:not([disabled]):visible", has_text="minimum")
        if auction.count():
            button = auction
        elif minimum.count() and rng.random() < 0.5:
            button = minimum
        else:
            button = page.locator(".bg-move:not([disabled]):visible").last
        button.first.click()

    until_it_moves(page, click)


def advice_after_human_turn(page) -> float:
    """Wait for the human's decision, then for the advice's number; the seconds between the two."""
    assert wait_for_decision(page), "the game ended before the human's decision"
    start = time.perf_counter()
    page.wait_for_function(ADVICE_SHOWN, timeout=TIMEOUT, polling=20)
    return time.perf_counter() - start


def test_the_advice_shows_the_worth_of_the_lot_while_the_human_decides(page, voila_url, page_errors, shoot):
    page.goto(voila_url + PAGE)
    expect(page.locator(".bg-board")).to_have_count(1, timeout=TIMEOUT)
    expect(page.locator(".bg-advice")).to_have_count(1, timeout=TIMEOUT)
    waits = [advice_after_human_turn(page)]
    value = page.locator(".bg-advice-value")
    text = value.inner_text()
    assert re.search(r"worth about -?\d+\.\d florins to you \(95% interval -?\d+\.\d to -?\d+\.\d", text), text
    number = page.locator(".bg-advice-number")
    mean, low, high = (float(number.get_attribute(f"data-{k}")) for k in ("mean", "low", "high"))
    assert low <= mean <= high
    assert "Traceback" not in page.inner_text("body")
    shoot("advice-01-human-decides")
    # open the auction (or pass) and wait for the next decision: the advice follows the game
    for _ in range(2):
        button = page.locator(".bg-move-auction:not([disabled]):visible, .bg-move-pass:not([disabled]):visible")
        before = ply(page)
        button.first.click()
        wait_ply_change(page, before)
        if page.locator(".bg-game-over").count():
            break
        waits.append(advice_after_human_turn(page))
    print(f"advice shown {', '.join(f'{w:.2f}' for w in waits)} s after the human's turn began")
    # the checkbox hides the advice
    page.locator(".bg-advice-toggle input").uncheck()
    expect(page.locator(".bg-advice-value")).to_be_hidden(timeout=TIMEOUT)
    page.locator(".bg-advice-toggle input").check()
    expect(page.locator(".bg-advice-value")).to_be_visible(timeout=TIMEOUT)
    shoot("advice-02-later")
    # a game saved four of Ada's decisions before its end, loaded (Ada made no bid in it, so that the chart holds
    # the bids clicked here alone): the advice follows it, and its last moves are clicked (open every auction, bid
    # the minimum about half the time): the chart appears
    near_end = a_game_near_its_end("medici", NAMES, seed=DASHBOARD_SEED, decisions_left=4, policy=3,
                                   human=lambda moves: [mv for mv in moves if not isinstance(mv, medici.Bid)])
    assert not any(isinstance(mv, medici.Bid) and state.current_player == 0
                   for state, mv in zip(near_end.states, near_end.moves, strict=False))
    assert wait_for_decision(page)
    load_a_save(page, save_text(near_end, SEATS))
    expect(page.locator(".bg-ply")).to_have_attribute("data-ply", str(near_end.ply), timeout=TIMEOUT)
    waits.append(advice_after_human_turn(page))
    rng = random.Random(3)
    moves = 0
    while wait_for_decision(page):
        play_a_move(page, rng)
        moves += 1
        assert moves < 60
    chart = page.locator(".bg-advice-chart")
    expect(chart).to_be_visible(timeout=TIMEOUT)
    expect(page.locator(".bg-advice")).to_contain_text("You made", timeout=TIMEOUT)
    bids = int(re.search(r"You made (\d+) bid", page.locator(".bg-advice").inner_text()).group(1))
    expect(chart.locator(".dot")).to_have_count(2 * bids, timeout=TIMEOUT)  # a bid and its lot's price each
    assert "Traceback" not in page.inner_text("body")
    chart.scroll_into_view_if_needed()
    shoot("advice-03-game-over")
    print(f"after-game chart: {bids} bids of {moves} moves clicked after the load")
    assert bids >= 1
    assert page_errors == []
