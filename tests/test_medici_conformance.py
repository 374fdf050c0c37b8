"""The shared conformance checker over Medici: every player count, 2 to 6, 10 seeds each in
``make test`` and 100 in ``make sweep`` (``tests/support/sweep.py``)."""

import pytest
from support.sweep import seeds

from boardgames import medici
from boardgames.conformance import ConformanceError, check_conformance, check_game

SEEDS = seeds(100)  # 100 in make sweep


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_medici_conformance(players):
    report = check_conformance(medici, [players], SEEDS, json_every=3, max_moves=400)
    assert report.games == len(SEEDS)
    assert report.refusals > report.games  # refused moves were really tried


def test_conformance_checker_catches_a_broken_promise(monkeypatch):
    """The checker can fail: a state that offers a bid nobody can afford is caught at once."""
    honest = medici.State.legal_moves

    def boastful(state):
        return honest(state) + [medici.Bid(10_000)] if state.step == "bid" else honest(state)

    monkeypatch.setattr(medici.State, "legal_moves", boastful)
    with pytest.raises(ConformanceError, match="refused by check"):
        check_game(medici, 3, seed=1)
