"""The page's language: the language a page shows its words in, and the widgets' words that follow it.

A page's kernel serves one page, so the language is the kernel's: ``page_language``. A page may be built before
anyone asked for it (a pre-heated kernel), and its reader may change the language with the switch, so its words
change after they were first shown:

- ``show(widget, trait, said)`` sets ``widget.<trait>`` to ``said`` (a ``boardgames.core.message`` message, or a
  function of no argument that gives the trait's value, for HTML made of several sentences) in the page's language,
  and again whenever the language changes;
- ``on_language(callback)`` calls ``callback()`` whenever the language changes (a view that draws its own sentences,
  the board's labels, the log, draws again);
- ``shown(said)`` is ``said`` in the page's language now (for what a view draws at each move anyway).

``choose_language()`` sets the language a page's address asks for (``?lang=ja``), else the one its browser prefers
(``Accept-Language``, which the server hands the page's kernel), else English. ``language_switch()`` is the switch a
page's header offers; it also keeps the page's ``<html lang>`` the language shown (for screen readers and fonts).
Widgets are held weakly: a page closed, or a panel replaced, is forgotten.
"""

from __future__ import annotations

import json
import logging
import os
import urllib.parse
import weakref
from collections.abc import Callable
from typing import Any

import ipywidgets as W
from ipywidgets.widgets.widget_description import DescriptionWidget

from boardgames.core.message import say
from boardgames.translation import LANGUAGES, SOURCE, language_of, words
from widgets.runtime.accessibility import in_a_kernel, make_page_accessible

log = logging.getLogger("widgets.runtime.language")
ACCEPT_LANGUAGE = "HTTP_ACCEPT_LANGUAGE"  # the browser's Accept-Language, as the server hands it to the kernel
# (the address's query is read here, not through widgets.runtime.address, which asks this module for the language)


class PageLanguage:
    """The language of this kernel's page and the words shown in it."""

    def __init__(self) -> None:
        self.code = SOURCE
        self._shown: weakref.WeakKeyDictionary[Any, dict[str, Any]] = weakref.WeakKeyDictionary()
        self._observers: list[Callable[[], Callable[[], None] | None]] = []

    def words(self, said: Any) -> str:
        """``said`` in the page's language."""
        return words(said, self.code)

    def show(self, widget: Any, trait: str, said: Any) -> None:
        """Set ``widget.<trait>`` to ``said`` in the page's language, now and after every change of language. A
        control's description (a slider's, a choice's) is its label's tooltip too, unless it has one: ipywidgets
        would otherwise give the label the tooltip "null"."""
        traits = self._shown.setdefault(widget, {})
        previous = traits.get(trait)
        traits[trait] = said
        setattr(widget, trait, self._value(said))
        if trait == "description" and isinstance(widget, DescriptionWidget) and not isinstance(widget, W.Button):
            if widget.tooltip is None or (previous is not None and traits.get("tooltip") is previous):
                traits["tooltip"] = said
                widget.tooltip = self._value(said)

    def on_change(self, callback: Callable[[], None]) -> None:
        """Call ``callback()`` after every change of language (held weakly when it is a method)."""
        if hasattr(callback, "__self__"):
            self._observers.append(weakref.WeakMethod(callback))
        else:
            self._observers.append(lambda: callback)

    def set(self, code: str) -> None:
        """Show the page in ``code`` (a language of ``boardgames.translation.LANGUAGES``)."""
        if code not in LANGUAGES:
            raise ValueError(f"a page's language is one of {', '.join(LANGUAGES)}, not {code!r}")
        if code == self.code:
            return
        self.code = code
        for widget, traits in list(self._shown.items()):
            if closed(widget):  # gone from the page (its words may hold the view that held it: never redrawn again)
                del self._shown[widget]
                continue
            for trait, said in traits.items():
                self._again(setattr, widget, trait, said)
        alive = []
        for observer in self._observers:
            callback = observer()
            if callback is not None and not closed(getattr(callback, "__self__", None)):
                alive.append(observer)
                self._again(callback)
        self._observers = alive

    def _again(self, redraw: Callable[..., Any], *on: Any) -> None:
        """Redraw one widget's words (``redraw()``, or ``setattr(widget, trait, said)`` said in the language); a
        failure is logged with its trace and the others are still redrawn (one broken panel must not leave the rest
        of the page in the old language)."""
        try:
            if on:
                widget, trait, said = on
                redraw(widget, trait, self._value(said))
            else:
                redraw()
        except Exception:
            log.exception("a widget could not be shown in the new language")

    def _value(self, said: Any) -> Any:
        return said() if callable(said) else self.words(said)


page_language = PageLanguage()


def closed(widget: Any) -> bool:
    """Whether ``widget`` is a widget closed (ipywidgets' ``close``: its page or panel is gone)."""
    return isinstance(widget, W.Widget) and widget.comm is None


def shown(said: Any) -> str:
    """``said`` in the page's language."""
    return page_language.words(said)


def show(widget: Any, trait: str, said: Any) -> Any:
    """Set ``widget.<trait>`` to ``said`` in the page's language, now and whenever the language changes; gives
    ``widget``."""
    page_language.show(widget, trait, said)
    return widget


def on_language(callback: Callable[[], None]) -> None:
    """Call ``callback()`` whenever the page's language changes."""
    page_language.on_change(callback)


_WRITTEN_IN: list[str] = []  # the language a notebook's prose is written in, when it said so (``speak``)


def speak(code: str) -> None:
    """Show this page in ``code`` for good: a notebook written in that language says so in its first cell, and its
    page's address or browser then changes nothing."""
    if code not in LANGUAGES:
        raise ValueError(f"a page's language is one of {', '.join(LANGUAGES)}, not {code!r}")
    _WRITTEN_IN[:] = [code]
    tell_html_lang(code, None)
    make_page_accessible()
    page_language.set(code)


def wanted_language() -> str:
    """The language the page's notebook is written in (``speak``), else the one its address asks for (``?lang=``),
    else its browser's (``Accept-Language``), else English."""
    if _WRITTEN_IN:
        return _WRITTEN_IN[0]
    asked = urllib.parse.parse_qs(os.environ.get("QUERY_STRING", "")).get("lang", [""])[-1].strip()
    if asked and (language_of(asked) != SOURCE or asked.lower().startswith("en")):
        return language_of(asked)
    return language_of(os.environ.get(ACCEPT_LANGUAGE, ""))


def choose_language() -> str:
    """Show the page in the language its address or its browser asks for; gives that language. Called by the cell
    that reads the page's address, it also writes the page's ``<html lang>`` as that cell's own output."""
    code = wanted_language()
    tell_html_lang(code, None)
    make_page_accessible()
    page_language.set(code)
    return page_language.code


_HTML_LANG = [SOURCE]  # what the page's <html lang> says (Voila writes "en")


def tell_html_lang(code: str, into: W.Output | None) -> None:
    """Make the page's ``<html lang>`` say ``code`` (a one-line script): as the running cell's output (``into``
    None), or into the widget ``into`` (a change of language after the page was drawn). A script sent into a widget
    while Voila still runs the page's cells made the page wait for its cell's end forever, now and then (1 load in
    12 in Chromium), so a cell writes it as its own output."""
    if code == _HTML_LANG[0] or not in_a_kernel():
        return
    from IPython.display import Javascript, display

    _HTML_LANG[0] = code
    script = Javascript(f"document.documentElement.lang = {json.dumps(code)};")
    if into is None:
        display(script)
        return
    into.clear_output()
    with into:
        display(script)


def language_params() -> dict[str, str]:
    """What an address this page hands out carries of its language: ``{"lang": "ja"}``, nothing for English."""
    return {} if page_language.code == SOURCE else {"lang": page_language.code}


class LanguageSwitch(W.HBox):
    """The page's language switch (class ``bg-language``): each language named in its own words. It also keeps
    the page's ``<html lang>`` the language shown."""

    def __init__(self) -> None:
        self.choice = W.Dropdown(options=[(name, code) for code, name in LANGUAGES.items()],
                                 value=page_language.code, layout=W.Layout(width="auto"))
        self.choice.add_class("bg-language")
        show(self.choice, "description", say("Language"))
        self.choice.style.description_width = "initial"
        self._html_lang = W.Output(layout=W.Layout(width="0", height="0", overflow="hidden"))
        super().__init__([self.choice, self._html_lang], layout=W.Layout(align_items="center"))
        self.choice.observe(self._chosen, names="value")
        on_language(self._follow)
        self._follow()

    def _chosen(self, change: dict[str, Any]) -> None:
        page_language.set(change["new"])

    def _follow(self) -> None:
        code = page_language.code
        if self.choice.value != code:
            self.choice.value = code
        tell_html_lang(code, self._html_lang)



def language_switch() -> LanguageSwitch:
    """A language switch for a page's header."""
    return LanguageSwitch()
