"""The Voyages of Marco Polo's figures: random-playout speed and moves per game for 2, 3 and 4 players, the time
of ``legal_moves()`` over whole games (median and maximum), the ExpertBot's and the search bot's time per move,
and the ExpertBot's win rates against random players and against the search bot (``MonteCarloBot`` at its
default strength), by player count.

Prints figures; asserts nothing. Times are CPU times (the machine may be busy); playout rates are the best of
several rounds. Usage: python benchmarks/marcopolo.py [--games N] [--rounds R] [--bot-games G] [--search-games S]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from boardgames import marcopolo
from boardgames.bots import MonteCarloBot, RandomBot

clock = time.process_time


def playout_rate(players: int, games: int, seed: int) -> tuple[float, float]:
    """(games per second, moves per game) of ``games`` random games."""
    rng = random.Random(seed)
    moves = 0
    start = clock()
    for g in range(games):
        state = marcopolo.new_game(players, seed=seed * 100_000 + g)
        while not state.is_over:
            state = state.play(rng.choice(state.legal_moves()))
            moves += 1
    return games / (clock() - start), moves / games


def legal_moves_times(players: int, games: int) -> list[float]:
    """The time of a first ``legal_moves()`` call in every position of ``games`` random games (fresh states, so
    nothing is remembered)."""
    times = []
    for g in range(games):
        state = marcopolo.new_game(players, seed=70_000 + g)
        rng = random.Random(g)
        while not state.is_over:
            fresh = state.redrawn()
            t = clock()
            moves = fresh.legal_moves()
            times.append(clock() - t)
            state = state.play(rng.choice(moves))
    return times


def match(players: int, games: int, rival: str) -> tuple[float, float, float]:
    """(ExpertBot's share of wins, its slowest move, the rivals' slowest move) with one ExpertBot against
    ``rival`` bots, seats rotating; a shared win counts 1/k."""
    wins, slowest, rivals = 0.0, 0.0, 0.0
    for g in range(games):
        hero = g % players
        bots = [marcopolo.ExpertBot(g) if s == hero else
                (RandomBot(10 * g + s) if rival == "random" else MonteCarloBot(seed=10 * g + s))
                for s in range(players)]
        state = marcopolo.new_game(players, seed=30_000 + g)
        while not state.is_over:
            t = clock()
            move = bots[state.current_player].choose(state)
            took = clock() - t
            if state.current_player == hero:
                slowest = max(slowest, took)
            else:
                rivals = max(rivals, took)
            state = state.play(move)
        winners = state.winners()
        wins += 1 / len(winners) if hero in winners else 0.0
    return wins / games, slowest, rivals


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="random games per round")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--timing-games", type=int, default=5, help="games whose every position times legal_moves")
    parser.add_argument("--bot-games", type=int, default=30, help="games per match against random players")
    parser.add_argument("--search-games", type=int, default=4, help="games per match against the search bot")
    args = parser.parse_args()
    print(f"Random playouts: best of {args.rounds} rounds of {args.games} games (CPU time)")
    print(f"{'players':>7} {'games/s':>8} {'moves/game':>10}")
    for players in (2, 3, 4):
        rate, per_game = max(playout_rate(players, args.games, r) for r in range(args.rounds))
        print(f"{players:>7} {rate:>8.0f} {per_game:>10.1f}")
    print(f"\nlegal_moves() in every position of {args.timing_games} random games:")
    for players in (2, 3, 4):
        times = legal_moves_times(players, args.timing_games)
        print(f"  {players} players: median {statistics.median(times) * 1000:.2f} ms, max {max(times) * 1000:.2f} ms "
              f"({len(times)} positions)")
    print(f"\nExpertBot against {args.bot_games} games of random players, seats rotating:")
    for players in (2, 3, 4):
        rate, slowest, _ = match(players, args.bot_games, "random")
        print(f"  {players} players: wins {rate:.0%}, slowest move {slowest * 1000:.0f} ms")
    print(f"\nExpertBot against the search bot (MonteCarloBot, 200 playouts), {args.search_games} games each:")
    for players in (2, 3, 4):
        rate, slowest, rivals = match(players, args.search_games, "search")
        print(f"  {players} players: wins {rate:.0%}, slowest move {slowest * 1000:.0f} ms, the search bot's "
              f"slowest {rivals:.2f} s")


if __name__ == "__main__":
    main()
