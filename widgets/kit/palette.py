"""The colours every view shares: one colour per seat, and lighter shades of any colour."""

from __future__ import annotations

SEAT_COLOURS = ("#e03131", "#1c3fcc", "#f08c00", "#212529", "#0ca678", "#9c36b5")


def seat_colour(seat: int) -> str:
    """The colour of ``seat``'s markers, names and log lines."""
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def mix(colour: str, white: float) -> str:
    """``colour`` (``#rrggbb``) blended with ``white`` parts of white (0 = colour, 1 = white)."""
    r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    r, g, b = (round(c + (255 - c) * white) for c in (r, g, b))
    return f"#{r:02x}{g:02x}{b:02x}"
