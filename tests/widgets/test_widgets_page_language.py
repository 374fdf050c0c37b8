"""The page's language (``widgets.runtime.language``): chosen from the address, else the browser's, else English; a
widget's words shown again in a new language; the switch; the addresses a page hands out keep the language."""

from __future__ import annotations

import gc

import ipywidgets as W
import pytest

from boardgames.core.message import say
from widgets.runtime.address import page_address
from widgets.runtime.language import (
    choose_language,
    language_switch,
    on_language,
    page_language,
    show,
    shown,
    wanted_language,
)


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    page_language.set("en")


@pytest.mark.parametrize(("query", "accept", "language"), [
    ("lang=ja", "", "ja"),
    ("lang=zh-TW", "", "zh-Hant"),
    ("lang=en", "ja,en;q=0.8", "en"),  # the address wins over the browser
    ("", "zh-TW,zh;q=0.9,en;q=0.5", "zh-Hant"),
    ("", "fr-FR,ja;q=0.7", "ja"),  # the first language offered
    ("lang=fr", "ja", "ja"),  # a language not offered in the address: the browser's
    ("", "", "en"),
    ("", "de,fr;q=0.5", "en"),
])
def test_the_language_is_the_addresss_else_the_browsers_else_english(monkeypatch, query, accept, language):
    monkeypatch.setenv("QUERY_STRING", query)
    monkeypatch.setenv("HTTP_ACCEPT_LANGUAGE", accept)
    assert wanted_language() == language
    assert choose_language() == language and page_language.code == language


def test_a_widgets_words_follow_the_language_and_english_comes_back_unchanged():
    button = show(W.Button(), "description", say("Undo"))
    html = show(W.HTML(), "value", lambda: f"<b>{shown(say('Move {ply}', ply=3))}</b>")
    page_language.set("ja")
    assert (button.description, html.value) == ("元に戻す", "<b>3手目</b>")
    page_language.set("zh-Hant")
    assert (button.description, html.value) == ("悔棋", "<b>第 3 步</b>")
    page_language.set("en")
    assert (button.description, html.value) == ("Undo", "<b>Move 3</b>")


def test_a_language_not_offered_is_refused_and_nothing_changes():
    button = show(W.Button(), "description", say("Undo"))
    with pytest.raises(ValueError, match="ja, zh-Hant"):
        page_language.set("fr")
    assert page_language.code == "en" and button.description == "Undo"


def test_a_view_is_told_of_a_new_language_while_it_lives():
    told: list[str] = []

    class View:
        def __init__(self) -> None:
            on_language(self.redraw)

        def redraw(self) -> None:
            told.append(page_language.code)

    view = View()
    page_language.set("ja")
    assert told == ["ja"]
    del view
    gc.collect()
    page_language.set("en")  # the view is gone: nothing to tell, nothing kept
    assert told == ["ja"]


def test_a_closed_panel_is_redrawn_no_more_though_its_words_hold_it():
    """A panel's words may be a function of the panel itself (a lambda that reads its state): the language keeps the
    words, not the panel, once the panel is closed, and tells it of no other change."""
    told: list[str] = []

    class Panel(W.VBox):
        def __init__(self) -> None:
            super().__init__()
            self.title = show(W.HTML(), "value", lambda: shown(say("Move {ply}", ply=len(self.children))))
            on_language(self.redraw)

        def redraw(self) -> None:
            told.append(page_language.code)

    panel = Panel()
    page_language.set("ja")
    assert told == ["ja"] and panel.title.value == "0手目"
    panel.title.close()
    panel.close()
    page_language.set("en")
    assert told == ["ja"] and panel.title.value == "0手目"  # closed: never redrawn again


def test_a_controls_label_gets_its_own_words_as_tooltip_not_null():
    slider = show(W.IntSlider(), "description", say("Language"))
    assert slider.tooltip == "Language"
    page_language.set("ja")
    assert (slider.description, slider.tooltip) == ("言語", "言語")


def test_the_switch_sets_the_language_and_follows_it():
    switch = language_switch()
    switch.choice.value = "ja"
    assert page_language.code == "ja" and switch.choice.description == "言語"
    page_language.set("zh-Hant")
    assert switch.choice.value == "zh-Hant"


def test_an_address_the_page_hands_out_keeps_its_language(monkeypatch):
    monkeypatch.setenv("BOARDGAMES_BASE", "http://class:8866")
    assert page_address("tables/table", code="ABCDE") == "http://class:8866/voila/render/tables/table.ipynb?code=ABCDE"
    page_language.set("ja")
    assert page_address("tables/table", code="ABCDE").endswith("table.ipynb?code=ABCDE&lang=ja")


def test_a_panel_that_fails_to_redraw_leaves_the_rest_of_the_page_in_the_new_language(caplog):
    class Broken:
        def redraw(self) -> None:
            raise RuntimeError("a stale panel")

    broken = Broken()
    on_language(broken.redraw)
    button = show(W.Button(), "description", say("Undo"))
    page_language.set("ja")
    assert button.description == "元に戻す"
    assert "could not be shown in the new language" in caplog.text and "a stale panel" in caplog.text
    del broken  # gone with its panel: told of no other change
