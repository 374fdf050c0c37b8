"""Why a Marco Polo seat pays or gains, as messages made where the flow decides it: a purpose for a payment ("to
travel 2 steps to Moscow") or the source of a gain ("Kochi's bonus"). The flow's records (``Gained.reason``,
``Stepped.reason``, ``ContractDrawn.reason``, ``BlackDieTaken.reason``, ``Lost``) and the agenda's tasks hold them;
the log and the questions say them as they are (nothing reads their English back). A save writes them as data
(``saving.py``); ``TEMPLATES`` are the sentences a reason may be made of."""

from __future__ import annotations

from collections.abc import Sequence

from boardgames.core.message import Message, Ordinal, listed, say, say_n, term
from boardgames.marcopolo.board import place_word
from boardgames.marcopolo.data import character_word

COIN_BAG = term("marcopolo.space", "the coin bag")
KHANS_FAVOR = term("marcopolo.space", "Khan's Favor")
FIVE_COINS = term("marcopolo.space", "Take 5 coins")
REROLL = say("to reroll a die")
ADJUST = say("to change a die")
BUY_BLACK_DIE = say("to buy a black die")
COMPENSATION = say("compensation for low dice")
ONE_STEP = say("the move of 1 step")  # a reward that could not be received (``Lost.what``)


def marker(reason: Message, city: int) -> Message:
    """Xian's "?": the bonus of the marker of ``city`` chosen for ``reason``."""
    return say("{reason}: {city}'s marker", reason=reason, city=place_word(city))


def small_city_bonus(reason: Message) -> Message:
    """A city card's small-city bonus."""
    return say("{reason}: a small city's bonus", reason=reason)


def mercator(name: str, space: Message) -> Message:
    """Mercator's share when the seat called ``name`` uses ``space``."""
    return say("Mercator's share of {name}'s use of {space}", name=name, space=space)


def fee(space: Message) -> Message:
    """The fee of an occupied ``space``."""
    return say("as the fee of {space}", space=space)


def travel(steps: int, ends: Sequence[int]) -> Message:
    """A Travel of ``steps`` steps to the places ``ends``."""
    return say_n("to travel {n} step to {places}", "to travel {n} steps to {places}", steps,
                 places=listed([place_word(end) for end in ends]))


def bazaar(space: Message, column: int) -> Message:
    """A bazaar's ``column``."""
    return say("{bazaar}, column {column}", bazaar=space, column=column)


def contract_space(space: int) -> Message:
    return say("contract space {space}'s extra", space=space)


def fulfil(contract: int) -> Message:
    return say("to fulfil contract {contract}", contract=contract)


def contract_reward(contract: int) -> Message:
    return say("contract {contract}'s reward", contract=contract)


def city_card(space: Message, number: int) -> Message:
    """City card ``number`` on the city-card ``space``."""
    return say("{card} ({number})", card=space, number=number)


def trading_post(count: int) -> Message:
    """The ``count``-th trading post's bonus."""
    return say("the {count} trading post", count=Ordinal(count, "order"))


def outpost_tile(city: int) -> Message:
    return say("{city}'s outpost tile", city=place_word(city))


def round_bonus(city: int) -> Message:
    return say("{city}'s bonus (round start)", city=place_word(city))


def city_bonus(city: int) -> Message:
    return say("{city}'s bonus", city=place_word(city))


def income(name: str) -> Message:
    return say("{character}'s income", character=character_word(name))


def step_to(city: int) -> Message:
    return say("to move 1 step to {place}", place=place_word(city))


TEMPLATES = frozenset({
    "to reroll a die", "to change a die", "to buy a black die", "compensation for low dice", "the move of 1 step",
    "{reason}: {city}'s marker", "{reason}: a small city's bonus", "Mercator's share of {name}'s use of {space}",
    "as the fee of {space}", "to travel {n} step to {places}", "to travel {n} steps to {places}",
    "{bazaar}, column {column}", "contract space {space}'s extra", "to fulfil contract {contract}",
    "contract {contract}'s reward", "{card} ({number})", "the {count} trading post", "{city}'s outpost tile",
    "{city}'s bonus (round start)", "{city}'s bonus", "{character}'s income", "to move 1 step to {place}",
    "the {good} bazaar", "the {card} city card",  # a space (``spaces.space_said``)
})
