"""The class store itself, on SQLite and on a real PostgreSQL server: the helper every activity shares (a new code
drawn until it is free, a row found by a code as typed, a version bumped by a write), and the schema brought up to
date from a store an older program made, with nothing lost."""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path

import pytest
import sqlalchemy as sa

from boardgames import Match
from classroom.auction import ClassAuction
from classroom.keys import digest
from classroom.store import (
    ADDED,
    SCHEMA_VERSION,
    Refused,
    Unreachable,
    bump,
    find,
    game_tables,
    metadata,
    open_store,
    rooms,
    schema,
    table_moves,
)
from classroom.tables import OWNER, GameTables, catch_up

VERSION_2_STORE = Path(__file__).parent / "data" / "class-store-v2.sql"  # made by the version-2 program


def test_a_new_code_is_drawn_again_while_the_one_drawn_is_taken(store, monkeypatch):
    codes = iter(["AAAAA", "AAAAA", "BBBBB"])
    monkeypatch.setattr("classroom.store.draw_code", lambda: next(codes))

    def insert(conn, code):
        conn.execute(rooms.insert().values(code=code, teacher_key=f"key-{code}-{id(conn)}", title="", ended=False,
                                           created=0.0))
        return code

    assert store.with_new_code(insert) == "AAAAA"
    assert store.with_new_code(insert) == "BBBBB"  # AAAAA was taken: the second draw is used


def test_a_row_is_found_by_its_code_as_a_person_typed_it(store):
    with store.transaction() as conn:
        conn.execute(rooms.insert().values(code="ABCDE", teacher_key="k", title="", ended=False, created=0.0))
    with store.read() as conn:
        assert find(conn, rooms, code=" ab cde").code == "ABCDE"
        assert find(conn, rooms, code="ABCDF") is None


def test_a_bump_adds_one_to_the_version_and_stores_what_it_is_given(store):
    with store.transaction() as conn:
        conn.execute(rooms.insert().values(code="ABCDE", teacher_key="k", title="", ended=False, created=0.0))
        room = find(conn, rooms, code="ABCDE")
        assert room.version == 1
        bump(conn, rooms, room.id, ended=True)
        assert (find(conn, rooms, id=room.id).version, find(conn, rooms, id=room.id).ended) == (2, True)


def later_than(version: int) -> set:
    """The tables and columns the versions after ``version`` added."""
    return {added for step, what in ADDED.items() if step > version for added in what}


def made_at(url: str, version: int) -> sa.Engine:
    """An empty store with the schema the program of ``version`` made: what later versions added left out."""
    later = later_than(version)
    engine = sa.create_engine(url.replace("postgresql://", "postgresql+psycopg://"))
    with engine.begin() as conn:
        metadata.create_all(conn, tables=[t for t in metadata.sorted_tables if t not in later])
        for column in later:
            if isinstance(column, sa.Column) and column.table not in later:
                for index in column.table.indexes:  # an indexed column is dropped after its index
                    if column.name in index.columns:
                        index.drop(conn)
                conn.exec_driver_sql(f"ALTER TABLE {column.table.name} DROP COLUMN {column.name}")
        conn.execute(schema.delete())
        conn.execute(schema.insert().values(version=version))
    return engine


def kept_columns(table: sa.Table, version: int) -> list[sa.Column]:
    later = later_than(version)
    return [column for column in table.columns if column not in later]


def rows_of(conn, table: sa.Table, version: int) -> list[tuple]:
    columns = kept_columns(table, version)
    return [tuple(row) for row in conn.execute(sa.select(*columns).order_by(*table.primary_key.columns))]


SECRETS = {"rooms": "teacher_key", "students": "token", "game_tables": "owner_key", "table_seats": "token",
           "classes": "teacher_key", "members": "token"}  # each table's secret column, a digest from version 6


def as_stored(old: dict[str, list[tuple]], version: int) -> dict[str, list[tuple]]:
    """The rows ``old`` (of a store of ``version``, with no class) as version 6 stores them: each secret by its
    digest, every other column as it was."""
    stored = {}
    for name, found in old.items():
        if name not in SECRETS:
            stored[name] = found
            continue
        at = [column.name for column in kept_columns(metadata.tables[name], version)].index(SECRETS[name])
        stored[name] = [row[:at] + (digest(row[at]),) + row[at + 1:] for row in found]
    return stored


def test_a_version_1_store_is_brought_up_to_date_with_its_rooms_kept(tmp_path):
    url = f"sqlite:///{tmp_path / 'old.db'}"
    engine = made_at(url, 1)  # a store made by the program before game tables
    with engine.begin() as conn:
        conn.exec_driver_sql("INSERT INTO rooms (code, teacher_key, title, ended, created) "
                             "VALUES ('ABCDE', 'k', 'old room', 0, 1.0)")
    engine.dispose()
    store = open_store(url)
    assert store.version() == SCHEMA_VERSION
    with store.read() as conn:
        assert conn.execute(sa.text("SELECT title FROM rooms")).scalar_one() == "old room"
        assert conn.execute(sa.select(sa.func.count()).select_from(game_tables)).scalar_one() == 0
        assert conn.execute(sa.select(sa.func.count()).select_from(table_moves)).scalar_one() == 0
    store.close()


def version_2_store(url: str) -> None:
    """At ``url``, the store the version-2 program made (``data/class-store-v2.sql``)."""
    old_store(url, VERSION_2_STORE, 2)


def old_store(url: str, dump: Path, version: int) -> None:
    """At ``url``, the store the program of ``version`` made, as its SQLite ``dump`` holds it: on SQLite the dump
    itself, on PostgreSQL that version's schema holding the same rows."""
    if url.startswith("sqlite"):
        with sqlite3.connect(url.removeprefix("sqlite:///")) as conn:
            conn.executescript(dump.read_text())
        return
    source = sa.create_engine("sqlite://")
    with source.begin() as conn:
        conn.connection.executescript(dump.read_text())
    target = made_at(url, version)
    with source.connect() as read, target.begin() as write:
        for table in metadata.sorted_tables:
            if table is schema or table in later_than(version):
                continue
            names = [column.name for column in kept_columns(table, version)]
            rows = [dict(zip(names, row)) for row in rows_of(read, table, version)]
            if rows:
                write.execute(table.insert(), rows)
            if "id" in table.c:  # the ids came with the rows: the next new row's id follows them
                write.exec_driver_sql(f"SELECT setval(pg_get_serial_sequence('{table.name}', 'id'), "
                                      f"(SELECT MAX(id) FROM {table.name}))")
    source.dispose()
    target.dispose()


def test_a_version_2_store_is_brought_up_to_date_with_nothing_lost_and_its_class_goes_on(store_url):
    version_2_store(store_url)
    before = sa.create_engine(store_url.replace("postgresql://", "postgresql+psycopg://"))
    with before.connect() as conn:
        old = {table.name: rows_of(conn, table, 2) for table in metadata.sorted_tables
               if table is not schema and table not in later_than(2)}
    before.dispose()
    assert len(old["bids"]) == 4 and len(old["table_moves"]) == 4

    store = open_store(store_url)
    assert store.version() == SCHEMA_VERSION
    with store.read() as conn:
        assert {name: rows_of(conn, metadata.tables[name], 2) for name in old} == as_stored(old, 2)  # every row
        assert conn.execute(sa.select(rooms.c.version)).scalars().all() == [1]
    auction, tables = ClassAuction(store), GameTables(store)
    [(code, key)] = [(row[1], row[2]) for row in old["rooms"]]
    teacher = auction.teacher_view(key)
    assert teacher.code == code and teacher.nicknames == ("Ada", "Ben", "Cleo")
    assert [(r.number, r.status, r.winner) for r in teacher.rounds] == [(1, "revealed", "Ada"), (2, "open", None)]
    version = auction.version(key=key)
    auction.raise_clock(key)  # the open clock round goes on
    assert auction.version(key=key) == version + 1

    [table] = old["game_tables"]
    view = tables.view(table[0])
    match = catch_up(Match(tables.start_of(table[0])), view.moves)
    assert match.ply == 4 and view.version == table[9]
    seat = next(s for s in view.seats if s.seat == match.state.current_player)  # the game goes on
    key = table[2] if seat.is_bot or seat.kind == OWNER else next(row[4] for row in old["table_seats"]
                                                                   if row[1] == seat.seat)
    tables.record(tables.open(table[1], key), match.ply, match.state, match.state.legal_moves()[0], bot=seat.is_bot)
    assert tables.version(table[0]) == view.version + 1 and len(tables.view(table[0]).moves) == 5
    store.close()


def test_a_store_newer_than_the_program_is_refused(tmp_path):
    url = f"sqlite:///{tmp_path / 'new.db'}"
    open_store(url).close()
    engine = sa.create_engine(url)
    with engine.begin() as conn:
        conn.execute(schema.update().values(version=SCHEMA_VERSION + 1))
    engine.dispose()
    with pytest.raises(RuntimeError, match="newer than this program"):
        open_store(url)


def test_an_unreachable_store_is_said_in_a_sentence_naming_no_secret():
    """A database that does not answer: ``Unreachable`` (a ``Refused``) with a sentence naming its host and port,
    never the user or password of its URL."""
    with pytest.raises(Unreachable) as refused:
        open_store("postgresql://mrsmith:s3cret@127.0.0.1:1/class")
    assert "127.0.0.1:1" in str(refused.value) and "cannot be reached" in str(refused.value)
    assert "s3cret" not in str(refused.value) and "mrsmith" not in str(refused.value)
    assert isinstance(refused.value, Refused)


def test_two_pages_opening_a_new_sqlite_store_at_the_same_moment_both_open_it(tmp_path):
    """Two connections turning one SQLite file to write-ahead logging at once: SQLite refuses one of them at once,
    rather than let it wait ("database is locked"), about once in fifteen tries here. The store tries again: forty
    pairs of pages, each pair opening a store no one made yet at the same moment, all open it."""
    failed = []

    def open_it(url: str, together: threading.Barrier) -> None:
        together.wait()
        try:
            open_store(url).close()
        except Unreachable as refused:
            failed.append(str(refused))

    for trial in range(40):
        url, together = f"sqlite:///{tmp_path / f'class-{trial}.db'}", threading.Barrier(2)
        pages = [threading.Thread(target=open_it, args=(url, together)) for _ in range(2)]
        for page in pages:
            page.start()
        for page in pages:
            page.join()
    assert failed == []
