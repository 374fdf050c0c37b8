"""The worked examples of section 6 of ``docs/rules/medici.md``, one test each.

Positions are built by playing moves on fixed decks (``new_game(..., decks=[...])``); scoring examples
also call the pure scoring functions, and read the day end back from the events a game produced.
"""

from __future__ import annotations

from support.medici_play import (
    auction,
    bonuses,
    cards,
    day_events,
    day_income,
    game,
    kinds,
    majorities,
    refused,
    reveal,
    sell,
    value_ranks,
)

from boardgames import Match, medici

A, B, C, D, E, F = range(6)
TABLE_3 = (30, 15, 0)
TABLE_4 = (30, 20, 10, 0)
TABLE_5 = (30, 20, 10, 5, 0)
TABLE_6 = (30, 20, 15, 10, 5, 0)


# ---------------------------------------------------------------------------------------------- helpers


# ---------------------------------------------------------------------------------------------- examples


def test_medici_example_1():
    """Who may bid: only players whose ship can take the whole lot bid; the others pass automatically,
    and a full player is skipped for the rest of the day."""
    deck = [str(c) for c in medici.DECK[:24]]
    m = game(["Adam", "Barbara", "Charles", "Diana"], deck, first_player=B)
    sell(m, 3, B)  # Barbara's turn
    sell(m, 3, C)  # Charles
    sell(m, 2, D)  # Diana
    sell(m, 2, A)  # Adam
    sell(m, 1, C)  # Barbara's turn again: Charles buys one more card
    sell(m, 1, None)  # Charles: nobody bids
    sell(m, 1, None)  # Diana: nobody bids
    s = m.state
    assert [len(s.cargo(seat)) for seat in range(4)] == [2, 3, 4, 2]
    assert s.current_player == A and s.auctioneer == A

    # Adam reveals 3 cards: the largest free space is max(3, 2, 1, 3) = 3.
    assert [s.free_space(seat) for seat in range(4)] == [3, 2, 1, 3]
    assert s.max_lot_size == 3
    mark = len(m.events())
    s = reveal(m, 3)
    assert set(s.bidders()) == {A, D}
    assert s.bidders() == (D, A)  # Diana bids first, the auctioneer last

    s = auction(m, 3)
    auto = kinds(m.events()[mark:], "medici.bid.auto-pass")
    assert [e.seat for e in auto] == [B, C]  # Barbara (3 + 3 > 5) and Charles (4 + 3 > 5)
    assert s.current_player == D
    diana_before = s.money[D]
    s = m.play(medici.Bid(7))
    assert s.current_player == A
    s = m.play(medici.Pass())
    assert s.money[D] == diana_before - 7
    assert len(s.cargo(D)) == 5 and s.is_full(D)

    # Barbara is the next auctioneer; free spaces are Adam 3, Barbara 2, Charles 1, Diana 0.
    assert s.current_player == B
    assert [s.free_space(seat) for seat in range(4)] == [3, 2, 1, 0]
    assert s.max_lot_size == 3
    mark = len(m.events())
    s = reveal(m, 3)
    assert s.bidders() == (A,)
    s = auction(m, 3)
    assert s.current_player == A
    assert s.min_winning_bid == 1
    assert medici.Bid(1) in s.legal_moves()
    assert D not in [e.seat for e in m.events()[mark:]]  # a full player is skipped silently, not asked


def test_medici_example_2():
    """Ships tied at the top share the sum of the places they occupy: (30 + 20) / 2 = 25 each."""
    assert medici.value_rank_income([[18], [18], [12], [7]]) == (25, 25, 10, 0)
    assert medici.shares_by_place([18, 18, 12, 7], TABLE_4) == (25, 25, 10, 0)

    m = game(4, ["gold:10", "cloth:5", "fur:3", "grain:5", "dye:5", "spice:5", "fur:5", "fur:4", "spice:3",
                 "dye:4", "grain:3", "fur:2", "cloth:1"])
    sell(m, 3, A)
    sell(m, 3, B)
    sell(m, 3, C)
    sell(m, 2, D)
    sell(m, 2, B)
    assert m.state.day == 2
    assert value_ranks(day_events(m, 1)) == {A: ([18], 25), B: ([18], 25), C: ([12], 10), D: ([7], 0)}


def test_medici_example_3():
    """Three ships tied for 2nd to 4th share (20 + 10 + 5) / 3 = 11.67, rounded down to 11 each."""
    assert medici.value_rank_income([[20], [15], [15], [15], [3]]) == (30, 11, 11, 11, 0)
    assert medici.shares_by_place([20, 15, 15, 15, 3], TABLE_5) == (30, 11, 11, 11, 0)

    m = game(5, ["gold:10", "cloth:5", "fur:5", "grain:5", "dye:5", "spice:5", "cloth:5", "fur:5", "grain:5",
                 "dye:5", "spice:5", "cloth:4", "fur:1", "grain:3"])
    sell(m, 3, A)
    sell(m, 3, B)
    sell(m, 3, C)
    sell(m, 2, D)
    sell(m, 2, D)
    sell(m, 1, E)
    assert m.state.day == 2
    assert value_ranks(day_events(m, 1)) == {
        A: ([20], 30), B: ([15], 11), C: ([15], 11), D: ([15], 11), E: ([3], 0)
    }


def test_medici_example_4():
    """Three players all tied share (30 + 15 + 0) / 3 = 15 each."""
    assert medici.value_rank_income([[10], [10], [10]]) == (15, 15, 15)
    assert medici.shares_by_place([10, 10, 10], TABLE_3) == (15, 15, 15)

    m = game(3, ["gold:10", "cloth:5", "fur:5", "grain:5", "dye:5"])
    sell(m, 1, A)
    sell(m, 2, B)
    sell(m, 2, C)
    assert m.state.day == 2
    assert value_ranks(day_events(m, 1)) == {A: ([10], 15), B: ([10], 15), C: ([10], 15)}


def test_medici_example_5():
    """Two separate ties: B and C share 2nd and 3rd ((20 + 15) / 2 = 17), D, E, F share 4th to 6th
    ((10 + 5 + 0) / 3 = 5)."""
    assert medici.value_rank_income([[25], [20], [20], [9], [9], [9]]) == (30, 17, 17, 5, 5, 5)
    assert medici.shares_by_place([25, 20, 20, 9, 9, 9], TABLE_6) == (30, 17, 17, 5, 5, 5)

    m = game(6, ["gold:10", "cloth:5", "fur:5", "grain:5", "cloth:5", "fur:5", "dye:5", "spice:5",
                 "grain:5", "dye:5", "spice:5", "cloth:4", "fur:1", "cloth:3", "fur:4", "grain:2",
                 "dye:4", "spice:4", "grain:1", "spice:3", "dye:3", "grain:3"])
    sell(m, 2, A)
    sell(m, 2, A)
    sell(m, 2, B)
    sell(m, 2, B)
    sell(m, 3, C)
    sell(m, 2, C)
    sell(m, 3, D)
    sell(m, 3, E)
    sell(m, 3, F)
    assert m.state.day == 2
    assert value_ranks(day_events(m, 1)) == {
        A: ([25], 30), B: ([20], 17), C: ([20], 17), D: ([9], 5), E: ([9], 5), F: ([9], 5)
    }


def test_medici_example_6():
    """Two markers tied for highest share 10 + 5 (7 each) and nobody is second; level 0 earns nothing."""
    assert medici.majority_income([3, 3, 1, 0]) == (7, 7, 0, 0)

    m = game(4, ["cloth:0", "cloth:1", "cloth:2", "cloth:3", "cloth:4", "cloth:5", "cloth:5"])
    sell(m, 3, A)
    sell(m, 3, B)
    sell(m, 1, C)
    s = m.state
    assert s.track("cloth") == (3, 3, 1, 0)
    events = day_events(m, 1)
    assert {k: v for k, v in majorities(events).items() if k[0] == "cloth"} == {("cloth", A): 7, ("cloth", B): 7}
    assert bonuses(events) == {}


def test_medici_example_7():
    """Highest marker on level 7 earns 10 + 20 = 30; two tied for second share 5 (2 each) plus their
    level-5 bonus of 5: 7 each; the fourth marker earns nothing."""
    assert medici.majority_income([7, 5, 5, 2]) == (10, 2, 2, 0)
    assert [medici.top_bonus(level) for level in (7, 5, 5, 2)] == [20, 5, 5, 0]
    assert [m + medici.top_bonus(lv) for m, lv in zip(medici.majority_income([7, 5, 5, 2]), (7, 5, 5, 2))] == [
        30, 7, 7, 0
    ]

    cloth = ["cloth:0", "cloth:1", "cloth:2", "cloth:3", "cloth:4", "cloth:5", "cloth:5"]
    m = game(4, cloth, cloth, cloth)
    for size, winner in [(3, A), (2, B), (2, C)]:  # day 1: A 3, B 2, C 2
        sell(m, size, winner)
    for size, winner in [(2, A), (2, B), (2, C), (1, D)]:  # day 2: A 5, B 4, C 4, D 1
        sell(m, size, winner)
    for size, winner in [(2, A), (1, B), (1, C), (1, D), (2, None)]:  # day 3: A 7, B 5, C 5, D 2
        sell(m, size, winner)
    s = m.state
    assert s.is_over
    assert s.track("cloth") == (7, 5, 5, 2)
    events = day_events(m, 3)
    assert majorities(events) == {("cloth", A): 10, ("cloth", B): 2, ("cloth", C): 2}
    assert bonuses(events) == {("cloth", A): 20, ("cloth", B): 5, ("cloth", C): 5}
    goods = [majorities(events).get(("cloth", seat), 0) + bonuses(events).get(("cloth", seat), 0) for seat in range(4)]
    assert goods == [30, 7, 7, 0]


EXAMPLE_8_SHIPS = [
    ["cloth:5", "cloth:4", "fur:5", "gold:10", "grain:0"],
    ["cloth:3", "dye:5", "dye:4", "dye:2", "spice:1"],
    ["fur:3", "fur:1", "grain:5", "spice:5", "spice:0"],
]
EXAMPLE_8_BEFORE = ((3, 0, 0, 0, 0), (2, 0, 0, 1, 0), (0, 2, 0, 0, 3))
EXAMPLE_8_AFTER = ((5, 1, 1, 0, 0), (3, 0, 0, 4, 1), (0, 4, 1, 0, 5))
EXAMPLE_8_MAJORITY = {
    ("cloth", A): 10, ("cloth", B): 5,
    ("fur", C): 10, ("fur", A): 5,
    ("grain", A): 7, ("grain", C): 7,
    ("dye", B): 10,
    ("spice", C): 10, ("spice", B): 5,
}
EXAMPLE_8_BONUS = {("cloth", A): 5, ("spice", C): 5}


def example_8_match(**flags) -> Match:
    """Day 1 moves the markers to the levels of example 8; day 2 loads the example's ships."""
    day1 = ["cloth:0", "cloth:1", "cloth:2", "cloth:3", "cloth:4", "dye:0", "fur:0", "fur:1", "spice:2",
            "spice:3", "spice:4"]
    day2 = ["cloth:5", "cloth:4", "fur:5", "cloth:3", "dye:5", "dye:4", "fur:3", "fur:1", "grain:5",
            "gold:10", "grain:0", "dye:2", "spice:1", "spice:5", "spice:0"]
    m = game(3, day1, day2, **flags)
    for size, winner in [(3, A), (3, B), (3, C), (2, C)]:
        sell(m, size, winner)
    s = m.state
    assert s.day == 2 and s.levels == EXAMPLE_8_BEFORE
    sell(m, 3, A)
    sell(m, 3, B)
    sell(m, 3, C)
    sell(m, 2, A)
    before = m.state.money
    events = sell(m, 2, B)  # A and B are now full: C takes spice:5, spice:0 free of charge
    assert kinds(events, "medici.day.free-fill")[0].data["cards"] == ["spice:5", "spice:0"]
    assert kinds(events, "medici.day.end-full")
    after = m.state
    assert after.day == 3
    paid = [0, 1, 0]
    assert list(after.money) == [b - p + x for b, p, x in zip(before, paid, after.incomes[1])]
    return m


def test_medici_example_8():
    """A full day end, 3 players: value income 30 / 15 / 0, markers move, goods majorities and
    bonuses; day income A 57, B 35, C 32 (A 59, B 35, C 34 with start_space_scores)."""
    ships = [[cards(*ship)] for ship in EXAMPLE_8_SHIPS]
    assert [medici.ship_value(seat[0]) for seat in ships] == [24, 15, 14]
    assert medici.value_rank_income([[24], [15], [14]]) == (30, 15, 0)
    assert [medici.moved_levels(lv, seat[0]) for lv, seat in zip(EXAMPLE_8_BEFORE, ships)] == list(EXAMPLE_8_AFTER)
    assert medici.majority_income([5, 3, 0]) == (10, 5, 0)  # cloth
    assert medici.majority_income([1, 0, 4]) == (5, 0, 10)  # fur
    assert medici.majority_income([1, 0, 1]) == (7, 0, 7)  # grain
    assert medici.majority_income([0, 4, 0]) == (0, 10, 0)  # dye
    assert medici.majority_income([0, 1, 5]) == (0, 5, 10)  # spice
    assert medici.majority_income([0, 4, 0], start_space_scores=True) == (2, 10, 2)
    assert medici.top_bonus(5) == 5

    accounts = medici.day_end(ships, EXAMPLE_8_BEFORE)
    assert accounts.ship_values == ((24,), (15,), (14,))
    assert accounts.value_income == (30, 15, 0)
    assert accounts.levels_after == EXAMPLE_8_AFTER
    assert accounts.goods_income == (27, 20, 32)
    assert accounts.total == (57, 35, 32)
    assert medici.day_end(ships, EXAMPLE_8_BEFORE, start_space_scores=True).total == (59, 35, 34)

    m = example_8_match()
    events = day_events(m, 2)
    assert value_ranks(events) == {A: ([24], 30), B: ([15], 15), C: ([14], 0)}
    moved = kinds(events, "medici.score.goods-move")
    moves = {e.seat: (tuple(e.data["before"]), tuple(e.data["after"])) for e in moved}
    assert moves == {seat: (EXAMPLE_8_BEFORE[seat], EXAMPLE_8_AFTER[seat]) for seat in (A, B, C)}
    assert m.state.levels == EXAMPLE_8_AFTER
    assert majorities(events) == EXAMPLE_8_MAJORITY
    assert bonuses(events) == EXAMPLE_8_BONUS
    assert day_income(events) == [57, 35, 32]
    assert m.state.incomes[1] == (57, 35, 32)

    # With start_space_scores, dye's second place is shared by A and C at level 0: 5 / 2 = 2 each.
    m = example_8_match(start_space_scores=True)
    events = day_events(m, 2)
    assert value_ranks(events) == {A: ([24], 30), B: ([15], 15), C: ([14], 0)}
    assert majorities(events) == {**EXAMPLE_8_MAJORITY, ("dye", A): 2, ("dye", C): 2}
    assert bonuses(events) == EXAMPLE_8_BONUS
    assert day_income(events) == [59, 35, 34]
    assert m.state.incomes[1] == (59, 35, 34)


def test_medici_example_9():
    """When all players but one are full, the last takes cards from the deck free of charge until
    full or the deck is empty; then the day ends."""
    specs = [str(c) for c in medici.DECK]
    lots = [(3, A), (3, B), (3, C), (2, D), (2, A), (2, B), (2, C)]  # 17 cards: ships [5, 5, 5, 2]

    m = game(4, specs[:21])
    for size, winner in lots[:-1]:
        sell(m, size, winner)
    assert m.state.deck_size + len(m.state.lot) == 6  # the last lot of 2, then 4 cards remain
    events = sell(m, *lots[-1])
    (fill,) = kinds(events, "medici.day.free-fill")
    assert fill.seat == D
    assert fill.data["cards"] == specs[17:20]  # 3 cards; specs[20] stays in the deck
    assert kinds(events, "medici.day.end-full")
    d_ship = cards(*specs[9:11], *specs[17:20])
    assert len(d_ship) == 5
    assert value_ranks(events)[D][0] == [medici.ship_value(d_ship)]
    assert m.state.day == 2

    m = game(4, specs[:18])  # only 1 card left after the last auction
    for size, winner in lots[:-1]:
        sell(m, size, winner)
    events = sell(m, *lots[-1])
    (fill,) = kinds(events, "medici.day.free-fill")
    assert fill.seat == D and fill.data["cards"] == [specs[17]]  # D's ship count 3
    assert value_ranks(events)[D][0] == [medici.ship_value(cards(*specs[9:11], specs[17]))]
    assert m.state.day == 2


def test_medici_example_10():
    """The reveal limit is the largest free space of any ship: [5, 5, 4, 3] allows 2 cards,
    [5, 5, 4, 4] allows 1."""
    m = game(4, [str(c) for c in medici.DECK[:24]])
    for size, winner in [(3, A), (3, B), (3, C), (3, D), (2, A), (2, B), (1, C)]:
        sell(m, size, winner)
    s = m.state
    assert [len(s.cargo(seat)) for seat in range(4)] == [5, 5, 4, 3]
    assert s.auctioneer == D  # A and B are skipped
    assert s.max_lot_size == 2
    two = reveal(Match(s), 2)
    refused(two, medici.Draw(), "medici.reveal.no-buyer")

    sell(m, 1, D)
    s = m.state
    assert [len(s.cargo(seat)) for seat in range(4)] == [5, 5, 4, 4]
    assert s.auctioneer == C  # A and B are skipped
    assert s.max_lot_size == 1
    refused(reveal(Match(s), 1), medici.Draw(), "medici.reveal.no-buyer")


def test_medici_example_11():
    """The top bonus is paid at every day end for the level the marker stands on, and is not
    cumulative: level 6 on two day ends earns 10 + 10; a move from 4 to 7 earns 20, not 35."""
    assert medici.top_bonus(6) == 10
    assert medici.top_bonus(7) == 20
    # goods order is cloth, fur, grain, dye, spice: A's grain marker stands on level 3
    day2 = medici.day_end([[cards("grain:3", "grain:4", "grain:5")], [[]], [[]]],
                          [(0, 0, 3, 0, 0), (0,) * 5, (0,) * 5])
    assert day2.levels_after[A][2] == 6 and day2.bonus[2][A] == 10
    day3 = medici.day_end([[[]], [cards("cloth:1")], [[]]], [day2.levels_after[A], (0,) * 5, (0,) * 5])
    assert day3.levels_after[A][2] == 6 and day3.bonus[2][A] == 10
    jump = medici.day_end([[cards("grain:3", "grain:4", "grain:5")], [[]], [[]]],
                          [(0, 0, 4, 0, 0), (0,) * 5, (0,) * 5])
    assert jump.levels_after[A][2] == 7 and jump.bonus[2][A] == 20

    m = game(3, ["grain:0", "grain:1", "grain:2"], ["grain:3", "grain:4", "grain:5"], ["cloth:1"])
    sell(m, 3, A)
    sell(m, 3, A)
    sell(m, 1, B)
    assert m.state.is_over
    assert bonuses(day_events(m, 1)) == {}
    assert bonuses(day_events(m, 2)) == {("grain", A): 10}
    assert bonuses(day_events(m, 3)) == {("grain", A): 10}
    assert m.state.track("grain")[A] == 6
    assert sum(sum(bonuses(day_events(m, day)).values()) for day in (1, 2, 3)) == 20

    m = game(3, ["grain:0", "grain:1", "grain:2", "grain:3"], ["grain:4", "grain:5", "grain:5"], ["cloth:1"])
    sell(m, 3, A)
    sell(m, 1, A)
    assert m.state.track("grain")[A] == 4
    sell(m, 3, A)
    assert m.state.track("grain")[A] == 7
    assert bonuses(day_events(m, 2)) == {("grain", A): 20}


def test_medici_example_12():
    """Two players: the four ships are ranked on the 4-player column and each player receives the sum
    for their two ships: A (20 and 8) 30 + 5 = 35, B (15 and 8) 20 + 5 = 25."""
    assert medici.value_rank_income([[20, 8], [15, 8]]) == (35, 25)
    assert medici.shares_by_place([20, 8, 15, 8], TABLE_4) == (30, 5, 20, 5)

    m = game(2, ["gold:10", "cloth:5", "fur:5", "grain:5", "grain:5", "dye:5", "cloth:4", "fur:4", "spice:5",
                 "spice:3"])
    sell(m, 3, A, ship=0)
    sell(m, 3, B, ship=0)
    sell(m, 2, A, ship=1)
    before = m.state.money
    events = sell(m, 2, B, ship=1)
    s = m.state
    assert s.day == 2
    assert value_ranks(events) == {A: ([20, 8], 35), B: ([15, 8], 25)}
    # goods: A is alone on cloth and fur, B on grain, dye and spice (10 each)
    assert majorities(events) == {("cloth", A): 10, ("fur", A): 10, ("grain", B): 10, ("dye", B): 10,
                                  ("spice", B): 10}
    accounts = medici.day_end(
        [[cards("gold:10", "cloth:5", "fur:5"), cards("cloth:4", "fur:4")],
         [cards("grain:5", "grain:5", "dye:5"), cards("spice:5", "spice:3")]],
        [(0,) * 5, (0,) * 5],
    )
    assert accounts.value_income == (35, 25)
    assert accounts.total == (55, 55)
    assert day_income(events) == [55, 55]
    assert s.incomes == ((55, 55),)
    assert s.money == (before[A] + 55, before[B] - 1 + 55)


def test_medici_example_13():
    """Two players: the reveal limit is the largest free space of any single ship; a lot goes whole
    onto a ship with room for it; goods on both ships move the markers."""
    m = game(2, [str(c) for c in medici.DECK[:18]])
    sell(m, 3, A, ship=0)  # A [3, 0]
    sell(m, 3, B, ship=0)  # B [3, 0]
    sell(m, 1, A, ship=1)  # A [3, 1]
    sell(m, 2, B, ship=0)  # B [5, 0]
    sell(m, 3, A)  # A [3, 4]: only ship 1 has room for 3
    sell(m, 2, B)  # B [5, 2]: only ship 1 has room
    s = m.state
    assert [len(ship) for ship in s.ships(A)] == [3, 4]
    assert [len(ship) for ship in s.ships(B)] == [5, 2]
    assert s.current_player == A
    assert s.max_lot_size == 3

    branch = Match(s)
    assert reveal(branch, 3).bidders() == (B,)
    assert auction(branch, 3).current_player == B
    three = branch.play(medici.Bid(1))
    assert [e.seat for e in kinds(three.events, "medici.bid.auto-pass")] == [A]  # no ship of A's holds 3 more
    assert [e.data["ship"] for e in kinds(three.events, "medici.ship.choose")] == [1]

    branch = Match(s)
    assert reveal(branch, 2).bidders() == (B, A)
    two = auction(branch, 2).play(medici.Pass())
    assert two.current_player == A
    two = two.play(medici.Bid(1))
    assert two.step == "reveal"  # no choice: only the first ship has room for 2
    assert [len(ship) for ship in two.ships(A)] == [5, 4]
    assert two.ships(A)[0][3:] == (s.lot + s.deck)[:2]

    cargo = cards("fur:2", "fur:0", "spice:4", "cloth:1", "grain:3", "fur:5", "dye:1", "dye:3", "dye:4", "gold:10")
    assert medici.moved_levels((0,) * 5, cargo) == (1, 3, 1, 3, 1)  # cloth, fur, grain, dye, spice

    m = game(2, ["fur:2", "fur:0", "spice:4", "fur:5", "dye:1", "dye:3", "cloth:1", "grain:3", "dye:4", "gold:10"])
    sell(m, 3, A, ship=0)
    sell(m, 3, A)  # onto ship 1
    sell(m, 2, A, ship=0)
    events = sell(m, 2, A)  # onto ship 1
    assert value_ranks(events)[A][0] == [10, 23]
    (move,) = [e for e in kinds(events, "medici.score.goods-move") if e.seat == A]
    assert move.data["before"] == [0, 0, 0, 0, 0]
    assert move.data["after"] == [1, 3, 1, 3, 1]
    assert m.state.levels[A] == (1, 3, 1, 3, 1)


def test_medici_example_14():
    """Nobody able to pay: B and C have room but no money, so both pass automatically, the lot is
    discarded face down for the day and C is the next auctioneer."""
    m = game(3, [str(c) for c in medici.DECK[:14]])
    sell(m, 3, B, price=40)  # A's turn
    sell(m, 1, C, price=40)  # B's turn
    sell(m, 3, A)  # C's turn
    sell(m, 2, A)  # A's turn: A is full
    s = m.state
    assert s.is_full(A) and not s.is_full(B) and not s.is_full(C)
    assert s.money[B] == 0 and s.money[C] == 0
    assert s.current_player == B

    mark = len(m.events())
    lot = reveal(m, 1).lot
    s = auction(m, 1)
    events = m.events()[mark:]
    assert [e.seat for e in kinds(events, "medici.bid.auto-pass")] == [C, B]
    (discard,) = kinds(events, "medici.auction.all-pass")
    assert discard.data["lot"] == [str(c) for c in lot]
    assert s.discard == lot
    assert s.money == (38, 0, 0)
    assert s.current_player == C and s.auctioneer == C
