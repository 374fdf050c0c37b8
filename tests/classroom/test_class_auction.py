"""The class auction on both databases, as a class meets it: a room, students joining, rounds bid, closed and
revealed, the CSV; every refusal stores nothing; no student's view tells another's bid or estimate, or the true
value, before the reveal; a restart loses nothing and two bids at once are both kept."""

from __future__ import annotations

import csv
import io
import threading

import pytest
import sqlalchemy as sa

from classroom.auction import (
    CLOCK,
    COIN_JAR,
    CSV_COLUMNS,
    MEDICI_LOT,
    SECOND_PRICE,
    ClassAuction,
    Refused,
    cents,
    history,
    money,
)
from classroom.auction.items import coin_jar, coin_jar_estimate
from classroom.classes import Classes
from classroom.classes.identity import NICKNAME_LENGTH
from classroom.store import SCHEMA_VERSION, bids, open_store


@pytest.fixture
def auction(store):
    return ClassAuction(store)


def bid_rows(store) -> int:
    with store.read() as conn:
        return conn.execute(sa.select(sa.func.count()).select_from(bids)).scalar_one()


def class_of(auction, *names):
    room = auction.create_room("Economics 101")
    return room, [auction.join(room.code, name) for name in names]


def test_a_room_has_a_code_without_look_alike_letters_and_a_secret_teacher_key(auction):
    room = auction.create_room("Economics 101")
    assert len(room.code) == 5 and not set(room.code) & set("0O1I")
    assert room.teacher_key not in room.code and len(room.teacher_key) >= 20
    assert auction.teacher_view(room.teacher_key).code == room.code


def test_a_student_joins_by_code_in_any_case_and_comes_back_with_the_token(auction):
    room = auction.create_room()
    seat = auction.join(room.code.lower(), "  Ada  ")
    assert seat.nickname == "Ada" and seat.code == room.code
    assert auction.seat(seat.token) == seat
    assert auction.teacher_view(room.teacher_key).nicknames == ("Ada",)


@pytest.mark.parametrize(("code", "nickname", "reason"), [
    ("ZZZZZ", "Ben", "No room has the code ZZZZZ"),
    (None, "", "Type a nickname"),
    (None, "x" * (NICKNAME_LENGTH + 1), f"at most {NICKNAME_LENGTH} characters"),
    (None, "Ada\x07", "letters, digits, spaces and signs only"),
    (None, "ADA", "The nickname ADA is taken"),
])
def test_a_join_is_refused_with_its_reason_and_seats_nobody(auction, code, nickname, reason):
    room, _ = class_of(auction, "Ada")
    with pytest.raises(Refused, match=reason):
        auction.join(code or room.code, nickname)
    assert auction.teacher_view(room.teacher_key).nicknames == ("Ada",)


def test_an_ended_room_takes_no_one_and_no_bid(auction):
    room, (ada,) = class_of(auction, "Ada")
    auction.end_room(room.teacher_key)
    with pytest.raises(Refused, match="closed"):
        auction.join(room.code, "Ben")
    with pytest.raises(Refused, match="has ended"):
        auction.start_round(room.teacher_key)


def test_only_the_teachers_key_starts_closes_reveals_exports_and_ends(auction):
    room, (ada,) = class_of(auction, "Ada")
    for request in (auction.start_round, auction.close_round, auction.reveal, auction.end_room,
                    auction.raise_clock, lambda key: auction.bids_csv(key), lambda key: auction.teacher_view(key)):
        with pytest.raises(Refused, match="Only the teacher's page"):
            request(ada.token)


def test_sealed_first_price_the_highest_bid_wins_and_pays_its_bid(auction):
    room, (ada, ben, cleo) = class_of(auction, "Ada", "Ben", "Cleo")
    auction.start_round(room.teacher_key, COIN_JAR, low=5, high=15, noise=3, cap=40, seed=11)
    auction.bid(ada.token, "9.50")
    auction.bid(ben.token, "12")
    auction.bid(cleo.token, "11,25")
    auction.close_round(room.teacher_key)
    auction.reveal(room.teacher_key)
    shown = auction.teacher_view(room.teacher_key).current
    assert (shown.winner, shown.price) == ("Ben", 1200)
    assert shown.value == coin_jar(11, 500, 1500).value
    assert shown.profit == shown.value - 1200


def test_sealed_second_price_the_winner_pays_the_second_highest_bid(auction):
    room, (ada, ben, cleo) = class_of(auction, "Ada", "Ben", "Cleo")
    auction.start_round(room.teacher_key, COIN_JAR, SECOND_PRICE, seed=3)
    for seat, amount in ((ada, 8), (ben, 13), (cleo, 10)):
        auction.bid(seat.token, amount)
    auction.close_round(room.teacher_key)
    auction.reveal(room.teacher_key)
    shown = auction.teacher_view(room.teacher_key).current
    assert (shown.winner, shown.price) == ("Ben", 1000)


def test_a_second_bid_replaces_the_first_and_both_are_kept(auction, store):
    room, (ada, ben) = class_of(auction, "Ada", "Ben")
    auction.start_round(room.teacher_key, seed=5)
    auction.bid(ada.token, 14)
    auction.bid(ben.token, 12)
    auction.bid(ada.token, 10)
    assert bid_rows(store) == 3
    assert auction.student_view(ada.token).my_bid == 1000
    auction.close_round(room.teacher_key)
    auction.reveal(room.teacher_key)
    shown = auction.teacher_view(room.teacher_key).current
    assert (shown.winner, shown.price) == ("Ben", 1200)
    rows = list(csv.DictReader(io.StringIO(auction.bids_csv(room.teacher_key))))
    assert [(r["nickname"], r["bid"]) for r in rows] == [("Ada", "14.00"), ("Ben", "12.00"), ("Ada", "10.00")]


@pytest.mark.parametrize(("amount", "reason"), [
    ("twelve", "twelve is not an amount of money"),
    ("", "An empty bid is not an amount"),
    ("-3", "cannot be negative"),
    ("1e3", "is not an amount"),
    ("50.01", "at most \\$50.00"),
    (float("nan"), "not an amount"),
])
def test_a_bad_bid_is_refused_with_its_reason_and_stores_nothing(auction, store, amount, reason):
    room, (ada,) = class_of(auction, "Ada")
    auction.start_round(room.teacher_key, cap=50, seed=1)
    with pytest.raises(Refused, match=reason):
        auction.bid(ada.token, amount)
    assert bid_rows(store) == 0


def test_a_bid_after_the_close_or_from_outside_the_room_is_refused(auction, store):
    room, (ada,) = class_of(auction, "Ada")
    auction.start_round(room.teacher_key, seed=1)
    with pytest.raises(Refused, match="not a seat of any room"):
        auction.bid("not-a-token", 5)
    with pytest.raises(Refused, match="not a seat of any room"):
        auction.bid(room.teacher_key, 5)
    auction.close_round(room.teacher_key)
    with pytest.raises(Refused, match="The bidding is closed"):
        auction.bid(ada.token, 5)
    assert bid_rows(store) == 0


def test_a_students_estimate_is_the_value_plus_noise_and_stays_the_same(auction):
    room, (ada, ben) = class_of(auction, "Ada", "Ben")
    auction.start_round(room.teacher_key, low=5, high=15, noise=3, seed=21)
    value = coin_jar(21, 500, 1500).value
    first = auction.estimate(ada.token)
    assert first == auction.estimate(ada.token) == auction.student_view(ada.token).estimate
    assert abs(first - value) <= 300
    assert auction.estimate(ben.token) != first  # each student's own noise (these two differ for seed 21)
    assert first in {coin_jar_estimate(21, student, value, 300) for student in (1, 2)}


def test_before_the_reveal_no_student_view_holds_another_bid_an_estimate_or_the_value(auction):
    """As the games' secret-hand tests: every field of Ben's view, and its text, has none of Ada's numbers."""
    room, (ada, ben) = class_of(auction, "Ada", "Ben")
    auction.start_round(room.teacher_key, low=5, high=15, noise=3, cap=50, seed=8)
    ada_estimate = auction.estimate(ada.token)
    auction.bid(ada.token, "37.77")
    auction.bid(ben.token, "21.11")
    value = coin_jar(8, 500, 1500).value
    for stage in ("open", "closed"):
        ben_view = auction.student_view(ben.token)
        text = repr(ben_view).replace(ben_view.code, "")  # the room's code is drawn at random: it may hold any digits
        assert "3777" not in text and str(ada_estimate) not in text.replace(str(ben_view.estimate), "")
        assert ben_view.current.value is None and ben_view.current.winner is None and ben_view.current.table is None
        assert str(value) not in text.replace(str(ben_view.estimate), "")
        teacher = auction.teacher_view(room.teacher_key).current
        assert (teacher.bidders, teacher.bids) == (2, 2)
        if stage == "open":
            assert teacher.value is None and teacher.table is None  # the teacher's count shows no amounts
            auction.close_round(room.teacher_key)
    auction.reveal(room.teacher_key)
    ben_view = auction.student_view(ben.token)
    table = {b.nickname: b for b in ben_view.current.table}
    assert table["Ada"].bid == 3777 and table["Ada"].estimate == ada_estimate and table["Ben"].mine
    assert ben_view.current.value == value and ben_view.current.winner == "Ada"


def test_the_clock_rises_students_drop_out_and_the_last_one_in_pays_the_last_rivals_price(auction):
    room, (ada, ben, cleo) = class_of(auction, "Ada", "Ben", "Cleo")
    auction.start_round(room.teacher_key, COIN_JAR, CLOCK, start=4, step=1, cap=30, seed=2)
    for seat in (ada, ben, cleo):
        auction.estimate(seat.token)  # their pages show the round: they are in
    with pytest.raises(Refused, match="This round is a clock"):
        auction.bid(ada.token, 5)
    assert auction.raise_clock(room.teacher_key) == 500
    assert auction.drop(cleo.token) == 500
    with pytest.raises(Refused, match="dropped out of this round already"):
        auction.drop(cleo.token)
    auction.raise_clock(room.teacher_key)
    auction.raise_clock(room.teacher_key)
    assert auction.drop(ada.token) == 700
    auction.close_round(room.teacher_key)
    auction.reveal(room.teacher_key)
    shown = auction.teacher_view(room.teacher_key).current
    assert (shown.winner, shown.price) == ("Ben", 700)


def test_a_medici_lot_shows_its_cards_and_is_worth_one_dealing_of_the_rest_of_the_day(auction):
    room, (ada, ben) = class_of(auction, "Ada", "Ben")
    auction.start_round(room.teacher_key, MEDICI_LOT, seed=1, cap=60)
    current = auction.student_view(ada.token).current
    assert current.lot and current.value is None
    assert auction.estimate(ada.token) is None  # the cards are all there is to see
    auction.bid(ada.token, 20)
    auction.bid(ben.token, 25)
    auction.close_round(room.teacher_key)
    auction.reveal(room.teacher_key)
    shown = auction.teacher_view(room.teacher_key).current
    assert shown.winner == "Ben" and shown.value is not None and shown.theory > 0
    assert money(shown.price, MEDICI_LOT) == "25 fl"


def test_history_tells_how_often_and_by_how_much_winners_lost_and_the_shading(auction):
    room, (ada, ben) = class_of(auction, "Ada", "Ben")
    for seed in (1, 2):
        auction.start_round(room.teacher_key, low=10, high=10, noise=0, seed=seed)  # the jar holds $10
        auction.bid(ada.token, 12 if seed == 1 else 8)
        auction.bid(ben.token, 9 if seed == 1 else 7)
        auction.close_round(room.teacher_key)
        auction.reveal(room.teacher_key)
    lines = history(auction.teacher_view(room.teacher_key))
    assert [(line.number, line.profit) for line in lines] == [(1, -200), (2, 200)]
    assert [line.shading for line in lines] == [-50.0, 250.0]  # estimates of 1000 against bids 1200/900, 800/700
    assert [line.theory for line in lines] == [0.0, 0.0]


def test_the_csv_has_one_row_a_bid_with_the_columns_a_spreadsheet_needs(auction):
    room, (ada, ben) = class_of(auction, "Ada", "Ben")
    auction.start_round(room.teacher_key, low=10, high=10, noise=0, seed=4)
    auction.bid(ada.token, 11)
    auction.bid(ben.token, "10.5")
    auction.close_round(room.teacher_key)
    rows = list(csv.reader(io.StringIO(auction.bids_csv(room.teacher_key))))
    assert rows[0] == CSV_COLUMNS
    assert [r[:7] + r[8:] for r in rows[1:]] == [
        ["1", "coin-jar", "first-price", "Ada", "10.00", "11.00", "bid", "yes", "11.00", "10.00"],
        ["1", "coin-jar", "first-price", "Ben", "10.00", "10.50", "bid", "no", "11.00", "10.00"],
    ]


def test_a_restart_mid_round_loses_nothing(store_url):
    first = ClassAuction(open_store(store_url))
    room, (ada, ben) = class_of(first, "Ada", "Ben")
    first.start_round(room.teacher_key, seed=9)
    first.bid(ada.token, 7)
    first.store.close()  # the server stops
    again = ClassAuction(open_store(store_url))  # and starts again
    assert again.seat(ada.token).nickname == "Ada"
    assert again.student_view(ada.token).my_bid == 700
    again.bid(ben.token, 8)
    again.close_round(room.teacher_key)
    assert again.teacher_view(room.teacher_key).current.winner == "Ben"
    assert again.store.version() == SCHEMA_VERSION
    again.store.close()


def test_bids_sent_at_once_from_many_connections_are_all_kept(store_url):
    """Twenty students click at the same moment, each through their own connection (as kernels do)."""
    teacher = ClassAuction(open_store(store_url))
    room = teacher.create_room()
    seats = [teacher.join(room.code, f"Student {k}") for k in range(20)]
    teacher.start_round(room.teacher_key, cap=100, seed=1)
    start = threading.Barrier(len(seats))
    errors = []

    def click(seat, amount):
        page = ClassAuction(open_store(store_url))
        start.wait()
        try:
            page.bid(seat.token, amount)
            page.bid(seat.token, amount + 1)
        except Exception as error:  # noqa: BLE001 (the test reports any)
            errors.append(error)
        page.store.close()

    threads = [threading.Thread(target=click, args=(seat, 10 + k)) for k, seat in enumerate(seats)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert bid_rows(teacher.store) == 40
    shown = teacher.teacher_view(room.teacher_key).current
    assert (shown.bidders, shown.bids) == (20, 40)
    teacher.store.close()


def test_money_and_amounts_are_written_as_the_pages_write_them():
    assert cents("12") == 1200 and cents("12.5") == 1250 and cents("12,05") == 1205 and cents(3) == 300
    assert money(1250) == "$12.50" and money(-75) == "-$0.75" and money(2300, MEDICI_LOT) == "23 fl"


def test_the_rooms_version_changes_with_every_join_bid_and_round_state_and_only_then(auction):
    """The pages look at this one number twice a second and read their whole view only when it changed."""
    room = auction.create_room()
    seen = [auction.version(key=room.teacher_key)]
    ada = auction.join(room.code, "Ada")
    seen.append(auction.version(key=room.teacher_key))
    auction.start_round(room.teacher_key, seed=1)
    seen.append(auction.version(key=room.teacher_key))
    auction.estimate(ada.token)  # only Ada's page shows her estimate, and it asked for it
    assert auction.version(key=room.teacher_key) == seen[-1]  # nothing another page shows happened: the same
    auction.bid(ada.token, 5)
    seen.append(auction.version(key=room.teacher_key))
    auction.bid(ada.token, 6)
    seen.append(auction.version(key=room.teacher_key))
    auction.close_round(room.teacher_key)
    seen.append(auction.version(key=room.teacher_key))
    auction.reveal(room.teacher_key)
    seen.append(auction.version(key=room.teacher_key))
    auction.end_room(room.teacher_key)
    seen.append(auction.version(key=room.teacher_key))
    assert len(set(seen)) == len(seen)
    assert auction.version(token=ada.token) == seen[-1]
    with pytest.raises(Refused):
        auction.version(token="not-a-token")


def test_a_clock_raised_and_a_drop_change_the_rooms_version(auction):
    room, (ada, ben) = class_of(auction, "Ada", "Ben")
    auction.start_round(room.teacher_key, COIN_JAR, CLOCK, seed=2)
    before = auction.version(token=ben.token)
    auction.raise_clock(room.teacher_key)
    raised = auction.version(token=ben.token)
    auction.drop(ada.token)
    assert before < raised < auction.version(token=ben.token)


def test_a_pages_look_at_its_room_is_one_query(auction, counted_queries):
    room, (ada,) = class_of(auction, "Ada")
    auction.start_round(room.teacher_key, seed=1)
    auction.bid(ada.token, 5)
    for look in (lambda: auction.version(key=room.teacher_key), lambda: auction.version(token=ada.token)):
        with counted_queries(auction.store) as queries:
            look()
        assert len(queries) == 1, queries


def revealed_rounds(auction, room, seats, count):
    """``count`` more rounds bid by ``seats`` (a sealed bid each, a question every other round), closed and
    revealed."""
    for number in range(count):
        auction.start_round(room.teacher_key, seed=10 + number, question="overpay" if number % 2 else None)
        for amount, seat in enumerate(seats, start=5):
            auction.bid(seat.token, amount)
        auction.close_round(room.teacher_key)
        auction.reveal(room.teacher_key)


def test_a_students_redraw_after_a_bid_costs_as_many_statements_however_many_rounds_were_revealed(
        auction, counted_queries):
    """A revealed round never changes again: a page reads it once, then only the open round."""
    room, (ada, ben) = class_of(auction, "Ada", "Ben")

    def redraw_after_a_bid(revealed: int) -> int:
        revealed_rounds(auction, room, [ada, ben], revealed)
        auction.start_round(room.teacher_key, seed=99)
        auction.student_view(ada.token)  # the page's redraw at the round's start
        auction.bid(ben.token, 7)
        with counted_queries(auction.store) as sent:
            auction.student_view(ada.token)
        auction.close_round(room.teacher_key)
        auction.reveal(room.teacher_key)
        return len(sent)

    first = redraw_after_a_bid(1)  # 1 round revealed
    assert redraw_after_a_bid(3) == first  # 5 rounds revealed
    assert redraw_after_a_bid(4) == first  # 10 rounds revealed


def test_a_teachers_and_the_projectors_redraw_cost_as_many_statements_however_many_rounds_were_revealed(
        auction, counted_queries):
    room, (ada, ben) = class_of(auction, "Ada", "Ben")
    costs = []
    for revealed in (1, 4):
        revealed_rounds(auction, room, [ada, ben], revealed)
        auction.start_round(room.teacher_key, seed=99)
        auction.teacher_view(room.teacher_key), auction.projector_view(room.code)
        auction.bid(ben.token, 7)
        with counted_queries(auction.store) as teacher:
            auction.teacher_view(room.teacher_key)
        with counted_queries(auction.store) as projector:
            auction.projector_view(room.code)
        costs.append((len(teacher), len(projector)))
        auction.close_round(room.teacher_key)
        auction.reveal(room.teacher_key)
    assert costs[0] == costs[1]


def afresh(monkeypatch):
    """Nothing kept of any revealed round from here on: every view reads the store."""
    from classroom.auction import views
    from classroom.store import FinishedCache

    monkeypatch.setattr(views, "_kept_rounds", FinishedCache(views.ROUNDS_KEPT))


def test_a_revealed_round_kept_is_the_one_read_afresh_for_the_teacher_each_student_and_the_projector(
        auction, monkeypatch):
    room, (ada, ben, cleo) = class_of(auction, "Ada", "Ben", "Cleo")
    auction.start_round(room.teacher_key, seed=3, question="overpay")
    auction.predict(ada.token, "yes")
    auction.bid(ada.token, 9), auction.bid(ben.token, 11), auction.bid(cleo.token, 6)
    auction.close_round(room.teacher_key)
    auction.reveal(room.teacher_key)
    auction.start_round(room.teacher_key, COIN_JAR, CLOCK, seed=4)
    auction.estimate(cleo.token), auction.drop(ada.token)
    auction.raise_clock(room.teacher_key), auction.drop(ben.token)
    auction.close_round(room.teacher_key)
    auction.reveal(room.teacher_key)

    def views():
        return (auction.teacher_view(room.teacher_key).rounds,
                [auction.student_view(seat.token).revealed for seat in (ada, ben, cleo)],
                auction.projector_view(room.code))

    kept = views()
    assert views() == kept  # read again: kept
    auction.start_round(room.teacher_key, seed=5)
    auction.bid(cleo.token, 4)
    auction.close_round(room.teacher_key)
    auction.end_room(room.teacher_key)
    teacher, students, projector = views()
    afresh(monkeypatch)
    fresh_teacher, fresh_students, fresh_projector = views()
    assert teacher == fresh_teacher and teacher[:2] == kept[0]
    assert students == fresh_students and [s[:2] for s in students] == kept[1]
    assert projector == fresh_projector and projector.history == kept[2].history
    for seat, seen in zip((ada, ben, cleo), students):  # each student's own part, and only theirs, is theirs
        for r in seen:
            assert [b.nickname for b in r.table if b.mine] == [seat.nickname]
    assert [{b.nickname for b in r.table} for r in teacher[:2]] == [{"Ada", "Ben", "Cleo"}] * 2
    assert not any(b.mine for r in teacher for b in r.table or ())
    on_the_screen = kept[2].current  # the clock round just revealed, on the projector: no name but the winner's
    assert on_the_screen.number == 2 and on_the_screen.winner == "Cleo"
    assert [b.nickname for b in on_the_screen.table] == ["", "", "Cleo"]
    assert not any(b.mine for b in on_the_screen.table)


def test_a_process_keeps_at_most_so_many_revealed_rounds_the_oldest_forgotten_first(store):
    from classroom.store import FinishedCache

    kept = FinishedCache(2)
    for round_id in (1, 2, 3):
        kept.keep(store, (round_id, "teacher"), f"round {round_id}")
    assert len(kept) == 2 and kept.get(store, (1, "teacher")) is None
    assert [kept.get(store, (n, "teacher")) for n in (2, 3)] == ["round 2", "round 3"]
    assert kept.get(store, (2, 7)) is None  # another viewer's: nothing kept for them


@pytest.mark.parametrize("nickname", ["", "x" * (NICKNAME_LENGTH + 1), "Ada\x07", "  Ada   Lovelace ",
                                      "é" * NICKNAME_LENGTH])
def test_a_class_and_an_open_room_take_or_refuse_a_nickname_by_one_rule(store, auction, nickname):
    school = Classes(store)
    made, room = school.create_class("Economics"), auction.create_room("Economics, open")

    def outcome(join):
        try:
            return join().nickname
        except Refused as refusal:
            return str(refusal).split(":")[0]

    assert outcome(lambda: school.join(made.code, nickname)) == outcome(lambda: auction.join(room.code, nickname))
