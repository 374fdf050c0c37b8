"""The class server: `make play` names every page to open, and a page closed gives its kernel back."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import time

import pytest
from playwright.sync_api import expect
from support.browser import ROOT, TIMEOUT, free_port, kernel_of, kernel_status, ply, wait_for_decision, wait_kernel_gone
from support.kernel_probe import replies_to_a_visitor

from boardgames import GAMES, Match
from boardgames.core.links import position_link

pytestmark = pytest.mark.browser

LOG = ROOT / "tests" / "screenshots" / "make-play.log"


@pytest.fixture(scope="module")
def make_play():
    """`make play` on a free port, as a teacher starts it: yields its address once its dashboards are ready."""
    port = free_port()
    LOG.parent.mkdir(exist_ok=True)
    with open(LOG, "w") as log:
        make = subprocess.Popen(["make", "--no-print-directory", "play", f"PORT={port}"], cwd=ROOT,
                                stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        url = f"http://127.0.0.1:{port}"
        try:
            deadline = time.monotonic() + 120
            while "The server is ready" not in LOG.read_text():
                if make.poll() is not None or time.monotonic() > deadline:
                    pytest.fail(f"make play did not serve its dashboards; see {LOG}")
                time.sleep(0.2)
            yield url
        finally:
            os.killpg(make.pid, signal.SIGTERM)
            make.wait(timeout=20)


def test_make_play_names_every_dashboard_the_class_auction_and_the_landing_page_first_and_again_when_ready(make_play):
    text = LOG.read_text()
    first, rest = text.split("Starting the server", 1)
    ready = rest[rest.index("The server is ready"):]
    dashboards = [str(nb.relative_to(ROOT / "notebooks")) for nb in sorted((ROOT / "notebooks").glob("*/play.ipynb"))]
    pages = [f"{make_play}/voila/render/{path}"
             for path in [*dashboards, "medici/lessons/play-with-advice.ipynb", "puzzles.ipynb",
                          "class/teacher.ipynb", "class/student.ipynb", "auction/teacher.ipynb",
                          "auction/student.ipynb", "tables/table.ipynb", "tables/overview.ipynb",
                          "index.ipynb"]]
    for addresses in (first, ready):
        assert all(page in addresses for page in pages)
        for nb in sorted((ROOT / "notebooks").glob("*/play.ipynb")):  # each dashboard named by its game's name
            assert f"Play {GAMES[nb.parent.name].NAME}:" in addresses
    assert len([line for line in first.splitlines() if line.strip()]) == len(pages) + 1  # and one line to say so
    assert "[" not in rest[:rest.index("The server is ready")]  # nothing of Voila's start pushes them up


def test_the_servers_log_keeps_to_pages_opened_and_closed_and_warnings_a_teacher_can_act_on(make_play, page):
    page.goto(f"{make_play}/voila/render/medina/play.ipynb")
    page.locator(".bg-board").wait_for(timeout=TIMEOUT)
    text = LOG.read_text()
    assert "Page opened: medina/play.ipynb" in text
    for noise in ("is not trusted", "without encryption", "Kernel started", "connection files"):
        assert noise not in text


def test_a_dashboard_closed_like_a_tab_shuts_its_kernel_down(make_play, page, page_errors):
    page.goto(f"{make_play}/voila/render/medici/play.ipynb")
    page.locator(".bg-board").wait_for(timeout=TIMEOUT)
    wait_for_decision(page)
    kernel = kernel_of(page)
    assert kernel_status(make_play, kernel) == 200
    context = page.context

    page.close(run_before_unload=True)  # closing the tab runs Voilà's beforeunload: it asks the server to shut down

    assert wait_kernel_gone(make_play, kernel), "the closed page's kernel is still running"
    assert "403 POST /voila/api/shutdown" not in LOG.read_text()
    assert "Page closed" in LOG.read_text()
    assert "_xsrf" in {cookie["name"] for cookie in context.cookies()}  # the token the page's request carried
    assert page_errors == []


def test_a_position_link_opens_on_a_pre_heated_dashboard(make_play, page, page_errors):
    match = Match.new("medici", ["Ada", "Ben", "Cleo"], seed=31)
    rng = random.Random(31)
    while match.ply < 6 or match.state.current_player != 0:  # Ada, the page's human seat, decides
        match.play(rng.choice(match.state.legal_moves()))
    text = position_link(match, 0, seats=["human", "random", "random"])
    page.goto(f"{make_play}/voila/render/medici/play.ipynb?position={text}&hints=off")
    page.locator(".bg-board").wait_for(timeout=TIMEOUT)
    assert wait_for_decision(page)
    expect(page.locator(".bg-message.bg-info")).to_contain_text(f"Opened from a link at move {match.ply}.",
                                                                timeout=TIMEOUT)
    assert ply(page) == match.ply
    expect(page.locator(".bg-hint:visible")).to_have_count(0)  # hints=off was read too
    assert page_errors == []


def test_a_pages_kernel_answers_a_visitors_widget_messages_and_never_runs_their_code(make_play, page):
    page.goto(f"{make_play}/voila/render/auction/student.ipynb")
    page.locator(".bg-auction").wait_for(timeout=TIMEOUT)

    replies = replies_to_a_visitor(page)

    assert "kernel_info_request:kernel_info_reply" in replies  # the visitor's websocket reaches the kernel
    assert not [reply for reply in replies if reply.startswith("execute_request")], replies
    assert 'Received message of type "execute_request", which is not allowed' in LOG.read_text()
