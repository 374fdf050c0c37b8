"""A class in the class store, on SQLite and on a real PostgreSQL server: a teacher's class with a code and a key, a
student who joins once with a nickname and comes back by their personal link, who is here now, the class page's
one-query stamp, and what the class page reads (roster, rooms and rounds, predictions, tables, the practice grid).
Bad input (an unknown code, a taken nickname, a damaged token or key) gets a sentence and changes nothing."""

from __future__ import annotations

import logging

import pytest
import sqlalchemy as sa

from boardgames import medici
from classroom.auction import ClassAuction, history
from classroom.classes import (
    DONE,
    FIRST_TRY,
    HERE_NOW,
    MISSED,
    NICKNAME_LENGTH,
    SEEN_EVERY,
    Classes,
    Refused,
)
from classroom.classes.views import practice_grid
from classroom.practice import PracticeRecord
from classroom.practice.views import Answer
from classroom.store import classes, members
from classroom.tables import CLASSMATE, OWNER, GameTables

DAMAGED = ["", "x", "not a token", "a" * 300, "\x00abc", "'; DROP TABLE members; --", None, 42]


class Clock:
    """The time the store is told: moved on by hand."""

    def __init__(self, at: float = 1_800_000_000.0) -> None:
        self.at = at

    def __call__(self) -> float:
        return self.at


@pytest.fixture
def clock():
    return Clock()


@pytest.fixture
def school(store, clock):
    return Classes(store, now=clock)


def rows(store, table) -> list[tuple]:
    with store.read() as conn:
        return [tuple(row) for row in conn.execute(sa.select(table).order_by(*table.primary_key.columns))]


def table_of(tables, klass, member=None):
    """A Medici table of the class ``klass`` (seat 1 ``member``'s, given one)."""
    start = medici.new_game(["Ada", "Ben", "Cleo"], seed=5)
    return tables.create(start, [OWNER, CLASSMATE, "random"], class_key=klass.key,
                         members=None if member is None else {1: member.nickname})


def answer(record, member, kind, rules, right, first_try, at=1.0):
    record.keep(Answer(member.learner, "medici", kind, 1, tuple(rules), right, first_try, None, at))


# ---------------------------------------------------------------------------------------------- the class


def test_a_class_has_a_code_to_type_and_a_key_for_its_page(school):
    made = school.create_class("  Economics   101 ")
    assert len(made.code) == 5 and made.name == "Economics 101"
    assert len(made.key) >= 22  # secrets.token_urlsafe of 16 bytes or more
    assert school.teacher_class(made.key) == made
    other = school.create_class("Economics 102")
    assert {other.code, other.key}.isdisjoint({made.code, made.key})


def test_a_class_needs_a_name(school, store):
    with pytest.raises(Refused, match="Give the class a name"):
        school.create_class("   ")
    assert rows(store, classes) == []


@pytest.mark.parametrize("key", DAMAGED)
def test_a_wrong_key_opens_no_class(school, key):
    school.create_class("Economics")
    with pytest.raises(Refused, match="This class page's key is not known"):
        school.teacher_class(key)
    with pytest.raises(Refused, match="This class page's key is not known"):
        school.class_view(key)
    with pytest.raises(Refused, match="This class page's key is not known"):
        school.stamp(key)


# ---------------------------------------------------------------------------------------------- joining


def test_a_student_joins_with_the_code_as_typed_and_gets_a_personal_link(school):
    made = school.create_class("Economics")
    ada = school.join(f" {made.code.lower()} ", "  Ada   Lovelace ")
    assert (ada.nickname, ada.class_code, ada.class_name) == ("Ada Lovelace", made.code, "Economics")
    assert len(ada.token) >= 22 and ada.token != made.key
    assert ada.learner == f"class:{made.code}:ada lovelace"
    assert school.member(ada.token) == ada  # the personal link, opened on another device, another day


def test_a_taken_nickname_is_refused_in_any_case_and_spacing_with_another_suggested(school, store):
    made = school.create_class("Economics")
    school.join(made.code, "Ada")
    school.join(made.code, "Ada2")
    before = rows(store, members), rows(store, classes)
    for again in ("Ada", " ada ", "ADA"):
        with pytest.raises(Refused) as refused:
            school.join(made.code, again)
        sentence = str(refused.value)
        assert "is taken" in sentence and "personal link" in sentence and "such as ada3" in sentence.casefold()
    assert (rows(store, members), rows(store, classes)) == before


def test_a_nickname_taken_in_another_class_is_free_in_this_one(school):
    one, two = school.create_class("One"), school.create_class("Two")
    assert school.join(one.code, "Ada").token != school.join(two.code, "Ada").token


@pytest.mark.parametrize("nickname, refusal", [
    ("", "Type a nickname"), ("   ", "Type a nickname"), (None, "Type a nickname"),
    ("x" * (NICKNAME_LENGTH + 1), f"at most {NICKNAME_LENGTH}"), ("Ada\x07", "letters, digits"),
])
def test_a_nickname_is_one_to_twenty_printable_characters(school, store, nickname, refusal):
    made = school.create_class("Economics")
    with pytest.raises(Refused, match=refusal):
        school.join(made.code, nickname)
    assert rows(store, members) == []
    assert school.join(made.code, "é" * NICKNAME_LENGTH).nickname == "é" * NICKNAME_LENGTH


@pytest.mark.parametrize("code, refusal", [
    ("ZZZZZ", "No class has the code ZZZZZ"), ("", "not a class's code"), ("ABC'; --", "not a class's code"),
    ("\x00", "not a class's code"), ("ABCDEFGHJK", "not a class's code"),
])
def test_an_unknown_class_code_is_refused_and_nothing_changes(school, store, code, refusal):
    school.create_class("Economics")
    before = rows(store, classes)
    with pytest.raises(Refused, match=refusal):
        school.join(code, "Ada")
    assert rows(store, members) == [] and rows(store, classes) == before


@pytest.mark.parametrize("token", DAMAGED)
def test_a_damaged_personal_link_is_refused_with_a_sentence(school, store, token):
    made = school.create_class("Economics")
    ada = school.join(made.code, "Ada")
    before = rows(store, members)
    with pytest.raises(Refused, match="personal link is not known"):
        school.member(token)
    with pytest.raises(Refused, match="personal link is not known"):
        school.member(ada.token[:-1])  # a link copied in part
    school.seen(token)  # a page's look with a damaged link: nothing stored, nothing raised
    assert rows(store, members) == before


# ---------------------------------------------------------------------------------------------- here now


def test_a_member_is_here_now_while_a_page_of_theirs_looks_in(school, clock):
    made = school.create_class("Economics")
    ada, ben = school.join(made.code, "Ada"), school.join(made.code, "Ben")
    assert [(m.nickname, m.here, m.seen) for m in school.members(made.key)] == [("Ada", False, None),
                                                                                ("Ben", False, None)]
    school.seen(ada.token)
    assert school.class_view(made.key).here == ("Ada",)
    clock.at += HERE_NOW + 1
    assert school.class_view(made.key).here == ()  # her page closed a minute ago
    school.seen(ben.token)
    assert school.class_view(made.key).here == ("Ben",)


def test_a_members_look_is_stored_at_most_once_every_twenty_seconds(school, store, clock, counted_queries):
    made = school.create_class("Economics")
    ada = school.join(made.code, "Ada")
    school.seen(ada.token)
    first = clock.at
    clock.at += SEEN_EVERY - 1
    with counted_queries(store) as sent:
        school.seen(ada.token)
    assert len(sent) == 1 and sent[0].lstrip().upper().startswith("SELECT")  # a read, no write
    assert school.members(made.key)[0].seen == first
    clock.at += 1
    school.seen(ada.token)
    assert school.members(made.key)[0].seen == clock.at


def test_a_members_look_never_raises_when_the_store_cannot_be_reached(school, store, monkeypatch, caplog):
    made = school.create_class("Economics")
    ada = school.join(made.code, "Ada")

    def unreachable():
        raise sa.exc.OperationalError("SELECT", {}, Exception("connection refused"))

    monkeypatch.setattr(store, "read", unreachable)
    with caplog.at_level(logging.WARNING):
        school.seen(ada.token)
    assert "presence was not stored" in caplog.text and ada.token not in caplog.text


# ---------------------------------------------------------------------------------------------- the stamp


def test_the_class_pages_look_is_one_query(school, store, counted_queries):
    made = school.create_class("Economics")
    school.join(made.code, "Ada")
    with counted_queries(store) as sent:
        school.stamp(made.key)
    assert len(sent) == 1, sent


def test_the_stamp_changes_with_everything_the_class_page_shows_and_only_then(school, store, clock):
    made, other = school.create_class("Economics"), school.create_class("History")
    auction, tables, record = ClassAuction(store, now=clock), GameTables(store, now=clock), PracticeRecord(store)
    seen = [school.stamp(made.key)]

    def changed() -> bool:
        now = school.stamp(made.key)
        new = now != seen[-1]
        seen.append(now)
        return new

    assert not changed()
    ada = school.join(made.code, "Ada")
    assert changed()  # someone joined
    school.seen(ada.token)
    assert changed()  # someone arrived
    clock.at += SEEN_EVERY + 1
    school.seen(ada.token)
    assert not changed()  # still here: the page does not redraw for that
    clock.at += HERE_NOW + 1
    assert changed()  # she left
    room = auction.create_room("Jar", class_key=made.key)
    assert changed()  # a room of the class
    seat = auction.join_member(room.code, ada.token)
    assert changed()  # she sat in it
    auction.start_round(room.teacher_key, seed=1, question="overpay")
    assert changed()
    auction.predict(seat.token, "yes")
    assert changed()  # a prediction
    table = table_of(tables, made, ada)
    assert changed()  # a table of the class
    owner = tables.open(table.code, table.owner_key)
    tables.hand_to_bot(owner, 1, "random")
    assert changed()  # a seat handed to a bot
    answer(record, ada, "medici.bid", ["medici.bid"], True, True)
    assert changed()  # practice

    bob = school.join(other.code, "Bob")  # another class's doings
    answer(record, bob, "medici.bid", ["medici.bid"], True, True)
    auction.create_room("theirs", class_key=other.key)
    table_of(tables, other)
    auction.create_room("no class")
    assert not changed()


# ---------------------------------------------------------------------------------------------- the class page


def test_the_class_page_sums_up_each_round_of_its_rooms_as_the_auction_does(school, store, clock):
    made = school.create_class("Economics")
    auction = ClassAuction(store, now=clock)
    ada, ben, cleo = (school.join(made.code, name) for name in ("Ada", "Ben", "Cleo"))
    room = auction.create_room("Jar", class_key=made.key)
    seats = [auction.join_member(room.code, m.token) for m in (ada, ben, cleo)]
    auction.start_round(room.teacher_key, seed=7, question="overpay")
    for seat, said in zip(seats, ("yes", "yes", "no")):
        auction.predict(seat.token, said)
    for seat, amount in zip(seats[:2], (14, 9)):
        auction.bid(seat.token, amount)
    auction.close_round(room.teacher_key)
    auction.reveal(room.teacher_key)
    auction.start_round(room.teacher_key, seed=8)
    auction.bid(seats[2].token, 3)  # an open round: not summed up

    view = school.class_view(made.key)
    assert [(r.code, r.rounds, r.ended) for r in view.rooms] == [(room.code, 2, False)]
    [line] = view.rounds
    [expected] = history(auction.teacher_view(room.teacher_key))
    teacher_round = auction.teacher_view(room.teacher_key).rounds[0]
    assert (line.room, line.number, line.group) == (room.code, 1, 2) == (room.code, 1, expected.bidders)
    assert (line.profit, line.shading) == (expected.profit, expected.shading)
    assert (line.value, line.price, line.winner) == (teacher_round.value, 1400, "Ada")
    assert line.question == "overpay" and line.predictions == {"yes": 2, "no": 1} and line.predicted == 3
    assert line.outcome == ("yes" if line.price > line.value else "no")


def test_the_class_page_shows_its_own_tables_only(school, store, clock):
    made, other = school.create_class("Economics"), school.create_class("History")
    tables = GameTables(store, now=clock)
    mine = table_of(tables, made)
    table_of(tables, other)
    tables.create(medici.new_game(["Ada", "Ben", "Cleo"], seed=5), [OWNER, CLASSMATE, "random"])  # no class
    assert [line.code for line in school.class_view(made.key).tables] == [mine.code]


def test_the_practice_grid_puts_the_most_missed_rule_first():
    answers = [
        ("Ada", ("bid", "lot"), True, True),
        ("Ada", ("ship",), False, True), ("Ada", ("ship",), True, False),
        ("Ben", ("ship",), False, True),
        ("Ben", ("lot",), False, True), ("Ben", ("lot",), True, False),
        ("Cleo", ("lot",), False, True),
        ("Cleo", ("ship",), False, True),
    ]
    grid = practice_grid(["Ada", "Ben", "Cleo", "Dan"], answers)
    assert grid.rules == ("ship", "lot", "bid")  # ship: 2 missed; lot: 1 missed; bid: none
    assert [grid.cell(name, "ship") for name in grid.nicknames] == [DONE, MISSED, MISSED, ""]
    assert [grid.cell(name, "lot") for name in grid.nicknames] == [FIRST_TRY, DONE, MISSED, ""]
    assert (grid.missed("ship"), grid.missed("bid")) == (2, 0)


def test_the_class_page_reads_its_members_practice_only(school, store):
    made, other = school.create_class("Economics"), school.create_class("History")
    ada, ben = school.join(made.code, "Ada"), school.join(made.code, "Ben")
    record = PracticeRecord(store)
    answer(record, ada, "medici.bid", ["medici.bid-must-exceed"], True, True)
    answer(record, ben, "medici.bid", ["medici.bid-must-exceed"], False, True)
    answer(record, school.join(other.code, "Ada"), "medici.ship", ["medici.ship-full"], False, True)
    grid = school.class_view(made.key).practice
    assert grid.nicknames == ("Ada", "Ben") and grid.rules == ("medici.bid-must-exceed",)
    assert grid.cells == {("Ada", "medici.bid-must-exceed"): FIRST_TRY, ("Ben", "medici.bid-must-exceed"): MISSED}


# ---------------------------------------------------------------------------------------------- other pages


def test_the_projector_shows_a_class_by_its_code_alone(school, clock):
    made = school.create_class("Economics")
    ada = school.join(made.code, "Ada")
    school.join(made.code, "Ben")
    school.seen(ada.token)
    front = school.front(made.code.lower())
    assert (front.code, front.name, front.here, front.members) == (made.code, "Economics", 1, 2)
    assert made.key not in repr(front) and ada.token not in repr(front)
    clock.at += HERE_NOW
    assert school.front(made.code).here == 0
    for code in ("ZZZZZ", "", "\x00", "a" * 40):
        with pytest.raises(Refused, match="No class has the code"):
            school.front(code)


def test_a_member_sees_their_own_classs_rooms_only(school, store):
    made, other = school.create_class("Economics"), school.create_class("History")
    auction = ClassAuction(store)
    mine = auction.create_room("Jar", class_key=made.key)
    auction.create_room("theirs", class_key=other.key)
    auction.create_room("no class")
    ada = school.join(made.code, "Ada")
    assert [(r.code, r.title, r.ended) for r in school.member_rooms(ada.token)] == [(mine.code, "Jar", False)]
    with pytest.raises(Refused, match="personal link is not known"):
        school.member_rooms(made.key)


def test_the_class_page_seats_its_members_at_a_table_by_their_nicknames_holding_none_of_their_tokens(school):
    made, other = school.create_class("Economics"), school.create_class("History")
    ada, ben = school.join(made.code, "Ada"), school.join(made.code, "Ben")
    cleo = school.join(other.code, "Cleo")
    tables = GameTables(school.store)
    start = medici.new_game(["Ada", "Ben", "Cleo"], seed=5)
    table = tables.create(start, [CLASSMATE, CLASSMATE, "random"], class_key=made.key, members={0: " ada", 1: "Ben"})
    assert [(s.code, s.seat) for s in tables.member_seats(ada.token)] == [(table.code, 0)]
    assert [(s.code, s.seat) for s in tables.member_seats(ben.token)] == [(table.code, 1)]
    with pytest.raises(Refused, match="Cleo is not a member of this class"):
        tables.create(start, [CLASSMATE, CLASSMATE, "random"], class_key=made.key, members={0: "Cleo"})
    assert tables.member_seats(cleo.token) == []


def test_the_published_benchmark_is_the_papers_with_its_citation():
    from classroom.classes.published import CITATION, COIN_JARS

    assert (COIN_JARS.auctions, COIN_JARS.value, COIN_JARS.estimate, COIN_JARS.price) == (48, 8.00, 5.13, 10.01)
    assert COIN_JARS.profit == pytest.approx(COIN_JARS.value - COIN_JARS.price)  # the winner's mean loss, $2.01
    assert "Journal of Conflict Resolution 27(4)" in CITATION and "Bazerman and Samuelson (1983)" in \
        COIN_JARS.sentence()
    assert "$10.01" in COIN_JARS.sentence() and "$2.01" in COIN_JARS.sentence()


def test_the_class_pages_read_costs_as_many_queries_whatever_the_number_of_students(school, store, counted_queries):
    def cost(students: int) -> int:
        made = school.create_class(f"{students} students")
        auction, tables, record = ClassAuction(store), GameTables(store), PracticeRecord(store)
        people = [school.join(made.code, f"S{i}") for i in range(students)]
        room = auction.create_room("Jar", class_key=made.key)
        seats = [auction.join_member(room.code, m.token) for m in people]
        auction.start_round(room.teacher_key, seed=1)
        for seat in seats:
            auction.bid(seat.token, 5)
        auction.close_round(room.teacher_key)
        table_of(tables, made, people[0])
        for member in people:
            answer(record, member, "medici.bid", ["medici.bid"], True, True)
        with counted_queries(store) as sent:
            school.class_view(made.key)
        return len(sent)

    assert cost(2) == cost(12)


def test_the_class_pages_redraw_after_a_bid_costs_as_many_queries_whatever_the_number_of_rounds_revealed(
        school, store, clock, counted_queries):
    """A revealed round never changes again: the class page's round lines read it once, then only the rounds still
    open or closed."""
    made = school.create_class("Economics")
    auction = ClassAuction(store, now=clock)
    rooms = [auction.create_room(title, class_key=made.key) for title in ("Jar", "Lot")]
    ada, ben = school.join(made.code, "Ada"), school.join(made.code, "Ben")
    seats = {room.code: [auction.join_member(room.code, m.token) for m in (ada, ben)] for room in rooms}

    def redraw_after_a_bid(revealed: int) -> tuple[int, tuple]:
        for room in rooms:
            for number in range(revealed):
                auction.start_round(room.teacher_key, seed=number, question="overpay" if number % 2 else None)
                for amount, seat in enumerate(seats[room.code], start=5):
                    auction.bid(seat.token, amount)
                auction.close_round(room.teacher_key)
                auction.reveal(room.teacher_key)
            auction.start_round(room.teacher_key, seed=99)
        school.class_view(made.key)
        auction.bid(seats[rooms[0].code][1].token, 7)
        with counted_queries(store) as sent:
            view = school.class_view(made.key)
        for room in rooms:
            auction.close_round(room.teacher_key)
            auction.reveal(room.teacher_key)
        return len(sent), view.rounds

    first, lines = redraw_after_a_bid(1)
    assert len(lines) == 2
    more, lines = redraw_after_a_bid(4)
    assert more == first and len(lines) == 12
    assert [(line.room, line.number) for line in lines] == [(room.code, n) for room in rooms for n in range(1, 7)]
