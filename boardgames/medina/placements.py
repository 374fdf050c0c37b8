"""Where a seat may place each of its pieces now, read off the board facts (``facts.py``) and its supply: the
one answer that ``legal_moves``, ``legal_squares``, ``can_place`` and the refusals (``refusals.py``) share."""

from __future__ import annotations

from boardgames.medina.board import CITY, EMPTY, SQUARES
from boardgames.medina.facts import (
    closed,
    extendable,
    free_squares,
    line_squares,
    lone_squares,
    owners,
    palace_growth,
    stable_squares,
    wall_squares,
)
from boardgames.medina.moves import BUILDS, MERCHANTS, ROOFS, STABLES, WALLS
from boardgames.medina.pieces import COLOUR_INDEX, KIND, MERCH, ROOF, STABLE, WALL_K
from boardgames.medina.rules import OVER, START
from boardgames.medina.state import Position


def building_squares(s: Position, c: int) -> list[int]:
    """Where a building of colour ``c`` may go, by the board alone (rules 8 and 9), sorted."""
    p = extendable(s)[c]
    if p is None:
        return free_squares(s)
    return palace_growth(s)[p]


def merchant_squares(s: Position) -> list[int]:
    """Where a merchant may go now (rules 15-17; any empty city square for the start merchant), sorted."""
    got = s.cache.get("merchants")
    if got is None:
        if s.step == START:
            board = s.board
            got = [i for i in CITY if board[i] == EMPTY]
        else:
            got = line_squares(s) or lone_squares(s)
        s.cache["merchants"] = got
    return got


def roof_palaces(s: Position, seat: int) -> list[int]:
    """The palaces ``seat`` may roof (rules 11 and 12): unclaimed, of a colour it does not own yet."""
    owned = owners(s)
    return [p for p, pal in enumerate(s.pals) if pal.owner is None and not owned[pal.colour] >> seat & 1]


def can_place(s: Position, seat: int) -> bool:
    """Whether ``seat`` has any legal placement on this board and supply (whoever is to move, and even once the
    game is over, where the answer is always False)."""
    sup = s.stock[seat]
    if sup[MERCH] and merchant_squares(s):
        return True
    if s.step == START:
        return False
    if sup[WALL_K] and wall_squares(s):
        return True
    if sup[ROOF] and roof_palaces(s, seat):
        return True
    if sup[STABLE] and stable_squares(s):
        return True
    for c in range(4):
        if sup[c] and not closed(s, c) and building_squares(s, c):
            return True
    return False


def legal_moves(s: Position) -> list:
    """Every legal placement of the seat to move, from the tables of shared moves (``moves.py``)."""
    if s.step == OVER:
        return []
    seat = s.current
    sup = s.stock[seat]
    if s.step == START:
        return [MERCHANTS[i] for i in merchant_squares(s)] if sup[MERCH] else []
    moves: list = []
    for c in range(4):
        if sup[c] and not closed(s, c):
            moves += map(BUILDS[c].__getitem__, building_squares(s, c))
    if sup[ROOF]:
        pals = s.pals
        moves += [ROOFS[min(pals[p].buildings)] for p in roof_palaces(s, seat)]
    if sup[STABLE]:
        moves += map(STABLES.__getitem__, stable_squares(s))
    if sup[MERCH]:
        moves += map(MERCHANTS.__getitem__, merchant_squares(s))
    if sup[WALL_K]:
        moves += map(WALLS.__getitem__, wall_squares(s))
    return moves


def legal_squares(s: Position, piece: str, colour: str | None) -> list[tuple[int, int]]:
    """The squares where the seat to move may place ``piece`` (of ``colour`` for a building) now; for a roof,
    every square of every palace it may claim."""
    if s.step == OVER:
        return []
    seat = s.current
    sup = s.stock[seat]
    if s.step == START:
        return [SQUARES[i] for i in merchant_squares(s)] if piece == "merchant" and sup[MERCH] else []
    if piece == "building":
        c = COLOUR_INDEX[colour]
        return [SQUARES[i] for i in building_squares(s, c)] if sup[c] and not closed(s, c) else []
    if not sup[KIND[piece]]:
        return []
    if piece == "roof":
        return sorted(SQUARES[i] for p in roof_palaces(s, seat) for i in s.pals[p].squares)
    squares = {"stable": stable_squares, "merchant": merchant_squares, "wall": wall_squares}[piece](s)
    return [SQUARES[i] for i in squares]
