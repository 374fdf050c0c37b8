"""The Voyages of Marco Polo's rules (``docs/rules/marcopolo.md``), one test per rule id: every refusal names its
rule with a sentence and leaves the state as it was; every automatic step happens as the rule says."""

from __future__ import annotations

import json
import random

import pytest
from support.protocol_checks import damaged, refused, save_refusal, set_at

from boardgames import IllegalMove
from boardgames import marcopolo as m
from boardgames.marcopolo.state import SPACES

RULES = m.RULES
Die, Travel, Choose = m.Die, m.Travel, m.Choose
SIXES = [6] * 6


def game(characters, rolls=None, **kwargs):
    """A new game with these characters and round-1 dice (all sixes unless given: no compensation)."""
    rolls = rolls or [SIXES[: 6 if c == "Matteo Polo" else 5] for c in characters]
    return m.new_game(len(characters), seed=1, characters=characters, rolls=rolls, **kwargs)


def answered(state, log=None):
    """``state`` after every open question is answered with its last option (a decline, a stay, ...)."""
    while state.pending:
        state = state.play(state.legal_moves()[-1])
        if log is not None:
            log += [e.text for e in state.events]
    return state


def idle(state, log=None):
    """The player to move (after any open question) puts every die on the coin bag and ends the turn; the
    sentences of the events go to ``log`` if given."""
    state = answered(state, log)
    for die in state.dice(state.current_player):
        state = state.play(m.CoinBag(die))
    state = state.play(m.EndTurn())
    if log is not None:
        log += [e.text for e in state.events]
    return answered(state, log)


def texts(state) -> str:
    return "\n".join(e.text for e in state.events)


TWO = ["Matteo Polo", "Berke Khan"]
THREE = ["Matteo Polo", "Johannes Carpini", "William of Rubruck"]


# ---------------------------------------------------------------------- setup and the round's start
def test_marcopolo_setup_players():
    for bad in (1, 5):
        with pytest.raises(IllegalMove) as info:
            m.new_game(bad)
        assert info.value.rule == "marcopolo.setup.players"


def test_marcopolo_setup_characters_first_game_set():
    s = m.new_game(4, seed=2, first_player=1)
    assert [s.character(k) for k in range(4)] == ["Mercator ex Tabriz", "Raschid ad-Din Sinan", "Matteo Polo",
                                                  "Berke Khan"]
    assert all(len(s.goals(k)) == 2 for k in range(4)) and len(set(sum((s.goals(k) for k in range(4)), ()))) == 8


def test_marcopolo_setup_characters_expert_draft():
    s = m.new_game(3, seed=5, first_player=0, expert_setup=True)
    assert s.current_player == 2 and len(s.legal_moves()) == 4  # the last player chooses first, of 4
    refused(s, Choose("Marco Polo"), "marcopolo.setup.characters", RULES)
    offer = [c.option for c in s.legal_moves()]
    s = s.play(Choose(offer[0]))
    assert s.character(2) == offer[0] and s.current_player == 1 and len(s.legal_moves()) == 3
    s = s.play(s.legal_moves()[0])
    s = s.play(s.legal_moves()[0])
    assert s.current_player == 0 and len(s.dealt[0]) == 4 and s.goals(0) == ()
    options = [c.option for c in s.legal_moves()]
    assert len(options) == 6 and all(o.startswith("goals ") for o in options)
    s = s.play(Choose(options[-1]))
    assert s.goals(0) == m.kept_goals(options[-1])
    kept = [e for e in s.events if "keeps" in e.text]
    assert kept and kept[0].seen_from(1).text == "Ada keeps 2 goal cards."


def test_marcopolo_setup_characters_left_to_chance():
    named = "Berke Khan"
    s = m.new_game(4, seed=7, characters=[None, named, None, None])
    chars = [s.character(k) for k in range(4)]
    assert chars[1] == named and len(set(chars)) == 4 and set(chars) <= {c.name for c in m.CHARACTERS}
    again = m.new_game(4, seed=7, characters=[None, named, None, None])
    assert [again.character(k) for k in range(4)] == chars  # the same seed deals the same
    assert s.setup["characters"] == [None, named, None, None] and m.new_game(**s.setup) == s
    assert m.from_json(s.to_json()) == s
    everyone = {tuple(m.new_game(3, seed=g, characters=[None] * 3).character(k) for k in range(3)) for g in range(8)}
    assert len(everyone) > 1 and all(len(set(c)) == 3 for c in everyone)  # a fully random deal


def test_marcopolo_setup_characters_offer_left_to_chance():
    s = m.new_game(2, seed=3, expert_setup=True, characters=["Matteo Polo", None, None])
    offer = [c.option for c in s.legal_moves()]
    assert "Matteo Polo" in offer and len(set(offer)) == 3
    assert m.new_game(**s.setup) == s and m.from_json(s.to_json()) == s


def test_characters_left_to_chance_change_nothing_else_the_seed_deals():
    for expert in (False, True):
        s = m.new_game(3, seed=11, expert_setup=expert)
        chance = m.new_game(3, seed=11, expert_setup=expert, characters=[None] * (4 if expert else 3))
        def deal(g):
            return g.cards, g.tiles, g.markers, g.board, g.piles, g.dealt, [hand[0] for hand in g.hands]

        assert deal(chance) == deal(s)  # the start contracts, whatever Matteo draws after them


def test_new_game_refuses_impossible_setups():
    with pytest.raises(ValueError, match="unknown character 'Marco'"):
        m.new_game(2, characters=["Marco", "Berke Khan"])
    with pytest.raises(ValueError, match="given twice"):
        m.new_game(2, characters=["Berke Khan", "Berke Khan"])
    with pytest.raises(ValueError, match="Berke Khan given twice"):
        m.new_game(3, characters=["Berke Khan", None, "Berke Khan"])
    with pytest.raises(ValueError, match="unknown character 'Marco'"):
        m.new_game(2, characters=[None, "Marco"])
    with pytest.raises(ValueError, match="city card 3 given twice"):
        m.new_game(2, city_cards=[3, 3, 4, 5, 6, 7, 8, 9, 10])
    with pytest.raises(ValueError, match="a die shows 1 to 6, not 7"):
        m.new_game(2, rolls=[[7, 1, 1, 1, 1], [1, 1, 1, 1, 1]])
    with pytest.raises(ValueError, match="not a start contract"):
        m.new_game(2, start_contracts=[0, 29])
    with pytest.raises(ValueError, match="goal card 3 given twice"):
        m.new_game(2, goals=[[3, 4], [3, 5]])
    with pytest.raises(ValueError, match="unknown flag"):
        m.new_game(2, expert=True)


def test_what_new_game_is_given_is_dealt():
    piles = [list(range(k * 6, k * 6 + 6)) for k in range(4)] + [[24, 25, 26, 27, 28, 30], [31, 32, 33, 34, 35, 36,
                                                                                            37, 38]]
    s = m.new_game(2, seed=4, characters=TWO, city_cards=list(range(9)), outposts=[10, 9, 8, 7, 6, 5, 4],
                   start_contracts=[41, 42], goals=[[0, 1], [2, 3]], contracts=piles, rolls=[SIXES, [6] * 5])
    assert s.city_cards["Sumatra 3"] == 8 and s.outposts["Moscow"] == 10 and s.outposts["Sumatra"] == 4
    assert s.board_contracts == (0, 1, 2, 3, 4, 5) and s.goals(1) == (2, 3)
    assert s.contracts(0) == (41, 31)  # Matteo draws the special pile's top at the round's start
    assert m.new_game(**s.setup) == s


def test_marcopolo_round_start_player():
    s = game(THREE)
    s = idle(s)
    s = s.play(Travel((6, 6), ("Oasis A",))).play(m.EndTurn())
    log: list[str] = []
    while s.round == 1:
        s = idle(s, log)
    assert s.start_player == 1 and "Round 2 begins; Ben is start player (the last to travel)." in log
    while s.round == 2:
        s = idle(s)
    assert s.start_player == 1 and s.round == 3  # nobody travelled: unchanged


def test_marcopolo_round_income():
    s = game(["Niccolò and Marco Polo", "Johannes Carpini"]).arrange(0, posts=["Kochi", "Ormuz"])
    camels, coins, vp = s.camels, s.coins, s.vp
    log: list[str] = []
    while s.round == 1:
        s = idle(s, log)
    assert s.vp[0] == vp[0] + 3 and s.camels[0] >= camels[0] + 3 + 1 and s.coins[1] >= coins[1] + 3
    assert "Ada receives Kochi's bonus (round start): 3 VP." in log
    assert "Ada receives Ormuz's bonus (round start): 3 camels." in log
    assert "Ada receives Niccolò and Marco Polo's income: 1 camel." in log
    assert "Ben receives Johannes Carpini's income: 3 coins." in log


def test_marcopolo_round_collect_and_roll():
    s = game(TWO).arrange(0, camels=3).play(m.BuyBlackDie())
    assert s.black_dice_left == 2
    while s.round == 1:
        s = idle(s)
    assert s.black_dice_left == 3 and all(seat is None for sp in s.placed.values() for seat, _ in sp)
    assert len(s.dice(0)) == 6 and len(s.dice(1)) == 5 and Die(0) not in s.dice(1)
    raschid = game(["Raschid ad-Din Sinan", "Berke Khan"])
    assert raschid.dice(0) == (Die(0),) * 5 and "does not roll" in texts(raschid)


def test_marcopolo_round_compensation():
    s = game(TWO, rolls=[[1, 1, 1, 1, 1, 1], [6] * 5])
    assert s.current_player == 0 and len(s.legal_moves()) == 10  # 9 short: 0..9 camels
    refused(s, Choose("10 coins"), "marcopolo.round.compensation", RULES)
    refused(s, m.FiveCoins(1), "core.not-now", RULES)
    after = s.play(Choose("9 coins"))
    assert after.coins[0] == s.coins[0] + 9


# ---------------------------------------------------------------------- turns
def test_marcopolo_turn_not_your_turn():
    s = game(TWO)
    refused(s, m.FiveCoins(6), "marcopolo.turn.not-your-turn", RULES, seat=1, words=("Ada", "Ben"))
    assert s.check(m.FiveCoins(6), seat=0) is None


def test_marcopolo_turn_main_action():
    s = game(TWO)
    refused(s, m.EndTurn(), "marcopolo.turn.main-action", RULES)
    s = s.play(m.FiveCoins(6))
    refused(s, m.Bazaar("camel", (6,), 1), "marcopolo.turn.main-action", RULES)
    assert s.play(m.EndTurn()).current_player == 1


def test_marcopolo_turn_no_dice():
    s = game(THREE).arrange(1, dice=[])
    s = idle(s)
    assert s.current_player == 2 and "Ben has no dice left" in texts(s)


def test_marcopolo_bonus_not_during_action():
    s = game(TWO).arrange(0, contracts=[6], camels=3, silk=3, pepper=2)
    s = s.play(m.Fulfil(6))
    assert "chooses 1 good" in s.pending
    refused(s, m.Fulfil(6), "marcopolo.bonus.not-during-action", RULES)
    refused(s, m.CoinBag(6), "marcopolo.bonus.not-during-action", RULES)
    refused(s, Choose("diamonds"), "marcopolo.reward.choice", RULES)


# ---------------------------------------------------------------------- dice and spaces
def test_marcopolo_dice_not_yours():
    s = game(TWO)
    refused(s, m.FiveCoins(3), "marcopolo.dice.not-yours", RULES, words=("no die 3",))
    refused(s, m.FiveCoins(Die(6, "black")), "marcopolo.dice.not-yours", RULES)
    refused(s, m.Travel((6, 6, 6), ("Oasis A",)), "marcopolo.dice.count", RULES)
    refused(s, m.CoinBag(Die(2, "white")), "marcopolo.dice.not-yours", RULES)


def test_marcopolo_dice_count():
    s = game(TWO)
    refused(s, m.Bazaar("silk", (6,), 1), "marcopolo.dice.count", RULES, words=("exactly 2 dice",))
    refused(s, m.Travel((6,), ("Oasis A",)), "marcopolo.dice.count", RULES)


def test_marcopolo_dice_colour_once():
    s = game(TWO).arrange(0, camels=3)
    s = idle(s.play(m.Travel((6, 6), ("Oasis A",))).play(m.EndTurn()))
    refused(s, m.Travel((6, 6), ("Moscow",)), "marcopolo.dice.colour-once", RULES)


def test_marcopolo_space_fee_and_cannot_pay():
    s = game(["Matteo Polo", "Johannes Carpini"])
    s = s.play(m.Bazaar("pepper", (6,), 1)).play(m.EndTurn())
    after = s.play(m.Bazaar("pepper", (6,), 6))
    assert after.coins[1] == s.coins[1] - 6 + 0 and "Ben pays 6 coins as the fee of the pepper bazaar." in texts(after)
    refused(s.arrange(1, coins=5), m.Bazaar("pepper", (6,), 1), "marcopolo.space.cannot-pay", RULES)


def test_marcopolo_space_taken():
    s = game(["Matteo Polo", "Berke Khan"], city_cards=[0, 1, 2, 3, 4, 5, 6, 7, 8])
    s = s.arrange(0, posts=["Moscow"]).arrange(1, posts=["Moscow"])
    s = s.play(m.CityCard("Moscow", 6, 1)).play(m.EndTurn())
    refused(s, m.CityCard("Moscow", 6, 1), "marcopolo.space.taken", RULES)
    full = s.redrawn(spaces=tuple(((0, Die(6)),) * 4 if name == "khan" else dice
                                  for name, dice in zip(SPACES, s.spaces)))
    refused(full, m.KhansFavor(6, "gold"), "marcopolo.space.taken", RULES, words=("full",))


# ---------------------------------------------------------------------- main actions
def test_marcopolo_travel_steps():
    s = game(TWO, rolls=[[5] * 6, [6] * 5])
    refused(s, Travel((5, 5), ("Oasis A", "Moscow", "Anxi", "Karakorum", "Oasis B", "Oasis D", "Beijing")),
            "marcopolo.travel.steps", RULES, words=("Ada cannot travel to Beijing: 7 steps, and the lowest die is 5",))
    refused(s, Travel((5, 5), ("Moscow",)), "marcopolo.travel.steps", RULES, words=("No route joins Venezia and "
                                                                                   "Moscow",))
    refused(s, Travel((5, 5), ("Paris",)), "marcopolo.travel.steps", RULES)
    refused(s, Travel((5, 5), ()), "marcopolo.travel.steps", RULES)
    refused(s, Travel((5, 5), ("Oasis A",), ("Alexandria",)), "marcopolo.travel.steps", RULES)


def test_marcopolo_travel_cannot_pay():
    s = game(TWO).arrange(0, coins=6)
    refused(s, Travel((6, 6), ("Oasis A", "Moscow")), "marcopolo.travel.cannot-pay", RULES, words=("7 coins",))
    refused(s.arrange(0, camels=2, coins=20), Travel((6, 6), ("Oasis E",)), "marcopolo.travel.cannot-pay", RULES)


def test_marcopolo_travel_arrive():
    s = game(TWO, outposts=[2, 1, 3, 4, 5, 6, 9]).arrange(0, coins=7)
    after = s.play(Travel((6, 6), ("Oasis A", "Moscow")))
    assert after.posts(0) == ("Moscow",) and after.coins[0] == 5 and after.outposts["Moscow"] is None
    assert "Ada is first in Moscow and takes its outpost tile: 5 coins." in texts(after)
    oasis = s.play(Travel((6, 6), ("Oasis A",)))
    assert oasis.posts(0) == ()


def test_marcopolo_bazaar_column():
    s = game(TWO, rolls=[[3, 6, 6, 6, 6, 6], [6] * 5])
    refused(s, m.Bazaar("pepper", (3,), 4), "marcopolo.bazaar.column", RULES, words=("columns 1 to 3",))
    after = s.play(m.Bazaar("pepper", (3,)))
    assert after.goods(0)["pepper"] == 2 and after.coins[0] == s.coins[0] + 1
    after = s.play(m.Bazaar("gold", (6, 6, 6), 3))
    assert after.goods(0)["gold"] == 2 and after.camels[0] == s.camels[0] + 2
    refused(s, m.Bazaar("diamonds", (6,), 1), "core.not-a-move", RULES)


def test_marcopolo_khan_too_low():
    s = game(["Matteo Polo", "Johannes Carpini"], rolls=[SIXES, [5, 6, 6, 6, 6]])
    s = s.play(m.KhansFavor(6, "silk")).play(m.EndTurn())
    refused(s, m.KhansFavor(5, "silk"), "marcopolo.khan.too-low", RULES, words=("at least 6",))


def test_marcopolo_contract_space():
    s = game(TWO, rolls=[[3, 6, 6, 6, 6, 6], [6] * 5]).arrange(0, contracts=[])
    refused(s, m.TakeContracts(3, (4,)), "marcopolo.contract.space", RULES, words=("spaces 1 to 3",))
    refused(s, m.TakeContracts(3, (1, 2, 3)), "marcopolo.contract.space", RULES)
    refused(s, m.TakeContracts(6, (5,)), "marcopolo.contract.space", RULES)
    board = s.board_contracts
    after = s.play(m.TakeContracts(3, (1, 3)))
    assert after.contracts(0) == (board[0], board[2])
    assert after.board_contracts == (board[1], board[3], board[4], board[5], None, None)


def test_marcopolo_contract_hand_limit():
    s = game(TWO)
    board = s.board_contracts
    held = s.contracts(0)
    one = s.play(m.TakeContracts(6, (1,)))
    refused(one, Choose(f"discard contract {board[0]}"), "marcopolo.contract.hand-limit", RULES)
    after = one.play(Choose(f"discard contract {held[1]}"))
    assert after.contracts(0) == (held[0], board[0]) and after.special[-1] == held[1]


def test_marcopolo_contract_refill():
    s = game(THREE).arrange(0, contracts=[]).arrange(1, contracts=[]).arrange(2, contracts=[])
    board = s.board_contracts
    s = s.play(m.TakeContracts(6, (1, 2))).play(m.EndTurn())
    s = s.play(m.TakeContracts(6, (1, 2))).play(m.EndTurn())
    s = s.play(m.TakeContracts(6, (1, 2)))
    assert s.board_contracts == (None,) * 6
    top = s.special[:2]
    s = s.play(m.EndTurn())
    assert s.board_contracts[:2] == top and "The contract board is empty: the special pile gives" in texts(s)
    assert set(board) <= set(s.contracts(0) + s.contracts(1) + s.contracts(2))


def test_marcopolo_contract_space_with_nothing_on_the_board():
    s = game(TWO)
    empty = s.redrawn(board=(-1,) * 6, special=(), hidden=0, unused=s.unused + s.board + s.special)
    refused(empty, m.TakeContracts(6, (1,)), "marcopolo.contract.space", RULES, words=("No contract",))


def test_marcopolo_city_no_post_and_just_arrived():
    s = game(TWO, city_cards=[14, 1, 2, 3, 4, 5, 6, 7, 8], outposts=[1, 2, 3, 4, 5, 6, 9]).arrange(0, camels=4)
    refused(s, m.CityCard("Moscow", 6, 1), "marcopolo.city.no-post", RULES)
    refused(s, m.CityCard("Sumatra", 6, 1), "core.not-a-move", RULES, words=("Sumatra 1",))
    moved = s.arrange(0, at="Oasis A", contracts=[42], pepper=3).play(m.Fulfil(42)).play(Choose("move to Moscow"))
    refused(moved, m.CityCard("Moscow", 6, 1), "marcopolo.city.just-arrived", RULES)
    after = s.arrange(0, posts=["Moscow"]).play(m.CityCard("Moscow", 6, 2))
    assert after.camels[0] == 0 and after.vp[0] == 2 and after.coins[0] == s.coins[0] + 4


def test_marcopolo_city_repeats_and_cannot_pay():
    s = game(TWO, city_cards=[14, 12, 27, 3, 4, 5, 6, 7, 8], rolls=[[2, 6, 6, 6, 6, 6], [6] * 5])
    s = s.arrange(0, posts=["Moscow", "Karakorum", "Samarcanda"], camels=4, coins=4, pepper=1)
    refused(s, m.CityCard("Moscow", 2, 3), "marcopolo.city.repeats", RULES, words=("1 to 2",))
    refused(s, m.CityCard("Moscow", 2, 0), "marcopolo.city.repeats", RULES)
    refused(s.arrange(0, camels=3), m.CityCard("Moscow", 2, 2), "marcopolo.city.cannot-pay", RULES)
    refused(s, m.CityCard("Karakorum", 2, ("pepper", "diamonds")), "marcopolo.city.repeats", RULES)
    refused(s.arrange(0, coins=3), m.CityCard("Karakorum", 2, ("pepper", "gold")), "marcopolo.city.cannot-pay", RULES)
    after = s.play(m.CityCard("Karakorum", 2, ("pepper", "gold")))
    assert after.coins[0] == 0 and after.goods(0) == {"pepper": 2, "silk": 0, "gold": 1}
    trade = s.arrange(0, dice=[6]).play(m.CityCard("Samarcanda", 6, ("sell pepper", "buy silk")))
    assert trade.goods(0) == {"pepper": 0, "silk": 1, "gold": 0} and trade.camels[0] == 4


# ---------------------------------------------------------------------- bonus actions
def test_marcopolo_bonus_fulfil():
    s = game(TWO).arrange(0, contracts=[41], camels=1, gold=0)
    refused(s, m.Fulfil(41), "marcopolo.bonus.fulfil", RULES, words=("1 camel and 1 gold",))
    refused(s, m.Fulfil(40), "marcopolo.bonus.fulfil", RULES, words=("not among",))
    after = s.arrange(0, gold=1).play(m.Fulfil(41))
    assert after.completed(0) == (41,) and after.vp[0] == 2 and after.camels[0] == 3 and after.contracts(0) == ()


def test_marcopolo_bonus_coins3():
    s = game(TWO)
    after = s.play(m.CoinBag(6)).play(m.CoinBag(6))
    assert after.coins[0] == s.coins[0] + 6 and len(after.dice(0)) == len(s.dice(0)) - 2


def test_marcopolo_bonus_reroll():
    s = game(TWO).arrange(0, camels=0)
    refused(s, m.Reroll(6), "marcopolo.bonus.reroll", RULES, words=("1 camel",))
    after = s.arrange(0, camels=1).play(m.Reroll(6))
    assert after.camels[0] == 0 and len(after.dice(0)) == 6 and "rerolls 6" in texts(after)


def test_marcopolo_bonus_adjust():
    s = game(TWO).arrange(0, camels=1)
    refused(s, m.Adjust(6, -1), "marcopolo.bonus.adjust", RULES, words=("2 camels",))
    refused(s.arrange(0, camels=2), m.Adjust(6, 2), "marcopolo.bonus.adjust", RULES)
    refused(game(["Raschid ad-Din Sinan", "Berke Khan"]).arrange(0, camels=5), m.Adjust(Die(0), 1),
            "marcopolo.bonus.adjust", RULES)


def test_marcopolo_bonus_black_die():
    s = game(TWO).arrange(0, camels=2)
    refused(s, m.BuyBlackDie(), "marcopolo.bonus.black-die", RULES, words=("3 camels",))
    none = s.redrawn(black_left=0).arrange(0, camels=9)
    refused(none, m.BuyBlackDie(), "marcopolo.bonus.black-die", RULES, words=("no black die",))


# ---------------------------------------------------------------------- posts and rewards
def test_marcopolo_post_place():
    s = game(TWO, outposts=[1, 2, 3, 4, 5, 6, 9])
    nine = ["Moscow", "Anxi", "Karakorum", "Samarcanda", "Kashgar", "Lan-Zhou", "Xian", "Ormuz", "Adana"]
    s = s.arrange(0, posts=nine, coins=3, at="Oasis A")
    refused(s, Choose("x"), "core.not-now", RULES)
    with pytest.raises(ValueError, match="more posts"):
        s.arrange(0, posts=nine + ["Kochi"])
    with pytest.raises(ValueError, match="Venezia"):
        s.arrange(0, posts=["Venezia"])
    s = s.arrange(0, at="Venezia", coins=3).play(Travel((6, 6), ("Alexandria",)))
    refused(s, Choose("the post from Paris"), "marcopolo.post.place", RULES)
    after = s.play(Choose("the post from Adana"))
    assert "Alexandria" in after.posts(0) and "Adana" not in after.posts(0) and after.goods(0)["gold"] == 2


def test_marcopolo_reward_move():
    s = game(TWO).arrange(0, contracts=[42], camels=1, pepper=3)
    s = s.play(m.Fulfil(42))
    assert [c.option for c in s.legal_moves()] == ["move to Oasis A", "move to Alexandria", "stay"]
    refused(s, Choose("move to Oasis E"), "marcopolo.reward.move", RULES)
    assert s.play(Choose("stay")).figures(0) == ("Venezia",)


def test_marcopolo_reward_black_die():
    s = game(TWO).arrange(0, contracts=[18], camels=1, pepper=3)
    after = s.play(m.Fulfil(18))
    assert any(d.kind == "black" for d in after.dice(0)) and after.black_dice_left == 2
    empty = s.redrawn(black_left=0).play(m.Fulfil(18))
    assert not any(d.kind == "black" for d in empty.dice(0)) and "is lost" in texts(empty)


def test_marcopolo_reward_choice():
    s = game(TWO).arrange(0, contracts=[14], camels=3, pepper=1, silk=1, gold=1)
    s = s.play(m.Fulfil(14))
    assert [c.option for c in s.legal_moves()] == ["pepper and silk", "pepper and gold", "silk and gold"]
    refused(s, Choose("gold and gold"), "marcopolo.reward.choice", RULES)
    assert s.play(Choose("silk and gold")).goods(0) == {"pepper": 0, "silk": 1, "gold": 1}


def test_marcopolo_reward_special_contract():
    s = game(TWO).arrange(0, contracts=[39], camels=2, pepper=1, silk=1)
    top = s.special[0]
    after = s.play(m.Fulfil(39))
    assert after.contracts(0) == (top,)
    empty = s.redrawn(special=(), hidden=0, unused=s.unused + s.special)
    assert empty.play(m.Fulfil(39)).contracts(0) == ()
    full = game(TWO).arrange(0, contracts=[39, 41], camels=2, pepper=1, silk=1).play(m.Fulfil(39))
    assert full.contracts(0) == (41, top)  # room for it after fulfilling
    two = game(TWO).arrange(0, contracts=[1, 41], camels=3, pepper=1, silk=1, gold=1)
    asked = two.play(m.Fulfil(1))
    assert asked.contracts(0) == (41, top) and asked.pending is None


def test_marcopolo_round_end():
    s = game(TWO)
    board = [c for c in s.board_contracts if c is not None]
    nxt = s.piles[1]
    log: list[str] = []
    while s.round == 1:
        s = idle(s, log)
    assert s.board_contracts == nxt and set(board) <= set(s.special)
    leftovers = ", ".join(map(str, board[:-1])) + f" and {board[-1]}"
    assert any(line.startswith(f"Round 1 ends. Contracts {leftovers} go under the special pile.") for line in log)


def test_marcopolo_game_end():
    s = game(TWO)
    while not s.is_over:
        s = s.play(s.legal_moves()[0]) if s.pending else idle(s)
    assert s.round == m.ROUNDS and s.winners() and s.legal_moves() == []
    assert "Final scoring." in texts(s) and "The game is over" in texts(s)
    refused(s, m.EndTurn(), "core.game-over", RULES)


def test_scoring_note_the_most_vp_then_the_most_camels_then_shared():
    assert "VP" in m.SCORING_NOTE and "camels" in m.SCORING_NOTE and "shared" in m.SCORING_NOTE
    s = game(THREE)
    while not s.is_over:
        s = s.play(s.legal_moves()[0]) if s.pending else idle(s)

    def ending(vp, camels):
        return s.redrawn(wealth=tuple((w[0], c, *w[2:5], v) for w, v, c in zip(s.wealth, vp, camels)))

    assert ending((31, 30, 29), (0, 6, 9)).winners() == (0,)
    assert ending((30, 30, 29), (4, 6, 9)).winners() == (1,)
    assert ending((30, 30, 29), (6, 6, 9)).winners() == (0, 1)


def test_keeps_secrets_while_any_seat_holds_goal_cards():
    s = game(THREE)
    assert m.keeps_secrets(s) and all(len(s.goals(seat)) == 2 for seat in range(3))
    while not s.is_over:
        s = s.play(s.legal_moves()[0]) if s.pending else idle(s)
        assert m.keeps_secrets(s) and all(s.goals(seat) for seat in range(3))


# ---------------------------------------------------------------------- saves and secrets
def test_damaged_saves_are_refused():
    s = game(TWO)
    assert m.from_json(s.to_json()) == s
    assert "contracts" in save_refusal(m, damaged(s, set_at(["contracts", 0], [0, 0])))
    assert "posts" in save_refusal(m, damaged(s, set_at(["posts", 0], ["Venezia"])))
    assert "round" in save_refusal(m, damaged(s, set_at(["round"], 6)))
    doc = json.loads(s.to_json())
    doc["wealth"][0][0] = -1
    assert "negative" in save_refusal(m, json.dumps(doc))
    doc = json.loads(m.new_game(2, seed=2, characters=[None, "Berke Khan"]).to_json())
    doc["table"]["characters"][1] = "Marco"
    assert "table.characters[1]" in save_refusal(m, json.dumps(doc))


def test_goal_cards_are_seen_only_by_their_holder():
    s = m.new_game(3, seed=8)
    dealt = [e for e in s.events if "goal cards" in e.text]
    assert len(dealt) == 3 and dealt[0].seen_from(0) is dealt[0]
    assert dealt[0].seen_from(1).text == "Ada is dealt 2 goal cards." and dealt[0].seen_from(None).data == {}
    secret = [sc.goal_cards + sc.goal_cities for sc in s.final_scores()]
    assert [a - b for a, b in zip(s.scores(), s.public_scores())] == secret


def test_determinize_redraws_only_what_the_seat_cannot_know():
    s = m.new_game(3, seed=9)
    for _ in range(25):
        s = s.play(random.Random(len(s.events)).choice(s.legal_moves()))
    world = s.determinize(0, random.Random(1))
    assert world.goals(0) == s.goals(0) and world.dice(1) == s.dice(1) and world.board == s.board
    assert world.legal_moves() == s.legal_moves()
    others = [world.determinize(0, random.Random(k)).goals(1) for k in range(6)]
    assert len(set(others)) > 1 and all(s.goals(0)[0] not in g for g in others)
    unseen = sorted([c for p in s.piles for c in p] + list(s.special[: s.hidden]))
    assert sorted([c for p in world.piles for c in p] + list(world.special[: world.hidden])) == unseen
    assert world.special[world.hidden:] == s.special[s.hidden:]
    assert world.luck != s.luck


# ---------------------------------------------------------------------- moves as text, bad input, positions
def test_moves_read_back_from_their_text():
    examples = {
        "travel with 3 5: Oasis A, Moscow": Travel((3, 5), ("Oasis A", "Moscow")),
        "travel with 3 black 5: Oasis A; figure 2: Alexandria": Travel((3, Die(5, "black")), ("Oasis A",),
                                                                       ("Alexandria",)),
        "travel with 2 white 6: figure 2: Alexandria": Travel((Die(6, "white"), 2), (), ("Alexandria",)),
        "bazaar silk with 2 5, column 2": m.Bazaar("silk", (5, 2), 2),
        "khan's favor with 4: gold": m.KhansFavor(4, "gold"),
        "take contracts from spaces 5 and 6 with 6: camels, coins": m.TakeContracts(6, (6, 5), ("coins", "camels")),
        "take contracts from space 2 with 3": m.TakeContracts(3, (2,)),
        "five coins with black 2": m.FiveCoins(Die(2, "black")),
        "city card Sumatra 2 with 4: 3 times": m.CityCard("Sumatra 2", 4, 3),
        "city card Moscow with 4: figure 2, Oasis A, Moscow": m.CityCard("Moscow", 4, ("figure 2", "Oasis A",
                                                                                         "Moscow")),
        "city card Karachi with 2: Moscow for pepper and silk": m.CityCard("Karachi", 2, ("Moscow for pepper and "
                                                                                           "silk",)),
        "fulfil contract 12": m.Fulfil(12),
        "coin bag with 3": m.CoinBag(3),
        "reroll white 1": m.Reroll(Die(1, "white")),
        "adjust 6 to 5": m.Adjust(6, -1),
        "buy a black die": m.BuyBlackDie(),
        "end turn": m.EndTurn(),
        "choose 2 coins and 1 camel": Choose("2 coins and 1 camel"),
    }
    for text, move in examples.items():
        assert str(move) == text and m.parse_move(text) == move
    with pytest.raises(ValueError, match="not a Marco Polo move"):
        m.parse_move("sail to Paris")
    s = m.new_game(4, seed=6, characters=["Niccolò and Marco Polo", "William of Rubruck", "Johannes Carpini",
                                          "Raschid ad-Din Sinan"])
    rng = random.Random(6)
    for _ in range(300):
        if s.is_over:
            break
        for move in s.legal_moves():
            assert m.parse_move(str(move)) == move
        s = s.play(rng.choice(s.legal_moves()))


def test_moves_of_a_wrong_shape_are_refused_with_a_rule():
    s = game(["Matteo Polo", "Niccolò and Marco Polo", "Raschid ad-Din Sinan"]).arrange(0, posts=["Moscow"])
    odd = [
        Travel("abc", "Moscow"), Travel((6, 6), 5), Travel((Die(6), "x"), ("Oasis A",)), Travel((6, 6), (None,)),
        Travel((6.0, 6), ("Oasis A",)), Travel((True, 6), ("Oasis A",)), Travel(None, None),
        m.Bazaar(None, None), m.Bazaar("silk", (6, 6), "2"), m.Bazaar("silk", "66", 1), m.Bazaar(["silk"], (6,), 1),
        m.KhansFavor(None, None), m.KhansFavor(6, ["gold"]), m.TakeContracts(None, None), m.TakeContracts(6, "12"),
        m.TakeContracts(6, (7,)), m.TakeContracts(6, (5,), (None,)), m.FiveCoins(Die(6, "green")),
        m.CityCard(None, None, None), m.CityCard("Moscow", 6, None), m.CityCard("Moscow", 6, (1, 2)),
        m.CityCard(["Moscow"], 6, 1), m.Fulfil("x"), m.Fulfil(99), m.CoinBag("6"), m.Adjust(6, "a"),
        m.Adjust(None, 1), m.Choose(None), "end turn", None,
    ]
    for state in (s, s.play(m.FiveCoins(6)), m.new_game(3, seed=2, expert_setup=True)):
        for move in odd:
            problem = state.check(move)
            assert isinstance(problem, IllegalMove) and problem.message.endswith("."), move
            with pytest.raises(IllegalMove) as info:
                state.play(move)
            assert info.value.rule == problem.rule
            assert str(move)


def test_arrange_refuses_the_impossible():
    s = game(TWO)
    with pytest.raises(ValueError, match="Venezia"):
        s.arrange(0, posts=["Venezia"])
    with pytest.raises(ValueError, match="more posts"):
        s.arrange(0, posts=["Moscow", "Anxi", "Karakorum", "Samarcanda", "Kashgar", "Lan-Zhou", "Xian", "Ormuz",
                            "Adana", "Kochi"])
    with pytest.raises(ValueError, match="twice"):
        s.arrange(0, contracts=[3], completed=[3])
    with pytest.raises(ValueError, match="at most 2"):
        s.arrange(0, contracts=[1, 2, 3])
    with pytest.raises(ValueError, match="coins"):
        s.arrange(0, coins=-1)
    with pytest.raises(ValueError, match="2 figures"):
        game(["Niccolò and Marco Polo", "Berke Khan"]).arrange(0, at="Moscow")
    taken = s.board_contracts[2]
    after = s.arrange(1, contracts=[taken])
    assert after.contracts(1) == (taken,) and taken not in after.board_contracts
    beijing = game(["Kubilai Khan", "Berke Khan"]).arrange(1, posts=["Beijing"])
    assert beijing.beijing == (0, 1, None, None)


def test_a_place_a_city_card_a_good_or_an_extra_in_any_case_is_the_same_move_written_as_the_game_writes_it():
    assert m.Travel((1, 1), ("oasis a", "MOSCOW")) == m.Travel((1, 1), ("Oasis A", "Moscow"))
    assert m.Bazaar("Pepper", (3,)) == m.Bazaar("pepper", (3,))
    assert m.KhansFavor(4, " SILK") == m.KhansFavor(4, "silk")
    assert m.CityCard("alexandria", 2, ("3 Coins",)) == m.CityCard("Alexandria", 2, ("3 coins",))
    assert m.TakeContracts(6, (5,), ("Coins",)) == m.TakeContracts(6, (5,), ("coins",))
    assert str(m.Travel((2, 2), ("oasis a",))) == str(m.Travel((2, 2), ("Oasis A",)))
    s = answered(game(["Berke Khan", "Matteo Polo", "Raschid ad-Din Sinan"]))
    assert s.check(m.Travel((6, 6), ("oasis a",))) is None and s.check(m.Bazaar("PEPPER", (6,))) is None
    assert s.play(m.Bazaar("PEPPER", (6,))) == s.play(m.Bazaar("pepper", (6,)))
    refused(s, m.Travel((6, 6), ("atlantis",)), "marcopolo.travel.steps", m.RULES, words=("atlantis",))
