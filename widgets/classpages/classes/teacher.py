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
from boardgames.core.message import say
from boardgames.translation import LANGUAGES
from classroom.classes import ClassView
from classroom.store import Refused
from classroom.tables import CLASSMATE
from widgets.classpages.auction.shared import relabel, relabelling
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
    bold,
    button,
    drawn,
    html_said,
    link,
    open_class_store,
    say_refused,
    section,
    words,
)
from widgets.classpages.qr import qr_svg
from widgets.classpages.unreachable import follow_language, page_or_sentence
from widgets.runtime.address import page_address, query
from widgets.runtime.language import on_language, show, shown
from widgets.runtime.poller import Poller

KEEP_IT_TO_YOURSELF = say("keep it to yourself")
THAT = say("that")

TICK = 15.0  # seconds: the page redraws at least this often (who is here now, how long a turn has lasted)
EXPORT_EVERY = 10.0  # seconds: the export's files are made again at most this often while the class changes (the
# page says as of when; a change after it is in them at the next redraw, within TICK seconds)
TITLE_SAID = say("The class page")
NO_LANGUAGE = say("each student's browser's")


def title() -> str:
    """The page's title, in the page's language."""
    return f"<h2 style='margin:4px 0'>{words(TITLE_SAID)}</h2>"


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
        self.children = [*self.children, self.switch]

    # ------------------------------------------------------------------------------------------ a new class

    def _creating(self) -> None:
        self.name = W.Text(style={"description_width": "130px"}, layout=W.Layout(width="420px"))
        show(self.name, "placeholder", say("Economics, 2nd period"))
        show(self.name, "description", say("Name of the class"))
        self.name.add_class("bg-class-name")
        create = button(say("Create"), "bg-create-class", "primary")
        create.on_click(lambda _: self.create())
        once = say("Create your class once: its students join it with its code and a nickname, and you follow its "
                   "auctions, tables and practice from here.")
        self.children = [drawn(lambda: f"{STYLE}{title()}<p>{words(once)}</p>"),
                         W.HBox([self.name, create]), self.message]

    def create(self) -> None:
        made = say_refused(self.message, lambda: self.classes.create_class(self.name.value))
        if made is None:
            return
        mine = page_address("class/teacher", key=made.key)
        ready = say("The class {name} is ready, code {code}. Its page is at an address of its own, with the class's "
                    "key in it: {keep} (bookmark it; never put it on the projector), it is what lets you see and run "
                    "the class.", name=bold(made.name), code=bold(made.code, "bg-class-code"),
                    keep=bold(KEEP_IT_TO_YOURSELF))
        go = say("Open the class page →")
        self.children = [drawn(lambda: (
            f"{STYLE}{title()}<p>{html_said(ready)}</p><p><a class='bg-class-link' href='{html.escape(mine)}' "
            f"style='font-size:18px;{LINK}'>{words(go)}</a></p>")), self.switch]

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
        self.language = W.Dropdown(options=self._languages(), value="", style={"description_width": "initial"},
                                   layout=W.Layout(width="auto"))
        show(self.language, "description", say("The students' pages of this class in"))
        self.language.add_class("bg-class-language")
        self.language.observe(lambda change: relabelling(self.language) or self._set_language(change["new"]), "value")
        on_language(self._in_language)
        new_table = say("A new table")
        self.body = W.VBox([
            section(say("Here now"), "bg-class-here", self.here, self.roster),
            section(say("Tables"), "bg-class-tables-box", self.tables,
                    drawn(lambda: f"<div style='margin-top:8px'><b>{words(new_table)}</b></div>"), self.new_table),
            section(say("Auction"), "bg-class-auction-box", self.auction),
            section(say("Predict, then reflect"), "bg-class-predict", self.predictions),
            section(say("Practice"), "bg-class-practice", self.grid),
            section(say("Export"), "bg-class-export-box", self.export),
        ])
        self.children = [W.HTML(STYLE), self.header, self.language, self.message, self.body]
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
                show(self.header, "value", title)
                self.body.layout.display = self.language.layout.display = "none"
            return
        changed = stamp != self.stamp
        self.stamp, self.view = stamp, view
        now = view.at
        self.drawn_at = self.activities.now()
        if (view.name, view.code) != self.headed:
            show(self.header, "value", lambda: self._header(view))
            self.headed = (view.name, view.code)
        if self.language.value != view.language:
            self.language.value = view.language
        show(self.here, "value", lambda: here_now_html(view.members))
        show(self.roster, "value", lambda: roster_html(view.members, now))
        self.tables.show(view.tables, now)
        self.new_table.set_members([m.nickname for m in view.members])
        self.auction.show(view.rooms, view.rounds)
        show(self.predictions, "value", lambda: predictions_html(view.rounds))
        show(self.grid, "value", lambda: grid_html(view.practice))
        self.export_stale = self.export_stale or changed
        if self.export_stale and self.drawn_at - self.export_at >= EXPORT_EVERY:
            self._export(view)

    def _export(self, view: ClassView) -> None:
        show(self.export, "value", download_html(self.classes, self.key, view.name, view.code, view.at))
        self.export_at, self.export_stale = self.drawn_at, False

    def _header(self, view: ClassView) -> str:
        join = join_address(view.code)
        projector = projector_address(view.code)
        code = say("Class code {code}", code=bold(view.code, "bg-class-code", "font-size:26px;letter-spacing:4px"))
        joins = say("Students join at {address}", address=bold(join, "bg-join-address"))
        to_projector = link(say("Projector view ↗"), projector, "bg-projector-link", LINK)
        advice = say("{link} — put {that} page on the projector, not this one: this page's address holds the "
                     "class's key, the projector view's holds none and cannot act.", link=to_projector,
                     that=bold(THAT))
        return (
            "<div style='display:flex;gap:20px;align-items:center'>"
            f"<div class='bg-qr'>{qr_svg(join, 3)}</div><div>"
            f"<div class='bg-class-title' style='font-size:22px;font-weight:bold'>{html.escape(view.name)}</div>"
            f"<div style='font-size:15px'>{html_said(code)}</div>"
            f"<div style='font-size:14px'>{html_said(joins)}</div>"
            f"<div style='font-size:14px;margin-top:4px'>{html_said(advice)}</div>"
            "</div></div>")

    # ------------------------------------------------------------------------------------------ the class's language

    @staticmethod
    def _languages() -> list[tuple[str, str]]:
        return [(shown(NO_LANGUAGE), "")] + [(name, code) for code, name in LANGUAGES.items()]

    def _in_language(self) -> None:
        relabel(self.language, self._languages())

    def _set_language(self, language: str) -> None:
        """The teacher chose the language of the class's students' pages."""
        if self.view is not None and language != self.view.language:
            self.act(lambda: self.classes.set_language(self.key, language))

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
            raise Refused(say("A student plays one seat of a table, not two."))
        start = GAMES[game].new_game(names, seed=secrets.randbelow(2**31))
        kinds = [who if kind == BOT else CLASSMATE for kind, who in seats]
        members = {s: who for s, (kind, who) in enumerate(seats) if kind != BOT}
        self.activities.tables.create(start, kinds, class_key=self.key, members=members)


def class_page() -> ClassPage | W.HTML:
    """The class page as its address asks (``?key=...``: the class of that key; none: create a class)."""
    follow_language()
    return page_or_sentence(lambda: ClassPage(open_class_store(), query().get("key")))

