"""The guide's words: the rule each kind of move is about and what a move does, per game (``boardgames.guided.<game>``:
``RULES``, ``rule``, ``does``), and the experts' reasons made plain for a learner."""

from __future__ import annotations

import importlib
import re
from types import ModuleType
from typing import Any

GAMES = ("medici", "medina", "metropolis", "marcopolo")  # the games with a first game, one module each


def guide_of(game: str) -> ModuleType:
    """The module of ``game``'s first game (``boardgames.guided.<game>``)."""
    if game not in GAMES:
        raise ValueError(f"there is no first game of {game!r}; choose from {sorted(GAMES)}")
    return importlib.import_module(f"boardgames.guided.{game}")


def rule_of(state: Any, move: Any) -> str:
    """The rule id (of the engine's RULES) a move of that kind is about, at ``state``."""
    return guide_of(state.GAME).rule(state, move)


def what_it_does(state: Any, move: Any) -> str:
    """What ``move`` does at ``state``, in the game's words (one clause, no full stop)."""
    return guide_of(state.GAME).does(state, move)


def facts_of(state: Any, move: Any) -> str:
    """What the game's open facts say about ``move`` for the seat to move (a clause, or empty): the lot's goods in
    Medici, the building in Metropolis."""
    facts = getattr(guide_of(state.GAME), "facts", None)
    return facts(state, move) if facts is not None else ""


def plain_reason(move: Any, reason: str, who: str = "the expert", game: str | None = None) -> str:
    """A bot's ``reason`` for ``move`` as the guide says it: without the move said again in front (where ``game``
    has a lead of its own, with that), without the expert's own score of the position (a number that means nothing
    to a learner), ``who`` for "the bot"."""
    text = reason.strip()
    said = f"{move}: "
    if text.startswith(said):
        lead = getattr(guide_of(game), "REASON_LEAD", "") if game else ""
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

