"""The pieces of a board's legend line: a small square of a colour before the word it explains."""

from __future__ import annotations


def swatch(colour: str) -> str:
    """A small square of ``colour``, as HTML, to stand before a word of a legend ("<square> residential")."""
    return (f"<span style='display:inline-block;width:11px;height:11px;background:{colour};"
            "border:1px solid #495057;margin-right:3px;vertical-align:-1px'></span>")
