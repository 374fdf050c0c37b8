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
def chromium():
    """Debian's Chromium, driven by Playwright, started once for every hub test's people (each in a context of their
    own: no cookie is shared)."""
    from playwright.sync_api import sync_playwright
    from support.browser import CHROMIUM, CHROMIUM_ARGS

    if not os.path.exists(CHROMIUM):
        pytest.fail(f"{CHROMIUM} is missing: install Debian's browser with `apt-get install -y chromium`")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()
