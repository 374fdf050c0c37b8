"""What showing a dashboard in Japanese or Chinese costs its kernel, against English, side by side.

For each game, a game of three random bots is played to its end in a dashboard (no browser), then the dashboard
redraws each position of it (the replay slider's work, and what the kernel does after every click: board, controls,
status, log, chart) in English and in the other language in turn, position by position, so that both see the same
machine. It prints each language's median and 95th percentile per redraw and the ratio of the medians (the issue's
target: under 5 % more), and the first board (the dashboard built and drawn) the same way.

Usage: python benchmarks/translation.py [--lang ja|zh-Hant] [--rounds N] [--game medici ...]
"""

from __future__ import annotations

import argparse
import statistics
import time

from boardgames import GAMES
from widgets.dashboard import dashboard
from widgets.runtime.language import page_language

NAMES = ("Ada", "Ben", "Cleo")


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def redraws(game: str, language: str, rounds: int) -> dict[str, list[float]]:
    """Milliseconds per redraw of each position, in English and in ``language``, alternating."""
    app = dashboard(game, players=NAMES, seats=["random"] * 3, seed=11, bots_async=False, bot_delay=0)
    times: dict[str, list[float]] = {"en": [], language: []}
    plies = range(0, app.match.ply + 1, max(1, app.match.ply // 60))
    for _ in range(rounds):
        for ply in plies:
            for code in ("en", language) if ply % 2 else (language, "en"):
                page_language.set(code)
                app._view_ply = ply
                t0 = time.perf_counter()
                app.refresh()
                times[code].append((time.perf_counter() - t0) * 1000)
    page_language.set("en")
    app.close()
    return times


def first_boards(game: str, language: str, rounds: int) -> dict[str, list[float]]:
    """Milliseconds to build a dashboard and draw its first board, in English and in ``language``, alternating."""
    times: dict[str, list[float]] = {"en": [], language: []}
    for k in range(rounds * 4):
        for code in ("en", language) if k % 2 else (language, "en"):
            page_language.set(code)
            t0 = time.perf_counter()
            app = dashboard(game, players=NAMES, seed=k, bots_async=False, bot_delay=0)
            times[code].append((time.perf_counter() - t0) * 1000)
            app.close()
    page_language.set("en")
    return times


def line(what: str, times: dict[str, list[float]], language: str) -> str:
    en, other = statistics.median(times["en"]), statistics.median(times[language])
    return (f"  {what:<12} en median {en:7.2f} ms (p95 {percentile(times['en'], 0.95):7.2f}) · {language} median "
            f"{other:7.2f} ms (p95 {percentile(times[language], 0.95):7.2f}) · {language}/en {other / en:5.3f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lang", choices=["ja", "zh-Hant"], default="ja")
    parser.add_argument("--rounds", type=int, default=3, help="times each position is redrawn in each language")
    parser.add_argument("--game", nargs="*", choices=sorted(GAMES), default=sorted(GAMES))
    opts = parser.parse_args()
    print(f"A dashboard's kernel in {opts.lang} against English (same positions, alternating):")
    for game in opts.game:
        print(GAMES[game].NAME)
        print(line("redraw", redraws(game, opts.lang, opts.rounds), opts.lang))
        print(line("first board", first_boards(game, opts.lang, opts.rounds), opts.lang))


if __name__ == "__main__":
    main()
