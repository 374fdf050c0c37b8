"""The pages of the game tables: a seat's page (``notebooks/tables/table.ipynb``), opened by a link a table's
creator (or a class page) hands out or by typing a table's code, and the overview of the tables of the server that
belong to no class (``notebooks/tables/overview.ipynb``, open to anyone: a class's tables are on its class page,
behind its teacher key)."""

from __future__ import annotations

import html
import os
import time
from collections.abc import Callable
from typing import Any

import ipywidgets as W

from boardgames import GAMES
from classroom.store import Refused, typed_code
from classroom.tables import CLASSMATE, OWNER, GameTables, Sitting, TableLine
from widgets.classpages.tables.panel import ClassTables, TableLink, open_tables
from widgets.classpages.unreachable import page_or_sentence
from widgets.kit.palette import seat_colour
from widgets.runtime.address import query
from widgets.runtime.poller import Poller
from widgets.shell import GameApp

OVERVIEW_STYLE = (
    "<style>.bg-tables-overview table {border-collapse:collapse; font-size:14px}"
    ".bg-tables-overview td, .bg-tables-overview th {padding:4px 10px; text-align:left;"
    " border-bottom:1px solid #dee2e6}"
    ".bg-tables-overview th {color:#495057; font-weight:normal}</style>"
)


def game_app(tables: GameTables, sitting: Sitting, **options: Any) -> GameApp:
    """The game of ``sitting``'s table, from that page's seats (``BOARDGAMES_BOT_DELAY`` sets the bots' pause)."""
    link = TableLink(tables, sitting)
    if "bot_delay" not in options and os.environ.get("BOARDGAMES_BOT_DELAY"):
        options["bot_delay"] = float(os.environ["BOARDGAMES_BOT_DELAY"])
    return GameApp(link.match(), seats=link.seats(), table=link, tables=ClassTables(tables), **options)


class TablePage(W.VBox):
    """A seat's page: the game from the seat of ``key`` at table ``code`` (or, with ``member``, the seat of the class
    member of that token); with a code but no key, a button that takes the table's next free seat; with neither, a
    field to type a table's code (class ``bg-table-page``)."""

    def __init__(self, tables: GameTables, code: str = "", key: str = "", member: str = "", **options: Any) -> None:
        super().__init__()
        self.add_class("bg-table-page")
        self.tables = tables
        self.options = options
        self.app: GameApp | None = None
        self.message = W.HTML()
        self.message.add_class("bg-message")
        self.code = W.Text(value=typed_code(code), description="Table code", placeholder="ABCDE",
                           layout=W.Layout(width="260px"))
        self.code.add_class("bg-table-code-field")
        self.take = W.Button(description="Take a free seat", button_style="primary", icon="sign-in",
                             layout=W.Layout(width="auto"))
        self.take.add_class("bg-take-seat")
        self.take.on_click(lambda _: self._join())
        self.form = W.VBox([
            W.HTML("<h2 style='margin:4px 0'>Play at a classmate's table</h2><div style='font-size:14px'>Type the "
                   "code of the table (five letters and digits, on its creator's screen) and take a seat. Better: "
                   "open the link the table's creator sent you, which keeps your seat for you.</div>"),
            W.HBox([self.code, self.take]),
        ])
        self.children = [self.message, self.form]
        if code and member:
            self._show_or_say(lambda: self.tables.open_member(code, member))
        elif code and key:
            self._show_or_say(lambda: self.tables.open(code, key))

    def _say(self, text: str) -> None:
        self.message.value = f"<div style='color:#c92a2a;font-weight:bold;font-size:15px'>{html.escape(text)}</div>"

    def _join(self) -> None:
        self._show_or_say(lambda: self.tables.join(self.code.value))

    def _show_or_say(self, sit: Callable[[], Sitting]) -> None:
        """The game from the seat ``sit()`` gives, or (Refused) why not."""
        try:
            sitting = sit()
        except Refused as refused:
            self._say(str(refused))
            return
        self._show(sitting)

    def _show(self, sitting: Sitting) -> None:
        self.message.value = ""
        self.app = game_app(self.tables, sitting, **self.options)
        self.children = [self.message, self.app]


def table_page(**options: Any) -> TablePage | W.HTML:
    """The page of ``notebooks/tables/table.ipynb``: ``?table=CODE&key=KEY`` (a seat's or the creator's link),
    ``?table=CODE&member=TOKEN`` (a class member's seat, from their class page), ``?table=CODE`` (take a free seat),
    or nothing (type a code)."""
    params = query()
    return page_or_sentence(lambda: TablePage(open_tables(), params.get("table", ""), params.get("key", ""),
                                              params.get("member", ""), **options))


REDRAW_EVERY = 30.0  # seconds: how long a turn has waited is drawn again this often, even with nothing changed
CLASS_TABLES_ELSEWHERE = ("A class's tables are not listed here: they are on the class's own page, which only its "
                          "teacher opens (with the class's key).")


class TablesOverview(W.VBox):
    """The overview of the tables (class ``bg-tables-overview``): those of no class (open to anyone; it says that
    a class's tables are on its class page), or with ``class_key`` the tables of that class; each with its game,
    players, moves, whose turn it is and for how long, a finished game's winner and scores, a table its teacher
    ended; the latest moved first. It catches up twice a second."""

    def __init__(self, tables: GameTables, now=time.time, class_key: str | None = None) -> None:
        super().__init__()
        self.add_class("bg-tables-overview")
        self.tables = tables
        self.now = now
        self.class_key = class_key
        self.body = W.HTML()
        heading = "The tables of this server" if class_key is None else "The class's tables"
        elsewhere = W.HTML(f"<div class='bg-class-tables-elsewhere' style='font-size:14px;color:#495057'>"
                           f"{CLASS_TABLES_ELSEWHERE}</div>" if class_key is None else "")
        self.children = [W.HTML(OVERVIEW_STYLE + f"<h2 style='margin:4px 0'>{heading}</h2>"), elsewhere, self.body]
        self._stamp: tuple[int, int] | None = None
        self._drawn = 0.0
        self.poller = Poller(self.refresh, self._changed)
        self.refresh()
        self.poller.start()

    def _changed(self) -> bool:
        return self.tables.stamp(self.class_key) != self._stamp or self.now() - self._drawn >= REDRAW_EVERY

    def refresh(self) -> None:
        self._stamp = self.tables.stamp(self.class_key)
        self._drawn = self.now()
        lines = self.tables.overview(self.class_key)
        if not lines:
            self.body.value = ("<div style='font-size:14px'>No table yet. A table starts on any game's page: in "
                               "<i>New game</i>, make a seat \"a classmate\" and start the game.</div>"
                               if self.class_key is None else "<div style='font-size:14px'>No table yet.</div>")
            return
        now = self.now()
        rows = []
        for line in lines:
            players = ", ".join(
                f"<span style='color:{seat_colour(p.seat)};font-weight:bold'>{html.escape(p.name)}</span> "
                f"<span style='color:#868e96'>({_who(p.kind, p.claimed)})</span>" for p in line.players)
            rows.append(f"<tr class='bg-table-row' data-code='{line.code}'><td><b>{line.code}</b></td>"
                        f"<td>{html.escape(GAMES[line.game].NAME)}</td><td>{players}</td><td>{line.moves}</td>"
                        f"<td>{table_state(line, now)}</td><td>{_ago(now - line.updated)}</td></tr>")
        self.body.value = ("<table><tr><th>table</th><th>game</th><th>players</th><th>moves</th><th>now</th>"
                           "<th>last change</th></tr>" + "".join(rows) + "</table>")


def table_state(line: TableLine, now: float) -> str:
    """Where a table's game is, in a sentence (HTML): whose turn and since how long, ended by the teacher, or a
    finished game's winner and final scores."""
    if line.over:
        scores = ", ".join(f"{html.escape(p.name)} {score}" for p, score in zip(line.players, line.scores))
        return f"over: <b>{html.escape(line.winner)}</b> won ({scores})" if line.winner else "over"
    if line.ended:
        return "ended by the teacher"
    return f"{html.escape(line.turn)} to move, for {_waited(now - line.since)}"


def _who(kind: str, claimed: bool) -> str:
    if kind == OWNER:
        return "creator"
    if kind == CLASSMATE:
        return "classmate" if claimed else "classmate, not here yet"
    return f"bot, {kind}"


def _waited(seconds: float) -> str:
    if seconds < 60:
        return "less than a minute"
    if seconds < 3600:
        return f"{int(seconds // 60)} min"
    return f"{int(seconds // 3600)} h"


def _ago(seconds: float) -> str:
    return "just now" if seconds < 60 else f"{_waited(seconds)} ago"


def overview_page() -> TablesOverview | W.HTML:
    """The page of ``notebooks/tables/overview.ipynb``."""
    return page_or_sentence(lambda: TablesOverview(open_tables()))
