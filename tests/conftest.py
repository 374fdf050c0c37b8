"""Every test process keeps its class store in a folder of its own, removed afterwards: the notebooks that nbval
runs, `make play` started by a browser test, and any page a test opens without naming a store would otherwise
write into the user's own (``~/.local/share/boardgames``, or the database of a ``BOARDGAMES_DB`` in their shell)."""

from __future__ import annotations

import os
import shutil
import sys
import tempfile

import pytest

_MADE: list[str] = []


def pytest_configure(config):
    os.environ.pop("BOARDGAMES_DB", None)  # the tests that use PostgreSQL start a server of their own
    if hasattr(config, "workerinput"):  # a test process of pytest-xdist: the folder its main process made
        return
    os.environ["BOARDGAMES_DATA"] = tempfile.mkdtemp(prefix="boardgames-tests-")
    _MADE.append(os.environ["BOARDGAMES_DATA"])


def pytest_unconfigure(config):
    for folder in _MADE:
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(autouse=True)
def _widgets_closed_after_each_test():
    """The widgets a test made are closed after it, as a page's are when it is closed: a test process never holds the
    pages of all its earlier tests, each of which a change of language would redraw (``widgets.runtime.language``
    holds a page's widgets weakly; ipywidgets holds every widget until it is closed)."""
    made = sys.modules.get("ipywidgets.widgets.widget")
    before = set(made._instances) if made else set()
    yield
    made = sys.modules.get("ipywidgets.widgets.widget")
    if made:
        for key in [key for key in made._instances if key not in before]:
            widget = made._instances.get(key)  # a view's close may have closed its parts already
            if widget is not None:
                widget.close()


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    """Playwright's browser, for the browser and hub tests: Debian's Chromium (never a downloaded one)."""
    from support.browser import CHROMIUM, CHROMIUM_ARGS

    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    from support.browser import VIEWPORT

    return {**browser_context_args, "viewport": VIEWPORT}
