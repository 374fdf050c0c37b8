"""A browser opening page after page on a `make play` server: past its cap of pages (2 here) the next page shows a
sentence saying what to do, the pages it has keep working, and a page closed makes room for the next."""

from __future__ import annotations

import os
import tempfile
import time

import pytest
from playwright.sync_api import expect
from support.browser import (
    ROOT,
    TIMEOUT,
    kernel_of,
    until_it_moves,
    voila,
    wait_for_decision,
    wait_kernel_gone,
)

from deploy.page_limits import PAGES_PER_CLIENT, PAGES_TOTAL, TOO_MANY
from deploy.serve import PRE_HEATED

pytestmark = pytest.mark.browser

SCREENSHOTS = ROOT / "tests" / "screenshots"
LOG = SCREENSHOTS / "page-limits.log"
REFUSED = "This computer already has 2 pages of this server open: close one of them and open this page again."


@pytest.fixture(scope="module")
def capped_url():
    """Voilà as `make play` runs it (a pre-heated kernel for each dashboard), 2 pages an address: yields its address
    once the dashboards' kernels are ready."""
    env = dict(os.environ, BOARDGAMES_SEED="2024", BOARDGAMES_BOT_DELAY="0.05",
               BOARDGAMES_DATA=tempfile.mkdtemp(prefix="boardgames-class-"))
    env.update({PAGES_PER_CLIENT: "2", PAGES_TOTAL: "10"})
    env.pop("BOARDGAMES_DB", None)
    SCREENSHOTS.mkdir(exist_ok=True)
    with open(LOG, "w") as log, voila(env, log, "--preheat_kernel=True",
                                      f"--VoilaKernelManager.preheat_denylist={PRE_HEATED}") as url:
        deadline = time.monotonic() + 120
        while LOG.read_text().count("Kernel pool of") < 2:  # medici's and medina's at least
            assert time.monotonic() < deadline, f"the dashboards' kernels were not ready; see {LOG}"
            time.sleep(0.5)
        yield url


def open_dashboard(context, url: str, game: str):
    page = context.new_page()
    page.goto(f"{url}/voila/render/{game}/play.ipynb")
    page.locator(".bg-board").wait_for(timeout=TIMEOUT)
    return page


def test_a_page_past_the_cap_says_so_and_the_open_pages_keep_working_until_one_is_closed(capped_url, page):
    medici = open_dashboard(page.context, capped_url, "medici")
    medina = open_dashboard(page.context, capped_url, "medina")

    answer = page.goto(f"{capped_url}/voila/render/metropolis/play.ipynb")
    assert answer.status == TOO_MANY
    expect(page.locator("h1")).to_contain_text(REFUSED)
    assert "Traceback" not in page.content()
    page.screenshot(path=str(SCREENSHOTS / "page-limit-refused.png"), full_page=True)
    assert "Page refused: /voila/render/metropolis/play.ipynb (from 127.0.0.1)" in LOG.read_text()

    assert wait_for_decision(medici)  # the pages already open still play
    until_it_moves(medici, lambda: medici.locator(".bg-move:not([disabled]):visible").first.click())
    assert medina.locator(".bg-board").is_visible()

    kernel = kernel_of(medina)
    medina.close(run_before_unload=True)  # a tab closed: Voilà's page asks the server to shut its kernel down
    assert wait_kernel_gone(capped_url, kernel), "the closed page's kernel is still running"

    answer = page.goto(f"{capped_url}/voila/render/metropolis/play.ipynb")
    assert answer.status == 200
    page.locator(".bg-board").wait_for(timeout=TIMEOUT)
    assert wait_for_decision(page)
