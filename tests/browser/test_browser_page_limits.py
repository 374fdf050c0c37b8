"""A browser opening page after page on a `make play` server: past its cap of pages (1 here, so that one page held
proves it) the next page shows a sentence saying what to do, whether Voilà would hand it a pre-heated kernel or
start one, the page it has keeps working, and a page closed makes room for the next.

The test's server pre-heats Medici's dashboard alone (`make play` pre-heats every dashboard the same way): the page
held and the page opened after the close are taken from its pool, the pool's refills are never counted. Counting
kernels started for a page (a cap of 1 or more, per client and in all) is proven without a browser in
``tests/test_page_limits.py``."""

from __future__ import annotations

import os
import tempfile
import time

import pytest
from playwright.sync_api import expect
from support.browser import ROOT, TIMEOUT, kernel_of, until_it_moves, voila, wait_for_decision, wait_kernel_gone

from deploy.page_limits import PAGES_PER_CLIENT, PAGES_TOTAL, TOO_MANY, Refused, refusal
from deploy.serve import preheat_denylist

pytestmark = pytest.mark.browser

SCREENSHOTS = ROOT / "tests" / "screenshots"
LOG = SCREENSHOTS / "page-limits.log"
CAP = 1
REFUSED = refusal(Refused("client", CAP), per_user=False).reason  # "This computer already has a page ..."
PRE_HEATED = preheat_denylist(["medici/play.ipynb"])  # every notebook but Medici's dashboard (BOARDGAMES_PRE_HEAT)
MEDICI, METROPOLIS = "/voila/render/medici/play.ipynb", "/voila/render/metropolis/play.ipynb"


@pytest.fixture(scope="module")
def capped_url():
    """Voilà as `make play` runs it, Medici's dashboard alone pre-heated, ``CAP`` pages an address: yields its address
    once the dashboard's pre-heated kernel is ready."""
    env = dict(os.environ, BOARDGAMES_SEED="2024", BOARDGAMES_BOT_DELAY="0.05",
               BOARDGAMES_DATA=tempfile.mkdtemp(prefix="boardgames-class-"))
    env.update({PAGES_PER_CLIENT: str(CAP), PAGES_TOTAL: "10"})
    env.pop("BOARDGAMES_DB", None)
    SCREENSHOTS.mkdir(exist_ok=True)
    with open(LOG, "w") as log, voila(env, log, "--preheat_kernel=True",
                                      f"--VoilaKernelManager.preheat_denylist={PRE_HEATED}") as url:
        deadline = time.monotonic() + 120
        while "Kernel pool of" not in LOG.read_text():
            assert time.monotonic() < deadline, f"the dashboard's kernel was not ready; see {LOG}"
            time.sleep(0.2)
        yield url


def test_a_page_past_the_cap_says_so_and_the_open_page_keeps_working_until_it_is_closed(capped_url, page):
    medici = page.context.new_page()
    medici.goto(capped_url + MEDICI)  # the pre-heated kernel: the one page this computer may hold
    medici.locator(".bg-board").wait_for(timeout=TIMEOUT)

    answer = page.goto(capped_url + METROPOLIS)  # a page whose kernel would be started for it
    assert answer.status == TOO_MANY
    expect(page.locator("h1")).to_contain_text(REFUSED)
    assert "Traceback" not in page.content()
    page.screenshot(path=str(SCREENSHOTS / "page-limit-refused.png"), full_page=True)
    again = page.context.request.get(capped_url + MEDICI)  # a page the pool's next kernel would serve
    assert again.status == TOO_MANY and REFUSED in again.text()
    log = LOG.read_text()
    assert f"Page refused: {METROPOLIS} (from 127.0.0.1)" in log and f"Page refused: {MEDICI} (from 127.0.0.1)" in log

    assert wait_for_decision(medici)  # the page already open still plays
    until_it_moves(medici, lambda: medici.locator(".bg-move:not([disabled]):visible").first.click())

    kernel = kernel_of(medici)
    medici.close(run_before_unload=True)  # a tab closed: Voilà's page asks the server to shut its kernel down
    assert wait_kernel_gone(capped_url, kernel), "the closed page's kernel is still running"

    answer = page.goto(capped_url + MEDICI)  # the pool's refilled kernel
    assert answer.status == 200
    page.locator(".bg-board").wait_for(timeout=TIMEOUT)
    assert wait_for_decision(page)
