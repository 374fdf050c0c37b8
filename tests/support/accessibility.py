"""axe-core's accessibility rules run on a page in Chromium: the rules of WCAG 2.0, 2.1 and 2.2 at levels A and AA.

``violations(page)`` is what axe finds on the page as it is now, each rule broken with its impact (minor, moderate,
serious, critical), its help and how many elements break it; ``grave(found)`` keeps the serious and critical ones.
axe-core comes from npm by the lock file of ``tests/support/axe`` (``make test`` installs it where npm is)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

AXE = Path(__file__).with_name("axe") / "node_modules" / "axe-core" / "axe.min.js"
RULES = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
GRAVE = ("serious", "critical")
RUN = """options => axe.run(document, options).then(found => found.violations.map(v => ({
    id: v.id, impact: v.impact, help: v.help, count: v.nodes.length,
    where: v.nodes.slice(0, 3).map(n => n.target.join(' ') + ': ' + (n.failureSummary || '').split('\\n')[1])})))"""


def violations(page: Any) -> list[dict]:
    """The rules of WCAG 2.x A and AA the page breaks now (axe-core's), each with its impact and elements."""
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    return page.evaluate(RUN, {"runOnly": {"type": "tag", "values": RULES}, "resultTypes": ["violations"]})


def grave(found: list[dict]) -> list[dict]:
    """The serious and critical ones of ``found``."""
    return [v for v in found if v["impact"] in GRAVE]


def no_grave_violation(page: Any) -> None:
    """Fail, naming each rule and where, if axe finds a serious or critical violation on the page now."""
    found = grave(violations(page))
    assert not found, "accessibility (axe-core, WCAG 2.x A and AA):\n" + "\n".join(
        f"  {v['impact']} {v['id']}: {v['help']} ({v['count']}) e.g. {v['where'][:2]}" for v in found)
