"""What the class's three pages share: the activities of one class store (the class, its tables, its auction
rooms), the look of the pages, a section under its heading, and times said in words ("for 3 min"); the message
box, a refusal said in it and the buttons are the auction pages' (``widgets.classpages.auction.shared``)."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property

import ipywidgets as W

from boardgames.core.message import Message, say
from classroom.auction import ClassAuction
from classroom.classes import Classes
from classroom.store import Store, open_store
from classroom.tables import GameTables
from widgets.classpages.auction.shared import (
    bold,
    button,
    column,
    header_switch,
    html_said,
    link,
    message_box,
    say_refused,
    span,
    tell,
)
from widgets.runtime.language import show

STYLE = (
    "<style>"
    ".bg-class .widget-html-content {line-height:1.45}"
    ".bg-class .bg-message {color:#c92a2a; font-weight:bold}"
    ".bg-class h3 {margin:14px 0 4px 0; font-size:17px; border-bottom:1px solid #dee2e6}"
    ".bg-class table.bg-lines {border-collapse:collapse; font-size:13px}"
    ".bg-class table.bg-lines td, .bg-class table.bg-lines th {padding:3px 9px; text-align:left;"
    " border-bottom:1px solid #f1f3f5}"
    ".bg-class table.bg-lines th {color:#495057; font-weight:normal; vertical-align:bottom}"
    ".bg-class table.bg-lines td.bg-num {text-align:right}"
    ".bg-class .bg-quiet {color:#6c757d}"
    "</style>"
)
LINK = "color:#1864ab;font-weight:bold"
__all__ = ["LINK", "STYLE", "ClassPageBox", "ClassStore", "ago", "bold", "button", "clock", "column", "duration",
           "drawn", "html_said", "link", "message_box", "open_class_store", "say_refused", "section", "span", "tell",
           "words"]


@dataclass
class ClassStore:
    """The activities of a class on one class store: the class itself (roster, views, export), its game tables
    and its auction rooms. ``now`` gives the time (tests)."""

    store: Store
    now: Callable[[], float] = time.time
    classes: Classes = field(init=False)
    tables: GameTables = field(init=False)
    auction: ClassAuction = field(init=False)

    def __post_init__(self) -> None:
        self.classes = Classes(self.store, now=self.now)
        self.tables = GameTables(self.store, now=self.now)
        self.auction = ClassAuction(self.store, now=self.now)


class ClassPageBox(W.VBox):
    """A page of the class (CSS classes ``bg-class`` and ``css``): the activities it reads and acts on, and its
    message box (a refusal's sentence)."""

    def __init__(self, activities: ClassStore, css: str) -> None:
        super().__init__()
        self.add_class("bg-class")
        self.add_class(css)
        self.activities = activities
        self.classes = activities.classes
        self.message = message_box()

    @cached_property
    def switch(self) -> W.Widget:
        """The page's language switch, at its top whatever its place in ``children`` (made when a page shows it:
        the projector view has none, nothing on it acts)."""
        return header_switch()


def open_class_store() -> ClassStore:
    """The class store this server uses (``classroom.store``)."""
    return ClassStore(open_store())


def words(said: object) -> str:
    """``said`` in the page's language, as HTML (escaped)."""
    return html_said(said)


def drawn(make: Callable[[], str]) -> W.HTML:
    """An HTML widget whose value ``make()`` draws, in the page's language now and again when it changes."""
    return show(W.HTML(), "value", make)


def section(title: Message, css: str, *body: W.Widget) -> W.VBox:
    """A section of a page under its heading (class ``css``)."""
    box = W.VBox([drawn(lambda: f"<h3>{words(title)}</h3>"), *body])
    box.add_class(css)
    return box


def duration(seconds: float) -> Message:
    """A span of time in words: "12 s", "3 min", "2 h 05 min"."""
    seconds = max(0, int(seconds))
    if seconds < 60:
        return say("{s} s", s=seconds)
    if seconds < 3600:
        return say("{min} min", min=seconds // 60)
    return say("{h} h {min:02d} min", h=seconds // 3600, min=seconds % 3600 // 60)


def ago(at: float | None, now: float) -> Message:
    """When, said from now: "just now", "4 min ago", "never"."""
    if at is None:
        return say("never")
    if now - at < 10:
        return say("just now")
    return say("{duration} ago", duration=duration(now - at))


def clock(at: float) -> str:
    """A time of day as a class reads it: "14:05"."""
    return time.strftime("%H:%M", time.localtime(at))
