"""A class on a real JupyterHub of this machine (``deploy/jupyterhub`` as it is, a PostgreSQL class store, npm's
proxy): the teacher, Ada and Ben log in through the hub's login page in Chromium, each in a browser of their own,
and each uses their own server. The teacher creates an auction room; Ada and Ben join it by its code and bid; the
teacher's count follows, the teacher closes and reveals, both students see the result (Ben came by the hub's
user-redirect address, which opens a page on the server of whoever follows it). Then Ada makes a table on her
dashboard and Ben takes its free seat from his own server; they play moves by clicks and each page follows the
other's. Ben's session is refused Ada's page; the join address the teacher's page shows opens the students' page
on Ben's own server. Last, the class store stops answering, and a page opened then says
so in a sentence.
"""

from __future__ import annotations

import contextlib
import os
import random
import time

import pytest

pytestmark = pytest.mark.hub

from hub_server import TEACHER_PASSWORD, class_hub, log_in, missing, postgres_server  # noqa: E402

if missing():
    pytest.skip(missing(), allow_module_level=True)

from playwright.sync_api import expect, sync_playwright  # noqa: E402
from support.browser import (  # noqa: E402
    CHROMIUM,
    CHROMIUM_ARGS,
    READY,
    ROOT,
    TIMEOUT,
    VIEWPORT,
    ply,
    until_it_moves,
)

SCREENSHOTS = ROOT / "tests" / "screenshots"
LIVE = 8000  # ms: a page shows what another page did within about a second (it reads the store every second)
MOVES = 6  # moves played at the table, by both pages
TEACHER = "/user/teacher/voila/render/auction/teacher.ipynb"


def student_page(name: str, code: str = "") -> str:
    return f"/user/{name}/voila/render/auction/student.ipynb" + (f"?code={code}" if code else "")


@pytest.fixture(scope="module")
def class_store():
    """The class's PostgreSQL, and a way to stop it before the end (the last test)."""
    with contextlib.ExitStack() as running:
        yield running.enter_context(postgres_server()), running.close


@pytest.fixture(scope="module")
def hub(class_store):
    SCREENSHOTS.mkdir(exist_ok=True)
    with open(SCREENSHOTS / "hub.log", "w") as log:
        try:
            with class_hub(class_store[0], log, BOARDGAMES_SEED="2024", BOARDGAMES_BOT_DELAY="0.05") as url:
                yield url
        except RuntimeError as exc:
            pytest.fail(f"{exc}; see tests/screenshots/hub.log")


@pytest.fixture(scope="module")
def chromium():
    if not os.path.exists(CHROMIUM):
        pytest.fail(f"{CHROMIUM} is missing: install Debian's browser with `apt-get install -y chromium`")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture(scope="module")
def people(chromium):
    """A browser of their own for the teacher, Ada and Ben (cookies are not shared)."""
    contexts = {name: chromium.new_context(viewport=VIEWPORT) for name in ("teacher", "ada", "ben")}
    for context in contexts.values():
        context.set_default_timeout(TIMEOUT)
        context.set_default_navigation_timeout(TIMEOUT)
    yield contexts
    for context in contexts.values():
        context.close()


@pytest.fixture(autouse=True)
def shot_on_failure(request, people):
    """When a test fails, a picture of every page still open, for the record (``FAILED-hub-<person>-<n>.png``)."""
    yield
    if getattr(request.node, "hub_failed", False):
        for name, context in people.items():
            for n, page in enumerate(context.pages):
                with contextlib.suppress(Exception):  # a page may be gone; the failure is reported anyway
                    page.screenshot(path=str(SCREENSHOTS / f"FAILED-hub-{name}-{n}.png"), full_page=True)


def create_a_room(context, hub: str, title: str) -> tuple[object, str]:
    """The teacher logs in, creates a room on their own server and opens its page: (that page, the room's code)."""
    teacher = log_in(context, hub, "teacher", TEACHER, password=TEACHER_PASSWORD)
    teacher.locator(".bg-room-title input").fill(title)
    teacher.locator(".bg-create").click()
    teacher.locator(".bg-teacher-link").click(timeout=TIMEOUT)
    return teacher, teacher.locator(".bg-room-code").inner_text(timeout=TIMEOUT).strip()


def join(page, code: str, nickname: str) -> None:
    expect(page.locator(".bg-code input")).to_have_value(code, timeout=TIMEOUT)
    page.locator(".bg-nickname input").fill(nickname)
    page.locator(".bg-join").click()
    page.locator(".bg-seat-link").click(timeout=TIMEOUT)
    expect(page.locator(".bg-auction-student")).to_contain_text(f"{nickname} in room {code}", timeout=TIMEOUT)


def bid(page, amount: str) -> None:
    page.bring_to_front()
    page.locator(".bg-bid-input input").fill(amount)
    page.locator(".bg-bid").click()


def to_move(pages) -> object | None:
    """The one page whose player may move now, both pages showing the same move (None while a page catches up)."""
    if len({ply(page) for page in pages}) > 1:
        return None
    ready = [page for page in pages if page.evaluate(READY)]
    return ready[0] if len(ready) == 1 else None


def click_a_move(page, rng: random.Random) -> None:
    moves = page.locator(".bg-move:not([disabled]):visible")
    moves.first.wait_for(timeout=15_000)
    moves.nth(rng.randrange(moves.count())).click()


def test_a_class_on_the_hub_bids_in_one_room_and_plays_at_one_table(hub, people):
    teacher, code = create_a_room(people["teacher"], hub, "Economics, on the hub")
    assert len(code) == 5
    # each student on their own server, by the room's code
    ada = log_in(people["ada"], hub, "ada", student_page("ada", code))
    join(ada, code, "Ada")
    # Ben by the hub's user-redirect: /hub/user-redirect/... opens the page on his own server
    ben = log_in(people["ben"], hub, "ben", f"/hub/user-redirect/voila/render/auction/student.ipynb?code={code}")
    join(ben, code, "Ben")
    assert ada.url.startswith(f"{hub}/user/ada/") and ben.url.startswith(f"{hub}/user/ben/")
    expect(teacher.locator(".bg-students")).to_contain_text("2 in the room: Ada, Ben", timeout=LIVE)
    teacher.bring_to_front()
    teacher.locator(".bg-start").click()
    for student in (ada, ben):
        expect(student.locator(".bg-estimate")).to_contain_text("Your estimate of the jar", timeout=LIVE)
    bid(ada, "14.25")
    expect(ada.locator(".bg-my-bid")).to_contain_text("your bid: $14.25", timeout=TIMEOUT)
    expect(teacher.locator(".bg-count")).to_have_attribute("data-bidders", "1", timeout=LIVE)
    bid(ben, "9")
    expect(ben.locator(".bg-my-bid")).to_contain_text("your bid: $9.00", timeout=TIMEOUT)
    expect(teacher.locator(".bg-count")).to_have_attribute("data-bidders", "2", timeout=LIVE)
    teacher.bring_to_front()
    teacher.locator(".bg-close").click()
    expect(teacher.locator(".bg-round-status")).to_contain_text("The winner is Ada at $14.25", timeout=TIMEOUT)
    teacher.locator(".bg-reveal").click()
    expect(teacher.locator(".bg-class-picture")).to_have_count(1, timeout=TIMEOUT)
    expect(ada.locator(".bg-result")).to_contain_text("You won, at $14.25", timeout=LIVE)
    expect(ben.locator(".bg-result")).to_contain_text("Ada won, at $14.25", timeout=LIVE)
    for name, student in (("ada", ada), ("ben", ben)):
        expect(student.locator(".bg-class-picture")).to_have_count(1, timeout=LIVE)
        student.bring_to_front()
        student.screenshot(path=str(SCREENSHOTS / f"hub-auction-{name}-after-reveal.png"), full_page=True)

    # Ada's table on her dashboard, Ben in its classmate's seat from his own server
    ada.goto(f"{hub}/user/ada/voila/render/medici/play.ipynb")
    expect(ada.locator(".bg-board")).to_have_count(1, timeout=TIMEOUT)
    ada.locator(".bg-setup").get_by_text("New game: players").click()
    ada.locator(".bg-setup .widget-dropdown", has_text="Players").locator("select").select_option("2")
    kinds = ada.locator(".bg-setup .bg-seat-kind select")
    expect(kinds).to_have_count(2, timeout=TIMEOUT)
    kinds.nth(1).select_option(label="a classmate")
    ada.locator(".bg-new-game").click()
    table = ada.locator(".bg-table-code").inner_text(timeout=TIMEOUT).strip()
    ben.goto(f"{hub}/user/ben/voila/render/tables/table.ipynb?table={table}")
    ben.locator(".bg-take-seat").click(timeout=TIMEOUT)
    expect(ben.locator(".bg-title")).to_contain_text(f"at table {table}", timeout=TIMEOUT)
    expect(ada.locator(".bg-table")).to_contain_text("(a classmate)", timeout=LIVE)
    rng = random.Random(11)
    pages, movers = (ada, ben), set()
    deadline = time.monotonic() + 300
    while ply(ada) < MOVES or len(movers) < 2:  # a few moves, each page's player making some
        assert time.monotonic() < deadline, f"no page may move at move {ply(ada)}"
        mover = to_move(pages)
        if mover is None:
            ada.wait_for_timeout(100)
            continue
        movers.add(mover.url)
        mover.bring_to_front()
        until_it_moves(mover, lambda m=mover: click_a_move(m, rng))
        other = ben if mover is ada else ada  # the other page follows within seconds
        other.wait_for_function("n => +document.querySelector('.bg-ply').dataset.ply >= n", arg=ply(mover),
                                timeout=LIVE)
    assert ply(ada) == ply(ben) >= MOVES


def test_a_student_cannot_open_another_users_page(hub, people):
    ben = people["ben"].new_page()
    answer = ben.goto(f"{hub}{student_page('ada')}")
    assert answer.status == 403
    expect(ben.locator(".bg-auction")).to_have_count(0)
    ben.close()


def test_the_join_address_on_the_teachers_page_opens_the_students_page_on_their_own_server(hub, people):
    teacher, code = create_a_room(people["teacher"], hub, "Economics, the join address")
    address = teacher.locator(".bg-join-address").inner_text(timeout=TIMEOUT).strip()
    teacher.close()
    ben = people["ben"].new_page()
    answer = ben.goto(address)
    assert answer.status == 200 and ben.url.startswith(f"{hub}/user/ben/"), (address, answer.status)
    expect(ben.locator(".bg-code input")).to_have_value(code, timeout=TIMEOUT)
    ben.close()


def test_a_page_says_in_a_sentence_that_the_class_store_cannot_be_reached(hub, class_store, people):
    class_store[1]()  # the class's PostgreSQL stops
    ada = log_in(people["ada"], hub, "ada", student_page("ada"))
    ada.wait_for_function("() => !document.body.innerText.includes('Executing')", timeout=TIMEOUT)
    expect(ada.locator(".bg-store-unreachable")).to_be_visible(timeout=TIMEOUT)
    ada.screenshot(path=str(SCREENSHOTS / "hub-class-store-unreachable.png"), full_page=True)
    text = ada.locator("body").inner_text(timeout=TIMEOUT)
    assert "Traceback" not in text
    assert "class store" in text.lower(), text
    ada.close()
