"""Who plays each seat of the app: ``"human"`` (at this screen), ``"classmate"`` (at a table, from their own page:
``widgets.shell.table_link``) or a bot of one of the game's levels (``"bot"``: the strongest)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from boardgames.bots import bot_levels, make_bot
from boardgames.core.message import Message, term
from widgets.shell.bots import HUMAN, default_level
from widgets.shell.table_link import CLASSMATE


def seat_kinds(game: str, seats: Sequence[str] | None, n: int) -> list[str]:
    """``seats`` for ``n`` players of ``game``, each a seat kind (None: seat 0 human, the others bots; "bot": the
    default level); ValueError for a wrong count or kind."""
    levels = bot_levels(game)
    seats = [HUMAN] + ["bot"] * (n - 1) if seats is None else list(seats)
    if len(seats) != n:
        raise ValueError(f"{n} players need {n} seats, got {len(seats)}")
    out = []
    for s in seats:
        if s == "bot":
            s = default_level(game)
        if s not in (HUMAN, CLASSMATE) and s not in levels:
            raise ValueError(f"a seat is 'human', 'classmate' or a bot level ({', '.join(levels)}), not {s!r}")
        out.append(s)
    return out


def bot_level(seats: Sequence[str], seat: int) -> str | None:
    """The level of the bot playing ``seat``, or None for a person's seat."""
    level = seats[seat]
    return None if level in (HUMAN, CLASSMATE) else level


def level_said(level: str) -> Message:
    """A bot level's name (``"search"``) as a word a page shows in its language."""
    return term("bot.level", level)


def seat_bots(game: str, seats: Sequence[str], seed: int) -> dict[int, Any]:
    """The bots of the bot seats, each seeded from the game's ``seed`` and its seat."""
    return {s: make_bot(game, level, seed=seed * 10 + s) for s, level in enumerate(seats)
            if bot_level(seats, s) is not None}
