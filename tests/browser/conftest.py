"""Browser tests: Voilà serves notebooks/, Debian's Chromium (never a downloaded browser) shows the pages.

The Voilà server is started once per test process (the browser tests run on two) on a free port; the dashboards
get a fixed seed and a short bot pause through the environment (``widgets.dashboard`` reads ``BOARDGAMES_SEED`` and
``BOARDGAMES_BOT_DELAY``), and the class auction a new SQLite store (``BOARDGAMES_DATA``). Screenshots go to
``tests/screenshots/`` (git-ignored).
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest
from support.browser import CHROMIUM, DASHBOARD_SEED, SCREENSHOTS, TIMEOUT, voila

SEED = DASHBOARD_SEED
BOT_DELAY = 0.08
# Harmless noise when offline: the icon font is requested from a CDN, and JupyterLab's shared
# modules warn about versions. Anything else in the console's errors fails a test.
IGNORED = ("ERR_NAME_NOT_RESOLVED", "Unsatisfied version", "ERR_INTERNET_DISCONNECTED")


@pytest.fixture(scope="session")
def voila_url():
    if not os.path.exists(CHROMIUM):
        pytest.fail(f"{CHROMIUM} is missing: install Debian's browser with `apt-get install -y chromium`")
    env = dict(os.environ, BOARDGAMES_SEED=str(SEED), BOARDGAMES_BOT_DELAY=str(BOT_DELAY),
               BOARDGAMES_DATA=tempfile.mkdtemp(prefix="boardgames-class-"))  # a class store of its own
    env.pop("BOARDGAMES_DB", None)
    SCREENSHOTS.mkdir(exist_ok=True)
    name = f"voila-{os.environ.get('PYTEST_XDIST_WORKER', 'main')}.log"  # one server per test process
    with open(SCREENSHOTS / name, "w") as log:
        try:
            with voila(env, log, "--show_tracebacks=True") as url:
                yield url
        except RuntimeError as exc:  # it did not start (pytest does not throw test failures in here)
            pytest.fail(f"{exc}; see tests/screenshots/{name}")


@pytest.fixture(autouse=True)
def patient_navigation(page):
    """A page may take as long to open as to answer a click: Voilà runs the notebook before it sends the page, on a
    machine busy with two test processes."""
    page.context.set_default_navigation_timeout(TIMEOUT)


@pytest.fixture
def page_errors(page):
    """Errors the page logs (uncaught exceptions and console errors), less the offline noise."""
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(f"pageerror: {exc}"))

    def console(msg):
        if msg.type == "error" and not any(word in msg.text for word in IGNORED):
            errors.append(f"console: {msg.text}")

    page.on("console", console)
    return errors


@pytest.fixture
def shoot(page):
    SCREENSHOTS.mkdir(exist_ok=True)

    def take(name: str) -> Path:
        path = SCREENSHOTS / f"{name}.png"
        page.screenshot(path=str(path), full_page=True)
        return path

    return take


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item, call):
    report = yield
    setattr(item, f"report_{report.when}", report)
    return report


@pytest.fixture(autouse=True)
def shot_on_failure(request, page):
    """When a browser test fails, keep a picture of the page and its status line for the record."""
    yield
    report = getattr(request.node, "report_call", None)
    if report is not None and report.failed:
        SCREENSHOTS.mkdir(exist_ok=True)
        name = request.node.name.replace("[", "-").replace("]", "")
        try:
            page.screenshot(path=str(SCREENSHOTS / f"FAILED-{name}.png"), full_page=True)
            status = page.locator(".bg-status").inner_text(timeout=2_000)
            (SCREENSHOTS / f"FAILED-{name}.txt").write_text(status)
        except Exception:  # the page may be gone; the failure itself is reported anyway
            pass
