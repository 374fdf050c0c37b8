"""Bot strength: win rates of Medici's ExpertBot against RandomBot and the generic MonteCarloBot.

Prints figures; asserts nothing. A shared win counts as 1/k of a win for each of the k winners.
Seats rotate so that every bot sits in every seat equally often.
Usage: python benchmarks/bots.py [--games N] [--playouts P]
"""

from __future__ import annotations

import argparse
import time

from boardgames import medici
from boardgames.bots import MonteCarloBot, RandomBot


def play(bots: list, seed: int, players: int) -> tuple[float, ...]:
    """One game; returns each bot's share of the win."""
    state = medici.new_game(players, seed=seed)
    while not state.is_over:
        state = state.play(bots[state.current_player].choose(state))
    winners = state.winners()
    return tuple(1 / len(winners) if seat in winners else 0.0 for seat in range(players))


def tournament(make_hero, make_other, players: int, games: int) -> tuple[float, float]:
    """(hero's win rate, expected rate by chance) with one hero against ``players - 1`` others."""
    wins = 0.0
    for g in range(games):
        hero_seat = g % players
        bots = [make_hero(g) if s == hero_seat else make_other(g * 10 + s) for s in range(players)]
        wins += play(bots, seed=10_000 + g, players=players)[hero_seat]
    return wins / games, 1 / players


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--search-games", type=int, default=60)
    parser.add_argument("--playouts", type=int, default=200)
    args = parser.parse_args()
    print("Medici bot win rates (one hero against the others; chance = 1/players)")
    for players in (2, 3, 4, 6):
        start = time.perf_counter()
        rate, chance = tournament(lambda s: medici.ExpertBot(s), lambda s: RandomBot(s), players, args.games)
        print(f"  ExpertBot vs {players - 1} RandomBot:      {rate:6.1%}  (chance {chance:.0%}, "
              f"{args.games} games, {time.perf_counter() - start:.0f} s)")
    for players in (3, 4):
        start = time.perf_counter()
        rate, chance = tournament(
            lambda s: medici.ExpertBot(s), lambda s: MonteCarloBot(args.playouts, seed=s), players, args.search_games
        )
        print(f"  ExpertBot vs {players - 1} MonteCarloBot({args.playouts}): {rate:6.1%}  (chance {chance:.0%}, "
              f"{args.search_games} games, {time.perf_counter() - start:.0f} s)")
        start = time.perf_counter()
        rate, chance = tournament(
            lambda s: MonteCarloBot(args.playouts, seed=s), lambda s: RandomBot(s), players, args.search_games
        )
        print(f"  MonteCarloBot({args.playouts}) vs {players - 1} RandomBot: {rate:6.1%}  (chance {chance:.0%}, "
              f"{args.search_games} games, {time.perf_counter() - start:.0f} s)")


if __name__ == "__main__":
    main()
