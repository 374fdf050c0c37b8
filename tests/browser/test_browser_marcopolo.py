"""The Voyages of Marco Polo's dashboard in Chromium, played by clicking only, on one page: a click on a green place
of the map travels there, End turn ends the turn, a few decisions by dice, an action space or a city card, and its
moves; then a new game against a random bot with the characters chosen in the New game form, saved a few of Ada's
decisions before its end, loaded and clicked to the end panel, whose ranking is the engine's replay of the page's
download record. (A whole game by clicks, every move of it, is played by the widget-level tests:
``tests/widgets/test_widgets_marcopolo.py``.) The page is asked for in Japanese (``?lang=ja``): at each step it reads
without a word of Latin letters but the seats' names."""

from __future__ import annotations

import json
import random

import pytest
from playwright.sync_api import expect
from support.accessibility import no_grave_violation
from support.browser import (
    DASHBOARD_SEED,
    MARCOPOLO_GREEN,
    POLL,
    TIMEOUT,
    a_game_near_its_end,
    downloaded_record,
    end_panel_problems,
    english_left,
    load_a_save,
    play_a_marcopolo_decision,
    ply,
    save_text,
    shown_ranking,
    wait_for_decision,
    wait_ply_change,
)

from boardgames import marcopolo as mp
from boardgames.core.message import say, term
from boardgames.marcopolo.data import character_word
from boardgames.translation import words
from widgets.games.marcopolo.panels import goal_said

pytestmark = pytest.mark.browser

DASHBOARD = "/voila/render/marcopolo/play.ipynb?lang=ja"
NAMES = ["Ada", "Ben"]
SEATS = ["human", "random"]  # the game of the form: Ada at this screen, Ben a random bot
CHARACTERS = ["Kubilai Khan", None]  # Ada's chosen in the form, Ben's dealt at random
SAVE_FILE = ("near-the-end", "json")  # the name of the file loaded, which the page says in any language
FORM = say("New game: players, names, seats and seed")  # the new-game form's title
RANDOM = say("random")  # a character dealt at random, as the form offers it


def japanese(said) -> str:
    """What the page says for ``said``, in Japanese."""
    return words(said, "ja")


KUBILAI = japanese(character_word("Kubilai Khan"))


@pytest.mark.long
def test_travel_on_the_map_a_few_decisions_then_a_game_from_the_form_against_a_random_bot_to_its_end_by_clicking(
        page, voila_url, page_errors, shoot):
    page.goto(voila_url + DASHBOARD)
    expect(page.locator(".bg-board")).to_have_count(1, timeout=TIMEOUT)
    expect(page.locator(".bg-marcopolo-players .bg-player")).to_have_count(2, timeout=TIMEOUT)
    text = page.inner_text("body")
    assert "Traceback" not in text and "dashboard(" not in text
    assert wait_for_decision(page)
    seed = DASHBOARD_SEED  # the dashboard's first game (the page never shows its seed)
    state = mp.new_game(NAMES, seed=seed)  # the dashboard's game, in the engine
    trips = {mv.path[-1]: mv for mv in state.legal_moves() if type(mv) is mp.Travel}
    expect(page.locator(MARCOPOLO_GREEN)).to_have_count(len(trips), timeout=TIMEOUT)
    for goal in state.goals(1):  # Ben's goal cards stay off Ada's page
        assert japanese(goal_said(goal)) not in page.inner_text(".bg-board")
    assert page.evaluate("() => document.documentElement.lang") == "ja"
    assert english_left(page, NAMES) == {}
    no_grave_violation(page)
    shoot("marcopolo-01-start")
    # a click on the green place of a trip (Raschid sets his dice: one trip to each place) travels there
    place = sorted(trips)[0]
    page.locator(MARCOPOLO_GREEN).nth(list(trips).index(place)).click()
    wait_ply_change(page, 0)
    expect(page.locator(".bg-log")).to_contain_text(japanese(term("marcopolo.place", place)), timeout=TIMEOUT)
    assert wait_for_decision(page)
    shoot("marcopolo-02-after-travel")
    rng = random.Random(seed)
    for _ in range(8):
        if not wait_for_decision(page):
            break
        play_a_marcopolo_decision(page, rng)
    assert ply(page) > 2
    assert english_left(page, NAMES) == {}
    shoot("marcopolo-03-later")

    # then, on the same page, a new game against a random bot (a quick game), all from the form: Ada plays Kubilai
    # Khan, whose figure starts in Beijing, and Ben a character dealt at random
    page.locator(".bg-setup").get_by_text(japanese(FORM)).click()
    page.locator(".bg-setup .bg-seat-kind select").nth(1).select_option(
        label=japanese(say("bot: {level}", level=term("bot.level", "random"))))
    characters = page.locator(".bg-setup .bg-seat-option-characters select")
    characters.nth(0).select_option(label=KUBILAI)
    characters.nth(1).select_option(label=japanese(RANDOM))
    page.locator(".bg-seed input").fill(str(seed))  # a seed typed, as a teacher gives one to a class
    page.locator(".bg-new-game").click()
    # the new game is on the page when Ada plays Kubilai Khan (the first game dealt her Raschid); Ben, short of 15 on
    # his dice, may already have taken his compensation: the random bot does not wait
    expect(page.locator(".bg-marcopolo-players .bg-player").first).to_contain_text(KUBILAI, timeout=TIMEOUT)
    page.wait_for_function("() => +document.querySelector('.bg-ply').dataset.ply <= 1", timeout=TIMEOUT, polling=POLL)
    page.locator(".bg-setup").get_by_text(japanese(FORM)).click()  # fold the form again
    # that game (the same seed and characters), saved six of Ada's decisions before its end, loaded: its last
    # decisions by clicks
    near_end = a_game_near_its_end("marcopolo", NAMES, seed=seed, decisions_left=6, policy=seed,
                                   characters=CHARACTERS)
    assert wait_for_decision(page)
    load_a_save(page, save_text(near_end, SEATS))
    assert wait_for_decision(page) and ply(page) == near_end.ply
    expect(page.locator(".bg-marcopolo-players .bg-player").first).to_contain_text(KUBILAI)
    assert english_left(page, (*NAMES, *SAVE_FILE)) == {}
    no_grave_violation(page)
    shoot("marcopolo-04-near-the-end")
    rng = random.Random(seed)
    clicks, decisions = 0, 0
    while wait_for_decision(page):
        clicks += play_a_marcopolo_decision(page, rng)
        decisions += 1
        assert decisions < 60
    expect(page.locator(".bg-game-over")).to_have_count(1)
    expect(page.locator(".bg-log")).not_to_be_empty()
    expect(page.locator(".bg-scores")).to_have_count(1)
    assert english_left(page, (*NAMES, *SAVE_FILE)) == {}
    no_grave_violation(page)
    shoot("marcopolo-05-game-over")
    assert end_panel_problems(page) == []  # at 1280 and 1024 px wide, every column in sight
    print(f"\n{decisions} decisions by {clicks} clicks after the load")
    shown = shown_ranking(page)
    match = downloaded_record(page)
    assert json.loads(match.to_json())["start"]["table"]["names"] == NAMES
    assert match.state.is_over and len(match.moves) == ply(page)
    assert list(match.moves[:near_end.ply]) == list(near_end.moves)  # the loaded game, played on by the clicks
    # replay the record in the engine alone: the page's ranking is the engine's
    replay = mp.new_game(NAMES, seed=seed, characters=CHARACTERS)
    assert replay.character(0) == match.state.character(0) == "Kubilai Khan"
    assert replay.character(1) == match.state.character(1) != "Kubilai Khan"
    for move in match.moves:
        replay = replay.play(move)
    scores = replay.scores()
    expected = sorted(range(2), key=lambda s: (-scores[s], s))
    assert [seat for _, seat, _ in shown] == expected
    assert [score for _, _, score in shown] == [scores[s] for s in expected]
    assert page_errors == []
