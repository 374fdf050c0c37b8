"""A class on one `make play` server: dashboards opened and closed for minutes, kernels and memory over time.

Starts the server with `make play` itself (on a free port), then opens the dashboards (Medici, Medina, Medici
with advice, in turn) one student after another in Debian's Chromium (/usr/bin/chromium), each in its own
browser context; every other student plays a few moves; each page stays open for three arrivals and is then
closed the way a tab is closed (its ``beforeunload`` runs). Prints, over time, the pages open, the server's
live kernels (its ``ipykernel`` processes), the memory of the server and its kernels (RSS from /proc) and the
page errors; at the end the figures: the most kernels at once, the kernels left once every page is closed, how
soon a closed page's kernel is gone, memory at start, peak and end. The target: never more kernels than the
pre-heated pool plus the pages open at that moment (a page closed less than 5 s ago still counts while its
kernel shuts down: "closing"), the pool alone at the end, and no page error. Exits with 1 when it is missed.

Usage: python benchmarks/class_server.py [--pages 20] [--minutes 5]  (a quick check: --pages 6 --minutes 1)
"""

from __future__ import annotations

import argparse
import os
import random
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

from deploy.page_limits import PAGES_PER_CLIENT

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))  # tests/support: the browser helpers
from support.browser import (  # noqa: E402
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
GRACE = 5  # s: a page just closed is still counted while its kernel shuts down
KERNEL_ID = re.compile(r"kernel-([0-9a-f-]{36})\.json")
CONFIG_KERNEL = "() => JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId"


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

    def figures(self) -> tuple[set[str], float]:
        """The live kernels (their ids), and the memory (MB) of the server with its kernels."""
        kernels, memory = set(), 0.0
        for pid in descendants(self.make.pid):
            line = cmdline(pid)
            if kernel := KERNEL_ID.search(line):
                kernels.add(kernel.group(1))
            if kernel or " -m voila " in line:
                memory += rss_mb(pid)
        return kernels, memory

    def server_mb(self) -> float:
        """The memory (MB) of the Voilà server process alone."""
        return sum(rss_mb(p) for p in descendants(self.make.pid) if " -m voila " in cmdline(p))

    def settle(self, kernels: int, wait: float = 60) -> None:
        """Wait (at most ``wait`` s) until no more than ``kernels`` kernels are live and memory holds still."""
        deadline, before = time.monotonic() + wait, -1.0
        while time.monotonic() < deadline:
            live, memory = self.figures()
            if len(live) <= kernels and abs(memory - before) < 2:
                return
            before = memory
            time.sleep(2)


@dataclass
class Student:
    """One browser context with one dashboard page, and when it was opened and closed (s into the class)."""

    number: int
    path: str
    opened_at: float
    context: Any = None
    page: Any = None
    kernel: str | None = None
    closed_at: float | None = None
    errors: list[str] = field(default_factory=list)

    def open_at(self, t: float) -> bool:
        return self.opened_at <= t and (self.closed_at is None or t < self.closed_at)


@dataclass
class Sample:
    t: float
    kernels: set[str]
    memory: float

    def pages(self, students: list[Student]) -> tuple[int, int]:
        """The pages open at this moment, and those closed in the last GRACE seconds whose kernel still runs."""
        closing = sum(s.closed_at is not None and 0 <= self.t - s.closed_at < GRACE and s.kernel in self.kernels
                      for s in students)
        return sum(s.open_at(self.t) for s in students), closing


class Watch(threading.Thread):
    """Samples the server twice a second while the class runs, and prints a line every ``every`` seconds."""

    def __init__(self, server: Server, students: list[Student], t0: float, every: float):
        super().__init__(daemon=True)
        self.server, self.students, self.t0, self.every = server, students, t0, every
        self.samples: list[Sample] = []
        self.done = threading.Event()

    def run(self) -> None:
        next_line = 0.0
        while not self.done.is_set():
            kernels, memory = self.server.figures()
            sample = Sample(time.monotonic() - self.t0, kernels, memory)
            self.samples.append(sample)
            if sample.t >= next_line:
                pages, closing = sample.pages(self.students)
                errors = sum(len(s.errors) for s in self.students)
                print(f"{sample.t:5.0f}s {pages:5d} {closing:8d} {len(kernels):8d} {POOL + pages + closing:7d} "
                      f"{memory:6.0f} MB {errors:7d}", flush=True)
                next_line += self.every
            self.done.wait(0.5)


def visit(student: Student, browser: Any, url: str, plays: bool, rng: random.Random) -> None:
    """Open the student's dashboard in a context of its own, and play a few moves if ``plays``."""
    student.context = browser.new_context(viewport=VIEWPORT)
    page = student.page = student.context.new_page()
    page.on("pageerror", lambda exc: student.errors.append(f"pageerror: {exc}"))
    page.on("console", lambda msg: student.errors.append(f"console: {msg.text}")
            if msg.type == "error" and not any(word in msg.text for word in IGNORED) else None)
    try:
        page.goto(f"{url}/voila/render/{student.path}", timeout=LONG)
        page.locator(".bg-board").wait_for(timeout=LONG)
        student.kernel = page.evaluate(CONFIG_KERNEL)
        for _ in range(MOVES if plays else 0):
            if not wait_for_decision(page, timeout=LONG):
                break
            if "medina" in student.path:
                place_a_medina_piece(page, rng, timeout=LONG)
            else:
                until_it_moves(page, lambda: click_a_move(page, rng), timeout=LONG)
    except Exception as exc:  # a page that does not load or play is a page error, and the run goes on
        student.errors.append(f"{type(exc).__name__}: {str(exc).splitlines()[0]}")


def click_a_move(page: Any, rng: random.Random) -> None:
    moves = page.locator(".bg-move:not([disabled]):visible")
    moves.nth(rng.randrange(moves.count())).click()


def start(port: int, log: Any) -> Server:
    env = dict(os.environ)
    for name in ("BOARDGAMES_SEED", "BOARDGAMES_BOT_DELAY"):  # the defaults, as a class gets them
        env.pop(name, None)
    # every student of these benchmarks opens their pages from this machine's one address: no cap of pages per address
    # (a class's laptops have one each); the server's total keeps its default
    env.setdefault(PAGES_PER_CLIENT, "0")
    make = subprocess.Popen(["make", "--no-print-directory", "play", f"PORT={port}"], cwd=ROOT, env=env,
                            stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    server = Server(make)
    deadline = time.monotonic() + 180
    while True:
        if make.poll() is not None:
            raise RuntimeError(f"make play exited with code {make.returncode}")
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/voila/tree", timeout=2) as r:
                if r.status == 200 and len(server.figures()[0]) >= POOL:
                    server.settle(POOL)  # the pool's kernels have run their notebooks
                    return server
        except OSError:
            pass
        if time.monotonic() > deadline:
            raise RuntimeError("make play did not serve its pre-heated pages within 180 s")
        time.sleep(0.5)


def start_or_exit(name: str) -> tuple[Server, int, str]:
    """`make play` on a free port, its output in a temporary file named after ``name``: the server, its port and the
    log's path. Exits with a sentence naming the log when it does not start."""
    log = tempfile.NamedTemporaryFile("w+", prefix=f"{name}-", suffix=".log", delete=False)
    port = free_port()
    try:
        return start(port, log), port, log.name
    except RuntimeError as exc:
        sys.exit(f"{exc}; see {log.name}")


def stop(server: Server) -> None:
    os.killpg(server.make.pid, signal.SIGTERM)
    try:
        server.make.wait(timeout=20)
    except subprocess.TimeoutExpired:
        os.killpg(server.make.pid, signal.SIGKILL)


def run_class(url: str, pages: int, gap: float, watch: Watch) -> None:
    """Students arrive every ``gap`` seconds; a page is closed once STAY more have arrived (or in time)."""
    students, rng = watch.students, random.Random(2024)
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        while True:
            now = time.monotonic() - watch.t0
            if len(students) < pages and now >= len(students) * gap:
                student = Student(len(students), DASHBOARDS[len(students) % len(DASHBOARDS)], now)
                students.append(student)
                visit(student, browser, url, student.number % 2 == 0, rng)
            arrived = len(students)
            for s in students:
                now = time.monotonic() - watch.t0
                if s.closed_at is None and (arrived - s.number > STAY or now >= (s.number + STAY + 1) * gap):
                    s.page.close(run_before_unload=True)  # as a tab is closed: Voilà's beforeunload runs
                    s.closed_at = now
                elif s.closed_at is not None and s.context is not None and now - s.closed_at > 3:
                    s.context.close()  # later, so that the page's shutdown request has left
                    s.context = None
            if arrived == pages and all(s.context is None for s in students):
                break
            time.sleep(0.25)
        browser.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", type=int, default=20, help="students, one dashboard page each (default 20)")
    parser.add_argument("--minutes", type=float, default=5, help="how long the class lasts (default 5)")
    parser.add_argument("--every", type=float, default=10, help="seconds between two lines (default 10)")
    opts = parser.parse_args()
    if not os.path.exists(CHROMIUM):
        sys.exit(f"{CHROMIUM} is missing: apt-get install -y chromium")
    gap = opts.minutes * 60 / (opts.pages + STAY)  # between two arrivals; the last page closes at the end
    server, port, log = start_or_exit("class-server")
    kernels0, memory0 = server.figures()
    server0 = server.server_mb()
    print(f"One `make play` server, {opts.pages} students over {opts.minutes:g} min (one every {gap:.0f} s, "
          f"each page open for {STAY} arrivals, every other one plays {MOVES} moves); pre-heated pool: {POOL}")
    print(f"{'time':>6} {'open':>5} {'closing':>8} {'kernels':>8} {'target':>7} {'memory':>9} {'errors':>7}")
    watch = Watch(server, [], time.monotonic(), opts.every)
    watch.start()
    try:
        run_class(f"http://127.0.0.1:{port}", opts.pages, gap, watch)
        server.settle(POOL, wait=30)
        watch.done.set()
        watch.join()
        left, memory_end = server.figures()
        server_end = server.server_mb()
        text = Path(log).read_text()  # before the server stops (and shuts the pool down)
    finally:
        watch.done.set()
        stop(server)
    print(f"\nFigures ({opts.pages} pages over {opts.minutes:g} min, pre-heated pool {POOL}; server log {log}):")
    print(f"  the Voilà process alone:              start {server0:.0f} MB, end {server_end:.0f} MB")
    report(watch, len(kernels0), memory0, left, memory_end, text)


def report(watch: Watch, kernels0: int, memory0: float, left: set[str], memory_end: float, text: str) -> None:
    """The figures at the end; exits with 1 when the target is missed."""
    students, samples = watch.students, watch.samples
    over = []
    for sample in samples:
        pages, closing = sample.pages(students)
        if len(sample.kernels) > POOL + pages + closing:
            over.append(f"{sample.t:.0f} s: {len(sample.kernels)} kernels, {pages} pages open")
    delays, kept = [], []
    for s in students:
        if s.kernel is None or s.closed_at is None:
            continue
        if s.kernel in left:
            kept.append(s.number)
            continue
        gone = next((x.t for x in samples if x.t >= s.closed_at and s.kernel not in x.kernels), None)
        if gone is not None:
            delays.append(gone - s.closed_at)
    peak_kernels = max(len(x.kernels) for x in samples)
    peak_memory = max(x.memory for x in samples)
    refused = text.count("403 POST /voila/api/shutdown")
    errors = [f"student {s.number} ({s.path}): {e}" for s in students for e in s.errors]
    print(f"  most live kernels at once:            {peak_kernels}")
    print(f"  kernels left after every page closed: {len(left)} (the pool is {POOL})")
    print(f"  moments over pool + open pages:       {len(over)} of {len(samples)} samples"
          + (f" ({'; '.join(over[:3])})" if over else ""))
    if delays:
        print(f"  a closed page's kernel gone after:    median {statistics.median(delays):.1f} s, "
              f"max {max(delays):.1f} s ({len(delays)} pages)")
    print(f"  closed pages whose kernel stayed:     {len(kept)}; shutdowns refused (403): {refused}")
    print(f"  memory, server and kernels (RSS):     start {memory0:.0f} MB, peak {peak_memory:.0f} MB, "
          f"end {memory_end:.0f} MB (about {(peak_memory - memory0) / max(1, peak_kernels - kernels0):.0f} MB "
          f"a kernel)")
    print(f"  page errors:                          {len(errors)}")
    for e in errors[:10]:
        print(f"    {e}")
    if over or len(left) > POOL or kept or errors or refused:
        sys.exit(1)


if __name__ == "__main__":
    main()
