"""Each of the four games played with the keyboard only, in Chromium: no mouse call in this file. The last decisions
of a Medici game, to its end; the first moves of the other three (each game's moves typed from its first to its end
are ``tests/widgets/test_widgets_keyboard.py``'s: what Chromium adds, the page's keys, focus and live region, is the
same page at every move of every game).

The page opens on a game (a position link: Ada at this screen, the other seats random bots, a quick game): Medici's a
few of Ada's decisions before its end, the others' at their first move. Tab leads from the top of the page to the
move box; every decision of Ada's is typed there, a move the box's list offers, and Enter plays it; the focus stays in
the box while the bots move. A move typed that the game does not have is refused in words, on the page and in the
live region, and changes nothing. The live region (read out by a screen reader) tells each bot's move as the log
writes it and whose turn it is. axe-core finds nothing serious on the page mid-game and at the end, from where
Shift+Tab reaches the offer of a review.
"""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import expect
from support.accessibility import no_grave_violation
from support.browser import MOVES_OFFERED as OFFERED
from support.browser import POLL, TIMEOUT, a_game_near_its_end, ply, wait_ply_change
from support.browser import TYPED_READY as READY

from boardgames.core import Match
from boardgames.core.links import position_link

pytestmark = [pytest.mark.browser, pytest.mark.long]

GAMES = {"medici": 2, "medina": 3, "metropolis": 2, "marcopolo": 2}  # the fewest players each game allows
NAMES = ("Ada", "Ben", "Cleo")
SEED = 11
WHOLE = "medici"  # the game played to its end, from LAST of Ada's decisions before it; the others stop after FIRST
LAST = 5
FIRST = 3
TABS = 120  # at most this many presses of Tab lead from the top of the page to the move box
OUTLINED = "() => { const s = getComputedStyle(document.activeElement); return [s.outlineStyle, s.outlineWidth]; }"
IN_MOVE_BOX = "() => !!document.activeElement && !!document.activeElement.closest('.bg-move-box')"


def game_over(page) -> bool:
    page.wait_for_function(READY, timeout=TIMEOUT, polling=POLL)
    return page.locator(".bg-game-over").count() > 0


@pytest.mark.parametrize("game", list(GAMES))
def test_a_game_played_with_the_keyboard_only_followed_by_the_live_region(game, page, voila_url, page_errors,
                                                                           shoot):
    names = list(NAMES[: GAMES[game]])
    match = (a_game_near_its_end(game, names, seed=SEED, decisions_left=LAST, policy=SEED) if game == WHOLE
             else Match.new(game, names, seed=SEED))
    link = position_link(match, 0, seats=["human"] + ["random"] * (GAMES[game] - 1), rng=random.Random(SEED))
    page.goto(f"{voila_url}/voila/render/{game}/play.ipynb?position={link}&hints=off")
    expect(page.locator(".bg-board")).to_have_count(1, timeout=TIMEOUT)
    assert not game_over(page)
    # Tab, from the top of the page, reaches the move box
    for _ in range(TABS):
        page.keyboard.press("Tab")
        if page.evaluate(IN_MOVE_BOX):
            break
    assert page.evaluate(IN_MOVE_BOX), f"{TABS} presses of Tab never reached the move box"
    assert page.evaluate(OUTLINED) == ["solid", "3px"]  # the focus is seen
    announcer = page.locator(".bg-announce")
    expect(announcer).to_have_attribute("aria-live", "polite")
    expect(announcer).to_have_attribute("role", "status")
    # words that name no move: refused, read out, and nothing changes
    before = ply(page)
    page.keyboard.insert_text("fly to the moon")
    page.keyboard.press("Enter")
    refusal = "“fly to the moon” is not a move here"
    expect(page.locator(".bg-message.bg-error")).to_contain_text(refusal, timeout=TIMEOUT)
    expect(announcer).to_contain_text(refusal)
    assert ply(page) == before
    page.keyboard.press("Control+A")
    page.keyboard.press("Delete")
    rng = random.Random(SEED)
    typed = 0
    while not game_over(page) and (game == WHOLE or typed < FIRST):
        assert page.evaluate(IN_MOVE_BOX), "the focus left the move box"
        before = ply(page)
        move = rng.choice(page.evaluate(OFFERED))
        page.keyboard.insert_text(move)
        page.keyboard.press("Enter")
        wait_ply_change(page, before)
        typed += 1
        if typed == 1:  # the bots answer: the live region tells the newest line of the log, and whose turn it is
            assert not game_over(page)
            newest = page.locator(".bg-log .bg-event").first.inner_text()
            expect(announcer).to_contain_text(newest, timeout=TIMEOUT)
            expect(announcer).to_contain_text("Ada, your decision")
            no_grave_violation(page)
            shoot(f"keyboard-{game}-mid-game")
    if game != WHOLE:
        assert page_errors == []
        return
    assert typed >= 2
    expect(announcer).to_contain_text("The game is over.")
    # the review of the game, offered above, is reached by the keyboard too: Shift+Tab back from the move box
    for _ in range(TABS):
        page.keyboard.press("Shift+Tab")
        if page.evaluate("() => !!document.activeElement.closest('.bg-review-open')"):
            break
    assert page.evaluate("() => !!document.activeElement.closest('.bg-review-open')")
    no_grave_violation(page)
    shoot(f"keyboard-{game}-end")
    assert page_errors == []
