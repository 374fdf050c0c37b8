"""The teaching notebooks of every game and the landing page, as files: what a learner meets in them.

The numbers a notebook shows are checked by nbval (``pytest --nbval-lax notebooks``) on the cells tagged
``nbval-check-output``, against the outputs stored with those cells; every other cell is stored without
output. No code cell asserts: a rule a notebook relies on is a test of ``tests/``.
"""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
CHECKED = "nbval-check-output"
READABLE = {"text/plain", "text/html", "text/markdown"}
JAPANESE = ".ja.ipynb"  # a notebook made from its English one in Japanese (tools/notebook_language.py)
# The teaching notebooks: every numbered notebook of every game (its rules, then its probability lessons), in
# English; and the same in Japanese.
NUMBERED = sorted([*NOTEBOOKS.glob("*/0*.ipynb"), *NOTEBOOKS.glob("*/lessons/0*.ipynb")])
TEACHING = [p for p in NUMBERED if not p.name.endswith(JAPANESE)]
TEACHING_JA = [p for p in NUMBERED if p.name.endswith(JAPANESE)]
DASHBOARDS = sorted(NOTEBOOKS.glob("**/play*.ipynb"))
INDEX = NOTEBOOKS / "index.ipynb"
INDEX_JA = NOTEBOOKS / "index.ja.ipynb"


def name(path: Path) -> str:
    return str(path.relative_to(NOTEBOOKS))


def code_cells(path: Path) -> list:
    return [c for c in nbformat.read(path, as_version=4).cells if c.cell_type == "code"]


def test_the_teaching_notebooks_are_every_games_rules_then_its_lessons():
    assert [name(p) for p in TEACHING] == [
        "marcopolo/01-setup.ipynb", "marcopolo/02-dice-and-actions.ipynb", "marcopolo/03-travel-and-posts.ipynb",
        "marcopolo/04-contracts-and-scoring.ipynb", "marcopolo/05-characters.ipynb", "marcopolo/06-a-whole-game.ipynb",
        "marcopolo/lessons/01-dice.ipynb",
        "medici/01-setup.ipynb", "medici/02-a-turn.ipynb", "medici/03-scoring.ipynb", "medici/04-a-whole-game.ipynb",
        "medici/lessons/01-expected-value-of-a-card.ipynb", "medici/lessons/02-lots-and-variance.ipynb",
        "medici/lessons/03-what-is-it-worth-to-me.ipynb", "medici/lessons/04-winners-curse.ipynb",
        "medici/lessons/05-a-class-auction.ipynb",
        "medina/01-setup.ipynb", "medina/02-placing-pieces.ipynb", "medina/03-palace-and-tower-tiles.ipynb",
        "medina/04-scoring.ipynb",
        "metropolis/01-setup.ipynb", "metropolis/02-deeds-and-building.ipynb", "metropolis/03-scoring.ipynb",
        "metropolis/04-a-whole-game.ipynb",
    ]
    assert [name(p) for p in TEACHING_JA] == [name(p).replace(".ipynb", JAPANESE) for p in TEACHING]


@pytest.mark.parametrize("path", [*TEACHING, *TEACHING_JA], ids=name)
def test_a_teaching_notebook_shows_checked_numbers_and_stores_no_other_output(path):
    """nbval compares the stored output of a tagged cell that has run; a tagged cell stored without output
    would be compared with nothing and pass whatever it shows."""
    code = code_cells(path)
    checked = [c for c in code if CHECKED in c.metadata.get("tags", [])]
    assert checked, "no cell's numbers are checked"
    for cell in code:
        if cell in checked:
            assert cell.outputs and cell.execution_count is not None, cell.source
            for out in cell.outputs:
                assert out.output_type == "display_data", (out.output_type, cell.source)
                assert set(out.get("data", {})) <= READABLE, cell.source
        else:
            assert not cell.outputs and cell.execution_count is None, cell.source


@pytest.mark.parametrize("path", [*TEACHING, *DASHBOARDS, INDEX], ids=name)
def test_no_code_cell_asserts(path):  # the Japanese notebooks' code is the English ones' (test_notebook_language.py)
    for cell in code_cells(path):
        assert not re.search(r"\bassert\b", cell.source), cell.source


@pytest.mark.parametrize("path", TEACHING, ids=name)
def test_a_code_cell_is_short_and_prints_nothing(path):
    """The display helper shows sentences, tables, logs and boards; a print or a bare value would show the
    learner Python's own text."""
    for cell in code_cells(path):
        assert len(cell.source.splitlines()) <= 16, cell.source
        assert not re.search(r"\bprint\(", cell.source), cell.source


def links(path: Path) -> list[str]:
    text = "\n".join(c.source for c in nbformat.read(path, as_version=4).cells if c.cell_type == "markdown")
    return re.findall(r"\]\(([^)]+\.ipynb)\)", text)


def test_the_landing_page_links_every_notebook_and_talks_to_a_reader():
    nb = nbformat.read(INDEX, as_version=4)
    linked = links(INDEX)
    every = {name(p) for p in NOTEBOOKS.glob("**/*.ipynb")
             if p not in (INDEX, INDEX_JA) and not p.name.endswith(JAPANESE) and ".ipynb_checkpoints" not in str(p)}
    assert every <= set(linked), sorted(every - set(linked))
    assert len(linked) == len(set(linked))
    for games_notebook in ("metropolis/play.ipynb", "metropolis/01-setup.ipynb",
                           "metropolis/02-deeds-and-building.ipynb", "metropolis/03-scoring.ipynb"):
        assert games_notebook in linked
    assert [c.cell_type for c in nb.cells] == ["markdown"] * len(nb.cells), "the landing page runs no code"
    text = "\n".join(c.source for c in nb.cells)
    assert "`" not in text, "no monospace: the landing page names no code"
    for inside in ("boardgames/", "widgets/", "make play", "engine"):
        assert inside not in text


def test_the_japanese_landing_page_links_every_notebook_in_japanese_or_its_page_in_japanese():
    text = "\n".join(c.source for c in nbformat.read(INDEX_JA, as_version=4).cells)
    every = {name(p) for p in NOTEBOOKS.glob("**/*.ipynb")
             if p not in (INDEX, INDEX_JA) and not p.name.endswith(JAPANESE) and ".ipynb_checkpoints" not in str(p)}
    for notebook in sorted(every):
        japanese = notebook.replace(".ipynb", JAPANESE)
        assert f"]({japanese})" in text if (NOTEBOOKS / japanese).exists() else f"]({notebook}?lang=ja)" in text, (
            notebook)
    assert "](index.ipynb)" in text  # back to English


@pytest.mark.parametrize("path", [*TEACHING, *TEACHING_JA, *DASHBOARDS, INDEX_JA], ids=name)
def test_links_between_notebooks_lead_to_notebooks(path):
    for link in links(path):
        assert (path.parent / link).resolve().is_file(), link


def test_play_plays_moves_as_the_log_writes_them_shows_their_log_and_returns_the_position(monkeypatch):
    from boardgames import medici
    from widgets import notebook

    shown: list[dict] = []
    monkeypatch.setattr(notebook, "display", lambda bundle, raw=False: shown.append(bundle))
    day_1 = ["spice:1", "fur:0", "gold:10", "cloth:3", "dye:4", "spice:2", "grain:5", "fur:5", "cloth:0",
             "dye:1", "grain:2", "spice:5", "fur:3", "cloth:5", "dye:0", "grain:1", "spice:4", "fur:2"]
    start = medici.new_game(["Ada", "Ben", "Cleo"], seed=1, decks=[day_1])
    game = notebook.play(start, "draw", medici.Draw(), "bid 1")
    assert [str(card) for card in game.lot] == ["spice:1", "fur:0", "gold:10"] and game.current_player == 2
    (out,) = shown
    assert out["text/plain"].splitlines() == [
        "Ada reveals fur:0.", "Ada reveals gold:10.",
        "Ada puts spice:1, fur:0, gold:10 up for auction (a lot holds at most 3 cards).", "Ben bids 1."]
    assert "<div class='bg-log bg-notebook-log'>" in out["text/html"]
