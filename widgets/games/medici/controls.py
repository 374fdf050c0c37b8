"""The Medici controls: ``MediciControls(on_move)``, the buttons for one decision.

Reveal, open the auction, bid (an amount chooser bounded by the legal bids, and a quick minimum-bid button), pass,
and stow (one button per ``medici.STOWS``, shown when the table has two ships a seat). A control is enabled only when
the engine lists its move in ``legal_moves()``; otherwise its tooltip says why (``state.check(move, seat)``). Every
button makes a move (``bg-move``, ``bg-move-<kind>``); the amount slider only chooses what the Bid button bids
(``bg-choose``). Every word is in the page's language (``widgets.runtime.language``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as W

from boardgames import medici
from boardgames.core.message import Message, say
from boardgames.medici.moves import move_said, ship_said
from widgets.runtime.language import show, shown


def _move_button(description: Message, kind: str, **kw) -> W.Button:
    b = W.Button(layout=W.Layout(width="auto", min_width="120px"), button_style="primary", **kw)
    show(b, "description", description)
    b.add_class("bg-move")
    b.add_class(f"bg-move-{kind}")
    return b


def _set_range(slider: W.IntSlider, lo: int, hi: int, value: int) -> None:
    """Set an IntSlider's bounds and value without ever passing through min > max."""
    with slider.hold_trait_notifications():
        if lo > slider.max:
            slider.max = hi
            slider.min = lo
        else:
            slider.min = lo
            slider.max = hi
        slider.value = value


class MediciControls(W.VBox):
    """The move controls for one Medici decision; ``on_move(move)`` is called with the chosen move.

    ``update(state, seat, active, reason)``: ``seat`` is the human seat the controls speak for;
    ``active`` says whether that seat may act now; ``reason`` (optional) says why not, when the shell
    knows better than the engine (a replay in progress, bots thinking).
    """

    def __init__(self, on_move: Callable | None = None, board: Any = None):  # the board needs no clicks here
        self.on_move = on_move or (lambda move: None)
        self.draw = _move_button(say("Reveal a card"), "draw", icon="plus")
        self.auction = _move_button(say("Open the auction"), "auction", icon="gavel")
        self.bid_amount = W.IntSlider(value=1, min=1, max=1, continuous_update=True,
                                      disabled=True, layout=W.Layout(width="260px"),
                                      style={"description_width": "60px"})
        show(self.bid_amount, "description", say("Amount"))
        self.bid_amount.add_class("bg-bid-amount")
        self.bid_amount.add_class("bg-choose")  # it only chooses the amount the Bid button bids
        self.bid = _move_button(say("Bid"), "bid")
        self.min_bid = _move_button(say("Bid the minimum"), "bid")
        self.pass_ = _move_button(say("Pass"), "pass")
        self.stows = [_move_button(say("Load {ship}", ship=ship_said(move.ship)), "stow") for move in medici.STOWS]
        self.draw.on_click(lambda _: self.on_move(medici.Draw()))
        self.auction.on_click(lambda _: self.on_move(medici.Auction()))
        self.bid.on_click(lambda _: self.on_move(medici.Bid(int(self.bid_amount.value))))
        self.min_bid.on_click(lambda _: self.on_move(medici.Bid(self.min_amount)))
        self.pass_.on_click(lambda _: self.on_move(medici.Pass()))
        for move, b in zip(medici.STOWS, self.stows):
            b.on_click(lambda _, move=move: self.on_move(move))
        self.bid_amount.observe(self._amount_changed, "value")
        self.min_amount = 1  # what "Bid the minimum" bids
        self.stow_row = W.HBox(self.stows)
        super().__init__([
            W.HBox([self.draw, self.auction]),
            W.HBox([self.bid_amount, self.bid]),
            W.HBox([self.min_bid, self.pass_]),
            self.stow_row,
        ])
        self.add_class("bg-medici-controls")

    @property
    def buttons(self) -> list[W.Button]:
        return [self.draw, self.auction, self.bid, self.min_bid, self.pass_, *self.stows]

    def _amount_changed(self, change) -> None:
        show(self.bid, "description", say("Bid {amount}", amount=change["new"]))

    def update(self, state, seat: int | None, active: bool, reason: str | None = None) -> None:
        legal = state.legal_moves() if active else []
        kinds = {type(m) for m in legal}
        bids = [m.amount for m in legal if isinstance(m, medici.Bid)]

        def why(move) -> str:
            if reason and not active:
                return reason  # the shell's words, in the page's language already
            refusal = state.check(move, seat)
            return "" if refusal is None else shown(refusal.said)

        def set_button(button: W.Button, move, enabled: bool, text: Message | None = None) -> None:
            tip = "" if enabled else why(move)
            with button.hold_sync():
                if text is not None:
                    show(button, "description", text)
                button.disabled = not enabled
                button.button_style = "primary" if enabled else ""
                button.tooltip = tip or shown(move_said(move) if enabled else say("Not possible now."))

        set_button(self.draw, medici.Draw(), medici.Draw in kinds)
        set_button(self.auction, medici.Auction(), medici.Auction in kinds)
        set_button(self.pass_, medici.Pass(), medici.Pass in kinds)
        low = state.min_winning_bid
        if bids:
            lo, hi = min(bids), max(bids)
            self.min_amount = lo
            value = self.bid_amount.value if lo <= self.bid_amount.value <= hi else lo
            _set_range(self.bid_amount, lo, hi, value)
            self.bid_amount.disabled = lo == hi
            set_button(self.bid, medici.Bid(value), True, say("Bid {amount}", amount=value))
            set_button(self.min_bid, medici.Bid(lo), True, say("Bid {amount} (the minimum)", amount=lo))
        else:
            self.min_amount = low
            self.bid_amount.disabled = True
            set_button(self.bid, medici.Bid(max(low, self.bid_amount.value)), False, say("Bid"))
            set_button(self.min_bid, medici.Bid(low), False, say("Bid {amount} (the minimum)", amount=low))
        two_ships = len(state.ships(0)) > 1
        self.stow_row.layout.display = "flex" if two_ships else "none"
        for move, b in zip(medici.STOWS, self.stows):
            set_button(b, move, move in legal)
