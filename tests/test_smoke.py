import random

from boardgames import medici


def test_a_random_four_player_game_ends_with_a_winner():
    state = medici.new_game(4, seed=3)
    rng = random.Random(3)
    while not state.is_over:
        state = state.play(rng.choice(state.legal_moves()))
    assert state.winners()
