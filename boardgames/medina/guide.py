"""Medina's guide in the first game (its teaching's ``rule``, ``does``): the rule each kind of placement is about and
what a placement does, in the game's words (a message, ``boardgames.core.message``)."""

from __future__ import annotations

from typing import Any

from boardgames.core.message import Message, say
from boardgames.medina.pieces import a_building_said
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


def does(state: Any, move: Any) -> Message:
    """What ``move`` does at ``state``, in the game's words (one clause, no full stop, its first word not a
    capital: the guide makes it a sentence)."""
    if type(move).__name__ != "Place":
        return say("pass")
    at = f"({move.at[0]}, {move.at[1]})"
    if state.step == START:
        return say("as the start player, place the extra merchant on {at}", at=at)
    if move.piece == "building":
        return say("place {building} on {at}", building=a_building_said(move.colour), at=at)
    if move.piece == "roof":
        return say("put a roof on the palace at {at}: it becomes yours", at=at)
    if move.piece == "stable":
        return say("place a stable on {at}, beside a palace", at=at)
    if move.piece == "merchant":
        return say("place a merchant on {at}, at an end of the merchant line", at=at)
    return say("place a wall on {at}, along the city's ring", at=at)
