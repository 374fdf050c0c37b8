"""A fast, honest simulation of the rest of a Medici day, thousands of day ends at once with numpy.

The model (the assumptions every estimate built on it inherits):

- **Deck.** Each sample starts from ``state.determinize(seat, rng)``: the unseen cards (the deck and
  the cards set aside) dealt again at random, so the deck holds what the seat cannot rule out.
- **Lots.** The auctioneer aims for a lot of 1, 2 or 3 cards (equal chances by default; see
  ``DayModel``), revealing fewer when no ship could hold more (rule 6) or the deck runs out (rule 7).
- **Winners.** Every lot is sold: it goes to a seat chosen uniformly at random among the seats with a
  ship that can hold it (rule 12). Money is ignored: nobody is priced out and no lot is discarded.
  With two ships a seat (two players) the lot goes on either ship that can hold it, with equal chances.
- **End of day.** Exactly the engine's rules: when only one seat has room it fills its ship(s) from the
  deck free of charge (rule 17); the day ends when the deck is empty or every ship is full (rule 18).
- **Scoring.** Only this day's income is counted (ship-value rank, track majorities and bonuses);
  markers carry over to later days, which this model leaves out.

The scoring is vectorised over samples with tables built by calling the engine's own scoring functions
(``value_rank_income``, ``majority_income``, ``top_bonus``, ``moved_levels``), and every simulated day
end can be turned back into cards (``DayEnds.cargo``) and scored by ``medici.day_end``: the tests check
that both give the same income.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

import numpy as np

from boardgames.medici.cards import DECK, Card
from boardgames.medici.game import State
from boardgames.medici.rules import GOODS, HOLDS, MAX_LOT, TOP_LEVEL
from boardgames.medici.scoring import majority_income, moved_levels, top_bonus, value_rank_income

G = len(GOODS)  # goods tracks; cards of kind G (gold) move no track
_CODE = {c: i for i, c in enumerate(DECK)}  # a card's kind as a small number (equal cards share one)
_FACE = np.array([c.value for c in DECK], dtype=np.int16)
_GOOD = np.array([GOODS.index(c.good) if c.good in GOODS else G for c in DECK], dtype=np.int8)


@dataclass(frozen=True)
class DayModel:
    """The simple policy the simulation plays the rest of the day by: ``lot_sizes`` are the relative
    chances that an auctioneer aims for a lot of 1, 2 or 3 cards (fewer when rules 6-7 stop it)."""

    lot_sizes: tuple[float, float, float] = (1.0, 1.0, 1.0)

    def __post_init__(self) -> None:
        if len(self.lot_sizes) != MAX_LOT or min(self.lot_sizes) < 0 or sum(self.lot_sizes) <= 0:
            raise ValueError(f"lot_sizes are {MAX_LOT} chances, not negative, not all zero")


MODEL = DayModel()  # lots of 1, 2 or 3 cards with equal chances


@dataclass(frozen=True, eq=False)
class DayEnds:
    """Simulated day ends, one row per sample: each seat's income and the ships and tracks behind it."""

    state: State
    decks: tuple[tuple[Card, ...], ...]  # each sample's deck, top first
    lot_to: tuple[int, int] | None  # the (seat, ship) that took the lot on the table, or None (discarded)
    income: np.ndarray  # (samples, seats): the day-end income
    rank_income: np.ndarray  # (samples, seats): the ship-value rank part of it
    track_income: np.ndarray  # (samples, seats): the majority and bonus part of it
    ship_values: np.ndarray  # (samples, ships): ship values, seat by seat
    levels: np.ndarray  # (samples, seats, goods): track levels after moving
    placed: np.ndarray  # (samples, deck cards): the ship each deck card went to, or -1 if it was not used
    lot_sizes: np.ndarray  # (samples, steps): cards in each lot after the one on the table (0: none)
    lot_ships: np.ndarray  # (samples, steps): the ship each of those lots went to

    @property
    def samples(self) -> int:
        return len(self.income)

    def cargo(self, i: int) -> tuple[tuple[tuple[Card, ...], ...], ...]:
        """The cards on every ship at the end of sample ``i`` (``cargo[seat][ship]``), as the engine holds them."""
        k = self.state.table.ships_per_seat
        ships = [list(ship) for seat in self.state.loads for ship in seat]
        if self.lot_to is not None:
            seat, ship = self.lot_to
            ships[seat * k + ship] += self.state.lot
        for card, ship in zip(self.decks[i], self.placed[i]):
            if ship >= 0:
                ships[ship].append(card)
        return tuple(tuple(tuple(ships[s * k + j]) for j in range(k)) for s in range(self.state.players))

    def lots(self, i: int) -> list[tuple[int, int]]:
        """The lots of sample ``i`` after the one on the table, in order: (cards, ship); free fills included."""
        return [(int(n), int(s)) for n, s in zip(self.lot_sizes[i], self.lot_ships[i]) if n]


def determinized_decks(state: State, seat: int, samples: int, seed: int = 0) -> tuple[tuple[Card, ...], ...]:
    """The decks of ``samples`` determinizations of ``state`` for ``seat`` (what that seat cannot rule out)."""
    rng = random.Random(seed)
    return tuple(state.determinize(seat, rng).deck for _ in range(samples))


def simulate_day_ends(
    state: State,
    decks: Sequence[Sequence[Card]],
    *,
    lot_to: tuple[int, int] | None = None,
    blocked: tuple[int, int, int] | None = None,
    model: DayModel = MODEL,
    seed: int = 0,
) -> DayEnds:
    """Play the rest of the day once per deck in ``decks`` under ``model`` and score each day end.

    The lot on the table first goes onto ship ``lot_to = (seat, ship)``, or is discarded (None).
    ``blocked = (seat, ship, holds)`` fills that many free holds with worthless cargo (no value, no goods).
    Calls with the same ``seed`` and decks share their random numbers (common random numbers)."""
    decks = tuple(tuple(d) for d in decks)
    size = len(state.deck)
    if any(len(d) != size for d in decks):
        raise ValueError(f"every deck must hold the {size} cards left in this state's deck")
    room, value, goods = _ships_now(state, lot_to, blocked)
    day = _Day(state.table.players, state.table.ships_per_seat, decks, room, value, goods)
    day.play(model, np.random.default_rng(seed))
    levels = _moved(np.array(state.levels, dtype=np.int16), day.goods[:, :, :G])
    rank = _rank_income(day.value).reshape(len(decks), day.players, day.per_seat).sum(axis=2)
    tracks = _track_income(levels, state.table.start_space_scores)
    return DayEnds(
        state=state, decks=decks, lot_to=lot_to, income=rank + tracks, rank_income=rank, track_income=tracks,
        ship_values=day.value, levels=levels, placed=day.placed, lot_sizes=day.lot_sizes, lot_ships=day.lot_ships,
    )


def _ships_now(state: State, lot_to: tuple[int, int] | None, blocked: tuple[int, int, int] | None):
    """Every ship's free holds and value, and every seat's goods count per kind (gold last), once the lot
    on the table has gone to ``lot_to`` and the ``blocked`` holds are filled."""
    per_seat = state.table.ships_per_seat
    room = np.array([HOLDS - len(ship) for seat in state.loads for ship in seat], dtype=np.int16)
    value = np.array([sum(c.value for c in ship) for seat in state.loads for ship in seat], dtype=np.int16)
    goods = np.zeros((state.players, G + 1), dtype=np.int16)
    for seat, ships in enumerate(state.loads):
        for c in (c for ship in ships for c in ship):
            goods[seat, _GOOD[_CODE[c]]] += 1
    if lot_to is not None:
        seat, ship = lot_to
        j = seat * per_seat + ship
        if room[j] < len(state.lot):
            raise ValueError(f"ship {ship} of seat {seat} has no room for the lot of {len(state.lot)} cards")
        room[j] -= len(state.lot)
        value[j] += sum(c.value for c in state.lot)
        for c in state.lot:
            goods[seat, _GOOD[_CODE[c]]] += 1
    if blocked is not None:
        seat, ship, holds = blocked
        j = seat * per_seat + ship
        if not 0 <= holds <= room[j]:
            raise ValueError(f"ship {ship} of seat {seat} has {room[j]} free holds, not {holds}")
        room[j] -= holds
    return room, value, goods


class _Day:
    """The rest of one day in ``n`` samples at once: ships (samples, ships), goods (samples, seats, kinds)."""

    def __init__(self, players: int, per_seat: int, decks: tuple, room, value, goods) -> None:
        n, size = len(decks), len(decks[0]) if decks else 0
        self.players, self.per_seat, self.n, self.size = players, per_seat, n, size
        codes = np.array([[_CODE[c] for c in d] for d in decks], dtype=np.int16).reshape(n, size)
        self.faces, self.kinds = _FACE[codes], _GOOD[codes]
        self.rows = np.arange(n)
        self.room, self.value = np.tile(room, (n, 1)), np.tile(value, (n, 1))
        self.goods = np.tile(goods, (n, 1, 1))
        self.owner = np.repeat(np.arange(players), per_seat)
        self.pos = np.zeros(n, dtype=np.int16)  # the next card of each deck
        self.placed = np.full((n, size), -1, dtype=np.int8)
        self.lot_sizes = np.zeros((n, size), dtype=np.int8)
        self.lot_ships = np.zeros((n, size), dtype=np.int8)

    def play(self, model: DayModel, rng: np.random.Generator) -> None:
        """Sell lots until the deck is empty or every ship is full (rules 16-18)."""
        n, size, players = self.n, self.size, self.players
        aims = np.cumsum(model.lot_sizes) / sum(model.lot_sizes)
        u_size, u_ship = rng.random((size, n)), rng.random((size, n))  # per lot: the size aimed for, the ship
        u_seat = rng.random((size, n, players))  # per lot: a random key per seat; the highest that fits wins
        for step in range(size):  # every lot takes at least one card
            left = size - self.pos
            seat_room = self.room.reshape(n, players, self.per_seat).max(axis=2)
            with_room = (seat_room > 0).sum(axis=1)
            live = (left > 0) & (with_room > 0)
            if not live.any():
                break
            aim = 1 + np.searchsorted(aims, u_size[step], side="right").clip(0, MAX_LOT - 1)
            lot = np.minimum(np.minimum(aim, seat_room.max(axis=1)), left)  # rules 4, 6 and 7
            ship = self._buyer(lot, u_seat[step], u_ship[step])
            fill = with_room == 1
            if fill.any():  # rule 17: the only seat with room fills its first ship with room, free
                last = (seat_room > 0).argmax(axis=1)
                first_free = (self.room.reshape(n, players, self.per_seat)[self.rows, last] > 0).argmax(axis=1)
                ship = np.where(fill, last * self.per_seat + first_free, ship)
                lot = np.where(fill, np.minimum(self.room[self.rows, ship], left), lot)
            lot = np.where(live, lot, 0).astype(np.int16)
            self._load(lot, ship)
            self.lot_sizes[:, step] = lot
            self.lot_ships[:, step] = np.where(live, ship, 0)

    def _buyer(self, lot: np.ndarray, keys: np.ndarray, u_ship: np.ndarray) -> np.ndarray:
        """The ship each lot goes on: the seat with the highest key among those that can hold the lot
        (rule 12), then either of its ships that can hold it, with equal chances."""
        # Keys rather than "the k-th seat that fits": a seat's room changing then changes the winner only
        # where that seat would have won, which keeps futures compared by common random numbers close.
        fits = (self.room >= lot[:, None]).reshape(self.n, self.players, self.per_seat)
        winner = np.where(fits.any(axis=2), keys, -1.0).argmax(axis=1)
        fit_here = fits[self.rows, winner]
        either = (u_ship * self.per_seat).astype(np.int64)
        return winner * self.per_seat + np.where(fit_here.all(axis=1), either, fit_here.argmax(axis=1))

    def _load(self, lot: np.ndarray, ship: np.ndarray) -> None:
        """Move the next ``lot`` cards of each deck onto ``ship``."""
        rows = self.rows
        for j in range(int(lot.max())):
            take = lot > j
            idx = np.minimum(self.pos + j, self.size - 1)
            self.value[rows, ship] += np.where(take, self.faces[rows, idx], 0).astype(np.int16)
            self.goods[rows, self.owner[ship], self.kinds[rows, idx]] += take
            self.placed[rows[take], idx[take]] = ship[take]
        self.room[rows, ship] -= lot
        self.pos += lot


# ---------------------------------------------------------------------- scoring, vectorised
# Each table is built by asking the engine's scoring functions, so no rule is written twice: a ship's
# rank income depends only on how many ships are worth more and how many tie with it, and a marker's
# majority income only on how many markers stand higher and how many tie with it.


@cache
def _rank_table(ships: int) -> np.ndarray:
    """income[above, tied]: a ship's rank income with ``above`` ships worth more and ``tied`` (itself
    included) worth the same, from ``value_rank_income``."""
    table = np.zeros((ships + 1, ships + 1), dtype=np.int16)
    for above in range(ships):
        for tied in range(1, ships - above + 1):
            values = [2] * above + [1] * tied + [0] * (ships - above - tied)
            table[above, tied] = value_rank_income([[v] for v in values])[above]
    return table


@cache
def _majority_tables(seats: int, start_space_scores: bool) -> tuple[np.ndarray, np.ndarray]:
    """income[above, tied] on one track for a marker above level 0 and for one on level 0, from
    ``majority_income``."""
    raised = np.zeros((seats + 1, seats + 1), dtype=np.int16)
    start = np.zeros((seats + 1, seats + 1), dtype=np.int16)
    for above in range(seats):
        for tied in range(1, seats - above + 1):
            track = [2] * above + [1] * tied + [0] * (seats - above - tied)
            raised[above, tied] = majority_income(track, start_space_scores)[above]
        start[above, seats - above] = majority_income([1] * above + [0] * (seats - above), start_space_scores)[above]
    return raised, start


@cache
def _move_table() -> np.ndarray:
    """level[before, cards]: a marker's level after ``cards`` goods of its kind, from ``moved_levels``."""
    most = 2 * HOLDS  # two ships at most
    table = np.zeros((TOP_LEVEL + 1, most + 1), dtype=np.int16)
    for before in range(TOP_LEVEL + 1):
        for cards in range(most + 1):
            table[before, cards] = moved_levels((before,) + (0,) * (G - 1), [Card(GOODS[0], 0)] * cards)[0]
    return table


_BONUS = np.array([top_bonus(level) for level in range(TOP_LEVEL + 1)], dtype=np.int16)


def _moved(levels: np.ndarray, goods: np.ndarray) -> np.ndarray:
    """Track levels (samples, seats, goods) after moving ``levels`` (seats, goods) by ``goods`` cards."""
    return _move_table()[np.broadcast_to(levels, goods.shape), goods]


def _rank_income(values: np.ndarray) -> np.ndarray:
    """Each ship's rank income (samples, ships) from the ship values (samples, ships)."""
    above = (values[:, None, :] > values[:, :, None]).sum(axis=2)
    tied = (values[:, None, :] == values[:, :, None]).sum(axis=2)
    return _rank_table(values.shape[1])[above, tied]


def _track_income(levels: np.ndarray, start_space_scores: bool) -> np.ndarray:
    """Each seat's majority and bonus income (samples, seats), summed over the tracks."""
    seats = levels.shape[1]
    raised, start = _majority_tables(seats, start_space_scores)
    above = (levels[:, None, :, :] > levels[:, :, None, :]).sum(axis=2)
    tied = (levels[:, None, :, :] == levels[:, :, None, :]).sum(axis=2)
    majority = np.where(levels > 0, raised[above, tied], start[above, tied])
    return (majority + _BONUS[levels]).sum(axis=2)
