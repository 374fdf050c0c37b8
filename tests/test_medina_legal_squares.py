"""The squares the dashboard highlights for a piece are exactly the placements the engine accepts
(the time this takes is printed by ``benchmarks/medina.py``, not tested)."""

from __future__ import annotations

import dataclasses

import pytest

from boardgames import medina
from boardgames.bots import RandomBot

PIECES = [("building", c) for c in medina.COLOURS] + [(p, None) for p in ("roof", "stable", "merchant", "wall")]


@pytest.mark.parametrize("seed", range(4))
def test_legal_squares_are_exactly_the_accepted_placements(seed):
    state = medina.new_game(3 + seed % 2, seed=seed)
    bot = RandomBot(seed)
    for _ in range(60):
        state = state.play(bot.choose(state))
    every_square = [(r, c) for r in range(13) for c in range(18)]
    for piece, colour in PIECES:
        fresh = dataclasses.replace(state)  # no derived facts cached, as after a move
        squares = set(fresh.legal_squares(piece, colour))
        accepted = {at for at in every_square if fresh.check(medina.Place(piece, at, colour)) is None}
        assert squares == accepted, piece
