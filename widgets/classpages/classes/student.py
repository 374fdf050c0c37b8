"""A student's class page (``notebooks/class/student.ipynb``): join the class once with its code and a nickname,
then come back by a personal link (``?member=TOKEN``) on any device. It shows the class's name, the class's auction
rooms (each opens the student's seat in it), the student's tables (whose turn it is) and the rules notebooks to
practise, each answer kept under the student's name in the class. While it is open the class page counts the
student here now. No key of the class and no other student's link is ever on it."""

from __future__ import annotations

import html
import json
from functools import cache

import ipywidgets as W

from boardgames import GAMES
from boardgames.teaching import NOTEBOOKS, rules_notebooks
from classroom.classes import Member, MemberRoom
from classroom.store import Refused, typed_code
from classroom.tables import MemberSeat
from widgets.classpages.classes.shared import (
    LINK,
    STYLE,
    ClassPageBox,
    ClassStore,
    button,
    open_class_store,
    say_refused,
)
from widgets.classpages.unreachable import page_or_sentence
from widgets.runtime.address import page_address, query
from widgets.runtime.poller import Poller

LOOK_EVERY = 3.0  # seconds: how often the page looks for new rooms and tables (cheap for a class of 40)
SEEN_EVERY = 15.0  # seconds: how often it tells the class "I am here" (the store keeps it at most every 20 s)


@cache
def notebook_title(path: str) -> str:
    """A notebook's title (its metadata's), else its file name in words."""
    try:
        with open(path, encoding="utf-8") as f:
            title = json.load(f).get("metadata", {}).get("title")
    except (OSError, ValueError):
        title = None
    return title or path.rsplit("/", 1)[-1].removesuffix(".ipynb").replace("-", " ")


def practice_html(token: str) -> str:
    """The rules notebooks of every game (and the puzzles), each linked with the member's token (their answers kept
    as theirs)."""
    parts = []
    for game, module in GAMES.items():
        links = [f"<a class='bg-practice-link' href='{html.escape(page_address(f'{game}/{p.stem}', member=token))}' "
                 f"target='_blank' style='{LINK}'>{html.escape(notebook_title(str(p)))}</a>"
                 for p in rules_notebooks(game)]
        if links:
            parts.append(f"<div><b>{html.escape(module.NAME)}</b>: {' · '.join(links)}</div>")
    puzzles = NOTEBOOKS / "puzzles.ipynb"
    if puzzles.exists():  # the puzzles mined from expert games, kept under the same learner
        parts.append(f"<div><b>Puzzles</b>: <a class='bg-practice-link' target='_blank' style='{LINK}' "
                     f"href='{html.escape(page_address('puzzles', member=token))}'>"
                     f"{html.escape(notebook_title(str(puzzles)))}</a></div>")
    return ("<div class='bg-member-practice' style='font-size:13px;line-height:1.7'>" + "".join(parts) + "</div>")


def rooms_html(rooms: list[MemberRoom], token: str) -> str:
    if not rooms:
        return "<div class='bg-quiet'>No auction yet: when your teacher opens one, it shows here.</div>"
    links = []
    for room in rooms:
        address = page_address("auction/student", room=room.code, member=token)
        name = html.escape(room.title) or f"Room {room.code}"
        go = "see its rounds" if room.ended else "go to your seat"
        links.append(f"<li class='bg-member-room' data-room='{room.code}'>{name}"
                     f"{' <span class=bg-quiet>(ended)</span>' if room.ended else ''} <a class='bg-room-link' "
                     f"href='{html.escape(address)}' target='_blank' style='{LINK}'>{go} ↗</a></li>")
    return "<ul style='margin:2px 0'>" + "".join(links) + "</ul>"


def seats_html(seats: list[MemberSeat], token: str) -> str:
    """The member's seats at their class's tables, each linked with their token (the seat is found by who they
    are, ``GameTables.open_member``)."""
    if not seats:
        return "<div class='bg-quiet'>No table for you yet: your teacher seats you at one from the class page.</div>"
    lines = []
    for s in seats:
        address = page_address("tables/table", table=s.code, member=token)
        if s.ended:
            state = "<span class='bg-quiet'>ended by the teacher</span>"
        elif s.over:
            state = "<span class='bg-quiet'>the game is over</span>"
        elif s.your_turn:
            state = "<b style='color:#c92a2a'>your turn</b>"
        else:
            state = f"{html.escape(s.turn)} to move"
        lines.append(f"<li class='bg-member-seat' data-table='{s.code}' data-your-turn='{int(s.your_turn)}'>"
                     f"{html.escape(GAMES[s.game].NAME)} at table <b>{s.code}</b>, as {html.escape(s.name)}: {state} "
                     f"<a class='bg-seat-link' href='{html.escape(address)}' target='_blank' style='{LINK}'>"
                     "open your seat ↗</a></li>")
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
        self.code = W.Text(value=typed_code(code), description="Class code", placeholder="ABCDE")
        self.code.add_class("bg-class-code-field")
        self.nickname = W.Text(description="Nickname", placeholder="what the class will see")
        self.nickname.add_class("bg-nickname")
        join = button("Join the class", "bg-join-class", "primary")
        join.on_click(lambda _: self.join())
        self.children = [W.HTML(STYLE + "<h2 style='margin:4px 0'>Join your class</h2><p>Type the class's code (on "
                                "the teacher's screen) and a nickname. You do this once: then you keep a personal "
                                "link.</p>"), self.message, W.VBox([self.code, self.nickname, join])]

    def join(self) -> None:
        member = say_refused(self.message, lambda: self.classes.join(self.code.value, self.nickname.value))
        if member is None:
            return
        mine = page_address("class/student", member=member.token)
        self.children = [W.HTML(
            STYLE + f"<h2 style='margin:4px 0'>Welcome to {html.escape(member.class_name)}, "
            f"{html.escape(member.nickname)}</h2><p>Your class page has an address of its own, your <b>personal "
            "link</b>: open it and <b>bookmark it</b>. It brings you back, on any device, to your auctions, your "
            "tables and your practice; keep it to yourself.</p>"
            f"<p><a class='bg-member-link' href='{html.escape(mine)}' style='font-size:20px;{LINK}'>Go to your class "
            "page →</a></p>")]

    # ------------------------------------------------------------------------------------------ a member

    def _member(self, member: Member) -> None:
        self.member = member
        self.header = W.HTML(
            STYLE + f"<h2 class='bg-member-title' style='margin:4px 0'>{html.escape(member.nickname)} in "
            f"{html.escape(member.class_name)}</h2><div style='font-size:13px'>Class code <b>{member.class_code}</b>."
            " This page's address is your personal link: <b>bookmark it</b> to come back (keep it to yourself).</div>")
        self.rooms = W.HTML()
        self.rooms.add_class("bg-member-rooms")
        self.seats = W.HTML()
        self.seats.add_class("bg-member-seats")
        practice = W.HTML(practice_html(member.token))
        self.children = [self.header, self.message,
                         W.HTML("<h3>Auctions</h3>"), self.rooms,
                         W.HTML("<h3>Your tables</h3>"), self.seats,
                         W.HTML("<h3>Practice the rules</h3><div style='font-size:13px'>Each notebook's exercises "
                                "keep your answers under your name in the class.</div>"), practice]
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
            self.message.value = html.escape(str(refused))
            return
        if (tuple(rooms), tuple(seats)) == self.shown:
            return
        self.shown = (tuple(rooms), tuple(seats))
        self.rooms.value = rooms_html(rooms, self.token)
        self.seats.value = seats_html(seats, self.token)


def student_class_page() -> StudentClassPage | W.HTML:
    """The student's class page as its address asks (``?member=TOKEN``: theirs; ``?code=CODE``: the join form)."""
    params = query()
    return page_or_sentence(lambda: StudentClassPage(open_class_store(), params.get("member"),
                                                     params.get("code", "")))
