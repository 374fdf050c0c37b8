"""The Voyages of Marco Polo's ExpertBot: legal moves only, far stronger than random play, quick, and blind to
what its seat may not know (its choice is the same in every position its seat cannot tell apart)."""

from __future__ import annotations

import random
import re
from dataclasses import replace

import pytest
from support.protocol_checks import assert_never_peeks, play_out
from support.sweep import player_counts

from boardgames import marcopolo as m
from boardgames.bots import ONLY_MOVE, RandomBot, make_bot
from boardgames.marcopolo import planning
from boardgames.marcopolo.board import INDEX
from boardgames.marcopolo.bot import TurnSearch
from boardgames.marcopolo.data import ROUNDS


@pytest.mark.parametrize("players", player_counts([2, 3, 4]))
def test_the_expert_beats_random_players(players):
    games, wins, margin = 2, 0.0, []  # its win rate over many games: benchmarks/marcopolo_expert.py
    for g in range(games):
        seat = g % players
        bots = [RandomBot(100 * g + s) for s in range(players)]
        bots[seat] = m.ExpertBot(g)
        end = play_out(m, bots, seed=g, players=players)
        if seat in end.winners():
            wins += 1 / len(end.winners())
        margin.append(end.vp[seat] - max(v for s, v in enumerate(end.vp) if s != seat))
    assert wins == games and min(margin) > 0


@pytest.mark.parametrize("expert", [False, True])
def test_the_expert_never_peeks(expert):
    assert_never_peeks(lambda: m.ExpertBot(5), m.new_game(3, seed=11, expert_setup=expert))


def test_the_expert_is_offered_as_the_expert_level_and_plays_every_character():
    """Its time per move is measured by benchmarks/marcopolo_expert.py; here, legal moves for four characters."""
    bot = make_bot("marcopolo", "expert", seed=1)
    assert isinstance(bot, m.ExpertBot)
    state = m.new_game(4, seed=2, characters=["Niccolò and Marco Polo", "William of Rubruck", "Johannes Carpini",
                                               "Raschid ad-Din Sinan"])
    while state.round < 3:
        move = bot.choose(state)
        assert state.check(move) is None
        state = state.play(move)


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
            assert re.search(r"\d", str(j.reason)), j.reason
            assert str(j.worth) == f"{round(j.value)} VP by the game's end"


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


def test_the_experts_judgement_depends_on_the_position_alone():
    """Its work is bounded by the trip plans a judgement asks for, not by those the process happens not to have made
    before: a position judged with the plans forgotten, then again with every plan it needs kept, gets the same
    judgements (a hint asked for cannot change a later bot move)."""
    for state in positions(seed=10, plies=60, every=7):
        planning._CACHE.clear()
        first = m.ExpertBot(4).judge(state)
        assert m.ExpertBot(4).judge(state) == first


def test_a_trip_plan_is_never_handed_to_a_position_with_other_city_cards():
    """The planner values a post by the city cards on the board: a plan kept for one position is not reused for a
    position that differs only in them (a puzzle once weighed 6.44 VP after other positions, 2.59 VP afresh)."""
    state = m.new_game(2, seed=3)
    other = replace(state, cards=state.cards[1:] + state.cards[:1])
    planning._CACHE.clear()
    afresh = planning.trips(other, 0)
    planning._CACHE.clear()
    planning.trips(state, 0)
    assert planning.trips(other, 0) == afresh


def test_a_time_budget_still_gives_legal_moves_best_first():
    state = next(positions(seed=6, plies=40, every=40))
    judgements = m.ExpertBot(3).judge(state, seconds=0.0)
    assert judgements and all(j.move in state.legal_moves() for j in judgements)
    assert [j.value for j in judgements] == sorted((j.value for j in judgements), reverse=True)


def random_state(seed: int, until) -> m.State:
    """The first position of a game of seeded random moves for which ``until(state)`` holds."""
    state, rng = m.new_game(3, seed=seed, characters=[None] * 3), random.Random(seed)
    while not state.is_over and not until(state):
        state = state.play(rng.choice(state.legal_moves()))
    return state


def test_the_expert_fulfils_a_paid_contract_before_its_last_turn_ends():
    """In the last round a seat without dice moves no more: a contract it can pay is worth its VP only now."""
    state = random_state(7, lambda s: s.round == ROUNDS and not s.agenda)
    seat = state.current_player
    state = state.arrange(seat, dice=[], contracts=[37], camels=2, silk=2, gold=2, pepper=0)
    assert set(state.legal_moves()) == {m.Fulfil(37), m.EndTurn()}
    assert m.ExpertBot(1).choose(state) == m.Fulfil(37)


def test_the_expert_weighs_trips_that_complete_its_goal_cards():
    """Goal cards 12 (Alexandria + Anxi) and 13 (Alexandria + Kashgar): among the trips it weighs, one reaches
    both cities of a card, and a trip's reason names what its posts and the goal cards are worth."""
    state = m.new_game(3, seed=2, goals=[[12, 13], [0, 1], [3, 4]])
    weighed = planning.trips(state, 0)
    assert any({INDEX["Alexandria"], INDEX["Anxi"]} <= set(t.stops) for t in weighed)
    complete = next(t for t in weighed if {INDEX["Alexandria"], INDEX["Anxi"]} <= set(t.stops))
    assert any("the goal cards' " in str(what) for what, _ in complete.parts)


def test_the_dice_of_a_round_still_to_roll_count_as_dice():
    """Between a round's start and its roll nobody holds dice yet: each seat is judged as if it held a round's worth,
    so the roll changes the judgement by how well it rolled (up or down), not by the dice themselves."""
    changes = []
    for seed in (3, 6, 7, 10):
        state = random_state(seed, lambda s: s.round > 1 and planning.to_roll(s) and s.agenda[0][0] != "roll")
        rolled = state
        while planning.to_roll(rolled):
            rolled = rolled.play(rolled.legal_moves()[0])
        assert not any(state.held) and all(rolled.held)
        changes += [planning.outlook(rolled, seat) - planning.outlook(state, seat) for seat in range(3)]
    assert abs(sum(changes) / len(changes)) < 3


def test_a_bought_black_die_is_judged_whatever_it_will_show():
    """A seat buys a black die before it is rolled: the judgement of buying it is the same in worlds whose dice
    roll differently."""
    state = random_state(4, lambda s: m.BuyBlackDie() in s.legal_moves() and not s.main_done)
    seat = state.current_player
    values = set()
    for k in range(3):
        world = state.determinize(seat, random.Random(k))
        values.add(round(TurnSearch(seat).unrolled(world, world.play(m.BuyBlackDie()))[0], 6))
    assert len(values) == 1
