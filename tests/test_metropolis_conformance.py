"""The shared conformance checker over Foundations of Metropolis: 2, 3 and 4 players, with and without the deed draft,
10 seeds each in ``make test`` and 50 in ``make sweep`` (``tests/support/sweep.py``). Random play stops after 400
moves (decision 17: a year can stall for good, so the checker does not demand an end); almost every random game ends
well before."""

import pytest
from support.sweep import seeds

from boardgames import metropolis
from boardgames.conformance import ConformanceError, check_conformance, check_game

SEEDS = seeds(50)  # 50 in make sweep


@pytest.mark.parametrize("draft", [False, True], ids=["dealt", "draft"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_metropolis_conformance(players, draft):
    report = check_conformance(metropolis, [players], SEEDS, json_every=4, illegal_sample=4, stop_after=400,
                               flags={"deed_draft": draft})
    assert report.games == len(SEEDS)
    assert report.refusals > report.games


def test_conformance_checker_catches_a_build_off_the_rules(monkeypatch):
    """The checker can fail: offering a build on somebody else's lot is caught at once."""
    honest = metropolis.State.legal_moves

    def greedy(state):
        moves = honest(state)
        if state.current_player is not None and not state.drafting:
            other = state.lots((state.current_player + 1) % state.players)
            moves = moves + [metropolis.Build("A", (other[0],))] if other else moves
        return moves

    monkeypatch.setattr(metropolis.State, "legal_moves", greedy)
    with pytest.raises(ConformanceError, match="refused by check"):
        check_game(metropolis, 2, seed=1)
