"""The worked examples of The Voyages of Marco Polo's rules (``docs/rules/marcopolo.md``, section "Worked
examples"), one test each, named after the example."""

from __future__ import annotations

import pytest
from support.protocol_checks import refused

from boardgames import marcopolo as m
from boardgames.marcopolo.scoring import final_score, leaders

RULES = m.RULES
Die, Travel, Choose = m.Die, m.Travel, m.Choose
SIXES = [6, 6, 6, 6, 6, 6]


def game(characters, rolls=None, players=None, **kwargs):
    """A new game with these characters and round-1 dice (sums of 15 or more: no compensation to choose)."""
    players = players or len(characters)
    rolls = rolls or [SIXES[:6] if c == "Matteo Polo" else SIXES[:5] for c in characters]
    return m.new_game(players, seed=1, characters=characters, rolls=rolls, **kwargs)


def events(state) -> str:
    return "\n".join(e.text for e in state.events)


def idle(state):
    """The player to move puts every die on the coin bag and ends the turn."""
    for die in state.dice(state.current_player):
        state = state.play(m.CoinBag(die))
    return state.play(m.EndTurn())


def end_turns(state, count=1):
    for _ in range(count):
        state = state.play(m.EndTurn())
    return state


def test_example_01_step_distances_from_venezia():
    rings = {1: ["Oasis A", "Oasis E", "Alexandria"], 2: ["Moscow", "Samarcanda", "Oasis G", "Oasis I"],
             3: ["Anxi", "Oasis F", "Ormuz", "Adana"], 4: ["Karakorum", "Kashgar", "Karachi", "Kochi"],
             5: ["Oasis B", "Lan-Zhou", "Oasis H", "Sumatra"], 6: ["Oasis C", "Oasis D", "Xian", "Oasis J"],
             7: ["Beijing"]}
    for steps, places in rings.items():
        for place in places:
            assert m.distance("Venezia", place) == steps, place
    assert m.travel_cost(["Venezia", "Oasis A", "Oasis C", "Beijing"], carpini=True) == (12, 0)
    with pytest.raises(ValueError, match="no route joins Oasis A and Oasis C"):
        m.travel_cost(["Venezia", "Oasis A", "Oasis C", "Beijing"])


def test_example_02_route_costs():
    assert m.travel_cost(["Venezia", "Oasis E", "Samarcanda"]) == (7, 3)
    s = game(["Matteo Polo", "Berke Khan"], outposts=[1, 2, 5, 4, 3, 6, 9]).arrange(0, coins=7, camels=3)
    s = s.play(Travel((6, 6), ("Oasis E", "Samarcanda")))
    assert (s.coins[0], s.camels[0], s.goods(0)["gold"]) == (0, 0, 2)
    assert s.posts(0) == ("Samarcanda",) and s.outposts["Samarcanda"] is None
    assert "Ada pays 7 coins and 3 camels to travel 2 steps to Samarcanda." in events(s)


def test_example_03_one_long_trip_or_two_short_ones():
    long = ["Venezia", "Oasis A", "Moscow", "Anxi", "Karakorum", "Oasis B", "Oasis D"]
    assert m.travel_cost(long) == (18, 5)
    assert m.travel_cost(long[:4])[0] + m.travel_cost(long[3:])[0] == 24
    s = game(["Matteo Polo", "Berke Khan"]).arrange(0, coins=30, camels=5)
    one = s.play(Travel((6, 6), tuple(long[1:])))
    assert one.coins[0] == 12 and one.camels[0] == 0 and one.posts(0) == ()
    two = s.play(Travel((6, 6), tuple(long[1:4])))
    assert two.posts(0) == ("Anxi",) and two.coins[0] == 30 - 12 + 5 and two.camels[0] == 2


def test_example_04_coins_and_camels_both():
    assert m.travel_cost(["Alexandria", "Oasis G", "Ormuz"]) == (14, 3)
    s = game(["Matteo Polo", "Berke Khan"]).arrange(0, coins=14, camels=3, at="Alexandria")
    s = s.play(Travel((6, 6), ("Oasis G", "Ormuz")))
    assert s.coins[0] == 0 and s.camels[0] == 3 and s.posts(0) == ("Ormuz",)


def test_example_05_occupancy_fee():
    for berke, fee in ((False, 2), (True, 0)):
        chars = ["Matteo Polo", "Berke Khan" if berke else "Johannes Carpini"]
        s = game(chars, rolls=[SIXES, [2, 5, 6, 6, 6]])
        s = end_turns(s.play(m.Bazaar("silk", (6, 6), 1)))
        coins = s.coins[1]
        after = s.play(m.Bazaar("silk", (2, 5)))
        assert after.coins[1] == coins - fee and after.goods(1)["silk"] == 2
        assert m.Bazaar("silk", (2, 5), 1) in s.legal_moves()  # a lower column may be chosen


def test_example_06_khans_favor_four_players():
    chars = ["Matteo Polo", "Johannes Carpini", "William of Rubruck", "Kubilai Khan"]
    s = game(chars, rolls=[[5, 6, 6, 6, 6, 6], [3, 6, 6, 6, 6], [3, 6, 6, 6, 6], [2, 5, 6, 6, 6]])
    s = end_turns(s.play(m.FiveCoins(6)))
    s = end_turns(s.play(m.KhansFavor(3, "pepper")))
    s = end_turns(s.play(m.KhansFavor(3, "silk")))
    refused(s, m.KhansFavor(2, "gold"), "marcopolo.khan.too-low", RULES)
    after = s.play(m.KhansFavor(5, "gold"))
    assert after.goods(3)["gold"] == 1 and after.camels[3] == s.camels[3] + 2
    s = end_turns(after)
    assert s.check(m.KhansFavor(5, "gold")) is None
    s = end_turns(s.play(m.KhansFavor(5, "gold")))
    s = s.arrange(1, camels=3).play(m.BuyBlackDie())
    black = next(d for d in s.dice(1) if d.kind == "black")
    refused(s, m.KhansFavor(black, "gold"), "marcopolo.space.taken", RULES)
    three = game(chars[:3], rolls=[[1, 6, 6, 6, 6, 6], [6] * 5, [6] * 5])
    assert three.placed["khan"] == ((None, Die(1)),)
    assert three.check(m.KhansFavor(1, "pepper")) is None


def test_example_07_compensation():
    s = game(["Matteo Polo", "Berke Khan"], rolls=[SIXES, [1, 2, 3, 4, 2]])
    assert s.current_player == 1
    assert [move.option for move in s.legal_moves()] == ["3 coins", "2 coins and 1 camel", "1 coin and 2 camels",
                                                         "3 camels"]
    coins, camels = s.coins[1], s.camels[1]
    s = s.play(Choose("2 coins and 1 camel"))
    assert (s.coins[1], s.camels[1]) == (coins + 2, camels + 1) and s.current_player == 0
    assert game(["Matteo Polo", "Berke Khan"], rolls=[SIXES, [3, 3, 3, 3, 3]]).pending is None
    raschid = game(["Raschid ad-Din Sinan", "Berke Khan"])
    assert raschid.pending is None and raschid.dice(0) == (Die(0),) * 5


def test_example_08_taking_contracts():
    s = game(["Matteo Polo", "Berke Khan"]).arrange(0, contracts=[])
    board = s.board_contracts
    after = s.play(m.TakeContracts(6, (5, 6), ("camels", "coins")))
    assert after.contracts(0) == (board[4], board[5])
    assert after.coins[0] == s.coins[0] + 2 and after.camels[0] == s.camels[0] + 1
    refused(s, m.TakeContracts(Die(6), (5,), ()), "marcopolo.contract.space", RULES)
    low = game(["Matteo Polo", "Berke Khan"], rolls=[[4] * 6, [6] * 5]).arrange(0, contracts=[])
    refused(low, m.TakeContracts(4, (5,), ("coins",)), "marcopolo.contract.space", RULES)
    after = low.play(m.TakeContracts(4, (4,)))
    assert after.coins[0] == low.coins[0] and after.contracts(0) == (board[3],)


def test_example_09_posts_eight_and_nine():
    seven = ["Moscow", "Anxi", "Karakorum", "Samarcanda", "Kashgar", "Lan-Zhou", "Xian"]
    s = game(["Matteo Polo", "Berke Khan"], outposts=[1, 2, 3, 4, 5, 6, 9])
    s = s.arrange(0, posts=seven, at="Oasis E", coins=50, camels=20)
    s = s.play(Travel((6, 6), ("Venezia", "Alexandria")))
    assert s.vp[0] == 5 and len(s.posts(0)) == 8
    s = s.arrange(0, at="Oasis G", contracts=[42], pepper=3).play(m.Fulfil(42)).play(Choose("move to Ormuz"))
    assert s.vp[0] == 5 + 1 + 10 and s.posts_left(0) == 0
    s = s.arrange(0, contracts=[9], pepper=2, gold=1).play(m.Fulfil(9)).play(Choose("move to Karachi"))
    assert s.pending and "no trading post left" in s.pending
    s = s.play(Choose("the post from Anxi"))
    assert "Karachi" in s.posts(0) and "Anxi" not in s.posts(0) and s.vp[0] == 16 + 4 and s.posts_left(0) == 0


def test_example_10_beijing():
    chars = ["Kubilai Khan", "Matteo Polo", "Berke Khan", "Johannes Carpini"]
    s = game(chars)
    assert s.beijing == (0, None, None, None) and s.figures(0) == ("Beijing",)
    s = end_turns(s.play(m.FiveCoins(6)))
    for seat in (1, 2, 3):
        s = s.arrange(seat, at="Xian", coins=20)
        s = end_turns(s.play(Travel((6, 6), ("Beijing",))))
    assert s.beijing == (0, 1, 2, 3)


def test_example_11_final_scoring_of_one_player():
    from boardgames.marcopolo.board import INDEX

    posts = [INDEX[p] for p in ("Moscow", "Xian", "Kashgar", "Beijing")]
    sc = final_score((0, 16), posts, 37, 1, 3 + 2 + 2, 5, 5, False)
    assert (sc.goal_cards, sc.goal_cities, sc.coins, sc.beijing, sc.goods, sc.contracts) == (4, 6, 3, 7, 3, 7)
    assert sc.total == 30


def test_example_12_goods_without_beijing():
    from boardgames.marcopolo.board import INDEX

    posts = [INDEX[p] for p in ("Moscow", "Xian", "Kashgar")]
    assert final_score((0, 16), posts, 37, -1, 7, 5, 5, False).total == 20


def test_example_13_goal_cards_sharing_a_city():
    from boardgames.marcopolo.board import INDEX

    sc = final_score((12, 15), [INDEX["Anxi"], INDEX["Sumatra"]], 0, -1, 0, 0, 1, False)
    assert (sc.goal_cards, sc.goal_cities) == (8, 3)


def test_example_14_coins_to_vp():
    assert [final_score((), (), c, -1, 0, 0, 1, False).coins for c in (9, 10, 29)] == [0, 1, 2]


def test_example_15_mercator_two_players():
    for flag, coins in ((1, 1), (2, 2)):
        s = game(["Berke Khan", "Mercator ex Tabriz"], mercator_2p_coins=flag)
        before = s.coins[1]
        after = s.play(m.FiveCoins(6))
        assert after.coins[0] == s.coins[0] + 5  # Berke Khan pays no fee for the neutral die
        assert after.coins[1] == before + coins
    s = game(["Matteo Polo", "Mercator ex Tabriz"])
    assert s.play(m.Bazaar("silk", (6, 6), 1)).goods(1)["silk"] == 1
    assert s.play(m.Bazaar("camel", (6,), 1)).camels[1] == s.camels[1] + 1
    assert s.play(m.KhansFavor(6, "gold")).camels[1] == s.camels[1] + 1


def test_example_15_the_fee_of_the_neutral_die():
    s = game(["Matteo Polo", "Mercator ex Tabriz"])
    assert s.placed["five coins"] == ((None, Die(1)),)
    assert s.play(m.FiveCoins(6)).coins[0] == s.coins[0] + 5 - 6


def test_example_16_most_contracts_when_nobody_fulfilled_one():
    for flag, vp in ((False, 7), (True, 0)):
        s = game(["Matteo Polo", "Berke Khan"], contracts_bonus_needs_one=flag)
        assert [f.contracts for f in s.final_scores()] == [vp, vp]


def test_example_17_tie_break():
    assert leaders((62, 62), (4, 2)) == (0,)
    assert leaders((62, 62), (3, 3)) == (0, 1)


def test_example_18_dice_changes():
    s = game(["Matteo Polo", "Berke Khan"]).arrange(0, camels=10)
    refused(s, m.Adjust(6, 1), "marcopolo.bonus.adjust", RULES)
    low = s.arrange(0, dice=[1, 2, 3, 4, 5])
    refused(low, m.Adjust(1, -1), "marcopolo.bonus.adjust", RULES)
    after = s.play(m.Adjust(6, -1))
    assert after.camels[0] == 8 and Die(5) in after.dice(0)
    after = s.play(m.BuyBlackDie())
    assert after.camels[0] == 7 and any(d.kind == "black" for d in after.dice(0))
    refused(after, m.BuyBlackDie(), "marcopolo.bonus.black-die", RULES)


def test_example_19_move_one_step_reward():
    s = game(["Matteo Polo", "Berke Khan"]).arrange(0, at="Alexandria", coins=7, camels=6, pepper=1, silk=1,
                                                   gold=1, contracts=[11])
    s = s.play(m.Fulfil(11))
    assert "move to Oasis G" in [c.option for c in s.legal_moves()]
    after = s.play(Choose("move to Oasis G"))
    assert after.coins[0] == 0 and after.figures(0) == ("Oasis G",)
    poor = game(["Matteo Polo", "Berke Khan"]).arrange(0, at="Alexandria", coins=6, camels=6, pepper=1, silk=1,
                                                      gold=1, contracts=[11]).play(m.Fulfil(11))
    assert "move to Oasis G" not in [c.option for c in poor.legal_moves()]
    refused(poor, Choose("move to Oasis G"), "marcopolo.reward.move", RULES)


def test_example_20_carpinis_jump():
    s = game(["Johannes Carpini", "Berke Khan"]).arrange(0, at="Oasis A", coins=7, camels=0)
    s = s.play(Travel((6, 6), ("Oasis H", "Xian")))
    assert s.coins[0] == 0 and s.posts(0) == ("Xian",)


def test_example_21_ending_the_turn():
    s = game(["Matteo Polo", "Berke Khan", "Johannes Carpini"]).arrange(0, dice=[2, 4, 6], contracts=[41], camels=1,
                                                                      gold=1)
    s = s.play(m.Fulfil(41))
    refused(s, m.EndTurn(), "marcopolo.turn.main-action", RULES)
    coins = s.coins[0]
    s = s.play(m.FiveCoins(2))
    assert s.coins[0] == coins + 5
    refused(s, m.Bazaar("pepper", (4,)), "marcopolo.turn.main-action", RULES)
    s = s.play(m.CoinBag(4))
    assert s.coins[0] == coins + 8
    s = end_turns(s)
    s = end_turns(s.play(m.FiveCoins(6)))
    s = end_turns(s.play(m.FiveCoins(6)))
    assert s.current_player == 0 and s.dice(0) == (Die(6),)


def test_example_22_no_main_action_possible():
    from boardgames.marcopolo.state import SPACE_INDEX

    s = game(["Matteo Polo", "Johannes Carpini", "William of Rubruck"])
    s = s.arrange(0, dice=[6], coins=2, camels=0)
    spaces = list(s.spaces)
    for name in ("camel", "pepper", "contracts", "five coins"):
        spaces[SPACE_INDEX[name]] = ((1, Die(6)),)
    spaces[SPACE_INDEX["khan"]] = ((1, Die(6)), (2, Die(6)), (1, Die(6, "black")), (2, Die(6, "black")))
    s = s.redrawn(spaces=tuple(spaces))
    moves = s.legal_moves()
    assert not any(isinstance(move, m.moves.MAIN) for move in moves)
    assert moves == [m.CoinBag(6)]
    after = s.play(m.CoinBag(6))
    assert after.coins[0] == 5 and after.dice(0) == () and after.legal_moves() == [m.EndTurn()]


def test_example_23_black_die_alone():
    s = game(["Matteo Polo", "Berke Khan"]).arrange(0, camels=3)
    s = end_turns(s.play(m.FiveCoins(6)))
    s = end_turns(s.play(m.FiveCoins(6)))
    s = s.play(m.BuyBlackDie())
    black = next(d for d in s.dice(0) if d.kind == "black")
    refused(s, m.FiveCoins(6), "marcopolo.dice.colour-once", RULES)
    coins = s.coins[0]
    after = s.play(m.FiveCoins(black))
    assert after.coins[0] == coins - black.value + 5


def test_example_24_niccolo_and_marco_split_a_travel():
    s = game(["Berke Khan", "Niccolò and Marco Polo"], rolls=[[6] * 5, [3, 5, 6, 6, 6]],
             outposts=[1, 2, 3, 4, 5, 6, 9])
    s = end_turns(s.play(Travel((6, 6), ("Oasis A",))))
    s = s.arrange(1, coins=15, camels=0)
    refused(s, Travel((3, 5), ("Oasis A", "Moscow"), ("Alexandria", "Oasis I")), "marcopolo.travel.steps", RULES)
    s = s.play(Travel((3, 5), ("Oasis A", "Moscow"), ("Alexandria",)))
    assert set(s.posts(1)) == {"Moscow", "Alexandria"} and s.figures(1) == ("Moscow", "Alexandria")
    assert "Ben pays 3 coins as the fee of Travel." in events(s)
    assert "Ben pays 12 coins to travel 3 steps to Moscow and Alexandria." in events(s)
    assert s.coins[1] == 3 and s.goods(1)["gold"] == 2  # the outpost tiles: Moscow 3 coins, Alexandria 2 gold


def test_example_25_rubruck_passes_through():
    s = game(["William of Rubruck", "Berke Khan"]).arrange(0, coins=12, camels=5)
    s = s.play(Travel((6, 6), ("Oasis A", "Moscow", "Anxi", "Karakorum")))
    assert s.posts(0) == ("Moscow", "Anxi", "Karakorum")
    assert s.outposts["Moscow"] is None and s.outposts["Karakorum"] is None
    assert "Ada receives Anxi's bonus: 5 coins." in events(s)
    other = game(["Matteo Polo", "Berke Khan"]).arrange(0, coins=12, camels=5)
    assert other.play(Travel((6, 6), ("Oasis A", "Moscow", "Anxi", "Karakorum"))).posts(0) == ("Karakorum",)


def test_example_26_hand_limit():
    s = game(["Matteo Polo", "Berke Khan"])
    held = s.contracts(0)
    board = s.board_contracts
    assert len(held) == 2
    after = s.play(m.TakeContracts(6, (3, 6), ("coins",)))
    assert after.contracts(0) == (board[2], board[5]) and after.coins[0] == s.coins[0] + 2
    assert all(c in after.special[-2:] for c in held)
    one = s.play(m.TakeContracts(6, (3,)))
    assert "discards one of the older contracts" in one.pending
    refused(one, Choose(f"discard contract {board[2]}"), "marcopolo.contract.hand-limit", RULES)
    kept = one.play(Choose(f"discard contract {held[0]}"))
    assert kept.contracts(0) == (held[1], board[2])
    two = game(["Matteo Polo", "Berke Khan"], rolls=[[2, 6, 6, 6, 6, 6], [6] * 5])
    refused(two, m.TakeContracts(2, (3,)), "marcopolo.contract.space", RULES)


def test_example_27_city_card_just_reached():
    s = game(["Matteo Polo", "Berke Khan"], city_cards=[0, 1, 2, 3, 4, 5, 6, 7, 8], outposts=[1, 2, 3, 4, 5, 6, 9])
    s = s.arrange(0, at="Oasis A", contracts=[42], camels=1, pepper=3)
    s = s.play(m.Fulfil(42)).play(Choose("move to Moscow"))
    assert "Moscow" in s.posts(0)
    refused(s, m.CityCard("Moscow", 6, 1), "marcopolo.city.just-arrived", RULES)
    s = end_turns(s.play(m.FiveCoins(6)))
    s = end_turns(s.play(m.FiveCoins(6)))
    assert s.check(m.CityCard("Moscow", 6, 1)) is None


def test_example_28_city_card_13_is_one_movement():
    s = game(["Matteo Polo", "Berke Khan"], city_cards=[0, 13, 2, 3, 4, 5, 6, 7, 8], rolls=[[4] + [6] * 5, [6] * 5])
    s = s.arrange(0, at="Oasis A", posts=["Karakorum"], camels=7, coins=0)
    assert s.city_cards["Karakorum"] == 13
    after = s.play(m.CityCard("Karakorum", 4, ("Moscow", "Anxi")))
    assert after.camels[0] == 0 and after.posts(0) == ("Karakorum", "Anxi") and after.coins[0] == 5
    refused(s.arrange(0, camels=6), m.CityCard("Karakorum", 4, ("Moscow", "Anxi")), "marcopolo.city.cannot-pay",
            RULES)


def test_example_29_arriving_where_a_post_stands():
    s = game(["Matteo Polo", "Berke Khan"]).arrange(0, at="Oasis G", posts=["Ormuz"], coins=3, camels=3)
    after = s.play(Travel((6, 6), ("Ormuz",)))
    assert (after.coins[0], after.camels[0]) == (0, 0) and after.posts(0) == ("Ormuz",)


def test_example_30_city_card_with_nothing_to_do():
    s = game(["Matteo Polo", "Berke Khan"], city_cards=[15, 1, 2, 3, 4, 5, 6, 7, 8],
             rolls=[[2, 6, 6, 6, 6, 6], [6] * 5]).arrange(0, posts=["Moscow"])
    refused(s, m.CityCard("Moscow", 2, 1), "marcopolo.city.cannot-pay", RULES)
    done = s.arrange(0, completed=[0, 1, 2])
    after = done.play(m.CityCard("Moscow", 2, 2))
    assert after.vp[0] == 2
    refused(done, m.CityCard("Moscow", 2, 3), "marcopolo.city.repeats", RULES)


def test_example_31_raschid():
    s = game(["Raschid ad-Din Sinan", "Berke Khan"]).arrange(0, coins=30, camels=10)
    after = s.play(Travel((6, 6), ("Oasis A", "Moscow", "Anxi", "Karakorum", "Oasis B", "Oasis D")))
    assert after.figures(0) == ("Oasis D",) and after.coins[0] == 30 - 18
    s2 = game(["Raschid ad-Din Sinan", "Berke Khan"])
    after = s2.play(m.FiveCoins(1))
    assert after.coins[0] == s2.coins[0] - 1 + 5
    black = s.play(m.BuyBlackDie())
    assert Die(0, "black") in black.dice(0)
    refused(s, m.Reroll(Die(0)), "marcopolo.bonus.reroll", RULES)


def test_example_32_carpini_on_a_reward_move():
    s = game(["Johannes Carpini", "Berke Khan"], rolls=[[5, 5, 5, 5, 5], [6] * 5])
    s = s.arrange(0, at="Oasis C", coins=0, camels=0)
    s = s.play(m.Bazaar("gold", (5, 5, 5), 5))
    assert "move to Oasis I" in [c.option for c in s.legal_moves()]
    after = s.play(Choose("move to Oasis I"))
    assert after.figures(0) == ("Oasis I",) and after.coins[0] == 0 and after.camels[0] == 0


def test_example_33_matteos_round_start_contract():
    s = game(["Matteo Polo", "Berke Khan"])
    assert len(s.contracts(0)) == 2
    s = end_turns(s.play(m.FiveCoins(6)))
    s = end_turns(s.play(m.FiveCoins(6)))
    while s.round == 1:
        s = idle(s)
    assert s.round == 2
    assert s.current_player == 0 and "draws contract" in s.pending
    top = int(s.pending.split("draws contract ")[1].split()[0])
    held = s.contracts(0)
    assert [c.option for c in s.legal_moves()] == [f"discard contract {held[0]}", f"discard contract {held[1]}",
                                                   f"decline contract {top}"]
    after = s.play(Choose(f"decline contract {top}"))
    assert after.contracts(0) == held and after.special[-1] == top
