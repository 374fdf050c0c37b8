"""What every part of a Marco Polo move writes with: the wealth (a gain, recorded), the dice's chance (the
rolls come from the state's ``luck``), the agenda (tasks pushed before those waiting) and a tuple with one item
replaced. Each function writes into a ``Draft`` (``state.draft``) and leaves records (``records.py``)."""

from __future__ import annotations

import random
from typing import Any

from boardgames.core.message import Message
from boardgames.marcopolo import records as R
from boardgames.marcopolo.state import Draft

MASK = (1 << 64) - 1


def with_item(values: tuple, i: int, value: Any) -> tuple:
    """``values`` with item ``i`` replaced by ``value``."""
    return values[:i] + (value,) + values[i + 1 :]


def roll_value(luck: int, n: int) -> int:
    """The ``n``-th die rolled in a game whose chance is ``luck`` (splitmix64), 1 to 6."""
    z = (luck * 0x9E3779B97F4A7C15 + (n + 1) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return (z ^ (z >> 31)) % 6 + 1


def roll(d: Draft) -> int:
    value = roll_value(d.luck, d.draws)
    d.draws += 1
    return value


def luck_of(seed: int) -> int:
    """The chance of the rolls of a game with ``seed``."""
    return random.Random(f"marcopolo/rolls/{seed}").getrandbits(63)


def gain(d: Draft, seat: int, change: tuple[int, ...], reason: Message, rule: str) -> None:
    """Add ``change`` to ``seat``'s wealth and record why."""
    w = d.wealth[seat]
    d.wealth = with_item(d.wealth, seat, (w[0] + change[0], w[1] + change[1], w[2] + change[2], w[3] + change[3],
                                     w[4] + change[4], w[5] + change[5]))
    d.log.append((R.Gained, seat, change, reason, rule))


def scaled(change: tuple[int, ...], k: int) -> tuple[int, ...]:
    return tuple(x * k for x in change)


def added(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(x + y for x, y in zip(a, b))


def push(d: Draft, tasks: list) -> None:
    """Put ``tasks`` before the tasks already waiting."""
    if tasks:
        d.agenda = tuple(tasks) + d.agenda


def reward_tasks(seat: int, items: tuple, reason: Message, rule: str) -> list:
    """The tasks that pay the reward ``items`` (see ``data.reward``) to ``seat``."""
    out = []
    for item in items:
        if isinstance(item, tuple):
            out.append(("gain", seat, item, reason, rule))
        else:
            out.append((item, seat, reason))
    return out
