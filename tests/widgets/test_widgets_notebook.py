"""The teaching notebooks' display helper (``widgets.notebook``): sentences, tables, logs and boards, each one
output with a readable plain-text part and never a Python repr."""

from __future__ import annotations

import re

import ipywidgets as W
import nbformat
import pytest
from support.browser import ROOT

from boardgames import metropolis as m
from boardgames.metropolis.positions import arrange
from widgets import notebook
from widgets.kit import registry
from widgets.kit.palette import seat_colour
from widgets.shell.log import LogView

ADA, BEN, CLEO = 0, 1, 2
CHECKED = "nbval-check-output"  # the tag of the cells whose output nbval compares
TEACHING = [ROOT / "notebooks" / "metropolis" / f"{name}.ipynb"
            for name in ("01-setup", "02-deeds-and-building", "03-scoring")]
TEACHING += sorted([*(ROOT / "notebooks" / "marcopolo").glob("0*.ipynb"),
                    *(ROOT / "notebooks" / "marcopolo" / "lessons").glob("0*.ipynb")])


@pytest.fixture
def shown(monkeypatch) -> list[dict]:
    """The outputs the helper displays, as the notebook receives them (mime type -> data)."""
    outputs: list[dict] = []

    def display(bundle, raw=False):
        assert raw, "the helper displays ready-made outputs"
        outputs.append(bundle)

    monkeypatch.setattr(notebook, "display", display)
    return outputs


def widget(output: dict) -> W.Widget:
    """The live widget an output shows."""
    model_id = output[notebook.WIDGET_VIEW]["model_id"]
    return W.widget_serialization["from_json"]("IPY_MODEL_" + model_id, None)


def no_repr(output: dict) -> None:
    for mime, data in output.items():
        if isinstance(data, str):
            assert "object at 0x" not in data and "(children=" not in data and "Event(" not in data, mime


def test_say_shows_markdown_and_the_same_words_as_plain_text(shown):
    notebook.say("The deed of **B2** costs 6 coins.")
    (out,) = shown
    assert out == {"text/markdown": "The deed of **B2** costs 6 coins.",
                   "text/plain": "The deed of **B2** costs 6 coins."}


def test_a_table_has_its_header_and_rows_with_numbers_to_the_right(shown):
    notebook.table([["Ada", 5], ["Ben", 16]], header=["player", "coins"])
    (out,) = shown
    no_repr(out)
    assert out["text/plain"] == "player  coins\nAda         5\nBen        16"
    html = out["text/html"]
    assert html.count("<tr>") == 3 and "<th style='text-align:right'>coins</th>" in html
    assert "<td style='text-align:right'>16</td>" in html and "<td style='text-align:left'>Ada</td>" in html


def test_a_table_escapes_its_words_and_refuses_a_ragged_row(shown):
    notebook.table([["<b>", "x & y"]], header=["a", "b"])
    assert "&lt;b&gt;" in shown[0]["text/html"] and "x &amp; y" in shown[0]["text/html"]
    with pytest.raises(ValueError, match="a row has 1 cells for 2 columns"):
        notebook.table([["Ada"]], header=["player", "coins"])


def test_the_log_draws_the_dashboards_lines_oldest_first(shown):
    game = m.new_game(["Ada", "Ben", "Cleo"], seed=4)
    notebook.log(game.events)
    (out,) = shown
    no_repr(out)
    texts = [e.text for e in game.events]
    assert out["text/plain"].splitlines() == texts
    assert texts[0].startswith("Ada is dealt the deeds of") and texts[-1].startswith("Year 1 begins with Ada")
    dashboard = LogView()
    dashboard.show([game], None, registry.view("metropolis").EMPHASISED)
    lines = re.sub(r"^<div class='bg-log-lines'[^>]*>", "", dashboard.value).removesuffix("</div>").split("</div>")[:-1]
    for line in reversed(lines):  # the dashboard's lines, newest first, are the notebook's, oldest first
        assert line + "</div>" in out["text/html"]
    assert out["text/html"].index(texts[0]) < out["text/html"].index(texts[-1])
    assert f"border-color:{seat_colour(BEN)}" in out["text/html"]
    assert "bg-event bg-strong" in out["text/html"]  # a year begins: bold, as in the dashboard


def test_the_log_of_several_states_gives_each_states_last_move(shown):
    start = arrange(["Ada", "Ben", "Cleo"], lots={ADA: ["A1"]}, board=["A7", "B7", "C7", "D7", "E7", "F7"],
                    coins=[20, 6, 7])
    bought = start.play(m.Buy("D7"))
    income = bought.play(m.Income())
    notebook.log([bought, income])
    assert shown[0]["text/plain"].splitlines() == [
        "Ada buys the deed of D7 for 6 coins and marks it; B1 fills the 10-coin slot.",
        "Ben takes an income of 5 coins.",
    ]
    with pytest.raises(TypeError, match="a log shows events or game states, not str"):
        notebook.log(["Ada buys"])


def test_the_log_keeps_a_draft_hand_from_the_other_seats(shown):
    game = m.new_game(["Ada", "Ben", "Cleo"], seed=4, deed_draft=True)
    hand = ", ".join(game.hand(ADA)[:-1]) + " and " + game.hand(ADA)[-1]
    notebook.log(game.events, viewer=ADA)
    notebook.log(game.events, viewer=BEN)
    notebook.log(game.events)
    ada, ben, spectator = (out["text/plain"] for out in shown)
    assert f"Ada's hand: {hand}." in ada
    assert "Ada's hand" not in ben and "Ben's hand" in ben
    assert "hand:" not in spectator and "each player is dealt 6 deeds face down" in spectator


def test_board_shows_the_games_own_board_and_the_engines_text_where_widgets_cannot_be_drawn(shown):
    game = m.new_game(["Ada", "Ben", "Cleo"], seed=4)
    notebook.board(game)
    (out,) = shown
    no_repr(out)
    shown_board = widget(out)
    assert isinstance(shown_board, registry.view("metropolis").Board)
    assert shown_board.state is game and shown_board.viewer is None
    assert out["text/plain"] == str(game)
    assert out["text/html"].startswith("<pre class='bg-board-text'>Foundations of Metropolis, year 1")


def test_board_passes_the_viewer_the_size_and_the_cells_to_mark(shown):
    start = arrange(["Ada", "Ben", "Cleo"], lots={ADA: ["B2", "C2", "B3", "C3"]})
    cells = sorted({c for f in start.legal_builds("C-L3") for c in f})
    notebook.board(start, ADA, highlight=cells, size=300)
    shown_board = widget(shown[0])
    assert shown_board.viewer == ADA and shown_board.size == 300
    assert sorted(shown_board.highlighted) == ["B2", "B3", "C2", "C3"]


def test_board_works_for_any_game_with_a_view(shown, toy_game):
    game = toy_game.new_game(["Ada", "Ben"], seed=1)
    notebook.board(game, viewer=BEN)
    shown_board = widget(shown[0])
    assert "<li>Ada: a stone, face down</li>" in shown_board.value and "<li>Ben: a stone" not in shown_board.value
    assert shown[0]["text/plain"] == str(game)
    with pytest.raises(ValueError, match="the toy board marks no cells"):
        notebook.board(game, highlight=["A1"])


def test_a_column_of_numbers_with_dashes_for_none_is_still_aligned_to_the_right(shown):
    notebook.table([["Small House", 1], ["Market", "–"]], header=["building", "citizens"])
    assert shown[0]["text/plain"].splitlines() == ["building     citizens", "Small House         1",
                                                   "Market              –"]
    assert "<td style='text-align:right'>–</td>" in shown[0]["text/html"]


@pytest.mark.parametrize("path", TEACHING, ids=lambda p: p.name)
def test_a_teaching_notebook_keeps_outputs_only_where_nbval_checks_them_and_no_assert(path):
    """nbval compares the stored output of a tagged cell that has run (it has an execution count); a tagged cell
    stored without output would be checked against nothing, and pass whatever it shows."""
    nb = nbformat.read(path, as_version=4)
    code = [c for c in nb.cells if c.cell_type == "code"]
    checked = [c for c in code if CHECKED in c.metadata.get("tags", [])]
    assert checked, "no cell's numbers are checked"
    for c in code:
        assert not re.search(r"\bassert\b", c.source), c.source
        if c in checked:
            assert c.outputs and c.execution_count is not None, c.source
            for out in c.outputs:
                assert set(out.get("data", {})) <= {"text/plain", "text/html", "text/markdown"}, c.source
        else:
            assert not c.outputs and c.execution_count is None, c.source
