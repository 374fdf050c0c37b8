"""The repository stands on its own: each game's rules are a page of ``docs/rules/`` naming every rule id the
engine uses, and no file points at a folder outside the repository or at a file that is not there."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import pytest

import boardgames

ROOT = Path(__file__).resolve().parent.parent
TEXT_SUFFIXES = {".md", ".py", ".ipynb", ".toml", ".txt", ".cfg", ".ini", ".yml", ".yaml", ""}
SKIPPED_DIRS = {".git", ".venv", "__pycache__", ".pytest_cache", ".hypothesis", ".ipynb_checkpoints"}

# The project's working folders beside the repository: a path into them, written as a bare folder
# (after a space, a quote, a backtick, a bracket or a slash) or climbing out with "..".
OUTSIDE = re.compile(r"(?:^|[\s`'\"(\[/])shared(?=/)|\.\./+shared\b")
RULE_NUMBER = re.compile(r"^\s*- (?:`[^`]+` \(rule (\d+)\)|Rule (\d+)) — ", re.M)  # "- `id` (rule 4) — ..."
MARKDOWN_LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")


def repository_files() -> list[Path]:
    """Every file of the repository: git's tracked and not-ignored files, or a walk of the tree outside a checkout."""
    try:
        out = subprocess.run(
            ["git", "ls-files", "--cached", "--others", "--exclude-standard"],
            cwd=ROOT, capture_output=True, text=True, check=True,
        ).stdout
        names = sorted(set(out.splitlines()))
        return [ROOT / n for n in names if (ROOT / n).is_file()]
    except (OSError, subprocess.CalledProcessError):
        return sorted(
            p for p in ROOT.rglob("*")
            if p.is_file() and not SKIPPED_DIRS.intersection(p.relative_to(ROOT).parts)
            and not any(part.endswith(".egg-info") for part in p.relative_to(ROOT).parts)
        )


def text_files() -> list[Path]:
    return [p for p in repository_files() if p.suffix in TEXT_SUFFIXES and "golden" not in p.parts]


def readable_lines(path: Path) -> list[str]:
    """The lines a reader sees: a notebook's cell sources (not its outputs), any other file as it is."""
    text = path.read_text(encoding="utf-8", errors="replace")
    if path.suffix != ".ipynb":
        return text.splitlines()
    lines = []
    for cell in json.loads(text).get("cells", []):
        source = cell.get("source", "")
        lines += ("".join(source) if isinstance(source, list) else source).splitlines()
    return lines


def heading_anchor(heading: str) -> str:
    """The anchor GitHub gives a Markdown heading: lower case, punctuation dropped, spaces as hyphens."""
    words = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return words.replace(" ", "-")


def anchors(page: Path) -> set[str]:
    return {heading_anchor(m) for m in re.findall(r"^#+\s+(.*)$", page.read_text(encoding="utf-8"), re.M)}


# ------------------------------------------------------------------------------------- the rules pages


@pytest.mark.parametrize("game", sorted(boardgames.GAMES))
def test_every_game_has_its_rules_page(game):
    page = ROOT / "docs" / "rules" / f"{game}.md"
    assert page.is_file(), f"docs/rules/{game}.md is missing: each game's rules are readable in the repository"


@pytest.mark.parametrize("game", sorted(boardgames.GAMES))
def test_every_rule_id_begins_a_rule_of_its_page(game):
    """Each id of the game's rules table starts a rule (a bullet or a paragraph, the id then its number if it
    has one) on the page."""
    text = (ROOT / "docs" / "rules" / f"{game}.md").read_text(encoding="utf-8")
    missing = [
        rule for rule in boardgames.GAMES[game].RULES
        if not re.search(rf"^(?:\s*-\s+)?`{re.escape(rule)}`(?: \(rule \d+\))? — ", text, re.M)
    ]
    assert not missing, f"docs/rules/{game}.md has no rule beginning with these ids: {missing}"


@pytest.mark.parametrize("game", sorted(boardgames.GAMES))
def test_the_rules_are_numbered_once_each_from_1(game):
    """Other documents cite a rule by number ("rule 17"), so each number from 1 up stands on one rule."""
    text = (ROOT / "docs" / "rules" / f"{game}.md").read_text(encoding="utf-8")
    numbers = [int(with_id or without) for with_id, without in RULE_NUMBER.findall(text)]
    assert sorted(numbers) == list(range(1, len(numbers) + 1)), f"docs/rules/{game}.md numbers its rules {numbers}"


@pytest.mark.parametrize("game", sorted(boardgames.GAMES))
def test_every_rule_id_on_the_page_is_in_the_rules_table(game):
    """The page names no id the engine does not know (a renamed or dropped rule)."""
    text = (ROOT / "docs" / "rules" / f"{game}.md").read_text(encoding="utf-8")
    named = set(re.findall(rf"`({re.escape(game)}\.[a-z-]+\.[a-z-]+)`", text))
    unknown = sorted(named - set(boardgames.GAMES[game].RULES))
    assert not unknown, f"docs/rules/{game}.md names ids that are not in {game}.RULES: {unknown}"


@pytest.mark.parametrize("game", sorted(boardgames.GAMES))
def test_every_flag_is_on_the_rules_page(game):
    text = (ROOT / "docs" / "rules" / f"{game}.md").read_text(encoding="utf-8")
    missing = [flag for flag in boardgames.GAMES[game].FLAGS if f"`{flag}`" not in text]
    assert not missing, f"docs/rules/{game}.md does not describe the flags {missing}"


# -------------------------------------------------------------------------- no pointer leaves the repository


def test_the_search_for_outside_paths_finds_them():
    folder = "shared"  # spelt apart, so that this file does not point outside itself
    pointers = [f"see `{folder}/rules/medina.md`", f"(../{folder}/DESIGN.md)", f'open("{folder}/x")', f"# ../{folder}"]
    for line in pointers:
        assert OUTSIDE.search(line), line
    for line in ["ids shared by every game", f"un{folder}/x", f"{folder}_state/x", f"a {folder} folder"]:
        assert not OUTSIDE.search(line), line


def test_no_file_points_outside_the_repository():
    offending = [
        f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
        for path in text_files()
        for number, line in enumerate(readable_lines(path), start=1)
        if OUTSIDE.search(line)
    ]
    assert not offending, "these lines point at a folder outside the repository:\n" + "\n".join(offending)


def test_every_markdown_link_leads_to_a_file_of_the_repository():
    """Relative links in Markdown files and notebooks' text resolve to an existing file (and heading)."""
    broken = []
    for path in text_files():
        if path.suffix not in (".md", ".ipynb"):
            continue
        for number, line in enumerate(readable_lines(path), start=1):
            for target in MARKDOWN_LINK.findall(line):
                if re.match(r"^[a-z][a-z0-9+.-]*:", target, re.I):  # http:, https:, mailto: ...
                    continue
                file_part, _, anchor = target.partition("#")
                file_part = file_part.partition("?")[0]  # a page's query (?lang=ja) is its address's, not its file's
                linked = (path.parent / file_part).resolve() if file_part else path
                where = f"{path.relative_to(ROOT)}:{number}: {target}"
                if not linked.is_relative_to(ROOT) or not linked.exists():
                    broken.append(where + " (no such file in the repository)")
                elif anchor and linked.suffix == ".md" and anchor not in anchors(linked):
                    broken.append(where + " (no such heading)")
    assert not broken, "broken links:\n" + "\n".join(broken)
