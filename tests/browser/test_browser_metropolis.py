"""The Foundations of Metropolis dashboard in Chromium, played by clicking only: choose a tile and click its green
cells, click a deed to buy it, take income; a new game with the deed draft from the form, whose first picks are
clicks on the board; then that game saved some turns before its end is loaded and clicked to the end panel (a build,
a deed bought and income among the clicks), whose ranking is the engine's replay of the page's record. (A whole
game by clicks, every move of it, is played by the widget-level tests: ``tests/widgets/test_widgets_metropolis.py``.)
The browser is a Taiwanese reader's (its languages zh-TW, then English): the page reads in Traditional Chinese, with no
word of Latin letters but the seats' names and the tiles' codes."""

from __future__ import annotations

import json
import random

import pytest
from playwright.sync_api import expect
from support.accessibility import no_grave_violation
from support.browser import (
    DASHBOARD_SEED,
    METROPOLIS_CELLS,
    METROPOLIS_DEEDS,
    METROPOLIS_GREEN,
    METROPOLIS_HAND,
    METROPOLIS_INCOME,
    METROPOLIS_PICKED,
    METROPOLIS_TILES,
    TIMEOUT,
    a_game_near_its_end,
    build_a_metropolis_tile,
    downloaded_record,
    end_panel_problems,
    english_left,
    load_a_save,
    play_a_metropolis_turn,
    ply,
    save_text,
    shown_ranking,
    until_it_moves,
    wait_for_decision,
    wait_ply_change,
)

from boardgames import metropolis as m
from boardgames.core.message import say, term
from boardgames.metropolis.board import cell_index
from boardgames.translation import words

pytestmark = pytest.mark.browser


def chinese(said) -> str:
    """What the page says for ``said``, in Traditional Chinese."""
    return words(said, "zh-Hant")

DASHBOARD = "/voila/render/metropolis/play.ipynb"
NAMES = ["Ada", "Ben"]
SEATS = ["human", "random"]  # the game of the form: Ada at this screen, Ben a random bot
SAVE_FILE = ("near-the-end", "json")  # the name of the file loaded, which the page says in any language
FORM = say("New game: players, names, seats and seed")  # the new-game form's title
PICKS = 2  # of Ada's five picks of the draft, those clicked before the saved game is loaded
SCROLL_TO_TOP = "() => { window.scrollTo(0, 0); document.querySelectorAll('*').forEach(e => { e.scrollTop = 0; }); }"


def cell_dot(page, cell: str):
    """The marker of ``cell`` in the figure's first scatter (every cell of the two-player city, A1 to G7)."""
    return page.locator(METROPOLIS_CELLS).nth(m.cells(2).index(cell))


def a_build_with_a_choice(state) -> tuple[str, str, list[str]]:
    """A tile, and a cell through which several of its footprints go, with the cells the board turns green."""
    for tile in dict.fromkeys(mv.tile for mv in state.legal_moves() if type(mv) is m.Build):
        feet = state.legal_builds(tile)
        green = sorted({c for f in feet for c in f}, key=cell_index)
        for cell in green:
            if sum(cell in f for f in feet) > 1:
                return tile, cell, green
    raise AssertionError("no tile has two footprints through one cell")


def a_turn_of_each_kind_first(page, rng: random.Random, played: set[str]) -> str:
    """One turn by clicks: a kind not ``played`` yet if the page offers it (a tile built, a deed bought, income),
    else any turn (``play_a_metropolis_turn``); waits for the move and returns its kind ("any" for the latter)."""
    offered = {"build": METROPOLIS_TILES, "deed": METROPOLIS_DEEDS, "income": METROPOLIS_INCOME}
    kind = next((k for k, css in offered.items() if k not in played and page.locator(css).count()), None)
    if kind is None:
        play_a_metropolis_turn(page, rng)
        return "any"

    def clicks() -> None:
        if kind == "build":
            build_a_metropolis_tile(page, rng)
        else:
            controls = page.locator(offered[kind])
            controls.nth(rng.randrange(controls.count())).click()

    until_it_moves(page, clicks)
    return kind


@pytest.mark.long
@pytest.mark.browser_context_args(locale="zh-TW")  # Accept-Language: zh-TW,zh;q=0.9
def test_the_deed_draft_and_the_end_of_a_game_against_a_bot_by_clicking(page, voila_url, page_errors, shoot):
    page.goto(voila_url + DASHBOARD)
    expect(page.locator(".bg-board")).to_have_count(1, timeout=TIMEOUT)
    expect(page.locator(".bg-metropolis-tiles .bg-choose")).to_have_count(len(m.TILES), timeout=TIMEOUT)
    expect(page.locator(".bg-metropolis-tiles .bg-move")).to_have_count(0)
    expect(page.locator(METROPOLIS_CELLS)).not_to_have_count(0, timeout=TIMEOUT)
    text = page.inner_text("body")
    assert "Traceback" not in text and "dashboard(" not in text
    assert wait_for_decision(page)
    assert page.evaluate("() => document.documentElement.lang") == "zh-Hant"
    assert english_left(page, NAMES) == {}
    no_grave_violation(page)
    shoot("metropolis-01-start")
    seed = DASHBOARD_SEED  # the dashboard's first game (the page never shows its seed)
    state = m.new_game(NAMES, seed=seed)  # the dashboard's game, in the engine
    # a build in progress: choose a tile, its cells turn green; a click on one marks it and narrows the choice
    tile, cell, green = a_build_with_a_choice(state)
    page.locator(".bg-metropolis-tiles .bg-choose", has_text=tile).first.click()
    expect(page.locator(METROPOLIS_GREEN)).to_have_count(len(green), timeout=TIMEOUT)
    # a click on Ben's lot is refused with the engine's reason, and nothing is built
    ben = state.lots(1)[0]
    cell_dot(page, ben).click(force=True)  # the lot marker on it takes the click, for the same cell
    expect(page.locator(".bg-status .bg-message")).to_contain_text(str(ben), timeout=TIMEOUT)  # not Ada's lot
    assert english_left(page, NAMES) == {}
    assert ply(page) == 0
    page.locator(METROPOLIS_GREEN).nth(green.index(cell)).click()
    expect(page.locator(METROPOLIS_PICKED)).to_have_count(1, timeout=TIMEOUT)
    choices = page.locator(".bg-move-build:not([disabled])")
    assert choices.count() == sum(cell in f for f in state.legal_builds(tile)) > 1
    shoot("metropolis-02-build-in-progress")
    choices.first.click()  # one of the footprints through the cell, as a button
    wait_ply_change(page, 0)
    # a new game with the deed draft, against a random bot, all from the form
    assert wait_for_decision(page)
    page.locator(".bg-setup").get_by_text(chinese(FORM)).click()
    page.locator(".bg-option-deed_draft input").check()
    page.locator(".bg-setup .bg-seat-kind select").nth(1).select_option(
        label=chinese(say("bot: {level}", level=term("bot.level", "random"))))
    page.locator(".bg-seed input").fill(str(seed))  # a seed typed, as a teacher gives one to a class
    page.locator(".bg-new-game").click()
    expect(page.locator(".bg-ply")).to_have_attribute("data-ply", "0", timeout=TIMEOUT)
    expect(page.locator(METROPOLIS_HAND)).to_have_count(6, timeout=TIMEOUT)
    page.locator(".bg-setup").get_by_text(chinese(FORM)).click()  # fold the form again
    page.evaluate(SCROLL_TO_TOP)
    assert wait_for_decision(page)
    assert english_left(page, NAMES) == {}
    no_grave_violation(page)
    shoot("metropolis-03-draft")
    rng = random.Random(5)
    for _ in range(PICKS):  # Ada's first picks: a gold cell of her hand each
        assert page.locator(METROPOLIS_HAND).count()
        play_a_metropolis_turn(page, rng)
        assert wait_for_decision(page)
    # that game, saved some of Ada's turns before its end, loaded: its last turns by clicks
    near_end = a_game_near_its_end("metropolis", NAMES, seed=seed, decisions_left=8, policy=5, deed_draft=True)
    load_a_save(page, save_text(near_end, SEATS))
    assert wait_for_decision(page) and ply(page) == near_end.ply
    assert english_left(page, (*NAMES, *SAVE_FILE)) == {}
    shoot("metropolis-04-near-the-end")
    played: set[str] = set()
    turns = 0
    while wait_for_decision(page):
        played.add(a_turn_of_each_kind_first(page, rng, played))
        turns += 1
        assert turns < 40
    assert {"build", "deed", "income"} <= played
    expect(page.locator(".bg-game-over")).to_have_count(1)
    assert english_left(page, (*NAMES, *SAVE_FILE)) == {}
    no_grave_violation(page)
    shoot("metropolis-05-game-over")
    assert end_panel_problems(page) == []  # at 1280 and 1024 px wide, every column in sight
    print(f"\n{PICKS} picks and {turns} turns after the load by clicks")
    shown = shown_ranking(page)
    match = downloaded_record(page)
    start = json.loads(match.to_json())["start"]["table"]
    assert start["names"] == NAMES and start["flags"]["deed_draft"] is True
    assert match.state.is_over and len(match.moves) == ply(page)
    assert list(match.moves[:near_end.ply]) == list(near_end.moves)  # the loaded game, played on by the clicks
    clicked = {type(mv) for state, mv in zip(match.states[near_end.ply:-1], match.moves[near_end.ply:], strict=True)
               if state.current_player == 0}
    assert {m.Build, m.Buy, m.Income} <= clicked
    # replay the record in the engine alone: the page's ranking is the engine's
    replay = m.new_game(NAMES, seed=seed, deed_draft=True)
    for move in match.moves:
        replay = replay.play(move)
    scores = replay.scores()
    expected = sorted(range(2), key=lambda s: (-scores[s], s))
    assert [seat for _, seat, _ in shown] == expected
    assert [score for _, _, score in shown] == [scores[s] for s in expected]
    assert page_errors == []
