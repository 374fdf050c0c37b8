"""The first game itself: the scripted set-ups (``FIRST_GAMES``), the guide's step at each turn of the learner, the
bots' moves told, the script worked out once per process (``script``) and a learner's way through it
(``FirstGame``)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

import boardgames
from boardgames.bots import ONLY_MOVE, Judgement, make_bot, only_move
from boardgames.core import events_seen_from
from boardgames.core.english import sentence
from boardgames.core.message import say
from boardgames.core.teaching import Setup
from boardgames.guided.scoring import final_scoring
from boardgames.guided.words import facts_of, reason_for_learner, reason_told_of, rule_of, what_it_does
from boardgames.hints import position_seed
from boardgames.practice import Feedback

# Each game's scripted first game is its teaching description's ``first_game`` (the seats, the learner first to move,
# expert bots, the shorter set-ups, a seed for a short game that the learner, playing the expert's moves, wins;
# ``benchmarks/guided.py`` prints the steps, the clicks and the times).
FIRST_GAMES: dict[str, Setup] = {
    game: module.TEACHING.first_game for game, module in boardgames.GAMES.items()
    if hasattr(module, "TEACHING") and module.TEACHING.first_game is not None
}


@dataclass(frozen=True)
class Step:
    """The move the guide asks of the learner now, what to do and why (only what the learner's seat may know), and
    the rule id it is about."""

    move: Any
    say: str
    rule: str


@dataclass(frozen=True)
class Narration:
    """A bot's ``move`` (of ``seat``) told in plain words, as the learner's seat may read it."""

    move: Any
    seat: int
    text: str


# ------------------------------------------------------------------------------------------ the guide's judgement
def expert_choice(state: Any) -> Judgement:
    """The expert's best move for the seat to move at ``state``, judged in a world determinized for that seat,
    seeded from what it can see (the same position: the same choice)."""
    seat = state.current_player
    moves = state.legal_moves()
    if len(moves) == 1:
        return only_move(moves[0])
    seed = position_seed(state)
    world = state.determinize(seat, random.Random(seed))
    bot = make_bot(state.GAME, "expert", seed=seed)
    for judgement in bot.judge(world):
        if state.check(judgement.move, seat) is None:
            return judgement
    return Judgement(moves[0], float("nan"), "", say("the first legal move"))


def make_step(state: Any) -> Step:
    """The guide's step for the learner to move at ``state``: the expert's move, what it does (and what the open
    facts say of it), then why, in the expert's words."""
    judgement = expert_choice(state)
    move = judgement.move
    if judgement.reason == ONLY_MOVE:
        why = "it is the only move you have here"
    else:
        why = str(reason_for_learner(judgement))
    facts = facts_of(state, move)
    say = sentence(what_it_does(state, move) + (f": {facts}" if facts else "")) + " " + sentence(f"Why: {why}")
    return Step(move, say, rule_of(state, move))


def narrate(before: Any, move: Any, after: Any, learner: int, judgement: Judgement | None) -> Narration:
    """A bot's ``move`` from ``before`` to ``after``: the events as ``learner`` may read them, and the bot's reason
    (its ``judgement`` of the move) when it reads no secret (the engine's ``keeps_secrets``)."""
    seat = before.current_player
    name = before.names[seat]
    seen = events_seen_from(after.events, learner)
    text = " ".join(e.text for e in seen) or f"{name} plays."
    module = boardgames.GAMES[before.GAME]
    if judgement is not None and judgement.reason and judgement.reason != ONLY_MOVE \
            and not module.keeps_secrets(before):
        text += f" {name}'s reason: {reason_told_of(judgement, name)}."
    return Narration(move, seat, text)


# ------------------------------------------------------------------------------------------ the script
@dataclass(frozen=True)
class Ply:
    """One move of the script: the position ``before`` it, the ``move``, and the learner's ``step`` there or a bot's
    ``narration``."""

    before: Any
    move: Any
    after: Any
    step: Step | None = None
    narration: Narration | None = None


class Script:
    """A game's scripted first game, computed as far as asked and kept (see ``script``)."""

    def __init__(self, game: str) -> None:
        self.game = game
        self.setup = FIRST_GAMES[game]
        module = boardgames.GAMES[game]
        self.start = module.new_game(list(self.setup.names), seed=self.setup.seed, **self.setup.options)
        self.plies: list[Ply] = []

    def position(self, ply: int) -> Any:
        """The position after ``ply`` moves of the script."""
        return self.start if ply == 0 else self.ply(ply - 1).after

    def ply(self, index: int) -> Ply:
        """The script's move ``index`` (from 0), computed on first asking."""
        while len(self.plies) <= index:
            before = self.position(len(self.plies))
            if before.is_over:
                raise IndexError(f"the first game of {self.game} ends after {len(self.plies)} moves")
            self.plies.append(self._next(before, len(self.plies)))
        return self.plies[index]

    def _next(self, before: Any, index: int) -> Ply:
        seat = before.current_player
        if seat == self.setup.learner:
            step = make_step(before)
            return Ply(before, step.move, before.play(step.move), step=step)
        bot = make_bot(self.game, self.setup.level, seed=self.setup.seed * 1000 + index)
        move = bot.choose(before)
        after = before.play(move)
        judgements = getattr(bot, "last_judgements", [])
        judgement = judgements[0] if judgements else None
        return Ply(before, move, after, narration=narrate(before, move, after, self.setup.learner, judgement))

    def length(self) -> int:
        """The number of moves in the whole script (computing it all)."""
        k = len(self.plies)
        while not self.position(k).is_over:
            self.ply(k)
            k += 1
        return k

    def learner_steps(self) -> int:
        """How many of the script's moves are the learner's."""
        return sum(1 for k in range(self.length()) if self.ply(k).step is not None)


_SCRIPTS: dict[str, Script] = {}


def script(game: str) -> Script:
    """The game's script, shared by every ``FirstGame`` of it in this process."""
    if game not in FIRST_GAMES:
        raise ValueError(f"there is no first game of {game!r}; choose from {sorted(FIRST_GAMES)}")
    if game not in _SCRIPTS:
        _SCRIPTS[game] = Script(game)
    return _SCRIPTS[game]


def forget(game: str | None = None) -> None:
    """Drop the worked-out script of ``game`` (of every game: None), so that the next asking works it out afresh."""
    if game is None:
        _SCRIPTS.clear()
    else:
        _SCRIPTS.pop(game, None)


def learner_steps(game: str) -> int:
    """How many moves the learner makes in the game's first game (the whole script)."""
    return script(game).learner_steps()


# ------------------------------------------------------------------------------------------ the first game
class FirstGame:
    """One learner's first game of ``game`` (see the module): the script's position now and the moves so far."""

    def __init__(self, game: str) -> None:
        self.script = script(game)
        self.game = game
        setup = self.script.setup
        self.learner = setup.learner
        self.names = list(setup.names)
        self.seats = ["human" if k == setup.learner else setup.level for k in range(setup.players)]
        self.moves: list[Any] = []

    @property
    def state(self) -> Any:
        """The position now."""
        return self.script.position(len(self.moves))

    @property
    def over(self) -> bool:
        return self.state.is_over

    def step(self) -> Step | None:
        """The learner's step now; None when a bot is to move or the game is over."""
        state = self.state
        if state.is_over or state.current_player != self.learner:
            return None
        return self.script.ply(len(self.moves)).step

    def try_move(self, move: Any) -> Feedback:
        """Play the learner's ``move`` if it is the step's; refuse anything else, changing nothing."""
        state = self.state
        if state.is_over:
            return Feedback(False, "The game is over: see how it was scored, or start again from the top.",
                            "core.game-over")
        step = self.step()
        if step is None:
            return Feedback(False, f"Wait a moment: it is {self.names[state.current_player]}'s move, a bot's.",
                            "core.not-now")
        instead = f"Instead: {step.say}"
        try:
            error = state.check(move, self.learner)
        except Exception:  # noqa: BLE001 (not a move of this game at all)
            return Feedback(False, f"That is not a move of this game. {instead}", step.rule)
        if error is not None:
            return Feedback(False, f"Not allowed: {error} (rule {error.rule}). {instead}", error.rule)
        if move != step.move:
            return Feedback(False, f"That is allowed (rule {rule_of(state, move)}), but in this first game play the "
                                   f"guide's move instead: {step.say} (rule {step.rule})", step.rule)
        self.moves.append(move)
        done = what_it_does(state, move)
        return Feedback(True, f"Well played: {done[0].lower()}{done[1:]}.")

    def bot_turn(self) -> Narration | None:
        """Play the next bot's move, if a bot is to move, and tell it."""
        state = self.state
        if state.is_over or state.current_player == self.learner:
            return None
        ply = self.script.ply(len(self.moves))
        self.moves.append(ply.move)
        return ply.narration

    def restart(self) -> None:
        """Back to the top: the first position of the script."""
        self.moves = []

    @property
    def progress(self) -> tuple[int, int]:
        """Learner steps done, learner steps in the whole script."""
        done = sum(1 for k in range(len(self.moves)) if self.script.ply(k).step is not None)
        return done, self.script.learner_steps()

    def scoring(self) -> list[str]:
        """The final scoring explained line by line (empty until the game is over)."""
        if not self.over:
            return []
        return final_scoring(self.script, self.learner)

