"""Medina's pieces as the engine keeps them: a palace (``Pal``) and a seat's supply (a tuple of counts).

A supply holds the buildings of the four colours (indexes 0-3, in the order of ``COLOURS``), then roofs,
stables, merchants and walls (``ROOF``, ``STABLE``, ``MERCH``, ``WALL_K``).
"""

from __future__ import annotations

from typing import NamedTuple

from boardgames.core.message import Message, say, term
from boardgames.medina.rules import (
    BUILDINGS_PER_COLOUR,
    COLOURS,
    EXTRA_MERCHANTS,
    MERCHANTS,
    ROOFS,
    STABLES,
    WALLS,
)

ROOF, STABLE, MERCH, WALL_K = 4, 5, 6, 7
SUPPLY_KEYS = COLOURS + ("roof", "stable", "merchant", "wall")
KIND = {"roof": ROOF, "stable": STABLE, "merchant": MERCH, "wall": WALL_K}  # supply index of each other piece
COLOUR_INDEX = {c: i for i, c in enumerate(COLOURS)}


PLURALS = {piece: piece + "s" for piece in ("building", "palace", *KIND)}  # every piece's plural: its name and "s"


def colour_word(colour: str) -> Message:
    """A palace colour as a word of the game: "grey"."""
    return term("medina.colour", colour)


def piece_word(piece: str) -> Message:
    """A piece as a word of the game: "merchant"."""
    return term("medina.piece", piece)


def pieces_word(piece: str) -> Message:
    """A piece's plural as a word of the game: "merchants" (every piece's plural is its name and "s")."""
    return term("medina.pieces", PLURALS[piece])


def a_building_said(colour: str) -> Message:
    """A building of ``colour`` with its article: "a grey building", "an orange building"."""
    if colour[:1] in "aeiou":
        return say("an {colour} building", colour=colour_word(colour))
    return say("a {colour} building", colour=colour_word(colour))


def a_palace_said(colour: str) -> Message:
    """A palace of ``colour`` with its article: "a grey palace", "an orange palace"."""
    if colour[:1] in "aeiou":
        return say("an {colour} palace", colour=colour_word(colour))
    return say("a {colour} palace", colour=colour_word(colour))


class Pal(NamedTuple):
    """A palace inside the engine: its colour index, buildings and stables (square indexes), owner (seat or
    None), claim number (1 for the first palace claimed in the game, ...) and the tower tiles it has been
    used for (bit n-1 for tile n)."""

    colour: int
    buildings: tuple[int, ...]
    stables: tuple[int, ...] = ()
    owner: int | None = None
    claim: int | None = None
    used: int = 0

    @property
    def size(self) -> int:
        return len(self.buildings) + len(self.stables)

    @property
    def squares(self) -> tuple[int, ...]:
        return self.buildings + self.stables


def initial_supply(players: int, seat: int, first_player: int) -> tuple[int, ...]:
    """A seat's pieces at the start (table 2.4; the start player has one merchant more)."""
    extra = EXTRA_MERCHANTS if seat == first_player else 0
    return (BUILDINGS_PER_COLOUR[players],) * 4 + (
        ROOFS[players],
        STABLES[players],
        MERCHANTS[players] + extra,
        WALLS[players],
    )


def take(supplies: tuple, seat: int, k: int) -> tuple:
    """``supplies`` with one piece of index ``k`` taken from ``seat``'s."""
    sup = supplies[seat]
    return supplies[:seat] + (sup[:k] + (sup[k] - 1,) + sup[k + 1 :],) + supplies[seat + 1 :]
