"""The Medici lessons' own numbers (``boardgames.lessons.medici``): what lessons 2, 3 and 4 show."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from boardgames.lessons.medici import (
    BINS,
    auction_by_bots,
    card_values,
    curse_sentence,
    deck_without,
    exactly,
    expected_overpayment,
    florins,
    formula_shade,
    income_if,
    lot_values,
    overpayments,
    percent,
    shares,
    stop_at,
    variance_by_formula,
    worth_by_seat,
)
from boardgames.lessons.medici.montecarlo import Z95, Estimate
from boardgames.medici import DECK
from boardgames.medici.state import BIDDING

ADA, BEN, CLEO = 0, 1, 2


def test_an_estimate_is_said_with_its_interval_and_a_fraction_with_its_decimals():
    assert florins(Estimate(15.0, 0.4 / Z95, 2000)) == "15.0 florins (95% interval 14.6 to 15.4)"
    assert exactly(Fraction(55, 18)) == "55/18 ≈ 3.056" and exactly(Fraction(6, 1)) == "6"
    assert percent(Fraction(10, 36)) == "28%"


@pytest.mark.parametrize("k", [0, 1, 2, 3, 4, 5, 36])
def test_the_variance_formula_of_a_lot_drawn_without_replacement_agrees_with_counting(k):
    assert variance_by_formula(k) == (lot_values(k).variance if k else 0)


def test_a_two_card_lot_varies_less_than_two_cards_put_back():
    assert variance_by_formula(2) == Fraction(5015, 567)
    assert 2 * lot_values(1).variance / variance_by_formula(2) == Fraction(35, 34)
    assert variance_by_formula(36) == 0


def test_a_deck_without_the_gold_card_and_four_fives_holds_31_cards_worth_80():
    rest = deck_without(["gold:10", "cloth:5", "fur:5", "dye:5", "spice:5"])
    assert len(rest) == 31 and sum(c.value for c in rest) == 80
    assert lot_values(3, rest).mean == Fraction(240, 31)
    with pytest.raises(ValueError, match="gold:10 is not in the deck"):
        deck_without(["gold:10", "gold:10"])


def test_lesson_3_stops_a_seeded_game_at_the_last_auction_of_day_2_where_the_lot_is_two_dye_5s():
    last = stop_at(seed=6, day=2, cards_gone=18, lot_size=2)
    assert last.day == 2 and last.deck == () and [str(c) for c in last.lot] == ["dye:5", "dye:5"]
    nobody = income_if(last, None)
    assert [income_if(last, seat)[seat] - nobody[seat] for seat in range(3)] == [23, 38, 0]


def test_lesson_3_stops_mid_day_1_with_a_three_card_lot_and_ben_as_auctioneer():
    state = stop_at(seed=11, day=1, cards_gone=7, lot_size=3)
    assert [str(c) for c in state.lot] == ["spice:5", "spice:4", "fur:4"] and state.deck_size == 6
    assert state.auctioneer == BEN and state.bidding_order() == (CLEO, ADA, BEN)


def test_a_game_that_ends_before_the_position_asked_for_says_so():
    with pytest.raises(ValueError, match="the game ended first"):
        stop_at(seed=1, day=4, cards_gone=1, lot_size=1)


def test_the_winner_overpays_by_the_formula_and_the_shares_of_the_chart_add_up_to_one():
    over = overpayments(5, 6)
    assert abs(over.mean() - 4) < 0.1
    assert len(shares(over)) == len(BINS) - 1 and abs(shares(over).sum() - 1) < 1e-12
    assert abs(overpayments(5, 6, shade=4).mean()) < 0.1


@pytest.mark.parametrize("bidders, noise, shade", [(8, 6, 4.67), (5, 6, 4.0), (4, 10, 6.0), (5, 10, 6.67)])
def test_shading_by_the_formula_is_the_curse_to_the_cent_and_the_sentence_says_the_winner_breaks_even(
        bidders, noise, shade):
    assert formula_shade(bidders, noise) == shade
    assert abs(formula_shade(bidders, noise) - float(expected_overpayment(bidders, noise))) <= 0.005
    sentence = str(curse_sentence(bidders, noise, shade, overpayments(bidders, noise, shade)))
    assert "(by the formula, the true value); the winner breaks even on average." in sentence


def test_the_sentence_says_a_winner_who_shades_too_little_loses_money_and_one_who_shades_more_profits():
    too_little = str(curse_sentence(8, 6, 4.5, overpayments(8, 6, 4.5)))
    assert too_little.startswith("8 bidders, estimates within ±6, shade 4.5: the winner pays 0.1")
    assert "(by the formula, 0.17 florins more than the true value); the winner loses money on average" in too_little
    more = str(curse_sentence(8, 6, 6, overpayments(8, 6, 6)))
    assert "(by the formula, 1.33 florins less than the true value); the winner makes a profit" in more
    alone = str(curse_sentence(1, 6, 0, np.array([1.0, -1.0, 2.0, -2.0])))
    assert alone.startswith("1 bidder, estimates within ±6, shade 0: the winner pays the true value on average")
    assert alone.endswith("The winner lost money in 50% of the auctions.")


def test_lesson_1_exercise_a_card_of_at_least_4_has_chance_4_9_and_without_gold_a_card_averages_20_7():
    assert card_values().P(lambda v: v >= 4) == Fraction(4, 9)
    assert card_values([c for c in DECK if c.good != "gold"]).mean == Fraction(20, 7)


def test_lesson_3_the_expert_bots_play_out_the_mid_day_auction_cleo_bidding_29_and_the_others_unable_to_beat_it():
    state = stop_at(seed=11, day=1, cards_gone=7, lot_size=3)
    auction = auction_by_bots(state)
    assert auction[0].events[0].text == "Cleo bids 29."
    assert any(e.text == "Cleo wins spice:5, spice:4, fur:4 for 29 florins." for e in auction[-1].events)
    assert all(s.step == BIDDING for s in auction[:-1]) and auction[-1].step != BIDDING


def test_lesson_3_exercise_ada_profits_about_3_at_a_price_of_12_and_ben_would_lose_at_13():
    ada, ben, _ = worth_by_seat(stop_at(seed=11, day=1, cards_gone=7, lot_size=3), samples=2000, seed=0)
    assert 2 < ada.profit(12).mean < 4 and ada.profit(12).stderr == ada.stderr
    assert ben.profit(13).high < 0


def test_lesson_4_exercise_four_merchants_within_10_shade_by_6_and_five_by_20_thirds():
    assert expected_overpayment(4, 10) == 6 and expected_overpayment(5, 10) == Fraction(20, 3)
