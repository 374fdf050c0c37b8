"""Medici's guide in the first game (its teaching's ``rule``, ``does``, ``facts``, ``adds_up``): the rule each kind
of move is about, what a move does in the game's words, and how each seat's money adds up at the end (messages,
``boardgames.core.message``)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from boardgames.core.message import Message, listed, say, say_n, term
from boardgames.medici.cards import cards_said, good_word
from boardgames.medici.moves import ship_said
from boardgames.medici.rules import GOLD, GOLD_FACE, GOODS, TOP_LEVEL

COUNTS = {1: term("number", "one"), 2: term("number", "two"), 3: term("number", "three")}  # a count of cards

RULES = {  # the rule each kind of move is about
    "Draw": "medici.reveal.limit", "Auction": "medici.auction.empty-lot", "Bid": "medici.bid.must-exceed",
    "Pass": "medici.bid.once", "Stow": "medici.ship.choose"}


def rule(state: Any, move: Any) -> str:
    """The rule id (of the engine's RULES) a move of that kind is about, at ``state``."""
    return RULES[type(move).__name__]


def facts(state: Any, move: Any) -> Message | str:
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
            parts.append(say("{count} {good} would lift your {good} to {level}",
                             count=COUNTS.get(goods[good], goods[good]), good=good_word(good), level=level))
    if goods[GOLD]:
        parts.append(say("the gold adds {face} to the value of your ship", face=GOLD_FACE))
    return say("{parts} at the day's end", parts=listed(parts)) if parts else ""


def lot_said(state: Any) -> Any:
    """The lot at stake, as the board writes its cards."""
    return cards_said(state.lot)


def does(state: Any, move: Any) -> Message:
    """What ``move`` does at ``state``, in the game's words (one clause, no full stop, its first word not a
    capital: the guide makes it a sentence)."""
    kind = type(move).__name__
    if kind == "Draw":
        return say("reveal a card from the deck for the lot") if not state.lot \
            else say("reveal one more card for the lot")
    if kind == "Auction":
        return say_n("open the auction on the lot of {n} card ({lot})",
                     "open the auction on the lot of {n} cards ({lot})", len(state.lot), lot=lot_said(state))
    if kind == "Bid":
        return say_n("bid {n} florin on the lot ({lot})", "bid {n} florins on the lot ({lot})", move.amount,
                     lot=lot_said(state))
    if kind == "Pass":
        return say("pass: let the lot ({lot}) go", lot=lot_said(state))
    return say("load the lot you won onto {ship}", ship=ship_said(move.ship))


def adds_up(start: Any, end: Any, events: list) -> list[Message]:
    """Per seat: its florins at the start, plus each day's income, less what it paid for lots: its final money."""
    days = [e.data["income"] for e in events if e.kind == "medici.day.income" and "income" in e.data]
    paid = [0] * end.players
    for e in events:
        if e.kind == "medici.auction.win" and e.seat is not None:
            paid[e.seat] += e.data.get("price", 0)
    out = []
    for seat, name in enumerate(end.names):
        incomes = " + ".join(str(day[seat]) for day in days)
        out.append(say("{name}: {start} florins at the start + {incomes} of income at the days' ends − {paid} paid "
                       "for lots = {final} florins.", name=name, start=start.scores()[seat], incomes=incomes,
                       paid=paid[seat], final=end.scores()[seat]))
    return out
