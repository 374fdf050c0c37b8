"""Scoring a year: residential (population against the others'), public (each public building from its
neighbours), commercial (coins and printed prestige; in Year 3 the coins count as prestige) and, in Year 3,
empty lots. ``year_scores`` serves the year end and anyone who asks what a year would give now."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from boardgames.core.message import english, say
from boardgames.metropolis.board import NAMES, neighbours
from boardgames.metropolis.rules import BONUS, YEARS
from boardgames.metropolis.state import Building, Position
from boardgames.metropolis.tiles import COMMERCIAL, PUBLIC, RESIDENTIAL, TILES

# What decides the game, in the words the end panel shows under its table (rule game.end, ``flow.leaders``): a
# message, and its English.
SCORING_SAID = say("The most prestige wins; a tie goes to the most coins left, then is shared.")
SCORING_NOTE = english(SCORING_SAID)


class PublicLine(NamedTuple):
    """What one public building scores: its tile, its cells and the prestige."""

    tile: str
    cells: tuple[str, ...]
    points: int


class YearScore(NamedTuple):
    """What one seat receives at a year's end: prestige from each rule, coins (Years 1 and 2), and ``total``
    (the prestige, without the coins)."""

    residential: int
    public: int
    commercial: int
    coins: int
    empty_lots: int
    public_lines: tuple[PublicLine, ...]

    @property
    def total(self) -> int:
        return self.residential + self.public + self.commercial + self.empty_lots


def residential(populations: Sequence[int], year: int) -> tuple[int, ...]:
    """Each seat's residential prestige: the most citizens score their citizens plus the year's bonus; every
    other seat with citizens scores the next higher distinct population; no citizens, nothing."""
    top = max(populations)
    out = []
    for p in populations:
        if p == 0:
            out.append(0)
        elif p == top:
            out.append(p + BONUS[year])
        else:
            out.append(min(q for q in populations if q > p))
    return tuple(out)


def public_points(building: Building, site: Sequence[Building | None], players: int, multiplier: int) -> int:
    """What the public ``building`` scores from the distinct buildings orthogonally next to it (any owner)."""
    tile = TILES[building.tile]
    near = neighbours(players)
    around = {site[j] for i in building.at for j in near[i]} - {None, building}
    kind = tile.scoring
    if kind == "buildings":
        value = len(around)
    elif kind == "public":
        value = sum(TILES[b.tile].category == PUBLIC for b in around)
    elif kind == "coins":
        value = sum(TILES[b.tile].coins for b in around if TILES[b.tile].category == COMMERCIAL)
    else:
        citizens = sum(TILES[b.tile].citizens for b in around if TILES[b.tile].category == RESIDENTIAL)
        value = citizens // 2 if kind == "half-citizens" else citizens
    return value * (multiplier if tile.factor is None else tile.factor)


def year_scores(s: Position) -> tuple[YearScore, ...]:
    """What each seat would receive if the current year were scored now (Year 3's rules in Year 3)."""
    n, year = s.players, s.year
    multiplier = s.table.flag("marketplace_multiplier")
    res = residential(s.citizens, year)
    buildings = s.all_buildings()
    out = []
    for seat in range(n):
        mine = [b for b in buildings if b.owner == seat]
        lines = tuple(
            PublicLine(b.tile, tuple(NAMES[i] for i in b.at), public_points(b, s.site, n, multiplier))
            for b in mine
            if TILES[b.tile].category == PUBLIC
        )
        shops = [TILES[b.tile] for b in mine if TILES[b.tile].category == COMMERCIAL]
        coins = sum(t.coins for t in shops)
        printed = sum(t.prestige for t in shops)
        last = year == YEARS
        out.append(
            YearScore(
                residential=res[seat],
                public=sum(line.points for line in lines),
                commercial=printed + coins if last else printed,
                coins=0 if last else coins,
                empty_lots=sum(1 for m in s.lots_board if m == seat) if last else 0,
                public_lines=lines,
            )
        )
    return tuple(out)
