"""What every page of a game table may read: the table's seats and stored moves (never its start's secrets: the
page's kernel rebuilds the position with the engine), its version (the one number a page looks at to know whether
to read again), and the teacher's overview of every table, with its one-number look.

The lookups the requests make too (a table by its code, a seat) are here, so the requests
(``classroom.tables.requests``) inherit them."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Row

from boardgames import GAMES, Match
from classroom.store import Store, find, game_tables, table_moves, table_seats, typed_code

OWNER, CLASSMATE = "owner", "classmate"
HUMAN_KINDS = (OWNER, CLASSMATE)


@dataclass(frozen=True)
class SeatLine:
    """A seat of a table as every page may see it: its name, who plays it, and whether its classmate came."""

    seat: int
    name: str
    kind: str  # owner, classmate, or a bot level
    claimed: bool

    @property
    def is_bot(self) -> bool:
        return self.kind not in HUMAN_KINDS


@dataclass(frozen=True)
class TableView:
    """A table as a page rebuilds it: the seats and the moves as stored (never the start: the page gets the
    position from ``start_of``), its version and whether the game is over."""

    table_id: int
    code: str
    game: str
    version: int
    over: bool
    turn: int | None
    seats: tuple[SeatLine, ...]
    moves: tuple[str, ...]


@dataclass(frozen=True)
class TableLine:
    """A line of the teacher's overview."""

    code: str
    game: str
    players: tuple[SeatLine, ...]
    moves: int
    turn: str  # the name of the seat to move, or "" when the game is over
    over: bool
    updated: float


class TableViews:
    """The game tables' reads, on one class store."""

    def __init__(self, store: Store) -> None:
        self.store = store

    # ------------------------------------------------------------------------------------------ a page's look

    def version(self, table_id: int) -> int:
        """The table's version: one more at every move, undo, join or seat handed (one query)."""
        with self.store.read() as conn:
            return conn.execute(sa.select(game_tables.c.version).where(game_tables.c.id == table_id)).scalar_one()

    def stamp(self) -> tuple[int, int]:
        """The number of tables and the sum of their versions: changed whenever any table changed (one query)."""
        with self.store.read() as conn:
            count, total = conn.execute(sa.select(sa.func.count(), sa.func.coalesce(sa.func.sum(
                game_tables.c.version), 0))).one()
        return int(count), int(total)

    # ------------------------------------------------------------------------------------------ the views

    def view(self, table_id: int) -> TableView:
        """The table's seats and moves, as every page of it may read them."""
        with self.store.read() as conn:
            table = find(conn, game_tables, id=table_id)
            moves = conn.execute(sa.select(table_moves.c.move).where(table_moves.c.table_id == table_id)
                                 .order_by(table_moves.c.ply)).scalars()
            return TableView(table.id, table.code, table.game, table.version, table.over, table.turn,
                             self.seats(conn, table_id), tuple(moves))

    def start_of(self, table_id: int) -> Any:
        """The table's starting position, rebuilt by the engine (it holds the seed: for the page's kernel only)."""
        with self.store.read() as conn:
            table = find(conn, game_tables, id=table_id)
        return GAMES[table.game].from_json(table.start)

    def overview(self) -> list[TableLine]:
        """Every table of the store, the latest moved first: for the teacher's page (no key, no secret)."""
        with self.store.read() as conn:
            tables = conn.execute(sa.select(game_tables).order_by(game_tables.c.updated.desc())).all()
            seats = conn.execute(sa.select(table_seats).order_by(table_seats.c.table_id, table_seats.c.seat)).all()
        by_table: dict[int, list[SeatLine]] = {}
        for row in seats:
            by_table.setdefault(row.table_id, []).append(SeatLine(row.seat, row.name, row.kind, row.claimed))
        lines = []
        for t in tables:
            players = tuple(by_table.get(t.id, ()))
            turn = "" if t.over or t.turn is None else players[t.turn].name
            lines.append(TableLine(t.code, t.game, players, t.ply, turn, t.over, t.updated))
        return lines

    # ------------------------------------------------------------------------------------------ lookups

    @staticmethod
    def table_by_code(conn: Connection, code: str) -> Row:
        """The table of ``code`` as typed; Refused for an unknown one."""
        shown = typed_code(code or "") or "(empty)"
        return find(conn, game_tables, code=code, refusal=f"No table has the code {shown}: check the link or the code "
                    "with the table's creator.")

    @staticmethod
    def seats(conn: Connection, table_id: int) -> tuple[SeatLine, ...]:
        rows = conn.execute(sa.select(table_seats).where(table_seats.c.table_id == table_id).order_by(
            table_seats.c.seat))
        return tuple(SeatLine(r.seat, r.name, r.kind, r.claimed) for r in rows)


def catch_up(match: Match, moves: Sequence[str]) -> Match:
    """``match`` brought to the stored ``moves``: the moves it shares with them kept, the rest played by the
    engine (a move taken back is dropped). ``match`` is changed in place and returned."""
    module = GAMES[match.state.GAME]
    mine = [str(m) for m in match.moves]
    same = 0
    while same < min(len(mine), len(moves)) and mine[same] == moves[same]:
        same += 1
    match.goto(same)
    for text in moves[same:]:
        match.play(module.parse_move(text))
    return match
