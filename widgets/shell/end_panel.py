"""The end-of-game panel: the final ranking, the view's extra columns, and the game's record to download, in the page's
language (the view's labels and the engine's note may be messages or English words)."""

from __future__ import annotations

import html
import urllib.parse
from collections.abc import Sequence
from typing import Any

import ipywidgets as W

import boardgames
from boardgames.core.message import Ordinal, say
from boardgames.core.records import who_wins_said
from boardgames.terms import terms, unit_said
from widgets.kit.palette import seat_ink
from widgets.runtime.language import shown

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


def score_unit(ui: Any) -> Any:
    """What the view's scores count (``SCORE_NAME``) as a word of the page: a game's unit given in English is the
    game word (``boardgames.terms.unit_said``)."""
    name = ui.SCORE_NAME
    return unit_said(name) if isinstance(name, str) and name in terms()["game.unit"] else name


def end_panel_html(state: Any, ui: Any, record: str) -> str:
    """The final ranking (the engine's scores, everything revealed), the view's ``end_columns``, the view's
    ``END_NOTE`` (else the engine's ``SCORING_NOTE``) and a link to download ``record`` (the match's document), in the
    page's language."""
    names = state.names
    scores = state.scores()
    winners = set(state.winners())
    columns = ui.end_columns(state)
    note = getattr(ui, "END_NOTE", None) or boardgames.GAMES[state.GAME].SCORING_NOTE
    head = "".join(f"<th style='{HEAD}'>{html.escape(shown(label))}</th>" for label, _ in columns)
    rows = []
    for place, seat in ranking(scores):
        cells = "".join(f"<td style='{NUMBER}'>{values[seat]}</td>" for _, values in columns)
        star = "&nbsp;★" if seat in winners else ""  # the star stays on its name's line
        rows.append(
            f"<tr class='bg-rank-row' data-seat='{seat}' data-place='{place}' data-score='{scores[seat]}'>"
            f"<td style='{CELL};white-space:nowrap'>{html.escape(shown(Ordinal(place)))}</td>"
            f"<td class='bg-rank-name' style='{NAME};color:{seat_ink(seat)}'>"
            f"{html.escape(names[seat])}{star}</td>"
            f"<td class='bg-rank-score' style='{NUMBER};font-weight:bold'>{scores[seat]}</td>"
            f"{cells}</tr>"
        )
    best = [names[s] for s in sorted(winners)]
    headline = html.escape(shown(say("Game over: {who} with {score} {unit}!", who=who_wins_said(best),
                                     score=max(scores), unit=score_unit(ui))))
    heads = [html.escape(shown(said)) for said in (say("Place"), say("Player"), say("Final"))]
    download = html.escape(shown(say("Download this game")))
    loadable = html.escape(shown(say("(a file the engine can load and replay)")))
    link = urllib.parse.quote(record)
    return (
        "<div style='border:2px solid #2b8a3e;border-radius:6px;padding:6px 10px;background:#ebfbee;"
        "margin-bottom:6px;box-sizing:border-box'>"
        f"<div style='font-size:18px;font-weight:bold;margin-bottom:4px'>{headline}</div>"
        "<div style='overflow-x:auto'>"
        "<table class='bg-ranking' style='border-collapse:collapse;font-size:14px;line-height:1.5'>"
        f"<tr><th style='{HEAD};text-align:left'>{heads[0]}</th><th style='{HEAD};text-align:left'>{heads[1]}</th>"
        f"<th style='{HEAD}'>{heads[2]}</th>{head}</tr>"
        + "".join(rows)
        + "</table></div>"
        f"<div style='font-size:12px;line-height:1.4;margin-top:4px'>{html.escape(shown(note))}</div>"
        f"<div style='font-size:13px;margin-top:4px'>"
        f"<a class='bg-record' style='{LINK}' download='{state.GAME}-game.json' "
        f"href='data:application/json;charset=utf-8,{link}'>⬇ {download}</a> "
        f"<span style='color:#495057'>{loadable}</span></div></div>"
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
        """Show the end of the game ``state`` (its match's document is ``record``) in the page's language (the app
        shows it again after a change of language)."""
        self.value = end_panel_html(state, ui, record)
        self.add_class(OVER)
        self.layout.display = "block"

    def hide(self) -> None:
        """Hide the panel and drop its content (a replay of an earlier move shows no final scores)."""
        if OVER in self._dom_classes:
            self.remove_class(OVER)
            self.value = ""
        self.layout.display = "none"
