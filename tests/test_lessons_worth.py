"""Lessons: the simulated rest of the day follows the engine, and the worth of a lot to a seat is right
on positions whose answer is known."""

import dataclasses
import random
from collections import Counter

import numpy as np
import pytest

from boardgames import medici
from boardgames.lessons.medici import (
    DayModel,
    determinized_decks,
    lot_worth,
    position,
    room_cost,
    simulate_day_ends,
    worth_by_seat,
)
from boardgames.medici import Auction, Bid, Draw, Pass, Stow, day_end
from boardgames.medici.records import AllPassed, AuctionWon, DayScored, named
from boardgames.medici.state import BIDDING, REVEAL, STOWING

MONEY = 60


def midday(players: int, seed: int) -> medici.State:
    """A real position: random play until about a third of the day's deck is gone, then a fresh lot."""
    rng = random.Random(seed)
    state = medici.new_game(players, seed=seed)
    start = len(state.deck)
    while len(state.deck) > start * 2 // 3 or state.step != BIDDING:
        state = state.play(rng.choice(state.legal_moves()))
    return dataclasses.replace(state, money=(MONEY,) * players)


POSITIONS = {
    "2 players": lambda: midday(2, 1),
    "3 players": lambda: midday(3, 2),
    "4 players": lambda: midday(4, 3),
    "6 players": lambda: midday(6, 4),
    "built": lambda: position(
        [["gold:10", "fur:5"], ["cloth:1", "dye:2", "dye:3"], []], ["spice:4", "grain:0"], deck=7,
        levels=[[3, 5, 0, 0, 1], [0, 6, 2, 0, 0], [7, 0, 0, 1, 0]], money=[MONEY] * 3, day=2,
    ),
    "2 players, free fill": lambda: position(
        [[["cloth:0", "cloth:1", "cloth:2", "cloth:3", "cloth:4"], ["fur:0", "fur:1", "fur:2", "fur:3"]],
         [["grain:0", "grain:1", "grain:2"], ["dye:0", "dye:1"]]], ["spice:5"], deck=12, money=[MONEY] * 2,
    ),
    "start space scores": lambda: position(
        [["spice:5"], ["cloth:1", "dye:2"], [], ["fur:4", "fur:3", "grain:5", "gold:10"]], ["dye:0"], deck=14,
        levels=[[0, 1, 0, 0, 0], [0, 0, 0, 0, 2], [0, 0, 0, 0, 0], [1, 1, 0, 0, 0]], money=[MONEY] * 4,
        start_space_scores=True,
    ),
}


def lot_targets(state):
    """Every way the lot on the table can end: discarded, or on each ship that can hold it."""
    k = state.table.ships_per_seat
    return [None] + [
        (seat, ship) for seat in range(state.players) for ship in range(k)
        if len(state.loads[seat][ship]) + len(state.lot) <= medici.rules.HOLDS
    ]


@pytest.mark.parametrize("name", POSITIONS)
def test_the_income_of_every_simulated_day_end_is_the_engines(name):
    state = POSITIONS[name]()
    decks = determinized_decks(state, state.current_player, 150, seed=1)
    for lot_to in lot_targets(state):
        sims = simulate_day_ends(state, decks, lot_to=lot_to, seed=2)
        for i in range(sims.samples):
            accounts = day_end(sims.cargo(i), state.levels, state.table.start_space_scores)
            assert accounts.total == tuple(sims.income[i])
            assert accounts.value_income == tuple(sims.rank_income[i])
            assert accounts.levels_after == tuple(map(tuple, sims.levels[i]))


def replay(state, sims, i):
    """Play sample ``i`` through the engine: the lot on the table goes where the simulation sent it,
    then every simulated lot is revealed and auctioned, its winner bidding 1 and everyone else passing.
    Returns the engine's day-end accounts."""
    deck = sims.decks[i]
    rest = Counter(state.deck + state.aside)
    rest.subtract(deck)
    s = dataclasses.replace(state, deck=deck, aside=tuple(rest.elements()))
    k = s.table.ships_per_seat
    day = s.day

    def sell(s, seat, ship):
        """Finish the auction of the lot on the table: ``seat`` bids 1, everyone else passes."""
        while s.step == BIDDING:
            s = s.play(Bid(s.high_bid + 1) if s.bidder == seat else Pass())
            if any(isinstance(r, (AuctionWon, AllPassed)) for r in named(s.log)):
                break  # sold (or discarded): the next auction may already be open
        if s.step == STOWING:
            s = s.play(Stow(ship))
        return s

    target = sims.lot_to or (None, None)
    s = sell(s, *target)
    for size, ship in sims.lots(i):
        if s.day != day or s.is_over:
            break  # the rest are the free fill, which the engine does by itself
        while s.step == REVEAL and len(s.lot) < size:
            s = s.play(Draw())
        if s.step == REVEAL:
            s = s.play(Auction())
        assert len(s.lot) == size
        s = sell(s, ship // k, ship % k)
    assert s.day != day or s.is_over, "the engine's day did not end with the simulated lots"
    (accounts,) = [r.accounts for r in named(s.log) if isinstance(r, DayScored)]
    return accounts


@pytest.mark.parametrize("name", POSITIONS)
def test_every_simulated_day_is_a_legal_day_of_the_engine(name):
    """The lots the simulation sold, replayed move by move in the engine, end the day with the same ships."""
    state = POSITIONS[name]()
    decks = determinized_decks(state, state.current_player, 40, seed=3)
    for lot_to in lot_targets(state)[:3]:
        sims = simulate_day_ends(state, decks, lot_to=lot_to, model=DayModel((1, 2, 3)), seed=4)
        for i in range(sims.samples):
            accounts = replay(state, sims, i)
            assert accounts.total == tuple(sims.income[i])
            assert sum(accounts.ship_values, ()) == tuple(sims.ship_values[i])
            assert accounts.levels_after == tuple(map(tuple, sims.levels[i]))


def test_with_the_deck_empty_a_lot_is_worth_exactly_its_effect_on_the_engines_scores():
    ships = [["gold:10", "fur:5"], ["cloth:1", "dye:2", "dye:3"], ["spice:0"]]
    levels = [[3, 5, 0, 0, 1], [0, 6, 2, 0, 0], [7, 0, 0, 1, 0]]
    lot = ["spice:4", "grain:0"]
    state = position(ships, lot, deck=0, levels=levels, day=2)
    for seat in range(3):
        without = day_end(state.loads, state.levels).total[seat]
        loads = list(state.loads)
        loads[seat] = (state.loads[seat][0] + state.lot,)
        with_lot = day_end(loads, state.levels).total[seat]
        worth = lot_worth(state, seat, samples=50)
        assert worth.mean == with_lot - without and worth.stderr == 0
    # A lot of value 0 cannot change anybody's rank: it is worth exactly its effect on the tracks.
    state = position(ships, ["grain:0"], deck=0, levels=levels, day=2)
    for seat in range(3):
        loads = list(state.loads)
        loads[seat] = (state.loads[seat][0] + state.lot,)
        change = day_end(loads, state.levels).goods_income[seat] - day_end(state.loads, state.levels).goods_income[seat]
        worth = lot_worth(state, seat, samples=50)
        assert worth.mean == worth.tracks.mean == change
        assert worth.rank.mean == 0 and worth.rank.stderr == 0


LEADER = ["gold:10", "cloth:5", "fur:5", "grain:5"]  # 25 in four holds: out of reach of the others today


def test_a_lot_that_cannot_change_the_seats_rank_is_worth_its_effect_on_the_tracks():
    """Seat 0 is first whatever happens (the others can reach at most 10 and 15): in every sample its rank
    income is the same with and without the lot, so the lot's worth is all tracks."""
    state = position([LEADER, ["cloth:0", "fur:0", "grain:0"], ["dye:0", "spice:0"]], ["dye:5"], deck=6,
                     levels=[[1, 2, 0, 0, 3], [2, 0, 0, 1, 0], [0, 2, 0, 0, 4]], money=[MONEY] * 3)
    worth = lot_worth(state, 0, samples=500, seed=3)
    assert worth.rank.mean == 0 and worth.rank.stderr == 0
    assert worth.mean == worth.tracks.mean and worth.stderr == worth.tracks.stderr
    assert worth.mean != 0


def test_a_lot_that_changes_neither_rank_nor_tracks_is_worth_exactly_nothing():
    """Seat 0 leads the ship values beyond reach and stands on level 7 of every track, where nobody can
    catch it today: whatever the rest of the day brings, its income is the same."""
    state = position([LEADER, ["cloth:0", "fur:0", "grain:0"], ["dye:0", "spice:0"]], ["dye:5"], deck=6,
                     levels=[[7] * 5, [1] * 5, [0] * 5], money=[MONEY] * 3)
    worth = lot_worth(state, 0, samples=500, seed=4)
    assert (worth.mean, worth.stderr, worth.samples) == (0, 0, 500)


def test_a_lot_a_seat_cannot_hold_is_worth_nothing_to_it():
    state = position([["fur:1", "fur:2", "fur:3", "fur:4"], ["dye:1"], []], ["gold:10", "spice:5"], deck=5)
    worth = lot_worth(state, 0)
    assert worth.mean == 0 and worth.stderr == 0 and worth.ship is None
    assert lot_worth(state, 1, samples=300).mean > 0  # gold and a 5: worth having to a seat with room


def test_worth_is_reproducible_and_common_random_numbers_make_it_precise():
    state = POSITIONS["2 players"]()
    seat = state.current_player
    crn = lot_worth(state, seat, samples=2000, seed=9)
    assert crn == lot_worth(state, seat, samples=2000, seed=9)
    assert crn.profit(5).mean == crn.mean - 5 and crn.profit(5).stderr == crn.stderr
    # Independent futures with and without the lot (other decks, other coin flips) measure the same
    # difference less precisely than the same futures for both.
    base = simulate_day_ends(state, determinized_decks(state, seat, 2000, seed=1), seed=1).income[:, seat]
    won = simulate_day_ends(state, determinized_decks(state, seat, 2000, seed=2), lot_to=(seat, crn.ship),
                            seed=2).income[:, seat]
    independent = np.sqrt(np.var(base, ddof=1) / 2000 + np.var(won, ddof=1) / 2000)
    assert crn.stderr < 0.85 * independent
    assert abs((won.mean() - base.mean()) - crn.mean) < 4 * independent


def test_worth_by_seat_and_otherwise():
    state = POSITIONS["built"]()
    every = worth_by_seat(state, samples=300)
    assert [w.seat for w in every] == [0, 1, 2]
    assert every[1] == lot_worth(state, 1, samples=300)
    # Against a rival taking the lot instead of nobody, the worth grows by what the rival's win costs the seat.
    decks = determinized_decks(state, 1, 300, seed=0)
    discarded = simulate_day_ends(state, decks, seed=0).income[:, 1]
    to_rival = simulate_day_ends(state, decks, lot_to=(0, 0), seed=0).income[:, 1]
    rivalry = lot_worth(state, 1, samples=300, otherwise=0)
    assert rivalry.mean - every[1].mean == pytest.approx(np.mean(discarded - to_rival))
    with pytest.raises(ValueError):
        lot_worth(state, 1, otherwise=1)
    assert [w.seat for w in worth_by_seat(state, samples=50, otherwise=2)] == [0, 1]


def test_two_ships_the_lot_goes_on_the_better_one():
    """Two players: the winner chooses the ship, so the worth is that of the better choice."""
    state = position([[["gold:10", "fur:5", "dye:5"], ["cloth:0"]], [["spice:1"], []]], ["grain:5", "spice:5"],
                     deck=8, money=[MONEY] * 2)
    worth = lot_worth(state, 0, samples=400)
    decks = determinized_decks(state, 0, 400, seed=0)
    base = simulate_day_ends(state, decks, seed=0).income[:, 0]
    gains = [np.mean(simulate_day_ends(state, decks, lot_to=(0, s), seed=0).income[:, 0] - base) for s in (0, 1)]
    assert worth.ship == int(np.argmax(gains)) and worth.mean == pytest.approx(max(gains))


def test_room_has_an_opportunity_cost():
    """Filling a seat's empty holds with nothing costs it the cards it would have loaded later."""
    state = position([["fur:1"], ["cloth:1", "dye:2"], ["spice:0", "grain:1", "fur:0"]], ["gold:10"], deck=12,
                     money=[MONEY] * 3)
    one, four = room_cost(state, 0, 1, samples=1000), room_cost(state, 0, 4, samples=1000)
    assert one.low > 0 and four.mean > one.mean
    assert room_cost(state, 0, 0, samples=100).mean == 0
    with pytest.raises(ValueError):
        room_cost(state, 0, 5)


def test_position_refuses_impossible_positions():
    with pytest.raises(ValueError):
        position([["gold:10"], ["gold:10"], []], ["fur:1"])
    with pytest.raises(ValueError):
        position([["fur:1"] * 5, ["fur:2"] * 1, ["fur:3"]], ["dye:1"])  # fur:1 appears once in the deck
    with pytest.raises(ValueError):
        position([[], [], []], ["fur:1"], deck=40)
    with pytest.raises(ValueError):
        position([[], [], []], [])
    state = position([[], [], []], ["fur:1"], deck=["dye:1", "dye:2"])
    assert state.deck == (medici.card("dye:1"), medici.card("dye:2"))
    assert medici.consistency_problem(state) is None
