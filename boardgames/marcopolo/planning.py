"""What a Marco Polo seat can still make of a position, in VP by the game's end: the expert bot's judgement
(``outlook``), for one seat, in one fully known (determinized) world.

The seat has dice still to place, this round and the rounds left, and three kinds of projects to spend them on:

- a **trip**: the cities it means to reach, in order (``trips``), planned from where its figures stand over the
  routes of the map: goal cities, Beijing, small cities whose bonus pays every round, large cities with an
  outpost tile and a city card, the 8th and 9th posts. Each leg is one Travel (two dice), one a round, the
  first this round if the seat still holds two dice; a post placed sooner pays its bonus more often, and
  Beijing's best free space goes to whoever gets there first;
- its **contracts in hand**, worth their VP and reward if it can pay their camels and goods in time;
- **contracts still to take**, an average regular contract each, as many as the rounds left allow.

Every project is played out on one purse (``Purse``): what the seat holds, the income its posts and character
bring every round, then each project's costs and rewards in turn, a reward landing in the purse where the next
project can use it. What the purse lacks costs dice: about 5 coins, 4 camels, 3 pepper, 1.5 silk or 1.1 gold a
die (``PER_UNIT``). Dice left over, coins, goods (with a Beijing post) and camels (for black dice) left at the
end are worth what they bring. The judgement is the best trip with the contracts it leaves room for, plus the
VP the seat holds, its posts' final scoring and the most-contracts bonus it can expect.
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from functools import cache, lru_cache
from typing import Any, NamedTuple

from boardgames.core.message import Message, say
from boardgames.marcopolo.board import IS_CITY, NAMES, distances, neighbours, place_word
from boardgames.marcopolo.data import (
    ANY_MARKER,
    BEIJING_NODE,
    BEIJING_VP,
    BERKE,
    CARD_CITY,
    CARPINI,
    CITY_CARDS,
    CONTRACTS,
    GOALS,
    LARGE_CITIES,
    MATTEO,
    MERCATOR,
    MOST_CONTRACTS_VP,
    OUTPOST_BY_NUMBER,
    OWN_DICE,
    POLOS,
    POST_BONUS,
    POSTS,
    RASCHID,
    REGULAR_CONTRACTS,
    ROUNDS,
    RUBRUCK,
    RUBRUCK_POSTS,
    SMALL_CITIES,
    SMALL_CITY_BONUSES,
    STEP_COINS,
    reward_word,
)
from boardgames.marcopolo.scoring import final_scores, goal_points

# ---------------------------------------------------------------------- the exchange rates
PER_UNIT = (0.2, 0.25, 0.3, 0.65, 0.9)  # dice to get one coin, camel, pepper, silk, gold
DIE_VP = 2.0  # what a die brings, in VP, spent on a project
SPARE_DIE = 0.7  # a die with no project left (five coins, a city card)
DICE_A_ROUND = 4.6  # what a later round's dice are worth, as dice spent on projects (fees, low rolls)
DIE_QUALITY = 0.1  # an unplaced die counts as 1 + this per pip above 3.5
RASCHID_DIE = 1.25  # his dice are the values he needs
SHORT_PENALTY = 1.5  # a plan that needs more dice than there are loses this many DIE_VP a missing die
PER_CAMEL, PER_PEPPER, PER_SILK, PER_GOLD = PER_UNIT[1:]
UNIT_VP = tuple(r * DIE_VP for r in PER_UNIT)  # what a unit is worth, for ranking trips before playing them out
COIN_VP, CAMEL_VP, PEPPER_VP, SILK_VP, GOLD_VP = UNIT_VP
COIN_VP_END = 0.1  # coins at the end: 1 VP for 10
GOOD_VP_END = 0.5  # goods at the end with a Beijing post: 1 VP for 2
GOOD_VP_IDLE = 0.1  # goods nothing needs (a city card may still turn them into VP)
CAMELS_A_DIE = 3  # camels left over buy black dice ...
BLACK_A_ROUND = 1.0  # ... about this many a round
TRIP_SURE = 1.0  # a post planned for this round's Travel counts whole, ...
LATER = 0.93  # ... and one planned later less for each round it waits
HAND_SURE = 0.93  # a contract in hand whose price the seat holds (fulfilled now it is sure)
BUY_SURE = 0.85  # a contract in hand it must still buy goods for
NEW_SURE = 0.8  # a contract not yet taken (an average regular one: the display offers a choice)
NEW_A_ROUND = 1.4  # contracts a seat can take and fulfil a round
TAKE_DICE = 0.55  # the die that takes a contract, per contract taken
LEG_STEPS = 4  # steps a later Travel covers (Raschid: 6)
CARD_DIE = 4  # the die a city card is used with, as a rule
CARD_SHARE = 0.6  # of what a city card brings a round beyond a die's worth, what a plan counts on
GOAL_TARGETS = 4  # cities the trip planner tries beyond goal cities and Beijing
TRIP_STOPS = 5  # the most cities a planned trip reaches
BRANCHES = (4, 3, 2, 2, 1)  # the next stops the planner tries from the start, the first stop, ...
KEPT_TRIPS = 6  # the trips, best first at the usual exchange rates, that the judgement plays out ...
KEPT_LONG = 3  # ... and of the others, those that gain most
SWITCH = 1.5  # what giving up the trip set out on costs, in VP
SURE = tuple(TRIP_SURE * LATER ** k for k in range(ROUNDS + 1))  # a planned post's share, by its round from now
BONUS_UP_TO = tuple(sum(POST_BONUS.get(k, 0) for k in range(1, n + 1)) for n in range(RUBRUCK_POSTS + 1))

# the round-start income of a small-city marker, as (coins, camels, pepper, silk, gold, VP)
MARKER_INCOME = {"Anxi": (5, 0, 0, 0, 0, 0), "Kashgar": (0, 0, 0.6, 0.7, 0.7, 0), "Ormuz": (0, 3, 0, 0, 0, 0),
                 "Adana": (3, 1, 0, 0, 0, 0), "Kochi": (0, 0, 0, 0, 0, 3), "Xian": (0, 0, 0, 0, 0, 3)}
CHARACTER_INCOME = {POLOS: (0, 1, 0, 0, 0, 0), CARPINI: (3, 0, 0, 0, 0, 0), MERCATOR: (0, 1, 1, 0.8, 0.5, 0)}
NOTHING = (0.0, 0.0, 0.0, 0.0, 0.0, 0.0)
NO_WEALTH = NOTHING[:5]  # (coins, camels, pepper, silk, gold)
# the items of a reward that are not plain wealth, as (coins, camels, pepper, silk, gold, VP) worth the same
ITEM_WEALTH = {"good": (0, 0, 0.2, 0.3, 0.5, 0), "goods2": (0, 0, 0.6, 0.7, 0.7, 0), "move": (4, 0, 0, 0, 0, 0),
               "special": (0, 0, 0, 0, 0, 2.5), "black": (0, 0, 0, 0, 0, 1.5), "any": (0, 0, 0, 0, 0, 3)}


def _mean(values: Sequence[float]) -> float:
    return sum(values) / len(values)


def items_wealth(items: tuple) -> tuple[float, ...]:
    """The items of a reward (a contract's, a tile's) as (coins, camels, pepper, silk, gold, VP)."""
    out = list(NOTHING)
    for item in items:
        plain = ITEM_WEALTH[item] if isinstance(item, str) else item
        for i in range(6):
            out[i] += plain[i]
    return tuple(out)


def wealth_vp(w: Sequence[float]) -> float:
    """What (coins, camels, pepper, silk, gold, VP) is worth, roughly, in VP."""
    return goods_vp(w) + w[5]


def goods_vp(w: Sequence[float]) -> float:
    """What (coins, camels, pepper, silk, gold) is worth, roughly, in VP."""
    return w[0] * COIN_VP + w[1] * CAMEL_VP + w[2] * PEPPER_VP + w[3] * SILK_VP + w[4] * GOLD_VP


CONTRACT_REWARD = tuple(items_wealth(c.reward) for c in CONTRACTS)  # the VP included
REWARD_VP = tuple(wealth_vp(r) for r in CONTRACT_REWARD)
PRICE = tuple((c.camels, c.pepper, c.silk, c.gold) for c in CONTRACTS)
# an average regular contract: its price (camels, pepper, silk, gold) and what it pays
NEW_PRICE = tuple(_mean([getattr(CONTRACTS[c], k) for c in REGULAR_CONTRACTS])
                  for k in ("camels", "pepper", "silk", "gold"))
NEW_REWARD = tuple(_mean([CONTRACT_REWARD[c][i] for c in REGULAR_CONTRACTS]) for i in range(6))
NEW_WORTH = wealth_vp(NEW_REWARD) * NEW_SURE
NEW_CAMELS, NEW_PEPPER, NEW_SILK, NEW_GOLD = NEW_PRICE
NEW_COINS_SURE, NEW_CAMELS_SURE, NEW_PEPPER_SURE, NEW_SILK_SURE, NEW_GOLD_SURE, NEW_VP_SURE = (
    r * NEW_SURE for r in NEW_REWARD)  # what an average regular contract pays, not yet taken


def card_round_vp(number: int) -> float:
    """What city card ``number`` brings a seat with a post in its city, a round, in VP: one use with a die of
    ``CARD_DIE``, less what the die would bring elsewhere, shared with the others and the seat's other plans."""
    card = CITY_CARDS[number]
    kind = card.kind
    d = CARD_DIE

    def worth(items: tuple) -> float:
        return wealth_vp(items_wealth(items)) if items else 0.0

    pay = wealth_vp(card.pay)
    if kind == "repeat":
        got = d * max(0.0, worth(card.gain) + pay)
    elif kind == "per-d":
        got = d * worth(card.gain)
    elif kind in ("per-post", "per-contract"):
        got = 3 * worth(card.gain)
    elif kind == "threshold":
        got = worth(card.more if d >= card.limit else card.gain)
    elif kind == "good":
        got = d * max(0.0, max(UNIT_VP[2:5]) + pay)
    elif kind in ("same-either", "either", "trade"):
        got = d * max(0.0, max(worth(g) + wealth_vp(p) for _, p, g in card.options))
    elif kind == "small-bonus":
        got = 3.0
    elif kind == "small-bonus-each":
        got = 2 * (3.0 + pay)
    elif kind == "steps":
        got = d * max(0.0, ITEM_WEALTH["move"][0] * UNIT_VP[0] + pay)
    else:  # goods-steps: two goods for a step
        got = 0.0
    return CARD_SHARE * max(0.0, got - DIE_VP)


CARD_VP = tuple(card_round_vp(c.number) for c in CITY_CARDS)
CARD_WEIGHTS = (1.0, 0.6, 0.3, 0.1)  # the best city card within reach is used every round, the next less often


def city_cards_vp(s: Any, city: int) -> tuple[float, ...]:
    """``card_round_vp`` of each city card lying in ``city``."""
    return tuple(CARD_VP[n] for n, c in zip(s.cards, CARD_CITY) if c == city)


def card_set_vp(values: Sequence[float]) -> float:
    """What city cards worth ``values`` a round each bring together a round: a seat has dice for few of them."""
    return sum(w * v for w, v in zip(CARD_WEIGHTS, sorted(values, reverse=True)))


# ---------------------------------------------------------------------- the map, for planning
class Hop(NamedTuple):
    """The cheapest way from one place to another: steps, the routes' extra coins and camels, the cities
    entered on the way (its end included)."""

    steps: int
    coins: int
    camels: int
    cities: tuple[int, ...]


@cache
def hops(start: int, carpini: bool) -> tuple[Hop | None, ...]:
    """From ``start`` to every place, the way that costs least (a step weighs 4 coins, a camel 1.5)."""
    best: dict[int, float] = {start: 0.0}
    found: dict[int, Hop] = {start: Hop(0, 0, 0, ())}
    todo = [(0.0, start)]
    while todo:
        w, a = heapq.heappop(todo)
        if w > best[a]:
            continue
        here = found[a]
        for b, (c, m) in neighbours(a, carpini).items():
            wb = w + 4 + c + 1.5 * m
            if wb < best.get(b, math.inf):
                best[b] = wb
                found[b] = Hop(here.steps + 1, here.coins + c, here.camels + m,
                               here.cities + ((b,) if IS_CITY[b] else ()))
                heapq.heappush(todo, (wb, b))
    return tuple(found.get(p) for p in range(len(NAMES)))


@cache
def legs_for(steps: int, reach: int) -> tuple[int, int]:
    """(Travels, their step coins) to cover ``steps`` with at most ``reach`` steps a Travel."""
    if steps <= 0:
        return 0, 0
    legs = -(-steps // reach)
    base, extra = divmod(steps, legs)
    return legs, sum(STEP_COINS[base + (k < extra)] for k in range(legs))


class Trip(NamedTuple):
    """A planned trip: the cities to reach in order; ``gain``, what their posts bring in all (VP, with what the
    bonuses bring counted at the usual rates); ``vp``, the VP part and ``income``, the wealth the posts bring
    (coins, camels, pepper, silk, gold); its coins, camels and Travels (``legs``); whether it reaches Beijing."""

    stops: tuple[int, ...]
    gain: float
    vp: float
    income: tuple[float, ...]
    coins: int
    camels: int
    legs: int
    beijing: bool
    parts: tuple[tuple[Message | None, float], ...]  # (what, VP) of each post and goal, for a reader (a message)
    now: tuple[int, int] = (0, 0)  # the coins and camels of its Travel this round (none: 0, 0)
    net: float = 0.0  # its gain less its costs at the usual rates, to rank trips


NO_TRIP = Trip((), 0.0, 0.0, NO_WEALTH, 0, 0, 0, False, ())
SPARE_COINS = 4  # coins (or 3 camels) a die not needed for this round's Travel can still bring before it


def marker_name(s: Any, city: int) -> str:
    """The name of the small-city marker on ``city``."""
    return SMALL_CITY_BONUSES[s.markers[SMALL_CITIES.index(city)]].name


def marker_income(name: str) -> tuple[float, ...]:
    """What a small-city marker pays once, as (coins, camels, pepper, silk, gold, VP)."""
    return MARKER_INCOME[name]


def beijing_space(s: Any, seat: int, steps: int, carpini: bool) -> int:
    """The Beijing space (0 = the 10 VP one) ``seat`` can expect when it arrives after ``steps`` more steps: the
    best free one, less one for each other seat not yet there that is nearer."""
    free = [k for k, owner in enumerate(s.beijing_spaces) if owner < 0]
    if not free:
        return -1
    ahead = 0
    for other in range(s.players):
        if other == seat or other in s.beijing_spaces:
            continue
        far = min(distances(a, s.chars[other] == CARPINI)[BEIJING_NODE] for a in s.at[other])
        if far < steps:
            ahead += 1
    return free[ahead] if ahead < len(free) else -1


def post_gain(s: Any, seat: int, city: int, rounds: int, steps: int,
              carpini: bool) -> tuple[float, tuple, Message | None]:
    """What a post in ``city`` brings, goal cards aside, with ``rounds`` round starts still to come after it is
    placed, ``steps`` steps from where the figures stand: (VP, wealth as (coins, camels, pepper, silk, gold),
    the reason in words, a message, or None)."""
    if city in SMALL_CITIES:
        name = marker_name(s, city)
        text = SMALL_CITY_BONUSES[s.markers[SMALL_CITIES.index(city)]].text
        times = 1 + rounds
        if name == SMALL_CITY_BONUSES[ANY_MARKER].name:
            return 3.0 * times, NO_WEALTH, say("{city}'s bonus (that of any other marker) {times} times",
                                               city=place_word(city), times=times)
        inc = marker_income(name)
        return inc[5] * times, tuple(x * times for x in inc[:5]), say("{city}'s bonus ({bonus}) {times} times",
                                                                      city=place_word(city), bonus=reward_word(text),
                                                                      times=times)
    if city in LARGE_CITIES:  # its city card: see ``card_set_vp``
        tile = s.tiles[LARGE_CITIES.index(city)]
        if tile:
            w = items_wealth(OUTPOST_BY_NUMBER[tile].reward)
            return w[5], w[:5], say("{city}'s outpost tile ({tile}) and city card", city=place_word(city),
                                    tile=reward_word(OUTPOST_BY_NUMBER[tile].text))
        return 0.0, NO_WEALTH, say("{city}'s city card", city=place_word(city))
    if city == BEIJING_NODE:
        space = beijing_space(s, seat, steps, carpini)
        if space >= 0:
            return float(BEIJING_VP[space]), NO_WEALTH, say("{city}'s {vp} VP space", city=place_word(city),
                                                                  vp=BEIJING_VP[space])
    return 0.0, NO_WEALTH, None


def to_roll(s: Any) -> bool:
    """Whether this round's dice are still to be rolled (its start is under way)."""
    return any(task[0] == "roll" for task in s.agenda)


def first_leg(s: Any, seat: int) -> tuple[int, int]:
    """(0 if the seat can still travel this round, else 1; the steps this round's Travel can reach)."""
    if to_roll(s):
        return 0, 6 if s.chars[seat] == RASCHID else LEG_STEPS
    held = s.held[seat]
    if len(held) < 2 or s.round > ROUNDS:
        return 1, 0
    if s.chars[seat] == RASCHID:
        return 0, 6
    if any(o == seat and d.kind == "own" for o, d in s.spaces[0]):
        held = tuple(d for d in held if d.kind != "own")
        if len(held) < 2:
            return 1, 0
    values = sorted(d.value for d in held)
    return 0, values[-2]


def trips(s: Any, seat: int) -> tuple[Trip, ...]:
    """The most promising trips for ``seat`` from where its figures stand (``NO_TRIP`` first): those that start
    with a Travel this round, if the seat can still travel and pay for it, and those that start next round."""
    first, reach = first_leg(s, seat)
    later = _trips(s, seat, 1, 0)
    if first:
        return later
    spare = (OWN_DICE if to_roll(s) else len(s.held[seat])) - 2
    coins = s.wealth[seat][0] + SPARE_COINS * spare
    camels = s.wealth[seat][1] + 3 * spare
    now = [t for t in _trips(s, seat, 0, reach)[1:] if t.now[0] <= coins and t.now[1] <= camels]
    return (NO_TRIP,) + kept(now + list(later[1:]))


def _trips(s: Any, seat: int, first: int, reach: int) -> tuple[Trip, ...]:
    others = tuple(tuple(s.at[t]) for t in range(s.players) if t != seat and t not in s.beijing_spaces)
    # everything ``_plan`` reads of the position: the city cards it values a post by and whether this round's Travel
    # is taken too (a plan made for one position is never handed to another that differs in them)
    key = (seat, s.at[seat], tuple(sorted(s.post_list[seat])), s.goal_cards[seat], s.round, s.chars, s.beijing_spaces,
           s.tiles, s.markers, s.cards, bool(s.spaces[0]), first, reach, others)
    for asked in _ASKED:
        asked.add(key)
    found = _CACHE.get(key)
    if found is None:
        if len(_CACHE) > 20_000:
            _CACHE.clear()
        found = _CACHE[key] = _plan(s, seat, first, reach)
    return found


_CACHE: dict = {}  # plans made before, by what they depend on
_ASKED: list[set] = []  # the plans asked for by each ``plans_asked`` block under way


@contextmanager
def plans_asked() -> Iterator[set]:
    """The distinct trip plans (the planner's costly part) asked for within the block, whether or not one was
    made before: how much planning a judgement needs, from its positions alone, whatever the process did before."""
    asked: set = set()
    _ASKED.append(asked)
    try:
        yield asked
    finally:
        _ASKED.remove(asked)


def _plan(s: Any, seat: int, first: int, reach0: int) -> tuple[Trip, ...]:
    char = s.chars[seat]
    carpini = char == CARPINI
    rubruck = char == RUBRUCK
    reach = 6 if char == RASCHID else LEG_STEPS
    per = 2 if char == POLOS else 1  # the legs one Travel covers: Niccolò and Marco move both figures
    left = ROUNDS - s.round
    posts = s.post_list[seat]
    room = (RUBRUCK_POSTS if rubruck else POSTS) - len(posts)
    goals = s.goal_cards[seat]
    base = goal_vp(goals, posts)
    goal_places = {c for g in goals for c in GOALS[g].cities}
    wanted = [c for c in range(len(NAMES)) if IS_CITY[c] and c not in posts
              and not (c == BEIJING_NODE and -1 not in s.beijing_spaces)]
    if room <= 0 or first > left or not wanted:
        return (NO_TRIP,)
    gains: dict[tuple[int, int, int], tuple[float, tuple, str]] = {}

    def gain_of(c: int, rounds: int, steps: int) -> tuple[float, tuple, str]:
        key = (c, rounds, steps if c == BEIJING_NODE else 0)
        found = gains.get(key)
        if found is None:
            found = gains[key] = post_gain(s, seat, c, rounds, steps, carpini)
        return found

    firsts = [c for c in wanted if c in goal_places or c == BEIJING_NODE]
    near = min(hops(a, carpini)[c].steps for a in s.at[seat] for c in wanted)

    def static(c: int) -> float:
        far = min(hops(a, carpini)[c].steps for a in s.at[seat])
        vp, w, _ = gain_of(c, left // 2, far)
        return vp + goods_vp(w) - 0.8 * (far - near)


    others = sorted((c for c in wanted if c not in firsts), key=static, reverse=True)
    targets = firsts + others[:GOAL_TARGETS]
    goal_memo: dict[frozenset, float] = {}
    set_memo: dict[tuple[float, ...], float] = {}
    cards_in = {c: city_cards_vp(s, c) for c in LARGE_CITIES}
    out: list[Trip] = []

    def goal_extra(stops: tuple[int, ...]) -> float:
        """The goal cards' VP the posts of ``stops`` add."""
        key = frozenset(stops)
        extra = goal_memo.get(key)
        if extra is None:
            extra = goal_memo[key] = goal_vp(goals, posts + stops) - base
        return extra

    def cards_vp(values: tuple[float, ...]) -> float:
        """``card_set_vp`` of ``values``."""
        found = set_memo.get(values)
        if found is None:
            found = set_memo[values] = card_set_vp(values)
        return found

    def trip(stops: tuple[int, ...], vp: float, income: tuple, coins: int, camels: int, legs: int, parts: tuple,
             now: tuple[int, int]) -> Trip:
        """The trip to ``stops``, with the goal cards' VP and the post bonuses its posts add."""
        extra = goal_extra(stops)
        bonus = post_bonus(len(posts), len(posts) + len(stops))
        more = parts
        travels = -(-legs // per)
        sure = SURE[first + travels - 1]
        if extra:
            more += ((say("the goal cards' {vp} VP", vp=extra), extra * sure),)
        if bonus:
            more += ((say("the bonus of the {n}th post", n=len(posts) + len(stops)), bonus * sure),)
        total_vp = vp + (extra + bonus) * sure
        gain = total_vp + goods_vp(income)
        net = gain - UNIT_VP[0] * coins - UNIT_VP[1] * camels - 2 * travels * DIE_VP
        return Trip(stops, gain, total_vp, income, coins, camels, travels, BEIJING_NODE in stops, more, now, net)

    def next_stops(at: tuple[int, ...], stops: tuple[int, ...], income: tuple, legs: int, steps_so_far: int,
                   cards: tuple[float, ...]) -> list[tuple]:
        """The cities a figure at ``at`` can go to next after ``stops``, each with its rank (its gain less its
        costs at the usual rates, the goal cards it completes or starts), the posts it places and what they bring."""
        have = set(posts).union(stops)
        starts = [(GOALS[g].vp, GOALS[g].cities) for g in goals if not any(c in have for c in GOALS[g].cities)]
        extra = goal_extra(stops)
        placed = len(posts) + len(stops)
        tables = [hops(a, carpini) for a in at]
        found = []
        for c in targets:
            if c in stops:
                continue
            for f, table in enumerate(tables):
                hop = table[c]
                if hop is None:
                    continue
                if legs or first or hop.steps <= reach0:
                    n, step_coins = legs_for(hop.steps, reach0 if not legs and not first else reach)
                else:  # this round's dice reach ``reach0`` steps, the rest waits for later rounds
                    n, step_coins = legs_for(hop.steps - reach0, reach)
                    n, step_coins = n + 1, step_coins + STEP_COINS[reach0]
                when = first + (legs + n - 1) // per  # the round, from this one, of the Travel that gets there
                if when > left:
                    continue
                if rubruck:
                    new = tuple(x for x in hop.cities if x not in posts and x not in stops)[: room - len(stops)]
                    if c not in new:
                        continue
                else:
                    new = (c,)
                v = 0.0
                inc = income
                got = []
                sure = SURE[when]
                more_cards = cards
                for x in new:
                    gvp, gw, why = gain_of(x, left - when, steps_so_far + hop.steps)
                    if x in cards_in:
                        added = more_cards + cards_in[x]
                        gvp += (cards_vp(added) - cards_vp(more_cards)) * (left - when + 0.5)
                        more_cards = added
                    v += gvp * sure
                    if gw is not NO_WEALTH:
                        inc = (inc[0] + gw[0] * sure, inc[1] + gw[1] * sure, inc[2] + gw[2] * sure,
                               inc[3] + gw[3] * sure, inc[4] + gw[4] * sure)
                    got.append((why, gvp, gw))
                cost = step_coins + hop.coins
                worth = v if inc is income else v + goods_vp((inc[0] - income[0], inc[1] - income[1],
                                                              inc[2] - income[2], inc[3] - income[3],
                                                              inc[4] - income[4]))
                goal = goal_extra(stops + new) - extra + promise(starts, new) if c in goal_places or rubruck else 0.0
                goal += post_bonus(placed, placed + len(new))
                rank = worth + goal - UNIT_VP[0] * cost - UNIT_VP[1] * hop.camels - 2 * n * DIE_VP / per
                found.append((rank, f, c, new, v, inc, got, sure, cost, hop.camels, n, hop.steps, more_cards))
        return found

    def walk(at: tuple[int, ...], stops: tuple[int, ...], vp: float, income: tuple, coins: int, camels: int,
             legs: int, steps_so_far: int, parts: tuple, visits: int, now: tuple[int, int],
             cards: tuple[float, ...]) -> None:
        if stops:
            out.append(trip(stops, vp, income, coins, camels, legs, parts, now))
        if visits >= TRIP_STOPS or len(stops) >= room:
            return
        steps = next_stops(at, stops, income, legs, steps_so_far, cards)
        steps.sort(key=lambda x: x[0], reverse=True)
        for _, f, c, new, v, inc, got, sure, cost, cam, n, k, more in steps[:BRANCHES[min(visits, len(BRANCHES) - 1)]]:
            p = parts + tuple((why, (gvp + goods_vp(gw)) * sure) for why, gvp, gw in got)
            walk(at[:f] + (c,) + at[f + 1:], stops + new, vp + v, inc, coins + cost, camels + cam, legs + n,
                 steps_so_far + k, p, visits + 1, now if legs or first else (cost + fee, cam), more)

    fee = 0 if not s.spaces[0] or char == BERKE else reach0  # this round's Travel, if it is taken already
    walk(s.at[seat], (), 0.0, NO_WEALTH, 0, 0, 0, 0, (), 0, (0, 0),
         tuple(v for p in posts for v in city_cards_vp(s, p)))
    return (NO_TRIP,) + kept(out)


def promise(starts: Sequence[tuple[int, tuple[int, ...]]], new: tuple[int, ...]) -> float:
    """Half the VP of the goal cards that posts in ``new`` start (one city of two), to steer the search; ``starts``,
    the (VP, cities) of the goal cards with no post yet."""
    return 0.5 * sum(vp for vp, cities in starts if sum(c in new for c in cities) == 1)


def post_bonus(placed: int, after: int) -> int:
    """The VP of the post bonuses (the 8th, 9th, 11th post) from ``placed`` posts to ``after``."""
    return BONUS_UP_TO[after] - BONUS_UP_TO[placed]


def kept(found: list[Trip]) -> tuple[Trip, ...]:
    """The trips worth playing out: the best ``KEPT_TRIPS`` by their net gain at the usual rates and the best
    ``KEPT_LONG`` others by their gain (a long trip pays for itself when dice would be left over)."""
    found = sorted(found, key=lambda t: -t.net)
    best = found[:KEPT_TRIPS]
    return tuple(best) + tuple(sorted(found[KEPT_TRIPS:], key=lambda t: -t.gain)[:KEPT_LONG])


# ---------------------------------------------------------------------- the judgement
class Outlook(NamedTuple):
    """A judgement of a position for one seat: ``value`` (VP by the game's end) and what it is made of."""

    value: float
    held: float  # VP held, with the final scoring of the posts placed
    trip: Trip
    hand: tuple[tuple[int, float, float], ...]  # (contract, VP expected, dice to buy what it lacks)
    new: float  # contracts still to take that the plan has room for
    most: float  # the most-contracts bonus expected
    spare: float  # what dice and wealth left over bring


def dice_now(s: Any, seat: int) -> float:
    """The seat's unplaced dice as a number of dice spent on projects (five of them as many as a later round's,
    ``DICE_A_ROUND``), a high die counting for more."""
    scale = DICE_A_ROUND / OWN_DICE
    if s.chars[seat] == RASCHID:
        return scale * RASCHID_DIE * len(s.held[seat])
    return scale * sum(1 + DIE_QUALITY * (d.value - 3.5) for d in s.held[seat])


def _buy(w: list[float], need: Sequence[float], rate: float) -> float:
    """Pay ``need`` (camels, pepper, silk, gold) from the purse ``w``; the dice it takes to buy what is lacking."""
    dice = 0.0
    camels = w[1] - need[0]
    if camels < 0:
        dice -= camels * PER_CAMEL
        camels = 0.0
    pepper = w[2] - need[1]
    if pepper < 0:
        dice -= pepper * PER_PEPPER
        pepper = 0.0
    silk = w[3] - need[2]
    if silk < 0:
        dice -= silk * PER_SILK
        silk = 0.0
    gold = w[4] - need[3]
    if gold < 0:
        dice -= gold * PER_GOLD
        gold = 0.0
    w[1:] = camels, pepper, silk, gold
    return dice * rate


def _lacks(w: list[float], need: Sequence[float], rate: float) -> float:
    """The dice it takes to buy what the purse ``w`` lacks of ``need`` (camels, pepper, silk, gold)."""
    dice = 0.0
    short = need[0] - w[1]
    if short > 0:
        dice += short * PER_CAMEL
    short = need[1] - w[2]
    if short > 0:
        dice += short * PER_PEPPER
    short = need[2] - w[3]
    if short > 0:
        dice += short * PER_SILK
    short = need[3] - w[4]
    if short > 0:
        dice += short * PER_GOLD
    return dice * rate


@lru_cache(maxsize=1 << 16)
def goal_vp(goals: tuple[int, ...], posts: tuple[int, ...]) -> int:
    """The VP of the goal cards and goal cities that posts in ``posts`` score (``goal_points``)."""
    return sum(goal_points(goals, posts))


def held_vp(s: Any, seat: int) -> int:
    """The VP ``seat`` holds with the final scoring of its posts: goal cards, goal cities, its Beijing space."""
    posts = s.post_list[seat]
    vp = s.wealth[seat][5] + goal_vp(s.goal_cards[seat], posts)
    if seat in s.beijing_spaces and BEIJING_NODE in posts:
        vp += BEIJING_VP[s.beijing_spaces.index(seat)]
    return vp


def done_playing(s: Any, seat: int) -> bool:
    """Whether ``seat`` will not move again this game: the last round, no dice left and its turn over."""
    return (s.round == ROUNDS and not s.held[seat] and not to_roll(s) and s.turn != seat
            and s.current_player != seat)


def rest_of_round(s: Any) -> float:
    """What is left of this round, as a share of a round: the dice all seats still hold, of five each."""
    if to_roll(s):
        return 1.0
    return min(1.0, sum(len(h) for h in s.held) / (5 * s.players))


def outlook(s: Any, seat: int, full: bool = False, prefer: Sequence[int] = ()) -> Any:
    """What ``seat`` can expect from ``s`` by the end of the game, in VP (with ``full``: the ``Outlook``). With
    ``prefer``, the cities of the trip the seat set out on: a trip that goes elsewhere next counts ``SWITCH`` VP
    less (a plan changed halfway wastes what was spent on it)."""
    w = s.wealth[seat]
    if s.over:
        return Outlook(w[5], w[5], NO_TRIP, (), 0, 0.0, 0.0) if full else float(w[5])
    if done_playing(s, seat):
        value = float(w[5] + final_scores(s)[seat].total)
        return Outlook(value, value, NO_TRIP, (), 0, 0.0, 0.0) if full else value
    held = held_vp(s, seat)
    char = s.chars[seat]
    left = ROUNDS - s.round
    future = DICE_A_ROUND + (char == MATTEO) + (RASCHID_DIE - 1) * 5 * (char == RASCHID)
    dice = (future if to_roll(s) else dice_now(s, seat)) + left * future
    rate = 0.8 if char == RASCHID else 1.0
    have = [float(x) for x in w[:5]]
    vp_income = 0.0
    for p in s.post_list[seat]:
        if p in SMALL_CITIES:
            name = marker_name(s, p)
            if name == SMALL_CITY_BONUSES[ANY_MARKER].name:
                vp_income += 3.0 * left
            else:
                inc = marker_income(name)
                have = [h + left * i for h, i in zip(have, inc)]
                vp_income += inc[5] * left
    if char in CHARACTER_INCOME:
        have = [h + left * i for h, i in zip(have, CHARACTER_INCOME[char])]
    time = left + rest_of_round(s)
    cards = time * card_set_vp([v for p in s.post_list[seat] for v in city_cards_vp(s, p)])
    in_beijing = BEIJING_NODE in s.post_list[seat]
    others_done = max((len(s.done[t]) + 0.6 * len(s.hands[t]) + NEW_A_ROUND * time * 0.9
                       for t in range(s.players) if t != seat), default=0.0)
    room = NEW_A_ROUND * time + (left if char == MATTEO else 0)
    best: tuple | None = None
    goal = next((c for c in prefer if c not in s.post_list[seat]), None)
    purse = tuple(have)
    hand = s.hands[seat]
    done = len(s.done[seat])
    take = 0.0 if char == MATTEO else TAKE_DICE * rate
    for trip in trips(s, seat):
        o = _judged(trip, purse, dice, rate, left, in_beijing or trip.beijing, others_done, room, hand, done, take)
        if goal is not None and trip.stops[:1] != (goal,):
            o = (o[0] - SWITCH,) + o[1:]
        if best is None or o[0] > best[0]:
            best = o
    assert best is not None
    value = held + vp_income + cards + best[0]
    if not full:
        return value
    return Outlook(value, held + vp_income + cards, *best[1:])


_JUDGED: dict = {}  # ``_with_trip`` by its trip and the rest of what it depends on


def _judged(trip: Trip, *rest: Any) -> tuple:
    """``_with_trip(trip, *rest)``, worked out once (a trip's own projects are often judged again in another
    position with the same purse, dice and hand)."""
    key = (id(trip),) + rest  # the trip is kept alive with what it gives, so its id names it
    found = _JUDGED.get(key)
    if found is None:
        if len(_JUDGED) > 100_000:
            _JUDGED.clear()
        found = _JUDGED[key] = _with_trip(trip, *rest)
    return found


def _with_trip(trip: Trip, have: Sequence[float], dice: float, rate: float, left: int, beijing: bool,
               others_done: float, room: float, contracts: tuple[int, ...], done: int, take: float) -> tuple:
    """(VP expected from the projects with ``trip``, the trip, the hand, new contracts, most, spare): the purse
    ``have`` pays the trip, the ``contracts`` in hand best first, then new contracts while dice last (each taken
    with ``take`` dice); ``done``, the contracts fulfilled."""
    inc = trip.income
    w = [have[0] + inc[0] - trip.coins, have[1] + inc[1] - trip.camels, have[2] + inc[2], have[3] + inc[3],
         have[4] + inc[4]]
    dice -= 2 * trip.legs
    if w[0] < 0:
        dice += w[0] * PER_UNIT[0] * rate
        w[0] = 0.0
    if w[1] < 0:
        dice += w[1] * PER_UNIT[1] * rate
        w[1] = 0.0
    value = trip.vp
    hand = []
    order = contracts
    if len(order) > 1:
        order = sorted(order, key=lambda c: _lacks(w, PRICE[c], rate) - REWARD_VP[c] / DIE_VP)
    for c in order:
        short = _lacks(w, PRICE[c], rate)
        worth = REWARD_VP[c]
        if short <= dice and worth > short * DIE_VP * 0.7:
            sure = HAND_SURE if short == 0 else BUY_SURE
            dice -= _buy(w, PRICE[c], rate)
            reward = CONTRACT_REWARD[c]
            for i in range(5):
                w[i] += reward[i] * sure
            value += reward[5] * sure
            done += 1
            hand.append((c, worth * sure, short))
        else:
            hand.append((c, 0.0, short))
    new, value, dice = _new_contracts(w, dice, value, room, take, rate)
    done += new
    lead = done - others_done
    if left or dice >= 1:
        most = MOST_CONTRACTS_VP * min(1.0, max(0.0, 0.5 + 0.25 * lead))
    else:
        most = MOST_CONTRACTS_VP if lead >= 0 else 0.0
    spare = _leftover(w, dice, left, beijing)
    return value + most + spare, trip, tuple(hand), new, most, spare


def _new_contracts(w: list[float], dice: float, value: float, room: float, take: float,
                   rate: float) -> tuple[float, float, float]:
    """Contracts still to take, ``room`` at most, while ``dice`` last and each pays for its dice: (how many, ``value``
    with their VP, the dice left); their rewards land in the purse ``w``."""
    new = 0.0
    while room - new > 1e-6 and dice > 1e-6:
        short = _lacks(w, NEW_PRICE, rate) + take  # the dice a whole contract takes, the one to take it included
        if NEW_WORTH < short * DIE_VP * 1.05:
            break
        if w[1] < NEW_CAMELS and w[2] < NEW_PEPPER and w[3] < NEW_SILK and w[4] < NEW_GOLD:
            k = min(room - new, dice / short) if short > 0 else room - new  # the rest all cost the same
        else:
            k = min(1.0, room - new, dice / short) if short > 0 else min(1.0, room - new)
        dice -= take * k + _buy(w, (NEW_CAMELS * k, NEW_PEPPER * k, NEW_SILK * k, NEW_GOLD * k), rate)
        w[0] += NEW_COINS_SURE * k
        w[1] += NEW_CAMELS_SURE * k
        w[2] += NEW_PEPPER_SURE * k
        w[3] += NEW_SILK_SURE * k
        w[4] += NEW_GOLD_SURE * k
        value += NEW_VP_SURE * k
        new += k
    return new, value, dice


def _leftover(w: list[float], dice: float, left: int, beijing: bool) -> float:
    """What the dice and wealth left at the end of a plan bring."""
    coins, camels, pepper, silk, gold = w
    if dice < 0:
        return dice * DIE_VP * SHORT_PENALTY
    goods = pepper + silk + gold
    if left == 0:
        worth = coins // 10 + (0.04 * (coins % 10) if dice >= 1 else 0.0)
        stock = (goods // 2 + (0.2 * (goods % 2) if dice >= 1 else 0.0)) if beijing else 0.0
        return dice * SPARE_DIE + worth + stock + 0.02 * camels
    black = min(camels / CAMELS_A_DIE, BLACK_A_ROUND * (left + 0.5))
    stock = goods * (GOOD_VP_END if beijing else GOOD_VP_IDLE)
    return (dice + black) * SPARE_DIE + coins * COIN_VP_END + stock + 0.02 * camels
