"""The Voyages of Marco Polo's ExpertBot, measured: its win rate as one expert against two search bots
(``make_bot("marcopolo", "search")``, a ``MonteCarloBot``) in 3-player games, seats rotating; how often it
reaches Beijing; the winning score when three experts play each other (mean and range); and its time per move
(mean and max, CPU time).

Every game deals the characters at random from its seed (``new_game(3, seed=..., characters=[None] * 3)``), so
all eight characters play. Prints figures; asserts nothing. A shared win counts 1/k for each of the k winners.

The expert before this one (the one-move ``outlook`` of ``boardgames/marcopolo/bot.py`` at the commit this script
was written against, before ``planning``), measured with these same functions and seeds on the same 2-core machine
(``OLD``): in 60 self-play games (seeds 40 000 to 40 059, ``self_play(g, expert=<that ExpertBot>)``) the winner
scored 50.3 on average (33 to 69), 38 % of the seats reached Beijing, and a move took 3.0 ms on average (232 ms at
most); against two search bots at the search level's own strength (``versus_search(g, None, <that ExpertBot>)``,
seeds 50 000 to 50 007: a game takes about 5 minutes of search) it won all 8 games, reached Beijing in 5 and scored
50.9 on average against the best search bot's 23.0.

Usage: python benchmarks/marcopolo_expert.py [--games N] [--self-games S] [--processes P] [--playouts K]
(``--playouts`` sets the search bots' playouts instead of the search level's own; 2 processes at most on the
2-core machine).
"""

from __future__ import annotations

import argparse
import statistics
import time
from multiprocessing import Pool

from boardgames import marcopolo
from boardgames.bots import make_bot

OLD = {"self-play winning score": (50.3, 33, 69), "self-play Beijing": 0.38, "search games": 8,
       "search wins": 1.0, "search Beijing": 5 / 8, "search score": 50.9}
PLAYERS = 3
SEARCH_SEEDS = 50_000
SELF_SEEDS = 40_000

clock = time.process_time


def play(bots: list, seed: int) -> tuple:
    """One game: (final state, per seat the CPU seconds of each of its decisions)."""
    state = marcopolo.new_game(PLAYERS, seed=seed, characters=[None] * PLAYERS)
    times: list[list[float]] = [[] for _ in range(PLAYERS)]
    while not state.is_over:
        seat = state.current_player
        start = clock()
        move = bots[seat].choose(state)
        times[seat].append(clock() - start)
        state = state.play(move)
    return state, times


def versus_search(g: int, playouts: int | None = None, expert: type = marcopolo.ExpertBot) -> dict:
    """Game ``g`` of one ``expert`` against two search bots, the expert in seat ``g % 3``."""
    hero = g % PLAYERS
    options = {} if playouts is None else {"playouts": playouts}
    bots = [expert(g) if s == hero else make_bot("marcopolo", "search", seed=10 * g + s, **options)
            for s in range(PLAYERS)]
    end, times = play(bots, SEARCH_SEEDS + g)
    winners = end.winners()
    return {"win": 1 / len(winners) if hero in winners else 0.0, "beijing": hero in end.beijing_spaces,
            "vp": end.vp[hero], "best other": max(v for s, v in enumerate(end.vp) if s != hero),
            "times": times[hero], "search times": [t for s in range(PLAYERS) if s != hero for t in times[s]],
            "character": end.chars[hero]}


def self_play(g: int, expert: type = marcopolo.ExpertBot) -> dict:
    """Game ``g`` of three experts."""
    end, times = play([expert(100 * g + s) for s in range(PLAYERS)], SELF_SEEDS + g)
    return {"top": max(end.vp), "scores": end.vp, "beijing": sum(s in end.beijing_spaces for s in range(PLAYERS)),
            "times": [t for seat in times for t in seat]}


def _versus(args: tuple) -> dict:
    return versus_search(*args)


def _self(g: int) -> dict:
    return self_play(g)


def spread(times: list[float]) -> str:
    return f"mean {statistics.mean(times) * 1000:.1f} ms, max {max(times) * 1000:.0f} ms over {len(times)} moves"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=60, help="games against two search bots")
    parser.add_argument("--self-games", type=int, default=60, help="self-play games of three experts")
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--playouts", type=int, default=None, help="the search bots' playouts (default: the level's)")
    args = parser.parse_args()
    with Pool(max(1, min(2, args.processes))) as pool:
        start = time.perf_counter()
        games = pool.map(_self, range(args.self_games), chunksize=1)
        tops = [r["top"] for r in games]
        old = OLD["self-play winning score"]
        print(f"Self-play, 3 experts, {len(games)} games ({time.perf_counter() - start:.0f} s):")
        print(f"  winning score: mean {statistics.mean(tops):.1f}, range {min(tops)} to {max(tops)} "
              f"(before: mean {old[0]}, range {old[1]} to {old[2]}; {statistics.mean(tops) / old[0] - 1:+.0%})")
        print(f"  seats reaching Beijing: {sum(r['beijing'] for r in games) / (PLAYERS * len(games)):.0%} "
              f"(before: {OLD['self-play Beijing']:.0%})")
        print(f"  time per move: {spread([t for r in games for t in r['times']])}")
        if args.games:
            start = time.perf_counter()
            label = "the search level" if args.playouts is None else f"{args.playouts} playouts"
            games = pool.map(_versus, [(g, args.playouts) for g in range(args.games)], chunksize=1)
            print(f"\nOne expert against two search bots ({label}), {len(games)} games, seats rotating "
                  f"({time.perf_counter() - start:.0f} s):")
            print(f"  expert wins {sum(r['win'] for r in games) / len(games):.0%} (before: "
                  f"{OLD['search wins']:.0%} of {OLD['search games']}); reaches Beijing in "
                  f"{sum(r['beijing'] for r in games) / len(games):.0%} (before: {OLD['search Beijing']:.0%})")
            print(f"  expert's score: mean {statistics.mean(r['vp'] for r in games):.1f}, best search bot's "
                  f"mean {statistics.mean(r['best other'] for r in games):.1f}")
            print(f"  expert's time per move: {spread([t for r in games for t in r['times']])}")
            print(f"  search bots' time per move: {spread([t for r in games for t in r['search times']])}")


if __name__ == "__main__":
    main()
