"""The class's pages driven from Python as a class drives them, on a SQLite class store of their own: the teacher
creates a class and keeps its page's key; students join once (a taken nickname refused, nothing changed) and come
back by their personal link; the class page shows who is here now, its tables (a stalled one standing out, its seat
handed to a bot, a table ended), its auction rounds beside the published result, the class's predictions beside
what happened, the practice grid, and the export. Nothing of a class shows without its key; no key reaches a
student's page or the projector view."""

from __future__ import annotations

import base64
import io
import urllib.parse
import zipfile

import ipywidgets as W
import pytest
from support.widget_driver import page_text

from classroom.classes import FIRST_TRY, MISSED
from classroom.practice import Answer, PracticeRecord
from classroom.store import open_store
from widgets.classpages.classes import ClassPage, ProjectorPage, StudentClassPage
from widgets.classpages.classes.class_tables import STALLED
from widgets.classpages.classes.shared import ClassStore


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.t = 1_700_000_000.0

    def __call__(self) -> float:
        return self.t


@pytest.fixture
def clock():
    return Clock()


@pytest.fixture
def school(tmp_path, monkeypatch, clock):
    monkeypatch.setenv("BOARDGAMES_DATA", str(tmp_path))
    monkeypatch.delenv("BOARDGAMES_DB", raising=False)
    store = open_store(f"sqlite:///{tmp_path / 'class.db'}")
    yield ClassStore(store, now=clock)
    store.close()


@pytest.fixture
def klass(school):
    return school.classes.create_class("Economics, 2nd period")


def joined(school, klass, *names):
    return {name: school.classes.join(klass.code, name) for name in names}


def href(widget_html: str, css: str) -> str:
    """The address of the link of class ``css`` in a widget's HTML."""
    after = widget_html.split(f"class='{css}'", 1)[1]
    return after.split("href='", 1)[1].split("'", 1)[0]


# ---------------------------------------------------------------------------------------------- the class page

def test_the_teacher_creates_a_class_and_is_sent_to_its_page_with_the_key(school):
    page = ClassPage(school)
    page.name.value = "  "
    page.create()
    assert "Give the class a name" in page.message.value
    page.name.value = "Economics"
    page.create()
    text = page_text(page)
    assert "is ready" in text and "class/teacher.ipynb?key=" in text and "keep it to yourself" in text


def test_the_class_page_shows_the_code_the_join_address_its_qr_code_and_the_projector_view_without_a_key(
        school, klass):
    page = ClassPage(school, klass.key)
    header = page.header.value
    assert klass.code in header and "<svg" in header
    assert f"class/student.ipynb?code={klass.code}" in header
    projector = href(header, "bg-projector-link")
    assert projector.endswith(f"class/projector.ipynb?class={klass.code}") and klass.key not in projector
    assert "put <b>that</b> page on the projector" in header


def test_a_wrong_key_shows_a_sentence_and_nothing_of_any_class(school, klass):
    joined(school, klass, "Ada")
    for key in ("not-the-key", "", "' or 1=1 --"):
        page = ClassPage(school, key)
        assert "key is not known" in page.message.value
        text = page_text(page)
        assert "Economics" not in text and "Ada" not in text and klass.code not in text


def test_students_join_once_and_the_class_page_shows_them_here_now(school, klass, clock):
    ada = StudentClassPage(school, code=klass.code.lower())
    assert ada.code.value == klass.code
    ada.nickname.value = "Ada"
    ada.join()
    link = href(ada.children[0].value, "bg-member-link")
    assert "class/student.ipynb?member=" in link and "bookmark it" in ada.children[0].value
    again = StudentClassPage(school, code=klass.code)
    again.nickname.value = " ada "
    again.join()
    assert "The nickname ada is taken" in again.message.value
    assert [m.nickname for m in school.classes.members(klass.key)] == ["Ada"]
    teacher = ClassPage(school, klass.key)
    assert "data-here='0'" in teacher.here.value and "Ada" in teacher.roster.value
    token = urllib.parse.parse_qs(urllib.parse.urlparse(link).query)["member"][0]
    mine = StudentClassPage(school, token)  # the personal link opened: the page says it is open
    assert "Ada in Economics, 2nd period" in mine.header.value
    clock.t += 1
    teacher.refresh()
    assert "data-here='1'" in teacher.here.value and "Ada" in teacher.here.value
    clock.t += 120  # nobody's page has looked in for two minutes: nobody is here now
    teacher.refresh()
    assert "data-here='0'" in teacher.here.value and "2 min ago" in teacher.roster.value


def test_a_damaged_token_gives_the_sentence_and_the_join_form(school, klass):
    ada = joined(school, klass, "Ada")["Ada"]
    page = StudentClassPage(school, ada.token[:-3])
    assert "This personal link is not known" in page.message.value
    assert hasattr(page, "nickname") and "Ada" not in page_text(page)


def test_no_key_reaches_a_students_page_or_the_projector_view(school, klass):
    ada = joined(school, klass, "Ada")["Ada"]
    room = school.auction.create_room("Coins", class_key=klass.key)
    teacher = ClassPage(school, klass.key)
    teacher.new_table.game.value = "medici"
    teacher.new_table.seats.children[0].value = "member:Ada"
    teacher.new_table.seats.children[1].value = "bot:random"
    teacher.new_table.button.click()
    made = school.tables.overview(class_key=klass.key)
    assert len(made) == 1, teacher.message.value
    student = StudentClassPage(school, ada.token)
    projector = ProjectorPage(school, klass.code)
    for page in (student, projector):
        text = page_text(page)
        assert klass.key not in text and room.teacher_key not in text
    assert ada.token not in page_text(projector)
    assert not [w for w in _widgets(projector) if isinstance(w, (W.Button, W.Text, W.Dropdown))]


def _widgets(root):
    yield root
    for child in getattr(root, "children", ()):
        yield from _widgets(child)


def test_the_projector_view_shows_the_code_the_join_address_and_the_count_here_now(school, klass):
    projector = ProjectorPage(school, klass.code.lower())
    assert klass.code in projector.board.value and "<svg" in projector.board.value
    assert f"class/student.ipynb?code={klass.code}" in projector.board.value
    assert "data-here='0'" in projector.count.value
    ada = joined(school, klass, "Ada")["Ada"]
    school.classes.seen(ada.token)
    projector.refresh()
    assert "data-here='1'" in projector.count.value and "1 in the class" in projector.count.value
    unknown = ProjectorPage(school, "ZZZZZ")
    assert "No class has the code ZZZZZ" in unknown.message.value


# ---------------------------------------------------------------------------------------------- the student's page

def test_the_students_page_links_their_rooms_their_seats_and_the_rules_notebooks_with_their_token(school, klass):
    ada = joined(school, klass, "Ada", "Ben")["Ada"]
    teacher = ClassPage(school, klass.key)
    teacher.auction.title.value = "Coins"
    teacher.auction.new.click()
    [room] = school.classes.rooms(klass.key)
    teacher.new_table.game.value = "medici"
    teacher.new_table.seats.children[0].value = "member:Ada"
    teacher.new_table.seats.children[1].value = "member:Ben"
    teacher.new_table.button.click()
    page = StudentClassPage(school, ada.token)
    assert f"auction/student.ipynb?room={room.code}&amp;member={ada.token}" in page.rooms.value
    [line] = school.tables.overview(class_key=klass.key)
    assert f"tables/table.ipynb?table={line.code}" in page.seats.value and "your turn" in page.seats.value
    practice = page_text(page)
    assert f"medici/02-a-turn.ipynb?member={ada.token}" in practice.replace("&amp;", "&")


# ---------------------------------------------------------------------------------------------- tables

def test_a_table_stalled_on_one_turn_stands_out_and_the_teacher_hands_the_seat_to_a_bot_then_ends_it(
        school, klass, clock):
    joined(school, klass, "Ada", "Ben")
    page = ClassPage(school, klass.key)
    form = page.new_table
    form.game.value = "medici"
    form.count.value = 3
    form.seats.children[0].value = "member:Ada"
    form.seats.children[1].value = "member:Ada"
    form.button.click()
    assert "one seat of a table, not two" in page.message.value and not school.tables.overview(class_key=klass.key)
    form.seats.children[1].value = "member:Ben"
    form.seats.children[2].value = "bot:expert"
    form.button.click()
    [row] = page.tables.rows.values()
    assert "data-stalled='0'" in row.words.value and "Ada</span> to move" in row.words.value
    clock.t += STALLED + 60
    page.refresh()
    assert "data-stalled='1'" in row.words.value and "stalled" in row.words.value and "for 3 min" in row.words.value
    assert row.hand.description == "Hand Ada's seat to a bot"
    row.hand.click()
    [line] = school.tables.overview(class_key=klass.key)
    assert line.players[0].kind == "expert"
    assert "data-stalled='0'" in row.words.value and row.hand.disabled
    assert "data-waiting='1'" in row.words.value and "a bot moves once a page of this table is open" in row.words.value
    row.end.click()
    assert not page.tables.rows and "ended by the teacher" in page.tables.records.value
    version = school.tables.stamp(klass.key)
    row.end.click()  # the row as a stale page still shows it: a sentence, nothing changed
    assert "was ended by the teacher" in page.message.value and school.tables.stamp(klass.key) == version


# ---------------------------------------------------------------------------------------------- the auction

def a_round(school, room, seats, bids, question=None, answers=()):
    key = room.teacher_key
    school.auction.start_round(key, low=8, high=8, noise=2, question=question)
    for seat, answer in zip(seats, answers):
        school.auction.predict(seat.token, answer)
    for seat, amount in zip(seats, bids):
        school.auction.estimate(seat.token)
        school.auction.bid(seat.token, amount)
    school.auction.close_round(key)
    school.auction.reveal(key)


def test_the_auction_shows_each_round_and_the_chart_of_the_class_beside_the_published_result(school, klass):
    members = joined(school, klass, "Ada", "Ben", "Cleo")
    page = ClassPage(school, klass.key)
    page.auction.new.click()
    [room_line] = school.classes.rooms(klass.key)
    assert f"auction/teacher.ipynb?key={room_line.teacher_key}" in page.auction.rooms.value
    assert f"auction/projector.ipynb?room={room_line.code}" in page.auction.rooms.value
    room = type("R", (), {"teacher_key": room_line.teacher_key})
    seats = [school.auction.join_member(room_line.code, m.token) for m in members.values()]
    a_round(school, room, seats, ["11", "9", "4"], question="overpay", answers=["yes", "no", "yes"])
    a_round(school, room, seats, ["7", "6", "5"])
    page.refresh()
    rounds = page.auction.rounds.value
    assert rounds.count("bg-class-round'") == 2
    assert "loss $3.00" in rounds and "profit $1.00" in rounds  # the jar was worth $8.00
    assert list(page.auction.chart.rounds.y) == [-3.0, 1.0]
    key = page.auction.chart.key.value
    assert "Bazerman" in key and "Journal of Conflict Resolution" in key and "$10.01" in key
    assert "bg-class-paid'>112%" in key and "the published winners paid 125%" in key  # $11 and $7 for $8 jars
    predictions = page.predictions.value
    assert "Will the winner pay more than the jar is worth?" in predictions
    assert "data-answer='yes' data-count='2'" in predictions and "<b class='bg-outcome'>yes</b>" in predictions
    assert "2 of 3 predicted it" in predictions


# ---------------------------------------------------------------------------------------------- practice, export

def test_the_practice_grid_shows_students_by_rules_in_sign_and_word_the_most_missed_first(school, klass):
    members = joined(school, klass, "Ada", "Ben")
    record = PracticeRecord(school.store)
    easy, hard = "medici.setup.players", "medici.reveal.limit"
    record.keep(Answer(members["Ada"].learner, "medici", "medici.k1", 1, (easy,), True, True, None, 1.0))
    record.keep(Answer(members["Ben"].learner, "medici", "medici.k2", 1, (hard,), False, True, hard, 2.0))
    record.keep(Answer(members["Ada"].learner, "medici", "medici.k2", 1, (hard,), False, True, hard, 3.0))
    grid = ClassPage(school, klass.key).grid.value
    assert grid.index(hard) < grid.index(easy)
    assert "Most missed" in grid
    assert f"<b>{hard}: </b>A lot has at most 3 cards. <span class='bg-quiet'>(missed by 2)" in grid
    assert f"data-state='{MISSED}'" in grid and f"data-state='{FIRST_TRY}'" in grid
    assert "✗" in grid and "right at first try" in grid and "missed" in grid


def test_one_click_downloads_the_workbook_and_the_csv_files_with_no_key_or_token_in_them(school, klass):
    import openpyxl

    ada = joined(school, klass, "=1+2*A1")["=1+2*A1"]
    page = ClassPage(school, klass.key)
    book = base64.b64decode(href(page.export.value, "bg-download-xlsx").split("base64,", 1)[1])
    sheets = openpyxl.load_workbook(io.BytesIO(book)).sheetnames
    assert {"Participation", "Auction bids", "Tables", "Practice"} <= set(sheets)
    zipped = base64.b64decode(href(page.export.value, "bg-download-csv").split("base64,", 1)[1])
    files = zipfile.ZipFile(io.BytesIO(zipped))
    assert files.namelist()
    for data in (book, *(files.read(n) for n in files.namelist())):
        assert klass.key.encode() not in data and ada.token.encode() not in data


# ---------------------------------------------------------------------------------------------- practice from a link

def test_a_rules_notebook_opened_from_a_members_link_keeps_their_answers_as_theirs_and_counts_them_here(
        school, klass, monkeypatch, clock):
    import time

    from boardgames.practice import draw
    from widgets import notebook
    from widgets.shell import exercise as shell_exercise

    clock.t = time.time()  # the notebook's page keeps the time of day
    ada = joined(school, klass, "Ada")["Ada"]
    monkeypatch.setenv("QUERY_STRING", f"member={ada.token}")
    monkeypatch.setattr(shell_exercise, "_NOTEBOOK", None)  # a new kernel
    monkeypatch.setattr(notebook, "_MEMBERS", {})
    monkeypatch.setattr(notebook, "_CLASSES", [])
    monkeypatch.setattr(notebook, "display", lambda bundle, raw: None)
    notebook.practise("medici.bid-must-exceed", seed=3)
    progress = shell_exercise._NOTEBOOK
    assert progress.learner == ada.learner
    exercise = draw("medici.bid-must-exceed", 3)
    progress.answered(exercise, exercise.answer(exercise.right_answers()[0]), first_try=True)
    progress.close()
    [member] = school.classes.members(klass.key)
    assert member.here
    grid = ClassPage(school, klass.key).grid.value
    assert "data-state='right at first try'" in grid
    monkeypatch.setenv("QUERY_STRING", "member=not-a-member")  # a damaged link: this machine's learner
    monkeypatch.setattr(shell_exercise, "_NOTEBOOK", None)
    notebook.practise("medici.bid-must-exceed", seed=3)
    assert shell_exercise._NOTEBOOK.learner != ada.learner
    shell_exercise._NOTEBOOK.close()


def test_a_nickname_or_a_title_that_looks_like_html_is_shown_as_written(school, klass):
    joined(school, klass, "<i>Ada</i>")
    school.auction.create_room("<b>Coins</b>", class_key=klass.key)
    page = ClassPage(school, klass.key)
    assert "&lt;i&gt;Ada&lt;/i&gt;" in page.roster.value and "<i>Ada</i>" not in page.roster.value
    assert "&lt;b&gt;Coins&lt;/b&gt;" in page.auction.rooms.value


def test_the_class_page_redraws_when_the_class_changes_and_every_fifteen_seconds(school, klass, clock):
    from widgets.classpages.classes.teacher import TICK

    page = ClassPage(school, klass.key)
    assert not page.poller.changed()  # nothing changed: one look at the stamp, no redraw
    joined(school, klass, "Ada")
    assert page.poller.changed()
    page.refresh()
    assert "Ada" in page.roster.value and not page.poller.changed()
    clock.t += TICK  # a turn's time and who is here now move on with the clock
    assert page.poller.changed()
