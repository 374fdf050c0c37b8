"""Each of the eight characters of The Voyages of Marco Polo bends one rule (``docs/rules/marcopolo.md``, table
2.13): every power in at least one scenario."""

from __future__ import annotations

from support.protocol_checks import refused

from boardgames import marcopolo as m

RULES = m.RULES
Die, Travel, Choose = m.Die, m.Travel, m.Choose


def game(characters, rolls=None, **kwargs):
    rolls = rolls or [[6] * (6 if c == "Matteo Polo" else 5) for c in characters]
    return m.new_game(len(characters), seed=1, characters=characters, rolls=rolls, **kwargs)


def texts(state) -> str:
    return "\n".join(e.text for e in state.events)


def test_raschid_sets_each_die_as_he_places_it():
    s = game(["Raschid ad-Din Sinan", "Berke Khan"])
    assert s.dice(0) == (Die(0),) * 5 and str(s.dice(0)[0]) == "?"
    offered = [mv for mv in s.legal_moves() if isinstance(mv, m.Bazaar) and mv.good == "pepper"]
    assert [mv.dice for mv in offered] == [(Die(c),) for c in range(1, 7)]  # the least value for each column
    after = s.play(m.Bazaar("pepper", (4,), 4))
    assert after.goods(0)["pepper"] == 3 and after.dice(0) == (Die(0),) * 4
    refused(s, m.Bazaar("pepper", (7,), 1), "marcopolo.dice.not-yours", RULES, words=("1 to 6",))
    refused(s, m.Reroll(Die(0)), "marcopolo.bonus.reroll", RULES)


def test_raschid_offers_every_value_on_khans_favor():
    s = game(["Raschid ad-Din Sinan", "Berke Khan"])
    values = sorted({mv.die.value for mv in s.legal_moves() if isinstance(mv, m.KhansFavor)})
    assert values == [1, 2, 3, 4, 5, 6]


def test_matteos_white_die_is_no_player_colour():
    s = game(["Matteo Polo", "Berke Khan"], rolls=[[6, 6, 6, 6, 6, 4], [6] * 5])
    assert Die(4, "white") in s.dice(0)
    s = s.play(m.FiveCoins(6)).play(m.EndTurn()).play(m.FiveCoins(6)).play(m.EndTurn())
    refused(s, m.FiveCoins(6), "marcopolo.dice.colour-once", RULES)
    assert s.check(m.FiveCoins(Die(4, "white"))) is None


def test_matteos_white_die_counts_in_the_compensation():
    s = game(["Matteo Polo", "Berke Khan"], rolls=[[1, 1, 1, 1, 1, 6], [6] * 5])
    assert s.current_player == 0 and len(s.legal_moves()) == 5  # 15 - 11 = 4: five mixes


def test_berke_khan_pays_no_fee_and_uses_the_free_exclusive_spaces_like_anyone_else():
    s = game(["Matteo Polo", "Berke Khan"], city_cards=[0, 1, 2, 3, 4, 5, 6, 7, 8])
    s = s.play(m.Bazaar("camel", (6,), 6)).play(m.EndTurn())
    after = s.play(m.Bazaar("camel", (6,), 6))
    assert after.coins[1] == s.coins[1] and after.camels[1] == s.camels[1] + 6
    # a free Khan's Favor slot and a free city card are his as they are anyone's, offered and played
    assert m.KhansFavor(6, "gold") in s.legal_moves()
    favoured = s.play(m.KhansFavor(6, "gold"))
    assert favoured.goods(1)["gold"] == s.goods(1)["gold"] + 1 and favoured.camels[1] == s.camels[1] + 2
    assert favoured.coins[1] == s.coins[1]
    moscow = s.arrange(1, posts=["Moscow"])
    assert m.CityCard("Moscow", 6, 1) in moscow.legal_moves()
    assert moscow.check(m.CityCard("Moscow", 6, 1)) is None


def test_a_taken_city_card_stays_refused_to_berke_khan():
    s = game(["Matteo Polo", "Berke Khan"], city_cards=[0, 1, 2, 3, 4, 5, 6, 7, 8])
    s = s.arrange(0, posts=["Moscow"]).arrange(1, posts=["Moscow"])
    s = s.play(m.CityCard("Moscow", 6, 1)).play(m.EndTurn())
    refused(s, m.CityCard("Moscow", 6, 1), "marcopolo.space.taken", RULES, words=("full",))
    assert not any(isinstance(move, m.CityCard) and move.city == "Moscow" for move in s.legal_moves())


def test_mercator_with_three_players_takes_a_camel_for_khans_favor():
    s = game(["Matteo Polo", "Mercator ex Tabriz", "Berke Khan"])
    after = s.play(m.KhansFavor(6, "pepper"))
    assert after.camels[1] == s.camels[1] + 1
    assert "Ben receives Mercator's share of Ada's use of Khan's Favor: 1 camel." in texts(after)
    assert s.play(m.FiveCoins(6)).coins[1] == s.coins[1]  # coins only with 2 players


def test_mercator_with_four_players():
    s = game(["Matteo Polo", "Mercator ex Tabriz", "Berke Khan", "Johannes Carpini"])
    assert s.play(m.KhansFavor(6, "pepper")).camels[1] == s.camels[1]
    assert s.play(m.Bazaar("gold", (6, 6, 6), 1)).goods(1)["gold"] == 1
    own = s.play(m.Bazaar("gold", (6, 6, 6), 1)).play(m.EndTurn()).play(m.Bazaar("gold", (6, 6, 6), 1))
    assert own.goods(1)["gold"] == 2  # his own purchase: 1 gold from the column and 1 from Ada's earlier


def test_kubilai_khan_starts_in_beijing():
    s = game(["Kubilai Khan", "Berke Khan"])
    assert s.figures(0) == ("Beijing",) and s.posts(0) == ("Beijing",) and s.beijing == (0, None, None, None)
    assert s.posts_left(0) == 8 and s.final_scores()[0].beijing == 10
    after = s.play(Travel((6, 6), ("Xian",)))
    assert after.posts(0) == ("Beijing", "Xian")


def test_niccolo_and_marco_have_two_figures_and_a_camel_a_round():
    s = game(["Niccolò and Marco Polo", "Berke Khan"])
    assert s.figures(0) == ("Venezia", "Venezia") and s.camels[0] == 2 + 1
    s = s.arrange(0, at=("Oasis A", "Venezia"), coins=20)
    after = s.play(Travel((6, 6), ("Moscow",), ("Oasis A", "Moscow")))
    assert after.posts(0) == ("Moscow",) and after.figures(0) == ("Moscow", "Moscow")


def test_niccolo_and_marco_choose_which_figure_steps():
    s = game(["Niccolò and Marco Polo", "Berke Khan"]).arrange(0, contracts=[42], pepper=3, at=("Oasis A",
                                                                                               "Venezia"))
    s = s.play(m.Fulfil(42))
    options = [c.option for c in s.legal_moves()]
    assert "figure 1 to Moscow" in options and "figure 2 to Alexandria" in options and options[-1] == "stay"
    assert s.play(Choose("figure 2 to Alexandria")).figures(0) == ("Oasis A", "Alexandria")


def test_rubrucks_eleventh_post():
    ten = ["Moscow", "Anxi", "Karakorum", "Samarcanda", "Kashgar", "Lan-Zhou", "Xian", "Ormuz", "Adana", "Kochi"]
    s = game(["William of Rubruck", "Berke Khan"], outposts=[1, 2, 3, 4, 5, 6, 9])
    s = s.arrange(0, posts=ten, coins=3)
    assert s.posts_left(0) == 1
    after = s.play(Travel((6, 6), ("Alexandria",)))
    assert after.vp[0] == 10 and after.posts_left(0) == 0
    assert "Ada receives the 11th trading post: 10 VP." in texts(after)


def test_carpini_jumps_over_the_five_coin_route():
    assert m.travel_cost(["Oasis B", "Oasis C"]) == (8, 0)
    assert m.travel_cost(["Oasis B", "Oasis C"], carpini=True) == (3, 0)
    s = game(["Johannes Carpini", "Berke Khan"])
    assert s.coins[0] == 7 + 3  # his income, in round 1 too
    s = s.arrange(0, at="Oasis B", coins=3)
    assert s.play(Travel((6, 6), ("Oasis C",))).coins[0] == 0
