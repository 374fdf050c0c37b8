"""Dashboard latency in Chromium: Voila start to first board, and click to redraw over a whole game.

Starts Voila on notebooks/ the way `make play` does (the play notebook with a pre-heated kernel), drives a
game's dashboard (Medici by default, Medina, Foundations of Metropolis or The Voyages of Marco Polo) with
Debian's Chromium (/usr/bin/chromium), plays the play notebook's whole game as Ada by clicking (Medici: enabled
move controls; Medina: a piece, then one of the green squares of the board; Metropolis: a tile and its green
cells, a deed of the deed board, or income; Marco Polo: an answer to the open question, maybe a die, then an action
space or a city card and one of its moves, a bonus action, or End turn), and prints:

- Voila process start to the first board on screen (the server is cold);
- page request to board with a pre-heated kernel (median of a few page loads);
- click to redraw: from a click on a move control (Medina, Metropolis and Marco Polo: the mouse going down on
  the board or a move button; of a move's clicks, the last) until the page shows the new position (the move counter
  changes, then one animation frame), median and 95th percentile over the game;
- bot move shown: from the human move's redraw until the first bot move is on screen, at the default
  bot strength and pause.

With ``--lang ja`` (or ``zh-Hant``) the page is asked for in that language (``?lang=``): run it beside a run without
it to see what the translation costs.

Usage: python benchmarks/dashboard.py [--game medici|medina|metropolis|marcopolo] [--seed N] [--loads N] [--lang ja]
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

from playwright.sync_api import sync_playwright

from boardgames import GAMES

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))  # tests/support: the browser helpers
from support.browser import (  # noqa: E402
    CHROMIUM,
    CHROMIUM_ARGS,
    MARCOPOLO_CLICK_TIMER,
    MEDINA_SQUARE_TIMER,
    METROPOLIS_CLICK_TIMER,
    READY,
    VIEWPORT,
    place_a_medina_piece,
    play_a_marcopolo_decision,
    play_a_metropolis_turn,
    ply,
    voila,
    wait_for_decision,
)

# Click a control in the page and resolve with the milliseconds until the move counter has changed and
# the next frame has been painted.
CLICK = """
(index) => new Promise((resolve) => {
    const buttons = [...document.querySelectorAll('.bg-move')].filter(b => !b.disabled && b.offsetParent !== null);
    const before = document.querySelector('.bg-ply').dataset.ply;
    const t0 = performance.now();
    const done = () => {
        const s = document.querySelector('.bg-ply');
        if (s && s.dataset.ply !== before) {
            observer.disconnect();
            requestAnimationFrame(() => resolve({ms: performance.now() - t0, ply: Number(s.dataset.ply)}));
        }
    };
    const observer = new MutationObserver(done);
    observer.observe(document.body, {subtree: true, childList: true, attributes: true, characterData: true});
    buttons[index % buttons.length].click();
})
"""
# After a human move: milliseconds until a bot's move is on screen (the counter passes `ply`), or null
# when no bot is to move.
BOT_SHOWN = """
(ply) => new Promise((resolve) => {
    const t0 = performance.now();
    const s0 = document.querySelector('.bg-ply');
    if (s0.dataset.turn !== 'bot') { resolve(null); return; }
    const observer = new MutationObserver(() => {
        const s = document.querySelector('.bg-ply');
        if (s && Number(s.dataset.ply) > ply) {
            observer.disconnect();
            requestAnimationFrame(() => resolve(performance.now() - t0));
        }
    });
    observer.observe(document.body, {subtree: true, childList: true, attributes: true, characterData: true});
})
"""
def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=["medici", "medina", "metropolis", "marcopolo"], default="medici",
                        help="the dashboard to drive")
    parser.add_argument("--seed", type=int, default=2024, help="the game's seed (default 2024)")
    parser.add_argument("--loads", type=int, default=3, help="page loads with a pre-heated kernel (default 3)")
    parser.add_argument("--lang", choices=["en", "ja", "zh-Hant"], default="en", help="the page's language")
    opts = parser.parse_args()
    page_path = f"/voila/render/{opts.game}/play.ipynb" + ("" if opts.lang == "en" else f"?lang={opts.lang}")
    if not os.path.exists(CHROMIUM):
        sys.exit(f"{CHROMIUM} is missing: apt-get install -y chromium")
    env = dict(os.environ, BOARDGAMES_SEED=str(opts.seed))
    env.pop("BOARDGAMES_BOT_DELAY", None)  # the default pause, as a player gets it
    long = 120_000  # ms: a first page load may wait for a cold kernel
    log = tempfile.TemporaryFile()
    started = time.perf_counter()
    try:
        server = voila(env, log, "--preheat_kernel=True", r"--VoilaKernelManager.preheat_denylist=^(?!.*play\.ipynb$)")
        with server as url, sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            page = browser.new_page(viewport=VIEWPORT)
            page.goto(url + page_path)
            page.locator(".bg-board").wait_for(timeout=long)
            page.wait_for_function(READY, timeout=long)
            cold = time.perf_counter() - started
            loads = []
            for _ in range(opts.loads):
                time.sleep(3)  # let Voila refill its pool of pre-heated kernels
                fresh = browser.new_page(viewport=VIEWPORT)
                t0 = time.perf_counter()
                fresh.goto(url + page_path)
                fresh.locator(".bg-board").wait_for(timeout=long)
                fresh.wait_for_function(READY, timeout=long)
                loads.append(time.perf_counter() - t0)
                fresh.close()
            rng = random.Random(opts.seed)
            clicks, bots = [], []
            timers = {"medina": MEDINA_SQUARE_TIMER, "metropolis": METROPOLIS_CLICK_TIMER,
                      "marcopolo": MARCOPOLO_CLICK_TIMER}
            if opts.game in timers:
                page.evaluate(timers[opts.game])
            while wait_for_decision(page, timeout=long):
                if opts.game == "medina":
                    place_a_medina_piece(page, rng, timeout=long)
                    after = ply(page)
                elif opts.game == "metropolis":
                    play_a_metropolis_turn(page, rng, timeout=long)
                    after = ply(page)
                elif opts.game == "marcopolo":
                    play_a_marcopolo_decision(page, rng, timeout=long)
                    after = ply(page)
                else:
                    result = page.evaluate(CLICK, rng.randrange(1000))
                    clicks.append(result["ms"])
                    after = result["ply"]
                shown = page.evaluate(BOT_SHOWN, after)
                if shown is not None:
                    bots.append(shown)
            if opts.game in timers:
                clicks = page.evaluate("() => window.bgLatency")
            players = page.locator(".bg-setup .bg-seat-kind").count()  # a kind chooser per seat
            browser.close()
    except RuntimeError as exc:
        log.seek(0)
        sys.exit(f"{exc}:\n" + log.read().decode(errors="replace")[-3000:])
    print(f"Voila dashboard latency: {GAMES[opts.game].NAME}, {players} players, seed {opts.seed}, "
          f"Chromium at 1280x800, the page in {opts.lang}")
    print(f"  Voila start to first board (cold server):      {cold:6.2f} s")
    print(f"  page request to board, pre-heated kernel:      {statistics.median(loads):6.2f} s median "
          f"of {len(loads)} (max {max(loads):.2f} s)")
    print(f"  click to redraw over a whole game ({len(clicks)} clicks): median {statistics.median(clicks):5.0f} ms, "
          f"p95 {percentile(clicks, 0.95):5.0f} ms")
    if bots:
        print(f"  bot move shown after a human move ({len(bots)}):       median {statistics.median(bots):5.0f} ms, "
              f"p95 {percentile(bots, 0.95):5.0f} ms (includes the bots' pause)")


if __name__ == "__main__":
    main()
