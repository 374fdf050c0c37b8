"""Medina's guide in the first game (its teaching's ``rule``, ``does``): the rule each kind of placement is about and
what a placement does, in the game's words."""

from __future__ import annotations

from typing import Any

from boardgames.core import article
from boardgames.medina.rules import START

RULES = {  # the rule each kind of move is about
    "building": "medina.building.extend", "roof": "medina.roof.unclaimed",
    "stable": "medina.stable.adjacent", "merchant": "medina.merchant.line-end",
    "wall": "medina.wall.connect",
}


def rule(state: Any, move: Any) -> str:
    """The rule id (of the engine's RULES) a move of that kind is about, at ``state``."""
    if state.step == START:
        return "medina.turn.start-merchant"
    return RULES.get(getattr(move, "piece", None), "medina.turn.must-place")


def does(state: Any, move: Any) -> str:
    """What ``move`` does at ``state``, in the game's words (one clause, no full stop)."""
    if type(move).__name__ != "Place":
        return "Pass"
    at = f"({move.at[0]}, {move.at[1]})"
    if state.step == START:
        return f"As the start player, place the extra merchant on {at}"
    if move.piece == "building":
        return f"Place {article(move.colour)} building on {at}"
    if move.piece == "roof":
        return f"Put a roof on the palace at {at}: it becomes yours"
    if move.piece == "stable":
        return f"Place a stable on {at}, beside a palace"
    if move.piece == "merchant":
        return f"Place a merchant on {at}, at an end of the merchant line"
    return f"Place a wall on {at}, along the city's ring"
