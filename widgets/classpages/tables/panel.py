"""A game played at a table of the class store: the class side of the shell's table protocol
(``widgets.shell.table_link``). ``TableLink`` ties one page's ``GameApp`` to a table, ``TablePanel`` shows the table
(its code, the seats, the classmates' links and QR codes, the creator's buttons) and ``ClassTables`` opens a new
table when a new game has a classmate's seat (``widgets.dashboard`` hands it to the app).

The page holds a ``Sitting`` (the seats it moves for, by the key in its address) and rebuilds the game from the
stored moves with the engine; its moves and its bots' moves go to the store, which keeps one move a ply. The
page looks at the table's version twice a second and catches up when it changed. A class member's page also tells
the class that it is open (``Classes.seen``, at most once every ``SEEN_EVERY`` seconds, so that the look stays one
query). Once the class's teacher ended the table, no seat is this page's and no bot plays: the panel says so.
"""

from __future__ import annotations

import html
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager

import ipywidgets as W

from boardgames import Match
from boardgames.core.message import say, term
from classroom.classes import SEEN_EVERY, Classes
from classroom.store import Refused, open_store
from classroom.tables import CLASSMATE, OWNER, GameTables, Sitting, TableView, catch_up, ended_sentence
from widgets.classpages.auction.shared import bold, html_said
from widgets.classpages.qr import qr_svg
from widgets.kit.palette import seat_ink
from widgets.runtime.address import page_address
from widgets.runtime.language import on_language, show, shown
from widgets.shell import table_link
from widgets.shell.bots import HUMAN, default_level

YOUR_LINK_TO_COME_BACK = say("Your link to come back to this page:")
OPENED = say("(opened)")

TABLE_PAGE = "tables/table"


def open_tables() -> GameTables:
    """The game tables of the class store this server uses (``classroom.store``)."""
    return GameTables(open_store())


def table_address(code: str, key: str, by_member: bool = False) -> str:
    """The address of a seat's page (``key``: its token) or of the creator's page (``key``: the owner key); with
    ``by_member``, of a class member's seat (``key``: their personal link's token)."""
    return page_address(TABLE_PAGE, table=code, **{"member" if by_member else "key": key})


@contextmanager
def refusals() -> Iterator[None]:
    """The store's refusals said to the shell in its own words (``table_link.TableRefused``)."""
    try:
        yield
    except Refused as refused:
        raise table_link.TableRefused(refused.said) from refused


class TableLink:
    """One page's tie to a table (``widgets.shell.table_link.TableLink``): its sitting, the table as last read, and
    the classmates' tokens (on the creator's page only, for their links: those it was made with, else those its
    owner key makes again, ``GameTables.seat_links``)."""

    def __init__(self, tables: GameTables, sitting: Sitting, tokens: dict[int, str] | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.tables = tables
        self.sitting = sitting
        self.tokens = dict(tables.seat_links(sitting) if tokens is None else tokens)
        self.view: TableView = tables.view(sitting.table_id)
        self.clock = clock
        self._seen_at: float | None = None
        self.here()

    @property
    def code(self) -> str:
        return self.sitting.code

    def changed(self) -> bool:
        """Whether the table changed since it was last read (one small query; a member's page tells the class it
        is open, too, every ``SEEN_EVERY`` seconds)."""
        self.here()
        return self.tables.version(self.sitting.table_id) != self.view.version

    def here(self) -> None:
        """A class member's page is open: the class is told (``Classes.seen``, which never fails the page), at most
        once every ``SEEN_EVERY`` seconds."""
        if self.sitting.member_id is None:
            return
        now = self.clock()
        if self._seen_at is None or now - self._seen_at >= SEEN_EVERY:
            self._seen_at = now
            Classes(self.tables.store).seen_member(self.sitting.member_id)

    def read(self) -> tuple[Sequence[str], list[str]]:
        """Read the table again: its stored moves and the app's seats."""
        self.view = self.tables.view(self.sitting.table_id)
        return self.view.moves, self.seats()

    def catch_up(self, match: Match) -> None:
        """``match`` brought to the moves last read."""
        catch_up(match, self.view.moves)

    def match(self) -> Match:
        """The table's game, rebuilt from its start and its stored moves by the engine."""
        return catch_up(Match(self.tables.start_of(self.sitting.table_id)), self.view.moves)

    def seats(self) -> list[str]:
        """The app's seats: "human" for this page's seats, "classmate" for another page's, else the bot level; at a
        table its teacher ended, every seat another page's (nobody moves, no bot plays)."""
        if self.view.ended:
            return [table_link.CLASSMATE] * len(self.view.seats)
        return [HUMAN if s.seat in self.sitting.seats else table_link.CLASSMATE if s.kind in (OWNER, CLASSMATE)
                else s.kind for s in self.view.seats]

    def record(self, match: Match, move, bot: bool = False) -> None:
        """Store ``move`` (a bot's if ``bot``) for the seat to move in ``match`` (live), then play it there
        (``TableRefused``: nothing stored, ``match`` unchanged)."""
        state = match.state
        with refusals():
            self.tables.record(self.sitting, match.ply, state, move, bot)
        match.play(move, seat=state.current_player)

    def undo(self, match: Match) -> None:
        """Take back this page's last move at the table (``TableRefused`` if it is not the table's last)."""
        states = match.states
        with refusals():
            left = self.tables.undo(self.sitting, lambda ply: states[ply])
        match.goto(left)

    def can_undo(self, match: Match) -> bool:
        """Whether the table's last move is this page's, with nobody's move after it, and the game goes on."""
        return (match.ply > 0 and not match.state.is_over and not self.view.ended
                and match.states[match.ply - 1].current_player in self.sitting.seats)

    def hand_to_bot(self, seat: int) -> None:
        """Hand a classmate's ``seat`` to a bot of the game's default level."""
        with refusals():
            self.tables.hand_to_bot(self.sitting, seat, default_level(self.sitting.game))

    def own_address(self) -> str:
        return table_address(self.code, self.sitting.key, self.sitting.by_member)

    def panel(self, hand_to_bot: Callable[[int], None], guard: Callable[[Callable], Callable]) -> TablePanel:
        """The table's panel for this page."""
        return TablePanel(self, hand_to_bot, guard)


class TablePanel(W.VBox):
    """What a page shows of its table (class ``bg-table``): the code, who plays which seat (and whether a
    classmate has come), this page's link to come back; on the creator's page each classmate's link with its QR
    code (``bg-seat-link``) and a button handing the seat to a bot (``bg-hand-to-bot``)."""

    def __init__(self, link: TableLink, hand_to_bot: Callable[[int], None],
                 guard: Callable[[Callable], Callable]) -> None:
        super().__init__(layout=W.Layout(margin="0 0 8px 0"))
        self.add_class("bg-table")
        self.link = link
        self.hand = hand_to_bot
        self.guard = guard
        self.summary = W.HTML()
        self.summary.add_class("bg-table-summary")
        self.links = W.VBox()
        self.children = [self.summary, self.links]
        self._shown: tuple | None = None
        on_language(self._in_language)

    def _in_language(self) -> None:
        """The panel drawn again in the page's language now."""
        self._shown = None
        self.show()

    def show(self) -> None:
        """Redraw from the table as last read (nothing to send when nothing changed)."""
        link = self.link
        view = link.view
        key = (link.code, link.sitting, tuple(view.seats), view.over, view.ended)
        if key == self._shown:
            return
        self._shown = key
        mine = link.sitting.seats
        rows = []
        for s in view.seats:
            who = (say("you") if s.seat in mine else say("bot, {level}", level=term("bot.level", s.kind)) if s.is_bot
                   else say("the table's creator") if s.kind == OWNER
                   else say("a classmate") if s.claimed else say("a classmate, not here yet"))
            rows.append(f"<span style='color:{seat_ink(s.seat)};font-weight:bold'>{html.escape(s.name)}</span>"
                        f" ({html_said(who)})")
        come_back = link.own_address()
        said = ended_sentence(view.code) if view.ended else link.sitting.note_said
        note = f"<div class='bg-table-note' style='color:#c92a2a'>{html.escape(shown(said))}</div>" if said else ""
        table = say("Table {code}", code=bold(view.code, "bg-table-code", "font-size:18px;letter-spacing:2px"))
        self.summary.value = (
            "<div style='font-size:14px;line-height:1.5'>"
            f"{html_said(table)} · "
            + " · ".join(rows)
            + f"<br>{html_said(YOUR_LINK_TO_COME_BACK)} "
            f"<a class='bg-own-link' style='word-break:break-all' href='{html.escape(come_back)}' "
            f"target='_blank'>{html.escape(come_back)}</a>{note}</div>")
        self.links.children = self._seat_links(link) if link.sitting.owner and not (view.over or view.ended) else []

    def _seat_links(self, link: TableLink) -> list[W.Widget]:
        boxes: list[W.Widget] = []
        for s in link.view.seats:
            if s.kind != CLASSMATE or s.seat not in link.tokens:
                continue
            address = table_address(link.code, link.tokens[s.seat])
            name_link = html_said(say("{name}'s link", name=s.name))
            opened = f" {html_said(OPENED)}" if s.claimed else ""
            text = W.HTML(
                f"<div style='display:flex;gap:10px;align-items:center'><div class='bg-qr'>{qr_svg(address, 3)}</div>"
                f"<div style='font-size:13px;word-break:break-all'>"
                f"<b style='color:{seat_ink(s.seat)}'>{name_link}"
                f"</b>{opened}:<br><a class='bg-seat-link' data-seat='{s.seat}' "
                f"href='{html.escape(address)}' target='_blank'>{html.escape(address)}</a></div></div>")
            hand = W.Button(icon="android", layout=W.Layout(width="auto"))
            show(hand, "description", say("Hand {name}'s seat to a bot", name=s.name))
            show(hand, "tooltip", say("{name} has gone: a bot ({level}) plays on", name=s.name,
                                      level=term("bot.level", default_level(link.sitting.game))))
            hand.add_class("bg-hand-to-bot")
            hand.on_click(self.guard(lambda _, seat=s.seat: self.hand(seat)))
            boxes.append(W.VBox([text, hand], layout=W.Layout(margin="4px 0")))
        return boxes


def kinds_for_table(seats: list[str]) -> list[str]:
    """The store's seat kinds for an app's seats: this page's "human" seats are the owner's."""
    return [OWNER if s == HUMAN else CLASSMATE if s == table_link.CLASSMATE else s for s in seats]


class ClassTables:
    """Opens the tables of the class store (``widgets.shell.table_link.TableMaker``): ``tables``, or by default the
    store this server uses, opened when a table is made (a page that never makes one never touches it)."""

    def __init__(self, tables: GameTables | None = None) -> None:
        self.tables = tables

    def new_table(self, match: Match, seats: list[str]) -> TableLink:
        """A table of the class store for ``match``, this page its creator's."""
        with refusals():
            tables = self.tables or open_tables()
            made = tables.create(match.state, kinds_for_table(seats))
            return TableLink(tables, tables.open(made.code, made.owner_key), made.tokens)
