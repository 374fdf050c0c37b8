"""Every rule is taught: each rule id of ``docs/rules/<game>.md`` is the ``teaches:`` tag of a cell of that game's
rules notebooks, in English and in Japanese, and no tag names an id that does not exist (``boardgames.teaching``)."""

from __future__ import annotations

import shutil

import pytest
from support.notebook_tags import add_tag, remove_tag

import boardgames
from boardgames.teaching import NOTEBOOK_LANGUAGES, NOTEBOOKS, TAG, coverage, rules_notebooks


@pytest.mark.parametrize("language", NOTEBOOK_LANGUAGES)
@pytest.mark.parametrize("game", sorted(boardgames.GAMES))
def test_every_rule_id_is_taught_by_a_cell_of_the_games_notebooks(game, language):
    found = coverage(game, language=language)
    assert len(found.rules) > 0 and not found.untaught, (
        f"no cell of the {language} notebooks/{game}/ carries the tag teaches:<id> for {list(found.untaught)}")


@pytest.mark.parametrize("language", NOTEBOOK_LANGUAGES)
@pytest.mark.parametrize("game", sorted(boardgames.GAMES))
def test_every_teaches_tag_names_a_rule_id_of_its_game(game, language):
    unknown = coverage(game, language=language).unknown
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


@pytest.mark.parametrize("game", sorted(boardgames.GAMES))
def test_each_rules_notebook_has_its_japanese_one_in_the_same_order(game):
    english, japanese = rules_notebooks(game), rules_notebooks(game, language="ja")
    assert english and [p.name.replace(".ipynb", ".ja.ipynb") for p in english] == [p.name for p in japanese]
