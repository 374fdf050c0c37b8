"""Speed of the lessons' simulations: random lots per second (numpy and pure Python), and the time of a
value-to-seat estimate with 2,000 simulated day ends (what the advice panel waits for).

Prints figures; asserts nothing. Each figure is the best of several rounds (the machine may be busy).
Targets: at least 10 million lots per second vectorised; a value-to-seat estimate in under 1 s.
Usage: python benchmarks/lessons.py [--lots N] [--rounds R] [--samples S]
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import time

from boardgames import medici
from boardgames.lessons.medici import determinized_decks, lot_worth, sample_lots, sample_lots_python, simulate_day_ends


def best_time(rounds: int, job, *args, **kwargs) -> float:
    """The shortest of ``rounds`` timings of ``job(*args, **kwargs)``, in seconds."""
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        job(*args, **kwargs)
        times.append(time.perf_counter() - start)
    return min(times)


def midday(players: int, seed: int) -> medici.State:
    """A position a third of the way through day 1 of a random game, with a lot up for auction."""
    rng = random.Random(seed)
    state = medici.new_game(players, seed=seed)
    start = len(state.deck)
    while len(state.deck) > start * 2 // 3 or state.step != "bid":
        state = state.play(rng.choice(state.legal_moves()))
    return dataclasses.replace(state, money=(60,) * players)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lots", type=int, default=4_000_000, help="lots per round, vectorised")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--samples", type=int, default=2000, help="simulated day ends per estimate")
    args = parser.parse_args()

    print(f"Random lots from the 36-card deck: best of {args.rounds} rounds")
    print(f"{'cards':>5} {'numpy lots/s':>14} {'Python lots/s':>14} {'speed-up':>9}")
    for k in (1, 2, 3, 5):
        fast = args.lots / best_time(args.rounds, sample_lots, k, args.lots, rng=k)
        few = args.lots // 20
        slow = few / best_time(max(1, args.rounds // 2), sample_lots_python, k, few, rng=k)
        print(f"{k:>5} {fast:>14,.0f} {slow:>14,.0f} {fast / slow:>8.0f}x")

    print(f"\nValue of the lot on the table to a seat, {args.samples} simulated day ends: best of {args.rounds}")
    print(f"{'players':>7} {'estimate s':>11} {'determinize s':>14} {'simulate s':>11} {'day ends/s':>11}  worth")
    for players in (2, 3, 4, 6):
        state = midday(players, seed=players)
        seat = state.current_player
        total = best_time(args.rounds, lot_worth, state, seat, samples=args.samples)
        deal = best_time(args.rounds, determinized_decks, state, seat, args.samples)
        decks = determinized_decks(state, seat, args.samples)
        play = best_time(args.rounds, simulate_day_ends, state, decks)
        worth = lot_worth(state, seat, samples=args.samples)
        print(f"{players:>7} {total:>11.3f} {deal:>14.3f} {play:>11.4f} {args.samples / play:>11,.0f}  {worth}")


if __name__ == "__main__":
    main()
