"""The check that an exercise's position is one a game reaches by play (``boardgames.practice.reachable``, issue
39): positions played from a deal pass it, and what play never makes is told (``tests/test_practice.py`` holds
every exercise of every kind to it)."""

from __future__ import annotations

import dataclasses

import pytest

from boardgames import marcopolo, metropolis
from boardgames.marcopolo.board import IS_CITY, NAMES
from boardgames.marcopolo.data import CONTRACTS, LARGE_CITIES
from boardgames.practice import positions
from boardgames.practice.reachable import problem

GAMES = ("medici", "medina", "metropolis", "marcopolo")


@pytest.mark.parametrize("game", GAMES)
def test_positions_played_from_a_deal_pass_the_check(game):
    for seed in range(3):
        for state in positions(game, seed, players=3 + seed % 2, plies=300):
            assert problem(state) is None, (seed, problem(state))


def test_metropolis_deeds_dealt_are_never_lost():
    state = metropolis.new_game(3, seed=1)
    mine = [i for i, o in enumerate(state.owner) if o == 0]
    lost = dataclasses.replace(state, owner=tuple(-1 if i == mine[0] else o for i, o in enumerate(state.owner)),
                               lots_board=tuple(-1 if i == mine[0] else o for i, o in enumerate(state.lots_board)),
                               piles=(state.piles[0] + (mine[0],), *state.piles[1:]),
                               markers_left=(state.markers_left[0] + 1, *state.markers_left[1:]))
    assert "fewer than the 6 deeds dealt" in problem(lost)


def test_metropolis_prestige_is_what_the_years_scored_gave():
    state = next(s for s in positions("metropolis", 2, players=2, plies=600) if s.year == 3)
    assert problem(state) is None
    nothing = dataclasses.replace(state, prestige=(0,) * state.players)
    assert any(state.prestige) and "prestige though the years scored gave" in problem(nothing)


def test_marcopolo_a_post_in_a_large_city_has_taken_its_outpost_tile():
    state = marcopolo.new_game(3, seed=4)
    city = LARGE_CITIES[0]
    posted = state.arrange(1, posts=[NAMES[city]])
    assert "outpost tile is still there" in problem(posted)


def test_marcopolo_vp_are_at_least_what_contracts_and_posts_paid():
    """Unless a city card in play sells VP for coins (card 19), which a game may make negative."""
    state = next(g for g in (marcopolo.new_game(3, seed=k) for k in range(20)) if 19 not in g.cards)
    fulfilled = state.arrange(0, completed=[state.hands[0][0]], contracts=[])
    assert f"contracts and posts paid {CONTRACTS[state.hands[0][0]].vp}" in problem(fulfilled)


def test_marcopolo_round_one_contracts_are_taken_with_dice():
    state = marcopolo.new_game(3, seed=4)
    taken = [c for c in state.board if c >= 0][:2]
    held = state.arrange(2, contracts=[*state.hands[2], *taken[:1]])
    assert "contracts in round 1 with 0 dice placed" in problem(held)


def test_marcopolo_a_figure_in_a_city_has_put_a_post_there():
    state = marcopolo.new_game(3, seed=4)
    city = next(node for node in range(len(NAMES)) if IS_CITY[node] and node not in state.post_list[1])
    assert "where Ben has no trading post" in problem(state.arrange(1, at=NAMES[city]))
