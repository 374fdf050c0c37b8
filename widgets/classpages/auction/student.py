"""A student's page: join a room by its code and a nickname (a class's member comes from their class page, with
``?room=CODE&member=TOKEN``, and is seated under their class nickname without being asked), then, in each round,
answer the teacher's question if one is asked (a prediction, until the bidding closes), see your own estimate (a coin
jar) or the lot's cards (Medici), bid (a second bid replaces the first) or drop out of the clock, and after the
reveal see your result, the class's picture and its predictions beside what happened. Its address holds the
student's token (or member token): opening it again puts them back in their seat. A member's page tells the class
it is open (``Classes.seen``), which never stops the page."""

from __future__ import annotations

import html
import logging
import time
from dataclasses import replace

import ipywidgets as W

from classroom.auction import (
    CLOCK,
    MEDICI_LOT,
    OPEN,
    REVEALED,
    ClassAuction,
    StudentView,
    history,
    medici_position,
    money,
)
from classroom.classes import SEEN_EVERY, Classes
from widgets.classpages.auction.picture import round_picture
from widgets.classpages.auction.shared import (
    STYLE,
    Watch,
    button,
    history_html,
    message_box,
    open_auction,
    predictions_html,
    question_html,
    round_words,
    say_refused,
)
from widgets.classpages.unreachable import page_or_sentence
from widgets.kit.registry import view as game_view
from widgets.runtime.address import page_address, query
from widgets.runtime.poller import Poller

log = logging.getLogger(__name__)


class Presence:
    """Before each look at the room, tells the class that the page of the member of ``token`` is open
    (``Classes.seen``), at most once every half ``SEEN_EVERY``; a failure to tell it is logged (without the token)
    and never stops the look."""

    def __init__(self, classes: Classes, token: str, look: Watch, clock=time.monotonic) -> None:
        self.classes, self.token, self.look, self.clock = classes, token, look, clock
        self.told: float | None = None

    def tell(self) -> None:
        now = self.clock()
        if self.told is not None and now - self.told < SEEN_EVERY / 2:
            return
        self.told = now
        try:
            self.classes.seen(self.token)
        except Exception as error:  # noqa: BLE001 (presence is a courtesy: the page goes on whatever happens)
            log.warning("a member's presence was not told: %s", type(error).__name__)

    def __call__(self) -> bool:
        self.tell()
        return self.look()


class StudentPage(W.VBox):
    """A student's page: the seat of ``token``; or, with ``member`` (a class member's token), their seat in the
    class's room of ``code``; or (neither) the form to join the room of ``code``."""

    def __init__(self, auction: ClassAuction, token: str | None = None, code: str = "",
                 member: str | None = None) -> None:
        super().__init__()
        self.add_class("bg-auction")
        self.add_class("bg-auction-student")
        self.auction = auction
        self.message = message_box()
        self.shown: object = None
        self.board_seed: int | None = None
        self.presence: Presence | None = None
        if member is not None:
            seat = say_refused(self.message, lambda: auction.join_member(code, member))
            if seat is None:
                self._not_seated(member)
                return
            token = seat.token
            self.presence = Presence(Classes(auction.store), member, Watch(auction, token=token))
            self.presence.tell()
        self.token = token
        self.poller = Poller(self.refresh, self.presence or Watch(auction, token=token))
        if token is None:
            self._joining(code)
        else:
            self._seated()

    def _not_seated(self, member: str) -> None:
        """A member's link that seats nobody: why, and the way back to their class page."""
        self.token = None
        self.poller = Poller(lambda: None)
        back = page_address("class/student", member=member)
        self.children = [W.HTML(STYLE + "<h2>The class auction</h2>"), self.message, W.HTML(
            f"<p><a class='bg-class-link' href='{html.escape(back)}' style='color:#1864ab;font-weight:bold'>Back to "
            "your class page →</a></p>")]

    # ------------------------------------------------------------------------------------------ joining

    def _joining(self, code: str) -> None:
        self.code = W.Text(value=code.upper(), description="Room code", placeholder="ABCDE")
        self.code.add_class("bg-code")
        self.nickname = W.Text(description="Nickname", placeholder="what the class will see")
        self.nickname.add_class("bg-nickname")
        join = button("Join", "bg-join", "primary")
        join.on_click(lambda _: self.join())
        self.children = [W.HTML(STYLE + "<h2>The class auction</h2><p>Type the room's code (on the teacher's "
                                "screen) and a nickname. No account, nothing else.</p>"),
                         W.VBox([self.code, self.nickname, join]), self.message]

    def join(self) -> None:
        seat = say_refused(self.message, lambda: self.auction.join(self.code.value, self.nickname.value))
        if seat is None:
            return
        mine = page_address("auction/student", token=seat.token)
        self.children = [W.HTML(
            STYLE + f"<h2>Welcome, {html.escape(seat.nickname)}</h2><p>Your seat in room <b>{seat.code}</b> has an "
            "address of its own: open it, and keep it (if your laptop sleeps or the page closes, it brings you "
            f"back).</p><p><a class='bg-seat-link' href='{html.escape(mine)}' style='font-size:20px;"
            "font-weight:bold;color:#1864ab'>Go to your seat →</a></p>")]

    # ------------------------------------------------------------------------------------------ seated

    def _seated(self) -> None:
        self.header = W.HTML()
        self.round = W.HTML()
        self.round.add_class("bg-round")
        self.board = W.Box()
        self.amount = W.Text(placeholder="your bid", layout=W.Layout(width="140px"))
        self.amount.add_class("bg-bid-input")
        self.bid_button = button("Bid", "bg-bid", "primary")
        self.bid_button.on_click(lambda _: self.act(lambda: self.auction.bid(self.token, self.amount.value)))
        self.drop_button = button("Drop out", "bg-drop", "warning")
        self.drop_button.on_click(lambda _: self.act(lambda: self.auction.drop(self.token)))
        self.controls = W.HBox([self.amount, self.bid_button, self.drop_button])
        self.question = W.HTML()
        self.answers = W.HBox()
        self.answers.add_class("bg-answers")
        self.asked: tuple | None = None  # the round and question the answers' buttons are for
        self.prediction = W.HTML()
        self.prediction.add_class("bg-my-prediction")
        self.result = W.HTML()
        self.result.add_class("bg-result")
        self.picture = W.Box()
        self.reflect = W.HTML()
        self.reflect.add_class("bg-reflect")
        self.past = W.HTML()
        self.children = [W.HTML(STYLE), self.header, self.round, W.VBox([self.question, self.answers, self.prediction]),
                         self.controls, self.message, self.board, self.result, W.HBox([self.picture, self.reflect]),
                         self.past]
        self.refresh()
        self.poller.start()

    def act(self, action) -> None:
        if say_refused(self.message, action) is not None:
            self.amount.value = ""
        self.refresh()

    def refresh(self) -> None:
        """Read the seat's view again and redraw what changed."""
        view = say_refused(self.message, lambda: self.auction.student_view(self.token), clear=False)
        if view is None or view == self.shown:
            return
        self.say_round(view)
        self.shown = view
        self.header.value = (f"<div style='font-size:16px'><b>{html.escape(view.nickname)}</b> in room "
                             f"<b>{view.code}</b>{' (ended)' if view.ended else ''}</div>")
        self.past.value = history_html(history(view))

    def say_round(self, view: StudentView) -> None:
        r = view.current
        self.say_question(view)
        if r is None:
            self.round.value = "<p>Wait for the teacher to start the first round.</p>"
            self._controls(False, False)
            return
        if r.status == OPEN and view.estimate is None and r.item != MEDICI_LOT:
            # the page shows the round: the student's estimate is recorded, and they take part
            estimate = say_refused(self.message, lambda: self.auction.estimate(self.token), clear=False)
            view = replace(view, estimate=estimate)
        elif r.status == OPEN and r.item == MEDICI_LOT and not view.dropped and view.my_bid is None:
            say_refused(self.message, lambda: self.auction.estimate(self.token), clear=False)
        words = f"<div style='font-size:17px'><b>{html.escape(round_words(r))}</b></div>"
        detail = ""
        if r.item == MEDICI_LOT:
            detail = (f"<div>The lot: <b>{html.escape(r.lot)}</b>. You bid as Ada in this game of Medici: what will "
                      "the lot bring her by the end of the day?</div>")
            self._board(r.seed)
        else:
            self.board.children = []
            if view.estimate is not None:
                detail = (f"<div class='bg-estimate' style='font-size:20px'>Your estimate of the jar: "
                          f"<b>{money(view.estimate, r.item)}</b> <span style='font-size:13px;color:#495057'>(only "
                          "you see it; the true value is within "
                          f"{money(r.noise, r.item)} of it)</span></div>")
        if r.status == OPEN:
            if r.format == CLOCK:
                state = "you dropped out" if view.dropped else "you are in"
                detail += (f"<div style='font-size:20px'>Price now <b>{money(r.clock, r.item)}</b>: "
                           f"<span class='bg-my-state'>{state}</span></div>")
            else:
                mine = "no bid yet" if view.my_bid is None else f"your bid: <b>{money(view.my_bid, r.item)}</b>"
                detail += (f"<div class='bg-my-bid'>{mine} (a new bid replaces it until the teacher closes the "
                           f"bidding; at most {money(r.cap, r.item)})</div>")
            self._controls(r.format != CLOCK, r.format == CLOCK and not view.dropped)
            self.result.value = ""
            self.picture.children = []
        else:
            self._controls(False, False)
            if r.status == REVEALED:
                self.result.value = self._result(view)
                self.picture.children = [round_picture(r, width=480, height=330)]
            else:
                self.result.value = "<p>The bidding is closed. Wait for the reveal.</p>"
                self.picture.children = []
        self.reflect.value = predictions_html(r) if r.status == REVEALED else ""
        self.round.value = words + detail

    def say_question(self, view: StudentView) -> None:
        """The round's question and its answers while the bidding is open (the student's choice shown), their
        prediction once it is closed."""
        r = view.current
        asking = r is not None and r.asked is not None
        self.question.value = question_html(r, answered=False) if asking and r.status == OPEN else ""
        if not asking or r.status != OPEN:
            self.answers.children, self.asked = [], None
        elif self.asked != (r.number, r.question):
            self.answers.children = [self._answer_button(answer) for answer in r.asked.answers]
            self.asked = (r.number, r.question)
        for answer in self.answers.children:
            answer.button_style = "info" if answer.description == view.my_prediction else ""
        if not asking:
            self.prediction.value = ""
        elif view.my_prediction is None:
            self.prediction.value = ("<span style='color:#495057'>Choose an answer before you bid: you may change "
                                     "it until the bidding closes.</span>" if r.status == OPEN else
                                     "<span style='color:#495057'>You made no prediction in this round.</span>")
        else:
            self.prediction.value = (f"Your prediction: <b>{html.escape(view.my_prediction)}</b>"
                                     + (" (you may change it until the bidding closes)" if r.status == OPEN else ""))

    def _answer_button(self, answer: str) -> W.Button:
        choice = button(answer, "bg-answer")
        choice.on_click(lambda _: self.predict(answer))
        return choice

    def predict(self, answer: str) -> None:
        """Answer the round's question (a bid being typed stays as it is)."""
        say_refused(self.message, lambda: self.auction.predict(self.token, answer))
        self.refresh()

    def _controls(self, bidding: bool, dropping: bool) -> None:
        self.amount.layout.display = self.bid_button.layout.display = None if bidding else "none"
        self.drop_button.layout.display = None if dropping else "none"

    def _board(self, seed: int) -> None:
        if self.board_seed == seed:
            return
        board = game_view("medici").Board()
        board.show(medici_position(seed), None)
        self.board.children = [board]
        self.board_seed = seed

    def _result(self, view: StudentView) -> str:
        r = view.current
        me = next((b for b in r.table or () if b.mine), None)
        value = money(r.value, r.item)
        if me is None:
            return f"<p>You did not bid in this round. The true value was <b>{value}</b>.</p>"
        if me.won:
            gain = r.profit or 0
            verdict = (f"a <b style='color:#c92a2a'>loss of {money(-gain, r.item)}</b>: the winner's curse" if gain < 0
                       else f"a <b style='color:#2b8a3e'>profit of {money(gain, r.item)}</b>")
            return (f"<p style='font-size:17px'>You won, at {money(r.price, r.item)}. The true value was {value}: "
                    f"{verdict}.</p>")
        return (f"<p style='font-size:17px'>{html.escape(r.winner or 'Nobody')} won, at {money(r.price, r.item)}. "
                f"The true value was {value}.</p>")


def student_page() -> StudentPage | W.HTML:
    """The student's page as its address asks (``?token=...``: that seat; ``?room=...&member=...``: a class
    member's seat in their class's room; ``?code=...``: the join form filled)."""
    params = query()
    return page_or_sentence(lambda: StudentPage(open_auction(), params.get("token"),
                                                params.get("room") or params.get("code", ""), params.get("member")))
