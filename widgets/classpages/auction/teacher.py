"""The teacher's page: create a room (its code, join address and QR code), run the rounds (ask the class a
prediction, start, raise the clock, close, reveal, end), count the bids and the answers live without their amounts,
show the revealed round beside the class's predictions and the rounds so far, and download every bid as CSV. Its
address holds the room's key: only this page may run the room, so it links to the projector view (no key, nothing
to click) for the class's screen."""

from __future__ import annotations

import html
import urllib.parse

import ipywidgets as W

from classroom.auction import (
    CLOCK,
    COIN_JAR,
    FIRST_PRICE,
    FORMATS,
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
    button,
    history_html,
    join_place,
    message_box,
    open_auction,
    predictions_html,
    question_html,
    round_words,
    say_refused,
)
from widgets.classpages.qr import qr_svg
from widgets.classpages.unreachable import page_or_sentence
from widgets.runtime.address import page_address, query
from widgets.runtime.poller import Poller


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
        if key is None:
            self._creating()
        else:
            self._running()

    # ------------------------------------------------------------------------------------------ a new room

    def _creating(self) -> None:
        self.title = W.Text(placeholder="Economics, 2nd period", description="Class")
        self.title.add_class("bg-room-title")
        create = button("Create a room", "bg-create", "primary")
        create.on_click(lambda _: self.create())
        self.children = [W.HTML(STYLE + "<h2>The class auction: the teacher's page</h2><p>Create a room: the class "
                                "joins it with its code, and you run the rounds from here.</p>"),
                         W.HBox([self.title, create]), self.message]

    def create(self) -> None:
        room = say_refused(self.message, lambda: self.auction.create_room(self.title.value))
        if room is None:
            return
        mine = page_address("auction/teacher", key=room.teacher_key)
        link = W.HTML(
            f"<p>Room <b class='bg-room-code'>{room.code}</b> is ready. Its page is at an address of its own, with "
            f"the room's key in it: <b>keep it to yourself</b> (a bookmark), it is what lets you run the room.</p>"
            f"<p><a class='bg-teacher-link' href='{html.escape(mine)}' style='font-size:18px;font-weight:bold;"
            "color:#1864ab'>Open the room's page →</a></p>")
        self.children = [W.HTML(STYLE + "<h2>The class auction: the teacher's page</h2>"), link]

    # ------------------------------------------------------------------------------------------ the room

    def _running(self) -> None:
        self.header = W.HTML()
        self.item = W.Dropdown(options=[(words, item) for item, words in ITEMS.items()], value=COIN_JAR,
                               description="Sell")
        self.item.add_class("bg-item")
        self.format = W.Dropdown(options=[(f"{f}: {words}", f) for f, words in FORMATS.items()], value=FIRST_PRICE,
                                 description="Format", layout=W.Layout(width="560px"))
        self.format.add_class("bg-format")
        self.question = W.Dropdown(description="Predict", layout=W.Layout(width="660px"))
        self.question.add_class("bg-question-choice")
        self._ask_of(COIN_JAR)
        self.item.observe(lambda change: self._ask_of(change["new"]), "value")
        number = dict(layout=W.Layout(width="150px"), style={"description_width": "70px"})
        self.low = W.FloatText(value=5, description="lowest", **number)
        self.high = W.FloatText(value=15, description="highest", **number)
        self.noise = W.FloatText(value=3, description="noise ±", **number)
        self.cap = W.FloatText(value=40, description="top bid", **number)
        self.start = W.FloatText(value=0, description="clock from", **number)
        self.step = W.FloatText(value=1, description="clock step", **number)
        for box, css in ((self.low, "bg-low"), (self.high, "bg-high"), (self.noise, "bg-noise"),
                         (self.cap, "bg-cap")):
            box.add_class(css)
        self.buttons = {
            "start": button("Start the round", "bg-start", "primary"),
            "raise": button("Raise the price", "bg-raise"),
            "close": button("Close the bidding", "bg-close", "warning"),
            "reveal": button("Reveal", "bg-reveal", "success"),
            "end": button("End the room", "bg-end", "danger"),
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
                       W.HBox([W.HTML("<span style='color:#495057'>A coin jar's value, in $:</span>"), self.low,
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

    def _ask_of(self, item: str) -> None:
        """The questions the class may be asked before a round selling ``item`` (no question, or one of
        ``QUESTIONS``, in its words for that item), the one chosen kept."""
        chosen = self.question.value
        self.question.options = [("No question before this round", "")] + [
            (question.text(item), question.id) for question in QUESTIONS.values()]
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
        self.header.value = self._header(view)
        current = view.current
        self.status.value = self._status(view)
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
        self.reflect.value = "" if current is None else predictions_html(current)
        self.results.value = history_html(history(view))
        self.csv.value = ""
        if any(r.bids for r in view.rounds) and not running:  # while bids come in, no amount is on the page
            data = urllib.parse.quote(self.auction.bids_csv(self.key))
            self.csv.value = (f"<a download='class-auction-{view.code}.csv' href='data:text/csv;charset=utf-8,{data}' "
                              "style='color:#1864ab;font-weight:bold'>⬇ Download every bid (CSV)</a>")

    def _header(self, view: TeacherView) -> str:
        join, how = join_place(view.code, view.class_code)
        projector = page_address("auction/projector", room=view.code)
        ended = " <span style='color:#c92a2a'>(ended)</span>" if view.ended else ""
        names = ", ".join(html.escape(n) for n in view.nicknames) or "nobody yet"
        return (
            "<div style='display:flex;gap:24px;align-items:center'>"
            f"<div class='bg-qr'>{qr_svg(join)}</div><div>"
            f"<div style='font-size:16px'>{html.escape(view.title) or 'The class auction'}{ended}</div>"
            f"<div style='font-size:15px'>Room code</div>"
            f"<div class='bg-room-code' style='font-size:64px;font-weight:bold;letter-spacing:6px'>{view.code}</div>"
            f"<div style='font-size:18px'>{how}</div>"
            f"<div class='bg-students' style='margin-top:6px'>{len(view.nicknames)} in the room: {names}</div>"
            "</div></div>"
            "<div class='bg-projector-advice' style='margin:8px 0;padding:6px 10px;background:#fff4e6;"
            "border-left:4px solid #f08c00'>"
            f"<a class='bg-projector-link' href='{html.escape(projector)}' target='_blank' rel='noopener' "
            "style='font-size:17px;font-weight:bold;color:#1864ab'>Projector view ↗</a> "
            "Put <b>the projector view</b> on the projector, not this page: this page's address holds the room's key, "
            "and anyone who reads it could close, reveal or end the room. The projector view shows the code, the QR "
            "code, the count and the reveal, and has nothing to click.</div>")

    def _status(self, view: TeacherView) -> str:
        r = view.current
        if r is None:
            return "<b>No round yet.</b> Choose what to sell and the format, then start the first round."
        words = html.escape(round_words(r))
        lot = f"<div>The lot: <b>{html.escape(r.lot)}</b> (Ada's, in a game of Medici)</div>" if r.item == MEDICI_LOT \
            else ""
        if r.status == OPEN:
            count = (f"<span class='bg-count' data-bidders='{r.bidders}' data-bids='{r.bids}' style='font-size:20px'>"
                     f"<b>{r.bidders}</b> of {len(view.nicknames)} have bid ({r.bids} bid{'s' * (r.bids != 1)})"
                     "</span>")
            if r.format == CLOCK:
                count = (f"<span class='bg-count' data-bidders='{r.bidders}' data-bids='{r.bids}' "
                         f"style='font-size:20px'>Price now <b>{money(r.clock, r.item)}</b>; {r.bidders} dropped "
                         "out</span>")
            return f"<div><b>{words}</b> · open</div>{lot}{question_html(r)}{count}"
        if r.status == "closed":
            return (f"<div><b>{words}</b> · closed: {r.bidders} bidder{'s' * (r.bidders != 1)}.</div>{lot}"
                    f"<div>The winner is {html.escape(r.winner or 'nobody')} at {money(r.price, r.item)}; the true "
                    f"value is {money(r.value, r.item)}. Reveal it to the class.</div>")
        return f"<div><b>{words}</b> · revealed.</div>{lot}"


def teacher_page() -> TeacherPage | W.HTML:
    """The teacher's page as its address asks (``?key=...``: the room of that key)."""
    return page_or_sentence(lambda: TeacherPage(open_auction(), query().get("key")))
