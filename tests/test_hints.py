"""Hints and a bot's reasons: ``boardgames.hints.suggest`` gives the expert's best legal moves for the seat to move,
best first, each worth something in the game's own terms and with a reason naming numbers; the same position
gives the same hint, a finished game is refused, and what the seat may not know changes nothing. A bot that
explains plays the first of its own judgements and keeps them for the log (``move_reasons``).

Budgets are small here; how long a hint takes is measured by ``benchmarks/hints.py``, never in a test."""

from __future__ import annotations

import dataclasses
import math
import random
import re
from functools import cache

import pytest

import boardgames
from boardgames import medici
from boardgames.bots import (
    ONLY_MOVE,
    SEARCH,
    ExplainingBot,
    Judgement,
    JudgingBot,
    MonteCarloBot,
    RandomBot,
    make_bot,
)
from boardgames.hints import move_reasons, suggest

SECONDS = 0.3
# A budget no judgement here reaches: what a hint reads must not depend on how busy the machine is.
UNHURRIED = 30.0
# What a judgement's worth is counted in, game by game.
TERMS = {
    "medici": r"\d+ florins at the day's end",
    "medina": r"(\d+ points by the game's end|no points yet)",
    "metropolis": r"\d+ prestige and population \d+ by the year's end",
    "marcopolo": r"\d+ VP",
}
GAMES = sorted(boardgames.GAMES)


@cache
def positions(game: str) -> tuple:
    """Three positions of ``game`` from seeded random play (one early, two later), each with a choice to make."""
    module = boardgames.GAMES[game]
    flags = {"deed_draft": True} if game == "metropolis" else {}
    out = []
    for k, plies in enumerate((3, 30, 60)):
        state = module.new_game(3 if game != "medici" or k else 2, seed=20 + k, **(flags if k == 0 else {}))
        rng = random.Random(k)
        for _ in range(plies):
            state = state.play(rng.choice(state.legal_moves()))
        while len(state.legal_moves()) < 2:
            state = state.play(rng.choice(state.legal_moves()))
        out.append(state)
    return tuple(out)


def finished(game: str):
    module = boardgames.GAMES[game]
    state, rng = module.new_game(3, seed=5), random.Random(5)
    while not state.is_over:
        state = state.play(rng.choice(state.legal_moves()))
    return state


def same(a: list[Judgement], b: list[Judgement]) -> bool:
    """Equal judgements (NaN values count as equal)."""
    return [(j.move, j.worth, j.reason, None if math.isnan(j.value) else round(j.value, 9)) for j in a] == [
        (j.move, j.worth, j.reason, None if math.isnan(j.value) else round(j.value, 9)) for j in b]


@pytest.mark.parametrize("game", GAMES)
def test_a_hint_is_up_to_three_legal_moves_best_first_with_worth_and_reason(game):
    for state in positions(game):
        moves = state.legal_moves()
        hint = suggest(state, SECONDS)
        assert len(hint) == min(3, len(moves))
        assert all(j.move in moves for j in hint) and len({str(j.move) for j in hint}) == len(hint)
        values = [j.value for j in hint]
        assert values == sorted(values, reverse=True), values
        for j in hint:
            assert re.search(TERMS[game], str(j.worth)), j.worth
            assert re.search(r"\d", str(j.reason)), j.reason
        assert len(suggest(state, SECONDS, count=1)) == 1


@pytest.mark.parametrize("game", sorted(boardgames.GAMES))
def test_the_same_position_gives_the_same_hint(game):
    module = boardgames.GAMES[game]
    state = positions(game)[1]
    assert same(suggest(state, SECONDS), suggest(module.from_json(state.to_json()), SECONDS))


@pytest.mark.parametrize("game", sorted(boardgames.GAMES))
def test_a_finished_game_gets_no_hint(game):
    with pytest.raises(ValueError, match="over"):
        suggest(finished(game))


@pytest.mark.parametrize("game", GAMES)
def test_a_hint_never_peeks(game):
    """Positions the seat to move cannot tell apart (``determinize`` redraws what it may not know) get one hint."""
    for state in positions(game):
        seen = suggest(state, UNHURRIED)
        for k in range(2):
            assert same(suggest(state.determinize(state.current_player, random.Random(k)), UNHURRIED), seen)


def test_a_medici_hint_is_blind_to_the_deck_order():
    state = positions("medici")[1]
    assert len(state.deck) > 2
    shuffled = dataclasses.replace(state, deck=tuple(reversed(state.deck)))
    assert shuffled != state
    assert same(suggest(shuffled, UNHURRIED), suggest(state, UNHURRIED))


def test_a_metropolis_hint_is_blind_to_the_other_hands_in_the_draft():
    state = positions("metropolis")[0]
    assert state.drafting
    seat = state.current_player
    hands = list(state.hands)
    other = (seat + 1) % state.players
    hands[other] = tuple(reversed(hands[other]))
    swapped = dataclasses.replace(state, hands=tuple(hands))
    assert same(suggest(swapped, UNHURRIED), suggest(state, UNHURRIED))


@pytest.mark.parametrize("game", sorted(boardgames.GAMES))
def test_a_bot_plays_the_first_of_its_judgements_and_keeps_them(game):
    for state in positions(game):
        bot = make_bot(game, "expert", seed=3)
        move = bot.choose(state)
        assert isinstance(bot, ExplainingBot)
        assert bot.last_judgements[0].move == move
        assert same(bot.last_judgements, make_bot(game, "expert", seed=3).judge(state))


class OneMove:
    """A position with a single legal move (Medici never offers one: its automatic steps play themselves)."""

    current_player, is_over = 0, False

    def __init__(self, move):
        self.move = move

    def legal_moves(self):
        return [self.move]


@pytest.mark.parametrize("game", sorted(boardgames.GAMES))
def test_an_only_legal_move_is_judged_without_search(game):
    state = OneMove(positions(game)[1].legal_moves()[0])
    for bot in (make_bot(game, "expert", seed=1), MonteCarloBot(5, seed=1)):
        move = bot.choose(state)
        assert move == state.move
        assert [j.reason for j in bot.last_judgements] == [ONLY_MOVE]
        assert [j.reason for j in bot.judge(state)] == [ONLY_MOVE]
        assert str(move_reasons(bot)["note"]) == f"{move} was the only legal move."


@pytest.mark.parametrize("game", GAMES)
def test_a_bot_move_in_the_log_shows_its_alternatives(game):
    state = positions(game)[1]
    bot = make_bot(game, "expert", seed=4)
    move = bot.choose(state)
    shown = move_reasons(bot)
    assert shown["move"] == str(move) and shown["explained"]
    assert [o["chosen"] for o in shown["options"]] == [True] + [False] * (len(shown["options"]) - 1)
    assert len(shown["options"]) == min(3, len(bot.last_judgements)) >= 2
    for option in shown["options"]:
        assert set(option) == {"move", "worth", "reason", "value", "chosen"}
        assert isinstance(option["move"], str) and isinstance(option["value"], float)
        assert re.search(TERMS[game], str(option["worth"]))
    assert move_reasons(bot.last_judgements, count=1)["options"] == shown["options"][:1]


def test_a_random_move_has_no_reasons():
    bot = RandomBot(1)
    state = positions("medici")[0]
    bot.choose(state)
    assert bot.last_judgements == []
    shown = move_reasons(bot)
    assert not shown["explained"] and shown["options"] == [] and "random" in str(shown["note"])


def test_the_search_bot_explains_by_its_playouts():
    state = positions("medici")[1]
    judged = MonteCarloBot(24, seed=7).judge(state)
    bot = MonteCarloBot(24, seed=7)
    assert bot.choose(state) == judged[0].move and same(bot.last_judgements, judged)
    values = [j.value for j in judged]
    assert values == sorted(values, reverse=True) and all(0 <= v <= 1 for v in values)
    for j in judged:
        assert re.fullmatch(r"beats \d+ % of opponents in \d+ playouts", str(j.worth)), j.worth
        assert re.search(r"\d+ of 24 random playouts", str(j.reason)), j.reason


def test_a_budget_stops_the_search_with_the_best_found_so_far():
    state = positions("metropolis")[2]
    judged = MonteCarloBot(10_000, seed=1).judge(state, seconds=0.05)
    assert 1 <= len(judged) and all(j.move in state.legal_moves() for j in judged)
    assert 1 <= len(make_bot("metropolis", "expert").judge(state, seconds=1e-9)) <= len(state.legal_moves())


def test_the_metropolis_search_bot_has_its_own_playouts():
    bot = make_bot("metropolis", "search", seed=1)
    assert (bot.playouts, bot.budget) == (SEARCH["metropolis"]["playouts"], SEARCH["metropolis"]["budget"])
    assert make_bot("metropolis", "search", seed=1, playouts=50).playouts == 50
    assert make_bot("medici", "search", seed=1).playouts == 200


def test_a_bot_that_only_decides_still_plays():
    class Decider(JudgingBot):
        def decide(self, state, moves):
            return moves[-1]

    state = positions("medici")[1]
    bot = Decider(1)
    assert bot.choose(state) == state.legal_moves()[-1]
    assert len(bot.last_judgements) == 1 and not move_reasons(bot)["explained"]


def test_the_medici_expert_prices_the_lot_in_florins():
    """The bid it plays is its limit, shade of the lot's worth, and the reason names that worth and the profit."""
    state = medici.new_game(4, seed=3)
    bots = [medici.ExpertBot(s) for s in range(4)]
    while not (state.step == "bid" and state.current_player != state.auctioneer
               and isinstance(medici.ExpertBot(9).judge(state)[0].move, medici.Bid)):
        state = state.play(bots[state.current_player].choose(state))
    best = medici.ExpertBot(9).judge(state)[0]
    seat = state.current_player
    worth = medici.lot_value(state, seat, rng=random.Random(9))  # the bot's first draw from its seed
    assert best.move.amount == min(state.money[seat], int(worth * 0.8))
    reason = str(best.reason)
    assert f"worth {worth:.1f} florins" in reason and f"expected profit of {worth - best.move.amount:.1f}" in reason


def test_the_metropolis_worth_names_prestige_and_population():
    state = positions("metropolis")[2]
    for j in suggest(state, SECONDS):
        assert "prestige" in str(j.worth) and "population" in str(j.worth)

