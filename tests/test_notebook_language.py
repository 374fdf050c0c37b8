"""The Japanese notebooks are made from the English ones (``tools/notebook_language.py``, ``make notebooks-ja``): each
English notebook with prose has one, every paragraph of its prose translated, its cells, code and tags the same; a
change to an English notebook that leaves its Japanese one behind fails here, naming the notebook and the cell."""

from __future__ import annotations

import json
import shutil

import pytest

from tools import notebook_language as nl

ENGLISH = nl.english_notebooks()


@pytest.mark.parametrize("path", ENGLISH, ids=[str(p.relative_to(nl.NOTEBOOKS)) for p in ENGLISH])
def test_the_japanese_notebook_is_what_its_english_one_and_its_catalog_make(path):
    assert nl.check(path) == []


def test_every_notebook_with_prose_links_to_its_japanese_one_and_back():
    for path in ENGLISH:
        assert f"[日本語]({nl.translated(path).name})" in json.dumps(nl._read(path), ensure_ascii=False)
        assert f"[English]({path.name})" in json.dumps(nl._read(nl.translated(path)), ensure_ascii=False)


def test_a_japanese_notebook_speaks_japanese_from_its_first_code_cell_and_keeps_the_tags():
    english, japanese = nl._read(nl.NOTEBOOKS / "medici/02-a-turn.ipynb"), nl._read(
        nl.NOTEBOOKS / "medici/02-a-turn.ja.ipynb")
    code = [c for c in japanese["cells"] if c["cell_type"] == "code"]
    assert "".join(code[0]["source"]) == 'from widgets.notebook import in_language\n\nin_language("ja")'
    tags = [c["metadata"].get("tags", []) for c in english["cells"]]
    assert [c["metadata"].get("tags", []) for c in japanese["cells"] if c.get("id") != nl.FIRST_CELL_ID] == tags


def test_paragraphs_are_cut_at_blank_lines_outside_code():
    markdown = "# Title\n\nOne line\nand its next.\n\n```\ncode\n\nmore code\n```\n\n- a\n- b\n"
    assert nl.paragraphs(markdown) == ["# Title", "One line\nand its next.", "```\ncode\n\nmore code\n```", "- a\n- b"]


def test_a_link_to_a_notebook_leads_to_its_japanese_one_or_to_its_page_in_japanese():
    index = nl.NOTEBOOKS / "index.ipynb"
    said = "[メディチ 2](medici/02-a-turn.ipynb)、[対戦](medici/play.ipynb)、[外](https://example.org/a.ipynb)"
    assert nl._led_to_japanese(said, index) == (
        "[メディチ 2](medici/02-a-turn.ja.ipynb)、[対戦](medici/play.ipynb?lang=ja)、[外](https://example.org/a.ipynb)")


@pytest.fixture
def a_copy(tmp_path, monkeypatch):
    """Medici's notebooks (the one changed, and those it links to), their Japanese ones and their catalogs, copied
    where the tool reads them."""
    notebooks, catalogs = tmp_path / "notebooks", tmp_path / "catalogs"
    (notebooks / "medici").mkdir(parents=True)
    for path in (nl.NOTEBOOKS / "medici").glob("*.ipynb"):
        shutil.copy(path, notebooks / "medici" / path.name)
    shutil.copytree(nl.CATALOGS / "medici", catalogs / "medici")
    monkeypatch.setattr(nl, "NOTEBOOKS", notebooks)
    monkeypatch.setattr(nl, "CATALOGS", catalogs)
    monkeypatch.setattr(nl, "_PROSE", [])
    return notebooks / "medici/02-a-turn.ipynb"


def test_a_changed_sentence_of_the_english_notebook_fails_naming_the_notebook_and_the_cell(a_copy):
    assert nl.check(a_copy) == []
    notebook = nl._read(a_copy)
    k, cell = next((k, c) for k, c in enumerate(notebook["cells"]) if k > 5 and c["cell_type"] == "markdown")
    cell["source"] = ["A sentence nobody has translated yet.\n"]
    a_copy.write_text(json.dumps(notebook, indent=1, ensure_ascii=False) + "\n")
    problems = nl.check(a_copy)
    assert f"medici/02-a-turn.ipynb, cell {k + 1}: not translated: 'A sentence nobody has translated yet.'" in problems
    assert f"02-a-turn.ja.ipynb, cell {k + 2}: not what medici/02-a-turn.ipynb and its catalog make " \
           "(the English notebook changed since): run `make notebooks-ja`" in problems


def test_a_changed_line_of_code_fails_naming_the_cell(a_copy):
    notebook = nl._read(a_copy)
    k, cell = next((k, c) for k, c in enumerate(notebook["cells"]) if k > 5 and c["cell_type"] == "code")
    cell["source"] = [*cell["source"], "\n# one more line"]
    a_copy.write_text(json.dumps(notebook, indent=1, ensure_ascii=False) + "\n")
    assert nl.check(a_copy) == [f"02-a-turn.ja.ipynb, cell {k + 2}: not what medici/02-a-turn.ipynb and its catalog "
                                "make (the English notebook changed since): run `make notebooks-ja`"]
