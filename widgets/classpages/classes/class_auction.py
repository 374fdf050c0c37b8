"""The class's auction on its class page: a new room for the class, each room's links (its teacher page, its
projector view), and per round the group size, the winner's profit or loss, the class's average shading; for the
coin jar the chart of the class's rounds beside the published result; and "predict, then reflect": each round that
asked a question, the class's predictions beside what happened."""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence

import ipywidgets as W

from boardgames.core.message import say, say_n, term
from classroom.auction import COIN_JAR, ITEM_WORDS, answer_said, money
from classroom.auction.questions import QUESTIONS
from classroom.classes import RoomLine, RoundLine
from widgets.classpages.auction.shared import fill, format_name
from widgets.classpages.classes.chart import CurseChart
from widgets.classpages.classes.shared import LINK, bold, button, html_said, span, words
from widgets.kit.palette import GAIN, LOSS
from widgets.runtime.address import page_address
from widgets.runtime.language import show

N_ANSWERED = say("({n} answered)")

NO_ROOM = say("No auction room yet for this class.")
NO_TITLE = say("(no title)")
RUN_IT = say("run it (teacher page) ↗")
PROJECTOR = say("projector view ↗")
NOT_REVEALED = say("closed, not revealed yet")


def rooms_html(rooms: Sequence[RoomLine]) -> str:
    """The class's rooms, each with the link to its teacher page (new tab) and to its projector view."""
    if not rooms:
        return f"<div class='bg-quiet'>{words(NO_ROOM)}</div>"
    rows = []
    for room in rooms:
        teacher = page_address("auction/teacher", key=room.teacher_key)
        projector = page_address("auction/projector", room=room.code)
        state = words(say("ended") if room.ended else say_n("{n} round", "{n} rounds", room.rounds))
        rows.append(f"<tr class='bg-class-room' data-room='{room.code}'><td><b>{room.code}</b></td>"
                    f"<td>{html.escape(room.title) or f'<span class=bg-quiet>{words(NO_TITLE)}</span>'}</td>"
                    f"<td>{state}</td>"
                    f"<td><a class='bg-room-teacher' href='{html.escape(teacher)}' target='_blank' style='{LINK}'>"
                    f"{words(RUN_IT)}</a></td>"
                    f"<td><a class='bg-room-projector' href='{html.escape(projector)}' target='_blank' "
                    f"style='{LINK}'>{words(PROJECTOR)}</a></td></tr>")
    heads = "".join(f"<th>{words(head)}</th>" for head in (term("class.column", "room"), term("class.column", "title"),
                                                           term("class.column", "so far")))
    return f"<table class='bg-lines bg-class-rooms'><tr>{heads}<th></th><th></th></tr>" + "".join(rows) + "</table>"


def profit_html(line: RoundLine) -> str:
    """The winner's profit or loss, in colour and in a word."""
    if line.profit is None:
        return f"<span class='bg-quiet'>{words(say('no winner'))}</span>"
    amount = money(abs(line.profit), line.item)
    said, colour = ((say("loss {amount}", amount=amount), LOSS) if line.profit < 0
                    else (say("profit {amount}", amount=amount), GAIN))
    return f"<span style='color:{colour};font-weight:bold'>{words(said)}</span>"


def rounds_html(lines: Sequence[RoundLine]) -> str:
    """One line a closed or revealed round of the class's rooms."""
    if not lines:
        return ""
    rows = []
    for line in lines:
        value, price = money(line.value, line.item), money(line.price, line.item)  # "–" for none
        shading = money(line.shading, line.item)
        rows.append(f"<tr class='bg-class-round' data-room='{line.room}' data-number='{line.number}'>"
                    f"<td>{line.room}</td><td class='bg-num'>{line.number}</td><td>{words(ITEM_WORDS[line.item])}</td>"
                    f"<td>{words(format_name(line.format))}</td><td class='bg-num'>{line.group}</td>"
                    f"<td class='bg-num'>{value}</td>"
                    f"<td>{html.escape(line.winner or '–')}</td><td class='bg-num'>{price}</td>"
                    f"<td>{profit_html(line)}</td><td class='bg-num'>{shading}</td>"
                    f"<td>{'' if line.status == 'revealed' else words(NOT_REVEALED)}</td></tr>")
    lost = [line for line in lines if line.profit is not None and line.profit < 0]
    won = [line for line in lines if line.profit is not None]
    summary = say_n("The winner lost money in {lost} of {n} round with a winner.",
                    "The winner lost money in {lost} of {n} rounds with a winner.", len(won), lost=len(lost))
    heads = "".join(f"<th>{words(head)}</th>" for head in (
        term("class.column", "room"), term("class.column", "round"), term("class.column", "item"),
        term("class.column", "format"), term("class.column", "group size"),
        term("class.column", "true value"), term("class.column", "winner"), term("class.column", "price"),
        term("class.column", "winner's profit")))
    shading, how = term("class.column", "class's shading"), term("class.column", "(estimate − bid, average)")
    shading_head = f"{words(shading)}<br>{words(how)}"
    return (f"<table class='bg-lines bg-class-rounds'><tr>{heads}<th>{shading_head}</th><th></th></tr>"
            + "".join(rows) + f"</table><div style='font-size:13px'>{words(summary)}</div>")


def predictions_html(lines: Sequence[RoundLine]) -> str:
    """Predict, then reflect: each round that asked a question, the class's answers counted beside the outcome."""
    asked = [line for line in lines if line.question]
    if not asked:
        none = say("No round has asked a prediction yet: on a room's teacher page, choose a question before you "
                   "start a round; students answer it on their page before they bid.")
        return f"<div class='bg-quiet'>{words(none)}</div>"
    rows = []
    for line in asked:
        question = QUESTIONS.get(line.question)
        asked_words = words(question.said(line.item)) if question else html.escape(line.question)
        answers = question.answers if question else tuple(line.predictions)
        total = line.predicted
        counts = " · ".join(
            f"<span class='bg-prediction' data-answer='{html.escape(a)}' data-count='{line.predictions.get(a, 0)}'>"
            f"{'<b>' if a == line.outcome else ''}{words(answer_said(a))}: {line.predictions.get(a, 0)}"
            f"{'</b>' if a == line.outcome else ''}</span>" for a in answers)
        if line.outcome is None:
            happened = html_said(span(say("not revealed yet") if line.status != "revealed" else
                                      say("nothing answers it (nobody won)"), "bg-quiet"))
        else:
            right = line.predictions.get(line.outcome, 0)
            happened = html_said(say("{outcome} — {right} of {total} predicted it",
                                     outcome=bold(answer_said(line.outcome), "bg-outcome"), right=right, total=total))
            if line.status != "revealed":
                happened += " " + html_said(span(say("(the class sees it at the reveal)"), "bg-quiet"))
        where = say("{room} · round {number}", room=line.room, number=line.number)
        rows.append(f"<tr class='bg-class-prediction' data-room='{line.room}' data-number='{line.number}'>"
                    f"<td>{words(where)}</td><td>{asked_words}</td>"
                    f"<td>{counts} <span class='bg-quiet'>{words(fill(N_ANSWERED, n=total))}</span></td>"
                    f"<td>{happened}</td></tr>")
    heads = "".join(f"<th>{words(head)}</th>" for head in (
        term("class.column", "round"), term("class.column", "the question"),
        term("class.column", "the class predicted"), term("class.column", "what happened")))
    return f"<table class='bg-lines bg-class-predictions'><tr>{heads}</tr>" + "".join(rows) + "</table>"


class AuctionSection(W.VBox):
    """The auction on the class page (class ``bg-class-auction``); ``create(title)`` makes a room of the class."""

    def __init__(self, create: Callable[[str], None]) -> None:
        super().__init__()
        self.add_class("bg-class-auction")
        self.title = W.Text(layout=W.Layout(width="300px"))
        show(self.title, "placeholder", say("Monday's auction"))
        show(self.title, "description", say("Title"))
        self.title.add_class("bg-new-room-title")
        self.new = button(say("New auction room for this class"), "bg-new-room", "primary")
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
        show(self.rooms, "value", lambda: rooms_html(rooms))
        show(self.rounds, "value", lambda: rounds_html(lines))
        jars = [line for line in lines if line.item == COIN_JAR and line.profit is not None and line.value
                and line.status == "revealed"]
        paid = sum(line.price / line.value for line in jars) / len(jars) if jars else None
        self.chart.show([line.profit / 100 for line in jars], paid)
