"""The class store: the database that keeps what must outlast a page, a kernel or the server (rooms, students,
rounds, estimates and bids; game tables, their seats and their moves; a learner's answers to exercises).

SQLite by default, a file ``class.db`` in the data directory (``BOARDGAMES_DATA``, else
``~/.local/share/boardgames``), in WAL mode so that pages read while one of them writes; PostgreSQL, or any
database SQLAlchemy speaks, when ``BOARDGAMES_DB`` holds its URL (``postgresql://user@host/db``). The same
SQLAlchemy Core code runs on both. The schema carries its version: ``open_store`` creates the tables of a new
database and brings an older one up to date, one numbered migration at a time.

No secret is stored (since version 6): a teacher's key, a member's token, a table's owner key and a seat's token are
kept as their digests only (``classroom.keys``), so a copied database or a backup opens no page of any class.

What every activity's requests and views share is here, written once: a new code drawn until it is free
(``Store.with_new_code``), a row found by its columns or by a code as typed (``find``), the rows a write changes
locked for its transaction (``locked``), and a room's or a table's version bumped by every write its pages show
(``bump``): a page asks "has anything changed?" with one query, its version.
"""

from __future__ import annotations

import os
import secrets
import sqlite3
import threading
import time
from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Generic, TypeVar

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Engine, Row, make_url
from sqlalchemy.schema import CreateColumn
from sqlalchemy.sql import Select

from boardgames.core.message import english, say
from classroom.keys import digest, is_digest, member_seat_token, room_key

SCHEMA_VERSION = 7
CODE_DRAWS = 20  # a new code is drawn again while it is taken, this many times at most
DB_FILE = "class.db"
CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0 or O, no 1 or I: a code read off a projector
CODE_LENGTH = 5
T = TypeVar("T")
V = TypeVar("V")


class Refused(Exception):
    """A request the class store refuses; nothing was stored. ``said`` says why, for the page to show (a message,
    ``boardgames.core.message``, in the page's language; or an English sentence); the exception's text is its
    English."""

    def __init__(self, said: Any = "") -> None:
        super().__init__(english(said))
        self.said = said


class Unreachable(Refused):
    """The class store's database cannot be reached; its text says so in a sentence for the page (naming the
    database's host and port, never its user or password)."""


def where(url: str) -> str:
    """The place of the database at ``url`` a page may name: ``host:port`` (or the SQLite file), nothing secret."""
    try:
        parsed = make_url(url)
    except Exception:  # noqa: BLE001 (a URL too broken to read is named by nothing of its own)
        return "the class's database"
    if parsed.get_backend_name() == "sqlite":
        return parsed.database or "the SQLite file"
    return f"{parsed.host or 'localhost'}:{parsed.port or 5432}"


def draw_code() -> str:
    """A new code of ``CODE_LENGTH`` letters and digits that cannot be mistaken for one another."""
    return "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))


def typed_code(text: str) -> str:
    """A code as a person typed it, tidied: spaces dropped, upper case (``" abcde"`` is ``ABCDE``)."""
    return "".join(text.split()).upper()


metadata = sa.MetaData()

schema = sa.Table(
    "schema_version", metadata,
    sa.Column("version", sa.Integer, nullable=False),
)

rooms = sa.Table(
    "rooms", metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("code", sa.String(8), nullable=False, unique=True),
    sa.Column("teacher_key", sa.String(64), nullable=False, unique=True),  # its digest (``classroom.keys``)
    sa.Column("title", sa.String(200), nullable=False, default=""),
    sa.Column("ended", sa.Boolean, nullable=False, default=False),
    sa.Column("created", sa.Float, nullable=False),
    # version 3: one more at every write its pages show (a join, a bid, a round's state or clock, the end)
    sa.Column("version", sa.Integer, nullable=False, server_default=sa.text("1")),
)

students = sa.Table(
    "students", metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("room_id", sa.Integer, sa.ForeignKey("rooms.id"), nullable=False),
    sa.Column("nickname", sa.String(40), nullable=False),
    sa.Column("nickname_key", sa.String(40), nullable=False),  # the nickname folded: "Ada" and "ada" are one
    sa.Column("token", sa.String(64), nullable=False, unique=True),  # its digest
    sa.Column("joined", sa.Float, nullable=False),
    sa.UniqueConstraint("room_id", "nickname_key", name="one_nickname_a_room"),
)

rounds = sa.Table(
    "rounds", metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("room_id", sa.Integer, sa.ForeignKey("rooms.id"), nullable=False),
    sa.Column("number", sa.Integer, nullable=False),
    sa.Column("item", sa.String(20), nullable=False),  # coin-jar, medici-lot
    sa.Column("format", sa.String(20), nullable=False),  # first-price, second-price, clock
    sa.Column("seed", sa.BigInteger, nullable=False),
    sa.Column("low", sa.Integer, nullable=False),  # cents: the range the coin jar's value is drawn in
    sa.Column("high", sa.Integer, nullable=False),
    sa.Column("noise", sa.Integer, nullable=False),  # cents: the half-width of the estimates' noise
    sa.Column("cap", sa.Integer, nullable=False),  # cents: the highest bid allowed
    sa.Column("start", sa.Integer, nullable=False),  # cents: the clock's first price
    sa.Column("step", sa.Integer, nullable=False),  # cents: the clock's rise
    sa.Column("lot", sa.String(200), nullable=False, default=""),  # a Medici lot's cards, as the game writes them
    sa.Column("value", sa.Integer, nullable=False),  # cents: the true value (secret until the reveal)
    sa.Column("theory", sa.Float, nullable=True),  # the lesson's figure for this round (shade or expected worth)
    sa.Column("status", sa.String(10), nullable=False),  # open, closed, revealed
    sa.Column("clock", sa.Integer, nullable=True),  # cents: the clock's price now
    sa.Column("winner_id", sa.Integer, sa.ForeignKey("students.id"), nullable=True),
    sa.Column("price", sa.Integer, nullable=True),  # cents
    sa.Column("opened", sa.Float, nullable=False),
    sa.Column("closed", sa.Float, nullable=True),
    sa.UniqueConstraint("room_id", "number", name="one_number_a_round"),
)

estimates = sa.Table(
    "estimates", metadata,
    sa.Column("round_id", sa.Integer, sa.ForeignKey("rounds.id"), primary_key=True),
    sa.Column("student_id", sa.Integer, sa.ForeignKey("students.id"), primary_key=True),
    sa.Column("estimate", sa.Integer, nullable=True),  # cents; none for a Medici lot, whose cards all see
)

bids = sa.Table(
    "bids", metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("round_id", sa.Integer, sa.ForeignKey("rounds.id"), nullable=False),
    sa.Column("student_id", sa.Integer, sa.ForeignKey("students.id"), nullable=False),
    sa.Column("kind", sa.String(8), nullable=False),  # bid (sealed), drop (the clock)
    sa.Column("amount", sa.Integer, nullable=False),  # cents: the bid, or the clock's price at the drop
    sa.Column("at", sa.Float, nullable=False),
    sa.Index("bids_of_a_round", "round_id", "student_id"),
)

# Version 2: game tables (classmates playing one game from their own pages).
game_tables = sa.Table(
    "game_tables", metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("code", sa.String(8), nullable=False, unique=True),
    sa.Column("owner_key", sa.String(64), nullable=False, unique=True),  # digest: the creator's page's key
    sa.Column("game", sa.String(20), nullable=False),
    sa.Column("seed", sa.BigInteger, nullable=False),
    sa.Column("start", sa.Text, nullable=False),  # the starting position, as the engine saves it (secret)
    sa.Column("ply", sa.Integer, nullable=False),  # the moves stored
    sa.Column("turn", sa.Integer, nullable=True),  # the seat to move; none when the game is over
    sa.Column("over", sa.Boolean, nullable=False),
    sa.Column("version", sa.Integer, nullable=False),  # one more at every change: a page's cheap look
    sa.Column("created", sa.Float, nullable=False),
    sa.Column("updated", sa.Float, nullable=False),
)

table_seats = sa.Table(
    "table_seats", metadata,
    sa.Column("table_id", sa.Integer, sa.ForeignKey("game_tables.id"), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("name", sa.String(40), nullable=False),
    sa.Column("kind", sa.String(20), nullable=False),  # owner (at the creator's page), classmate, or a bot level
    sa.Column("token", sa.String(64), nullable=False, unique=True),  # digest of the seat link's key
    sa.Column("claimed", sa.Boolean, nullable=False),  # a classmate opened the seat's link
)

table_moves = sa.Table(
    "table_moves", metadata,
    sa.Column("table_id", sa.Integer, sa.ForeignKey("game_tables.id"), primary_key=True),
    sa.Column("ply", sa.Integer, primary_key=True),  # one move a ply: the store keeps the first of two
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("move", sa.String(200), nullable=False),  # as the engine writes it (``parse_move`` reads it back)
    sa.Column("at", sa.Float, nullable=False),
)

# Version 4: practice (each answer a learner gives to an exercise, ``classroom.practice``).
practice_answers = sa.Table(
    "practice_answers", metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("learner", sa.String(80), nullable=False),  # "local:<id>" (this machine) or a class's identity
    sa.Column("game", sa.String(20), nullable=False),
    sa.Column("kind", sa.String(80), nullable=False),  # the exercise kind, "medici.bid-must-exceed"
    sa.Column("seed", sa.BigInteger, nullable=False),
    sa.Column("rules", sa.String(400), nullable=False),  # the rule ids the kind practises, space-separated
    sa.Column("refusal", sa.String(80), nullable=True),  # the rule id the engine's refusal named, if any
    sa.Column("right", sa.Boolean, nullable=False),
    sa.Column("first_try", sa.Boolean, nullable=False),  # the learner's first answer to this exercise
    sa.Column("at", sa.Float, nullable=False),
    sa.Index("practice_of_a_learner", "learner", "kind"),
)

# Version 5: a class, one teacher's page across its auction rooms, tables and practice (``classroom.classes``).
classes = sa.Table(
    "classes", metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("code", sa.String(8), nullable=False, unique=True),  # what a student types to join
    sa.Column("teacher_key", sa.String(64), nullable=False, unique=True),  # digest of the class page's key
    sa.Column("name", sa.String(200), nullable=False, default=""),
    sa.Column("created", sa.Float, nullable=False),
    # one more at every write of the class's own (a member joins, a prediction asked): its pages' cheap look
    sa.Column("version", sa.Integer, nullable=False, server_default=sa.text("1")),
)

members = sa.Table(
    "members", metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("class_id", sa.Integer, sa.ForeignKey("classes.id"), nullable=False),
    sa.Column("nickname", sa.String(40), nullable=False),
    sa.Column("nickname_key", sa.String(40), nullable=False),  # the nickname folded: "Ada" and "ada" are one
    sa.Column("token", sa.String(64), nullable=False, unique=True),  # digest of the personal link's
    sa.Column("joined", sa.Float, nullable=False),
    sa.Column("seen", sa.Float, nullable=True),  # the last time a page of theirs looked in (who is here now)
    sa.UniqueConstraint("class_id", "nickname_key", name="one_nickname_a_class"),
)

predictions = sa.Table(
    "predictions", metadata,
    sa.Column("round_id", sa.Integer, sa.ForeignKey("rounds.id"), primary_key=True),
    sa.Column("student_id", sa.Integer, sa.ForeignKey("students.id"), primary_key=True),
    sa.Column("answer", sa.String(40), nullable=False),  # one of the question's answers, as the page offers them
    sa.Column("at", sa.Float, nullable=False),
)

# The columns version 5 adds to the tables before it (each empty, or false, in the rows already there). A class's
# or a member's id is a plain number here, as a column added to a table already there can be on every database.
rooms.append_column(sa.Column("class_id", sa.Integer, nullable=True))  # classes.id: a room of a class
students.append_column(sa.Column("member_id", sa.Integer, nullable=True))  # members.id: a class's student
rounds.append_column(sa.Column("question", sa.String(40), nullable=True))  # the prediction asked before it
game_tables.append_column(sa.Column("class_id", sa.Integer, nullable=True))  # classes.id: a table of a class
game_tables.append_column(sa.Column("ended", sa.Boolean, nullable=False, server_default=sa.false()))  # by a teacher
table_seats.append_column(sa.Column("member_id", sa.Integer, nullable=True))  # members.id: a class's student

# Version 6 keeps digests, not secrets (``classroom.keys``). A class's room has its key made from the class's key
# (``keys.room_key``, so the class page opens it again); a class's room made before then keeps the digest of the key it
# had, which still opens its teacher page.
rooms.append_column(sa.Column("former_key", sa.String(64), nullable=True))
sa.Index("rooms_former_key", rooms.c.former_key, unique=True)

# Version 7: a class's language, its teacher's choice, which its students' pages follow ("": none chosen, each page
# shows its reader's browser's language).
classes.append_column(sa.Column("language", sa.String(16), nullable=False, server_default=""))


# What each version added to the one before: tables, or columns (each with a server default, for the rows there).
ADDED: dict[int, tuple[sa.Table | sa.Column, ...]] = {
    2: (game_tables, table_seats, table_moves),
    3: (rooms.c.version,),
    4: (practice_answers,),
    5: (classes, members, predictions, rooms.c.class_id, students.c.member_id, rounds.c.question,
        game_tables.c.class_id, game_tables.c.ended, table_seats.c.member_id),
    6: (rooms.c.former_key,),
    7: (classes.c.language,),
}


def _migration(added: tuple[sa.Table | sa.Column, ...],
               then: Callable[[Connection], None] | None = None) -> Callable[[Connection], None]:
    def migrate(conn: Connection) -> None:
        metadata.create_all(conn, tables=[table for table in added if isinstance(table, sa.Table)])
        for column in added:
            # a table made by an earlier step of this migration was made whole: its later columns are there
            if isinstance(column, sa.Column) and column.name not in _columns(conn, column.table.name):
                conn.exec_driver_sql(f"ALTER TABLE {column.table.name} ADD COLUMN "
                                     f"{CreateColumn(column).compile(dialect=conn.dialect)}")
                for index in column.table.indexes:
                    if column.name in index.columns:
                        index.create(conn, checkfirst=True)
        if then is not None:
            then(conn)
    return migrate


def _columns(conn: Connection, table: str) -> set[str]:
    return {column["name"] for column in sa.inspect(conn).get_columns(table)}


def _secrets_hashed(conn: Connection) -> None:
    """Version 6: every secret replaced by its digest, every row kept; a class's room re-keyed from its class's key
    (the digest of its old key kept beside, ``former_key``) and a member's seat in a room from the member's token
    (a token only their page held, never shown). A value already a digest is left as it is."""
    class_keys = dict(conn.execute(sa.select(classes.c.id, classes.c.teacher_key)).all())
    member_tokens = dict(conn.execute(sa.select(members.c.id, members.c.token)).all())
    room_rows = conn.execute(sa.select(rooms.c.id, rooms.c.code, rooms.c.class_id, rooms.c.teacher_key)).all()
    codes = {room.id: room.code for room in room_rows}
    new_keys = []
    for room in room_rows:
        class_key = class_keys.get(room.class_id)
        if is_digest(room.teacher_key):
            continue
        if class_key is None or is_digest(class_key):
            new_keys.append({"id": room.id, "teacher_key": digest(room.teacher_key), "former_key": None})
        else:
            new_keys.append({"id": room.id, "teacher_key": digest(room_key(class_key, room.code)),
                             "former_key": digest(room.teacher_key)})
    _update(conn, rooms, new_keys)
    new_tokens = []
    for student in conn.execute(sa.select(students.c.id, students.c.room_id, students.c.member_id, students.c.token)):
        member_token = member_tokens.get(student.member_id)
        if is_digest(student.token):
            continue
        of_member = member_token is not None and not is_digest(member_token)
        token = member_seat_token(member_token, codes[student.room_id]) if of_member else student.token
        new_tokens.append({"id": student.id, "token": digest(token)})
    _update(conn, students, new_tokens)
    _update(conn, classes, [{"id": row, "teacher_key": digest(key)} for row, key in class_keys.items()
                            if not is_digest(key)])
    _update(conn, members, [{"id": row, "token": digest(token)} for row, token in member_tokens.items()
                            if not is_digest(token)])
    _update(conn, game_tables, [{"id": row, "owner_key": digest(key)} for row, key in conn.execute(
        sa.select(game_tables.c.id, game_tables.c.owner_key)) if not is_digest(key)])
    _update(conn, table_seats, [{"table_id": row, "seat": seat, "token": digest(token)} for row, seat, token in
                                conn.execute(sa.select(table_seats.c.table_id, table_seats.c.seat, table_seats.c.token))
                                if not is_digest(token)])


def _update(conn: Connection, table: sa.Table, changes: list[dict[str, Any]]) -> None:
    """Each of ``changes`` stored in its row of ``table``: the row its primary key's columns name, given the values
    of its other columns."""
    if not changes:
        return
    keys = [column.name for column in table.primary_key.columns]
    statement = table.update().where(*(table.c[name] == sa.bindparam(f"at_{name}") for name in keys)).values(
        **{name: sa.bindparam(f"new_{name}") for name in changes[0] if name not in keys})
    conn.execute(statement, [{("at_" if name in keys else "new_") + name: value for name, value in change.items()}
                             for change in changes])


# What a version does after its tables and columns are added.
THEN: dict[int, Callable[[Connection], None]] = {6: _secrets_hashed}

# Migration n brings a database from version n - 1 to n; a new database gets every table at once.
MIGRATIONS: dict[int, Callable[[Connection], None]] = {version: _migration(added, THEN.get(version))
                                                       for version, added in ADDED.items()}


def data_directory() -> Path:
    """Where the SQLite file lives: ``BOARDGAMES_DATA``, else ``~/.local/share/boardgames``."""
    return Path(os.environ.get("BOARDGAMES_DATA") or Path.home() / ".local" / "share" / "boardgames")


def database_url() -> str:
    """``BOARDGAMES_DB`` if set, else the SQLite file of the data directory."""
    url = os.environ.get("BOARDGAMES_DB")
    if url:
        return url
    folder = data_directory()
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / DB_FILE}"


def _engine(url: str) -> Engine:
    if url.startswith("postgresql://"):
        url = "postgresql+psycopg://" + url[len("postgresql://"):]
    if not url.startswith("sqlite"):
        return sa.create_engine(url, pool_pre_ping=True)
    engine = sa.create_engine(url, connect_args={"timeout": 30})

    @sa.event.listens_for(engine, "connect")
    def _sqlite_settings(dbapi_connection, _record) -> None:
        dbapi_connection.isolation_level = None  # transactions begin where ``begin`` below says
        cursor = dbapi_connection.cursor()
        _write_ahead_log(cursor)
        cursor.execute("PRAGMA synchronous=NORMAL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.close()

    @sa.event.listens_for(engine, "begin")
    def _begin(conn) -> None:
        # a writer takes the write lock when its transaction begins: two bids at once queue, never interleave;
        # a reader takes none (WAL: it reads the last committed state while a writer writes)
        conn.exec_driver_sql("BEGIN" if conn.get_execution_options().get("reading") else "BEGIN IMMEDIATE")

    return engine


WAL_TRIES = 300  # 30 s, as long as a connection waits for a lock


def _write_ahead_log(cursor: sqlite3.Cursor) -> None:
    """Put the SQLite file in write-ahead-log mode. Two connections switching a file at the same moment (a new
    store, or one an older program left, opened by two pages at once) take locks that would wait on each other,
    and SQLite refuses one of them at once ("database is locked") instead of letting it wait: it tries again."""
    for attempt in range(WAL_TRIES):
        try:
            cursor.execute("PRAGMA journal_mode=WAL")
            return
        except sqlite3.OperationalError as error:
            if error.sqlite_errorcode != sqlite3.SQLITE_BUSY or attempt == WAL_TRIES - 1:
                raise
            time.sleep(0.1)


class Store:
    """An open class store: ``transaction()`` gives a connection inside one transaction (committed at the end,
    rolled back on an error), ``read()`` one for reading."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    @property
    def dialect(self) -> str:
        return self.engine.dialect.name

    @contextmanager
    def transaction(self) -> Iterator[Connection]:
        with self.engine.begin() as conn:
            yield conn

    @contextmanager
    def read(self) -> Iterator[Connection]:
        with self.engine.connect() as conn:
            conn.execution_options(reading=True)
            yield conn
            conn.rollback()

    def version(self) -> int:
        """The schema's version."""
        with self.read() as conn:
            return conn.execute(sa.select(schema.c.version)).scalar_one()

    def with_new_code(self, insert: Callable[[Connection, str], T]) -> T:
        """``insert(conn, code)`` in one transaction, with a new code (``draw_code``); drawn again while the code
        is taken (a unique column refuses it)."""
        for _ in range(CODE_DRAWS):
            try:
                with self.transaction() as conn:
                    return insert(conn, draw_code())
            except sa.exc.IntegrityError:
                continue  # that code is taken: draw another
        raise RuntimeError(f"no free code after {CODE_DRAWS} draws")

    def close(self) -> None:
        self.engine.dispose()


def locked(conn: Connection, query: Select) -> Select:
    """``query``, the rows it reads locked until the transaction ends (on SQLite the writer already holds the
    whole database)."""
    return query if conn.dialect.name == "sqlite" else query.with_for_update()


def find(conn: Connection, table: sa.Table, lock: bool = False, refusal: Any = None,
         **columns: Any) -> Row | None:
    """The row of ``table`` with these column values (``code`` as a person typed it, see ``typed_code``), locked
    for the transaction if ``lock``. None if there is none, or, given a ``refusal``, Refused with that text."""
    if "code" in columns:
        columns["code"] = typed_code(columns["code"] or "")
    query = sa.select(table).where(*(table.c[name] == value for name, value in columns.items()))
    row = conn.execute(locked(conn, query) if lock else query).first()
    if row is None and refusal is not None:
        raise Refused(refusal)
    return row


def bump(conn: Connection, table: sa.Table, row_id: int, **values: Any) -> None:
    """One more on the version of row ``row_id`` of ``table`` (a room, a game table), ``values`` stored with it:
    every write a page shows bumps it, and a page's look at that number tells it whether to read again."""
    conn.execute(table.update().where(table.c.id == row_id).values(version=table.c.version + 1, **values))


class FinishedCache(Generic[V]):
    """What this process keeps of things that never change again once finished (a finished game's record, a
    revealed round as one page sees it), so that a page's redraw reads them once: each under the database it was
    read from and its own ``key``, at most ``size`` of them, the oldest kept forgotten first (safe from the
    threads of one process)."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._kept: dict[tuple[str, Hashable], V] = {}
        self._lock = threading.Lock()

    def get(self, store: Store, key: Hashable) -> V | None:
        """What is kept under ``key`` from ``store``'s database (None: nothing, or forgotten)."""
        with self._lock:
            return self._kept.get((_database(store), key))

    def keep(self, store: Store, key: Hashable, value: V) -> V:
        """Keep ``value`` under ``key`` from ``store``'s database (forgetting the oldest kept if full); ``value``."""
        kept_as = (_database(store), key)
        with self._lock:
            if kept_as not in self._kept:
                while self._kept and len(self._kept) >= self.size:
                    del self._kept[next(iter(self._kept))]
            if self.size > 0:
                self._kept[kept_as] = value
        return value

    def __len__(self) -> int:
        return len(self._kept)


def _database(store: Store) -> str:
    """The database a store reads, as its URL names it (its password hidden)."""
    return store.engine.url.render_as_string(hide_password=True)


def open_store(url: str | None = None) -> Store:
    """The class store at ``url`` (default: ``database_url()``), its tables made or brought up to date."""
    url = url or database_url()
    store = Store(_engine(url))
    try:
        _bring_up_to_date(store)
    except sa.exc.DBAPIError as error:
        raise Unreachable(say("The class store cannot be reached ({place} does not answer): ask your teacher to "
                              "check it, then reload this page.", place=where(url))) from error
    return store


def _bring_up_to_date(store: Store) -> None:
    """Make the store's tables (a new store) or migrate them to ``SCHEMA_VERSION``."""
    with store.transaction() as conn:
        if not sa.inspect(conn).has_table("schema_version"):
            metadata.create_all(conn)
            conn.execute(schema.insert().values(version=SCHEMA_VERSION))
            return
        # the version's row locked: a second process opening the store waits, then finds the migration done
        version = conn.execute(locked(conn, sa.select(schema.c.version))).scalar_one()
        if version > SCHEMA_VERSION:
            raise RuntimeError(f"the class store is at schema version {version}, newer than this program's "
                               f"{SCHEMA_VERSION}: update the program")
        for step in range(version + 1, SCHEMA_VERSION + 1):
            MIGRATIONS[step](conn)
            conn.execute(schema.update().values(version=step))
