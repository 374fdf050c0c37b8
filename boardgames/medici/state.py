"""Medici's position, as data: the ``Table`` of what stays fixed, the ``Position`` of everything else and what
its fields say by themselves (whose decision it is, a seat's ships and room, the bidding order), and the
``Draft`` a move writes into. No rule lives here: the rules are functions of positions (``flow``,
``refusals``, ``scoring``, ``saving``) and ``game.State`` binds them to a position as its methods.

A turn is one auction: the auctioneer reveals one to three cards (``Draw``), opens the bidding
(``Auction``), every player with room gets one chance to ``Bid`` or ``Pass`` (the auctioneer last),
and the winner loads the lot (``Stow`` chooses the ship in a two-player game). The rules, with their ids,
are ``docs/rules/medici.md``.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field

from boardgames.core import Seated
from boardgames.core import Table as CoreTable
from boardgames.medici.cards import DECK, Card, cards_text, deck_position
from boardgames.medici.rules import CARDS_PER_DAY, GAME, GOODS, HOLDS, MAX_LOT, SHIPS_PER_SEAT

# The steps of a turn: the auctioneer reveals, the seats bid, the winner of two ships stows; then the game is over.
REVEAL, BIDDING, STOWING, OVER = "reveal", "bid", "stow", "over"
STEPS = (REVEAL, BIDDING, STOWING, OVER)


def largest_space(loads: tuple) -> tuple[int, ...]:
    """Each seat's largest free space on a single ship."""
    return tuple([HOLDS - min(map(len, ships)) for ships in loads])


@dataclass(frozen=True, slots=True)
class Table(CoreTable):
    """What stays fixed for a whole game: the seats' names, the seed, the first player, the flags and the
    decks fixed for some days (None for a day shuffled from the seed)."""

    decks: tuple[tuple[Card, ...] | None, ...]
    # Each day's 36 cards in shuffled order (that day's deck first), all drawn from the seed the first
    # time a day is dealt: a determinized table (bots, lessons) gets its deck from elsewhere and may
    # never deal at all. Two threads drawing at once would draw the same orders.
    _orders: tuple[tuple[Card, ...], ...] | None = field(default=None, init=False, repr=False, compare=False)

    @property
    def two_player_ships(self) -> bool:
        return self.flag("two_player_ships")

    @property
    def start_space_scores(self) -> bool:
        return self.flag("start_space_scores")

    @property
    def ships_per_seat(self) -> int:
        return SHIPS_PER_SEAT[len(self.names)]

    def block(self) -> dict:
        return {**CoreTable.block(self), "decks": self._deck_lists()}

    def setup(self) -> dict:
        return {**CoreTable.setup(self), "decks": self._deck_lists()}

    def _deck_lists(self) -> list[list[str] | None]:
        return [None if d is None else [str(c) for c in d] for d in self.decks]

    def deal(self, day: int) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
        """The deck of ``day`` (top first) and the cards set aside unseen that day."""
        given = self.decks[day - 1]
        used = len(given) if given is not None else CARDS_PER_DAY[len(self.names)]
        orders = self._orders
        if orders is None:
            orders = self._shuffled()
            object.__setattr__(self, "_orders", orders)
        order = orders[day - 1]
        return order[:used], order[used:]

    def _shuffled(self) -> tuple[tuple[Card, ...], ...]:
        draw = random.Random(f"medici/{self.seed}").random
        orders = []
        for given in self.decks:
            # A uniform shuffle: sort by independent random keys (one fast call per card). Shuffled even
            # when the deck is given, so later days do not depend on whether an earlier one was fixed.
            cards = sorted(DECK, key=lambda _: draw())
            if given is not None:
                rest = Counter(DECK)
                rest.subtract(given)
                cards = list(given) + list(rest.elements())
            orders.append(tuple(cards))
        return tuple(orders)


@dataclass(frozen=True, slots=True)
class Position(Seated):
    """A Medici position as data (``game.State`` adds the rules). Build one with ``new_game``."""

    table: Table
    day: int
    money: tuple[int, ...]
    loads: tuple[tuple[tuple[Card, ...], ...], ...]  # loads[seat][ship] = the cards on that ship
    levels: tuple[tuple[int, ...], ...]  # levels[seat][good], goods in the order of GOODS
    deck: tuple[Card, ...]
    aside: tuple[Card, ...]
    discard: tuple[Card, ...]
    lot: tuple[Card, ...]
    step: str
    auctioneer: int
    bidder: int | None
    high_bid: int
    high_bidder: int | None
    incomes: tuple[tuple[int, ...], ...]  # each finished day's income per seat
    log: tuple[tuple, ...] = field(default=(), compare=False, repr=False)  # what the last move did (records.py)
    room: tuple[int, ...] = field(init=False, compare=False, repr=False)  # free_space per seat, derived

    GAME = GAME

    def __post_init__(self) -> None:
        object.__setattr__(self, "room", largest_space(self.loads))

    # ------------------------------------------------------------------ what anyone can see
    @property
    def current_player(self) -> int | None:
        step = self.step
        if step == REVEAL:
            return self.auctioneer
        if step == BIDDING:
            return self.bidder
        if step == STOWING:
            return self.high_bidder
        return None

    @property
    def is_over(self) -> bool:
        return self.step == OVER

    @property
    def deck_size(self) -> int:
        return len(self.deck)

    def ships(self, seat: int) -> tuple[tuple[Card, ...], ...]:
        """The cards on each of ``seat``'s ships."""
        return self.loads[seat]

    def cargo(self, seat: int) -> tuple[Card, ...]:
        """Every card on ``seat``'s ships."""
        return tuple(c for ship in self.loads[seat] for c in ship)

    def track(self, good: str) -> tuple[int, ...]:
        """Each seat's marker level on ``good``'s track."""
        if good not in GOODS:
            raise ValueError(f"{good!r} has no track; the goods are {', '.join(GOODS)}")
        g = GOODS.index(good)
        return tuple(lv[g] for lv in self.levels)

    def free_space(self, seat: int) -> int:
        """The most cards one of ``seat``'s ships can still take (0 when the seat is full)."""
        return self.room[seat]

    def is_full(self, seat: int) -> bool:
        """Whether every ship of ``seat`` is full."""
        return self.room[seat] == 0

    def sits_out(self, seat: int) -> bool:
        """Whether ``seat`` has no decision to make until the day ends: a full ship sits out the rest of the day
        (rule medici.day.skip-full). False once the game is over."""
        return self.step != OVER and self.is_full(seat)

    @property
    def max_lot_size(self) -> int:
        """The largest lot the auctioneer may build now (rules 4 and 6; the deck is not counted)."""
        return min(MAX_LOT, max(self.room))

    @property
    def min_winning_bid(self) -> int:
        """The lowest bid that would beat the current high bid."""
        return self.high_bid + 1

    def fits(self, seat: int, size: int | None = None) -> bool:
        """Whether a lot of ``size`` cards (default: the current lot) fits whole on one of ``seat``'s ships."""
        return self.room[seat] >= (len(self.lot) if size is None else size)

    def bidding_order(self) -> tuple[int, ...]:
        """Seats in the order they bid on a lot: from the auctioneer's left, the auctioneer last."""
        n, a = self.players, self.auctioneer
        return tuple((a + k) % n for k in range(1, n + 1))

    def bidders(self) -> tuple[int, ...]:
        """The seats, in bidding order, whose ship can take the current lot (rules 3 and 12)."""
        return tuple(s for s in self.bidding_order() if not self.is_full(s) and self.fits(s))

    def unseen_cards(self) -> tuple[Card, ...]:
        """The cards nobody has seen this day: the rest of the deck and the cards set aside (in the
        deck's fixed order, so the answer does not reveal the deck's order)."""
        return tuple(sorted(self.deck + self.aside, key=deck_position))

    def scores(self) -> tuple[int, ...]:
        return self.money

    def winners(self) -> tuple[int, ...]:
        """The richest seats once the game is over (rule 22); empty while it is still going."""
        if self.step != OVER:
            return ()
        best = max(self.money)
        return tuple(s for s, m in enumerate(self.money) if m == best)

    @property
    def setup(self) -> dict:
        """The ``new_game`` arguments that produce this game's start."""
        return self.table.setup()

    def __str__(self) -> str:
        lines = [f"Medici, day {self.day}: {self.deck_size} cards in the deck, lot [{cards_text(self.lot)}]"]
        for s, name in enumerate(self.names):
            ships = " | ".join(cards_text(ship) for ship in self.loads[s])
            tracks = " ".join(f"{g} {lv}" for g, lv in zip(GOODS, self.levels[s]))
            mark = "*" if s == self.current_player else " "
            lines.append(f"{mark} {name:6} {self.money[s]:3} florins  ship: {ships}  tracks: {tracks}")
        return "\n".join(lines)


# ---------------------------------------------------------------------- building new states
# Each move copies the position into a draft (a Position whose fields may still be written), lets the
# flow write what moved - however many automatic steps follow - and then ``game.seal`` turns the draft
# into the new State. One copy per move, whatever happens inside it.

_new = object.__new__


class Draft(Position):
    """A position under construction: only the flow of one move writes to it, and ``game.seal`` turns it
    into a State before anyone else sees it. ``log`` is a list while it is a draft."""

    __slots__ = ()
    # Both plain, so that CPython keeps its fast path for writing slots.
    __setattr__ = object.__setattr__
    __delattr__ = object.__delattr__


def draft(s: Position) -> Draft:
    """A writable copy of ``s`` with an empty log."""
    d = _new(Draft)
    d.table = s.table
    d.day = s.day
    d.money = s.money
    d.loads = s.loads
    d.levels = s.levels
    d.deck = s.deck
    d.aside = s.aside
    d.discard = s.discard
    d.lot = s.lot
    d.step = s.step
    d.auctioneer = s.auctioneer
    d.bidder = s.bidder
    d.high_bid = s.high_bid
    d.high_bidder = s.high_bidder
    d.incomes = s.incomes
    d.log = []
    d.room = s.room
    return d
