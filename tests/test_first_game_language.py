"""Each game's guided first game (``widgets.shell.first_game``) read in Japanese and in Traditional Chinese: walked
step by step by clicks on its controls as ``tests/test_first_game.py`` walks it, the page read in the language at the
start, every few steps, at the end (the scoring explained) and once stopped holds no word of Latin letters but the
seats' names (and English, which the language switch names in its own words); its English is the same after a trip
through another language."""

from __future__ import annotations

import pytest
from support.reading import latin_words, read_page
from test_first_game import CLICK, first_game

from boardgames.guided import FIRST_GAMES
from widgets.runtime.language import page_language

GAMES = ["medici", "medina", "metropolis", "marcopolo"]
OWN_NAMES = ("English",)  # the language switch names each language in its own words
EVERY = 4  # the page is read every so many steps of the learner


@pytest.fixture
def language():
    """Sets the page's language for one test, English again afterwards."""
    yield page_language.set
    page_language.set("en")


def read_in(widget, code: str) -> dict[str, list[str]]:
    """The Latin words left on the page read in ``code``, the page in English again afterwards (the controls are
    clicked in English: the test finds a move's button by its English tooltip)."""
    page_language.set(code)
    try:
        return latin_words(read_page(widget), FIRST_GAMES[widget.game].names + OWN_NAMES)
    finally:
        page_language.set("en")


@pytest.mark.parametrize("code", ["ja", "zh-Hant"])
@pytest.mark.parametrize("game", GAMES)
def test_a_first_game_reads_without_english(game, code, language):
    widget = first_game(game)
    left: dict[str, list[str]] = {}

    def read() -> None:
        for word, where in read_in(widget, code).items():
            left.setdefault(word, []).extend(where[:2])

    read()
    steps = 0
    while (step := widget.guide.step()) is not None:
        CLICK[game](widget, step.move)
        steps += 1
        if steps % EVERY == 0:
            read()
    assert widget.guide.over and widget.errors == []
    read()  # the scoring, line by line
    widget.restart_button.click()
    CLICK[game](widget, widget.guide.step().move)
    widget.stop_button.click()
    read()  # stopped
    assert left == {}


@pytest.mark.parametrize("game", GAMES)
def test_a_first_game_in_english_again_reads_as_before(game, language):
    widget = first_game(game)
    for _ in range(3):
        CLICK[game](widget, widget.guide.step().move)
    before = sorted(read_page(widget))
    language("zh-Hant")
    language("ja")
    language("en")
    assert sorted(read_page(widget)) == before
