"""What a Medina move leaves in a state's log: one small named record per thing that happened.

The flow (``flow.py``) writes these records while it plays a move; ``log.py`` turns them into sentences only
when someone reads ``state.events``. Each record class lists its fields, the seat it speaks of first as ``seat``
(None when nobody in particular), then names its event kind (a rule id of ``rules.RULES``) as ``KIND``. Squares
are indexes and colours numbers, as the engine keeps them.

In the log itself the flow writes a record as a plain tuple ``(RecordType, *fields)`` (a named tuple made on
the spot costs a Python call per record); ``named(state.log)`` (``boardgames.core.records``) gives the named
records, and nothing reads the plain tuples by position.
"""

from __future__ import annotations

from typing import NamedTuple

from boardgames.core.records import named  # noqa: F401  (the log read by name: records.named(log))
from boardgames.medina.scoring import SeatScore

Fed = tuple[int, int]  # (owner, colour) of a claimed palace that a merchant or wall touches


class GameStarted(NamedTuple):
    """The start player, who first places the extra merchant."""

    seat: int
    KIND = "medina.game.start"


class StartMerchantPlaced(NamedTuple):
    """The extra merchant, which begins the first merchant line."""

    seat: int
    square: int
    KIND = "medina.turn.start-merchant"


class MerchantPlaced(NamedTuple):
    """A merchant extending the line (``line`` "extend") or starting a new one ("new")."""

    seat: int
    square: int
    line: str
    fed: tuple[Fed, ...]  # the claimed palaces it touches
    KIND = "medina.place.merchant"


class BuildingPlaced(NamedTuple):
    """A building, growing the unclaimed palace of its colour to ``size`` or starting a new one (``new``)."""

    seat: int
    square: int
    colour: int
    size: int
    new: bool
    KIND = "medina.place.building"


class StablePlaced(NamedTuple):
    """A stable joining a palace (claimed by ``owner``, or unclaimed) that grows to ``size``."""

    seat: int
    square: int
    colour: int
    owner: int | None
    size: int
    KIND = "medina.place.stable"


class WallPlaced(NamedTuple):
    """A wall of ``tower``, touching the claimed palace ``fed`` (or None)."""

    seat: int
    square: int
    tower: int
    fed: Fed | None
    KIND = "medina.place.wall"


class PalaceClaimed(NamedTuple):
    """A roof on the palace whose first building is ``square``, with the parts it is worth now."""

    seat: int
    square: int
    colour: int
    buildings: int
    stables: int
    merchants: int
    walls: int
    KIND = "medina.roof.claim"


class PalaceTileWon(NamedTuple):
    """``seat``'s palace of ``colour`` (of ``size``) was claimed or grew: it takes the tile from ``holder`` (None:
    nobody held it) when larger than the holder's palace (``holder_size``), else the holder keeps it."""

    seat: int
    colour: int
    holder: int | None
    size: int
    holder_size: int
    KIND = "medina.tile.palace"


class TowerTileWon(NamedTuple):
    """``seat``'s palace of ``colour`` came to touch a wall of ``tower`` and takes its tile from ``holder``;
    ``cause`` is "wall", "stable" (the piece placed on ``square``) or "claim" (``square`` None)."""

    seat: int
    tower: int
    holder: int | None
    colour: int
    cause: str
    square: int | None
    KIND = "medina.tile.tower"


class TowerTileRefused(NamedTuple):
    """``seat``'s palace touches another wall of ``tower``, but has taken that tile before: ``holder`` keeps it."""

    seat: int
    tower: int
    holder: int
    colour: int
    cause: str
    square: int | None
    KIND = "medina.tile.tower-reuse"


class TurnCut(NamedTuple):
    """``seat`` cannot place another piece: its turn ends after ``placed`` pieces (0: it passes)."""

    seat: int
    placed: int
    KIND = "medina.turn.two-pieces"


class NextTurn(NamedTuple):
    """``seat`` begins a turn."""

    seat: int
    KIND = "medina.turn.next"


class GameEnded(NamedTuple):
    """Nobody can place: the final scoring (section 4), the winners, and whether the tie break was on."""

    seat: None
    scoring: tuple[SeatScore, ...]
    winners: tuple[int, ...]
    tiebreak: bool
    KIND = "medina.game.end"


Record = (
    GameStarted | StartMerchantPlaced | MerchantPlaced | BuildingPlaced | StablePlaced | WallPlaced | PalaceClaimed
    | PalaceTileWon | TowerTileWon | TowerTileRefused | TurnCut | NextTurn | GameEnded
)

