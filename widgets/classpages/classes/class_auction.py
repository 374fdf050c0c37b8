"""The class's auction on its class page: a new room for the class, each room's links (its teacher page, its
projector view), and per round the group size, the winner's profit or loss, the class's average shading; for the
coin jar the chart of the class's rounds beside the published result; and "predict, then reflect": each round that
asked a question, the class's predictions beside what happened."""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence

import ipywidgets as W

from classroom.auction import COIN_JAR, ITEMS, money
from classroom.auction.questions import QUESTIONS
from classroom.classes import RoomLine, RoundLine
from widgets.classpages.classes.chart import CurseChart
from widgets.classpages.classes.shared import LINK, button
from widgets.runtime.address import page_address

LOSS, GAIN = "#c92a2a", "#2b8a3e"


def rooms_html(rooms: Sequence[RoomLine]) -> str:
    """The class's rooms, each with the link to its teacher page (new tab) and to its projector view."""
    if not rooms:
        return "<div class='bg-quiet'>No auction room yet for this class.</div>"
    rows = []
    for room in rooms:
        teacher = page_address("auction/teacher", key=room.teacher_key)
        projector = page_address("auction/projector", room=room.code)
        state = "ended" if room.ended else f"{room.rounds} round{'s' * (room.rounds != 1)}"
        rows.append(f"<tr class='bg-class-room' data-room='{room.code}'><td><b>{room.code}</b></td>"
                    f"<td>{html.escape(room.title) or '<span class=bg-quiet>(no title)</span>'}</td><td>{state}</td>"
                    f"<td><a class='bg-room-teacher' href='{html.escape(teacher)}' target='_blank' style='{LINK}'>"
                    "run it (teacher page) ↗</a></td>"
                    f"<td><a class='bg-room-projector' href='{html.escape(projector)}' target='_blank' "
                    f"style='{LINK}'>projector view ↗</a></td></tr>")
    return ("<table class='bg-lines bg-class-rooms'><tr><th>room</th><th>title</th><th>so far</th><th></th><th></th>"
            "</tr>" + "".join(rows) + "</table>")


def profit_html(line: RoundLine) -> str:
    """The winner's profit or loss, in colour and in a word."""
    if line.profit is None:
        return "<span class='bg-quiet'>no winner</span>"
    word, colour = ("loss", LOSS) if line.profit < 0 else ("profit", GAIN)
    return f"<span style='color:{colour};font-weight:bold'>{word} {money(abs(line.profit), line.item)}</span>"


def rounds_html(lines: Sequence[RoundLine]) -> str:
    """One line a closed or revealed round of the class's rooms."""
    if not lines:
        return ""
    rows = []
    for line in lines:
        value, price = money(line.value, line.item), money(line.price, line.item)  # "–" for none
        shading = money(line.shading, line.item)
        rows.append(f"<tr class='bg-class-round' data-room='{line.room}' data-number='{line.number}'>"
                    f"<td>{line.room}</td><td class='bg-num'>{line.number}</td><td>{html.escape(ITEMS[line.item])}</td>"
                    f"<td>{line.format}</td><td class='bg-num'>{line.group}</td><td class='bg-num'>{value}</td>"
                    f"<td>{html.escape(line.winner or '–')}</td><td class='bg-num'>{price}</td>"
                    f"<td>{profit_html(line)}</td><td class='bg-num'>{shading}</td>"
                    f"<td>{'' if line.status == 'revealed' else 'closed, not revealed yet'}</td></tr>")
    lost = [line for line in lines if line.profit is not None and line.profit < 0]
    won = [line for line in lines if line.profit is not None]
    summary = f"The winner lost money in {len(lost)} of {len(won)} round{'s' * (len(won) != 1)} with a winner."
    return ("<table class='bg-lines bg-class-rounds'><tr><th>room</th><th>round</th><th>item</th><th>format</th>"
            "<th>group size</th><th>true value</th><th>winner</th><th>price</th><th>winner's profit</th>"
            "<th>class's shading<br>(estimate − bid, average)</th><th></th></tr>" + "".join(rows)
            + f"</table><div style='font-size:13px'>{summary}</div>")


def predictions_html(lines: Sequence[RoundLine]) -> str:
    """Predict, then reflect: each round that asked a question, the class's answers counted beside the outcome."""
    asked = [line for line in lines if line.question]
    if not asked:
        return ("<div class='bg-quiet'>No round has asked a prediction yet: on a room's teacher page, choose a "
                "question before you start a round; students answer it on their page before they bid.</div>")
    rows = []
    for line in asked:
        question = QUESTIONS.get(line.question)
        words = question.text(line.item) if question else line.question
        answers = question.answers if question else tuple(line.predictions)
        total = line.predicted
        counts = " · ".join(
            f"<span class='bg-prediction' data-answer='{html.escape(a)}' data-count='{line.predictions.get(a, 0)}'>"
            f"{'<b>' if a == line.outcome else ''}{html.escape(a)}: {line.predictions.get(a, 0)}"
            f"{'</b>' if a == line.outcome else ''}</span>" for a in answers)
        if line.outcome is None:
            happened = "<span class='bg-quiet'>not revealed yet</span>" if line.status != "revealed" else \
                "<span class='bg-quiet'>nothing answers it (nobody won)</span>"
        else:
            right = line.predictions.get(line.outcome, 0)
            happened = (f"<b class='bg-outcome'>{html.escape(line.outcome)}</b> — {right} of {total} predicted it"
                        + ("" if line.status == "revealed" else
                           " <span class='bg-quiet'>(the class sees it at the reveal)</span>"))
        rows.append(f"<tr class='bg-class-prediction' data-room='{line.room}' data-number='{line.number}'>"
                    f"<td>{line.room} · round {line.number}</td><td>{html.escape(words)}</td>"
                    f"<td>{counts} <span class='bg-quiet'>({total} answered)</span></td><td>{happened}</td></tr>")
    return ("<table class='bg-lines bg-class-predictions'><tr><th>round</th><th>the question</th>"
            "<th>the class predicted</th><th>what happened</th></tr>" + "".join(rows) + "</table>")


class AuctionSection(W.VBox):
    """The auction on the class page (class ``bg-class-auction``); ``create(title)`` makes a room of the class."""

    def __init__(self, create: Callable[[str], None]) -> None:
        super().__init__()
        self.add_class("bg-class-auction")
        self.title = W.Text(placeholder="Monday's auction", description="Title", layout=W.Layout(width="300px"))
        self.title.add_class("bg-new-room-title")
        self.new = button("New auction room for this class", "bg-new-room", "primary")
        self.new.on_click(lambda _: create(self.title.value))
        self.rooms = W.HTML()
        self.rounds = W.HTML()
        self.chart = CurseChart()
        self.children = [W.HBox([self.title, self.new]), self.rooms, self.rounds, self.chart]
        self.shown: tuple | None = None

    def show(self, rooms: Sequence[RoomLine], lines: Sequence[RoundLine]) -> None:
        if (tuple(rooms), tuple(lines)) == self.shown:
            return
        self.shown = (tuple(rooms), tuple(lines))
        self.rooms.value = rooms_html(rooms)
        self.rounds.value = rounds_html(lines)
        jars = [line for line in lines if line.item == COIN_JAR and line.profit is not None and line.value
                and line.status == "revealed"]
        paid = sum(line.price / line.value for line in jars) / len(jars) if jars else None
        self.chart.show([line.profit / 100 for line in jars], paid)
