"""Starting, saving and loading a Medina game: ``new_game`` on the shared setup checks, the save document's body,
and ``consistency_problem`` (what makes a loaded position impossible)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from boardgames.core import Reader, check_int, check_list, damaged, envelope, new_table, read_table, state_document
from boardgames.core.message import Message, english, say
from boardgames.medina import records
from boardgames.medina.board import (
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
    TOWER_AT,
    WALL,
    WALLS_AT,
    index,
    tower_of,
    where,
)
from boardgames.medina.facts import growth, intruder
from boardgames.medina.pieces import (
    COLOUR_INDEX,
    MERCH,
    ROOF,
    STABLE,
    SUPPLY_KEYS,
    WALL_K,
    Pal,
    colour_word,
    initial_supply,
    piece_word,
)
from boardgames.medina.placements import can_place
from boardgames.medina.rules import COLOURS, GAME, OVER, PLACEMENTS_PER_TURN, SPEC, START, STEPS, TOWERS
from boardgames.medina.state import PICTURE, Position, Table


def start(players: int | Sequence[str], *, seed: int = 0, first_player: int = 0, **flags: bool) -> Position:
    """The first position of a new game (``game.new_game`` says what the arguments mean)."""
    table = new_table(SPEC, players, seed, first_player, flags, Table)
    n = table.players
    return Position(
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


def to_json(s: Position) -> str:
    """``s`` as a save document (``from_json`` reads it back equal)."""
    return envelope(
        "state",
        GAME,
        {
            "table": s.table.block(),
            "board": s.picture(claims=False),
            "palaces": [
                {
                    "colour": COLOURS[pal.colour],
                    "buildings": [list(SQUARES[i]) for i in pal.buildings],
                    "stables": [list(SQUARES[i]) for i in pal.stables],
                    "owner": pal.owner,
                    "claim": pal.claim,
                    "towers_used": [n for n in range(1, 5) if pal.used >> (n - 1) & 1],
                }
                for pal in s.pals
            ],
            "supply": [dict(zip(SUPPLY_KEYS, sup)) for sup in s.stock],
            "line": None if s.line is None else [list(SQUARES[i]) for i in s.line],
            "palace_tiles": dict(zip(COLOURS, s.palace_tiles)),
            "tower_tiles": list(s.tower_tiles),
            "step": s.step,
            "current": s.current,
            "placed": s.placed,
            "claims": s.claims,
        },
    )


BOARD = "document.board"  # the board's path in a save document


def read(text: str) -> Position:
    """The position a save document holds; a damaged or foreign document raises ValueError saying why
    (``game.from_json``)."""
    r = state_document(text, GAME)
    table = read_table(r.sub("table"), SPEC, Table)
    n = table.players
    rows = r.list("board", _json_row, length=ROWS)
    pals = r.list("palaces", lambda v, p: _json_palace(v, p, n))
    board = _board_from(rows, pals)
    supply = r.list("supply", lambda v, p: tuple(Reader(v, p).int(k, 0) for k in SUPPLY_KEYS), length=n)
    line = r.raw("line")
    if line is not None:
        line = tuple(index(at) for at in check_list(line, "document.line", _json_square, length=2))
    tiles = r.sub("palace_tiles")
    state = Position(
        table=table,
        board=board,
        pals=pals,
        stock=supply,
        line=line,
        palace_tiles=tuple(tiles.optional_int(c, 0, n - 1) for c in COLOURS),
        tower_tiles=r.list("tower_tiles", lambda v, p: None if v is None else check_int(v, p, 0, n - 1), length=4),
        step=r.str("step", STEPS),
        current=r.optional_int("current", 0, n - 1),
        placed=r.int("placed", 0, PLACEMENTS_PER_TURN - 1),
        claims=r.int("claims", 0),
    )
    problem = consistency_said(state)
    if problem is not None:
        raise damaged(say("inconsistent Medina state: {problem}", problem=problem))
    return state


def _json_row(value: Any, path: str) -> str:
    if not isinstance(value, str) or len(value) != COLS:
        raise damaged(say("{path} must be a string of {n} characters", path=path, n=COLS))
    bad = set(value) - set(".-1234#mgkbos")
    if bad:
        raise damaged(say("{path} holds unknown characters {characters}", path=path, characters=str(sorted(bad))))
    return value


def _json_square(value: Any, path: str) -> tuple[int, int]:
    at = check_list(value, path, lambda v, p: check_int(v, p), length=2)
    if not (0 <= at[0] < ROWS and 0 <= at[1] < COLS):
        raise damaged(say("{path} {at} is off the board", path=path, at=where(at)))
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
            path = f"document.palaces[{p}]"
            raise damaged(say("{path} has no buildings", path=path))
        for i in pal.buildings + pal.stables:
            if i in owner_of:
                raise damaged(say("{at} belongs to two palaces", at=where(SQUARES[i])))
            owner_of[i] = (p, i in pal.stables)
    for i in range(SIZE):
        ch = rows[i // COLS][i % COLS]
        at = where(SQUARES[i])
        if i in TOWER_AT:
            if ch != str(TOWER_AT[i]):
                raise damaged(say("{path}: tower {tower} must stand at {at}", path=BOARD, tower=TOWER_AT[i], at=at))
            continue
        if ch in "1234":
            raise damaged(say("{path}: there is no tower at {at}", path=BOARD, at=at))
        if IS_RING[i]:
            if ch not in "-#":
                raise damaged(say("{path}: {at} is a wall space, and {piece} cannot stand there", path=BOARD, at=at,
                                  piece=repr(ch)))
            continue
        if ch in "-#":
            raise damaged(say("{path}: {at} is a city square, and {piece} cannot stand there", path=BOARD, at=at,
                              piece=repr(ch)))
        if ch == "m":
            board[i] = MERCHANT
        if ch in "gkbos":
            if i not in owner_of:
                raise damaged(say("{path}: the piece at {at} belongs to no palace", path=BOARD, at=at))
            p, is_stable = owner_of[i]
            want = "s" if is_stable else PICTURE[COLOURS[pals[p].colour]]
            if ch != want:
                raise damaged(say("{path}: {at} shows {shows} but palace {p} puts {want} there", path=BOARD, at=at,
                                  shows=repr(ch), p=p, want=repr(want)))
            board[i] = PALACE + 2 * p + is_stable
        elif i in owner_of:
            raise damaged(say("{path}: palace {p} has a piece at {at}, but the board shows {shows}", path=BOARD,
                              p=owner_of[i][0], at=at, shows=repr(ch)))
    for i in owner_of:
        if not IS_CITY[i]:
            raise damaged(say("a palace piece stands outside the city at {at}", at=where(SQUARES[i])))
    # Walls: follow each tower's two arms.
    for n, corner in TOWERS.items():
        for start in RING_NEXT_FROM_TOWER[index(corner)]:
            prev, i = index(corner), start
            while rows[i // COLS][i % COLS] == "#" and board[i] == EMPTY:
                board[i] = WALL + n
                prev, i = i, next(j for j in RING_NEXT[i] if j != prev)
    for i in RING:
        if rows[i // COLS][i % COLS] == "#" and board[i] == EMPTY:
            raise damaged(say("{path}: the wall at {at} is not connected to a tower", path=BOARD, at=where(SQUARES[i])))
    return tuple(board)


RING_NEXT_FROM_TOWER = {
    i: tuple(j for j in range(SIZE) if IS_RING[j] and i in RING_NEXT[j]) for i in TOWER_AT
}


def consistency_problem(s: Position) -> str | None:
    """What makes ``s`` impossible in a game of Medina (in English), or None if nothing does."""
    said = consistency_said(s)
    return None if said is None else english(said)


def _kind_word(key: str) -> Message:
    """A supply's kind of piece: a palace colour or a piece's name."""
    return colour_word(key) if key in COLOURS else piece_word(key)


def consistency_said(s: Position) -> Message | None:
    """``consistency_problem`` as a message."""
    n = s.players
    board = s.board
    names = s.table.names
    # Walls: never two towers' walls joined.
    for i in RING:
        if board[i] != EMPTY and all(board[j] != EMPTY for j in RING_NEXT[i]):
            a, b = (tower_of(board[j]) for j in RING_NEXT[i])
            if a != tower_of(board[i]) or b != tower_of(board[i]):
                return say("the walls at {at} join two towers", at=where(SQUARES[i]))
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
            return say("the buildings of palace {p} are not connected", p=p)
        for x in pal.squares:
            bad = intruder(board, x, p)
            if bad is not None:
                return say("palace {p} touches another palace at {at}", p=p, at=where(SQUARES[bad]))
        for x in pal.stables:
            if not any(y in pal.buildings for y in ORTH_CITY[x]):
                return say("the stable at {at} touches no building of its palace", at=where(SQUARES[x]))
        if (pal.owner is None) != (pal.claim is None):
            return say("palace {p} has an owner without a claim number (or the reverse)", p=p)
        if pal.owner is None and pal.used:
            return say("unclaimed palace {p} has taken a tower tile", p=p)
        if pal.owner is not None:
            claims.append(pal.claim)
        touched = {board[w] - WALL for x in pal.squares for w in WALLS_AT[x] if WALL < board[w] <= WALL + 4}
        for k in range(1, 5):
            if pal.used >> (k - 1) & 1 and k not in touched:
                return say("palace {p} took tower tile {k} but touches none of its walls", p=p, k=k)
            if pal.owner is not None and k in touched and not pal.used >> (k - 1) & 1:
                return say("claimed palace {p} touches a wall of tower {k} but never took tile {k}", p=p, k=k)
    if sorted(claims) != list(range(1, s.claims + 1)):
        return say("the claim numbers {claims} do not run from 1 to {last}", claims=str(sorted(claims)), last=s.claims)
    for c in range(4):
        owners = [pal.owner for pal in s.pals if pal.colour == c and pal.owner is not None]
        if len(owners) != len(set(owners)):
            return say("a player owns two {colour} palaces", colour=colour_word(COLOURS[c]))
        unclaimed = [p for p, pal in enumerate(s.pals) if pal.colour == c and pal.owner is None]
        if sum(1 for p in unclaimed if growth(board, s.pals[p], p)) > 1:
            return say("two {colour} palaces can still grow", colour=colour_word(COLOURS[c]))
        holder = s.palace_tiles[c]
        if not owners:
            if holder is not None:
                return say("{name} holds the {colour} palace tile without a claimed {colour} palace",
                           name=names[holder], colour=colour_word(COLOURS[c]))
        else:
            sizes = {pal.owner: pal.size for pal in s.pals if pal.colour == c and pal.owner is not None}
            if holder is None or holder not in sizes or sizes[holder] != max(sizes.values()):
                return say("the {colour} palace tile is not with a player owning a largest {colour} palace",
                           colour=colour_word(COLOURS[c]))
    for k in range(1, 5):
        users = {pal.owner for pal in s.pals if pal.used >> (k - 1) & 1}
        holder = s.tower_tiles[k - 1]
        if (holder is None) != (not users) or (holder is not None and holder not in users):
            return say("tower tile {k} is not with the owner of a palace that took it", k=k)
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
                return say("{name} has more {kind} pieces than a player starts with", name=names[seat],
                           kind=_kind_word(key))
        if sum(st[k] for st in start) - sum(sup[k] for sup in s.stock) != counts[k]:
            return say("the {kind} pieces on the board and in the supplies do not add up", kind=_kind_word(key))
    for seat in range(n):
        owned = sum(1 for pal in s.pals if pal.owner == seat)
        if start[seat][ROOF] - s.stock[seat][ROOF] != owned:
            return say("{name}'s roofs in supply do not match the palaces {name} owns", name=names[seat])
    # Merchants and the flow.
    merchants = counts[MERCH]
    if s.line is not None:
        if any(board[i] != MERCHANT for i in s.line):
            return say("an end of the merchant line holds no merchant")
    elif merchants and s.step != START:
        return say("merchants on the board but no current merchant line")
    if s.step == START:
        if merchants or s.current != s.table.first_player or s.placed or s.pals:
            return say("the start step is only the very beginning, with the start player to place the extra "
                       "merchant")
        return None
    if s.step == OVER:
        if s.current is not None or s.placed:
            return say("a finished game with a player to move")
        if any(can_place(s, seat) for seat in range(n)):
            return say("the game is over although a player can still place a piece")
        return None
    if s.current is None:
        return say("a game in progress with nobody to move")
    if not can_place(s, s.current):
        return say("{name} is to move but cannot place any piece", name=names[s.current])
    return None
