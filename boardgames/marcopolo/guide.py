"""The Voyages of Marco Polo's guide in the first game (its teaching's ``rule``, ``does``, ``adds_up``): the rule
each kind of move is about, what a move does in the game's words, and how each seat's VP add up (during the game,
then at the final scoring), as messages (``boardgames.core.message``)."""

from __future__ import annotations

from typing import Any

from boardgames.core.message import Message, listed, say, say_n, term
from boardgames.marcopolo.data import card_space_word, good_word
from boardgames.marcopolo.moves import EXTRA_WORDS, USE_WORDS, answer_said, dice_said, die_said

RULES = {  # the rule each kind of move is about
    "Travel": "marcopolo.travel.steps", "Bazaar": "marcopolo.bazaar.column", "KhansFavor": "marcopolo.khan.too-low",
    "TakeContracts": "marcopolo.contract.space", "FiveCoins": "marcopolo.dice.count",
    "CityCard": "marcopolo.city.repeats", "Fulfil": "marcopolo.bonus.fulfil", "CoinBag": "marcopolo.bonus.coins3",
    "Reroll": "marcopolo.bonus.reroll", "Adjust": "marcopolo.bonus.adjust", "BuyBlackDie": "marcopolo.bonus.black-die",
    "EndTurn": "marcopolo.turn.main-action", "Choose": "marcopolo.reward.choice",
}


def rule(state: Any, move: Any) -> str:
    """The rule id (of the engine's RULES) a move of that kind is about, at ``state``."""
    kind = type(move).__name__
    if kind == "Choose":
        option = str(move.option)
        if option.startswith(("move", "stay")):
            return "marcopolo.reward.move"
        if option.startswith(("discard", "decline")):
            declines = any(str(m).startswith("choose decline") for m in state.legal_moves())
            return "marcopolo.reward.special-contract" if declines else "marcopolo.contract.hand-limit"
    return RULES[kind]


def does(state: Any, move: Any) -> Message:
    """What ``move`` does at ``state``, in the game's words (one clause, no full stop, its first word not a
    capital: the guide makes it a sentence)."""
    kind = type(move).__name__
    if kind == "Travel":
        return say("place {dice} on Travel and move your figure to {place}", dice=dice_said(move.dice),
                   place=term("marcopolo.place", move.ends[-1]))
    if kind == "Bazaar":
        return say("place {dice} in {bazaar}, column {column}", dice=dice_said(move.dice),
                   bazaar=say("the {good} bazaar", good=good_word(move.good)), column=move.column)
    if kind == "KhansFavor":  # a die is "a 5", "a white 3"; a good "a silk": no word of them begins with a vowel
        return say("place a {die} in Khan's Favor, for a {good} and 2 camels", die=die_said(move.die),
                   good=good_word(move.good))
    if kind == "TakeContracts":
        spaces = listed(str(x) for x in move.spaces)
        if move.extras:
            return say_n("place a {die} on Take contracts, for the contracts of space {spaces}, with {extras} as the "
                         "extra", "place a {die} on Take contracts, for the contracts of spaces {spaces}, with "
                         "{extras} as the extra", len(move.spaces), die=die_said(move.die), spaces=spaces,
                         extras=listed(EXTRA_WORDS.get(x, x) for x in move.extras))
        return say_n("place a {die} on Take contracts, for the contracts of space {spaces}",
                     "place a {die} on Take contracts, for the contracts of spaces {spaces}", len(move.spaces),
                     die=die_said(move.die), spaces=spaces)
    if kind == "FiveCoins":
        return say("place a {die} on Take 5 coins", die=die_said(move.die))
    if kind == "CityCard":
        city = card_space_word(move.city)
        if isinstance(move.uses, int):
            return say_n("place a {die} on the city card of {city} and use it {n} time",
                         "place a {die} on the city card of {city} and use it {n} times", move.uses,
                         die=die_said(move.die), city=city)
        return say("place a {die} on the city card of {city} and use it for {uses}", die=die_said(move.die),
                   city=city, uses=listed(USE_WORDS.get(x, x) for x in move.uses))
    if kind == "Fulfil":
        return say("fulfil contract {contract}: pay its camels and goods for its VP and reward", contract=move.contract)
    if kind == "CoinBag":
        return say("put a {die} on the coin bag for 3 coins", die=die_said(move.die))
    if kind == "Reroll":
        return say("pay 1 camel to reroll a {die}", die=die_said(move.die))
    if kind == "Adjust":
        return say("pay 2 camels to turn a {die} into a {value}", die=die_said(move.die),
                   value=move.die.value + move.delta)
    if kind == "BuyBlackDie":
        return say("pay 3 camels for a black die")
    if kind == "EndTurn":
        return say("end your turn")
    return say("choose: {option}", option=answer_said(str(move.option)))


def adds_up(start: Any, end: Any, events: list) -> list[Message]:
    """Per seat: the VP it had before the final scoring, plus what the final scoring gave: its final VP."""
    final = {e.seat: e.data["total"] for e in events if e.kind == "marcopolo.game.end" and "total" in e.data}
    out = []
    for seat, name in enumerate(end.names):
        total = end.scores()[seat]
        at_end = final.get(seat, 0)
        out.append(say("{name}: {during} VP during the game (the start's VP, contracts, cities, trading posts) + "
                       "{at_end} VP at the final scoring = {total} VP.", name=name, during=total - at_end,
                       at_end=at_end, total=total))
    return out
