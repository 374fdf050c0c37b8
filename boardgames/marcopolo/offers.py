"""The moves a position offers (``legal_moves``): every distinct decision once.

Two moves with the same effect are one decision: one Travel per set of dice and reachable place and cost (not
every walk), one bazaar move per set of dice and column, one use of a city card per net effect. Dice are named
by value and kind, so two own 3s are one choice. Raschid sets his dice as he places them: his moves set each
die to the least value that gives the effect (on Khan's Favor every value, since it bars the next slots);
``check`` and ``play`` still accept any value. Every move offered here passes ``refusals.refusal`` (the
conformance tests check it)."""

from __future__ import annotations

from functools import cache
from itertools import combinations

from boardgames.marcopolo import data
from boardgames.marcopolo import moves as M
from boardgames.marcopolo.board import IS_CITY, NAMES, walks
from boardgames.marcopolo.cards import uses as card_uses
from boardgames.marcopolo.data import (
    BAZAAR,
    CARD_CITY,
    CARD_SPACES,
    CARPINI,
    CITY_CARDS,
    CONTRACT_PRICES,
    GOODS,
    KHAN_SLOTS,
    RASCHID,
    RUBRUCK,
    STEP_COINS,
)
from boardgames.marcopolo.moves import BUY_BLACK_DIE, END_TURN, build
from boardgames.marcopolo.questions import options
from boardgames.marcopolo.spaces import fee, khan_least
from boardgames.marcopolo.state import (
    BAZAAR_SPACE,
    CONTRACTS,
    FIRST_CARD,
    FIVE_COINS,
    KHAN,
    TRAVEL,
    Position,
)


def legal_moves(s: Position) -> list:
    """Every legal decision of the player to move, each once."""
    if s.over:
        return []
    if s.agenda:
        return [M.Choose(o) for o in options(s, s.agenda[0])]
    seat = s.turn
    held = s.held[seat]
    moves: list = []
    if held and not s.main_done:
        moves += main_actions(s, seat)
    moves += bonus_actions(s, seat)
    if not held or s.main_done:
        moves.append(END_TURN)
    return moves


def bonus_actions(s: Position, seat: int) -> list:
    w = s.wealth[seat]
    held = s.held[seat]
    out: list = [M.Fulfil(c) for c in s.hands[seat]
                 if all(w[i] + CONTRACT_PRICES[c][i] >= 0 for i in range(1, 5))]
    distinct = tuple(dict.fromkeys(held))
    raschid = s.chars[seat] == RASCHID
    out += [build(M.CoinBag, M.Die(1, d.kind) if raschid else d) for d in distinct]
    if not raschid:
        if w[1] >= data.REROLL_CAMELS:
            out += [build(M.Reroll, d) for d in distinct]
        if w[1] >= data.ADJUST_CAMELS:
            out += [build(M.Adjust, d, k) for d in distinct for k in (-1, 1) if 1 <= d.value + k <= 6]
    if not s.bought and s.black_left > 0 and w[1] >= data.BLACK_DIE_CAMELS:
        out.append(BUY_BLACK_DIE)
    return out


def groups(held: tuple[M.Die, ...], k: int, own_allowed: bool) -> list[tuple[M.Die, ...]]:
    """The distinct sets of ``k`` dice among ``held`` (without own dice when ``own_allowed`` is False)."""
    pool = held if own_allowed else tuple(d for d in held if d.kind != "own")
    return list(dict.fromkeys(combinations(pool, k)))


def _own_used(s: Position, seat: int, space: int) -> bool:
    return any(o == seat and d.kind == "own" for o, d in s.spaces[space])


def _valued(s: Position, seat: int, group: tuple[M.Die, ...]) -> list[tuple[int, tuple[M.Die, ...]]]:
    """(lowest value, dice) for a group: as rolled, or for Raschid set to each value 1-6."""
    if s.chars[seat] != RASCHID:
        return [(min(d.value for d in group), group)]
    return [(v, tuple(M.Die(v, d.kind) for d in group)) for v in range(1, 7)]


def main_actions(s: Position, seat: int) -> list:
    held = s.held[seat]
    coins = s.wealth[seat][0]
    raschid = s.chars[seat] == RASCHID
    out: list = []
    out += travels(s, seat)
    for good, (count, _) in BAZAAR.items():
        space = BAZAAR_SPACE[good]
        for group in groups(held, count, not _own_used(s, seat, space)):
            if raschid:
                out += [build(M.Bazaar, good, tuple(M.Die(c, d.kind) for d in group), c) for c in range(1, 7)
                        if fee(s, seat, space, c) <= coins]
            elif fee(s, seat, space, group[0].value) <= coins:
                out += _bazaar(good, group)
    if len(s.spaces[KHAN]) < KHAN_SLOTS:
        need = khan_least(s)
        for (die,) in groups(held, 1, not _own_used(s, seat, KHAN)):
            values = range(need, 7) if raschid else ([die.value] if die.value >= need else [])
            for v in values:
                out += _khan(M.Die(v, die.kind))
    out += contracts(s, seat)
    for (die,) in groups(held, 1, not _own_used(s, seat, FIVE_COINS)):
        low, dice = _valued(s, seat, (die,))[0]
        if fee(s, seat, FIVE_COINS, low) <= coins:
            out.append(build(M.FiveCoins, dice[0]))
    out += city_cards(s, seat)
    return out


@cache
def _bazaar(good: str, dice: tuple[M.Die, ...]) -> tuple:
    """The bazaar moves of a set of dice (sorted, so the lowest first): one per column up to it."""
    return tuple(build(M.Bazaar, good, dice, column) for column in range(1, dice[0].value + 1))


@cache
def _khan(die: M.Die) -> tuple:
    return tuple(build(M.KhansFavor, die, g) for g in GOODS)


def contracts(s: Position, seat: int) -> list:
    board = s.board
    if board[0] < 0:
        return []
    out = []
    coins = s.wealth[seat][0]
    full = tuple(x for x in range(1, 7) if board[x - 1] >= 0)
    for (die,) in groups(s.held[seat], 1, not _own_used(s, seat, CONTRACTS)):
        if s.chars[seat] == RASCHID:
            for top in full:  # Raschid sets the die to the highest space he takes
                if fee(s, seat, CONTRACTS, top) <= coins:
                    out += _takes(M.Die(top, die.kind), tuple(x for x in full if x <= top), top)
        elif fee(s, seat, CONTRACTS, die.value) <= coins:
            out += _takes(die, tuple(x for x in full if x <= die.value), 0)
    return out


@cache
def _takes(die: M.Die, reach: tuple[int, ...], top: int) -> tuple:
    """Every Take contracts move of ``die`` on the filled spaces ``reach`` (with ``top``, only those whose highest
    space is ``top``), with every choice of extras."""
    out = []
    for spaces in [(x,) for x in reach] + list(combinations(reach, 2)):
        if top and spaces[-1] != top:
            continue
        high = [x for x in spaces if x >= 5]
        for extras in _extras(len(high)):
            out.append(build(M.TakeContracts, die, spaces, extras))
    return tuple(out)


def _extras(k: int) -> list[tuple[str, ...]]:
    if k == 0:
        return [()]
    if k == 1:
        return [("coins",), ("camels",)]
    return [(a, b) for a in ("coins", "camels") for b in ("coins", "camels")]


def city_cards(s: Position, seat: int) -> list:
    out = []
    held = s.held[seat]
    raschid = s.chars[seat] == RASCHID
    for k, space_name in enumerate(CARD_SPACES):
        space = FIRST_CARD + k
        city = CARD_CITY[k]
        if s.spaces[space] or city not in s.post_list[seat] or city in s.arrived:
            continue
        number = s.cards[k]
        card = CITY_CARDS[number]
        seen = set()
        for (die,) in groups(held, 1, True):
            for low, (placed,) in _valued(s, seat, (die,)):
                for use in card_uses(s, seat, number, low):
                    key = (die, use, card.kind == "threshold" and low >= card.limit) if raschid else (die, use)
                    if key in seen:
                        continue
                    seen.add(key)
                    out.append(build(M.CityCard, space_name, placed, use))
    return out


# ---------------------------------------------------------------------- travel
def travels(s: Position, seat: int) -> list:
    """One Travel per set of dice and distinct (places where figures stop, cost)."""
    held = s.held[seat]
    coins, camels = s.wealth[seat][0], s.wealth[seat][1]
    options_by_steps = travel_options(s, seat)
    if not options_by_steps:
        return []
    out = []
    seen = set()
    for group in groups(held, 2, not _own_used(s, seat, TRAVEL)):
        for low, dice in _valued(s, seat, group):
            paid = fee(s, seat, TRAVEL, low)
            if paid > coins:
                continue
            for steps, key, cost_coins, cost_camels, path, path2 in options_by_steps:
                if steps > low:
                    break
                if cost_coins + paid > coins or cost_camels > camels:
                    continue
                mark = (group, key)
                if mark in seen:
                    continue
                seen.add(mark)
                out.append(build(M.Travel, dice, path, path2))
    return out


def travel_options(s: Position, seat: int) -> list[tuple]:
    """(steps, effect, coins, camels, path, path2) for every distinct Travel effect, fewest steps first."""
    carpini = s.chars[seat] == CARPINI
    at = s.at[seat]
    if len(at) == 2:
        posts = set(s.post_list[seat])
        out, seen = [], set()
        for steps, (e1, e2, coins, camels), c, m, path, path2 in _pair_options(at[0], at[1], carpini):
            new = frozenset(e for e in (e1, e2) if e >= 0 and IS_CITY[e] and e not in posts)
            key = (e1 if e1 >= 0 else at[0], e2 if e2 >= 0 else at[1], coins, camels, new)
            if key not in seen:  # a figure that walks back to where it stood has not moved in effect
                seen.add(key)
                out.append((steps, key, c, m, path, path2))
        return out
    rubruck = s.chars[seat] == RUBRUCK
    found = _single_options(at[0], carpini, rubruck)
    if not rubruck:
        return list(found)
    posts = frozenset(s.post_list[seat])
    out, seen = [], set()
    for steps, (end, coins, camels, passed), c, m, path, path2 in found:
        key = (end, coins, camels, passed - posts)
        if key not in seen:
            seen.add(key)
            out.append((steps, key, c, m, path, path2))
    return out


@cache
def _single_options(start: int, carpini: bool, rubruck: bool) -> tuple:
    out, seen = [], set()
    for k, layer in enumerate(walks(start, carpini, rubruck)):
        if k == 0:
            continue
        for (end, rc, rm, passed), path in layer.items():
            key = (end, STEP_COINS[k] + rc, rm, passed)
            if key in seen:
                continue
            seen.add(key)
            out.append((k, key, STEP_COINS[k] + rc, rm, tuple(NAMES[p] for p in path[1:]), ()))
    return tuple(out)


@cache
def _pair_options(a: int, b: int, carpini: bool) -> tuple:
    """Niccolò and Marco: the steps split between the figures; the effect is where each moved figure stops and
    the cost."""
    first = [_ends(layer) for layer in walks(a, carpini, False)]
    second = [_ends(layer) for layer in walks(b, carpini, False)]
    out, seen = [], set()
    for total in range(1, 7):
        for k1 in range(total + 1):
            k2 = total - k1
            for (e1, c1, m1), p1 in first[k1].items():
                for (e2, c2, m2), p2 in second[k2].items():
                    coins = STEP_COINS[total] + c1 + c2
                    key = (e1 if k1 else -1, e2 if k2 else -1, coins, m1 + m2)
                    if key in seen:
                        continue
                    seen.add(key)
                    out.append((total, key, coins, m1 + m2, tuple(NAMES[p] for p in p1[1:]),
                                tuple(NAMES[p] for p in p2[1:])))
    return tuple(out)


def _ends(layer: dict) -> dict:
    out: dict = {}
    for (end, rc, rm, _), path in layer.items():
        out.setdefault((end, rc, rm), path)
    return out
