"""Properties of random Marco Polo games (hypothesis): whatever legal moves are played, coins, camels and goods
never go below zero; every change of a seat's coins, camels, goods and VP is explained by the events of the move;
each seat's dice are all somewhere (in hand or on the board) within a round; no player has two posts in one city;
all 44 contracts are each in one place; and ``final_scores`` is what an independent reading of the final scoring
(section 4.2 of the rules page, written again here) gives."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support.protocol_checks import random_plies

from boardgames import marcopolo as m

RESOURCES = ("coins", "camels", "pepper", "silk", "gold", "vp")
GOAL_CITIES = {0: ("Moscow", "Xian", 4), 1: ("Moscow", "Ormuz", 5), 2: ("Moscow", "Kashgar", 7),
               3: ("Karakorum", "Xian", 4), 4: ("Karakorum", "Kochi", 5), 5: ("Karakorum", "Adana", 7),
               6: ("Lan-Zhou", "Kochi", 4), 7: ("Lan-Zhou", "Adana", 5), 8: ("Lan-Zhou", "Ormuz", 6),
               9: ("Samarcanda", "Xian", 4), 10: ("Samarcanda", "Adana", 5), 11: ("Samarcanda", "Kochi", 7),
               12: ("Alexandria", "Anxi", 4), 13: ("Alexandria", "Kashgar", 5), 14: ("Sumatra", "Ormuz", 6),
               15: ("Sumatra", "Anxi", 8), 16: ("Karachi", "Kashgar", 5), 17: ("Karachi", "Anxi", 7)}
CITY_VP = {0: 0, 1: 1, 2: 3, 3: 6, 4: 10}
BEIJING = {0: 10, 1: 7, 2: 4, 3: 1}
BLACK = {2: 3, 3: 4, 4: 5}


def wealth(state, seat) -> tuple[int, ...]:
    goods = state.goods(seat)
    return (state.coins[seat], state.camels[seat], goods["pepper"], goods["silk"], goods["gold"], state.vp[seat])


def expected_final(state, seat, needs_one: bool) -> int:
    """The final scoring of ``seat`` read from the state's public face."""
    posts = set(state.posts(seat))
    total = 0
    named = set()
    for g in state.goals(seat):
        a, b, vp = GOAL_CITIES[g]
        named |= {a, b}
        if a in posts and b in posts:
            total += vp
    total += CITY_VP[min(4, len(named & posts))]
    total += state.coins[seat] // 10
    if seat in state.beijing:
        total += BEIJING[state.beijing.index(seat)]
        total += sum(state.goods(seat).values()) // 2
    most = max(len(state.completed(s)) for s in range(state.players))
    if len(state.completed(seat)) == most and (most or not needs_one):
        total += 7
    return total


def sound(state) -> None:
    n = state.players
    for seat in range(n):
        assert all(x >= 0 for x in wealth(state, seat)[:5]), "a negative amount of coins, camels or goods"
        posts = state.posts(seat)
        assert len(posts) == len(set(posts)), "two posts of one player in one city"
        assert "Venezia" not in posts and not any(p.startswith("Oasis") for p in posts)
    places = Counter(c for c in state.board_contracts if c is not None)
    places.update(state.special)
    places.update(state.unused)
    for pile in state.piles:
        places.update(pile)
    for seat in range(n):
        places.update(state.contracts(seat))
        places.update(state.completed(seat))
    places.update(task[2] for task in state.agenda if task[0] == "keep")
    assert set(places) == set(range(44)) and set(places.values()) == {1}, "a contract lost or in two places"
    placed = [(s, d) for dice in state.placed.values() for s, d in dice]
    for seat in range(n):
        mine = list(state.dice(seat)) + [d for s, d in placed if s == seat]
        if any(d.kind != "black" for d in mine):
            assert sum(d.kind == "own" for d in mine) == 5, f"seat {seat} does not have its 5 dice"
            assert sum(d.kind == "white" for d in mine) == (state.character(seat) == "Matteo Polo")
    black = sum(d.kind == "black" for seat in range(n) for d in state.dice(seat)) + sum(
        d.kind == "black" for _, d in placed)
    assert black + state.black_dice_left == BLACK[n], "a black die lost"
    needs_one = state.table.flag("contracts_bonus_needs_one")
    if not state.is_over:
        assert [f.total for f in state.final_scores()] == [expected_final(state, s, needs_one) for s in range(n)]


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.sampled_from([2, 3, 4]), seed=st.integers(0, 10**6), expert=st.booleans(),
       choices=st.lists(st.integers(0, 2**16), max_size=80))
def test_random_games_keep_resources_dice_posts_contracts_and_scores_sound(players, seed, expert, choices):
    flags = {"expert_setup": expert}
    if not expert:
        flags["characters"] = random.Random(seed).sample([c.name for c in m.CHARACTERS], players)
    state = m.new_game(players, seed=seed, **flags)
    sound(state)
    for _, before, _move, after in random_plies(state, lambda ms, k: ms[k % len(ms)], choices, seed, 1000):
        sound(after)
        for seat in range(players):
            change = [a - b for a, b in zip(wealth(after, seat), wealth(before, seat))]
            told = [sum(e.data.get(r, 0) for e in after.events if e.seat == seat and e.kind != "marcopolo.game.end")
                    for r in RESOURCES]
            told[5] += sum(e.data["vp"] for e in after.events if e.seat == seat and e.kind == "marcopolo.game.end"
                           and "total" in e.data)
            assert change == told, f"{after.names[seat]}'s wealth changed by {change}, the events say {told}"
        if after.is_over:
            final = {e.seat: e.data["total"] for e in after.events if e.kind == "marcopolo.game.end"
                     and "total" in e.data}
            needs_one = after.table.flag("contracts_bonus_needs_one")
            assert final == {seat: expected_final(after, seat, needs_one) for seat in range(players)}


def test_no_two_offered_moves_have_the_same_effect():
    """Every offered move leads to a different position (rerolls left out: their outcome is chance)."""
    names = [c.name for c in m.CHARACTERS]
    for g in range(9):
        players = 2 + g % 3
        state = m.new_game(players, seed=g, characters=random.Random(g).sample(names, players))
        rng = random.Random(g)
        while not state.is_over:
            moves = state.legal_moves()
            after = [state.play(move) for move in moves if not isinstance(move, m.Reroll)]
            assert len(set(after)) == len(after), f"two moves of {moves} have the same effect"
            state = state.play(rng.choice(moves))
