"""Random-playout speed of each game: complete games and moves per second with uniformly random legal moves.

Prints figures; asserts nothing. Each figure is the best of several rounds (the machine may be busy).
Usage: python benchmarks/playouts.py [--games N] [--rounds R] [--players 2 3 4 5 6]
"""

from __future__ import annotations

import argparse
import random
import time
from types import ModuleType

from boardgames import medici


def playout_rate(game: ModuleType, players: int, games: int, seed: int = 0) -> tuple[float, float, float]:
    """(games per second, moves per second, moves per game) for ``games`` random games of ``game``."""
    rng = random.Random(seed)
    choice = rng.choice
    moves = 0
    start = time.perf_counter()
    for g in range(games):
        state = game.new_game(players, seed=seed * 100_000 + g)
        while not state.is_over:
            state = state.play(choice(state.legal_moves()))
            moves += 1
    elapsed = time.perf_counter() - start
    return games / elapsed, moves / elapsed, moves / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games per round")
    parser.add_argument("--rounds", type=int, default=5, help="rounds per player count (best is shown)")
    parser.add_argument("--players", type=int, nargs="*", default=[2, 3, 4, 5, 6])
    args = parser.parse_args()
    print(f"Medici random playouts: best of {args.rounds} rounds of {args.games} games")
    print(f"{'players':>7} {'games/s':>9} {'moves/s':>9} {'moves/game':>10}")
    for players in args.players:
        best = max((playout_rate(medici, players, args.games, seed=r) for r in range(args.rounds)), key=lambda x: x[0])
        print(f"{players:>7} {best[0]:>9.0f} {best[1]:>9.0f} {best[2]:>10.1f}")


if __name__ == "__main__":
    main()
