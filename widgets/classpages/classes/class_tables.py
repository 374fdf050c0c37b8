"""The class's game tables on its class page: each table going on (its game, players, moves, whose turn and for how
long, a stalled one standing out in colour and in a word), with "hand this seat to a bot" and "end this table";
then the finished and ended tables with their record."""

from __future__ import annotations

import html
import os
from collections.abc import Callable, Sequence

import ipywidgets as W

from boardgames import GAMES
from boardgames.bots import bot_levels
from boardgames.core.message import say, say_n, term
from boardgames.terms import title_said
from classroom.tables import CLASSMATE, OWNER, SeatLine, TableLine
from widgets.classpages.auction.shared import fill, relabel
from widgets.classpages.classes.shared import bold, button, drawn, duration, html_said, span, words
from widgets.kit.palette import seat_ink
from widgets.runtime.language import on_language, show, shown
from widgets.shell.bots import default_level

SEAT_NOT_OPENED_YET = say("(seat not opened yet)")
BOT_LEVEL = say("(bot, {level})")
STALLED_2 = say("stalled")
WAITING = say("waiting")
N_MOVE = say_n('{n} move', '{n} moves', 0)

STALLED = 120.0  # seconds on one turn: the table stands out on the class page


def stalled_after() -> float:
    """How long a turn may last before its table stands out: ``STALLED``, or ``BOARDGAMES_STALLED`` seconds (a
    browser test's short class)."""
    return float(os.environ.get("BOARDGAMES_STALLED") or STALLED)

FINISHED = say("Finished and ended tables")
NO_TABLE = say("No table going on. Make one below: a game, and who plays each seat.")


def no_table() -> W.HTML:
    """What the section shows without a table going on."""
    return drawn(lambda: f"<div class='bg-quiet'>{words(NO_TABLE)}</div>")


def seat_to_move(line: TableLine) -> SeatLine | None:
    """The seat whose turn it is at a table going on."""
    if line.over or line.ended:
        return None
    return next((p for p in line.players if p.name == line.turn), None)


def players_html(players: Sequence[SeatLine]) -> str:
    def bot(p: SeatLine) -> str:
        return f" <span class=bg-quiet>{words(fill(BOT_LEVEL, level=term('bot.level', p.kind)))}</span>"

    not_yet = f" <span class=bg-quiet>{words(SEAT_NOT_OPENED_YET)}</span>"
    return ", ".join(
        f"<span style='color:{seat_ink(p.seat)};font-weight:bold'>{html.escape(p.name)}</span>"
        f"{'' if p.kind in (OWNER, CLASSMATE) else bot(p)}"
        f"{not_yet if p.kind == CLASSMATE and not p.claimed else ''}"
        for p in players)


def record_html(line: TableLine) -> str:
    """A finished or ended table's record: how it ended, the final scores, the winner."""
    how = words(say_n("ended by the teacher after {n} move", "ended by the teacher after {n} moves", line.moves)
                if line.ended and not line.over else say("over after {n} moves", n=line.moves))
    scores = getattr(line, "scores", None)
    if scores:
        how += ": " + ", ".join(f"{html.escape(p.name)} {s}" for p, s in zip(line.players, scores))
    winner = getattr(line, "winner", None)
    if winner:
        how += "; " + html_said(say("{winner} won", winner=bold(winner)))
    return (f"<tr class='bg-table-record' data-code='{line.code}'><td><b>{line.code}</b></td>"
            f"<td>{words(title_said(GAMES[line.game].NAME))}</td><td>{players_html(line.players)}</td>"
            f"<td>{how}</td></tr>")


class TableRow(W.HBox):
    """One table going on (class ``bg-class-table``, ``data-stalled`` on its words): what it is, and the teacher's
    two buttons."""

    def __init__(self, line: TableLine, hand: Callable[[str, int, str], None], end: Callable[[str], None]) -> None:
        super().__init__(layout=W.Layout(align_items="center", margin="2px 0"))
        self.add_class("bg-class-table")
        self.code = line.code
        self.words = W.HTML(layout=W.Layout(width="640px"))
        self.level = W.Dropdown(options=self._levels(line.game), value=default_level(line.game),
                                layout=W.Layout(width="100px"))
        self.level.add_class("bg-bot-level")
        show(self.level, "tooltip", say("How strong the bot is"))
        self.hand = button(say("Hand this seat to a bot"), "bg-hand-seat")
        self.hand.icon = "android"
        self.hand.on_click(lambda _: self._hand(hand))
        self.end = button(say("End this table"), "bg-end-table", "danger")
        self.end.on_click(lambda _: end(self.code))
        self.children = [self.words, self.level, self.hand, self.end]
        self.line = line
        on_language(self._in_language)

    @staticmethod
    def _levels(game: str) -> list[tuple[str, str]]:
        return [(shown(term("bot.level", level)), level) for level in bot_levels(game)]

    def _in_language(self) -> None:
        """The levels' words again, in the page's language now (the level chosen kept)."""
        relabel(self.level, self._levels(self.line.game))

    def _hand(self, hand: Callable[[str, int, str], None]) -> None:
        seat = seat_to_move(self.line)
        if seat is not None:
            hand(self.code, seat.seat, self.level.value)

    def show(self, line: TableLine, now: float) -> None:
        self.line = line
        mover = seat_to_move(line)
        waited = now - line.since
        late = mover is not None and waited > stalled_after()
        stalled, waiting = late and not mover.is_bot, late and mover.is_bot

        def turn_html() -> str:
            if mover is None:
                return "–"
            turn = html_said(say("{name} to move, for {duration}", duration=duration(waited),
                                 name=span(mover.name, style=f"color:{seat_ink(mover.seat)};font-weight:bold")))
            if stalled:
                return (f"<span class='bg-stalled' style='background:#ffe3e3;color:#c92a2a;font-weight:bold;"
                        f"padding:1px 4px'>⚠ {words(STALLED_2)}</span> {turn}")
            if waiting:  # a bot moves from a page of its table: none is open
                why = words(say("(a bot moves once a page of this table is open)"))
                return (f"<span class='bg-waiting' style='background:#fff3bf;color:#995c00;font-weight:bold;"
                        f"padding:1px 4px'>⏸ {words(WAITING)}</span> {turn} <span class='bg-quiet'>{why}</span>")
            return turn

        show(self.words, "value", lambda: (
            f"<div class='bg-table-words' data-code='{line.code}' data-moves='{line.moves}' "
            f"data-stalled='{int(stalled)}' data-waiting='{int(waiting)}' "
            f"style='font-size:13px'><b class='bg-table-code'>{line.code}</b> · "
            f"{words(title_said(GAMES[line.game].NAME))} · {players_html(line.players)} · "
            f"{words(fill(N_MOVE, n=line.moves))}<br>{turn_html()}</div>"))
        show(self.hand, "description", say("Hand {name}'s seat to a bot", name=mover.name) if mover is not None
             else say("Hand this seat to a bot"))
        self.hand.disabled = mover is None or mover.is_bot
        self.level.disabled = self.hand.disabled


class TablesSection(W.VBox):
    """The tables of the class (class ``bg-class-tables``): ``show(lines, now)`` redraws them."""

    def __init__(self, hand: Callable[[str, int, str], None], end: Callable[[str], None]) -> None:
        super().__init__()
        self.add_class("bg-class-tables")
        self._hand, self._end = hand, end
        self.going = W.VBox([no_table()])
        self.records = W.HTML()
        self.records.add_class("bg-table-records")
        self.children = [self.going, self.records]
        self.rows: dict[str, TableRow] = {}

    def show(self, lines: Sequence[TableLine], now: float) -> None:
        going = [line for line in lines if not line.over and not line.ended]
        done = [line for line in lines if line.over or line.ended]
        rows = {line.code: self.rows.get(line.code) or TableRow(line, self._hand, self._end) for line in going}
        for line in going:
            rows[line.code].show(line, now)
        if list(rows) != list(self.rows):
            self.going.children = list(rows.values()) or [no_table()]
        self.rows = rows
        heads = (term("class.column", "table"), term("class.column", "game"), term("class.column", "players"),
                 term("class.column", "record"))
        show(self.records, "value", lambda: "" if not done else (
            f"<div style='margin-top:6px'><b>{words(FINISHED)}</b></div><table class='bg-lines'>"
            "<tr>" + "".join(f"<th>{words(head)}</th>" for head in heads)
            + "</tr>" + "".join(record_html(line) for line in done) + "</table>"))
