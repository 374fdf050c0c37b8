"""The class's projector view (``notebooks/class/projector.ipynb?class=CODE``): the class's name and code, its join
address and a large QR code, and how many are here now. Its address holds no key, and nothing on it acts: a student
who photographs it learns only how to join."""

from __future__ import annotations

import html

import ipywidgets as W

from boardgames.core.message import say
from classroom.classes import ClassFront
from widgets.classpages.classes.shared import (
    STYLE,
    ClassPageBox,
    ClassStore,
    bold,
    html_said,
    open_class_store,
    say_refused,
    words,
)
from widgets.classpages.classes.teacher import join_address
from widgets.classpages.qr import qr_svg
from widgets.classpages.unreachable import follow_language, page_or_sentence
from widgets.runtime.address import query
from widgets.runtime.language import show
from widgets.runtime.poller import Poller

CLASS_CODE = say("Class code")
HOW = say("Type the code and a nickname, once; then keep your personal link.")

LOOK_EVERY = 2.0  # seconds: how often the count here now is read again


class ProjectorPage(ClassPageBox):
    """The projector view of the class of ``code`` (class ``bg-class-projector``)."""

    def __init__(self, activities: ClassStore, code: str) -> None:
        super().__init__(activities, "bg-class-projector")
        self.code = code
        self.board = W.HTML()
        self.count = W.HTML()
        self.count.add_class("bg-projector-count")
        self.shown: ClassFront | None = None
        self.looked_at = float("-inf")
        self.children = [W.HTML(STYLE), self.message, self.board, self.count]
        self.poller = Poller(self.refresh, lambda: self.activities.now() - self.looked_at >= LOOK_EVERY)
        self.refresh()
        if self.shown is not None:
            self.poller.start()

    def refresh(self) -> None:
        self.looked_at = self.activities.now()
        front = say_refused(self.message, lambda: self.classes.front(self.code), clear=False)
        if front is None or front == self.shown:
            return
        if self.shown is None or (front.code, front.name) != (self.shown.code, self.shown.name):
            join = join_address(front.code)
            join_at = say("Join at {address}", address=bold(join, "bg-join-address"))
            show(self.board, "value", lambda: (
                "<div style='display:flex;gap:32px;align-items:center'>"
                f"<div class='bg-qr'>{qr_svg(join)}</div><div>"
                f"<div class='bg-class-title' style='font-size:28px;font-weight:bold'>{html.escape(front.name)}</div>"
                f"<div style='font-size:18px;margin-top:8px'>{words(CLASS_CODE)}</div>"
                f"<div class='bg-class-code' style='font-size:72px;font-weight:bold;letter-spacing:8px'>{front.code}"
                "</div>"
                f"<div style='font-size:20px'>{html_said(join_at)}</div>"
                f"<div style='font-size:16px;margin-top:6px'>{words(HOW)}</div></div></div>"))
        self.shown = front
        here = say("{here} here now · {n} in the class", here=bold(str(front.here)), n=front.members)
        show(self.count, "value", lambda: (f"<div class='bg-here-count' data-here='{front.here}' style='font-size:24px;"
                                           f"margin-top:16px'>{html_said(here)}</div>"))


def projector_page() -> ProjectorPage | W.HTML:
    """The projector view as its address asks (``?class=CODE``)."""
    follow_language()
    return page_or_sentence(lambda: ProjectorPage(open_class_store(), query().get("class", "")))
