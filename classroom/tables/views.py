"""What every page of a game table may read: the table's seats and stored moves (never its start's secrets: the
page's kernel rebuilds the position with the engine), its version (the one number a page looks at to know whether
to read again), the overview of the tables (those of no class for anyone; a class's behind its teacher key), with
its one-number look.

The lookups the requests make too (a table by its code, a seat) are here, so the requests
(``classroom.tables.requests``) inherit them."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Row

from boardgames import GAMES, Match
from boardgames.core.message import Message, say
from classroom.keys import digest
from classroom.store import FinishedCache, Store, classes, find, game_tables, table_moves, table_seats, typed_code

OWNER, CLASSMATE = "owner", "classmate"
HUMAN_KINDS = (OWNER, CLASSMATE)
Record = tuple[tuple[int, ...], tuple[int, ...]]  # a finished game's winning seats and its final scores
RECORDS_KEPT = 4096  # finished games whose record this process keeps (a finished game never changes)
_records: FinishedCache[Record] = FinishedCache(RECORDS_KEPT)  # (the table's id, its moves) -> its record


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
    ended: bool = False  # the class's teacher ended the table: nobody moves any more


@dataclass(frozen=True)
class TableLine:
    """A line of the tables' overview (no key, no secret): the game, its players, how far it is, whose turn it is
    and since when; and a finished game's record (its winners and final scores, from the engine)."""

    code: str
    game: str
    players: tuple[SeatLine, ...]
    moves: int
    turn: str  # the name of the seat to move, or "" when the game is over
    over: bool
    updated: float
    since: float  # when the turn to move began: the time of the last move, or the table's creation
    ended: bool  # the class's teacher ended it
    winners: tuple[str, ...] = ()  # a finished game's winners' names (a tie names several); () until it is over
    scores: tuple[int, ...] = ()  # a finished game's final scores, one a seat; () until it is over

    @property
    def winner(self) -> str:
        """The finished game's winner ("Ada", "Ada and Ben" for a tie), or "" until it is over."""
        return " and ".join(self.winners)


@dataclass(frozen=True)
class MemberSeat:
    """A class member's seat at a table of the class, for their class page: the table, the game, the seat (its
    number, its name; their personal link's token opens its page, ``GameTables.open_member``), whose turn it is and
    whether the game is over or was ended by the teacher."""

    code: str
    game: str
    seat: int
    name: str
    turn: str  # the name of the seat to move, or "" when the game is over
    your_turn: bool  # the member's seat is to move (and the game goes on)
    over: bool
    ended: bool


class TableViews:
    """The game tables' reads, on one class store."""

    def __init__(self, store: Store) -> None:
        self.store = store

    # ------------------------------------------------------------------------------------------ a page's look

    def version(self, table_id: int) -> int:
        """The table's version: one more at every move, undo, join or seat handed (one query)."""
        with self.store.read() as conn:
            return conn.execute(sa.select(game_tables.c.version).where(game_tables.c.id == table_id)).scalar_one()

    def stamp(self, class_key: str | None = None) -> tuple[int, int]:
        """The number of the overview's tables (of no class, or of the class of ``class_key``) and the sum of their
        versions: changed whenever one of them changed (one query)."""
        with self.store.read() as conn:
            count, total = conn.execute(sa.select(sa.func.count(), sa.func.coalesce(sa.func.sum(
                game_tables.c.version), 0)).where(_of_class(class_key))).one()
        return int(count), int(total)

    # ------------------------------------------------------------------------------------------ the views

    def view(self, table_id: int) -> TableView:
        """The table's seats and moves, as every page of it may read them."""
        with self.store.read() as conn:
            table = find(conn, game_tables, id=table_id)
            moves = conn.execute(sa.select(table_moves.c.move).where(table_moves.c.table_id == table_id)
                                 .order_by(table_moves.c.ply)).scalars()
            return TableView(table.id, table.code, table.game, table.version, table.over, table.turn,
                             self.seats(conn, table_id), tuple(moves), table.ended)

    def start_of(self, table_id: int) -> Any:
        """The table's starting position, rebuilt by the engine (it holds the seed: for the page's kernel only)."""
        with self.store.read() as conn:
            table = find(conn, game_tables, id=table_id)
        return GAMES[table.game].from_json(table.start)

    def overview(self, class_key: str | None = None) -> list[TableLine]:
        """The tables of no class (without a key), or the tables of the class whose teacher key is ``class_key`` (a
        key no class has has none), the latest moved first; a finished game with its record."""
        last = table_moves.alias("last_move")
        columns = [c for c in game_tables.c if c.name not in ("start", "owner_key")]
        with self.store.read() as conn:
            query = (sa.select(*columns, sa.func.coalesce(last.c.at, game_tables.c.created).label("since"))
                     .outerjoin(last, sa.and_(last.c.table_id == game_tables.c.id,
                                              last.c.ply == game_tables.c.ply - 1))
                     .where(_of_class(class_key)).order_by(game_tables.c.updated.desc(), game_tables.c.id.desc()))
            tables = conn.execute(query).all()
            seats = conn.execute(sa.select(table_seats).join(game_tables, game_tables.c.id == table_seats.c.table_id)
                                 .where(_of_class(class_key))
                                 .order_by(table_seats.c.table_id, table_seats.c.seat)).all()
            records = self._finished_records(conn, [t for t in tables if t.over])
        by_table: dict[int, list[SeatLine]] = {}
        for row in seats:
            by_table.setdefault(row.table_id, []).append(SeatLine(row.seat, row.name, row.kind, row.claimed))
        lines = []
        for t in tables:
            players = tuple(by_table.get(t.id, ()))
            turn = "" if t.over or t.turn is None else players[t.turn].name
            winners, scores = records.get(t.id, ((), ()))
            lines.append(TableLine(t.code, t.game, players, t.ply, turn, t.over, t.updated, t.since, t.ended,
                                   tuple(players[s].name for s in winners), scores))
        return lines

    def _finished_records(self, conn: Connection, finished: Sequence[Row]) -> dict[int, Record]:
        """Each finished table's winning seats and final scores, from its final position rebuilt by the engine
        (once a process: a finished game never changes)."""
        records = {t.id: _records.get(self.store, (t.id, t.ply)) for t in finished}
        missing = [t for t in finished if records[t.id] is None]
        if missing:
            ids = [t.id for t in missing]
            starts = dict(conn.execute(sa.select(game_tables.c.id, game_tables.c.start)
                                       .where(game_tables.c.id.in_(ids))).all())
            moves: dict[int, list[str]] = {}
            for table_id, move in conn.execute(sa.select(table_moves.c.table_id, table_moves.c.move)
                                               .where(table_moves.c.table_id.in_(ids))
                                               .order_by(table_moves.c.table_id, table_moves.c.ply)):
                moves.setdefault(table_id, []).append(move)
            for t in missing:
                final = catch_up(Match(GAMES[t.game].from_json(starts[t.id])), moves.get(t.id, [])).state
                records[t.id] = _records.keep(self.store, (t.id, t.ply), (tuple(final.winners()),
                                                                         tuple(final.scores())))
        return records

    # ------------------------------------------------------------------------------------------ lookups

    @staticmethod
    def table_by_code(conn: Connection, code: str) -> Row:
        """The table of ``code`` as typed; Refused for an unknown one."""
        shown = typed_code(code or "") or say("(empty)")
        return find(conn, game_tables, code=code, refusal=say("No table has the code {code}: check the link or the "
                                                              "code with the table's creator.", code=shown))

    @staticmethod
    def seats(conn: Connection, table_id: int) -> tuple[SeatLine, ...]:
        rows = conn.execute(sa.select(table_seats).where(table_seats.c.table_id == table_id).order_by(
            table_seats.c.seat))
        return tuple(SeatLine(r.seat, r.name, r.kind, r.claimed) for r in rows)


def ended_sentence(code: str) -> Message:
    """What every page of table ``code`` says once its class's teacher ended it."""
    return say("Table {code} was ended by the teacher: the game stops here.", code=code)


def _of_class(class_key: str | None) -> sa.ColumnElement[bool]:
    """The tables of no class (``class_key`` None), or those of the class whose teacher key is ``class_key``."""
    if class_key is None:
        return game_tables.c.class_id.is_(None)
    return game_tables.c.class_id == sa.select(classes.c.id).where(classes.c.teacher_key == digest(class_key)) \
        .scalar_subquery()


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
