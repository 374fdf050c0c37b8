"""The written protocols hold for every game: the module and its states (``check_module``), random play to the
end (``check_conformance``, a few seeds here; each game's own conformance test runs many), and the shared
broken-save check. The toy game of ``tests/toy`` is checked too: the protocol does not depend on Medici or
Medina."""

import pytest
import toy
from support.protocol_checks import check_broken_saves

import boardgames
from boardgames.bots import RandomBot
from boardgames.conformance import ConformanceError, check_conformance, check_module


@pytest.fixture(params=sorted(boardgames.GAMES) + ["toy"])
def game(request, monkeypatch):
    """Each game of ``boardgames.GAMES``, and the toy game registered for the test."""
    if request.param == "toy":
        monkeypatch.setitem(boardgames.GAMES, "toy", toy)
    return boardgames.GAMES[request.param]


def test_every_game_offers_the_module_protocol(game):
    check_module(game)


def test_every_game_keeps_its_promises_in_random_play(game):
    report = check_conformance(game, [game.PLAYERS.start, game.PLAYERS.stop - 1], range(3), max_moves=2_000)
    assert report.games == 6 and report.refusals > 0


def _mid_game(game, plies: int):
    state, bot = game.new_game(game.PLAYERS.start, seed=3), RandomBot(3)
    for _ in range(plies):
        if state.is_over:
            break
        state = state.play(bot.choose(state))
    return state


@pytest.mark.parametrize("plies", [0, 5])
def test_every_game_refuses_every_damaged_save(game, plies):
    """Each field of a save, at any depth, removed or of the wrong kind: refused with a ValueError naming it."""
    assert check_broken_saves(game, _mid_game(game, plies)) > 10


def test_the_module_check_names_what_is_missing(monkeypatch):
    monkeypatch.delattr(toy, "candidate_moves")
    with pytest.raises(ConformanceError, match="candidate_moves"):
        check_module(toy)


@pytest.mark.parametrize("name", ["SCORING_NOTE", "keeps_secrets"])
def test_the_module_check_names_a_missing_scoring_note_or_secrets_answer(monkeypatch, name):
    monkeypatch.delattr(toy, name)
    with pytest.raises(ConformanceError, match=name):
        check_module(toy)


def test_the_broken_save_check_fails_on_a_reader_that_accepts_damage(monkeypatch):
    """The shared check can fail: a reader that ignores a field lets a damaged document through."""
    monkeypatch.setitem(boardgames.GAMES, "toy", toy)
    sound = toy.from_json
    monkeypatch.setattr(toy, "from_json", lambda text: sound(text.replace('"turn": {"damaged": [0]}', '"turn": 0')))
    with pytest.raises(AssertionError, match="accepted it"):
        check_broken_saves(toy, toy.new_game(2))


def test_the_toy_secret_is_seen_only_by_its_seat():
    state = toy.new_game(3, seed=4)
    deal = state.events[1]
    assert deal.seen_from(1) is deal
    assert deal.seen_from(0).text == "Ben is dealt a stone." and deal.seen_from(None).data == {}
    assert toy.STONES[state.hands[1] - 1] in deal.text


def test_the_toy_keeps_secrets_until_the_stones_are_shown():
    state = toy.new_game(2, seed=4)
    assert toy.keeps_secrets(state)
    while not state.is_over:
        state = state.play(toy.Keep())
    assert not toy.keeps_secrets(state)
