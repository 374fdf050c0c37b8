"""Lesson 3: real positions from a seeded game of expert bots, and a day's income if it ended now."""

from __future__ import annotations

from collections.abc import Sequence

from boardgames import medici
from boardgames.medici.game import State
from boardgames.medici.state import BIDDING

NAMES = ("Ada", "Ben", "Cleo")


def stop_at(seed: int, day: int, cards_gone: int, lot_size: int, names: Sequence[str] = NAMES) -> State:
    """A seeded game of expert bots, stopped when, on ``day``, at least ``cards_gone`` of the day's cards are
    out of the deck and a lot of ``lot_size`` cards is up for auction; ValueError if the game ends first."""
    state = medici.new_game(list(names), seed=seed)
    bots = [medici.ExpertBot(seed=seat) for seat in range(len(names))]
    day_cards = state.deck_size + len(state.lot)
    while not state.is_over:
        if (state.day == day and state.step == BIDDING and state.bidder is not None
                and len(state.lot) == lot_size and day_cards - state.deck_size >= cards_gone):
            return state
        state = state.play(bots[state.current_player].choose(state))
    raise ValueError("the game ended first")


def income_if(state: State, winner: int | None) -> tuple[int, ...]:
    """Each seat's day-end income if ``winner`` loads the lot on the table on its first ship (None: nobody
    does) and the day ends at once."""
    ships = [[list(ship) for ship in seat] for seat in state.loads]
    if winner is not None:
        ships[winner][0] += state.lot
    return medici.day_end(ships, state.levels).total


def auction_by_bots(state: State, seed: int = 0) -> list[State]:
    """The positions after each move of the auction on the table when expert bots (seeded ``seed`` + seat)
    play it out, the last one after the lot is sold or passed."""
    bots = [medici.ExpertBot(seed=seed + seat) for seat in range(len(state.names))]
    states = []
    while state.step == BIDDING:
        state = state.play(bots[state.current_player].choose(state))
        states.append(state)
    return states
