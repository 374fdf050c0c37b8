"""What ``make catalog`` extracts besides the source's messages (``babel.cfg`` names these extractors): the games' words
from their data tables, and the messages of the notebooks' code cells."""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from typing import Any

from babel.messages.extract import extract_python

from boardgames.terms import terms

TRANSLATED_NOTEBOOK = ".ja.ipynb"  # a notebook made from its English one in Japanese (``tools/notebook_language.py``)


def extract_terms(fileobj: Any, keywords: Any, comment_tags: Any, options: Any) -> Iterator[tuple]:
    """Babel's extraction of the games' words (``babel.cfg`` maps ``boardgames/locale/terms.txt`` here): each word of
    ``boardgames.terms`` as a ``term(context, word)`` of the catalog."""
    for context, words in terms().items():
        for word in words:
            yield 1, "term", (context, word), [f"A game word: {context}"]


def extract_notebook(fileobj: Any, keywords: Any, comment_tags: Any, options: Any) -> Iterator[tuple]:
    """Babel's extraction of a notebook's messages (``babel.cfg`` maps ``notebooks/**.ipynb`` here): each code cell
    read as Python, its line numbers counted through the notebook's cells. A notebook made from another in a
    language (``*.ja.ipynb``) has the same code and is skipped."""
    if str(getattr(fileobj, "name", "")).endswith(TRANSLATED_NOTEBOOK):
        return
    first = 1
    for cell in json.load(fileobj)["cells"]:
        source = "".join(cell["source"])
        if cell["cell_type"] == "code":
            code = io.BytesIO(source.encode("utf-8"))
            for line, *found in extract_python(code, keywords, comment_tags, {**options, "encoding": "utf-8"}):
                yield (first + (line or 1) - 1, *found)  # a call inside another has no line of its own
        first += source.count("\n") + 1
