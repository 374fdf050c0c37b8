"""The shared conformance checker over Medina: 3 and 4 players, 10 seeds each in ``make test`` and
50 in ``make sweep`` (``tests/support/sweep.py``)."""

import pytest
from support.sweep import seeds

from boardgames import medina
from boardgames.conformance import ConformanceError, check_conformance, check_game

SEEDS = seeds(50)  # 50 in make sweep


@pytest.mark.parametrize("players", [3, 4])
def test_medina_conformance(players):
    report = check_conformance(medina, [players], SEEDS, json_every=5, max_moves=400)
    assert report.games == len(SEEDS)
    assert report.refusals > 10 * report.games  # refused moves were really tried
    assert report.longest <= 2 + 4 * 50  # every move places a piece: at most the pieces there are


def test_conformance_checker_catches_a_broken_promise(monkeypatch):
    """The checker can fail: a state that offers a wall on a tower is caught at once."""
    honest = medina.State.legal_moves

    def boastful(state):
        return honest(state) + [medina.Place("wall", (0, 0))]

    monkeypatch.setattr(medina.State, "legal_moves", boastful)
    with pytest.raises(ConformanceError, match="refused by check"):
        check_game(medina, 3, seed=1)
