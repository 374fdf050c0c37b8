"""The notebooks in Japanese, made from the English ones: each English notebook with prose has a Japanese one beside
it (``02-a-turn.ipynb``: ``02-a-turn.ja.ipynb``), made from it and from its catalog of prose,
``boardgames/locale/notebooks/ja/<its path>.po``.

- ``extract`` (``make notebooks-ja`` runs it first): each notebook's prose, paragraph by paragraph (a paragraph, a
  heading, a list or a table: the text between two blank lines), and its title into its catalog. A new paragraph
  waits there untranslated, a paragraph gone is dropped, a paragraph kept keeps its translation.
- ``build``: each Japanese notebook written again from its English one: the same cells in the same order, the same
  code and tags; each paragraph in its translation; a link to another notebook led to its Japanese one (or, for a
  page with no prose, to the page in Japanese, ``?lang=ja``); the English one's link to it, ``[日本語](….ja.ipynb)``,
  a link back to English; and a first code cell, ``in_language("ja")``, which writes the sentences its code makes,
  its boards and its exercises in Japanese (the messages of the pages' catalog). Then it is run, and the outputs of
  the cells nbval checks are kept, as in the English one.
- ``check``: what a test fails on, by notebook and cell: a Japanese notebook missing, one that is not what its
  English one and its catalog make (the English one changed since), a paragraph not translated.

The sentences a notebook's code makes (``say("…", …)``, a table's headings) are messages of the pages' catalog
(``make catalog`` extracts them from the English notebooks), not of a notebook's own.
"""

from __future__ import annotations

import argparse
import copy
import json
import os
import re
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
LANGUAGE = "ja"
SUFFIX = f".{LANGUAGE}.ipynb"
CATALOGS = ROOT / "boardgames" / "locale" / "notebooks" / LANGUAGE
TITLE = "title"  # the context of a notebook's title (its page's title in a browser) in its catalog
LINK_TO_IT = "[日本語]({name})"  # the English notebook's link to its Japanese one, a paragraph of its own
LINK_BACK = "[English]({name})"  # the Japanese notebook's link back
LINK = re.compile(r"\]\((?!https?:|#)([^)\s?#]+\.ipynb)([?#][^)\s]*)?\)")
CHECKED = "nbval-check-output"
FIRST_CELL = f'from widgets.notebook import in_language\n\nin_language("{LANGUAGE}")'
FIRST_CELL_ID = "in-language"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


def english_notebooks() -> list[Path]:
    """Every English notebook with prose (a page that is only a dashboard has none: its words are the pages')."""
    found = []
    for path in sorted(NOTEBOOKS.glob("**/*.ipynb")):
        if path.name.endswith(SUFFIX) or ".ipynb_checkpoints" in path.parts:
            continue
        if any(cell["cell_type"] == "markdown" for cell in _read(path)["cells"]):
            found.append(path)
    return found


def translated(path: Path) -> Path:
    """The Japanese notebook of the English notebook ``path``."""
    return path.with_name(path.name[: -len(".ipynb")] + SUFFIX)


def catalog_of(path: Path) -> Path:
    """The catalog of the prose of the English notebook ``path``."""
    return CATALOGS / path.relative_to(NOTEBOOKS).with_suffix(".po")


def paragraphs(markdown: str) -> list[str]:
    """``markdown`` cut at its blank lines (outside a fenced block of code)."""
    found: list[str] = []
    lines: list[str] = []
    fenced = False
    for line in markdown.split("\n"):
        if line.lstrip().startswith("```"):
            fenced = not fenced
        if line.strip() or fenced:
            lines.append(line.rstrip())
        elif lines:
            found.append("\n".join(lines))
            lines = []
    if lines:
        found.append("\n".join(lines))
    return found


def _link_to_it(path: Path) -> str:
    return LINK_TO_IT.format(name=translated(path).name)


def _read(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def _source(cell: dict) -> str:
    return "".join(cell["source"])


@dataclass(frozen=True)
class Untranslated:
    """A paragraph of an English notebook its catalog does not translate."""

    notebook: str
    cell: int
    paragraph: str

    def __str__(self) -> str:
        first = " ".join(self.paragraph.split())[:60]
        return f"{self.notebook}, cell {self.cell}: not translated: {first!r}"


# Extract (a cell is named by its place in the notebook, the first cell 1)


def extract(path: Path) -> Catalog:
    """The catalog of ``path``'s prose, its translations kept from the catalog on disk."""
    notebook = _read(path)
    old = _load(path)
    catalog = Catalog(locale=LANGUAGE, project="boardgames notebooks", copyright_holder="the boardgames authors",
                      fuzzy=False, **({} if old is None else {"creation_date": old.creation_date,
                                                            "revision_date": old.revision_date}))
    name = str(path.relative_to(NOTEBOOKS))
    title = notebook["metadata"].get("title")
    if title:
        catalog.add(title, _kept(old, title, TITLE), locations=[(name, 1)], context=TITLE)
    for k, cell in enumerate(notebook["cells"]):
        if cell["cell_type"] != "markdown":
            continue
        for paragraph in paragraphs(_source(cell)):
            if paragraph == _link_to_it(path):
                continue
            catalog.add(paragraph, _kept(old, paragraph), locations=[(name, k + 1)])
    return catalog


def _load(path: Path) -> Catalog | None:
    po = catalog_of(path)
    if not po.exists():
        return None
    with po.open("rb") as file:
        return read_po(file, locale=LANGUAGE)


def _kept(old: Catalog | None, paragraph: str, context: str | None = None) -> str:
    if old is None:
        return ""
    found = old.get(paragraph, context)
    return found.string if found is not None and found.string and not found.fuzzy else ""


def write_catalog(path: Path, catalog: Catalog) -> None:
    """Write ``catalog`` as ``path``'s catalog of prose."""
    po = catalog_of(path)
    po.parent.mkdir(parents=True, exist_ok=True)
    with po.open("wb") as file:
        write_po(file, catalog, width=0, omit_header=False, include_previous=False)


# Build


def made(path: Path) -> tuple[dict, list[Untranslated]]:
    """The Japanese notebook ``path`` and its catalog make (without outputs), and the paragraphs left in English."""
    english = _read(path)
    catalog = _load(path)
    name = str(path.relative_to(NOTEBOOKS))
    missing: list[Untranslated] = []

    def said(paragraph: str, k: int, context: str | None = None) -> str:
        if context is None and paragraph == _link_to_it(path):
            return LINK_BACK.format(name=path.name)
        words = _kept(catalog, paragraph, context)
        if not words:
            missing.append(Untranslated(name, k + 1, paragraph))
            return paragraph
        return _led_to_japanese(words, path)

    notebook = copy.deepcopy(english)
    cells = []
    for k, cell in enumerate(english["cells"]):
        cell = copy.deepcopy(cell)
        if cell["cell_type"] == "markdown":
            cell["source"] = _lines("\n\n".join(said(p, k) for p in paragraphs(_source(cell))))
        elif cell["cell_type"] == "code":
            cell["outputs"] = []
            cell["execution_count"] = None
            if not any(c["cell_type"] == "code" for c in cells):
                cells.append({"cell_type": "code", "execution_count": None, "id": FIRST_CELL_ID,
                              "metadata": {"tags": []}, "outputs": [], "source": _lines(FIRST_CELL)})
        cells.append(cell)
    notebook["cells"] = cells
    metadata = notebook["metadata"]
    metadata.pop("widgets", None)
    if metadata.get("title"):
        metadata["title"] = said(metadata["title"], 0, TITLE)
    metadata["boardgames"] = {"language": LANGUAGE, "made_from": path.name}
    return notebook, missing


def _led_to_japanese(words: str, path: Path) -> str:
    """``words`` with each link to a notebook led to its Japanese one, or to its page in Japanese."""

    def lead(match: re.Match) -> str:
        target, rest = match.group(1), match.group(2) or ""
        if target.endswith(SUFFIX):
            return match.group(0)
        if (path.parent / target).resolve() in _with_prose():
            return f"]({target[: -len('.ipynb')]}{SUFFIX}{'' if rest.startswith('#') else rest})"
        if rest.startswith("?"):
            return f"]({target}{rest}&lang={LANGUAGE})"
        return f"]({target}?lang={LANGUAGE})"

    return LINK.sub(lead, words)


_PROSE: list[set[Path]] = []


def _with_prose() -> set[Path]:
    if not _PROSE:
        _PROSE.append({p.resolve() for p in english_notebooks()})
    return _PROSE[0]


def _lines(text: str) -> list[str]:
    lines = text.split("\n")
    return [line + "\n" for line in lines[:-1]] + ([lines[-1]] if lines[-1] else [])


def run(notebook: dict, folder: Path) -> dict:
    """``notebook`` run in ``folder`` (its class store a new empty one), the outputs of the cells nbval checks
    kept (a widget's view left out, as nbval does not compare it)."""
    import nbformat
    from nbclient import NotebookClient

    node = nbformat.reads(json.dumps(notebook), as_version=4)
    with tempfile.TemporaryDirectory() as data:
        old = os.environ.get("BOARDGAMES_DATA")
        os.environ["BOARDGAMES_DATA"] = data
        try:
            client = NotebookClient(node, timeout=600, kernel_name="python3",
                                    resources={"metadata": {"path": str(folder)}})
            client.execute()
        finally:
            if old is None:
                os.environ.pop("BOARDGAMES_DATA", None)
            else:
                os.environ["BOARDGAMES_DATA"] = old
    ran = json.loads(nbformat.writes(node))
    out = copy.deepcopy(notebook)
    for cell, done in zip(out["cells"], ran["cells"]):
        if cell["cell_type"] == "code" and CHECKED in cell["metadata"].get("tags", []):
            cell["outputs"] = [_kept_output(o) for o in done["outputs"]]
            cell["execution_count"] = done["execution_count"]  # nbval compares only the outputs of a cell run
    return out


def _kept_output(output: dict) -> dict:
    output = copy.deepcopy(output)
    output.get("data", {}).pop(WIDGET_VIEW, None)
    if "execution_count" in output:
        output["execution_count"] = None
    return output


def write_notebook(path: Path, notebook: dict) -> None:
    """Write ``notebook`` as the Japanese notebook of ``path``, as Jupyter writes a notebook."""
    translated(path).write_text(json.dumps(notebook, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


# Check


def _without_outputs(notebook: dict) -> list[dict]:
    return [{k: v for k, v in cell.items() if k not in ("outputs", "execution_count")} for cell in notebook["cells"]]


def check(path: Path) -> list[str]:
    """What is wrong with the Japanese notebook of ``path``: missing, not what the English one and its catalog make
    (which cell), paragraphs left untranslated (which cell)."""
    name = str(path.relative_to(NOTEBOOKS))
    if not catalog_of(path).exists():
        return [f"{name}: no catalog of its prose ({catalog_of(path).relative_to(ROOT)}): run `make notebooks-ja`"]
    if not translated(path).exists():
        return [f"{name}: no Japanese notebook ({translated(path).name}): run `make notebooks-ja`"]
    expected, missing = made(path)
    problems = [str(m) for m in missing]
    have = _read(translated(path))
    stale_catalog = {m.id for m in extract(path) if m.id} ^ {m.id for m in _load(path) if m.id}
    if stale_catalog:
        problems.append(f"{name}: its catalog is not its prose now ({len(stale_catalog)} paragraphs differ): "
                        "run `make notebooks-ja`")
    if have["metadata"] != expected["metadata"]:
        problems.append(f"{translated(path).name}: its title or metadata are not what {name} makes: "
                        "run `make notebooks-ja`")
    for k, (a, b) in enumerate(zip(_without_outputs(have), _without_outputs(expected))):
        if a != b:
            problems.append(f"{translated(path).name}, cell {k + 1}: not what {name} and its catalog make "
                            "(the English notebook changed since): run `make notebooks-ja`")
            break
    if len(have["cells"]) != len(expected["cells"]):
        problems.append(f"{translated(path).name}: {len(have['cells'])} cells, {name} makes {len(expected['cells'])}")
    return problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("step", choices=["extract", "build", "check", "all"])
    parser.add_argument("notebooks", nargs="*", help="English notebooks (all with prose by default)")
    parser.add_argument("--no-run", action="store_true", help="build without running (no outputs kept)")
    args = parser.parse_args(argv)
    paths = [Path(p).resolve() for p in args.notebooks] or english_notebooks()
    problems = []
    for path in paths:
        if args.step in ("extract", "all"):
            write_catalog(path, extract(path))
        if args.step in ("build", "all"):
            notebook, missing = made(path)
            if not args.no_run:
                notebook = run(notebook, path.parent)
            write_notebook(path, notebook)
            print(f"{translated(path).relative_to(ROOT)}: {len(missing)} paragraphs untranslated", flush=True)
        if args.step == "check":
            problems.extend(check(path))
    for problem in problems:
        print(problem)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
