"""Bots: every bot plays only legal moves; the Medici expert values lots sensibly and beats random play."""


import pytest
from support import protocol_checks

from boardgames import medici
from boardgames.bots import MonteCarloBot, RandomBot, bot_levels, make_bot, rank_reward


def play_out(bots, seed, players):
    return protocol_checks.play_out(medici, bots, seed, players)


def test_random_bot_is_reproducible_from_its_seed():
    a = play_out([RandomBot(1), RandomBot(2), RandomBot(3)], seed=4, players=3)
    b = play_out([RandomBot(1), RandomBot(2), RandomBot(3)], seed=4, players=3)
    assert a == b


def test_monte_carlo_bot_plays_a_whole_game_with_legal_moves():
    state = play_out([MonteCarloBot(8, seed=1), RandomBot(2), RandomBot(3)], seed=5, players=3)
    assert state.is_over


def test_monte_carlo_bot_beats_a_random_bot():
    """Search is better than chance: over 6 seeded two-player games, 30 playouts a decision win at least 5."""
    wins = 0
    for g in range(6):
        seat = g % 2
        bots = [MonteCarloBot(30, seed=g) if s == seat else RandomBot(g) for s in range(2)]
        wins += play_out(bots, seed=200 + g, players=2).winners() == (seat,)
    assert wins >= 5


def test_rank_reward_counts_beaten_opponents():
    class Final:
        def scores(self):
            return (10, 5, 10, 1)

    assert rank_reward(Final(), 0) == pytest.approx((0.5 + 1 + 1) / 3)
    assert rank_reward(Final(), 3) == 0.0


def test_bot_levels_and_make_bot():
    assert bot_levels("medici") == ["random", "search", "expert"]
    assert isinstance(make_bot("medici", "random", seed=1), RandomBot)
    assert isinstance(make_bot("medici", "search", seed=1, playouts=10), MonteCarloBot)
    assert isinstance(make_bot("medici", "expert", seed=1), medici.ExpertBot)
    with pytest.raises(ValueError, match="unknown bot level"):
        make_bot("medici", "grandmaster")


def test_expert_bot_beats_random_bots():
    """Over 12 seeded 4-player games the expert wins at least 9 (chance would give 3)."""
    wins = 0
    for g in range(12):
        seat = g % 4
        bots = [medici.ExpertBot(g) if s == seat else RandomBot(g * 4 + s) for s in range(4)]
        wins += seat in play_out(bots, seed=100 + g, players=4).winners()
    assert wins >= 9


def test_a_lot_the_seat_cannot_hold_is_worth_nothing_to_it():
    state = medici.new_game(3, seed=1, decks=[["fur:1", "fur:2", "fur:3", "dye:4", "dye:5", "gold:10"]])
    full = state.loads[1][0] + tuple(medici.card(c) for c in ("cloth:0", "cloth:1", "cloth:2", "cloth:3"))
    import dataclasses

    crowded = dataclasses.replace(state, loads=(state.loads[0], (full,), state.loads[2]))
    assert medici.lot_value(crowded, 1, tuple(medici.card(c) for c in ("fur:1", "fur:2"))) == 0.0


def test_gold_is_worth_more_than_a_zero_card_to_an_empty_ship():
    state = medici.new_game(3, seed=1)
    gold = (medici.card("gold:10"),)
    zero = (medici.card("spice:0"),)
    assert medici.lot_value(state, 0, gold) > medici.lot_value(state, 0, zero)
