"""``AdvicePanel``: what the lot on the table is worth to the human seat, next to the Medici dashboard.

``AdvicePanel(app)`` watches a ``GameApp`` (through its ``on_change`` observers). Whenever the human
seat must decide about a lot (bid or pass, or, as the auctioneer, reveal another card or open the
auction), it shows ``boardgames.lessons.medici.lot_worth(state, seat)``: the expected change in that seat's
income this day if it wins the lot at price 0, with its 95% interval, and what it means for a bid (the
worth minus the price is the expected profit). A checkbox turns the advice on and off. Once the game is
over, a bqplot chart (built once, its marks updated in place) sets every bid the human made, and the
price each of those lots was sold for, against the estimated worth at the time.

The estimate takes a few tenths of a second. Inside a kernel (Jupyter, Voilà) it runs in a worker
thread awaited by an asyncio task on the kernel's loop, the way the shell runs its bots, so the page
stays live; in plain Python (tests) it is computed at once.

CSS hooks: ``bg-advice`` (the panel), ``bg-advice-value`` (the estimate; its ``bg-advice-number`` span
carries ``data-mean``, ``data-low``, ``data-high``), ``bg-advice-chart`` (the after-game chart),
``bg-advice-toggle`` (the checkbox). Every word is in the page's language (``widgets.runtime.language``).
"""

from __future__ import annotations

import html
import logging
import math
import time
from dataclasses import dataclass

import bqplot as bq
import ipywidgets as W

from boardgames import medici
from boardgames.core.message import english, say, say_n
from boardgames.lessons.medici.worth import SAMPLES, LotWorth, lot_worth
from boardgames.medici.cards import cards_said
from boardgames.medici.records import AuctionWon
from boardgames.medici.state import BIDDING, REVEAL
from widgets.kit.palette import DARK, seat_colour
from widgets.runtime.guard import guarded, keep_trace
from widgets.runtime.language import on_language, show, shown
from widgets.runtime.runner import Runner
from widgets.shell import HUMAN

log = logging.getLogger("widgets.games.medici.advice")

IDLE_SAID = say("The advice appears when you must bid on a lot, or decide as the auctioneer.")
WORKING_SAID = say("Estimating what this lot is worth to you…")
IDLE, WORKING = english(IDLE_SAID), english(WORKING_SAID)  # their English

CONFIDENCE = "95%"  # the intervals' confidence, a value of the sentences (a "%" in a template reads as a printf place)


@dataclass(frozen=True)
class BidRecord:
    """One bid of the human seat: the ply it was made at, the amount, the estimated worth of the lot then,
    and the price the lot was finally sold for (and to whom)."""

    ply: int
    amount: int
    worth: LotWorth
    price: int
    winner: int


SOLD = AuctionWon.KIND  # the engine's event of a lot sold: its winner (``seat``) and ``price``


def human_bids(match, seat: int) -> list[tuple[int, int, int, int]]:
    """(ply, amount, price, winner) for every ``Bid`` that ``seat`` made in ``match`` so far; the price and the
    winner are the engine's, from the event that closed that auction (while it is still open: the bid itself)."""
    states, moves = match.states, match.moves
    out = []
    for ply, move in enumerate(moves):
        if not isinstance(move, medici.Bid) or states[ply].current_player != seat:
            continue
        sale = next((e for later in states[ply + 1:] for e in later.events if e.kind == SOLD), None)
        price, winner = (move.amount, seat) if sale is None else (sale.data["price"], sale.seat)
        out.append((ply, move.amount, price, winner))
    return out


def advice_html(state, seat: int, worth: LotWorth) -> str:
    """The estimate, its interval and what it means for this decision, as a short paragraph in the page's
    language."""
    lot = f"<b>{html.escape(shown(cards_said(state.lot)), quote=False)}</b>"
    if worth.ship is None:
        zero = "<span class='bg-advice-number' data-mean='0.0' data-low='0.0' data-high='0.0'><b>0</b></span>"
        said = say("The lot {lot} does not fit on your ships: it is worth {zero} florins to you. Let it go (the "
                   "others may still pay for it).", lot=lot, zero=zero)
        return f"<div>{shown(said)}</div>"
    mean, low, high = worth.mean, worth.low, worth.high
    number = (
        f"<span class='bg-advice-number' data-mean='{mean!r}' data-low='{low!r}' data-high='{high!r}' "
        f"style='font-size:20px;font-weight:bold'>{mean:.1f}</span>"
    )
    figures = {"low": f"{low:.1f}", "high": f"{high:.1f}", "ranks": f"{worth.rank.mean:+.1f}",
               "tracks": f"{worth.tracks.mean:+.1f}", "samples": f"{worth.samples:,}"}
    head = say("The lot {lot} is worth about {number} florins to you ({confidence} interval {low} to {high}; ship "
               "ranks {ranks}, goods tracks {tracks}; {samples} simulated day ends).", lot=lot, number=number,
               confidence=CONFIDENCE, **figures)
    top = math.ceil(mean) - 1  # the largest whole bid with mean - bid > 0
    money = state.money[seat]
    if state.step == BIDDING:
        lowest = state.min_winning_bid
        if top < lowest:
            meaning = say("Every bid still open to you (from {lowest}) would expect a loss: passing is the sensible "
                          "choice.", lowest=lowest)
        elif top > money:
            meaning = say("A bid up to about <b>{top}</b> (you have {money}) leaves an expected profit; the lowest "
                          "bid now is {lowest}. Worth minus price is what you expect to gain.",
                          top=top, money=money, lowest=lowest)
        else:
            meaning = say("A bid up to about <b>{top}</b> leaves an expected profit; the lowest bid now is "
                          "{lowest}. Worth minus price is what you expect to gain.", top=top, lowest=lowest)
    elif top < 0:
        meaning = say("At any price this lot would expect a loss to you: let the others buy it, or reveal another "
                      "card, which changes the lot and its worth.")
    else:
        meaning = say("As the auctioneer you bid last, so you can buy it for one more than the best other bid: a "
                      "price up to about <b>{top}</b> leaves an expected profit. Revealing another card changes "
                      "the lot and its worth.", top=top)
    return f"<div>{shown(head)}</div><div style='margin-top:4px'>{shown(meaning)}</div>"


class AdvicePanel(W.VBox):
    """The advice for the human seat of ``app`` (a ``GameApp`` of Medici), updated on every state change.

    ``seat``: the seat advised (default: the first human seat of the game on screen); ``samples`` and
    ``seed`` are passed to ``lot_worth``; ``asynchronous``: estimate in a worker thread (True), at once
    (False), or, by default, in a thread when running inside a Jupyter kernel. ``shown`` is the
    ``LotWorth`` on screen (None when there is none) and ``records`` the after-game chart's points.
    """

    def __init__(self, app, *, seat: int | None = None, samples: int = SAMPLES, seed: int = 0,
                 asynchronous: bool | None = None, enabled: bool = True) -> None:
        super().__init__(layout=W.Layout(width="100%", margin="8px 0 0 0", padding="6px 10px",
                                         border="2px solid #1c7ed6"))
        self.app = app
        self._seat = seat
        self.samples = samples
        self.seed = seed
        self.errors: list[str] = []
        self.shown: LotWorth | None = None
        self.records: list[BidRecord] = []
        self.latency: float | None = None  # seconds from the state change to the estimate on screen
        self._cache: dict[int, tuple[object, LotWorth]] = {}  # id(state) -> (state, its worth to the seat)
        self.worker = Runner("advice", asynchronous, failed=self._failed)  # an estimate that fails says so
        self._asked: object | None = None  # the state whose estimate is being computed
        self._changed_at = time.perf_counter()
        self.add_class("bg-advice")
        self.toggle = W.Checkbox(value=enabled, indent=False, layout=W.Layout(width="auto"))
        show(self.toggle, "description", say("Show the advice: what is this lot worth to me?"))
        self.toggle.add_class("bg-advice-toggle")
        self.toggle.observe(lambda _: self._guarded(self.update, self.app.state), "value")
        self.value = W.HTML(shown(IDLE_SAID))
        self.value.add_class("bg-advice-value")
        self._build_chart()
        self.body = W.VBox([self.value])
        self.children = [self.toggle, self.body]
        app.on_change.append(lambda state: self._guarded(self.update, state))
        self.update(app.state)
        on_language(self._name_chart)

    # ------------------------------------------------------------------ building
    def _name_chart(self) -> None:
        """The after-game chart's words in the page's language."""
        self.diagonal.labels = [shown(say("bid = worth"))]
        self.price_marks.labels = [shown(say("price paid by the winner"))]
        self.bid_marks.labels = [shown(say("your bid"))]
        self._ax_x.label = shown(say("estimated worth to you (florins)"))
        self._ax_y.label = shown(say("florins"))
        self.chart.title = shown(say("Your bids against what the lots were worth to you"))

    def _build_chart(self) -> None:
        self._x = bq.LinearScale(min=0.0, max=10.0)
        self._y = bq.LinearScale(min=0.0, max=10.0)
        scales = {"x": self._x, "y": self._y}
        self.diagonal = bq.Lines(x=[0.0, 10.0], y=[0.0, 10.0], scales=scales, colors=["#868e96"],
                                 line_style="dashed", stroke_width=1.5, display_legend=True)
        self.intervals = bq.Lines(x=[[0.0, 0.0]], y=[[0.0, 0.0]], scales=scales, colors=["#74c0fc"],
                                  stroke_width=3, opacities=[0.0])
        self.price_marks = bq.Scatter(x=[], y=[], scales=scales, marker="diamond", colors=["#495057"],
                                      default_size=40, display_legend=True)
        self.bid_marks = bq.Scatter(x=[], y=[], scales=scales, marker="circle", colors=[seat_colour(0)],
                                    default_size=90, stroke=DARK, display_legend=True)  # seen on white
        self._ax_x = bq.Axis(scale=self._x, num_ticks=6, tick_format="d")
        self._ax_y = bq.Axis(scale=self._y, side="left", num_ticks=6, tick_format="d")
        self.chart = bq.Figure(
            marks=[self.diagonal, self.intervals, self.price_marks, self.bid_marks],
            axes=[self._ax_x, self._ax_y],
            title="",
            title_style={"font-size": "14px", "font-weight": "bold"},
            fig_margin={"top": 30, "bottom": 45, "left": 50, "right": 10},
            legend_location="top-left",
            legend_style={"stroke-width": "0", "fill": "none"},
            padding_x=0.02,
            padding_y=0,
            animation_duration=0,
            display_toolbar=False,
            layout=W.Layout(width="480px", height="360px"),
        )
        self.chart.add_class("bg-advice-chart")
        self.chart_note = W.HTML()
        self.chart_box = W.HBox([self.chart, self.chart_note])
        self.chart_note.layout = W.Layout(width="380px", margin="30px 0 0 10px")
        self._name_chart()

    # ------------------------------------------------------------------ what to show
    @property
    def seat(self) -> int | None:
        """The seat advised: the one given, else the first human seat of the game on screen."""
        if self._seat is not None:
            return self._seat
        humans = [s for s, kind in enumerate(self.app.seats) if kind == HUMAN]
        return humans[0] if humans else None

    def deciding(self, state) -> bool:
        """Whether the advised seat must now decide about the lot on the table (live, not in a replay)."""
        seat = self.seat
        live = not self.app.replay_button.value and self.app.shown is state
        return (
            seat is not None and live and not state.is_over and bool(state.lot)
            and state.current_player == seat and state.step in (BIDDING, REVEAL)
        )

    def update(self, state) -> None:
        """Show what fits ``state`` (the app's live state): the advice, the after-game chart, or a hint."""
        self._changed_at = time.perf_counter()
        on = self.toggle.value
        self._place(self.children, [self.toggle, self.body] if on else [self.toggle], self)
        if not on:
            return
        if state.GAME != "medici" or self.seat is None:
            self._show_text(say("The advice is for a human seat in Medici."))
            self._show_chart_box(False)
            return
        if state.is_over:
            self._show_text(say("The game is over: below, your bids against what the lots were worth to you."))
            self._show_chart()
            return
        self._show_chart_box(False)
        if not self.deciding(state):
            self._show_text(IDLE_SAID)
            return
        known = self._known(state)
        if known is not None:
            self._show_worth(state, known)
            return
        if self.worker.threaded:
            self._show_text(WORKING_SAID)
            if self._asked is not state:
                self._asked = state
                self.worker.start(self._estimate_later(state, self.seat))
        else:
            self._show_worth(state, self.estimate(state, self.seat))

    def estimate(self, state, seat: int) -> LotWorth:
        """``lot_worth`` of the lot in ``state`` for ``seat`` with the panel's samples and seed (remembered)."""
        known = self._known(state)
        if known is None:
            known = lot_worth(state, seat, samples=self.samples, seed=self.seed)
            self._cache[id(state)] = (state, known)
        return known

    def _known(self, state) -> LotWorth | None:
        hit = self._cache.get(id(state))
        return hit[1] if hit is not None and hit[0] is state else None

    async def _estimate_later(self, state, seat: int) -> None:
        worth = await self.worker.run(lot_worth, state, seat, samples=self.samples, seed=self.seed)
        self._cache[id(state)] = (state, worth)
        if self._asked is state:
            self._asked = None
        if self.app.state is state and self.toggle.value:
            self.update(state)

    # A hidden bqplot figure draws with negative sizes (the page logs errors), so the chart and the body
    # leave the page when hidden instead of getting display: none.
    @staticmethod
    def _place(old: tuple, new: list, parent: W.Box) -> None:
        if list(old) != new:
            parent.children = new

    def _show_chart_box(self, visible: bool) -> None:
        self._place(self.body.children, [self.value, self.chart_box] if visible else [self.value], self.body)

    @property
    def chart_visible(self) -> bool:
        """Whether the after-game chart is on the page."""
        return self.toggle.value and self.chart_box in self.body.children

    def _show_text(self, said) -> None:
        """Show ``said`` (a message) in the page's language instead of an estimate."""
        self.shown = None
        self.value.value = f"<div style='font-size:14px;color:#495057'>{html.escape(shown(said))}</div>"

    def _show_worth(self, state, worth: LotWorth) -> None:
        self.shown = worth
        self.latency = time.perf_counter() - self._changed_at
        self.value.value = f"<div style='font-size:14px'>{advice_html(state, self.seat, worth)}</div>"

    # ------------------------------------------------------------------ the after-game chart
    def _show_chart(self) -> None:
        seat = self.seat
        bids = human_bids(self.app.match, seat)
        missing = [ply for ply, *_ in bids if self._known(self.app.match.states[ply]) is None]
        if missing and self.worker.threaded:
            self._show_chart_box(False)
            self._show_text(say("The game is over: estimating the worth of the lots you bid on…"))
            if self._asked is not self.app.state:
                self._asked = self.app.state
                self.worker.start(self._estimate_bids_later(missing, seat))
            return
        states = self.app.match.states
        self.records = [
            BidRecord(ply, amount, self.estimate(states[ply], seat), price, winner)
            for ply, amount, price, winner in bids
        ]
        self._draw_records(seat)
        self._show_chart_box(True)

    async def _estimate_bids_later(self, plies: list[int], seat: int) -> None:
        over = self.app.state
        for ply in plies:
            state = self.app.match.states[ply] if ply < len(self.app.match.states) else None
            if self.app.state is not over or state is None:
                return
            await self.worker.run(self.estimate, state, seat)
        self._asked = None
        if self.app.state is over and self.toggle.value:
            self.update(over)

    def _draw_records(self, seat: int) -> None:
        recs = self.records
        xs = [r.worth.mean for r in recs]
        top = max([10.0] + xs + [r.worth.high for r in recs] + [float(r.price) for r in recs])
        bottom = min([0.0] + [r.worth.low for r in recs])
        top = float(math.ceil(top * 1.15 / 5) * 5)
        bottom = float(math.floor(bottom / 5) * 5)
        with self.bid_marks.hold_sync():
            self.bid_marks.x = xs
            self.bid_marks.y = [float(r.amount) for r in recs]
            self.bid_marks.colors = [seat_colour(seat)]
        with self.price_marks.hold_sync():
            self.price_marks.x = xs
            self.price_marks.y = [float(r.price) for r in recs]
        with self.intervals.hold_sync():
            if recs:
                self.intervals.x = [[r.worth.low, r.worth.high] for r in recs]
                self.intervals.y = [[float(r.amount)] * 2 for r in recs]
                self.intervals.opacities = [0.8] * len(recs)
                self.intervals.colors = ["#74c0fc"] * len(recs)
            else:
                self.intervals.x = [[0.0, 0.0]]
                self.intervals.y = [[0.0, 0.0]]
                self.intervals.opacities = [0.0]
        with self.diagonal.hold_sync():
            self.diagonal.x = [max(bottom, 0.0), top]
            self.diagonal.y = [max(bottom, 0.0), top]
        self._x.min, self._x.max = bottom, top
        self._y.min, self._y.max = 0.0, top
        step = next(k for k in (1, 2, 5, 10, 20, 25, 50, 100, 1000) if (top - bottom) / k <= 8)
        self._ax_x.tick_values = list(range(int(bottom), int(top) + 1, step))
        self._ax_y.tick_values = list(range(0, int(top) + 1, step))
        self.chart_note.value = self._summary()

    def _summary(self) -> str:
        recs = self.records
        if not recs:
            nothing = shown(say("You made no bids this game, so there is nothing to chart."))
            return f"<div style='font-size:14px'>{nothing}</div>"
        seat = self.seat
        won = [r for r in recs if r.winner == seat and r.price == r.amount]
        over = [r for r in recs if r.amount > r.worth.mean]
        profit = f"{sum(r.worth.mean - r.price for r in won):+.1f}"
        lines = [
            say_n("You made <b>{n}</b> bid; <b>{over}</b> of them above the lot's estimated worth (a circle above "
                  "the dashed line).", "You made <b>{n}</b> bids; <b>{over}</b> of them above the lot's estimated "
                  "worth (a circle above the dashed line).", len(recs), over=len(over)),
            say_n("You won <b>{n}</b> lot, for an expected profit of <b>{profit}</b> florins (estimated worth minus "
                  "the price you paid).", "You won <b>{n}</b> lots, for an expected profit of <b>{profit}</b> "
                  "florins (estimated worth minus the price you paid).", len(won), profit=profit),
            say("Each circle is one of your bids, the blue bar its {confidence} interval; the diamond is the price "
                "the lot finally sold for. Above the dashed line the buyer paid more than the lot was worth to you.",
                confidence=CONFIDENCE),
        ]
        return ("<div style='font-size:14px;line-height:1.4'>" + "".join(f"<p>{shown(x)}</p>" for x in lines)
                + "</div>")

    # ------------------------------------------------------------------ errors
    def _guarded(self, fn, *args) -> None:
        guarded(fn, self._failed)(*args)

    def _failed(self, exc: BaseException) -> None:
        keep_trace(exc, log, self.errors, self.app.errors)
        error = f"{type(exc).__name__}: {exc}"
        self._show_text(say("The advice is not available ({error}).", error=error))

    def close(self) -> None:
        self.worker.close()
        super().close()
