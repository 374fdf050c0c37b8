"""How many of each game's rule ids its rules notebooks teach (cells tagged ``teaches:<rule id>``).

Prints figures; asserts nothing (``tests/test_teaching.py`` asks for all of them).
Usage: python benchmarks/teaching.py [--missing]
"""

from __future__ import annotations

import argparse

import boardgames
from boardgames.teaching import coverage, rules_notebooks


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--missing", action="store_true", help="list the rule ids no cell teaches")
    args = parser.parse_args()
    print(f"{'game':<11} {'notebooks':>9} {'taught':>7} {'rule ids':>8} {'share':>6}")
    for game in boardgames.GAMES:
        found = coverage(game)
        taught = len(found.rules) - len(found.untaught)
        share = taught / len(found.rules)
        print(f"{game:<11} {len(rules_notebooks(game)):>9} {taught:>7} {len(found.rules):>8} {share:>6.0%}")
        if args.missing:
            for rule in found.untaught:
                print(f"{'':<11} not taught: {rule}")
            for notebook, tag in found.unknown:
                print(f"{'':<11} unknown tag in {notebook}: {tag}")


if __name__ == "__main__":
    main()
