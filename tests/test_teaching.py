"""Every rule is taught: each rule id of ``docs/rules/<game>.md`` is the ``teaches:`` tag of a cell of that game's
rules notebooks, and no tag names an id that does not exist (``boardgames.teaching``)."""

from __future__ import annotations

import shutil

import pytest
from support.notebook_tags import add_tag, remove_tag

import boardgames
from boardgames.teaching import NOTEBOOKS, TAG, coverage


@pytest.mark.parametrize("game", sorted(boardgames.GAMES))
def test_every_rule_id_is_taught_by_a_cell_of_the_games_notebooks(game):
    untaught = coverage(game).untaught
    assert not untaught, f"no cell of notebooks/{game}/ carries the tag teaches:<id> for {list(untaught)}"


@pytest.mark.parametrize("game", sorted(boardgames.GAMES))
def test_every_teaches_tag_names_a_rule_id_of_its_game(game):
    unknown = coverage(game).unknown
    assert not unknown, f"these tags of notebooks/{game}/ name no rule id of {game}: {list(unknown)}"


def test_a_rule_whose_only_tag_is_removed_is_reported_untaught(tmp_path):
    """The check fails when a tag is removed: copy Medici's notebooks, drop every tag of one rule, read again."""
    shutil.copytree(NOTEBOOKS / "medici", tmp_path / "medici")
    before = coverage("medici", tmp_path)
    rule = next(iter(before.taught))
    remove_tag(tmp_path, "medici", TAG + rule)
    after = coverage("medici", tmp_path)
    assert rule not in before.untaught
    assert rule in after.untaught


def test_a_tag_naming_no_rule_is_reported(tmp_path):
    shutil.copytree(NOTEBOOKS / "medici", tmp_path / "medici")
    name = add_tag(tmp_path, "medici", TAG + "medici.no-such.rule")
    assert (name, TAG + "medici.no-such.rule") in coverage("medici", tmp_path).unknown
