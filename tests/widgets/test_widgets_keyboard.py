"""The move box and the announcer of every dashboard (``widgets.shell.keyboard``): a move typed as the log writes it,
in the page's language or in the game's notation, is played; words that name no move, or a move the rules refuse,
are refused in words and change nothing; the live region tells the moves made since it last spoke and whose turn it
is, once a round."""

from __future__ import annotations

import asyncio
import random

import pytest

from boardgames import GAMES
from boardgames.bots import move_said
from boardgames.core import Match
from boardgames.translation import words
from boardgames.typed import normalised, typed_move
from widgets.dashboard import dashboard
from widgets.runtime.language import page_language

PLAYERS = {"medici": 2, "medina": 3, "metropolis": 2, "marcopolo": 2}
NAMES = ("Ada", "Ben", "Cleo")


def game(name: str, **options):
    n = PLAYERS[name]
    return dashboard(name, players=NAMES[:n], seats=["human"] + ["random"] * (n - 1), seed=5, bots_async=False,
                     bot_delay=0, **options)


@pytest.fixture
def japanese():
    page_language.set("ja")
    yield
    page_language.set("en")


def test_the_move_box_reads_what_a_player_types_the_way_they_type_it():
    assert normalised("  Bid   12. ") == "bid 12"
    assert normalised("ＢＩＤ　１２。") == "bid 12"  # full-width letters, digits and space, a Japanese full stop


@pytest.mark.parametrize("name", sorted(PLAYERS))
def test_a_move_typed_as_the_log_writes_it_is_played_and_the_box_emptied(name):
    app = game(name)
    offered = list(app.move_box.box.options)
    legal = app.state.legal_moves()
    assert offered == [words(move_said(m)) for m in legal]  # every legal move, in the list
    app.move_box.box.value = "  " + offered[-1].upper() + " "
    app.move_box.play_typed()
    assert app.match.moves[0] == legal[-1]
    assert app.move_box.box.value == ""


@pytest.mark.parametrize("name", sorted(PLAYERS))
def test_a_whole_game_is_played_to_its_end_by_moves_typed_as_the_box_offers_them(name):
    """Every decision of the human seat, from the first to the end of the game, typed as the box's list says it
    (Chromium types a whole Medici game in ``tests/browser/test_browser_keyboard.py``)."""
    app = game(name)
    pick = random.Random(5)
    typed = 0
    while not app.state.is_over:
        assert app.state.current_player == 0 and app.move_box.box.options
        app.move_box.box.value = pick.choice(app.move_box.box.options)
        before = len(app.match.moves)
        app.move_box.play_typed()
        assert len(app.match.moves) > before and app.errors == []
        typed += 1
    assert typed >= 5 and app.move_box.box.value == ""


@pytest.mark.parametrize("name", sorted(PLAYERS))
def test_a_move_typed_in_japanese_is_played(name, japanese):
    app = game(name)
    legal = app.state.legal_moves()
    said = words(move_said(legal[-1]), "ja")
    assert said == app.move_box.box.options[-1]
    app.move_box.box.value = said
    app.move_box.play_typed()
    assert app.match.moves[0] == legal[-1]


@pytest.mark.parametrize("name", sorted(PLAYERS))
def test_words_that_name_no_move_are_refused_in_words_and_change_nothing(name):
    app = game(name)
    before = app.state
    app.move_box.box.value = "fly to the moon"
    app.move_box.play_typed()
    assert app.state is before and app.match.ply == 0
    assert app.message.kind == "error"
    assert app.message.text.startswith("“fly to the moon” is not a move here")
    assert app.move_box.box.value == "fly to the moon"  # kept, to be corrected
    assert app.announcer.told[0] == app.message.text


def test_a_move_the_notation_reads_but_the_rules_refuse_gets_the_engines_refusal():
    app = game("medici")  # Ada draws or opens an auction: no lot to stow
    before = app.state
    app.move_box.box.value = "stow 9"
    app.move_box.play_typed()
    assert app.state is before
    assert app.message.kind == "error"
    assert app.message.text == before.check(GAMES["medici"].parse_move("stow 9"), 0).message


def test_an_empty_box_says_what_to_type():
    app = game("medina")
    app.move_box.play_typed()
    assert app.match.ply == 0
    assert app.message.text == "Type a move first: the list under the box offers the moves you may make."


def test_a_move_typed_when_no_human_is_to_move_is_refused():
    over = dashboard("medici", players=NAMES[:2], seats=["random", "random"], seed=5, bots_async=False, bot_delay=0)
    assert over.state.is_over and over.move_box.box.options == ()
    over.move_box.box.value = "draw"
    over.move_box.play_typed()
    assert over.message.kind == "error" and "not a human player's turn" in over.message.text


def test_the_live_region_tells_a_bots_moves_once_its_round_is_over_and_whose_turn_it_is():
    async def play() -> list[list[str]]:
        app = dashboard("medici", players=NAMES[:2], seats=["human", "random"], seed=5, bots_async=True,
                        bot_delay=0.001)
        heard: list[list[str]] = []
        say = app.announcer.say
        app.announcer.say = lambda parts, again=False: (say(parts, again), heard.append(list(app.announcer.told)))
        app.move_box.box.value = "auction"
        app.move_box.play_typed()
        await app.wait_idle()
        return heard, app

    heard, app = asyncio.run(play())
    assert heard[-1] == app.announcer.told
    bot_lines = [e.said for e in app.match.states[2].events]  # Ben's answer to Ada's auction
    assert [words(s) for s in bot_lines][0] in app.announcer.told
    assert app.announcer.told[0] == "Ada puts spice:5 up for auction."
    assert app.announcer.told[-1].startswith("Ada, your decision:")
    assert not any(told[-1].startswith("Ben (bot") for told in heard)  # not read out while the bot thinks


def test_the_announcer_is_a_live_region_the_page_script_makes_and_the_box_is_never_disabled():
    from widgets.runtime.accessibility import SCRIPT

    app = game("medici")
    assert "bg-announce" in app.announcer._dom_classes and ".bg-announce:not([aria-live])" in SCRIPT
    over = dashboard("medici", players=NAMES[:2], seats=["random", "random"], seed=5, bots_async=False, bot_delay=0)
    assert not over.move_box.box.disabled and not over.move_box.play_button.disabled


def test_typed_move_is_the_engines_reading_not_the_pages():
    state = Match.new("metropolis", ["Ada", "Ben"], seed=5).state
    assert typed_move(GAMES["metropolis"], state, "Income", str) == state.legal_moves()[0]


def test_enter_in_the_box_plays_the_words_it_sends_with_them():
    from widgets.shell.keyboard import ENTERED

    app = game("metropolis")
    app.move_box.box.value = "income" + ENTERED  # the page script's mark: the words and Enter, in one message
    assert app.match.moves[0] == app.match.states[0].legal_moves()[0] and app.move_box.box.value == ""
    app.move_box.box.value = "fly" + ENTERED
    assert app.message.kind == "error" and app.move_box.box.value == "fly"  # refused: the words kept, unmarked
