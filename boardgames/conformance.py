"""One conformance checker for every game: random legal play to the end, checking the protocol's
promises after every move. A game's tests call ``check_conformance(module, players=..., seeds=...)``.

After every move it asserts that:
- ``legal_moves()`` is non-empty until the game is over (and empty once it is);
- every offered move is accepted by ``check`` (and a few of them by ``play``);
- a sample of moves that are not offered (from ``module.candidate_moves(state)``) is refused with
  ``IllegalMove`` by both ``check`` and ``play``, and leaves the state equal to before;
- ``module.from_json(state.to_json())`` and ``boardgames.load`` give an equal state;
- ``determinize`` keeps the decision the same (same player to move, same legal moves);
and at the end that replaying the seed and the moves gives the same final state, that a Match
survives its own JSON, and that the game ended within ``max_moves``.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from boardgames.core import IllegalMove, Match, load


@dataclass
class Report:
    """What a conformance run covered."""

    games: int = 0
    moves: int = 0
    longest: int = 0
    refusals: int = 0


class ConformanceError(AssertionError):
    """A broken promise, with the game, seed and ply where it happened."""


def check_game(
    module: ModuleType,
    players: int,
    seed: int,
    *,
    max_moves: int = 5_000,
    illegal_sample: int = 6,
    json_every: int = 1,
    report: Report | None = None,
) -> Any:
    """Play one random game of ``module`` and check every promise; returns the final state."""
    report = report if report is not None else Report()
    rng = random.Random(f"conformance/{seed}")
    state = module.new_game(players, seed=seed)
    match = Match(state)
    where = f"{module.__name__} players={players} seed={seed}"

    def fail(ply: int, message: str) -> None:
        raise ConformanceError(f"{where} ply {ply}: {message}")

    ply = 0
    while True:
        moves = state.legal_moves()
        if state.is_over:
            if moves:
                fail(ply, f"the game is over but legal_moves() offers {moves[:3]}")
            if not state.winners():
                fail(ply, "the game is over but winners() is empty")
            break
        if not moves:
            fail(ply, "legal_moves() is empty while the game is not over")
        if ply >= max_moves:
            fail(ply, f"the game has not ended after {max_moves} moves")
        if state.current_player is None:
            fail(ply, "current_player is None while the game is not over")
        for move in moves:
            refusal = state.check(move)
            if refusal is not None:
                fail(ply, f"offered move {move} is refused by check: {refusal}")
        _check_refusals(state, moves, module, rng, illegal_sample, report, lambda m, ply=ply: fail(ply, m))
        if ply % json_every == 0:
            _check_json(state, module, lambda m, ply=ply: fail(ply, m))
            world = state.determinize(state.current_player, random.Random(ply))
            if world.current_player != state.current_player or world.legal_moves() != moves:
                fail(ply, "determinize changed the decision (player to move or legal moves)")
        for extra in rng.sample(moves, min(2, len(moves))):
            state.play(extra)  # offered moves must be playable
        move = rng.choice(moves)
        state = match.play(move)
        ply += 1
    again = Match(module.new_game(players, seed=seed))
    for move in match.moves:
        again.play(module.parse_move(str(move)))
    if again.state != state:
        fail(ply, "replaying the seed and the moves gave a different final state")
    if Match.from_json(match.to_json()).state != state:
        fail(ply, "a Match read back from its JSON ends in a different state")
    report.games += 1
    report.moves += ply
    report.longest = max(report.longest, ply)
    return state


def _check_refusals(state, moves, module, rng, sample, report, fail) -> None:
    offered = set(moves)
    refused = [m for m in module.candidate_moves(state) if m not in offered]
    before = state.to_json()
    for move in rng.sample(refused, min(sample, len(refused))):
        refusal = state.check(move)
        if not isinstance(refusal, IllegalMove) or not refusal.rule or not str(refusal):
            fail(f"move {move} is not offered but check() returned {refusal!r}")
        try:
            state.play(move)
        except IllegalMove as exc:
            if exc.rule != refusal.rule:
                fail(f"play({move}) refused under {exc.rule} but check() said {refusal.rule}")
        else:
            fail(f"move {move} is not offered but play() accepted it")
        report.refusals += 1
    if state.to_json() != before:
        fail("a refused move changed the state")


def _check_json(state, module, fail) -> None:
    text = state.to_json()
    back = load(text)
    if back != state or type(back) is not type(state):
        fail("boardgames.load(to_json()) is not equal to the state")
    if hash(back) != hash(state):
        fail("a state read back from JSON hashes differently")


def check_conformance(
    module: ModuleType, players: Iterable[int], seeds: Iterable[int], **options: Any
) -> Report:
    """Run ``check_game`` for every player count and seed; raises ConformanceError on the first failure."""
    report = Report()
    seeds = list(seeds)
    for n in players:
        for seed in seeds:
            check_game(module, n, seed, report=report, **options)
    return report
