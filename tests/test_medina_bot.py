"""Medina's ExpertBot: legal, reproducible, sensible, and clearly better than random play; the generic bots play
Medina through the protocol too."""

from __future__ import annotations

import pytest
from support import protocol_checks
from support.sweep import player_counts

from boardgames import medina
from boardgames.bots import MonteCarloBot, RandomBot, bot_levels, make_bot
from boardgames.medina import Place


def play_out(bots, seed, players):
    return protocol_checks.play_out(medina, bots, seed, players)


def test_expert_bot_is_reproducible_from_its_seed():
    a = play_out([medina.ExpertBot(1), RandomBot(2), RandomBot(3)], seed=4, players=3)
    b = play_out([medina.ExpertBot(1), RandomBot(2), RandomBot(3)], seed=4, players=3)
    assert a == b


@pytest.mark.parametrize("players", player_counts([3, 4]))
def test_expert_bot_beats_random_bots(players):
    """Over 6 seeded games against random players, seats rotating, the expert wins at least 5."""
    wins = 0
    for g in range(6):
        hero = g % players
        bots = [medina.ExpertBot(g) if s == hero else RandomBot(10 * g + s) for s in range(players)]
        wins += play_out(bots, seed=300 + g, players=players).winners() == (hero,)
    assert wins >= 5


def test_expert_bot_builds_and_roofs_in_one_turn():
    """With a palace worth having that it can grow and claim, the bot grows it first, then roofs it."""
    s = medina.new_game(3).arrange(
        [(1, Place("building", at, "brown")) for at in [(5, 5), (5, 6), (5, 7), (6, 5), (6, 6)]]
        + [(2, Place("merchant", at)) for at in [(4, 5), (4, 6), (4, 7)]],
        to_move=0,
    )
    bot = medina.ExpertBot(0, reserve=5.0)
    first = bot.choose(s)
    assert first.piece in ("building", "stable") and s.play(first).palace_at(first.at).id == s.palace_at((5, 5)).id
    s = s.play(first)
    second = bot.choose(s)
    assert second == Place("roof", (5, 5))
    assert s.play(second).palace_at((5, 5)).owner == 0


def test_expert_bot_feeds_its_own_palace():
    """Of the merchant placements, the one beside the bot's own palace is valued most (not the opponent's)."""
    s = medina.new_game(3).arrange(
        [(0, Place("building", (5, 5), "grey")), (0, Place("roof", (5, 5))),
         (1, Place("building", (5, 9), "black")), (1, Place("roof", (5, 9))),
         (2, Place("merchant", (5, 7)))],
        to_move=0,
    )
    options = [m for m in s.legal_moves() if m.piece == "merchant"]
    assert {m.at for m in options} == {(5, 6), (5, 8), (4, 7), (6, 7)}
    bot = medina.ExpertBot(0)
    best = max(options, key=lambda m: bot.value(s.play(m), 0))
    assert best == Place("merchant", (5, 6))
    assert bot.value(s.play(Place("merchant", (5, 8))), 0) < bot.value(s.play(Place("merchant", (4, 7))), 0)


def test_make_bot_offers_the_expert_for_medina():
    assert bot_levels("medina") == ["random", "search", "expert"]
    assert isinstance(make_bot("medina", "expert", seed=3), medina.ExpertBot)


def test_monte_carlo_bot_plays_a_whole_game_of_medina():
    state = play_out([MonteCarloBot(2, seed=1), RandomBot(2), RandomBot(3)], seed=5, players=3)
    assert state.is_over and state.winners()
