"""How fast a puzzle answer is judged, per game, and (``--mine``) how long mining the whole stored set takes.

    python benchmarks/puzzles.py            # judging: the best move, the second, and another legal move per puzzle
    python benchmarks/puzzles.py --mine     # the mining of every game's set, timed (the stored data is not changed;
                                            # it says whether the same puzzles were found)

Judging re-weighs the puzzle in its worlds (``boardgames.review.AgainstTheBest``, in the game's ``worlds``) for any move
but the stored best; a move's cost is kept once worked out, so each answer is timed on a fresh start (the kept costs
cleared). Prints, per game, the median, 95th percentile and maximum on the clock and the largest processor time (ms);
the issue's target is 1 s at the 95th percentile. Asserts nothing: tests/test_puzzles.py checks the answers.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from boardgames import puzzles as P  # noqa: E402
from boardgames.puzzles import THEMES, judge, puzzles  # noqa: E402
from boardgames.puzzles.mine import TARGET, mine  # noqa: E402

LIMIT = 1000.0  # ms at the 95th percentile, the target


def figures(times: list[float], cpu: list[float]) -> str:
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return f"{statistics.median(ordered):8.1f} {p95:8.1f} {ordered[-1]:8.1f} {max(cpu):8.1f}"


def judging(games: list[str]) -> None:
    print("judging a puzzle answer (ms): the best, the second and one other legal move of every stored puzzle")
    print(f"{'game':<11}{'answers':>8}{'p50':>9}{'p95':>9}{'max':>9}{'cpu max':>9}")
    for game in games:
        rng = random.Random(game)
        times, cpu = [], []
        for p in puzzles(game):
            others = [m for m in p.state.legal_moves() if m not in (p.best, p.second)]
            for move in (p.best, p.second, *([rng.choice(others)] if others else [])):
                P._JUDGES.clear()
                start, thread = time.perf_counter(), time.thread_time()
                judge(p, move)
                times.append((time.perf_counter() - start) * 1000)
                cpu.append((time.thread_time() - thread) * 1000)
        print(f"{game:<11}{len(times):>8}{figures(times, cpu)}", flush=True)
    print(f"target: p95 <= {LIMIT:.0f} ms")


def mining(games: list[str], target: int) -> None:
    print(f"mining {target} puzzles per game (CPU seconds; the stored data is not changed)")
    total = 0.0
    for game in games:
        start = time.perf_counter()
        found = mine(game, target)
        total += found.seconds
        themes = ", ".join(f"{t} {sum(p.theme == t for p in found.puzzles)}" for t in THEMES[game])
        same = [(p.id, p.theme, str(p.best), p.gap) for p in found.puzzles] == \
            [(p.id, p.theme, str(p.best), p.gap) for p in puzzles(game)]
        print(f"{game:<11}{len(found.puzzles):>4} puzzles  {found.games:>3} games  {found.looked:>5} positions  "
              f"{found.seconds:7.1f} s CPU  {time.perf_counter() - start:7.1f} s clock  "
              f"{'the stored set' if same else 'NOT the stored set'}   {themes}", flush=True)
    print(f"all games: {total:.1f} s CPU")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--mine", action="store_true", help="time the mining of the whole set instead")
    parser.add_argument("--game", choices=list(THEMES), help="one game only")
    parser.add_argument("--target", type=int, default=TARGET, help="puzzles per game when mining")
    args = parser.parse_args()
    games = [args.game] if args.game else list(THEMES)
    if args.mine:
        mining(games, args.target)
    else:
        judging(games)


if __name__ == "__main__":
    main()
