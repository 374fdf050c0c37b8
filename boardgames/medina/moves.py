"""Medina's moves: ``Place(piece, at, colour=None)`` puts one piece on a square; ``Pass`` exists only to be refused
(a player with no placement passes automatically, and one with a placement may not pass)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from boardgames.core import as_written, spelling
from boardgames.core.message import Message, say
from boardgames.medina.board import CITY, RING, SQUARES
from boardgames.medina.pieces import colour_word, piece_word
from boardgames.medina.rules import COLOURS, PIECES

WORDS = spelling((*PIECES, *COLOURS))  # pieces and colours, as the game writes them


@dataclass(frozen=True, slots=True)
class Place:
    """Place one ``piece`` ("building", "roof", "stable", "merchant" or "wall") on square ``at`` = (row, col);
    a building names its ``colour`` ("grey", "black", "brown" or "orange"). A roof may go on any square of
    the palace it claims."""

    piece: str
    at: tuple[int, int]
    colour: str | None = None

    def __post_init__(self) -> None:
        if type(self.at) is list:
            object.__setattr__(self, "at", tuple(self.at))
        if self.piece not in WORDS:  # "Building" is a building: kept as the game writes it
            object.__setattr__(self, "piece", as_written(self.piece, WORDS))
        if self.colour is not None and self.colour not in WORDS:
            object.__setattr__(self, "colour", as_written(self.colour, WORDS))

    def __str__(self) -> str:
        what = f"{self.colour} {self.piece}" if self.colour is not None else self.piece
        at = self.at
        if isinstance(at, tuple) and len(at) == 2:
            return f"{what} at ({at[0]}, {at[1]})"
        return f"{what} at {at!r}"


@dataclass(frozen=True, slots=True)
class Pass:
    """Give up the turn: always refused (``medina.turn.must-place``); passes happen by themselves."""

    def __str__(self) -> str:
        return "pass"


PASS = Pass()


def move_said(move: Place | Pass) -> Message:
    """A move as its notation writes it ("grey building at (3, 4)", "merchant at (6, 8)"), as a message."""
    if isinstance(move, Pass):
        return say("pass")
    what = (say("{colour} {piece}", colour=colour_word(move.colour), piece=piece_word(move.piece))
            if move.colour is not None else piece_word(move.piece))
    at = f"({move.at[0]}, {move.at[1]})" if isinstance(move.at, tuple) and len(move.at) == 2 else repr(move.at)
    return say("{piece} at {at}", piece=what, at=at)

# Shared instances of every placement the engine offers, by square index (``legal_moves`` hands these out).
BUILDS: tuple[dict[int, Place], ...] = tuple({i: Place("building", SQUARES[i], c) for i in CITY} for c in COLOURS)
ROOFS: dict[int, Place] = {i: Place("roof", SQUARES[i]) for i in CITY}
STABLES: dict[int, Place] = {i: Place("stable", SQUARES[i]) for i in CITY}
MERCHANTS: dict[int, Place] = {i: Place("merchant", SQUARES[i]) for i in CITY}
WALLS: dict[int, Place] = {i: Place("wall", SQUARES[i]) for i in RING}

_NUMBER = re.compile(r"-?\d+")


def parse_move(text: str):
    """A move from its ``str()``: ``"grey building at (3, 4)"``, ``"roof at (3, 4)"``, ``"stable at (4, 3)"``,
    ``"merchant at (5, 6)"``, ``"wall at (0, 8)"`` or ``"pass"`` (word order and brackets are free)."""
    if not isinstance(text, str):
        raise ValueError(f"a move is written as text, not {type(text).__name__}")
    words = re.sub(r"[(),]", " ", text.strip().lower()).split()
    if words == ["pass"]:
        return PASS
    pieces = [w for w in words if w in PIECES]
    colours = [w for w in words if w in COLOURS]
    numbers = [int(w) for w in words if _NUMBER.fullmatch(w)]
    rest = [w for w in words if w not in PIECES and w not in COLOURS and not _NUMBER.fullmatch(w) and w != "at"]
    if len(pieces) != 1 or len(colours) > 1 or len(numbers) != 2 or rest:
        raise ValueError(
            f"not a Medina move: {text!r} (expected e.g. 'grey building at (3, 4)', 'roof at (3, 4)', "
            "'stable at (4, 3)', 'merchant at (5, 6)', 'wall at (0, 8)' or 'pass')"
        )
    return Place(pieces[0], (numbers[0], numbers[1]), colours[0] if colours else None)
