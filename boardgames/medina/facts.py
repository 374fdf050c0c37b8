"""Medina's derived board facts: where palaces may grow, free squares, where merchants and walls may go, who
owns which colours; found on demand, kept in a state's ``cache`` and handed on from a state to the next.

Each fact is read off the board, the palaces' squares and owners and the merchant line only (``BOARD_FACTS``),
never off the seat to move, the supplies or the step. A placement changes the board around one square, so the
next state starts with the facts the placement leaves true and those it changes only around that square,
brought up to date (``carry``), instead of finding them all again. A property test compares the handed-on
facts with a fresh look after every placement.

A palace of a colour can only grow while it is the one *extendable* palace of that colour (rule 8); since
pieces are never removed, a palace that has once stopped being extendable never becomes extendable again, so
there is at most one per colour and finding it means looking at the few squares around the unclaimed palaces.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterable, Sequence

from boardgames.medina.board import AROUND_CITY, CITY, EMPTY, IS_RING, MERCHANT, ORTH_CITY, PALACE, RING, RING_NEXT
from boardgames.medina.pieces import Pal
from boardgames.medina.plans import BuildingPlan, MerchantPlan, Plan, RoofPlan, WallPlan
from boardgames.medina.state import Position

# The facts a placement hands on, with what each holds: "growth" {palace: growth}, "free" free_squares,
# "stables" stable_squares, "line" line_squares, "lone" lone_squares, "walls" wall_squares, "owners" owners.
BOARD_FACTS = ("growth", "free", "stables", "line", "lone", "walls", "owners")

_new = object.__new__
_set = object.__setattr__


# ---------------------------------------------------------------------- the rules on a board


def intruder(board: Sequence[int], i: int, p: int) -> int | None:
    """Rules 9 and 14: a square around ``i`` (even diagonally) holding a building or stable of a palace other
    than ``p`` (-1: of any palace), or None."""
    for x in AROUND_CITY[i]:
        v = board[x]
        if v >= PALACE and (v - PALACE) >> 1 != p:
            return x
    return None


def growth(board: Sequence[int], pal: Pal, p: int) -> list[int]:
    """Empty squares sharing an edge with a building of palace ``p`` and touching no other palace: where a
    building of its colour (while it is unclaimed) or a stable may join it. Sorted."""
    out: list[int] = []
    for b in pal.buildings:
        for q in ORTH_CITY[b]:
            if board[q] == EMPTY and q not in out and intruder(board, q, p) is None:
                out.append(q)
    out.sort()
    return out


def merchants_beside(board: Sequence[int], i: int) -> list[int]:
    """The merchants sharing an edge with square ``i``."""
    return [x for x in ORTH_CITY[i] if board[x] == MERCHANT]


def held_ends(board: Sequence[int], i: int) -> list[int]:
    """The tower or walls beside the wall space ``i`` along the ring."""
    return [q for q in RING_NEXT[i] if board[q] != EMPTY]


def open_wall_space(board: Sequence[int], i: int) -> bool:
    """Rules 18 and 19: the wall space ``i`` is empty and continues exactly one tower or wall."""
    return board[i] == EMPTY and len(held_ends(board, i)) == 1


def has(squares: list[int], i: int) -> bool:
    """Whether the sorted list ``squares`` holds ``i``."""
    k = bisect_left(squares, i)
    return k < len(squares) and squares[k] == i


# ---------------------------------------------------------------------- the facts of a state


def owners(s: Position) -> tuple[int, ...]:
    """Per colour: a bit mask of the seats owning a palace of that colour."""
    got = s.cache.get("owners")
    if got is None:
        masks = [0, 0, 0, 0]
        for pal in s.pals:
            if pal.owner is not None:
                masks[pal.colour] |= 1 << pal.owner
        got = s.cache["owners"] = tuple(masks)
    return got


def closed(s: Position, c: int) -> bool:
    """Rule 10: every player owns a palace of colour ``c``."""
    return owners(s)[c] == (1 << s.players) - 1


def palace_growth(s: Position) -> dict[int, list[int]]:
    """Per palace: where a building of its colour (while it is unclaimed) or a stable may join it, sorted."""
    got = s.cache.get("growth")
    if got is None:
        got = s.cache["growth"] = {}
    pals = s.pals
    if len(got) < len(pals):
        board = s.board
        for p, pal in enumerate(pals):
            if p not in got:
                got[p] = growth(board, pal, p)
    return got


def extendable(s: Position) -> tuple[int | None, ...]:
    """Per colour: the extendable palace (index), or None (rule 8; at most one per colour)."""
    got = s.cache.get("ext")
    if got is None:
        found: list[int | None] = [None, None, None, None]
        grows = palace_growth(s)
        pals = s.pals
        for p in range(len(pals) - 1, -1, -1):
            pal = pals[p]
            if pal.owner is None and found[pal.colour] is None and grows[p]:
                found[pal.colour] = p
        got = s.cache["ext"] = tuple(found)
    return got


def free_squares(s: Position) -> list[int]:
    """Empty city squares with no building or stable around them (where a new palace may start)."""
    got = s.cache.get("free")
    if got is None:
        board = s.board
        near = set()
        for i in CITY:
            if board[i] >= PALACE:
                near.update(AROUND_CITY[i])
        got = s.cache["free"] = [i for i in CITY if board[i] == EMPTY and i not in near]
    return got


def stable_squares(s: Position) -> list[int]:
    """Where a stable may go (rules 13 and 14), sorted."""
    got = s.cache.get("stables")
    if got is None:
        got = []
        for squares in palace_growth(s).values():
            got += squares
        got.sort()
        s.cache["stables"] = got
    return got


def line_squares(s: Position) -> list[int]:
    """Squares extending the current merchant line (rules 15 and 16), sorted."""
    got = s.cache.get("line")
    if got is None:
        got = s.cache["line"] = _line_squares(s.board, s.line)
    return got


def lone_squares(s: Position) -> list[int]:
    """Empty city squares touching no merchant (where a new merchant line may start), sorted."""
    got = s.cache.get("lone")
    if got is None:
        board = s.board
        got = s.cache["lone"] = [i for i in CITY if board[i] == EMPTY and not merchants_beside(board, i)]
    return got


def wall_squares(s: Position) -> list[int]:
    """Where a wall may go (rules 18 and 19), sorted."""
    got = s.cache.get("walls")
    if got is None:
        board = s.board
        got = s.cache["walls"] = [i for i in RING if open_wall_space(board, i)]
    return got


def _line_squares(board: Sequence[int], line: tuple[int, int] | None) -> list[int]:
    if line is None:
        return []
    out: list[int] = []
    for e in line:
        for q in ORTH_CITY[e]:
            if board[q] == EMPTY and q not in out and len(merchants_beside(board, q)) == 1:
                out.append(q)
    out.sort()
    return out


# ---------------------------------------------------------------------- handing the facts on
# The flow builds each new state by copying the old one's fields and changing the few that moved. The cache
# is never copied as such: a placement hands on only the facts it provably leaves true, or updates them for
# the one square it filled (``carry``).


def changed(s: Position, changes: dict, facts: dict | None = None) -> Position:
    """A copy of ``s`` with the fields named in ``changes`` replaced; its cache starts as ``facts`` (or empty)."""
    fields = dict(s.__dict__)
    fields.update(changes)
    fields["cache"] = {} if facts is None else facts
    new = _new(s.__class__)
    _set(new, "__dict__", fields)
    return new


def board_facts(cache: dict) -> dict:
    """The facts of ``cache`` that stay true while only the seat to move, the supplies or the step change."""
    facts = {key: cache[key] for key in BOARD_FACTS if key in cache}
    if "growth" in facts:
        facts["growth"] = dict(facts["growth"])
    return facts


def carry(cache: dict, plan: Plan, board: tuple[int, ...]) -> dict:
    """The derived facts of a state (its ``cache``) brought up to date for the legal placement ``plan``, which
    leaves ``board``: those the placement leaves true, and those it changes only around the square it fills."""
    kind = type(plan)
    facts = board_facts(cache)
    if kind is RoofPlan:  # a claim changes who owns what, and nothing on the board
        facts.pop("owners", None)
        return facts
    i = plan.square
    if kind is WallPlan:  # a wall changes only the ring, and there only around itself
        walls = facts.get("walls")
        if walls is not None:
            facts["walls"] = _walls_after(walls, i, board)
        return facts
    # A building, stable or merchant on the city square i.
    facts.pop("stables", None)
    grows = facts.get("growth")
    if kind is MerchantPlan:
        facts.pop("line", None)
        if grows is not None:
            for p, squares in grows.items():
                if i in squares:
                    grows[p] = _without(squares, (i,))
        if "free" in facts:
            facts["free"] = _without(facts["free"], (i,))
        if "lone" in facts:  # the squares next to a merchant no longer start a line
            facts["lone"] = _without(facts["lone"], (i, *ORTH_CITY[i]))
        return facts
    # A building or stable of palace p (p None: a building starting a new palace): the squares around it
    # now touch p, so they no longer let another palace grow there, nor a new palace start.
    p = plan.palace
    around = AROUND_CITY[i]
    if grows is not None:
        first, last = around[0], around[-1]  # the squares around i, in order
        for k, squares in grows.items():
            if k != p and squares and squares[0] <= last and squares[-1] >= first:
                grows[k] = _without(squares, around)
        if p in grows:
            if kind is BuildingPlan:  # palace p has grown: where it may grow next is found afresh
                del grows[p]
            else:
                grows[p] = _without(grows[p], (i,))
    if "free" in facts:
        facts["free"] = _without(facts["free"], (i, *around))
    if "line" in facts:
        facts["line"] = _without(facts["line"], (i,))
    if "lone" in facts:
        facts["lone"] = _without(facts["lone"], (i,))
    return facts


def _without(squares: list[int], gone: Iterable[int]) -> list[int]:
    """The sorted list ``squares`` without the squares ``gone`` (a new list when any is removed)."""
    out = squares
    for q in gone:
        k = bisect_left(out, q)
        if k < len(out) and out[k] == q:
            if out is squares:
                out = list(squares)
            del out[k]
    return out


def _walls_after(walls: list[int], i: int, board: tuple[int, ...]) -> list[int]:
    """Where a wall may go on ``board``, where a wall has just been placed on ``i``, from where one could go
    before (``walls``): only ``i`` and the wall spaces next to it along the ring can have changed."""
    near = RING_NEXT[i]
    out = [j for j in walls if j != i and j not in near]
    for j in near:
        if IS_RING[j] and open_wall_space(board, j):
            out.append(j)
    out.sort()
    return out
