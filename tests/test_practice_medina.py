"""Medina's exercise kinds (``boardgames.practice.medina``): every rule id is practised by a kind; for each kind, over
a few seeds, the engine's right answer is accepted, a wrong one is refused naming the kind's rule (or told the worked
answer from the engine's own log), and the position is one where the rule bites."""

from __future__ import annotations

from functools import cache

import pytest

from boardgames import medina
from boardgames.medina import PASS, Place
from boardgames.medina.board import SQUARES
from boardgames.practice import Choice, Exercise, draw, kinds, practised

SEEDS = range(4)
KINDS = {k.id: k for k in kinds("medina")}
ON_BOARD = [k for k in KINDS if draw(k, 0).on_board]
AUTOMATIC = ["medina.supply", "medina.palace-tile", "medina.tower-tile", "medina.tower-tile-once", "medina.what-next",
             "medina.final-score"]  # answers worked out by the engine: a wrong choice is told the worked answer
WHO_NEXT = ["medina.second-piece", "medina.whose-turn"]  # a name to choose: the engine's refusal or worked answer
REFUSED_CHOICES = [k for k in KINDS if k not in ON_BOARD and k not in AUTOMATIC and k not in WHO_NEXT]


@cache
def drawn(kind_id: str, seed: int) -> Exercise:
    return draw(kind_id, seed)


def every_placement() -> list[Place]:
    """Every piece on every square of the board (buildings in every colour)."""
    pieces = [("building", c) for c in medina.COLOURS] + [(p, None) for p in ("roof", "stable", "merchant", "wall")]
    return [Place(piece, at, colour) for at in SQUARES for piece, colour in pieces]


PLACEMENTS = every_placement()


def test_every_rule_id_of_medina_is_practised_by_a_kind():
    assert sorted(practised("medina")) == sorted(medina.RULES)


@pytest.mark.parametrize("kind_id", ON_BOARD)
def test_an_on_board_exercise_is_the_seats_placement_and_the_rule_bites_there(kind_id):
    """The learner places for the seat to move; a placement the kind's rule refuses exists on that board and is
    told the engine's refusal with its rule id; every right answer is legal and accepted."""
    rule = KINDS[kind_id].rules
    for seed in SEEDS:
        exercise = drawn(kind_id, seed)
        assert exercise.state.current_player == exercise.seat
        right = exercise.right_answers()
        assert right and all(exercise.state.check(m) is None and exercise.answer(m).right for m in right)
        bitten = [m for m in PLACEMENTS if (e := exercise.state.check(m)) is not None and e.rule in rule]
        assert bitten, f"{exercise.key}: nowhere does {rule} refuse a placement"
        feedback = exercise.answer(bitten[0])
        assert not feedback.right and feedback.rule in rule and feedback.rule in feedback.text


@pytest.mark.parametrize("kind_id", REFUSED_CHOICES)
def test_a_wrong_choice_gets_the_engines_refusal_naming_the_kinds_rule(kind_id):
    for seed in SEEDS:
        exercise = drawn(kind_id, seed)
        right = [exercise.choices.index(c) for c in exercise.right_answers()]
        assert len(right) == 1 and exercise.answer(right[0]).right
        told = [exercise.answer(k) for k in range(len(exercise.choices)) if k not in right]
        assert told and not any(f.right for f in told)
        assert any(f.rule in exercise.rules for f in told), (exercise.key, told)


@pytest.mark.parametrize("kind_id", AUTOMATIC)
def test_a_wrong_choice_is_told_the_worked_answer(kind_id):
    for seed in SEEDS:
        exercise = drawn(kind_id, seed)
        (right,) = exercise.right_answers()
        worked = exercise.answer(right).text.removeprefix("Right: ")
        wrong = [c for c in exercise.choices if c != right]
        assert wrong and all(exercise.answer(c) == exercise.answer(wrong[0]) for c in wrong)
        assert exercise.answer(wrong[0]).text == f"Not quite: {worked}"


def test_supply_is_what_new_game_gives():
    for seed in SEEDS:
        exercise = drawn("medina.supply", seed)
        (right,) = exercise.right_answers()
        have = exercise.state.supply(exercise.seat)
        assert int(right.label) in {*have["building"].values(), have["roof"], have["stable"], have["merchant"],
                                    have["wall"]}


def test_the_start_merchant_is_the_one_right_first_piece():
    for seed in SEEDS:
        exercise = drawn("medina.start-merchant", seed)
        assert exercise.state.step == "start" and exercise.state.current_player == exercise.seat
        (right,) = exercise.right_answers()
        assert right.move.piece == "merchant"


@pytest.mark.parametrize("kind_id, rule", [("medina.second-piece", "medina.turn.two-pieces"),
                                           ("medina.whose-turn", "medina.turn.not-your-turn")])
def test_who_places_next_is_the_engines_seat_to_move_and_another_name_is_refused(kind_id, rule):
    """Mid-turn another name gets the refusal ``medina.turn.two-pieces``; after a whole turn,
    ``medina.turn.not-your-turn``; after a turn cut short by the first piece, the log's sentence saying so."""
    cut = 0
    for seed in range(12):
        exercise = drawn(kind_id, seed)
        state = exercise.state
        (right,) = exercise.right_answers()
        assert right.label == state.names[state.current_player]
        wrong = [exercise.answer(c) for c in exercise.choices if c != right]
        if state.placed:
            assert rule == "medina.turn.two-pieces" and all(f.rule == rule for f in wrong)
        elif "cannot place a second piece" in exercise.answer(right).text:
            cut += 1
            assert rule == "medina.turn.two-pieces" and all(f.text.startswith("Not quite") for f in wrong)
        else:
            assert rule == "medina.turn.not-your-turn" and all(f.rule == rule for f in wrong)
    assert cut or rule == "medina.turn.not-your-turn"


def test_passing_is_among_the_choices_and_refused():
    for seed in SEEDS:
        exercise = drawn("medina.no-passing", seed)
        (choice,) = [c for c in exercise.choices if c.move == PASS]
        assert exercise.answer(choice).rule == "medina.turn.must-place"


@pytest.mark.parametrize("kind_id, rule", [("medina.palace-tile", "medina.tile.palace"),
                                           ("medina.tower-tile", "medina.tile.tower"),
                                           ("medina.tower-tile-once", "medina.tile.tower-reuse")])
def test_the_tile_question_is_answered_by_the_tile_event_of_the_placement(kind_id, rule):
    """The placement the question names, played on the exercise's position, writes the rule's event, and the right
    name is who holds the tile after it."""
    for seed in SEEDS:
        exercise = drawn(kind_id, seed)
        sentence = exercise.question.rsplit(" Who holds", 1)[0]
        played = (exercise.state.play(m) for m in exercise.state.legal_moves())
        after = next(a for a in played if a.events[0].text.split(" It touches ")[0] == sentence)
        events = [e for e in after.events if e.kind == rule]
        assert events and events[0].text in exercise.answer(0).text
        (right,) = exercise.right_answers()
        data = events[0].data
        holder = after.tower_tile_owner(data["tower"]) if "tower" in data else after.palace_tile_owner(data["colour"])
        assert right.label == after.names[holder]


def test_what_next_is_the_game_end_or_the_engines_next_seat():
    ends = 0
    for seed in range(8):
        exercise = drawn("medina.what-next", seed)
        (right,) = exercise.right_answers()
        ends += right.label.startswith("Nobody")
    assert 0 < ends < 8


def test_the_final_score_is_the_engines_total():
    for seed in SEEDS:
        exercise = drawn("medina.final-score", seed)
        assert exercise.state.is_over
        (right,) = exercise.right_answers()
        assert int(right.label) == exercise.state.scores()[exercise.seat]


def test_an_answer_on_the_board_is_judged_without_changing_the_position():
    exercise = drawn("medina.grow-the-palace", 0)
    before = exercise.state.to_json()
    assert not exercise.answer(Choice("pass", PASS)).right
    assert exercise.state.to_json() == before
