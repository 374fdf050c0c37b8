"""Dice on the action board: taking the placed dice from a hand, the fee of an occupied shared space (rule
space.fee, one function for refusals, play and the offered moves), the least die Khan's Favor takes next (rule
khan.too-low), the names of the spaces, the space a move takes and the city of a city card."""

from __future__ import annotations

from typing import Any

from boardgames.core.message import Message, say, term
from boardgames.marcopolo import data, reasons
from boardgames.marcopolo import moves as M
from boardgames.marcopolo import records as R
from boardgames.marcopolo.board import NAMES
from boardgames.marcopolo.data import (
    BERKE,
    CARD_CITY,
    RASCHID,
    card_space_word,
    good_word,
)
from boardgames.marcopolo.moves import (
    Die,
)
from boardgames.marcopolo.state import (
    BAZAAR_SPACE,
    COIN_BAG,
    FIRST_CARD,
    KHAN,
    SPACE_INDEX,
    SPACES,
    Draft,
    Position,
)
from boardgames.marcopolo.wealth import gain, with_item

SHARED = frozenset(range(9)) - {KHAN, COIN_BAG}  # spaces with a fee when occupied


def take_dice(d: Draft, seat: int, dice: tuple[Die, ...]) -> None:
    """Remove the placed ``dice`` from ``seat``'s unplaced dice (Raschid's by kind: he sets them now)."""
    held = list(d.held[seat])
    raschid = d.chars[seat] == RASCHID
    for die in dice:
        held.remove(Die(0, die.kind) if raschid else die)
    d.held = with_item(d.held, seat, tuple(held))


def replace_die(d: Draft, seat: int, old: Die, new: Die) -> None:
    held = list(d.held[seat])
    held.remove(old)
    held.append(new)
    d.held = with_item(d.held, seat, tuple(sorted(held)))


def fee(s: Position, seat: int, space: int, low: int) -> int:
    """Rule space.fee: the coins for placing dice whose lowest is ``low`` on ``space`` (0 on an empty or
    exclusive space, and for Berke Khan)."""
    if space in SHARED and s.spaces[space] and s.chars[seat] != BERKE:
        return low
    return 0


def fee_of(s: Position, seat: int, space: int, dice: tuple[Die, ...]) -> int:
    """Rule space.fee for the ``dice`` placed."""
    return fee(s, seat, space, min(die.value for die in dice))


def pays_fee(s: Position, seat: int, space: str) -> bool:
    """Rule space.fee: whether ``seat`` placing on the action space named ``space`` now pays a fee (its lowest
    die in coins)."""
    return fee(s, seat, SPACE_INDEX[space], 1) > 0


def khan_least(s: Position) -> int:
    """Rule khan.too-low: the least die Khan's Favor's next slot takes (the die in the slot before, 1 for the
    first)."""
    slots = s.spaces[KHAN]
    return slots[-1][1].value if slots else 1


def place(d: Draft, seat: int, space: int, dice: tuple[Die, ...]) -> None:
    """Rules dice.count and space.fee: the dice leave the seat's hand for ``space``; the fee is paid."""
    fee = fee_of(d, seat, space, dice)
    take_dice(d, seat, dice)
    d.spaces = with_item(d.spaces, space, d.spaces[space] + tuple((seat, die) for die in dice))
    d.log.append((R.DicePlaced, seat, space, dice, fee))
    if fee:
        gain(d, seat, data.delta(coins=-fee), reasons.fee(space_said(space)), "marcopolo.space.fee")


ACTION_SPACES = {"travel": "Travel", "khan": "Khan's Favor", "contracts": "Take contracts",
                 "five coins": "Take 5 coins", "coin bag": "the coin bag"}  # the other spaces, as players call them


def space_said(space: int) -> Message:
    """The space ``space`` as players call it: "the silk bazaar", "the Moscow city card", "Khan's Favor"."""
    name = SPACES[space]
    if space in BAZAAR_SPACE.values():
        return say("the {good} bazaar", good=good_word(name))
    if space >= FIRST_CARD:
        return say("the {card} city card", card=card_space_word(name))
    return term("marcopolo.space", ACTION_SPACES[name])


def space_name(space: int) -> str:
    """The space ``space`` as players call it, in English."""
    return str(space_said(space))


# The action space each main action places its dice on (a bazaar's is its good, a city card's its space).
MOVE_SPACE = {M.Travel: "travel", M.KhansFavor: "khan", M.TakeContracts: "contracts", M.FiveCoins: "five coins",
              M.CoinBag: "coin bag"}


def space_of(move: Any) -> str | None:
    """The name (one of ``state.SPACES``) of the action space or city-card space ``move`` places dice on; None for
    a move that places none there."""
    kind = type(move)
    if kind is M.Bazaar:
        return move.good
    if kind is M.CityCard:
        return move.city
    return MOVE_SPACE.get(kind)


def card_city(space: str) -> str:
    """The city whose city card lies on the card space ``space`` (``"Sumatra 2"``: Sumatra)."""
    return NAMES[CARD_CITY[SPACE_INDEX[space] - FIRST_CARD]]
