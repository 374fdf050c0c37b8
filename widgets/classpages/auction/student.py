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
from typing import Any

import ipywidgets as W

from boardgames.core.message import say
from classroom.auction import (
    CLOCK,
    MEDICI_LOT,
    OPEN,
    REVEALED,
    ClassAuction,
    StudentView,
    answer_said,
    history,
    medici_position,
    money,
)
from classroom.classes import SEEN_EVERY, Classes
from widgets.classpages.auction.picture import round_picture
from widgets.classpages.auction.shared import (
    STYLE,
    Watch,
    bold,
    button,
    fill,
    header_switch,
    history_html,
    html_said,
    message_box,
    open_auction,
    predictions_html,
    question_html,
    round_words,
    say_refused,
    span,
)
from widgets.classpages.unreachable import follow_class_language, follow_language, page_or_sentence
from widgets.kit.palette import GAIN
from widgets.kit.registry import view as game_view
from widgets.runtime.address import page_address, query
from widgets.runtime.language import show
from widgets.runtime.poller import Poller

LOSS_OF_AMOUNT = say("loss of {amount}")
PROFIT_OF_AMOUNT = say("profit of {amount}")

TITLE = say("The class auction")
ENDED = say("(ended)")

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
        self.switch = header_switch()
        if member is not None:
            follow_class_language(Classes(auction.store).member_language(member))
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
        go = say("Back to your class page →")
        self.children = [show(W.HTML(), "value", lambda: f"{STYLE}<h2>{html_said(TITLE)}</h2>"), self.message,
                         show(W.HTML(), "value", lambda: f"<p><a class='bg-class-link' href='{html.escape(back)}' "
                              f"style='color:#1864ab;font-weight:bold'>{html_said(go)}</a></p>"),
                         self.switch]

    # ------------------------------------------------------------------------------------------ joining

    def _joining(self, code: str) -> None:
        self.code = show(W.Text(value=code.upper(), placeholder="ABCDE"), "description", say("Room code"))
        self.code.add_class("bg-code")
        self.nickname = show(W.Text(), "description", say("Nickname"))
        show(self.nickname, "placeholder", say("what the class will see"))
        self.nickname.add_class("bg-nickname")
        join = button(say("Join"), "bg-join", "primary")
        join.on_click(lambda _: self.join())
        how = say("Type the room's code (on the teacher's screen) and a nickname. No account, nothing else.")
        self.children = [show(W.HTML(), "value", lambda: f"{STYLE}<h2>{html_said(TITLE)}</h2>"
                                                         f"<p>{html_said(how)}</p>"),
                         W.VBox([self.code, self.nickname, join]), self.message, self.switch]

    def join(self) -> None:
        seat = say_refused(self.message, lambda: self.auction.join(self.code.value, self.nickname.value))
        if seat is None:
            return
        mine = page_address("auction/student", token=seat.token)
        welcome = say("Welcome, {name}", name=seat.nickname)
        yours = say("Your seat in room {code} has an address of its own: open it, and keep it (if your laptop sleeps "
                    "or the page closes, it brings you back).", code=bold(seat.code))
        go = say("Go to your seat →")
        self.children = [show(W.HTML(), "value", lambda: (
            f"{STYLE}<h2>{html_said(welcome)}</h2><p>{html_said(yours)}</p>"
            f"<p><a class='bg-seat-link' href='{html.escape(mine)}' style='font-size:20px;"
            f"font-weight:bold;color:#1864ab'>{html_said(go)}</a></p>")), self.switch]

    # ------------------------------------------------------------------------------------------ seated

    def _seated(self) -> None:
        self.header = W.HTML()
        self.round = W.HTML()
        self.round.add_class("bg-round")
        self.board = W.Box()
        self.amount = show(W.Text(layout=W.Layout(width="140px")), "placeholder", say("your bid"))
        self.amount.add_class("bg-bid-input")
        self.bid_button = button(say("Bid"), "bg-bid", "primary")
        self.bid_button.on_click(lambda _: self.act(lambda: self.auction.bid(self.token, self.amount.value)))
        self.drop_button = button(say("Drop out"), "bg-drop", "warning")
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
                         self.past, self.switch]
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
        where = say("{name} in room {code}", name=bold(view.nickname), code=bold(view.code))
        show(self.header, "value", lambda: f"<div style='font-size:16px'>{html_said(where)}"
                                           f"{' ' + html_said(ENDED) if view.ended else ''}</div>")
        lines = history(view)
        show(self.past, "value", lambda: history_html(lines))

    def say_round(self, view: StudentView) -> None:
        r = view.current
        self.say_question(view)
        if r is None:
            wait = say("Wait for the teacher to start the first round.")
            show(self.round, "value", lambda: f"<p>{html_said(wait)}</p>")
            self._controls(False, False)
            return
        if r.status == OPEN and view.estimate is None and r.item != MEDICI_LOT:
            # the page shows the round: the student's estimate is recorded, and they take part
            estimate = say_refused(self.message, lambda: self.auction.estimate(self.token), clear=False)
            view = replace(view, estimate=estimate)
        elif r.status == OPEN and r.item == MEDICI_LOT and not view.dropped and view.my_bid is None:
            say_refused(self.message, lambda: self.auction.estimate(self.token), clear=False)
        details: list[str | tuple] = []  # HTML, or (a message drawn by html_said, the HTML around it)
        if r.item == MEDICI_LOT:
            details.append(("<div>", say("The lot: {lot}. You bid as Ada in this game of Medici: what will the lot "
                                         "bring her by the end of the day?", lot=bold(r.lot)), "</div>"))
            self._board(r.seed)
        else:
            self.board.children = []
            if view.estimate is not None:
                estimate = bold(money(view.estimate, r.item))
                details.append(("<div class='bg-estimate' style='font-size:20px'>",
                                say("Your estimate of the jar: {estimate}", estimate=estimate),
                                " <span style='font-size:13px;color:#495057'>"))
                details.append(("", say("(only you see it; the true value is within {noise} of it)",
                                        noise=money(r.noise, r.item)), "</span></div>"))
        if r.status == OPEN:
            if r.format == CLOCK:
                state = say("you dropped out") if view.dropped else say("you are in")
                details.append(("<div style='font-size:20px'>", say("Price now {price}: {state}",
                                                                   price=bold(money(r.clock, r.item)),
                                                                   state=span(state, "bg-my-state")), "</div>"))
            else:
                mine = (say("no bid yet") if view.my_bid is None else
                        say("your bid: {bid}", bid=bold(money(view.my_bid, r.item))))
                details.append(("<div class='bg-my-bid'>", say("{mine} (a new bid replaces it until the teacher closes "
                                                               "the bidding; at most {cap})", mine=mine,
                                                               cap=money(r.cap, r.item)), "</div>"))
            self._controls(r.format != CLOCK, r.format == CLOCK and not view.dropped)
            show(self.result, "value", lambda: "")
            self.picture.children = []
        else:
            self._controls(False, False)
            if r.status == REVEALED:
                show(self.result, "value", lambda: self._result(view))
                self.picture.children = [round_picture(r, width=480, height=330)]
            else:
                closed = say("The bidding is closed. Wait for the reveal.")
                show(self.result, "value", lambda: f"<p>{html_said(closed)}</p>")
                self.picture.children = []
        show(self.reflect, "value", lambda: predictions_html(r) if r.status == REVEALED else "")

        def drawn() -> str:
            words = f"<div style='font-size:17px'><b>{html.escape(round_words(r))}</b></div>"
            return words + "".join(part if isinstance(part, str) else f"{part[0]}{html_said(part[1])}{part[2]}"
                                   for part in details)

        show(self.round, "value", drawn)

    def say_question(self, view: StudentView) -> None:
        """The round's question and its answers while the bidding is open (the student's choice shown), their
        prediction once it is closed."""
        r = view.current
        asking = r is not None and r.asked is not None
        show(self.question, "value", lambda: question_html(r, answered=False) if asking and r.status == OPEN else "")
        if not asking or r.status != OPEN:
            self.answers.children, self.asked = [], None
        elif self.asked != (r.number, r.question):
            self.answers.children = [self._answer_button(answer) for answer in r.asked.answers]
            self.asked = (r.number, r.question)
        for answer in self.answers.children:
            answer.button_style = "info" if answer.answer == view.my_prediction else ""
        if not asking:
            said: Any = ""
        elif view.my_prediction is None:
            said = span(say("Choose an answer before you bid: you may change it until the bidding closes.")
                        if r.status == OPEN else say("You made no prediction in this round."), style="color:#495057")
        elif r.status == OPEN:
            said = say("Your prediction: {answer} (you may change it until the bidding closes)",
                       answer=bold(answer_said(view.my_prediction)))
        else:
            said = say("Your prediction: {answer}", answer=bold(answer_said(view.my_prediction)))
        show(self.prediction, "value", lambda: html_said(said))

    def _answer_button(self, answer: str) -> W.Button:
        choice = button(answer_said(answer), "bg-answer")
        choice.answer = answer  # the answer stored, whatever the words on the button
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
            missed = say("You did not bid in this round. The true value was {value}.", value=bold(value))
            return f"<p>{html_said(missed)}</p>"
        if me.won:
            gain = r.profit or 0
            if gain < 0:
                verdict = say("a {loss}: the winner's curse",
                              loss=bold(fill(LOSS_OF_AMOUNT, amount=money(-gain, r.item)), style="color:#c92a2a"))
            else:
                verdict = say("a {profit}",
                              profit=bold(fill(PROFIT_OF_AMOUNT, amount=money(gain, r.item)), style=f"color:{GAIN}"))
            won = say("You won, at {price}. The true value was {value}: {verdict}.", price=money(r.price, r.item),
                      value=value, verdict=verdict)
            return f"<p style='font-size:17px'>{html_said(won)}</p>"
        if r.winner is None:
            won = say("Nobody won, at {price}. The true value was {value}.", price=money(r.price, r.item), value=value)
        else:
            won = say("{winner} won, at {price}. The true value was {value}.", winner=r.winner,
                      price=money(r.price, r.item), value=value)
        return f"<p style='font-size:17px'>{html_said(won)}</p>"


def student_page() -> StudentPage | W.HTML:
    """The student's page as its address asks (``?token=...``: that seat; ``?room=...&member=...``: a class
    member's seat in their class's room; ``?code=...``: the join form filled)."""
    follow_language()
    params = query()
    return page_or_sentence(lambda: StudentPage(open_auction(), params.get("token"),
                                                params.get("room") or params.get("code", ""), params.get("member")))
