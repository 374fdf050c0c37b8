"""Lessons: exact distributions of a card, a lot and a ship, by enumeration."""

from collections import Counter
from fractions import Fraction

import pytest

from boardgames import medici
from boardgames.lessons.medici import (
    Distribution,
    card_values,
    cards_of,
    lot_values,
    lot_values_by_listing,
    ship_values,
    unseen,
)
from boardgames.medici import DECK

SMALL_DECK = ["fur:5", "fur:5", "gold:10", "cloth:0", "dye:3", "spice:1", "grain:4", "grain:2"]


def test_one_card_from_the_full_deck():
    d = card_values()
    assert d.as_dict() == {0: Fraction(5, 36), 1: Fraction(5, 36), 2: Fraction(5, 36), 3: Fraction(5, 36),
                           4: Fraction(5, 36), 5: Fraction(10, 36), 10: Fraction(1, 36)}
    assert d.mean == Fraction(110, 36)
    assert sum(d.probabilities) == 1
    assert d.P(lambda v: v >= 5) == Fraction(11, 36)
    assert d[7] == 0 and d[10] == Fraction(1, 36)


@pytest.mark.parametrize("k", [0, 1, 2, 3, 4])
def test_counting_hands_by_face_value_equals_listing_every_hand(k):
    assert lot_values(k) == lot_values_by_listing(k)
    assert lot_values(k, SMALL_DECK) == lot_values_by_listing(k, SMALL_DECK)


@pytest.mark.parametrize("deck", [DECK, SMALL_DECK], ids=["full deck", "small deck"])
def test_a_lot_has_k_times_the_mean_and_the_finite_population_variance(deck):
    """Without replacement: mean k·μ, variance k·σ²·(N − k)/(N − 1), exactly."""
    n = len(deck)
    one = card_values(deck)
    for k in range(1, 6):
        lot = lot_values(k, deck)
        assert lot.mean == k * one.mean
        assert lot.variance == k * one.variance * Fraction(n - k, n - 1)


def test_a_three_card_lot_is_not_three_times_as_safe():
    one, three = card_values(), lot_values(3)
    assert three.sd < 3 * one.sd  # the spread grows slower than the mean
    assert three.sd / float(three.mean) < one.sd / float(one.mean)


def test_full_ship_values():
    ship = ship_values()
    assert ship.mean == 5 * card_values().mean
    assert min(ship.values) == 0 and max(ship.values) == 10 + 4 * 5
    assert ship[30] == Fraction(1 * 210, 376_992)  # gold and four of the ten 5s, out of C(36, 5) hands
    loaded = ship_values(SMALL_DECK, loaded=["spice:5", "cloth:5"])
    assert loaded == lot_values(3, SMALL_DECK).shifted(10)
    exact = ship_values(["fur:1", "dye:2"], loaded=["gold:10", "grain:0", "spice:3"])
    assert exact.as_dict() == {16: 1}


def test_unseen_cards_are_the_deck_and_the_cards_set_aside():
    state = medici.new_game(3, seed=2)
    assert Counter(unseen(state)) == Counter(state.deck + state.aside)
    assert lot_values(2, unseen(state)).mean == 2 * card_values(unseen(state)).mean


def test_refusals_and_printing():
    with pytest.raises(ValueError):
        lot_values(9, SMALL_DECK)
    with pytest.raises(ValueError):
        lot_values(-1)
    with pytest.raises(ValueError):
        cards_of(["fur:9"])
    with pytest.raises(ValueError):
        ship_values(loaded=["fur:1"] * 6)
    with pytest.raises(ValueError):
        Distribution.from_counts({})
    text = str(card_values())
    assert "mean 3.0556" in text and "1/36" in text
