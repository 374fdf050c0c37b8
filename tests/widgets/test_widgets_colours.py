"""Colour is never the only sign (issue 42): the seats' colours come from Okabe and Ito's palette, every seat's piece
on a board carries the seat's initial as well as its colour, text reads at 4.5:1 on its ground and a mark stands at
3:1 against what it stands on (WCAG 2.2 AA)."""

from __future__ import annotations

import math
import random
from collections import Counter

import pytest

from boardgames import marcopolo as mp
from boardgames import medici, medina
from boardgames import metropolis as m
from widgets.games.marcopolo import board as marcopolo_board
from widgets.games.marcopolo.panels import action_board_html, die_chip
from widgets.games.medici import board as medici_board
from widgets.games.medina import board as medina_board
from widgets.games.metropolis import board as metropolis_board
from widgets.kit.palette import (
    DARK,
    MARK_CONTRAST,
    OKABE_ITO,
    SEAT_COLOURS,
    TEXT_CONTRAST,
    contrast_between,
    ink_on,
    letter_colour,
    mix,
    seat_colour,
    seat_initials,
    seat_ink,
    stands_out,
)

WHITE = "#ffffff"
FOUR = SEAT_COLOURS[:4]  # the most seats Medina, Metropolis and Marco Polo seat


def played(new_game, moves: int, seed: int = 3, until=lambda state: False):
    """A game after ``moves`` random moves (or as soon as ``until(state)``)."""
    state, rng = new_game(), random.Random(seed)
    for _ in range(moves):
        if state.is_over or until(state):
            break
        state = state.play(rng.choice(state.legal_moves()))
    return state


def test_the_seats_colours_are_okabe_and_itos_and_each_name_and_initial_on_them_reads():
    assert len(set(SEAT_COLOURS)) == 6 and set(SEAT_COLOURS) <= set(OKABE_ITO.values())
    assert SEAT_COLOURS[:3] == (OKABE_ITO["vermillion"], OKABE_ITO["blue"], OKABE_ITO["bluish green"])
    assert OKABE_ITO["black"] not in SEAT_COLOURS  # a black die, a black building, an outline: never a seat
    for seat, colour in enumerate(SEAT_COLOURS):
        assert contrast_between(seat_ink(seat), WHITE) >= 5
        assert contrast_between(letter_colour(colour), colour) >= TEXT_CONTRAST
    # a light colour shaded until it reads on a dark ground, a dark one on a light ground
    assert contrast_between(ink_on(seat_colour(3), "#495057"), "#495057") >= TEXT_CONTRAST
    assert contrast_between(ink_on("#e67700", "#fff3bf"), "#fff3bf") >= TEXT_CONTRAST
    assert ink_on(seat_colour(1), WHITE) == seat_colour(1)  # a colour that reads already stays as it is


def test_a_seats_initial_is_its_names_first_letter_or_its_number_when_two_names_share_it():
    assert seat_initials(["Ada", "Ben", "Cleo"]) == ["A", "B", "C"]
    assert seat_initials(["Ada", "anna", "Ben", ""]) == ["1", "2", "B", "4"]
    assert seat_initials(["アダ", "ben"]) == ["ア", "B"]


def grounds_of_medina() -> list[str]:
    b = medina_board
    return [*b.BUILDING_COLOURS.values(), *(mix(c, 0.55) for c in b.BUILDING_COLOURS.values()), b.CITY, b.RING,
            b.WALL, b.TOWER]


def test_every_seats_mark_stands_at_3_to_1_on_whatever_it_stands_on():
    medina_view = medina_board.MedinaBoard()
    for colour in FOUR:
        for ground in grounds_of_medina():
            # a roof: the seat's colour edged in white on a dark triangle; an owned palace's outline the same
            assert stands_out(colour, ground, medina_view.roofs.stroke) or stands_out(DARK, ground), (colour, ground)
            lines = (colour, *medina_view._owned_gap.colors, DARK)  # an owned palace's outline, its bands
            assert any(contrast_between(line, ground) >= MARK_CONTRAST for line in lines), (colour, ground)
    metropolis_view = metropolis_board.MetropolisBoard()
    cells = [*metropolis_board.CATEGORY_FILL.values(), metropolis_board.EMPTY, metropolis_board.FOR_SALE,
             *(mix(c, 0.8) for c in FOUR)]
    for colour in FOUR:
        for ground in cells:
            assert stands_out(colour, ground, metropolis_view.markers.stroke), (colour, ground)
            assert stands_out(colour, ground, metropolis_view.owners.stroke), (colour, ground)
            assert stands_out(colour, ground, metropolis_board.DARK)  # a building's outline on its dark rim
    map_view = marcopolo_board.MarcoPoloBoard()
    places = [WHITE, *marcopolo_board.PLACE_FILL.values(), marcopolo_board.ROUTE_PLAIN, marcopolo_board.ROUTE_EXTRA]
    for colour in FOUR:
        for ground in places:
            assert stands_out(colour, ground, map_view.figures.stroke), (colour, ground)
            assert stands_out(colour, ground, map_view.posts.stroke), (colour, ground)
    tracks_view = medici_board.MediciBoard()
    tracks = ["#e9ecef", *(mix(c, w) for c in medici_board.GOOD_COLOURS.values() for w in (0.45, 0.8))]
    for colour in SEAT_COLOURS:
        for ground in tracks:
            assert stands_out(colour, ground, tracks_view.markers.stroke), (colour, ground)


def test_medinas_towers_and_buildings_say_their_holder_and_colour_in_letters_that_read():
    state = played(lambda: medina.new_game(["Ada", "Ben", "Cleo", "Dan"]), 400)
    assert any(state.tower_tile_owner(n) is not None for n in medina_board.TOWERS)
    board = medina_board.MedinaBoard(state)
    towers = {(r, c) for r, c in medina_board.TOWERS.values()}
    for r, c, text, colour in zip(board._texts.y, board._texts.x, board._texts.text, board._texts.colors):
        ground = medina_board.TOWER if (r, c) in towers else None
        if ground:
            assert contrast_between(colour, ground) >= TEXT_CONTRAST, text
    fills = {at: medina_board.square_fill(state.cell(at), at) for at in medina_board.SQUARES}
    for r, c, colour in zip(board.colour_letters.y, board.colour_letters.x, board.colour_letters.colors):
        assert contrast_between(colour, fills[round(r), c]) >= TEXT_CONTRAST


def test_metropolis_texts_read_on_their_cells():
    state = played(lambda: m.new_game(["Ada", "Ben", "Cleo"], seed=2), 300,
                   until=lambda s: len(s.all_buildings()) >= 10)
    board = metropolis_board.MetropolisBoard(state)
    for b, colour in zip(state.all_buildings(), board._letters.colors):
        assert contrast_between(colour, metropolis_board.CATEGORY_FILL[m.TILES[b.tile].category]) >= TEXT_CONTRAST
    for text, colour in zip(board.owner_initials.text, board.owner_initials.colors):
        assert text in "ABC" and contrast_between(colour, board.owners.colors[list(board.owner_initials.text)
                                                                              .index(text)]) >= TEXT_CONTRAST
    assert contrast_between(metropolis_board.PRICE_TEXT, metropolis_board.FOR_SALE) >= TEXT_CONTRAST


def test_marco_polos_figures_and_posts_carry_their_seats_initial_and_placed_dice_too():
    state, rng = mp.new_game(["Ada", "Ben", "Cleo"], seed=6), random.Random(6)
    while sum(len(state.posts(seat)) for seat in range(3)) < 4:  # random moves, travels most often
        moves = state.legal_moves()
        trips = [move for move in moves if type(move) is mp.Travel]
        state = state.play(rng.choice(trips if trips and rng.random() < 0.8 else moves))
    assert state.posts(1) == state.posts(2) == ("Alexandria",)  # two posts and two figures share a place
    board = marcopolo_board.MarcoPoloBoard(state)
    for kind in ("figures", "posts"):
        want = Counter((seat_colour(seat), "ABC"[seat]) for seat in range(3) for _ in getattr(state, kind)(seat))
        assert Counter(board.pieces[kind]) == want
    for colour, text in zip(board.figure_initials.colors, board.figure_initials.text):
        assert contrast_between(colour, seat_colour("ABC".index(text))) >= TEXT_CONTRAST
    assert "Each player's pieces carry the player's initial" in board.players.value
    # a piece covers much of its place: a click on it is a click on the place
    clicked = []
    board.on_place(clicked.append)
    board._piece_clicked(board.posts, {"data": {"index": list(board.post_initials.text).index("B")}})
    board._piece_clicked(board.figures, {"data": {"index": 0}})
    assert clicked == ["Alexandria", state.figures(0)[0]]
    # a die on the action board says whose it is; an own die's value reads on its seat's colour
    placed = [(name, seat) for name, dice in state.placed.items() for seat, _ in dice if seat is not None]
    html = action_board_html(state, None)
    assert all(f">{'ABC'[seat]}</span></span>" in html for _, seat in placed)
    for seat in range(4):
        chip = die_chip(mp.Die(3), seat)
        assert f"color:{letter_colour(seat_colour(seat))}" in chip


@pytest.mark.parametrize("players", [3, 6])
def test_medicis_track_markers_carry_their_seats_initial_and_its_texts_read(players):
    state = played(lambda: medici.new_game(players, seed=1), 200)
    board = medici_board.MediciBoard(state)
    initials = seat_initials(state.names)
    assert list(board.marker_initials.text) == initials * len(medici.GOODS)
    assert list(board._legend_initials.text) == initials
    for _, fill, colour in zip(board.marker_initials.text, board.markers.colors, board.marker_initials.colors):
        assert contrast_between(colour, fill) >= TEXT_CONTRAST
    for good, colour in medici_board.GOOD_COLOURS.items():
        assert contrast_between(medici_board.text_colour(medici.Card(good, 1)), colour) >= TEXT_CONTRAST, good
    for colour in board._heads.colors:
        assert contrast_between(colour, WHITE) >= TEXT_CONTRAST
    for seat in range(players):
        assert seat_ink(seat) in list(board.row_names.colors)
    assert "Each player's pieces carry the player's initial" in board.legend.value


def test_marco_polos_map_words_read_on_white_and_a_place_to_click_is_24_pixels_wide():
    board = marcopolo_board.MarcoPoloBoard(mp.new_game(["Ada", "Ben"], seed=5))
    for label in (board._route_costs, board._costs, board._route_notes, board._names, board._notes, board._tiles):
        assert all(contrast_between(colour, WHITE) >= TEXT_CONTRAST for colour in label.colors), label
    board.show_routes([[["Venezia", "Oasis E", "Oasis G"]], [["Venezia", "Alexandria", "Oasis G"]]], ["a", "b"])
    assert all(contrast_between(colour, WHITE) >= TEXT_CONTRAST for colour in board._route_notes.colors)
    assert board.highlights.default_size >= math.pi * 12 ** 2  # bqplot sizes a circle by its area: 24 px across
