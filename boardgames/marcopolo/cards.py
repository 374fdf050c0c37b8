"""City cards (rules page, table 2.8): what one use of a card with a die of d does (``plan``: the net change of
wealth, the small-city bonuses, the movement), why it cannot be done (``plan`` returns the rule and the
reason), and every distinct way to use it (``uses``), for ``check``, ``play`` and ``legal_moves`` alike.

``uses`` is the number of repeats, or one choice per repeat: a good (card 12), "3 coins" or "1 camel" (16),
"3 coins" or "1 VP" (19), "sell pepper" or "buy silk" (27), a small city (23 and 25), a place entered (13:
the movement's places in order, led by "figure 2" to move Niccolò and Marco's second figure) or a place and
the goods paid for the step (30: "Moscow for pepper and silk")."""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations, combinations_with_replacement
from typing import Any, NamedTuple

from boardgames.core.message import Capitalized, Listed, Message, listed, say, say_n
from boardgames.marcopolo import reasons
from boardgames.marcopolo.board import INDEX, IS_CITY, NAMES, neighbours, place_word, walks
from boardgames.marcopolo.data import (
    CAMELS,
    CARPINI,
    CITY_CARDS,
    GOOD_INDEX,
    GOODS,
    NOTHING,
    RUBRUCK,
    SMALL_CITIES,
    good_word,
    items_said,
)
from boardgames.marcopolo.log import amounts_or_nothing
from boardgames.marcopolo.posts import move_figure
from boardgames.marcopolo.spaces import space_said
from boardgames.marcopolo.state import SPACE_INDEX, Draft, Position
from boardgames.marcopolo.wealth import gain, push

REPEATS = "marcopolo.city.repeats"
CANNOT_PAY = "marcopolo.city.cannot-pay"
MOVE = "marcopolo.reward.move"
PAIRS = tuple(combinations(GOODS, 2))  # ("pepper", "silk"), ("pepper", "gold"), ("silk", "gold")
FIGURE_2 = "figure 2"


class Plan(NamedTuple):
    """What one use of a city card does: the net change of wealth, the small-city markers whose bonus is
    received, and the movement (the figure and its walk, start first) if any."""

    change: tuple[int, ...]
    markers: tuple[int, ...] = ()
    figure: int = -1
    walk: tuple[int, ...] = ()


def _add(a: tuple[int, ...], b: tuple[int, ...], k: int = 1) -> tuple[int, ...]:
    return tuple(x + k * y for x, y in zip(a, b))


def _short(wealth: tuple[int, ...], change: tuple[int, ...]) -> bool:
    """Whether ``wealth`` cannot pay ``change`` (VP may go negative)."""
    return any(w + c < 0 for w, c in zip(wealth[:5], change[:5]))


def _gain(items: tuple) -> tuple[int, ...]:
    return items[0] if items else NOTHING


def plan(s: Position, seat: int, number: int, d: int, uses: Any) -> Plan | tuple[str, Message]:
    """One use of city card ``number`` by ``seat`` with a die of ``d``: its Plan, or (rule, reason) when the
    rules refuse it (rules city.repeats and city.cannot-pay; reward.move for a step that is not one), the reason a
    sentence."""
    card = CITY_CARDS[number]
    kind = card.kind
    wealth = s.wealth[seat]
    if kind in ("repeat", "per-d", "per-post", "per-contract", "threshold"):
        if isinstance(uses, bool) or not isinstance(uses, int):
            return REPEATS, say("City card {number} is used a number of times, not with choices.", number=number)
        if kind == "threshold":
            if uses != 1:
                return REPEATS, say("City card {number} is used once, not {uses} times.", number=number, uses=uses)
            return Plan(_gain(card.more if d >= card.limit else card.gain))
        if not 1 <= uses <= d:
            return REPEATS, _times(d, number, uses)
        if kind == "repeat":
            change = _add(_gain(card.gain), card.pay)
            change = tuple(uses * x for x in change)
            if _short(wealth, change):
                return CANNOT_PAY, _cannot(wealth, card.pay, uses, number)
            return Plan(change)
        if kind in ("per-post", "per-contract"):
            count = len(s.post_list[seat]) if kind == "per-post" else len(s.done[seat])
            if count < uses:
                return CANNOT_PAY, _counts(kind, count, number)
        return Plan(tuple(uses * x for x in _gain(card.gain)))
    if isinstance(uses, (int, str)) or not isinstance(uses, tuple) or not all(isinstance(u, str) for u in uses):
        return REPEATS, say("City card {number} asks one choice per use, not {uses}.", number=number, uses=repr(uses))
    choices = uses
    figure = 0
    if kind in ("steps", "goods-steps") and choices and choices[0] == FIGURE_2:
        if len(s.at[seat]) < 2:
            return REPEATS, say("There is no second figure to move.")
        figure, choices = 1, choices[1:]
    k = len(choices)
    if kind == "small-bonus":
        top = 2 if d >= card.limit else 1
        if not 1 <= k <= top:
            if top == 2:
                return REPEATS, say("With a die of {die} city card 23 gives the bonus of 1 or 2 small cities, not "
                                    "{given}.", die=d, given=k)
            return REPEATS, say("With a die of {die} city card 23 gives the bonus of 1 small city, not {given}.",
                                die=d, given=k)
    elif not 1 <= k <= d:
        return REPEATS, _times(d, number, k)
    if kind in ("small-bonus", "small-bonus-each"):
        return _small_bonus(s, seat, number, choices, card.pay)
    if kind == "good":
        if any(c not in GOODS for c in choices):
            return REPEATS, say("City card 12 gives pepper, silk or gold, not {choice}.", choice=_bad(choices, GOODS))
        change = tuple(k * x for x in card.pay)
        for c in choices:
            change = _add(change, _unit(c))
        if _short(wealth, change):
            return CANNOT_PAY, _cannot(wealth, card.pay, k, number)
        return Plan(change)
    if kind in ("same-either", "either", "trade"):
        labels = [o[0] for o in card.options]
        if any(c not in labels for c in choices):
            return REPEATS, say("City card {number}'s choices are {choices}, not {choice}.", number=number,
                                choices=listed(labels, ","), choice=_bad(choices, labels))
        if kind == "same-either" and len(set(choices)) > 1:
            return REPEATS, say("City card {number} makes the same choice every time.", number=number)
        change = NOTHING
        for c in choices:
            _, pay, got = card.options[labels.index(c)]
            if _short(_add(wealth, change), pay):
                return CANNOT_PAY, say("City card {number}: {choice} cannot be paid at that point.", number=number,
                                       choice=say("'{answer}'", answer=_option_said(card.options[labels.index(c)])))
            change = _add(_add(change, pay), _gain(got))
        return Plan(change)
    return _movement(s, seat, number, figure, choices, kind == "goods-steps")


def _small_bonus(s: Position, seat: int, number: int, cities: tuple[str, ...], pay: tuple[int, ...]) -> Plan | tuple:
    mine = [c for c in SMALL_CITIES if c in s.post_list[seat]]
    if not mine:
        return CANNOT_PAY, say("City card {number} needs a trading post in a small city, and there is none.",
                               number=number)
    if len(set(cities)) != len(cities):
        return REPEATS, say("City card {number} gives the bonus of different small cities each time.", number=number)
    markers = []
    for name in cities:
        node = INDEX.get(name)
        if node not in mine:
            return REPEATS, say("{city} is not a small city with the player's trading post.",
                                city=Capitalized(name) if node is None else place_word(node))
        markers.append(s.markers[SMALL_CITIES.index(node)])
    change = tuple(len(cities) * x for x in pay)
    if _short(s.wealth[seat], change):
        return CANNOT_PAY, _cannot(s.wealth[seat], pay, len(cities), number)
    return Plan(change, tuple(markers))


def _movement(s: Position, seat: int, number: int, figure: int, choices: tuple[str, ...], goods: bool) -> Plan | tuple:
    carpini = s.chars[seat] == CARPINI
    at = s.at[seat][figure]
    walk = [at]
    change = tuple(len(choices) * x for x in CITY_CARDS[number].pay)
    for choice in choices:
        name = choice
        if goods:
            name, _, paid = choice.partition(" for ")
            pair = tuple(paid.split(" and "))
            if len(pair) != 2 or pair[0] == pair[1] or any(g not in GOODS for g in pair):
                return REPEATS, say("Each step of city card 30 is paid with 2 different goods, not {paid}.",
                                    paid=repr(paid))
            change = _add(_add(change, _unit(pair[0]), -1), _unit(pair[1]), -1)
        node = INDEX.get(name)
        if node is None:
            return MOVE, say("{place} is not a place of the map.", place=repr(name))
        extra = neighbours(walk[-1], carpini).get(node)
        if extra is None:
            return MOVE, say("No route joins {place} and {other}.", place=place_word(walk[-1]), other=place_word(node))
        change = _add(change, (-extra[0], -extra[1], 0, 0, 0, 0))
        walk.append(node)
    if _short(s.wealth[seat], change):
        return CANNOT_PAY, say("City card {number}: the steps to {place} cost {cost}.", number=number,
                               place=place_word(walk[-1]), cost=_spell(change))
    return Plan(change, (), figure, tuple(walk))


def _unit(good: str) -> tuple[int, ...]:
    out = [0] * 6
    out[GOOD_INDEX[good]] = 1
    return tuple(out)


def _option_said(option: tuple) -> Message:
    """A city card's option (its label, price and gain) in words: "sell pepper", "buy gold", or what it gives,
    "3 coins", "1 VP"."""
    label, _, got = option
    deal, _, good = label.partition(" ")
    if deal in ("sell", "buy") and good in GOODS:
        good_said = good_word(good)
        return say("sell {good}", good=good_said) if deal == "sell" else say("buy {good}", good=good_said)
    return items_said(got)


def _bad(choices, allowed) -> str:
    return repr(next(c for c in choices if c not in allowed))


def _times(d: int, number: int, uses: int) -> Message:
    return say("With a die of {die} city card {number} is used 1 to {die} times, not {uses}.", die=d, number=number,
               uses=uses)


def _counts(kind: str, count: int, number: int) -> Message:
    if kind == "per-post":
        return say_n("City card {number} counts trading posts and there is {n} trading post.",
                     "City card {number} counts trading posts and there are {n} trading posts.", count, number=number)
    return say_n("City card {number} counts completed contracts and there is {n} completed contract.",
                 "City card {number} counts completed contracts and there are {n} completed contracts.", count,
                 number=number)


def _spell(change: tuple[int, ...]) -> Listed | Message:
    return amounts_or_nothing(tuple(-x for x in change))


def _cannot(wealth: tuple[int, ...], pay: tuple[int, ...], k: int, number: int) -> Message:
    return say_n("{n} use of city card {number} cost {cost}.", "{n} uses of city card {number} cost {cost}.", k,
                 number=number, cost=_spell(tuple(k * x for x in pay)))


def carry_out(d: Draft, seat: int, number: int, die: int, uses: Any, space: str) -> None:
    """Rules city.repeats and city.cannot-pay: pay and gain; bonuses and the movement follow."""
    p = plan(d, seat, number, die, uses)
    where = reasons.city_card(space_said(SPACE_INDEX[space]), number)
    if any(p.change):
        gain(d, seat, p.change, where, "marcopolo.city.repeats")
    push(d, [("bonus", seat, m, reasons.small_city_bonus(where), "marcopolo.city.repeats") for m in p.markers])
    if p.walk:
        move_figure(d, seat, p.figure, p.walk, where)


# ---------------------------------------------------------------------- every distinct use
def uses(s: Position, seat: int, number: int, d: int) -> list:
    """Every distinct use of city card ``number`` by ``seat`` with a die of ``d`` that can be paid: one per
    effect (two uses with the same net change, bonuses and movement are one)."""
    card = CITY_CARDS[number]
    kind = card.kind
    wealth = s.wealth[seat][:5]
    if kind == "threshold":
        return [1]
    if kind == "per-d":
        return list(range(1, d + 1))
    if kind in ("per-post", "per-contract"):
        count = len(s.post_list[seat]) if kind == "per-post" else len(s.done[seat])
        return list(range(1, min(d, count) + 1))
    if kind == "repeat":
        out = []
        change = _add(_gain(card.gain), card.pay)
        for k in range(1, d + 1):
            if _short(wealth, tuple(k * x for x in change)):
                break
            out.append(k)
        return out
    if kind in ("good", "same-either", "either", "trade"):
        return list(_exchanges(number, d, wealth))
    if kind in ("small-bonus", "small-bonus-each"):
        mine = [c for c in SMALL_CITIES if c in s.post_list[seat]]
        if kind == "small-bonus":
            top = 2 if d >= card.limit else 1
        else:
            top = min(d, wealth[0] // -card.pay[0])  # a coin for each repeat
        out, seen = [], set()
        for k in range(1, top + 1):
            for group in combinations(mine, k):
                key = tuple(sorted(s.markers[SMALL_CITIES.index(c)] for c in group))
                if key not in seen:
                    seen.add(key)
                    out.append(tuple(NAMES[c] for c in group))
        return out
    return _movements(s, seat, number, d)


@lru_cache(maxsize=4096)
def _exchanges(number: int, d: int, wealth: tuple[int, ...]) -> tuple:
    """The distinct choice sequences of an exchange card (12, 16, 19, 27) that ``wealth`` can pay."""
    card = CITY_CARDS[number]
    if card.kind == "good":
        options = tuple((g, card.pay, (_unit(g),)) for g in GOODS)
    else:
        options = card.options
    out, seen = [], set()
    for k in range(1, d + 1):
        found = False
        for combo in combinations_with_replacement(range(len(options)), k):
            if card.kind == "same-either" and len(set(combo)) > 1:
                continue
            change = NOTHING
            for i in combo:
                _, pay, got = options[i]
                if _short(_add(wealth, change), pay):
                    break
                change = _add(_add(change, pay), _gain(got))
            else:
                found = True
                if change not in seen:
                    seen.add(change)
                    out.append(tuple(options[i][0] for i in combo))
        if not found:
            break
    return tuple(out)


def _movements(s: Position, seat: int, number: int, d: int) -> list:
    card = CITY_CARDS[number]
    goods = card.kind == "goods-steps"
    carpini = s.chars[seat] == CARPINI
    rubruck = s.chars[seat] == RUBRUCK
    wealth = s.wealth[seat]
    posts = set(s.post_list[seat])
    out, seen = [], set()
    for figure, at in enumerate(s.at[seat]):
        lead = (FIGURE_2,) if figure else ()
        layers = walks(at, carpini, rubruck)
        for k in range(1, d + 1):
            camels = -card.pay[CAMELS] * k
            for (end, rc, rm, passed), path in layers[k].items():
                if wealth[0] < rc or wealth[1] < camels + rm:
                    continue
                names = tuple(NAMES[p] for p in path[1:])
                where = (end, frozenset(passed - posts) if rubruck else IS_CITY[end] and end not in posts)
                if not goods:
                    key = (figure, where, end, rc, camels + rm)
                    if key not in seen:
                        seen.add(key)
                        out.append(lead + names)
                    continue
                for combo in combinations_with_replacement(range(3), k):
                    paid = [0, 0, 0]
                    for i in combo:
                        for g in PAIRS[i]:
                            paid[GOODS.index(g)] += 1
                    if any(wealth[2 + j] < paid[j] for j in range(3)):
                        continue
                    key = (figure, where, end, rc, camels + rm, tuple(paid))
                    if key in seen:
                        continue
                    seen.add(key)
                    out.append(lead + tuple(f"{n} for {' and '.join(PAIRS[i])}" for n, i in zip(names, combo)))
    return out
