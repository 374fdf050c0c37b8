"""A notebook page in Voilà as a learner reads it (shared by the browser tests that open a teaching notebook):
sentences, tables, logs and boards, never a Python repr, a print, a traceback or a widget that failed to draw."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import nbformat
from playwright.sync_api import expect

from support.browser import POLL, ROOT
from support.notebook_outputs import REPR_CELL, REPR_LINE, WORDS_OF_CODE

NOTEBOOKS = ROOT / "notebooks"
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


def widgets_drawn(path: Path) -> int:
    """How many widgets (boards and charts) the notebook's cells draw."""
    return sum(len(DRAWS.findall(c.source)) for c in nbformat.read(path, as_version=4).cells if c.cell_type == "code")


def read_as_a_learner(page: Any, path: Path) -> list[dict]:
    """Check the page of the notebook at ``path``, once Voilà has sent it: every widget its cells draw has drawn its
    figure, no code shows, no board fell back to its text, no output is a print, a repr or a traceback. Returns the
    outputs as read (``OUTPUTS``)."""
    page.wait_for_selector("#loading", state="detached", timeout=TIMEOUT)
    drawn = widgets_drawn(path)
    widgets = page.locator(".jp-OutputArea-output:has(.jupyter-widgets)")
    expect(widgets).to_have_count(drawn, timeout=TIMEOUT)
    if drawn:  # every board and chart has drawn its figure (lesson 5's reader of a class's auction: its tables)
        page.wait_for_function(
            """n => [...document.querySelectorAll('.jp-OutputArea-output')]
                .filter(o => o.querySelector('.jupyter-widgets'))
                .every(o => o.querySelector('svg') || o.querySelector('.bg-reader-result table'))""",
            arg=drawn, timeout=TIMEOUT, polling=POLL)
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
    return outputs
