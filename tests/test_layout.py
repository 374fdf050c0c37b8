"""The house's layout holds: every game's view has the same files and the view protocol's names; no import circle
anywhere in the project (none hidden inside a function either); the widgets import no Playwright; a lesson
notebook's helpers import no database library; the app shell knows no class store.

The imports are read from the source, every one of them: at module level, inside a function, under
``if TYPE_CHECKING`` (``support.imports``)."""

from __future__ import annotations

import importlib
import subprocess
import sys
from pathlib import Path

import pytest
from support.imports import circles, import_graph, imported_names, project_modules, reached

from widgets.kit.protocol import REQUIRED

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("boardgames", "widgets", "classroom", "deploy")
VIEW_FILES = ("__init__.py", "board.py", "controls.py")


@pytest.fixture(scope="module")
def graph() -> dict[str, set[str]]:
    return import_graph(ROOT, PACKAGES)


def view_packages() -> list[str]:
    return sorted(p.name for p in (ROOT / "widgets" / "games").iterdir() if (p / "__init__.py").exists())


def test_there_are_the_four_views():
    assert view_packages() == ["marcopolo", "medici", "medina", "metropolis"]


@pytest.mark.parametrize("game", view_packages())
def test_every_view_has_the_same_files_and_the_protocol_names(game):
    folder = ROOT / "widgets" / "games" / game
    assert [f for f in VIEW_FILES if not (folder / f).exists()] == []
    ui = importlib.import_module(f"widgets.games.{game}")
    assert [name for name in REQUIRED if not hasattr(ui, name)] == []


@pytest.mark.parametrize("game", view_packages())
def test_a_board_never_imports_its_controls(game, graph):
    assert f"widgets.games.{game}.controls" not in reached(graph, f"widgets.games.{game}.board")


def test_no_import_circle_anywhere(graph):
    assert circles(graph) == []


def test_the_circle_check_finds_a_circle_hidden_in_a_function(tmp_path):
    package = tmp_path / "house"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "board.py").write_text("def draw():\n    from house.controls import Buttons\n    return Buttons\n")
    (package / "controls.py").write_text("from . import board\n\nButtons = board\n")
    (package / "palette.py").write_text("import house.board\n")
    graph = import_graph(tmp_path, ("house",))
    assert circles(graph) == [["house.board", "house.controls"]]
    (package / "board.py").write_text("def draw():\n    return None\n")
    assert circles(import_graph(tmp_path, ("house",))) == []


def test_no_widget_imports_playwright():
    modules = project_modules(ROOT, ("widgets",))
    assert [name for name, path in modules.items()
            if any(n.split(".")[0] == "playwright" for n in imported_names(name, path))] == []


@pytest.mark.parametrize("store", ["classroom", "widgets.classpages"])
def test_the_shell_reaches_no_class_store(graph, store):
    shell = [m for m in graph if m == "widgets.shell" or m.startswith("widgets.shell.")]
    assert shell
    found = {m: sorted(t for t in reached(graph, m) if t == store or t.startswith(store + ".")) for m in shell}
    assert {m: targets for m, targets in found.items() if targets} == {}


def test_importing_the_notebook_helpers_imports_no_database_library():
    code = "import sys, widgets.notebook; print(sorted({m.split('.')[0] for m in sys.modules} & {'sqlalchemy'}))"
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"
