"""The buildings, A to R: one table with every number of them (citizens, coins, printed prestige, how a public
building scores) and their shapes. Every seat has the same 24 tiles, 20 kinds (two copies of A, B, F and G); the
two Hotels and the two Shopping Malls differ in shape, so each copy is a tile of its own (``C-L3``, ``C-I3``,
``J-O4``, ``J-I4``)."""

from __future__ import annotations

from typing import NamedTuple

from boardgames.core.message import Message, english, say, say_n, term

RESIDENTIAL, COMMERCIAL, PUBLIC = "residential", "commercial", "public"

# Each shape's cells as (column offset, row offset); every rotation is allowed, and no shape has a mirror
# image that is not one of its rotations.
SHAPES = {
    "mono": ((0, 0),),
    "domino": ((0, 0), (1, 0)),
    "I3": ((0, 0), (1, 0), (2, 0)),
    "L3": ((0, 0), (0, 1), (1, 1)),
    "O4": ((0, 0), (1, 0), (0, 1), (1, 1)),
    "I4": ((0, 0), (1, 0), (2, 0), (3, 0)),
}

# Each shape in words, as a player says it (a message; ``SHAPE_WORDS``, its English).
SHAPE_SAID = {"mono": say("1 cell"), "domino": say("2 cells in a row"), "I3": say("3 cells in a row"),
              "L3": say("3 cells in an L"), "O4": say("a 2 x 2 square"), "I4": say("4 cells in a row")}
SHAPE_WORDS = {shape: english(said) for shape, said in SHAPE_SAID.items()}


class Tile(NamedTuple):
    """One building tile. ``scoring`` says how a public building scores, from the buildings next to it:
    ``coins`` (their coins), ``buildings`` (how many), ``half-citizens`` (half their citizens, rounded down),
    ``public`` (how many public ones) or ``citizens``, times ``factor`` (``None`` for the Marketplace, whose
    factor is the flag ``marketplace_multiplier``)."""

    id: str
    name: str
    category: str
    shape: str
    citizens: int = 0
    coins: int = 0
    prestige: int = 0
    scoring: str | None = None
    factor: int | None = 1

    @property
    def size(self) -> int:
        return len(SHAPES[self.shape])

    @property
    def letter(self) -> str:
        """The letter printed on the tile: ``"C"`` for both Hotels (``C-L3``, ``C-I3``)."""
        return self.id.split("-")[0]


def _tiles(*tiles: Tile) -> dict[str, Tile]:
    return {t.id: t for t in tiles}


TILES = _tiles(
    Tile("A", "Small House", RESIDENTIAL, "mono", citizens=1),
    Tile("B", "House", RESIDENTIAL, "domino", citizens=2),
    Tile("C-L3", "Hotel", RESIDENTIAL, "L3", citizens=4),
    Tile("C-I3", "Hotel", RESIDENTIAL, "I3", citizens=4),
    Tile("D", "Apartment", RESIDENTIAL, "O4", citizens=6),
    Tile("E", "Condominium", RESIDENTIAL, "I4", citizens=6),
    Tile("F", "Small Coffee Shop", COMMERCIAL, "mono", coins=1, prestige=0),
    Tile("G", "Retail Store", COMMERCIAL, "domino", coins=1, prestige=2),
    Tile("H", "Restaurant", COMMERCIAL, "L3", coins=2, prestige=3),
    Tile("I", "Fast Food", COMMERCIAL, "I3", coins=2, prestige=3),
    Tile("J-O4", "Shopping Mall", COMMERCIAL, "O4", coins=3, prestige=5),
    Tile("J-I4", "Shopping Mall", COMMERCIAL, "I4", coins=3, prestige=5),
    Tile("K", "Market", PUBLIC, "mono", scoring="coins"),
    Tile("L", "Statue", PUBLIC, "mono", scoring="buildings"),
    Tile("M", "School", PUBLIC, "mono", scoring="half-citizens"),
    Tile("N", "Park", PUBLIC, "mono", scoring="public", factor=2),
    Tile("O", "Marketplace", PUBLIC, "domino", scoring="coins", factor=None),
    Tile("P", "Statue", PUBLIC, "domino", scoring="buildings"),
    Tile("Q", "Park", PUBLIC, "domino", scoring="public", factor=3),
    Tile("R", "School", PUBLIC, "domino", scoring="citizens"),
)

# How many copies of each tile a seat has: two of A, B, F and G, one of every other.
COPIES = {t: (2 if t in ("A", "B", "F", "G") else 1) for t in TILES}
# A seat's supply at the start, in the order of TILES (a tile with two copies is listed twice).
FULL_SUPPLY = tuple(t for t in TILES for _ in range(COPIES[t]))


def category_word(category: str) -> Message:
    """A building's category (``RESIDENTIAL``, ``COMMERCIAL``, ``PUBLIC``) as a word of the game."""
    return term("metropolis.category", category)


def _worth(t: Tile) -> Message:
    """What a building gives: its citizens, its coins and prestige a year, or what it scores next to it."""
    if t.category == RESIDENTIAL:
        return say_n("{n} citizen", "{n} citizens", t.citizens)
    if t.category == COMMERCIAL:
        return say_n("{n} coin and {prestige} prestige a year", "{n} coins and {prestige} prestige a year",
                     t.coins, prestige=t.prestige)
    factor = t.factor
    if t.scoring == "coins":
        if factor is None:
            return say("scores the Marketplace factor per coin of the commercial buildings next to it")
        return say("scores {factor} per coin of the commercial buildings next to it", factor=factor)
    if t.scoring == "buildings":
        return say("scores {factor} per building next to it", factor=factor)
    if t.scoring == "public":
        return say("scores {factor} per public building next to it", factor=factor)
    if t.scoring == "half-citizens":
        return say("scores {factor} per two citizens next to it", factor=factor)
    return say("scores {factor} per citizen next to it", factor=factor)


def tile_said(tile: str) -> Message:
    """What a tile is, in a few words: ``"C-L3 Hotel: residential, 4 citizens, 3 cells in an L"`` (``tile_words``)."""
    t = TILES[tile]
    return say("{tile} {building}: {category}, {worth}, {shape}", tile=tile, building=building_word(tile),
               category=category_word(t.category), worth=_worth(t), shape=SHAPE_SAID[t.shape])


def tile_words(tile: str) -> str:
    """What a tile is, in a few English words: ``"C-L3 Hotel: residential, 4 citizens, 3 cells in an L"``."""
    return english(tile_said(tile))


def building_word(tile: str) -> Message:
    """The building of the tile ``tile`` as a word of the game: ``"C-L3"`` is the "Hotel"."""
    return term("metropolis.building", TILES[tile].name)


def shape_word(shape: str) -> Message:
    """A shape's name (``"domino"``, ``"L3"``) as a word of the game."""
    return term("metropolis.shape", shape)


def shape_tiles(shape: str) -> tuple[Tile, ...]:
    """The tiles of ``shape``, in the order of TILES (the Hotel and the Shopping Mall have one tile in each of
    their two shapes)."""
    return tuple(t for t in TILES.values() if t.shape == shape)
