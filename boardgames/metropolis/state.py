"""Foundations of Metropolis's position, as data: the buildings, the ``Table`` of what stays fixed, the
``Position`` of everything else and what its fields say by themselves (whose turn, a seat's deeds, lots, tiles
and coins, the deed board), and the ``Draft`` a move writes into. No rule lives here: the rules are functions of
positions (``flow``, ``refusals``, ``scoring``, ``saving``) and ``game.State`` binds them to a position as its
methods.

Each turn is one action: ``Income``, ``Buy`` a deed from the deed board, or ``Build`` a tile on your own lots.
With the flag ``deed_draft`` the game opens with six rounds of ``Pick``. The rules, with their ids, are
``docs/rules/metropolis.md``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

from boardgames.core import Seated
from boardgames.core import Table as CoreTable
from boardgames.core.drafts import copier, draft_class
from boardgames.metropolis.board import NAMES, cell_index
from boardgames.metropolis.rules import GAME, PRICES

# The steps of a game: the deed draft (with the flag), the turns, a year's final turns, the end.
DRAFT, PLAY, FINAL, OVER = "draft", "play", "final", "over"
STEPS = (DRAFT, PLAY, FINAL, OVER)


class Building(NamedTuple):
    """A building on the board: its tile, its owner and the cell numbers it covers (``cells`` names them)."""

    tile: str
    owner: int
    at: tuple[int, ...]

    @property
    def cells(self) -> tuple[str, ...]:
        return tuple(NAMES[i] for i in self.at)

    @property
    def size(self) -> int:
        return len(self.at)


@dataclass(frozen=True, slots=True)
class Table(CoreTable):
    """What stays fixed for a whole game: names, seed, first player, flags, and the starting deeds (or draft
    hands) and year piles given to ``new_game`` (None where they are shuffled from the seed)."""

    deeds: tuple[tuple[int, ...], ...] | None = None
    piles: tuple[tuple[int, ...], ...] | None = None

    def block(self) -> dict:
        return {**CoreTable.block(self), **self._given()}

    def setup(self) -> dict:
        return {**CoreTable.setup(self), **self._given()}

    def _given(self) -> dict:
        def names(groups):
            return None if groups is None else [[NAMES[i] for i in g] for g in groups]

        return {"deeds": names(self.deeds), "piles": names(self.piles)}


@dataclass(frozen=True, slots=True)
class Position(Seated):
    """A Foundations of Metropolis position as data (``game.State`` adds the rules). Build one with
    ``new_game``."""

    table: Table
    step: str  # DRAFT, PLAY, FINAL (the year's final turns) or OVER
    year: int
    turn: int  # the seat to move
    token: int  # the first-player token's holder
    finals: int  # final turns left in this year (FINAL only)
    coins: tuple[int, ...]
    prestige: tuple[int, ...]
    citizens: tuple[int, ...]  # each seat's population (``population(seat)``)
    owner: tuple[int, ...]  # per cell number: the seat holding its deed, or -1
    lots_board: tuple[int, ...]  # per cell number: the seat whose lot marker is on it, or -1
    site: tuple[Building | None, ...]  # per cell number: the building covering it
    markers_left: tuple[int, ...]  # lot markers in each seat's supply
    tiles: tuple[tuple[str, ...], ...]  # each seat's tiles in supply, in the order of TILES
    board: tuple[int, ...]  # the deed board, left to right
    piles: tuple[tuple[int, ...], ...]  # the three year piles, top first (cards on the board not counted)
    hands: tuple[tuple[int, ...], ...] = ()  # the draft: the hand each seat holds
    picks: tuple[int, ...] = ()  # the draft: each seat's pick this round, -1 before it picks
    round: int = 0  # the draft's round (1 to 6), 0 outside the draft
    years: tuple[tuple[int, ...], ...] = ()  # the prestige each finished year gave each seat
    log: tuple[tuple, ...] = field(default=(), compare=False, repr=False)  # what the last move did (records.py)

    GAME = GAME

    # ------------------------------------------------------------------ what anyone can see
    @property
    def current_player(self) -> int | None:
        return None if self.step == OVER else self.turn

    @property
    def is_over(self) -> bool:
        return self.step == OVER

    @property
    def first_player(self) -> int:
        """The holder of the first-player token."""
        return self.token

    @property
    def drafting(self) -> bool:
        return self.step == DRAFT

    @property
    def final_turns(self) -> bool:
        """Whether the year's last deed is sold and these are its final turns."""
        return self.step == FINAL

    def population(self, seat: int) -> int:
        """The citizens of ``seat``'s residential buildings on the board."""
        return self.citizens[seat]

    @property
    def deed_board(self) -> tuple[str, ...]:
        """The cells whose deeds are for sale, left to right."""
        return tuple(NAMES[i] for i in self.board)

    @property
    def prices(self) -> tuple[int, ...]:
        """The price of each deed on the deed board, aligned with ``deed_board``."""
        return PRICES[: len(self.board)]

    def price(self, cell: str) -> int | None:
        """The price of the deed of ``cell`` on the deed board, or None if it is not for sale."""
        i = cell_index(cell)
        return PRICES[self.board.index(i)] if i in self.board else None

    def pile_size(self, year: int) -> int:
        """Cards still in ``year``'s pile (those on the deed board not counted)."""
        if year not in (1, 2, 3):
            raise ValueError(f"a year is 1, 2 or 3, not {year!r}")
        return len(self.piles[year - 1])

    def deeds(self, seat: int) -> tuple[str, ...]:
        """The cells whose deeds ``seat`` holds (a draft pick joins them at the round's reveal)."""
        return tuple(NAMES[i] for i, o in enumerate(self.owner) if o == seat)

    def lots(self, seat: int) -> tuple[str, ...]:
        """The cells holding ``seat``'s lot markers."""
        return tuple(NAMES[i] for i, o in enumerate(self.lots_board) if o == seat)

    def markers(self, seat: int) -> int:
        """Lot markers in ``seat``'s supply."""
        return self.markers_left[seat]

    def building_at(self, cell: str) -> Building | None:
        """The building covering ``cell``, or None."""
        return self.site[cell_index(cell)]

    def all_buildings(self) -> tuple[Building, ...]:
        """Every building on the board, in order of their first cells."""
        return tuple(dict.fromkeys(b for b in self.site if b is not None))

    def buildings(self, seat: int) -> tuple[Building, ...]:
        """``seat``'s buildings on the board."""
        return tuple(b for b in self.all_buildings() if b.owner == seat)

    def supply(self, seat: int) -> tuple[str, ...]:
        """``seat``'s tiles not on the board (a tile with two copies in supply is listed twice)."""
        return self.tiles[seat]

    def pick(self, seat: int) -> str | None:
        """The deed ``seat`` picked in this draft round, not yet shown (a secret of that seat), or None."""
        if not self.picks or self.picks[seat] < 0:
            return None
        return NAMES[self.picks[seat]]

    def year_prestige(self, year: int) -> tuple[int, ...] | None:
        """The prestige ``year``'s scoring gave each seat, or None while that year is not scored."""
        return self.years[year - 1] if 1 <= year <= len(self.years) else None

    def hand(self, seat: int) -> tuple[str, ...]:
        """The draft hand ``seat`` holds (a secret of that seat; empty outside the draft)."""
        return tuple(NAMES[i] for i in self.hands[seat]) if self.hands else ()

    def scores(self) -> tuple[int, ...]:
        return self.prestige

    @property
    def setup(self) -> dict:
        """The ``new_game`` arguments that produce this game's start."""
        return self.table.setup()

    def __str__(self) -> str:
        lines = [f"Foundations of Metropolis, year {self.year}: deed board "
                 + " ".join(f"{c}({p})" for c, p in zip(self.deed_board, self.prices))]
        for s, name in enumerate(self.names):
            mark = "*" if s == self.current_player else " "
            lines.append(f"{mark} {name:6} {self.coins[s]:3} coins {self.prestige[s]:3} prestige "
                         f"{self.citizens[s]:2} citizens, {self.markers_left[s]} markers in supply")
        return "\n".join(lines)


# ---------------------------------------------------------------------- a move's one copy (``game.seal`` ends it)
Draft = draft_class(Position)
draft = copier(Position, Draft)
