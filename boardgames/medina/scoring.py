"""Medina's scoring (rules section 4) as small pure functions on a board and its palaces.

``board`` is a state's tuple of square codes (see ``board.py``); a palace is given by its squares
(buildings and stables, as square indexes). Tests and lessons may call these directly.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from boardgames.core.message import english, say
from boardgames.medina.board import MERCHANT, ORTH_CITY, WALL, WALLS_AT
from boardgames.medina.rules import COLOURS, PALACE_TILE_POINTS, POINTS_PER_PART, TOWER_POINTS
from boardgames.medina.state import Position

# The sentence under the end panel's table of each seat's final points by part (``SeatScore``'s three sums), as a
# message and in English.
SCORING_SAID = say("Final points are the palaces' values plus the palace tiles and tower tiles each player holds.")
SCORING_NOTE = english(SCORING_SAID)


def touching_merchants(board: Sequence[int], squares: Sequence[int]) -> set[int]:
    """The merchants sharing an edge with any of ``squares`` (each counted once)."""
    return {y for x in squares for y in ORTH_CITY[x] if board[y] == MERCHANT}


def touching_walls(board: Sequence[int], squares: Sequence[int]) -> set[int]:
    """The walls sharing an edge with any of ``squares`` (each counted once)."""
    return {w for x in squares for w in WALLS_AT[x] if WALL < board[w] <= WALL + 4}


def palace_parts(board: Sequence[int], buildings: Sequence[int], stables: Sequence[int]) -> tuple[int, int, int, int]:
    """Rule 4.1 by parts: (buildings, stables, touching merchants, touching walls)."""
    squares = tuple(buildings) + tuple(stables)
    return len(buildings), len(stables), len(touching_merchants(board, squares)), len(touching_walls(board, squares))


def palace_value(board: Sequence[int], buildings: Sequence[int], stables: Sequence[int]) -> int:
    """Rule 4.1: one point per building, stable, touching merchant and touching wall."""
    return POINTS_PER_PART * sum(palace_parts(board, buildings, stables))


@dataclass(frozen=True)
class PalaceScore:
    """One claimed palace's line in the final scoring."""

    colour: str
    buildings: int
    stables: int
    merchants: int
    walls: int

    @property
    def size(self) -> int:
        return self.buildings + self.stables

    @property
    def value(self) -> int:
        return POINTS_PER_PART * (self.buildings + self.stables + self.merchants + self.walls)


@dataclass(frozen=True)
class SeatScore:
    """A seat's final scoring, line by line (rule 4.2)."""

    palaces: tuple[PalaceScore, ...]
    palace_tiles: tuple[str, ...]  # colours of the palace tiles held
    tower_tiles: tuple[int, ...]  # numbers of the tower tiles held

    @property
    def palace_points(self) -> int:
        return sum(p.value for p in self.palaces)

    @property
    def palace_tile_points(self) -> int:
        return sum(PALACE_TILE_POINTS[c] for c in self.palace_tiles)

    @property
    def tower_tile_points(self) -> int:
        return sum(TOWER_POINTS[n] for n in self.tower_tiles)

    @property
    def total(self) -> int:
        return self.palace_points + self.palace_tile_points + self.tower_tile_points


def seat_scores(board, palaces, palace_tiles, tower_tiles, players: int) -> tuple[SeatScore, ...]:
    """Every seat's scoring from the board, the palaces (records with ``colour`` index, ``buildings``,
    ``stables`` and ``owner``), the palace tile holders (by colour index) and tower tile holders (tile 1 first)."""
    lines: list[list[PalaceScore]] = [[] for _ in range(players)]
    for pal in sorted(palaces, key=lambda q: q.colour):
        if pal.owner is not None:
            parts = palace_parts(board, pal.buildings, pal.stables)
            lines[pal.owner].append(PalaceScore(COLOURS[pal.colour], *parts))
    return tuple(
        SeatScore(
            tuple(lines[s]),
            tuple(COLOURS[c] for c, h in enumerate(palace_tiles) if h == s),
            tuple(n for n, h in enumerate(tower_tiles, start=1) if h == s),
        )
        for s in range(players)
    )


NO_CLAIM = 10**9  # the claim number of "no palace" in the tie break


def largest_palaces(palaces, players: int) -> tuple[tuple[int, int], ...]:
    """Per seat, for the tie break (flag ``tiebreak_largest_palace``): its largest palace's size and the earliest
    claim number among its palaces of that size (``palaces`` as in ``seat_scores``, with their ``claim``)."""
    out = []
    for seat in range(players):
        mine = [(pal.size, -pal.claim) for pal in palaces if pal.owner == seat]
        size, claim = max(mine) if mine else (0, -NO_CLAIM)
        out.append((size, -claim))
    return tuple(out)


def winners(totals: Sequence[int], largest: Sequence[tuple[int, int]] | None = None) -> tuple[int, ...]:
    """The seats with the highest total; tied seats share the win (decision 15). With ``largest`` (flag
    ``tiebreak_largest_palace``: each seat's largest palace size and the claim number of its earliest-claimed
    largest palace), a tie is broken by the larger palace, then by the earlier claim."""
    best = max(totals)
    top = [s for s, t in enumerate(totals) if t == best]
    if largest is None or len(top) == 1:
        return tuple(top)
    key = {s: (largest[s][0], -largest[s][1]) for s in top}
    prime = max(key.values())
    return tuple(s for s in top if key[s] == prime)


def scoring_now(s: Position) -> tuple[SeatScore, ...]:
    """Each seat's score in ``s`` line by line, as if the game ended now (kept in the position's cache)."""
    cached = s.cache.get("scoring")
    if cached is None:
        cached = s.cache["scoring"] = seat_scores(s.board, s.pals, s.palace_tiles, s.tower_tiles, s.players)
    return cached


def game_winners(s: Position) -> tuple[int, ...]:
    """The seats with the most points in ``s`` (ties broken by the largest palace with the flag, else shared)."""
    largest = largest_palaces(s.pals, s.players) if s.table.tiebreak_largest_palace else None
    return winners(tuple(line.total for line in scoring_now(s)), largest)
