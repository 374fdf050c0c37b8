"""Moves a minute on the Medina dashboard, by the keyboard and by the mouse, on the same deal: starts Voila on
notebooks/ the way `make play` does (the bots answer at once), opens the same game twice in Debian's Chromium (a
position link: Ada at this screen, Ben and Cleo random bots) and plays Ada's first decisions, once typed in the move
box (a move its list offers, then Enter) and once clicked (a piece, then a green square of the board), each chosen at
random from the same seed; prints the decisions a minute of each and their ratio. The time of a decision runs from
the input to Ada's next decision shown, the bots' two moves and the page's redraws included.

Usage: python benchmarks/keyboard.py [--decisions 24] [--seed 11]
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))  # tests/support: the browser helpers
from support.browser import CHROMIUM, CHROMIUM_ARGS, VIEWPORT, place_a_medina_piece, voila  # noqa: E402
from support.browser import MOVES_OFFERED as OFFERED  # noqa: E402
from support.browser import TYPED_READY as READY  # noqa: E402

from boardgames.core import Match  # noqa: E402
from boardgames.core.links import position_link  # noqa: E402

PLY = "() => Number(document.querySelector('.bg-ply').dataset.ply)"


def typed(page, rng: random.Random) -> None:
    """One decision typed: a move the box offers, then Enter (the focus is in the box)."""
    before = page.evaluate(PLY)
    page.keyboard.insert_text(rng.choice(page.evaluate(OFFERED)))
    page.keyboard.press("Enter")
    page.wait_for_function(f"() => Number(document.querySelector('.bg-ply').dataset.ply) !== {before}")


def clicked(page, rng: random.Random) -> None:
    """One decision clicked: a piece, then a green square."""
    place_a_medina_piece(page, rng)


def play(page, url: str, link: str, decide, decisions: int, seed: int) -> float:
    """Seconds for ``decisions`` of Ada's decisions made by ``decide`` on a fresh page of the game ``link``."""
    page.goto(f"{url}/voila/render/medina/play.ipynb?position={link}&hints=off")
    page.wait_for_function(READY, timeout=60_000)
    page.locator(".bg-move-box input").focus()
    rng = random.Random(seed)
    start = time.perf_counter()
    for _ in range(decisions):
        decide(page, rng)
        page.wait_for_function(READY, timeout=60_000)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decisions", type=int, default=24)
    parser.add_argument("--seed", type=int, default=11)
    args = parser.parse_args()
    match = Match.new("medina", ["Ada", "Ben", "Cleo"], seed=args.seed)
    link = position_link(match, 0, seats=["human", "random", "random"])
    with tempfile.TemporaryDirectory() as data, open(os.devnull, "w") as log:
        env = {**os.environ, "BOARDGAMES_DATA": data, "BOARDGAMES_BOT_DELAY": "0"}
        with voila(env, log) as url, sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            page = browser.new_page(viewport=VIEWPORT)
            rates = {}
            for way, decide in (("keyboard", typed), ("mouse", clicked)):
                seconds = play(page, url, link, decide, args.decisions, args.seed)
                rates[way] = args.decisions * 60 / seconds
                print(f"{way:<9} {args.decisions} decisions in {seconds:5.1f} s: {rates[way]:5.1f} a minute")
            print(f"keyboard / mouse: {rates['keyboard'] / rates['mouse']:.2f}")
            browser.close()


if __name__ == "__main__":
    main()
