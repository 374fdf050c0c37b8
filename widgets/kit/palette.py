"""The colours every view shares: one colour per seat, and lighter shades of any colour."""

from __future__ import annotations

SEAT_COLOURS = ("#e03131", "#1c3fcc", "#f08c00", "#212529", "#0ca678", "#9c36b5")


def seat_colour(seat: int) -> str:
    """The colour of ``seat``'s markers, names and log lines."""
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def seat_ink(seat: int) -> str:
    """The colour of ``seat``'s name written as text: its seat colour, darkened until it reads on white at a
    contrast of at least 5:1 (WCAG AA asks 4.5:1; the margin is for the light tints a name may stand on; the orange
    and the green seats' own colours are too light)."""
    return ink(seat_colour(seat))


def ink(colour: str) -> str:
    """``colour`` darkened (by tenths towards black) until text in it on white has a contrast of at least 5:1."""
    r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    for tenth in range(11):
        shade = tuple(round(c * (1 - tenth / 10)) for c in (r, g, b))
        if contrast(shade) >= 5:
            return "#{:02x}{:02x}{:02x}".format(*shade)
    return "#000000"


def contrast(rgb: tuple[int, ...]) -> float:
    """The contrast of a colour (0-255 a channel) against white, as WCAG measures it."""
    def linear(c: int) -> float:
        c = c / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    luminance = 0.2126 * linear(rgb[0]) + 0.7152 * linear(rgb[1]) + 0.0722 * linear(rgb[2])
    return 1.05 / (luminance + 0.05)


GAIN = ink("#2b8a3e")
"""The colour of a profit, a gain or a good move written as text (a green that reads on white)."""
LOSS = ink("#c92a2a")
"""The colour of a loss or a blunder written as text."""


def mix(colour: str, white: float) -> str:
    """``colour`` (``#rrggbb``) blended with ``white`` parts of white (0 = colour, 1 = white)."""
    r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    r, g, b = (round(c + (255 - c) * white) for c in (r, g, b))
    return f"#{r:02x}{g:02x}{b:02x}"
