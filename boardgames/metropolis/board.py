"""The city board's geometry: cells named like ``"B2"`` (column letter, row number), the cells in play for a
player count, their neighbours, and every footprint a shape can have on the board.

Inside the engine a cell is a number, ``column + 9 * row`` counted from 0 (``A1`` is 0, ``B1`` 1, ``A2`` 9),
the same on every board; only the cells in play differ with the player count (``SIDE``)."""

from __future__ import annotations

from functools import cache

from boardgames.core.message import say
from boardgames.core.saves import damaged
from boardgames.metropolis.rules import SIDE
from boardgames.metropolis.tiles import SHAPES

WIDTH = 9
LETTERS = "ABCDEFGHI"
NAMES = tuple(f"{LETTERS[i % WIDTH]}{i // WIDTH + 1}" for i in range(WIDTH * WIDTH))
INDEX = {name: i for i, name in enumerate(NAMES)}


def cell_name(i: int) -> str:
    return NAMES[i]


def cell_index(name: str) -> int:
    """The number of the cell ``name`` (``"B2"`` or ``"b2"``); an unknown name raises ValueError."""
    i = INDEX.get(name.strip().upper()) if isinstance(name, str) else None
    if i is None:
        raise damaged(say("{name} is not a cell of the city board (cells are named like 'B2', A1 to I9)",
                          name=repr(name)))
    return i


def column_row(name: str) -> tuple[int, int]:
    """The cell ``name``'s column and row counted from 0 (``"B3"`` is (1, 2)); an unknown name raises ValueError."""
    i = cell_index(name)
    return i % WIDTH, i // WIDTH


def side(players: int) -> int:
    """How many cells the board of ``players`` players has along each edge (7, 8 or 9)."""
    if players not in SIDE:
        raise ValueError(f"Foundations of Metropolis is for 2 to 4 players, not {players}")
    return SIDE[players]


def column_names(players: int) -> tuple[str, ...]:
    """The board's column letters, left to right (``"A"`` to ``"H"`` for 3 players)."""
    return tuple(LETTERS[: side(players)])


def row_names(players: int) -> tuple[str, ...]:
    """The board's row numbers as written in cell names, top to bottom (``"1"`` to ``"8"`` for 3 players)."""
    return tuple(str(r + 1) for r in range(side(players)))


@cache
def in_play(players: int) -> tuple[int, ...]:
    """The cells of the board for ``players`` players, row by row."""
    side = SIDE[players]
    return tuple(c + WIDTH * r for r in range(side) for c in range(side))


def cells(players: int) -> list[str]:
    """The names of the cells in play for ``players`` players (A1-G7, A1-H8 or A1-I9), row by row."""
    if players not in SIDE:
        raise ValueError(f"Foundations of Metropolis is for 2 to 4 players, not {players}")
    return [NAMES[i] for i in in_play(players)]


@cache
def neighbours(players: int) -> tuple[tuple[int, ...], ...]:
    """For every cell number, the cells in play that share an edge with it (orthogonally adjacent)."""
    side = SIDE[players]
    out = []
    for i in range(WIDTH * WIDTH):
        c, r = i % WIDTH, i // WIDTH
        near = [(c + dc, r + dr) for dc, dr in ((0, -1), (-1, 0), (1, 0), (0, 1))]
        out.append(tuple(x + WIDTH * y for x, y in near if 0 <= x < side and 0 <= y < side))
    return tuple(out)


@cache
def orientations(shape: str) -> tuple[tuple[tuple[int, int], ...], ...]:
    """The distinct rotations of ``shape``, each as sorted offsets from its top-left cell."""
    seen = []
    cells_ = SHAPES[shape]
    for _ in range(4):
        cells_ = tuple((-r, c) for c, r in cells_)  # a quarter turn
        lo_c, lo_r = min(c for c, _ in cells_), min(r for _, r in cells_)
        norm = tuple(sorted((c - lo_c, r - lo_r) for c, r in cells_))
        if norm not in seen:
            seen.append(norm)
    return tuple(seen)


@cache
def footprints(players: int, shape: str) -> dict[int, tuple[tuple[int, ...], ...]]:
    """Every footprint of ``shape`` on the board of ``players``, filed under its lowest cell number (each a
    sorted tuple of cell numbers)."""
    side = SIDE[players]
    out: dict[int, list[tuple[int, ...]]] = {}
    for form in orientations(shape):
        for r in range(side):
            for c in range(side):
                at = [(c + dc, r + dr) for dc, dr in form]
                if all(x < side and y < side for x, y in at):
                    foot = tuple(sorted(x + WIDTH * y for x, y in at))
                    out.setdefault(foot[0], []).append(foot)
    return {k: tuple(v) for k, v in out.items()}


@cache
def shape_keys(shape: str) -> frozenset[tuple[tuple[int, int], ...]]:
    """The normal forms of ``shape``'s rotations: a footprint has the shape when its form is one of them."""
    return frozenset(orientations(shape))


def form(footprint: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """A footprint's normal form: its cells as sorted offsets from its top-left corner."""
    cs = [(i % WIDTH, i // WIDTH) for i in footprint]
    lo_c, lo_r = min(c for c, _ in cs), min(r for _, r in cs)
    return tuple(sorted((c - lo_c, r - lo_r) for c, r in cs))
