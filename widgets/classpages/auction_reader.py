"""Lesson 5's reading of a class's own auction, on the page: the lesson's tables and sentences for a list of rounds
(``classroom.analysis``), and ``AuctionReader``, the widget that lets a teacher choose what to read without
touching code — the sample class, one of the class's auction rooms (when the page's address holds the class's
teacher key, as the class page's link to the lesson does) or a CSV file the auction's teacher page downloaded.

CSS hooks (browser tests rely on them): ``bg-auction-reader``, ``bg-reader-source`` (the chooser),
``bg-reader-upload``, ``bg-reader-result``, ``bg-reader-message``.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import ipywidgets as W

from boardgames.core.message import Message, say, term
from boardgames.lessons.medici.curse import formula_shade
from classroom.analysis import RoundResult, cursed_share, read_rounds
from classroom.auction import ClassAuction
from classroom.classes import Classes
from classroom.store import Refused, open_store
from widgets.classpages.auction.shared import bold, fill, html_said, relabel, relabelling
from widgets.notebook import table_html
from widgets.runtime.address import query
from widgets.runtime.language import on_language, show, shown

LOST_OF_PLAYED = say("{lost} of {played}")
TITLE_HAS_NO_BIDS_YET = say("{title} has no bids yet.")

ROUND_HEADER = ["round", "bidders", "winner", "price", "true value", "winner's profit"]
SHADING_HEADER = ["round", "class's shading", "lesson 4's shade", "winner's profit"]
SAMPLE = "The sample class (twelve simulated students)"
UPLOAD = "A CSV file from this computer"
CHOICES = {SAMPLE: say("The sample class (twelve simulated students)"), UPLOAD: say("A CSV file from this computer")}
ROUND_HEADS = (term("class.column", "round"), term("class.column", "bidders"), term("class.column", "winner"),
               term("class.column", "price"), term("class.column", "true value"),
               term("class.column", "winner's profit"))
SHADING_HEADS = (term("class.column", "round"), term("class.column", "class's shading"),
                 term("class.column", "lesson 4's shade"), term("class.column", "winner's profit"))
# A widget's HTML is not styled as a notebook's output is: the lesson's tables get the same look here.
STYLE = ("<style>.bg-reader-result table{border-collapse:collapse;margin:6px 0 10px;font-size:13px}"
         ".bg-reader-result th,.bg-reader-result td{padding:3px 12px;line-height:1.4}"
         ".bg-reader-result th{font-weight:600;border-bottom:1px solid #495057}"
         ".bg-reader-result tbody tr:nth-child(odd){background:#f5f5f5}</style>")


def _signed(amount: float | None) -> str:
    return "–" if amount is None else f"{amount:+.2f}"


def round_rows(rounds: Sequence[RoundResult]) -> list[list[object]]:
    """One row a round: its number, bidders, winner, price, true value and the winner's profit."""
    return [[r.number, len(r.bids), r.winner or "no winner", "–" if r.price is None else f"${r.price:.2f}",
             f"${r.value:.2f}", _signed(r.profit)] for r in rounds]


def curse_sentence(rounds: Sequence[RoundResult]) -> str:
    """How often, and by how much on average, the winner lost money."""
    lost, played = cursed_share(list(rounds))
    losses = [-r.profit for r in rounds if r.profit is not None and r.profit < 0]
    return (f"The winner lost money in **{lost} of {played}** rounds, on average "
            f"**${sum(losses) / max(len(losses), 1):.2f}** when they did.")


def curse_said(rounds: Sequence[RoundResult]) -> Message:
    """``curse_sentence`` as a message (its bold parts ``bold`` values)."""
    lost, played = cursed_share(list(rounds))
    losses = [-r.profit for r in rounds if r.profit is not None and r.profit < 0]
    return say("The winner lost money in {share} rounds, on average {average} when they did.",
               share=bold(fill(LOST_OF_PLAYED, lost=lost, played=played)),
               average=bold(f"${sum(losses) / max(len(losses), 1):.2f}"))


def shading_rows(rounds: Sequence[RoundResult]) -> list[list[object]]:
    """One row a round: the class's shading, lesson 4's shade for its bidders and the file's noise, the profit."""
    return [[r.number, _signed(r.shading), f"{formula_shade(len(r.bids), r.noise):.2f}", _signed(r.profit)]
            for r in rounds]


def learning_sentence(rounds: Sequence[RoundResult]) -> str:
    """The class's shading in the first half of its rounds beside the last half, and lesson 4's shade."""
    shaded = [r for r in rounds if r.shading is not None]
    if len(shaded) < 2:
        return "Two rounds with estimates are needed to compare the class's first rounds with its last."
    half = len(shaded) // 2
    before = sum(r.shading for r in shaded[:half]) / half
    after = sum(r.shading for r in shaded[half:]) / (len(shaded) - half)
    last = shaded[-1]
    return (f"The class's shading, in dollars: **{before:+.2f}** on average in the first {half} rounds, "
            f"**{after:+.2f}** in the last {len(shaded) - half}. Lesson 4 asks for about "
            f"**{formula_shade(len(last.bids), max(r.noise for r in shaded)):.2f}** with {len(last.bids)} bidders.")


def learning_said(rounds: Sequence[RoundResult]) -> Message:
    """``learning_sentence`` as a message (its bold parts ``bold`` values)."""
    shaded = [r for r in rounds if r.shading is not None]
    if len(shaded) < 2:
        return say("Two rounds with estimates are needed to compare the class's first rounds with its last.")
    half = len(shaded) // 2
    before = sum(r.shading for r in shaded[:half]) / half
    after = sum(r.shading for r in shaded[half:]) / (len(shaded) - half)
    last = shaded[-1]
    return say("The class's shading, in dollars: {before} on average in the first {half} rounds, {after} in the "
               "last {rest}. Lesson 4 asks for about {shade} with {bidders} bidders.", before=bold(f"{before:+.2f}"),
               half=half, after=bold(f"{after:+.2f}"), rest=len(shaded) - half,
               shade=bold(f"{formula_shade(len(last.bids), max(r.noise for r in shaded)):.2f}"),
               bidders=len(last.bids))


def _markdown_bold(text: str) -> str:
    """``text`` with its ``**bold**`` parts in HTML, the rest escaped."""
    parts = html.escape(text).split("**")
    return "".join(f"<b>{p}</b>" if k % 2 else p for k, p in enumerate(parts))


def lesson_html(rounds: Sequence[RoundResult], title: str) -> str:
    """The lesson's three readings of ``rounds`` under ``title``, as HTML in the page's language."""
    rows = [[row[0], row[1], shown(say("no winner")) if row[2] == "no winner" and r.winner is None else row[2],
             *row[3:]] for r, row in zip(rounds, round_rows(rounds))]
    return (f"{STYLE}<h4 style='margin:8px 0 4px'>{html.escape(title)}</h4>"
            + table_html(rows, [shown(head) for head in ROUND_HEADS])
            + f"<p>{html_said(curse_said(rounds))}</p>"
            + table_html(shading_rows(rounds), [shown(head) for head in SHADING_HEADS])
            + f"<p>{html_said(learning_said(rounds))}</p>")


@dataclass(frozen=True)
class Source:
    """A class's auction room the page may read: its name in the chooser and how to read its CSV."""

    label: str
    read: Callable[[], str]
    said: object = None  # the label in words of the page's language (a message); None: the label itself


class AuctionReader(W.VBox):
    """A chooser of what to read (the sample, the class's ``rooms``, a CSV file uploaded) and the lesson's tables
    and sentences for it. ``sample`` is the sample file's text; ``rooms`` the class's rooms (none without a
    class key); ``note`` a sentence said under the chooser (why no room is offered)."""

    def __init__(self, sample: str, rooms: Sequence[Source] = (), note: object = "") -> None:
        self.sample = sample
        self.rooms = {room.label: room for room in rooms}
        self.chooser = W.Dropdown(options=self._choices(), value=SAMPLE, layout=W.Layout(width="520px"))
        show(self.chooser, "description", say("Read:"))
        self.chooser.add_class("bg-reader-source")
        self.upload = W.FileUpload(accept=".csv,text/csv", multiple=False)
        show(self.upload, "description", say("Choose a CSV file"))
        self.upload.add_class("bg-reader-upload")
        self.upload.layout.display = "none"
        self.message = show(W.HTML(), "value", lambda: f"<i>{html.escape(shown(note))}</i>" if note else "")
        self.message.add_class("bg-reader-message")
        self.result = W.HTML()
        self.result.add_class("bg-reader-result")
        self.chooser.observe(lambda _: relabelling(self.chooser) or self.show(), names="value")
        self.upload.observe(lambda _: self.show(), names="value")
        super().__init__([self.chooser, self.upload, self.message, self.result])
        self.add_class("bg-auction-reader")
        self.show()
        on_language(self._in_language)

    def _choices(self) -> list[tuple[str, str]]:
        return ([(shown(CHOICES[SAMPLE]), SAMPLE)]
                + [(shown(room.said) if room.said is not None else label, label) for label, room in self.rooms.items()]
                + [(shown(CHOICES[UPLOAD]), UPLOAD)])

    def _in_language(self) -> None:
        """The choices and the lesson again, in the page's language now."""
        relabel(self.chooser, self._choices())
        self.show()

    def show(self) -> None:
        """Read what the chooser names and show the lesson for it (or say why it cannot be read)."""
        choice = self.chooser.value
        self.upload.layout.display = "" if choice == UPLOAD else "none"
        if choice == UPLOAD:
            if not self.upload.value:
                choose = say("Choose the CSV file the auction's teacher page downloaded (“⬇ Bids as CSV”).")
                self.result.value = f"<p>{html_said(choose)}</p>"
                return
            item = self.upload.value[0]
            self.read(lambda: bytes(item["content"]).decode("utf-8-sig"), item["name"])
        elif choice == SAMPLE:
            self.read(lambda: self.sample, shown(CHOICES[SAMPLE]))
        else:
            room = self.rooms[choice]
            self.read(room.read, shown(room.said) if room.said is not None else choice)

    def read(self, text: Callable[[], str], title: str) -> None:
        """Show the lesson for the CSV ``text()`` gives, or a sentence saying why it cannot be read."""
        try:
            rounds = read_rounds(text())
        except (ValueError, UnicodeDecodeError) as error:
            said = say("{title} cannot be read: {error}.", title=title, error=getattr(error, "said", str(error)))
            self.result.value = f"<p style='color:#c92a2a'>{html.escape(shown(said))}</p>"
            return
        except Exception as error:  # noqa: BLE001 (a room the store cannot give: say so, keep the page)
            said = say("{title} cannot be read now: {error}", title=title, error=getattr(error, "said", str(error)))
            self.result.value = f"<p style='color:#c92a2a'>{html.escape(shown(said))}</p>"
            return
        if not rounds:
            self.result.value = f"<p>{html_said(fill(TITLE_HAS_NO_BIDS_YET, title=title))}</p>"
            return
        self.result.value = lesson_html(rounds, title)


def class_sources(key: str) -> tuple[list[Source], object]:
    """The auction rooms of the class whose teacher key is ``key``, as sources to read, and a note for the page
    (why there are none)."""
    try:
        store = open_store()
        rooms = Classes(store).rooms(key)
    except Refused as refused:
        return [], refused.said
    auction = ClassAuction(store)

    def source(room) -> Source:
        title = f"Room {room.code}" + (f" · {room.title}" if room.title else "")
        said = (say("Room {code} · {title}", code=room.code, title=room.title) if room.title
                else say("Room {code}", code=room.code))
        return Source(title, lambda: auction.bids_csv(room.teacher_key), said)

    if not rooms:
        return [], say("The class has no auction room yet: start one from the class page.")
    return [source(room) for room in rooms], ""


def auction_reader(sample: str) -> AuctionReader:
    """The reader for lesson 5's page: the class's rooms when the page's address holds its teacher key (the class
    page links the lesson so), else the sample and an uploaded file."""
    key = query().get("key", "")
    rooms, note = class_sources(key) if key else ([], say("Opened from the class page, this page offers the class's "
                                                          "own auction rooms too."))
    return AuctionReader(sample, rooms, note)
