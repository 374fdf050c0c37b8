"""What each page of the class auction may read: the teacher's (everything, amounts only after the close),
a student's (their own estimate, bid and prediction; the class's only after the reveal), the projector's (what the
whole class may see, without any key: the room's code, how many are in, the round's state, and after the reveal its
result beside the class's predictions, no bidder named but the winner), the rounds' history and the CSV of every
bid; and the room's version, the one number a page looks at to know whether to read again. No student's view holds
another student's bid, estimate or prediction, or the true value, before the round is revealed; a prediction is
only ever shown counted, never by whom. A revealed round never changes again: each page's process reads it once
and keeps it as that page sees it (``ROUNDS_KEPT`` at most), so a redraw reads the open round and new reveals only.

The lookups the requests make too (a room by its code or its teacher's key, a student by their token, the round
now, the bids that count) are here, so the requests (``classroom.auction.requests``) inherit them."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Row

from boardgames.core.message import Message, say
from boardgames.review import safe_cell
from classroom.auction.items import ITEM_WORDS, ITEMS, in_units
from classroom.auction.questions import QUESTIONS, Question
from classroom.bidding import CLOCK, FORMAT_WORDS, FORMATS, last_bids, profit, shading
from classroom.keys import digest
from classroom.store import (
    FinishedCache,
    Refused,
    Store,
    bids,
    classes,
    estimates,
    find,
    locked,
    predictions,
    rooms,
    rounds,
    students,
    typed_code,
)

OPEN, CLOSED, REVEALED = "open", "closed", "revealed"
TEACHER, PROJECTOR = "teacher", "projector"  # who sees a revealed round kept (a student: their id)
ROUNDS_KEPT = 4096  # revealed rounds, each as one page sees it, this process keeps (a revealed round never changes)


def describe_round(item: str, format: str) -> str:
    """A round's kind in words: "a jar of coins, sealed bids: the highest bid wins and pays what it bid"."""
    return f"{ITEMS[item]}, {FORMATS[format]}"


def round_said(item: str, format: str) -> Message:
    """A round's kind, a message (``describe_round`` in a page's language)."""
    return say("{item}, {format}", item=ITEM_WORDS[item], format=FORMAT_WORDS[format])


@dataclass(frozen=True)
class Bid:
    """One student's part in a revealed round: their estimate, their last bid (a clock: the price they left at,
    None if they stayed in), and whether they won."""

    nickname: str
    estimate: int | None
    bid: int | None
    won: bool
    mine: bool = False


@dataclass(frozen=True)
class RoundView:
    """A round as a page may see it. ``bidders`` and ``bids`` count what came in, ``predicted`` the students who
    answered the round's ``question`` (an id of ``QUESTIONS``, None when none was asked); ``value``, ``winner``,
    ``price``, ``table``, ``predictions`` (each answer offered: how many chose it) and ``outcome`` (the answer that
    came true) are None until the round is revealed (the teacher sees them from the close)."""

    number: int
    item: str
    format: str
    status: str
    cap: int
    lot: str
    seed: int
    clock: int | None
    noise: int
    bidders: int
    bids: int
    value: int | None = None
    winner: str | None = None
    price: int | None = None
    theory: float | None = None
    table: tuple[Bid, ...] | None = None
    question: str | None = None
    predicted: int = 0
    predictions: dict[str, int] | None = None
    outcome: str | None = None

    @property
    def asked(self) -> Question | None:
        """The round's question (None when none was asked, or one this program no longer asks)."""
        return None if self.question is None else QUESTIONS.get(self.question)

    @property
    def profit(self) -> int | None:
        """The winner's profit (cents): the true value minus the price; negative is the winner's curse."""
        return None if self.value is None else profit(self.value, self.price, self.winner)


@dataclass(frozen=True)
class TeacherView:
    code: str
    title: str
    ended: bool
    nicknames: tuple[str, ...]
    rounds: tuple[RoundView, ...]
    class_code: str | None = None  # the code of the room's class, if any (its students come in through it)

    @property
    def current(self) -> RoundView | None:
        return self.rounds[-1] if self.rounds else None


@dataclass(frozen=True)
class StudentView:
    code: str
    nickname: str
    ended: bool
    current: RoundView | None
    estimate: int | None
    my_bid: int | None
    dropped: bool
    revealed: tuple[RoundView, ...]  # the rounds revealed so far, the class's bids in them
    my_prediction: str | None = None  # their answer to the current round's question


@dataclass(frozen=True)
class HistoryLine:
    """One revealed round: how many bid, what the winner made, and how far the class shaded its bids below its
    estimates (cents; coin jars only), beside the lesson's shade."""

    number: int
    item: str
    format: str
    bidders: int
    profit: int | None
    shading: float | None
    theory: float | None


@dataclass(frozen=True)
class ProjectorView:
    """The room as the projector shows it to the whole class, read by the room's code alone: its title, how many
    are in, and the current round as a student sees it before the reveal (no amount but a clock's price, no
    estimate); after the reveal, the result, the class's predictions counted beside the outcome, and the bids
    without their bidders' names (the winner's aside). ``class_code``: the code of the room's class, if any (its
    students come in through their class page)."""

    code: str
    title: str
    ended: bool
    students: int
    current: RoundView | None
    history: tuple[HistoryLine, ...]
    class_code: str | None = None


def history(view: TeacherView | StudentView | ProjectorView) -> list[HistoryLine]:
    """The revealed rounds, one line each: did the winner lose, by how much, and how the class shaded."""
    if isinstance(view, ProjectorView):
        return list(view.history)
    return history_lines(view.rounds if isinstance(view, TeacherView) else view.revealed)


def history_lines(shown: Iterable[RoundView]) -> list[HistoryLine]:
    """The revealed rounds of ``shown``, one ``HistoryLine`` each."""
    return [HistoryLine(r.number, r.item, r.format, len(r.table), r.profit,
                        shading(r.format, ((b.estimate, b.bid) for b in r.table)), r.theory)
            for r in shown if r.status == REVEALED and r.table is not None]


CSV_COLUMNS = ["round", "item", "format", "nickname", "estimate", "bid", "kind", "time", "winner", "price",
               "true value"]


class AuctionViews:
    """The class auction's reads, on one class store."""

    def __init__(self, store: Store) -> None:
        self.store = store

    # ------------------------------------------------------------------------------------------ a page's look

    def version(self, key: str | None = None, token: str | None = None, code: str | None = None) -> int:
        """The version of the room of a teacher's ``key``, a student's ``token`` or (the projector's) its ``code``:
        one more at every join, bid, drop, prediction, round started, raised, closed or revealed, and at the room's
        end (one query; Refused for none of them)."""
        if key is not None:
            query = sa.select(rooms.c.version).where(_of_key(key))
        elif token is not None:
            query = (sa.select(rooms.c.version).join(students, students.c.room_id == rooms.c.id)
                     .where(students.c.token == digest(token)))
        else:
            query = sa.select(rooms.c.version).where(rooms.c.code == typed_code(code or ""))
        with self.store.read() as conn:
            version = conn.execute(query).scalar()
        if version is None:
            raise Refused(say("This page is not one of any room's: join with the room's code."))
        return version

    # ------------------------------------------------------------------------------------------ the views

    def teacher_view(self, key: str) -> TeacherView:
        """The room as its teacher sees it: amounts are shown from the close of a round, the live count before."""
        with self.store.read() as conn:
            room = self.teacher_room(conn, key)
            names = tuple(conn.execute(sa.select(students.c.nickname).where(students.c.room_id == room.id)
                                       .order_by(students.c.id)).scalars())
            shown = tuple(self._revealed(conn, row, TEACHER) if row.status == REVEALED
                          else self._round(conn, row, full=row.status != OPEN) for row in self._rounds(conn, room.id))
            class_code = self._class_code(conn, room)
        return TeacherView(room.code, room.title, room.ended, names, shown, class_code)

    def student_view(self, token: str) -> StudentView:
        """The room as one student sees it: their own estimate and bid; other students' only once revealed."""
        with self.store.read() as conn:
            me = self.student_row(conn, token)
            room = find(conn, rooms, id=me.room_id)
            all_rounds = self._rounds(conn, room.id)
            revealed = tuple(self._revealed(conn, row, me.id) for row in all_rounds if row.status == REVEALED)
            current_row = all_rounds[-1] if all_rounds else None
            estimate = my_bid = my_prediction = None
            dropped = False
            current = None
            if current_row is not None:
                current = revealed[-1] if current_row.status == REVEALED else self._round(conn, current_row, False)
                seen = find(conn, estimates, round_id=current_row.id, student_id=me.id)
                estimate = None if seen is None else seen.estimate
                for mine in self.bids_that_count(conn, current_row.id, me.id):
                    dropped, my_bid = mine.kind == "drop", mine.amount
                if current_row.question is not None:
                    answered = find(conn, predictions, round_id=current_row.id, student_id=me.id)
                    my_prediction = None if answered is None else answered.answer
        return StudentView(room.code, me.nickname, room.ended, current, estimate, my_bid, dropped, revealed,
                           my_prediction)

    def projector_view(self, code: str) -> ProjectorView:
        """The room of ``code`` as the projector shows it (no key needed: nothing in it is anyone's secret); Refused
        for an unknown code. An ended room is still shown."""
        with self.store.read() as conn:
            typed = typed_code(code or "")[:12] or say("(empty)")
            room = find(conn, rooms, code=code, refusal=say("No room has the code {code}: check the projector view's "
                                                            "address (it ends in ?room= and the room's code).",
                                                            code=typed))
            count = conn.execute(sa.select(sa.func.count()).select_from(students)
                                 .where(students.c.room_id == room.id)).scalar_one()
            shown = [self._revealed(conn, row, PROJECTOR) if row.status == REVEALED else self._round(conn, row, False)
                     for row in self._rounds(conn, room.id)]
            class_code = self._class_code(conn, room)
        public = tuple(nameless(r) for r in shown)
        return ProjectorView(room.code, room.title, room.ended, count, public[-1] if public else None,
                             tuple(history_lines(public)), class_code)

    def bids_csv(self, key: str) -> str:
        """Every bid of the room, one row a bid (a replaced bid too, with its own time), for a spreadsheet; money
        in the item's unit (dollars or florins), times in seconds since the epoch. No cell is read as a formula: a
        nickname such as ``=1+2*A1`` is written ``'=1+2*A1`` (``boardgames.review.safe_cell``)."""
        out = io.StringIO()
        writer = csv.writer(out)
        writer.writerow(CSV_COLUMNS)
        with self.store.read() as conn:
            room = self.teacher_room(conn, key)
            query = (sa.select(rounds.c.number, rounds.c.item, rounds.c.format, rounds.c.winner_id, rounds.c.price,
                               rounds.c.value, students.c.id.label("student_id"), students.c.nickname,
                               estimates.c.estimate, bids.c.amount, bids.c.kind, bids.c.at)
                     .select_from(bids.join(rounds, bids.c.round_id == rounds.c.id)
                                  .join(students, bids.c.student_id == students.c.id)
                                  .outerjoin(estimates, sa.and_(estimates.c.round_id == rounds.c.id,
                                                                estimates.c.student_id == students.c.id)))
                     .where(rounds.c.room_id == room.id).order_by(rounds.c.number, bids.c.id))
            for row in conn.execute(query):
                writer.writerow([safe_cell(cell) for cell in (
                    row.number, row.item, row.format, row.nickname, in_units(row.estimate), in_units(row.amount),
                    row.kind, f"{row.at:.3f}", "yes" if row.winner_id == row.student_id else "no",
                    in_units(row.price), in_units(row.value))])
        return out.getvalue()

    # ------------------------------------------------------------------------------------------ lookups

    def room_by_code(self, conn: Connection, code: str) -> Row:
        """The open room of ``code`` as typed; Refused for an unknown or ended room."""
        room = find(conn, rooms, code=code, refusal=say("No room has the code {code}: check it with your teacher.",
                                                        code=code.strip() or say("(empty)")))
        return self._still_open(room, say("The room {code} is closed: the teacher has ended it.", code=room.code))

    def teacher_room(self, conn: Connection, key: str, open_room: bool = False) -> Row:
        """The room of the teacher's ``key``; Refused for any other key (or, with ``open_room``, an ended room)."""
        room = conn.execute(sa.select(rooms).where(_of_key(key))).first()
        if room is None:
            raise Refused(say("Only the teacher's page of this room may do that."))
        return self._still_open(room, say("The room {code} has ended.", code=room.code)) if open_room else room

    def student_row(self, conn: Connection, token: str, open_room: bool = False) -> Row:
        """The student of ``token``; Refused if no room has one (or, with ``open_room``, their room has ended)."""
        row = find(conn, students, token=digest(token),
                   refusal=say("This page is not a seat of any room: join with the room's code."))
        if open_room:
            self._still_open(find(conn, rooms, id=row.room_id), say("The room has ended: no more bids."))
        return row

    @staticmethod
    def _still_open(room: Row, refusal: Any) -> Row:
        if room.ended:
            raise Refused(refusal)
        return room

    @staticmethod
    def current(conn: Connection, room_id: int, lock: bool = False) -> Row | None:
        """The room's latest round (None before the first), locked for the transaction if ``lock``."""
        query = sa.select(rounds).where(rounds.c.room_id == room_id).order_by(rounds.c.number.desc()).limit(1)
        return conn.execute(locked(conn, query) if lock else query).first()

    @staticmethod
    def bids_that_count(conn: Connection, round_id: int, student_id: int | None = None) -> list[Row]:
        """Each bidder's last bid or drop in a round (of ``student_id`` only, if given): the one that counts
        (``student_id``, ``amount``, ``kind``, ``id``), in the order they were made."""
        query = sa.select(bids.c.student_id, bids.c.amount, bids.c.kind, bids.c.id).where(bids.c.round_id == round_id)
        if student_id is not None:
            query = query.where(bids.c.student_id == student_id)
        return last_bids(conn.execute(query.order_by(bids.c.id)), lambda row: row.student_id)

    # ------------------------------------------------------------------------------------------ inside

    @staticmethod
    def _class_code(conn: Connection, room: Row) -> str | None:
        """The code of the room's class (None for a room of no class)."""
        if room.class_id is None:
            return None
        return conn.execute(sa.select(classes.c.code).where(classes.c.id == room.class_id)).scalar()

    @staticmethod
    def _rounds(conn: Connection, room_id: int) -> list[Row]:
        return list(conn.execute(sa.select(rounds).where(rounds.c.room_id == room_id).order_by(rounds.c.number)))

    def _revealed(self, conn: Connection, row: Row, viewer: str | int) -> RoundView:
        """Revealed round ``row`` as the ``TEACHER``, the ``PROJECTOR`` (no bidder named but the winner) or the
        student of id ``viewer`` (their own part marked) sees it, read once a process: after the reveal nothing
        changes a round (no bid, estimate or prediction is taken, no winner or price settled; ending the room leaves
        it as it was). Kept under the round's id, seed and opening time (a database made again at the same address
        numbers its rounds afresh) and the viewer: one student's view is never another's."""
        key = (row.id, row.seed, row.opened, viewer)
        kept = _kept_rounds.get(self.store, key)
        if kept is None:
            me = viewer if isinstance(viewer, int) else None
            read = self._round(conn, row, full=True, me=me)
            kept = _kept_rounds.keep(self.store, key, nameless(read) if viewer == PROJECTOR else read)
        return kept

    def _round(self, conn: Connection, row: Row, full: bool, me: int | None = None) -> RoundView:
        """A round; with ``full``, its amounts and every student's part (what the reveal shows)."""
        answered = (sa.select(sa.func.count()).select_from(predictions).where(predictions.c.round_id == row.id)
                    .scalar_subquery())
        counted = conn.execute(sa.select(sa.func.count(sa.distinct(bids.c.student_id)), sa.func.count(bids.c.id),
                                         answered).where(bids.c.round_id == row.id)).one()
        base = dict(number=row.number, item=row.item, format=row.format, status=row.status, cap=row.cap,
                    lot=row.lot, seed=row.seed, clock=row.clock, noise=row.noise, bidders=counted[0],
                    bids=counted[1], question=row.question, predicted=counted[2])
        if not full:
            return RoundView(**base)
        winner = None if row.winner_id is None else find(conn, students, id=row.winner_id).nickname
        parts = conn.execute(sa.select(students.c.id, students.c.nickname, estimates.c.estimate)
                             .select_from(estimates.join(students, estimates.c.student_id == students.c.id))
                             .where(estimates.c.round_id == row.id).order_by(students.c.id)).all()
        last = {b.student_id: b.amount for b in self.bids_that_count(conn, row.id)}
        table = tuple(Bid(p.nickname, p.estimate, last.get(p.id), p.id == row.winner_id, p.id == me) for p in parts
                      if p.id in last or row.format == CLOCK)
        shown = RoundView(**base, value=row.value, winner=winner, price=row.price, theory=row.theory, table=table)
        asked = shown.asked
        if asked is None:
            return shown
        chosen = dict(conn.execute(sa.select(predictions.c.answer, sa.func.count()).where(
            predictions.c.round_id == row.id).group_by(predictions.c.answer)).all())
        return replace(shown, predictions={answer: chosen.get(answer, 0) for answer in asked.answers},
                       outcome=asked.judge(shown))


_kept_rounds: FinishedCache[RoundView] = FinishedCache(ROUNDS_KEPT)


def nameless(r: RoundView) -> RoundView:
    """Round ``r`` as the projector shows it: every bidder's name left out but the winner's."""
    if r.table is None:
        return r
    return replace(r, table=tuple(replace(b, nickname=b.nickname if b.won else "", mine=False) for b in r.table))


def _of_key(key: str) -> sa.ColumnElement[bool]:
    """The room of the teacher's ``key``: its key now, or (a class's room made before version 6) the one it had."""
    stored = digest(key)
    return sa.or_(rooms.c.teacher_key == stored, rooms.c.former_key == stored)
