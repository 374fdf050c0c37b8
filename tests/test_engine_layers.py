"""Every game's engine reads one way (``docs/adding-a-game.md``): its modules' imports form no circle, the state
(``state.py``) imports no rule, only the face (``game.py``) and what stands on it (the bots, positions built to order,
the teaching description, the package's ``__init__``) import the face, and no module of ``boardgames/`` outside
``lessons/`` imports inside a function."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from support.imports import circles

import boardgames

PACKAGE = Path(boardgames.__file__).resolve().parent
FACE = "game"
ABOVE_THE_FACE = {"__init__", "bot", "positions", "teaching", FACE}
NUMBERS = {"rules", "moves", "cards", "board", "tiles", "pieces", "data"}  # a game's numbers and material


def imported_modules(path: Path, game: str) -> set[str]:
    """The modules of ``boardgames.<game>`` that the file at ``path`` imports (anywhere in it)."""
    prefix = f"boardgames.{game}"
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            if node.module == prefix:
                found |= {alias.name for alias in node.names if (path.parent / f"{alias.name}.py").exists()}
            elif node.module.startswith(prefix + "."):
                found.add(node.module[len(prefix) + 1:].split(".")[0])
        elif isinstance(node, ast.Import):
            found |= {a.name[len(prefix) + 1:].split(".")[0] for a in node.names if a.name.startswith(prefix + ".")}
    return found


def import_graph(game: str) -> dict[str, set[str]]:
    folder = PACKAGE / game
    return {path.stem: imported_modules(path, game) - {path.stem} for path in sorted(folder.glob("*.py"))}


def imports_in_functions(path: Path) -> list[str]:
    """``file:line`` of every import written inside a function of the file at ``path``."""
    places = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for inner in ast.walk(node):
                if isinstance(inner, (ast.Import, ast.ImportFrom)):
                    places.append(f"{path.relative_to(PACKAGE.parent)}:{inner.lineno}")
    return places


@pytest.mark.parametrize("game", sorted(boardgames.GAMES))
def test_no_circle_of_imports_in_the_engine(game):
    assert circles(import_graph(game)) == [], f"boardgames/{game}/ imports in a circle"


@pytest.mark.parametrize("game", sorted(boardgames.GAMES))
def test_the_state_imports_only_the_numbers(game):
    graph = import_graph(game)
    assert "state" in graph, f"boardgames/{game}/state.py is missing"
    assert graph["state"] <= NUMBERS, f"boardgames/{game}/state.py imports rules: {sorted(graph['state'] - NUMBERS)}"


@pytest.mark.parametrize("game", sorted(boardgames.GAMES))
def test_only_the_face_and_what_stands_on_it_import_the_face(game):
    graph = import_graph(game)
    assert FACE in graph, f"boardgames/{game}/{FACE}.py is missing"
    below = sorted(module for module, targets in graph.items() if FACE in targets and module not in ABOVE_THE_FACE)
    assert not below, f"these rule modules of boardgames/{game}/ import the face ({FACE}.py): {below}"


def test_no_import_inside_a_function_of_the_engines():
    places = [place for path in sorted(PACKAGE.rglob("*.py")) if "lessons" not in path.parts
              for place in imports_in_functions(path)]
    assert not places, "imports written inside functions:\n" + "\n".join(places)


# What only the layers above the engines may use: the UI, the arrays of the lessons, the class store's database.
ABOVE_THE_ENGINES = {"ipywidgets", "bqplot", "IPython", "numpy", "sqlalchemy", "psycopg", "sqlite3", "segno",
                     "classroom", "widgets"}


def top_imports(path: Path) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module.split(".")[0])
        elif isinstance(node, ast.Import):
            found |= {alias.name.split(".")[0] for alias in node.names}
    return found


def test_the_engines_import_no_ui_no_arrays_and_no_database():
    """The class store is its own layer above the engines; the lessons alone (above them too) use numpy."""
    used = {str(path.relative_to(PACKAGE.parent)): top_imports(path) & ABOVE_THE_ENGINES
            for path in PACKAGE.rglob("*.py") if "lessons" not in path.parts}
    assert {path: names for path, names in used.items() if names} == {}
