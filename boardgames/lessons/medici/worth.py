"""What a lot is worth to a seat: the expected change in that seat's day-end income if it wins the lot now.

The estimate compares two futures of the same day, sample by sample: one where the seat loads the lot
(at price 0), one where it does not (the lot is discarded, or goes to the seat named ``otherwise``).
Both futures use the same determinized decks and the same random choices (common random numbers), so
their difference is measured more precisely than with independent futures. Minus the price, the worth
is the expected profit of a bid.

The rest of the day is played by the model of ``boardgames.lessons.medici.dayend`` (its docstring states the
assumptions): lots of 1 to 3 cards, each sold to a random seat with room for it, money ignored, the
free fill and the end of the day exactly as the rules say, and only this day's income counted (a goods
card also helps on later days, which this leaves out). The estimate is only as good as that model of
how the others will bid.
"""

from __future__ import annotations

from dataclasses import dataclass

from boardgames.lessons.medici.dayend import MODEL, DayEnds, DayModel, determinized_decks, simulate_day_ends
from boardgames.lessons.medici.montecarlo import Estimate, estimate
from boardgames.medici.cards import Card
from boardgames.medici.game import State
from boardgames.medici.rules import HOLDS

SAMPLES = 2000


@dataclass(frozen=True)
class LotWorth(Estimate):
    """The worth of the lot on the table to ``seat`` (mean, standard error, samples), split into its effect
    on the ship-value rank income and on the track income (``rank`` + ``tracks`` = the worth, sample by
    sample); ``ship`` is the ship it would go on (None: the seat cannot hold the lot)."""

    seat: int
    lot: tuple[Card, ...]
    ship: int | None
    rank: Estimate
    tracks: Estimate

    def profit(self, price: int) -> Estimate:
        """The expected profit of winning the lot at ``price``: its worth minus the price."""
        return Estimate(self.mean - price, self.stderr, self.samples)


def lot_worth(
    state: State,
    seat: int,
    *,
    samples: int = SAMPLES,
    seed: int = 0,
    otherwise: int | None = None,
    model: DayModel = MODEL,
) -> LotWorth:
    """The expected change in ``seat``'s income this day if it wins the lot on the table now at price 0,
    compared with the lot being discarded (or going to seat ``otherwise``), from ``samples`` simulated
    day ends under ``model`` (see ``boardgames.lessons.medici.dayend``). A lot the seat cannot hold is worth
    nothing to it."""
    return worth_by_seat(state, [seat], samples=samples, seed=seed, otherwise=otherwise, model=model)[0]


def worth_by_seat(
    state: State,
    seats: list[int] | None = None,
    *,
    samples: int = SAMPLES,
    seed: int = 0,
    otherwise: int | None = None,
    model: DayModel = MODEL,
) -> list[LotWorth]:
    """``lot_worth`` of the lot on the table for each of ``seats`` (default: every seat), sharing the
    same simulated futures."""
    if not state.lot:
        raise ValueError("there is no lot on the table")
    if otherwise is not None and not 0 <= otherwise < state.players:
        raise ValueError(f"there is no seat {otherwise!r}")
    seats = [s for s in range(state.players) if s != otherwise] if seats is None else seats
    decks, base = None, None
    out = []
    for seat in seats:
        fitting = _fitting_ships(state, seat)
        if seat == otherwise:
            raise ValueError(f"seat {seat} cannot both win the lot and leave it to itself")
        if not fitting:
            out.append(_nothing(state, seat))
            continue
        if base is None:
            decks = determinized_decks(state, seat, samples, seed)
            base = simulate_day_ends(state, decks, lot_to=_target(state, otherwise), model=model, seed=seed)
        best = None
        for ship in fitting:  # two ships: the winner chooses, so take the better one
            won = simulate_day_ends(state, decks, lot_to=(seat, ship), model=model, seed=seed)
            worth = _difference(won, base, seat, ship)
            if best is None or worth.mean > best.mean:
                best = worth
        out.append(best)
    return out


def room_cost(
    state: State,
    seat: int,
    holds: int = 1,
    *,
    ship: int | None = None,
    samples: int = SAMPLES,
    seed: int = 0,
    model: DayModel = MODEL,
) -> Estimate:
    """The opportunity cost of ship room: the expected income ``seat`` loses this day if ``holds`` of its
    free holds are filled now with worthless cargo (no value, no goods); the lot on the table is discarded.
    ``ship`` (two players) is the ship filled, by default the one with the most room."""
    ships = state.loads[seat]
    if ship is None:
        ship = max(range(len(ships)), key=lambda i: HOLDS - len(ships[i]))
    decks = determinized_decks(state, seat, samples, seed)
    base = simulate_day_ends(state, decks, model=model, seed=seed)
    less = simulate_day_ends(state, decks, blocked=(seat, ship, holds), model=model, seed=seed)
    return estimate(base.income[:, seat] - less.income[:, seat])


def _fitting_ships(state: State, seat: int) -> list[int]:
    """The ships of ``seat`` that can take the whole lot on the table."""
    return [i for i, ship in enumerate(state.loads[seat]) if len(ship) + len(state.lot) <= HOLDS]


def _target(state: State, seat: int | None) -> tuple[int, int] | None:
    """Where the lot goes when ``seat`` takes it: its first ship with room; None (discarded) for no seat."""
    if seat is None:
        return None
    fitting = _fitting_ships(state, seat)
    if not fitting:
        raise ValueError(f"seat {seat} cannot hold the lot, so it cannot take it otherwise")
    return (seat, fitting[0])


def _difference(won: DayEnds, base: DayEnds, seat: int, ship: int) -> LotWorth:
    """The per-sample gain of ``seat`` between two simulated futures, as a LotWorth."""
    total = estimate(won.income[:, seat] - base.income[:, seat])
    return LotWorth(
        total.mean, total.stderr, total.samples, seat=seat, lot=won.state.lot, ship=ship,
        rank=estimate(won.rank_income[:, seat] - base.rank_income[:, seat]),
        tracks=estimate(won.track_income[:, seat] - base.track_income[:, seat]),
    )


def _nothing(state: State, seat: int) -> LotWorth:
    """The worth of a lot a seat cannot win: exactly nothing."""
    zero = Estimate(0.0, 0.0, 0)
    return LotWorth(0.0, 0.0, 0, seat=seat, lot=state.lot, ship=None, rank=zero, tracks=zero)

