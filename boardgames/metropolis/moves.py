"""Foundations of Metropolis's moves: take income, buy a deed, build a tile, and (in the deed draft) pick a deed.
Cells are named like ``"B2"`` (``"b2"`` is the same cell: a move keeps the name as the board writes it);
``str(move)`` reads like ``"buy C4"`` and ``parse_move`` reads it back."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from boardgames.core import as_written, spelling
from boardgames.core.message import Message, say
from boardgames.metropolis.board import INDEX, NAMES, cell_index
from boardgames.metropolis.tiles import TILES


@dataclass(frozen=True, slots=True)
class Income:
    """Take 5 coins plus the coins of your commercial buildings."""

    def __str__(self) -> str:
        return "income"


@dataclass(frozen=True, slots=True)
class Buy:
    """Buy the deed of ``cell`` from the deed board."""

    cell: str

    def __post_init__(self) -> None:
        if self.cell not in INDEX:
            object.__setattr__(self, "cell", _canonical(self.cell))

    def __str__(self) -> str:
        return f"buy {self.cell}"


@dataclass(frozen=True, slots=True)
class Build:
    """Build ``tile`` (``"A"``, ``"C-L3"``, ...) on ``cells``, its footprint (given in any order; kept sorted
    row by row, so that the same building is always the same move)."""

    tile: str
    cells: tuple[str, ...]

    def __post_init__(self) -> None:
        if isinstance(self.cells, str) or not all(isinstance(c, str) for c in self.cells):
            raise ValueError("a build's cells are a list of cell names like ('B2', 'C2')")
        object.__setattr__(self, "cells", _sorted_cells(self.cells))
        if self.tile not in TILES:
            object.__setattr__(self, "tile", _canonical(self.tile))

    def __str__(self) -> str:
        return f"build {self.tile} on {' '.join(self.cells)}"


@dataclass(frozen=True, slots=True)
class Pick:
    """Deed draft: keep the deed of ``cell`` from the hand you hold."""

    cell: str

    def __post_init__(self) -> None:
        if self.cell not in INDEX:
            object.__setattr__(self, "cell", _canonical(self.cell))

    def __str__(self) -> str:
        return f"pick {self.cell}"


INCOME = Income()


def move_said(move: Income | Buy | Build | Pick) -> Message:
    """A move as its typed notation writes it (``"buy C4"``, ``"build B on B2 C2"``), as a message."""
    if isinstance(move, Buy):
        return say("buy {cell}", cell=move.cell)
    if isinstance(move, Build):
        return say("build {tile} on {cells}", tile=move.tile, cells=" ".join(move.cells))
    if isinstance(move, Pick):
        return say("pick {cell}", cell=move.cell)
    return say("income")


def cells_of(move: Income | Buy | Build | Pick) -> tuple[str, ...]:
    """The cells ``move`` concerns: a build's footprint, the deed bought or the deed picked; none for income."""
    if isinstance(move, Build):
        return move.cells
    if isinstance(move, (Buy, Pick)):
        return (move.cell,)
    return ()


WRITTEN = spelling((*NAMES, *TILES))  # cells and tiles, as the game writes them


def _canonical(name: Any) -> Any:
    return as_written(name, WRITTEN)


def _sorted_cells(cells: Any) -> tuple[str, ...]:
    try:
        return tuple(NAMES[i] for i in sorted(cell_index(c) for c in cells))
    except ValueError:  # a name off the board: kept as given, for the refusal to name it
        return tuple(_canonical(c) for c in cells)


def parse_move(text: str) -> Income | Buy | Build | Pick:
    """A move from its ``str()``: ``"income"``, ``"buy C4"``, ``"build C-L3 on B2 B3 C3"``, ``"pick C4"``."""
    if not isinstance(text, str):
        raise ValueError(f"a move is written as text, not {type(text).__name__}")
    words = text.strip().split()
    low = [w.lower() for w in words]
    if low == ["income"]:
        return INCOME
    if len(words) == 2 and low[0] in ("buy", "pick"):
        cell = words[1].upper()
        cell_index(cell)
        return Buy(cell) if low[0] == "buy" else Pick(cell)
    if len(words) >= 4 and low[0] == "build" and low[2] == "on":
        tile = words[1].upper()
        if tile not in TILES:
            raise ValueError(f"{words[1]!r} is not a building tile (A, B, C-L3, C-I3, D, ..., J-O4, J-I4, ..., R)")
        cells = [w.upper() for w in words[3:]]
        for c in cells:
            cell_index(c)
        return Build(tile, tuple(cells))
    raise ValueError(f"not a Metropolis move: {text!r} (expected income, buy C4, build B on C4 D4 or pick C4)")
