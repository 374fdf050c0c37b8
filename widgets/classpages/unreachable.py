"""A class page whose class store cannot be reached says so in a sentence, never with a traceback; and every class
page shows the language its address (``?lang=``) or its reader's browser asks for."""

from __future__ import annotations

import html
import os
from collections.abc import Callable

import ipywidgets as W

from classroom.store import Unreachable
from widgets.runtime.address import query
from widgets.runtime.language import choose_language, page_language, show, shown


def wait_for_the_request() -> None:
    """In a pre-heated Voilà kernel, wait until the page is asked for (its address is then in the environment), as
    ``widgets.shell.address.wait_for_the_request`` does for the dashboards (not imported: the auction's and the
    class's pages do without the game shell)."""
    if os.environ.get("VOILA_PREHEAT", "False") == "False":
        return
    from voila.utils import wait_for_request  # only Voilà's pre-heated kernels need (and have) it

    wait_for_request()


def follow_language() -> str:
    """Show the page in the language its address asks for (``?lang=ja``), else its browser's; gives it."""
    wait_for_the_request()
    return choose_language()


def follow_class_language(language: str | None) -> None:
    """A class's page for its students: the class's ``language`` (its teacher's choice), unless the page's address
    asks for one (``?lang=``)."""
    if language and not query().get("lang", "").strip():
        page_language.set(language)


def page_or_sentence(build: Callable[[], W.Widget]) -> W.Widget:
    """The page ``build()`` makes, or, when the class store cannot be reached, the sentence that says so."""
    try:
        return build()
    except Unreachable as error:
        said = error.said
        sentence = show(W.HTML(), "value",
                        lambda: f"<p style='font-size:16px;color:#c92a2a'>{html.escape(shown(said))}</p>")
        sentence.add_class("bg-store-unreachable")
        return sentence
