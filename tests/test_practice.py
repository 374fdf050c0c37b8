"""Every rule is practised: each rule id of a game is the ``practises:`` tag of a cell of its rules notebooks that
shows an exercise of a kind practising it (``boardgames.practice.coverage``); and every exercise kind draws, from
any seed, a legal position with a right answer that the engine accepts, refuses a wrong one with feedback, draws
the same exercise from the same seed and shows only what its seat may know."""

from __future__ import annotations

import importlib.util
import json
import random
import re
import shutil
from functools import cache

import pytest
from support.notebook_tags import add_tag, remove_tag
from support.redraw import redraw_otherwise
from support.sweep import seeds

import boardgames
from boardgames.core import RULE_GAME_OVER, RULE_NOT_A_MOVE, RULE_NOT_NOW
from boardgames.core.links import hides_nothing
from boardgames.practice import (
    KINDS,
    TAG,
    Choice,
    Exercise,
    Feedback,
    coverage,
    draw,
    find,
    kinds,
    positions,
    reachable,
)
from boardgames.teaching import NOTEBOOK_LANGUAGES, NOTEBOOKS, rules_notebooks

GAMES = sorted(boardgames.GAMES)
SEEDS = seeds(20)  # each kind drawn from 10 seeds in make test, from 20 in make sweep
PROTOCOL_RULES = (RULE_GAME_OVER, RULE_NOT_A_MOVE, RULE_NOT_NOW)  # refusals every game shares
PRACTISE_CALL = re.compile(r"""practise\(\s*["']([\w.-]+)["']""")


def written_kinds() -> list[str]:
    """Every exercise kind of the games whose kinds are written (``boardgames/practice/<game>.py``)."""
    for game in GAMES:
        if importlib.util.find_spec(f"boardgames.practice.{game}") is not None:
            kinds(game)
    return sorted(KINDS)


KIND_IDS = written_kinds()


@cache
def drawn(kind_id: str, seed: int) -> Exercise:
    return draw(kind_id, seed)


def exercises(kind_id: str) -> list[Exercise]:
    return [drawn(kind_id, seed) for seed in SEEDS]


# --- the notebooks' tags ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("language", NOTEBOOK_LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_every_rule_id_is_practised_by_a_cell_of_the_games_notebooks(game, language):
    found = coverage(game, language=language)
    assert len(found.rules) > 0 and not found.unpractised, (
        f"no cell of the {language} notebooks/{game}/ carries the tag practises:<id> for {list(found.unpractised)}")


@pytest.mark.parametrize("game", GAMES)
def test_every_practises_tag_names_a_rule_id_of_its_game(game):
    unknown = coverage(game).unknown
    assert not unknown, f"these tags of notebooks/{game}/ name no rule id of {game}: {list(unknown)}"


@pytest.mark.parametrize("game", GAMES)
def test_a_practises_cell_shows_an_exercise_of_a_kind_that_practises_its_rules(game):
    wrong = []
    for notebook in rules_notebooks(game):
        for cell in json.loads(notebook.read_text(encoding="utf-8"))["cells"]:
            rules = [t[len(TAG):] for t in cell.get("metadata", {}).get("tags", []) if t.startswith(TAG)]
            if not rules:
                continue
            source = "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]
            shown = {rule for kind_id in PRACTISE_CALL.findall(source) for rule in find(kind_id).rules}
            wrong += [(notebook.name, rule) for rule in rules if rule not in shown]
    assert not wrong, f"these cells are tagged practises:<id> but show no exercise practising it: {wrong}"


def tagged_copy(tmp_path, game: str = "medici") -> tuple:
    """A copy of ``game``'s rules notebooks in ``tmp_path`` with at least one ``practises:`` tag (one is added to
    the first cell when the notebooks have none yet), and the rule it practises."""
    shutil.copytree(NOTEBOOKS / game, tmp_path / game)
    found = coverage(game, tmp_path).practised
    if found:
        return next(iter(found))
    rule = next(iter(boardgames.GAMES[game].RULES))
    notebook = rules_notebooks(game, tmp_path)[0]
    document = json.loads(notebook.read_text(encoding="utf-8"))
    document["cells"][0].setdefault("metadata", {}).setdefault("tags", []).append(TAG + rule)
    notebook.write_text(json.dumps(document), encoding="utf-8")
    return rule


def test_a_rule_whose_practises_tag_is_removed_is_reported_unpractised(tmp_path):
    """The check fails when a tag is removed: copy Medici's notebooks, drop every tag of one rule, read again."""
    rule = tagged_copy(tmp_path)
    before = coverage("medici", tmp_path)
    remove_tag(tmp_path, "medici", TAG + rule)
    assert rule not in before.unpractised
    assert rule in coverage("medici", tmp_path).unpractised


def test_a_practises_tag_naming_no_rule_is_reported(tmp_path):
    shutil.copytree(NOTEBOOKS / "medici", tmp_path / "medici")
    name = add_tag(tmp_path, "medici", TAG + "medici.no-such.rule")
    assert (name, TAG + "medici.no-such.rule") in coverage("medici", tmp_path).unknown


def test_coverage_is_read_as_teaching_reads_teaches_tags():
    """``practises:`` tags are not ``teaches:`` tags: a rules notebook's teaching tags count for nothing here."""
    found = coverage("medici")
    assert str(found) == f"medici: {len(found.rules) - len(found.unpractised)} / {len(found.rules)} rule ids practised"
    assert all(tag.startswith(TAG) for _, tag in found.unknown)


# --- every exercise kind, over many seeds --------------------------------------------------------------------------


@pytest.mark.parametrize("kind_id", KIND_IDS)
def test_an_exercise_is_drawn_from_every_seed_as_a_position_its_game_reaches(kind_id):
    """Legal, whole, and one a game reaches by play (``practice.reachable``: deeds dealt and bought, prestige of the
    years scored, VP of contracts and posts, outpost tiles taken, contracts taken with dice)."""
    kind = find(kind_id)
    for exercise in exercises(kind_id):
        assert (exercise.kind, exercise.game, exercise.rules) == (kind.id, kind.game, kind.rules)
        assert exercise.state.GAME == kind.game and exercise.question
        assert 0 <= exercise.seat < exercise.state.players
        assert exercise.state.is_over or exercise.state.legal_moves(), f"{exercise.key}: no legal move"
        module = boardgames.GAMES[kind.game]
        assert module.from_json(exercise.state.to_json()) == exercise.state, f"{exercise.key}: not a whole position"
        assert reachable.problem(exercise.state) is None, f"{exercise.key}: {reachable.problem(exercise.state)}"


@pytest.mark.parametrize("kind_id", KIND_IDS)
def test_an_exercise_has_a_right_answer_and_every_right_answer_is_accepted(kind_id):
    for exercise in exercises(kind_id):
        right = exercise.right_answers()
        assert right, f"{exercise.key}: no answer is right"
        for answer in right:
            feedback = exercise.answer(answer)
            assert feedback.right and feedback.text and feedback.rule is None, (exercise.key, answer, feedback)


def wrong_answers(exercise: Exercise) -> list:
    """Answers the engine must not accept: the other choices; on the board, the legal moves that are not right and
    moves of other positions of the game that this one refuses (a few)."""
    if exercise.choices:
        return [c for c in exercise.choices if c not in exercise.right_answers()]
    right = exercise.right_answers()
    legal = [m for m in exercise.state.legal_moves() if m not in right]
    illegal = []
    for state in positions(exercise.game, exercise.seed, plies=30):
        illegal += [m for m in state.legal_moves() if m not in illegal
                    and exercise.state.check(m, exercise.seat) is not None]
        if len(illegal) >= 3:
            break
    return legal[:10] + illegal[:3]


@pytest.mark.parametrize("kind_id", KIND_IDS)
def test_a_wrong_answer_is_refused_with_feedback(kind_id):
    for exercise in exercises(kind_id):
        wrong = wrong_answers(exercise)
        assert wrong, f"{exercise.key}: no answer could be wrong"
        for answer in wrong:
            feedback = exercise.answer(answer)
            assert not feedback.right and feedback.text, (exercise.key, answer, feedback)
            if feedback.rule is not None:  # a refusal: the engine's, with its rule id
                known = (*boardgames.GAMES[exercise.game].RULES, *PROTOCOL_RULES)
                assert feedback.rule in known, (exercise.key, answer, feedback)
                assert feedback.rule in feedback.text, (exercise.key, answer, feedback)
            if isinstance(answer, Choice):
                continue
            error = exercise.state.check(answer, exercise.seat)
            if error is not None:  # a move the engine refuses on the board: the learner is told its refusal
                assert feedback.rule == error.rule, (exercise.key, answer, feedback)


@pytest.mark.parametrize("kind_id", KIND_IDS)
def test_an_answer_of_the_wrong_form_is_told_so_and_changes_nothing(kind_id):
    exercise = drawn(kind_id, 0)
    before = exercise.state.to_json()
    feedback = exercise.answer(len(exercise.choices) + 5 if exercise.choices else "not a move")
    assert not feedback.right and feedback.text
    assert exercise.state.to_json() == before


@pytest.mark.parametrize("kind_id", KIND_IDS)
def test_the_same_seed_draws_the_same_exercise(kind_id):
    for seed in SEEDS[:5]:
        first, again = drawn(kind_id, seed), draw(kind_id, seed)
        assert (again.question, again.seat, again.choices, again.seed) == \
            (first.question, first.seat, first.choices, first.seed)
        assert again.state == first.state


@pytest.mark.parametrize("kind_id", KIND_IDS)
def test_an_exercise_shows_only_what_its_seat_may_know(kind_id, monkeypatch):
    """The position of an exercise of a game with secrets comes from one the engine made as the seat may know it
    (``as_seen_by``, the engine's ``determinize``): what the seat cannot see is drawn afresh, so redrawing it
    otherwise (another stream of chance behind ``determinize``) changes the exercise's position, and in a game
    where seats hold secrets of their own the view redrawn is the exercise's seat's."""
    game = find(kind_id).game
    views, salt = redraw_otherwise(monkeypatch, game)
    for seed in SEEDS[:8]:
        drawn_as = []
        for salt[0] in ("a", "b", "c"):
            views.clear()
            drawn_as.append(draw(kind_id, seed))
        exercise = drawn_as[0]
        if hides_nothing([exercise.state]):
            continue
        assert any(other.state != exercise.state for other in drawn_as[1:]), \
            f"{exercise.key}: the position holds what no seat may know (it was not made with as_seen_by)"
        if boardgames.GAMES[game].keeps_secrets(exercise.state):
            assert exercise.seat in views, \
                f"{exercise.key}: the position was made as seats {sorted(set(views))} may know it, not {exercise.seat}"


def test_a_kind_practising_a_rule_its_game_does_not_have_is_refused():
    from boardgames.practice import kind

    with pytest.raises(ValueError, match="no-such"):
        kind("medici", "nonsense", ["medici.no-such.rule"], "Nothing")(lambda seed: None)
    assert "medici.nonsense" not in KINDS


def test_kind_per_rule_registers_one_kind_for_each_rule_of_a_family(monkeypatch):
    from boardgames import practice

    monkeypatch.setattr(practice, "KINDS", dict(KINDS))  # the kinds registered here go when the test ends
    made = []
    state = boardgames.GAMES["medici"].new_game(3, seed=0)

    def make(rule, seed):
        made.append((rule, seed))
        return practice.posed(seed, state, 0, "Which?", lambda answer: Feedback(True, "Yes."), [Choice("a")])

    practice.kind_per_rule("medici", make, [
        ("family-a", "medici.bid.must-exceed", "First"),
        ("family-b", "medici.bid.minimum", "Second"),
    ])
    a, b = practice.KINDS["medici.family-a"], practice.KINDS["medici.family-b"]
    assert (a.rules, a.title, b.rules, b.title) == (("medici.bid.must-exceed",), "First", ("medici.bid.minimum",),
                                                    "Second")
    exercise = b.make(7)
    assert made == [("medici.bid.minimum", 7)]
    assert (exercise.kind, exercise.game, exercise.rules) == ("medici.family-b", "medici", ("medici.bid.minimum",))


def test_a_kind_says_its_id_and_rule_ids_once_and_its_exercises_carry_them(monkeypatch):
    """The ``kind`` decorator gives every exercise its make poses (``posed``) the kind's id, game and rule ids."""
    from boardgames import practice

    monkeypatch.setattr(practice, "KINDS", dict(KINDS))
    state = boardgames.GAMES["medici"].new_game(3, seed=0)

    @practice.kind("medici", "once", ["medici.bid.must-exceed", "medici.bid.minimum"], "Said once")
    def once(seed):
        return practice.number_exercise(seed, state, 1, "How many?", 3, "three.")

    made = practice.KINDS["medici.once"].make(5)
    assert (made.kind, made.game, made.seed, made.rules, made.seat, made.question) == (
        "medici.once", "medici", 5, ("medici.bid.must-exceed", "medici.bid.minimum"), 1, "How many?")
    assert once(5).kind == "" and once(5).rules == ()


def test_exercise_takes_its_game_from_the_kind_id():
    from boardgames.practice import exercise

    state = boardgames.GAMES["medici"].new_game(3, seed=0)
    made = exercise("medici.some-kind", 4, ["medici.bid.must-exceed"], state, 1, "Which?",
                    lambda answer: Feedback(True, "Yes."), [Choice("a")])
    assert (made.game, made.kind, made.seed, made.rules, made.seat, made.question) == (
        "medici", "medici.some-kind", 4, ("medici.bid.must-exceed",), 1, "Which?")
    assert made.choices == (Choice("a"),) and made.answer(0) == Feedback(True, "Yes.")


def test_draw_tries_derived_seeds_until_a_position_is_found(monkeypatch):
    from boardgames.practice import Kind, NoExercise

    tried = []

    def make(seed):
        tried.append(seed)
        if len(tried) < 3:
            raise NoExercise(seed)
        return random.Random(seed).random()

    monkeypatch.setitem(KINDS, "medici.flaky", Kind("medici.flaky", "medici", (), "Flaky", make))
    draw("medici.flaky", 5)
    assert tried[0] == 5 and len(set(tried)) == 3


def test_a_fact_exercise_tells_the_worked_answer_or_what_the_engine_says_of_a_wrong_pick():
    from boardgames.practice import NoExercise, fact_exercise

    state = boardgames.GAMES["medici"].new_game(3, seed=0)
    refusal = Feedback(False, "Not allowed: no. (rule medici.bid.must-exceed)", "medici.bid.must-exceed")
    exercise = fact_exercise(3, state, 0, "Which?", ["a", "b", "c"],
                             "b", "b, because.", wrong=lambda label: refusal if label == "c" else None)
    assert [c.label for c in exercise.choices] == ["a", "b", "c"] and exercise.right_answers() == [Choice("b")]
    assert exercise.answer(1) == Feedback(True, "Right: b, because.")
    assert exercise.answer(0) == Feedback(False, "Not quite: b, because.")
    assert exercise.answer(2) == refusal
    shuffled = [[c.label for c in fact_exercise(seed, state, 0, "?", list("abcdef"), "a", "",
                                                shuffle=True).choices] for seed in (1, 1, 2)]
    assert shuffled[0] == shuffled[1] and sorted(shuffled[2]) == list("abcdef")
    with pytest.raises(NoExercise):
        fact_exercise(3, state, 0, "Which?", ["a"], "z", "")
