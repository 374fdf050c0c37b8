"""The projector view of a room (``?room=CODE``): what the whole class may see on the classroom's screen, large: the
room's title and code, the QR code and the join address, how many are in, the round's state (the clock's price as it
rises, how many have bid and answered the question), and after the reveal the result, the bids without their
bidders' names (the winner's aside) and the class's predictions beside what happened. It reads the room by its code
alone: no key and no token is in its address or on it, and nothing on it acts."""

from __future__ import annotations

import html

import ipywidgets as W

from classroom.auction import CLOCK, MEDICI_LOT, OPEN, REVEALED, ClassAuction, ProjectorView, RoundView, history, money
from widgets.classpages.auction.picture import round_picture
from widgets.classpages.auction.shared import (
    STYLE,
    Watch,
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
from widgets.runtime.address import query
from widgets.runtime.poller import Poller


class ProjectorPage(W.VBox):
    """The projector view of the room of ``code``: it only reads, by the code, and redraws when the room changes."""

    def __init__(self, auction: ClassAuction, code: str) -> None:
        super().__init__()
        self.add_class("bg-auction")
        self.add_class("bg-auction-projector")
        self.auction = auction
        self.code = code
        self.message = message_box()
        self.shown: ProjectorView | None = None
        self.header = W.HTML()
        self.round = W.HTML()
        self.round.add_class("bg-projector-round")
        self.picture = W.Box()
        self.reflect = W.HTML()
        self.reflect.add_class("bg-reflect")
        self.past = W.HTML()
        self.children = [W.HTML(STYLE), self.message, self.header, self.round, W.HBox([self.picture, self.reflect]),
                         self.past]
        self.poller = Poller(self.refresh, Watch(auction, code=code))
        self.refresh()
        if self.shown is not None:  # a code of no room: the sentence says so, and there is nothing to follow
            self.poller.start()

    def refresh(self) -> None:
        """Read the room again and redraw what changed."""
        view = say_refused(self.message, lambda: self.auction.projector_view(self.code), clear=False)
        if view is None or view == self.shown:
            return
        self.message.value = ""
        self.shown = view
        self.header.value = header_html(view)
        r = view.current
        self.round.value = round_html(r)
        revealed = r is not None and r.status == REVEALED
        self.picture.children = [round_picture(r, width=560, height=380)] if revealed else []
        self.reflect.value = predictions_html(r) if revealed else ""
        self.past.value = history_html(history(view))


def header_html(view: ProjectorView) -> str:
    """The room's title, its code large, the QR code of where to join and its address, and how many are in."""
    join, how = join_place(view.code, view.class_code)
    ended = " <span style='color:#c92a2a'>(ended)</span>" if view.ended else ""
    return (
        "<div style='display:flex;gap:28px;align-items:center'>"
        f"<div class='bg-qr'>{qr_svg(join)}</div><div>"
        f"<div style='font-size:22px'>{html.escape(view.title) or 'The class auction'}{ended}</div>"
        "<div style='font-size:16px'>Room code</div>"
        f"<div class='bg-room-code' style='font-size:80px;font-weight:bold;letter-spacing:8px;line-height:1'>"
        f"{view.code}</div>"
        f"<div style='font-size:18px;max-width:760px'>{how}</div>"
        f"<div class='bg-students' data-students='{view.students}' style='font-size:24px;margin-top:8px'>"
        f"<b>{view.students}</b> in the room</div>"
        "</div></div>")


def round_html(r: RoundView | None) -> str:
    """The round as the class may see it: its kind and state; while open, the question, the clock's price or the
    count of bids; once closed, that the reveal is next; once revealed, the result in a sentence."""
    if r is None:
        return "<div style='font-size:22px'>The first round starts soon.</div>"
    words = f"<div style='font-size:22px'><b>{html.escape(round_words(r))}</b></div>"
    lot = f"<div style='font-size:18px'>The lot: <b>{html.escape(r.lot)}</b></div>" if r.item == MEDICI_LOT else ""
    if r.status == OPEN:
        if r.format == CLOCK:
            state = (f"<div class='bg-clock' style='font-size:48px'>Price now <b>{money(r.clock, r.item)}</b></div>"
                     f"<div style='font-size:18px'>{r.bidders} dropped out</div>")
        else:
            state = (f"<div class='bg-count' data-bidders='{r.bidders}' style='font-size:28px'><b>{r.bidders}</b> "
                     f"ha{'ve' if r.bidders != 1 else 's'} bid</div>")
        return (f"<div class='bg-round-state' data-status='open'>{words}{lot}<div style='font-size:20px;"
                f"color:#2b8a3e'><b>The bidding is open.</b></div>{question_html(r)}{state}</div>")
    if r.status != REVEALED:
        return (f"<div class='bg-round-state' data-status='closed'>{words}{lot}<div style='font-size:22px'><b>The "
                f"bidding is closed</b>: {r.bidders} bidder{'s' * (r.bidders != 1)}. The reveal is next.</div></div>")
    if r.winner is None:
        result = "Nobody bid."
    else:
        loss = (r.profit or 0) < 0
        result = (f"{html.escape(r.winner)} won at <b>{money(r.price, r.item)}</b>; it was worth "
                  f"<b>{money(r.value, r.item)}</b>: <b style='color:{'#c92a2a' if loss else '#2b8a3e'}'>"
                  f"{'a loss' if loss else 'a profit'} of {money(abs(r.profit or 0), r.item)}</b>"
                  f"{' — the winner’s curse' if loss else ''}.")
    return (f"<div class='bg-round-state' data-status='revealed'>{words}{lot}"
            f"<div class='bg-projector-result' style='font-size:24px'>{result}</div></div>")


def projector_page() -> ProjectorPage | W.HTML:
    """The projector view as its address asks (``?room=CODE``)."""
    return page_or_sentence(lambda: ProjectorPage(open_auction(), query().get("room", "")))
