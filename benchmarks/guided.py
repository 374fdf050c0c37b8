"""Your first game (``boardgames.guided``): what each game's script costs and how long it is for the learner.

For each game, the whole script worked out afresh (as a new process does the first time): the time of the whole
script, of a guide's step (the expert's judgement in a world determinized for the learner: median, p95, max;
target ≲ 1 s) and of a bot's move (median, p95, max); then the learner's steps (``learner_steps``), the moves of each
kind, and the clicks they take in the game's controls (``widgets/games/<game>/controls.py``: an estimate, counted
below per kind of move), with the minutes at 8 to 15 seconds a step (reading the guide, then clicking; target
10-15 minutes). Then a step asked again (cached: free). Asserts nothing.
Usage: python benchmarks/guided.py [game ...]
"""

from __future__ import annotations

import math
import statistics
import sys
import time
from collections import Counter
from typing import Any

import boardgames.guided as guided

STEP_SECONDS = (8.0, 15.0)  # reading the guide's one or two sentences, finding the move on the board, clicking


def quantile(xs: list[float], q: float) -> float:
    """The ``q`` quantile of ``xs`` (nearest rank)."""
    xs = sorted(xs)
    return xs[min(len(xs) - 1, max(0, math.ceil(q * len(xs)) - 1))]


def clicks(state: Any, move: Any, previous: Any) -> int:
    """The clicks ``move`` takes in the game's controls at ``state`` (``previous``: the learner's move before)."""
    kind = type(move).__name__
    game = state.GAME
    if game == "medici":
        if kind != "Bid":
            return 1  # Reveal a card, Open the auction, Pass, a ship's button
        lowest = min(m.amount for m in state.legal_moves() if type(m).__name__ == "Bid")
        return 1 if move.amount == lowest else 2  # "Bid the minimum", or the amount chosen then Bid
    if game == "medina":
        usable = {(m.piece, m.colour) for m in state.legal_moves()}
        same = previous is not None and (previous.piece, previous.colour) == (move.piece, move.colour)
        return 1 if same or len(usable) == 1 else 2  # the piece (kept while usable), then the square
    if game == "metropolis":
        if kind != "Build":
            return 1  # Income, a deed on the board, a deed of the hand
        footprints = [m for m in state.legal_moves() if type(m).__name__ == "Build" and m.tile == move.tile]
        if len(footprints) <= 12:
            return 2  # the tile, then its footprint's button
        left, cells = footprints, 0
        for cell in move.cells:  # each click on a cell keeps the footprints through it
            cells += 1
            left = [m for m in left if cell in m.cells]
            if len(left) <= 12:
                return 1 + cells + (len(left) > 1)
        return 1 + cells
    if kind in ("EndTurn", "Choose", "Fulfil", "BuyBlackDie"):
        return 1
    dice = getattr(move, "dice", None) or (getattr(move, "die", None),)
    if kind in ("Reroll", "Adjust", "CoinBag"):
        return 2  # the die, then the button
    return len(dice) + 2  # the dice, the space (or the place on the map), the move's button


def measure(game: str) -> None:
    guided.forget(game)
    start = time.perf_counter()
    script = guided.script(game)
    step_times: list[float] = []
    bot_times: list[float] = []
    k = 0
    while not script.position(k).is_over:
        t = time.perf_counter()
        ply = script.ply(k)
        (step_times if ply.step is not None else bot_times).append(time.perf_counter() - t)
        k += 1
    whole = time.perf_counter() - start
    steps = [script.ply(i) for i in range(k) if script.ply(i).step is not None]
    kinds = Counter(type(p.move).__name__ for p in steps)
    total_clicks = 0
    previous = None
    for p in steps:
        total_clicks += clicks(p.before, p.move, previous)
        previous = p.move
    t = time.perf_counter()
    guide = guided.FirstGame(game)
    guide.step()
    again = time.perf_counter() - t
    end = script.position(k)
    setup = guided.FIRST_GAMES[game]
    print(f"{game}: {setup.players} players, seed {setup.seed}, bots {setup.level}; {k} moves in all, "
          f"{len(steps)} learner steps ({guided.learner_steps(game)}), about {total_clicks} clicks, "
          f"{len(steps) * STEP_SECONDS[0] / 60:.0f}-{len(steps) * STEP_SECONDS[1] / 60:.0f} min at "
          f"{STEP_SECONDS[0]:.0f}-{STEP_SECONDS[1]:.0f} s a step; "
          f"final scores {end.scores()}, winners {[end.names[w] for w in end.winners()]}")
    print(f"  whole script worked out in {whole:.2f} s; a guide's step median {statistics.median(step_times):.3f} s, "
          f"p95 {quantile(step_times, 0.95):.3f} s, max {max(step_times):.3f} s; a bot's move median "
          f"{statistics.median(bot_times):.3f} s, p95 {quantile(bot_times, 0.95):.3f} s, max {max(bot_times):.3f} s; "
          f"a new FirstGame's first step (cached) {again * 1000:.2f} ms")
    print("  learner steps by kind: " + ", ".join(f"{n} {kind}" for kind, n in kinds.most_common()))


def main(games: list[str]) -> None:
    for game in games or sorted(guided.FIRST_GAMES):
        measure(game)


if __name__ == "__main__":
    main(sys.argv[1:])
