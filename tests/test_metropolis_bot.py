"""Foundations of Metropolis's ExpertBot: legal moves only, clearly stronger than random play, and blind to
what its seat may not know (its choice is the same in every position its seat cannot tell apart)."""

from __future__ import annotations

import pytest
from support.protocol_checks import assert_never_peeks, play_out
from support.sweep import player_counts

from boardgames import metropolis as m
from boardgames.bots import RandomBot


@pytest.mark.parametrize("players", player_counts([2, 3, 4]))
def test_the_expert_beats_random_players(players):
    games, wins = 6, 0.0
    for g in range(games):
        seat = g % players
        bots = [RandomBot(100 * g + s) for s in range(players)]
        bots[seat] = m.ExpertBot(g)
        end = play_out(m, bots, seed=g, players=players)
        if seat in end.winners():
            wins += 1 / len(end.winners())
    assert wins >= games - 1


@pytest.mark.parametrize("draft", [False, True])
def test_the_expert_never_peeks(draft):
    assert_never_peeks(lambda: m.ExpertBot(5), m.new_game(3, seed=11, deed_draft=draft))
