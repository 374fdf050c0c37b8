"""Foundations of Metropolis's guide in the first game (its teaching's ``rule``, ``does``, ``facts``, ``adds_up``):
the rule each kind of move is about, what a move does in the game's words, and how each seat's prestige adds up over
the three years."""

from __future__ import annotations

from typing import Any

from boardgames.core import and_list
from boardgames.metropolis.tiles import TILES, tile_words

RULES = {  # the rule each kind of move is about
    "Income": "metropolis.income", "Buy": "metropolis.buy.slide-refill",
    "Build": "metropolis.build.shape", "Pick": "metropolis.draft.pick"}


def rule(state: Any, move: Any) -> str:
    """The rule id (of the engine's RULES) a move of that kind is about, at ``state``."""
    return RULES[type(move).__name__]


def facts(state: Any, move: Any) -> str:
    """What a building is (its kind, what it gives, its shape); empty for the other moves."""
    if type(move).__name__ != "Build":
        return ""
    return "the " + tile_words(move.tile).split(" ", 1)[1]


def does(state: Any, move: Any) -> str:
    """What ``move`` does at ``state``, in the game's words (one clause, no full stop)."""
    kind = type(move).__name__
    if kind == "Income":
        return "Take income: 5 coins plus the coins of your commercial buildings"
    if kind == "Buy":
        return f"Buy the deed of {move.cell}: your lot marker goes on that cell"
    if kind == "Build":
        lots = "lot" if len(move.cells) == 1 else "lots"
        return f"Build the {TILES[move.tile].name} ({move.tile}) on {and_list(move.cells)}, your own {lots}"
    return f"Keep the deed of {move.cell} from the hand you hold"


def adds_up(start: Any, end: Any, events: list) -> list[str]:
    """Per seat: the prestige of each year's scoring, summed to its final prestige."""
    years: dict[int, list[int]] = {}
    for e in events:
        if e.kind == "metropolis.year.score" and e.seat is not None and "total" in e.data:
            years.setdefault(e.seat, []).append(e.data["total"])
    out = []
    for seat, name in enumerate(end.names):
        parts = " + ".join(f"Year {k + 1} {n}" for k, n in enumerate(years.get(seat, [])))
        out.append(f"{name}: {parts} = {end.scores()[seat]} prestige.")
    return out
