"""The Voyages of Marco Polo's ExpertBot: legal moves only, far stronger than random play, quick, and blind to
what its seat may not know (its choice is the same in every position its seat cannot tell apart)."""

from __future__ import annotations

import random
import re
import time

import pytest
from protocol_checks import assert_never_peeks, play_out

from boardgames import marcopolo as m
from boardgames.bots import ONLY_MOVE, RandomBot, make_bot


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


def positions(seed: int, plies: int, every: int):
    """Positions along a game of random moves: every ``every``-th of its first ``plies``."""
    state, rng = m.new_game(3, seed=seed, characters=[None] * 3), random.Random(seed)
    for ply in range(plies):
        if state.is_over:
            break
        if ply % every == 0 and len(state.legal_moves()) > 1:
            yield state
        state = state.play(rng.choice(state.legal_moves()))


def test_the_expert_judges_legal_moves_best_first_and_says_why_in_numbers():
    for state in positions(seed=3, plies=120, every=15):
        judgements = m.ExpertBot(1).judge(state)
        legal = state.legal_moves()
        assert len(judgements) >= min(3, len(legal))
        assert all(j.move in legal for j in judgements)
        values = [j.value for j in judgements]
        assert values == sorted(values, reverse=True)
        for j in judgements:
            assert re.search(r"\d", j.reason), j.reason
            assert j.worth == f"{round(j.value)} VP by the game's end"


def test_the_expert_plays_its_first_judgement_and_keeps_the_list():
    for state in positions(seed=4, plies=90, every=10):
        bot = m.ExpertBot(2)
        move = bot.choose(state)
        assert move == m.ExpertBot(2).judge(state)[0].move
        assert bot.last_judgements and bot.last_judgements[0].move == move


def test_an_only_legal_move_is_played_without_weighing():
    state = m.new_game(3, seed=1)
    while len(state.legal_moves()) > 1:
        state = state.play(m.ExpertBot(0).choose(state))
    bot = m.ExpertBot(0)
    assert bot.choose(state) == state.legal_moves()[0]
    assert [j.reason for j in bot.last_judgements] == [ONLY_MOVE]


def test_the_expert_judges_the_same_whatever_its_seat_cannot_know():
    """Other players' goal cards, the contract piles' order and future dice: a world drawn for the seat in place of
    the real game gives the same judgements, number for number and word for word."""
    for state in positions(seed=5, plies=150, every=25):
        seat = state.current_player
        seen = m.ExpertBot(9).judge(state)
        for k in range(2):
            assert m.ExpertBot(9).judge(state.determinize(seat, random.Random(k))) == seen


def test_a_time_budget_still_gives_legal_moves_best_first():
    state = next(positions(seed=6, plies=40, every=40))
    judgements = m.ExpertBot(3).judge(state, seconds=0.0)
    assert judgements and all(j.move in state.legal_moves() for j in judgements)
    assert [j.value for j in judgements] == sorted((j.value for j in judgements), reverse=True)
