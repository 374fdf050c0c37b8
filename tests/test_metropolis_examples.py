"""The worked examples of Foundations of Metropolis's rules (``docs/rules/metropolis.md``, section "Worked
examples"), one test each, named after the example."""

from __future__ import annotations

import pytest

from boardgames import IllegalMove
from boardgames import metropolis as m
from boardgames.metropolis.flow import leaders
from boardgames.metropolis.positions import arrange
from boardgames.metropolis.rules import starting_coins

BOARD6 = ["A7", "B7", "C7", "D7", "E7", "F7"]


def refused(state, move) -> str:
    rule = state.check(move)
    assert rule is not None, f"{move} was accepted"
    with pytest.raises(IllegalMove) as info:
        state.play(move)
    assert info.value.rule == rule.rule
    return rule.rule


def public(state, seat=0) -> int:
    return state.year_scores()[seat].public


def test_example_01_year_1_population():
    assert m.residential([13, 10, 10, 0], 1) == (17, 13, 13, 0)


def test_example_02_same_populations_in_later_years():
    assert m.residential([13, 10, 10, 0], 2) == (20, 13, 13, 0)
    assert m.residential([13, 10, 10, 0], 3) == (23, 13, 13, 0)


def test_example_03_tie_at_the_top():
    assert m.residential([8, 8, 5, 2], 1) == (12, 12, 8, 5)


def test_example_04_one_player_with_citizens():
    assert m.residential([3, 0, 0, 0], 1) == (7, 0, 0, 0)


def test_example_05_gaps():
    assert m.residential([12, 9, 9, 4], 2) == (19, 12, 12, 9)


def test_example_06_large_school():
    s = arrange(3, buildings=[("E", 0, ["A1", "B1", "C1", "D1"]), ("R", 1, ["A2", "B2"])])
    assert public(s, 1) == 6


def test_example_07_small_school():
    s = arrange(3, buildings=[("C-I3", 0, ["A1", "B1", "C1"]), ("M", 1, ["A2"])])
    assert public(s, 1) == 2


def test_example_08_small_school_rounds_down():
    s = arrange(3, buildings=[("C-I3", 0, ["A1", "B1", "C1"]), ("A", 0, ["B3"]), ("M", 1, ["B2"])])
    assert public(s, 1) == 2
    s = arrange(3, buildings=[("C-I3", 0, ["A1", "B1", "C1"]), ("A", 0, ["B3"]), ("B", 0, ["C2", "D2"]),
                              ("M", 1, ["B2"])])
    assert public(s, 1) == 3


def test_example_09_income():
    s = arrange(3, buildings=[("G", 0, ["A1", "B1"]), ("I", 0, ["A3", "B3", "C3"])], coins=[0, 6, 7])
    s = s.play(m.Income())
    assert s.coins[0] == 8


def test_example_10_commercial_values():
    shops = [("G", 0, ["A1", "B1"]), ("J-O4", 0, ["A3", "B3", "A4", "B4"])]
    y1 = arrange(3, buildings=shops).year_scores()[0]
    assert (y1.coins, y1.commercial) == (4, 7)
    y3 = arrange(3, buildings=shops, year=3).year_scores()[0]
    assert (y3.coins, y3.commercial) == (0, 11)
    coffee = arrange(3, buildings=[("F", 0, ["A1"])], year=3).year_scores()[0]
    assert coffee.commercial == 1
    restaurant = arrange(3, buildings=[("H", 0, ["A1", "A2", "B2"])], year=3).year_scores()[0]
    assert restaurant.commercial == 5


def test_example_11_retail_store_in_year_3():
    s = arrange(3, buildings=[("G", 0, ["A1", "B1"])], year=3)
    assert s.year_scores()[0].commercial == 3


def test_example_12_deed_market():
    c = ["A7", "B7", "C7", "D7", "E7", "F7"]
    s = arrange(3, lots={0: ["A1"]}, board=c, coins=[20, 6, 7])
    assert s.prices == (2, 3, 4, 6, 8, 10)
    assert s.price("D7") == 6
    after = s.play(m.Buy("D7"))
    assert after.coins[0] == 14
    assert after.deed_board[:5] == ("A7", "B7", "C7", "E7", "F7") and len(after.deed_board) == 6
    assert after.price("E7") == 6 and after.price("F7") == 8 and after.prices[5] == 10
    empty = arrange(2, lots={0: ["A1"]}, board=c, pile=0, coins=[20, 6]).play(m.Buy("D7"))
    assert empty.deed_board == ("A7", "B7", "C7", "E7", "F7")
    assert empty.prices == (2, 3, 4, 6, 8)


def test_example_13_building_over():
    s = arrange(3, buildings=[("F", 0, ["B2"]), ("A", 0, ["C2"])])
    assert s.population(0) == 1
    after = s.play(m.Build("P", ("B2", "C2")))
    assert after.population(0) == 0
    assert after.supply(0).count("F") == 2 and after.supply(0).count("A") == 2
    s = arrange(3, buildings=[("B", 0, ["B2", "C2"])])
    assert refused(s, m.Build("G", ("B2", "C2"))) == "metropolis.build.must-be-larger"
    s = arrange(3, buildings=[("J-O4", 0, ["B2", "C2", "B3", "C3"]), ("H", 0, ["E2", "E3", "F3"])])
    assert refused(s, m.Build("C-I3", ("B2", "C2", "D2"))) in ("metropolis.build.must-be-larger",
                                                              "metropolis.build.not-owned")
    assert refused(s, m.Build("C-L3", ("B2", "B3", "C3"))) == "metropolis.build.must-be-larger"
    assert refused(s, m.Build("C-L3", ("E2", "E3", "F3"))) == "metropolis.build.must-be-larger"
    # The seed's Hotel example.
    s = arrange(3, buildings=[("G", 0, ["G2", "H2"])], lots={0: ["E2", "F2"]}, markers={0: 0})
    assert s.markers(0) == 0 and s.population(0) == 0
    after = s.play(m.Build("C-I3", ("E2", "F2", "G2")))
    assert after.building_at("H2") is None and "H2" in after.lots(0)
    assert after.markers(0) == 1 and "G" in after.supply(0)
    assert after.population(0) == 4


def test_example_14_population_update():
    s = arrange(3, lots={0: ["C4"]})
    assert s.play(m.Build("A", ("C4",))).population(0) == 1


def test_example_15_parks():
    around = [("K", 1, ["A1"]), ("L", 2, ["C1"])]
    assert public(arrange(3, buildings=around + [("N", 0, ["B1"])])) == 4
    assert public(arrange(3, buildings=[("K", 1, ["A1"]), ("L", 2, ["D1"]), ("Q", 0, ["B1", "C1"])])) == 6


def test_example_16_markets():
    shops = [("J-O4", 1, ["A1", "B1", "A2", "B2"]), ("F", 1, ["E1"])]
    assert public(arrange(3, buildings=shops + [("O", 0, ["C1", "D1"])])) == 8
    assert public(arrange(3, buildings=shops + [("O", 0, ["C1", "D1"])], marketplace_multiplier=1)) == 4
    shops = [("J-O4", 1, ["A1", "B1", "A2", "B2"]), ("F", 1, ["D1"])]
    assert public(arrange(3, buildings=shops + [("K", 0, ["C1"])])) == 4


def test_example_17_distinct_buildings():
    apartment = ("D", 1, ["B2", "C2", "B3", "C3"])
    assert public(arrange(3, buildings=[apartment, ("P", 0, ["D2", "D3"])])) == 1
    assert public(arrange(3, buildings=[apartment, ("P", 0, ["D2", "D3"]), ("F", 2, ["E2"])])) == 2


def test_example_18_empty_lots():
    s = arrange(3, lots={0: ["A1", "B1", "C1"]}, year=3)
    assert s.year_scores()[0].empty_lots == 3


def test_example_19_starting_coins():
    assert m.new_game(4).coins == (5, 6, 7, 8)
    assert m.new_game(3).coins == (5, 6, 7)
    assert m.new_game(2).coins == (5, 6)
    assert m.new_game(4, first_player=2).coins == (7, 8, 5, 6)
    assert starting_coins(4, 2) == (7, 8, 5, 6)


@pytest.mark.parametrize("players, piles, left", [(4, (19, 19, 19), 13), (3, (16, 15, 15), 10), (2, (13, 12, 12), 7)])
def test_example_20_deal_and_piles(players, piles, left):
    s = m.new_game(players, seed=5)
    for seat in range(players):
        assert len(s.deeds(seat)) == 6 and len(s.lots(seat)) == 6 and s.markers(seat) == 2
    assert len(s.deed_board) == 6
    assert (s.pile_size(1) + 6, s.pile_size(2), s.pile_size(3)) == piles
    assert s.pile_size(1) == left


def test_example_21_end_of_a_year():
    s = arrange(4, lots={2: ["A1"]}, board=["I9"], pile=0, turn=2, token=0, coins=[5, 6, 20, 8])
    s = s.play(m.Buy("I9"))
    assert s.first_player == 3 and s.final_turns
    order = []
    while s.year == 1:
        order.append(s.current_player)
        assert s.check(m.Buy("A9")).rule == "metropolis.buy.not-for-sale"
        s = s.play(m.Income())
    assert order == [3, 0, 1, 2]
    assert s.year == 2 and s.current_player == 3 and len(s.deed_board) == 6


def test_example_22_not_enough_markers():
    s = arrange(3, buildings=[("B", 0, ["C5", "D5"]), ("B", 0, ["C6", "D6"])], lots={0: ["E5"]}, markers={0: 0})
    assert refused(s, m.Build("C-L3", ("D5", "E5", "D6"))) == "metropolis.build.no-markers"


def test_example_23_buying_refused_or_allowed():
    c = BOARD6
    s = arrange(3, lots={0: ["A1"]}, markers={0: 0}, board=c, coins=[20, 6, 7])
    assert refused(s, m.Buy("A7")) == "metropolis.buy.no-marker"
    s = arrange(3, lots={0: ["A1"]}, markers={0: 1}, board=c, coins=[5, 6, 7])
    assert refused(s, m.Buy("D7")) == "metropolis.buy.no-money"
    after = s.play(m.Buy("C7"))
    assert after.coins[0] == 1 and after.markers(0) == 0
    assert after.deed_board[:5] == ("A7", "B7", "D7", "E7", "F7") and after.price("D7") == 4
    s = arrange(3, lots={0: ["A1"]}, markers={0: 0}, board=c, coins=[0, 6, 7])
    assert refused(s, m.Buy("F7")) == "metropolis.buy.no-marker"


def test_example_24_building_refused():
    s = arrange(3, lots={0: ["B2", "C3"]})
    assert refused(s, m.Build("B", ("B2", "C3"))) == "metropolis.build.shape"
    s = arrange(3, lots={0: ["B2"], 1: ["C2"]})
    assert refused(s, m.Build("B", ("B2", "C2"))) == "metropolis.build.not-owned"
    s = arrange(3, lots={0: ["B2"]})
    assert refused(s, m.Build("B", ("B2", "C2"))) == "metropolis.build.not-owned"
    s = arrange(3, buildings=[("A", 0, ["A1"]), ("A", 0, ["C1"])], lots={0: ["B2"]})
    assert refused(s, m.Build("A", ("B2",))) == "metropolis.build.no-tile"
    s = arrange(3, buildings=[("C-I3", 0, ["A1", "B1", "C1"])], lots={0: ["B5", "C5", "D5", "C6"]})
    assert refused(s, m.Build("C-I3", ("B5", "C5", "D5"))) == "metropolis.build.no-tile"
    assert refused(s, m.Build("C-L3", ("B5", "C5", "D5"))) == "metropolis.build.shape"
    assert s.check(m.Build("C-L3", ("C5", "D5", "C6"))) is None


def test_example_25_footprints_in_a_2x2_block():
    s = arrange(3, lots={0: ["B2", "C2", "B3", "C3"]})
    counts = {tile: len(s.legal_builds(tile)) for tile in m.TILES}
    for tile in ("A", "F", "K", "L", "M", "N"):
        assert counts[tile] == 4
    for tile in ("B", "G", "O", "P", "Q", "R"):
        assert counts[tile] == 4
    assert counts["C-L3"] == counts["H"] == 4
    assert counts["C-I3"] == counts["I"] == counts["E"] == counts["J-I4"] == 0
    assert counts["D"] == counts["J-O4"] == 1


# Example 26 needs every other deed of the 2-player board bought: the two seats' buildings fill it.
FULL_CITY = [
    ("E", 0, ["A1", "B1", "C1", "D1"]), ("C-I3", 0, ["E1", "F1", "G1"]),
    ("J-I4", 0, ["A2", "B2", "C2", "D2"]), ("I", 0, ["E2", "F2", "G2"]),
    ("E", 1, ["A3", "B3", "C3", "D3"]), ("C-I3", 1, ["E3", "F3", "G3"]),
    ("J-I4", 1, ["A4", "B4", "C4", "D4"]), ("I", 1, ["E4", "F4", "G4"]),
    ("D", 0, ["A5", "B5", "A6", "B6"]), ("J-O4", 1, ["C5", "D5", "C6", "D6"]), ("H", 0, ["E5", "E6", "F6"]),
    ("B", 0, ["F5", "G5"]), ("B", 1, ["A7", "B7"]), ("G", 1, ["C7", "D7"]),
]


def test_example_26_end_of_year_3():
    s = arrange(2, buildings=FULL_CITY, lots={0: ["G6"], 1: ["E7"]}, board=["F7", "G7"], pile=0, year=3, turn=1,
                token=0, coins=[10, 10])
    assert s.prices == (2, 3)
    s = s.play(m.Buy("G7"))
    assert s.coins[1] == 7 and s.deed_board == ("F7",)
    s = s.play(m.Buy("F7"))
    assert s.coins[0] == 8 and s.first_player == 1 and s.current_player == 1
    assert refused(s, m.Buy("F7")) == "metropolis.buy.not-for-sale"
    s = s.play(m.Income())
    assert s.current_player == 0
    s = s.play(m.Income())
    assert s.is_over and s.legal_moves() == []
    assert s.events[-1].kind == "metropolis.game.end" and s.winners()


def test_scoring_note_says_what_winners_decides():
    assert m.SCORING_NOTE == "The most prestige wins; a tie goes to the most coins left, then is shared."
    city = {"buildings": FULL_CITY, "lots": {0: ["G6", "F7"], 1: ["E7", "G7"]}, "year": 3, "over": True}
    assert arrange(2, **city, prestige=[30, 29], coins=[4, 9]).winners() == (0,)  # the most prestige
    assert arrange(2, **city, prestige=[30, 30], coins=[4, 9]).winners() == (1,)  # tied: the most coins left
    assert arrange(2, **city, prestige=[30, 30], coins=[9, 9]).winners() == (0, 1)  # tied on coins too: shared


def test_example_27_a_whole_years_scoring():
    buildings = [("E", 0, ["A1", "B1", "C1", "D1"]), ("R", 0, ["A2", "B2"]), ("G", 0, ["C2", "D2"]),
                 ("B", 1, ["A5", "B5"]), ("A", 1, ["D5"]), ("L", 1, ["C3"]), ("F", 1, ["E3"]),
                 ("K", 2, ["E2"])]
    lots = {0: ["F8", "H8"], 2: ["H1"]}
    lines = {year: arrange(3, buildings=buildings, lots=lots, year=year).year_scores()
             for year in (1, 2, 3)}
    x, y, z = lines[3]
    assert [p.points for p in x.public_lines] == [6] and y.public == 1 and z.public == 2
    assert (x.residential, x.public, x.commercial, x.empty_lots, x.total) == (16, 6, 3, 2, 27)
    assert (y.total, z.total) == (8, 3)
    assert (x.coins, y.coins, z.coins) == (0, 0, 0)
    x, y, z = lines[2]
    assert (x.total, x.coins, y.total, y.coins, z.total, z.coins) == (21, 1, 7, 1, 2, 0)
    assert [sc.total for sc in lines[1]] == [18, 7, 2]


def test_example_28_tie_break():
    assert leaders([61, 61, 55], [14, 9, 30]) == (0,)
    assert leaders([61, 61, 55], [14, 14, 30]) == (0, 1)


def test_example_29_deed_draft_3_players():
    s = m.new_game(3, seed=3, deed_draft=True)
    hands = [s.hand(seat) for seat in range(3)]
    assert refused(s, m.Buy(s.deed_board[0] if s.deed_board else "A1")) == "metropolis.draft.pick"
    assert refused(s, m.Pick(hands[1][0])) == "metropolis.draft.pick"
    for seat in range(3):
        assert s.current_player == seat
        s = s.play(m.Pick(s.hand(seat)[0]))
    assert s.round == 2 and set(s.hand(1)) == set(hands[0][1:]) and set(s.hand(0)) == set(hands[2][1:])
    while s.drafting and len(s.hand(s.current_player)) > 1:
        s = s.play(m.Pick(s.hand(s.current_player)[0]))
    assert not s.drafting
    last = [e for e in s.events if e.kind == "metropolis.draft.pick" and "last card" in e.text]
    assert last[0].seat == 0 and last[0].data["cell"] == hands[1][-1]
    for seat in range(3):
        assert len(s.deeds(seat)) == 6 and s.markers(seat) == 2
    assert (s.pile_size(1) + 6, s.pile_size(2), s.pile_size(3)) == (16, 15, 15)


def test_example_30_income_as_the_only_move():
    s = arrange(3, buildings=[("J-O4", 0, ["A1", "B1", "A2", "B2"])], final_turns=2, coins=[0, 6, 7])
    assert s.legal_moves() == [m.Income()]
    assert s.play(m.Income()).coins[0] == 8
