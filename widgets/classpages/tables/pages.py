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
from boardgames.core.message import Message, say, term
from boardgames.terms import title_said
from classroom.classes import Classes
from classroom.store import Refused, typed_code
from classroom.tables import CLASSMATE, OWNER, GameTables, Sitting, TableLine
from widgets.classpages.auction.shared import Marked, header_switch, html_said
from widgets.classpages.tables.panel import ClassTables, TableLink, open_tables
from widgets.classpages.unreachable import follow_class_language, follow_language, page_or_sentence
from widgets.kit.palette import seat_ink
from widgets.runtime.address import query
from widgets.runtime.language import show, shown
from widgets.runtime.poller import Poller
from widgets.shell import GameApp

NEW_GAME = say("New game")
NO_TABLE_YET = say("No table yet.")

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
        self.code = W.Text(value=typed_code(code), placeholder="ABCDE", layout=W.Layout(width="260px"))
        show(self.code, "description", say("Table code"))
        self.code.add_class("bg-table-code-field")
        self.take = W.Button(button_style="primary", icon="sign-in", layout=W.Layout(width="auto"))
        show(self.take, "description", say("Take a free seat"))
        self.take.add_class("bg-take-seat")
        self.take.on_click(lambda _: self._join())
        heading = say("Play at a classmate's table")
        how = say("Type the code of the table (five letters and digits, on its creator's screen) and take a seat. "
                  "Better: open the link the table's creator sent you, which keeps your seat for you.")
        self.switch = header_switch()
        self.form = W.VBox([
            show(W.HTML(), "value", lambda: f"<h2 style='margin:4px 0'>{html_said(heading)}</h2>"
                                            f"<div style='font-size:14px'>{html_said(how)}</div>"),
            W.HBox([self.code, self.take]),
        ])
        self.children = [self.message, self.form, self.switch]
        if code and member:
            self._show_or_say(lambda: self.tables.open_member(code, member))
        elif code and key:
            self._show_or_say(lambda: self.tables.open(code, key))

    def _say(self, said: object) -> None:
        show(self.message, "value", lambda: f"<div style='color:#c92a2a;font-weight:bold;font-size:15px'>"
                                            f"{html.escape(shown(said))}</div>")

    def _join(self) -> None:
        self._show_or_say(lambda: self.tables.join(self.code.value))

    def _show_or_say(self, sit: Callable[[], Sitting]) -> None:
        """The game from the seat ``sit()`` gives, or (Refused) why not."""
        try:
            sitting = sit()
        except Refused as refused:
            self._say(refused.said)
            return
        self._show(sitting)

    def _show(self, sitting: Sitting) -> None:
        show(self.message, "value", lambda: "")
        self.app = game_app(self.tables, sitting, **self.options)
        self.children = [self.message, self.app]


def table_page(**options: Any) -> TablePage | W.HTML:
    """The page of ``notebooks/tables/table.ipynb``: ``?table=CODE&key=KEY`` (a seat's or the creator's link),
    ``?table=CODE&member=TOKEN`` (a class member's seat, from their class page), ``?table=CODE`` (take a free seat),
    or nothing (type a code)."""
    follow_language()
    params = query()
    if params.get("member") and not params.get("lang"):
        page_or_sentence(lambda: follow_class_language(Classes(open_tables().store).member_language(params["member"])))
    return page_or_sentence(lambda: TablePage(open_tables(), params.get("table", ""), params.get("key", ""),
                                              params.get("member", ""), **options))


REDRAW_EVERY = 30.0  # seconds: how long a turn has waited is drawn again this often, even with nothing changed
CLASS_TABLES_ELSEWHERE = ("A class's tables are not listed here: they are on the class's own page, which only its "
                          "teacher opens (with the class's key).")
ELSEWHERE_SAID = say("A class's tables are not listed here: they are on the class's own page, which only its teacher "
                     "opens (with the class's key).")


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
        heading = say("The tables of this server") if class_key is None else say("The class's tables")
        elsewhere = show(W.HTML(), "value", lambda: f"<div class='bg-class-tables-elsewhere' style='font-size:14px;"
                         f"color:#495057'>{html_said(ELSEWHERE_SAID)}</div>" if class_key is None else "")
        self.children = [show(W.HTML(), "value", lambda: f"{OVERVIEW_STYLE}<h2 style='margin:4px 0'>"
                                                         f"{html_said(heading)}</h2>"),
                         elsewhere, self.body, header_switch()]
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
        now = self.now()
        show(self.body, "value", lambda: self._body(lines, now))

    def _body(self, lines: list[TableLine], now: float) -> str:
        """The tables in a table, in the page's language."""
        if not lines:
            if self.class_key is not None:
                return f"<div style='font-size:14px'>{html_said(NO_TABLE_YET)}</div>"
            none = say("No table yet. A table starts on any game's page: in {new_game}, make a seat \"a classmate\" "
                       "and start the game.", new_game=Marked(NEW_GAME, "i"))
            return f"<div style='font-size:14px'>{html_said(none)}</div>"
        rows = []
        for line in lines:
            players = ", ".join(
                f"<span style='color:{seat_ink(p.seat)};font-weight:bold'>{html.escape(p.name)}</span> "
                f"<span style='color:#6c757d'>({html_said(_who(p.kind, p.claimed))})</span>"
                for p in line.players)
            rows.append(f"<tr class='bg-table-row' data-code='{line.code}'><td><b>{line.code}</b></td>"
                        f"<td>{html_said(title_said(GAMES[line.game].NAME))}</td><td>{players}</td>"
                        f"<td>{line.moves}</td><td>{table_state(line, now)}</td>"
                        f"<td>{html_said(_ago(now - line.updated))}</td></tr>")
        heads = (term("class.column", "table"), term("class.column", "game"), term("class.column", "players"),
                 term("class.column", "moves"), term("class.column", "now"),
                 term("class.column", "last change"))
        return ("<table><tr>" + "".join(f"<th>{html_said(head)}</th>" for head in heads) + "</tr>"
                + "".join(rows) + "</table>")


def table_state(line: TableLine, now: float) -> str:
    """Where a table's game is, in a sentence (HTML, in the page's language): whose turn and since how long, ended by
    the teacher, or a finished game's winner and final scores."""
    if line.over:
        if not line.winner:
            return html_said(say("over"))
        scores = ", ".join(f"{p.name} {score}" for p, score in zip(line.players, line.scores))
        return html_said(say("over: {winner} won ({scores})", winner=Marked(line.winner), scores=scores))
    if line.ended:
        return html_said(say("ended by the teacher"))
    return html_said(say("{name} to move, for {waited}", name=line.turn, waited=_waited(now - line.since)))


def _who(kind: str, claimed: bool) -> Message:
    if kind == OWNER:
        return say("creator")
    if kind == CLASSMATE:
        return say("classmate") if claimed else say("classmate, not here yet")
    return say("bot, {level}", level=term("bot.level", kind))


def _waited(seconds: float) -> Message:
    if seconds < 60:
        return say("less than a minute")
    if seconds < 3600:
        return say("{min} min", min=int(seconds // 60))
    return say("{h} h", h=int(seconds // 3600))


def _ago(seconds: float) -> Message:
    return say("just now") if seconds < 60 else say("{duration} ago", duration=_waited(seconds))


def overview_page() -> TablesOverview | W.HTML:
    """The page of ``notebooks/tables/overview.ipynb``."""
    follow_language()
    return page_or_sentence(lambda: TablesOverview(open_tables()))
