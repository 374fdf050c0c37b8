"""Positions built to order, for the worked examples, the lessons and the tests: ``arrange(state, seat, ...)``
gives the same position with some of one seat's things replaced (``State.arrange`` calls it). Every arranged
position is real and consistent: contracts are taken from wherever they lay, posts take Beijing's highest free
space, and what the rules make impossible raises ValueError."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from boardgames.marcopolo.board import IS_CITY, NAMES, place
from boardgames.marcopolo.data import BEIJING_NODE, CONTRACTS, POLOS
from boardgames.marcopolo.moves import Die
from boardgames.marcopolo.saving import consistency_problem
from boardgames.marcopolo.state import Position
from boardgames.marcopolo.wealth import with_item

WEALTH = {"coins": 0, "camels": 1, "pepper": 2, "silk": 3, "gold": 4, "vp": 5}
KEYS = set(WEALTH) | {"dice", "at", "posts", "contracts", "completed"}


def arrange(state: Position, seat: int, **changes: Any) -> Position:
    """``state`` with ``seat``'s ``coins``, ``camels``, ``pepper``, ``silk``, ``gold``, ``vp``, ``dice`` (values or
    Dies), ``at`` (the figure's place; a pair for Niccolò and Marco), ``posts`` (places), ``contracts`` (active)
    or ``completed`` replaced. Arranged posts have no arrival effects (no tile, no bonus, not placed this turn).
    Contracts given are taken from wherever they lay (the board, a pile, another seat); contracts the seat held
    and no longer does go under the special pile. The log is empty."""
    unknown = sorted(set(changes) - KEYS)
    if unknown:
        raise ValueError(f"arrange cannot set {unknown}; it sets {', '.join(sorted(KEYS))}")
    if not isinstance(seat, int) or not 0 <= seat < state.players:
        raise ValueError(f"there is no seat {seat!r}")
    fields: dict[str, Any] = {}
    wealth = list(state.wealth[seat])
    for key, index in WEALTH.items():
        if key in changes:
            value = changes[key]
            if isinstance(value, bool) or not isinstance(value, int) or (value < 0 and key != "vp"):
                raise ValueError(f"{key} must be a whole number (at least 0), not {value!r}")
            wealth[index] = value
    fields["wealth"] = with_item(state.wealth, seat, tuple(wealth))
    if "dice" in changes:
        dice = tuple(sorted(d if isinstance(d, Die) else Die(d) for d in changes["dice"]))
        if any(not 0 <= d.value <= 6 or d.kind not in ("own", "black", "white") for d in dice):
            raise ValueError(f"a die shows 1 to 6: {' '.join(map(str, dice))}")
        fields["held"] = with_item(state.held, seat, dice)
    if "at" in changes:
        at = changes["at"]
        at = (at,) if isinstance(at, str) else tuple(at)
        figures = 2 if state.chars[seat] == POLOS else 1
        if len(at) != figures:
            raise ValueError(f"{state.names[seat]} has {figures} figure{'s' if figures > 1 else ''}, not {len(at)}")
        fields["at"] = with_item(state.at, seat, tuple(place(p) for p in at))
    if "posts" in changes:
        posts = tuple(place(p) for p in changes["posts"])
        bad = [NAMES[p] for p in posts if not IS_CITY[p]]
        if bad:
            raise ValueError(f"no trading post goes in {bad[0]}")
        if len(set(posts)) != len(posts):
            raise ValueError("two posts of one player in one city")
        fields["post_list"] = with_item(state.post_list, seat, posts)
        spaces = [-1 if s == seat else s for s in state.beijing_spaces]
        if BEIJING_NODE in posts:
            spaces[spaces.index(-1)] = seat
        fields["beijing_spaces"] = tuple(spaces)
    if "contracts" in changes or "completed" in changes:
        fields.update(_contracts(state, seat, changes.get("contracts"), changes.get("completed")))
    new = replace(state, log=(), **fields)
    problem = consistency_problem(new)
    if problem:
        raise ValueError(f"that position is impossible: {problem}")
    return new


def _contracts(state: Position, seat: int, active: Sequence[int] | None, completed: Sequence[int] | None) -> dict:
    """The contract fields after giving ``seat`` these active and completed contracts."""
    active = tuple(state.hands[seat]) if active is None else tuple(active)
    completed = tuple(state.done[seat]) if completed is None else tuple(completed)
    wanted = active + completed
    for c in wanted:
        if isinstance(c, bool) or not isinstance(c, int) or not 0 <= c < len(CONTRACTS):
            raise ValueError(f"{c!r} is not a contract (0 to 43)")
    if len(set(wanted)) != len(wanted):
        raise ValueError("a contract given twice")
    if len(active) > 2:
        raise ValueError("a player holds at most 2 active contracts")
    taken = set(wanted)
    dropped = tuple(c for c in state.hands[seat] + state.done[seat] if c not in taken)
    hidden = state.hidden
    special = []
    for k, c in enumerate(state.special):
        if c in taken:
            if k < state.hidden:
                hidden -= 1
        else:
            special.append(c)
    board = tuple(c for c in state.board if c >= 0 and c not in taken)
    hands = [tuple(c for c in h if c not in taken) for h in state.hands]
    done = [tuple(c for c in h if c not in taken) for h in state.done]
    hands[seat], done[seat] = active, completed
    return {
        "hands": tuple(hands),
        "done": tuple(done),
        "board": board + (-1,) * (6 - len(board)),
        "piles": tuple(tuple(c for c in p if c not in taken) for p in state.piles),
        "special": tuple(special) + dropped,
        "hidden": hidden,
        "unused": tuple(c for c in state.unused if c not in taken),
        "agenda": tuple(t for t in state.agenda if not (t[0] == "keep" and t[2] in taken)),
    }
