"""Each game's dashboard read in Japanese and in Traditional Chinese: a game at its start with a human seat, and one
the bots played to its end (end panel, log, replay), hold no word of Latin letters but the seats' names; the same
pages in English are unchanged by a trip through another language (the switch names English in English)."""

from __future__ import annotations

import pytest
from support.reading import latin_words, read_page

from boardgames import GAMES
from widgets.dashboard import dashboard
from widgets.runtime.language import page_language

NAMES = ("Ada", "Ben", "Cleo")
OWN_NAMES = ("English",)  # the language switch names each language in its own words


@pytest.fixture
def language():
    """Sets the page's language for one test, English again afterwards."""
    yield page_language.set
    page_language.set("en")


def left_in(app) -> dict[str, list[str]]:
    return latin_words(read_page(app), NAMES + OWN_NAMES)


@pytest.mark.parametrize("code", ["ja", "zh-Hant"])
@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_dashboard_reads_without_english(game, code, language):
    start = dashboard(game, players=NAMES, seed=7, bots_async=False, bot_delay=0)
    language(code)
    assert left_in(start) == {}
    over = dashboard(game, players=NAMES, seats=["random"] * 3, seed=7, bots_async=False, bot_delay=0)
    assert over.state.is_over
    assert left_in(over) == {}
    over.start_replay(3)
    assert left_in(over) == {}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_dashboard_in_english_again_reads_as_before(game, language):
    app = dashboard(game, players=NAMES, seed=7, bots_async=False, bot_delay=0)
    before = sorted(read_page(app))
    language("ja")
    language("en")
    assert sorted(read_page(app)) == before
