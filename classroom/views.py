"""What each page of the class auction may read: the teacher's (everything, amounts only after the close),
a student's (their own estimate and bid; the class's only after the reveal), the rounds' history and the
CSV of every bid. No student's view holds another student's bid or estimate, or the true value, before the
round is revealed."""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from classroom.auction import CLOCK, OPEN, REVEALED, SEALED, ClassAuction, Refused
from classroom.store import bids, estimates, rooms, rounds, students


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
    """A round as a page may see it. ``bidders`` and ``bids`` count what came in; ``value``, ``winner``,
    ``price`` and ``table`` are None until the round is revealed (the teacher sees them from the close)."""

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

    @property
    def profit(self) -> int | None:
        """The winner's profit (cents): the true value minus the price; negative is the winner's curse."""
        if self.value is None or self.price is None or self.winner is None:
            return None
        return self.value - self.price


@dataclass(frozen=True)
class TeacherView:
    code: str
    title: str
    ended: bool
    nicknames: tuple[str, ...]
    rounds: tuple[RoundView, ...]

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


def stamp(auction: ClassAuction, room_id: int) -> tuple:
    """What changes whenever anything of the room changes (a join, a bid, a round's state or clock): a page reads
    this cheap line every half second and its whole view only when the line changed."""
    with auction.store.read() as conn:
        counted = conn.execute(sa.select(sa.func.count(bids.c.id), sa.func.max(bids.c.id))
                               .select_from(bids.join(rounds, bids.c.round_id == rounds.c.id))
                               .where(rounds.c.room_id == room_id)).one()
        joined = conn.execute(sa.select(sa.func.count(students.c.id)).where(students.c.room_id == room_id)).scalar()
        latest = conn.execute(sa.select(rounds.c.number, rounds.c.status, rounds.c.clock)
                              .where(rounds.c.room_id == room_id).order_by(rounds.c.number.desc()).limit(1)).first()
        ended = conn.execute(sa.select(rooms.c.ended).where(rooms.c.id == room_id)).scalar()
    return (*counted, joined, *(latest or ()), ended)


def room_of(auction: ClassAuction, key: str | None = None, token: str | None = None) -> int:
    """The id of the room of a teacher's ``key`` or a student's ``token`` (Refused for neither)."""
    with auction.store.read() as conn:
        return auction.teacher_room(conn, key).id if key is not None else auction.student_row(conn, token).room_id


def teacher_view(auction: ClassAuction, key: str) -> TeacherView:
    """The room as its teacher sees it: amounts are shown from the close of a round, the live count before."""
    with auction.store.read() as conn:
        room = auction.teacher_room(conn, key)
        names = tuple(conn.execute(sa.select(students.c.nickname).where(students.c.room_id == room.id)
                                   .order_by(students.c.id)).scalars())
        shown = tuple(_round(conn, row, full=row.status != OPEN) for row in _rounds(conn, room.id))
    return TeacherView(room.code, room.title, room.ended, names, shown)


def student_view(auction: ClassAuction, token: str) -> StudentView:
    """The room as one student sees it: their own estimate and bid; other students' only once revealed."""
    with auction.store.read() as conn:
        me = auction.student_row(conn, token)
        room = conn.execute(sa.select(rooms).where(rooms.c.id == me.room_id)).first()
        all_rounds = _rounds(conn, room.id)
        revealed = tuple(_round(conn, row, full=True, me=me.id) for row in all_rounds if row.status == REVEALED)
        current_row = all_rounds[-1] if all_rounds else None
        estimate = my_bid = None
        dropped = False
        current = None
        if current_row is not None:
            current = (revealed[-1] if current_row.status == REVEALED else
                       _round(conn, current_row, full=False))
            estimate = conn.execute(sa.select(estimates.c.estimate).where(
                estimates.c.round_id == current_row.id, estimates.c.student_id == me.id)).scalar()
            mine = conn.execute(sa.select(bids.c.kind, bids.c.amount).where(
                bids.c.round_id == current_row.id, bids.c.student_id == me.id).order_by(bids.c.id.desc())).first()
            if mine is not None:
                dropped = mine.kind == "drop"
                my_bid = mine.amount
    return StudentView(room.code, me.nickname, room.ended, current, estimate, my_bid, dropped, revealed)


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


def history(view: TeacherView | StudentView) -> list[HistoryLine]:
    """The revealed rounds, one line each: did the winner lose, by how much, and how the class shaded."""
    shown = view.rounds if isinstance(view, TeacherView) else view.revealed
    out = []
    for r in shown:
        if r.status != REVEALED or r.table is None:
            continue
        gaps = [b.estimate - b.bid for b in r.table if b.estimate is not None and b.bid is not None]
        shading = sum(gaps) / len(gaps) if gaps and r.format in SEALED else None
        out.append(HistoryLine(r.number, r.item, r.format, len(r.table), r.profit, shading, r.theory))
    return out


CSV_COLUMNS = ["round", "item", "format", "nickname", "estimate", "bid", "kind", "time", "winner", "price",
               "true value"]


def bids_csv(auction: ClassAuction, key: str) -> str:
    """Every bid of the room, one row a bid (a replaced bid too, with its own time), for a spreadsheet; money in
    the item's unit (dollars or florins), times in seconds since the epoch."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(CSV_COLUMNS)
    with auction.store.read() as conn:
        room = auction.teacher_room(conn, key)
        query = (sa.select(rounds.c.number, rounds.c.item, rounds.c.format, rounds.c.winner_id, rounds.c.price,
                           rounds.c.value, students.c.id.label("student_id"), students.c.nickname,
                           estimates.c.estimate, bids.c.amount, bids.c.kind, bids.c.at)
                 .select_from(bids.join(rounds, bids.c.round_id == rounds.c.id)
                              .join(students, bids.c.student_id == students.c.id)
                              .outerjoin(estimates, sa.and_(estimates.c.round_id == rounds.c.id,
                                                            estimates.c.student_id == students.c.id)))
                 .where(rounds.c.room_id == room.id).order_by(rounds.c.number, bids.c.id))
        for row in conn.execute(query):
            writer.writerow([row.number, row.item, row.format, row.nickname, _units(row.estimate), _units(row.amount),
                             row.kind, f"{row.at:.3f}", "yes" if row.winner_id == row.student_id else "no",
                             _units(row.price), _units(row.value)])
    return out.getvalue()


def _units(amount: int | None) -> str:
    return "" if amount is None else f"{amount / 100:.2f}"


def _rounds(conn: Connection, room_id: int) -> list:
    return conn.execute(sa.select(rounds).where(rounds.c.room_id == room_id).order_by(rounds.c.number)).all()


def _round(conn: Connection, row, full: bool, me: int | None = None) -> RoundView:
    """A round; with ``full``, its amounts and every student's part (what the reveal shows)."""
    counted = conn.execute(sa.select(sa.func.count(sa.distinct(bids.c.student_id)), sa.func.count(bids.c.id))
                           .where(bids.c.round_id == row.id)).one()
    base = dict(number=row.number, item=row.item, format=row.format, status=row.status, cap=row.cap, lot=row.lot,
                seed=row.seed, clock=row.clock, noise=row.noise, bidders=counted[0], bids=counted[1])
    if not full:
        return RoundView(**base)
    winner = None
    if row.winner_id is not None:
        winner = conn.execute(sa.select(students.c.nickname).where(students.c.id == row.winner_id)).scalar_one()
    parts = conn.execute(sa.select(students.c.id, students.c.nickname, estimates.c.estimate)
                         .select_from(estimates.join(students, estimates.c.student_id == students.c.id))
                         .where(estimates.c.round_id == row.id).order_by(students.c.id)).all()
    last = {}
    for b in conn.execute(sa.select(bids.c.student_id, bids.c.amount, bids.c.kind).where(bids.c.round_id == row.id)
                          .order_by(bids.c.id)):
        last[b.student_id] = b.amount
    table = tuple(Bid(p.nickname, p.estimate, last.get(p.id), p.id == row.winner_id, p.id == me) for p in parts
                  if p.id in last or row.format == CLOCK)
    return RoundView(**base, value=row.value, winner=winner, price=row.price, theory=row.theory, table=table)


__all__ = ["Bid", "HistoryLine", "Refused", "RoundView", "StudentView", "TeacherView", "bids_csv", "history",
           "room_of", "stamp", "student_view", "teacher_view"]
