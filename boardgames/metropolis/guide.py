"""Foundations of Metropolis's guide in the first game (its teaching's ``rule``, ``does``, ``facts``, ``adds_up``):
the rule each kind of move is about, what a move does in the game's words, and how each seat's prestige adds up over
the three years (messages, ``boardgames.core.message``)."""

from __future__ import annotations

from typing import Any

from boardgames.core.message import Message, listed, say, say_n
from boardgames.metropolis.tiles import building_word, tile_said

RULES = {  # the rule each kind of move is about
    "Income": "metropolis.income", "Buy": "metropolis.buy.slide-refill",
    "Build": "metropolis.build.shape", "Pick": "metropolis.draft.pick"}


def rule(state: Any, move: Any) -> str:
    """The rule id (of the engine's RULES) a move of that kind is about, at ``state``."""
    return RULES[type(move).__name__]


def facts(state: Any, move: Any) -> Message | str:
    """What a building is (its kind, what it gives, its shape); empty for the other moves."""
    if type(move).__name__ != "Build":
        return ""
    said = tile_said(move.tile)
    return say("the {building}: {category}, {worth}, {shape}", building=said["building"], category=said["category"],
               worth=said["worth"], shape=said["shape"])


def does(state: Any, move: Any) -> Message:
    """What ``move`` does at ``state``, in the game's words (one clause, no full stop, its first word not a
    capital: the guide makes it a sentence)."""
    kind = type(move).__name__
    if kind == "Income":
        return say("take income: 5 coins plus the coins of your commercial buildings")
    if kind == "Buy":
        return say("buy the deed of {cell}: your lot marker goes on that cell", cell=move.cell)
    if kind == "Build":
        return say_n("build the {building} ({tile}) on {cells}, your own lot",
                     "build the {building} ({tile}) on {cells}, your own lots", len(move.cells),
                     building=building_word(move.tile), tile=move.tile, cells=listed(move.cells))
    return say("keep the deed of {cell} from the hand you hold", cell=move.cell)


def adds_up(start: Any, end: Any, events: list) -> list[Message]:
    """Per seat: the prestige of each year's scoring, summed to its final prestige."""
    years: dict[int, list[int]] = {}
    for e in events:
        if e.kind == "metropolis.year.score" and e.seat is not None and "total" in e.data:
            years.setdefault(e.seat, []).append(e.data["total"])
    out = []
    for seat, name in enumerate(end.names):
        parts: Any = ""
        for k, n in enumerate(years.get(seat, [])):
            year = say("Year {year} {prestige}", year=k + 1, prestige=n)
            parts = say("{sum} + {part}", sum=parts, part=year) if k else year
        out.append(say("{name}: {parts} = {total} prestige.", name=name, parts=parts, total=end.scores()[seat]))
    return out
