"""What a notebook's cell output shows a reader (the root ``conftest.py`` checks it as nbval runs each cell): sentences,
tables, logs and boards, never a Python repr, a print, a traceback or a board that fell back to its text.

Each output is read as Voilà shows it: its richest form (a widget, then HTML, then Markdown, then plain text). A
repr is recognised the way a reader would: a line that starts with ``(``, ``[`` or ``{`` (a tuple, list or dict as
Python writes it), or a table cell that does so with a quote or a bracket after it (``['spice:1'``); squares
written as the game's log writes them, ``(12, 16)``, are table cells, not reprs, and such a square may open a Japanese
sentence (``(0, 9)に城壁を…``). Whether each widget then draws its
figure in a browser is the browser test's (``tests/browser/test_browser_notebooks.py``)."""

from __future__ import annotations

import re
from html.parser import HTMLParser

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
SCRIPT = "application/javascript"
REPR_LINE = re.compile(r"^\s*(?!\(\d+, \d+\)[^\x00-\x7f])[(\[{]")  # not a square opening a Japanese sentence
REPR_CELL = re.compile(r"^\s*(?:[\[{]|\(\s*['\"(\[{])")
MARKDOWN_LINK = re.compile(r"!?\[([^\]]*)\]\([^)]*\)")
WORDS_OF_CODE = ("Traceback", "Error displaying widget", "object at 0x", "Event(", "Estimate(", "Card(",
                 "Fraction(", "IllegalMove(", "array(")
BLOCKS = {"p", "div", "br", "li", "ul", "ol", "h1", "h2", "h3", "h4", "h5", "h6", "pre", "tr", "table", "details",
          "summary", "section", "blockquote", "hr"}
HIDDEN = {"svg", "style", "script"}


class _Reading(HTMLParser):
    """An HTML output as a reader sees it: the text outside tables, line by line, and each table cell's text."""

    def __init__(self) -> None:
        super().__init__()
        self.lines: list[str] = [""]
        self.cells: list[str] = []
        self.classes: set[str] = set()
        self._hidden = 0
        self._tables = 0
        self._cell: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.classes.update((dict(attrs).get("class") or "").split())
        if tag in HIDDEN:
            self._hidden += 1
        elif tag == "table":
            self._tables += 1
        elif tag in ("td", "th") and self._tables:
            self._cell = []
        if tag in BLOCKS and not self._tables:
            self.lines.append("")

    def handle_endtag(self, tag: str) -> None:
        if tag in HIDDEN:
            self._hidden = max(0, self._hidden - 1)
        elif tag == "table":
            self._tables = max(0, self._tables - 1)
        elif tag in ("td", "th") and self._cell is not None:
            self.cells.append("".join(self._cell).strip())
            self._cell = None
        if tag in BLOCKS and not self._tables:
            self.lines.append("")

    def handle_data(self, data: str) -> None:
        if self._hidden:
            return
        if self._cell is not None:
            self._cell.append(data)
        elif not self._tables:
            *first, last = data.split("\n")
            for piece in first:
                self.lines[-1] += piece
                self.lines.append("")
            self.lines[-1] += last


def problems_of(output: dict) -> list[str]:
    """What a reader of this cell output would see that is not a sentence, a table, a log or a board."""
    kind = output.get("output_type")
    if kind == "stream":
        return [f"a print: {output.get('text', '')[:80]!r}"]
    if kind == "error":
        return [f"an error: {output.get('ename')}"]
    data = output.get("data", {})
    if WIDGET_VIEW in data or SCRIPT in data:  # a widget, or a script the page runs (its <html lang>): nothing read
        return []
    if "text/html" in data:
        reading = _Reading()
        reading.feed(data["text/html"])
        lines, cells = reading.lines, reading.cells
        if "bg-board-text" in reading.classes:
            return ["a board fell back to its text"]
    elif "text/markdown" in data:
        lines, cells = MARKDOWN_LINK.sub(r"\1", data["text/markdown"]).split("\n"), []
    elif any(mime.startswith("image/") for mime in data):
        return []
    else:
        return [f"a plain-text output (a repr): {str(data.get('text/plain', ''))[:80]!r}"]
    found = [f"a line like a repr: {line!r}" for line in lines if REPR_LINE.match(line)]
    found += [f"a table cell like a repr: {cell!r}" for cell in cells if REPR_CELL.match(cell)]
    text = "\n".join([*lines, *cells])
    return found + [f"words of code: {words}" for words in WORDS_OF_CODE if words in text]


def words_read(output: dict) -> list[str]:
    """The text a reader meets in a cell output (its richest form: a widget shows its own words, read in the
    browser tests; HTML as read; Markdown without its link targets; plain text)."""
    data = output.get("data", {})
    if output.get("output_type") == "stream":
        return [output.get("text", "")]
    if WIDGET_VIEW in data or SCRIPT in data:
        return []
    if "text/html" in data:
        reading = _Reading()
        reading.feed(data["text/html"])
        return [*reading.lines, *reading.cells]
    if "text/markdown" in data:
        return MARKDOWN_LINK.sub(r"\1", data["text/markdown"]).split("\n")
    return [str(data.get("text/plain", ""))]
