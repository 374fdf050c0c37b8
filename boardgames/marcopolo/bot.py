"""A Marco Polo bot that plays like a person who knows the game: each legal move is tried and the position after
it is judged by what this seat can expect by the end (``outlook``).

The judgement, in VP: the VP it has; what the final scoring would give now (goal cards, goal cities, coins,
Beijing, goods, the most contracts); what its coins, camels and goods may still become, more while rounds are
left and more for the goods its contracts ask for; its active contracts, by how much of their price it already
holds; what its trading posts will still pay (small-city bonuses every round, a city card to use); the places it
still wants (goal cities without a post, Beijing, cities that pay) weighed by how far its figure is from them;
and its unplaced dice (the actions still to come this round). The bot plays the best move (the first of equals).

It never peeks: it judges the moves in a world ``determinize`` draws for its seat, the same world whatever the
hidden facts (other goal cards, the order of the contract piles, future dice) really are.
"""

from __future__ import annotations

import random
from typing import Any

from boardgames.marcopolo import data
from boardgames.marcopolo.board import distances
from boardgames.marcopolo.data import (
    BEIJING_NODE,
    CARPINI,
    CONTRACTS,
    GOALS,
    LARGE_CITIES,
    ROUNDS,
    SMALL_CITIES,
    SMALL_CITY_BONUSES,
)
from boardgames.marcopolo.moves import EndTurn, Reroll

WORTH = (0.22, 0.3, 0.4, 0.5, 0.65)  # a coin, a camel, a pepper, a silk, a gold, early in the game
MARKER_WORTH = {"Anxi": 1.4, "Kashgar": 1.5, "Xian": 1.5, "Ormuz": 1.0, "Adana": 1.5, "Kochi": 3.0}
CARD_ACCESS = 1.2  # a large city's card, each round left
DIE = 1.1  # an unplaced die: an action still to come this round
NEAR = 0.78  # what a place one step further away is worth, relatively


def outlook(state: Any, seat: int) -> float:
    """What ``seat`` can expect from ``state`` by the end of the game, in VP."""
    final = state.final_scores()[seat]
    wealth = state.wealth[seat]
    value = wealth[5] + final.total
    if state.over:
        return value
    left = ROUNDS - state.round  # whole rounds after this one
    late = (left + 0.6) / ROUNDS
    posts = set(state.post_list[seat])
    need = [0, 0, 0, 0, 0]
    for c in state.hands[seat]:
        k = CONTRACTS[c]
        cost = (0, k.camels, k.pepper, k.silk, k.gold)
        for i in range(1, 5):
            need[i] += cost[i]
        have = sum(min(wealth[i], cost[i]) for i in range(1, 5))
        covered = have / max(1, sum(cost))
        value += (k.vp + 2.0) * (0.25 + 0.65 * covered * covered) * (0.5 + 0.5 * late)
    for i in range(5):
        useful = min(wealth[i], need[i]) if i else 0
        value += late * WORTH[i] * wealth[i] + 0.25 * useful
    for p in posts:
        if p in SMALL_CITIES:
            name = SMALL_CITY_BONUSES[state.markers[SMALL_CITIES.index(p)]].name
            value += left * MARKER_WORTH[name]
        elif p in LARGE_CITIES:
            value += left * CARD_ACCESS
    value += _wanted(state, seat, posts, late)
    value += DIE * len(state.held[seat])
    return value


def _wanted(state: Any, seat: int, posts: set, late: float) -> float:
    """The places ``seat`` still wants, each weighed by how near its nearest figure is."""
    carpini = state.chars[seat] == CARPINI
    far = [distances(a, carpini) for a in state.at[seat]]

    def near(place: int) -> float:
        return NEAR ** min(f[place] for f in far)

    value = 0.0
    for g in state.goal_cards[seat]:
        goal = GOALS[g]
        missing = [c for c in goal.cities if c not in posts]
        for c in missing:
            value += (goal.vp / len(missing) * 0.5 + 1.5) * near(c) * late
    if BEIJING_NODE not in posts and -1 in state.beijing_spaces:
        space = state.beijing_spaces.index(-1)
        value += data.BEIJING_VP[space] * 0.6 * near(BEIJING_NODE) * (0.4 + 0.6 * late)
    best = 0.0
    for c in SMALL_CITIES + LARGE_CITIES:
        if c not in posts:
            best = max(best, near(c))
    return value + 2.0 * best * late


class ExpertBot:
    """Plays the move after which ``outlook`` is best for its seat, judged in a world drawn for that seat."""

    def __init__(self, seed: int | None = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: Any) -> Any:
        moves = state.legal_moves()
        if len(moves) == 1:
            return moves[0]
        seat = state.current_player
        world = state.determinize(seat, random.Random(self.rng.getrandbits(32)))
        best, chosen = None, moves[0]
        for move in moves:
            if type(move) is Reroll:
                continue  # a reroll's worth is only known after it; the bot keeps its dice
            value = outlook(world.play(move), seat)
            if type(move) is EndTurn:
                value += 1e-6  # among equals, end the turn
            if best is None or value > best + 1e-9:
                best, chosen = value, move
        return chosen

    def __repr__(self) -> str:
        return "marcopolo.ExpertBot()"
