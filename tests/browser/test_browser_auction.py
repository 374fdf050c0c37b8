"""A whole class auction in Chromium: the teacher's page, two students' pages and the projector view as tabs of one
browser, as on one laptop. The teacher creates a room and opens its projector view (no key in its address or its
HTML); Ada and Ben join by its code, each sent to an address of their seat's own (what a reload or a bookmark opens
again); the teacher asks a prediction before the round; each student answers it, sees their own estimate and bids (a
bid that is not a number is refused on Ada's page); the teacher's and the projector's counts rise without an amount
in sight; the teacher closes and reveals; each student sees their result and the class's picture; the projector shows
the result with the class's predictions beside what happened; the CSV holds every bid. Every page is asked for in
Japanese (``?lang=ja``, which the pages' own links carry on): at each step each reads with no word of Latin letters but
the students' nicknames, the room's code and the file name, and the words the test looks for are the pages' own
messages said in Japanese.

Seven page loads in all. That a seat's address gives back the same seat, its bid with it, is the store's and the
page's (``tests/classroom/test_class_auction.py``: a student comes back with the token; every redraw of a student's
page reads the seat's view afresh, ``tests/widgets/test_widgets_auction.py``), so Ada's page is not reloaded here."""

from __future__ import annotations

import csv
import io
import re
import urllib.parse

import pytest
from playwright.sync_api import expect
from support.accessibility import no_grave_violation
from support.browser import TIMEOUT, english_left

from boardgames.core.message import say, term
from boardgames.translation import words

pytestmark = pytest.mark.browser

LANGUAGE = "ja"
TEACHER = f"/voila/render/auction/teacher.ipynb?lang={LANGUAGE}"
TITLE = "経済学 2限"  # the room's title, typed by the teacher
NAMES = ("Ada", "Ben")
CODES = ("QR", "CSV")  # what Japanese writes in Latin letters too: the QR code, a CSV file
LATIN = re.compile(r"[A-Za-z][A-Za-z'’-]*")  # the letters of a code or an address ("HEL" of the room code "HEL79")
TYPO = "十二ドル"  # a bid that is not a number
MARK = "\x00"  # a value not known before the page shows it: a message is said up to it
# the round's question (classroom.auction.questions.QUESTIONS["overpay"], of the jar) and its answers
OVERPAY = say("Will the winner pay more than {item} is worth?", item=term("auction.the", "the jar"))
YES, NO = term("auction.answer", "yes"), term("auction.answer", "no")


def ja(said) -> str:
    """``said`` (a message) in the pages' language."""
    return words(said, LANGUAGE)


def up_to_mark(said) -> str:
    """``said`` in the pages' language up to its first value ``MARK`` (what the page shows before the values the
    test does not know)."""
    return ja(said).split(MARK)[0]


def in_japanese(page, *allowed: str) -> None:
    """No word of Latin letters on ``page`` but the nicknames, the codes the pages show as they are (``CODES``), the
    join address's words (an address, shown as it is) and ``allowed`` (the room's code, a file's name); and no
    serious or critical accessibility violation (axe-core)."""
    address = page.locator(".bg-join-address")
    shown = address.first.inner_text() if address.count() else ""
    assert english_left(page, tuple(LATIN.findall(" ".join((*NAMES, *CODES, shown, *allowed))))) == {}
    no_grave_violation(page)
LIVE = 5000  # ms: a page shows what another page did within about a second (it reads the store every second)
# The controls a person could use on the projector view (the chart's own toolbar is hidden: bqplot keeps it in the page)
CONTROLS_IN_SIGHT = """() => [...document.querySelectorAll(
    '.bg-auction-projector :is(button, input, select, textarea, a[href])')]
    .filter(e => e.offsetParent !== null).map(e => e.outerHTML.slice(0, 120))"""


def join(context, url, code, nickname):
    page = context.new_page()
    page.goto(f"{url}/voila/render/auction/student.ipynb?code={code}&lang={LANGUAGE}")
    expect(page.locator(".bg-code input")).to_have_value(code, timeout=TIMEOUT)
    page.locator(".bg-nickname input").fill(nickname)
    page.locator(".bg-join").click()
    page.locator(".bg-seat-link").click(timeout=TIMEOUT)
    expect(page.locator(".bg-auction-student")).to_contain_text(ja(say("{name} in room {code}", name=nickname,
                                                                       code=code)), timeout=TIMEOUT)
    assert "/auction/student.ipynb?token=" in page.url  # the seat's own address, which a reload opens again
    assert f"lang={LANGUAGE}" in page.url
    in_japanese(page, code)
    return page


@pytest.mark.long
def test_a_whole_room_teacher_and_two_students_as_tabs(page, voila_url, page_errors, shoot):
    context = page.context
    page.goto(voila_url + TEACHER)
    page.locator(".bg-room-title input").fill(TITLE, timeout=TIMEOUT)
    page.locator(".bg-create").click()
    page.locator(".bg-teacher-link").click(timeout=TIMEOUT)
    code = page.locator(".bg-room-code").inner_text(timeout=TIMEOUT).strip()
    assert len(code) == 5
    expect(page.locator(".bg-qr svg")).to_have_count(1)
    join_address = page.locator(".bg-join-address").inner_text()
    assert join_address.endswith(f"/auction/student.ipynb?code={code}&lang={LANGUAGE}")  # the page's language kept
    key = urllib.parse.parse_qs(urllib.parse.urlparse(page.url).query)["key"][0]
    # the projector view: a tab of its own, opened from the teacher's link; no key in its address
    expect(page.locator(".bg-projector-advice")).to_contain_text(ja(say(
        "Put {projector} on the projector, not this page: this page's address holds the room's key, and anyone who "
        "reads it could close, reveal or end the room. The projector view shows the code, the QR code, the count and "
        "the reveal, and has nothing to click.", projector=say("the projector view"))))
    expect(page.locator(".bg-auction-teacher")).to_contain_text(TITLE)
    in_japanese(page, code)
    with context.expect_page() as opened:
        page.locator(".bg-projector-link").click()
    projector = opened.value
    assert f"/auction/projector.ipynb?room={code}" in projector.url and key not in projector.url
    assert f"lang={LANGUAGE}" in projector.url
    expect(projector.locator(".bg-auction-projector .bg-room-code")).to_have_text(code, timeout=TIMEOUT)
    expect(projector.locator(".bg-auction-projector .bg-qr svg")).to_have_count(1)
    in_japanese(projector, code)
    ada = join(context, voila_url, code, "Ada")
    ben = join(context, voila_url, code, "Ben")
    expect(page.locator(".bg-students")).to_contain_text(f"{ja(say('{n} in the room:', n=2))} Ada, Ben",
                                                         timeout=LIVE)
    expect(projector.locator(".bg-students")).to_have_attribute("data-students", "2", timeout=LIVE)
    page.bring_to_front()  # each person acts on their own screen (a click in a tab behind takes about 2 s)
    page.locator(".bg-question-choice select").select_option(label=ja(OVERPAY))
    page.locator(".bg-start").click()
    expect(page.locator(".bg-round-status")).to_contain_text(ja(say("Predict: {question}", question=OVERPAY)),
                                                             timeout=TIMEOUT)
    in_japanese(page, code)
    for student in (ada, ben):
        expect(student.locator(".bg-estimate")).to_contain_text(
            up_to_mark(say("Your estimate of the jar: {estimate}", estimate=MARK)), timeout=LIVE)
        expect(student.locator(".bg-question")).to_contain_text(ja(OVERPAY))
    # each predicts on their own page: Ada first says no, then yes (the last answer counts), Ben no
    for student, answers in ((ada, (NO, YES)), (ben, (NO,))):
        student.bring_to_front()
        for answer in answers:
            student.locator(".bg-answer", has_text=ja(answer)).click()
            expect(student.locator(".bg-my-prediction")).to_contain_text(
                ja(say("Your prediction: {answer}", answer=answer)), timeout=TIMEOUT)
        in_japanese(student, code)
    expect(projector.locator(".bg-answered")).to_have_attribute("data-answered", "2", timeout=LIVE)
    # a bid that is not an amount is refused on Ada's page, and stored nowhere
    ada.bring_to_front()
    ada.locator(".bg-bid-input input").fill(TYPO)
    ada.locator(".bg-bid").click()
    expect(ada.locator(".bg-message")).to_contain_text(
        ja(say("{typed} is not an amount of money: type a number such as 12 or 12.50.", typed=TYPO)), timeout=TIMEOUT)
    in_japanese(ada, code)
    # Ada's bid: an amount no other page shows yet (Ben's estimate of the jar, drawn at random, once was $14.25)
    shown = ben.inner_text("body") + page.inner_text("body") + projector.inner_text("body")
    bid = next(amount for amount in (14.25, 14.35, 14.45, 14.55) if f"{amount:.2f}" not in shown)
    typed, price = f"{bid:.2f}", f"${bid:.2f}"
    ada.locator(".bg-bid-input input").fill(typed)
    ada.locator(".bg-bid").click()
    expect(ada.locator(".bg-my-bid")).to_contain_text(ja(say("your bid: {bid}", bid=price)), timeout=TIMEOUT)
    in_japanese(ada, code)
    expect(page.locator(".bg-count")).to_have_attribute("data-bidders", "1", timeout=LIVE)
    ben.bring_to_front()
    ben.locator(".bg-bid-input input").fill("9")
    ben.locator(".bg-bid").click()
    expect(page.locator(".bg-count")).to_have_attribute("data-bidders", "2", timeout=LIVE)
    assert typed not in page.inner_text("body") and typed not in ben.inner_text("body")
    in_japanese(page, code)
    in_japanese(projector, code)
    shoot("auction-01-teacher-counting")
    page.bring_to_front()
    page.locator(".bg-close").click()
    expect(page.locator(".bg-round-status")).to_contain_text(up_to_mark(say(
        "The winner is {winner} at {price}; the true value is {value}. Reveal it to the class.", winner="Ada",
        price=price, value=MARK)), timeout=TIMEOUT)
    expect(ben.locator(".bg-result")).to_contain_text(ja(say("The bidding is closed. Wait for the reveal.")),
                                                      timeout=LIVE)
    in_japanese(page, code)
    in_japanese(ben, code)
    assert typed not in projector.inner_text("body")  # closed, not revealed: no amount on the projector
    expect(projector.locator(".bg-round-state")).to_have_attribute("data-status", "closed", timeout=LIVE)
    page.locator(".bg-reveal").click()
    expect(page.locator(".bg-class-picture")).to_have_count(1, timeout=TIMEOUT)
    expect(page.locator(".bg-history")).to_contain_text(ja(term("auction.format-name", "first-price")),
                                                        timeout=TIMEOUT)
    expect(page.locator(".bg-reflect .bg-prediction")).to_have_count(2, timeout=TIMEOUT)
    in_japanese(page, code)
    shoot("auction-02-teacher-reveal")
    # the projector: the result, and the class's predictions beside what happened; never the key
    result = projector.locator(".bg-projector-result")
    at_a_loss = say("{winner} won at {price}; it was worth {value}: {outcome} — the winner’s curse.", winner="Ada",
                    price=price, value=MARK, outcome=MARK)
    not_at_a_loss = say("{winner} won at {price}; it was worth {value}: {outcome}.", winner="Ada", price=price,
                        value=MARK, outcome=MARK)
    won = re.compile("|".join(re.escape(up_to_mark(said)) for said in (at_a_loss, not_at_a_loss)))
    expect(result).to_contain_text(won, timeout=LIVE)
    value = float(re.search(f"(?:{won.pattern})" + r"\$(\d+\.\d\d)", result.inner_text()).group(1))
    came = "yes" if bid > value else "no"
    outcome = say("The winner paid {price} for {item}, worth {value}: the answer is {answer}.", price=price,
                  item=term("auction.the", "the jar"), value=f"${value:.2f}", answer=term("auction.answer", came))
    for answer, count in (("yes", "1"), ("no", "1")):
        expect(projector.locator(f".bg-reflect .bg-prediction[data-answer='{answer}']")).to_have_attribute(
            "data-count", count, timeout=LIVE)
    expect(projector.locator(".bg-reflect .bg-outcome")).to_have_attribute("data-outcome", came)
    expect(projector.locator(".bg-reflect .bg-outcome")).to_contain_text(ja(outcome))
    expect(projector.locator(".bg-class-picture")).to_have_count(1, timeout=LIVE)
    assert projector.evaluate(CONTROLS_IN_SIGHT) == []  # nothing on it acts
    assert key not in projector.content() and key not in projector.url
    assert "Ben" not in projector.inner_text("body")  # only the winner is named on the projector
    in_japanese(projector, code)
    projector.bring_to_front()
    projector.screenshot(path=str(shoot("auction-04-projector-after-reveal")), full_page=True)
    page.bring_to_front()
    expect(ben.locator(".bg-reflect .bg-outcome")).to_have_attribute("data-outcome", came, timeout=LIVE)
    expect(ada.locator(".bg-result")).to_contain_text(up_to_mark(say(
        "You won, at {price}. The true value was {value}: {verdict}.", price=price, value=MARK,
        verdict=MARK)), timeout=LIVE)
    expect(ben.locator(".bg-result")).to_contain_text(ja(say(
        "{winner} won, at {price}. The true value was {value}.", winner="Ada", price=price, value=f"${value:.2f}")),
        timeout=LIVE)
    expect(ben.locator(".bg-class-picture")).to_have_count(1, timeout=LIVE)
    in_japanese(ada, code)
    in_japanese(ben, code)
    ben.bring_to_front()
    ben.screenshot(path=str(shoot("auction-03-student-after-reveal")), full_page=True)  # Ben's tab, not the teacher's
    # the CSV: one row a bid, the refused one not among them
    href = page.locator(".bg-csv a").get_attribute("href")
    rows = list(csv.DictReader(io.StringIO(urllib.parse.unquote(href.split(",", 1)[1]))))
    assert [(r["nickname"], r["bid"], r["winner"]) for r in rows] == [("Ada", typed, "yes"), ("Ben", "9.00", "no")]
    assert page_errors == []
