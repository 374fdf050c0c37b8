"""Secrets that a leak does not give away, on SQLite and on a real PostgreSQL server: the class store keeps every
teacher key, member token, table key and seat token only as its digest (a copied database runs no class); a store
made by the version-5 program, which kept them in plain text, is migrated with every row kept and every link handed
out before still working; a page that showed a secret again makes it from the one it holds."""

from __future__ import annotations

import threading
import time

import pytest
import sqlalchemy as sa
from test_class_migration import version_4_store
from test_class_store import rows_of

from boardgames import Match, medici
from classroom import keys
from classroom.auction import ClassAuction
from classroom.classes import Classes
from classroom.keys import digest, matches, new_secret
from classroom.store import (
    MIGRATIONS,
    SCHEMA_VERSION,
    Refused,
    classes,
    game_tables,
    members,
    metadata,
    open_store,
    rooms,
    rounds,
    schema,
    students,
    table_seats,
)
from classroom.tables import CLASSMATE, OWNER, GameTables, catch_up
from widgets.classpages.tables.panel import TableLink

NAMES = ["Ada", "Ben", "Cleo"]


def every_cell(url: str) -> list[str]:
    """Every value of every column of every table of the database at ``url``, as text."""
    engine = sa.create_engine(url.replace("postgresql://", "postgresql+psycopg://"))
    found = sa.MetaData()
    with engine.connect() as conn:
        found.reflect(conn)
        cells = [str(cell) for table in found.sorted_tables for row in conn.execute(sa.select(table))
                 for cell in row if cell is not None]
    engine.dispose()
    return cells


def in_plain_text(url: str, secrets: list[str]) -> list[str]:
    """The ``secrets`` that some cell of the database at ``url`` holds."""
    cells = every_cell(url)
    return [secret for secret in secrets if any(secret in cell for cell in cells)]


def test_no_key_or_token_is_stored_in_plain_text_anywhere_in_the_database(store, store_url):
    school, auction, tables = Classes(store), ClassAuction(store), GameTables(store)
    made = school.create_class("5B")
    ada, ben = school.join(made.code, "Ada"), school.join(made.code, "Ben")
    class_room = auction.create_room("Jar", class_key=made.key)
    ada_seat, ben_seat = (auction.join_member(class_room.code, m.token) for m in (ada, ben))
    open_room = auction.create_room("no class")
    dan = auction.join(open_room.code, "Dan")
    class_table = tables.create(medici.new_game(NAMES, seed=5), [CLASSMATE, CLASSMATE, "random"], class_key=made.key,
                                members={0: "Ada", 1: "Ben"})
    open_table = tables.create(medici.new_game(NAMES, seed=6), [OWNER, CLASSMATE, CLASSMATE])
    taken = tables.join(open_table.code)  # a seat taken by the table's code gets a token of its own
    secrets = [made.key, ada.token, ben.token, class_room.teacher_key, ada_seat.token, ben_seat.token,
               open_room.teacher_key, dan.token, class_table.owner_key, *class_table.tokens.values(),
               open_table.owner_key, *open_table.tokens.values(), taken.key]
    assert len(set(secrets)) == len(secrets) == 15
    assert in_plain_text(store_url, secrets) == []
    cells = set(every_cell(store_url))
    assert {digest(made.key), digest(ada.token), digest(class_room.teacher_key), digest(taken.key)} <= cells
    assert school.class_view(made.key).name == "5B" and school.member(ada.token).nickname == "Ada"  # all still work
    assert tables.open(open_table.code, taken.key).seats == taken.seats


def test_a_secret_is_checked_against_its_digest_in_constant_time(store, monkeypatch):
    compared = []

    def compare_digest(a, b):
        compared.append((a, b))
        return a == b

    monkeypatch.setattr(keys.hmac, "compare_digest", compare_digest)
    assert matches("a-secret", digest("a-secret")) and not matches("another", digest("a-secret"))
    assert not matches("a-secret", None)
    assert compared == [(digest("a-secret"), digest("a-secret")), (digest("another"), digest("a-secret"))]
    compared.clear()
    tables = GameTables(store)
    made = tables.create(medici.new_game(NAMES, seed=5), [OWNER, CLASSMATE, "random"])
    owner = tables.open(made.code, made.owner_key)  # the owner key: compared with the table's stored digest
    assert owner.owner and (digest(made.owner_key), digest(made.owner_key)) in compared


def test_the_creators_page_makes_each_classmates_link_again_from_its_owner_key(store):
    tables = GameTables(store)
    made = tables.create(medici.new_game(NAMES, seed=5), [OWNER, CLASSMATE, CLASSMATE])
    again = tables.open(made.code, made.owner_key)  # the creator's page opened again, from its address
    assert tables.seat_links(again) == made.tokens == {1: made.tokens[1], 2: made.tokens[2]}
    assert TableLink(tables, again).tokens == made.tokens  # its panel shows both links again
    assert tables.seat_links(tables.open(made.code, made.tokens[1])) == {}  # a seat's page shows none
    taken = tables.join(made.code)  # seat 2 taken by the code: its token is its taker's, no link made again
    assert taken.seats == (2,) and tables.seat_links(again) == {1: made.tokens[1]}
    with pytest.raises(Refused, match="not one of table"):
        tables.open(made.code, made.tokens[2])


def test_a_class_room_key_is_made_again_from_the_class_key(store):
    school, auction = Classes(store), ClassAuction(store)
    made = school.create_class("5B")
    room = auction.create_room("Jar", class_key=made.key)
    [line] = school.rooms(made.key)
    assert line.teacher_key == room.teacher_key != made.key
    assert auction.teacher_view(line.teacher_key).code == room.code
    ada = school.join(made.code, "Ada")
    first = auction.join_member(room.code, ada.token)
    assert auction.join_member(room.code, ada.token).token == first.token  # her seat's token, made again


# ---------------------------------------------------------------------------------------------- a version-5 store


def version_5_store(url: str) -> dict[str, str]:
    """At ``url``, a store as the version-5 program left it, its secrets in plain text: the version-4 store (an
    open room of no class with a sealed round open, and a table of no class), brought to version 5 as that program
    did, then a class with Ada and Ben, a room of the class where Ada sits and a round is open, and a table of the
    class (Ada's seat, Ben's seat, a bot's). Gives the secrets handed out, by name."""
    version_4_store(url)
    engine = sa.create_engine(url.replace("postgresql://", "postgresql+psycopg://"))
    given = {name: new_secret(18 if name in ("class", "ada", "ben", "room", "owner") else 12)
             for name in ("class", "ada", "ben", "room", "ada in room", "owner", "ada's seat", "ben's seat", "bot")}
    now = time.time()
    with engine.begin() as conn:
        MIGRATIONS[5](conn)
        conn.execute(schema.update().values(version=5))
        class_id = conn.execute(classes.insert().values(code="CLASS", teacher_key=given["class"], name="5B",
                                                        created=now)).inserted_primary_key[0]
        member_ids = [conn.execute(members.insert().values(
            class_id=class_id, nickname=name, nickname_key=name.lower(), token=given[name.lower()], joined=now,
        )).inserted_primary_key[0] for name in ("Ada", "Ben")]
        room_id = conn.execute(rooms.insert().values(code="CROOM", teacher_key=given["room"], title="Jar",
                                                     ended=False, created=now, class_id=class_id)
                               ).inserted_primary_key[0]
        conn.execute(students.insert().values(room_id=room_id, nickname="Ada", nickname_key="ada",
                                              token=given["ada in room"], joined=now, member_id=member_ids[0]))
        conn.execute(rounds.insert().values(
            room_id=room_id, number=1, item="coin-jar", format="first-price", seed=1, low=1000, high=1000, noise=0,
            cap=5000, start=0, step=100, lot="", value=1000, theory=None, status="open", clock=None, opened=now))
        start = medici.new_game(NAMES, seed=5)
        table_id = conn.execute(game_tables.insert().values(
            code="CTABL", owner_key=given["owner"], game="medici", seed=5, start=start.to_json(), ply=0,
            turn=start.current_player, over=False, version=1, created=now, updated=now, class_id=class_id,
            ended=False)).inserted_primary_key[0]
        conn.execute(table_seats.insert(), [
            {"table_id": table_id, "seat": 0, "name": "Ada", "kind": CLASSMATE, "token": given["ada's seat"],
             "claimed": False, "member_id": member_ids[0]},
            {"table_id": table_id, "seat": 1, "name": "Ben", "kind": CLASSMATE, "token": given["ben's seat"],
             "claimed": False, "member_id": member_ids[1]},
            {"table_id": table_id, "seat": 2, "name": "Cleo", "kind": "random", "token": given["bot"],
             "claimed": False, "member_id": None}])
        old = {table.name: rows_of(conn, table, 5) for table in metadata.sorted_tables if table is not schema}
    engine.dispose()
    given["old room"], given["old table"] = old["rooms"][0][2], old["game_tables"][0][2]
    given["old student"] = old["students"][0][4]
    given.update({f"old seat {row[1]}": row[4] for row in old["table_seats"] if row[0] == old["game_tables"][0][0]})
    return given


def counted_rows(url: str) -> dict[str, int]:
    engine = sa.create_engine(url.replace("postgresql://", "postgresql+psycopg://"))
    with engine.connect() as conn:
        counted = {table.name: conn.execute(sa.select(sa.func.count()).select_from(table)).scalar_one()
                   for table in metadata.sorted_tables}
    engine.dispose()
    return counted


def test_a_store_migrated_to_hashed_secrets_keeps_every_row_and_no_secret_in_plain_text(store_url):
    given = version_5_store(store_url)
    before = counted_rows(store_url)
    assert in_plain_text(store_url, list(given.values())) == list(given.values())  # version 5: all in plain text
    store = open_store(store_url)
    assert store.version() == SCHEMA_VERSION
    store.close()
    assert counted_rows(store_url) == before
    assert in_plain_text(store_url, list(given.values())) == []
    cells = every_cell(store_url)
    open_store(store_url).close()  # opened again: nothing more to do
    assert every_cell(store_url) == cells
    store = open_store(store_url)
    with store.transaction() as conn:  # the step run again over hashed secrets hashes none twice
        MIGRATIONS[6](conn)
    store.close()
    assert every_cell(store_url) == cells


def test_a_store_migrated_to_hashed_secrets_still_runs_its_open_rooms_and_tables_with_the_old_links(store_url):
    given = version_5_store(store_url)
    store = open_store(store_url)
    school, auction, tables = Classes(store), ClassAuction(store), GameTables(store)

    view = school.class_view(given["class"])  # the teacher's class page address
    assert view.name == "5B" and [m.nickname for m in view.members] == ["Ada", "Ben"]
    [room] = view.rooms
    assert school.member(given["ada"]).nickname == "Ada"  # Ada's personal link
    seat = auction.join_member(room.code, given["ada"])  # her seat in the class's room, found by who she is
    assert seat.nickname == "Ada" and auction.teacher_view(room.teacher_key).nicknames == ("Ada",)
    auction.bid(seat.token, 9)
    auction.bid(auction.join_member(room.code, given["ben"]).token, 8)
    auction.close_round(given["room"])  # the room's teacher page opened by its old address
    auction.reveal(room.teacher_key)  # or from the class page
    assert auction.teacher_view(given["room"]).rounds[-1].winner == "Ada"

    auction.bid(given["old student"], 7)  # the room of no class: a bid by an old student token
    auction.close_round(given["old room"])
    auction.reveal(given["old room"])
    assert auction.teacher_view(given["old room"]).rounds[-1].winner is not None

    [old_table] = tables.overview()  # the table of no class: a move by its old seat link
    owner = tables.open(old_table.code, given["old table"])  # its creator's page, by the old owner key
    match = catch_up(Match(tables.start_of(owner.table_id)), tables.view(owner.table_id).moves)
    movers = []
    while CLASSMATE not in movers and len(movers) < 12:  # the game goes on until the classmate's seat has moved
        mover = tables.view(owner.table_id).seats[match.state.current_player]
        sitting = tables.open(old_table.code, given[f"old seat {mover.seat}"]) if mover.kind == CLASSMATE else owner
        move = match.state.legal_moves()[0]
        tables.record(sitting, match.ply, match.state, move, bot=mover.kind not in (OWNER, CLASSMATE))
        match.play(move)
        movers.append(mover.kind)
    assert CLASSMATE in movers and OWNER in movers
    assert len(tables.view(owner.table_id).moves) == match.ply

    ada = tables.open("CTABL", given["ada's seat"])  # the class's table: Ada's old seat link
    assert ada.seats == (0,)
    by_member = tables.open_member("CTABL", given["ada"])  # or her personal link, from her class page
    assert by_member.seats == (0,) and by_member.member_id == ada.member_id
    start = Match(tables.start_of(ada.table_id)).state
    tables.record(ada, 0, start, start.legal_moves()[0])
    assert [s.seat for s in tables.member_seats(given["ben"])] == [1]
    tables.end_table(given["class"], "CTABL")
    store.close()


def test_a_wrong_key_or_token_is_refused_with_the_sentence_it_had_before(store_url):
    version_5_store(store_url)
    store = open_store(store_url)
    school, auction, tables = Classes(store), ClassAuction(store), GameTables(store)
    wrong = new_secret(18)
    refusals = [
        (lambda: school.class_view(wrong), "This class page's key is not known: open the class page from the "
         "address it gave when it was made."),
        (lambda: school.member(wrong), "This personal link is not known to any class: open the link you kept when "
         "you joined, or join with your class's code."),
        (lambda: auction.bid(wrong, 5), "This page is not a seat of any room: join with the room's code."),
        (lambda: auction.close_round(wrong), "Only the teacher's page of this room may do that."),
        (lambda: tables.open("CTABL", wrong), "This link's key is not one of table CTABL's seats: ask the table's "
         "creator for your link."),
    ]
    for request, said in refusals:
        with pytest.raises(Refused) as refused:
            request()
        assert str(refused.value) == said
    store.close()


def test_two_processes_opening_a_version_5_store_at_once_hash_its_secrets_once(store_url):
    given = version_5_store(store_url)
    opened, failed = [], []

    def open_it() -> None:
        try:
            opened.append(open_store(store_url))
        except Exception as error:  # noqa: BLE001 (the test says which)
            failed.append(error)

    threads = [threading.Thread(target=open_it) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failed == [] and len(opened) == 2
    for store in opened:
        store.close()
    store = open_store(store_url)
    assert Classes(store).class_view(given["class"]).name == "5B"
    assert GameTables(store).open("CTABL", given["ben's seat"]).seats == (1,)
    store.close()
