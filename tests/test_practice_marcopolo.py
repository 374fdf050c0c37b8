"""The Voyages of Marco Polo's exercises (``boardgames.practice.marcopolo``): every rule id practised; per kind,
over a few seeds, the engine's answer is accepted, a wrong one is refused by the rule practised (or told the
worked answer), and the position is a real one, as the learner's seat may know it."""

from __future__ import annotations

import pytest

from boardgames import marcopolo as mp
from boardgames.marcopolo.data import CONTRACTS
from boardgames.marcopolo.spaces import khan_least
from boardgames.practice import Choice, draw, kinds, practised

SEEDS = (0, 1, 2)
KINDS = [k.id for k in kinds("marcopolo")]
ON_BOARD = {"marcopolo.bazaar", "marcopolo.khans-favor", "marcopolo.travel-steps", "marcopolo.take-contract"}
# rules no refusal names, practised by what the right answer says (what the coin bag gives, what a fee costs)
TOLD_RIGHT = {"marcopolo.bonus.coins3": "coin bag gives 3 coins", "marcopolo.space.fee": "the fee is the lowest die"}


def wrong_moves(ex) -> list:
    """Moves on the board that the kind's rules refuse, built from the exercise's position."""
    s, seat = ex.state, ex.seat
    dice = sorted(s.held[seat])
    right = ex.right_answers()
    if ex.kind == "marcopolo.bazaar":
        best = right[0]
        return [mp.Bazaar(best.good, dice[:1] if len(best.dice) > 1 else dice[:2]),
                mp.Bazaar(best.good, best.dice, best.column + 1)]
    if ex.kind == "marcopolo.khans-favor":
        return [mp.KhansFavor(d, "silk") for d in dice if d.value < khan_least(s)][:1]
    if ex.kind == "marcopolo.travel-steps":
        path = right[0].path
        return [mp.Travel(tuple(dice[:2]), path)]
    if ex.kind == "marcopolo.take-contract":
        return [mp.TakeContracts(dice[0], right[0].spaces)]
    raise AssertionError(ex.kind)


def test_every_rule_id_is_practised():
    assert set(practised("marcopolo")) == set(mp.RULES)


@pytest.mark.parametrize("kind_id", KINDS)
def test_kind_accepts_the_engines_answer_and_refuses_a_wrong_one(kind_id):
    named: set[str] = set()
    for seed in SEEDS:
        ex = draw(kind_id, seed)
        assert ex.kind == kind_id and ex.question and "goal" not in ex.question.lower()
        assert mp.consistency_problem(ex.state) is None
        right = ex.right_answers()
        assert right, (kind_id, seed, ex.question)
        told = ex.answer(right[0] if not ex.choices else ex.choices.index(right[0]))
        assert told.right and told.text.startswith("Right")
        if ex.on_board:
            assert kind_id in ON_BOARD
            wrong = wrong_moves(ex)
            assert wrong
            for move in wrong:
                fb = ex.answer(move)
                assert not fb.right and fb.rule in ex.rules, (kind_id, seed, move, fb)
                named.add(fb.rule)
            continue
        wrong = [c for c in ex.choices if c not in right]
        assert wrong
        for choice in wrong:
            fb = ex.answer(choice)
            assert not fb.right
            if fb.rule is not None:
                assert fb.rule in ex.rules, (kind_id, seed, choice, fb)
                named.add(fb.rule)
            elif choice.move is None:  # a number or a fact: the wrong answer is told the worked answer
                assert fb.text.removeprefix("Not quite: ") == told.text.removeprefix("Right: ")
    refusing = any(c.move is not None for c in draw(kind_id, 0).choices) or kind_id in ON_BOARD
    if refusing and kind_id != "marcopolo.arrival":
        ex = draw(kind_id, 0)
        first = ex.right_answers()[0]
        said = ex.answer(first if ex.on_board else ex.choices.index(first)).text
        told = {rule for rule, words in TOLD_RIGHT.items() if words in said}
        assert named | told == set(ex.rules), (kind_id, named)


def test_an_answer_of_the_wrong_form_is_told_so():
    ex = draw("marcopolo.compensation", 0)
    assert not ex.answer(len(ex.choices)).right
    assert not ex.answer(Choice("a camel")).right


def test_the_same_seed_gives_the_same_exercise():
    for kind_id in ("marcopolo.start-player", "marcopolo.bazaar", "marcopolo.fulfil"):
        a, b = draw(kind_id, 5), draw(kind_id, 5)
        assert a.question == b.question and a.state == b.state


def test_a_seat_sees_its_own_goal_cards_and_others_drawn_afresh():
    redrawn = 0
    for kind_id in ("marcopolo.start-player", "marcopolo.occupied-space", "marcopolo.travel-cost"):
        for seed in SEEDS:
            ex = draw(kind_id, seed)
            real = mp.new_game(ex.state.players, seed=ex.state.table.seed)
            assert ex.state.goals(ex.seat) == real.goals(ex.seat)
            redrawn += sum(ex.state.goals(s) != real.goals(s) for s in range(ex.state.players) if s != ex.seat)
    assert redrawn


def test_bonus_fulfil_tells_the_contracts_vp_and_its_other_reward():
    """The feedback of a contract fulfilled names all it pays: its VP and its other reward (a good of choice,
    say), not the VP alone (issue 39)."""
    for seed in range(6):
        ex = draw("marcopolo.fulfil", seed)
        right = ex.right_answers()[0]
        c = CONTRACTS[right.move.contract]
        assert f"{c.vp} VP and {c.text}" in ex.answer(right).text, (seed, ex.answer(right).text)
