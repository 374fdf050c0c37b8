"""The pieces of a board's legend line: a small square of a colour before the word it explains, a seat's round
token with its initial, and the sentence that says whose initial is whose."""

from __future__ import annotations

import html
from collections.abc import Sequence

from boardgames.core.message import listed, say
from widgets.kit.palette import DARK, letter_colour, seat_colour, seat_initials
from widgets.runtime.language import shown


def swatch(colour: str, letter: str = "") -> str:
    """A small square of ``colour``, as HTML, to stand before a word of a legend ("<square> residential"); with
    ``letter``, the letter the board writes on that colour follows it ("<square> Gy grey palace")."""
    square = (f"<span style='display:inline-block;width:11px;height:11px;background:{colour};"
              "border:1px solid #495057;margin-right:3px;vertical-align:-1px'></span>")
    return f"{square}<b>{html.escape(letter)}</b> " if letter else square


def token(seat: int, initial: str) -> str:
    """``seat``'s round token with its ``initial``, as the boards draw it on a seat's pieces (HTML)."""
    colour = seat_colour(seat)
    return (f"<span class='bg-seat-token' style='display:inline-block;min-width:15px;height:15px;padding:0 1px;"
            f"box-sizing:border-box;border-radius:8px;background:{colour};color:{letter_colour(colour)};"
            f"border:1px solid {DARK};text-align:center;font-size:10px;font-weight:bold;line-height:13px;"
            f"margin-right:2px;vertical-align:1px'>{html.escape(initial)}</span>")


def initials_html(names: Sequence[str]) -> str:
    """The sentence that says whose initial each piece carries, each seat's token before its name, in the page's
    language (HTML)."""
    keys = [f"{token(seat, initial)}{html.escape(name)}" for seat, (initial, name) in
            enumerate(zip(seat_initials(names), names))]
    return shown(say("Each player's pieces carry the player's initial as well as the colour: {players}.",
                     players=listed(keys, ",")))
