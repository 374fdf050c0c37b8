"""The class server as a teacher starts it (`make play`), one server for the file, Medici's dashboard alone pre-heated
(``BOARDGAMES_PRE_HEAT=medici``: a kernel waiting for each other dashboard would be started for nothing; each is
pre-heated as Medici's is, ``deploy/serve.py``): it names every page to open, first and again once the pre-heated
dashboard is ready, its log keeps to what a teacher can act on, and the pre-heated dashboard opened from a position
link plays that position, runs no code a visitor sends its kernel (the widgets' messages it answers) and gives its
kernel back when its tab is closed. One page is opened in all (each page taken from the pool is followed by a
kernel pre-heated for the next)."""

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
from deploy.serve import PRE_HEAT

pytestmark = pytest.mark.browser

LOG = ROOT / "tests" / "screenshots" / "make-play.log"
NOISE = ("is not trusted", "without encryption", "Kernel started", "connection files")  # what Voilà says, unshown


@pytest.fixture(scope="module")
def make_play():
    """`make play` on a free port, as a teacher starts it (Medici's dashboard alone pre-heated): yields its address
    once that dashboard is ready."""
    port = free_port()
    LOG.parent.mkdir(exist_ok=True)
    with open(LOG, "w") as log:
        make = subprocess.Popen(["make", "--no-print-directory", "play", f"PORT={port}"], cwd=ROOT,
                                env={**os.environ, PRE_HEAT: "medici"}, stdout=log, stderr=subprocess.STDOUT,
                                start_new_session=True)
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
            try:
                make.wait(timeout=60)  # Voila shuts its kernels down first: about 10 s, longer on a loaded machine
            except subprocess.TimeoutExpired:
                os.killpg(make.pid, signal.SIGKILL)
                make.wait()


def test_make_play_names_every_dashboard_the_class_auction_and_the_landing_page_first_and_again_when_ready(make_play):
    text = LOG.read_text()
    first, rest = text.split("Starting the server", 1)
    ready = rest[rest.index("The server is ready"):]
    dashboards = [str(nb.relative_to(ROOT / "notebooks")) for nb in sorted((ROOT / "notebooks").glob("*/play.ipynb"))]
    pages = [f"{make_play}/voila/render/{path}"
             for path in [*dashboards, "medici/lessons/play-with-advice.ipynb", "puzzles.ipynb",
                          "class/teacher.ipynb", "class/student.ipynb", "auction/teacher.ipynb",
                          "auction/student.ipynb", "tables/table.ipynb", "tables/overview.ipynb",
                          "index.ipynb", "index.ja.ipynb"]]
    for addresses in (first, ready):
        assert all(page in addresses for page in pages)
        for nb in sorted((ROOT / "notebooks").glob("*/play.ipynb")):  # each dashboard named by its game's name
            assert f"Play {GAMES[nb.parent.name].NAME}:" in addresses
    assert len([line for line in first.splitlines() if line.strip()]) == len(pages) + 1  # and one line to say so
    assert "[" not in rest[:rest.index("The server is ready")]  # nothing of Voila's start pushes them up
    for noise in NOISE:  # the pre-heated kernel started: none of it in the teacher's log
        assert noise not in text


def test_a_position_link_opens_on_a_pre_heated_dashboard_that_runs_no_visitors_code_and_closes_like_a_tab(
        make_play, page, page_errors):
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
    assert "Page opened: medici/play.ipynb" in LOG.read_text()

    replies = replies_to_a_visitor(page)  # a websocket of the visitor's own to the page's kernel

    assert "kernel_info_request:kernel_info_reply" in replies  # the widgets' messages reach the kernel
    assert not [reply for reply in replies if reply.startswith("execute_request")], replies
    assert 'Received message of type "execute_request", which is not allowed' in LOG.read_text()

    kernel = kernel_of(page)
    assert kernel_status(make_play, kernel) == 200
    context = page.context
    page.close(run_before_unload=True)  # closing the tab runs Voilà's beforeunload: it asks the server to shut down

    assert wait_kernel_gone(make_play, kernel), "the closed page's kernel is still running"
    text = LOG.read_text()
    assert "403 POST /voila/api/shutdown" not in text
    assert "Page closed" in text
    for noise in NOISE:  # a page's kernel started, its notebook read: none of it in the teacher's log
        assert noise not in text
    assert "_xsrf" in {cookie["name"] for cookie in context.cookies()}  # the token the page's request carried
    assert page_errors == []
