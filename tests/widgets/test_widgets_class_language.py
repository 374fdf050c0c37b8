"""The class's pages read in Japanese and in Traditional Chinese: the class page, a student's class page, the class's
projector view, and the auction's teacher, student and projector pages of a class's room (a round revealed, its
prediction answered; a table of the class going on, another ended), built in-process on a SQLite class store, hold
no word of Latin letters but names and codes; the same pages in English are unchanged by a trip through another
language. A member's pages follow the language their teacher chose for the class unless their address says one."""

from __future__ import annotations

import re

import ipywidgets as W
import pytest
from support.reading import latin_words, read_page, visible_words

from boardgames.core.message import say
from classroom.classes.published import CITATION
from classroom.practice import Answer, PracticeRecord
from classroom.store import CODE_LENGTH, CODE_LETTERS, open_store
from widgets.classpages.auction import ProjectorPage as RoomProjector
from widgets.classpages.auction import StudentPage, TeacherPage
from widgets.classpages.auction_reader import AuctionReader, Source
from widgets.classpages.classes import ClassPage, ProjectorPage, StudentClassPage
from widgets.classpages.classes.shared import ClassStore
from widgets.classpages.tables.pages import TablePage, TablesOverview
from widgets.runtime.language import page_language

NAMES = ("Ada", "Ben", "Cleo", "Economics", "Friday", "Bot",  # the class's, its students', its room's, a bot's
         "Bazerman", "Samuelson", "ten")  # the published result's authors; what a student typed as a bid
CODES = ("CSV", "QR", "xlsx", "zip", "fl", "English")  # a file's kind, a unit, the switch's own name of English
ADDRESS = re.compile(r"\S*(?:://|\.ipynb)\S*")  # an address shown as text: not words
CODE = re.compile(rf"(?<![A-Za-z0-9])[{CODE_LETTERS}]{{{CODE_LENGTH}}}(?![A-Za-z0-9])")  # a class, room or table code


class Clock:
    t = 1_700_000_000.0

    def __call__(self) -> float:
        return self.t


@pytest.fixture
def language():
    """Sets the page's language for one test, English again afterwards."""
    yield page_language.set
    page_language.set("en")


@pytest.fixture
def school(tmp_path, monkeypatch):
    monkeypatch.setenv("BOARDGAMES_DATA", str(tmp_path))
    monkeypatch.delenv("BOARDGAMES_DB", raising=False)
    store = open_store(f"sqlite:///{tmp_path / 'class.db'}")
    yield ClassStore(store, now=Clock())
    store.close()


def a_class_at_work(school) -> dict[str, W.Widget]:
    """A class with three students, a table going on and one ended, and a room with a revealed round that asked a
    prediction; its pages, each as its reader sees it."""
    classes, auction = school.classes, school.auction
    klass = classes.create_class("Economics")
    ada, ben, cleo = (classes.join(klass.code, name) for name in ("Ada", "Ben", "Cleo"))
    teacher = ClassPage(school, klass.key)
    form = teacher.new_table
    form.seats.children[0].value = "member:Ada"
    form.seats.children[1].value = "bot:random"
    form.button.click()
    form.seats.children[0].value = "member:Ben"
    form.seats.children[1].value = "member:Cleo"
    form.button.click()
    list(teacher.tables.rows.values())[-1].end.click()
    room = auction.create_room("Friday", class_key=klass.key)
    run = TeacherPage(auction, room.teacher_key)
    students = {m.nickname: StudentPage(auction, code=room.code, member=m.token) for m in (ada, ben)}
    run.question.value = "overpay"
    run.buttons["start"].click()
    for page in students.values():
        page.refresh()
    students["Ada"].answers.children[0].click()
    students["Ada"].amount.value = "14"
    students["Ada"].bid_button.click()
    students["Ben"].amount.value = "ten"
    students["Ben"].bid_button.click()  # refused: a bid is an amount of money
    open_round = {"auction student, bidding": students["Ben"], "auction projector, bidding": RoomProjector(
        auction, room.code)}
    run.buttons["close"].click()
    run.buttons["reveal"].click()
    for page in students.values():
        page.refresh()
    record = PracticeRecord(school.store)  # the practice grid: a rule missed (said in words under it), one right
    missed, right = "marcopolo.round.compensation", "medici.setup.players"
    record.keep(Answer(ada.learner, "marcopolo", "marcopolo.k1", 1, (missed,), False, True, missed, 1.0))
    record.keep(Answer(ben.learner, "medici", "medici.k1", 1, (right,), True, True, None, 2.0))
    teacher.refresh()
    assert "bg-most-missed" in teacher.grid.value
    created, joined = ClassPage(school), StudentClassPage(school, code=klass.code)
    created.name.value = "Economics"
    created.create()
    joined.nickname.value = "Ada"
    joined.join()  # refused: the nickname is taken
    welcome = StudentClassPage(school, code=klass.code)
    welcome.nickname.value = "Cleo 2"
    welcome.join()
    sample = auction.bids_csv(room.teacher_key)
    return {
        "class page, created": created,
        "student, a nickname taken": joined,
        "student, welcome": welcome,
        "table page": TablePage(school.tables),
        "table page, a code of no table": TablePage(school.tables, "Q2Q2Q", "nobody's key"),
        "tables of the server": TablesOverview(school.tables, now=school.now),
        "tables of the class": TablesOverview(school.tables, now=school.now, class_key=klass.key),
        "the lesson's reader": AuctionReader(sample, [Source(f"Room {room.code} · Friday", lambda: sample, say(
            "Room {code} · {title}", code=room.code, title="Friday"))]),
        "class page": teacher,
        "class page, creating": ClassPage(school),
        "class projector": ProjectorPage(school, klass.code),
        "student, joining": StudentClassPage(school, code=klass.code),
        "student, a member": StudentClassPage(school, token=ada.token),
        "auction teacher": run,
        "auction student, won": students["Ada"],
        "auction student, did not win": students["Ben"],
        "auction projector": RoomProjector(auction, room.code),
        "auction teacher, creating": TeacherPage(auction),
        "auction student, joining": StudentPage(auction, code=room.code),
        **open_round,
    }


def left_in(page: W.Widget) -> dict[str, list[str]]:
    """The Latin words on ``page`` but names and codes, its addresses aside; the rules notebooks' titles a member's
    page links to are left out (they name notebooks written in English), and so is the published paper's
    citation (a reference in the language it was published in)."""
    practice = {visible_words(w.value) for w in _widgets(page) if isinstance(w, W.HTML)
                and "bg-member-practice" in w.value}
    texts = [(where, CODE.sub(" ", ADDRESS.sub(" ", text.replace(CITATION, " "))))
             for where, text in read_page(page) if text not in practice]
    return latin_words(texts, NAMES + CODES)


def _widgets(root: W.Widget) -> list[W.Widget]:
    found, stack = [], [root]
    while stack:
        widget = stack.pop()
        found.append(widget)
        stack.extend(getattr(widget, "children", ()))
    return found


@pytest.mark.parametrize("code", ["ja", "zh-Hant"])
def test_the_class_pages_read_without_english(school, code, language):
    pages = a_class_at_work(school)
    language(code)
    assert {name: left for name, page in pages.items() if (left := left_in(page))} == {}


def test_the_practice_grid_in_japanese_joins_its_parts_in_japanese(school, language):
    """Under the grid, its key and the sentence after it stand on lines of their own, and a missed rule's id is
    followed by the language's colon, not by an English ". " or ": "."""
    teacher = a_class_at_work(school)["class page"]
    language("ja")
    grid = teacher.grid.value
    assert "<b>marcopolo.round.compensation：</b>" in grid
    assert ". " not in visible_words(grid) and ": " not in visible_words(grid)


def test_the_class_pages_in_english_again_read_as_before(school, language):
    pages = a_class_at_work(school)
    before = {name: sorted(read_page(page)) for name, page in pages.items()}
    language("ja")
    language("en")
    assert {name: sorted(read_page(page)) for name, page in pages.items()} == before


def test_a_members_pages_follow_their_class_language_unless_the_address_says_one(school, language, monkeypatch):
    classes = school.classes
    klass = classes.create_class("Economics")
    ada = classes.join(klass.code, "Ada")
    teacher = ClassPage(school, klass.key)
    assert teacher.language.value == ""  # none chosen: each student's browser's
    teacher.language.value = "ja"
    assert classes.class_view(klass.key).language == "ja"
    StudentClassPage(school, token=ada.token)
    assert page_language.code == "ja"
    page_language.set("en")
    monkeypatch.setenv("QUERY_STRING", f"member={ada.token}&lang=zh-Hant")
    page_language.set("zh-Hant")  # what choose_language does for this address
    StudentClassPage(school, token=ada.token)
    assert page_language.code == "zh-Hant"
    room = school.auction.create_room("Friday", class_key=klass.key)
    monkeypatch.setenv("QUERY_STRING", f"room={room.code}&member={ada.token}")
    StudentPage(school.auction, code=room.code, member=ada.token)
    assert page_language.code == "ja"


def test_a_change_of_the_page_language_keeps_what_the_teacher_chose(school, language):
    classes = school.classes
    klass = classes.create_class("Economics")
    for name in ("Ada", "Ben", "Cleo"):
        classes.join(klass.code, name)
    teacher = ClassPage(school, klass.key)
    teacher.language.value = "zh-Hant"
    form = teacher.new_table
    form.game.value = "medina"
    form.count.value = 4
    form.seats.children[1].value = "member:Cleo"
    run = TeacherPage(school.auction, school.auction.create_room("Friday", class_key=klass.key).teacher_key)
    run.item.value = "medici-lot"
    run.format.value = "clock"
    run.question.value = "losers"
    chosen = (teacher.language.value, form.game.value, form.count.value, [s.value for s in form.seats.children],
              run.item.value, run.format.value, run.question.value)
    language("ja")
    assert (teacher.language.value, form.game.value, form.count.value, [s.value for s in form.seats.children],
            run.item.value, run.format.value, run.question.value) == chosen
    assert classes.class_view(klass.key).language == "zh-Hant"
