"""What a Marco Polo seat can still make of a position, in VP by the game's end: the expert bot's judgement
(``outlook``), for one seat, in one fully known (determinized) world.

The seat has its dice still to place, this round and the rounds left, and three kinds of projects to spend
them on:

- a **trip**: the cities it means to reach, in order (``trips``), planned from where its figures stand over the
  routes of the map: goal cities, Beijing, small cities whose bonus pays every round, large cities with an
  outpost tile, the 8th and 9th posts; each leg of a trip is one Travel (two dice) and costs coins and camels;
- its **contracts in hand**, worth their VP and reward if it can pay their camels and goods in time;
- **contracts still to take**, an average regular contract each, as many as the rounds left allow.

What the seat lacks for a project costs dice: about 5 coins, 3.5 camels, 3 pepper, 1.3 silk or 1.1 gold a die
(``PER_UNIT``). Projects are taken best first while dice last; dice left over and wealth left at the end are
worth what the final scoring gives for them. The judgement is the best trip with the contracts it leaves room
for, plus the VP the seat holds, its posts' final scoring and the most-contracts bonus it can expect.
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Sequence
from functools import cache
from typing import Any, NamedTuple

from boardgames.marcopolo.board import IS_CITY, NAMES, neighbours
from boardgames.marcopolo.data import (
    ANY_MARKER,
    BEIJING_NODE,
    BEIJING_VP,
    CARPINI,
    CONTRACTS,
    GOALS,
    LARGE_CITIES,
    MATTEO,
    MERCATOR,
    MOST_CONTRACTS_VP,
    OUTPOST_BY_NUMBER,
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
)
from boardgames.marcopolo.scoring import final_scores, goal_points

# ---------------------------------------------------------------------- the exchange rates
DIE_VP = 1.8  # what a die brings, in VP, spent on a project
SPARE_DIE = 0.6  # a die with no project (five coins)
DICE_A_ROUND = 3.8  # what a round's five dice are worth, as dice spent on projects (fees, low rolls)
PER_UNIT = (0.2, 0.28, 0.33, 0.75, 0.9)  # dice to get one coin, camel, pepper, silk, gold
UNIT_VP = tuple(r * DIE_VP * 0.8 for r in PER_UNIT)  # what a unit is worth on arrival, roughly
RASCHID_RATE = 0.75  # his dice are sixes: a die of his buys more
DIE_QUALITY = 0.09  # an unplaced die counts as 1 + this per pip above 3.5
TRIP_SURE = 0.92  # a planned post is not yet a post
LATER = 0.9  # and the later in the trip, the less sure
HAND_SURE = 0.97  # a contract in hand whose price the seat holds
BUY_SURE = 0.85  # a contract in hand it must still buy goods for
NEW_SURE = 0.7  # a contract not yet taken
NEW_A_ROUND = 1.3  # contracts a seat can take and fulfil a round
LEG_STEPS = 3  # steps a Travel usually covers (Raschid: 6)
LEGS_A_ROUND = 1.0  # Travels a round, on average, in a plan
CARD_ROUND = 1.0  # a large city's card within reach, each round
GOAL_TARGETS = 4  # cities the trip planner tries beyond goal cities and Beijing
TRIP_STOPS = 5  # the most cities a planned trip reaches
BRANCHES = (4, 3, 2, 2, 1)  # the next stops the planner tries from the start, the first stop, ...
KEPT_TRIPS = 6  # the trips, best first at the usual exchange rates, that the judgement weighs with its wealth

# the round-start income of a small-city marker, as (coins, camels, pepper, silk, gold, VP)
MARKER_INCOME = {"Anxi": (5, 0, 0, 0, 0, 0), "Kashgar": (0, 0, 0.6, 0.7, 0.7, 0), "Ormuz": (0, 3, 0, 0, 0, 0),
                 "Adana": (3, 1, 0, 0, 0, 0), "Kochi": (0, 0, 0, 0, 0, 3), "Xian": (0, 0, 0, 0, 0, 3)}
CHARACTER_INCOME = {POLOS: (0, 1, 0, 0, 0, 0), CARPINI: (3, 0, 0, 0, 0, 0), MERCATOR: (0, 1, 1, 0.8, 0.5, 0)}


def _mean(values: Sequence[float]) -> float:
    return sum(values) / len(values)


# an average regular contract: its price (camels, pepper, silk, gold) and VP
NEW_PRICE = tuple(_mean([getattr(CONTRACTS[c], k) for c in REGULAR_CONTRACTS])
                  for k in ("camels", "pepper", "silk", "gold"))
NEW_VP = _mean([CONTRACTS[c].vp for c in REGULAR_CONTRACTS])


def income_vp(income: Sequence[float]) -> float:
    """What an income of (coins, camels, pepper, silk, gold, VP) is worth, roughly, in VP."""
    return sum(a * b for a, b in zip(income, UNIT_VP)) + income[5]


REWARD_VP = {"good": 1.2, "goods2": 2.2, "move": 1.5, "special": 2.5, "black": 1.2, "any": 3.0}


def reward_vp(items: tuple) -> float:
    """What the items of a reward (a contract's, a tile's) are worth, roughly, in VP."""
    return sum(REWARD_VP[i] if isinstance(i, str) else income_vp(i) for i in items)


def _contract_worth(number: int) -> float:
    """A contract's VP and the worth of its other reward."""
    c = CONTRACTS[number]
    plain = [0, 0, 0, 0, 0, 0]
    other = 0.0
    for item in c.reward:
        if isinstance(item, str):
            other += REWARD_VP[item]
        else:
            plain = [a + b for a, b in zip(plain, item)]
    return plain[5] + income_vp(plain[:5] + [0]) + other


CONTRACT_WORTH = tuple(_contract_worth(c.number) for c in CONTRACTS)
NEW_WORTH = _mean([CONTRACT_WORTH[c] for c in REGULAR_CONTRACTS])


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


def legs_for(steps: int, reach: int) -> tuple[int, int]:
    """(Travels, their step coins) to cover ``steps`` with at most ``reach`` steps a Travel."""
    if steps <= 0:
        return 0, 0
    legs = -(-steps // reach)
    base, extra = divmod(steps, legs)
    return legs, sum(STEP_COINS[base + (k < extra)] for k in range(legs))


class Trip(NamedTuple):
    """A planned trip: the cities to reach in order, what their posts bring (``gain``, VP), its coins, camels and
    Travels (``legs``), and whether it reaches Beijing."""

    stops: tuple[int, ...]
    gain: float
    coins: int
    camels: int
    legs: int
    beijing: bool
    parts: tuple[tuple[str, float], ...]  # (what, VP) of each post and goal, for a reader


NO_TRIP = Trip((), 0.0, 0, 0, 0, False, ())


def marker_name(s: Any, city: int) -> str:
    """The name of the small-city marker on ``city``."""
    return SMALL_CITY_BONUSES[s.markers[SMALL_CITIES.index(city)]].name


def marker_vp(name: str) -> float:
    """What a small-city marker pays, in VP, once."""
    if name == SMALL_CITY_BONUSES[ANY_MARKER].name:
        return 3.0
    return income_vp(MARKER_INCOME[name])


def post_gain(s: Any, city: int, later: float) -> tuple[float, str]:
    """What a post in ``city`` brings, not counting goal cards, with ``later`` round starts still to come after
    it is placed; and the reason in words."""
    if city in SMALL_CITIES:
        name = marker_name(s, city)
        each = marker_vp(name)
        text = SMALL_CITY_BONUSES[s.markers[SMALL_CITIES.index(city)]].text
        return each * (1 + later), f"{NAMES[city]}'s bonus ({text}) {1 + round(later)} times"
    if city in LARGE_CITIES:
        tile = s.tiles[LARGE_CITIES.index(city)]
        worth = CARD_ROUND * (later + 0.5)
        if tile:
            worth += reward_vp(OUTPOST_BY_NUMBER[tile].reward)
            return worth, f"{NAMES[city]}'s outpost tile ({OUTPOST_BY_NUMBER[tile].text}) and city card"
        return worth, f"{NAMES[city]}'s city card"
    if city == BEIJING_NODE and -1 in s.beijing_spaces:
        vp = BEIJING_VP[s.beijing_spaces.index(-1)]
        return vp * (0.9 if later < ROUNDS - s.round else 1.0), f"Beijing's {vp} VP space"
    return 0.0, ""


def trips(s: Any, seat: int) -> tuple[Trip, ...]:
    """The most promising trips for ``seat`` from where its figures stand (``NO_TRIP`` first)."""
    char = s.chars[seat]
    held = len(s.held[seat])
    now = min(2, held // 2)
    values = sorted(6 if d.value == 0 or char == RASCHID else d.value for d in s.held[seat])
    reach = values[-2] if now else 0
    key = (s.at[seat], tuple(sorted(s.post_list[seat])), s.goal_cards[seat], s.round, char, s.beijing_spaces,
           s.tiles, s.markers, now, reach)
    return _trips(key, s, seat)


_CACHE: dict = {}


def _trips(key: tuple, s: Any, seat: int) -> tuple[Trip, ...]:
    found = _CACHE.get(key)
    if found is None:
        if len(_CACHE) > 20_000:
            _CACHE.clear()
        found = _CACHE[key] = _plan(s, seat, key[-2], key[-1])
    return found


def _plan(s: Any, seat: int, now: int, first: int) -> tuple[Trip, ...]:
    char = s.chars[seat]
    carpini = char == CARPINI
    rubruck = char == RUBRUCK
    reach = 6 if char == RASCHID else LEG_STEPS
    left = ROUNDS - s.round
    cap = now + int(LEGS_A_ROUND * left + 0.5)
    posts = s.post_list[seat]
    room = (RUBRUCK_POSTS if rubruck else POSTS) - len(posts)
    goals = s.goal_cards[seat]
    base = sum(goal_points(goals, posts))
    goal_places = {c for g in goals for c in GOALS[g].cities}
    wanted = [c for c in range(len(NAMES)) if IS_CITY[c] and c not in posts
              and not (c == BEIJING_NODE and -1 not in s.beijing_spaces)]
    if room <= 0 or not cap or not wanted:
        return (NO_TRIP,)
    gains: dict[tuple[int, int], tuple[float, str]] = {}

    def gain_of(c: int, later: int) -> tuple[float, str]:
        found = gains.get((c, later))
        if found is None:
            worth, why = post_gain(s, c, later)
            found = gains[c, later] = (worth * TRIP_SURE, why)
        return found

    firsts = [c for c in wanted if c in goal_places or c == BEIJING_NODE]
    near = min(hops(a, carpini)[c].steps for a in s.at[seat] for c in wanted)

    def static(c: int) -> float:
        far = min(hops(a, carpini)[c].steps for a in s.at[seat])
        return gain_of(c, left // 2)[0] - 0.8 * (far - near)

    others = sorted((c for c in wanted if c not in firsts), key=static, reverse=True)
    targets = firsts + others[:GOAL_TARGETS]
    goal_memo: dict[frozenset, float] = {}
    out: list[Trip] = []

    def later_of(leg: int) -> int:
        if leg <= now:
            return left
        return left - math.ceil((leg - now) / LEGS_A_ROUND)

    def walk(at: tuple[int, ...], stops: tuple[int, ...], gain: float, coins: int, camels: int, legs: int,
             parts: tuple) -> None:
        if stops:
            key = frozenset(stops)
            extra = goal_memo.get(key)
            if extra is None:
                extra = goal_memo[key] = sum(goal_points(goals, posts + stops)) - base
            bonus = sum(POST_BONUS.get(k, 0) for k in range(len(posts) + 1, len(posts) + len(stops) + 1))
            more = parts
            if extra:
                more += ((f"the goal cards' {extra} VP", extra * TRIP_SURE),)
            if bonus:
                more += ((f"the bonus of the {len(posts) + len(stops)}th post", bonus * TRIP_SURE),)
            out.append(Trip(stops, gain + (extra + bonus) * TRIP_SURE, coins, camels, legs,
                            BEIJING_NODE in stops, more))
        if len(stops) >= min(TRIP_STOPS, room):
            return
        steps = []
        for c in targets:
            if c in stops:
                continue
            for f, a in enumerate(at):
                hop = hops(a, carpini)[c]
                if hop is None:
                    continue
                if legs or not now or hop.steps <= first:
                    n, step_coins = legs_for(hop.steps, reach)
                else:  # this round's dice reach ``first`` steps, the rest waits for later rounds
                    n, step_coins = legs_for(hop.steps - first, reach)
                    n, step_coins = n + 1, step_coins + STEP_COINS[first]
                later = later_of(legs + n)
                if legs + n > cap or later < 0:
                    continue
                new = tuple(x for x in (hop.cities if rubruck else (c,)) if x not in posts and x not in stops)
                new = new[: room - len(stops)]
                if c not in new:
                    continue
                g = 0.0
                p = parts
                soon = LATER ** (legs + n - 1)
                for x in new:
                    worth, why = gain_of(x, later)
                    g += worth * soon
                    p += ((why, worth * soon),)
                cost = step_coins + hop.coins
                steps.append((g + (c in goal_places) * 3 - 0.2 * cost - 0.3 * hop.camels - 2 * n, f, c, new, g, p,
                              cost, hop.camels, n))
        steps.sort(reverse=True)
        for _, f, c, new, g, p, cost, cam, n in steps[:BRANCHES[min(len(stops), len(BRANCHES) - 1)]]:
            walk(at[:f] + (c,) + at[f + 1:], stops + new, gain + g, coins + cost, camels + cam, legs + n, p)

    walk(s.at[seat], (), 0.0, 0, 0, 0, ())
    rate = RASCHID_RATE if char == RASCHID else 1.0

    def net(t: Trip) -> float:
        return t.gain - DIE_VP * rate * (2 * t.legs + t.coins * PER_UNIT[0] + t.camels * PER_UNIT[1])

    out.sort(key=net, reverse=True)
    return (NO_TRIP,) + tuple(out[:KEPT_TRIPS])


# ---------------------------------------------------------------------- the judgement
class Outlook(NamedTuple):
    """A judgement of a position for one seat: ``value`` (VP by the game's end) and what it is made of."""

    value: float
    held: float  # VP held, with the final scoring of the posts placed
    trip: Trip
    hand: tuple[tuple[int, float, float], ...]  # (contract, VP expected, dice to buy what it lacks)
    new: int  # contracts still to take that the plan has room for
    most: float  # the most-contracts bonus expected
    spare: float  # what dice and wealth left over bring


def dice_now(s: Any, seat: int) -> float:
    """The seat's unplaced dice as a number of dice, a high die counting for more."""
    raschid = s.chars[seat] == RASCHID
    return sum(1 + DIE_QUALITY * ((6 if raschid or d.value == 0 else d.value) - 3.5) for d in s.held[seat])


def outlook(s: Any, seat: int, full: bool = False) -> Any:
    """What ``seat`` can expect from ``s`` by the end of the game, in VP (with ``full``: the ``Outlook``)."""
    w = s.wealth[seat]
    if s.over:
        return Outlook(w[5], w[5], NO_TRIP, (), 0, 0.0, 0.0) if full else float(w[5])
    score = final_scores(s)[seat]
    held_vp = w[5] + score.goal_cards + score.goal_cities + score.beijing
    char = s.chars[seat]
    left = ROUNDS - s.round
    dice = dice_now(s, seat) + left * (DICE_A_ROUND + (char == MATTEO))
    rate = RASCHID_RATE if char == RASCHID else 1.0
    have = [float(x) for x in w[:5]]
    vp_income = 0.0
    for p in s.post_list[seat]:
        if p in SMALL_CITIES:
            name = marker_name(s, p)
            if name == SMALL_CITY_BONUSES[ANY_MARKER].name:
                vp_income += 3.0 * left
            else:
                inc = MARKER_INCOME[name]
                have = [h + left * i for h, i in zip(have, inc)]
                vp_income += inc[5] * left
    if char in CHARACTER_INCOME:
        have = [h + left * i for h, i in zip(have, CHARACTER_INCOME[char])]
    in_beijing = BEIJING_NODE in s.post_list[seat]
    others_done = max((len(s.done[t]) + 0.6 * len(s.hands[t]) + 1.4 * left for t in range(s.players) if t != seat),
                      default=0.0)
    room = int(NEW_A_ROUND * left) + (1 if s.held[seat] else 0) + (left if char == MATTEO else 0)
    best: Outlook | None = None
    for trip in trips(s, seat):
        o = _with_trip(s, seat, trip, have, dice, rate, left, in_beijing or trip.beijing, others_done, char, room)
        if best is None or o[0] > best[0]:
            best = o
    assert best is not None
    value = held_vp + vp_income + best[0]
    if not full:
        return value
    return Outlook(value, held_vp + vp_income, *best[1:])


def _with_trip(s: Any, seat: int, trip: Trip, have: list[float], dice: float, rate: float, left: int,
               beijing: bool, others_done: float, char: str, room: int) -> tuple:
    """(VP expected from the projects with ``trip``, the trip, the hand, new contracts, most, spare)."""
    coins, camels, pepper, silk, gold = have
    coins -= trip.coins
    camels -= trip.camels
    dice -= 2 * trip.legs
    if coins < 0:
        dice += coins * PER_UNIT[0] * rate
        coins = 0.0
    if camels < 0:
        dice += camels * PER_UNIT[1] * rate
        camels = 0.0
    value = trip.gain
    if dice < 0:
        value += dice * DIE_VP * 1.5
        dice = 0.0
    u1, u2, u3, u4 = PER_UNIT[1], PER_UNIT[2], PER_UNIT[3], PER_UNIT[4]
    hand = []
    done = len(s.done[seat])
    for c in s.hands[seat]:
        k = CONTRACTS[c]
        short = (max(0.0, k.camels - camels) * u1 + max(0.0, k.pepper - pepper) * u2
                 + max(0.0, k.silk - silk) * u3 + max(0.0, k.gold - gold) * u4) * rate
        if short <= dice and CONTRACT_WORTH[c] > short * DIE_VP * 0.7:
            got = CONTRACT_WORTH[c] * (HAND_SURE if short == 0 else BUY_SURE)
            camels = max(0.0, camels - k.camels)
            pepper = max(0.0, pepper - k.pepper)
            silk = max(0.0, silk - k.silk)
            gold = max(0.0, gold - k.gold)
            dice -= short
            value += got
            done += 1
            hand.append((c, got, short))
        else:
            hand.append((c, 0.0, short))
    new = 0
    take = 0.0 if char == MATTEO else 0.5
    nc, np_, ns, ng = NEW_PRICE
    each = NEW_WORTH * NEW_SURE
    while new < room:
        short = (max(0.0, nc - camels) * u1 + max(0.0, np_ - pepper) * u2 + max(0.0, ns - silk) * u3
                 + max(0.0, ng - gold) * u4 + take) * rate
        if short > dice or each < short * DIE_VP * 1.05:
            break
        if not (camels or pepper or silk or gold):  # from here on every contract costs the same
            more = min(room - new, int(dice / short) if short else room - new)
            dice -= more * short
            value += more * each
            new += more
            break
        camels = max(0.0, camels - nc)
        pepper = max(0.0, pepper - np_)
        silk = max(0.0, silk - ns)
        gold = max(0.0, gold - ng)
        dice -= short
        value += each
        new += 1
    done += new
    lead = done - others_done
    if left or dice >= 1:
        most = MOST_CONTRACTS_VP * min(1.0, max(0.0, 0.5 + 0.25 * lead))
    else:
        most = MOST_CONTRACTS_VP if lead >= 0 else 0.0
    goods = pepper + silk + gold
    if left == 0:
        worth = coins // 10 + (0.04 * (coins % 10) if dice >= 1 else 0.0)
        stock = (goods // 2 + (0.2 * (goods % 2) if dice >= 1 else 0.0)) if beijing else 0.0
    else:
        worth = coins / 10
        stock = goods * (0.5 if beijing else 0.1)
    spare = dice * SPARE_DIE + worth + stock + 0.02 * camels
    value += most + spare
    return value, trip, tuple(hand), new, most, spare
