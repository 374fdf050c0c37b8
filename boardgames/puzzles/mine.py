"""Mine the stored puzzles from games of the expert bots: ``python -m boardgames.puzzles.mine [game ...]``.

Each game (seeded, 3 and 4 players in turn) is played by experts; at positions where the seat to move has more than one
legal move (looked at in an order drawn from the game's seed), the position as that seat saw it (``seen_position``) is
weighed by the expert, first in a few worlds (the game's ``screen``: a quick look that passes a position whose gap is
``LOOK`` of the margin or more), then as the review weighs it (in the game's ``worlds``), exactly as ``judge`` and the
tests weigh a stored puzzle. A position whose best move beats the second by the game's margin (its teaching
description's, ``boardgames.core.teaching``) is kept with the first theme it fits whose share is not full (in the first
``EVEN_GAMES`` games an even share of the target, then ``QUOTA``, ``GENERAL_QUOTA``), at most ``PER_GAME`` a game and
none within ``APART`` moves of another. Mining a game stops once ``TARGET`` puzzles are found (or after ``MAX_GAMES``
games, or ``BUDGET`` CPU seconds). It writes ``data/<game>.json`` and prints the time per game.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from dataclasses import dataclass, field
from typing import Any

import boardgames
from boardgames.bots import make_bot
from boardgames.core.links import unseen_redrawn
from boardgames.core.message import english
from boardgames.core.teaching import teaching_of
from boardgames.puzzles import DATA, THEMES, Puzzle, ranked, record, weighed
from boardgames.puzzles.themes import GENERAL, themes_of
from boardgames.review import pick_scale, weigh

TARGET = 40  # puzzles stored per game (the issue asks 30: a margin for changes of the engines or the expert)
QUOTA = 0.3  # the most of a game's puzzles one theme may have (the general theme: GENERAL_QUOTA)
GENERAL_QUOTA = 0.25
EVEN_GAMES = 16  # the first games share the puzzles evenly among the themes; later ones fill up to QUOTA
BUDGET = 240.0  # CPU seconds a game's mining may take, at most (it stops after the expert game under way)
PER_GAME = 4  # the most puzzles taken from one expert game
APART = 4  # moves between two puzzles of one game, at least
MAX_GAMES = 120
PLAYERS = (3, 4)  # the expert games alternate between these player counts
FIRST_SEED = 1000
LOOK = 0.6  # the quick look passes a position whose gap is at least this share of the margin


def seen_position(state: Any, seat: int, seed: Any) -> Any:
    """``state`` as ``seat`` may know it (``boardgames.practice.as_seen_by``: the engine's ``determinize``), with a
    table of its own (``boardgames.core.links.unseen_redrawn``), so neither a secret of the game it came from nor
    that game's seed, from which its secrets could be dealt again, reaches a puzzle."""
    return unseen_redrawn(state, seat, random.Random(f"puzzle/{seed}"))


def gap_of(values: dict[Any, float]) -> tuple[Any, Any, float]:
    """The best move, the second and how far the best is ahead, in the game's terms (rounded to the hundredth)."""
    best, second = ranked(values)[:2]
    return best, second, round(values[best] - values[second], 2)


def examine(state: Any, played: Any, ply: int, source: str, seed: Any) -> Puzzle | None:
    """The puzzle of the position ``state`` (before the game's move ``ply``, where the expert played ``played``),
    or None: a forced position, or one whose best move does not beat the second by the margin. Its theme is left
    for the miner to choose (the first of ``themes_of``)."""
    game, seat = state.GAME, state.current_player
    if len(state.legal_moves()) < 2 or pick_scale(state) == 0:
        return None
    seen = seen_position(state, seat, seed)
    teaching = teaching_of(game)
    margin = teaching.margin
    mean = weigh(seen, played, ply, teaching.screen)[0]  # the quick look
    if len(mean) < 2:
        return None
    scale = pick_scale(seen)
    if gap_of({m: v * scale for m, v in mean.items()})[2] < margin * LOOK:
        return None
    values, words = weighed(seen, played, ply)
    best = ranked(values)[0]
    if best != played:  # weighed again as judge() and the tests weigh it: with the best as the move
        values, words = weighed(seen, best, ply)
    if len(values) < 2 or ranked(values)[0] != best:
        return None
    best, second, gap = gap_of(values)
    if gap < margin or best not in weighed(seen, second, ply)[0]:
        return None  # too close, or a best move the expert did not weigh itself (valued only as the move asked)
    return Puzzle("", game, themes_of(seen, best, second)[0], seat, seen, best, second, gap,
                  english(words[best].worth), english(words[best].reason), source, ply)


@dataclass
class Mined:
    """What mining one game found: the puzzles (themes chosen), the expert games played, the positions looked at
    and weighed, and the CPU seconds it took."""

    game: str
    puzzles: list[Puzzle] = field(default_factory=list)
    games: int = 0
    looked: int = 0
    seconds: float = 0.0


def expert_game(game: str, seed: int, players: int) -> list[tuple[Any, Any, int]]:
    """The positions of a game of ``players`` experts dealt from ``seed``, each with the move played and its ply."""
    state = boardgames.GAMES[game].new_game(players, seed=seed)
    bots = [make_bot(game, "expert", seed=seed * 10 + k) for k in range(players)]
    out = []
    while not state.is_over:
        move = bots[state.current_player].choose(state)
        out.append((state, move, len(out)))
        state = state.play(move)
    return out


def mine(game: str, target: int = TARGET, max_games: int = MAX_GAMES, log: Any = None) -> Mined:
    """Mine ``target`` puzzles of ``game`` from expert games (see the module). The positions of each game are
    looked at in an order drawn from its seed, so that its puzzles come from all of it, not only its start."""
    start = time.process_time()
    themes = THEMES[game]
    even = math.ceil(target / len(themes)) + 1  # the first games' share of each theme: an even spread
    loose = {t: max(1, math.ceil(target * (GENERAL_QUOTA if t == GENERAL else QUOTA))) for t in themes}
    found = Mined(game)
    taken = dict.fromkeys(THEMES[game], 0)
    for g in range(max_games):
        if len(found.puzzles) >= target or time.process_time() - start > BUDGET:
            break
        seed, players = FIRST_SEED + g, PLAYERS[g % len(PLAYERS)]
        found.games += 1
        quota = {t: min(even, loose[t]) for t in themes} if g < EVEN_GAMES else loose
        played = expert_game(game, seed, players)
        random.Random(seed).shuffle(played)
        plies: list[int] = []
        for state, move, ply in played:
            if len(plies) >= PER_GAME or len(found.puzzles) >= target:
                break
            if any(abs(ply - p) < APART for p in plies) or len(state.legal_moves()) < 2:
                continue
            found.looked += 1
            source = f"an expert game of {players} players (seed {seed}), move {ply + 1}"
            puzzle = examine(state, move, ply, source, f"{game}/{seed}/{ply}")
            if puzzle is None:
                continue
            fits = themes_of(puzzle.state, puzzle.best, puzzle.second)
            theme = next((t for t in fits if taken[t] < quota[t]), None)
            if theme is None:
                continue
            taken[theme] += 1
            plies.append(ply)
            number = len(found.puzzles) + 1
            found.puzzles.append(Puzzle(f"{game}-{number:03d}", game, theme, puzzle.seat, puzzle.state,
                                        puzzle.best, puzzle.second, puzzle.gap, puzzle.best_worth, puzzle.reason,
                                        puzzle.source, puzzle.ply))
            if log:
                print(f"  {game}-{number:03d} {theme:<16} gap {puzzle.gap:6.2f}  {puzzle.source}", file=log, flush=True)
    found.seconds = time.process_time() - start
    return found


def write(found: Mined) -> None:
    """Store what was mined as ``data/<game>.json``."""
    game = found.game
    doc = {
        "game": game, "unit": teaching_of(game).unit, "margin": teaching_of(game).margin,
        "worlds": teaching_of(game).worlds,
        "mined": {"games": found.games, "positions": found.looked, "cpu_seconds": round(found.seconds, 1)},
        "puzzles": [record(p) for p in found.puzzles],
    }
    DATA.mkdir(exist_ok=True)
    (DATA / f"{game}.json").write_text(as_text(doc), encoding="utf-8")


def as_text(doc: dict[str, Any]) -> str:
    """The stored document as text: its head one field a line, then one line a puzzle (a change to a puzzle is a
    change to its line)."""
    head = {k: v for k, v in doc.items() if k != "puzzles"}
    lines = [json.dumps(rec, ensure_ascii=False, separators=(",", ":")) for rec in doc["puzzles"]]
    return json.dumps(head, indent=1, ensure_ascii=False)[:-2] + ',\n "puzzles": [\n  ' + ",\n  ".join(lines) \
        + "\n ]\n}\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m boardgames.puzzles.mine", description=__doc__.split("\n")[0])
    parser.add_argument("games", nargs="*", help=f"the games to mine (default all: {', '.join(THEMES)})")
    parser.add_argument("--target", type=int, default=TARGET, help="puzzles per game")
    parser.add_argument("--verbose", action="store_true", help="name each puzzle as it is found")
    args = parser.parse_args(argv)
    unknown = [g for g in args.games if g not in THEMES]
    if unknown:
        parser.error(f"no such game {', '.join(unknown)}: choose from {', '.join(THEMES)}")
    total = 0.0
    for game in args.games or list(THEMES):
        found = mine(game, args.target, log=sys.stdout if args.verbose else None)
        write(found)
        total += found.seconds
        themes = ", ".join(f"{t} {sum(p.theme == t for p in found.puzzles)}" for t in THEMES[game])
        print(f"{game}: {len(found.puzzles)} puzzles from {found.games} expert games ({found.looked} positions "
              f"weighed) in {found.seconds:.1f} s of CPU; themes: {themes}", flush=True)
    print(f"all: {total:.1f} s of CPU")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
