"""The Voyages of Marco Polo's guide in the first game (its teaching's ``rule``, ``does``, ``adds_up``): the rule
each kind of move is about, what a move does in the game's words, and how each seat's VP add up (during the game,
then at the final scoring)."""

from __future__ import annotations

from typing import Any

from boardgames.core import and_list, article, plural
from boardgames.marcopolo.moves import dice_text

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


def does(state: Any, move: Any) -> str:
    """What ``move`` does at ``state``, in the game's words (one clause, no full stop)."""
    kind = type(move).__name__
    if kind == "Travel":
        return f"Place {dice_text(move.dice)} on Travel and move your figure to {move.ends[-1]}"
    if kind == "Bazaar":
        return f"Place {dice_text(move.dice)} in the {move.good} bazaar, column {move.column}"
    if kind == "KhansFavor":
        return f"Place {article(str(move.die))} in Khan's Favor, for {article(move.good)} and 2 camels"
    if kind == "TakeContracts":
        spaces = and_list(str(x) for x in move.spaces)
        word = "space" if len(move.spaces) == 1 else "spaces"
        extra = f", with {and_list(move.extras)} as the extra" if move.extras else ""
        return f"Place {article(str(move.die))} on Take contracts, for the contracts of {word} {spaces}{extra}"
    if kind == "FiveCoins":
        return f"Place {article(str(move.die))} on Take 5 coins"
    if kind == "CityCard":
        uses = plural(move.uses, "time") if isinstance(move.uses, int) else f"for {and_list(move.uses)}"
        return f"Place {article(str(move.die))} on the city card of {move.city} and use it {uses}"
    if kind == "Fulfil":
        return f"Fulfil contract {move.contract}: pay its camels and goods for its VP and reward"
    if kind == "CoinBag":
        return f"Put {article(str(move.die))} on the coin bag for 3 coins"
    if kind == "Reroll":
        return f"Pay 1 camel to reroll {article(str(move.die))}"
    if kind == "Adjust":
        return f"Pay 2 camels to turn {article(str(move.die))} into a {move.die.value + move.delta}"
    if kind == "BuyBlackDie":
        return "Pay 3 camels for a black die"
    if kind == "EndTurn":
        return "End your turn"
    return f"Choose: {move.option}"


def adds_up(start: Any, end: Any, events: list) -> list[str]:
    """Per seat: the VP it had before the final scoring, plus what the final scoring gave: its final VP."""
    final = {e.seat: e.data["total"] for e in events if e.kind == "marcopolo.game.end" and "total" in e.data}
    out = []
    for seat, name in enumerate(end.names):
        total = end.scores()[seat]
        at_end = final.get(seat, 0)
        out.append(f"{name}: {total - at_end} VP during the game (the start's VP, contracts, cities, trading posts) + "
                   f"{at_end} VP at the final scoring = {total} VP.")
    return out
