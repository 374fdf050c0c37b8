"""Hint latency: the time ``boardgames.hints.suggest`` takes per position, for every game, and the Metropolis
search bot's time per move.

For each game, 20 positions from real games: the expert bots play two seeded games (3 and 4 players) and 10
positions are taken from each at plies spread over the whole game, each with at least two legal moves for the
seat to move. Prints the median, p95 and maximum of ``suggest`` (target: p95 within 1 s), then the time per move
of ``make_bot("metropolis", "search")`` on the Metropolis positions (mean and p95), and with ``--playouts N`` the
same for a search bot of N playouts (200 was the default before Metropolis got its own setting).
Asserts nothing. Run it on a quiet machine: ``nice python benchmarks/hints.py``.
Usage: python benchmarks/hints.py [--positions N] [--seconds S] [--playouts N]
"""

from __future__ import annotations

import argparse
import math
import statistics
import time

import boardgames
from boardgames.bots import MonteCarloBot, make_bot
from boardgames.hints import suggest


def positions(game: str, count: int, seed: int = 1) -> list:
    """``count`` positions of ``game`` from expert games of 3 and 4 players, at plies spread over each game, each
    with at least two legal moves for the seat to move."""
    module = boardgames.GAMES[game]
    found = []
    games = (3, 4)
    for k, players in enumerate(games):
        state = module.new_game(players, seed=seed + k)
        bots = [make_bot(game, "expert", seed=10 * (seed + k) + s) for s in range(players)]
        choices = []
        while not state.is_over:
            if len(state.legal_moves()) >= 2:
                choices.append(state)
            state = state.play(bots[state.current_player].choose(state))
        want = count // len(games) + (k < count % len(games))
        found += [choices[round(i * (len(choices) - 1) / max(1, want - 1))] for i in range(want)]
    return found


def quantile(xs: list[float], q: float) -> float:
    """The ``q`` quantile of ``xs`` (nearest rank)."""
    xs = sorted(xs)
    return xs[min(len(xs) - 1, max(0, math.ceil(q * len(xs)) - 1))]


def timed(call, states: list) -> list[float]:
    """Seconds ``call(state)`` took for each of ``states``."""
    out = []
    for state in states:
        start = time.perf_counter()
        call(state)
        out.append(time.perf_counter() - start)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=0.8, help="the hint's budget")
    parser.add_argument("--playouts", type=int, default=0, help="also time a search bot of this many playouts")
    args = parser.parse_args()
    print(f"suggest(state, seconds={args.seconds}) per position, {args.positions} positions a game:")
    found = {}
    for game in sorted(boardgames.GAMES):
        states = found[game] = positions(game, args.positions)
        suggest(states[0], args.seconds)  # the first call pays for what is computed once
        times = timed(lambda s: suggest(s, args.seconds), states)
        print(f"  {game:11} median {statistics.median(times):6.3f} s   p95 {quantile(times, 0.95):6.3f} s   "
              f"max {max(times):6.3f} s")
    states = found["metropolis"]
    bots = [("make_bot('metropolis', 'search')", lambda seed: make_bot("metropolis", "search", seed=seed))]
    if args.playouts:
        bots.append((f"MonteCarloBot({args.playouts})", lambda seed: MonteCarloBot(args.playouts, seed=seed)))
    print("Metropolis search bot, seconds per move on the same positions:")
    for name, build in bots:
        times = timed(lambda s, build=build: build(len(s.legal_moves())).choose(s), states)
        print(f"  {name:34} mean {statistics.mean(times):6.3f} s   p95 {quantile(times, 0.95):6.3f} s   "
              f"max {max(times):6.3f} s")


if __name__ == "__main__":
    main()
