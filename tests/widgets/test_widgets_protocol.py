"""Every registered view follows the view protocol (``widgets.kit.protocol.check_view``), the toy game's too; and the
check names what a broken view lacks or breaks."""

from __future__ import annotations

from types import SimpleNamespace

import ipywidgets as W
import pytest
from toy import view as toy_view

import boardgames
from boardgames.bots import RandomBot
from widgets.kit import registry
from widgets.kit.protocol import check_view


def positions(game: str, plies=(0, 3, 8, 20)):
    """Positions of a random game of ``game`` after ``plies`` moves (those reached before the end)."""
    state, bot, out = boardgames.GAMES[game].new_game(3, seed=7), RandomBot(7), []
    for ply in range(max(plies) + 1):
        if state.is_over:
            break
        if ply in plies:
            out.append(state)
        state = state.play(bot.choose(state))
    return out


@pytest.mark.parametrize("game", registry.games() + ["toy"])
def test_every_view_keeps_the_protocol(game, request):
    if game == "toy":
        request.getfixturevalue("toy_game")
    ui = registry.view(game)
    assert check_view(ui) == []
    for state in positions(game):
        assert check_view(ui, state) == [], f"{game} after {state}"


def broken_toy(**changes) -> SimpleNamespace:
    """The toy's view with some of its parts changed (None: left out)."""
    parts = {name: getattr(toy_view, name) for name in ("Board", "Controls", "turn_hint", "SCORE_NAME",
                                                       "SCORE_TITLE", "end_columns", "EMPHASISED")}
    parts.update(changes)
    return SimpleNamespace(**{k: v for k, v in parts.items() if v is not None})


class ChoosingKeep(toy_view.Controls):
    """Keep marked as a choice, though its click makes a move."""

    def __init__(self, on_move, board=None) -> None:
        super().__init__(on_move, board)
        self.keep.remove_class("bg-move")
        self.keep.add_class("bg-choose")


class UnmarkedControls(toy_view.Controls):
    """A third button that carries no hook at all."""

    def __init__(self, on_move, board=None) -> None:
        super().__init__(on_move, board)
        self.children = (*self.children, W.Button(description="Hint"))


def test_the_check_names_what_a_view_lacks():
    assert check_view(broken_toy(SCORE_TITLE=None)) == ["it has no SCORE_TITLE"]
    assert check_view(broken_toy(EMPHASISED=["toy.game.end"])) == [
        "EMPHASISED is neither a set of event kinds nor a predicate"]
    assert check_view(broken_toy(Board=object)) == ["Board is not a widget class", "Board has no show(state, viewer)"]


def test_the_check_clicks_every_control_and_names_the_wrong_hooks(toy_game):
    state = toy_game.new_game(3, seed=1)
    problems = check_view(broken_toy(Controls=ChoosingKeep), state)
    assert problems == ["a click on 'Keep' (bg-choose) made a move: [Keep()]"]
    assert check_view(broken_toy(Controls=UnmarkedControls), state) == [
        "control 'Hint' carries neither of bg-move and bg-choose"]


def test_an_incomplete_view_is_not_registered(monkeypatch):
    monkeypatch.setattr(registry, "VIEWS", dict(registry.VIEWS))
    with pytest.raises(ValueError, match="the view of 'toy' is incomplete: it has no turn_hint"):
        registry.register("toy", broken_toy(turn_hint=None))
    assert "toy" not in registry.VIEWS
