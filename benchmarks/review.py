"""How long a review of one seat takes, and the measurements behind the review's thresholds and worlds.

    python benchmarks/review.py                  # a whole 3-player expert game per game, reviewed for seat 0
    python benchmarks/review.py --learner        # the same with seat 0 playing random moves
    python benchmarks/review.py --thresholds     # the spread of costs in expert self-play, and label stability

The first prints, per game: the decisions, the worlds, the total time, the time per decision, and the longest
gap between two progress calls (the page's bar must move at least every 2 s; the target is 30 s a game). The second
prints, per game, over expert self-play games: the cost of the expert's own moves judged by the review (a good
player's ordinary losses), the median cost of the other moves the expert weighed (an arbitrary move), and, for 1,
2, 4 and 8 worlds, the share of decisions whose label differs between two runs with other seeds. docs/review.md
quotes these figures.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from boardgames import GAMES  # noqa: E402
from boardgames.bots import make_bot  # noqa: E402
from boardgames.core.teaching import teaching_of  # noqa: E402
from boardgames.review import EQUAL, label_for, pick_scale, review, weigh  # noqa: E402

ORDER = ("medici", "medina", "metropolis", "marcopolo")


def expert_game(game: str, seed: int, players: int = 3, learner: bool = False) -> tuple[list, list]:
    """The positions and moves of a whole game of ``players`` experts (with ``learner``, seat 0 plays random legal
    moves: a review full of moves the expert did not choose, the most work)."""
    state = GAMES[game].new_game(players, seed=seed)
    bots = [make_bot(game, "random" if learner and k == 0 else "expert", seed=seed * 10 + k) for k in range(players)]
    states, moves = [state], []
    while not state.is_over:
        move = bots[state.current_player].choose(state)
        state = state.play(move)
        moves.append(move)
        states.append(state)
    return states, moves


def timing(games: list[str], seed: int, learner: bool) -> None:
    print(f"seat 0 plays {'random moves' if learner else 'as an expert'}, seed {seed}")
    print(f"{'game':<11}{'decisions':>10}{'worlds':>7}{'total s':>9}{'s/decision':>11}{'max gap s':>10}")
    for game in games:
        states, moves = expert_game(game, seed, learner=learner)
        calls: list[float] = []

        def tick(done: int, total: int, calls: list[float] = calls) -> None:
            calls.append(time.perf_counter())

        start = time.perf_counter()
        result = review(states, moves, 0, progress=tick)
        end = time.perf_counter()
        marks = [start, *calls, end]
        gap = max(b - a for a, b in zip(marks, marks[1:]))
        n = len(result.decisions)
        print(f"{game:<11}{n:>10}{result.worlds:>7}{end - start:>9.1f}{(end - start) / max(n, 1):>11.3f}{gap:>10.2f}"
              f"   {result.counts()}")


def percentile(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))] if xs else float("nan")


def costs_in(game: str, state, judged: list, worlds: int) -> dict:
    """The cost of every move valued in each of the first ``worlds`` of ``judged``."""
    part = judged[:worlds]
    common = [m for m in part[0] if all(m in v for v in part[1:])]
    mean = {m: sum(v[m].value for v in part) / worlds for m in common}
    top = max(mean.values())
    scale = pick_scale(state)
    costs = {m: round((top - mean[m]) * scale, 2) for m in common}
    return {m: 0.0 if c < EQUAL else c for m, c in costs.items()}


def thresholds(games: list[str], seeds: int, most: dict[str, int], every: dict[str, int]) -> None:
    for game in games:
        own, others, second, worst, runs = [], [], [], [], {w: [] for w in (1, 2, 4, 8, 16, 32, 64) if w <= most[game]}
        started = time.perf_counter()
        for seed in range(seeds):
            states, moves = expert_game(game, 100 + seed)
            plies = [p for p in range(len(moves)) if states[p].current_player == 0
                     and len(states[p].legal_moves()) > 1][:: every[game]]
            for ply in plies:
                state, move = states[ply], moves[ply]
                both = [weigh(state, move, ply, most[game], salt=salt)[1] for salt in (0, 1)]
                for w in runs:  # every move weighed in both runs: would its label be the same?
                    a, b = (costs_in(game, state, judged, w) for judged in both)
                    runs[w] += [(a[m], b[m]) for m in a if m in b]
                costs = costs_in(game, state, both[0], teaching_of(game).worlds)
                own.append(costs[move])
                rest = [c for m, c in costs.items() if m != move]
                if rest:
                    others.append(statistics.median(rest))
                    second.append(min(rest))
                    worst.append(max(rest))
        took = time.perf_counter() - started
        print(f"\n{game}: {len(own)} decisions of seat 0 in {seeds} expert games, {took:.0f} s")
        worlds = teaching_of(game).worlds
        print(f"  the expert's own moves, cost at {worlds} worlds: median {percentile(own, 0.5):.2f}, "
              f"90th {percentile(own, 0.9):.2f}, 95th {percentile(own, 0.95):.2f}, 99th {percentile(own, 0.99):.2f}, "
              f"max {max(own):.2f}; share above 0: {sum(c > 0 for c in own) / len(own):.2f}")
        print(f"  an arbitrary move (median of the other moves weighed): 25th {percentile(others, 0.25):.2f}, "
              f"median {percentile(others, 0.5):.2f}, 75th {percentile(others, 0.75):.2f}")
        print(f"  the next best move weighed: median {percentile(second, 0.5):.2f}, "
              f"75th {percentile(second, 0.75):.2f}, 90th {percentile(second, 0.9):.2f}; "
              f"the worst move weighed: 25th {percentile(worst, 0.25):.2f}, median {percentile(worst, 0.5):.2f}")
        for w, pairs in runs.items():
            changed = sum(label_for(game, a) != label_for(game, b) for a, b in pairs)
            spread = statistics.mean(abs(a - b) for a, b in pairs)
            print(f"  {w} worlds: labels of the moves weighed that differ between two runs {changed}/{len(pairs)}, "
                  f"mean |cost difference| {spread:.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--thresholds", action="store_true", help="measure the costs and label stability")
    parser.add_argument("--games", nargs="*", default=list(ORDER))
    parser.add_argument("--learner", action="store_true", help="seat 0 plays random moves in the timed game")
    parser.add_argument("--seed", type=int, default=1, help="the benchmark game's seed")
    parser.add_argument("--seeds", type=int, default=4, help="expert games per game for --thresholds")
    parser.add_argument("--stability", type=int, default=16, help="the most worlds whose stability is measured")
    args = parser.parse_args()
    if args.thresholds:
        most = {game: max(teaching_of(game).worlds, min(args.stability, 2 if game == "medina" else args.stability))
                for game in ORDER}
        every = {"medici": 1, "medina": 1, "metropolis": 1, "marcopolo": 1}
        thresholds(args.games, args.seeds, most, every)
    else:
        timing(args.games, args.seed, args.learner)


if __name__ == "__main__":
    main()
