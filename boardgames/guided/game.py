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
from boardgames.core.message import Capitalized, english, say
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
    """The move the guide asks of the learner now, what to do and why (only what the learner's seat may know: a
    message, ``said``; ``say`` is its English), and the rule id it is about."""

    move: Any
    said: Any
    rule: str

    @property
    def say(self) -> str:
        """What to do and why, in English."""
        return english(self.said)


@dataclass(frozen=True)
class Narration:
    """A bot's ``move`` (of ``seat``) told in plain words, as the learner's seat may read it: ``told``, its
    sentences (messages), ``text`` their English."""

    move: Any
    seat: int
    told: tuple[Any, ...]

    @property
    def text(self) -> str:
        """The narration in English."""
        return " ".join(english(said) for said in self.told)


@dataclass(frozen=True)
class Verdict(Feedback):
    """The guide's verdict on a move of the learner: a ``Feedback`` (``text`` the English) with its sentence as a
    message, ``said``."""

    said: Any = None


def verdict(right: bool, said: Any, rule: str | None = None) -> Verdict:
    """A verdict saying ``said`` (a message)."""
    return Verdict(right, english(said), rule, said)


def as_sentence(said: Any) -> Any:
    """``said`` as a sentence: its first letter a capital and a full stop after it (unless it ends with "." or "!"
    or "?" already)."""
    text = english(said).strip()
    said = Capitalized(said)
    return said if text.endswith((".", "!", "?")) else say("{sentence}.", sentence=said)


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
        why = say("it is the only move you have here")
    else:
        why = reason_for_learner(judgement)
    does, facts = what_it_does(state, move), facts_of(state, move)
    what = say("{does}: {facts}", does=does, facts=facts) if facts else does
    why = say("Why: {why}", why=why)
    told = say("{what} {why}", what=as_sentence(what), why=as_sentence(why))
    return Step(move, told, rule_of(state, move))


def narrate(before: Any, move: Any, after: Any, learner: int, judgement: Judgement | None) -> Narration:
    """A bot's ``move`` from ``before`` to ``after``: the events as ``learner`` may read them, and the bot's reason
    (its ``judgement`` of the move) when it reads no secret (the engine's ``keeps_secrets``)."""
    seat = before.current_player
    name = before.names[seat]
    seen = events_seen_from(after.events, learner)
    told = [e.said for e in seen] or [say("{name} plays.", name=name)]
    module = boardgames.GAMES[before.GAME]
    if judgement is not None and judgement.reason and judgement.reason != ONLY_MOVE \
            and not module.keeps_secrets(before):
        told.append(say("{name}'s reason: {reason}.", name=name, reason=reason_told_of(judgement, name)))
    return Narration(move, seat, tuple(told))


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

    def try_move(self, move: Any) -> Verdict:
        """Play the learner's ``move`` if it is the step's; refuse anything else, changing nothing."""
        state = self.state
        if state.is_over:
            return verdict(False, say("The game is over: see how it was scored, or start again from the top."),
                           "core.game-over")
        step = self.step()
        if step is None:
            return verdict(False, say("Wait a moment: it is {name}'s move, a bot's.",
                                      name=self.names[state.current_player]), "core.not-now")
        try:
            error = state.check(move, self.learner)
        except Exception:  # noqa: BLE001 (not a move of this game at all)
            return verdict(False, say("That is not a move of this game. Instead: {step}", step=step.said), step.rule)
        if error is not None:
            return verdict(False, say("Not allowed: {refusal} (rule {rule}). Instead: {step}", refusal=error.said,
                                      rule=error.rule, step=step.said), error.rule)
        if move != step.move:
            return verdict(False, say("That is allowed (rule {rule}), but in this first game play the guide's move "
                                      "instead: {step} (rule {step_rule})", rule=rule_of(state, move),
                                      step=step.said, step_rule=step.rule), step.rule)
        self.moves.append(move)
        return verdict(True, say("Well played: {done}.", done=what_it_does(state, move)))

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
        """The final scoring explained line by line, in English (empty until the game is over)."""
        return [english(line) for line in self.scoring_said()]

    def scoring_said(self) -> list[Any]:
        """The final scoring explained line by line, as messages (empty until the game is over)."""
        if not self.over:
            return []
        return final_scoring(self.script, self.learner)

