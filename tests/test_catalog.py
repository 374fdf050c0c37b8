"""The translation catalogs (``boardgames/locale``): the template holds every message of the source and every game
word (``make catalog`` was run), each language's catalog (Japanese, Traditional Chinese) translates every one of
them, none fuzzy, each with the same places as its English, no English word left in it by mistake, and its compiled
file is the catalog as it stands."""

from __future__ import annotations

import io
import re
import string
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from support.reading import RULE_ID

ROOT = Path(__file__).resolve().parents[1]
LOCALE = ROOT / "boardgames" / "locale"
LANGUAGES = ["ja", "zh_Hant"]
# Latin words a Japanese sentence keeps: the words a move is typed with, which a refusal of a typed move names beside
# their Japanese (Stow(0); Marco Polo's goods and places as a move names them: "pepper", "Sumatra 1")
KEPT = {"Stow", "pepper", "silk", "gold", "camel", "coins", "camels", "Venezia", "Oasis", "Sumatra"}
# and the names of formats and codes, the same in every language: files (CSV, JSON, .xlsx, .zip, a save's format
# "boardgames"), the QR code, an address's keys (?room=, ?class=), the seats' names of the lessons' examples (Ada, Ben…)
KEPT |= {"CSV", "JSON", "xlsx", "zip", "boardgames", "QR", "room", "class", "Ada", "Ben", "Cleo", "Dan"}


def catalog(path: Path, locale: str | None = None):
    with open(path, "rb") as f:
        return read_po(f, locale=locale)


def keys(messages) -> set:
    return {(m.context, m.id) for m in messages if m.id}


def places(text: str) -> set[tuple[str, str]]:
    """The ``{name:spec}`` places of a template (a language may name one place twice, or once where English does
    twice)."""
    return {(name, spec) for _, name, spec, _ in string.Formatter().parse(text) if name is not None}


def test_the_template_holds_every_message_of_the_source_and_every_game_word(tmp_path):
    fresh = tmp_path / "fresh.pot"
    subprocess.run([Path(sys.executable).with_name("pybabel"), "--quiet", "extract", "-F", "babel.cfg",
                    "--no-default-keywords", "-k", "say", "-k", "message", "-k", "say_n:1,2", "-k", "term:1c,2",
                    "-o", str(fresh), "."],
                   cwd=ROOT, check=True)
    assert keys(catalog(fresh)) == keys(catalog(LOCALE / "boardgames.pot")), "run `make catalog`"


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_message_is_translated_with_the_same_places_and_none_is_fuzzy(language):
    template = catalog(LOCALE / "boardgames.pot")
    translated = catalog(LOCALE / language / "LC_MESSAGES" / "boardgames.po", language)
    assert keys(translated) == keys(template), "run `make catalog`"
    problems = []
    for m in translated:
        if not m.id:
            continue
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        if m.fuzzy or not all(strings):
            problems.append(f"untranslated or fuzzy: {m.id!r}")
            continue
        for text in strings:
            if places(text) != places(ids[-1]) and places(text) != places(ids[0]):
                problems.append(f"places differ: {m.id!r} -> {text!r}")
    assert problems == []
    assert [(m.id, errors) for m, errors in translated.check()] == []  # Babel's own checkers


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_english_word_is_left_in_a_translation(language):
    translated = catalog(LOCALE / language / "LC_MESSAGES" / "boardgames.po", language)
    left = {}
    for m in translated:
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        for text in strings if m.id else ():  # the header is the catalog's own English
            text = RULE_ID.sub(" ", re.sub(r"\{[^}]*\}", "", text or ""))  # a rule's id is a code, in every language
            words = set(re.findall(r"[A-Za-z]{2,}", text)) - KEPT
            if words:
                left[m.id if isinstance(m.id, str) else m.id[0]] = sorted(words)
    assert left == {}


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_compiled_catalog_is_the_catalog_as_it_stands(language):
    folder = LOCALE / language / "LC_MESSAGES"
    compiled = io.BytesIO()
    write_mo(compiled, catalog(folder / "boardgames.po", language))
    assert (folder / "boardgames.mo").read_bytes() == compiled.getvalue(), "run `make catalog`"
