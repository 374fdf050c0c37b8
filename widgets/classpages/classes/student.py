"""A student's class page (``notebooks/class/student.ipynb``): join the class once with its code and a nickname,
then come back by a personal link (``?member=TOKEN``) on any device. It shows the class's name, the class's auction
rooms (each opens the student's seat in it), the student's tables (whose turn it is) and the rules notebooks to
practise, each answer kept under the student's name in the class. While it is open the class page counts the
student here now. No key of the class and no other student's link is ever on it."""

from __future__ import annotations

import html
import json
from functools import cache
from pathlib import Path

import ipywidgets as W

from boardgames import GAMES
from boardgames.core.message import say
from boardgames.teaching import NOTEBOOK_LANGUAGES, NOTEBOOKS, rules_notebooks
from boardgames.terms import title_said
from classroom.classes import Member, MemberRoom
from classroom.store import Refused, typed_code
from classroom.tables import MemberSeat
from widgets.classpages.classes.shared import (
    LINK,
    STYLE,
    ClassPageBox,
    ClassStore,
    bold,
    button,
    drawn,
    html_said,
    open_class_store,
    say_refused,
    span,
    tell,
    words,
)
from widgets.classpages.unreachable import follow_class_language, follow_language, page_or_sentence
from widgets.runtime.address import page_address, query
from widgets.runtime.language import page_language, show
from widgets.runtime.poller import Poller

PERSONAL_LINK = say("personal link")
BOOKMARK_IT = say("bookmark it")
BOOKMARK_IT_2 = say("bookmark it")
OPEN_YOUR_SEAT = say("open your seat ↗")

LOOK_EVERY = 3.0  # seconds: how often the page looks for new rooms and tables (cheap for a class of 40)
SEEN_EVERY = 15.0  # seconds: how often it tells the class "I am here" (the store keeps it at most every 20 s)
PUZZLES = say("Puzzles")
NO_AUCTION = say("No auction yet: when your teacher opens one, it shows here.")
ENDED = say("(ended)")


@cache
def notebook_title(path: str) -> str:
    """A notebook's title (its metadata's), else its file name in words."""
    try:
        with open(path, encoding="utf-8") as f:
            title = json.load(f).get("metadata", {}).get("title")
    except (OSError, ValueError):
        title = None
    return title or path.rsplit("/", 1)[-1].removesuffix(".ipynb").replace("-", " ")


def in_page_language(notebook: Path) -> Path:
    """``notebook`` (an English one) as the page's reader reads it: its own made in the page's language
    (``01-setup.ja.ipynb`` of ``01-setup.ipynb``) when the notebooks are written in that language and it is there,
    else the English one."""
    code = page_language.code
    if code not in NOTEBOOK_LANGUAGES[1:]:
        return notebook
    translated = notebook.with_name(f"{notebook.stem}.{code}.ipynb")
    return translated if translated.exists() else notebook


def notebook_link(notebook: Path, token: str) -> str:
    """A link to ``notebook`` (under ``notebooks/``) in the page's language, with the member's token, under its
    title."""
    shown = in_page_language(notebook)
    page = shown.relative_to(NOTEBOOKS).as_posix().removesuffix(".ipynb")
    return (f"<a class='bg-practice-link' href='{html.escape(page_address(page, member=token))}' "
            f"target='_blank' style='{LINK}'>{html.escape(notebook_title(str(shown)))}</a>")


def practice_html(token: str) -> str:
    """The rules notebooks of every game (and the puzzles), each linked with the member's token (their answers kept
    as theirs), in the page's language where they are written in it."""
    parts = []
    for game, module in GAMES.items():
        links = [notebook_link(p, token) for p in rules_notebooks(game)]
        if links:
            parts.append(f"<div><b>{words(title_said(module.NAME))}</b>: {' · '.join(links)}</div>")
    puzzles = NOTEBOOKS / "puzzles.ipynb"
    if puzzles.exists():  # the puzzles mined from expert games, kept under the same learner
        parts.append(f"<div><b>{words(PUZZLES)}</b>: {notebook_link(puzzles, token)}</div>")
    return ("<div class='bg-member-practice' style='font-size:13px;line-height:1.7'>" + "".join(parts) + "</div>")


def rooms_html(rooms: list[MemberRoom], token: str) -> str:
    if not rooms:
        return f"<div class='bg-quiet'>{words(NO_AUCTION)}</div>"
    links = []
    for room in rooms:
        address = page_address("auction/student", room=room.code, member=token)
        name = html.escape(room.title) or words(say("Room {code}", code=room.code))
        go = words(say("see its rounds") if room.ended else say("go to your seat"))
        links.append(f"<li class='bg-member-room' data-room='{room.code}'>{name}"
                     f"{f' <span class=bg-quiet>{words(ENDED)}</span>' if room.ended else ''} <a class='bg-room-link' "
                     f"href='{html.escape(address)}' target='_blank' style='{LINK}'>{go} ↗</a></li>")
    return "<ul style='margin:2px 0'>" + "".join(links) + "</ul>"


def seats_html(seats: list[MemberSeat], token: str) -> str:
    """The member's seats at their class's tables, each linked with their token (the seat is found by who they
    are, ``GameTables.open_member``)."""
    if not seats:
        none = say("No table for you yet: your teacher seats you at one from the class page.")
        return f"<div class='bg-quiet'>{words(none)}</div>"
    lines = []
    for s in seats:
        address = page_address("tables/table", table=s.code, member=token)
        if s.ended:
            state: object = span(say("ended by the teacher"), "bg-quiet")
        elif s.over:
            state = span(say("the game is over"), "bg-quiet")
        elif s.your_turn:
            state = bold(say("your turn"), style="color:#c92a2a")
        else:
            state = say("{name} to move", name=s.turn)
        seat = say("{game} at table {code}, as {name}: {state}", game=title_said(GAMES[s.game].NAME),
                   code=bold(s.code), name=s.name, state=state)
        lines.append(f"<li class='bg-member-seat' data-table='{s.code}' data-your-turn='{int(s.your_turn)}'>"
                     f"{html_said(seat)} "
                     f"<a class='bg-seat-link' href='{html.escape(address)}' target='_blank' style='{LINK}'>"
                     f"{words(OPEN_YOUR_SEAT)}</a></li>")
    return "<ul style='margin:2px 0'>" + "".join(lines) + "</ul>"


class StudentClassPage(ClassPageBox):
    """A student's class page: the member of ``token`` (None, or a token no member has: the join form, with
    ``code`` filled in)."""

    def __init__(self, activities: ClassStore, token: str | None = None, code: str = "") -> None:
        super().__init__(activities, "bg-class-student")
        self.token = token
        self.shown: tuple | None = None
        self.looked_at = self.seen_at = -SEEN_EVERY
        self.poller = Poller(self.refresh, self._due)
        member = say_refused(self.message, lambda: self.classes.member(token)) if token else None
        if member is None:
            self._joining(code)
        else:
            self._member(member)

    # ------------------------------------------------------------------------------------------ joining

    def _joining(self, code: str) -> None:
        self.code = show(W.Text(value=typed_code(code), placeholder="ABCDE"), "description", say("Class code"))
        self.code.add_class("bg-class-code-field")
        self.nickname = show(W.Text(), "description", say("Nickname"))
        show(self.nickname, "placeholder", say("what the class will see"))
        self.nickname.add_class("bg-nickname")
        join = button(say("Join the class"), "bg-join-class", "primary")
        join.on_click(lambda _: self.join())
        heading = say("Join your class")
        how = say("Type the class's code (on the teacher's screen) and a nickname. You do this once: then you keep a "
                  "personal link.")
        self.children = [drawn(lambda: f"{STYLE}<h2 style='margin:4px 0'>{words(heading)}</h2><p>{words(how)}</p>"),
                         self.message, W.VBox([self.code, self.nickname, join]), self.switch]

    def join(self) -> None:
        member = say_refused(self.message, lambda: self.classes.join(self.code.value, self.nickname.value))
        if member is None:
            return
        follow_class_language(member.class_language)
        mine = page_address("class/student", member=member.token)
        welcome = say("Welcome to {name}, {nickname}", name=member.class_name, nickname=member.nickname)
        yours = say("Your class page has an address of its own, your {link}: open it and {bookmark}. It brings you "
                    "back, on any device, to your auctions, your tables and your practice; keep it to yourself.",
                    link=bold(PERSONAL_LINK), bookmark=bold(BOOKMARK_IT))
        go = say("Go to your class page →")
        self.children = [drawn(lambda: (
            f"{STYLE}<h2 style='margin:4px 0'>{words(welcome)}</h2><p>{html_said(yours)}</p>"
            f"<p><a class='bg-member-link' href='{html.escape(mine)}' style='font-size:20px;{LINK}'>{words(go)}"
            "</a></p>")), self.switch]

    # ------------------------------------------------------------------------------------------ a member

    def _member(self, member: Member) -> None:
        self.member = member
        follow_class_language(member.class_language)
        heading = say("{nickname} in {name}", nickname=member.nickname, name=member.class_name)
        code = say("Class code {code}. This page's address is your personal link: {bookmark} to come back (keep it to "
                   "yourself).", code=bold(member.class_code), bookmark=bold(BOOKMARK_IT_2))
        self.header = drawn(lambda: (
            f"{STYLE}<h2 class='bg-member-title' style='margin:4px 0'>{words(heading)}</h2>"
            f"<div style='font-size:13px'>{html_said(code)}</div>"))
        self.rooms = W.HTML()
        self.rooms.add_class("bg-member-rooms")
        self.seats = W.HTML()
        self.seats.add_class("bg-member-seats")
        practice = drawn(lambda: practice_html(member.token))
        auctions, tables, rules = say("Auctions"), say("Your tables"), say("Practice the rules")
        kept = say("Each notebook's exercises keep your answers under your name in the class.")
        self.children = [self.header, self.message,
                         drawn(lambda: f"<h3>{words(auctions)}</h3>"), self.rooms,
                         drawn(lambda: f"<h3>{words(tables)}</h3>"), self.seats,
                         drawn(lambda: f"<h3>{words(rules)}</h3><div style='font-size:13px'>{words(kept)}</div>"),
                         practice, self.switch]
        self.refresh()
        self.poller.start()

    def _due(self) -> bool:
        """Every ``LOOK_EVERY`` seconds: look again (and, every ``SEEN_EVERY``, say the page is open)."""
        return self.activities.now() - self.looked_at >= LOOK_EVERY

    def refresh(self) -> None:
        """Say the page is open (now and then), read the member's rooms and seats again, redraw what changed."""
        now = self.activities.now()
        self.looked_at = now
        if now - self.seen_at >= SEEN_EVERY:
            self.classes.seen(self.token)
            self.seen_at = now
        try:
            rooms = self.classes.member_rooms(self.token)
            seats = self.activities.tables.member_seats(self.token)
        except Refused as refused:
            tell(self.message, refused.said)
            return
        if (tuple(rooms), tuple(seats)) == self.shown:
            return
        self.shown = (tuple(rooms), tuple(seats))
        show(self.rooms, "value", lambda: rooms_html(rooms, self.token))
        show(self.seats, "value", lambda: seats_html(seats, self.token))


def student_class_page() -> StudentClassPage | W.HTML:
    """The student's class page as its address asks (``?member=TOKEN``: theirs; ``?code=CODE``: the join form)."""
    follow_language()
    params = query()
    return page_or_sentence(lambda: StudentClassPage(open_class_store(), params.get("member"),
                                                     params.get("code", "")))
