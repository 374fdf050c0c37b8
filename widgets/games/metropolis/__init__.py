"""Foundations of Metropolis's view for the app shell and the notebooks (``widgets.kit.protocol``).

- ``board``: ``MetropolisBoard``, the city in bqplot (lot markers, buildings, the deeds for sale and, in the deed
  draft, the viewer's own hand), with the deed board, the players and their tile supplies beside it; ``mark(move)``
  outlines the cells of a suggested build, buy or pick.
- ``controls``: ``MetropolisControls``, take income, choose a tile and click its cells to build, buy a deed, pick a
  deed in the draft.
- ``shapes``: the tile shapes' picture for the notebooks (``shapes_html``, ``shapes_text``).

Nothing here decides a rule: every fact is read from the state, every choice from ``legal_moves``, every refusal
from ``check``, and what a seat may see from the engine (``secrets_of``).
"""

from __future__ import annotations

from boardgames.core.message import Message, say
from boardgames.metropolis.rules import YEARS
from boardgames.metropolis.scoring import SCORING_SAID
from boardgames.metropolis.teaching import UNIT
from widgets.games.metropolis.board import CATEGORY_FILL, HAND, HIGHLIGHT, PICKED, MetropolisBoard
from widgets.games.metropolis.controls import MetropolisControls
from widgets.games.metropolis.grid import key_grid  # noqa: F401 - gives the board its grid of buttons
from widgets.games.metropolis.shapes import shapes_html, shapes_text
from widgets.kit.hints import hint_by

# the status line: what the player to move does now
TURN_HINTS = ((lambda state: state.drafting, say("pick a deed from your hand: click one of its gold cells")),
              (lambda state: state.final_turns, say("a final turn of the year: take income or build")))


turn_hint = hint_by(TURN_HINTS,
                    otherwise=say("take income, buy a deed, or build: choose a tile, then click its green cells"))


def end_columns(state) -> list[tuple[Message, tuple[int, ...]]]:
    """The prestige each year's scoring gave, and the coins left (the tie-break); the labels are messages."""
    years = [(say("Year {year}", year=y), state.year_prestige(y)) for y in range(1, YEARS + 1)
             if state.year_prestige(y) is not None]
    return [*years, (say("Coins left"), tuple(state.coins))]


SCORE_NAME = UNIT  # the engine's teaching names the score's unit (a word of the game)
SCORE_TITLE = say("Prestige over the game")
END_NOTE = SCORING_SAID  # the end panel's note under its table: the engine's SCORING_NOTE, as a message
OPTIONS = [("deed_draft", say("Deed draft: pick the six starting deeds from hands passed around"))]
SCORED_YEAR = "metropolis.year.score"


def EMPHASISED(event) -> bool:  # noqa: N802 (the protocol's name)
    """The log's bold lines: a year begins, a year is scored (its heading), the game ends."""
    if event.kind == SCORED_YEAR:
        return event.seat is None
    return event.kind in ("metropolis.year.refill", "metropolis.game.end")


Board = MetropolisBoard
Controls = MetropolisControls
__all__ = [
    "CATEGORY_FILL", "EMPHASISED", "END_NOTE", "HAND", "HIGHLIGHT", "OPTIONS", "PICKED", "SCORED_YEAR", "SCORE_NAME",
    "SCORE_TITLE", "Board", "Controls", "MetropolisBoard", "MetropolisControls", "end_columns", "shapes_html",
    "shapes_text", "turn_hint",
]
