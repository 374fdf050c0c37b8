"""The teaching notebooks, read in Voilà as a learner reads them: sentences, tables, logs
and boards, never a Python repr, a print, a traceback or a widget that failed to draw.

What every notebook's cells output is checked as nbval runs them (the root ``conftest.py``: no print, repr or
traceback, no board fallen back to its text). Here, in Chromium, a page for each kind of widget the notebooks draw
(each chart of the lessons, the class auction's reader; each game's board and exercise on the pages the practice
test opens): every widget draws its figure, no code shows, the page logs no error.

A repr is recognised the way a reader would: an output line that starts with ``(``, ``[`` or ``{`` (a tuple,
list or dict as Python writes it), or a table cell that does so with a quote or a bracket after it
(``['spice:1'``); squares written as the game's log writes them, ``(12, 16)``, are table cells, not reprs.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from support.browser import english_left, whole_page
from support.notebook_pages import NOTEBOOKS, TIMEOUT, read_as_a_learner, widgets_drawn

pytestmark = pytest.mark.browser

# Each kind of widget the notebooks draw, on the smallest page that draws it. Read the same way elsewhere
# (read_as_a_learner): each game's board and exercise on the notebook page test_browser_practice.py opens, the landing
# page in test_browser_dashboard.py; the Medina placing lesson and the winner's curse explorer are opened by
# test_browser_medina.py and test_browser_lessons.py. A lesson is read in Japanese (the practice test reads a rules
# notebook of each game in Japanese).
PAGES = [NOTEBOOKS / name for name in (
    "medici/03-scoring.ipynb",  # Medici's exercise, the income chart
    "medici/lessons/01-expected-value-of-a-card.ja.ipynb",  # in Japanese: the distribution chart, the running average
    "medici/lessons/02-lots-and-variance.ipynb",  # the lots chart
    "medici/lessons/03-what-is-it-worth-to-me.ipynb",  # Medici's board, the worth and profit charts
    "medici/lessons/05-a-class-auction.ipynb",  # the class auction's reader
)]


def name(path: Path) -> str:
    return str(path.relative_to(NOTEBOOKS))


@pytest.mark.parametrize("path", PAGES, ids=name)
def test_a_notebook_page_shows_sentences_tables_logs_and_boards_and_no_repr(path, page, voila_url, page_errors,
                                                                         shoot):
    page.goto(f"{voila_url}/voila/render/{name(path)}", timeout=TIMEOUT)
    outputs = read_as_a_learner(page, path)
    assert len(outputs) > widgets_drawn(path), "a teaching notebook shows sentences and tables, not only boards"
    if path.name.endswith(".ja.ipynb"):  # a Japanese notebook holds no English word but the seats' names
        assert english_left(page, ("Ada", "Ben", "Cleo", "Dan")) == {}
    whole_page(page)
    shoot("notebook-" + name(path).replace("/", "-").removesuffix(".ipynb"))
    assert page_errors == []
