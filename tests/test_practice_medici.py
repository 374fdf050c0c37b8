"""Medici's exercise kinds (``boardgames.practice.medici``): each is drawn, answered right and answered wrong over a
few seeds, and its feedback names the rules it practises; together they practise every rule id of Medici."""

from __future__ import annotations

import pytest

from boardgames import medici
from boardgames.core import IllegalMove
from boardgames.practice import Choice, draw, kinds
from boardgames.practice.medici import plays, seat_move_exercise

SEEDS = range(6)
KINDS = {k.id: k for k in kinds("medici")}


def wrong_answers(exercise):
    """The answers of an exercise the engine does not accept: wrong choices, or (on the board) legal moves that miss
    what was asked and a few moves the engine refuses."""
    if exercise.choices:
        return [i for i, c in enumerate(exercise.choices) if not exercise.answer(i).right]
    state, rules = exercise.state, set(exercise.rules)
    missed = [m for m in state.legal_moves() if not exercise.answer(m).right][:3]
    refused = [m for m in medici.candidate_moves(state) if (state.check(m, exercise.seat) or ok).rule in rules]
    return missed + refused


ok = IllegalMove("", "")  # stands for "no refusal" above


def named_rules(feedback) -> set[str]:
    """The rule ids a feedback names: the refusal's rule, or those its worked answer cites."""
    return {feedback.rule} if feedback.rule else {r for r in medici.RULES if f"(rule {r})" in feedback.text}


def test_medici_move_on_the_board_is_refused_by_the_engine():
    exercise = draw("medici.highest-bid", 0)
    for move in medici.candidate_moves(exercise.state):
        error = exercise.state.check(move, exercise.seat)
        if error is not None:
            assert exercise.answer(move).rule == error.rule


def test_every_medici_rule_is_practised():
    practised = {rule for k in KINDS.values() for rule in k.rules}
    assert practised == set(medici.RULES)


@pytest.mark.parametrize("kind_id", sorted(KINDS))
def test_medici_exercise_right_answer_is_accepted(kind_id):
    for seed in SEEDS:
        exercise = draw(kind_id, seed)
        assert medici.consistency_problem(exercise.state) is None
        right = exercise.right_answers()
        assert right, f"{kind_id}#{seed} has no right answer"
        answer = exercise.choices.index(right[0]) if exercise.choices else right[0]
        feedback = exercise.answer(answer)
        assert feedback.right and feedback.text.startswith("Right")


@pytest.mark.parametrize("kind_id", sorted(KINDS))
def test_medici_exercise_wrong_answer_is_told_the_rule(kind_id):
    named: set[str] = set()
    for seed in SEEDS:
        exercise = draw(kind_id, seed)
        wrong = wrong_answers(exercise)
        assert wrong, f"{kind_id}#{seed} has no wrong answer"
        for answer in wrong:
            feedback = exercise.answer(answer)
            assert not feedback.right
            rules = named_rules(feedback)
            assert rules & set(KINDS[kind_id].rules), (kind_id, seed, feedback)
            named |= rules
    assert set(KINDS[kind_id].rules) <= named  # over a few seeds, every rule of the kind bites


@pytest.mark.parametrize("kind_id", sorted(KINDS))
def test_medici_exercise_is_replayed_by_its_seed(kind_id):
    first, again = draw(kind_id, 3), draw(kind_id, 3)
    assert first.question == again.question
    assert [c.label for c in first.choices] == [c.label for c in again.choices]
    assert first.state == again.state


def test_medici_exercise_shows_the_deck_re_dealt():
    """The deck's order is nobody's to know: an exercise's position has its unseen cards drawn afresh."""
    exercise = draw("medici.lot-at-most-three", 0)
    real = next(s for s, _ in plays(exercise.seed, 3) if s.lot == exercise.state.lot and s.step == "reveal")
    assert sorted(real.unseen_cards()) == sorted(exercise.state.unseen_cards())
    assert real.deck != exercise.state.deck


def test_who_can_play_refuses_a_table_of_seven():
    exercise = draw("medici.who-can-play", 0)
    seven = [i for i, c in enumerate(exercise.choices) if c.label == "7 merchants"]
    for i in seven:
        assert exercise.answer(i).rule == "medici.setup.players"


def test_highest_bid_is_all_the_money():
    exercise = draw("medici.highest-bid", 1)
    money = exercise.state.money[exercise.seat]
    assert exercise.answer(medici.Bid(money)).right
    assert exercise.answer(medici.Bid(money + 1)).rule == "medici.bid.over-money"
    assert "medici.bid.over-money" in exercise.answer(medici.Bid(money - 1)).text


def test_whose_say_refuses_a_merchant_who_spoke_and_one_still_to_speak():
    exercise = draw("medici.whose-say", 2)
    rules = {exercise.answer(i).rule for i, _ in enumerate(exercise.choices)}
    assert rules == {None, "medici.bid.once", "medici.turn.not-your-turn"}


def test_first_card_refuses_an_empty_lot():
    exercise = draw("medici.first-card", 0)
    assert exercise.answer(Choice("0 cards")).rule == "medici.auction.empty-lot"


def test_seat_move_exercise_judges_each_merchants_move_for_that_merchant():
    state = medici.new_game(3).play(medici.Auction())  # Ben speaks first
    exercise = seat_move_exercise(0, state, 1, "Who may bid 1?",
                                  [(0, medici.Bid(1)), (1, medici.Bid(1))], "Right.")
    assert exercise.answer(1).right
    assert exercise.answer(0).rule == "medici.turn.not-your-turn"
