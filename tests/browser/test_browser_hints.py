"""A dashboard in Chromium: "Suggest a move" shows the expert's three best moves with their worth and reasons, marks
the first on the board, and plays it in one click; the log says a hint was used, and a bot's move in the log opens on
the bot's reasons.

The hint panel and the log are the shell's, the same for every game: Medici's dashboard shows them here. Each game's
hints, marks and bots' reasons (Marco Polo's kept closed until the game is over) are
``tests/widgets/test_widgets_hints.py``'s, and every game's board showing a suggested move's mark in Chromium is
seen in the first games' test (``test_browser_first_game.py``)."""

from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import expect
from support.browser import TIMEOUT, ply, wait_for_decision, wait_ply_change

pytestmark = pytest.mark.browser

# the hint on screen for the position now: its moves are listed (thinking is over)
ANSWERED = """() => !document.querySelector('.bg-hint-thinking')
    && document.querySelectorAll('.bg-hint-text .bg-hint-move').length > 0"""


def ask_for_a_hint(page) -> float:
    """Click "Suggest a move" at a human decision and wait for the answer; the seconds it took."""
    assert wait_for_decision(page), "the game ended before a human decision"
    button = page.locator("button.bg-hint")
    expect(button).to_be_enabled(timeout=TIMEOUT)
    start = time.perf_counter()
    button.click()
    page.wait_for_function(ANSWERED, timeout=TIMEOUT, polling=20)
    return time.perf_counter() - start


def play_the_suggestion(page) -> None:
    before = ply(page)
    page.locator("button.bg-hint-play").click()
    wait_ply_change(page, before)


def test_the_hint_suggests_three_moves_marks_the_first_and_plays_it(page, voila_url, page_errors, shoot):
    game = "medici"
    page.goto(f"{voila_url}/voila/render/{game}/play.ipynb")
    expect(page.locator(".bg-board")).to_have_count(1, timeout=TIMEOUT)
    waits = [ask_for_a_hint(page)]
    while page.locator(".bg-hint-text .bg-hint-move").count() < 3:  # a decision of one or two moves: play on
        assert len(waits) < 5, "no decision with three moves to suggest"
        play_the_suggestion(page)
        waits.append(ask_for_a_hint(page))
    moves = page.locator(".bg-hint-text .bg-hint-move")
    expect(moves).to_have_count(3)
    for k in range(3):
        worth = moves.nth(k).locator(".bg-hint-worth").inner_text()
        reason = moves.nth(k).locator(".bg-hint-reason").inner_text()
        assert re.search(r"\d", worth), worth
        assert len(reason.split()) >= 5 and reason.endswith("."), reason
    first = moves.first.locator("b").inner_text()
    # the board marks the first suggestion
    expect(page.locator(".bg-board.bg-marked")).to_have_count(1)
    expect(page.locator(".bg-board .bg-mark")).to_contain_text(first)
    shoot(f"hint-01-{game}")
    asked_at = ply(page)
    play_the_suggestion(page)
    assert ply(page) > asked_at
    expect(page.locator(".bg-board.bg-marked")).to_have_count(0, timeout=TIMEOUT)
    expect(page.locator(".bg-hint-text .bg-hint-move")).to_have_count(0, timeout=TIMEOUT)
    note = page.locator(".bg-log .bg-hint-note").first
    expect(note).to_contain_text(f"Ada asked for a hint at move {asked_at}: suggested {first}")
    expect(note).to_contain_text("Ada played it")
    # a bot's move in the log opens on its reasons
    assert wait_for_decision(page), "the game ended"
    for _ in range(3):
        if page.locator(".bg-log details.bg-reasons").count():
            break
        ask_for_a_hint(page)
        play_the_suggestion(page)
        assert wait_for_decision(page), "the game ended"
    reasons = page.locator(".bg-log details.bg-reasons").first
    reasons.locator("summary").click()
    body = reasons.locator(".bg-reasons-body")
    expect(body).to_be_visible(timeout=TIMEOUT)
    expect(body).to_contain_text(re.compile(r"The bot played .*; it weighed \d+ moves|was the only legal move"))
    reasons.scroll_into_view_if_needed()
    shoot(f"hint-02-{game}-reasons")
    print(f"{game}: hints answered {', '.join(f'{w:.2f}' for w in waits)} s after the click")
    assert "Traceback" not in page.inner_text("body")
    assert page_errors == []
