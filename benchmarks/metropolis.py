"""Foundations of Metropolis's figures: random-playout speed (with and without the deed draft), the time of
``legal_moves()`` and of ``legal_builds`` for every tile on mid-game 4-player boards, the ExpertBot's time per
move, and its win rates against random players and against the search bot.

Prints figures; asserts nothing. Playout rates are the best of several rounds (the machine may be busy).
Usage: python benchmarks/metropolis.py [--games N] [--rounds R] [--boards B] [--bot-games G]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from boardgames import metropolis
from boardgames.bots import RandomBot, make_bot


def playout_rate(players: int, games: int, seed: int, draft: bool) -> tuple[float, float]:
    """(games per second, moves per game) of ``games`` random games."""
    rng = random.Random(seed)
    moves = 0
    start = time.perf_counter()
    for g in range(games):
        state = metropolis.new_game(players, seed=seed * 100_000 + g, deed_draft=draft)
        while not state.is_over:
            state = state.play(rng.choice(state.legal_moves()))
            moves += 1
    return games / (time.perf_counter() - start), moves / games


def mid_game_boards(count: int) -> list:
    """4-player positions in Year 2, after 60 to 90 random moves."""
    boards = []
    for g in range(count):
        state = metropolis.new_game(4, seed=g)
        rng = random.Random(g)
        for _ in range(60 + 10 * (g % 4)):
            state = state.play(rng.choice(state.legal_moves()))
        if not state.is_over:
            boards.append(state)
    return boards


def timed(fn, repeats: int = 10) -> float:
    best = float("inf")
    for _ in range(repeats):
        t = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t)
    return best


def win_rate(players: int, games: int, rival: str) -> tuple[float, float]:
    """(ExpertBot's share of wins, its slowest move in seconds): one ExpertBot against ``rival`` bots."""
    wins, slowest = 0.0, 0.0
    for g in range(games):
        hero = g % players
        bots = [metropolis.ExpertBot(g) if s == hero else
                (RandomBot(10 * g + s) if rival == "random" else make_bot("metropolis", rival, seed=10 * g + s))
                for s in range(players)]
        state = metropolis.new_game(players, seed=30_000 + g)
        while not state.is_over:
            t = time.perf_counter()
            move = bots[state.current_player].choose(state)
            if state.current_player == hero:
                slowest = max(slowest, time.perf_counter() - t)
            state = state.play(move)
        winners = state.winners()
        wins += 1 / len(winners) if hero in winners else 0.0
    return wins / games, slowest


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="random games per round")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--boards", type=int, default=20, help="mid-game boards for the move-generation times")
    parser.add_argument("--bot-games", type=int, default=30, help="games per bot match")
    args = parser.parse_args()
    print(f"Random playouts: best of {args.rounds} rounds of {args.games} games")
    print(f"{'players':>7} {'draft':>6} {'games/s':>8} {'moves/game':>10}")
    for players in (2, 3, 4):
        for draft in (False, True):
            rate, per_game = max(playout_rate(players, args.games, r, draft) for r in range(args.rounds))
            print(f"{players:>7} {'yes' if draft else 'no':>6} {rate:>8.0f} {per_game:>10.1f}")
    boards = mid_game_boards(args.boards)
    moves = [timed(lambda s=s: s.legal_moves()) for s in boards]
    builds = [timed(lambda s=s: [s.legal_builds(t) for t in metropolis.TILES]) for s in boards]
    print(f"\nMid-game 4-player boards ({len(boards)}), best of 10 calls each:")
    print(f"  legal_moves():             median {statistics.median(moves) * 1000:.2f} ms, "
          f"max {max(moves) * 1000:.2f} ms")
    print(f"  legal_builds, every tile:  median {statistics.median(builds) * 1000:.2f} ms, "
          f"max {max(builds) * 1000:.2f} ms")
    print(f"  legal moves per position:  median {statistics.median(len(s.legal_moves()) for s in boards):.0f}")
    print(f"\nExpertBot, {args.bot_games} games per line, seats rotating (a shared win counts 1/k):")
    for players in (2, 3, 4):
        rate, slowest = win_rate(players, args.bot_games, "random")
        print(f"  vs {players - 1} random: wins {rate:.0%}, slowest move {slowest * 1000:.0f} ms")
    rate, slowest = win_rate(2, max(4, args.bot_games // 6), "search")
    print(f"  vs 1 search bot (2 players): wins {rate:.0%}, slowest move {slowest * 1000:.0f} ms")


if __name__ == "__main__":
    main()
