"""Medina's state: the public face of an immutable position (what anyone can see, the placements it allows).

The start player first places the extra merchant; then each turn is two placements by the same seat (one when
only one is possible), seats without any placement pass by themselves, and the game ends when nobody can place.
What a placement does, tiles changing hands and the turns are ``flow.py``, reported as events (``records.py``,
``log.py``); why a move is refused is ``refusals.py``, where each piece may go ``placements.py``, read off the
derived board facts that a state hands on to the next (``facts.py``); saving and loading is ``saving.py``. The
rules, with their ids, are ``docs/rules/medina.md``.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from boardgames.core import IllegalMove, Seated
from boardgames.core import Table as CoreTable
from boardgames.medina import flow, refusals
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
    index,
    where,
)
from boardgames.medina.facts import changed, extendable, owners
from boardgames.medina.log import render
from boardgames.medina.moves import Place
from boardgames.medina.pieces import COLOUR_INDEX, MERCH, ROOF, STABLE, SUPPLY_KEYS, WALL_K, Pal
from boardgames.medina.placements import can_place, legal_moves, legal_squares
from boardgames.medina.rules import COLOURS, GAME, OVER, PIECES, PLAY, TOWERS
from boardgames.medina.scoring import SeatScore, largest_palaces, palace_parts, seat_scores, winners

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
class State(Seated):
    """A Medina position. Build one with ``new_game``; every move returns a new State."""

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
    RENDER = staticmethod(render)

    # ------------------------------------------------------------------ what anyone can see
    @property
    def current_player(self) -> int | None:
        return self.current

    @property
    def is_over(self) -> bool:
        return self.step == OVER

    def cell(self, at: tuple[int, int]) -> Cell:
        """What stands on square ``at``."""
        r, c = _square_arg(at)
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

    def palaces(self) -> tuple[Palace, ...]:
        """Every palace on the board, in the order they were started (see ``Palace``)."""
        return tuple(self._palace(p) for p in range(len(self.pals)))

    def _palace(self, p: int) -> Palace:
        pal = self.pals[p]
        b, s, m, w = palace_parts(self.board, pal.buildings, pal.stables)
        return Palace(
            id=p,
            colour=COLOURS[pal.colour],
            squares=tuple(SQUARES[i] for i in sorted(pal.buildings)),
            stables=tuple(SQUARES[i] for i in sorted(pal.stables)),
            owner=pal.owner,
            size=b + s,
            merchants=m,
            walls=w,
            value=b + s + m + w,
            extendable=extendable(self)[pal.colour] == p,
            claim=pal.claim,
            towers_used=tuple(n for n in range(1, 5) if pal.used >> (n - 1) & 1),
        )

    def palace_at(self, at: tuple[int, int]) -> Palace | None:
        """The palace a building or stable on ``at`` belongs to, or None."""
        v = self.board[index(_square_arg(at))]
        return self._palace((v - PALACE) >> 1) if v >= PALACE else None

    def supply(self, seat: int) -> dict:
        """``seat``'s pieces still in supply: ``{"building": {"grey": 6, ...}, "roof": 4, "stable": 4, ...}``."""
        sup = self.stock[_seat_arg(seat, self.players)]
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

    def owned_colours(self, seat: int) -> tuple[str, ...]:
        """The colours of the palaces ``seat`` owns."""
        return tuple(COLOURS[c] for c in range(4) if owners(self)[c] >> seat & 1)

    def scoring(self) -> tuple[SeatScore, ...]:
        """Each seat's score line by line (palaces, palace tiles, tower tiles), as if the game ended now."""
        cached = self.cache.get("scoring")
        if cached is None:
            cached = self.cache["scoring"] = seat_scores(
                self.board, self.pals, self.palace_tiles, self.tower_tiles, self.players
            )
        return cached

    def scores(self) -> tuple[int, ...]:
        """Each seat's points as they would be if the game ended now."""
        return tuple(s.total for s in self.scoring())

    def winners(self) -> tuple[int, ...]:
        """The seats with the most points once the game is over (shared unless the tie-break flag is on)."""
        if self.step != OVER:
            return ()
        largest = largest_palaces(self.pals, self.players) if self.table.tiebreak_largest_palace else None
        return winners(self.scores(), largest)

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

    def __str__(self) -> str:
        head = "Medina: game over" if self.step == OVER else f"Medina: {self.names[self.current]} to place"
        lines = [head, *self.picture()]
        scores = self.scores()
        for s, name in enumerate(self.names):
            mark = "*" if s == self.current else " "
            left = " ".join(f"{k} {v}" for k, v in zip(SUPPLY_KEYS, self.stock[s]))
            lines.append(f"{mark} {name:6} {scores[s]:3} points  left: {left}")
        return "\n".join(lines)

    def can_place(self, seat: int) -> bool:
        """Whether ``seat`` has any legal placement on this board and supply (whoever is to move, and even once the
        game is over, where the answer is always False)."""
        return can_place(self, seat)

    # ------------------------------------------------------------------ the protocol
    def legal_moves(self) -> list:
        got = self.cache.get("legal")
        if got is None:
            got = self.cache["legal"] = legal_moves(self)
        return list(got)

    def legal_squares(self, piece: str, colour: str | None = None, seat: int | None = None) -> list[tuple[int, int]]:
        """The squares where ``seat`` (default: the seat to move) may place ``piece`` (of ``colour`` for a building)
        now; for a roof, every square of every palace it may claim. Empty when it is not that seat's turn."""
        if piece not in PIECES:
            raise ValueError(f"{piece!r} is not a Medina piece; the pieces are {', '.join(PIECES)}")
        if (piece == "building") != (colour is not None) or (colour is not None and colour not in COLOUR_INDEX):
            raise ValueError("a building needs one of the colours grey, black, brown, orange; other pieces take none")
        if seat is not None and seat != self.current:
            return []
        return legal_squares(self, piece, colour)

    def check(self, move: Any, seat: int | None = None) -> IllegalMove | None:
        """The IllegalMove that ``move`` (by ``seat``, default the seat to move) would raise, or None."""
        got = refusals.judge(self, move, seat)
        return got if isinstance(got, IllegalMove) else None

    def play(self, move: Any, seat: int | None = None) -> State:
        """The state after ``move``; raises IllegalMove (and this state stays as it is) if it is illegal."""
        plan = refusals.judge(self, move, seat)
        if isinstance(plan, IllegalMove):
            raise plan
        return flow.place(self, plan)

    def determinize(self, seat: int, rng: random.Random) -> State:
        """Medina hides nothing (section 2.4: supplies are treated as public), so every seat knows the whole state."""
        return self

    def to_json(self) -> str:
        from boardgames.medina.saving import to_json  # saving builds States: imported when first needed

        return to_json(self)

    # ------------------------------------------------------------------ building positions
    def arrange(self, placements: Iterable[tuple[int, Place]], *, to_move: int | None = None) -> State:
        """A position for lessons and tests: ``placements`` are (seat, Place) pairs placed in order, each
        checked against every placement rule for that seat but not against the order of turns; tiles change
        hands as in play. The start merchant counts as placed; then ``to_move`` (default: the seat to move now)
        starts a turn, or the next seat that can place. ``events`` are those of all the placements."""
        s = self
        log: list = []
        for k, pair in enumerate(placements):
            try:
                seat, move = pair
            except (TypeError, ValueError):
                raise ValueError(f"placement {k} must be a (seat, Place) pair, not {pair!r}") from None
            seat = _seat_arg(seat, self.players)
            if s.step == OVER:
                raise ValueError("the game is over: no more placements")
            probe = changed(s, {"step": PLAY, "current": seat, "placed": 0})
            plan = refusals.judge(probe, move, None)
            if isinstance(plan, IllegalMove):
                raise plan
            s = changed(probe, flow.apply(probe, plan, seat, log))
        if to_move is None:
            to_move = self.current if self.current is not None else self.table.first_player
        to_move = _seat_arg(to_move, self.players)
        return flow.begin_turn(changed(s, {"step": PLAY, "current": to_move, "placed": 0}), to_move, log)


def _seat_arg(seat: Any, players: int) -> int:
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
        raise ValueError(f"there is no seat {seat!r} in this game (seats are 0 to {players - 1})")
    return seat


def _square_arg(at: Any) -> tuple[int, int]:
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
