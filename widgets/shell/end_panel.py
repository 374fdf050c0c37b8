"""The end-of-game panel: the final ranking, the view's extra columns, and the game's record to download."""

from __future__ import annotations

import html
import urllib.parse
from collections.abc import Sequence
from typing import Any

import ipywidgets as W

import boardgames
from widgets.kit.palette import seat_colour

OVER = "bg-game-over"


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th, ... 11th, 12th, 13th, 21st."""
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def ranking(scores: Sequence[int]) -> list[tuple[int, int]]:
    """(place, seat) pairs, best first; tied scores share a place (competition ranking)."""
    order = sorted(range(len(scores)), key=lambda s: (-scores[s], s))
    return [(1 + sum(1 for x in scores if x > scores[s]), s) for s in order]


# The panel stands in the app's side column (about 400 px wide at a 1024 px window): headings may wrap onto two
# lines ("Palace / tiles"), and a long name wraps rather than push the last column out of sight.
CELL = "padding:2px 5px"
NUMBER = CELL + ";text-align:right;white-space:nowrap"
HEAD = "padding:2px 5px;text-align:right;vertical-align:bottom;line-height:1.2"
NAME = CELL + ";font-weight:bold;overflow-wrap:break-word"
LINK = "color:#1864ab;text-decoration:underline;font-weight:bold"


def end_panel_html(state: Any, ui: Any, record: str) -> str:
    """The final ranking (the engine's scores, everything revealed), the view's ``end_columns``, the engine's
    ``SCORING_NOTE`` and a link to download ``record`` (the match's document)."""
    names = state.names
    scores = state.scores()
    winners = set(state.winners())
    columns = ui.end_columns(state)
    note = boardgames.GAMES[state.GAME].SCORING_NOTE
    head = "".join(f"<th style='{HEAD}'>{html.escape(label)}</th>" for label, _ in columns)
    rows = []
    for place, seat in ranking(scores):
        cells = "".join(f"<td style='{NUMBER}'>{values[seat]}</td>" for _, values in columns)
        star = "&nbsp;★" if seat in winners else ""  # the star stays on its name's line
        rows.append(
            f"<tr class='bg-rank-row' data-seat='{seat}' data-place='{place}' data-score='{scores[seat]}'>"
            f"<td style='{CELL};white-space:nowrap'>{ordinal(place)}</td>"
            f"<td class='bg-rank-name' style='{NAME};color:{seat_colour(seat)}'>"
            f"{html.escape(names[seat])}{star}</td>"
            f"<td class='bg-rank-score' style='{NUMBER};font-weight:bold'>{scores[seat]}</td>"
            f"{cells}</tr>"
        )
    best = [names[s] for s in sorted(winners)]
    if len(best) == 1:
        headline = f"{html.escape(best[0])} wins with {max(scores)} {ui.SCORE_NAME}!"
    else:
        headline = f"{html.escape(' and '.join(best))} share the win with {max(scores)} {ui.SCORE_NAME}!"
    link = urllib.parse.quote(record)
    return (
        "<div style='border:2px solid #2b8a3e;border-radius:6px;padding:6px 10px;background:#ebfbee;"
        "margin-bottom:6px;box-sizing:border-box'>"
        f"<div style='font-size:18px;font-weight:bold;margin-bottom:4px'>Game over: {headline}</div>"
        "<div style='overflow-x:auto'>"
        "<table class='bg-ranking' style='border-collapse:collapse;font-size:14px;line-height:1.5'>"
        f"<tr><th style='{HEAD};text-align:left'>Place</th><th style='{HEAD};text-align:left'>Player</th>"
        f"<th style='{HEAD}'>Final</th>{head}</tr>"
        + "".join(rows)
        + "</table></div>"
        f"<div style='font-size:12px;line-height:1.4;margin-top:4px'>{html.escape(note)}</div>"
        f"<div style='font-size:13px;margin-top:4px'>"
        f"<a class='bg-record' style='{LINK}' download='{state.GAME}-game.json' "
        f"href='data:application/json;charset=utf-8,{link}'>⬇ Download this game</a> "
        "<span style='color:#495057'>(a file the engine can load and replay)</span></div></div>"
    )


class EndPanel(W.HTML):
    """The panel shown once the game is over (class ``bg-game-over`` only then), hidden otherwise."""

    def __init__(self) -> None:
        # no side margins: a widget's margin added to a width of 100% would push its right border out of sight
        super().__init__(layout=W.Layout(display="none", width="100%", margin="2px 0"))

    @property
    def shown(self) -> bool:
        """Whether the panel is on screen (the game is over and shown live)."""
        return OVER in self._dom_classes

    def show(self, state: Any, ui: Any, record: str) -> None:
        """Show the end of the game ``state`` (its match's document is ``record``)."""
        self.value = end_panel_html(state, ui, record)
        self.add_class(OVER)
        self.layout.display = "block"

    def hide(self) -> None:
        """Hide the panel and drop its content (a replay of an earlier move shows no final scores)."""
        if OVER in self._dom_classes:
            self.remove_class(OVER)
            self.value = ""
        self.layout.display = "none"
