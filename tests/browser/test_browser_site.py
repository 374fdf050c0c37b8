"""The static site (``make site``, ``tools/static_site.py``) in Chromium, opened from its files: a small site of the
landing page, a rules notebook in both languages and a probability lesson, built into a tmp folder. No request leaves
the files (every other one is blocked and counted: none may be made); each page draws every board and chart its
notebook's kernel drew (the bqplot figures and their marks, counted against the widgets' state stored in the page, and
against the live page on Voila), typesets a lesson's formulas, shows no code and no error; an exercise shows its
question and its board and, where its answers would be given, how to answer it live; every link of a page leads to a
file of the site; axe-core finds no serious accessibility violation. The whole site is built by `make site` alone."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import urllib.parse
from pathlib import Path

import pytest
from support.accessibility import no_grave_violation
from support.browser import POLL, ROOT

from boardgames.translation import words
from widgets.runtime.static_page import ANSWER_LIVE, NEEDS_A_SERVER, STORED_PAGE

pytestmark = pytest.mark.browser

NOTEBOOKS = ["index.ipynb", "medici/01-setup.ipynb", "medici/01-setup.ja.ipynb",
             "medici/lessons/04-winners-curse.ipynb"]
PAGES = ["index.html", "medici/01-setup.html", "medici/01-setup.ja.html",
         "medici/lessons/04-winners-curse.html", "server.html"]
EXERCISE_PAGES = {"medici/01-setup.html": "en", "medici/01-setup.ja.html": "ja"}
TIMEOUT = 60_000
STATE = "application/vnd.jupyter.widget-state+json"
VIEW = "application/vnd.jupyter.widget-view+json"
REFERENCE = re.compile(r"IPY_MODEL_([0-9a-f]+)")

# The figures the page drew, each with the marks drawn in it (bqplot puts every mark's view in one group, beside the
# legend's), and how many of those marks have SVG shapes in them (a mark may be empty: a board's overlay for a move
# marked, when none is).
DRAWN = """() => [...document.querySelectorAll('.bqplot.figure svg.svg-figure')].map(svg => {
    const marks = [...svg.querySelector(':scope > g > g').children].filter(g => !g.classList.contains('g_legend'));
    return [marks.length, marks.filter(m => m.querySelector('path, rect, text, circle, line')).length];
})"""
LINKS = "() => [...document.querySelectorAll('a[href]')].map(a => a.getAttribute('href'))"
CODE = "() => document.querySelectorAll('.jp-CodeCell .jp-InputArea, .jp-InputArea-editor, .highlight').length"


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    if not (ROOT / "deploy" / "site" / "node_modules" / "requirejs").is_dir():
        pytest.skip("the site's npm packages are not installed (npm ci --prefix deploy/site: `make test` does it "
                    "where npm is on the machine)")
    out = tmp_path_factory.mktemp("site")
    done = subprocess.run([sys.executable, str(ROOT / "tools" / "static_site.py"), str(out), *NOTEBOOKS],
                          cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
    return out


def expected_figures(page: Path) -> list[int]:
    """The bqplot figures the page's notebook showed, in the page's order, each with its number of marks: read from
    the widgets' state the kernel stored and the views the outputs show (a view's children, a box's, in order)."""
    text = page.read_text(encoding="utf-8")
    stored = re.search(rf'<script type="{re.escape(STATE)}">(.*?)</script>', text, re.S)
    if stored is None:  # a page without widgets (the landing page)
        return []
    state = json.loads(stored.group(1))["state"]
    shown = re.findall(rf'<script type="{re.escape(VIEW)}">(.*?)</script>', text, re.S)
    views = [json.loads(v)["model_id"] for v in shown]
    figures: list[int] = []

    def walk(model_id: str) -> None:
        model = state[model_id]
        if model["model_name"] == "FigureModel":
            figures.append(len(model["state"]["marks"]))
            return
        for child in model["state"].get("children", []):
            walk(REFERENCE.fullmatch(child).group(1))

    for view in views:
        walk(view)
    return figures


def test_the_site_opens_from_its_files_with_its_boards_and_charts_and_nothing_from_outside(site, page):
    outside: list[str] = []

    def only_files(route):
        if route.request.url.startswith("file://"):
            route.continue_()
        else:
            outside.append(route.request.url)
            route.abort()

    page.context.route("**/*", only_files)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(f"pageerror: {exc}"))
    page.on("console", lambda msg: errors.append(f"console: {msg.text}") if msg.type == "error" else None)
    page.on("requestfailed", lambda request: errors.append(f"not found: {request.url}"))

    for name in PAGES:
        path = site / name
        page.goto(path.as_uri())
        figures = expected_figures(path)
        if figures:
            page.wait_for_function(f"n => ({DRAWN})().length >= n", arg=len(figures), timeout=TIMEOUT, polling=POLL)
            page.wait_for_function(f"""n => {{ const drawn = ({DRAWN})();
                return drawn.reduce((all, [marks]) => all + marks, 0) >= n && drawn.every(([, s]) => s); }}""",
                                   arg=sum(figures), timeout=TIMEOUT, polling=POLL)
        drawn = page.evaluate(DRAWN)
        assert [marks for marks, _ in drawn] == figures, f"{name}: the figures drawn and their marks"
        assert all(shapes > 0 for _, shapes in drawn), f"{name}: a figure with nothing drawn: {drawn}"
        assert page.evaluate(CODE) == 0, f"{name} shows code"
        text = page.inner_text("body")
        assert "Traceback" not in text and "Error" not in text, name
        if name != "server.html":
            assert page.locator(".bg-site-note").inner_text().strip() == words(STORED_PAGE, page_language(name))

        for href in page.evaluate(LINKS):
            target = urllib.parse.urlsplit(href)
            if target.scheme or not target.path:
                continue
            assert (path.parent / urllib.parse.unquote(target.path)).resolve().is_file(), f"{name}: {href}"

        if name in EXERCISE_PAGES:
            language = EXERCISE_PAGES[name]
            exercise = page.locator(".bg-exercise")
            assert exercise.count() == 1
            assert exercise.locator(".bg-exercise-question").inner_text().strip()
            assert exercise.locator(".bqplot.figure").count() >= 1  # its board
            assert exercise.locator(".bg-exercise-choice").count() == 0
            assert not exercise.locator(".bg-exercise-another").is_visible()
            assert exercise.locator(".bg-site-live").inner_text().strip() == words(ANSWER_LIVE, language)
        no_grave_violation(page)  # as the live pages: no serious or critical WCAG 2.x A/AA violation (axe-core)
        if name.startswith("medici/01-setup"):
            other = "01-setup.html" if name.endswith(".ja.html") else "01-setup.ja.html"
            assert page.locator(f"a[href='{other}']").count() == 1, f"{name}: the link to its other language"
        if name == "medici/lessons/04-winners-curse.html":  # its formula, by the site's MathJax; its sliders drawn
            page.locator(".MathJax_CHTML").first.wait_for(timeout=TIMEOUT)  # MathJax 2, as nbconvert asks
            assert page.locator(".lesson-noise .noUi-handle").count() == 1
        if name == "index.html":  # a dashboard is not in the site: its link says it needs a server
            play = page.locator("a.bg-site-server", has_text="Play Medici")
            assert play.get_attribute("href") == "server.html"
            assert words(NEEDS_A_SERVER, "en") in page.locator(".bg-site-server-note").first.inner_text()
            assert page.locator("a[href='medici/01-setup.html']").count() == 1

    assert outside == [], "requests that left the site"
    assert errors == []


@pytest.mark.parametrize("notebook", ["medici/01-setup.ipynb"])
def test_a_page_of_the_site_draws_what_its_live_page_draws(site, page, voila_url, notebook):
    """The same figures with the same marks as the notebook's live page on Voila (a rules notebook: boards)."""
    stored = site / (notebook[: -len(".ipynb")] + ".html")
    figures = expected_figures(stored)
    shots = ROOT / "tests" / "screenshots"
    page.goto(f"{voila_url}/voila/render/{notebook}")
    page.wait_for_function(f"""n => {{ const drawn = ({DRAWN})();
        return drawn.length >= n && drawn.every(([, s]) => s); }}""", arg=len(figures), timeout=TIMEOUT, polling=POLL)
    live = page.evaluate(DRAWN)
    page.screenshot(path=str(shots / f"site-live-{Path(notebook).stem}.png"), full_page=True)
    page.goto(stored.as_uri())
    page.wait_for_function(f"""n => {{ const drawn = ({DRAWN})();
        return drawn.length >= n && drawn.every(([, s]) => s); }}""", arg=len(figures), timeout=TIMEOUT, polling=POLL)
    assert page.evaluate(DRAWN) == live
    page.screenshot(path=str(shots / f"site-stored-{Path(notebook).stem}.png"), full_page=True)


def page_language(name: str) -> str:
    return "ja" if name.endswith(".ja.html") else "en"
