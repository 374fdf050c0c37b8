"""The Medici board view: every fact it draws is the engine's."""

from __future__ import annotations

import random

import pytest

from boardgames import medici
from widgets.games.medici import GOOD_COLOURS, MediciBoard, end_columns, sits_out, turn_hint
from widgets.kit.palette import seat_colour


def played(players: int, seed: int, moves: int):
    state = medici.new_game(players, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_over:
            break
        state = state.play(rng.choice(state.legal_moves()))
    return state


@pytest.mark.parametrize("players", [2, 3, 6])
def test_cards_on_the_board_are_the_cargo_and_the_lot(players):
    board = MediciBoard()
    for moves in (0, 25, 60):
        state = played(players, seed=players, moves=moves)
        board.show(state)
        fills = list(board.cards.fill_colors)
        values = list(board.card_values.text)
        k = 0
        # the lot first (3 slots), then every ship's five holds
        rows = [state.lot] + [ship for seat in range(players) for ship in state.ships(seat)]
        for r, cards in enumerate(rows):
            slots = 3 if r == 0 else 5
            for i in range(slots):
                if i < len(cards):
                    assert fills[k] == GOOD_COLOURS[cards[i].good]
                    assert values[k] == str(cards[i].value)
                else:
                    assert values[k] == ""
                k += 1
        assert k == len(fills)


def test_track_markers_stand_on_the_engines_levels():
    state = played(4, seed=1, moves=400)  # a finished game: markers have moved
    board = MediciBoard(state)
    ys = list(board.markers.y)
    colours = list(board.markers.colors)
    for g, good in enumerate(medici.GOODS):
        for seat, level in enumerate(state.track(good)):
            i = g * 4 + seat
            assert round(ys[i]) == level
            assert colours[i] == seat_colour(seat)


def test_money_day_and_roles_are_written_on_the_board():
    state = played(3, seed=2, moves=7)
    board = MediciBoard(state)
    money = [t for t in board.money.text if t]
    assert money == [f"{m} fl" for m in state.money]
    assert f"day {state.day} of 3" in board.ships.title
    assert f"auctioneer {state.names[state.auctioneer]}" in board.ships.title
    tags = list(board.tags.text)
    assert "▶ to move" in tags[1 + state.current_player]
    if state.high_bidder is not None and state.high_bid:
        assert f"high bid {state.high_bid}" in tags[1 + state.high_bidder]


def test_the_board_is_built_once_and_reshaped_for_another_player_count():
    board = MediciBoard(played(3, 1, 5))
    marks = list(board.ships.marks)
    board.show(played(2, 1, 5))
    assert list(board.ships.marks) == marks
    assert len(board.row_names.text) == 1 + 2 * 2  # the lot and four ships
    board.show(played(6, 1, 5))
    assert len(board.row_names.text) == 1 + 6


def test_hint_and_the_end_panels_incomes_come_from_the_engine():
    state = played(3, 4, 400)
    assert str(turn_hint(state)) == "the game is over"
    assert [(str(label), x) for label, x in end_columns(state)] == [
        (f"Day {d}", tuple(x)) for d, x in enumerate(state.incomes, 1)]
    start = medici.new_game(3, seed=4)
    assert "reveal" in str(turn_hint(start)) or "auction" in str(turn_hint(start))


@pytest.mark.parametrize("players, paid", [(2, "30 / 20 / 10 / 0"), (3, "30 / 15 / 0"),
                                           (6, "30 / 20 / 15 / 10 / 5 / 0")])
def test_the_legend_explains_worth_with_the_value_ranking_of_the_player_count(players, paid):
    state = played(players, seed=players, moves=30)
    board = MediciBoard(state)
    tags = [t for t in board.tags.text if "worth" in t]
    ships = [ship for seat in range(players) for ship in state.ships(seat)]
    assert [t.rsplit("worth ", 1)[1] for t in tags] == [str(medici.ship_value(ship)) for ship in ships]
    legend = board.legend.value
    assert "<b>worth</b>: the ship's value, the sum of its cards' values (gold counts 10)" in legend
    assert f"ranked by value and earn {paid} florins" in legend
    assert "earn 10 and 5 florins" in legend and "level 5 or 6 or 7 earns a bonus of 5 or 10 or 20" in legend
    assert "the two highest markers on a track" in legend
    ranked = "the four ships (two each) are ranked" if players == 2 else "the ships are ranked"
    assert ranked in legend


@pytest.mark.parametrize("players", [3, 4, 5])
def test_a_player_with_a_full_ship_sits_out_the_rest_of_the_day(players):
    state = medici.new_game(players, seed=players)
    rng = random.Random(players)
    sat_out = 0
    while not state.is_over:
        assert not sits_out(state, state.current_player)  # whoever is asked has room on a ship
        day, full = state.day, {seat for seat in range(players) if sits_out(state, seat)}
        sat_out += len(full)
        state = state.play(rng.choice(state.legal_moves()))
        if state.day == day and not state.is_over:
            assert full <= {seat for seat in range(players) if sits_out(state, seat)}  # till the day ends
    assert sat_out > 0 and not any(sits_out(state, seat) for seat in range(players))
