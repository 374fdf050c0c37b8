"""The Marco Polo dice lesson's numbers: the lowest of two and three dice, the compensation for a low roll, the
chance to reach a place in one Travel, each exact and checked by listing every roll or by simulation.

Simulations use a fixed seed and a million rolls: the sampled mean lies within 4 standard errors of the exact
mean, and the total variation distance (the largest error in the chance of any event) is below 0.005.
"""

from fractions import Fraction

import numpy as np
import pytest

from boardgames import marcopolo as mp
from boardgames.lessons.marcopolo import (
    at_least_two,
    compensation,
    compensation_by_listing,
    empirical,
    estimate,
    lowest_by_listing,
    lowest_of,
    roll_compensation,
    roll_lowest,
    total_variation,
    trips_from,
)


def test_the_lowest_of_two_dice_is_a_1_eleven_times_in_36_and_a_6_once():
    lowest = lowest_of(2)
    assert lowest.as_dict() == {1: Fraction(11, 36), 2: Fraction(9, 36), 3: Fraction(7, 36), 4: Fraction(5, 36),
                                5: Fraction(3, 36), 6: Fraction(1, 36)}
    assert lowest.mean == Fraction(91, 36)


def test_the_lowest_of_three_dice_is_lower_still():
    lowest = lowest_of(3)
    assert lowest[1] == Fraction(91, 216) and lowest[6] == Fraction(1, 216)
    assert lowest.mean == Fraction(49, 24) < lowest_of(2).mean < lowest_of(1).mean == Fraction(7, 2)


@pytest.mark.parametrize("k", [1, 2, 3, 4])
def test_the_formula_for_the_lowest_die_agrees_with_listing_every_roll(k):
    assert lowest_of(k) == lowest_by_listing(k)
    assert sum(lowest_of(k).probabilities) == 1


@pytest.mark.parametrize("k", [2, 3])
def test_simulated_lowest_dice_agree_with_the_exact_distribution(k):
    values = roll_lowest(k, 1_000_000, rng=k)
    assert estimate(values).contains(float(lowest_of(k).mean), z=4)
    assert total_variation(empirical(values), lowest_of(k)) < 0.005


def test_a_simulation_can_be_told_apart_from_a_wrong_answer():
    values = roll_lowest(3, 1_000_000, rng=3)
    assert total_variation(empirical(values), lowest_of(2)) > 0.05
    assert not estimate(values).contains(float(lowest_of(2).mean), z=4)


def test_five_dice_make_up_for_a_low_roll_rarely_and_little():
    made_up = compensation(5)
    assert made_up[0] == Fraction(1009, 1296)  # the sum is 15 or more
    assert made_up[10] == Fraction(1, 7776)  # five 1s: 15 - 5
    assert max(made_up.values) == 10
    assert made_up.mean == Fraction(4585, 7776)


@pytest.mark.parametrize("dice", [1, 2, 5, 6])
def test_the_compensation_by_sums_agrees_with_listing_every_roll(dice):
    assert compensation(dice) == compensation_by_listing(dice)


def test_one_die_is_always_made_up_to_15():
    assert compensation(1).mean == 15 - Fraction(7, 2)


def test_simulated_compensation_agrees_with_the_exact_distribution():
    values = roll_compensation(5, 1_000_000, rng=5)
    assert estimate(values).contains(float(compensation(5).mean), z=4)
    assert total_variation(empirical(values), compensation(5)) < 0.005


def test_the_engine_pays_the_compensation_the_lesson_counts():
    game = mp.new_game(["Ada", "Ben"], seed=1, characters=["Berke Khan", "Mercator ex Tabriz"],
                       rolls=[[1, 2, 2, 3, 1], [6, 5, 4, 3, 2]])
    assert game.pending is not None and game.current_player == 0
    paid = game.play(mp.parse_move("choose 6 coins"))
    assert paid.coins == (7 + 15 - 9, 8)


def test_a_travel_of_s_steps_needs_two_dice_of_at_least_s():
    assert at_least_two(1) == 1
    assert at_least_two(4, dice=2) == Fraction(9, 36) == lowest_of(2).P(lambda v: v >= 4)
    assert at_least_two(6) == 1 - Fraction(5, 6) ** 5 - 5 * Fraction(1, 6) * Fraction(5, 6) ** 4
    assert [at_least_two(s) for s in range(1, 7)] == sorted((at_least_two(s) for s in range(1, 7)), reverse=True)
    with pytest.raises(ValueError):
        at_least_two(7)


def test_choosing_two_of_five_dice_beats_rolling_just_two():
    for steps in range(2, 7):
        assert at_least_two(steps, dice=5) > at_least_two(steps, dice=2)


def test_at_least_two_of_five_agrees_with_a_simulation():
    rolls = np.random.default_rng(7).integers(1, 7, size=(1_000_000, 5))
    for steps in range(1, 7):
        seen = float(((rolls >= steps).sum(axis=1) >= 2).mean())
        assert seen == pytest.approx(float(at_least_two(steps)), abs=0.003)


def test_from_venezia_every_trip_is_the_shortest_walk_and_costs_what_the_engine_charges():
    trips = {t.place: t for t in trips_from("Venezia")}
    assert trips["Moscow"].steps == 2 and trips["Moscow"].path == ("Venezia", "Oasis A", "Moscow")
    assert (trips["Moscow"].coins, trips["Moscow"].camels) == (7, 0)
    assert "Beijing" not in trips and "Venezia" not in trips
    for trip in trips.values():
        assert trip.steps == mp.distance("Venezia", trip.place) == len(trip.path) - 1
        assert (trip.coins, trip.camels) == mp.travel_cost(trip.path)
        assert trip.chance == at_least_two(trip.steps)
