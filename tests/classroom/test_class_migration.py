"""A class store made by the program before classes (schema version 4, ``data/class-store-v4.sql``) brought up to
date on SQLite and on a real PostgreSQL server: every row of every table kept, the columns classes added empty, the
old room and table going on as before without a class, and a class made beside them working."""

from __future__ import annotations

from pathlib import Path

import sqlalchemy as sa
from test_class_store import as_stored, later_than, old_store, rows_of

from boardgames import Match
from classroom.auction import ClassAuction
from classroom.classes import Classes
from classroom.practice import Answer, PracticeRecord
from classroom.store import (
    SCHEMA_VERSION,
    game_tables,
    metadata,
    open_store,
    rooms,
    rounds,
    schema,
    students,
    table_seats,
)
from classroom.tables import CLASSMATE, OWNER, GameTables, catch_up

VERSION_4_STORE = Path(__file__).parent / "data" / "class-store-v4.sql"  # made by the program of commit 9bdf374


def version_4_store(url: str) -> None:
    """At ``url``, the store the version-4 program made (``data/class-store-v4.sql``)."""
    old_store(url, VERSION_4_STORE, 4)


def old_rows(url: str) -> dict[str, list[tuple]]:
    before = sa.create_engine(url.replace("postgresql://", "postgresql+psycopg://"))
    with before.connect() as conn:
        found = {table.name: rows_of(conn, table, 4) for table in metadata.sorted_tables
                 if table is not schema and table not in later_than(4)}
    before.dispose()
    return found


def test_a_version_4_store_is_brought_up_to_date_with_every_row_kept(store_url):
    version_4_store(store_url)
    old = old_rows(store_url)
    counts = {name: len(found) for name, found in old.items()}
    assert counts == {"rooms": 1, "students": 3, "rounds": 2, "estimates": 4, "bids": 4, "game_tables": 1,
                      "table_seats": 3, "table_moves": 4, "practice_answers": 3}

    store = open_store(store_url)
    assert store.version() == SCHEMA_VERSION
    with store.read() as conn:
        assert {name: rows_of(conn, metadata.tables[name], 4) for name in old} == as_stored(old, 4)  # every row
        empty = [conn.execute(sa.select(column)).scalars().all() for column in (
            rooms.c.class_id, students.c.member_id, rounds.c.question, game_tables.c.class_id,
            table_seats.c.member_id)]
        assert empty == [[None], [None] * 3, [None] * 2, [None], [None] * 3]
        assert conn.execute(sa.select(game_tables.c.ended)).scalars().all() == [False]
    store.close()


def test_the_old_room_and_table_go_on_without_a_class(store_url):
    version_4_store(store_url)
    old = old_rows(store_url)
    store = open_store(store_url)
    auction, tables = ClassAuction(store), GameTables(store)
    [(code, key)] = [(row[1], row[2]) for row in old["rooms"]]
    teacher = auction.teacher_view(key)
    assert teacher.nicknames == ("Ada", "Ben", "Cleo")
    assert [(r.number, r.status, r.question) for r in teacher.rounds] == [(1, "revealed", None), (2, "open", None)]
    dan = auction.join(code, "Dan")  # a room of no class: anyone joins with a nickname, as before
    auction.bid(dan.token, 9)
    auction.close_round(key)
    auction.reveal(key)
    assert auction.teacher_view(key).rounds[-1].winner in ("Ada", "Dan")

    [table] = old["game_tables"]
    assert [line.code for line in tables.overview()] == [table[1]]  # the open overview: tables of no class
    view = tables.view(table[0])
    match = catch_up(Match(tables.start_of(table[0])), view.moves)
    assert match.ply == 4
    seat = view.seats[match.state.current_player]
    token = next(row[4] for row in old["table_seats"] if row[1] == 1)
    sitting = tables.open(table[1], table[2] if seat.kind != CLASSMATE else token)
    tables.record(sitting, match.ply, match.state, match.state.legal_moves()[0], bot=seat.kind not in (OWNER,
                                                                                                     CLASSMATE))
    assert len(tables.view(table[0]).moves) == 5
    store.close()


def test_a_class_made_beside_the_old_store_works_and_shows_none_of_it(store_url, monkeypatch):
    version_4_store(store_url)
    old = old_rows(store_url)
    [room_code] = [row[1] for row in old["rooms"]]
    store = open_store(store_url)
    school, auction, tables = Classes(store), ClassAuction(store), GameTables(store)
    codes = iter([room_code, "ZZZZZ"])  # the old room's code is drawn first: a class never takes it
    monkeypatch.setattr("classroom.store.draw_code", lambda: next(codes))
    made = school.create_class("Economics 102")
    assert made.code == "ZZZZZ"
    monkeypatch.undo()

    ada = school.join(made.code, "Ada")
    room = auction.create_room("Jar", class_key=made.key)
    seat = auction.join_member(room.code, ada.token)
    auction.start_round(room.teacher_key, seed=4)
    auction.bid(seat.token, 6)
    table = tables.create(Match(tables.start_of(old["game_tables"][0][0])).state, [OWNER, CLASSMATE, "random"],
                          class_key=made.key, members={1: "Ada"})
    PracticeRecord(store).keep(Answer(ada.learner, "medici", "medici.bid-must-exceed", 3, ("medici.bid-must-exceed",),
                                      True, True))

    view = school.class_view(made.key)
    assert [m.nickname for m in view.members] == ["Ada"]
    assert [r.code for r in view.rooms] == [room.code]  # the old room is no class's
    assert [t.code for t in view.tables] == [table.code]
    assert view.practice.cells == {("Ada", "medici.bid-must-exceed"): "right at first try"}  # not the old "ada"'s
    assert [t.code for t in tables.overview()] == [old["game_tables"][0][1]]  # the open overview: still the old one
    assert len(school.stamp(made.key)) > 1
    store.close()
