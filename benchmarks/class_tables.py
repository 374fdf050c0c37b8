"""Classmates at tables under load: 4 tables of 4 players, every player on a real browser page of their own, each
table playing its game to the end against one `make play` server.

Starts `make play` (a free port, a class store of its own in a temporary folder), makes the tables in the store
(Medici, Medina, Foundations of Metropolis and The Voyages of Marco Polo by default, 4 seats each: the creator's
page and three classmates' links, no bots) and opens each seat's link in Debian's Chromium, each page in a
browser context of its own, as on four laptops. One process per table drives its four pages: the page whose seat
is to move plays a random legal decision by clicks, the way the browser tests do. Every page notes, with the
browser's clock (the machine's: the same for every page), when its move counter changes; the time of a move is
the mouse press that made it.

Prints, per table and in all: moves made (by the pages' clicks) and moves stored (in the class store), which must
be equal; the time from a move's press on one page to the redraw of the move counter on each other page
(median, p95; target p95 <= 1.5 s); the server's kernels and memory (RSS of the server and its kernels) over
the run. Exits with 1 when a move is lost or doubled, a table does not finish, or the p95 misses the target.

Usage: python benchmarks/class_tables.py [--games medici,medina,metropolis,marcopolo] [--players 4]
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import os
import random
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from class_server import Server, start, stop
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from playwright.sync_api import sync_playwright

import boardgames
from classroom.store import open_store
from classroom.tables import CLASSMATE, OWNER, GameTables

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))  # tests/support: the browser helpers
from support.browser import (  # noqa: E402
    CHROMIUM,
    CHROMIUM_ARGS,
    VIEWPORT,
    free_port,
    place_a_medina_piece,
    play_a_marcopolo_decision,
    play_a_metropolis_turn,
    ply,
    until_it_moves,
)

NAMES = ["Ada", "Ben", "Cleo", "Dan", "Eve", "Finn"]
TARGET = 1.5  # s: a move shows on the other pages of its table within this long (p95)
LONG = 120_000  # ms: the longest wait for a page to move or follow
OPEN = 300_000  # ms: a table page starts a kernel of its own (sixteen at once on two cores take minutes)
GAME_LIMIT = 3600  # s: a table that has not finished by then counts as failed
# Every page notes when its move counter changes ([ply, ms since the epoch]) and when the mouse last went down.
WATCH = """() => { window.bgPlies = []; window.bgPress = 0;
    document.addEventListener('mousedown', () => { window.bgPress = Date.now(); }, true);
    const note = () => { const e = document.querySelector('.bg-ply'); if (!e) return;
        const n = Number(e.dataset.ply), last = window.bgPlies[window.bgPlies.length - 1];
        if (!last || last[0] !== n) window.bgPlies.push([n, Date.now()]); };
    note();
    new MutationObserver(note).observe(document.body,
        {subtree: true, childList: true, attributes: true, characterData: true}); }"""
CAUGHT_UP = "n => +document.querySelector('.bg-ply').dataset.ply >= n"
MOVER = "() => { const s = document.querySelector('.bg-ply'); return !!s && s.dataset.turn === 'human'; }"


def click_a_medici_move(page: Any, rng: random.Random) -> int:
    """Medici: a random enabled move button (a bid, a pass, a card drawn, a lot taken); waits for the move."""
    moves = page.locator(".bg-move:not([disabled]):visible")

    def click() -> int:
        moves.first.wait_for(timeout=LONG)
        moves.nth(rng.randrange(moves.count())).click()
        return 1

    return until_it_moves(page, click, timeout=LONG)


def play_a_metropolis_turn_again(page: Any, rng: random.Random) -> int:
    """Metropolis: a turn by clicks (a tile built cell by cell, a deed, income); a click on the city that a busy
    page lost is tried again with a new choice, as a player would."""
    for _ in range(4):
        before = ply(page)
        try:
            return play_a_metropolis_turn(page, rng, timeout=20_000)
        except PlaywrightTimeoutError:
            if ply(page) != before:
                return 1
    raise AssertionError(f"four tries at a Metropolis turn did not play a move (move {ply(page)})")


DECIDE = {
    "medici": click_a_medici_move,
    "medina": lambda page, rng: place_a_medina_piece(page, rng, timeout=LONG),
    "metropolis": play_a_metropolis_turn_again,
    "marcopolo": lambda page, rng: play_a_marcopolo_decision(page, rng, timeout=LONG),
}


def mover(pages: list) -> Any | None:
    """The page whose seat is to move now (None: a page catches up, or the game is over). Read from the move
    counter, whose move and turn change together (the app's turn class may follow a moment later)."""
    for page in pages:
        if page.evaluate(MOVER):
            return page
    return None


def play_table(url: str, game: str, links: list[str], seed: int, results: mp.Queue) -> None:
    """One table: its seats' pages opened, the game played to its end by clicks; what happened goes to
    ``results`` as a dict (moves made, each move's press time and mover, each page's noted plies, errors)."""
    rng = random.Random(seed)
    out: dict[str, Any] = {"game": game, "made": 0, "presses": {}, "plies": [], "errors": [], "final": [],
                           "seconds": 0.0, "over": False}
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        pages = []
        try:
            for link in links:
                page = browser.new_context(viewport=VIEWPORT).new_page()
                page.on("pageerror", lambda exc: out["errors"].append(f"pageerror: {exc}"))
                pages.append(page)
                page.goto(url + link, timeout=OPEN)
                page.locator(".bg-ply").wait_for(timeout=OPEN)
                page.evaluate(WATCH)
            t0 = time.monotonic()
            decide = DECIDE[game]
            while not pages[0].locator(".bg-app.bg-over").count():
                if time.monotonic() - t0 > GAME_LIMIT:
                    out["errors"].append(f"not over after {GAME_LIMIT} s")
                    break
                page = mover(pages)
                if page is None:
                    time.sleep(0.05)
                    continue
                before = ply(page)
                decide(page, rng)
                after = ply(page)
                out["made"] += after - before
                press = page.evaluate("() => window.bgPress")
                for k in range(before + 1, after + 1):
                    out["presses"][k] = (pages.index(page), press)
                # the next player moves once their page shows this move (a page behind may still show its seat
                # to move: its click would come too late)
                for other in pages:
                    other.wait_for_function(CAUGHT_UP, arg=after, timeout=LONG)
            out["seconds"] = time.monotonic() - t0
            for page in pages:  # every page shows the end
                page.locator(".bg-app.bg-over").wait_for(timeout=LONG)
            out["over"] = True
        except Exception as exc:  # a table that breaks is reported (with its pages' pictures); the others play on
            out["errors"].append(f"{type(exc).__name__}: {str(exc).splitlines()[0]}")
            for index, page in enumerate(pages):
                shot = os.path.join(tempfile.gettempdir(), f"class-tables-{game}-{index}.png")
                page.screenshot(path=shot, full_page=True)
                at = ply(page) if page.locator(".bg-ply").count() else "no move counter"
                out["errors"].append(f"page {index} ({at}): {shot}")
        finally:
            out["plies"] = [page.evaluate("() => window.bgPlies || []") for page in pages]
            out["final"] = [ply(page) for page in pages if page.locator(".bg-ply").count()]
            browser.close()
    results.put(out)


def latencies(result: dict[str, Any]) -> list[float]:
    """For every move and every page but the mover's: seconds from the move's press to that page's redraw."""
    found = []
    for k, (who, press) in result["presses"].items():
        for index, plies in enumerate(result["plies"]):
            if index == who:
                continue
            shown = next((at for n, at in plies if n >= k), None)
            if shown is not None:
                found.append(max(0.0, (shown - press) / 1000))
    return found


class Watch(threading.Thread):
    """The server's kernels and memory, sampled every 2 s while the tables play."""

    def __init__(self, server: Server) -> None:
        super().__init__(daemon=True)
        self.server = server
        self.samples: list[tuple[int, float]] = []
        self.done = threading.Event()

    def run(self) -> None:
        while not self.done.is_set():
            kernels, memory = self.server.figures()
            self.samples.append((len(kernels), memory))
            self.done.wait(2)


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[int(share * (len(ordered) - 1))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default="medici,medina,metropolis,marcopolo",
                        help="one table per game named (comma-separated; a game may come twice)")
    parser.add_argument("--players", type=int, default=4, help="players at each table, each on a page (default 4)")
    args = parser.parse_args()
    if not os.path.exists(CHROMIUM):
        sys.exit(f"{CHROMIUM} is missing: apt-get install -y chromium")
    games = args.games.split(",")
    os.environ["BOARDGAMES_DATA"] = tempfile.mkdtemp(prefix="class-tables-")
    os.environ.pop("BOARDGAMES_DB", None)
    tables = GameTables(open_store())
    made_tables = []
    for number, game in enumerate(games):
        start_state = boardgames.GAMES[game].new_game(NAMES[:args.players], seed=100 + number)
        made = tables.create(start_state, [OWNER] + [CLASSMATE] * (args.players - 1))
        keys = [made.owner_key] + [made.tokens[s] for s in range(1, args.players)]
        links = [f"/voila/render/tables/table.ipynb?table={made.code}&key={key}" for key in keys]
        made_tables.append((game, made.code, links))
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    log_path = os.path.join(os.environ["BOARDGAMES_DATA"], "server.log")
    print(f"{len(games)} tables of {args.players} pages each ({', '.join(games)}), one `make play` server; "
          f"server log {log_path}", flush=True)
    with open(log_path, "w") as log:
        server = start(port, log)
        kernels0, memory0 = server.figures()
        watch = Watch(server)
        watch.start()
        results: mp.Queue = mp.Queue()
        players = [mp.Process(target=play_table, args=(url, game, links, 7 + n, results))
                   for n, (game, _, links) in enumerate(made_tables)]
        t0 = time.monotonic()
        for p in players:
            p.start()
        done = [results.get() for _ in players]
        for p in players:
            p.join(timeout=60)
        wall = time.monotonic() - t0
        watch.done.set()
        watch.join()
        stop(server)
    stored = {line.code: line.moves for line in tables.overview()}
    over = {line.code: line.over for line in tables.overview()}
    by_game: dict[str, list[dict[str, Any]]] = {}
    for result in done:
        by_game.setdefault(result["game"], []).append(result)
    everything: list[float] = []
    failed = False
    print(f"\n{'table':<11} {'code':<6} {'made':>5} {'stored':>7} {'pages at':>15} {'over':>5} {'minutes':>8} "
          f"{'median':>7} {'p95':>6}")
    for game, code, _ in made_tables:
        result = by_game[game].pop(0)
        times = latencies(result)
        everything += times
        fine = (result["over"] and over[code] and result["made"] == stored[code]
                and set(result["final"]) == {stored[code]} and not result["errors"])
        failed |= not fine
        median = f"{statistics.median(times):.2f}" if times else "-"
        p95 = f"{percentile(times, 0.95):.2f}" if times else "-"
        print(f"{game:<11} {code:<6} {result['made']:>5} {stored[code]:>7} {'/'.join(map(str, result['final'])):>15} "
              f"{'yes' if over[code] else 'no':>5} {result['seconds'] / 60:>8.1f} {median:>7} {p95:>6}")
        for error in result["errors"][:5]:
            print(f"    {error}")
    kernels = [k for k, _ in watch.samples] or [0]
    memory = [m for _, m in watch.samples] or [0.0]
    p95 = percentile(everything, 0.95) if everything else float("inf")
    print(f"\nmoves made {sum(r['made'] for r in done)}, stored {sum(stored.values())}; "
          f"{len(everything)} redraws timed in {wall / 60:.1f} min")
    if everything:
        print(f"from a move's press to the redraw on the table's other pages: median "
              f"{statistics.median(everything):.2f} s, p95 {p95:.2f} s, max {max(everything):.2f} s "
              f"(target p95 <= {TARGET} s)")
    print(f"kernels: {len(kernels0)} before the pages (the pre-heated pool), at most {max(kernels)} with "
          f"{len(games) * args.players} pages open")
    print(f"memory, server and kernels (RSS): {memory0:.0f} MB before, at most {max(memory):.0f} MB "
          f"(about {(max(memory) - memory0) / max(1, max(kernels) - len(kernels0)):.0f} MB a page's kernel)")
    if failed or p95 > TARGET:
        sys.exit(1)


if __name__ == "__main__":
    main()
