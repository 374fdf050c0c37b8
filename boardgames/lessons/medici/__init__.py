"""The numerical core of the classroom probability lessons: what is a Medici lot worth?

Exact answers first, by enumeration (``distributions``); then simulation, vectorised with numpy and
checked against them (``montecarlo``); then the question a player faces at the table, what this lot is
worth to this seat now (``worth``, on the day-end simulation of ``dayend``); then auctions (``auctions``).

    >>> from boardgames.lessons.medici import card_values, lot_values
    >>> card_values().mean                      # the average card
    Fraction(55, 18)
    >>> lot_values(3).variance                  # a 3-card lot: exact spread
    Fraction(3245, 252)

What a lesson cell calls:

- lesson 1: ``card_values()``, ``sample_lots(1, 10_000)``, ``running_mean(values)``, ``empirical(values)``;
- lesson 2: ``lot_values(k, deck)``, ``ship_values(deck, loaded)``, ``.mean``, ``.variance``, ``.sd``, ``.P(event)``;
- lesson 3: ``position(ships, lot, ...)`` or a real game's state, ``worth_by_seat(state)``,
  ``lot_worth(state, seat).profit(price)``, ``room_cost(state, seat, holds)``;
- lesson 4: ``winners_curse(bidders, noise, shade=...)``, ``expected_overpayment(bidders, noise)``,
  ``once_around(bidders, noise)``, ``curse_table(bidder_counts, noises)``.

numpy is used here and nowhere else in ``boardgames``; the engine never imports this package.
"""

from boardgames.lessons.medici.auctions import (
    SeatResult,
    curse_table,
    estimates,
    expected_overpayment,
    once_around,
    winners_curse,
)
from boardgames.lessons.medici.dayend import DayEnds, DayModel, determinized_decks, simulate_day_ends
from boardgames.lessons.medici.distributions import (
    Distribution,
    card_values,
    cards_of,
    lot_values,
    lot_values_by_listing,
    ship_values,
    unseen,
)
from boardgames.lessons.medici.montecarlo import (
    Estimate,
    empirical,
    estimate,
    running_mean,
    sample_lots,
    sample_lots_python,
    total_variation,
)
from boardgames.lessons.medici.positions import position
from boardgames.lessons.medici.worth import LotWorth, lot_worth, room_cost, worth_by_seat

__all__ = [
    "DayEnds", "DayModel", "Distribution", "Estimate", "LotWorth", "SeatResult",
    "card_values", "cards_of", "curse_table", "determinized_decks", "empirical", "estimate", "estimates",
    "expected_overpayment", "lot_values", "lot_values_by_listing", "lot_worth", "once_around", "position",
    "room_cost", "running_mean", "sample_lots", "sample_lots_python", "ship_values", "simulate_day_ends",
    "total_variation", "unseen", "winners_curse", "worth_by_seat",
]
