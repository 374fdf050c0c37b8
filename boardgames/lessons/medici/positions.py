"""Game positions built to order, for lessons and tests: who holds what, which lot is up for auction."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from collections.abc import Sequence

from boardgames.lessons.medici.distributions import Cards, cards_of
from boardgames.medici import consistency_problem, new_game
from boardgames.medici.cards import DECK
from boardgames.medici.game import State
from boardgames.medici.rules import GOODS, MAX_LOT
from boardgames.medici.state import BIDDING


def position(
    ships: Sequence[Cards] | Sequence[Sequence[Cards]],
    lot: Cards,
    *,
    deck: int | Cards | None = None,
    levels: Sequence[Sequence[int]] | None = None,
    money: Sequence[int] | None = None,
    day: int = 1,
    auctioneer: int = 0,
    seed: int = 0,
    **flags: bool,
) -> State:
    """A Medici state in which ``lot`` has just been put up for auction by ``auctioneer``.

    ``ships[seat]`` lists the cards on that seat's ship (two players: a pair of lists, one per ship).
    ``deck`` is the number of cards left in the deck (drawn at random from the cards not placed), or the
    deck itself, top first; the remaining cards are set aside. ``levels[seat][good]`` are the track
    levels (goods in the order cloth, fur, grain, dye, spice). Raises ValueError for an impossible
    position, e.g. a card used more often than the deck has it."""
    players = len(ships)
    base = new_game(players, seed=seed, **flags)
    per_seat = base.table.ships_per_seat
    loads = tuple(
        tuple(cards_of(ship) for ship in seat) if per_seat > 1 else (cards_of(seat),) for seat in ships
    )
    if any(len(seat) != per_seat for seat in loads):
        raise ValueError(f"each seat has {per_seat} ship(s) in a {players}-player game")
    on_table = cards_of(lot)
    if not 1 <= len(on_table) <= MAX_LOT:
        raise ValueError(f"a lot has 1 to {MAX_LOT} cards, not {len(on_table)}")
    rest = Counter(DECK)
    rest.subtract(c for seat in loads for ship in seat for c in ship)
    rest.subtract(on_table)
    if any(k < 0 for k in rest.values()):
        raise ValueError(f"a card is used more often than the deck has it: {sorted(-rest)}")
    left = sorted(rest.elements())
    if deck is None or isinstance(deck, int):
        random.Random(seed).shuffle(left)
        count = len(left) if deck is None else deck
        if not 0 <= count <= len(left):
            raise ValueError(f"the deck can hold 0 to {len(left)} cards, not {count}")
        pile, aside = tuple(left[:count]), tuple(left[count:])
    else:
        pile = cards_of(deck)
        others = Counter(left)
        others.subtract(pile)
        if any(k < 0 for k in others.values()):
            raise ValueError("the deck holds a card that is already on a ship, on the table or not in the game")
        aside = tuple(sorted(others.elements()))
    state = dataclasses.replace(
        base,
        day=day,
        money=tuple(money) if money is not None else base.money,
        loads=loads,
        levels=tuple(tuple(lv) for lv in levels) if levels is not None else ((0,) * len(GOODS),) * players,
        deck=pile,
        aside=aside,
        discard=(),
        lot=on_table,
        step=BIDDING,
        auctioneer=auctioneer,
        bidder=None,
        high_bid=0,
        high_bidder=None,
        incomes=((0,) * players,) * (day - 1),
        log=(),
    )
    can_bid = [s for s in state.bidders() if state.money[s] > 0]
    if not can_bid:
        raise ValueError("nobody can bid on this lot: no ship has room for it, or nobody has money")
    state = dataclasses.replace(state, bidder=can_bid[0])
    problem = consistency_problem(state)
    if problem:
        raise ValueError(f"not a possible Medici position: {problem}")
    return state
