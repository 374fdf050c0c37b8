"""Playing at a table from several pages (in Python, as the browser would drive them): the creator's page starts a
table from the new-game form, a classmate's page plays its own seat, each page catches up with the others, and no
page holds another seat's secrets."""

from __future__ import annotations

import random
import subprocess
import sys

import ipywidgets as W
import pytest
from support.widget_driver import page_text
from test_widgets_marcopolo import assert_no_goal_of_another_seat
from test_widgets_metropolis import assert_no_secret_shown

from boardgames import GAMES, Match
from classroom.classes import Classes
from classroom.store import open_store
from classroom.tables import CLASSMATE, OWNER, GameTables
from widgets.classpages.tables.pages import TablePage, TablesOverview
from widgets.classpages.tables.panel import ClassTables
from widgets.dashboard import StoreTables
from widgets.shell import GameApp

NAMES = ["Ada", "Ben", "Cleo"]
QUIET = {"bots_async": False, "bot_delay": 0}


@pytest.fixture
def tables(tmp_path, monkeypatch):
    monkeypatch.setenv("BOARDGAMES_DATA", str(tmp_path))
    opened = GameTables(open_store())
    yield opened
    opened.store.close()


def creator_page(game="medici", kinds=("human", CLASSMATE, "random"), seed=5, **options) -> GameApp:
    app = GameApp(Match.new(game, NAMES, seed=1), tables=ClassTables(), **QUIET)
    app.new_game(list(NAMES), seats=list(kinds), seed=seed, game=game, **options)
    return app


def classmate_page(tables, app: GameApp, seat: int) -> GameApp:
    page = TablePage(tables, app.table.code, app.table.tokens[seat], **QUIET)
    assert page.app is not None, page.message.value
    return page.app


def play_until(pages: list[GameApp], rng: random.Random, stop) -> None:
    """Each page catches up, then the page whose seat is to move plays a random legal move, until ``stop()``."""
    for _ in range(2000):
        for page in pages:
            page._sync_table()
        state = pages[0].state
        if state.is_over or stop():
            return
        movers = [p for p in pages if p.is_human(state.current_player)]
        assert movers, f"nobody moves for seat {state.current_player}"
        movers[0].play(rng.choice(movers[0].state.legal_moves()))
        assert all(not p.errors for p in pages)


def test_a_dashboard_opens_without_the_class_store_and_imports_it_when_it_makes_a_table():
    script = ("import sys; from widgets.dashboard import dashboard; app = dashboard('medici'); "
              "print(sorted(m for m in ('sqlalchemy', 'classroom', 'widgets.classpages') if m in sys.modules))")
    opened = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert opened.stdout.strip() == "[]", opened.stdout + opened.stderr


def test_the_new_game_form_makes_a_table_with_a_link_and_qr_code_for_each_classmate(tables):
    app = GameApp(Match.new("medici", NAMES, seed=1), tables=StoreTables(), **QUIET)  # the dashboards' tables
    app.setup_form.seat_pickers[1].value = CLASSMATE
    app.setup_form.seat_pickers[2].value = CLASSMATE
    app.setup_form.start.click()
    assert app.table is not None and app.seats == ["human", CLASSMATE, CLASSMATE]
    assert f"New table {app.table.code}" in app.message.text
    text = page_text(app.table_panel)
    assert app.table.code in text and "Ben's link" in text and "Cleo's link" in text
    assert text.count("<svg") == 2
    assert [b.description for box in app.table_panel.links.children for b in box.children
            if isinstance(b, W.Button)] == ["Hand Ben's seat to a bot", "Hand Cleo's seat to a bot"]
    [line] = tables.overview()
    assert line.code == app.table.code and [p.kind for p in line.players] == [OWNER, CLASSMATE, CLASSMATE]


def test_two_pages_play_one_game_each_from_its_own_seat_and_every_move_is_stored_once(tables):
    ada = creator_page()
    ben = classmate_page(tables, ada, 1)
    assert ben.seats == [CLASSMATE, "human", "random"] and ben.viewer == 1
    assert "Ada</b> is to move, on their own screen" in ben.status.value and ben.turn == "classmate"
    assert ada.turn == "human"
    play_until([ada, ben], random.Random(3), lambda: False)
    assert ada.state.is_over and ben.state.is_over
    stored = tables.view(ada.table.sitting.table_id).moves
    assert list(stored) == [str(m) for m in ada.match.moves] == [str(m) for m in ben.match.moves]
    assert ben.over_panel.layout.display != "none"
    winners = " and ".join(NAMES[s] for s in ada.state.winners())
    assert f"over: <b>{winners}</b> won (Ada " in TablesOverview(tables).body.value  # the finished table's record


def test_a_page_opened_again_finds_its_seat_and_the_game_as_it_is(tables):
    ada = creator_page()
    ben = classmate_page(tables, ada, 1)
    play_until([ada, ben], random.Random(4), lambda: ada.match.ply >= 12)
    ben.close()
    again = classmate_page(tables, ada, 1)
    assert again.match.state.to_json() == ada.match.state.to_json() and again.viewer == 1


def test_undo_takes_back_your_own_last_move_only(tables):
    ada = creator_page(kinds=("human", CLASSMATE, CLASSMATE))
    ben = classmate_page(tables, ada, 1)
    ada.play(ada.state.legal_moves()[0])
    ben._sync_table()
    assert ada.can_undo and not ben.can_undo and not ada.can_redo
    ben.undo()
    assert "Only your own last move" in ben.message.text and ben.match.ply == 1
    ada.undo()
    ben._sync_table()
    assert ada.match.ply == ben.match.ply == 0


def test_a_move_sent_twice_for_one_turn_is_stored_once_and_the_late_page_is_told(tables):
    ada = creator_page(kinds=("human", CLASSMATE, "random"))
    twin = TablePage(tables, ada.table.code, ada.table.sitting.key, **QUIET).app  # the creator's link in a 2nd tab
    first, second = ada.state.legal_moves()[:2]
    ada.play(first)
    twin.play(second)
    assert "Another move came first" in twin.message.text
    assert [str(m) for m in twin.match.moves][:1] == [str(first)]
    assert tables.view(ada.table.sitting.table_id).moves[:1] == (str(first),)


def test_the_creator_hands_a_gone_classmates_seat_to_a_bot_and_the_game_goes_on(tables):
    creator = creator_page(kinds=(CLASSMATE, "human", "random"))  # Ada, a classmate, moves first; the creator is Ben
    assert creator.match.ply == 0 and creator.turn == "classmate"
    hand = [b for b in creator.table_panel.links.children[0].children if isinstance(b, W.Button)][0]
    hand.click()
    assert creator.seats[0] not in ("human", CLASSMATE) and "played by a bot" in creator.message.text
    assert creator.match.ply > 0  # the bot made Ada's move at once


@pytest.mark.parametrize("code, key, said", [
    ("ZZZZZ", "k", "No table has the code ZZZZZ"),
    ("", "", ""),
])
def test_a_bad_link_shows_a_clear_message_and_no_game(tables, code, key, said):
    page = TablePage(tables, code, key, **QUIET)
    assert page.app is None and said in page.message.value and page.form in page.children
    page.code.value = "Q2Q2Q"
    page.take.click()
    assert "No table has the code Q2Q2Q" in page.message.value and page.app is None


def test_a_wrong_key_for_a_real_table_changes_nothing(tables):
    ada = creator_page()
    version = tables.version(ada.table.sitting.table_id)
    page = TablePage(tables, ada.table.code, "forged-key", **QUIET)
    assert page.app is None and "not one of table" in page.message.value
    assert tables.version(ada.table.sitting.table_id) == version


def test_the_teachers_overview_lists_the_tables(tables):
    ada = creator_page()
    overview = TablesOverview(tables)
    assert ada.table.code in overview.body.value and "Medici" in overview.body.value
    assert ada.table.sitting.key not in overview.body.value


# ------------------------------------------------------------------------------------- a class's tables


@pytest.fixture
def school(tables):
    """A class with Ada, Ben and Cleo, and a table of theirs: Ada and Ben members, Cleo a bot."""
    classes = Classes(tables.store)
    mine = classes.create_class("5B")
    kids = {name: classes.join(mine.code, name) for name in NAMES}
    made = tables.create(Match.new("medici", NAMES, seed=5).state, [CLASSMATE, CLASSMATE, "random"],
                         class_key=mine.key, members={0: "Ada", 1: "Ben"})
    return mine, kids, made


def member_page(tables, made, seat: int) -> GameApp:
    page = TablePage(tables, made.code, made.tokens[seat], **QUIET)
    assert page.app is not None, page.message.value
    return page.app


def test_the_open_overview_shows_no_class_table_and_says_they_are_on_the_class_page(tables, school):
    mine, _, made = school
    ada = creator_page()
    overview = TablesOverview(tables)
    assert ada.table.code in overview.body.value and made.code not in overview.body.value
    assert "on the class's own page" in page_text(overview)
    theirs = TablesOverview(tables, class_key=mine.key)
    assert made.code in theirs.body.value and ada.table.code not in theirs.body.value
    assert "Ada to move, for less than a minute" in theirs.body.value


def test_a_seat_handed_to_a_bot_by_the_class_page_is_played_by_a_page_of_the_table(tables, school):
    mine, _, made = school
    ben = member_page(tables, made, 1)
    assert ben.match.ply == 0 and ben.turn == "classmate"  # Ada is to move, and her page is not open
    tables.hand_seat_to_bot(mine.key, made.code, 0, "random")
    ben._sync_table()
    assert ben.seats[0] == "random" and ben.match.ply > 0  # Ben's page made the bot's move for Ada's seat
    assert tables.view(ben.table.sitting.table_id).moves == tuple(str(m) for m in ben.match.moves)


def test_a_table_ended_by_the_teacher_stops_every_page_and_says_so(tables, school):
    mine, _, made = school
    ada, ben = member_page(tables, made, 0), member_page(tables, made, 1)
    assert ada.turn == "human"
    tables.end_table(mine.key, made.code)
    said = f"Table {made.code} was ended by the teacher"
    ada.play(ada.state.legal_moves()[0])  # her page had not looked yet: the move is refused, saying why
    assert said in ada.message.text and ada.match.ply == 0
    ben._sync_table()
    for page in (ada, ben):
        assert page.seats == [CLASSMATE] * 3 and not page.is_human(page.state.current_player)
        assert said in page_text(page.table_panel) and not page.can_undo
    assert tables.view(ada.table.sitting.table_id).moves == ()
    again = member_page(tables, made, 1)  # opened after the end
    assert said in page_text(again.table_panel) and again.match.ply == 0


# ------------------------------------------------------------------------------------- secrets per seat


def assert_holds_no_secret(page: GameApp, seed: int) -> None:
    """The page of a seat holds nothing its seat may not know: not the seed (which tells every deck's order), not
    the saved game; its board shows the same whatever the hidden facts are (the position re-dealt for its seat)."""
    text = page_text(page)
    assert str(seed) not in text
    assert '"moves"' not in text and '"start"' not in text
    board_text = page_text(page.board)
    shown, seat = page.state, page.viewer
    page.board.show(shown.determinize(seat, random.Random(11)), seat)
    assert page_text(page.board) == board_text, "the board shows a fact the seat cannot know"
    page.board.show(shown, seat)


SEED = 90_817_263


@pytest.mark.parametrize("game, options, plies", [
    ("medici", {}, 25),
    ("medina", {}, 20),
    ("metropolis", {"deed_draft": True}, 4),
    ("marcopolo", {}, 25),
])
def test_a_seats_page_holds_only_what_its_seat_may_know(tables, game, options, plies):
    ada = creator_page(game, kinds=("human", CLASSMATE, "random"), seed=SEED, **options)
    ben = classmate_page(tables, ada, 1)
    checks = 0

    def check() -> bool:
        nonlocal checks
        ben._sync_table()
        assert_holds_no_secret(ben, SEED)
        if game == "marcopolo":
            assert_no_goal_of_another_seat(ben, 1)
        if game == "metropolis":
            assert_no_secret_shown(ben, 1)
        checks += 1
        return ben.match.ply >= plies

    play_until([ada, ben], random.Random(5), check)
    assert checks > 3 and GAMES[game].NAME in ben.header.value


def test_the_secret_check_catches_a_board_that_shows_the_next_card(tables, monkeypatch):
    from widgets.games.medici import MediciBoard

    shown = MediciBoard.show

    def leaky(self, state, viewer=None):
        shown(self, state, viewer)
        self._dom_classes = (*self._dom_classes, f"next-{state.deck[0]}")

    ada = creator_page("medici", kinds=("human", CLASSMATE, "random"), seed=SEED)
    ben = classmate_page(tables, ada, 1)
    monkeypatch.setattr(MediciBoard, "show", leaky)
    ben.refresh()
    with pytest.raises(AssertionError, match="cannot know"):
        assert_holds_no_secret(ben, SEED)
