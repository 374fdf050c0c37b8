"""Games for the review's tests: the last stretch of a seeded game (as a save near the end would hold it) in which
seat 0 makes one deliberate blunder, or stops just before a bad move of seat 0 for the browser to play."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from functools import cache
from typing import Any

from boardgames import GAMES, Match
from boardgames.core.teaching import teaching_of
from boardgames.review import Decision, judge_decision

CANDIDATES = 12  # the legal moves weighed for the planted blunder (the position's first ones and a random few)


def worst_move(state, ply: int) -> tuple[object, float]:
    """The legal move of some weighed at ``state`` that costs its seat the most, as the review judges it, and that
    cost."""
    legal = state.legal_moves()
    rng = random.Random(ply)
    weighed = {str(m): m for m in legal[:CANDIDATES // 2] + rng.sample(legal, min(len(legal), CANDIDATES // 2))}
    worlds = teaching_of(state.GAME).worlds
    costs = [(judge_decision(state, m, ply, worlds).cost, k, m) for k, m in enumerate(weighed.values())]
    cost, _, move = max(costs, key=lambda c: (c[0], -c[1]))
    return move, cost


def random_game(game: str, seed: int, players: int) -> tuple[list, random.Random]:
    """Every position of a game dealt from ``seed`` and played by seeded random moves to its end, and the random
    source that chose them (to go on choosing with)."""
    state = GAMES[game].new_game(players, seed=seed)
    rng = random.Random(seed)
    states = [state]
    while not state.is_over:
        state = state.play(rng.choice(state.legal_moves()))
        states.append(state)
    return states, rng


def late_game_with_blunder(game: str, seed: int, players: int = 2, tail: int = 30) -> tuple[Match, int, int]:
    """A seeded game of random moves, its last ``tail`` positions or so as a match; in it seat 0's first decision
    where some move costs a blunder plays that move. Returns the match (a new one at each call), the planted
    blunder's ply in it and the moves played before the match's start."""
    start, moves, planted, before = _late_game_with_blunder(game, seed, players, tail)
    match = Match(start)
    for move in moves:
        match.play(move)
    return match, planted, before


@cache
def _late_game_with_blunder(game: str, seed: int, players: int, tail: int) -> tuple[Any, tuple, int, int]:
    """``late_game_with_blunder``'s game as its first position and its moves, weighed once in a test process (the
    expert's judgement of every candidate move is most of a review test's time)."""
    states, rng = random_game(game, seed, players)
    before = max(0, len(states) - tail)
    match = Match(states[before])
    blunder = teaching_of(game).thresholds[2]
    planted = None
    state, moves = match.state, []
    while not state.is_over:
        legal = state.legal_moves()
        move = rng.choice(legal)
        if planted is None and state.current_player == 0 and len(legal) > 1:
            worst, cost = worst_move(state, match.ply)
            if cost >= blunder:
                move, planted = worst, match.ply
        state = match.play(move)
        moves.append(move)
    if planted is None:
        raise ValueError(f"{game} from seed {seed}: seat 0 had no blunder to make")
    return states[before], tuple(moves), planted, before


def save_file(match: Match, seats: list[str], moves_before: int) -> str:
    """The document the app's "Save" would write for ``match``."""
    doc = json.loads(match.to_json())
    doc["seats"] = seats
    if moves_before:
        doc["moves_before"] = moves_before
    return json.dumps(doc)


def highest_bid(state) -> list:
    """Medici: the highest bid seat 0 may make (far above what a lot brings), if it may bid."""
    bids = [m for m in state.legal_moves() if type(m).__name__ == "Bid"]
    return [max(bids, key=lambda m: m.amount)] if bids else []


def coin_bags(state) -> list:
    """Marco Polo: the coin bag with each die (3 coins for a die that could do more)."""
    return [m for m in state.legal_moves() if type(m).__name__ == "CoinBag"]


BAD_MOVES = {"medici": highest_bid, "marcopolo": coin_bags}


def late_game_before_a_bad_move(game: str, seed: int, tried: Callable[[Any], bool], players: int = 2,
                                tail: int = 30) -> tuple[Match, Any, Decision, int]:
    """The last ``tail`` positions or so of a seeded game of random moves, stopped at seat 0's first decision where
    one of ``BAD_MOVES[game]`` is judged a mistake or a blunder and the expert's better move passes ``tried`` (a move
    the test can play on the controls): the match so far, that bad move, its judged decision and the moves played
    before the match's start."""
    states, rng = random_game(game, seed, players)
    before = max(0, len(states) - tail)
    match = Match(states[before])
    while not match.state.is_over:
        state = match.state
        legal = state.legal_moves()
        if state.current_player == 0 and len(legal) > 1:
            for move in BAD_MOVES[game](state):
                decision = judge_decision(state, move, match.ply, teaching_of(game).worlds)
                if decision.label in ("mistake", "blunder") and tried(decision.best):
                    return match, move, decision, before
        match.play(rng.choice(legal))
    raise ValueError(f"{game} from seed {seed}: seat 0 had no bad move to make")
