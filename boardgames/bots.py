"""Bots that play any game through the protocol. Every bot has ``choose(state) -> move``; a bot that explains
also has ``judge(state, seconds=None) -> list[Judgement]`` (the legal moves it considered, best first, each with
what it expects after the move, in the game's terms, and why) and keeps the list behind its last choice in
``last_judgements``.

- ``RandomBot``: a uniformly random legal move (no reasons: its ``last_judgements`` stay empty).
- ``JudgingBot``: the frame of a game's own bot that explains (``module.ExpertBot``).
- ``MonteCarloBot``: flat Monte Carlo search on determinized states (it never peeks at hidden
  information); its strength is the number of playouts (or a time budget) per decision.

``make_bot(game, level, seed)`` builds a bot by level name for the app shell: ``"random"``,
``"search"``, and ``"expert"`` where the game has a bot of its own (``module.ExpertBot``).
"""

from __future__ import annotations

import math
import random
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from boardgames.core.message import Capitalized, Listed, Message, say
from boardgames.core.registry import game_module

# The bot's own seat and the bot in its reasons, values of their messages: a reason is written to the seat it judges
# for ("your ship", "worth 8 to you", "the bot expects"); ``told`` says it of a seat by name, or of another judge.
YOU = say("you")
YOUR = say("your")
THE_BOT = say("the bot")


@dataclass(frozen=True)
class Judgement:
    """What a bot thought of one legal move: ``value`` (what it expects for its seat after the move, the number
    it sorts by), ``worth`` (that value in the game's own terms, for a reader: "23 florins at the day's end",
    "41 VP by the game's end") and ``reason`` (one sentence naming the numbers it compared), both messages
    (``boardgames.core.message``; ``str`` gives the English). ``plain`` is the reason as a guide tells it to a
    learner (None: the reason itself): without the move said again in front and without the bot's own score of
    the position, a number that means nothing to a learner."""

    move: Any
    value: float
    worth: Any
    reason: Any
    plain: Any = None


ONLY_MOVE = say("the only legal move")


def only_move(move: Any) -> Judgement:
    """The judgement of a move that is the only legal one: nothing was weighed."""
    return Judgement(move, math.nan, say("no other move to weigh"), ONLY_MOVE)


def percent(share: float) -> Message:
    """A share from 0 to 1 as a reader's percentage: ``0.623`` is "62 %"."""
    return say("{percent} %", percent=round(100 * share))


def move_said(move: Any) -> Message | str:
    """``move`` as its game's notation writes it: a message where the game's moves module says its moves
    (``move_said``), else its text."""
    said = getattr(sys.modules.get(type(move).__module__), "move_said", None)
    return said(move) if said is not None else str(move)


def told(judgement: Judgement, who: Any = THE_BOT, name: str | None = None) -> Any:
    """``judgement``'s reason as a guide tells it (its ``plain`` words): of ``who`` where it names the bot (a
    message, or a seat's name), and of the seat ``name`` where it speaks to the bot's own seat ("Ada's ship",
    "worth 8 to Ada"); ``name`` None keeps "you"."""
    said = judgement.reason if judgement.plain is None else judgement.plain
    swap: dict[Message, Any] = {THE_BOT: who}
    if name is not None:
        swap.update({YOU: name, YOUR: say("{name}'s", name=name)})
    return _swapped(said, swap)


def _swapped(said: Any, swap: dict[Message, Any]) -> Any:
    """``said`` with each value found in ``swap`` replaced (in its words, its lists, its capitalized words)."""
    if isinstance(said, Message):
        for found, told_as in swap.items():
            if said == found:
                return told_as
        return Message(said.english, tuple((k, _swapped(v, swap)) for k, v in said.values), said.plural,
                       said.context)
    if isinstance(said, Listed):
        return Listed(tuple(_swapped(item, swap) for item in said.items), said.last)
    if isinstance(said, Capitalized):
        return Capitalized(_swapped(said.said, swap))
    return said


def deadline_after(seconds: float | None) -> float | None:
    """The ``time.perf_counter()`` reading at which a budget of ``seconds`` runs out (None: no budget)."""
    return None if seconds is None else time.perf_counter() + seconds


def out_of_time(deadline: float | None) -> bool:
    """Whether the budget that ends at ``deadline`` (see ``deadline_after``) is spent."""
    return deadline is not None and time.perf_counter() >= deadline


def ranked(judgements: list[Judgement]) -> list[Judgement]:
    """``judgements`` best first: by value, highest first, equals in the order given (NaN last)."""
    return sorted(judgements, key=lambda j: -j.value if j.value == j.value else math.inf)


@runtime_checkable
class ExplainingBot(Protocol):
    """A bot that explains: ``judge(state, seconds)`` gives the legal moves it considered for
    ``state.current_player``, best first (at least the best three when there are three), judged in a world
    determinized for that seat; ``seconds`` is a budget after which it answers with the best found so far.
    ``choose(state)`` plays the first judgement's move and keeps the list in ``last_judgements``."""

    last_judgements: list[Judgement]

    def choose(self, state: Any) -> Any: ...

    def judge(self, state: Any, seconds: float | None = None) -> list[Judgement]: ...


class RandomBot:
    """Plays a uniformly random legal move. A random move has no reasons: ``last_judgements`` stays empty."""

    def __init__(self, seed: int | None = 0) -> None:
        self.rng = random.Random(seed)
        self.last_judgements: list[Judgement] = []

    def choose(self, state: Any) -> Any:
        return self.rng.choice(state.legal_moves())

    def __repr__(self) -> str:
        return "RandomBot()"


class JudgingBot:
    """The frame of a game's own bot that explains (see ``ExplainingBot``): a seeded random source (``rng``);
    ``choose`` plays an only legal move at once (one judgement, "the only legal move") and otherwise the first
    of ``judge(state)``, which a game's bot writes. A bot that only writes ``decide(state, moves)`` still plays,
    with its choice as the one, unexplained judgement."""

    def __init__(self, seed: int | None = 0) -> None:
        self.rng = random.Random(seed)
        self.last_judgements: list[Judgement] = []

    def choose(self, state: Any) -> Any:
        moves = state.legal_moves()
        self.last_judgements = [only_move(moves[0])] if len(moves) == 1 else self.judge(state)
        return self.last_judgements[0].move

    def judge(self, state: Any, seconds: float | None = None) -> list[Judgement]:
        """The legal moves considered for ``state.current_player``, best first."""
        moves = state.legal_moves()
        if len(moves) == 1:
            return [only_move(moves[0])]
        return [Judgement(self.decide(state, moves), math.nan, "", say("the bot's choice; it gives no reasons"))]

    def decide(self, state: Any, moves: list) -> Any:
        raise NotImplementedError


def random_playout(state: Any, rng: random.Random, limit: int = 100_000) -> Any:
    """Play uniformly random legal moves until the game is over (or ``limit`` moves)."""
    choice = rng.choice
    while not state.is_over and limit > 0:
        state = state.play(choice(state.legal_moves()))
        limit -= 1
    return state


def rank_reward(state: Any, seat: int) -> float:
    """How well ``seat`` did, from 0 to 1: the share of opponents it beat (a tie counts half)."""
    scores = state.scores()
    mine = scores[seat]
    others = [s for i, s in enumerate(scores) if i != seat]
    if not others:
        return 1.0
    return sum(1.0 if mine > s else 0.5 if mine == s else 0.0 for s in others) / len(others)


class MonteCarloBot:
    """Flat Monte Carlo search: playouts are spread over the legal moves by UCB1; each playout
    determinizes the state for the bot's seat, plays the move, and finishes the game with the
    rollout policy (random moves by default). The move with the best mean reward is chosen.

    ``playouts`` per decision, or with ``seconds`` as long as that (every move tried once at least);
    ``budget`` is a hard limit in seconds per decision that stops the search even before every move was tried
    (the moves not tried are not considered)."""

    def __init__(
        self,
        playouts: int = 200,
        *,
        seconds: float | None = None,
        budget: float | None = None,
        seed: int | None = 0,
        exploration: float = 0.5,
        reward: Callable[[Any, int], float] = rank_reward,
        rollout: Callable[[Any, random.Random], Any] = random_playout,
    ) -> None:
        if playouts < 1:
            raise ValueError("a MonteCarloBot needs at least one playout per decision")
        self.playouts = playouts
        self.seconds = seconds
        self.budget = budget
        self.rng = random.Random(seed)
        self.exploration = exploration
        self.reward = reward
        self.rollout = rollout
        self.last_judgements: list[Judgement] = []

    def choose(self, state: Any) -> Any:
        moves = state.legal_moves()
        self.last_judgements = [only_move(moves[0])] if len(moves) == 1 else self.judge(state)
        return self.last_judgements[0].move

    def judge(self, state: Any, seconds: float | None = None) -> list[Judgement]:
        """The moves the playouts tried, best mean reward first (value: the share of opponents beaten)."""
        moves = state.legal_moves()
        if len(moves) == 1:
            return [only_move(moves[0])]
        visits, totals = self._search(state, moves, seconds)
        tried = [i for i in range(len(moves)) if visits[i]]
        order = sorted(tried, key=lambda j: (totals[j] / visits[j], visits[j]), reverse=True)
        done = sum(visits)
        out = []
        for rank, i in enumerate(order):
            mean = totals[i] / visits[i]
            other = order[1] if rank == 0 and len(order) > 1 else order[0]
            if other == i:
                versus = say("no other move was tried")
            else:
                beat, tried = percent(totals[other] / visits[other]), visits[other]
                versus = (say("the next best, {move}, beat {percent} in {playouts}", move=move_said(moves[other]),
                              percent=beat, playouts=tried) if rank == 0 else
                          say("the best, {move}, beat {percent} in {playouts}", move=move_said(moves[other]),
                              percent=beat, playouts=tried))
            out.append(Judgement(
                moves[i], mean, say("beats {percent} of opponents in {playouts} playouts", percent=percent(mean),
                                    playouts=visits[i]),
                say("in {playouts} of {done} random playouts after {move} it beat {percent} of its opponents; "
                    "{versus}", playouts=visits[i], done=done, move=move_said(moves[i]), percent=percent(mean),
                    versus=versus),
            ))
        return out

    def _search(self, state: Any, moves: list, seconds: float | None) -> tuple[list[int], list[float]]:
        """Each move's playouts and summed reward, by UCB1 over ``moves``."""
        seat = state.current_player
        visits = [0] * len(moves)
        totals = [0.0] * len(moves)
        deadline = deadline_after(self.seconds)
        limits = [x for x in (self.budget, seconds) if x is not None]
        hard = deadline_after(min(limits)) if limits else None
        rng = self.rng
        done = 0
        while done < self.playouts or (deadline is not None and time.perf_counter() < deadline):
            if deadline is not None and done >= self.playouts and time.perf_counter() >= deadline:
                break
            if done and out_of_time(hard):
                break
            done += 1
            if done <= len(moves):
                i = done - 1
            else:
                log_n = math.log(done)
                c = self.exploration
                i = max(
                    range(len(moves)),
                    key=lambda j: totals[j] / visits[j] + c * math.sqrt(log_n / visits[j]),
                )
            world = state.determinize(seat, rng).play(moves[i])
            end = self.rollout(world, rng)
            visits[i] += 1
            totals[i] += self.reward(end, seat)
            if deadline is not None and time.perf_counter() >= deadline and done >= len(moves):
                break
        return visits, totals

    def __repr__(self) -> str:
        return f"MonteCarloBot(playouts={self.playouts})"


# The search level's settings where the defaults are too slow for a person waiting at the board. Metropolis: a
# random playout takes 5 to 40 ms on the 2-core machine the benchmarks run on (longest at the start of a 4-player
# game, with up to 46 legal moves), so 200 playouts took 4 to 8 s a move; 20 playouts take 0.1 to 0.8 s
# (``python benchmarks/hints.py`` prints the time per move), and the budget stops a search at 0.9 s on a slower
# or busier machine. Marco Polo: a random playout takes 3 to 16 ms, but a position offers up to 300 legal moves
# (each is played out once before any twice), so 200 playouts took 2 to 3 s a move; 20 playouts take 0.3 s on
# average and 0.75 s at most (``python benchmarks/marcopolo_expert.py`` prints the search bots' time per move).
SEARCH = {"metropolis": {"playouts": 20, "budget": 0.9}, "marcopolo": {"playouts": 20, "budget": 0.9}}

LEVELS = {
    "random": "plays a random legal move",
    "search": "Monte Carlo search over random playouts",
    "expert": "the game's own strategy bot",
}


def bot_levels(game: str) -> list[str]:
    """The level names ``make_bot`` accepts for ``game``."""
    module = game_module(game)
    return ["random", "search"] + (["expert"] if hasattr(module, "ExpertBot") else [])


def make_bot(game: str, level: str = "expert", seed: int | None = 0, **options: Any) -> Any:
    """A bot for ``game`` at ``level`` (see ``bot_levels``); options go to the bot's constructor (the search level
    starts from the game's ``SEARCH`` settings, if it has any)."""
    module = game_module(game)
    if level not in bot_levels(game):
        raise ValueError(f"unknown bot level {level!r} for {game}; choose from {bot_levels(game)}")
    if level == "random":
        return RandomBot(seed)
    if level == "search":
        return MonteCarloBot(seed=seed, **{**SEARCH.get(game, {}), **options})
    return module.ExpertBot(seed=seed, **options)
