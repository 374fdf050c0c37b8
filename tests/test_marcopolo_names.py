"""The names a page asks the Marco Polo engine instead of knowing a rule itself: the space a move takes, where a
Travel ends, the dice a move uses (Raschid's unset dice among them), the most dice a seat may hold, the rounds,
why a space is refused, the least die Khan's Favor takes, whether a space has a fee, a city card's city, the goal
cards an answer keeps and who sees them."""

from __future__ import annotations

import random

from support.protocol_checks import refused

from boardgames import marcopolo as m
from boardgames.marcopolo.state import SPACES

RULES = m.RULES
Die = m.Die
TWO = ["Matteo Polo", "Berke Khan"]


def game(characters, rolls=None, **kwargs):
    """A new game with these characters and round-1 dice (all sixes unless given)."""
    rolls = rolls or [[6] * (6 if c == "Matteo Polo" else 5) for c in characters]
    return m.new_game(len(characters), seed=1, characters=characters, rolls=rolls, **kwargs)


def test_space_of_is_the_space_a_move_places_its_dice_on():
    s = game(TWO, city_cards=[0, 1, 2, 3, 4, 5, 6, 7, 8]).arrange(0, posts=["Moscow"], camels=3)
    kinds = set()
    for move in s.legal_moves():
        after = s.play(move)
        grew = [name for name in SPACES if len(after.placed[name]) > len(s.placed[name])]
        assert grew == ([m.space_of(move)] if m.space_of(move) is not None else [])
        kinds.add(type(move))
    assert {m.Travel, m.Bazaar, m.KhansFavor, m.TakeContracts, m.FiveCoins, m.CityCard, m.CoinBag} <= kinds
    assert m.space_of(m.Fulfil(41)) is None and m.space_of(m.EndTurn()) is None
    assert m.space_of(m.Bazaar("camel", (6,), 1)) == "camel"
    assert m.space_of(m.CityCard("Sumatra 2", 6, 1)) == "Sumatra 2"


def test_travel_ends_where_its_figures_stop():
    s = game(["Niccolò and Marco Polo", "Berke Khan"]).arrange(0, coins=20)
    move = m.Travel((6, 6), ("Oasis A", "Moscow"), ("Oasis A",))
    assert move.ends == ("Moscow", "Oasis A") and m.Travel((6, 6), ("Oasis A",)).ends == ("Oasis A",)
    assert s.play(move).figures(0) == move.ends


def test_dice_of_are_the_dice_a_move_uses():
    assert m.dice_of(m.Travel((2, 5), ("Oasis A",))) == (Die(2), Die(5))
    assert m.dice_of(m.KhansFavor(Die(4, "black"), "silk")) == (Die(4, "black"),)
    assert m.dice_of(m.Reroll(3)) == (Die(3),) and m.dice_of(m.Adjust(3, 1)) == (Die(3),)
    assert m.dice_of(m.Fulfil(41)) == () and m.dice_of(m.BuyBlackDie()) == () and m.dice_of(m.Choose("silk")) == ()


def test_takes_dice_a_move_using_every_die_chosen():
    travel = m.Travel((2, 5), ("Oasis A",))
    assert m.takes_dice(travel, [Die(5)]) and m.takes_dice(travel, [Die(2), Die(5)]) and m.takes_dice(travel, [])
    assert not m.takes_dice(travel, [Die(2), Die(6)]) and not m.takes_dice(travel, [Die(5, "black")])
    assert m.takes_dice(m.Fulfil(41), [Die(6)])  # a move without dice takes any choice
    s = game(["Raschid ad-Din Sinan", "Berke Khan"])
    unset = s.dice(0)[0]
    assert unset.unset and str(unset) == "?" and not Die(3).unset
    taken = [mv for mv in s.legal_moves() if type(mv) is m.TakeContracts and m.takes_dice(mv, [unset])]
    assert {mv.die.value for mv in taken} == set(range(1, 7))  # Raschid's "?" is any value of its kind
    assert not m.takes_dice(m.FiveCoins(Die(4, "black")), [unset])


def test_most_dice_are_matteos_six_and_every_black_die_of_four_players():
    s = game(["Matteo Polo", "Berke Khan", "Johannes Carpini", "William of Rubruck"])
    assert len(s.dice(0)) + s.black_dice_left == m.MOST_DICE
    for seed in range(3):
        s, rng = m.new_game(4, seed=seed), random.Random(seed)
        while not s.is_over:
            assert all(len(s.dice(seat)) <= m.MOST_DICE for seat in range(4))
            s = s.play(rng.choice(s.legal_moves()))


def test_rounds_the_game_ends_after_round_five():
    s = game(TWO)
    rng = random.Random(3)
    while not s.is_over:
        assert 1 <= s.round <= m.ROUNDS
        s = s.play(rng.choice(s.legal_moves()))
    assert s.round == m.ROUNDS == 5


def test_space_refusal_is_the_refusal_of_the_plainest_move_there():
    s = game(TWO, city_cards=[0, 1, 2, 3, 4, 5, 6, 7, 8])
    assert m.space_refusal(s, "silk") is not None and m.space_refusal(s, "silk").rule == "marcopolo.dice.count"
    assert m.space_refusal(s, "silk", 0, (Die(6), Die(6))) is None
    assert m.space_refusal(s, "travel") is None and m.space_refusal(s, "khan") is None
    assert m.space_refusal(s, "Moscow").rule == "marcopolo.city.no-post"
    assert str(m.space_refusal(s, "Moscow")) == str(s.check(m.CityCard("Moscow", 6, 1)))
    assert m.space_refusal(s, "coin bag", 1).rule == "marcopolo.turn.not-your-turn"
    done = s.play(m.FiveCoins(6))
    refused(done, m.FiveCoins(6), "marcopolo.turn.main-action", RULES)
    assert {m.space_refusal(done, space).rule for space in SPACES if space != "coin bag"} == {
        "marcopolo.turn.main-action"}
    empty = s.redrawn(held=((), s.held[1]))
    assert m.space_refusal(empty, "gold").rule == "marcopolo.dice.not-yours"


def test_khan_least_is_the_die_in_the_slot_before():
    s = game(["Matteo Polo", "Berke Khan", "Johannes Carpini", "William of Rubruck"], rolls=[[4] * 6] + [[6] * 5] * 3)
    assert s.placed["khan"] == () and m.khan_least(s) == 1
    s = s.play(m.KhansFavor(4, "silk")).play(m.EndTurn())
    assert m.khan_least(s) == 4
    refused(s.arrange(1, dice=[3, 6]), m.KhansFavor(3, "silk"), "marcopolo.khan.too-low", RULES, words=("at least 4",))


def test_pays_fee_on_an_occupied_shared_space_but_berke_khan():
    s = game(TWO)
    assert not m.pays_fee(s, 0, "pepper")
    s = s.play(m.Bazaar("pepper", (6,), 1)).play(m.EndTurn())
    assert m.pays_fee(s, 0, "pepper") and not m.pays_fee(s, 1, "pepper")  # Berke Khan pays no fee
    s = game(["Matteo Polo", "Johannes Carpini"]).play(m.CoinBag(6))
    assert not m.pays_fee(s, 1, "coin bag") and s.placed["coin bag"]


def test_card_city_is_the_city_a_city_card_lies_in():
    assert m.card_city("Moscow") == "Moscow" and m.card_city("Sumatra 3") == "Sumatra"
    s = game(TWO, city_cards=[0, 1, 2, 3, 4, 5, 6, 7, 8])
    assert all(m.card_city(space) in str(s.check(m.CityCard(space, 6, 1))) for space in s.city_cards)


def test_kept_goals_are_the_goal_cards_an_expert_setup_answer_keeps():
    s = m.new_game(2, seed=5, expert_setup=True)
    while not any(str(mv.option).startswith("goals") for mv in s.legal_moves()):
        s = s.play(s.legal_moves()[0])
    seat = s.current_player
    for move in s.legal_moves():
        kept = m.kept_goals(move.option)
        assert kept is not None and s.play(move).goals(seat) == kept
    assert m.kept_goals("pepper") is None and m.kept_goals("goals 3 and") is None


def test_sees_goals_a_seat_its_own_and_everyone_at_the_end():
    s = game(TWO)
    assert m.sees_goals(s, 0, 0) and not m.sees_goals(s, 1, 0) and not m.sees_goals(s, None, 1)
    over = s.redrawn(over=True)
    assert m.sees_goals(over, 1, 0) and m.sees_goals(over, None, 1)
