"""Properties of random Medici games (hypothesis): whatever legal moves are played, the money, the cards,
the ships and the tracks stay sound, and every day's income is what the rules of section 4 say.

The day-end check replays each move's events on a small model of the table kept in this file (cards
revealed, lots won or discarded, the free fill) to know the ships just before scoring, and recomputes
the income with its own ranking code, not the engine's scoring functions.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support.protocol_checks import random_plies

from boardgames import medici

HOLDS = 5
TOP = 7
GOODS = ("cloth", "fur", "grain", "dye", "spice")
VALUE_TABLE = {3: (30, 15, 0), 4: (30, 20, 10, 0), 5: (30, 20, 10, 5, 0), 6: (30, 20, 15, 10, 5, 0)}
MAJORITY = (10, 5)
BONUS = {5: 5, 6: 10, 7: 20}


# ---------------------------------------------------------------------------------------------- the rules, again


def by_place(values: list[int], payouts: tuple[int, ...]) -> list[int]:
    """Each value's pay: the places it shares with equal values, summed and split, rounded down."""
    out = []
    for v in values:
        above = sum(1 for w in values if w > v)
        tied = sum(1 for w in values if w == v)
        out.append(sum(payouts[above : above + tied]) // tied)
    return out


def day_income(loads, levels, start_space_scores: bool) -> tuple[list[int], list[list[int]]]:
    """Section 4: each seat's income for the day, and the track levels after the markers move."""
    seats = range(len(loads))
    values = [sum(c.value for c in ship) for ships in loads for ship in ships]
    paid = by_place(values, VALUE_TABLE[len(values)])
    per_seat = len(values) // len(loads)
    income = [sum(paid[s * per_seat : (s + 1) * per_seat]) for s in seats]
    after = []
    for s in seats:
        goods = Counter(c.good for ship in loads[s] for c in ship)
        after.append([min(TOP, levels[s][g] + goods[good]) for g, good in enumerate(GOODS)])
    for g in range(len(GOODS)):
        track = [after[s][g] for s in seats]
        ranked = [s for s in seats if start_space_scores or track[s] > 0]
        for s, amount in zip(ranked, by_place([track[s] for s in ranked], MAJORITY)):
            income[s] += amount
        for s in seats:
            income[s] += BONUS.get(track[s], 0)
    return income, after


def with_room(loads) -> list[int]:
    return [s for s, ships in enumerate(loads) if any(len(ship) < HOLDS for ship in ships)]


class Table:
    """The cards and money of a position, moved along by the events of one move."""

    def __init__(self, s) -> None:
        self.loads = [[list(ship) for ship in ships] for ships in s.loads]
        self.deck = list(s.deck)
        self.lot = list(s.lot)
        self.discard = list(s.discard)
        self.money = list(s.money)
        self.levels = [list(lv) for lv in s.levels]
        self.auctioneer = s.auctioneer
        self.stowing = s.high_bidder if s.step == "stow" else None
        self.loaded_onto = None
        self.scored = None  # (income, money before the income) once a day end was replayed

    def replay(self, events, move, flags) -> None:
        for e in events:
            kind, data = e.kind, e.data
            if kind == "medici.reveal":
                assert str(self.deck[0]) == data["card"]
                self.lot.append(self.deck.pop(0))
            elif kind == "medici.auction.win":
                winner, price = e.seat, data["price"]
                assert data["lot"] == [str(c) for c in self.lot]
                assert 1 <= price <= self.money[winner]
                self.money[winner] -= price
                fits = [i for i, ship in enumerate(self.loads[winner]) if len(ship) + len(self.lot) <= HOLDS]
                assert fits, "a lot was won by a seat with no room for it"
                if len(fits) == 1:
                    self.load(winner, fits[0])
                else:
                    self.stowing = winner
                    return  # the winner chooses a ship next
            elif kind == "medici.ship.choose":
                if self.stowing is not None:
                    assert isinstance(move, medici.Stow) and data["ship"] == move.ship
                    self.load(self.stowing, move.ship)
                    self.stowing = None
                else:
                    assert data["ship"] == self.loaded_onto
            elif kind == "medici.auction.all-pass":
                assert data["lot"] == [str(c) for c in self.lot]
                self.discard += self.lot
                self.lot = []
            elif kind == "medici.turn.next":
                room = with_room(self.loads)
                assert self.deck and len(room) >= 2, "a new turn although the day should have ended"
                n = len(self.loads)
                expected = next(seat for k in range(1, n + 1) if (seat := (self.auctioneer + k) % n) in room)
                assert e.seat == expected
                self.auctioneer = expected
            elif kind == "medici.day.free-fill":
                assert self.deck and with_room(self.loads) == [e.seat]
                taken = []
                for ship in self.loads[e.seat]:
                    while len(ship) < HOLDS and self.deck:
                        ship.append(self.deck.pop(0))
                        taken.append(str(ship[-1]))
                assert taken == data["cards"]
            elif kind == "medici.day.end-deck":
                assert not self.deck and not self.lot
            elif kind == "medici.day.end-full":
                assert not self.lot and (not with_room(self.loads) or not self.deck)
            elif kind == "medici.day.income":
                income, after = day_income(self.loads, self.levels, flags["start_space_scores"])
                assert data["income"] == income
                self.scored = (income, after, list(self.money))
                return  # the next day is dealt from the seed: stop replaying here

    def load(self, seat: int, ship: int) -> None:
        self.loads[seat][ship] += self.lot
        self.lot = []
        self.loaded_onto = ship


# ---------------------------------------------------------------------------------------------- the property


def sound(s) -> None:
    """What holds in every position."""
    assert all(m >= 0 for m in s.money)
    held = Counter(s.deck) + Counter(s.aside) + Counter(s.discard) + Counter(s.lot)
    for ships in s.loads:
        for ship in ships:
            assert len(ship) <= HOLDS
            held.update(ship)
    assert held == Counter(medici.DECK)
    assert all(0 <= lv <= TOP for levels in s.levels for lv in levels)
    assert len(s.lot) <= 3


def pick(moves: list, choice: int):
    """Mix three styles so games see both cheap buys (full ships, free fills) and costly ones."""
    style, k = choice % 3, choice // 3
    if style == 0:
        return moves[0]  # pass, or reveal another card
    if style == 1:
        return moves[min(1, len(moves) - 1)]  # the lowest bid, or open the auction
    return moves[k % len(moves)]


@settings(max_examples=120, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32 - 1),
    players=st.integers(2, 6),
    start_space_scores=st.booleans(),
    choices=st.lists(st.integers(0, 2**16), max_size=300),
)
def test_random_games_stay_sound_and_pay_by_the_rules(seed, players, start_space_scores, choices):
    """After every move: money is never negative, all 36 cards are accounted for, no ship holds more
    than 5, markers stay on 0..7 and never move down; each day end pays exactly the income of
    section 4, computed from the ships just before scoring."""
    flags = {"start_space_scores": start_space_scores}
    start = medici.new_game(players, seed=seed, first_player=seed % players, **flags)
    sound(start)
    days, state = 0, start
    for _, before, move, state in random_plies(start, pick, choices, seed, 5000):  # noqa: B007 - read after the loop
        table = Table(before)
        sound(state)
        assert all(a <= b for old, new in zip(before.levels, state.levels) for a, b in zip(old, new))
        table.replay(state.events, move, flags)
        if len(state.incomes) > len(before.incomes):
            days += 1
            assert table.scored is not None, "a day ended without an income event"
            income, after, money = table.scored
            assert list(state.incomes[-1]) == income
            assert [m + x for m, x in zip(money, income)] == list(state.money)
            assert [list(lv) for lv in state.levels] == after
        else:
            assert table.scored is None
            assert [[list(ship) for ship in ships] for ships in state.loads] == table.loads
            assert list(state.deck) == table.deck and list(state.lot) == table.lot
            assert list(state.discard) == table.discard
            assert list(state.money) == table.money
    assert state.is_over and days == 3
    assert state.winners() == tuple(s for s, m in enumerate(state.money) if m == max(state.money))


def test_every_state_a_move_returns_is_a_sealed_immutable_value():
    """The engine writes each new state in a draft and seals it: what a move returns is a State,
    read-only, with every field set and its derived free space in step with its ships."""
    rng = random.Random(5)
    for players in (2, 4):
        state = medici.new_game(players, seed=11)
        while True:
            assert type(state) is medici.State
            assert isinstance(state.log, tuple)
            assert state.room == tuple(HOLDS - min(len(ship) for ship in ships) for ships in state.loads)
            assert dataclasses.replace(state) == state  # every field is set and copies equal
            with pytest.raises(dataclasses.FrozenInstanceError):
                state.money = ()
            if state.is_over:
                break
            state = state.play(rng.choice(state.legal_moves()))


def test_unseen_cards_are_the_36_less_every_card_seen_in_a_fixed_order():
    """What a seat cannot know: all 36 cards less those on ships, in the lot and discarded, listed in
    the deck's printed order (goods in the rules' order, gold last), which tells nothing of the shuffle."""
    deck = [f"{good}:{value}" for good in GOODS for value in (0, 1, 2, 3, 4, 5, 5)] + ["gold:10"]
    rng = random.Random(8)
    for players in (2, 3, 6):
        state = medici.new_game(players, seed=4)
        while not state.is_over:
            unseen = [str(c) for c in state.unseen_cards()]
            shipped = [c for seat in range(players) for c in state.cargo(seat)]
            seen = [str(c) for c in (*state.lot, *state.discard, *shipped)]
            assert Counter(unseen) + Counter(seen) == Counter(deck)
            assert unseen == sorted(unseen, key=deck.index)
            state = state.play(rng.choice(state.legal_moves()))
