"""The Voyages of Marco Polo's board and controls, driven from Python the way a person drives them: click dice, then
an action space or a city card, then the move's button; click a green place of the map to travel there (and a
route's marker when several lead there); bonus actions and End turn by their buttons; answer the open question by
its buttons. No seat's goal cards reach another seat's page."""

from __future__ import annotations

import ast
import inspect
import random

import ipywidgets as W
import pytest
from support.widget_driver import page_text, ranking_rows, walk

from boardgames import Match
from boardgames import marcopolo as mp
from boardgames.marcopolo.data import BAZAAR
from widgets.games import marcopolo as view
from widgets.games.marcopolo import MarcoPoloBoard, MarcoPoloControls, goal_text
from widgets.games.marcopolo import board as board_module
from widgets.kit import registry
from widgets.kit.protocol import check_view, css_classes
from widgets.shell import GameApp, ranking

NAMES2 = ["Ada", "Ben"]


@pytest.fixture(autouse=True)
def marcopolo_view(monkeypatch):
    """The Marco Polo view, named in the registry for the test (whether or not it is named there for good)."""
    monkeypatch.setattr(registry, "VIEWS", {**registry.VIEWS, "marcopolo": "widgets.games.marcopolo"})


def new_app(players=NAMES2, seed=5, seats=("human", "random"), **flags) -> GameApp:
    state = mp.new_game(list(players), seed=seed, **flags)
    return GameApp(Match(state), seats=list(seats[: len(players)]), bots_async=False, bot_delay=0)


def enabled(box, cls: str) -> list[W.Button]:
    return [w for w in walk(box) if isinstance(w, W.Button) and cls in css_classes(w) and not w.disabled]


def test_the_view_keeps_the_protocol_in_positions_of_every_kind():
    state = mp.new_game(NAMES2, seed=3)
    rng = random.Random(3)
    kinds = set()  # of decision: the first legal move's kind, and whether a choice is pending (7 in this game)
    while not state.is_over:
        kind = type(state.legal_moves()[0]).__name__ + str(bool(state.pending))
        if kind not in kinds or rng.random() < 0.05:  # the first position of each kind, and a few more
            assert check_view(view, state) == [], str(state)
        kinds.add(kind)
        state = state.play(rng.choice(state.legal_moves()))
    assert len(kinds) == 7
    assert check_view(view) == []


def test_the_board_imports_no_controls_not_even_inside_a_function():
    tree = ast.parse(inspect.getsource(board_module))
    imported = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    imported |= {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
    assert not any(name.startswith("widgets.games.marcopolo.controls") for name in imported)
    assert "widgets.games.marcopolo.panels" in imported  # the walk sees the board's imports


def test_the_board_and_controls_plug_into_the_shell():
    app = new_app()
    assert isinstance(app.board, MarcoPoloBoard) and isinstance(app.controls, MarcoPoloControls)
    assert app.controls.board is app.board
    state = app.state
    spaces = {mp.space_of(mv) for mv in state.legal_moves()} - {None}
    controls = app.controls
    buttons = {**controls.space_buttons, **controls.card_buttons}
    assert {name for name, b in buttons.items() if not b.disabled} == spaces
    for b in [*buttons.values(), *controls.die_buttons]:  # choosing a space or a die makes no move
        assert "bg-choose" in css_classes(b) and "bg-move" not in css_classes(b)
    assert [b.description for b in controls.die_buttons if b.description] == [str(d) for d in state.dice(0)]
    # every place a Travel reaches is green on the map, with the cheapest trip's cost under it
    trips = [mv for mv in state.legal_moves() if type(mv) is mp.Travel]
    assert set(app.board.highlighted) == {mv.path[-1] for mv in trips}
    text = page_text(app.board)
    for name in ("Venezia", "Beijing", "Sumatra", "Kochi"):
        assert name in text
    assert "Take contracts" in text and "black dice left: 3" in text


def test_dice_then_a_space_offer_exactly_the_moves_placing_those_dice_there():
    app = new_app(seed=8)
    state, controls = app.state, app.controls
    die = state.dice(0)[-1]
    controls.pick_die(len(state.dice(0)) - 1)
    assert controls.chosen_dice == [die]
    controls.choose_space("contracts")
    offers = [mv for mv in state.legal_moves() if type(mv) is mp.TakeContracts and mp.takes_dice(mv, [die])]
    assert die == mp.Die(0)  # Raschid's dice take a value as they are placed: "?" fits every value
    buttons = enabled(controls.moves, "bg-move-contracts")
    assert offers and [b.tooltip for b in buttons] == [str(mv) for mv in offers]
    assert app.match.ply == 0  # choosing makes no move
    buttons[0].click()
    assert app.match.moves[-1] == offers[0]
    assert app.state.main_done and not controls.end.disabled  # the main action is taken: End turn is open
    controls.end.click()
    assert app.match.moves[-1] == mp.EndTurn()


def test_each_move_button_says_what_it_gives():
    app = new_app(seed=8)
    app.controls.choose_space("pepper")
    offers = [mv for mv in app.state.legal_moves() if type(mv) is mp.Bazaar and mv.good == "pepper"]
    buttons = enabled(app.controls.moves, "bg-move-bazaar")
    assert len(buttons) == len(offers)
    for b, mv in zip(buttons, offers):
        dice = " ".join(map(str, mv.dice))
        assert b.description == f"Pepper bazaar with {dice}: {BAZAAR['pepper'][1][mv.column - 1]}"


def test_a_space_the_dice_chosen_cannot_take_is_disabled_and_says_why_in_the_engines_words():
    app = new_app(seed=8)
    controls, state = app.controls, app.state
    for i in range(3):
        controls.pick_die(i)
    dice = tuple(controls.chosen_dice)
    silk = controls.space_buttons["silk"]
    assert silk.disabled
    assert silk.tooltip == str(state.check(mp.Bazaar("silk", dice)))
    controls.pick_die(2)  # two dice: the silk bazaar takes them when they show one value
    two = controls.chosen_dice
    assert silk.disabled == (two[0].value != two[1].value)


def test_bonus_actions_are_buttons_disabled_with_the_engines_reason():
    app = new_app(seed=8)
    controls, state = app.controls, app.state
    labels = {b.description: b for b in controls.bonus_buttons if b.layout.display != "none"}
    black = labels["Buy a black die (3 camels)"]
    refusal = state.check(mp.BuyBlackDie())
    assert black.disabled == (refusal is not None)
    if refusal is not None:
        assert black.tooltip == str(refusal)
    for c in state.contracts(0):
        fulfil = next(b for b in controls.bonus_buttons if b.description.startswith(f"Fulfil #{c} "))
        assert fulfil.disabled == (state.check(mp.Fulfil(c)) is not None)
    assert labels["Reroll a die"].disabled and "Choose one of your dice" in labels["Reroll a die"].tooltip


def test_the_die_chosen_is_rerolled_or_adjusted_by_its_buttons():
    state = mp.new_game(NAMES2, seed=3, characters=["Mercator ex Tabriz", "Matteo Polo"])  # dice 1 1 4 5 5
    app = GameApp(Match(state), seats=["human", "random"], bots_async=False, bot_delay=0)
    controls = app.controls
    controls.pick_die(2)
    die = controls.chosen_dice[0]
    shown = {b.description: b for b in enabled(controls.bonus, "bg-move-bonus")}
    assert f"Reroll {die} (1 camel)" in shown and f"{die} → {die.value + 1} (2 camels)" in shown
    shown[f"{die} → {die.value + 1} (2 camels)"].click()
    assert app.match.moves[-1] == mp.Adjust(die, 1)
    assert mp.Die(die.value + 1) in app.state.dice(0)


def test_the_buttons_of_a_die_no_longer_chosen_are_hidden_and_disabled():
    state = mp.new_game(NAMES2, seed=3, characters=["Mercator ex Tabriz", "Matteo Polo"])  # dice 1 1 4 5 5
    app = GameApp(Match(state), seats=["human", "random"], bots_async=False, bot_delay=0)
    controls = app.controls
    controls.pick_die(3)
    assert any(b.description == "5 → 4 (2 camels)" for b in enabled(controls.bonus, "bg-move-bonus"))
    controls.choose_space("five coins")
    enabled(controls.moves, "bg-move-coins")[0].click()
    assert app.match.ply == 1 and app.state.current_player == 0 and controls.chosen == []
    assert_no_hidden_control_is_enabled(controls)


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
    assert app.board.routes == []  # one route, two ways to pay for it in dice: buttons
    shown = enabled(app.controls.moves, "bg-move-travel")
    assert [b.description for b in shown] == ["to Moscow (4 5) via Oasis A: 7 coins",
                                              "to Moscow (5 5) via Oasis A: 7 coins"]
    shown[1].click()
    assert app.match.moves[-1] == trips[1] and app.state.figures(0) == ("Moscow",)


def test_the_dice_chosen_first_travel_straight_where_they_lead():
    state = mp.new_game(NAMES2, seed=3, characters=["Mercator ex Tabriz", "Matteo Polo"])  # dice 1 1 4 5 5
    app = GameApp(Match(state), seats=["human", "random"], bots_async=False, bot_delay=0)
    app.controls.pick_die(4)
    app.controls.pick_die(3)  # 5 and 5
    assert set(app.board.highlighted) == {mv.path[-1] for mv in state.legal_moves()
                                          if type(mv) is mp.Travel and mv.dice == (mp.Die(5), mp.Die(5))}
    app.board.click("Moscow")
    assert app.match.moves[-1] == mp.Travel((5, 5), ("Oasis A", "Moscow"))


def position_with_two_routes():
    """Raschid at Venezia, round 1 (seed 4 after 16 random moves): Oasis G lies 2 steps away by Oasis E
    (7 coins + 3 camels) or by Alexandria (14 coins)."""
    match = Match(mp.new_game(NAMES2, seed=4))
    rng = random.Random(4)
    for _ in range(16):
        match.play(rng.choice(match.state.legal_moves()))
    return match


def test_routes_at_different_costs_are_drawn_on_the_map_and_a_click_on_one_travels_that_way():
    match = position_with_two_routes()
    app = GameApp(match, seats=["human", "human"], bots_async=False, bot_delay=0)
    state = app.state
    seat = state.current_player
    assert state.figures(seat) == ("Venezia",)
    app.board.click("Oasis G")
    assert app.match.ply == 16
    routes = app.board.routes
    assert [["Venezia", "Oasis E", "Oasis G"]] in routes and [["Venezia", "Alexandria", "Oasis G"]] in routes
    notes = dict(zip(map(str, routes), app.board._route_notes.text))  # each marker says what its route costs
    assert notes[str([["Venezia", "Oasis E", "Oasis G"]])] == "7 coins + 3 camels"
    assert notes[str([["Venezia", "Alexandria", "Oasis G"]])] == "14 coins"
    app.board.click_route(routes.index([["Venezia", "Alexandria", "Oasis G"]]))
    move = app.match.moves[-1]
    assert type(move) is mp.Travel and move.path == ("Alexandria", "Oasis G")
    assert app.state.figures(seat) == ("Oasis G",) and app.board.routes == []


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
    powers = {c.name: c.power for c in mp.CHARACTERS}
    # each character offered, with its power: what choosing it gives
    assert [b.description for b in answers] == [f"{mv.option}: {powers[mv.option]}"
                                                for mv in app.state.legal_moves()]
    assert app.state.pending in app.controls.question.value.replace("&#x27;", "'")
    answers[0].click()
    assert app.match.moves[-1] == app.match.states[0].legal_moves()[0]
    while "goal cards" not in app.state.pending:
        enabled(app.controls.moves, "bg-move-choose")[0].click()
    # the goal cards to keep, with their places and VP
    a, b = mp.kept_goals(app.state.legal_moves()[0].option)
    assert enabled(app.controls.moves, "bg-move-choose")[0].description == f"keep {goal_text(a)} and {goal_text(b)}"


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
        click_a_decision(app, rng)
    assert_no_goal_of_another_seat(app, 0)


def test_the_secret_check_catches_a_board_that_shows_every_goal(monkeypatch):
    app = new_app(seed=4)
    monkeypatch.setattr(board_module, "players_html", lambda state, viewer: goal_text(state.goals(1)[0]))
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
    """One decision by clicks: an answer, a place on the map, End turn, a bonus action, or maybe a die, then a space
    or a city card, then a move."""
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
    bonus = enabled(controls.bonus, "bg-move")
    if bonus and rng.random() < 0.1:
        rng.choice(bonus).click()
        return
    dice = enabled(controls.dice, "bg-choose")
    if dice and rng.random() < 0.4:
        rng.choice(dice).click()
    spaces = enabled(controls.spaces, "bg-choose") + enabled(controls.cards, "bg-choose")
    if spaces:
        rng.choice(spaces).click()
        rng.choice(enabled(controls.moves, "bg-move")).click()
    else:
        rng.choice(bonus or [controls.end]).click()


def assert_no_hidden_control_is_enabled(controls) -> None:
    """A button the page hides is disabled too (a browser's click could still reach it otherwise)."""
    def hidden(w) -> bool:
        return getattr(getattr(w, "layout", None), "display", None) == "none"

    def visit(w, under_hidden: bool) -> None:
        under_hidden = under_hidden or hidden(w)
        if isinstance(w, W.Button) and under_hidden:
            assert w.disabled, f"the hidden button {w.description!r} is enabled"
        for child in getattr(w, "children", ()):
            visit(child, under_hidden)

    visit(controls, False)


@pytest.mark.parametrize("seed, bot", [(4, "random"), (11, "expert")])
def test_a_whole_two_player_game_against_a_bot_by_clicking(seed, bot):
    app = new_app(seed=seed, seats=("human", bot))
    rng = random.Random(seed)
    clicks = 0
    while not app.state.is_over:
        assert app.state.current_player == 0
        assert_no_hidden_control_is_enabled(app.controls)
        before = app.match.ply
        click_a_decision(app, rng)
        assert app.match.ply > before, app.status.value
        clicks += 1
        assert clicks < 1000
    assert app.errors == []
    state = app.state
    assert ranking_rows(app.over_panel.value) == [(p, s, state.scores()[s]) for p, s in ranking(state.scores())]
    assert {str(label): values for label, values in view.end_columns(state)}["Camels"] == state.camels
    replay = mp.new_game(NAMES2, seed=seed)
    for move in app.match.moves:
        replay = replay.play(move)
    assert replay.scores() == state.scores() and replay.winners() == state.winners()
    assert enabled(app.controls, "bg-move") == [] and app.board.highlighted == []
    # the goal cards are shown for everyone once the game is over
    assert all(goal_text(g) in page_text(app.board) for s in range(2) for g in state.goals(s))


def test_the_action_boards_fee_says_that_berke_khan_pays_none():
    s = mp.new_game(2, seed=1, characters=["Matteo Polo", "Berke Khan"], rolls=[[6] * 6, [6] * 5])
    while s.pending:
        s = s.play(s.legal_moves()[-1])
    s = s.play(mp.Bazaar("camel", (6,), 6)).play(mp.EndTurn())  # Ben (Berke Khan) to move; the camel bazaar taken
    camel = {v: view.action_board_html(s, v).split("data-space='camel'")[1].split("</tr>")[0] for v in (0, 1)}
    assert "fee: your lowest die in coins" in camel[0]
    assert "no fee for Berke Khan" in camel[1] and "fee: your lowest" not in camel[1]
