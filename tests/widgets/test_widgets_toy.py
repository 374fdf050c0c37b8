"""The app shell serves a game that is neither Medici nor Medina: the toy game of ``tests/toy`` (one secret
stone per seat), registered with its view for these tests only. It plays to the end by clicking, and no seat's
secret reaches the widgets another seat is shown: not the board, the log, the chart or anything else the
page gets."""

from __future__ import annotations

import random

import ipywidgets as W
import pytest
from support.widget_driver import enabled_moves, kind_of, page_text, play_out, ranking_rows
from toy import view as toy_view

from boardgames import Match
from widgets.shell import GameApp, ranking


def stone(state, seat: int) -> str:
    return toy_view.STONES[state.hands[seat] - 1]


def assert_no_secret_shown(app: GameApp, viewer: int | None) -> None:
    """The page shows ``viewer`` (a seat, or None for a spectator) no other seat's stone, and its own."""
    state, text = app.shown, page_text(app)
    others = {stone(state, s) for s in range(state.players) if s != viewer}
    shown = sorted(name for name in others if name in text)
    assert not shown, f"the page of seat {viewer} shows another seat's stone: {shown}"
    if viewer is not None:
        assert stone(state, viewer) in page_text(app.board)


def new_app(seats=("human", "random", "random"), seed=5, **kw) -> GameApp:
    return GameApp(Match.new("toy", ["Ada", "Ben", "Cleo"], seed=seed), seats=list(seats), bots_async=False,
                   bot_delay=0, **kw)


@pytest.mark.parametrize("seed", [1, 5, 9])
def test_the_toy_game_plays_to_the_end_and_no_stone_reaches_another_seat(toy_game, seed):
    app = new_app(seats=("human", "random", "search"), seed=seed)

    def look(app):
        assert app.viewer == 0
        assert_no_secret_shown(app, 0)
        assert all(v == 0 for line in app.chart.scores for v in line)  # no score is public before the end

    assert play_out(app, random.Random(seed), check=look) == toy_game.FLAGS["rounds"]
    state = app.state
    assert state.is_over and app.over_panel.shown and app.errors == []
    assert ranking_rows(app.over_panel.value) == [(p, s, state.scores()[s]) for p, s in ranking(state.scores())]
    text = page_text(app)
    assert all(stone(state, s) in text for s in range(3))  # at the end the stones are shown
    assert [line[-1] for line in app.chart.scores] == list(state.scores())
    # a replay of an earlier move shows that move as Ada knew it
    for ply in range(app.match.ply):
        app.start_replay(ply)
        assert_no_secret_shown(app, 0)


def test_the_form_offers_the_registered_toy_with_its_player_counts(toy_game):
    """Keep and Swap make moves and say which; the form offers the toy, with its player counts."""
    app = new_app()
    assert {kind_of(b) for b in enabled_moves(app)} == {"keep", "swap"}
    form = app.setup_form
    assert ("Swap", "toy") in form.game_pick.options and list(form.count.options) == [2, 3]
    form.count.value = 2
    form.start.click()
    assert app.state.GAME == "toy" and app.state.players == 2 and app.errors == []


def test_a_spectator_sees_no_stone_before_the_end(toy_game):
    """With every seat a bot the page shows public facts only: replayed, no position before the end names a stone."""
    app = new_app(seats=("random", "random", "random"))
    assert app.state.is_over and app.viewer is None
    for ply in range(app.match.ply):
        app.start_replay(ply)
        assert app.viewer is None
        assert_no_secret_shown(app, None)


class LeakyBoard(W.HTML):
    """A board that forgets the viewer: it shows every seat's stone."""

    def show(self, state, viewer=None) -> None:
        self.value = ", ".join(stone(state, s) for s in range(state.players))


def test_the_secret_check_catches_a_board_that_shows_every_stone(toy_game, monkeypatch):
    monkeypatch.setattr(toy_view, "Board", LeakyBoard)
    app = new_app()
    with pytest.raises(AssertionError, match="shows another seat's stone"):
        assert_no_secret_shown(app, 0)


def test_the_secret_check_catches_a_secret_anywhere_on_the_page(toy_game):
    """Not only the board: a stone's name in a hidden widget's tooltip reaches the page too."""
    app = new_app()
    hidden = W.Button(description="?", tooltip=stone(app.state, 2), layout=W.Layout(display="none"))
    app.children = (*app.children, W.VBox([hidden]))
    with pytest.raises(AssertionError, match="shows another seat's stone"):
        assert_no_secret_shown(app, 0)


def test_the_secret_check_catches_a_log_that_shows_every_event_whole(toy_game, monkeypatch):
    from widgets.shell import log

    monkeypatch.setattr(log, "events_seen_from", lambda events, viewer: list(events))
    app = new_app()
    with pytest.raises(AssertionError, match="shows another seat's stone"):
        assert_no_secret_shown(app, 0)
