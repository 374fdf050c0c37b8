"""The shared conformance checker over The Voyages of Marco Polo: 2, 3 and 4 players (10 seeds each in ``make test``,
50 in ``make sweep``: ``tests/support/sweep.py``), each game played to its end by random moves, once with random
characters (every one of the eight comes up) and once with the expert setup (the character draft, goal cards dealt 4
keep 2, small-city bonuses shuffled)."""

import random

import pytest
from support.sweep import seeds

from boardgames import marcopolo
from boardgames.conformance import ConformanceError, Report, check_game

SEEDS = seeds(50)  # 50 in make sweep
NAMES = [c.name for c in marcopolo.CHARACTERS]


def characters(players: int, seed: int) -> list[str]:
    return random.Random(f"characters/{players}/{seed}").sample(NAMES, players)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_marcopolo_conformance_random_characters(players):
    report = Report()
    seen = set()
    for seed in SEEDS:
        chosen = characters(players, seed)
        seen.update(chosen)
        check_game(marcopolo, players, seed, flags={"characters": chosen}, json_every=4, illegal_sample=4,
                   report=report)
    assert report.games == len(SEEDS) and report.refusals > report.games
    assert seen == set(NAMES)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_marcopolo_conformance_expert_setup(players):
    report = Report()
    for seed in SEEDS:
        end = check_game(marcopolo, players, seed, flags={"expert_setup": True}, json_every=4, illegal_sample=4,
                         report=report)
        assert end.is_over and all(end.character(s) for s in range(players))
    assert report.games == len(SEEDS) and report.refusals > report.games


def test_conformance_checker_catches_a_travel_off_the_map(monkeypatch):
    """The checker can fail: offering a walk along a route that does not exist is caught at once."""
    honest = marcopolo.State.legal_moves

    def greedy(state):
        moves = honest(state)
        dice = state.dice(state.current_player)
        if len(dice) >= 2 and not state.pending:
            moves = moves + [marcopolo.Travel(tuple(dice[:2]), ("Moscow",))]
        return moves

    monkeypatch.setattr(marcopolo.State, "legal_moves", greedy)
    with pytest.raises(ConformanceError, match="refused by check"):
        check_game(marcopolo, 2, seed=1)
