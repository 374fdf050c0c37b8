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

Beyond these tools, what the lessons show named as they speak of it, so that their cells stay short:

- ``words``: an estimate or a fraction in a sentence ("15.0 florins (95% interval 14.2 to 15.8)");
- ``lots`` (lesson 2): the variance of a lot by the formula, a deck with some cards gone;
- ``table`` (lesson 3): a seeded game stopped at the auction a lesson studies, the day's income if it ends now,
  the auction played out by expert bots;
- ``curse`` (lesson 4): the winner's curse experiment behind the sliders, and the sentence under its chart.

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
from boardgames.lessons.medici.curse import (
    BINS,
    SHADE_STEP,
    curse_sentence,
    formula_shade,
    overpayments,
    shares,
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
from boardgames.lessons.medici.lots import deck_without, variance_by_formula
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
from boardgames.lessons.medici.table import NAMES, auction_by_bots, income_if, stop_at
from boardgames.lessons.medici.words import exactly, florins, percent
from boardgames.lessons.medici.worth import LotWorth, lot_worth, room_cost, worth_by_seat

__all__ = [
    "BINS", "NAMES", "SHADE_STEP", "DayEnds", "DayModel", "Distribution", "Estimate", "LotWorth", "SeatResult",
    "auction_by_bots", "card_values", "cards_of", "curse_sentence", "curse_table", "deck_without",
    "determinized_decks", "empirical", "estimate", "estimates", "exactly", "expected_overpayment", "florins",
    "formula_shade", "income_if", "lot_values", "lot_values_by_listing", "lot_worth", "once_around",
    "overpayments", "percent", "position", "room_cost", "running_mean", "sample_lots", "sample_lots_python",
    "shares", "ship_values", "simulate_day_ends", "stop_at", "total_variation", "unseen", "variance_by_formula",
    "winners_curse", "worth_by_seat",
]
