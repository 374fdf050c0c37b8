"""A class of 10 on a JupyterHub of this machine (``deploy/jupyterhub`` as it is, a PostgreSQL class store), against
the same pages on one `make play` server.

1. Memory. `make play`'s Voilà (the settings of ``notebooks/.voila``, no pre-heated kernel) with 10 students'
   dashboards open (Medici's ``play.ipynb``, each in a browser of its own): the server alone, then each page's
   kernel. The hub with the same 10 dashboards, each student logged in through the hub's login page: each
   student's single-user server with its page's kernel, and the hub's own processes (hub, proxy, idle culler).
   RSS (resident memory, what ``top`` shows) and USS (the memory that only that process holds).
2. The auction on the hub: the teacher's room, the 10 students join from their own servers; per round each student
   bids in turn, and the time from the click on Bid to the teacher's count showing that bid is taken.
3. Tables on the hub: the 10 students at 5 tables of 2 (Medici), each table's creator on their dashboard and the
   classmate from their own server; moves are played by clicks, one table after another, all pages open; the
   time from the click that makes a move to the other page's move counter showing it is taken.

Times are median and p95 over every bid and move, measured by the driving process (Playwright's round trip, a few
ms, included). Needs the ``hub`` extra and npm's proxy (see ``deploy/jupyterhub/README.md``).

Usage: python benchmarks/hub.py [--students 10] [--rounds 3] [--moves 8]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

import psutil
from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "hub"))
from hub_server import TEACHER_PASSWORD, class_hub, log_in, missing, postgres_server  # noqa: E402
from support.browser import CHROMIUM, CHROMIUM_ARGS, READY, VIEWPORT, voila  # noqa: E402

from deploy.kernel_nursery import KERNEL  # noqa: E402

DASHBOARD = "medici/play.ipynb"
LOG = Path(tempfile.gettempdir()) / "boardgames-bench-hub.log"  # the hub's log, kept for a look afterwards
OPEN = 300_000  # ms: a class's pages opened at once on a small machine
LIVE = 30_000  # ms: the longest wait for another page to follow
MB = 1024 * 1024


def memory(process: psutil.Process) -> tuple[float, float, int]:
    """RSS and USS (MB) of ``process`` and everything it started, and how many kernels are among them."""
    rss = uss = 0.0
    kernels = 0
    for p in [process, *process.children(recursive=True)]:
        try:
            info = p.memory_full_info()
            rss, uss = rss + info.rss / MB, uss + info.uss / MB
            kernels += p.name() == KERNEL or "ipykernel_launcher" in " ".join(p.cmdline())  # forked, or started
        except psutil.NoSuchProcess:
            pass
    return rss, uss, kernels


def spread(values: list[float]) -> str:
    values = sorted(values)
    p95 = values[min(len(values) - 1, round(0.95 * (len(values) - 1)))]
    return f"median {statistics.median(values):.2f} s, p95 {p95:.2f} s, max {values[-1]:.2f} s (n={len(values)})"


def open_dashboard(page, url: str) -> None:
    page.goto(url, timeout=OPEN)
    page.locator(".bg-board").wait_for(timeout=OPEN)


def make_play_memory(db: str, chromium, students: int) -> None:
    env = dict(os.environ, BOARDGAMES_DB=db)
    with tempfile.TemporaryFile("w+") as log, voila(env, log) as url:
        server = next(p for p in psutil.Process().children() if "voila" in " ".join(p.cmdline()))
        base_rss, base_uss, _ = memory(server)
        contexts = [chromium.new_context(viewport=VIEWPORT) for _ in range(students)]
        pages = [context.new_page() for context in contexts]
        for page in pages:
            page.goto(f"{url}/voila/render/{DASHBOARD}", wait_until="commit", timeout=OPEN)
        for page in pages:
            page.locator(".bg-board").wait_for(timeout=OPEN)
        time.sleep(3)
        rss, uss, kernels = memory(server)
        print(f"make play: the server alone {base_rss:.0f} MB RSS ({base_uss:.0f} MB USS); with {students} dashboards "
              f"({kernels} kernels) {rss:.0f} MB RSS ({uss:.0f} MB USS): {(rss - base_rss) / students:.0f} MB RSS "
              f"({(uss - base_uss) / students:.0f} MB USS) a student", flush=True)
        for context in contexts:
            context.close()


def user_servers(hub_process: psutil.Process) -> dict[str, psutil.Process]:
    servers = {}
    for p in hub_process.children():
        try:
            if "jupyterhub-singleuser" in " ".join(p.cmdline()):
                servers[p.environ().get("JUPYTERHUB_USER", "?")] = p
        except psutil.NoSuchProcess:
            pass
    return servers


def hub_memory(hub_process: psutil.Process, what: str) -> None:
    servers = user_servers(hub_process)
    figures = [memory(p) for name, p in sorted(servers.items()) if name != "teacher"]
    own = [hub_process] + [p for p in hub_process.children() if p not in servers.values()]
    hub_rss = sum(p.memory_full_info().rss for p in own) / MB
    print(f"hub, {what}: {len(figures)} students' servers; a student (server + kernels) "
          f"{statistics.mean(f[0] for f in figures):.0f} MB RSS ({statistics.mean(f[1] for f in figures):.0f} MB USS),"
          f" kernels a student {[f[2] for f in figures]}; the hub, proxy and culler {hub_rss:.0f} MB RSS", flush=True)


def auction(hub: str, teacher, pages: dict, rounds: int) -> list[float]:
    teacher.locator(".bg-room-title input").fill("A class of ten")
    teacher.locator(".bg-create").click()
    teacher.locator(".bg-teacher-link").click(timeout=OPEN)
    code = teacher.locator(".bg-room-code").inner_text(timeout=OPEN).strip()
    for name, page in pages.items():
        page.goto(f"{hub}/user/{name}/voila/render/auction/student.ipynb?code={code}", wait_until="commit",
                  timeout=OPEN)
    for name, page in pages.items():
        page.locator(".bg-nickname input").fill(name, timeout=OPEN)
        page.locator(".bg-join").click()
        page.locator(".bg-seat-link").click(timeout=OPEN)
        page.locator(".bg-bid-input input").wait_for(state="attached", timeout=OPEN)
    times = []
    for _ in range(rounds):
        teacher.locator(".bg-start").click()
        for n, page in enumerate(pages.values(), 1):
            page.locator(".bg-estimate").wait_for(timeout=LIVE)
            page.locator(".bg-bid-input input").fill(f"{random.uniform(5, 15):.2f}")
            start = time.monotonic()
            page.locator(".bg-bid").click()
            teacher.wait_for_function("n => +document.querySelector('.bg-count').dataset.bidders >= n", arg=n,
                                      timeout=LIVE)
            times.append(time.monotonic() - start)
        teacher.locator(".bg-close").click()
        teacher.locator(".bg-reveal").click(timeout=LIVE)
        teacher.locator(".bg-class-picture").wait_for(timeout=LIVE)
    return times


PLY = "() => +document.querySelector('.bg-ply').dataset.ply"
MOVE = ".bg-move:not([disabled]):visible"


def tables(hub: str, pages: dict, moves: int, rng: random.Random) -> list[float]:
    names = list(pages)
    pairs = [(names[i], names[i + 1]) for i in range(0, len(names) - 1, 2)]
    for creator, _ in pairs:
        pages[creator].goto(f"{hub}/user/{creator}/voila/render/{DASHBOARD}", wait_until="commit", timeout=OPEN)
    codes = []
    for creator, _ in pairs:
        page = pages[creator]
        page.locator(".bg-board").wait_for(timeout=OPEN)
        page.locator(".bg-setup").get_by_text("New game: players").click()
        page.locator(".bg-setup .widget-dropdown", has_text="Players").locator("select").select_option("2")
        kinds = page.locator(".bg-setup .bg-seat-kind select")
        page.wait_for_function("() => document.querySelectorAll('.bg-setup .bg-seat-kind select').length === 2")
        kinds.nth(1).select_option(label="a classmate")
        page.locator(".bg-new-game").click()
        codes.append(page.locator(".bg-table-code").inner_text(timeout=OPEN).strip())
    for (_, classmate), code in zip(pairs, codes):
        pages[classmate].goto(f"{hub}/user/{classmate}/voila/render/tables/table.ipynb?table={code}",
                              wait_until="commit", timeout=OPEN)
    for _, classmate in pairs:
        pages[classmate].locator(".bg-take-seat").click(timeout=OPEN)
        pages[classmate].locator(".bg-ply").wait_for(timeout=OPEN)
    times = []
    for _ in range(moves):
        for a, b in pairs:
            for _ in range(200):  # the page whose seat is to move (the other may still be catching up)
                plies = {pages[n].evaluate(PLY) for n in (a, b)}
                ready = [pages[n] for n in (a, b) if len(plies) == 1 and pages[n].evaluate(READY)]
                if len(ready) == 1:
                    mover = ready[0]
                    break
                time.sleep(0.05)
            else:
                raise RuntimeError(f"neither page of {a} and {b} may move")
            other = pages[b] if mover is pages[a] else pages[a]
            before = mover.evaluate(PLY)
            buttons = mover.locator(MOVE)
            buttons.first.wait_for(timeout=LIVE)
            start = time.monotonic()
            buttons.nth(rng.randrange(buttons.count())).click()
            other.wait_for_function(f"n => ({PLY})() > n", arg=before, timeout=LIVE)
            times.append(time.monotonic() - start)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--students", type=int, default=10)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--moves", type=int, default=8, help="moves a table, in turns over the tables")
    args = parser.parse_args()
    if reason := missing():
        sys.exit(reason)
    names = [f"student{i:02d}" for i in range(1, args.students + 1)]
    began = time.monotonic()
    with postgres_server() as db, sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        make_play_memory(db, chromium, args.students)
        with open(LOG, "w") as log, class_hub(db, log) as hub:
            hub_process = next(p for p in psutil.Process().children() if "jupyterhub" in " ".join(p.cmdline()))
            contexts = {name: chromium.new_context(viewport=VIEWPORT) for name in ["teacher", *names]}
            for context in contexts.values():
                context.set_default_timeout(LIVE)
            started = time.monotonic()
            pages = {name: log_in(contexts[name], hub, name, f"/user/{name}/voila/render/{DASHBOARD}")
                     for name in names}
            for page in pages.values():
                page.locator(".bg-board").wait_for(timeout=OPEN)
            print(f"hub: {len(names)} students logged in, their servers started and dashboards shown in "
                  f"{time.monotonic() - started:.0f} s", flush=True)
            time.sleep(3)
            hub_memory(hub_process, "a dashboard a student")
            teacher = log_in(contexts["teacher"], hub, "teacher", "/user/teacher/voila/render/auction/teacher.ipynb",
                             password=TEACHER_PASSWORD)
            bids = auction(hub, teacher, pages, args.rounds)
            print(f"hub auction, a bid to the teacher's count: {spread(bids)}", flush=True)
            moves = tables(hub, pages, args.moves, random.Random(7))
            print(f"hub tables, a move to the other page: {spread(moves)}", flush=True)
            hub_memory(hub_process, "after the tables")
        chromium.close()
    print(f"({time.monotonic() - began:.0f} s in all)")


if __name__ == "__main__":
    main()
