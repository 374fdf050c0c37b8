"""A Marco Polo bot that plays like a person who knows the game: each legal move is tried and the position after
it is judged by what this seat can expect by the end (``outlook``).

The judgement, in VP: the VP it has; what the final scoring would give now (goal cards, goal cities, coins,
Beijing, goods, the most contracts); what its coins, camels and goods may still become, more while rounds are
left and more for the goods its contracts ask for; its active contracts, by how much of their price it already
holds; what its trading posts will still pay (small-city bonuses every round, a city card to use); the places it
still wants (the three best cities without its post, by what a post there would bring) weighed by how far its
figure is from them; and its unplaced dice (the actions still to come this round, a high die worth more).
The bot plays the best move (the first of equals).

It never peeks: it judges the moves in a world ``determinize`` draws for its seat, the same world whatever the
hidden facts (other goal cards, the order of the contract piles, future dice) really are.
"""

from __future__ import annotations

import random
from typing import Any

from boardgames.bots import JudgingBot
from boardgames.marcopolo import data
from boardgames.marcopolo.board import distances
from boardgames.marcopolo.data import (
    CARPINI,
    CITIES,
    CONTRACTS,
    GOALS,
    LARGE_CITIES,
    ROUNDS,
    SMALL_CITIES,
    SMALL_CITY_BONUSES,
)
from boardgames.marcopolo.moves import EndTurn, Reroll

WORTH = (0.22, 0.3, 0.4, 0.5, 0.65)  # a coin, a camel, a pepper, a silk, a gold, early in the game
MARKER_WORTH = {"Anxi": 2.1, "Kashgar": 2.2, "Xian": 2.2, "Ormuz": 1.5, "Adana": 2.2, "Kochi": 4.0}
CARD_ACCESS = 3.0  # a large city's card, each round left
DIE = (0.7, 0.12)  # an unplaced die, an action still to come this round: a base and a part per pip
NEAR = 0.8  # what a place one step further away is worth, relatively
WANTED = 0.6  # the share of the best places' worth that being able to reach them is worth


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
        value += (k.vp + 2.0) * (0.15 + 0.55 * covered * covered) * (0.5 + 0.5 * late)
    for i in range(5):
        useful = min(wealth[i], need[i]) if i else 0
        value += late * WORTH[i] * wealth[i] + 0.15 * useful
    value += 1.0 * len(posts) * late
    for p in posts:
        if p in SMALL_CITIES:
            name = SMALL_CITY_BONUSES[state.markers[SMALL_CITIES.index(p)]].name
            value += left * MARKER_WORTH[name]
        elif p in LARGE_CITIES:
            value += left * CARD_ACCESS
    value += _wanted(state, seat, posts, late)
    value += sum(DIE[0] + DIE[1] * (d.value or 6) for d in state.held[seat])  # Raschid's set as he likes
    return value


def post_worth(state: Any, seat: int, place: int, left: int) -> float:
    """What a new post in ``place`` would bring ``seat`` by the end, roughly."""
    worth = 1.0
    if place in SMALL_CITIES:
        marker = SMALL_CITY_BONUSES[state.markers[SMALL_CITIES.index(place)]].name
        worth += (left + 1) * MARKER_WORTH[marker]
    elif place in LARGE_CITIES:
        worth += left * CARD_ACCESS + (2.0 if state.tiles[LARGE_CITIES.index(place)] else 0.0)
    elif -1 in state.beijing_spaces:
        worth += data.BEIJING_VP[state.beijing_spaces.index(-1)] + 1.0
    for g in state.goal_cards[seat]:
        goal = GOALS[g]
        if place in goal.cities:
            worth += 2.0 + goal.vp * (0.8 if any(c in state.post_list[seat] for c in goal.cities) else 0.35)
    return worth


def _wanted(state: Any, seat: int, posts: set, late: float) -> float:
    """The places ``seat`` still wants, each weighed by how near its nearest figure is."""
    carpini = state.chars[seat] == CARPINI
    far = [distances(a, carpini) for a in state.at[seat]]
    left = ROUNDS - state.round
    found = []
    for place in CITIES:
        if place not in posts:
            found.append(post_worth(state, seat, place, left) * NEAR ** min(f[place] for f in far))
    found.sort(reverse=True)
    return WANTED * sum(found[:3]) * late


class ExpertBot(JudgingBot):
    """Plays the move after which ``outlook`` is best for its seat, judged in a world drawn for that seat."""

    def decide(self, state: Any, moves: list) -> Any:
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
