"""The Voyages of Marco Polo's ExpertBot: legal moves only, far stronger than random play, quick, and blind to
what its seat may not know (its choice is the same in every position its seat cannot tell apart)."""

from __future__ import annotations

import time

import pytest
from protocol_checks import assert_never_peeks, play_out

from boardgames import marcopolo as m
from boardgames.bots import RandomBot, make_bot


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_expert_beats_random_players(players):
    games, wins, margin = 6, 0.0, []
    for g in range(games):
        seat = g % players
        bots = [RandomBot(100 * g + s) for s in range(players)]
        bots[seat] = m.ExpertBot(g)
        end = play_out(m, bots, seed=g, players=players)
        if seat in end.winners():
            wins += 1 / len(end.winners())
        margin.append(end.vp[seat] - max(v for s, v in enumerate(end.vp) if s != seat))
    assert wins >= games - 1 and min(margin) > 0


@pytest.mark.parametrize("expert", [False, True])
def test_the_expert_never_peeks(expert):
    assert_never_peeks(lambda: m.ExpertBot(5), m.new_game(3, seed=11, expert_setup=expert))


def test_the_expert_is_quick_and_offered_as_the_expert_level():
    bot = make_bot("marcopolo", "expert", seed=1)
    assert isinstance(bot, m.ExpertBot)
    state, slowest = m.new_game(4, seed=2, characters=["Niccolò and Marco Polo", "William of Rubruck",
                                                       "Johannes Carpini", "Raschid ad-Din Sinan"]), 0.0
    while not state.is_over:
        start = time.process_time()
        move = bot.choose(state)
        slowest = max(slowest, time.process_time() - start)
        assert state.check(move) is None
        state = state.play(move)
    assert slowest < 1.0
