"""What the pages of the class auction use: the store they open, a room's changes, messages and buttons, a round's
words, and predict-then-reflect (the question, and after the reveal the class's answers counted beside what came
true). The address, the QR code and the look at the store are ``widgets.runtime``'s and ``widgets.classpages.qr``'s."""

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
from widgets.runtime.address import page_address

STYLE = (
    "<style>"
    ".bg-auction .widget-html-content {line-height:1.45}"
    ".bg-auction .bg-message {color:#c92a2a; font-weight:bold}"
    ".bg-auction table.bg-history {border-collapse:collapse; font-size:13px}"
    ".bg-auction table.bg-history td, .bg-auction table.bg-history th {padding:2px 8px; text-align:right}"
    ".bg-auction table.bg-history th {color:#495057; font-weight:normal; vertical-align:bottom}"
    ".bg-auction table.bg-predictions td {padding:2px 8px}"
    ".bg-auction .bg-question {font-size:17px; margin:6px 0}"
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
    """Whether a room changed since the last look: its version (``AuctionViews.version``, one query), by a teacher's
    key, a student's token or (the projector) the room's code."""

    def __init__(self, auction: ClassAuction, key: str | None = None, token: str | None = None,
                 code: str | None = None) -> None:
        self.auction, self.key, self.token, self.code = auction, key, token, code
        self.last: int | None = None

    def __call__(self) -> bool:
        now = self.auction.version(self.key, self.token, self.code)
        changed, self.last = now != self.last, now
        return changed


def join_place(code: str, class_code: str | None) -> tuple[str, str]:
    """Where a student joins the room of ``code`` (its address, for the QR code) and the words that say so (HTML):
    the room's own page, or for a room of a class the class's page (its members come in from their personal link,
    under their class nickname; a newcomer joins the class first)."""
    if class_code is None:
        join = page_address("auction/student", code=code)
        return join, f"Join at <b class='bg-join-address'>{html.escape(join)}</b>"
    join = page_address("class/student", code=class_code)
    return join, ("Open your class page (the personal link you kept) and choose this room; new to the class? Join "
                  f"it at <b class='bg-join-address'>{html.escape(join)}</b> with the class code "
                  f"<b>{html.escape(class_code)}</b>")


def button(label: str, css: str, style: str = "") -> W.Button:
    b = W.Button(description=label, button_style=style, layout=W.Layout(width="auto"))
    b.add_class(css)
    return b


def question_html(r: RoundView, answered: bool = True) -> str:
    """The round's question as the class is asked it, with how many have answered (if ``answered``); "" for none."""
    if r.asked is None:
        return ""
    count = (f" <span class='bg-answered' data-answered='{r.predicted}' style='color:#495057;font-size:14px'>"
             f"({r.predicted} answered)</span>") if answered else ""
    return (f"<div class='bg-question'>Predict: <b>{html.escape(r.asked.text(r.item))}</b>{count}</div>")


def predictions_html(r: RoundView) -> str:
    """Predict, then reflect: the revealed round's question, the class's answers counted (a bar each; no one
    named), the one that came true marked, and what happened in a sentence; "" for a round without a question."""
    if r.asked is None or r.predictions is None:
        return ""
    total = sum(r.predictions.values())
    top = max(r.predictions.values(), default=0) or 1
    mark = "<b style='color:#2b8a3e'>✓ what happened</b>"
    rows = []
    for answer, count in r.predictions.items():
        came = answer == r.outcome
        bar = (f"<span style='display:inline-block;height:14px;width:{round(160 * count / top)}px;"
               f"background:{'#2b8a3e' if came else '#adb5bd'}'></span>")
        rows.append(f"<tr class='bg-prediction' data-answer='{html.escape(answer)}' data-count='{count}'>"
                    f"<td style='text-align:right'>{'<b>' if came else ''}{html.escape(answer)}"
                    f"{'</b>' if came else ''}</td><td>{bar} {count}</td>"
                    f"<td>{mark if came else ''}</td></tr>")
    return ("<div class='bg-predictions-box' style='margin-top:8px'>"
            f"<div class='bg-question'>The class predicted: <b>{html.escape(r.asked.text(r.item))}</b> "
            f"<span style='color:#495057;font-size:14px'>({total} answer{'s' * (total != 1)})</span></div>"
            "<table class='bg-predictions'>" + "".join(rows) + "</table>"
            f"<div class='bg-outcome' data-outcome='{html.escape(r.outcome or '')}' style='font-size:16px'>"
            f"{html.escape(r.asked.explain(r))}</div></div>")


def round_words(r: RoundView) -> str:
    """``Round 2: a jar of coins, sealed bids: ...``."""
    return f"Round {r.number}: {describe_round(r.item, r.format)}"


def history_html(lines: list[HistoryLine]) -> str:
    """The revealed rounds: what the winner made, how often winners lost, and how the class shaded its bids."""
    if not lines:
        return ""
    rows = []
    for line in lines:
        profit = money(line.profit, line.item)  # "–" for none
        colour = "#c92a2a" if (line.profit or 0) < 0 else "#2b8a3e"
        shading = money(line.shading, line.item)
        theory = "–" if line.item != COIN_JAR or line.format == CLOCK else money(line.theory, line.item)
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
