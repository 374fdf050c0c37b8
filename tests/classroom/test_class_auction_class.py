"""The class auction in a class, on both databases: a room of a class seats its members under their class
nicknames (the same seat on every visit, no one from elsewhere); predict, then reflect (a question before a round,
each student's last answer before the close, the answers counted beside what came true, never who said what); the
projector's view, read by the room's code, holds no key, no token and no secret before the reveal; the CSV cannot
run as a formula in a spreadsheet."""

from __future__ import annotations

import csv
import io
import threading

import pytest
import sqlalchemy as sa

from classroom.auction import (
    CLOCK,
    MEDICI_LOT,
    QUESTIONS,
    SECOND_PRICE,
    ClassAuction,
    Refused,
)
from classroom.auction.items import coin_jar
from classroom.auction.questions import losers_bucket
from classroom.classes import Classes
from classroom.keys import digest
from classroom.store import open_store, predictions, rooms, students


@pytest.fixture
def auction(store):
    return ClassAuction(store)


@pytest.fixture
def school(store):
    return Classes(store)


def rows(store, table) -> int:
    with store.read() as conn:
        return conn.execute(sa.select(sa.func.count()).select_from(table)).scalar_one()


def jar_round(auction, room, bids, question="overpay", value=10):
    """A coin-jar round worth exactly ``value`` dollars (no noise), ``bids`` {seat: dollars}, closed and revealed."""
    auction.start_round(room.teacher_key, low=value, high=value, noise=0, seed=1, question=question)
    for seat, amount in bids.items():
        auction.bid(seat.token, amount)
    auction.close_round(room.teacher_key)
    auction.reveal(room.teacher_key)


# ---------------------------------------------------------------------------------------------- a room of a class

def test_a_room_of_a_class_seats_a_member_under_the_class_nickname_and_again_on_the_next_visit(auction, school):
    klass = school.create_class("Economics 101")
    ada = school.join(klass.code, "Ada")
    room = auction.create_room("Round one", class_key=klass.key)
    seat = auction.join_member(room.code.lower(), ada.token)
    assert seat.nickname == "Ada" and seat.code == room.code
    assert auction.join_member(room.code, ada.token) == seat  # a second visit: the same seat, the same token
    assert auction.teacher_view(room.teacher_key).nicknames == ("Ada",)
    with auction.store.read() as conn:
        assert conn.execute(sa.select(students.c.member_id)).scalars().all() == [ada.id]


def test_a_room_is_made_for_a_class_only_with_its_teachers_key(auction, school, store):
    klass = school.create_class("Economics 101")
    ada = school.join(klass.code, "Ada")
    for wrong in ("not-a-key", ada.token, "", "x" * 300):
        with pytest.raises(Refused, match="This class page's key is not known"):
            auction.create_room("Round one", class_key=wrong)
    assert rows(store, rooms) == 0


def test_a_member_is_refused_in_another_classs_room_or_a_room_of_no_class(auction, school, store):
    ours, theirs = school.create_class("Ours"), school.create_class("Theirs")
    ada = school.join(ours.code, "Ada")
    for room in (auction.create_room(class_key=theirs.key), auction.create_room()):
        with pytest.raises(Refused, match=rf"The room {room.code} is not a room of your class \(Ours\)"):
            auction.join_member(room.code, ada.token)
    with pytest.raises(Refused, match="personal link is not known"):
        auction.join_member(auction.create_room(class_key=ours.key).code, ada.token[:-2])
    with pytest.raises(Refused, match="No room has the code ZZZZZ"):
        auction.join_member("ZZZZZ", ada.token)
    assert rows(store, students) == 0


def test_a_class_room_takes_no_nickname_typed_at_its_door(auction, school, store):
    klass = school.create_class("Economics 101")
    room = auction.create_room(class_key=klass.key)
    with pytest.raises(Refused, match="open it from your class page"):
        auction.join(room.code, "Guest")
    assert rows(store, students) == 0


def test_an_ended_class_room_gives_a_member_their_seat_back_but_seats_no_newcomer(auction, school):
    klass = school.create_class("Economics 101")
    ada, ben = school.join(klass.code, "Ada"), school.join(klass.code, "Ben")
    room = auction.create_room(class_key=klass.key)
    seat = auction.join_member(room.code, ada.token)
    auction.end_room(room.teacher_key)
    assert auction.join_member(room.code, ada.token) == seat
    with pytest.raises(Refused, match="closed"):
        auction.join_member(room.code, ben.token)


def test_a_members_two_pages_opened_at_once_give_one_seat(store_url):
    """Two tabs of one student, each its own kernel and connection, open the room at the same moment."""
    first = ClassAuction(open_store(store_url))
    klass = Classes(first.store).create_class("Economics 101")
    ada = Classes(first.store).join(klass.code, "Ada")
    room = first.create_room(class_key=klass.key)
    start = threading.Barrier(2)
    seats, errors = [], []

    def open_page():
        page = ClassAuction(open_store(store_url))
        start.wait()
        try:
            seats.append(page.join_member(room.code, ada.token))
        except Exception as error:  # noqa: BLE001 (the test reports any)
            errors.append(error)
        page.store.close()

    threads = [threading.Thread(target=open_page) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == [] and len(seats) == 2 and seats[0] == seats[1]
    assert first.teacher_view(room.teacher_key).nicknames == ("Ada",)
    first.store.close()


def test_rooms_without_a_class_work_as_before(auction):
    room = auction.create_room("Open day")
    seat = auction.join(room.code, "Ada")
    assert auction.seat(seat.token) == seat and auction.projector_view(room.code).class_code is None


# ---------------------------------------------------------------------------------------------- predict, then reflect

def test_each_question_offers_its_answers_and_asks_of_the_item_sold():
    assert QUESTIONS["overpay"].answers == ("yes", "no")
    assert QUESTIONS["overpay"].text() == "Will the winner pay more than the jar is worth?"
    assert QUESTIONS["overpay"].text(MEDICI_LOT) == "Will the winner pay more than the lot is worth?"
    assert len(QUESTIONS["losers"].answers) >= 3 and "lose money" in QUESTIONS["losers"].text()
    assert [losers_bucket(n) for n in (0, 1, 2, 3, 4, 9)] == ["nobody", "1", "2 or 3", "2 or 3", "4 or more",
                                                              "4 or more"]


def test_a_question_is_stored_with_its_round_and_refused_when_unknown_or_unfit(auction, store):
    room = auction.create_room()
    with pytest.raises(Refused, match="Unknown question 'guess'"):
        auction.start_round(room.teacher_key, question="guess")
    with pytest.raises(Refused, match="needs a jar of coins sold by sealed bids"):
        auction.start_round(room.teacher_key, format=CLOCK, question="shade")
    assert auction.teacher_view(room.teacher_key).current is None  # no round was opened
    auction.start_round(room.teacher_key, format=SECOND_PRICE, question="shade")
    assert auction.teacher_view(room.teacher_key).current.question == "shade"
    assert auction.teacher_view(room.teacher_key).current.asked is QUESTIONS["shade"]


def test_the_last_answer_before_the_close_counts_and_none_is_taken_after(auction, store):
    room = auction.create_room()
    ada = auction.join(room.code, "Ada")
    auction.start_round(room.teacher_key, question="overpay", seed=1)
    before = auction.version(key=room.teacher_key)
    assert auction.predict(ada.token, " YES ") == "yes"
    assert auction.version(key=room.teacher_key) > before  # the teacher's count of answers follows
    assert auction.student_view(ada.token).my_prediction == "yes"
    auction.predict(ada.token, "no")
    assert auction.student_view(ada.token).my_prediction == "no"
    assert rows(store, predictions) == 1 and auction.teacher_view(room.teacher_key).current.predicted == 1
    auction.close_round(room.teacher_key)
    with pytest.raises(Refused, match="a prediction is taken only while its bidding is open"):
        auction.predict(ada.token, "yes")
    auction.reveal(room.teacher_key)
    assert auction.teacher_view(room.teacher_key).current.predictions == {"yes": 0, "no": 1}


@pytest.mark.parametrize(("question", "answer", "reason"), [
    ("overpay", "maybe", "Choose one of the answers offered: yes, no"),
    ("losers", "12", "Choose one of the answers offered: nobody, 1, 2 or 3, 4 or more"),
    (None, "yes", "No question is asked in this round"),
])
def test_a_prediction_not_offered_is_refused_and_stores_nothing(auction, store, question, answer, reason):
    room = auction.create_room()
    ada = auction.join(room.code, "Ada")
    auction.start_round(room.teacher_key, question=question, seed=1)
    before = auction.version(key=room.teacher_key)
    with pytest.raises(Refused, match=reason):
        auction.predict(ada.token, answer)
    assert rows(store, predictions) == 0 and auction.version(key=room.teacher_key) == before


def test_a_prediction_before_any_round_or_from_no_seat_is_refused(auction):
    room = auction.create_room()
    ada = auction.join(room.code, "Ada")
    with pytest.raises(Refused, match="only while its bidding is open"):
        auction.predict(ada.token, "yes")
    with pytest.raises(Refused, match="not a seat of any room"):
        auction.predict(room.teacher_key, "yes")


def test_the_reveal_shows_the_classs_predictions_beside_what_happened(auction):
    room = auction.create_room()
    ada, ben, cleo = (auction.join(room.code, name) for name in ("Ada", "Ben", "Cleo"))
    auction.start_round(room.teacher_key, low=10, high=10, noise=0, seed=1, question="overpay")
    auction.predict(ada.token, "yes")
    auction.predict(ben.token, "no")
    auction.predict(cleo.token, "no")
    auction.bid(ada.token, 12)
    auction.bid(ben.token, 9)
    closed = auction.student_view(ben.token).current
    assert closed.predictions is None and closed.outcome is None  # the answers stay hidden until the reveal
    auction.close_round(room.teacher_key)
    auction.reveal(room.teacher_key)
    for shown in (auction.student_view(ben.token).current, auction.projector_view(room.code).current,
                  auction.teacher_view(room.teacher_key).current):
        assert shown.predictions == {"yes": 1, "no": 2}
        assert shown.outcome == "yes"  # Ada paid $12.00 for a jar worth $10.00
        assert shown.asked.explain(shown) == ("The winner paid $12.00 for the jar, worth $10.00: the answer is "
                                              "yes.")


def test_how_many_bid_more_than_the_jar_is_worth_is_counted_in_the_questions_buckets(auction):
    room = auction.create_room()
    seats = [auction.join(room.code, name) for name in ("Ada", "Ben", "Cleo", "Dan")]
    jar_round(auction, room, dict(zip(seats, (12, 11, 10, 9), strict=True)), question="losers")
    shown = auction.teacher_view(room.teacher_key).current
    assert shown.outcome == "2 or 3" and shown.predictions == dict.fromkeys(QUESTIONS["losers"].answers, 0)
    assert shown.asked.explain(shown).startswith("2 of 4 bid more than the jar was worth ($10.00)")


def test_whether_the_class_shaded_its_bids_is_read_from_its_estimates(auction):
    room = auction.create_room()
    ada, ben = auction.join(room.code, "Ada"), auction.join(room.code, "Ben")
    jar_round(auction, room, {ada: 8, ben: 9}, question="shade")
    assert auction.teacher_view(room.teacher_key).current.outcome == "yes"


def test_a_round_nobody_bid_in_answers_no_question(auction):
    room = auction.create_room()
    auction.join(room.code, "Ada")
    jar_round(auction, room, {}, question="overpay")
    shown = auction.teacher_view(room.teacher_key).current
    assert shown.outcome is None and "Nobody won" in shown.asked.explain(shown)


def test_no_view_says_who_predicted_what(auction):
    room = auction.create_room()
    ada, ben = auction.join(room.code, "Ada"), auction.join(room.code, "Ben")
    auction.start_round(room.teacher_key, low=10, high=10, noise=0, seed=1, question="overpay")
    auction.predict(ada.token, "yes")
    auction.predict(ben.token, "no")
    auction.close_round(room.teacher_key)
    auction.reveal(room.teacher_key)
    ben_view = auction.student_view(ben.token)
    assert ben_view.my_prediction == "no"
    for view in (ben_view, auction.projector_view(room.code), auction.teacher_view(room.teacher_key)):
        text = repr(view)
        assert "'yes': 1" in text and "Ada', 'yes" not in text and "my_prediction='yes'" not in text


# ---------------------------------------------------------------------------------------------- the projector

def test_the_projector_view_reads_the_room_by_its_code_and_holds_no_key_token_or_secret(auction, school):
    klass = school.create_class("Economics 101")
    members = [school.join(klass.code, name) for name in ("Ada", "Ben")]
    room = auction.create_room("Friday", class_key=klass.key)
    ada, ben = (auction.join_member(room.code, member.token) for member in members)
    auction.start_round(room.teacher_key, low=5, high=15, noise=3, cap=50, seed=8, question="overpay")
    estimate = auction.estimate(ada.token)
    auction.bid(ada.token, "37.77")
    auction.predict(ada.token, "yes")
    value = coin_jar(8, 500, 1500).value
    secrets = [room.teacher_key, klass.key, ada.token, ben.token, *(m.token for m in members)]
    for stage in ("open", "closed"):
        view = auction.projector_view(room.code.lower())
        text = repr(view)
        assert (view.code, view.title, view.students, view.class_code) == (room.code, "Friday", 2, klass.code)
        assert view.current.status == stage and view.current.bidders == 1 and view.current.predicted == 1
        assert not any(secret in text for secret in secrets)
        assert "3777" not in text and f"estimate={estimate}" not in text and f"value={value}" not in text
        assert view.current.predictions is None and view.current.winner is None
        if stage == "open":
            auction.close_round(room.teacher_key)
    auction.reveal(room.teacher_key)
    view = auction.projector_view(room.code)
    assert view.current.value == value and view.current.winner == "Ada" and view.current.price == 3777
    assert {b.nickname for b in view.current.table} <= {"Ada", ""}  # only the winner is named
    assert not any(secret in repr(view) for secret in secrets)
    assert [line.number for line in view.history] == [1]


def test_a_clock_rounds_price_is_on_the_projector_while_it_rises(auction):
    room = auction.create_room()
    auction.join(room.code, "Ada")
    auction.start_round(room.teacher_key, format=CLOCK, start=4, step=1, seed=2)
    auction.raise_clock(room.teacher_key)
    current = auction.projector_view(room.code).current
    assert (current.format, current.status, current.clock) == (CLOCK, "open", 500)


def test_the_projectors_look_is_one_query_and_an_unknown_code_is_refused(auction, counted_queries):
    room = auction.create_room()
    before = auction.version(code=room.code)
    auction.join(room.code, "Ada")
    with counted_queries(auction.store) as queries:
        assert auction.version(code=room.code.lower()) > before
    assert len(queries) == 1
    with pytest.raises(Refused, match="No room has the code ZZZZZ"):
        auction.projector_view("zzzzz")
    with pytest.raises(Refused):
        auction.version(code="ZZZZZ")


# ---------------------------------------------------------------------------------------------- the CSV

@pytest.mark.parametrize("nickname", ["=1+2*A1", "+1", "-2+3", "@SUM(A1)", "\tTab"])
def test_a_nickname_that_a_spreadsheet_would_run_is_written_as_text(auction, nickname):
    room = auction.create_room()
    seat = auction.join(room.code, "Ada")
    with auction.store.transaction() as conn:  # the join tidies spaces: a tab is set straight in the store
        conn.execute(students.update().where(students.c.token == digest(seat.token)).values(nickname=nickname))
    auction.start_round(room.teacher_key, low=10, high=10, noise=0, seed=1)
    auction.bid(seat.token, 11)
    auction.close_round(room.teacher_key)
    (row,) = csv.DictReader(io.StringIO(auction.bids_csv(room.teacher_key)))
    assert row["nickname"] == "'" + nickname
    assert not any(cell.startswith(("=", "+", "-", "@", "\t", "\r")) for cell in row.values())
    assert (row["bid"], row["price"], row["true value"]) == ("11.00", "11.00", "10.00")  # numbers stay numbers
