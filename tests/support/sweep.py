"""How many seeds a conformance sweep plays, and at which player counts a bot's strength is tried: a few in ``make
test``, all of them in ``make sweep``.

``make test`` plays the first ``SHORT`` seeds of each sweep (every rule and every player count is reached within
them: the sweeps' own assertions say so); ``make sweep`` (``BOARDGAMES_SWEEP=full``) plays each sweep's whole range,
and CI runs it after ``make test`` on every submission."""

from __future__ import annotations

import os

SHORT = 10


def seeds(full: int) -> range:
    """The seeds a sweep plays: ``range(full)`` under ``BOARDGAMES_SWEEP=full``, else the first ``SHORT``."""
    return range(full) if os.environ.get("BOARDGAMES_SWEEP") == "full" else range(min(SHORT, full))


def player_counts(every: list[int]) -> list[int]:
    """The player counts a bot's strength is tried at: ``every`` one under ``BOARDGAMES_SWEEP=full``, else the one
    in the middle of the list (the bot reads the table with the same code at every count; the conformance sweeps and
    the bots' other tests play every count)."""
    return every if os.environ.get("BOARDGAMES_SWEEP") == "full" else [every[len(every) // 2]]
