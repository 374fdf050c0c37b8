"""Messages in a player's language: English, the source language, and the languages of the catalogs in
``boardgames/locale`` (gettext catalogs kept with Babel: ``make catalog`` extracts the messages, updates each
language's catalog and compiles it).

``words(said, language)`` is a message (``boardgames.core.message``) in ``language``: its template from the
language's catalog (by its English, its plural form for a count, its context for a game's word), its values in that
language too (a list joined as the language joins one, a place in an order as the language says it). A message the
catalog lacks is said in English, its values translated. ``language_of(wanted)`` picks the language a page shows from
what it was asked for (``?lang=ja``, a browser's ``Accept-Language``).
"""

from __future__ import annotations

import gettext
import string
from collections.abc import Iterable, Iterator
from decimal import Decimal, InvalidOperation
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from babel.numbers import format_decimal

from boardgames.core.message import WORDS, Capitalized, Listed, Message, Ordinal, english

SOURCE = "en"
LANGUAGES = {"en": "English", "ja": "日本語", "zh-Hant": "繁體中文"}  # each in its own words, for the switch
DOMAIN = "boardgames"
LOCALE = Path(__file__).with_name("locale")
_CATALOG_NAMES = {"ja": "ja", "zh-Hant": "zh_Hant"}  # a language's folder in LOCALE (Babel's name for it)
_PLACES = {  # "1st" in a ranking, and "3rd" in a sequence
    "ja": {"rank": "{n}位", "order": "{n}番目"},
    "zh-Hant": {"rank": "第{n}名", "order": "第{n}個"},
}
_LISTS = {  # how a language joins a list: (between two items, before the last of several, before the last: "or")
    "ja": ("、", "、", "または"),
    "zh-Hant": ("、", "和", "或"),
}
_GROUPS = {"ja": "／", "zh-Hant": "；"}  # between the items of a list of lists (``listed(items, ";")``)


def language_of(wanted: str | Iterable[str] | None) -> str:
    """The language to show for ``wanted``: a language code (``"ja"``, ``"zh-TW"``), an ``Accept-Language`` header
    (``"ja,en;q=0.8"``) or several codes, best first; English when none is offered."""
    for code in _codes(wanted):
        found = _offered(code)
        if found:
            return found
    return SOURCE


def _codes(wanted: str | Iterable[str] | None) -> Iterator[str]:
    if not wanted:
        return
    parts = wanted.split(",") if isinstance(wanted, str) else list(wanted)
    weighted = []
    for order, part in enumerate(parts):
        code, _, params = part.strip().partition(";")
        weight = 1.0
        if params.strip().startswith("q="):
            try:
                weight = float(params.strip()[2:])
            except ValueError:
                weight = 0.0
        if code.strip():
            weighted.append((-weight, order, code.strip()))
    for _, _, code in sorted(weighted):
        yield code


def _offered(code: str) -> str | None:
    parts = code.replace("_", "-").lower().split("-")
    if parts[0] == "en":
        return "en"
    if parts[0] == "ja":
        return "ja"
    if parts[0] == "zh" and (set(parts[1:]) & {"hant", "tw", "hk", "mo"}):
        return "zh-Hant"
    return None


@cache
def catalog(language: str) -> gettext.NullTranslations:
    """The compiled catalog of ``language`` (an empty one for English, or a language without a catalog)."""
    name = _CATALOG_NAMES.get(language)
    if name is None:
        return gettext.NullTranslations()
    return gettext.translation(DOMAIN, LOCALE, [name], fallback=True)


def words(said: Any, language: str = SOURCE) -> str:
    """``said`` (a message, a list, a place, or a plain value) in ``language``."""
    if language == SOURCE or language not in LANGUAGES:
        return english(said)
    try:
        return _remembered(said, language)
    except TypeError:  # a value that cannot be remembered (a list): said afresh
        return _said_in(said, catalog(language), language)


@lru_cache(maxsize=4096)
def _remembered(said: Any, language: str) -> str:
    """``said`` in ``language``, remembered: a page says the same sentences again at every redraw (its log)."""
    return _said_in(said, catalog(language), language)


def _said_in(said: Any, found: gettext.NullTranslations, language: str) -> str:
    if isinstance(said, Message):
        if said.plural is not None:
            template = (found.npgettext(said.context, said.english, said.plural, said.count) if said.context
                        else found.ngettext(said.english, said.plural, said.count))
        else:
            template = found.pgettext(said.context, said.english) if said.context else found.gettext(said.english)
        values = {k: _said_in(v, found, language) if isinstance(v, WORDS) else v
                  for k, v in said.values}
        return _Numbers(_CATALOG_NAMES[language]).vformat(template, (), values)
    if isinstance(said, Listed):
        items = [_said_in(item, found, language) for item in said.items]
        between, before_last, before_or = _LISTS[language]
        if said.last == ";":
            return _GROUPS[language].join(items)
        if len(items) <= 1 or said.last == ",":
            return between.join(items)
        last = before_or if said.last == "or" else before_last
        return between.join(items[:-1]) + last + items[-1]
    if isinstance(said, Ordinal):
        return _PLACES[language][said.of].format(n=said.n)
    if isinstance(said, Capitalized):
        return _said_in(said.said, found, language)
    return str(said)


class _Numbers(string.Formatter):
    """A template's places filled, each number written as the language writes numbers (Babel's: its digits grouped,
    its decimal sign), with the digits its place asks for (``{cost:.1f}``)."""

    def __init__(self, locale: str) -> None:
        self.locale = locale

    def format_field(self, value: Any, spec: str) -> str:
        if not isinstance(value, (int, float)) or isinstance(value, bool):
            return super().format_field(value, spec)
        text = format(value, spec)
        try:
            number = Decimal(text)
        except InvalidOperation:  # a spec that writes more than a number (a percentage sign, a width): as it is
            return text
        places = len(text.partition(".")[2]) if "." in text else 0
        pattern = "#,##0" + ("." + "0" * places if places else "")
        return ("+" if text.startswith("+") else "") + format_decimal(number, format=pattern, locale=self.locale)
