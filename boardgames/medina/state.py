"""Medina's state: an immutable position, the placements it allows, and the flow of turns.

The start player first places the extra merchant; then each turn is two placements by the same seat (one
when only one is possible), seats without any placement pass by themselves, and the game ends when nobody
can place. Tiles change hands inside ``play`` and are reported as events.

Placement legality is a few tuple lookups: every square holds a small code (``board.py``) that names its
palace, and the neighbours of every square are precomputed. A palace of a colour can only grow while it is
the one *extendable* palace of that colour (rule 8); since pieces are never removed, a palace that has once
stopped being extendable never becomes extendable again, so there is at most one per colour and finding it
means looking at the few squares around the unclaimed palaces of that colour.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from boardgames.core import (
    IllegalMove,
    Reader,
    Seated,
    check_int,
    check_list,
    envelope,
    open_envelope,
    seat_names,
)
from boardgames.medina import flow, records, refusals
from boardgames.medina.board import (
    CITY,
    COLS,
    EMPTY,
    EMPTY_BOARD,
    IS_CITY,
    IS_RING,
    MERCHANT,
    ORTH_CITY,
    PALACE,
    RING,
    RING_NEXT,
    ROWS,
    SIZE,
    SQUARES,
    TOWER,
    TOWER_AT,
    WALL,
    WALLS_AT,
    index,
    tower_of,
    where,
)
from boardgames.medina.facts import (
    changed,
    extendable,
    growth,
    intruder,
    owners,
)
from boardgames.medina.log import render
from boardgames.medina.moves import Place
from boardgames.medina.pieces import (
    COLOUR_INDEX,
    MERCH,
    ROOF,
    STABLE,
    SUPPLY_KEYS,
    WALL_K,
    Pal,
    initial_supply,
)
from boardgames.medina.placements import can_place, legal_moves, legal_squares
from boardgames.medina.rules import COLOURS, FLAGS, GAME, OVER, PIECES, PLAY, PLAYERS, START, STEPS, TOWERS
from boardgames.medina.scoring import SeatScore, palace_parts, seat_scores, winners

PICTURE = {"grey": "g", "black": "k", "brown": "b", "orange": "o"}
_CHAR = {EMPTY: "-", MERCHANT: "m", **{TOWER + n: str(n) for n in TOWERS}, **{WALL + n: "#" for n in TOWERS}}
NO_CLAIM = 10**9  # the claim number of "no palace" in the tie break


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
class Table:
    """What stays fixed for a whole game: the seats' names, the seed, the start player and the flag."""

    names: tuple[str, ...]
    seed: int
    first_player: int
    tiebreak_largest_palace: bool = FLAGS["tiebreak_largest_palace"]

    @property
    def players(self) -> int:
        return len(self.names)


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
        return winners(self.scores(), self._largest() if self.table.tiebreak_largest_palace else None)

    def _largest(self) -> tuple[tuple[int, int], ...]:
        """Per seat: its largest palace's size and the earliest claim number among its palaces of that size."""
        out = []
        for seat in range(self.players):
            mine = [(pal.size, -pal.claim) for pal in self.pals if pal.owner == seat]
            size, claim = max(mine) if mine else (0, -NO_CLAIM)
            out.append((size, -claim))
        return tuple(out)

    @property
    def setup(self) -> dict:
        """The ``new_game`` arguments that produce this game's start."""
        t = self.table
        return {
            "players": list(t.names),
            "seed": t.seed,
            "first_player": t.first_player,
            "tiebreak_largest_palace": t.tiebreak_largest_palace,
        }

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
        t = self.table
        return envelope(
            "state",
            GAME,
            {
                "table": {
                    "names": list(t.names),
                    "seed": t.seed,
                    "first_player": t.first_player,
                    "flags": {"tiebreak_largest_palace": t.tiebreak_largest_palace},
                },
                "board": self.picture(claims=False),
                "palaces": [
                    {
                        "colour": COLOURS[pal.colour],
                        "buildings": [list(SQUARES[i]) for i in pal.buildings],
                        "stables": [list(SQUARES[i]) for i in pal.stables],
                        "owner": pal.owner,
                        "claim": pal.claim,
                        "towers_used": [n for n in range(1, 5) if pal.used >> (n - 1) & 1],
                    }
                    for pal in self.pals
                ],
                "supply": [dict(zip(SUPPLY_KEYS, sup)) for sup in self.stock],
                "line": None if self.line is None else [list(SQUARES[i]) for i in self.line],
                "palace_tiles": dict(zip(COLOURS, self.palace_tiles)),
                "tower_tiles": list(self.tower_tiles),
                "step": self.step,
                "current": self.current,
                "placed": self.placed,
                "claims": self.claims,
            },
        )

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


# ---------------------------------------------------------------------- starting and loading


def new_game(players: int | Sequence[str], *, seed: int = 0, first_player: int = 0, **flags: bool) -> State:
    """A new game for 3 or 4 players (a count or a list of names). Flag: ``tiebreak_largest_palace``
    (default False: tied players share the win). Medina has no chance; ``seed`` is kept for the protocol."""
    unknown = set(flags) - set(FLAGS)
    if unknown:
        raise ValueError(f"unknown flag(s) {sorted(unknown)}; Medina's flags are {sorted(FLAGS)}")
    for key, value in flags.items():
        if not isinstance(value, bool):
            raise ValueError(f"flag {key} must be True or False, not {value!r}")
    opts = {**FLAGS, **flags}
    names = seat_names(players, PLAYERS, "medina.setup.players", "Medina")
    n = len(names)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"seed must be a whole number, not {seed!r}")
    if isinstance(first_player, bool) or not isinstance(first_player, int) or not 0 <= first_player < n:
        raise ValueError(f"first_player must be a seat from 0 to {n - 1}, not {first_player!r}")
    table = Table(names, seed, first_player, opts["tiebreak_largest_palace"])
    return State(
        table=table,
        board=EMPTY_BOARD,
        pals=(),
        stock=tuple(initial_supply(n, s, first_player) for s in range(n)),
        line=None,
        palace_tiles=(None,) * 4,
        tower_tiles=(None,) * 4,
        step=START,
        current=first_player,
        placed=0,
        claims=0,
        log=((records.GameStarted, first_player),),
    )


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


def from_json(text: str) -> State:
    """A state from ``State.to_json()``; a damaged or foreign document raises ValueError saying why."""
    doc = open_envelope(text, kind="state", game=GAME)
    r = Reader(doc)
    t = r.sub("table")
    names = t.list("names", _json_name)
    if len(names) not in PLAYERS or len(set(names)) != len(names):
        raise ValueError("document.table.names must be 3 or 4 different names")
    n = len(names)
    flags = t.sub("flags")
    table = Table(names, t.int("seed"), t.int("first_player", 0, n - 1), flags.bool("tiebreak_largest_palace"))
    rows = r.list("board", _json_row, length=ROWS)
    pals = r.list("palaces", lambda v, p: _json_palace(v, p, n))
    board = _board_from(rows, pals)
    supply = r.list(
        "supply",
        lambda v, p: tuple(Reader(v, p).int(k, 0) for k in SUPPLY_KEYS),
        length=n,
    )
    line = r.raw("line")
    if line is not None:
        line = check_list(line, "document.line", _json_square, length=2)
        line = tuple(index(at) for at in line)
    tiles = r.sub("palace_tiles")
    state = State(
        table=table,
        board=board,
        pals=pals,
        stock=supply,
        line=line,
        palace_tiles=tuple(tiles.optional_int(c, 0, n - 1) for c in COLOURS),
        tower_tiles=r.list("tower_tiles", lambda v, p: None if v is None else check_int(v, p, 0, n - 1), length=4),
        step=r.str("step", STEPS),
        current=r.optional_int("current", 0, n - 1),
        placed=r.int("placed", 0, 1),
        claims=r.int("claims", 0),
    )
    problem = consistency_problem(state)
    if problem:
        raise ValueError(f"inconsistent Medina state: {problem}")
    return state


def _json_name(value: Any, path: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ValueError(f"{path} must be a non-empty name")
    return value


def _json_row(value: Any, path: str) -> str:
    if not isinstance(value, str) or len(value) != COLS:
        raise ValueError(f"{path} must be a string of {COLS} characters")
    bad = set(value) - set(".-1234#mgkbos")
    if bad:
        raise ValueError(f"{path} holds unknown characters {sorted(bad)}")
    return value


def _json_square(value: Any, path: str) -> tuple[int, int]:
    at = check_list(value, path, lambda v, p: check_int(v, p), length=2)
    if not (0 <= at[0] < ROWS and 0 <= at[1] < COLS):
        raise ValueError(f"{path} {where(at)} is off the board")
    return at


def _json_palace(value: Any, path: str, players: int) -> Pal:
    r = Reader(value, path)
    used = r.list("towers_used", lambda v, p: check_int(v, p, 1, 4))
    return Pal(
        colour=COLOUR_INDEX[r.str("colour", COLOURS)],
        buildings=tuple(index(at) for at in r.list("buildings", _json_square)),
        stables=tuple(index(at) for at in r.list("stables", _json_square)),
        owner=r.optional_int("owner", 0, players - 1),
        claim=r.optional_int("claim", 1),
        used=sum(1 << (k - 1) for k in set(used)),
    )


def _board_from(rows: Sequence[str], pals: Sequence[Pal]) -> tuple[int, ...]:
    """The board codes from the picture's rows and the palaces' squares (walls take their tower from the
    chain they belong to); ValueError when the two disagree."""
    board = list(EMPTY_BOARD)
    owner_of: dict[int, tuple[int, bool]] = {}
    for p, pal in enumerate(pals):
        if not pal.buildings:
            raise ValueError(f"document.palaces[{p}] has no buildings")
        for i in pal.buildings + pal.stables:
            if i in owner_of:
                raise ValueError(f"{where(SQUARES[i])} belongs to two palaces")
            owner_of[i] = (p, i in pal.stables)
    for i in range(SIZE):
        ch = rows[i // COLS][i % COLS]
        at = where(SQUARES[i])
        if i in TOWER_AT:
            if ch != str(TOWER_AT[i]):
                raise ValueError(f"document.board: tower {TOWER_AT[i]} must stand at {at}")
            continue
        if ch in "1234":
            raise ValueError(f"document.board: there is no tower at {at}")
        if IS_RING[i]:
            if ch not in "-#":
                raise ValueError(f"document.board: {at} is a wall space, and {ch!r} cannot stand there")
            continue
        if ch in "-#":
            raise ValueError(f"document.board: {at} is a city square, and {ch!r} cannot stand there")
        if ch == "m":
            board[i] = MERCHANT
        if ch in "gkbos":
            if i not in owner_of:
                raise ValueError(f"document.board: the piece at {at} belongs to no palace")
            p, is_stable = owner_of[i]
            want = "s" if is_stable else PICTURE[COLOURS[pals[p].colour]]
            if ch != want:
                raise ValueError(f"document.board: {at} shows {ch!r} but palace {p} puts {want!r} there")
            board[i] = PALACE + 2 * p + is_stable
        elif i in owner_of:
            raise ValueError(f"document.board: palace {owner_of[i][0]} has a piece at {at}, but the board shows {ch!r}")
    for i in owner_of:
        if not IS_CITY[i]:
            raise ValueError(f"a palace piece stands outside the city at {where(SQUARES[i])}")
    # Walls: follow each tower's two arms.
    for n, corner in TOWERS.items():
        for start in RING_NEXT_FROM_TOWER[index(corner)]:
            prev, i = index(corner), start
            while rows[i // COLS][i % COLS] == "#" and board[i] == EMPTY:
                board[i] = WALL + n
                prev, i = i, next(j for j in RING_NEXT[i] if j != prev)
    for i in RING:
        if rows[i // COLS][i % COLS] == "#" and board[i] == EMPTY:
            raise ValueError(f"document.board: the wall at {where(SQUARES[i])} is not connected to a tower")
    return tuple(board)


RING_NEXT_FROM_TOWER = {
    i: tuple(j for j in range(SIZE) if IS_RING[j] and i in RING_NEXT[j]) for i in TOWER_AT
}


def consistency_problem(s: State) -> str | None:
    """What makes ``s`` impossible in a game of Medina, or None if nothing does."""
    n = s.players
    board = s.board
    names = s.table.names
    # Walls: never two towers' walls joined.
    for i in RING:
        if board[i] != EMPTY and all(board[j] != EMPTY for j in RING_NEXT[i]):
            a, b = (tower_of(board[j]) for j in RING_NEXT[i])
            if a != tower_of(board[i]) or b != tower_of(board[i]):
                return f"the walls at {where(SQUARES[i])} join two towers"
    # Palaces: connected, apart from each other, stables attached.
    claims = []
    for p, pal in enumerate(s.pals):
        first = min(pal.buildings)
        seen, todo = {first}, [first]
        while todo:
            x = todo.pop()
            for y in ORTH_CITY[x]:
                if y in pal.buildings and y not in seen:
                    seen.add(y)
                    todo.append(y)
        if len(seen) != len(pal.buildings):
            return f"the buildings of palace {p} are not connected"
        for x in pal.squares:
            bad = intruder(board, x, p)
            if bad is not None:
                return f"palace {p} touches another palace at {where(SQUARES[bad])}"
        for x in pal.stables:
            if not any(y in pal.buildings for y in ORTH_CITY[x]):
                return f"the stable at {where(SQUARES[x])} touches no building of its palace"
        if (pal.owner is None) != (pal.claim is None):
            return f"palace {p} has an owner without a claim number (or the reverse)"
        if pal.owner is None and pal.used:
            return f"unclaimed palace {p} has taken a tower tile"
        if pal.owner is not None:
            claims.append(pal.claim)
        touched = {board[w] - WALL for x in pal.squares for w in WALLS_AT[x] if WALL < board[w] <= WALL + 4}
        for k in range(1, 5):
            if pal.used >> (k - 1) & 1 and k not in touched:
                return f"palace {p} took tower tile {k} but touches none of its walls"
            if pal.owner is not None and k in touched and not pal.used >> (k - 1) & 1:
                return f"claimed palace {p} touches a wall of tower {k} but never took tile {k}"
    if sorted(claims) != list(range(1, s.claims + 1)):
        return f"the claim numbers {sorted(claims)} do not run from 1 to {s.claims}"
    for c in range(4):
        owners = [pal.owner for pal in s.pals if pal.colour == c and pal.owner is not None]
        if len(owners) != len(set(owners)):
            return f"a player owns two {COLOURS[c]} palaces"
        unclaimed = [p for p, pal in enumerate(s.pals) if pal.colour == c and pal.owner is None]
        if sum(1 for p in unclaimed if growth(board, s.pals[p], p)) > 1:
            return f"two {COLOURS[c]} palaces can still grow"
        holder = s.palace_tiles[c]
        if not owners:
            if holder is not None:
                return f"{names[holder]} holds the {COLOURS[c]} palace tile without a claimed {COLOURS[c]} palace"
        else:
            sizes = {pal.owner: pal.size for pal in s.pals if pal.colour == c and pal.owner is not None}
            if holder is None or holder not in sizes or sizes[holder] != max(sizes.values()):
                return f"the {COLOURS[c]} palace tile is not with a player owning a largest {COLOURS[c]} palace"
    for k in range(1, 5):
        users = {pal.owner for pal in s.pals if pal.used >> (k - 1) & 1}
        holder = s.tower_tiles[k - 1]
        if (holder is None) != (not users) or (holder is not None and holder not in users):
            return f"tower tile {k} is not with the owner of a palace that took it"
    # Pieces: what is on the board plus what is in supply is what the players started with.
    counts = [0] * 8
    for pal in s.pals:
        counts[pal.colour] += len(pal.buildings)
        counts[STABLE] += len(pal.stables)
    counts[ROOF] = sum(1 for pal in s.pals if pal.owner is not None)
    counts[MERCH] = sum(1 for v in board if v == MERCHANT)
    counts[WALL_K] = sum(1 for v in board if WALL < v <= WALL + 4)
    start = [initial_supply(n, seat, s.table.first_player) for seat in range(n)]
    for k, key in enumerate(SUPPLY_KEYS):
        for seat in range(n):
            if s.stock[seat][k] > start[seat][k]:
                return f"{names[seat]} has more {key} pieces than a player starts with"
        if sum(st[k] for st in start) - sum(sup[k] for sup in s.stock) != counts[k]:
            return f"the {key} pieces on the board and in the supplies do not add up"
    for seat in range(n):
        owned = sum(1 for pal in s.pals if pal.owner == seat)
        if start[seat][ROOF] - s.stock[seat][ROOF] != owned:
            return f"{names[seat]}'s roofs in supply do not match the palaces {names[seat]} owns"
    # Merchants and the flow.
    merchants = counts[MERCH]
    if s.line is not None:
        if any(board[i] != MERCHANT for i in s.line):
            return "an end of the merchant line holds no merchant"
    elif merchants and s.step != START:
        return "merchants on the board but no current merchant line"
    if s.step == START:
        if merchants or s.current != s.table.first_player or s.placed or s.pals:
            return "the start step is only the very beginning, with the start player to place the extra merchant"
        return None
    if s.step == OVER:
        if s.current is not None or s.placed:
            return "a finished game with a player to move"
        if any(s.can_place(seat) for seat in range(n)):
            return "the game is over although a player can still place a piece"
        return None
    if s.current is None:
        return "a game in progress with nobody to move"
    if not s.can_place(s.current):
        return f"{names[s.current]} is to move but cannot place any piece"
    return None
