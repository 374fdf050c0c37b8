"""The map as the rules walk it: places by name, the routes out of each place (Carpini's oasis jumps
included), what a walk costs (``travel_cost``), the fewest steps between two places (``distance``) and every
distinct walk of up to six steps from a place (``walks``), which legal-move generation reads."""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from functools import cache

from boardgames.core.message import Message, term
from boardgames.marcopolo.data import NODES, OASES, OASIS, ROUTES, STEP_COINS, VENEZIA

NAMES = tuple(n.name for n in NODES)
INDEX = {n.name: n.id for n in NODES}
TYPES = tuple(n.type for n in NODES)
IS_CITY = tuple(t not in (OASIS, VENEZIA) for t in TYPES)
IS_OASIS = tuple(t == OASIS for t in TYPES)


def place_word(node: int) -> Message:
    """The place ``node`` (a city, an oasis, Venezia) as a word of the game."""
    return term("marcopolo.place", NAMES[node])


def _routes(carpini: bool) -> tuple[dict[int, tuple[int, int]], ...]:
    """Per place: neighbour -> (extra coins, extra camels) of the cheapest way to step there."""
    out: list[dict[int, tuple[int, int]]] = [{} for _ in NODES]
    for r in ROUTES:
        out[r.a][r.b] = (r.coins, r.camels)
        out[r.b][r.a] = (r.coins, r.camels)
    if carpini:
        for a in OASES:
            for b in OASES:
                if a != b:
                    out[a][b] = (0, 0)  # the jump costs nothing, whatever route lies between them
    return tuple(out)


STEPS = _routes(False)
CARPINI_STEPS = _routes(True)


def place(name: str) -> int:
    """The id of the place called ``name``; ValueError naming it if the map has no such place."""
    try:
        return INDEX[name]
    except (KeyError, TypeError):
        raise ValueError(f"{name!r} is not a place of the map (Venezia, Oasis A, Moscow, ...)") from None


def step_cost(a: int, b: int, carpini: bool = False) -> tuple[int, int] | None:
    """The extra (coins, camels) of one step from ``a`` to ``b``, or None if no route (or jump) joins them."""
    return (CARPINI_STEPS if carpini else STEPS)[a].get(b)


def route_cost(path: Sequence[int], carpini: bool = False) -> tuple[int, int] | None:
    """The extra (coins, camels) of the routes of ``path`` (place ids, its start first), or None if a step
    follows no route."""
    table = CARPINI_STEPS if carpini else STEPS
    coins = camels = 0
    for a, b in zip(path, path[1:]):
        extra = table[a].get(b)
        if extra is None:
            return None
        coins += extra[0]
        camels += extra[1]
    return coins, camels


def walks_cost(walks: Sequence[Sequence[int]], carpini: bool = False) -> tuple[int, int] | None:
    """(coins, camels) of one Travel moving the figures along ``walks`` (place ids, each from where its figure
    stands): the step cost of all the steps together plus the extra cost of every route used, the fee not
    included; None if a step follows no route."""
    coins, camels = STEP_COINS[sum(len(w) - 1 for w in walks)], 0
    for walk in walks:
        extra = route_cost(walk, carpini)
        if extra is None:
            return None
        coins += extra[0]
        camels += extra[1]
    return coins, camels


def travel_cost(path: Sequence[str], *, carpini: bool = False) -> tuple[int, int]:
    """(coins, camels) of a Travel along ``path`` (place names, starting where the figure stands): the step
    cost of the rules' table for ``len(path) - 1`` steps plus the extra cost of every route used. With
    ``carpini=True`` a step from an oasis to another oasis is a free jump. ValueError for a walk that is not
    one: an unknown place, a step along no route, no step or more than six."""
    ids = [place(p) for p in path]
    steps = len(ids) - 1
    if steps not in STEP_COINS:
        raise ValueError(f"a Travel takes 1 to 6 steps, not {steps}")
    extra = route_cost(ids, carpini)
    if extra is None:
        a, b = next((a, b) for a, b in zip(ids, ids[1:]) if step_cost(a, b, carpini) is None)
        raise ValueError(f"no route joins {NAMES[a]} and {NAMES[b]}")
    return STEP_COINS[steps] + extra[0], extra[1]


@cache
def distances(start: int, carpini: bool = False) -> tuple[int, ...]:
    """The fewest steps from ``start`` to every place."""
    table = CARPINI_STEPS if carpini else STEPS
    far = [-1] * len(NODES)
    far[start] = 0
    todo = deque([start])
    while todo:
        a = todo.popleft()
        for b in table[a]:
            if far[b] < 0:
                far[b] = far[a] + 1
                todo.append(b)
    return tuple(far)


def distance(a: str, b: str, *, carpini: bool = False) -> int:
    """The fewest steps between the places ``a`` and ``b`` (by route; with ``carpini`` jumps count too)."""
    return distances(place(a), carpini)[place(b)]


@cache
def walks(start: int, carpini: bool = False, passing: bool = False) -> tuple[dict, ...]:
    """Every distinct walk from ``start``: for k = 0..6 a dict from (end, route coins, route camels, cities
    entered) to one path of exactly k steps (place ids, ``start`` first). ``cities entered`` is the frozenset of
    the cities the walk enters (its end included) when ``passing`` (Rubruck), else empty."""
    table = CARPINI_STEPS if carpini else STEPS
    empty: frozenset = frozenset()
    layers: list[dict] = [{(start, 0, 0, empty): (start,)}]
    for _ in range(6):
        nxt: dict = {}
        for (end, coins, camels, seen), path in layers[-1].items():
            for b, (c, m) in table[end].items():
                key = (b, coins + c, camels + m, (seen | {b}) if passing and IS_CITY[b] else seen)
                if key not in nxt:
                    nxt[key] = path + (b,)
        layers.append(nxt)
    return tuple(layers)


def neighbours(at: int, carpini: bool = False) -> dict[int, tuple[int, int]]:
    """The places one step from ``at`` with the extra (coins, camels) of that step."""
    return (CARPINI_STEPS if carpini else STEPS)[at]
