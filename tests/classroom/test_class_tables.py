"""Game tables in the class store, on SQLite and on a real PostgreSQL server: one truth (the seed, the seats and the
ordered moves), each move checked by the engine before it is stored, one move a ply, secrets per seat, nothing
lost across a restart, and bad links refused with nothing changed."""

from __future__ import annotations

import random
import threading

import pytest

from boardgames import Match, medici
from classroom.classes import SEEN_EVERY, Classes
from classroom.store import Refused, open_store
from classroom.tables import CLASSMATE, OWNER, GameTables, catch_up
from widgets.classpages.tables.panel import TableLink

NAMES = ["Ada", "Ben", "Cleo"]


@pytest.fixture
def tables(store):
    return GameTables(store)


def new_table(tables, kinds=(OWNER, CLASSMATE, "random"), seed=5):
    start = medici.new_game(NAMES, seed=seed)
    made = tables.create(start, list(kinds))
    return made, tables.open(made.code, made.owner_key)


def stored_moves(tables, sitting) -> tuple[str, ...]:
    return tables.view(sitting.table_id).moves


def current(tables, sitting) -> Match:
    return catch_up(Match(tables.start_of(sitting.table_id)), stored_moves(tables, sitting))


def test_a_table_has_a_code_an_owner_key_and_a_token_for_each_classmate_seat(tables):
    made, owner = new_table(tables)
    assert len(made.code) == 5 and made.owner_key and set(made.tokens) == {1}
    assert owner.owner and owner.seats == (0,)
    ben = tables.open(made.code.lower(), made.tokens[1])  # a code typed in any case
    assert ben.seats == (1,) and not ben.owner
    seats = tables.view(owner.table_id).seats
    assert [(s.name, s.kind, s.claimed) for s in seats] == [("Ada", OWNER, True), ("Ben", CLASSMATE, True),
                                                           ("Cleo", "random", False)]


def test_bad_links_are_refused_and_change_nothing(tables):
    made, owner = new_table(tables)
    before = tables.version(owner.table_id)
    with pytest.raises(Refused, match="No table has the code"):
        tables.open("ZZZZZ", made.owner_key)
    with pytest.raises(Refused, match="No table has the code"):
        tables.open(made.code[:4], made.tokens[1])  # a damaged code
    with pytest.raises(Refused, match="not one of table"):
        tables.open(made.code, "not-a-key")
    with pytest.raises(Refused, match="not one of table"):
        tables.open(made.code, "")
    assert tables.version(owner.table_id) == before
    assert not tables.view(owner.table_id).seats[1].claimed


def test_joining_by_code_takes_the_free_classmate_seats_in_order_then_says_none_is_left(tables):
    made, owner = new_table(tables, kinds=(OWNER, CLASSMATE, CLASSMATE))
    assert tables.join(made.code).seats == (1,)
    assert tables.join(made.code).seats == (2,)
    with pytest.raises(Refused, match="Every classmate's seat at table .* is taken"):
        tables.join(made.code)


def test_a_move_is_checked_by_the_engine_and_stored_at_its_ply(tables):
    made, owner = new_table(tables)
    match = current(tables, owner)
    state = match.state
    assert state.current_player == 0
    move = state.legal_moves()[0]
    after = tables.record(owner, 0, state, move)
    assert stored_moves(tables, owner) == (str(move),)
    assert current(tables, owner).state.to_json() == after.to_json()
    view = tables.view(owner.table_id)
    assert view.version > 1 and view.turn == after.current_player


def test_an_illegal_move_is_refused_with_the_rule_and_nothing_is_stored(tables):
    made, owner = new_table(tables)
    state = current(tables, owner).state
    with pytest.raises(Refused, match=r"\w"):
        tables.record(owner, 0, state, medici.Bid(99))  # no auction is open
    assert stored_moves(tables, owner) == ()


def test_a_move_for_a_seat_this_page_does_not_hold_is_refused(tables):
    made, owner = new_table(tables, kinds=(CLASSMATE, OWNER, "random"))
    state = current(tables, owner).state
    assert state.current_player == 0  # Ada, a classmate's seat
    with pytest.raises(Refused, match="only Ada's page may move"):
        tables.record(owner, 0, state, state.legal_moves()[0])
    with pytest.raises(Refused, match="only Ada's page may move"):  # nor as a bot's move
        tables.record(owner, 0, state, state.legal_moves()[0], bot=True)
    ada = tables.open(made.code, made.tokens[0])
    tables.record(ada, 0, state, state.legal_moves()[0])
    assert len(stored_moves(tables, owner)) == 1


def test_of_two_moves_for_one_ply_the_store_keeps_the_first_and_refuses_the_other(tables):
    made, owner = new_table(tables)
    state = current(tables, owner).state
    first, second = state.legal_moves()[:2]
    tables.record(owner, 0, state, first)
    with pytest.raises(Refused, match="Another move came first"):
        tables.record(owner, 0, state, second)
    assert stored_moves(tables, owner) == (str(first),)


def test_a_bot_seats_move_is_stored_once_when_every_page_sends_it_at_the_same_moment(store_url):
    """Eight pages (eight connections) send the bot's move for the same ply at one barrier: exactly one is kept."""
    opened = open_store(store_url)
    tables = GameTables(opened)
    made = tables.create(medici.new_game(NAMES, seed=5), ["random", OWNER, CLASSMATE])
    pages = [tables.open(made.code, made.owner_key)] * 4 + [tables.open(made.code, made.tokens[2])] * 4
    state = current(tables, pages[0]).state
    moves = state.legal_moves()
    barrier = threading.Barrier(len(pages))
    outcomes: list[str] = []

    def send(k: int) -> None:
        page_tables = GameTables(open_store(store_url))
        barrier.wait()
        try:
            page_tables.record(pages[k], 0, state, moves[k % len(moves)], bot=True)
            outcomes.append("stored")
        except Refused:
            outcomes.append("refused")
        finally:
            page_tables.store.close()

    threads = [threading.Thread(target=send, args=(k,)) for k in range(len(pages))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(outcomes) == ["refused"] * 7 + ["stored"]
    assert len(stored_moves(tables, pages[0])) == 1
    opened.close()


def test_undo_takes_back_only_your_own_last_move_before_anyone_else_moves(tables):
    made, owner = new_table(tables, kinds=(OWNER, CLASSMATE, "random"))
    ben = tables.open(made.code, made.tokens[1])
    match = current(tables, owner)
    tables.record(owner, 0, match.state, match.state.legal_moves()[0])
    with pytest.raises(Refused, match="Only your own last move"):
        tables.undo(ben, lambda ply: None)
    match = current(tables, owner)
    assert tables.undo(owner, lambda ply: match.states[ply]) == 0
    assert stored_moves(tables, owner) == ()
    assert tables.view(owner.table_id).turn == 0


def test_the_creator_hands_a_classmates_seat_to_a_bot_and_the_old_link_only_watches(tables):
    made, owner = new_table(tables, kinds=(CLASSMATE, OWNER, "random"))
    ben = tables.open(made.code, made.tokens[0])
    with pytest.raises(Refused, match="Only the table's creator"):
        tables.hand_to_bot(ben, 0, "random")
    with pytest.raises(Refused, match="Only a classmate's seat"):
        tables.hand_to_bot(owner, 2, "random")
    tables.hand_to_bot(owner, 0, "expert")
    assert tables.view(owner.table_id).seats[0].kind == "expert"
    state = current(tables, owner).state
    with pytest.raises(Refused, match="played by a bot"):  # the old page's token no longer moves for the seat...
        tables.record(ben, 0, state, state.legal_moves()[0])
    again = tables.open(made.code, made.tokens[0])
    assert again.seats == () and "handed to a bot" in again.note
    tables.record(owner, 0, state, state.legal_moves()[0], bot=True)  # ...any page of the table makes the bot's move


def test_a_restart_loses_no_table_and_no_move(store_url):
    first = GameTables(open_store(store_url))
    made = first.create(medici.new_game(NAMES, seed=9), [OWNER, CLASSMATE, "random"])
    owner = first.open(made.code, made.owner_key)
    match = current(first, owner)
    for _ in range(6):
        state = match.state
        seat_page = owner if state.current_player != 1 else first.open(made.code, made.tokens[1])
        first.record(seat_page, match.ply, state, state.legal_moves()[0], bot=state.current_player == 2)
        match.play(state.legal_moves()[0])
    first.store.close()
    again = GameTables(open_store(store_url))  # the server started again
    sitting = again.open(made.code, made.owner_key)
    assert current(again, sitting).state.to_json() == match.state.to_json()
    again.store.close()


def test_the_overview_lists_every_table_with_its_game_players_moves_and_turn(tables):
    made, owner = new_table(tables)
    state = current(tables, owner).state
    tables.record(owner, 0, state, state.legal_moves()[0])
    [line] = tables.overview()
    assert (line.code, line.game, line.moves, line.over) == (made.code, "medici", 1, False)
    assert [p.name for p in line.players] == NAMES and line.turn in NAMES
    assert "owner_key" not in repr(line) and made.owner_key not in repr(line)


def test_a_pages_look_at_its_table_and_the_overviews_look_are_one_query_each(tables, counted_queries):
    made, owner = new_table(tables)
    for look in (lambda: tables.version(owner.table_id), tables.stamp):
        with counted_queries(tables.store) as queries:
            look()
        assert len(queries) == 1, queries


def test_every_write_of_a_table_bumps_its_version_and_the_overviews_stamp(tables):
    made, owner = new_table(tables, kinds=(OWNER, CLASSMATE, CLASSMATE))
    seen = [(tables.version(owner.table_id), tables.stamp())]
    tables.open(made.code, made.tokens[1])  # Ben comes
    seen.append((tables.version(owner.table_id), tables.stamp()))
    tables.join(made.code)  # Cleo takes the last seat
    seen.append((tables.version(owner.table_id), tables.stamp()))
    match = current(tables, owner)
    tables.record(owner, 0, match.state, match.state.legal_moves()[0])
    seen.append((tables.version(owner.table_id), tables.stamp()))
    match = current(tables, owner)
    tables.undo(owner, lambda ply: match.states[ply])
    seen.append((tables.version(owner.table_id), tables.stamp()))
    tables.hand_to_bot(owner, 2, "random")
    seen.append((tables.version(owner.table_id), tables.stamp()))
    assert len({version for version, _ in seen}) == len({stamp for _, stamp in seen}) == len(seen)


# ------------------------------------------------------------------------------------- a class's tables


class Clock:
    """The time as a test sets it."""

    def __init__(self, at: float = 1_000.0) -> None:
        self.at = at

    def __call__(self) -> float:
        return self.at


@pytest.fixture
def school(store):
    """A class with Ada, Ben and Cleo (who join in this order), and another class with Dan."""
    classes = Classes(store)
    mine, other = classes.create_class("5B"), classes.create_class("5C")
    kids = {name: classes.join(mine.code, name) for name in NAMES}
    kids["Dan"] = classes.join(other.code, "Dan")
    return mine, other, kids


def class_table(tables, mine, kids, kinds=(CLASSMATE, CLASSMATE, "random"), seed=5):
    members = {s: NAMES[s] for s, kind in enumerate(kinds) if kind == CLASSMATE}
    return tables.create(medici.new_game(NAMES, seed=seed), list(kinds), class_key=mine.key, members=members)


def test_a_class_table_seats_its_members_each_found_by_their_personal_link(tables, school):
    mine, _, kids = school
    made = class_table(tables, mine, kids)
    [ada_seat] = tables.member_seats(kids["Ada"].token)
    assert (ada_seat.code, ada_seat.game, ada_seat.seat, ada_seat.name) == (made.code, "medici", 0, "Ada")
    assert ada_seat.turn == "Ada" and ada_seat.your_turn and not (ada_seat.over or ada_seat.ended)
    [ben_seat] = tables.member_seats(kids["Ben"].token)
    assert ben_seat.seat == 1 and not ben_seat.your_turn
    assert tables.member_seats(kids["Cleo"].token) == []  # Cleo's seat is a bot's
    ada = tables.open_member(made.code.lower(), kids["Ada"].token)  # her class page's link: her token finds her seat
    assert ada.seats == (0,) and ada.member_id == kids["Ada"].id and ada.by_member
    assert kids["Ada"].token not in repr(ada)
    by_link = tables.open(made.code, made.tokens[0])  # the seat's own link works as any seat's page
    assert by_link.seats == (0,) and by_link.member_id == kids["Ada"].id and not by_link.by_member
    assert tables.open(made.code, made.owner_key).member_id is None
    with pytest.raises(Refused, match=f"You have no seat at table {made.code}"):
        tables.open_member(made.code, kids["Cleo"].token)  # Cleo's seat is a bot's: none of hers
    with pytest.raises(Refused, match="personal link is not known"):
        tables.open_member(made.code, made.tokens[1])  # a seat's token is no member's
    with pytest.raises(Refused, match="Every classmate's seat"):  # Ben's seat is his alone, by his link
        tables.join(made.code)


def test_a_class_table_needs_its_teachers_key_and_its_own_members_or_nothing_is_made(tables, school):
    mine, other, kids = school
    start = medici.new_game(NAMES, seed=5)
    kinds = [CLASSMATE, CLASSMATE, "random"]
    refusals = [
        ({"class_key": "wrong-key"}, "class page's key is not known"),
        ({"class_key": other.key, "members": {0: "Ada"}}, "Ada is not a member of this class"),
        ({"members": {0: "Ada"}}, "at a table of their class"),
        ({"class_key": mine.key, "members": {2: "Cleo"}}, "seat 2 is not one"),
        ({"class_key": mine.key, "members": {0: "Ada", 1: " ada"}}, "one seat of a table"),
        ({"class_key": mine.key, "members": {0: "Dan"}}, "Dan is not a member of this class"),
    ]
    for options, said in refusals:
        with pytest.raises(Refused, match=said):
            tables.create(start, kinds, **options)
    assert tables.stamp() == tables.stamp(mine.key) == tables.stamp(other.key) == (0, 0)
    with pytest.raises(Refused, match="personal link is not known"):
        tables.member_seats("not-a-token")


def test_the_open_overview_shows_only_tables_of_no_class_and_a_class_key_shows_that_classs(tables, school):
    mine, other, kids = school
    open_table, _ = new_table(tables)
    ours = class_table(tables, mine, kids)
    theirs = tables.create(medici.new_game(NAMES, seed=6), [OWNER, OWNER, "random"], class_key=other.key)
    assert [line.code for line in tables.overview()] == [open_table.code]
    assert [line.code for line in tables.overview(mine.key)] == [ours.code]
    assert [line.code for line in tables.overview(other.key)] == [theirs.code]
    assert tables.overview("no-class-has-this-key") == [] and tables.stamp("no-class-has-this-key") == (0, 0)
    assert tables.stamp()[0] == tables.stamp(mine.key)[0] == 1


def test_a_line_says_since_when_the_turn_to_move_waits(store, school):
    mine, _, kids = school
    clock = Clock(1_000.0)
    tables = GameTables(store, now=clock)
    made = class_table(tables, mine, kids, kinds=(CLASSMATE, CLASSMATE, CLASSMATE))
    [line] = tables.overview(mine.key)
    assert line.since == 1_000.0 and line.turn == "Ada" and not line.ended
    clock.at = 1_060.0
    ada = tables.open(made.code, made.tokens[0])  # a seat opened is no move: the turn still waits since 1000
    [line] = tables.overview(mine.key)
    assert line.since == 1_000.0 and line.updated == 1_060.0
    clock.at = 1_200.0
    state = current(tables, ada).state
    tables.record(ada, 0, state, state.legal_moves()[0])
    [line] = tables.overview(mine.key)
    assert line.since == 1_200.0 and line.moves == 1
    clock.at = 1_300.0
    match = current(tables, ada)
    tables.undo(ada, lambda ply: match.states[ply])  # the move taken back: the turn waits since the creation
    [line] = tables.overview(mine.key)
    assert line.since == 1_000.0 and line.moves == 0


def test_a_finished_tables_line_has_its_record_the_engines_winners_and_final_scores(tables, school):
    mine, _, kids = school
    made = tables.create(medici.new_game(NAMES, seed=3), ["random"] * 3, class_key=mine.key)
    page = tables.open(made.code, made.owner_key)
    match = current(tables, page)
    rng = random.Random(1)
    while not match.state.is_over:
        move = rng.choice(match.state.legal_moves())
        tables.record(page, match.ply, match.state, move, bot=True)
        match.play(move)
    [line] = tables.overview(mine.key)
    final = match.state
    assert line.over and line.turn == "" and line.moves == match.ply
    assert line.scores == tuple(final.scores()) and line.winners == tuple(NAMES[s] for s in final.winners())
    assert line.winner and line.winner in " and ".join(NAMES)
    assert tables.overview(mine.key) == [line]  # read again (the record kept, not replayed): the same


def test_the_teacher_ends_a_table_and_every_later_request_is_refused_saying_so_with_nothing_changed(tables, school):
    mine, _, kids = school
    made = class_table(tables, mine, kids, kinds=(CLASSMATE, CLASSMATE, CLASSMATE))
    ada = tables.open(made.code, made.tokens[0])  # Ada's page, open when the teacher ends the table
    owner = tables.open(made.code, made.owner_key)
    state = current(tables, ada).state
    before = tables.version(ada.table_id)
    tables.end_table(mine.key, made.code.lower())  # the code as typed
    ended = tables.version(ada.table_id)
    assert ended > before and tables.view(ada.table_id).ended
    [line] = tables.overview(mine.key)
    assert line.ended and not line.over
    said = f"Table {made.code} was ended by the teacher"
    stale = [
        lambda: tables.record(ada, 0, state, state.legal_moves()[0]),
        lambda: tables.record(owner, 0, state, state.legal_moves()[0], bot=True),
        lambda: tables.undo(ada, lambda ply: state),
        lambda: tables.hand_to_bot(owner, 1, "random"),
        lambda: tables.join(made.code),
        lambda: tables.end_table(mine.key, made.code),  # a class page that did not know yet
        lambda: tables.hand_seat_to_bot(mine.key, made.code, 1, "random"),
    ]
    for request in stale:
        with pytest.raises(Refused, match=said):
            request()
    assert tables.version(ada.table_id) == ended and stored_moves(tables, ada) == ()
    assert [s.kind for s in tables.view(ada.table_id).seats] == [CLASSMATE] * 3
    again = tables.open(made.code, made.tokens[1])  # Ben's link opened after the end: he watches, told why
    assert again.seats == () and said in again.note
    assert tables.open(made.code, made.owner_key).seats == ()
    assert [seat.ended for seat in tables.member_seats(kids["Ben"].token)] == [True]


def test_the_class_page_hands_a_members_seat_to_a_bot_and_any_page_of_the_table_plays_it(tables, school):
    mine, other, kids = school
    made = class_table(tables, mine, kids)
    ben = tables.open(made.code, made.tokens[1])
    tables.hand_seat_to_bot(mine.key, made.code, 0, "random")  # Ada is stuck: a bot plays her seat
    assert tables.view(ben.table_id).seats[0].kind == "random"
    state = current(tables, ben).state
    tables.record(ben, 0, state, state.legal_moves()[0], bot=True)  # Ben's page makes the bot's move
    assert len(stored_moves(tables, ben)) == 1
    assert "handed to a bot" in tables.open(made.code, made.tokens[0]).note


def test_only_the_classs_own_teacher_key_hands_a_seat_or_ends_a_table(tables, school):
    mine, other, kids = school
    ours = class_table(tables, mine, kids)
    open_table, _ = new_table(tables)
    version = tables.stamp(mine.key), tables.stamp()
    refusals = [
        (lambda: tables.end_table("wrong-key", ours.code), "class page's key is not known"),
        (lambda: tables.hand_seat_to_bot("", ours.code, 1, "random"), "class page's key is not known"),
        (lambda: tables.end_table(other.key, ours.code), f"Table {ours.code} is not one of this class's"),
        (lambda: tables.hand_seat_to_bot(other.key, ours.code, 1, "random"), "not one of this class's"),
        (lambda: tables.end_table(mine.key, open_table.code), "not one of this class's"),
        (lambda: tables.end_table(mine.key, "ZZZZZ"), "No table has the code ZZZZZ"),
        (lambda: tables.hand_seat_to_bot(mine.key, ours.code, 2, "random"), "Only a classmate's seat"),
        (lambda: tables.hand_seat_to_bot(mine.key, ours.code, 1, "grandmaster"), "one of these levels"),
    ]
    for request, said in refusals:
        with pytest.raises(Refused, match=said):
            request()
    assert (tables.stamp(mine.key), tables.stamp()) == version


def test_a_members_seat_page_tells_the_class_it_is_open_and_its_look_stays_one_query(tables, school,
                                                                                    counted_queries):
    mine, _, kids = school
    made = class_table(tables, mine, kids)
    classes = Classes(tables.store)
    assert [m.seen for m in classes.class_view(mine.key).members] == [None, None, None]
    clock = Clock(0.0)
    ada = TableLink(tables, tables.open(made.code, made.tokens[0]), clock=clock)  # her seat's page opens
    assert [m.seen is not None for m in classes.class_view(mine.key).members] == [True, False, False]
    with counted_queries(tables.store) as queries:
        clock.at = 0.5
        ada.changed()  # the page's look, half a second later
    assert len(queries) == 1, queries
    with counted_queries(tables.store) as queries:
        clock.at = SEEN_EVERY
        ada.changed()  # the page still open a while later: the class is told again
    assert any("members" in query for query in queries)


def test_a_class_pages_look_at_its_tables_is_one_query(tables, school, counted_queries):
    mine, _, kids = school
    class_table(tables, mine, kids)
    with counted_queries(tables.store) as queries:
        tables.stamp(mine.key)
    assert len(queries) == 1, queries
