"""A class on one `make play` server: dashboards opened and closed for minutes, kernels and memory over time.

Starts the server with `make play` itself (on a free port), then opens the dashboards (Medici, Medina, Medici
with advice, in turn) one student after another in Debian's Chromium (/usr/bin/chromium), each in its own
browser context; every other student plays a few moves; each page stays open for three arrivals and is then
closed the way a tab is closed (its ``beforeunload`` runs). Prints, over time, the pages open, the server's
live kernels (its ``ipykernel`` processes), the memory of the server and its kernels (RSS from /proc) and the
page errors; at the end the figures: the most kernels at once, the kernels left once every page is closed,
memory at start, peak and end. The target: never more kernels than the pre-heated pool plus the pages open at
that moment, the pool alone at the end, and no page error. Exits with 1 when the target is missed.

Usage: python benchmarks/class_server.py [--pages 20] [--minutes 5]  (a quick check: --pages 6 --minutes 1)
"""

from __future__ import annotations

import argparse
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

from widgets.testing import (
    CHROMIUM,
    CHROMIUM_ARGS,
    ROOT,
    VIEWPORT,
    free_port,
    place_a_medina_piece,
    until_it_moves,
    wait_for_decision,
)

DASHBOARDS = ["medici/play.ipynb", "medina/play.ipynb", "medici/lessons/play-with-advice.ipynb"]
# The notebooks `make play` pre-heats a kernel for (its preheat_denylist lets only play.ipynb through).
POOL = len(list((ROOT / "notebooks").rglob("play.ipynb")))
MOVES = 3  # moves played by every other student
STAY = 3  # a page stays open while this many more students arrive
# Harmless noise when offline, as in tests/browser/conftest.py: the icon font from a CDN, JupyterLab's
# shared-module version warnings. Everything else a page logs as an error counts.
IGNORED = ("ERR_NAME_NOT_RESOLVED", "Unsatisfied version", "ERR_INTERNET_DISCONNECTED")
LONG = 120_000  # ms: a page without a pre-heated kernel waits for a kernel to start


def children(pid: int) -> dict[int, list[int]]:
    """Every process's children, from /proc."""
    tree: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            ppid = int(stat.rsplit(")", 1)[1].split()[1])
            tree.setdefault(ppid, []).append(int(entry.name))
    return tree


def descendants(pid: int) -> list[int]:
    tree, found, todo = children(pid), [], [pid]
    while todo:
        for child in tree.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


def cmdline(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
    except OSError:
        return ""


def rss_mb(pid: int) -> float:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


@dataclass
class Server:
    """`make play` and the processes under it: the Voilà server and its kernels."""

    make: subprocess.Popen

    def processes(self) -> tuple[list[int], list[int]]:
        """(the server and its kernels, the kernels alone)."""
        under = descendants(self.make.pid)
        served = [p for p in under if " -m voila " in cmdline(p) or "ipykernel" in cmdline(p)]
        return served, [p for p in served if "ipykernel" in cmdline(p)]

    def figures(self) -> tuple[int, float]:
        """Live kernels, and the memory (MB) of the server with its kernels."""
        served, kernels = self.processes()
        return len(kernels), sum(rss_mb(p) for p in served)

    def settle(self, kernels: int, wait: float = 60) -> None:
        """Wait (at most ``wait`` s) until no more than ``kernels`` kernels are live and memory holds still."""
        deadline, before = time.monotonic() + wait, -1.0
        while time.monotonic() < deadline:
            live, memory = self.figures()
            if live <= kernels and abs(memory - before) < 2:
                return
            before = memory
            time.sleep(2)


@dataclass
class Student:
    """One browser context with one dashboard page."""

    number: int
    path: str
    context: Any
    page: Any
    errors: list[str] = field(default_factory=list)
    closed_at: float | None = None


def open_page(browser: Any, number: int, url: str, plays: bool, rng: random.Random) -> Student:
    path = DASHBOARDS[number % len(DASHBOARDS)]
    context = browser.new_context(viewport=VIEWPORT)
    page = context.new_page()
    student = Student(number, path, context, page)
    page.on("pageerror", lambda exc: student.errors.append(f"pageerror: {exc}"))
    page.on("console", lambda msg: student.errors.append(f"console: {msg.text}")
            if msg.type == "error" and not any(word in msg.text for word in IGNORED) else None)
    try:
        page.goto(f"{url}/voila/render/{path}", timeout=LONG)
        page.locator(".bg-board").wait_for(timeout=LONG)
        for _ in range(MOVES if plays else 0):
            if not wait_for_decision(page, timeout=LONG):
                break
            if "medina" in path:
                place_a_medina_piece(page, rng, timeout=LONG)
            else:
                until_it_moves(page, lambda: click_a_move(page, rng), timeout=LONG)
    except Exception as exc:  # a page that does not load or play is a page error, and the run goes on
        student.errors.append(f"{type(exc).__name__}: {str(exc).splitlines()[0]}")
    return student


def click_a_move(page: Any, rng: random.Random) -> None:
    moves = page.locator(".bg-move:not([disabled]):visible")
    moves.nth(rng.randrange(moves.count())).click()


def start(port: int, log: Any) -> Server:
    env = dict(os.environ)
    for name in ("BOARDGAMES_SEED", "BOARDGAMES_BOT_DELAY"):  # the defaults, as a class gets them
        env.pop(name, None)
    make = subprocess.Popen(["make", "--no-print-directory", "play", f"PORT={port}"], cwd=ROOT, env=env,
                            stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    server = Server(make)
    deadline = time.monotonic() + 180
    while True:
        if make.poll() is not None:
            raise RuntimeError(f"make play exited with code {make.returncode}")
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/voila/tree", timeout=2) as r:
                if r.status == 200 and server.figures()[0] >= POOL:
                    server.settle(POOL)  # the pool's kernels have run their notebooks
                    return server
        except OSError:
            pass
        if time.monotonic() > deadline:
            raise RuntimeError("make play did not serve its pre-heated pages within 180 s")
        time.sleep(0.5)


def stop(server: Server) -> None:
    os.killpg(server.make.pid, signal.SIGTERM)
    try:
        server.make.wait(timeout=20)
    except subprocess.TimeoutExpired:
        os.killpg(server.make.pid, signal.SIGKILL)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", type=int, default=20, help="students, one dashboard page each (default 20)")
    parser.add_argument("--minutes", type=float, default=5, help="how long the class lasts (default 5)")
    parser.add_argument("--every", type=float, default=10, help="seconds between two lines (default 10)")
    opts = parser.parse_args()
    if not os.path.exists(CHROMIUM):
        sys.exit(f"{CHROMIUM} is missing: apt-get install -y chromium")
    gap = opts.minutes * 60 / (opts.pages + STAY)  # between two arrivals; the last page closes at the end
    rng = random.Random(2024)
    log = tempfile.NamedTemporaryFile("w+", prefix="class-server-", suffix=".log", delete=False)
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    try:
        server = start(port, log)
    except RuntimeError as exc:
        sys.exit(f"{exc}; see {log.name}")
    kernels0, memory0 = server.figures()
    print(f"One `make play` server, {opts.pages} students over {opts.minutes:g} min (one every {gap:.0f} s, "
          f"each page open for {STAY} arrivals, every other one plays {MOVES} moves); pre-heated pool: {POOL}")
    print(f"{'time':>6} {'open':>5} {'kernels':>8} {'target':>7} {'memory':>9} {'errors':>7}")
    students: list[Student] = []
    peak_kernels, peak_memory, over = kernels0, memory0, []
    t0 = time.monotonic()
    next_line = 0.0
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            arrived = 0
            while True:
                now = time.monotonic() - t0
                if arrived < opts.pages and now >= arrived * gap:
                    students.append(open_page(browser, arrived, url, arrived % 2 == 0, rng))
                    arrived += 1
                for s in students:  # a page leaves when STAY more students have arrived (or at the end)
                    if s.closed_at is None and (arrived - s.number > STAY or now >= (s.number + STAY + 1) * gap):
                        s.page.close(run_before_unload=True)  # as a tab is closed: Voilà's beforeunload runs
                        s.closed_at = now
                    elif s.closed_at is not None and s.context is not None and now - s.closed_at > 3:
                        s.context.close()  # later, so that the page's shutdown request leaves first
                        s.context = None
                open_pages = sum(s.closed_at is None for s in students)
                kernels, memory = server.figures()
                peak_kernels, peak_memory = max(peak_kernels, kernels), max(peak_memory, memory)
                # A page just closed shuts its kernel down within a second or two: judge a moment by the
                # pages open now and those closed in the last 5 s.
                recent = sum(s.closed_at is not None and now - s.closed_at < 5 for s in students)
                if kernels > POOL + open_pages + recent:
                    over.append(f"{now:.0f} s: {kernels} kernels, {open_pages} pages open")
                errors = sum(len(s.errors) for s in students)
                if now >= next_line:
                    print(f"{now:5.0f}s {open_pages:5d} {kernels:8d} {POOL + open_pages:7d} {memory:6.0f} MB "
                          f"{errors:7d}", flush=True)
                    next_line += opts.every
                if arrived == opts.pages and all(s.context is None for s in students):
                    break
                time.sleep(0.5)
            browser.close()
        server.settle(POOL, wait=30)
        left, memory_end = server.figures()
        log.flush()
        text = Path(log.name).read_text()  # before the server stops (and shuts the pool down)
    finally:
        stop(server)
    refused = text.count("403 POST /voila/api/shutdown")
    shutdowns = text.count("Kernel shutdown:")
    errors = [f"student {s.number} ({s.path}): {e}" for s in students for e in s.errors]
    print(f"\nFigures ({opts.pages} pages over {opts.minutes:g} min, pre-heated pool {POOL}):")
    print(f"  most live kernels at once:          {peak_kernels}")
    print(f"  kernels left after every page closed: {left} (the pool is {POOL})")
    print(f"  moments over pool + open pages:     {len(over)}" + (f" ({'; '.join(over[:3])})" if over else ""))
    print(f"  kernels shut down while it ran:     {shutdowns}; shutdowns refused (403): {refused}")
    print(f"  memory, server and kernels (RSS):   start {memory0:.0f} MB, peak {peak_memory:.0f} MB, "
          f"end {memory_end:.0f} MB ({(peak_memory - memory0) / max(1, peak_kernels - kernels0):.0f} MB a kernel)")
    print(f"  page errors:                        {len(errors)}")
    for e in errors[:10]:
        print(f"    {e}")
    print(f"  server log: {log.name}")
    if over or left > POOL or errors or refused:
        sys.exit(1)


if __name__ == "__main__":
    main()
