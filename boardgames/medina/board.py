"""Medina's grid as flat tables: cell indexes, neighbours, the ring, and how a square's contents are coded.

A square is addressed by ``(row, col)`` in the public face and by the index ``row * 18 + col`` inside the
engine. Each square of a state's ``board`` holds one small int (see the codes below), so that the placement
checks are a handful of tuple lookups in tables computed once here.
"""

from __future__ import annotations

from boardgames.medina.rules import CITY_COLS, CITY_ROWS, COLS, ROWS, TOWERS

SIZE = ROWS * COLS  # 234 squares

# Codes of what stands on a square.
EMPTY = 0
MERCHANT = 1
TOWER = 10  # TOWER + n: the corner tower n (1-4)
WALL = 20  # WALL + n: a wall of tower n
PALACE = 100  # PALACE + 2p: a building of palace p; PALACE + 2p + 1: a stable of palace p


def index(at: tuple[int, int]) -> int:
    return at[0] * COLS + at[1]


def square(i: int) -> tuple[int, int]:
    return SQUARES[i]


def on_grid(r: int, c: int) -> bool:
    return 0 <= r < ROWS and 0 <= c < COLS


SQUARES: tuple[tuple[int, int], ...] = tuple((r, c) for r in range(ROWS) for c in range(COLS))
IS_CITY: tuple[bool, ...] = tuple(r in CITY_ROWS and c in CITY_COLS for r, c in SQUARES)
TOWER_AT: dict[int, int] = {index(at): n for n, at in TOWERS.items()}  # square -> tower number
IS_RING: tuple[bool, ...] = tuple(not IS_CITY[i] and i not in TOWER_AT for i in range(SIZE))  # wall spaces
CITY: tuple[int, ...] = tuple(i for i in range(SIZE) if IS_CITY[i])
RING: tuple[int, ...] = tuple(i for i in range(SIZE) if IS_RING[i])


def _orth(i: int) -> tuple[int, ...]:
    r, c = SQUARES[i]
    return tuple(index((r + dr, c + dc)) for dr, dc in ((-1, 0), (0, -1), (0, 1), (1, 0)) if on_grid(r + dr, c + dc))


def _around(i: int) -> tuple[int, ...]:
    r, c = SQUARES[i]
    return tuple(
        index((r + dr, c + dc))
        for dr in (-1, 0, 1)
        for dc in (-1, 0, 1)
        if (dr or dc) and on_grid(r + dr, c + dc)
    )


ORTH: tuple[tuple[int, ...], ...] = tuple(_orth(i) for i in range(SIZE))
ORTH_CITY: tuple[tuple[int, ...], ...] = tuple(tuple(j for j in ORTH[i] if IS_CITY[j]) for i in range(SIZE))
AROUND_CITY: tuple[tuple[int, ...], ...] = tuple(tuple(j for j in _around(i) if IS_CITY[j]) for i in range(SIZE))
# Along the ring: a wall space's neighbours that are wall spaces or towers (always two).
RING_NEXT: tuple[tuple[int, ...], ...] = tuple(
    tuple(j for j in ORTH[i] if not IS_CITY[j]) if IS_RING[i] else () for i in range(SIZE)
)
# The one city square a wall space touches, and the wall spaces a city square touches (0 to 2).
FACE: tuple[int | None, ...] = tuple((ORTH_CITY[i][0] if IS_RING[i] else None) for i in range(SIZE))
WALLS_AT: tuple[tuple[int, ...], ...] = tuple(
    tuple(j for j in ORTH[i] if IS_RING[j]) if IS_CITY[i] else () for i in range(SIZE)
)

EMPTY_BOARD: tuple[int, ...] = tuple(TOWER + TOWER_AT[i] if i in TOWER_AT else EMPTY for i in range(SIZE))


def tower_of(code: int) -> int:
    """The tower that a tower's or a wall's code belongs to."""
    return code - TOWER if code < WALL else code - WALL


def area(i: int) -> str:
    """``"city"``, ``"ring"`` (a wall space) or ``"tower"``."""
    return "city" if IS_CITY[i] else "ring" if IS_RING[i] else "tower"


def square_area(at: tuple[int, int]) -> str:
    """Where square ``at`` (row, col) lies: ``"city"``, ``"ring"`` (a wall space) or ``"tower"`` (a corner)."""
    return area(index(at))


def where(at) -> str:
    """A square as the log and the refusals write it: ``(3, 4)``."""
    return f"({at[0]}, {at[1]})"
