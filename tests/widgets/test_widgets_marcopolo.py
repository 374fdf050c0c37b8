"""The Voyages of Marco Polo's board and controls, driven from Python the way a person drives them: choose a kind
of action, maybe a die, then the move's button; click a green place of the map to travel there; answer the open
question by its buttons; end the turn. No seat's goal cards reach another seat's page."""

from __future__ import annotations

import random

import ipywidgets as W
import pytest
from widget_driver import page_text, ranking_rows, walk

from boardgames import Match
from boardgames import marcopolo as mp
from widgets import GameApp, ranking, registry
from widgets import marcopolo as view
from widgets.marcopolo import MarcoPoloBoard, MarcoPoloControls, goal_text
from widgets.protocol import check_view, css_classes

NAMES2 = ["Ada", "Ben"]


@pytest.fixture(autouse=True)
def marcopolo_view(monkeypatch):
    """The Marco Polo view, named in the registry for the test (whether or not it is named there for good)."""
    monkeypatch.setattr(registry, "VIEWS", {**registry.VIEWS, "marcopolo": "widgets.marcopolo"})


def new_app(players=NAMES2, seed=5, seats=("human", "random"), **flags) -> GameApp:
    state = mp.new_game(list(players), seed=seed, **flags)
    return GameApp(Match(state), seats=list(seats[: len(players)]), bots_async=False, bot_delay=0)


def enabled(box, cls: str) -> list[W.Button]:
    return [w for w in walk(box) if isinstance(w, W.Button) and cls in css_classes(w) and not w.disabled]


def test_the_view_keeps_the_protocol_in_positions_of_every_kind():
    state = mp.new_game(NAMES2, seed=3)
    rng = random.Random(3)
    kinds = set()
    while not state.is_over:
        if len(kinds) < 14 or rng.random() < 0.05:
            assert check_view(view, state) == [], str(state)
        kinds.add(type(state.legal_moves()[0]).__name__ + str(bool(state.pending)))
        state = state.play(rng.choice(state.legal_moves()))
    assert check_view(view) == []


def test_the_board_and_controls_plug_into_the_shell():
    app = new_app()
    assert isinstance(app.board, MarcoPoloBoard) and isinstance(app.controls, MarcoPoloControls)
    assert app.controls.board is app.board
    state = app.state
    offered = {type(mv) for mv in state.legal_moves()}
    kinds = {view.KIND_OF[t] for t in offered} - {"end", "choose"}
    assert {k for k, b in app.controls.kind_buttons.items() if not b.disabled} == kinds
    for b in app.controls.kind_buttons.values():  # choosing a kind makes no move
        assert "bg-choose" in css_classes(b) and "bg-move" not in css_classes(b)
    # every place a Travel reaches is green on the map, with the cheapest trip's cost under it
    trips = [mv for mv in state.legal_moves() if type(mv) is mp.Travel]
    assert set(app.board.highlighted) == {mv.path[-1] for mv in trips}
    text = page_text(app.board)
    for name in ("Venezia", "Beijing", "Sumatra", "Kochi"):
        assert name in text
    assert "Take contracts" in text and "black dice left: 3" in text


def test_each_move_button_says_what_it_does_and_makes_that_move():
    app = new_app(seed=8)
    state = app.state
    app.controls.choose_kind("bazaar")
    buttons = enabled(app.controls.moves, "bg-move-bazaar")
    offers = [mv for mv in state.legal_moves() if type(mv) is mp.Bazaar]
    assert buttons and len(buttons) == min(len(offers), view.MAX_MOVES)
    assert [b.description for b in buttons] == [str(mv) for mv in offers[: len(buttons)]]
    buttons[0].click()
    assert app.match.moves[-1] == offers[0]
    assert app.state.main_done and not app.controls.end.disabled  # the main action is taken: End turn is open
    app.controls.end.click()
    assert app.match.moves[-1] == mp.EndTurn()


def test_a_die_narrows_a_long_list_of_moves():
    app = new_app(seed=8)
    app.controls.choose_kind("contracts")
    dice = enabled(app.controls.dice, "bg-choose")
    assert dice, "more than a dozen contract moves: the dice narrow them"
    dice[-1].click()
    die = app.controls.die
    shown = enabled(app.controls.moves, "bg-move-contracts")
    assert shown and all(f"with {die}" in b.description for b in shown)


def trips_by_place(state) -> dict[str, list]:
    by_place: dict[str, list] = {}
    for mv in state.legal_moves():
        if type(mv) is mp.Travel:
            by_place.setdefault(mv.path[-1], []).append(mv)
    return by_place


def test_a_click_on_a_green_place_lists_the_trips_when_several_lead_there():
    state = mp.new_game(NAMES2, seed=3, characters=["Mercator ex Tabriz", "Matteo Polo"])  # dice 1 1 4 5 5
    app = GameApp(Match(state), seats=["human", "random"], bots_async=False, bot_delay=0)
    trips = trips_by_place(state)["Moscow"]
    assert [str(t) for t in trips] == ["travel with 4 5: Oasis A, Moscow", "travel with 5 5: Oasis A, Moscow"]
    app.board.click("Moscow")
    assert app.match.ply == 0
    shown = enabled(app.controls.moves, "bg-move-travel")
    assert [b.description for b in shown] == ["to Moscow (4 5) via Oasis A: 7 coins",
                                              "to Moscow (5 5) via Oasis A: 7 coins"]
    shown[1].click()
    assert app.match.moves[-1] == trips[1] and app.state.figures(0) == ("Moscow",)


def test_a_click_on_a_green_place_reached_one_way_travels_there():
    app = new_app(seed=8)  # Raschid sets his dice: one trip to each place
    trips = trips_by_place(app.state)
    assert set(app.board.highlighted) == set(trips)
    app.board.click("Moscow")
    assert app.match.moves[-1] == trips["Moscow"][0]
    assert "Moscow" in app.state.figures(0)


def test_a_click_on_a_place_no_trip_reaches_is_refused_in_the_engines_words():
    app = new_app(seed=8)
    app.board.click("Beijing")
    assert app.match.ply == 0
    assert "bg-error" in app.status.value and "Beijing" in app.status.value


def test_an_open_question_is_answered_by_its_buttons():
    state = mp.new_game(NAMES2, seed=3, expert_setup=True)
    app = GameApp(Match(state), seats=["human", "human"], bots_async=False, bot_delay=0)
    assert app.state.pending
    answers = enabled(app.controls.moves, "bg-move-choose")
    assert [b.description for b in answers] == [mv.option for mv in app.state.legal_moves()]
    assert app.state.pending in app.controls.question.value.replace("&#x27;", "'")
    answers[0].click()
    assert app.match.moves[-1] == app.match.states[0].legal_moves()[0]


# ------------------------------------------------------------------------------------- secrets


def assert_no_goal_of_another_seat(app: GameApp, viewer: int | None) -> None:
    text = page_text(app)
    state = app.shown
    mine = set(state.goals(viewer)) if viewer is not None else set()
    for seat in range(state.players):
        for g in set(state.goals(seat)) - mine:
            assert goal_text(g) not in text, f"the page of seat {viewer} shows {goal_text(g)} of seat {seat}"
    for g in mine:
        assert goal_text(g) in page_text(app.board)


def test_goal_cards_are_seen_by_their_holder_only():
    app = new_app(["Ada", "Ben", "Cleo"], seed=4, seats=("human", "random", "random"))
    rng = random.Random(4)
    for _ in range(30):
        assert_no_goal_of_another_seat(app, 0)
        rng.choice(enabled(app.controls, "bg-move")).click()
    assert_no_goal_of_another_seat(app, 0)


def test_the_secret_check_catches_a_board_that_shows_every_goal(monkeypatch):
    app = new_app(seed=4)
    monkeypatch.setattr(view, "players_html", lambda state, viewer: view.__dict__["goal_text"](state.goals(1)[0]))
    app.refresh()
    with pytest.raises(AssertionError, match="shows goal"):
        assert_no_goal_of_another_seat(app, 0)


def test_a_spectator_sees_no_goal():
    app = new_app(seed=6, seats=("random", "random"))
    assert app.viewer is None
    for ply in range(0, app.match.ply, 10):
        app.start_replay(ply)
        assert_no_goal_of_another_seat(app, None)


# ------------------------------------------------------------------------------------- whole games


def click_a_decision(app: GameApp, rng: random.Random) -> None:
    """One decision by clicks: an answer, a place on the map, a kind then a move, or End turn."""
    controls = app.controls
    answers = enabled(controls.moves, "bg-move-choose")
    if answers:
        rng.choice(answers).click()
        return
    if app.board.highlighted and rng.random() < 0.3:
        before = app.match.ply
        app.board.click(rng.choice(app.board.highlighted))
        if app.match.ply == before:  # several trips lead there: one of them
            rng.choice(enabled(controls.moves, "bg-move-travel")).click()
        return
    if not controls.end.disabled and rng.random() < 0.5:
        controls.end.click()
        return
    kinds = enabled(controls.kinds, "bg-choose")
    if kinds:
        rng.choice(kinds).click()
    moves = enabled(controls.moves, "bg-move")
    if moves:
        rng.choice(moves).click()
    else:
        controls.end.click()


@pytest.mark.parametrize("seed, bot", [(4, "random"), (11, "expert")])
def test_a_whole_two_player_game_against_a_bot_by_clicking(seed, bot):
    app = new_app(seed=seed, seats=("human", bot))
    rng = random.Random(seed)
    clicks = 0
    while not app.state.is_over:
        assert app.state.current_player == 0
        before = app.match.ply
        click_a_decision(app, rng)
        assert app.match.ply > before, app.status.value
        clicks += 1
        assert clicks < 1000
    assert app.errors == []
    state = app.state
    assert ranking_rows(app.over_panel.value) == [(p, s, state.scores()[s]) for p, s in ranking(state.scores())]
    assert dict(view.end_columns(state))["Camels"] == state.camels
    replay = mp.new_game(NAMES2, seed=seed)
    for move in app.match.moves:
        replay = replay.play(move)
    assert replay.scores() == state.scores() and replay.winners() == state.winners()
    assert enabled(app.controls, "bg-move") == [] and app.board.highlighted == []
    # the goal cards are shown for everyone once the game is over
    assert all(goal_text(g) in page_text(app.board) for s in range(2) for g in state.goals(s))
