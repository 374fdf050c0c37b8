"""The colours and signs every view shares: one colour per seat (from a colour-blind-safe palette) and each seat's
initial, the shades that keep text readable and marks visible on what they stand on, and lighter shades of any
colour.

Colour is never the only sign: a seat's pieces carry its initial (``seat_initials``) as well as its colour, text
stands at a contrast of at least 4.5:1 against its ground (``ink``, ``ink_on``, ``letter_colour``), and a mark at
3:1 (``MARK_CONTRAST``; a mark whose own colour does not reach it is ringed in ``rim_for`` its ground), as WCAG 2.2
AA asks."""

from __future__ import annotations

from collections.abc import Sequence

OKABE_ITO = {
    "vermillion": "#d55e00", "blue": "#0072b2", "bluish green": "#009e73", "sky blue": "#56b4e9",
    "orange": "#e69f00", "reddish purple": "#cc79a7", "yellow": "#f0e442", "black": "#000000",
}
"""Okabe and Ito's colours (Color Universal Design, 2002): told apart with any of the common colour visions."""

SEAT_COLOURS = tuple(OKABE_ITO[name] for name in
                     ("vermillion", "blue", "bluish green", "sky blue", "orange", "reddish purple"))
"""The seats' colours, in the order that keeps the first seats (the smaller tables) told apart best. Each colour
was added as the one whose nearest colour so far is farthest (CIELAB distance) as people with normal vision, a
protanopia or a deuteranopia (Machado, Oliveira and Fernandes' 2009 simulation) see them: vermillion and blue
(far apart for every vision, both at 3:1 or more on white), bluish green (its nearest, vermillion as a protanope
sees it, still far), sky blue, orange, reddish purple (the last two nearest vermillion and bluish green as a
deuteranope sees them: only the six-player Medici table has both). Okabe and Ito's black is left out (Marco Polo's
black dice, Medina's black buildings and every dark outline would wear a seat's colour), and their yellow too
(too light on white for a mark or a name)."""

DARK = "#212529"  # a dark edge or text colour the boards share
MARK_CONTRAST = 3.0  # a mark (a piece, a marker, an outline) against what it stands on (WCAG 1.4.11)
TEXT_CONTRAST = 4.5  # text against its ground (WCAG 1.4.3)


def seat_colour(seat: int) -> str:
    """The colour of ``seat``'s markers, names and log lines."""
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def seat_ink(seat: int) -> str:
    """The colour of ``seat``'s name written as text: its seat colour, darkened until it reads on white at a
    contrast of at least 5:1 (WCAG AA asks 4.5:1; the margin is for the light tints a name may stand on; the green,
    sky blue, orange and purple seats' own colours are too light)."""
    return ink(seat_colour(seat))


def seat_initials(names: Sequence[str]) -> list[str]:
    """Each seat's sign on the pieces it owns, beside its colour: the first letter of its name (upper case), or
    its number (1 for the first seat) when another seat's name starts with the same letter (or the name is
    empty)."""
    firsts = [name.strip()[:1].upper() for name in names]
    return [first if first and firsts.count(first) == 1 else str(seat + 1) for seat, first in enumerate(firsts)]


def ink(colour: str) -> str:
    """``colour`` darkened (by tenths towards black) until text in it on white has a contrast of at least 5:1."""
    r, g, b = _rgb(colour)
    for tenth in range(11):
        shade = tuple(round(c * (1 - tenth / 10)) for c in (r, g, b))
        if contrast(shade) >= 5:
            return "#{:02x}{:02x}{:02x}".format(*shade)
    return "#000000"


def ink_on(colour: str, ground: str, ratio: float = TEXT_CONTRAST) -> str:
    """``colour`` as text (or a mark, with ``ratio`` 3) on ``ground``: itself when it stands at ``ratio`` against
    the ground, else shaded by twentieths towards black (on a light ground) or white (on a dark one) until it
    does."""
    towards = 0 if contrast_between(ground, "#000000") >= contrast_between(ground, "#ffffff") else 255
    r, g, b = _rgb(colour)
    for step in range(21):
        shade = "#{:02x}{:02x}{:02x}".format(*(round(c + (towards - c) * step / 20) for c in (r, g, b)))
        if contrast_between(shade, ground) >= ratio:
            return shade
    return "#000000" if towards == 0 else "#ffffff"


def letter_colour(fill: str) -> str:
    """The colour of a letter written on ``fill`` (a seat's piece, a card): black or white, whichever stands out
    more (on every seat colour and every good's colour that is 4.5:1 or more)."""
    return "#000000" if contrast_between(fill, "#000000") >= contrast_between(fill, "#ffffff") else "#ffffff"


def rim_for(ground: str) -> str:
    """The edge that makes a mark stand out on ``ground`` whatever the mark's own colour: dark on a light ground,
    white on a dark one."""
    return DARK if contrast_between(ground, DARK) >= contrast_between(ground, "#ffffff") else "#ffffff"


def stands_out(mark: str, ground: str, edge: str | None = None) -> bool:
    """Whether a mark of colour ``mark`` (edged in ``edge``, if it has one) is seen on ``ground``: the mark or its
    edge stands at ``MARK_CONTRAST`` (3:1) against the ground."""
    return max(contrast_between(mark, ground), contrast_between(edge, ground) if edge else 0.0) >= MARK_CONTRAST


def contrast(rgb: tuple[int, ...]) -> float:
    """The contrast of a colour (0-255 a channel) against white, as WCAG measures it."""
    return 1.05 / (_luminance(rgb) + 0.05)


def contrast_between(one: str, other: str) -> float:
    """The contrast of two colours (``#rrggbb``) against each other, as WCAG measures it (1 to 21)."""
    a, b = sorted((_luminance(_rgb(one)), _luminance(_rgb(other))), reverse=True)
    return (a + 0.05) / (b + 0.05)


def _luminance(rgb: tuple[int, ...]) -> float:
    def linear(c: int) -> float:
        c = c / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    return 0.2126 * linear(rgb[0]) + 0.7152 * linear(rgb[1]) + 0.0722 * linear(rgb[2])


def _rgb(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


GAIN = ink("#2b8a3e")
"""The colour of a profit, a gain or a good move written as text (a green that reads on white)."""
LOSS = ink("#c92a2a")
"""The colour of a loss or a blunder written as text."""


def mix(colour: str, white: float) -> str:
    """``colour`` (``#rrggbb``) blended with ``white`` parts of white (0 = colour, 1 = white)."""
    r, g, b = _rgb(colour)
    r, g, b = (round(c + (255 - c) * white) for c in (r, g, b))
    return f"#{r:02x}{g:02x}{b:02x}"
