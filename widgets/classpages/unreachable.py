"""A class page whose class store cannot be reached says so in a sentence, never with a traceback."""

from __future__ import annotations

import html
from collections.abc import Callable

import ipywidgets as W

from classroom.store import Unreachable


def page_or_sentence(build: Callable[[], W.Widget]) -> W.Widget:
    """The page ``build()`` makes, or, when the class store cannot be reached, the sentence that says so."""
    try:
        return build()
    except Unreachable as error:
        sentence = W.HTML(f"<p style='font-size:16px;color:#c92a2a'>{html.escape(str(error))}</p>")
        sentence.add_class("bg-store-unreachable")
        return sentence
