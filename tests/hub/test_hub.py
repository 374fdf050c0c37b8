"""A class on a real JupyterHub of this machine (``deploy/jupyterhub`` as it is, a PostgreSQL class store, npm's
proxy), one hub for the file: the teacher, Ada and Ben log in through the hub's login page in Chromium, each in a
browser of their own, and each uses their own server. The teacher creates an auction room; Ada joins it by its code,
Ben by the join address the teacher's page shows (the hub's user-redirect address, which opens the students' page on
the server of whoever follows it: his own, after the hub's login); both bid; the teacher's count follows, the teacher
closes and reveals, both students see the result. Then Ada makes a table on her dashboard and Ben takes its free seat
from his own server; they play moves by clicks and each page follows the other's. Ben's session is refused Ada's
page. Then Ben tries what a curious student would (JupyterLab, the file API, a kernel or a terminal of his own, code
on his page's kernel, the hub's API with his own token, other people's files from his system account), each refused,
and opens page after page until his server's cap refuses one (the hub hands its users' servers a cap of 4 pages
here, ``BOARDGAMES_PAGES_PER_CLIENT``; 6 is the default, ``tests/test_page_limits.py``). Last, the class store stops
answering, and a page opened then says so in a sentence. A page is closed as a tab is (its kernel shut down); a
person logs in on an address of their server that is no page where the test needs them logged in but no page open.
"""

from __future__ import annotations

import contextlib
import json
import random
import re
import subprocess
import time
import urllib.error
import urllib.request

import pytest

pytestmark = pytest.mark.hub

from hub_server import TEACHER_PASSWORD, class_hub, log_in, missing, postgres_server  # noqa: E402

if missing():
    pytest.skip(missing(), allow_module_level=True)

import psycopg  # noqa: E402
from playwright.sync_api import expect  # noqa: E402
from support.browser import (  # noqa: E402
    POLL,
    READY,
    ROOT,
    TIMEOUT,
    VIEWPORT,
    ply,
    until_it_moves,
)
from support.kernel_probe import replies_to_a_visitor  # noqa: E402

from deploy.kernel_nursery import KERNEL  # noqa: E402

SCREENSHOTS = ROOT / "tests" / "screenshots"
NOTEBOOKS = ROOT / "notebooks"
LIVE = 8000  # ms: a page shows what another page did within about a second (it reads the store every second)
MOVES = 2  # moves played at the table, at least one by each page (a whole table is test_browser_tables.py's)
TEACHER = "/user/teacher/voila/render/auction/teacher.ipynb"
CAP = 4  # pages a user's server holds (BOARDGAMES_PAGES_PER_CLIENT of the hub's environment)
INDEX = "/voila/render/index.ipynb"  # the landing page: Markdown alone, the lightest page of all


def no_page(name: str) -> str:
    """An address of ``name``'s server that the hub's login sends them to with their server started, and that is no
    page (JupyterLab, not loaded there: 404), so that no kernel is started for it. (An address of the server's API
    would not start it: the hub answers 424 while it is not running.)"""
    return f"/user/{name}/lab"


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
            with class_hub(class_store[0], log, BOARDGAMES_SEED="2024", BOARDGAMES_BOT_DELAY="0.05",
                           BOARDGAMES_PAGES_PER_CLIENT=str(CAP)) as url:
                yield url
        except RuntimeError as exc:
            pytest.fail(f"{exc}; see tests/screenshots/hub.log")


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
    # Ben by the join address the teacher's page shows: the hub's user-redirect, which opens it on his own server
    address = teacher.locator(".bg-join-address").inner_text(timeout=TIMEOUT).strip()
    assert address.startswith(f"{hub}/hub/user-redirect/") and address.endswith(f"?code={code}"), address
    ben = log_in(people["ben"], hub, "ben", address[len(hub):])
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
    while ply(ada) < MOVES or len(movers) < 2:  # each page's player makes a move, the other page follows
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
                                timeout=LIVE, polling=POLL)
    assert ply(ada) == ply(ben) >= MOVES


def test_a_student_cannot_open_another_users_page(hub, people):
    ben = people["ben"].new_page()
    answer = ben.goto(f"{hub}{student_page('ada')}")
    assert answer.status == 403
    expect(ben.locator(".bg-auction")).to_have_count(0)
    ben.close()


# What a curious student tries from their own browser, logged in as themselves: each refused.
NOTEBOOK = {"type": "notebook", "format": "json",
            "content": {"cells": [], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}}


def tries(context, hub: str, name: str) -> dict[str, int]:
    """What ``name``'s browser gets (HTTP status) from each thing a student might try on their own server."""
    mine = f"{hub}/user/{name}"
    xsrf = {"X-XSRFToken": next(c["value"] for c in context.cookies(f"{mine}/") if c["name"] == "_xsrf")}
    ask = context.request
    body = {"headers": xsrf, "data": "{}", "max_redirects": 0}
    return {
        "JupyterLab": ask.get(f"{mine}/lab", max_redirects=0).status,
        "the notebook interface": ask.get(f"{mine}/tree", max_redirects=0).status,
        "a notebook's contents": ask.get(f"{mine}/api/contents/medici/play.ipynb").status,
        "the folder's contents": ask.get(f"{mine}/api/contents").status,
        "a file": ask.get(f"{mine}/files/index.ipynb").status,
        "writing a notebook": ask.put(f"{mine}/api/contents/planted.ipynb", headers=xsrf,
                                      data=json.dumps(NOTEBOOK)).status,
        "the list of kernels": ask.get(f"{mine}/api/kernels").status,
        "a kernel of their own": ask.post(f"{mine}/api/kernels", **body).status,
        "a session": ask.post(f"{mine}/api/sessions", **body).status,
        "a terminal": ask.post(f"{mine}/api/terminals", **body).status,
        "a terminal's page": ask.get(f"{mine}/terminals/1", max_redirects=0).status,
        "nbconvert": ask.get(f"{mine}/nbconvert/html/index.ipynb", max_redirects=0).status,
        "stopping the server": ask.post(f"{mine}/api/shutdown", **body).status,
        "the hub's files by a page's files": ask.get(f"{mine}/voila/files/..%2F..%2F..{hub.state}/jupyterhub.sqlite",
                                                    max_redirects=0).status,
        "another user's server": ask.get(f"{hub}/user/ada/api/contents", max_redirects=0).status,
    }


def test_a_student_reaches_no_jupyterlab_no_file_no_kernel_of_their_own_no_terminal_and_no_code_on_his_page(
        hub, people):
    ben = log_in(people["ben"], hub, "ben", f"/user/ben{INDEX}")

    replies = replies_to_a_visitor(ben)  # a websocket of his own to his page's kernel

    assert "kernel_info_request:kernel_info_reply" in replies  # the widgets' messages reach the kernel
    assert not [reply for reply in replies if reply.startswith("execute_request")], replies
    assert 'Received message of type "execute_request", which is not allowed' in (SCREENSHOTS / "hub.log").read_text()

    statuses = tries(people["ben"], hub, "ben")

    assert {what: status for what, status in statuses.items() if status not in (403, 404)} == {}, statuses
    assert not (NOTEBOOKS / "planted.ipynb").exists()
    log = (SCREENSHOTS / "hub.log").read_text()
    for refused in ("write contents", "read contents", "write kernels", "write sessions"):
        assert f"Refused (pages only): {refused} by ben" in log, refused
    people["ben"].request.get(f"{hub}/hub/user-redirect/voila/render/class/student.ipynb?member=bens-own-secret",
                              max_redirects=0)  # his personal link, through the hub: its token is in no log
    assert "bens-own-secret" not in (SCREENSHOTS / "hub.log").read_text()
    ben.goto(f"{hub}/user/ben/lab")
    expect(ben.locator("#jp-main-dock-panel, .jp-LabShell")).to_have_count(0)
    ben.screenshot(path=str(SCREENSHOTS / "hub-jupyterlab-refused.png"), full_page=True)
    ben.close()


def test_a_students_token_opens_nothing_of_the_hub_but_their_own_record(hub, people):
    log_in(people["ada"], hub, "ada", no_page("ada")).close()  # she is on: a user, her server running
    ben = log_in(people["ben"], hub, "ben", "/hub/token")
    ben.get_by_role("button", name="Request new API token").click()
    expect(ben.locator("#token-result")).not_to_be_empty(timeout=TIMEOUT)  # the hub's answer came
    token = ben.locator("#token-result").inner_text().strip()
    ben.close()

    def status(method: str, path: str) -> int:
        request = urllib.request.Request(f"{hub}{path}", method=method, headers={"Authorization": f"token {token}"},
                                         data=b"{}" if method != "GET" else None)
        try:
            with urllib.request.urlopen(request, timeout=30) as answer:
                return answer.status
        except urllib.error.HTTPError as refusal:
            return refusal.code

    assert status("GET", "/hub/api/users/ben") == 200  # the token is his
    assert status("GET", "/hub/api/users") == 403
    assert status("GET", "/hub/api/users/ada") == 404  # the hub does not even say whether Ada exists
    assert status("POST", "/hub/api/users/ada/server") == 404
    assert status("DELETE", "/hub/api/users/ada/server") == 404
    assert status("POST", "/hub/api/users/eve") == 403
    assert status("GET", "/user/ada/api/status") == 403
    assert status("GET", "/user/ben/api/contents") == 403  # his own server: pages only, with a token too


def as_account(hub, name: str, *command: str) -> subprocess.CompletedProcess:
    return subprocess.run(["runuser", "-u", hub.account(name).pw_name, "--", *command], capture_output=True,
                          text=True, timeout=30)


def test_each_student_is_a_system_user_of_their_own_who_reads_no_one_elses_files(hub, class_store, people):
    for name in ("ada", "ben"):  # a page each: a kernel of theirs
        log_in(people[name], hub, name, f"/user/{name}{INDEX}").locator("h1").first.wait_for(timeout=TIMEOUT)
    ada, ben = hub.account("ada"), hub.account("ben")
    assert ada.pw_uid != ben.pw_uid and 0 not in (ada.pw_uid, ben.pw_uid)
    for account in (ada, ben):  # each one's server and page kernel (forked by its server's nursery) run as them
        for process in (["-f", "jupyterhub-singleuser"], ["-x", KERNEL]):
            found = subprocess.run(["pgrep", "-u", account.pw_name, *process], capture_output=True)
            assert found.returncode == 0, (account.pw_name, process)
    with psycopg.connect(class_store[0]) as db:
        store_files = db.execute("SHOW data_directory").fetchone()[0]
    refused = {
        "the hub's database": as_account(hub, "ben", "cat", str(hub.state / "jupyterhub.sqlite")),
        "the hub's cookie secret": as_account(hub, "ben", "cat", str(hub.state / "jupyterhub_cookie_secret")),
        "Ada's home": as_account(hub, "ben", "ls", ada.pw_dir),
        "the class store's files": as_account(hub, "ben", "ls", store_files),
        "writing a notebook": as_account(hub, "ben", "touch", str(NOTEBOOKS / "planted.ipynb")),
    }
    assert {what: done.returncode for what, done in refused.items() if done.returncode == 0} == {}
    assert all("Permission denied" in done.stderr for done in refused.values()), refused
    assert as_account(hub, "ben", "ls", ben.pw_dir).returncode == 0  # his own home he reads


def test_a_student_holds_at_most_the_hubs_cap_of_pages_of_their_server_and_a_page_closed_makes_room(hub, people):
    log_in(people["ben"], hub, "ben", no_page("ben")).close()
    ask, page = people["ben"].request, f"{hub}/user/ben{INDEX}"

    answers = [ask.get(page) for _ in range(CAP + 1)]  # page after page, as a script would open them (his others count)

    statuses = [answer.status for answer in answers]
    assert 429 in statuses and set(statuses[:statuses.index(429)]) == {200}, statuses
    assert f"You already have {CAP} pages of this server open" in answers[statuses.index(429)].text()
    kernel = re.search(r'"kernelId": "([^"]+)"', answers[0].text()).group(1)
    xsrf = {"X-XSRFToken": next(c["value"] for c in people["ben"].cookies(f"{hub}/user/ben/") if c["name"] == "_xsrf")}
    assert ask.post(f"{hub}/user/ben/voila/api/shutdown/{kernel}", headers=xsrf).status == 204  # that page closed
    assert ask.get(page).status == 200


def test_a_page_says_in_a_sentence_that_the_class_store_cannot_be_reached(hub, class_store, people):
    class_store[1]()  # the class's PostgreSQL stops
    ada = log_in(people["ada"], hub, "ada", student_page("ada"))
    ada.wait_for_function("() => !document.body.innerText.includes('Executing')", timeout=TIMEOUT, polling=POLL)
    expect(ada.locator(".bg-store-unreachable")).to_be_visible(timeout=TIMEOUT)
    ada.screenshot(path=str(SCREENSHOTS / "hub-class-store-unreachable.png"), full_page=True)
    text = ada.locator("body").inner_text(timeout=TIMEOUT)
    assert "Traceback" not in text
    assert "class store" in text.lower(), text
    ada.close(run_before_unload=True)
