"""The class page: one teacher's view of the whole class (``notebooks/class/teacher.ipynb``). Without a key it
offers to create a class; with the key in its address (``?key=...``) it shows, live: the class's code, its join
address and QR code, the link to the projector view; who is here now and the roster; the tables (whose turn and
for how long, a stalled one standing out; a seat handed to a bot, a table ended; a new table for members and bots);
the auction (a new room, each room's links, its rounds, the chart beside the published result); predict, then
reflect; the practice grid; and the export. Its address holds the class's key: it stays on the teacher's screen."""

from __future__ import annotations

import html
import secrets

import ipywidgets as W

from boardgames import GAMES
from classroom.classes import ClassView
from classroom.store import Refused
from classroom.tables import CLASSMATE
from widgets.classpages.classes.class_auction import AuctionSection, predictions_html
from widgets.classpages.classes.class_tables import TablesSection
from widgets.classpages.classes.export import download_html
from widgets.classpages.classes.grid import grid_html
from widgets.classpages.classes.new_table import BOT, NewTableForm, bot_name
from widgets.classpages.classes.roster import here_now_html, roster_html
from widgets.classpages.classes.shared import (
    LINK,
    STYLE,
    ClassPageBox,
    ClassStore,
    button,
    open_class_store,
    say_refused,
    section,
)
from widgets.classpages.qr import qr_svg
from widgets.classpages.unreachable import page_or_sentence
from widgets.runtime.address import page_address, query
from widgets.runtime.poller import Poller

TICK = 15.0  # seconds: the page redraws at least this often (who is here now, how long a turn has lasted)
EXPORT_EVERY = 10.0  # seconds: the export's files are made again at most this often while the class changes (the
# page says as of when; a change after it is in them at the next redraw, within TICK seconds)
TITLE = "<h2 style='margin:4px 0'>The class page</h2>"


def join_address(code: str) -> str:
    """Where a student joins the class: the student's class page with the code filled in."""
    return page_address("class/student", code=code)


def projector_address(code: str) -> str:
    """The class's projector view: no key in it."""
    return page_address("class/projector", **{"class": code})


class ClassPage(ClassPageBox):
    """The class page of the class whose key is ``key`` (None: the page offers to create a class)."""

    def __init__(self, activities: ClassStore, key: str | None = None) -> None:
        super().__init__(activities, "bg-class-page")
        self.key = key
        self.stamp: tuple | None = None  # the class's stamp when the page was drawn
        self.polled: tuple | None = None  # the stamp the poll has just read, for the redraw it asks for
        self.drawn_at = 0.0
        self.export_at = -EXPORT_EVERY
        self.export_stale = True
        self.view: ClassView | None = None
        self.headed: tuple[str, str] | None = None  # the name and code the header shows
        self.poller = Poller(self.refresh, self._changed)
        if key is None:
            self._creating()
        else:
            self._running()

    # ------------------------------------------------------------------------------------------ a new class

    def _creating(self) -> None:
        self.name = W.Text(placeholder="Economics, 2nd period", description="Name of the class",
                           style={"description_width": "130px"}, layout=W.Layout(width="420px"))
        self.name.add_class("bg-class-name")
        create = button("Create", "bg-create-class", "primary")
        create.on_click(lambda _: self.create())
        self.children = [W.HTML(STYLE + TITLE + "<p>Create your class once: its students join it with its code and "
                                "a nickname, and you follow its auctions, tables and practice from here.</p>"),
                         W.HBox([self.name, create]), self.message]

    def create(self) -> None:
        made = say_refused(self.message, lambda: self.classes.create_class(self.name.value))
        if made is None:
            return
        mine = page_address("class/teacher", key=made.key)
        self.children = [W.HTML(
            STYLE + TITLE + f"<p>The class <b>{html.escape(made.name)}</b> is ready, code <b class='bg-class-code'>"
            f"{made.code}</b>. Its page is at an address of its own, with the class's key in it: <b>keep it to "
            "yourself</b> (bookmark it; never put it on the projector), it is what lets you see and run the "
            f"class.</p><p><a class='bg-class-link' href='{html.escape(mine)}' style='font-size:18px;{LINK}'>"
            "Open the class page →</a></p>")]

    # ------------------------------------------------------------------------------------------ the class

    def _running(self) -> None:
        self.header = W.HTML()
        self.header.add_class("bg-class-header")
        self.here = W.HTML()
        self.roster = W.HTML()
        self.tables = TablesSection(self._hand, self._end)
        self.new_table = NewTableForm(self._new_table)
        self.auction = AuctionSection(self._new_room)
        self.predictions = W.HTML()
        self.grid = W.HTML()
        self.export = W.HTML()
        self.export.add_class("bg-export")
        self.body = W.VBox([
            section("Here now", "bg-class-here", self.here, self.roster),
            section("Tables", "bg-class-tables-box", self.tables,
                    W.HTML("<div style='margin-top:8px'><b>A new table</b></div>"), self.new_table),
            section("Auction", "bg-class-auction-box", self.auction),
            section("Predict, then reflect", "bg-class-predict", self.predictions),
            section("Practice", "bg-class-practice", self.grid),
            section("Export", "bg-class-export-box", self.export),
        ])
        self.children = [W.HTML(STYLE), self.header, self.message, self.body]
        self.refresh()
        if self.view is not None:
            self.poller.start()

    def _changed(self) -> bool:
        """Whether to redraw: the class's stamp changed (one query), or ``TICK`` seconds went by."""
        self.polled = self.classes.stamp(self.key)
        return self.polled != self.stamp or self.activities.now() - self.drawn_at >= TICK

    def refresh(self) -> None:
        """Read the class again (its stamp first, unless the poll just read it) and redraw what changed."""
        stamp, self.polled = self.polled, None
        if stamp is None:
            stamp = say_refused(self.message, lambda: self.classes.stamp(self.key), clear=False)
        view = say_refused(self.message, lambda: self.classes.class_view(self.key), clear=False)
        if view is None:
            if self.view is None:  # a wrong key: nothing of any class shows
                self.header.value = TITLE
                self.body.layout.display = "none"
            return
        changed = stamp != self.stamp
        self.stamp, self.view = stamp, view
        now = view.at
        self.drawn_at = self.activities.now()
        if (view.name, view.code) != self.headed:
            self.header.value, self.headed = self._header(view), (view.name, view.code)
        self.here.value = here_now_html(view.members)
        self.roster.value = roster_html(view.members, now)
        self.tables.show(view.tables, now)
        self.new_table.set_members([m.nickname for m in view.members])
        self.auction.show(view.rooms, view.rounds)
        self.predictions.value = predictions_html(view.rounds)
        self.grid.value = grid_html(view.practice)
        self.export_stale = self.export_stale or changed
        if self.export_stale and self.drawn_at - self.export_at >= EXPORT_EVERY:
            self._export(view)

    def _export(self, view: ClassView) -> None:
        self.export.value = download_html(self.classes, self.key, view.name, view.code, view.at)
        self.export_at, self.export_stale = self.drawn_at, False

    def _header(self, view: ClassView) -> str:
        join = join_address(view.code)
        projector = projector_address(view.code)
        return (
            "<div style='display:flex;gap:20px;align-items:center'>"
            f"<div class='bg-qr'>{qr_svg(join, 3)}</div><div>"
            f"<div class='bg-class-title' style='font-size:22px;font-weight:bold'>{html.escape(view.name)}</div>"
            f"<div style='font-size:15px'>Class code <b class='bg-class-code' style='font-size:26px;"
            f"letter-spacing:4px'>{view.code}</b></div>"
            f"<div style='font-size:14px'>Students join at <b class='bg-join-address'>{html.escape(join)}</b></div>"
            f"<div style='font-size:14px;margin-top:4px'><a class='bg-projector-link' href='{html.escape(projector)}'"
            f" target='_blank' style='{LINK}'>Projector view ↗</a> — put <b>that</b> page on the projector, not this "
            "one: this page's address holds the class's key, the projector view's holds none and cannot act.</div>"
            "</div></div>")

    # ------------------------------------------------------------------------------------------ the teacher acts

    def act(self, action) -> None:
        say_refused(self.message, action)
        self.refresh()

    def _hand(self, code: str, seat: int, level: str) -> None:
        self.act(lambda: self.activities.tables.hand_seat_to_bot(self.key, code, seat, level))

    def _end(self, code: str) -> None:
        self.act(lambda: self.activities.tables.end_table(self.key, code))

    def _new_room(self, title: str) -> None:
        self.act(lambda: self.activities.auction.create_room(title, class_key=self.key))

    def _new_table(self, game: str, seats: list[tuple[str, str]]) -> None:
        self.act(lambda: self._make_table(game, seats))

    def _make_table(self, game: str, seats: list[tuple[str, str]]) -> None:
        names = [bot_name(s) if kind == BOT else who for s, (kind, who) in enumerate(seats)]
        chosen = [who for kind, who in seats if kind != BOT]
        if len(set(chosen)) != len(chosen):
            raise Refused("A student plays one seat of a table, not two.")
        start = GAMES[game].new_game(names, seed=secrets.randbelow(2**31))
        kinds = [who if kind == BOT else CLASSMATE for kind, who in seats]
        members = {s: who for s, (kind, who) in enumerate(seats) if kind != BOT}
        self.activities.tables.create(start, kinds, class_key=self.key, members=members)


def class_page() -> ClassPage | W.HTML:
    """The class page as its address asks (``?key=...``: the class of that key; none: create a class)."""
    return page_or_sentence(lambda: ClassPage(open_class_store(), query().get("key")))

