"""The Medina board and controls, driven from Python the way a person drives them: choose a piece, click a square."""

from __future__ import annotations

import random

import pytest
from support.widget_driver import ranking_rows

from boardgames import Match, medina
from boardgames.medina import SQUARES, TOWERS
from widgets.games.medina import (
    BUILDING_COLOURS,
    HIGHLIGHT,
    PIECE_BUTTON,
    UNAVAILABLE,
    UNAVAILABLE_TEXT,
    MedinaBoard,
    MedinaControls,
    end_columns,
    sits_out,
    turn_hint,
)
from widgets.kit.palette import mix, seat_colour, seat_ink
from widgets.kit.protocol import css_classes
from widgets.shell import GameApp, ranking


def new_app(seed: int = 11, seats=("human", "expert", "expert")) -> GameApp:
    return GameApp(Match.new("medina", ["Ada", "Ben", "Cleo"], seed=seed), seats=list(seats), bots_async=False)


def enabled(app) -> list:
    return [key for key, b in app.controls.buttons.items() if not b.disabled]


def test_the_board_and_controls_plug_into_the_shell():
    app = new_app()
    assert isinstance(app.board, MedinaBoard) and isinstance(app.controls, MedinaControls)
    assert app.controls.board is app.board
    for b in app.controls.buttons.values():  # choosing a piece makes no move: a click on a square does
        assert "bg-choose" in css_classes(b) and "bg-move" not in css_classes(b)
        assert any(c.startswith("bg-choose-") for c in css_classes(b))
    # the opening: only the extra merchant, chosen for the player, every empty city square green
    assert enabled(app) == [("merchant", None)]
    assert app.controls.piece == ("merchant", None)
    assert sorted(app.board.highlighted) == sorted(app.state.legal_squares("merchant"))
    assert len(app.board.highlighted) == 11 * 16
    assert list(app.board.highlights.colors) == [HIGHLIGHT]
    assert "extra merchant" in str(turn_hint(app.state))


def test_the_turn_hint_counts_the_placements_of_a_turn():
    """Rule 3 in the status line: two placements a turn (the engine's ``PLACEMENTS_PER_TURN``), then the second."""
    state = medina.new_game(3).play(medina.Place("merchant", (6, 8)))
    assert str(turn_hint(state)) == "place a piece (two this turn): choose a piece, then click a green square"
    state = state.play(state.legal_moves()[0])
    assert state.placed == 1 and str(turn_hint(state)) == "place your second piece"


def test_choosing_a_piece_highlights_its_legal_squares_and_a_click_places_it():
    app = new_app()
    app.board.click((6, 8))  # the start merchant
    assert app.state.cell((6, 8)).piece == "merchant"
    state = app.state
    for key in enabled(app):
        app.controls.buttons[key].click()
        assert app.controls.piece == key
        assert "bg-selected" in css_classes(app.controls.buttons[key])
        assert sorted(app.board.highlighted) == sorted(state.legal_squares(*key))
    app.controls.buttons[("building", "orange")].click()
    at = app.board.highlighted[0]
    before = app.match.ply
    app.board.click(at)
    assert app.match.ply == before + 1
    cell = app.state.cell(at)
    assert (cell.piece, cell.colour) == ("building", "orange")
    i = SQUARES.index(at)
    assert app.board.squares.colors[i] == BUILDING_COLOURS["orange"]
    assert app.controls.piece == ("building", "orange")  # the choice stays for the second piece


def test_the_chosen_piece_is_ticked_and_pieces_that_cannot_be_chosen_look_it():
    app = new_app()
    app.board.click((6, 8))  # the start merchant; with no building on the board, no roof and no stable yet
    app.controls.buttons[("wall", None)].click()
    for (piece, colour), b in app.controls.buttons.items():
        chosen = (piece, colour) == ("wall", None)
        assert (b.icon == "check") == chosen and ("bg-selected" in css_classes(b)) == chosen
        if piece in ("roof", "stable"):
            assert b.disabled
            assert (b.style.button_color, b.style.text_color) == (UNAVAILABLE, UNAVAILABLE_TEXT)
        elif piece == "building":  # a building's button wears its colour only while it may be chosen
            assert b.style.button_color == mix(BUILDING_COLOURS[colour], 0.55) and b.style.text_color is None
        else:
            assert b.style.button_color == PIECE_BUTTON
    assert "Wall chosen (ticked)" in app.controls.note.value
    app.controls.buttons[("building", "black")].click()  # the tick moves with the choice
    assert app.controls.buttons[("wall", None)].icon == "bars"
    assert app.controls.buttons[("building", "black")].icon == "check"
    # once the game is over, every button is grey
    over = new_app(seats=("random", "random", "random"))
    assert over.state.is_over
    assert all(b.disabled and b.style.button_color == UNAVAILABLE for b in over.controls.buttons.values())


def test_clicking_an_illegal_square_explains_why_and_changes_nothing():
    app = new_app()
    app.board.click((6, 8))
    app.controls.buttons[("wall", None)].click()
    before = app.match.ply
    app.board.click((5, 5))  # a wall in the city
    refusal = app.state.check(medina.Place("wall", (5, 5)))
    assert refusal is not None and app.match.ply == before
    assert str(refusal) in app.status.value.replace("&#x27;", "'")
    assert "refused" not in app.controls.note.value  # said once, in the shell's status line
    app.board.click((6, 8))  # occupied by the merchant: the engine names the square and the reason
    assert "(6, 8)" in app.status.value
    assert app.errors == []


def test_the_board_names_squares_as_the_log_does_row_then_column():
    app = new_app()
    app.board.click((3, 9))  # the start merchant on row 3, column 9
    assert "at (3, 9)" in app.log_view.value
    column_axis, row_axis = app.board.figure.axes
    assert (column_axis.label, column_axis.side) == ("column", "bottom")
    assert (row_axis.label, row_axis.side) == ("row", "left")
    assert list(column_axis.tick_values) == list(range(18)) and list(row_axis.tick_values) == list(range(13))
    # the merchant is drawn where the axes say: x is the column, y the row
    assert (3, 9) in set(zip(app.board.merchants.y, app.board.merchants.x))
    assert "(row, column)" in app.board.info.value and "(3, 9) is row 3, column 9" in app.board.info.value


def test_the_board_draws_the_engines_pieces_tiles_and_supplies():
    rng = random.Random(3)
    state = medina.new_game(["Ada", "Ben", "Cleo"])
    while not state.is_over and len([p for p in state.palaces() if p.owner is not None]) < 4:
        state = state.play(rng.choice(state.legal_moves()))
    board = MedinaBoard(state)
    fills = list(board.squares.colors)
    for i, at in enumerate(SQUARES):
        cell = state.cell(at)
        if cell.piece == "building":
            assert fills[i] == BUILDING_COLOURS[cell.colour]
    merchants = {(r, c) for r, c in zip(board.merchants.y, board.merchants.x)}
    assert merchants == {at for at in SQUARES if state.cell(at).piece == "merchant"}
    owned = [p for p in state.palaces() if p.owner is not None]
    # a roof on every claimed palace's roof square, in its owner's colour and with the owner's initial
    assert owned and sorted(board.roof_marks) == sorted((p.roof_square, seat_colour(p.owner), "ABC"[p.owner])
                                                        for p in owned)
    # every building carries its colour's letters as well as its colour
    letters = {(round(r), c): t for r, c, t in zip(board.colour_letters.y, board.colour_letters.x,
                                                   board.colour_letters.text)}
    short = {"grey": "Gy", "black": "Bk", "brown": "Br", "orange": "Or"}
    assert letters == {at: short[state.cell(at).colour] for at in SQUARES if state.cell(at).piece == "building"}
    # a tower tile's holder's initial after the tower's number; the legend says whose initial is whose
    for n, (r, c) in TOWERS.items():
        holder = state.tower_tile_owner(n)
        text = list(board._texts.text)[list(zip(board._texts.y, board._texts.x)).index((r, c))]
        assert text == (str(n) if holder is None else f"{n}·{'ABC'[holder]}")
    assert "Gy, Bk, Br, Or" in board.info.value.replace("<b>", "").replace("</b>", "")
    assert "initial" in board.info.value and all(f">{letter}</span>Ada" not in board.info.value for letter in "BC")
    # every palace outlined by the edges of its squares that face outside it: 4 per square, less 2 per shared edge
    edges = sum(4 * p.size - 2 * sum((r + dr, c + dc) in set(p.squares + p.stables)
                                       for r, c in p.squares + p.stables for dr, dc in ((0, 1), (1, 0)))
                for p in state.palaces())
    unowned = [p for p in state.palaces() if p.owner is None]
    assert len(board._outline.x) + len(board._owned.x) == edges + (not unowned) + (not owned)
    for c in ("grey", "black", "brown", "orange"):
        holder = state.palace_tile_owner(c)
        if holder is not None:
            assert f"data-colour='{c}'><b style='color:{seat_ink(holder)}'>" in board.info.value
    for seat in range(3):
        assert f"data-seat='{seat}'" in board.info.value


@pytest.mark.parametrize("seed", [4, 21])
def test_a_whole_three_player_game_against_bots_by_clicking(seed):
    app = new_app(seed)
    rng = random.Random(seed)
    clicks = 0
    while not app.state.is_over:
        assert app.state.current_player == 0
        if not app.board.highlighted:
            rng.choice([app.controls.buttons[k] for k in enabled(app)]).click()
        squares = app.board.highlighted
        assert squares and sorted(squares) == sorted(app.state.legal_squares(*app.controls.piece))
        before = app.match.ply
        app.board.click(rng.choice(squares))
        assert app.match.ply > before
        clicks += 1
        assert clicks < 200
        if rng.random() < 0.3 and not app.state.is_over:  # sometimes choose another piece
            rng.choice([app.controls.buttons[k] for k in enabled(app)]).click()
    assert app.errors == []
    state = app.state
    # the end panel is the engine's ranking, with the score parts
    rows = ranking_rows(app.over_panel.value)
    assert rows == [(place, seat, state.scores()[seat]) for place, seat in ranking(state.scores())]
    assert app.over_panel.shown
    parts = end_columns(state)
    for seat in range(3):
        assert sum(inc[seat] for _, inc in parts) == state.scores()[seat]
    # the same moves replayed in the engine alone give the same result
    replay = medina.new_game(["Ada", "Ben", "Cleo"])
    for move in app.match.moves:
        replay = replay.play(move)
    assert replay.scores() == state.scores() and replay.winners() == state.winners()
    assert not any(not b.disabled for b in app.controls.buttons.values())
    assert app.board.highlighted == []


def test_standalone_controls_say_why_a_square_is_refused():
    state = medina.new_game(3)
    board = MedinaBoard(state)
    moves = []
    controls = MedinaControls(board=board)
    controls.on_move = moves.append
    controls.update(state, 0, True)
    board.click((0, 3))
    assert "refused" in controls.note.value and "(0, 3)" in controls.note.value
    board.click((4, 4))
    assert moves[-1] == medina.Place("merchant", (4, 4))


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_player_with_no_placement_open_sits_out_while_the_others_play_on(seed):
    """Rule 3: a player who cannot place anything passes without being asked; near the end some players do."""
    rng = random.Random(seed)
    state = medina.new_game(["Ada", "Ben", "Cleo"], seed=seed)
    sat_out = 0
    while not state.is_over:
        assert not sits_out(state, state.current_player)  # whoever is asked has a placement open
        sat_out += sum(sits_out(state, seat) for seat in range(3))
        state = state.play(rng.choice(state.legal_moves()))
    assert sat_out > 0
    assert not any(sits_out(state, seat) for seat in range(3))  # the game is over: nobody waits for anything
