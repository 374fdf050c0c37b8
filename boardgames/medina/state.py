"""Medina's position, as data: the ``Table`` of what stays fixed, the ``Position`` of everything else and what
its fields say by themselves (what stands on a square, a seat's supply, the tiles' holders, the board as a
picture), and the views ``Palace`` and ``Cell``. No rule lives here: the rules are functions of positions
(``facts``, ``placements``, ``refusals``, ``flow``, ``scoring``, ``saving``) and ``game.State`` binds them to a
position as its methods.

The start player first places the extra merchant; then each turn is two placements by the same seat (one when
only one is possible), seats without any placement pass by themselves, and the game ends when nobody can place.
The rules, with their ids, are ``docs/rules/medina.md``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from boardgames.core import Seated
from boardgames.core import Table as CoreTable
from boardgames.medina.board import (
    CITY,
    COLS,
    EMPTY,
    MERCHANT,
    PALACE,
    ROWS,
    SQUARES,
    TOWER,
    WALL,
    where,
)
from boardgames.medina.pieces import COLOUR_INDEX, MERCH, ROOF, STABLE, WALL_K, Pal
from boardgames.medina.rules import COLOURS, GAME, OVER, TOWERS

PICTURE = {"grey": "g", "black": "k", "brown": "b", "orange": "o"}  # a building's letter in the picture
_CHAR = {EMPTY: "-", MERCHANT: "m", **{TOWER + n: str(n) for n in TOWERS}, **{WALL + n: "#" for n in TOWERS}}


@dataclass(frozen=True)
class Palace:
    """A palace as the public face shows it (squares as (row, col))."""

    id: int
    colour: str
    squares: tuple[tuple[int, int], ...]  # its buildings
    stables: tuple[tuple[int, int], ...]
    owner: int | None
    size: int  # buildings + stables
    merchants: int  # merchants touching it
    walls: int  # walls touching it
    value: int  # size + merchants + walls: what it scores (for its owner, once claimed)
    extendable: bool  # unclaimed, and a building of its colour could be added now
    claim: int | None  # 1 for the first palace claimed in the game, and so on
    towers_used: tuple[int, ...]  # tower tiles this palace has taken (it can never take them again)

    @property
    def claimed(self) -> bool:
        return self.owner is not None

    @property
    def roof_square(self) -> tuple[int, int]:
        """The square a roof on this palace stands on: its first building (where ``legal_moves`` offers the roof)."""
        return self.squares[0]


@dataclass(frozen=True)
class Cell:
    """What stands on a square: ``piece`` is "empty", "tower", "wall", "merchant", "building" or "stable";
    a building or stable has its palace's ``colour``, ``palace`` id and ``owner`` (None while unclaimed);
    a tower or wall names its ``tower``."""

    piece: str
    colour: str | None = None
    owner: int | None = None
    palace: int | None = None
    tower: int | None = None


@dataclass(frozen=True, slots=True)
class Table(CoreTable):
    """What stays fixed for a whole game: the seats' names, the seed, the start player and the flag."""

    @property
    def tiebreak_largest_palace(self) -> bool:
        return self.flag("tiebreak_largest_palace")


@dataclass(frozen=True)
class Position(Seated):
    """A Medina position as data (``game.State`` adds the rules). Build one with ``new_game``."""

    table: Table
    board: tuple[int, ...]  # one code per square (board.py), row by row
    pals: tuple[Pal, ...]  # in the order they were started; a square's code names its palace's index
    stock: tuple[tuple[int, ...], ...]  # stock[seat]: see SUPPLY_KEYS
    line: tuple[int, int] | None  # the two ends (square indexes) of the current merchant line
    palace_tiles: tuple[int | None, ...]  # holder of each colour's palace tile
    tower_tiles: tuple[int | None, ...]  # holder of tower tiles 1-4
    step: str
    current: int | None
    placed: int  # pieces the current seat has placed this turn (0 or 1)
    claims: int  # palaces claimed so far
    log: tuple[tuple, ...] = field(default=(), compare=False, repr=False)  # event records (see log.py)
    cache: dict = field(default_factory=dict, init=False, compare=False, repr=False)  # derived facts, on demand

    GAME = GAME

    # ------------------------------------------------------------------ what anyone can see
    @property
    def current_player(self) -> int | None:
        return self.current

    @property
    def is_over(self) -> bool:
        return self.step == OVER

    def cell(self, at: tuple[int, int]) -> Cell:
        """What stands on square ``at``."""
        r, c = square_arg(at)
        v = self.board[r * COLS + c]
        if v == EMPTY:
            return Cell("empty")
        if v == MERCHANT:
            return Cell("merchant")
        if TOWER < v <= TOWER + 4:
            return Cell("tower", tower=v - TOWER)
        if WALL < v <= WALL + 4:
            return Cell("wall", tower=v - WALL)
        p = (v - PALACE) >> 1
        pal = self.pals[p]
        return Cell("stable" if (v - PALACE) & 1 else "building", COLOURS[pal.colour], pal.owner, p)

    def supply(self, seat: int) -> dict:
        """``seat``'s pieces still in supply: ``{"building": {"grey": 6, ...}, "roof": 4, "stable": 4, ...}``."""
        sup = self.stock[seat_arg(seat, self.players)]
        return {
            "building": {c: sup[i] for i, c in enumerate(COLOURS)},
            "roof": sup[ROOF],
            "stable": sup[STABLE],
            "merchant": sup[MERCH],
            "wall": sup[WALL_K],
        }

    def palace_tile_owner(self, colour: str) -> int | None:
        """The seat holding ``colour``'s palace tile, or None."""
        if colour not in COLOUR_INDEX:
            raise ValueError(f"{colour!r} is not a palace colour; the colours are {', '.join(COLOURS)}")
        return self.palace_tiles[COLOUR_INDEX[colour]]

    def tower_tile_owner(self, n: int) -> int | None:
        """The seat holding tower tile ``n`` (1-4), or None."""
        if n not in TOWERS:
            raise ValueError(f"there is no tower tile {n!r}; the tower tiles are 1 to 4")
        return self.tower_tiles[n - 1]

    @property
    def merchant_line(self) -> tuple[tuple[int, int], tuple[int, int]] | None:
        """The two ends of the current merchant line as (row, col) (the same square twice for one merchant)."""
        return None if self.line is None else (SQUARES[self.line[0]], SQUARES[self.line[1]])

    @property
    def setup(self) -> dict:
        """The ``new_game`` arguments that produce this game's start."""
        return self.table.setup()

    def picture(self, claims: bool = True) -> list[str]:
        """The board as 13 lines of 18 characters: ``.`` empty city square, ``-`` empty wall space, ``1``-``4``
        towers, ``#`` walls, ``m`` merchants, ``g k b o`` grey/black/brown/orange buildings, ``s`` stables;
        with ``claims`` a claimed palace's buildings and stables are in capitals."""
        letters = [("s" if k & 1 else PICTURE[COLOURS[pal.colour]]) for pal in self.pals for k in (0, 1)]
        if claims:
            letters = [ch.upper() if self.pals[k >> 1].owner is not None else ch for k, ch in enumerate(letters)]
        chars = [_CHAR.get(v) or letters[v - PALACE] for v in self.board]
        for i in CITY:
            if chars[i] == "-":
                chars[i] = "."
        text = "".join(chars)
        return [text[r * COLS : (r + 1) * COLS] for r in range(ROWS)]

def seat_arg(seat: Any, players: int) -> int:
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
        raise ValueError(f"there is no seat {seat!r} in this game (seats are 0 to {players - 1})")
    return seat


def square_arg(at: Any) -> tuple[int, int]:
    if (
        not isinstance(at, (tuple, list))
        or len(at) != 2
        or not all(isinstance(x, int) and not isinstance(x, bool) for x in at)
    ):
        raise ValueError(f"a square is a (row, column) pair of whole numbers, not {at!r}")
    r, c = at
    if not (0 <= r < ROWS and 0 <= c < COLS):
        raise ValueError(f"{where(at)} is off the board (rows 0-12, columns 0-17)")
    return r, c
