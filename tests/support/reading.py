"""What a page's widgets say, as its reader sees it, and the English words left in a translated page.

``read_page(widget)`` walks a widget and everything under it (children, a tab's titles, a figure's marks and axes)
and gives each piece of text a reader meets: a button's label and tooltip, an HTML widget's words (tags and styles
left out), a choice's options, a figure's title, axes and labels. ``latin_words(texts, allowed)`` is every word of
Latin letters among them that is not a name, a code or a number the page may show as it is. Used by the tests that
read a page in Japanese or Chinese (in-process, without a browser) and by the browser tests' scanner.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable, Iterator
from typing import Any

import ipywidgets as W

TEXT_TRAITS = ("description", "tooltip", "placeholder", "title")
WORDY_VALUES = (W.HTML, W.HTMLMath, W.Label)  # widgets whose value is words a page wrote (not a reader's input)
TAG = re.compile(r"<style.*?</style>|<script.*?</script>|<[^>]+>", re.S)
LATIN_WORD = re.compile(r"[A-Za-z][A-Za-z'’-]+")
CODE = re.compile(r"[A-Z](?:-[A-Z])+")  # a tile's or a space's code ("C-L" of Metropolis' "C-L3"), not a word
RULE_ID = re.compile(r"(?<![\w.-])[a-z]+(?:\.[a-z0-9-]+)+\b")  # a rule's id ("medici.auction.empty-lot"), a code too


def visible_words(markup: str) -> str:
    """The words of an HTML fragment as a reader sees them: tags, styles and scripts left out, entities read."""
    return html.unescape(TAG.sub(" ", markup))


def read_page(root: Any) -> Iterator[tuple[str, str]]:
    """(where, text) for every piece of text under ``root`` that a reader meets."""
    seen: set[int] = set()
    stack = [root]
    while stack:
        widget = stack.pop()
        if id(widget) in seen or widget is None:
            continue
        seen.add(id(widget))
        kind = type(widget).__name__
        for trait in TEXT_TRAITS:
            value = getattr(widget, trait, None)
            if isinstance(value, str) and value and widget.has_trait(trait):
                yield f"{kind}.{trait}", value
        if isinstance(widget, WORDY_VALUES) and isinstance(widget.value, str):
            yield f"{kind}.value", visible_words(widget.value)
        labels = getattr(widget, "_options_labels", None)
        if labels:
            for label in labels:
                yield f"{kind}.option", str(label)
        if isinstance(widget, (W.Tab, W.Accordion)):
            for title in widget.titles:
                if title:
                    yield f"{kind}.title", str(title)
        yield from _figure_text(widget)
        for name in ("children", "marks", "axes"):
            value = getattr(widget, name, None)
            if isinstance(value, (list, tuple)):
                stack.extend(v for v in value if hasattr(v, "has_trait"))
        if hasattr(widget, "fig"):
            stack.append(widget.fig)


def _figure_text(widget: Any) -> Iterator[tuple[str, str]]:
    """A bqplot object's words: an axis's label, a mark's labels, names and texts."""
    kind = type(widget).__name__
    if not type(widget).__module__.startswith("bqplot"):
        return
    for trait in ("label", "text", "names", "labels", "display_legend_labels"):
        if not widget.has_trait(trait):
            continue
        value = getattr(widget, trait)
        values = value.tolist() if hasattr(value, "tolist") else value
        if isinstance(values, str):
            values = [values]
        if isinstance(values, (list, tuple)):
            for item in values:
                if isinstance(item, str) and item:
                    yield f"{kind}.{trait}", item


def latin_words(texts: Iterable[tuple[str, str]], allowed: Iterable[str] = ()) -> dict[str, list[str]]:
    """Each word of Latin letters in ``texts`` but the ``allowed`` ones (names, codes), with where it was met."""
    allowed = {word.lower() for word in allowed}
    found: dict[str, list[str]] = {}
    for where, text in texts:
        for word in LATIN_WORD.findall(RULE_ID.sub(" ", text)):
            if word.lower() not in allowed and not CODE.fullmatch(word):
                found.setdefault(word, []).append(f"{where}: {text[:90]!r}")
    return found
