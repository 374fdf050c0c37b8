"""Bots that play any game through the protocol. Every bot has one method: ``choose(state) -> move``.

- ``RandomBot``: a uniformly random legal move.
- ``MonteCarloBot``: flat Monte Carlo search on determinized states (it never peeks at hidden
  information); its strength is the number of playouts (or a time budget) per decision.

``make_bot(game, level, seed)`` builds a bot by level name for the app shell: ``"random"``,
``"search"``, and ``"expert"`` where the game has a bot of its own (``module.ExpertBot``).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from boardgames.core.registry import game_module


@dataclass(frozen=True)
class Judgement:
    """What a bot thought of one legal move: ``value`` (what it expects for its seat after the move, the number
    it sorts by), ``worth`` (that value in the game's own terms, for a reader: "23 florins at the day's end",
    "41 VP by the game's end") and ``reason`` (one sentence naming the numbers it compared)."""

    move: Any
    value: float
    worth: str
    reason: str


class RandomBot:
    """Plays a uniformly random legal move."""

    def __init__(self, seed: int | None = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: Any) -> Any:
        return self.rng.choice(state.legal_moves())

    def __repr__(self) -> str:
        return "RandomBot()"


class JudgingBot:
    """The frame of a game's own bot: a seeded random source (``rng``); ``choose`` plays an only legal move at
    once and otherwise asks ``decide(state, moves)``, which a game's bot writes."""

    def __init__(self, seed: int | None = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: Any) -> Any:
        moves = state.legal_moves()
        if len(moves) == 1:
            return moves[0]
        return self.decide(state, moves)

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
    rollout policy (random moves by default). The move with the best mean reward is chosen."""

    def __init__(
        self,
        playouts: int = 200,
        *,
        seconds: float | None = None,
        seed: int | None = 0,
        exploration: float = 0.5,
        reward: Callable[[Any, int], float] = rank_reward,
        rollout: Callable[[Any, random.Random], Any] = random_playout,
    ) -> None:
        if playouts < 1:
            raise ValueError("a MonteCarloBot needs at least one playout per decision")
        self.playouts = playouts
        self.seconds = seconds
        self.rng = random.Random(seed)
        self.exploration = exploration
        self.reward = reward
        self.rollout = rollout

    def choose(self, state: Any) -> Any:
        moves = state.legal_moves()
        if len(moves) == 1:
            return moves[0]
        seat = state.current_player
        visits = [0] * len(moves)
        totals = [0.0] * len(moves)
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        rng = self.rng
        done = 0
        while done < self.playouts or (deadline is not None and time.perf_counter() < deadline):
            if deadline is not None and done >= self.playouts and time.perf_counter() >= deadline:
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
        best = max(range(len(moves)), key=lambda j: (totals[j] / visits[j] if visits[j] else -1.0, visits[j]))
        return moves[best]

    def __repr__(self) -> str:
        return f"MonteCarloBot(playouts={self.playouts})"


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
    """A bot for ``game`` at ``level`` (see ``bot_levels``); options go to the bot's constructor."""
    module = game_module(game)
    if level not in bot_levels(game):
        raise ValueError(f"unknown bot level {level!r} for {game}; choose from {bot_levels(game)}")
    if level == "random":
        return RandomBot(seed)
    if level == "search":
        return MonteCarloBot(seed=seed, **options)
    return module.ExpertBot(seed=seed, **options)
