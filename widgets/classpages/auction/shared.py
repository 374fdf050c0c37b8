"""What both pages of the class auction use: the store they open, a room's changes, messages and buttons, and a
round's words (the address, the QR code and the look at the store are ``widgets.runtime.address``')."""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

import ipywidgets as W

from classroom.auction import (
    CLOCK,
    COIN_JAR,
    ITEMS,
    ClassAuction,
    HistoryLine,
    Refused,
    RoundView,
    describe_round,
    money,
)
from classroom.store import open_store

STYLE = (
    "<style>"
    ".bg-auction .widget-html-content {line-height:1.45}"
    ".bg-auction .bg-message {color:#c92a2a; font-weight:bold}"
    ".bg-auction table.bg-history {border-collapse:collapse; font-size:13px}"
    ".bg-auction table.bg-history td, .bg-auction table.bg-history th {padding:2px 8px; text-align:right}"
    ".bg-auction table.bg-history th {color:#495057; font-weight:normal; vertical-align:bottom}"
    "</style>"
)


def open_auction() -> ClassAuction:
    return ClassAuction(open_store())


def message_box() -> W.HTML:
    box = W.HTML()
    box.add_class("bg-message")
    return box


def say_refused(box: W.HTML, action: Callable[[], Any], clear: bool = True) -> Any:
    """Run ``action``; a refusal's reason goes to ``box`` (emptied when the action succeeds, if ``clear``: a
    page's reading of the store leaves the last refusal in sight)."""
    try:
        result = action()
    except Refused as refused:
        box.value = html.escape(str(refused))
        return None
    if clear:
        box.value = ""
    return result


class Watch:
    """Whether a room changed since the last look: its version (``AuctionViews.version``, one query)."""

    def __init__(self, auction: ClassAuction, key: str | None = None, token: str | None = None) -> None:
        self.auction, self.key, self.token = auction, key, token
        self.last: int | None = None

    def __call__(self) -> bool:
        now = self.auction.version(self.key, self.token)
        changed, self.last = now != self.last, now
        return changed


def button(label: str, css: str, style: str = "") -> W.Button:
    b = W.Button(description=label, button_style=style, layout=W.Layout(width="auto"))
    b.add_class(css)
    return b


def round_words(r: RoundView) -> str:
    """``Round 2: a jar of coins, sealed bids: ...``."""
    return f"Round {r.number}: {describe_round(r.item, r.format)}"


def history_html(lines: list[HistoryLine]) -> str:
    """The revealed rounds: what the winner made, how often winners lost, and how the class shaded its bids."""
    if not lines:
        return ""
    rows = []
    for line in lines:
        profit = "–" if line.profit is None else money(line.profit, line.item)
        colour = "#c92a2a" if (line.profit or 0) < 0 else "#2b8a3e"
        shading = "–" if line.shading is None else money(line.shading, line.item)
        theory = "–" if line.theory is None or line.item != COIN_JAR or line.format == CLOCK else money(
            line.theory, line.item)
        rows.append(f"<tr><td>{line.number}</td><td style='text-align:left'>{html.escape(ITEMS[line.item])}</td>"
                    f"<td style='text-align:left'>{line.format}</td><td>{line.bidders}</td>"
                    f"<td style='color:{colour};font-weight:bold'>{profit}</td><td>{shading}</td>"
                    f"<td>{theory}</td></tr>")
    lost = [line for line in lines if line.profit is not None and line.profit < 0]
    summary = (f"The winner lost money in {len(lost)} of {len(lines)} round{'s' * (len(lines) != 1)}"
               + (f", by {money(-sum(x.profit for x in lost) / len(lost), lost[0].item)} on average." if lost else "."))
    return ("<div class='bg-history-box' style='margin-top:10px'><b>The rounds so far</b>"
            "<table class='bg-history'><tr><th>round</th><th style='text-align:left'>item</th>"
            "<th style='text-align:left'>format</th><th>bidders</th><th>winner's profit</th>"
            "<th>class's shading (estimate − bid, on average)</th><th>lesson's shade</th></tr>"
            + "".join(rows) + f"</table><div>{summary}</div></div>")
