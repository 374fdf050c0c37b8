"""The projector view of a room (``?room=CODE``): what the whole class may see on the classroom's screen, large: the
room's title and code, the QR code and the join address, how many are in, the round's state (the clock's price as it
rises, how many have bid and answered the question), and after the reveal the result, the bids without their
bidders' names (the winner's aside) and the class's predictions beside what happened. It reads the room by its code
alone: no key and no token is in its address or on it, and nothing on it acts."""

from __future__ import annotations

import html

import ipywidgets as W

from boardgames.core.message import say, say_n
from classroom.auction import CLOCK, MEDICI_LOT, OPEN, REVEALED, ClassAuction, ProjectorView, RoundView, history, money
from widgets.classpages.auction.picture import round_picture
from widgets.classpages.auction.shared import (
    STYLE,
    Watch,
    bold,
    fill,
    history_html,
    html_said,
    join_place,
    message_box,
    open_auction,
    predictions_html,
    question_html,
    round_words,
    say_refused,
    tell,
)
from widgets.classpages.qr import qr_svg
from widgets.classpages.unreachable import follow_language, page_or_sentence
from widgets.kit.palette import GAIN, LOSS
from widgets.runtime.address import query
from widgets.runtime.language import show
from widgets.runtime.poller import Poller

N_IN_THE_ROOM = say("{n} in the room")
THE_FIRST_ROUND_STARTS_SOON = say("The first round starts soon.")
THE_LOT_LOT = say("The lot: {lot}")
THE_BIDDING_IS_CLOSED = say("The bidding is closed")
PRICE_NOW_PRICE = say("Price now {price}")
N_DROPPED_OUT = say("{n} dropped out")


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
        tell(self.message, "")
        self.shown = view
        show(self.header, "value", lambda: header_html(view))
        r = view.current
        show(self.round, "value", lambda: round_html(r))
        revealed = r is not None and r.status == REVEALED
        self.picture.children = [round_picture(r, width=560, height=380)] if revealed else []
        show(self.reflect, "value", lambda: predictions_html(r) if revealed else "")
        lines = history(view)
        show(self.past, "value", lambda: history_html(lines))


def header_html(view: ProjectorView) -> str:
    """The room's title, its code large, the QR code of where to join and its address, and how many are in."""
    join, how = join_place(view.code, view.class_code)
    ended = f" <span style='color:#c92a2a'>{html_said(say('(ended)'))}</span>" if view.ended else ""
    title = html.escape(view.title) or html_said(say("The class auction"))
    return (
        "<div style='display:flex;gap:28px;align-items:center'>"
        f"<div class='bg-qr'>{qr_svg(join)}</div><div>"
        f"<div style='font-size:22px'>{title}{ended}</div>"
        f"<div style='font-size:16px'>{html_said(say('Room code'))}</div>"
        f"<div class='bg-room-code' style='font-size:80px;font-weight:bold;letter-spacing:8px;line-height:1'>"
        f"{view.code}</div>"
        f"<div style='font-size:18px;max-width:760px'>{how}</div>"
        f"<div class='bg-students' data-students='{view.students}' style='font-size:24px;margin-top:8px'>"
        f"{html_said(fill(N_IN_THE_ROOM, n=bold(str(view.students))))}</div>"
        "</div></div>")


def round_html(r: RoundView | None) -> str:
    """The round as the class may see it: its kind and state; while open, the question, the clock's price or the
    count of bids; once closed, that the reveal is next; once revealed, the result in a sentence."""
    if r is None:
        return f"<div style='font-size:22px'>{html_said(THE_FIRST_ROUND_STARTS_SOON)}</div>"
    words = f"<div style='font-size:22px'><b>{html.escape(round_words(r))}</b></div>"
    lot = (f"<div style='font-size:18px'>{html_said(fill(THE_LOT_LOT, lot=bold(r.lot)))}</div>"
           if r.item == MEDICI_LOT else "")
    if r.status == OPEN:
        if r.format == CLOCK:
            state = (f"<div class='bg-clock' style='font-size:48px'>"
                     f"{html_said(fill(PRICE_NOW_PRICE, price=bold(money(r.clock, r.item))))}</div>"
                     f"<div style='font-size:18px'>{html_said(fill(N_DROPPED_OUT, n=r.bidders))}</div>")
        else:
            have_bid = say_n("{count} has bid", "{count} have bid", r.bidders, count=bold(str(r.bidders)))
            state = (f"<div class='bg-count' data-bidders='{r.bidders}' style='font-size:28px'>"
                     f"{html_said(have_bid)}</div>")
        is_open = html_said(say("The bidding is open."))
        return (f"<div class='bg-round-state' data-status='open'>{words}{lot}<div style='font-size:20px;"
                f"color:{GAIN}'><b>{is_open}</b></div>{question_html(r)}{state}</div>")
    if r.status != REVEALED:
        closed = say("{closed}: {bidders}. The reveal is next.", closed=bold(THE_BIDDING_IS_CLOSED),
                     bidders=say_n("{n} bidder", "{n} bidders", r.bidders))
        return (f"<div class='bg-round-state' data-status='closed'>{words}{lot}<div style='font-size:22px'>"
                f"{html_said(closed)}</div></div>")
    if r.winner is None:
        result = html_said(say("Nobody bid."))
    else:
        loss = (r.profit or 0) < 0
        amount = money(abs(r.profit or 0), r.item)
        outcome = bold(say("a loss of {amount}", amount=amount) if loss else say("a profit of {amount}", amount=amount),
                       style=f"color:{LOSS if loss else GAIN}")
        won = (say("{winner} won at {price}; it was worth {value}: {outcome} — the winner’s curse.", winner=r.winner,
                   price=bold(money(r.price, r.item)), value=bold(money(r.value, r.item)), outcome=outcome) if loss
               else say("{winner} won at {price}; it was worth {value}: {outcome}.", winner=r.winner,
                        price=bold(money(r.price, r.item)), value=bold(money(r.value, r.item)), outcome=outcome))
        result = html_said(won)
    return (f"<div class='bg-round-state' data-status='revealed'>{words}{lot}"
            f"<div class='bg-projector-result' style='font-size:24px'>{result}</div></div>")


def projector_page() -> ProjectorPage | W.HTML:
    """The projector view as its address asks (``?room=CODE``)."""
    follow_language()
    return page_or_sentence(lambda: ProjectorPage(open_auction(), query().get("room", "")))
