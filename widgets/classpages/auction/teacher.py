"""The teacher's page: create a room (its code, join address and QR code), run the rounds (ask the class a
prediction, start, raise the clock, close, reveal, end), count the bids and the answers live without their amounts,
show the revealed round beside the class's predictions and the rounds so far, and download every bid as CSV. Its
address holds the room's key: only this page may run the room, so it links to the projector view (no key, nothing
to click) for the class's screen."""

from __future__ import annotations

import html
import urllib.parse

import ipywidgets as W

from boardgames.core.message import say, say_n
from classroom.auction import (
    CLOCK,
    COIN_JAR,
    FIRST_PRICE,
    FORMAT_WORDS,
    FORMATS,
    ITEM_WORDS,
    ITEMS,
    MEDICI_LOT,
    OPEN,
    QUESTIONS,
    REVEALED,
    ClassAuction,
    TeacherView,
    history,
    money,
)
from widgets.classpages.auction.picture import round_picture
from widgets.classpages.auction.shared import (
    STYLE,
    Watch,
    bold,
    button,
    format_name,
    header_switch,
    history_html,
    html_said,
    join_place,
    message_box,
    open_auction,
    predictions_html,
    question_html,
    relabel,
    relabelling,
    round_words,
    say_refused,
)
from widgets.classpages.qr import qr_svg
from widgets.classpages.unreachable import follow_language, page_or_sentence
from widgets.runtime.address import page_address, query
from widgets.runtime.language import on_language, show, shown
from widgets.runtime.poller import Poller

KEEP_IT_TO_YOURSELF = say("keep it to yourself")
REVEALED_SAID = say("revealed.")
THE_PROJECTOR_VIEW = say("the projector view")
OPEN_SAID = say("open")
NO_ROUND_YET = say("No round yet.")
DOWNLOAD_EVERY_BID_CSV = say("⬇ Download every bid (CSV)")

TITLE = say("The class auction: the teacher's page")
JAR_VALUE = say("A coin jar's value, in $:")


class TeacherPage(W.VBox):
    """The teacher's page of the room whose key is ``key`` (None: the page offers to create one)."""

    def __init__(self, auction: ClassAuction, key: str | None = None) -> None:
        super().__init__()
        self.add_class("bg-auction")
        self.add_class("bg-auction-teacher")
        self.auction = auction
        self.key = key
        self.message = message_box()
        self.shown: object = None
        self.poller = Poller(self.refresh, Watch(auction, key=key))
        self.switch = header_switch()
        if key is None:
            self._creating()
        else:
            self._running()
        self.children = [*self.children, self.switch]

    # ------------------------------------------------------------------------------------------ a new room

    def _creating(self) -> None:
        self.title = W.Text()
        show(self.title, "placeholder", say("Economics, 2nd period"))
        show(self.title, "description", say("Class"))
        self.title.add_class("bg-room-title")
        create = button(say("Create a room"), "bg-create", "primary")
        create.on_click(lambda _: self.create())
        intro = say("Create a room: the class joins it with its code, and you run the rounds from here.")
        self.children = [show(W.HTML(), "value", lambda: f"{STYLE}<h2>{html_said(TITLE)}</h2>"
                                                         f"<p>{html_said(intro)}</p>"),
                         W.HBox([self.title, create]), self.message]

    def create(self) -> None:
        room = say_refused(self.message, lambda: self.auction.create_room(self.title.value))
        if room is None:
            return
        mine = page_address("auction/teacher", key=room.teacher_key)
        ready = say("Room {code} is ready. Its page is at an address of its own, with the room's key in it: "
                    "{keep} (a bookmark), it is what lets you run the room.", code=bold(room.code, "bg-room-code"),
                    keep=bold(KEEP_IT_TO_YOURSELF))
        go = say("Open the room's page →")
        link = show(W.HTML(), "value", lambda: (
            f"<p>{html_said(ready)}</p>"
            f"<p><a class='bg-teacher-link' href='{html.escape(mine)}' style='font-size:18px;font-weight:bold;"
            f"color:#1864ab'>{html_said(go)}</a></p>"))
        self.children = [show(W.HTML(), "value", lambda: f"{STYLE}<h2>{html_said(TITLE)}</h2>"), link,
                         self.switch]

    # ------------------------------------------------------------------------------------------ the room

    def _running(self) -> None:
        self.header = W.HTML()
        self.item = W.Dropdown(options=self._items(), value=COIN_JAR)
        show(self.item, "description", say("Sell"))
        self.item.add_class("bg-item")
        self.format = W.Dropdown(options=self._formats(), value=FIRST_PRICE, layout=W.Layout(width="560px"))
        show(self.format, "description", say("Format"))
        self.format.add_class("bg-format")
        self.question = W.Dropdown(layout=W.Layout(width="660px"))
        show(self.question, "description", say("Predict"))
        self.question.add_class("bg-question-choice")
        self._ask_of(COIN_JAR)
        self.item.observe(lambda change: relabelling(self.item) or self._ask_of(change["new"]), "value")
        on_language(self._options)
        number = dict(layout=W.Layout(width="150px"), style={"description_width": "70px"})
        self.low = show(W.FloatText(value=5, **number), "description", say("lowest"))
        self.high = show(W.FloatText(value=15, **number), "description", say("highest"))
        self.noise = show(W.FloatText(value=3, **number), "description", say("noise ±"))
        self.cap = show(W.FloatText(value=40, **number), "description", say("top bid"))
        self.start = show(W.FloatText(value=0, **number), "description", say("clock from"))
        self.step = show(W.FloatText(value=1, **number), "description", say("clock step"))
        for box, css in ((self.low, "bg-low"), (self.high, "bg-high"), (self.noise, "bg-noise"),
                         (self.cap, "bg-cap")):
            box.add_class(css)
        self.buttons = {
            "start": button(say("Start the round"), "bg-start", "primary"),
            "raise": button(say("Raise the price"), "bg-raise"),
            "close": button(say("Close the bidding"), "bg-close", "warning"),
            "reveal": button(say("Reveal"), "bg-reveal", "success"),
            "end": button(say("End the room"), "bg-end", "danger"),
        }
        self.buttons["start"].on_click(lambda _: self.act(self._start))
        self.buttons["raise"].on_click(lambda _: self.act(lambda: self.auction.raise_clock(self.key)))
        self.buttons["close"].on_click(lambda _: self.act(lambda: self.auction.close_round(self.key)))
        self.buttons["reveal"].on_click(lambda _: self.act(lambda: self.auction.reveal(self.key)))
        self.buttons["end"].on_click(lambda _: self.act(lambda: self.auction.end_room(self.key)))
        self.status = W.HTML()
        self.status.add_class("bg-round-status")
        self.picture = W.Box()
        self.reflect = W.HTML()
        self.reflect.add_class("bg-reflect")
        self.results = W.HTML()
        self.csv = W.HTML()
        self.csv.add_class("bg-csv")
        form = W.VBox([W.HBox([self.item, self.format]),
                       W.HBox([show(W.HTML(), "value", lambda: "<span style='color:#495057'>"
                                     f"{html_said(JAR_VALUE)}</span>"), self.low,
                               self.high, self.noise]),
                       W.HBox([self.cap, self.start, self.step]), self.question])
        self.children = [W.HTML(STYLE), self.header, form, W.HBox(list(self.buttons.values())), self.message,
                         self.status, W.HBox([self.picture, self.reflect]), self.results, self.csv]
        self.refresh()
        self.poller.start()

    def _start(self) -> None:
        self.auction.start_round(self.key, self.item.value, self.format.value, low=self.low.value,
                                 high=self.high.value, noise=self.noise.value, cap=self.cap.value,
                                 start=self.start.value, step=self.step.value, question=self.question.value or None)

    @staticmethod
    def _items() -> list[tuple[str, str]]:
        return [(shown(ITEM_WORDS[item]), item) for item in ITEMS]

    @staticmethod
    def _formats() -> list[tuple[str, str]]:
        return [(shown(say("{format}: {words}", format=format_name(f), words=FORMAT_WORDS[f])), f) for f in FORMATS]

    def _options(self) -> None:
        """The choices again, in the page's language now (the ones chosen kept)."""
        relabel(self.item, self._items())
        relabel(self.format, self._formats())
        self._ask_of(self.item.value)

    def _ask_of(self, item: str) -> None:
        """The questions the class may be asked before a round selling ``item`` (no question, or one of
        ``QUESTIONS``, in its words for that item), the one chosen kept."""
        chosen = self.question.value
        self.question.options = [(shown(say("No question before this round")), "")] + [
            (shown(question.said(item)), question.id) for question in QUESTIONS.values()]
        self.question.value = chosen if chosen in (id for _, id in self.question.options) else ""

    def act(self, action) -> None:
        say_refused(self.message, action)
        self.refresh()

    def refresh(self) -> None:
        """Read the room again and redraw what changed."""
        view = say_refused(self.message, lambda: self.auction.teacher_view(self.key), clear=False)
        if view is None or view == self.shown:
            return
        self.shown = view
        show(self.header, "value", lambda: self._header(view))
        current = view.current
        show(self.status, "value", lambda: self._status(view))
        running = current is not None and current.status == OPEN
        self.buttons["start"].disabled = view.ended or running
        self.buttons["raise"].disabled = not (running and current.format == CLOCK)
        self.buttons["close"].disabled = not running
        self.buttons["reveal"].disabled = current is None or current.status != "closed"
        self.buttons["end"].disabled = view.ended or running
        if current is not None and current.status == REVEALED:
            self.picture.children = [round_picture(current)]
        else:
            self.picture.children = []
        show(self.reflect, "value", lambda: "" if current is None else predictions_html(current))
        lines = history(view)
        show(self.results, "value", lambda: history_html(lines))
        show(self.csv, "value", lambda: "")
        if any(r.bids for r in view.rounds) and not running:  # while bids come in, no amount is on the page
            data = urllib.parse.quote(self.auction.bids_csv(self.key))
            show(self.csv, "value", lambda: (
                f"<a download='class-auction-{view.code}.csv' href='data:text/csv;charset=utf-8,{data}' "
                f"style='color:#1864ab;font-weight:bold'>{html_said(DOWNLOAD_EVERY_BID_CSV)}</a>"))

    def _header(self, view: TeacherView) -> str:
        join, how = join_place(view.code, view.class_code)
        projector = page_address("auction/projector", room=view.code)
        ended = f" <span style='color:#c92a2a'>{html_said(say('(ended)'))}</span>" if view.ended else ""
        names = ", ".join(html.escape(n) for n in view.nicknames) or html_said(say("nobody yet"))
        title = html.escape(view.title) or html_said(say("The class auction"))
        advice = html_said(say("Put {projector} on the projector, not this page: this page's address holds the "
                               "room's key, and anyone who reads it could close, reveal or end the room. The "
                               "projector view shows the code, the QR code, the count and the reveal, and has "
                               "nothing to click.", projector=bold(THE_PROJECTOR_VIEW)))
        students = html_said(say("{n} in the room:", n=len(view.nicknames)))
        return (
            "<div style='display:flex;gap:24px;align-items:center'>"
            f"<div class='bg-qr'>{qr_svg(join)}</div><div>"
            f"<div style='font-size:16px'>{title}{ended}</div>"
            f"<div style='font-size:15px'>{html_said(say('Room code'))}</div>"
            f"<div class='bg-room-code' style='font-size:64px;font-weight:bold;letter-spacing:6px'>{view.code}</div>"
            f"<div style='font-size:18px'>{how}</div>"
            f"<div class='bg-students' style='margin-top:6px'>{students} {names}</div>"
            "</div></div>"
            "<div class='bg-projector-advice' style='margin:8px 0;padding:6px 10px;background:#fff4e6;"
            "border-left:4px solid #f08c00'>"
            f"<a class='bg-projector-link' href='{html.escape(projector)}' target='_blank' rel='noopener' "
            f"style='font-size:17px;font-weight:bold;color:#1864ab'>{html_said(say('Projector view ↗'))}</a> "
            f"{advice}</div>")

    def _status(self, view: TeacherView) -> str:
        r = view.current
        if r is None:
            return html_said(say("{none} Choose what to sell and the format, then start the first round.",
                                 none=bold(NO_ROUND_YET)))
        words = html.escape(round_words(r))
        lot = say("The lot: {lot} (Ada's, in a game of Medici)", lot=bold(r.lot))
        lot = f"<div>{html_said(lot)}</div>" if r.item == MEDICI_LOT else ""
        if r.status == OPEN:
            have_bid = say("{bidders} of {n} have bid ({bids})", bidders=bold(str(r.bidders)), n=len(view.nicknames),
                           bids=say_n("{n} bid", "{n} bids", r.bids))
            count = (f"<span class='bg-count' data-bidders='{r.bidders}' data-bids='{r.bids}' style='font-size:20px'>"
                     f"{html_said(have_bid)}</span>")
            if r.format == CLOCK:
                now = say("Price now {price}; {n} dropped out", price=bold(money(r.clock, r.item)), n=r.bidders)
                count = (f"<span class='bg-count' data-bidders='{r.bidders}' data-bids='{r.bids}' "
                         f"style='font-size:20px'>{html_said(now)}</span>")
            return f"<div><b>{words}</b> · {html_said(OPEN_SAID)}</div>{lot}{question_html(r)}{count}"
        if r.status == "closed":
            closed = say_n("closed: {n} bidder.", "closed: {n} bidders.", r.bidders)
            price, value = money(r.price, r.item), money(r.value, r.item)
            if r.winner is None:
                winner = say("The winner is nobody at {price}; the true value is {value}. Reveal it to the class.",
                             price=price, value=value)
            else:
                winner = say("The winner is {winner} at {price}; the true value is {value}. Reveal it to the class.",
                             winner=r.winner, price=price, value=value)
            return (f"<div><b>{words}</b> · {html_said(closed)}</div>{lot}"
                    f"<div>{html_said(winner)}</div>")
        return f"<div><b>{words}</b> · {html_said(REVEALED_SAID)}</div>{lot}"


def teacher_page() -> TeacherPage | W.HTML:
    """The teacher's page as its address asks (``?key=...``: the room of that key)."""
    follow_language()
    return page_or_sentence(lambda: TeacherPage(open_auction(), query().get("key")))
