"""The guide's words: the rule each kind of move is about and what a move does, per game (each game's teaching
description, ``boardgames.core.teaching``: ``rule``, ``does``, ``facts``), and the experts' reasons made plain for a
learner."""

from __future__ import annotations

import re
from typing import Any

from boardgames.core.teaching import teaching_of


def rule_of(state: Any, move: Any) -> str:
    """The rule id (of the engine's RULES) a move of that kind is about, at ``state``."""
    return teaching_of(state.GAME).rule(state, move)


def what_it_does(state: Any, move: Any) -> str:
    """What ``move`` does at ``state``, in the game's words (one clause, no full stop)."""
    return teaching_of(state.GAME).does(state, move)


def facts_of(state: Any, move: Any) -> str:
    """What the game's open facts say about ``move`` for the seat to move (a clause, or empty): the lot's goods in
    Medici, the building in Metropolis."""
    return teaching_of(state.GAME).facts(state, move)


def plain_reason(move: Any, reason: str, who: str = "the expert", game: str | None = None) -> str:
    """A bot's ``reason`` for ``move`` as the guide says it: without the move said again in front (where ``game``
    has a lead of its own, with that), without the expert's own score of the position (a number that means nothing
    to a learner), ``who`` for "the bot"."""
    text = reason.strip()
    said = f"{move}: "
    if text.startswith(said):
        lead = teaching_of(game).reason_lead if game else ""
        text = lead + text[len(said):]
    text = VALUE_CLAUSE.sub("", text)
    text = SAME_AS.sub(r", as much as after \1", text)
    return text.replace("the bot's", f"{who}'s").replace("the bot ", f"{who} ")


VALUE_CLAUSE = re.compile(r";? ?the bot's value -?[\d.]+ \(was -?[\d.]+\)")  # Medina's expert: its own score
SAME_AS = re.compile(r", 0\.0 more than after (.+?) \(\d+\)")  # Marco Polo's expert: a move as good as another


def as_told_of(name: str, reason: str) -> str:
    """A bot's ``reason`` (written to its own seat: "your ship", "worth 8 to you") told of it by ``name``."""
    text = re.sub(r"\bto you\b", f"to {name}", reason)
    text = re.sub(r"\b[Yy]our\b", f"{name}'s", text)
    return re.sub(r"\b[Yy]ou\b", name, text)

