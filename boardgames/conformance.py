"""One conformance checker for every game: ``check_module`` holds a game's module and its first state against
the written protocols (``boardgames.core.GameModule`` and ``GameState``), and ``check_conformance`` plays random
legal games to the end, checking the protocol's promises after every move. Every game in ``boardgames.GAMES``
passes both (``tests/test_protocol.py``); a game's own tests call ``check_conformance(module, players, seeds)``.

After every move it asserts that:
- ``legal_moves()`` is non-empty until the game is over (and empty once it is);
- every offered move is accepted by ``check`` (and a few of them by ``play``);
- a sample of moves that are not offered (from ``module.candidate_moves(state)``) is refused with
  ``IllegalMove`` by both ``check`` and ``play``, and leaves the state equal to before;
- ``module.from_json(state.to_json())`` and ``boardgames.load`` give an equal state;
- ``determinize`` keeps the decision the same (same player to move, same legal moves);
- every event is an ``Event`` whose ``seen_by`` names real seats, and whose text for the other seats (if any)
  is a sentence;
- ``public_scores()`` has one whole number per seat;
and at the end that replaying the seed and the moves gives the same final state, that a Match
survives its own JSON, and that the game ended within ``max_moves``.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from boardgames.core import Event, GameModule, GameState, IllegalMove, Match, english, load


@dataclass
class Report:
    """What a conformance run covered."""

    games: int = 0
    moves: int = 0
    longest: int = 0
    refusals: int = 0


class ConformanceError(AssertionError):
    """A broken promise, with the game, seed and ply where it happened."""


def check_module(module: ModuleType) -> None:
    """Hold ``module`` and a new game of it against the written protocols; raises ConformanceError naming
    every broken promise."""
    problems: list[str] = []
    for name, kind in (("GAME", str), ("NAME", str), ("PLAYERS", range), ("FLAGS", dict), ("RULES", dict),
                       ("SCORING_NOTE", str)):
        if not isinstance(getattr(module, name, None), kind):
            problems.append(f"{name} is missing or not a {kind.__name__}")
    for name in ("new_game", "from_json", "parse_move", "candidate_moves", "keeps_secrets"):
        if not callable(getattr(module, name, None)):
            problems.append(f"{name}() is missing")
    if not isinstance(module, GameModule):
        problems.append("the module does not offer the whole GameModule protocol")
    if problems:
        raise ConformanceError(f"{module.__name__}: " + "; ".join(problems))
    for rule, words in module.RULES.items():
        if not rule.startswith(f"{module.GAME}.") or not isinstance(words, str) or not words.endswith("."):
            problems.append(f"rule {rule!r} is not '{module.GAME}.<id>' with a sentence")
    for flag, default in module.FLAGS.items():
        if not isinstance(default, (bool, int)):
            problems.append(f"flag {flag} has a default that is neither a bool nor a whole number")
    players = module.PLAYERS.start
    state = module.new_game(players, seed=1, first_player=0, **module.FLAGS)
    if not isinstance(state, GameState):
        missing = [n for n in GameState.__protocol_attrs__ if not hasattr(state, n)]
        problems.append(f"a state lacks {', '.join(sorted(missing))} of the GameState protocol")
    elif state.GAME != module.GAME or len(state.names) != players or state.seed != 1:
        problems.append("a new state's GAME, names or seed do not match new_game's arguments")
    elif module.new_game(**state.setup) != state:
        problems.append("new_game(**state.setup) does not give the same start")
    elif not isinstance(module.keeps_secrets(state), bool):
        problems.append("keeps_secrets(state) is not a bool")
    for count in (players - 1, module.PLAYERS.stop):
        try:
            module.new_game(count)
        except ValueError:
            pass
        else:
            problems.append(f"new_game({count}) is accepted though PLAYERS is {module.PLAYERS}")
    try:
        module.new_game(players, no_such_flag=True)
    except ValueError as exc:
        if "no_such_flag" not in str(exc):
            problems.append(f"an unknown flag is refused without naming it: {exc}")
    else:
        problems.append("new_game accepts an unknown flag")
    if problems:
        raise ConformanceError(f"{module.__name__}: " + "; ".join(problems))


def _check_events(state, fail) -> None:
    n = len(state.names)
    for e in state.events:
        if not isinstance(e, Event) or not e.kind or not e.text:
            fail(f"{e!r} is not an Event with a kind and a sentence")
        if e.seen_by is not None:
            if not all(isinstance(s, int) and 0 <= s < n for s in e.seen_by):
                fail(f"event {e.kind} is seen by seats that do not exist: {e.seen_by}")
            if e.others is not None and not english(e.others).strip():
                fail(f"event {e.kind} gives the other seats an empty sentence")
    public = state.public_scores()
    if len(public) != n or not all(isinstance(x, int) for x in public):
        fail(f"public_scores() is not one whole number per seat: {public!r}")


def check_game(
    module: ModuleType,
    players: int,
    seed: int,
    *,
    max_moves: int = 5_000,
    illegal_sample: int = 6,
    json_every: int = 1,
    report: Report | None = None,
    flags: dict | None = None,
    stop_after: int | None = None,
) -> Any:
    """Play one random game of ``module`` (with ``flags``) and check every promise; returns the final state.
    ``stop_after``: random play stops after that many moves without failing, for a game that random play
    may never finish (the checks on the end of a game are then skipped for that game)."""
    report = report if report is not None else Report()
    rng = random.Random(f"conformance/{seed}")
    flags = flags or {}
    state = module.new_game(players, seed=seed, **flags)
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
        if stop_after is not None and ply >= stop_after:
            break
        if ply >= max_moves:
            fail(ply, f"the game has not ended after {max_moves} moves")
        if state.current_player is None:
            fail(ply, "current_player is None while the game is not over")
        for move in moves:
            refusal = state.check(move)
            if refusal is not None:
                fail(ply, f"offered move {move} is refused by check: {refusal}")
        _check_refusals(state, moves, module, rng, illegal_sample, report, lambda m, ply=ply: fail(ply, m))
        _check_events(state, lambda m, ply=ply: fail(ply, m))
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
    again = Match(module.new_game(players, seed=seed, **flags))
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
