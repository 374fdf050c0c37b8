"""What the four Medici probability lessons show beyond the general tools of ``boardgames.lessons``, named
as the lessons speak of it, so that a lesson's cells stay short:

- ``words``: an estimate or a fraction in a sentence ("15.0 florins, 95% interval 14.2 to 15.8");
- ``lots`` (lesson 2): the variance of a lot by the formula, a deck with some cards gone;
- ``table`` (lesson 3): a seeded game stopped at the auction a lesson studies, the day's income if it ends now,
  the auction played out by expert bots;
- ``curse`` (lesson 4): the winner's curse experiment behind the sliders, and the sentence under its chart.
"""

from boardgames.lessons.medici.curse import (
    BINS,
    SHADE_STEP,
    curse_sentence,
    formula_shade,
    overpayments,
    shares,
)
from boardgames.lessons.medici.lots import deck_without, variance_by_formula
from boardgames.lessons.medici.table import NAMES, auction_by_bots, income_if, stop_at
from boardgames.lessons.medici.words import exactly, florins, percent

__all__ = [
    "BINS", "NAMES", "SHADE_STEP", "auction_by_bots", "curse_sentence", "deck_without", "exactly", "florins",
    "formula_shade", "income_if", "overpayments", "percent", "shares", "stop_at", "variance_by_formula",
]
