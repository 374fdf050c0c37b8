"""Cell tags of a copy of a game's rules notebooks, changed by the tests of ``teaches:`` and ``practises:`` coverage."""

from __future__ import annotations

import json
from pathlib import Path

from boardgames.teaching import rules_notebooks


def remove_tag(folder: Path, game: str, tag: str) -> None:
    """Remove ``tag`` from every cell of ``game``'s rules notebooks under ``folder`` (a copy of ``notebooks/``)."""
    for notebook in rules_notebooks(game, folder):
        document = json.loads(notebook.read_text(encoding="utf-8"))
        for cell in document["cells"]:
            tags = cell.get("metadata", {}).get("tags", [])
            if tag in tags:
                tags.remove(tag)
        notebook.write_text(json.dumps(document), encoding="utf-8")


def add_tag(folder: Path, game: str, tag: str) -> str:
    """Add ``tag`` to the first cell of ``game``'s first rules notebook under ``folder``; that notebook's name."""
    notebook = rules_notebooks(game, folder)[0]
    document = json.loads(notebook.read_text(encoding="utf-8"))
    document["cells"][0].setdefault("metadata", {}).setdefault("tags", []).append(tag)
    notebook.write_text(json.dumps(document), encoding="utf-8")
    return notebook.name
