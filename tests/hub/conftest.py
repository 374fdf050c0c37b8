"""The hub test: a real JupyterHub (``deploy/jupyterhub``) on this machine, skipped where the ``hub`` extra or
configurable-http-proxy is not installed (``make test`` needs neither)."""

from __future__ import annotations

import os

import pytest


def pytest_configure(config):
    config.addinivalue_line("markers", "hub: a class on a real JupyterHub of this machine (the hub extra, npm's proxy)")


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item, call):
    report = yield
    if report.when == "call":
        item.hub_failed = report.failed
    return report


@pytest.fixture(scope="session")
def chromium(browser):
    """Debian's Chromium, driven by Playwright (the session's browser, which the browser tests of this test process
    share), for every hub test's people (each in a context of their own: no cookie is shared)."""
    from support.browser import CHROMIUM

    if not os.path.exists(CHROMIUM):
        pytest.fail(f"{CHROMIUM} is missing: install Debian's browser with `apt-get install -y chromium`")
    return browser
