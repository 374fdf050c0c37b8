"""Medina's figures: random-playout speed, legal-placement generation time on mid-game boards, and the ExpertBot's
win rates against RandomBot.

Prints figures; asserts nothing. Playout rates are the best of several rounds (the machine may be busy).
Placement times are measured on fresh copies of mid-game positions (no derived facts cached), as the dashboard
meets them after every move: the squares where the player to move may put each kind of piece.
Usage: python benchmarks/medina.py [--games N] [--rounds R] [--boards B] [--bot-games G]
"""

from __future__ import annotations

import argparse
import dataclasses
import statistics
import time

from playouts import playout_rate

from boardgames import medina
from boardgames.bots import RandomBot


def mid_game_boards(count: int) -> list:
    """Positions after 50 to 80 random placements (a third to a half of the pieces), 3 and 4 players alternately."""
    boards = []
    for g in range(count):
        state = medina.new_game(3 + g % 2, seed=g)
        bot = RandomBot(g)
        for _ in range(50 + 10 * (g % 4)):
            if state.is_over:
                break
            state = state.play(bot.choose(state))
        if not state.is_over:
            boards.append(state)
    return boards


KINDS = [("building", c) for c in medina.COLOURS] + [(p, None) for p in ("roof", "stable", "merchant", "wall")]


def placement_times(boards: list, repeats: int = 20) -> dict:
    """Per piece kind: the times (seconds) of ``legal_squares`` on fresh copies of ``boards`` where the player to
    move has that piece; and the same for the whole ``legal_moves()``."""
    times: dict = {f"{c} building" if c else p: [] for p, c in KINDS}
    times["all (legal_moves)"] = []
    for state in boards:
        seat = state.current_player
        supply = state.supply(seat)
        for piece, colour in KINDS:
            left = supply["building"][colour] if colour else supply[piece]
            if not left:
                continue
            key = f"{colour} building" if colour else piece
            for _ in range(repeats):
                fresh = dataclasses.replace(state)
                t = time.perf_counter()
                fresh.legal_squares(piece, colour)
                times[key].append(time.perf_counter() - t)
        for _ in range(repeats):
            fresh = dataclasses.replace(state)
            t = time.perf_counter()
            fresh.legal_moves()
            times["all (legal_moves)"].append(time.perf_counter() - t)
    return times


def win_rate(players: int, games: int) -> tuple[float, float, float]:
    """(ExpertBot's share of wins, average lead over the best random player, seconds per game); one ExpertBot
    against ``players - 1`` RandomBots, seats rotating. A shared win counts 1/k."""
    wins = lead = 0.0
    start = time.perf_counter()
    for g in range(games):
        hero = g % players
        bots = [medina.ExpertBot(g) if s == hero else RandomBot(10 * g + s) for s in range(players)]
        state = medina.new_game(players, seed=20_000 + g)
        while not state.is_over:
            state = state.play(bots[state.current_player].choose(state))
        winners = state.winners()
        wins += 1 / len(winners) if hero in winners else 0.0
        scores = state.scores()
        lead += scores[hero] - max(x for s, x in enumerate(scores) if s != hero)
    return wins / games, lead / games, (time.perf_counter() - start) / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="random playouts per round")
    parser.add_argument("--rounds", type=int, default=3, help="rounds per player count (best is shown)")
    parser.add_argument("--boards", type=int, default=40, help="mid-game boards for the placement timings")
    parser.add_argument("--bot-games", type=int, default=200, help="games per player count for the win rates")
    args = parser.parse_args()

    print(f"Medina random playouts: best of {args.rounds} rounds of {args.games} games")
    print(f"{'players':>7} {'games/s':>9} {'moves/s':>9} {'moves/game':>10}")
    for players in (3, 4):
        best = max((playout_rate(medina, players, args.games, seed=r) for r in range(args.rounds)), key=lambda x: x[0])
        print(f"{players:>7} {best[0]:>9.1f} {best[1]:>9.0f} {best[2]:>10.1f}")

    boards = mid_game_boards(args.boards)
    print(f"\nLegal placements on {len(boards)} mid-game boards (50-80 placements made), fresh state each time, in ms")
    print(f"{'piece':>18} {'median':>8} {'p95':>8} {'max':>8} {'samples':>8}")
    for key, ts in placement_times(boards).items():
        if not ts:
            continue
        ts.sort()
        p95 = ts[min(len(ts) - 1, int(0.95 * len(ts)))]
        print(f"{key:>18} {1000 * statistics.median(ts):>8.3f} {1000 * p95:>8.3f} {1000 * ts[-1]:>8.3f} {len(ts):>8}")

    print(f"\nExpertBot against RandomBots ({args.bot_games} games per player count, seats rotating)")
    for players in (3, 4):
        rate, lead, per_game = win_rate(players, args.bot_games)
        print(f"  {players} players: ExpertBot wins {rate:6.1%} (chance {1 / players:.0%}), "
              f"leads the best random player by {lead:+.1f} points on average, {per_game:.2f} s per game")


if __name__ == "__main__":
    main()
