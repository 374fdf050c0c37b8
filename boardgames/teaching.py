"""Which rules a game's notebooks teach: every cell that shows a rule on a board or in a worked example carries
the cell tag ``teaches:<rule id>`` (tags are invisible in Voilà and in JupyterLab's reading view).

A game's notebooks are its rules notebooks, ``notebooks/<game>/NN-*.ipynb``, read in the order of their numbers,
and the same in Japanese, ``NN-*.ja.ipynb`` (made from the English ones, their cells and tags the same).
``coverage(game)`` tells which of the game's rule ids (its ``RULES`` table, the ids of ``docs/rules/<game>.md``)
they teach, which they do not, and which tags name no rule at all.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

import boardgames

TAG = "teaches:"
NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
NOTEBOOK_LANGUAGES = ("en", "ja")  # the languages the notebooks are written in (English, the source, and Japanese)


@dataclass(frozen=True)
class Coverage:
    """What a game's notebooks teach: ``taught`` maps each tagged rule id to the notebooks whose cells teach it."""

    game: str
    rules: tuple[str, ...]
    taught: dict[str, tuple[str, ...]]
    unknown: tuple[tuple[str, str], ...]  # (notebook, tag) for a tag that names no rule id of the game

    @property
    def untaught(self) -> tuple[str, ...]:
        return tuple(rule for rule in self.rules if rule not in self.taught)

    def __str__(self) -> str:
        return f"{self.game}: {len(self.rules) - len(self.untaught)} / {len(self.rules)} rule ids taught"


def rules_notebooks(game: str, folder: Path = NOTEBOOKS, language: str = "en") -> list[Path]:
    """The rules notebooks of ``game`` in ``language`` (a page's language: the English ones for a language the
    notebooks are not written in), in reading order (``01-setup.ipynb`` first; in Japanese ``01-setup.ja.ipynb``)."""
    ending = r"\.ipynb" if language not in NOTEBOOK_LANGUAGES[1:] else rf"\.{language}\.ipynb"
    return sorted(p for p in (folder / game).glob("*.ipynb") if re.fullmatch(r"\d+-[^.]+" + ending, p.name))


def cell_tags(notebook: Path) -> list[list[str]]:
    """The tags of each cell of ``notebook``, in order."""
    cells = json.loads(notebook.read_text(encoding="utf-8")).get("cells", [])
    return [list(cell.get("metadata", {}).get("tags", [])) for cell in cells]


def coverage(game: str, folder: Path = NOTEBOOKS, tag: str = TAG, language: str = "en") -> Coverage:
    """Which rule ids of ``game`` its rules notebooks in ``language`` teach (cells tagged ``tag``<rule id>;
    ``practises:`` for ``boardgames.practice.coverage``), and which tags name no rule of it."""
    rules = tuple(boardgames.GAMES[game].RULES)
    taught: dict[str, list[str]] = {}
    unknown = []
    for notebook in rules_notebooks(game, folder, language):
        for tags in cell_tags(notebook):
            for name in tags:
                if not name.startswith(tag):
                    continue
                rule = name[len(tag):]
                if rule in rules:
                    taught.setdefault(rule, [])
                    if notebook.name not in taught[rule]:
                        taught[rule].append(notebook.name)
                else:
                    unknown.append((notebook.name, name))
    return Coverage(game, rules, {rule: tuple(names) for rule, names in taught.items()}, tuple(unknown))
