"""A whole class auction in Chromium: the teacher's page, two students' pages and the projector view as tabs of one
browser, as on one laptop. The teacher creates a room and opens its projector view (no key in its address or its
HTML); Ada and Ben join by its code, each sent to an address of their seat's own (what a reload or a bookmark opens
again); the teacher asks a prediction before the round; each student answers it, sees their own estimate and bids (a
bid that is not a number is refused on Ada's page); the teacher's and the projector's counts rise without an amount
in sight; the teacher closes and reveals; each student sees their result and the class's picture; the projector shows
the result with the class's predictions beside what happened; the CSV holds every bid.

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
from support.browser import TIMEOUT

pytestmark = pytest.mark.browser

TEACHER = "/voila/render/auction/teacher.ipynb"
LIVE = 5000  # ms: a page shows what another page did within about a second (it reads the store every second)
# The controls a person could use on the projector view (the chart's own toolbar is hidden: bqplot keeps it in the page)
CONTROLS_IN_SIGHT = """() => [...document.querySelectorAll(
    '.bg-auction-projector :is(button, input, select, textarea, a[href])')]
    .filter(e => e.offsetParent !== null).map(e => e.outerHTML.slice(0, 120))"""


def join(context, url, code, nickname):
    page = context.new_page()
    page.goto(f"{url}/voila/render/auction/student.ipynb?code={code}")
    expect(page.locator(".bg-code input")).to_have_value(code, timeout=TIMEOUT)
    page.locator(".bg-nickname input").fill(nickname)
    page.locator(".bg-join").click()
    page.locator(".bg-seat-link").click(timeout=TIMEOUT)
    expect(page.locator(".bg-auction-student")).to_contain_text(f"{nickname} in room {code}", timeout=TIMEOUT)
    assert "/auction/student.ipynb?token=" in page.url  # the seat's own address, which a reload opens again
    return page


@pytest.mark.long
def test_a_whole_room_teacher_and_two_students_as_tabs(page, voila_url, page_errors, shoot):
    context = page.context
    page.goto(voila_url + TEACHER)
    page.locator(".bg-room-title input").fill("Economics, 2nd period", timeout=TIMEOUT)
    page.locator(".bg-create").click()
    page.locator(".bg-teacher-link").click(timeout=TIMEOUT)
    code = page.locator(".bg-room-code").inner_text(timeout=TIMEOUT).strip()
    assert len(code) == 5
    expect(page.locator(".bg-qr svg")).to_have_count(1)
    join_address = page.locator(".bg-join-address").inner_text()
    assert join_address.endswith(f"/auction/student.ipynb?code={code}")
    key = urllib.parse.parse_qs(urllib.parse.urlparse(page.url).query)["key"][0]
    # the projector view: a tab of its own, opened from the teacher's link; no key in its address
    expect(page.locator(".bg-projector-advice")).to_contain_text("not this page")
    with context.expect_page() as opened:
        page.locator(".bg-projector-link").click()
    projector = opened.value
    assert projector.url.endswith(f"/auction/projector.ipynb?room={code}") and key not in projector.url
    expect(projector.locator(".bg-auction-projector .bg-room-code")).to_have_text(code, timeout=TIMEOUT)
    expect(projector.locator(".bg-auction-projector .bg-qr svg")).to_have_count(1)
    ada = join(context, voila_url, code, "Ada")
    ben = join(context, voila_url, code, "Ben")
    expect(page.locator(".bg-students")).to_contain_text("2 in the room: Ada, Ben", timeout=LIVE)
    expect(projector.locator(".bg-students")).to_have_attribute("data-students", "2", timeout=LIVE)
    page.bring_to_front()  # each person acts on their own screen (a click in a tab behind takes about 2 s)
    page.locator(".bg-question-choice select").select_option(label="Will the winner pay more than the jar is worth?")
    page.locator(".bg-start").click()
    expect(page.locator(".bg-round-status")).to_contain_text("Predict: Will the winner pay more than the jar is "
                                                             "worth?", timeout=TIMEOUT)
    for student in (ada, ben):
        expect(student.locator(".bg-estimate")).to_contain_text("Your estimate of the jar", timeout=LIVE)
        expect(student.locator(".bg-question")).to_contain_text("Will the winner pay more than the jar is worth?")
    # each predicts on their own page: Ada first says no, then yes (the last answer counts), Ben no
    for student, answers in ((ada, ("no", "yes")), (ben, ("no",))):
        student.bring_to_front()
        for answer in answers:
            student.locator(".bg-answer", has_text=answer).click()
            expect(student.locator(".bg-my-prediction")).to_contain_text(f"Your prediction: {answer}",
                                                                         timeout=TIMEOUT)
    expect(projector.locator(".bg-answered")).to_have_attribute("data-answered", "2", timeout=LIVE)
    # a bid that is not an amount is refused on Ada's page, and stored nowhere
    ada.bring_to_front()
    ada.locator(".bg-bid-input input").fill("twelve")
    ada.locator(".bg-bid").click()
    expect(ada.locator(".bg-message")).to_contain_text("twelve is not an amount of money", timeout=TIMEOUT)
    ada.locator(".bg-bid-input input").fill("14.25")
    ada.locator(".bg-bid").click()
    expect(ada.locator(".bg-my-bid")).to_contain_text("your bid: $14.25", timeout=TIMEOUT)
    expect(page.locator(".bg-count")).to_have_attribute("data-bidders", "1", timeout=LIVE)
    ben.bring_to_front()
    ben.locator(".bg-bid-input input").fill("9")
    ben.locator(".bg-bid").click()
    expect(page.locator(".bg-count")).to_have_attribute("data-bidders", "2", timeout=LIVE)
    assert "14.25" not in page.inner_text("body") and "14.25" not in ben.inner_text("body")
    shoot("auction-01-teacher-counting")
    page.bring_to_front()
    page.locator(".bg-close").click()
    expect(page.locator(".bg-round-status")).to_contain_text("The winner is Ada at $14.25", timeout=TIMEOUT)
    expect(ben.locator(".bg-result")).to_contain_text("Wait for the reveal", timeout=LIVE)
    assert "14.25" not in projector.inner_text("body")  # closed, not revealed: no amount on the projector
    expect(projector.locator(".bg-round-state")).to_have_attribute("data-status", "closed", timeout=LIVE)
    page.locator(".bg-reveal").click()
    expect(page.locator(".bg-class-picture")).to_have_count(1, timeout=TIMEOUT)
    expect(page.locator(".bg-history")).to_contain_text("first-price", timeout=TIMEOUT)
    expect(page.locator(".bg-reflect .bg-prediction")).to_have_count(2, timeout=TIMEOUT)
    shoot("auction-02-teacher-reveal")
    # the projector: the result, and the class's predictions beside what happened; never the key
    result = projector.locator(".bg-projector-result")
    expect(result).to_contain_text("Ada won at $14.25", timeout=LIVE)
    value = float(re.search(r"it was worth \$(\d+\.\d\d)", result.inner_text()).group(1))
    came = "yes" if 14.25 > value else "no"
    for answer, count in (("yes", "1"), ("no", "1")):
        expect(projector.locator(f".bg-reflect .bg-prediction[data-answer='{answer}']")).to_have_attribute(
            "data-count", count, timeout=LIVE)
    expect(projector.locator(".bg-reflect .bg-outcome")).to_have_attribute("data-outcome", came)
    expect(projector.locator(".bg-reflect .bg-outcome")).to_contain_text(f"the answer is {came}")
    expect(projector.locator(".bg-class-picture")).to_have_count(1, timeout=LIVE)
    assert projector.evaluate(CONTROLS_IN_SIGHT) == []  # nothing on it acts
    assert key not in projector.content() and key not in projector.url
    assert "Ben" not in projector.inner_text("body")  # only the winner is named on the projector
    projector.bring_to_front()
    projector.screenshot(path=str(shoot("auction-04-projector-after-reveal")), full_page=True)
    page.bring_to_front()
    expect(ben.locator(".bg-reflect .bg-outcome")).to_have_attribute("data-outcome", came, timeout=LIVE)
    expect(ada.locator(".bg-result")).to_contain_text("You won, at $14.25", timeout=LIVE)
    expect(ben.locator(".bg-result")).to_contain_text("Ada won, at $14.25", timeout=LIVE)
    expect(ben.locator(".bg-class-picture")).to_have_count(1, timeout=LIVE)
    ben.bring_to_front()
    ben.screenshot(path=str(shoot("auction-03-student-after-reveal")), full_page=True)  # Ben's tab, not the teacher's
    # the CSV: one row a bid, the refused one not among them
    href = page.locator(".bg-csv a").get_attribute("href")
    rows = list(csv.DictReader(io.StringIO(urllib.parse.unquote(href.split(",", 1)[1]))))
    assert [(r["nickname"], r["bid"], r["winner"]) for r in rows] == [("Ada", "14.25", "yes"), ("Ben", "9.00", "no")]
    assert page_errors == []
