"""The widget tests' shared fixtures: the toy game of ``tests/toy`` with its view, registered for one test."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/: the toy game and its view

import toy  # noqa: E402
from toy import view as toy_view  # noqa: E402

import boardgames  # noqa: E402
from widgets.kit import registry  # noqa: E402


@pytest.fixture
def toy_game(monkeypatch):
    """The toy game registered in the engine and in the views for this test only; yields its module."""
    monkeypatch.setitem(boardgames.GAMES, "toy", toy)
    monkeypatch.setattr(registry, "VIEWS", dict(registry.VIEWS))
    registry.register("toy", toy_view)
    return toy
