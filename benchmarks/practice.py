"""How fast practice is, for every exercise kind: drawing and showing a new exercise (the widget built, as
``practise`` builds it; and "Another one" on a widget already shown), and checking an answer (a right one and a
wrong one, as a click on the widget judges it). The issue asks for at most 0.5 s to draw and show, 0.2 s to check.
Also each game's coverage: the rule ids its notebooks' ``practises:`` cells cover.

Prints figures (median, 95th percentile, maximum on the clock, and the largest processor time, which the load of a
shared machine does not swell; in milliseconds); asserts nothing (``tests/test_practice.py``
asks for coverage; speed is measured here, not in a timed test). The answers go to a class store in a temporary
folder, on the store's own thread, as in a notebook.
Usage: python benchmarks/practice.py [--seeds N] [--game GAME]
"""

from __future__ import annotations

import argparse
import gc
import importlib.util
import os
import statistics
import tempfile
import time
from collections.abc import Callable
from typing import Any

import ipywidgets as W

import boardgames

DRAW_LIMIT, CHECK_LIMIT = 500.0, 200.0  # ms, the targets


CPU: dict[str, float] = {}  # the largest processor time of each figure's measures (ms): the machine's load aside


def timed(action: Callable[..., Any], *args: Any, figure: str = "") -> tuple[float, Any]:
    """The milliseconds ``action(*args)`` takes (on the clock; its processor time goes to ``CPU[figure]``), and
    what it returned."""
    start, cpu = time.perf_counter(), time.thread_time()
    result = action(*args)
    CPU[figure] = max(CPU.get(figure, 0.0), (time.thread_time() - cpu) * 1000)
    return (time.perf_counter() - start) * 1000, result


def figures(times: list[float], cpu: float) -> str:
    """Median, 95th percentile and maximum of ``times``, and the largest processor time ``cpu``."""
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return f"{statistics.median(ordered):7.1f} {p95:7.1f} {ordered[-1]:7.1f} {cpu:7.1f}"


def wrong_choice(widget) -> int | None:
    right = widget.exercise.right_answers()
    return next((k for k, c in enumerate(widget.exercise.choices) if c not in right), None)


def measured(kind_id: str, seeds: int, progress: Any) -> tuple[list[float], list[float], list[float], Any]:
    """The times of ``seeds`` new exercises of ``kind_id``, of "Another one" after each, and of each check."""
    from widgets.shell.exercise import ExerciseWidget

    new, another, check = [], [], []
    widget = None
    for seed in range(seeds):
        ms, widget = timed(ExerciseWidget, kind_id, seed, progress, figure="new")
        new.append(ms)
        right = widget.exercise.right_answers()[0]
        if widget.exercise.choices:
            wrong = wrong_choice(widget)
            if wrong is not None:
                check.append(timed(widget.choose, wrong, figure="check")[0])
            check.append(timed(widget.choose, widget.exercise.choices.index(right), figure="check")[0])
        else:
            check.append(timed(widget.answer, right, figure="check")[0])
        another.append(timed(widget.another, figure="another")[0])
    return new, another, check, widget


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=20, help="exercises drawn per kind")
    parser.add_argument("--game", choices=sorted(boardgames.GAMES), help="one game only")
    args = parser.parse_args()
    os.environ["BOARDGAMES_DATA"] = tempfile.mkdtemp(prefix="practice-bench-")
    os.environ.pop("BOARDGAMES_DB", None)

    from boardgames.practice import KINDS, coverage, kinds
    from classroom.practice import open_record
    from widgets.shell.exercise import NotebookProgress

    games = [args.game] if args.game else list(boardgames.GAMES)
    for game in games:
        if importlib.util.find_spec(f"boardgames.practice.{game}") is not None:
            kinds(game)
    columns = f"{'median':>7} {'p95':>7} {'max':>7} {'cpu max':>7}"
    print(f"{'kind':<44} {'ans':>5} | {'new exercise (ms)':^31} | {'another one (ms)':^31} | {'check (ms)':^31}")
    print(f"{'':<44} {'':>5} | {columns} | {columns} | {columns}")
    most: dict[str, float] = {}
    everything: dict[str, list[float]] = {"new": [], "another": [], "check": []}
    slow = []
    for kind_id in sorted(k for k in KINDS if KINDS[k].game in games):
        progress = NotebookProgress(opener=open_record)  # a notebook of its own: its widgets, its record
        try:
            new, another, check, widget = measured(kind_id, args.seeds, progress)
        except Exception as error:  # noqa: BLE001 (a kind being written: say so, measure the others)
            print(f"{kind_id:<44} failed: {type(error).__name__}: {error}")
            slow.append(kind_id)
            CPU.clear()
            continue
        finally:
            progress.close()
            W.Widget.close_all()  # the notebook closed: its widgets go, as its kernel's would
            gc.collect()
        everything["new"] += new
        everything["another"] += another
        everything["check"] += check
        answer = "board" if widget.exercise.on_board else "pick"
        cpu = {figure: CPU.pop(figure, 0.0) for figure in everything}
        most = {figure: max(most.get(figure, 0.0), cpu[figure]) for figure in everything}
        print(f"{kind_id:<44} {answer:>5} | {figures(new, cpu['new'])} | {figures(another, cpu['another'])} | "
              f"{figures(check, cpu['check'])}")
        if cpu["new"] > DRAW_LIMIT or cpu["another"] > DRAW_LIMIT or cpu["check"] > CHECK_LIMIT:
            slow.append(kind_id)
    if everything["new"]:
        print(f"{'all kinds':<44} {'':>5} | " + " | ".join(figures(everything[f], most[f]) for f in everything))
    print(f"failed, or over {DRAW_LIMIT:.0f} ms of processor time to draw and show or {CHECK_LIMIT:.0f} ms to check: "
          f"{', '.join(slow) or 'none'}")
    print()
    for game in games:
        found = coverage(game)
        print(f"{found}; kinds: {sum(1 for k in KINDS.values() if k.game == game)}")


if __name__ == "__main__":
    main()
