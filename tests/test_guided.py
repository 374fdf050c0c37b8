"""Your first game (``boardgames.guided``): per game one scripted game against bots, in which the guide asks one move
of the learner at each turn, says what it does and why from what the learner's seat may know, names its rule, and
refuses any other move with a sentence naming a rule while changing nothing; the bots' moves are told as the learner
may read them; the scoring is explained at the end; a restart goes back to the top, and the script is the same on
every run. The four scripts are played whole here (a few seconds in all: the experts answer in hundredths of a
second); their time is measured by ``benchmarks/guided.py``."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from functools import cache

import pytest

import boardgames
from boardgames.core import events_seen_from
from boardgames.core.teaching import teaching_of
from boardgames.guided import (
    FIRST_GAMES,
    FirstGame,
    Narration,
    Step,
    learner_steps,
    make_step,
    rule_of,
    script,
    winning_line,
)

GAMES = sorted(FIRST_GAMES)
BUDGET = 90  # learner steps a first game may take: at about 8 seconds a step (read, click), 12 minutes
HIDDEN = ("medici", "metropolis", "marcopolo")  # games where some seat cannot see something (a deck, a pile, goals)


@cache
def played(game: str) -> tuple[FirstGame, tuple[Step, ...], tuple[Narration, ...]]:
    """The game's first game played to its end by following every step: the guide, its steps and narrations."""
    guide = FirstGame(game)
    steps: list[Step] = []
    narrations: list[Narration] = []
    while not guide.over:
        step = guide.step()
        if step is None:
            narration = guide.bot_turn()
            assert narration is not None, f"{game}: no step and no bot to move at move {len(guide.moves)}"
            narrations.append(narration)
        else:
            feedback = guide.try_move(step.move)
            assert feedback.right, f"{game}: the step's own move was refused: {feedback.text}"
            steps.append(step)
    return guide, tuple(steps), tuple(narrations)


def learner_positions(game: str) -> list:
    """The positions of the script where the learner is to move, with their steps."""
    s = script(game)
    return [(s.ply(k).before, s.ply(k).step) for k in range(s.length()) if s.ply(k).step is not None]


@pytest.mark.parametrize("game", GAMES)
def test_a_first_game_follows_its_script_to_the_end_and_its_scoring_names_every_seat(game):
    guide, steps, narrations = played(game)
    assert guide.over and guide.step() is None and guide.bot_turn() is None
    assert guide.progress == (len(steps), len(steps)) == (learner_steps(game), learner_steps(game))
    lines = guide.scoring()
    text = "\n".join(lines)
    for name in guide.names:
        assert name in text, f"{game}: the scoring does not name {name}"
    winners = guide.state.winners()
    assert any(guide.names[w] in line and "win" in line for w in winners for line in lines[-3:])
    assert narrations and all(n.seat != guide.learner and n.text for n in narrations)


@pytest.mark.parametrize("game", ["medici", "metropolis", "marcopolo"])
def test_the_scoring_adds_up_each_seats_final_score(game):
    guide, _, _ = played(game)
    lines = guide.scoring()
    for name, score in zip(guide.names, guide.state.scores()):
        assert any(line.startswith(f"{name}: ") and line.endswith(f"= {score} {teaching_of(game).unit}.")
                   for line in lines), \
            f"{game}: no line adds up {name}'s {score}"


class Finished:
    """A finished game as ``winning_line`` reads it."""

    GAME = "metropolis"
    names = ("Ada", "Ben", "Cy")

    def __init__(self, scores, winners):
        self._scores, self._winners = scores, winners

    def scores(self):
        return self._scores

    def winners(self):
        return self._winners


def test_the_winning_line_names_the_margin_or_the_tie_break():
    assert winning_line(Finished((30, 25, 28), (0,))) == \
        "Ada wins with 30 prestige, 2 more than Cy; no tie-break was needed."
    tie = winning_line(Finished((30, 30, 28), (1,)))
    assert tie.startswith("Ada and Ben tie on 30 prestige; the tie-break: The most prestige wins; a tie goes to the "
                          "most coins") and tie.endswith("Ben wins.")
    assert winning_line(Finished((30, 30, 28), (0, 1))).endswith("Ada and Ben share the win.")


@pytest.mark.parametrize("game", GAMES)
def test_every_step_asks_a_legal_move_and_names_a_rule_of_the_game(game):
    rules = boardgames.GAMES[game].RULES
    for state, step in learner_positions(game):
        assert state.check(step.move, FIRST_GAMES[game].learner) is None, f"{game}: {step.move} is not legal"
        assert step.rule in rules, f"{game}: {step.rule} is no rule id of the game"
        assert step.say and step.say[0].isupper() and step.say.endswith((".", "!", "?"))


@pytest.mark.parametrize("game", GAMES)
def test_every_kind_of_move_has_its_rule(game):
    rules = boardgames.GAMES[game].RULES
    module = boardgames.GAMES[game]
    for state, _ in learner_positions(game)[:20]:
        for move in state.legal_moves():
            assert rule_of(state, move) in rules
        for move in module.candidate_moves(state):
            if state.check(move) is None:
                assert rule_of(state, move) in rules


@pytest.mark.parametrize("game", GAMES)
def test_a_legal_move_other_than_the_step_is_refused_naming_the_rule_and_changes_nothing(game):
    guide = FirstGame(game)
    tried = 0
    for _ in range(200):
        if guide.over or tried >= 5:
            break
        step = guide.step()
        if step is None:
            guide.bot_turn()
            continue
        others = [m for m in guide.state.legal_moves() if m != step.move]
        if others:
            before, moves = guide.state, list(guide.moves)
            other = others[len(others) // 2]
            feedback = guide.try_move(other)
            assert not feedback.right and feedback.rule == step.rule
            assert "That is allowed" in feedback.text and f"rule {step.rule}" in feedback.text
            assert f"rule {rule_of(before, other)}" in feedback.text and step.say in feedback.text
            assert guide.state == before and guide.moves == moves and guide.step() == step
            tried += 1
        guide.try_move(step.move)
    assert tried == 5


ILLEGAL = {  # a move the engine refuses at the learner's first step (a bid over the money, a wall in the city, a
    # building off the board, a die of 9)
    "medici": lambda state: boardgames.medici.moves.Bid(10_000),
    "medina": lambda state: boardgames.medina.moves.Place("wall", (6, 8)),
    "metropolis": lambda state: boardgames.metropolis.moves.Build("A", ("Z9",)),
    "marcopolo": lambda state: boardgames.marcopolo.moves.FiveCoins(9),
}


@pytest.mark.parametrize("game", GAMES)
def test_an_illegal_move_is_refused_with_the_engines_rule_id_and_what_to_do_instead(game):
    guide = FirstGame(game)
    step = guide.step()
    assert step is not None, f"{game}: the learner moves first"
    move = ILLEGAL[game](guide.state)
    error = guide.state.check(move, guide.learner)
    assert error is not None
    feedback = guide.try_move(move)
    assert not feedback.right and feedback.rule == error.rule
    assert str(error) in feedback.text and error.rule in feedback.text and f"Instead: {step.say}" in feedback.text
    assert guide.moves == [] and guide.step() == step
    nonsense = guide.try_move("a move of no game")
    assert not nonsense.right and step.say in nonsense.text and guide.moves == []


@pytest.mark.parametrize("game", GAMES)
def test_a_move_while_a_bot_is_to_move_is_refused_and_a_bot_turn_waits_for_the_learner(game):
    guide = FirstGame(game)
    step = guide.step()
    assert guide.bot_turn() is None and guide.moves == []
    guide.try_move(step.move)
    while guide.step() is not None:
        guide.try_move(guide.step().move)
    before = list(guide.moves)
    feedback = guide.try_move(step.move)
    assert not feedback.right and feedback.rule and guide.moves == before


@pytest.mark.parametrize("game", GAMES)
def test_restart_goes_back_to_the_top_with_the_same_first_step(game):
    guide = FirstGame(game)
    first = guide.step()
    for _ in range(6):
        step = guide.step()
        guide.try_move(step.move) if step is not None else guide.bot_turn()
    assert guide.moves
    guide.restart()
    assert guide.moves == [] and guide.state == script(game).start and guide.step() == first
    assert guide.progress[0] == 0 and guide.scoring() == []


@pytest.mark.parametrize("game", GAMES)
def test_the_same_step_asked_twice_or_worked_out_afresh_is_the_same(game):
    for state, step in learner_positions(game)[:8]:
        assert make_step(state) == step
    guide = FirstGame(game)
    assert guide.step() is guide.step()


PLIES = 60  # the script's first moves compared between two processes (the whole game takes seconds more)
SAYS = """
import json, sys
from boardgames.guided import script
PLIES = 60
out = {}
for game in sys.argv[1:]:
    s = script(game)
    out[game] = [[str(s.ply(k).move), s.ply(k).step.say if s.ply(k).step else s.ply(k).narration.text]
                 for k in range(PLIES)]
print(json.dumps(out))
"""


def test_the_script_is_the_same_in_another_process_with_other_hash_seeds():
    env = {**os.environ, "PYTHONHASHSEED": "12345"}
    run = subprocess.run([sys.executable, "-c", SAYS, *GAMES], capture_output=True, text=True, env=env, check=True)
    there = json.loads(run.stdout)
    for game in GAMES:
        s = script(game)
        here = [[str(s.ply(k).move), s.ply(k).step.say if s.ply(k).step else s.ply(k).narration.text]
                for k in range(PLIES)]
        assert here == there[game], f"{game}: the script differs between two runs"


@pytest.mark.parametrize("game", HIDDEN)
def test_a_step_says_only_what_the_learner_may_know(game):
    """Redraw what the learner cannot see (another seat's goal cards, a deck's order): the step stays the same."""
    learner = FIRST_GAMES[game].learner
    positions = learner_positions(game)
    for k, (state, step) in enumerate(positions[:: max(1, len(positions) // 12)]):
        for salt in ("a", "b"):
            redrawn = state.determinize(learner, random.Random(f"{salt}{k}"))
            assert make_step(redrawn) == step, f"{game}: a step reads what the learner cannot see"


@pytest.mark.parametrize("game", GAMES)
def test_a_narration_tells_only_what_the_learner_may_read(game):
    learner = FIRST_GAMES[game].learner
    module = boardgames.GAMES[game]
    s = script(game)
    for k in range(s.length()):
        ply = s.ply(k)
        if ply.narration is None:
            continue
        text = ply.narration.text
        for event in ply.after.events:
            seen = event.seen_from(learner)
            if seen is not event:
                assert event.text not in text, f"{game}: a narration tells a secret: {event.text}"
        for event in events_seen_from(ply.after.events, learner):
            assert event.text in text
        if module.keeps_secrets(ply.before):
            assert "Why" not in text, f"{game}: a bot's reasons may read a secret and are told"


@pytest.mark.parametrize("game", GAMES)
def test_a_first_game_takes_at_most_the_budget_of_learner_steps(game):
    steps = learner_steps(game)
    print(f"{game}: {steps} learner steps")
    assert 10 <= steps <= BUDGET


def test_a_game_without_a_first_game_is_told_so():
    with pytest.raises(ValueError, match="no first game"):
        FirstGame("chess")
