"""What the pages of the class auction use: the store they open, a room's changes, messages and buttons, a round's
words, and predict-then-reflect (the question, and after the reveal the class's answers counted beside what came
true). The address, the QR code and the look at the store are ``widgets.runtime``'s and ``widgets.classpages.qr``'s."""

from __future__ import annotations

import html
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import ipywidgets as W

from boardgames.core.message import Message, english, say, say_n, term
from classroom.auction import (
    CLOCK,
    COIN_JAR,
    ITEM_WORDS,
    ClassAuction,
    HistoryLine,
    Refused,
    RoundView,
    answer_said,
    money,
    round_said,
)
from classroom.store import open_store
from widgets.kit.palette import GAIN, LOSS
from widgets.runtime.address import page_address
from widgets.runtime.language import language_switch, show, shown

PREDICT_QUESTION = say("Predict: {question}")
WHAT_HAPPENED = say("✓ what happened")
N_ANSWERED = say("({n} answered)")
THE_ROUNDS_SO_FAR = say("The rounds so far")

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


def tell(box: W.HTML, said: Any) -> None:
    """Say ``said`` (a message, or "" for nothing) in ``box``, in the page's language (again when it changes)."""
    show(box, "value", lambda: html.escape(shown(said)))


def say_refused(box: W.HTML, action: Callable[[], Any], clear: bool = True) -> Any:
    """Run ``action``; a refusal's reason goes to ``box`` (emptied when the action succeeds, if ``clear``: a
    page's reading of the store leaves the last refusal in sight)."""
    try:
        result = action()
    except Refused as refused:
        tell(box, refused.said)
        return None
    if clear:
        tell(box, "")
    return result


def header_switch() -> W.Widget:
    """The page's language switch, drawn at the top right of the page whatever its place among the page's
    children (its layout's ``order``)."""
    switch = language_switch()
    switch.layout.order = "-1"
    switch.layout.align_self = "flex-end"
    return switch


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
    """Where a student joins the room of ``code`` (its address, for the QR code) and the words that say so (HTML, in
    the page's language): the room's own page, or for a room of a class the class's page (its members come in from
    their personal link, under their class nickname; a newcomer joins the class first)."""
    if class_code is None:
        join = page_address("auction/student", code=code)
        return join, html_said(say("Join at {address}", address=bold(join, "bg-join-address")))
    join = page_address("class/student", code=class_code)
    return join, html_said(say("Open your class page (the personal link you kept) and choose this room; new to the "
                               "class? Join it at {address} with the class code {code}",
                               address=bold(join, "bg-join-address"), code=bold(class_code)))


@dataclass(frozen=True)
class Marked:
    """A value of a message drawn in an HTML tag (``<b>``, ``<span>``): a name or a code, or words (a message) in
    the page's language; ``css`` and ``style`` the tag's class and style. ``html_said`` draws it; ``str`` gives
    the English words."""

    said: Any
    tag: str = "b"
    css: str = ""
    style: str = ""
    attributes: str | None = None  # the tag's attributes written out whole (a link's), instead of css and style

    def html(self) -> str:
        attributes = self.attributes
        if attributes is None:
            attributes = (f" class='{self.css}'" if self.css else "") + (f" style='{self.style}'" if self.style else "")
        return f"<{self.tag}{attributes}>{html_said(self.said)}</{self.tag}>"

    def __str__(self) -> str:
        return english(self.said)


def bold(said: Any, css: str = "", style: str = "") -> Marked:
    """``said`` (a name, a code, or a message) in bold, as a message's value drawn by ``html_said``."""
    return Marked(said, "b", css, style)


def span(said: Any, css: str = "", style: str = "") -> Marked:
    """``said`` in a ``<span>`` of class ``css`` and style ``style``, as a message's value drawn by ``html_said``."""
    return Marked(said, "span", css, style)


def link(said: Any, href: str, css: str, style: str, more: str = " target='_blank'") -> Marked:
    """``said`` as a link to ``href`` (class ``css``, style ``style``, and ``more`` attributes between them), as a
    message's value drawn by ``html_said``."""
    return Marked(said, "a", attributes=f" class='{css}' href='{html.escape(href)}'{more} style='{style}'")


def html_said(said: Any) -> str:
    """``said`` in the page's language as HTML: a message's own words with ``<``, ``>`` and ``&`` escaped, its values
    that are names or codes escaped whole (as ``html.escape`` does), its ``Marked`` values (bold words, spans, links)
    in their tags and its words (messages) drawn the same way, at any depth; a plain str is a name, escaped."""
    if isinstance(said, Marked):
        return said.html()
    if isinstance(said, str):
        return html.escape(said)
    if not isinstance(said, Message):
        return html.escape(shown(said), quote=False)
    drawn: dict[str, str] = {}
    values = []
    for k, (name, value) in enumerate(said.values):
        if isinstance(value, (Marked, Message, str)):
            holder = f"\x00{k}\x00"
            drawn[holder] = html_said(value)
            value = holder
        values.append((name, value))
    text = html.escape(shown(Message(said.english, tuple(values), said.plural, said.context)), quote=False)
    for holder, html_text in drawn.items():
        text = text.replace(holder, html_text)
    return text


def button(label: Any, css: str, style: str = "") -> W.Button:
    """A button saying ``label`` (a message: in the page's language; a plain str stays as it is)."""
    b = W.Button(button_style=style, layout=W.Layout(width="auto"))
    show(b, "description", label)
    b.add_class(css)
    return b


def question_html(r: RoundView, answered: bool = True) -> str:
    """The round's question as the class is asked it, with how many have answered (if ``answered``); "" for none."""
    if r.asked is None:
        return ""
    count = (f" <span class='bg-answered' data-answered='{r.predicted}' style='color:#495057;font-size:14px'>"
             f"{html_said(fill(N_ANSWERED, n=r.predicted))}</span>") if answered else ""
    return (f"<div class='bg-question'>"
            f"{html_said(fill(PREDICT_QUESTION, question=bold(r.asked.said(r.item))))}{count}</div>")


def predictions_html(r: RoundView) -> str:
    """Predict, then reflect: the revealed round's question, the class's answers counted (a bar each; no one
    named), the one that came true marked, and what happened in a sentence; "" for a round without a question."""
    if r.asked is None or r.predictions is None:
        return ""
    total = sum(r.predictions.values())
    top = max(r.predictions.values(), default=0) or 1
    mark = f"<b style='color:{GAIN}'>{html_said(WHAT_HAPPENED)}</b>"
    rows = []
    for answer, count in r.predictions.items():
        came = answer == r.outcome
        bar = (f"<span style='display:inline-block;height:14px;width:{round(160 * count / top)}px;"
               f"background:{'#2b8a3e' if came else '#adb5bd'}'></span>")
        words = html_said(answer_said(answer))
        rows.append(f"<tr class='bg-prediction' data-answer='{html.escape(answer)}' data-count='{count}'>"
                    f"<td style='text-align:right'>{'<b>' if came else ''}{words}"
                    f"{'</b>' if came else ''}</td><td>{bar} {count}</td>"
                    f"<td>{mark if came else ''}</td></tr>")
    answers = html_said(say_n("({n} answer)", "({n} answers)", total))
    asked = html_said(say("The class predicted: {question}", question=bold(r.asked.said(r.item))))
    return ("<div class='bg-predictions-box' style='margin-top:8px'>"
            f"<div class='bg-question'>{asked} "
            f"<span style='color:#495057;font-size:14px'>{answers}</span></div>"
            "<table class='bg-predictions'>" + "".join(rows) + "</table>"
            f"<div class='bg-outcome' data-outcome='{html.escape(r.outcome or '')}' style='font-size:16px'>"
            f"{html_said(r.asked.explained(r))}</div></div>")


def round_said_of(r: RoundView) -> Any:
    """``Round 2: a jar of coins, sealed bids: ...``, a message."""
    return say("Round {number}: {kind}", number=r.number, kind=round_said(r.item, r.format))


def round_words(r: RoundView) -> str:
    """``Round 2: a jar of coins, sealed bids: ...``, in the page's language."""
    return shown(round_said_of(r))


def history_html(lines: list[HistoryLine]) -> str:
    """The revealed rounds: what the winner made, how often winners lost, and how the class shaded its bids."""
    if not lines:
        return ""
    rows = []
    for line in lines:
        profit = money(line.profit, line.item)  # "–" for none
        colour = LOSS if (line.profit or 0) < 0 else GAIN
        shading = money(line.shading, line.item)
        theory = "–" if line.item != COIN_JAR or line.format == CLOCK else money(line.theory, line.item)
        rows.append(f"<tr><td>{line.number}</td><td style='text-align:left'>"
                    f"{html_said(ITEM_WORDS[line.item])}</td>"
                    f"<td style='text-align:left'>{html_said(format_name(line.format))}</td>"
                    f"<td>{line.bidders}</td>"
                    f"<td style='color:{colour};font-weight:bold'>{profit}</td><td>{shading}</td>"
                    f"<td>{theory}</td></tr>")
    lost = [line for line in lines if line.profit is not None and line.profit < 0]
    if lost:
        average = money(-sum(x.profit for x in lost) / len(lost), lost[0].item)
        summary = say_n("The winner lost money in {lost} of {n} round, by {average} on average.",
                        "The winner lost money in {lost} of {n} rounds, by {average} on average.", len(lines),
                        lost=len(lost), average=average)
    else:
        summary = say_n("The winner lost money in {lost} of {n} round.",
                        "The winner lost money in {lost} of {n} rounds.", len(lines), lost=len(lost))
    heads = [term("class.column", "round"), term("class.column", "item"), term("class.column", "format"),
             term("class.column", "bidders"), term("class.column", "winner's profit"),
             term("class.column", "class's shading (estimate − bid, on average)"),
             term("class.column", "lesson's shade")]
    cells = "".join(f"<th{'' if k not in (1, 2) else ' style=' + chr(39) + 'text-align:left' + chr(39)}>"
                    f"{html_said(head)}</th>" for k, head in enumerate(heads))
    return ("<div class='bg-history-box' style='margin-top:10px'>"
            f"<b>{html_said(THE_ROUNDS_SO_FAR)}</b>"
            f"<table class='bg-history'><tr>{cells}</tr>"
            + "".join(rows) + f"</table><div>{html_said(summary)}</div></div>")


FORMAT_NAMES = {  # a format's short name, as a table's column shows it
    "first-price": term("auction.format-name", "first-price"),
    "second-price": term("auction.format-name", "second-price"),
    "clock": term("auction.format-name", "clock"),
}


def column(head: str) -> Any:
    """A column's heading in a table of a class page (a word of the kind ``class.column``)."""
    return Message(head, (), None, "class.column")


def format_name(format: str) -> Any:
    """A format's short name ("first-price"), a message."""
    return FORMAT_NAMES.get(format, format)


def fill(template: Message, **values: Any) -> Message:
    """The message ``template`` (a ``say``, or a ``say_n`` with any count, made once for the catalog) with
    ``values`` in its places (the count ``n`` among them)."""
    return Message(template.english, tuple(values.items()), template.plural, template.context)


def relabel(box: W.Dropdown, options: list[tuple[str, Any]]) -> None:
    """``box``'s choices under new labels (the page's language changed; the same values), the one chosen kept. Its
    observers that act on a choice ask ``relabelling(box)`` first: setting the options chooses the first one for a
    moment."""
    chosen = box.value
    box._relabelling = True
    try:
        box.options = options
        if chosen in (value for _, value in options):
            box.value = chosen
    finally:
        box._relabelling = False


def relabelling(box: W.Dropdown) -> bool:
    """Whether ``box`` is being given new labels (``relabel``): a change of its value then is no one's choice."""
    return getattr(box, "_relabelling", False)
