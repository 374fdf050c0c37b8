"""Accessibility of every kind of page, as axe-core judges it (WCAG 2.0, 2.1 and 2.2, A and AA): starts Voila on
notebooks/ the way `make play` does, opens each page in Debian's Chromium once it has drawn, and prints per page how
many rules it breaks at each impact (critical, serious, moderate, minor) and which serious and critical ones.

Usage: python benchmarks/accessibility.py [--lang ja] [--details]
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from collections import Counter
from pathlib import Path

from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))  # tests/support: the browser helpers
from support.accessibility import grave, violations  # noqa: E402
from support.browser import CHROMIUM, CHROMIUM_ARGS, VIEWPORT, voila  # noqa: E402

WIDGETS = ".jupyter-widgets"
# (what, the page under /voila/render/, what shows once it has drawn)
PAGES = [
    ("Medici dashboard", "medici/play.ipynb", ".bg-board"),
    ("Medina dashboard", "medina/play.ipynb", ".bg-board"),
    ("Metropolis dashboard", "metropolis/play.ipynb", ".bg-board"),
    ("Marco Polo dashboard", "marcopolo/play.ipynb", ".bg-board"),
    ("a rules notebook, its exercise", "medici/02-a-turn.ipynb", ".bg-exercise"),
    ("a first game", "medici/first-game.ipynb", ".bg-board"),
    ("the puzzles", "puzzles.ipynb", ".bg-puzzles"),
    ("the class page", "class/teacher.ipynb", WIDGETS),
    ("a student's class page", "class/student.ipynb", WIDGETS),
    ("the auction's teacher page", "auction/teacher.ipynb", WIDGETS),
    ("the auction's student page", "auction/student.ipynb", WIDGETS),
    ("the open tables", "tables/overview.ipynb", WIDGETS),
    ("the landing page", "index.ipynb", "h1"),
]
IMPACTS = ("critical", "serious", "moderate", "minor")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lang", default="en")
    parser.add_argument("--details", action="store_true", help="name each serious and critical rule broken")
    args = parser.parse_args()
    query = "" if args.lang == "en" else f"?lang={args.lang}"
    with tempfile.TemporaryDirectory() as data, open(os.devnull, "w") as log:
        env = {**os.environ, "BOARDGAMES_DATA": data}
        with voila(env, log) as url, sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            page = browser.new_page(viewport=VIEWPORT)
            print(f"{'page':<32} " + " ".join(f"{i:>8}" for i in IMPACTS) + "  (rules broken, elements)")
            totals: Counter = Counter()
            for what, path, drawn in PAGES:
                page.goto(f"{url}/voila/render/{path}{query}")
                try:
                    page.wait_for_selector(drawn, timeout=60_000)
                except Exception:  # noqa: BLE001 - a page that did not draw is reported, not fatal
                    print(f"{what:<32} did not draw ({drawn})")
                    continue
                page.wait_for_selector("#loading", state="detached", timeout=60_000)
                page.wait_for_timeout(1500)
                found = violations(page)
                counts = Counter(v["impact"] for v in found)
                elements = Counter()
                for v in found:
                    elements[v["impact"]] += v["count"]
                totals.update(counts)
                print(f"{what:<32} " + " ".join(f"{counts[i]:>3} ({elements[i]:>3})" for i in IMPACTS))
                if args.details:
                    for v in grave(found):
                        print(f"    {v['impact']:<8} {v['id']}: {v['help']} ({v['count']}) e.g. {v['where'][:1]}")
            print(f"{'all pages':<32} " + " ".join(f"{totals[i]:>9}" for i in IMPACTS))
            browser.close()


if __name__ == "__main__":
    main()
