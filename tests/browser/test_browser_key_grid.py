"""The board as buttons (``widgets.kit.key_grid``) in Chromium, with the keyboard only: no mouse call in this file.

Each dashboard of Medina, Foundations of Metropolis and The Voyages of Marco Polo opens on a new game (a position
link: Ada at this screen, the other seats random bots, no hints). Tab reaches the toggle "Board as buttons", Space
turns it on; Tab enters the grid, which is one Tab stop (one button of it in the Tab order); the arrow keys move
within it (Home and End: a row's ends), each button named in words (its ``aria-label``, which the page script copies
from its tooltip); Enter on a button that says the player may act there plays the move a click there plays (in
Medina, after the piece is chosen by keyboard among the controls). An aria snapshot of the grid's first buttons,
axe-core with the grid shown, and a picture of each grid with its keyboard focus (``tests/screenshots/``).
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect
from support.accessibility import no_grave_violation
from support.browser import SCREENSHOTS, TIMEOUT, ply, wait_for_decision, wait_ply_change

from boardgames.core import Match
from boardgames.core.links import position_link

pytestmark = pytest.mark.browser

GAMES = {"medina": 3, "metropolis": 2, "marcopolo": 2}  # the fewest players each game allows
NAMES = ("Ada", "Ben", "Cleo")
SEED = 11
SQUARES = ".bg-key-squares button.bg-key-square"
FOCUS_MATCHES = "s => !!document.activeElement && document.activeElement.matches(s)"
FOCUS_INDEX = """() => {
    const grid = document.activeElement && document.activeElement.closest('.bg-key-squares');
    return grid ? [...grid.querySelectorAll('button.bg-key-square')].indexOf(document.activeElement) : -1;
}"""
COLUMNS = """() => {
    const m = /bg-cols-(\\d+)/.exec(document.querySelector('.bg-key-squares').className);
    return m ? Number(m[1]) : 0;
}"""
FIRST_READY = f"() => [...document.querySelectorAll('{SQUARES}')].findIndex(b => b.classList.contains('bg-key-ready'))"


def open_game(page, voila_url: str, game: str) -> None:
    players = GAMES[game]
    link = position_link(Match.new(game, list(NAMES[:players]), seed=SEED), 0,
                         seats=["human"] + ["random"] * (players - 1))
    page.goto(f"{voila_url}/voila/render/{game}/play.ipynb?position={link}&hints=off")
    expect(page.locator(".bg-board")).to_have_count(1, timeout=TIMEOUT)
    assert wait_for_decision(page)


def tab_to(page, selector: str, most: int = 80, key: str = "Tab") -> None:
    """Press Tab (or ``key``) until the focus is on an element matching ``selector``."""
    for _ in range(most):
        if page.evaluate(FOCUS_MATCHES, selector):
            return
        page.keyboard.press(key)
    assert page.evaluate(FOCUS_MATCHES, selector), f"{most} presses of {key} never reached {selector}"


def focused_label(page) -> str:
    return page.evaluate("() => document.activeElement.getAttribute('aria-label') || ''")


def go_to(page, target: int) -> None:
    """Move the focus to the grid's ``target``-th button with the arrow keys."""
    here, columns = page.evaluate(FOCUS_INDEX), page.evaluate(COLUMNS)
    assert here >= 0, "the focus is not in the grid"
    if columns:
        rows, across = target // columns - here // columns, target % columns - here % columns
    else:
        rows, across = 0, target - here
    for _ in range(abs(rows)):
        page.keyboard.press("ArrowDown" if rows > 0 else "ArrowUp")
    for _ in range(abs(across)):
        page.keyboard.press("ArrowRight" if across > 0 else "ArrowLeft")
    assert page.evaluate(FOCUS_INDEX) == target


def turn_the_grid_on(page, count: int) -> None:
    """Tab to the toggle, Space turns it on, Tab enters the grid at its first button (the grid's one Tab stop)."""
    toggle = page.locator(".bg-key-toggle")
    tab_to(page, ".bg-key-toggle")
    expect(toggle).to_have_attribute("aria-pressed", "false")
    page.keyboard.press("Space")
    expect(toggle).to_have_attribute("aria-pressed", "true")
    squares = page.locator(SQUARES)
    expect(squares).to_have_count(count, timeout=TIMEOUT)
    expect(page.locator(f"{SQUARES}[tabindex='-1']")).to_have_count(count - 1, timeout=TIMEOUT)  # one Tab stop
    expect(page.locator(f"{SQUARES}[aria-label]")).to_have_count(count, timeout=TIMEOUT)
    page.keyboard.press("Tab")
    assert page.evaluate(FOCUS_INDEX) == 0


def picture(page, game: str) -> None:
    """The grid with its keyboard focus, for a person to look at."""
    assert page.evaluate(FOCUS_INDEX) >= 0
    page.locator(".bg-key-grid").screenshot(path=str(SCREENSHOTS / f"key-grid-{game}.png"))


def play_from_the_grid(page) -> None:
    """Enter on the first button that says the player may act there: a move is played, the focus stays."""
    target = page.evaluate(FIRST_READY)
    assert target >= 0, "no button says the player may act there"
    go_to(page, target)
    before = ply(page)
    page.keyboard.press("Enter")
    wait_ply_change(page, before)
    assert page.evaluate(FOCUS_INDEX) == target


def test_medina_by_keyboard_a_piece_chosen_then_enter_on_a_square(page, voila_url, page_errors):
    open_game(page, voila_url, "medina")
    turn_the_grid_on(page, 13 * 18)
    assert focused_label(page) == "Row 0, column 0: tower 1"
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowDown")
    assert focused_label(page) == "Row 1, column 1: empty square; the merchant chosen may go here"
    page.keyboard.press("End")
    assert focused_label(page) == "Row 1, column 17: empty wall space"
    page.keyboard.press("ArrowRight")  # the row's end: it stays
    assert focused_label(page) == "Row 1, column 17: empty wall space"
    page.keyboard.press("Home")
    assert page.evaluate(FOCUS_INDEX) == 18
    expect(page.get_by_role("group", name="Board as buttons")).to_match_aria_snapshot("""
        - group "Board as buttons":
          - 'button "Row 0, column 0: tower 1"'
          - 'button "Row 0, column 1: empty wall space" [disabled]'
          - 'button "Row 1, column 1: empty square; the merchant chosen may go here"'
        """)
    # the piece chosen among the controls by keyboard (Tab out of the grid, Enter), then back into the grid
    tab_to(page, ".bg-choose-merchant")
    page.keyboard.press("Enter")
    expect(page.locator(".bg-choose-merchant.bg-selected")).to_have_count(1)
    tab_to(page, ".bg-key-square", key="Shift+Tab")
    assert page.evaluate(FOCUS_INDEX) == 18  # back where it was
    go_to(page, 6 * 18 + 8)
    assert focused_label(page) == "Row 6, column 8: empty square; the merchant chosen may go here"
    before = ply(page)
    page.keyboard.press("Enter")
    wait_ply_change(page, before)
    focused = page.locator(".bg-key-squares button:focus")
    expect(focused).to_have_attribute("aria-label", re.compile(r"^Row 6, column 8: merchant"))
    wait_for_decision(page)
    no_grave_violation(page)
    picture(page, "medina")
    assert not page_errors


def test_metropolis_by_keyboard_enter_on_a_cell(page, voila_url, page_errors):
    open_game(page, voila_url, "metropolis")
    turn_the_grid_on(page, 7 * 7)
    assert focused_label(page).startswith("Cell A1: ")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowRight")
    assert focused_label(page).startswith("Cell B2: ")
    page.keyboard.press("End")
    assert focused_label(page).startswith("Cell G2: ")
    expect(page.get_by_role("group", name="Board as buttons")).to_match_aria_snapshot("""
        - group "Board as buttons":
          - 'button /^Cell A1: /'
          - 'button /^Cell B1: /'
          - 'button /^Cell A2: /'
        """)
    play_from_the_grid(page)  # a deed for sale bought: the move a click on its cell plays
    wait_for_decision(page)
    no_grave_violation(page)
    picture(page, "metropolis")
    assert not page_errors


def test_marcopolo_by_keyboard_enter_on_a_place(page, voila_url, page_errors):
    open_game(page, voila_url, "marcopolo")
    turn_the_grid_on(page, 25)
    assert focused_label(page).startswith("Moscow, large city; card ")
    page.keyboard.press("ArrowRight")
    assert focused_label(page).startswith("Anxi, small city; small-city bonus: ")
    page.keyboard.press("End")
    assert focused_label(page).startswith("Oasis I")
    page.keyboard.press("Home")
    assert page.evaluate(FOCUS_INDEX) == 0
    expect(page.get_by_role("group", name="Board as buttons")).to_match_aria_snapshot(r"""
        - group "Board as buttons":
          - heading "Cities" [level=3]
          - 'button /^Moscow, large city; card \d+/'
          - heading "Venezia and the oases" [level=3]
          - 'button /^Venezia; figures: Ada and Ben; you may travel here/'
        """)
    play_from_the_grid(page)  # a trip to the first place the map shows green
    wait_for_decision(page)
    no_grave_violation(page)
    picture(page, "marcopolo")
    assert not page_errors
