"""What the app shell needs of a table, a game played by classmates from their own pages: a small protocol the
shell is handed, so that it knows no store (the class pages implement it: ``widgets.classpages.tables.panel``).

- ``TableLink``: one page's tie to a table. The shell stores a move before it shows it (``record``), looks twice a
  second whether the table changed (``changed``) and catches up with the others' moves (``read``, ``catch_up``),
  takes back this page's own last move (``undo``), hands a gone classmate's seat to a bot (``hand_to_bot``), and
  shows the table's panel (``panel``) above its status line.
- ``TableMaker``: what opens a new table when a new game has a ``CLASSMATE`` seat (handed in by the composition of
  the page, ``widgets.dashboard``); an app without one offers no classmate seat.

A request the table refuses (a move another page stored first, an undo after someone moved, a table the store
cannot open) raises ``TableRefused``, whose text says why for the page to show; nothing changed then.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

import ipywidgets as W

from boardgames import Match
from boardgames.core.message import english, say

CLASSMATE = "classmate"  # a seat played from another page of the table, on its player's own screen
CLASSMATE_LABEL = say("a classmate")  # how the new-game form offers it (in the page's language)


class TableRefused(Exception):
    """A request the table refuses; nothing was stored. ``said`` says why (a message, or an English sentence), for
    the page to show; the exception's text is its English."""

    def __init__(self, said: Any) -> None:
        super().__init__(english(said))
        self.said = said


class TablePanel(Protocol):
    """The table on the page (a widget): its code, its seats, the links to hand out."""

    def show(self) -> None:
        """Redraw the panel from the table as last read."""


class TableLink(Protocol):
    """One page's tie to a table: ``code``, the table's code for people; the rest as the module says."""

    code: str

    def changed(self) -> bool:
        """Whether the table changed since it was last read (a cheap look)."""

    def read(self) -> tuple[Sequence[str], list[str]]:
        """Read the table again: its stored moves (each as its text) and the app's seats (``"human"`` for this
        page's, ``CLASSMATE`` for another page's, else a bot level)."""

    def catch_up(self, match: Match) -> None:
        """Bring ``match`` to the moves last read (the moves it shares with them kept, a move taken back dropped)."""

    def record(self, match: Match, move: Any, bot: bool = False) -> None:
        """Store ``move`` (a bot's if ``bot``) for the seat to move in ``match``, then play it there."""

    def undo(self, match: Match) -> None:
        """Take back this page's last move at the table, in ``match`` too."""

    def can_undo(self, match: Match) -> bool:
        """Whether the table's last move is this page's, with nobody's move after it, and the game goes on."""

    def hand_to_bot(self, seat: int) -> None:
        """Hand a classmate's ``seat`` to a bot (its player has gone)."""

    def panel(self, hand_to_bot: Callable[[int], None], guard: Callable[[Callable], Callable]) -> TablePanel:
        """The table's panel for this page (a widget with ``show()``); its buttons call ``hand_to_bot(seat)``, each
        callback wrapped in ``guard``."""


class TableMaker(Protocol):
    """What opens a new table for an app whose new game has a ``CLASSMATE`` seat."""

    def new_table(self, match: Match, seats: list[str]) -> TableLink:
        """A new table for ``match`` (its start) with ``seats`` (this page's ``"human"`` seats are its creator's),
        this page its creator's."""


def no_panel() -> W.Widget:
    """What stands in the table panel's place on a page that plays at no table."""
    return W.Box(layout=W.Layout(display="none"))
