"""The final scoring (rules page, section 4.2): goal cards, goal-card cities, coins, the Beijing post, goods
(with a Beijing post) and the most completed contracts; ``final_scores`` serves the game's end and anyone who
asks what it would give now, and ``leaders`` the tie-break."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from boardgames.core.message import english, say
from boardgames.marcopolo.data import BEIJING_NODE, BEIJING_VP, GOAL_CITY_VP, GOALS, MOST_CONTRACTS_VP
from boardgames.marcopolo.state import Position

# What decides the game, in the words the end panel shows under its table (rule game.end, ``leaders``): a message,
# and its English.
SCORING_SAID = say("The most VP wins; a tie goes to the most camels, then is shared.")
SCORING_NOTE = english(SCORING_SAID)


class FinalScore(NamedTuple):
    """What one seat's final scoring gives, line by line, and ``total``."""

    goal_cards: int
    goal_cities: int
    coins: int
    beijing: int
    goods: int
    contracts: int

    @property
    def total(self) -> int:
        return self.goal_cards + self.goal_cities + self.coins + self.beijing + self.goods + self.contracts


def goal_points(goals: Sequence[int], posts: Sequence[int]) -> tuple[int, int]:
    """(VP of the goal cards with posts in both cities, VP of the distinct goal cities with a post)."""
    have = set(posts)
    cards = sum(GOALS[g].vp for g in goals if all(c in have for c in GOALS[g].cities))
    cities = {c for g in goals for c in GOALS[g].cities}
    return cards, GOAL_CITY_VP[min(len(cities & have), 4)]


def final_score(goals: Sequence[int], posts: Sequence[int], coins: int, beijing_space: int, goods: int,
                completed: int, most: int, needs_one: bool) -> FinalScore:
    """One seat's final score: ``beijing_space`` is its space (0-3) or -1, ``goods`` its pepper + silk + gold,
    ``most`` the most completed contracts of any seat."""
    cards, cities = goal_points(goals, posts)
    in_beijing = beijing_space >= 0 and BEIJING_NODE in posts
    tops = completed == most and (most > 0 or not needs_one)
    return FinalScore(
        goal_cards=cards,
        goal_cities=cities,
        coins=coins // 10,
        beijing=BEIJING_VP[beijing_space] if in_beijing else 0,
        goods=goods // 2 if in_beijing else 0,
        contracts=MOST_CONTRACTS_VP if tops else 0,
    )


def final_scores(s: Position) -> tuple[FinalScore, ...]:
    """Per seat what the final scoring would give now."""
    most = max(len(d) for d in s.done)
    needs_one = bool(s.table.flag("contracts_bonus_needs_one"))
    out = []
    for seat in range(s.players):
        w = s.wealth[seat]
        space = s.beijing_spaces.index(seat) if seat in s.beijing_spaces else -1
        out.append(final_score(s.goal_cards[seat], s.post_list[seat], w[0], space, w[2] + w[3] + w[4],
                               len(s.done[seat]), most, needs_one))
    return tuple(out)


def leaders(vp: Sequence[int], camels: Sequence[int]) -> tuple[int, ...]:
    """The seats with the most VP, ties going to the most camels; players still tied share the win."""
    best = max(vp)
    top = [s for s, v in enumerate(vp) if v == best]
    most = max(camels[s] for s in top)
    return tuple(s for s in top if camels[s] == most)
