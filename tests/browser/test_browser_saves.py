"""A position in a link, save and load, and play on from a replayed move, on one Medici dashboard in Chromium, one
after the other as a player would try them: by clicking, a few moves each (no whole games)."""

from __future__ import annotations

import random
import urllib.parse

import pytest
from playwright.sync_api import expect
from support.browser import POLL, ROOT, TIMEOUT, ply, until_it_moves, wait_for_decision

pytestmark = pytest.mark.browser

DASHBOARD = "/voila/render/medici/play.ipynb"
MOVE = ".bg-move:not([disabled]):visible"


def open_dashboard(page, address: str) -> None:
    page.goto(address)
    expect(page.locator(".bg-board")).to_have_count(1, timeout=TIMEOUT)
    assert wait_for_decision(page)


def play_moves(page, moves: int, rng: random.Random) -> None:
    """The human plays ``moves`` random moves (the bots answer), and the page waits for the next decision."""
    for _ in range(moves):
        def click() -> None:
            buttons = page.locator(MOVE)
            buttons.first.wait_for(state="visible", timeout=15_000)
            buttons.nth(rng.randrange(buttons.count())).click()

        until_it_moves(page, click)
        assert wait_for_decision(page)


def board_text(page) -> str:
    return page.locator(".bg-board").inner_text()


def same_board(page, text: str) -> None:
    """Wait until the board shows ``text``."""
    expect(page.locator(".bg-board")).to_have_text(text, use_inner_text=True, timeout=TIMEOUT)


def wait_ply(page, n: int) -> None:
    page.wait_for_function("n => document.querySelector('.bg-ply').dataset.ply === String(n)", arg=n,
                           timeout=TIMEOUT, polling=POLL)


def upload(page, path) -> None:
    """Choose ``path`` in the "Load a game" button's file chooser."""
    with page.expect_file_chooser() as chooser:
        page.locator(".bg-load").click()
    chooser.value.set_files(str(path))


def a_saved_game_loads_back_and_a_damaged_file_changes_nothing(page, shoot, tmp_path) -> None:
    play_moves(page, 2, random.Random(5))
    saved_ply, saved_board = ply(page), board_text(page)
    page.locator(".bg-save").click()
    with page.expect_download() as download:
        page.locator(".bg-save-file").click()
    assert download.value.suggested_filename == f"medici-move-{saved_ply}.json"
    shoot("saves-01-save-row")
    saved = tmp_path / "saved.json"
    download.value.save_as(saved)

    play_moves(page, 2, random.Random(6))
    assert ply(page) > saved_ply
    upload(page, saved)
    wait_ply(page, saved_ply)
    expect(page.locator(".bg-message.bg-info")).to_contain_text("Loaded saved.json", timeout=TIMEOUT)
    assert wait_for_decision(page) and board_text(page) == saved_board

    damaged = tmp_path / "damaged.json"
    damaged.write_text(saved.read_text()[:-40])
    upload(page, damaged)
    expect(page.locator(".bg-message.bg-error")).to_contain_text("Cannot load damaged.json: not valid JSON",
                                                                 timeout=TIMEOUT)
    expect(page.locator(".bg-message.bg-error")).to_contain_text("The game on screen is unchanged.")
    assert ply(page) == saved_ply and board_text(page) == saved_board
    shoot("saves-02-refused")


def play_from_a_replayed_move_and_redo_brings_the_future_back(page, shoot) -> None:
    play_moves(page, 3, random.Random(7))
    now, board_now = ply(page), board_text(page)
    page.locator(".bg-replay-toggle").click()
    expect(page.locator(".bg-play-from-here")).to_be_visible(timeout=TIMEOUT)
    handle = page.locator(".bg-replay .noUi-handle")
    handle.focus()
    shown = now
    while True:  # back, move by move, to an earlier decision of the human's
        handle.press("ArrowLeft")
        shown -= 1
        page.wait_for_function("n => document.querySelector('.bg-ply').dataset.shown === String(n)", arg=shown,
                               timeout=TIMEOUT, polling=POLL)
        if page.locator(".bg-play-from-here:not([disabled])").count():
            break
        assert shown > 0, "no decision of the human's to play on from"
    shoot("saves-03-replay")
    page.locator(".bg-play-from-here").click()
    wait_ply(page, shown)
    expect(page.locator(".bg-app.bg-human-turn")).to_have_count(1, timeout=TIMEOUT)
    expect(page.locator(".bg-play-from-here")).to_be_hidden()
    expect(page.locator(".bg-message")).to_contain_text("Redo brings back the later moves")
    redo = page.locator(".bg-redo")
    while ply(page) < now:
        expect(redo).to_be_enabled(timeout=TIMEOUT)
        before = ply(page)
        redo.click()
        page.wait_for_function("b => document.querySelector('.bg-ply').dataset.ply !== String(b)", arg=before,
                               timeout=TIMEOUT, polling=POLL)
    assert ply(page) == now
    same_board(page, board_now)  # the board follows the move counter by a moment


def copy_link_opens_the_same_position_in_a_new_tab(page, voila_url, shoot) -> list[str]:
    """The errors the new tab logged."""
    play_moves(page, 2, random.Random(9))
    here, board_here = ply(page), board_text(page)
    page.locator(".bg-copy-link").click()
    field = page.locator("input.bg-link-text")
    expect(field).to_be_visible(timeout=TIMEOUT)
    address = field.input_value()
    assert "medici/play.ipynb?position=" in address
    assert page.locator("a.bg-link").get_attribute("href") == address
    expect(page.locator(".bg-link-box")).to_contain_text("dealt afresh")
    shoot("saves-04-copy-link")

    tab = page.context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda exc: errors.append(str(exc)))
    open_dashboard(tab, urllib.parse.urljoin(voila_url, address))
    wait_ply(tab, here)
    expect(tab.locator(".bg-message.bg-info")).to_contain_text(
        f"Opened from a link at move {here}. Cards you could not see were dealt afresh.", timeout=TIMEOUT)
    assert tab.locator(".bg-ply").inner_text() == f"Move {here}"
    same_board(tab, board_here)
    tab.screenshot(path=str(ROOT / "tests" / "screenshots" / "saves-05-link-opened.png"), full_page=True)
    tab.close()
    return errors


def test_a_game_opened_from_its_link_in_a_new_tab_saved_and_loaded_back_and_played_on_from_a_replayed_move(
        page, voila_url, page_errors, shoot, tmp_path):
    open_dashboard(page, voila_url + DASHBOARD)
    errors = copy_link_opens_the_same_position_in_a_new_tab(page, voila_url, shoot)  # early: no card yet unseen
    a_saved_game_loads_back_and_a_damaged_file_changes_nothing(page, shoot, tmp_path)
    play_from_a_replayed_move_and_redo_brings_the_future_back(page, shoot)
    assert page_errors == [] and errors == []
