"""Each game's teaching is one description (``boardgames.core.teaching``, the engine's ``TEACHING``): its thresholds
rise, the puzzles' margin is the review's mistake, its themes end with the general one, its first game seats the
learner in a game the engine allows, its view's score is named by it; and the shared teaching code names no game."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
import toy

import boardgames
from boardgames.core.message import english
from boardgames.core.teaching import GENERAL, Teaching, teaching_of
from widgets.kit.registry import view

GAMES = sorted(boardgames.GAMES)
ROOT = Path(boardgames.__file__).resolve().parent.parent
SHARED = ["boardgames/review.py", "boardgames/guided", "boardgames/puzzles", "widgets/shell/review.py",
          "widgets/shell/puzzles.py", "widgets/shell/first_game.py"]  # the teaching code every game shares


@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_one_teaching_description(game):
    teaching = teaching_of(game)
    assert isinstance(teaching, Teaching) and teaching is boardgames.GAMES[game].TEACHING
    inaccuracy, mistake, blunder = teaching.thresholds
    assert 0 < inaccuracy < mistake < blunder
    assert teaching.margin == mistake and teaching.inaccuracy == inaccuracy
    assert 1 <= teaching.screen <= teaching.worlds
    assert list(teaching.themes)[-1] == GENERAL and all(teaching.themes.values())
    assert teaching.first_game is not None and teaching.first_game.players in boardgames.GAMES[game].PLAYERS
    assert teaching.rule is not None and teaching.does is not None and teaching.scoring_opens.startswith(game)


@pytest.mark.parametrize("game", GAMES)
def test_a_view_names_its_score_by_the_engines_description(game):
    assert english(view(game).SCORE_NAME) == teaching_of(game).unit  # a view may name it as a message


def test_a_game_without_a_description_is_told_so(monkeypatch):
    """The toy game of the tests has no expert, so no teaching."""
    monkeypatch.setitem(boardgames.GAMES, "toy", toy)
    with pytest.raises(ValueError, match="no teaching description"):
        teaching_of("toy")


def shared_files() -> list[Path]:
    out = []
    for place in SHARED:
        path = ROOT / place
        out += sorted(path.glob("*.py")) if path.is_dir() else [path]
    return out


@pytest.mark.parametrize("path", shared_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_the_shared_teaching_code_names_no_game(path):
    named = [f"{path.relative_to(ROOT)}:{node.lineno} {node.value!r}"
             for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
             if isinstance(node, ast.Constant) and node.value in boardgames.GAMES]
    assert not named, "a game named in the shared teaching code (its description says it):\n" + "\n".join(named)
