"""What each main action and the fulfilling of a contract do to a ``Draft``: Travel, the bazaar, Khan's Favor,
Take contracts, Take 5 coins, a city card, and Mercator's share of the others' actions."""

from __future__ import annotations

from boardgames.marcopolo import data, reasons
from boardgames.marcopolo import records as R
from boardgames.marcopolo.board import INDEX, walks_cost
from boardgames.marcopolo.cards import carry_out
from boardgames.marcopolo.data import (
    BAZAAR_REWARDS,
    CARPINI,
    CONTRACT_PRICES,
    CONTRACT_REWARDS,
    GOOD_INDEX,
    MERCATOR,
)
from boardgames.marcopolo.moves import (
    Bazaar,
    CityCard,
    FiveCoins,
    KhansFavor,
    TakeContracts,
    Travel,
)
from boardgames.marcopolo.posts import arrive, stops
from boardgames.marcopolo.spaces import place, space_said
from boardgames.marcopolo.state import (
    BAZAAR_SPACE,
    CONTRACTS,
    FIRST_CARD,
    KHAN,
    SPACE_INDEX,
    TRAVEL,
    Draft,
)
from boardgames.marcopolo.state import FIVE_COINS as FIVE_COINS_SPACE
from boardgames.marcopolo.wealth import added, gain, push, reward_tasks, with_item


def mercator(d: Draft, seat: int, change: tuple[int, ...], space: int, rule: str) -> None:
    """Mercator ex Tabriz's share when another seat uses a bazaar space, Khan's Favor or Take 5 coins."""
    for other, name in enumerate(d.chars):
        if name == MERCATOR and other != seat and any(change):
            gain(d, other, change, reasons.mercator(d.table.names[seat], space_said(space)), rule)


def travel(d: Draft, seat: int, move: Travel) -> None:
    """Rules travel.steps, travel.cannot-pay and travel.arrive."""
    place(d, seat, TRAVEL, move.dice)
    d.traveller = seat
    carpini = d.chars[seat] == CARPINI
    starts = d.at[seat]
    walks = [(start,) + tuple(INDEX[p] for p in path) for start, path in zip(starts, (move.path, move.path2))]
    coins, camels = walks_cost(walks, carpini)
    steps = sum(len(w) - 1 for w in walks)
    ends = [w[-1] for w in walks if len(w) > 1]
    gain(d, seat, data.delta(coins=-coins, camels=-camels),
         reasons.travel(steps, tuple(dict.fromkeys(ends))), "marcopolo.travel.cannot-pay")
    d.at = with_item(d.at, seat, tuple(w[-1] for w in walks))
    d.log.append((R.Travelled, seat, tuple(walks), steps))
    arrive(d, seat, stops(d, seat, walks))


def bazaar(d: Draft, seat: int, move: Bazaar) -> None:
    """Rule bazaar.column: the column's goods (and Mercator's share)."""
    good = move.good
    place(d, seat, BAZAAR_SPACE[good], move.dice)
    items = BAZAAR_REWARDS[good][move.column - 1]
    push(d, reward_tasks(seat, items, reasons.bazaar(space_said(BAZAAR_SPACE[good]), move.column),
                         "marcopolo.bazaar.column"))
    mercator(d, seat, _one(good), BAZAAR_SPACE[good], "marcopolo.bazaar.column")


def _one(good: str) -> tuple[int, ...]:
    change = [0] * 6
    change[GOOD_INDEX[good]] = 1
    return tuple(change)


def khans_favor(d: Draft, seat: int, move: KhansFavor) -> None:
    """Rule khan.too-low: the next slot; 1 good of choice and 2 camels (Mercator: 1 camel with 2-3 players)."""
    place(d, seat, KHAN, (move.die,))
    gain(d, seat, added(_one(move.good), data.delta(camels=2)), reasons.KHANS_FAVOR, "marcopolo.khan.too-low")
    if d.players <= 3:
        mercator(d, seat, data.delta(camels=1), KHAN, "marcopolo.khan.too-low")


def take_contracts(d: Draft, seat: int, move: TakeContracts) -> None:
    """Rules contract.space and contract.hand-limit: take, add the extras, slide the rest left, discard."""
    place(d, seat, CONTRACTS, (move.die,))
    taken = tuple(d.board[s - 1] for s in move.spaces)
    d.log.append((R.ContractsTaken, seat, taken, move.spaces))
    for s, extra in zip([s for s in move.spaces if s >= 5], move.extras):
        amount = data.CONTRACT_EXTRAS[s]
        change = data.delta(coins=amount) if extra == "coins" else data.delta(camels=amount)
        gain(d, seat, change, reasons.contract_space(s), "marcopolo.contract.space")
    rest = tuple(c for c in d.board if c >= 0 and c not in taken)
    d.board = rest + (-1,) * (6 - len(rest))
    old = d.hands[seat]
    if len(old) + len(taken) <= data.HAND_LIMIT:
        d.hands = with_item(d.hands, seat, old + taken)
    elif len(taken) == 2 or len(old) == 1:
        for c in old:
            discard(d, seat, c, False)
        d.hands = with_item(d.hands, seat, taken)
    else:
        d.hands = with_item(d.hands, seat, old + taken)
        push(d, [("discard", seat, taken[0])])


def discard(d: Draft, seat: int, contract: int, declined: bool) -> None:
    """A contract goes face up under the special pile (rules contract.hand-limit, reward.special-contract)."""
    d.special = d.special + (contract,)
    d.log.append((R.ContractDiscarded, seat, contract, declined))


def five_coins(d: Draft, seat: int, move: FiveCoins) -> None:
    place(d, seat, FIVE_COINS_SPACE, (move.die,))
    gain(d, seat, data.delta(coins=data.FIVE_COINS), reasons.FIVE_COINS, "marcopolo.space.fee")
    if d.players == 2:
        share = data.delta(coins=d.table.flag("mercator_2p_coins"))
        mercator(d, seat, share, FIVE_COINS_SPACE, "marcopolo.space.fee")


def city_card(d: Draft, seat: int, move: CityCard) -> None:
    """Rules city.repeats and city.cannot-pay: the card's effect, repeat by repeat."""
    space = SPACE_INDEX[move.city]
    place(d, seat, space, (move.die,))
    carry_out(d, seat, d.cards[space - FIRST_CARD], move.die.value, move.uses, move.city)


def fulfil(d: Draft, seat: int, contract: int) -> None:
    """Rule bonus.fulfil: pay, then the VP and the reward; the contract goes to the completed pile."""
    d.hands = with_item(d.hands, seat, tuple(c for c in d.hands[seat] if c != contract))
    d.done = with_item(d.done, seat, d.done[seat] + (contract,))
    d.log.append((R.Fulfilled, seat, contract))
    gain(d, seat, CONTRACT_PRICES[contract], reasons.fulfil(contract), "marcopolo.bonus.fulfil")
    push(d, reward_tasks(seat, CONTRACT_REWARDS[contract], reasons.contract_reward(contract), "marcopolo.bonus.fulfil"))
