"""What the class page may read, behind the teacher's key: the roster and who is here now, the class's auction
rooms and what their rounds came to (the winner's profit, the class's shading, its predictions beside the outcome),
its tables, and the practice grid of students by rules; and the class's stamp, the one query a class page makes to
know whether to read again. The auction's rounds are read through the auction's own views
(``classroom.auction.views``), the tables through the tables' (``classroom.tables.views``): no rule is worked out
twice. Nothing here is readable without the key.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from boardgames.core.message import say
from classroom.auction.views import OPEN, AuctionViews, RoundView
from classroom.bidding import shading
from classroom.classes.identity import HERE_NOW, class_code, class_row, member_row, well_formed
from classroom.keys import digest, room_key
from classroom.practice.requests import class_learner
from classroom.store import (
    Refused,
    Store,
    bids,
    classes,
    find,
    game_tables,
    members,
    practice_answers,
    rooms,
    rounds,
    students,
    table_seats,
)
from classroom.tables.views import TableLine, TableViews

FIRST_TRY, DONE, MISSED = "right at first try", "done", "missed"  # a practice grid's cell, best first


@dataclass(frozen=True)
class MemberLine:
    """A member on the roster: when they joined and last had a page open (seconds since the epoch; None: never),
    and whether that was within ``HERE_NOW``."""

    nickname: str
    joined: float
    seen: float | None
    here: bool


@dataclass(frozen=True)
class RoomLine:
    """An auction room of the class. Its teacher key opens its teacher page: the class page links to it (the key
    is made again from the class's key, ``classroom.keys.room_key``); never shown to a student, never exported."""

    code: str
    title: str
    rounds: int
    ended: bool
    created: float
    teacher_key: str = field(repr=False)


@dataclass(frozen=True)
class RoundLine:
    """A closed or revealed round of one of the class's rooms, as the class page sums it up: the group (students
    who bid; in a clock, who took part), the true value, price and winner's profit (cents; negative is the winner's
    curse), how far the class shaded its bids below its estimates (cents), the lesson's figure, and the prediction
    asked before it (``question``: its id; ``predictions``: answer -> how many gave it; ``outcome``: the answer
    that came true, once revealed)."""

    room: str
    number: int
    item: str
    format: str
    status: str
    group: int
    value: int | None
    price: int | None
    winner: str | None
    profit: int | None
    shading: float | None
    theory: float | None
    question: str | None = None
    predictions: Mapping[str, int] = field(default_factory=dict)
    outcome: str | None = None

    @property
    def predicted(self) -> int:
        """How many students answered the round's prediction."""
        return sum(self.predictions.values())


@dataclass(frozen=True)
class PracticeGrid:
    """The class's practice, students by rules: each cell ``FIRST_TRY`` (an exercise of the rule answered right at
    its first answer), ``DONE`` (answered right, not at first), ``MISSED`` (answered, never right) or "" (never
    practised). The rules are every rule id any member practised, the most missed first."""

    nicknames: tuple[str, ...]
    rules: tuple[str, ...]
    cells: Mapping[tuple[str, str], str]

    def cell(self, nickname: str, rule: str) -> str:
        return self.cells.get((nickname, rule), "")

    def missed(self, rule: str) -> int:
        """How many students missed ``rule``."""
        return sum(1 for nickname in self.nicknames if self.cell(nickname, rule) == MISSED)


@dataclass(frozen=True)
class ClassView:
    """Everything the class page shows, read at ``at``."""

    code: str
    name: str
    at: float
    members: tuple[MemberLine, ...]
    rooms: tuple[RoomLine, ...]
    rounds: tuple[RoundLine, ...]
    tables: tuple[TableLine, ...]
    practice: PracticeGrid
    language: str = ""  # the class's language, its students' pages' ("": none chosen)

    @property
    def here(self) -> tuple[str, ...]:
        """The nicknames of the members here now."""
        return tuple(m.nickname for m in self.members if m.here)


@dataclass(frozen=True)
class ClassFront:
    """What the projector shows of a class, read by its code alone (no key; nothing in it is anyone's secret): its
    code and name, how many of its members are here now, and how many joined."""

    code: str
    name: str
    here: int
    members: int


@dataclass(frozen=True)
class MemberRoom:
    """An auction room of a member's class, as their class page lists it (no key)."""

    code: str
    title: str
    ended: bool


@dataclass(frozen=True)
class PracticeLine:
    """One practice answer of a member (for the export)."""

    nickname: str
    game: str
    kind: str
    rules: tuple[str, ...]
    right: bool
    first_try: bool
    at: float


@dataclass(frozen=True)
class Participation:
    """What one member did in the class (for the export): rounds they bid in, tables they sat at, exercises
    answered and answered right at the first try."""

    nickname: str
    joined: float
    seen: float | None
    rounds_bid: int
    tables_played: int
    exercises: int
    first_try_right: int


def practice_grid(nicknames: Iterable[str], answers: Iterable[tuple[str, tuple[str, ...], bool, bool]]
                  ) -> PracticeGrid:
    """The grid of ``nicknames`` by the rules of ``answers`` (nickname, rule ids, right, first try), the rules
    most missed first (then the fewest right at first try, then by id)."""
    names = tuple(nicknames)
    best: dict[tuple[str, str], str] = {}
    rank = {FIRST_TRY: 0, DONE: 1, MISSED: 2}
    for nickname, rules, right, first_try in answers:
        state = (FIRST_TRY if first_try else DONE) if right else MISSED
        for rule in rules:
            held = best.get((nickname, rule))
            if held is None or rank[state] < rank[held]:
                best[(nickname, rule)] = state
    states: dict[str, Counter] = {}
    for (_, rule), state in best.items():
        states.setdefault(rule, Counter())[state] += 1
    order = sorted(states, key=lambda rule: (-states[rule][MISSED], states[rule][FIRST_TRY], rule))
    return PracticeGrid(names, tuple(order), best)


class ClassViews:
    """The class page's reads, on one class store (``now`` gives the time: who is here now)."""

    def __init__(self, store: Store, now: Callable[[], float] = time.time) -> None:
        self.store = store
        self.now = now

    # ------------------------------------------------------------------------------------------ a page's look

    def stamp(self, key: str) -> tuple:
        """One query whose answer changes whenever anything the class page shows changed: the class's version,
        its members (how many, the latest joined, how many are here now), its rooms' versions (a join, a bid, a
        prediction, a round's state), its tables' versions and its members' practice answers. Refused for a key
        no class has."""
        c = classes
        now = self.now()

        def of(*columns, where) -> sa.ScalarSelect:
            return sa.select(*columns).where(*where).scalar_subquery()

        total = sa.func.coalesce(sa.func.sum(rooms.c.version), 0)
        table_total = sa.func.coalesce(sa.func.sum(game_tables.c.version), 0)
        prefix = sa.literal("class:", sa.String) + c.c.code + sa.literal(":%", sa.String)  # class_learner's ids
        query = sa.select(
            c.c.version,
            of(sa.func.count(), where=[members.c.class_id == c.c.id]),
            of(sa.func.coalesce(sa.func.max(members.c.joined), 0), where=[members.c.class_id == c.c.id]),
            of(sa.func.count(), where=[members.c.class_id == c.c.id, members.c.seen > now - HERE_NOW]),
            of(sa.func.count(), where=[rooms.c.class_id == c.c.id]),
            of(total, where=[rooms.c.class_id == c.c.id]),
            of(sa.func.count(), where=[game_tables.c.class_id == c.c.id]),
            of(table_total, where=[game_tables.c.class_id == c.c.id]),
            of(sa.func.count(), where=[practice_answers.c.learner.like(prefix)]),
        ).where(c.c.teacher_key == digest(key))
        with self.store.read() as conn:
            found = conn.execute(query).first() if well_formed(key) else None
            if found is None:
                class_row(conn, key)  # Refused, in its words
        return tuple(found)

    # ------------------------------------------------------------------------------------------ the views

    def class_view(self, key: str) -> ClassView:
        """Everything the class page shows (Refused for a key no class has)."""
        now = self.now()
        with self.store.read() as conn:
            klass = class_row(conn, key)
            roster = self._members(conn, klass.id, now)
            room_lines = self._rooms(conn, klass.id, key)
            grid = self._practice(conn, klass, [m.nickname for m in roster])
        round_lines = tuple(RoundLine(room.code, r.number, r.item, r.format, r.status, len(r.table), r.value, r.price,
                                      r.winner, r.profit, shading(r.format, ((b.estimate, b.bid) for b in r.table)),
                                      r.theory, r.question, dict(r.predictions or {}), r.outcome)
                            for room, r in self._closed_rounds(room_lines))
        tables = tuple(TableViews(self.store).overview(class_key=key))
        return ClassView(klass.code, klass.name, now, roster, room_lines, round_lines, tables, grid, klass.language)

    def members(self, key: str) -> tuple[MemberLine, ...]:
        """The roster, in the order they joined."""
        with self.store.read() as conn:
            return self._members(conn, class_row(conn, key).id, self.now())

    def rooms(self, key: str) -> list[RoomLine]:
        """The class's auction rooms, the first made first."""
        with self.store.read() as conn:
            return list(self._rooms(conn, class_row(conn, key).id, key))

    def tables(self, key: str) -> tuple[TableLine, ...]:
        """The class's game tables, as the tables' overview gives them (the latest moved first)."""
        with self.store.read() as conn:
            class_row(conn, key)  # Refused for a key no class has
        return tuple(TableViews(self.store).overview(class_key=key))

    def round_views(self, key: str) -> list[tuple[RoomLine, RoundView]]:
        """Each closed or revealed round of the class's rooms, as the room's teacher page sees it."""
        with self.store.read() as conn:
            room_lines = self._rooms(conn, class_row(conn, key).id, key)
        return self._closed_rounds(room_lines)

    def participation(self, key: str) -> list[Participation]:
        """What each member did in the class, in the order they joined."""
        with self.store.read() as conn:
            klass = class_row(conn, key)
            roster = conn.execute(sa.select(members).where(members.c.class_id == klass.id)
                                  .order_by(members.c.id)).all()
            bid_in = dict(conn.execute(
                sa.select(students.c.member_id, sa.func.count(sa.distinct(bids.c.round_id)))
                .select_from(bids.join(students, bids.c.student_id == students.c.id))
                .join(members, students.c.member_id == members.c.id)
                .where(members.c.class_id == klass.id).group_by(students.c.member_id)).all())
            played = dict(conn.execute(
                sa.select(table_seats.c.member_id, sa.func.count(sa.distinct(table_seats.c.table_id)))
                .join(members, table_seats.c.member_id == members.c.id)
                .where(members.c.class_id == klass.id).group_by(table_seats.c.member_id)).all())
            answers = self._answers(conn, klass, [row.nickname for row in roster])
        lines = []
        for row in roster:
            mine = [a for a in answers if a.nickname == row.nickname]
            lines.append(Participation(row.nickname, row.joined, row.seen, bid_in.get(row.id, 0),
                                       played.get(row.id, 0), sum(1 for a in mine if a.first_try),
                                       sum(1 for a in mine if a.right and a.first_try)))
        return lines

    def practice(self, key: str) -> list[PracticeLine]:
        """Every practice answer of the class's members, oldest first."""
        with self.store.read() as conn:
            klass = class_row(conn, key)
            names = conn.execute(sa.select(members.c.nickname).where(members.c.class_id == klass.id)
                                 .order_by(members.c.id)).scalars().all()
            return self._answers(conn, klass, names)

    def front(self, code: str) -> ClassFront:
        """The class of ``code`` (as typed) as the projector shows it; Refused for an unknown code."""
        typed = class_code(code)
        refusal = say("No class has the code {code}: check the projector view's address (it ends in "
                      "?class= and the class's code).", code=typed or say("(empty)"))
        if not typed:
            raise Refused(refusal)
        here = sa.func.sum(sa.case((members.c.seen > self.now() - HERE_NOW, 1), else_=0))
        with self.store.read() as conn:
            klass = find(conn, classes, code=typed, refusal=refusal)
            counted = conn.execute(sa.select(sa.func.coalesce(here, 0), sa.func.count())
                                   .where(members.c.class_id == klass.id)).one()
        return ClassFront(klass.code, klass.name, int(counted[0]), int(counted[1]))

    def member_rooms(self, token: str) -> list[MemberRoom]:
        """The auction rooms of the class of the member of ``token``, the first made first (Refused for a token
        no member has)."""
        with self.store.read() as conn:
            member = member_row(conn, token)
            rows = conn.execute(sa.select(rooms.c.code, rooms.c.title, rooms.c.ended)
                                .where(rooms.c.class_id == member.class_id).order_by(rooms.c.id)).all()
        return [MemberRoom(r.code, r.title, r.ended) for r in rows]

    # ------------------------------------------------------------------------------------------ inside

    @staticmethod
    def _members(conn: Connection, class_id: int, now: float) -> tuple[MemberLine, ...]:
        rows = conn.execute(sa.select(members.c.nickname, members.c.joined, members.c.seen)
                            .where(members.c.class_id == class_id).order_by(members.c.id))
        return tuple(MemberLine(r.nickname, r.joined, r.seen, r.seen is not None and now - r.seen < HERE_NOW)
                     for r in rows)

    @staticmethod
    def _rooms(conn: Connection, class_id: int, key: str) -> tuple[RoomLine, ...]:
        """The rooms of class ``class_id``, whose teacher key is ``key`` (each room's key is made from it)."""
        counted = (sa.select(sa.func.count()).where(rounds.c.room_id == rooms.c.id).scalar_subquery())
        rows = conn.execute(sa.select(rooms.c.code, rooms.c.title, counted.label("rounds"), rooms.c.ended,
                                      rooms.c.created)
                            .where(rooms.c.class_id == class_id).order_by(rooms.c.id))
        return tuple(RoomLine(r.code, r.title, r.rounds, r.ended, r.created, room_key(key, r.code)) for r in rows)

    def _closed_rounds(self, room_lines: Iterable[RoomLine]) -> list[tuple[RoomLine, RoundView]]:
        auction = AuctionViews(self.store)
        return [(room, r) for room in room_lines for r in auction.teacher_view(room.teacher_key).rounds
                if r.status != OPEN and r.table is not None]

    def _practice(self, conn: Connection, klass, nicknames: list[str]) -> PracticeGrid:
        answers = self._answers(conn, klass, nicknames)
        return practice_grid(nicknames, ((a.nickname, a.rules, a.right, a.first_try) for a in answers))

    @staticmethod
    def _answers(conn: Connection, klass, nicknames: Iterable[str]) -> list[PracticeLine]:
        """The practice answers of the class's members (their learner ids), oldest first."""
        by_learner = {class_learner(klass.code, name): name for name in nicknames}
        if not by_learner:
            return []
        t = practice_answers
        rows = conn.execute(sa.select(t.c.learner, t.c.game, t.c.kind, t.c.rules, t.c.right, t.c.first_try, t.c.at)
                            .where(t.c.learner.in_(list(by_learner))).order_by(t.c.id))
        return [PracticeLine(by_learner[r.learner], r.game, r.kind, tuple(r.rules.split()), r.right, r.first_try,
                             r.at) for r in rows]

