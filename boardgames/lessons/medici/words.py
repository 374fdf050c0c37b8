"""Numbers as a lesson says them: an estimate with its interval, an exact fraction with its decimals."""

from __future__ import annotations

from fractions import Fraction

from boardgames.lessons.medici.montecarlo import Estimate


def florins(worth: Estimate, digits: int = 1) -> str:
    """An estimate in florins with its 95% interval: "15.0 florins (95% interval 14.2 to 15.8)"."""
    return f"{worth.mean:.{digits}f} florins (95% interval {worth.low:.{digits}f} to {worth.high:.{digits}f})"


def exactly(value: Fraction | int, digits: int = 3) -> str:
    """An exact number, as a fraction with its decimals when it is not whole: "55/18 ≈ 3.056"."""
    value = Fraction(value)
    if value.denominator == 1:
        return str(value.numerator)
    return f"{value.numerator}/{value.denominator} ≈ {float(value):.{digits}f}"


def percent(chance: Fraction | float, digits: int = 0) -> str:
    """A chance as a percentage: "28%"."""
    return f"{float(chance):.{digits}%}"
