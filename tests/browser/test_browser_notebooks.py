"""The teaching notebooks and the landing page, read in Voilà as a learner reads them: sentences, tables, logs
and boards, never a Python repr, a print, a traceback or a widget that failed to draw.

What every notebook's cells output is checked as nbval runs them (the root ``conftest.py``: no print, repr or
traceback, no board fallen back to its text). Here, in Chromium, a page for each kind of widget the notebooks draw
(each game's board and exercise, each chart of the lessons, the class auction's reader) and the landing page: every
widget draws its figure, no code shows, the page logs no error.

A repr is recognised the way a reader would: an output line that starts with ``(``, ``[`` or ``{`` (a tuple,
list or dict as Python writes it), or a table cell that does so with a quote or a bracket after it
(``['spice:1'``); squares written as the game's log writes them, ``(12, 16)``, are table cells, not reprs.
"""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest
from playwright.sync_api import expect
from support.browser import ROOT, VIEWPORT
from support.notebook_outputs import REPR_CELL, REPR_LINE, WORDS_OF_CODE

pytestmark = pytest.mark.browser

NOTEBOOKS = ROOT / "notebooks"
# Each kind of widget the notebooks draw, on the smallest page that draws it (the Medina placing lesson and the
# winner's curse explorer are opened by test_browser_medina.py and test_browser_lessons.py).
PAGES = [NOTEBOOKS / name for name in (
    "index.ipynb",
    "medici/03-scoring.ipynb",  # Medici's exercise, the income chart
    "medici/lessons/01-expected-value-of-a-card.ipynb",  # the distribution chart, the running average
    "medici/lessons/02-lots-and-variance.ipynb",  # the lots chart
    "medici/lessons/03-what-is-it-worth-to-me.ipynb",  # Medici's board, the worth and profit charts
    "medici/lessons/05-a-class-auction.ipynb",  # the class auction's reader
    "medina/01-setup.ipynb",  # Medina's board and exercise
    "metropolis/01-setup.ipynb",  # Metropolis' board and exercise
    "marcopolo/01-setup.ipynb",  # Marco Polo's board and exercise
)]
TIMEOUT = 120_000
# The calls of widgets.notebook and widgets.games.medici.lessons that draw a widget (a board or a chart, an
# exercise with its board, lesson 5's reader of a class's auction).
DRAWS = re.compile(r"^(?:\w+ = )?(board|\w+_chart|winners_curse_explorer|running_average|practise|auction_reader)\(",
                   re.M)
# What each output shows, as a reader sees it: the text outside tables, line by line, and each table cell.
OUTPUTS = """() => [...document.querySelectorAll('.jp-OutputArea-output')].map(o => {
    const copy = o.cloneNode(true);
    const cells = [...copy.querySelectorAll('td, th')].map(c => c.innerText);
    copy.querySelectorAll('table, svg, style').forEach(t => t.remove());
    return {mime: o.getAttribute('data-mime-type'), plain: o.classList.contains('jp-RenderedText'),
            widget: !!o.querySelector('.jupyter-widgets'), lines: copy.innerText.split('\\n'), cells};
})"""


def name(path: Path) -> str:
    return str(path.relative_to(NOTEBOOKS))


def widgets_drawn(path: Path) -> int:
    """How many widgets (boards and charts) the notebook's cells draw."""
    return sum(len(DRAWS.findall(c.source)) for c in nbformat.read(path, as_version=4).cells if c.cell_type == "code")


def whole_page(page) -> None:
    """Make the viewport as tall as the page, so that a screenshot shows all of it (Voilà scrolls a panel)."""
    height = page.evaluate("() => Math.max(...[...document.querySelectorAll('*')].map(e => e.scrollHeight))")
    page.set_viewport_size({"width": VIEWPORT["width"], "height": min(height + 40, 16_000)})


@pytest.mark.parametrize("path", PAGES, ids=name)
def test_a_notebook_page_shows_sentences_tables_logs_and_boards_and_no_repr(path, page, voila_url, page_errors,
                                                                         shoot):
    page.goto(f"{voila_url}/voila/render/{name(path)}", timeout=TIMEOUT)
    page.wait_for_selector("#loading", state="detached", timeout=TIMEOUT)
    drawn = widgets_drawn(path)
    widgets = page.locator(".jp-OutputArea-output:has(.jupyter-widgets)")
    expect(widgets).to_have_count(drawn, timeout=TIMEOUT)
    if drawn:  # every board and chart has drawn its figure (lesson 5's reader of a class's auction: its tables)
        page.wait_for_function(
            """n => [...document.querySelectorAll('.jp-OutputArea-output')]
                .filter(o => o.querySelector('.jupyter-widgets'))
                .every(o => o.querySelector('svg') || o.querySelector('.bg-reader-result table'))""",
            arg=drawn, timeout=TIMEOUT)
    outputs = page.evaluate(OUTPUTS)
    text = page.inner_text("body")
    for words in WORDS_OF_CODE:
        assert words not in text, words
    assert page.locator(".jp-InputArea-editor:visible").count() == 0, "code is shown"
    assert page.locator("pre.bg-board-text:visible").count() == 0, "a board fell back to its text"
    for out in outputs:
        assert not out["plain"], f"plain text output (a print or a repr): {out['lines'][:3]}"
        assert out["mime"] != "text/plain", out["lines"][:3]
        for line in out["lines"]:
            assert not REPR_LINE.match(line), f"a line like a repr: {line!r}"
        for cell in out["cells"]:
            assert not REPR_CELL.match(cell), f"a table cell like a repr: {cell!r}"
    if path.name == "index.ipynb":
        assert not outputs, "the landing page runs no code"
    else:
        assert len(outputs) > drawn, "a teaching notebook shows sentences and tables, not only boards"
    whole_page(page)
    shoot("notebook-" + name(path).replace("/", "-").removesuffix(".ipynb"))
    assert page_errors == []
