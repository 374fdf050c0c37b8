"""Game tables in the class store, on SQLite and on a real PostgreSQL server: one truth (the seed, the seats and the
ordered moves), each move checked by the engine before it is stored, one move a ply, secrets per seat, nothing
lost across a restart, and bad links refused with nothing changed."""

from __future__ import annotations

import threading

import pytest

from boardgames import Match, medici
from classroom.store import Refused, open_store
from classroom.tables import CLASSMATE, OWNER, GameTables, catch_up

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
