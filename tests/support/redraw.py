"""Another stream of chance behind a game's ``determinize``, for the tests that a position shown to a seat was made
as that seat may know it (exercises, puzzles): redrawn otherwise, what the seat cannot see changes."""

from __future__ import annotations

import random

import pytest

import boardgames


def redraw_otherwise(monkeypatch: pytest.MonkeyPatch, game: str) -> tuple[list[int], list[str]]:
    """Make ``game``'s ``determinize`` draw from a stream salted by ``salt[0]`` (set it to redraw otherwise), and
    note in ``views`` each seat it drew for; gives ``(views, salt)``, the salt first ``"a"``."""
    state_class = type(boardgames.GAMES[game].new_game(3, seed=0))
    determinize = state_class.determinize
    views: list[int] = []
    salt = ["a"]

    def redrawn(state, seat, rng):
        views.append(seat)
        return determinize(state, seat, random.Random(f"{salt[0]}:{rng.random()}"))

    monkeypatch.setattr(state_class, "determinize", redrawn)
    return views, salt
