"""Medici's guide in the first game (its teaching's ``rule``, ``does``, ``facts``, ``adds_up``): the rule each kind
of move is about, what a move does in the game's words, and how each seat's money adds up at the end."""

from __future__ import annotations

from collections import Counter
from typing import Any

from boardgames.core import and_list, plural
from boardgames.medici.cards import cards_text
from boardgames.medici.rules import GOLD, GOLD_FACE, GOODS, TOP_LEVEL

COUNTS = {1: "one", 2: "two", 3: "three"}

RULES = {  # the rule each kind of move is about
    "Draw": "medici.reveal.limit", "Auction": "medici.auction.empty-lot", "Bid": "medici.bid.must-exceed",
    "Pass": "medici.bid.once", "Stow": "medici.ship.choose"}


def rule(state: Any, move: Any) -> str:
    """The rule id (of the engine's RULES) a move of that kind is about, at ``state``."""
    return RULES[type(move).__name__]


def facts(state: Any, move: Any) -> str:
    """What the lot at stake would do for the learner (the seat to move), from what lies open: for each good in it,
    where its track marker would stand at the day's end with the goods already on the ships; a gold card's 10 in
    the ship's value. Empty for a reveal and for loading a ship."""
    if type(move).__name__ not in ("Auction", "Bid", "Pass") or not state.lot:
        return ""
    seat = state.current_player
    goods = Counter(c.good for c in state.lot)
    loaded = Counter(c.good for c in state.cargo(seat))
    parts = []
    for good in GOODS:
        if goods[good]:
            level = min(TOP_LEVEL, state.levels[seat][GOODS.index(good)] + loaded[good] + goods[good])
            parts.append(f"{COUNTS.get(goods[good], goods[good])} {good} would lift your {good} to {level}")
    if goods[GOLD]:
        parts.append(f"the gold adds {GOLD_FACE} to the value of your ship")
    return f"{and_list(parts)} at the day's end" if parts else ""


def lot_text(state: Any) -> str:
    """The lot at stake, as the board writes its cards."""
    return cards_text(state.lot)


def does(state: Any, move: Any) -> str:
    """What ``move`` does at ``state``, in the game's words (one clause, no full stop)."""
    kind = type(move).__name__
    if kind == "Draw":
        return "Reveal a card from the deck for the lot" if not state.lot else "Reveal one more card for the lot"
    if kind == "Auction":
        return f"Open the auction on the lot of {plural(len(state.lot), 'card')} ({lot_text(state)})"
    if kind == "Bid":
        return f"Bid {plural(move.amount, 'florin')} on the lot ({lot_text(state)})"
    if kind == "Pass":
        return f"Pass: let the lot ({lot_text(state)}) go"
    return f"Load the lot you won onto ship {move.ship + 1}"


def adds_up(start: Any, end: Any, events: list) -> list[str]:
    """Per seat: its florins at the start, plus each day's income, less what it paid for lots: its final money."""
    days = [e.data["income"] for e in events if e.kind == "medici.day.income" and "income" in e.data]
    paid = [0] * end.players
    for e in events:
        if e.kind == "medici.auction.win" and e.seat is not None:
            paid[e.seat] += e.data.get("price", 0)
    out = []
    for seat, name in enumerate(end.names):
        incomes = " + ".join(str(day[seat]) for day in days)
        out.append(f"{name}: {start.scores()[seat]} florins at the start + {incomes} of income at the days' ends "
                   f"− {paid[seat]} paid for lots = {end.scores()[seat]} florins.")
    return out
