"""A class in Chromium: the class page and a student's class page as tabs of one browser, as on one laptop, on a
Voilà server and a class store of the test's own (a turn stalls after 4 s here, not 2 minutes).

The teacher creates a class; Ada joins it by its code and keeps her personal link, which holds no key; Ben joins too,
from a laptop of his own (the test joins him through the class store: no page of his is opened); the class page shows
Ada here now and both in the roster. The teacher makes a table for Ada, Ben and a bot, and opens an auction room for
the class: both show on Ada's class page as it redraws. The projector view shows the code, the QR code and the count,
and holds no key and nothing to click. Then a round with a prediction: Ada answers and bids from her room link; the
class page shows the closed round, then after the reveal the winner's profit, the class's predictions beside what
happened. Ada has not moved at her table all this time: it stands out as stalled on the class page, and the teacher
hands her seat to a bot; the workbook downloads with its sheets. Seven page loads in all. Every page is asked for in
Japanese (``?lang=ja``, which the pages' own links carry on): at each step each reads with no word of Latin letters but
the students' nicknames, the codes and the addresses it shows, and the words the test looks for are the pages' own
messages said in Japanese.

What the pages' logic decides without a browser is proven in ``tests/test_class_pages.py`` and
``tests/classroom/``: a nickname taken refused (nobody added), the stall and the seat handed over on a clock of the
test's, the bot playing a handed seat from any page of the table, a round of several bidders on the class page; a
bot at a class's table playing in the browser is ``tests/browser/test_browser_tables.py``'s, several students'
pages in one auction round ``tests/browser/test_browser_auction.py``'s."""

from __future__ import annotations

import base64
import io
import os
import re
import tempfile
import urllib.parse

import pytest
from playwright.sync_api import expect
from support.accessibility import no_grave_violation
from support.browser import TIMEOUT, VIEWPORT, english_left, voila, whole_page

from boardgames.core.message import say, term
from boardgames.teaching import NOTEBOOKS
from boardgames.translation import words
from classroom.classes.published import CITATION
from classroom.store import CODE_LENGTH, CODE_LETTERS, open_store
from widgets.classpages.classes.shared import ClassStore

pytestmark = [pytest.mark.browser, pytest.mark.long]

LIVE = 8000  # ms: a class page shows what a student's page did within a second or two
STALLED = 4  # s: this class's turn that stands out (BOARDGAMES_STALLED)
TICK = 20_000  # ms: the class page redraws at least every 15 s (how long a turn has lasted)
SCREENSHOTS = os.path.join(os.path.dirname(__file__), "..", "screenshots")
LANGUAGE = "ja"
CLASS = "経済学 2限"  # the class's name, typed by the teacher
ROOM = "コインの瓶"  # its auction room's title, typed by the teacher
NAMES = ("Ada", "Ben")
CODES = ("QR", "CSV", "xlsx", "zip")  # what Japanese writes in Latin letters too: the QR code, a file's kind
LATIN = re.compile(r"[A-Za-z][A-Za-z'’-]*")  # the letters of a code or an address ("HEL" of the code "HEL79")
CODE = re.compile(rf"(?<![A-Za-z0-9])[{CODE_LETTERS}]{{{CODE_LENGTH}}}(?![A-Za-z0-9])")  # a class, room or table code
MARK = "\x00"  # a value not known before the page shows it: a message is said up to it
# the round's question (classroom.auction.questions.QUESTIONS["overpay"], of the jar) and Ada's answer
OVERPAY = say("Will the winner pay more than {item} is worth?", item=term("auction.the", "the jar"))
YES = term("auction.answer", "yes")


def ja(said) -> str:
    """``said`` (a message) in the pages' language."""
    return words(said, LANGUAGE)


def up_to_mark(said) -> str:
    """``said`` in the pages' language up to its first value ``MARK`` (what the page shows before the values the
    test does not know)."""
    return ja(said).split(MARK)[0]


def in_japanese(page) -> None:
    """No word of Latin letters on ``page`` but the nicknames, ``CODES`` and what the page shows as it is: the codes
    (a class's, a room's, a table's), the join address and the published paper's citation (in the language it was
    published in); and no serious or critical accessibility violation
    (axe-core)."""
    shown = [*CODE.findall(page.inner_text("body")), *page.locator(".bg-join-address").all_inner_texts(), CITATION]
    assert english_left(page, tuple(LATIN.findall(" ".join((*NAMES, *CODES, *shown))))) == {}
    no_grave_violation(page)


@pytest.fixture
def class_server():
    """A Voilà server of the test's own, on a new class store, whose turns stall after ``STALLED`` s: its address,
    and the class store (as a laptop of the class's other than this browser's reaches it)."""
    tmp = tempfile.mkdtemp(prefix="boardgames-class-")
    env = dict(os.environ, BOARDGAMES_DATA=tmp, BOARDGAMES_STALLED=str(STALLED), BOARDGAMES_BOT_DELAY="0.05",
               BOARDGAMES_SEED="2024")
    env.pop("BOARDGAMES_DB", None)
    with open(os.path.join(tmp, "voila.log"), "w") as log, voila(env, log, "--show_tracebacks=True") as url:
        store = open_store(f"sqlite:///{os.path.join(tmp, 'class.db')}")
        try:
            yield url, ClassStore(store)
        finally:
            store.close()


def shot(page, name: str) -> None:
    whole_page(page)
    os.makedirs(SCREENSHOTS, exist_ok=True)
    page.screenshot(path=os.path.join(SCREENSHOTS, f"{name}.png"), full_page=True)
    page.set_viewport_size(VIEWPORT)


def join(context, url, code, nickname):
    page = context.new_page()
    page.goto(f"{url}/voila/render/class/student.ipynb?code={code}&lang={LANGUAGE}")
    expect(page.locator(".bg-class-code-field input")).to_have_value(code, timeout=TIMEOUT)
    page.locator(".bg-nickname input").fill(nickname)
    page.locator(".bg-join-class").click()
    page.locator(".bg-member-link").click(timeout=TIMEOUT)
    expect(page.locator(".bg-member-title")).to_contain_text(ja(say("{nickname} in {name}", nickname=nickname,
                                                                     name=CLASS)), timeout=TIMEOUT)
    in_japanese(page)
    return page


def test_a_class_teacher_and_a_student_as_tabs(page, class_server, page_errors):
    context, (url, school) = page.context, class_server
    page.goto(f"{url}/voila/render/class/teacher.ipynb?lang={LANGUAGE}")
    page.locator(".bg-class-name input").fill(CLASS, timeout=TIMEOUT)
    page.locator(".bg-create-class").click()
    page.locator(".bg-class-link").click(timeout=TIMEOUT)
    code = page.locator(".bg-class-header .bg-class-code").inner_text(timeout=TIMEOUT).strip()
    assert len(code) == 5
    key = urllib.parse.parse_qs(urllib.parse.urlparse(page.url).query)["key"][0]
    expect(page.locator(".bg-class-header .bg-qr svg")).to_have_count(1)
    assert page.locator(".bg-join-address").inner_text().endswith(f"/class/student.ipynb?code={code}&lang={LANGUAGE}")
    in_japanese(page)
    ada = join(context, url, code, "Ada")
    assert key not in ada.inner_text("body") and key not in ada.url
    school.classes.join(code, "Ben")  # from his own laptop
    page.bring_to_front()
    expect(page.locator(".bg-here-now")).to_have_attribute("data-here", "1", timeout=LIVE)
    expect(page.locator(".bg-roster .bg-member")).to_have_count(2)
    in_japanese(page)

    # a table for Ada, Ben and a bot (first, so that Ada's turn is stalling meanwhile)
    page.locator(".bg-new-count select").select_option(label="3")
    seats = page.locator(".bg-new-seat select")
    expect(seats).to_have_count(3)
    seats.nth(0).select_option(label="Ada")
    seats.nth(1).select_option(label="Ben")
    seats.nth(2).select_option(label=ja(say("a bot ({level})", level=term("bot.level", "expert"))))
    page.locator(".bg-create-table").click()
    row = page.locator(".bg-class-table")
    expect(row).to_have_count(1, timeout=TIMEOUT)
    expect(row).to_contain_text(up_to_mark(say("{name} to move, for {duration}", name="Ada", duration=MARK)),
                                timeout=TIMEOUT)
    expect(row).to_contain_text(ja(say("Bot {n}", n=3)))  # the bot's seat named in the class page's language

    # an auction room of the class: its links on the class page, and each student's on their class page
    page.locator(".bg-new-room-title input").fill(ROOM)
    page.locator(".bg-new-room").click()
    expect(page.locator(".bg-class-room")).to_have_count(1, timeout=TIMEOUT)
    link = ada.locator(".bg-member-room .bg-room-link")
    expect(link).to_have_count(1, timeout=LIVE)
    room_link = link.get_attribute("href")
    assert "member=" in room_link and key not in room_link
    expect(ada.locator(".bg-member-seat")).to_contain_text(ja(say("your turn")), timeout=LIVE)
    practice = ada.locator(".bg-practice-link")
    assert practice.count() >= 10 and "member=" in practice.first.get_attribute("href")
    for href in (practice.nth(i).get_attribute("href") for i in range(practice.count())):  # the Japanese notebooks
        notebook = urllib.parse.urlparse(href).path.split("/voila/render/", 1)[1]
        assert notebook.endswith(".ja.ipynb") or not (NOTEBOOKS / notebook.replace(".ipynb", ".ja.ipynb")).exists()
    in_japanese(page)
    in_japanese(ada)
    shot(ada, "class-05-student-class-page")

    # the projector view: the code, the QR code and the count, no key and nothing to click
    projector = context.new_page()
    projector.goto(page.locator(".bg-projector-link").get_attribute("href"))
    expect(projector.locator(".bg-here-count")).to_have_attribute("data-here", "1", timeout=TIMEOUT)
    expect(projector.locator(".bg-class-code")).to_have_text(code)
    expect(projector.locator(".bg-qr svg")).to_have_count(1)
    assert key not in projector.url and key not in projector.inner_text("body")
    assert projector.locator("button, input, select").count() == 0
    in_japanese(projector)
    shot(projector, "class-01-projector")
    projector.close(run_before_unload=True)

    # a round with a prediction, run from the room's own teacher page
    room = context.new_page()
    room.goto(page.locator(".bg-room-teacher").get_attribute("href"))
    room.locator(".bg-question-choice select").select_option(label=ja(OVERPAY), timeout=TIMEOUT)
    room.locator(".bg-start").click()
    expect(room.locator(".bg-round-status")).to_contain_text(ja(say("open")), timeout=TIMEOUT)
    in_japanese(room)
    ada.goto(room_link)  # her room link: seated as herself, no nickname asked
    ada.bring_to_front()
    ada.locator(".bg-answer", has_text=ja(YES)).click(timeout=TIMEOUT)
    expect(ada.locator(".bg-my-prediction")).to_contain_text(ja(say("Your prediction: {answer}", answer=YES)),
                                                             timeout=TIMEOUT)
    ada.locator(".bg-bid-input input").fill("14")
    ada.locator(".bg-bid").click()
    expect(ada.locator(".bg-my-bid")).to_contain_text(ja(say("your bid: {bid}", bid="$14.00")), timeout=TIMEOUT)
    in_japanese(ada)
    room.bring_to_front()
    room.locator(".bg-close").click()
    expect(room.locator(".bg-round-status")).to_contain_text(up_to_mark(say(
        "The winner is {winner} at {price}; the true value is {value}. Reveal it to the class.", winner="Ada",
        price="$14.00", value=MARK)), timeout=TIMEOUT)
    in_japanese(room)
    page.bring_to_front()
    expect(page.locator(".bg-class-round")).to_have_count(1, timeout=LIVE)
    expect(page.locator(".bg-class-round")).to_contain_text(ja(say("closed, not revealed yet")))
    in_japanese(page)
    shot(page, "class-03-class-page-closed-round")
    room.bring_to_front()
    room.locator(".bg-reveal").click()
    page.bring_to_front()
    expect(page.locator(".bg-class-round")).not_to_contain_text(ja(say("closed, not revealed yet")), timeout=LIVE)
    expect(page.locator(".bg-class-round")).to_contain_text("$14.00")
    predicted = page.locator(".bg-class-prediction")
    expect(predicted.locator(".bg-prediction[data-answer='yes']")).to_have_attribute("data-count", "1")
    expect(predicted.locator(".bg-outcome")).to_have_count(1)
    in_japanese(page)
    shot(page, "class-04-class-page-after-the-reveal")
    room.close(run_before_unload=True)

    # Ada has not moved all this time: the table stands out, and the teacher hands her seat to a bot
    table_words = row.locator(".bg-table-words")
    expect(table_words).to_have_attribute("data-stalled", "1", timeout=TICK)
    expect(table_words).to_contain_text(ja(say("stalled")))
    in_japanese(page)
    shot(page, "class-02-class-page-stalled")
    row.locator(".bg-hand-seat").click()
    expect(row).to_contain_text(ja(say("(bot, {level})", level=term("bot.level", "expert"))), timeout=TIMEOUT)
    expect(table_words).to_have_attribute("data-stalled", "0")
    in_japanese(page)

    # the workbook: one click's data, its sheets
    openpyxl = pytest.importorskip("openpyxl")
    href = page.locator(".bg-download-xlsx").get_attribute("href", timeout=TIMEOUT)
    book = openpyxl.load_workbook(io.BytesIO(base64.b64decode(href.split("base64,", 1)[1])))
    assert {"Participation", "Auction bids", "Tables", "Practice"} <= set(book.sheetnames)
    assert page_errors == []
