"""Foundations of Metropolis's rules (``docs/rules/metropolis.md``), one test per rule id: every refusal names
its rule with a sentence and leaves the state as it was; every automatic step happens as the rule says."""

from __future__ import annotations

import json
import random

import pytest
from support.protocol_checks import damaged, refused, save_refusal, set_at

from boardgames import IllegalMove
from boardgames import metropolis as m
from boardgames.metropolis.board import NAMES, column_names, column_row, row_names, side
from boardgames.metropolis.positions import arrange
from boardgames.metropolis.tiles import SHAPES, shape_tiles

RULES = m.RULES


def test_metropolis_setup_players():
    for bad in (1, 5):
        with pytest.raises(IllegalMove) as info:
            m.new_game(bad)
        assert info.value.rule == "metropolis.setup.players"
    assert m.cells(2)[-1] == "G7" and len(m.cells(3)) == 64 and len(m.cells(4)) == 81


def test_new_game_refuses_impossible_setups():
    with pytest.raises(ValueError, match="H8 is off the board for 2 players"):
        m.new_game(2, deeds=[["A1", "B1", "C1", "D1", "E1", "H8"], ["A2", "B2", "C2", "D2", "E2", "F2"]])
    with pytest.raises(ValueError, match="A1 given twice"):
        m.new_game(2, deeds=[["A1", "B1", "C1", "D1", "E1", "F1"], ["A1", "B2", "C2", "D2", "E2", "F2"]])
    with pytest.raises(ValueError, match="exactly 6 cells"):
        m.new_game(2, deeds=[["A1"], ["A2", "B2", "C2", "D2", "E2", "F2"]])
    with pytest.raises(ValueError, match=r"piles\[0\] must hold exactly 13"):
        m.new_game(2, piles=[["A1"], [], []])
    with pytest.raises(ValueError, match="unknown flag"):
        m.new_game(2, deed_drafting=True)


def test_given_deeds_and_piles_are_dealt_as_given():
    deeds = [["A1", "B1", "C1", "D1", "E1", "F1"], ["A2", "B2", "C2", "D2", "E2", "F2"]]
    s = m.new_game(2, seed=9, deeds=deeds)
    assert s.deeds(0) == tuple(deeds[0]) and s.lots(1) == tuple(deeds[1])
    rest = [c for c in m.cells(2) if c not in deeds[0] + deeds[1]]
    piles = [rest[:13], rest[13:25], rest[25:]]
    s = m.new_game(2, seed=9, deeds=deeds, piles=piles)
    assert s.deed_board == tuple(rest[:6]) and s.pile_size(1) == 7
    assert m.new_game(**s.setup) == s


def test_metropolis_draft_pick():
    s = m.new_game(3, seed=2, deed_draft=True)
    assert s.drafting and all(isinstance(move, m.Pick) for move in s.legal_moves())
    refused(s, m.Income(), "metropolis.draft.pick", RULES, words=("draft",))
    refused(s, m.Pick(s.hand(1)[0]), "metropolis.draft.pick", RULES, words=(s.hand(1)[0],))
    after = s.play(m.Pick(s.hand(0)[2]))
    assert after.deeds(0) == () and after.current_player == 1  # hidden until the reveal


def test_metropolis_draft_reveal():
    s = m.new_game(2, seed=2, deed_draft=True)
    a, b = s.hand(0)[0], s.hand(1)[0]
    s = s.play(m.Pick(a)).play(m.Pick(b))
    assert s.deeds(0) == (a,) and s.deeds(1) == (b,) and s.markers(0) == 7
    assert s.round == 2 and len(s.hand(0)) == 5 and b not in s.hand(0)


def test_metropolis_turn_one_action():
    s = m.new_game(2, seed=1)
    refused(s, m.Pick("A1"), "metropolis.turn.one-action", RULES)
    refused(s, m.Income(), "core.not-now", RULES, seat=1)
    refused(s, "income", "core.not-a-move", RULES)


def test_metropolis_income():
    s = arrange(2, buildings=[("G", 0, ["A1", "B1"]), ("F", 0, ["C1"]), ("F", 1, ["D1"])], coins=[0, 0])
    s = s.play(m.Income())
    assert s.coins == (7, 0) and s.events[-1].text == "Ada takes an income of 7 coins."


def test_metropolis_buy_not_for_sale():
    s = arrange(2, lots={0: ["A1"]}, coins=[20, 20])
    name = NAMES[s.piles[0][-1]]  # a deed still face down in the pile
    refused(s, m.Buy(name), "metropolis.buy.not-for-sale", RULES, words=(name,))


def test_metropolis_buy_no_marker():
    s = arrange(2, lots={0: ["A1"]}, markers={0: 0}, coins=[20, 20])
    refused(s, m.Buy(s.deed_board[0]), "metropolis.buy.no-marker", RULES)


def test_metropolis_buy_no_money():
    s = arrange(2, lots={0: ["A1"]}, coins=[3, 20])
    refused(s, m.Buy(s.deed_board[2]), "metropolis.buy.no-money", RULES, words=("4 coins",))


def test_metropolis_buy_slide_refill():
    s = arrange(2, lots={0: ["A1"]}, coins=[20, 20])
    top = s.piles[0][0]
    after = s.play(m.Buy(s.deed_board[1]))
    assert after.deed_board[:5] == s.deed_board[:1] + s.deed_board[2:]
    assert after.board[5] == top and after.pile_size(1) == s.pile_size(1) - 1
    assert after.coins[0] == 17 and s.deed_board[1] in after.lots(0) and after.markers(0) == s.markers(0) - 1


def test_metropolis_build_no_tile():
    s = arrange(2, buildings=[("E", 0, ["A1", "B1", "C1", "D1"])], lots={0: ["A3", "B3", "C3", "D3"]})
    refused(s, m.Build("E", ("A3", "B3", "C3", "D3")), "metropolis.build.no-tile", RULES, words=("Condominium",))
    refused(s, m.Build("Z", ("A3",)), "metropolis.build.no-tile", RULES)


def test_metropolis_build_shape():
    s = arrange(2, lots={0: ["A1", "B1", "C2"]})
    refused(s, m.Build("C-I3", ("A1", "B1", "C2")), "metropolis.build.shape", RULES, words=("I3",))
    refused(s, m.Build("A", ("H8",)), "metropolis.build.shape", RULES, words=("H8",))


def test_metropolis_build_not_owned():
    s = arrange(2, lots={0: ["A1"], 1: ["B1"]})
    refused(s, m.Build("B", ("A1", "B1")), "metropolis.build.not-owned", RULES, words=("B1",))


def test_metropolis_build_must_be_larger():
    s = arrange(2, buildings=[("B", 0, ["A1", "B1"])], lots={0: ["C1"]})
    refused(s, m.Build("G", ("A1", "B1")), "metropolis.build.must-be-larger", RULES, words=("House",))


def test_metropolis_build_no_markers():
    s = arrange(2, buildings=[("B", 0, ["A1", "B1"]), ("B", 0, ["A2", "B2"])], lots={0: ["C1"]}, markers={0: 0})
    refused(s, m.Build("C-L3", ("B1", "C1", "B2")), "metropolis.build.no-markers", RULES, words=("A1 and A2",))


def test_metropolis_build_effects():
    s = arrange(2, buildings=[("A", 0, ["A1"]), ("F", 0, ["B1"])], lots={0: ["C1"]})
    after = s.play(m.Build("C-I3", ("A1", "B1", "C1")))
    b = after.building_at("B1")
    assert (b.tile, b.owner, b.cells) == ("C-I3", 0, ("A1", "B1", "C1"))
    assert after.population(0) == 4 and after.markers(0) == s.markers(0) + 1
    assert after.supply(0).count("A") == 2 and after.supply(0).count("F") == 2 and "C-I3" not in after.supply(0)
    assert after.events[-1].kind == "metropolis.build.effects"


def test_metropolis_year_last_deed_and_score_and_refill():
    s = arrange(2, lots={0: ["A1"]}, board=["G7"], pile=0, turn=0, coins=[20, 20])
    s = s.play(m.Buy("G7"))
    assert s.final_turns and s.first_player == 1 and s.current_player == 1
    assert [e.kind for e in s.events] == ["metropolis.buy.slide-refill", "metropolis.year.last-deed"]
    s = s.play(m.Income()).play(m.Income())
    kinds = [e.kind for e in s.events]
    assert "metropolis.year.score" in kinds and kinds[-1] == "metropolis.year.refill"
    assert s.year == 2 and len(s.deed_board) == 6 and s.current_player == 1


def test_metropolis_score_rules_are_each_reported():
    s = arrange(3, buildings=[("E", 0, ["A1", "B1", "C1", "D1"]), ("R", 1, ["A2", "B2"]), ("G", 2, ["C2", "D2"])],
                lots={0: ["F8"]}, year=3)
    scores = s.year_scores()
    assert scores[0].residential == 16 and scores[1].public == 6 and scores[2].commercial == 3
    assert scores[0].empty_lots == 1 and scores[0].total == 17


def test_metropolis_game_end_ranks_by_prestige_then_coins():
    from boardgames.metropolis.flow import leaders

    assert leaders([10, 12, 12], [50, 3, 4]) == (2,)


def test_keeps_secrets_only_in_the_deed_draft():
    drafting = m.new_game(3, seed=2, deed_draft=True)
    assert m.keeps_secrets(drafting) and drafting.hand(0) != drafting.hand(1)
    after = drafting
    while after.drafting:
        after = after.play(after.legal_moves()[0])
    assert not m.keeps_secrets(after) and not m.keeps_secrets(m.new_game(3, seed=2))


def test_a_cell_or_a_tile_typed_in_lower_case_is_the_same_cell_and_is_recorded_as_the_board_writes_it():
    s = m.new_game(3, seed=1)
    cell = s.deed_board[0]
    assert m.Buy(cell.lower()) == m.Buy(cell) and str(m.Buy(f" {cell.lower()} ")) == f"buy {cell}"
    assert s.play(m.Buy(cell.lower())) == s.play(m.Buy(cell))
    assert m.Build("c-l3", ("b3", "B2", "c3")) == m.Build("C-L3", ("B2", "B3", "C3"))
    assert m.parse_move("BUY b7") == m.Buy("B7")
    drafting = m.new_game(3, seed=2, deed_draft=True)
    pick = drafting.hand(0)[2]
    assert drafting.play(m.Pick(pick.lower())) == drafting.play(m.Pick(pick))
    refused(s, m.Buy("z9"), "metropolis.buy.not-for-sale", RULES, words=("z9",))
    refused(s, m.Build("x-q9", ("A1",)), "metropolis.build.no-tile", RULES, words=("x-q9",))


def test_an_illegal_move_leaves_the_state_as_it_was():
    s = m.new_game(2, seed=4)
    before = s.to_json()
    for move in (m.Buy("A1"), m.Build("D", ("A1", "B1", "A2", "B2")), m.Pick("A1")):
        with pytest.raises(IllegalMove):
            s.play(move)
    assert s.to_json() == before


def test_moves_read_back_from_their_text():
    for move in (m.Income(), m.Buy("C4"), m.Build("C-L3", ("B3", "B2", "C3")), m.Pick("C4")):
        assert m.parse_move(str(move)) == move
    assert str(m.Build("C-L3", ("C3", "B2", "B3"))) == "build C-L3 on B2 B3 C3"
    for bad in ("buy", "build X on A1", "pick Z9", "dance"):
        with pytest.raises(ValueError):
            m.parse_move(bad)


def test_draft_secrets_are_seen_only_by_their_holder():
    s = m.new_game(3, seed=6, deed_draft=True)
    dealt = [e for e in s.events if e.seen_by]
    assert [e.seen_by for e in dealt] == [(0,), (1,), (2,)]
    s = s.play(m.Pick(s.hand(0)[0]))
    (pick,) = s.events
    assert pick.seen_by == (0,) and pick.seen_from(1).text == "Ada picks a deed."
    assert pick.data["cell"] not in pick.seen_from(1).text


def test_broken_saves_specific_to_metropolis_are_refused():
    s = arrange(2, buildings=[("B", 0, ["A1", "B1"])], lots={0: ["C1"], 1: ["D1"]})
    doc = json.loads(s.to_json())
    assert m.from_json(s.to_json()) == s
    cases = {
        "a building off its owner's lots": set_at(["buildings", 0, "owner"], 1),
        "a building of the wrong shape": set_at(["buildings", 0, "cells"], ["A1", "C2"]),
        "a deed held twice": set_at(["deeds", 1], ["D1", "A1"]),
        "a deed lost": set_at(["piles", 0], doc["piles"][0][1:]),
        "a marker on another seat's lot": set_at(["lots", 1], ["D1", "C1"]),
    }
    for what, change in cases.items():
        message = save_refusal(m, damaged(s, change))
        assert message, what


def test_the_state_says_what_income_gives_which_deed_a_seat_kept_and_what_each_year_gave():
    s = arrange(2, buildings=[("J-O4", 0, ["A1", "B1", "A2", "B2"])], lots={1: ["G7"]}, final_turns=1)
    assert s.income(0) == 8 and s.income(1) == 5
    after = s.play(m.Income())  # the year's last final turn: the year is scored too
    assert after.coins[0] == s.coins[0] + 8 + 3
    assert after.year_prestige(1) == tuple(sc.total for sc in s.year_scores()) and after.year_prestige(2) is None
    d = m.new_game(3, seed=2, deed_draft=True)
    kept = d.hand(0)[1]
    d = d.play(m.Pick(kept))
    assert d.pick(0) == kept and d.pick(1) is None and kept not in d.deeds(0)


# ---------------------------------------------------------------------- what a page asks the engine by name


def test_the_board_names_its_columns_rows_and_each_cells_place():
    assert column_row("A1") == (0, 0) and column_row("b3") == (1, 2) and column_row("I9") == (8, 8)
    assert [side(n) for n in (2, 3, 4)] == [7, 8, 9]
    assert column_names(3) == tuple("ABCDEFGH") and row_names(2) == tuple("1234567")
    for n in (2, 3, 4):
        assert {c + r for c in column_names(n) for r in row_names(n)} == set(m.cells(n))
        assert {column_row(c) for c in m.cells(n)} == {(x, y) for x in range(side(n)) for y in range(side(n))}
    with pytest.raises(ValueError):
        side(5)


def test_a_tile_says_its_letter_and_what_it_is_in_words():
    assert m.TILES["C-L3"].letter == m.TILES["C-I3"].letter == "C" and m.TILES["A"].letter == "A"
    assert m.tile_words("C-L3") == "C-L3 Hotel: residential, 4 citizens, 3 cells in an L"
    assert m.tile_words("G") == "G Retail Store: commercial, 1 coin and 2 prestige a year, 2 cells in a row"
    assert m.tile_words("N") == "N Park: public, scores 2 per public building next to it, 1 cell"
    assert "the Marketplace factor per coin of the commercial buildings" in m.tile_words("O")
    assert [t.id for t in shape_tiles("O4")] == ["D", "J-O4"]
    assert sorted(t.id for shape in SHAPES for t in shape_tiles(shape)) == sorted(m.TILES)


def test_cells_of_a_move_are_the_cells_it_concerns():
    assert m.cells_of(m.Build("B", ("C2", "B2"))) == ("B2", "C2")
    assert m.cells_of(m.Buy("c4")) == ("C4",) and m.cells_of(m.Pick("A1")) == ("A1",)
    assert m.cells_of(m.Income()) == () and m.cells_of(None) == ()


def test_telling_build_is_the_footprint_through_the_cell_with_the_most_own_lots():
    s = arrange(3, lots={0: ["A1", "A2", "A3"]})
    move = s.telling_build("E", "A1", 0)
    assert move == m.Build("E", ("A1", "A2", "A3", "A4"))  # not A1-D1, which holds one lot of seat 0
    assert s.check(move).rule == "metropolis.build.not-owned" and "A4" in str(s.check(move))
    assert s.telling_build("A", "H8", 0) == m.Build("A", ("H8",))


def test_no_place_says_why_a_tile_cannot_be_built():
    s = arrange(3, buildings=[("A", 0, ["A1"]), ("A", 0, ["B1"])], lots={0: ["C1"]})
    builds = {mv.tile for mv in s.legal_moves() if isinstance(mv, m.Build)}
    assert "A" not in builds and s.no_place("A", 0) == "It is on the board: none left in your supply."
    assert "E" not in builds and s.no_place("E", 0).startswith("No place for it: it needs your own lots in its shape")


def test_secrets_of_a_seat_are_its_own_hand_and_pick_in_the_draft():
    s = m.new_game(3, seed=2, deed_draft=True)
    assert m.secrets_of(s, 0) == (s.hand(0), None) and m.secrets_of(s, None) == ((), None)
    kept = s.hand(0)[1]
    s = s.play(m.Pick(kept))
    assert m.secrets_of(s, 0).kept == kept and m.secrets_of(s, 1) == (s.hand(1), None)
    for seat in range(3):  # what a seat may see is what every world it imagines agrees on
        assert m.secrets_of(s.determinize(seat, random.Random(seat)), seat) == m.secrets_of(s, seat)
    while s.drafting:
        s = s.play(s.legal_moves()[0])
    assert all(m.secrets_of(s, seat) == ((), None) for seat in range(3))
