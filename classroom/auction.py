"""The class auction: a teacher's room that students join by its code, rounds that sell a coin jar or a Medici
lot by sealed first-price or second-price bids or by an ascending clock, and the reveal of the winner's curse.

Every request is one transaction of the class store (``classroom.store``): it is checked first, and a request
refused (``Refused``, whose text says why) stores nothing. Who may do what goes by secrets: the teacher's key,
made with the room, starts, closes, reveals, exports and ends; a student's token, made when they join, bids and
reads that student's page. Pages read what they may see through ``classroom.views``.
"""

from __future__ import annotations

import re
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from classroom.items import COIN_JAR, ITEMS, MEDICI_LOT, UNITS, coin_jar, coin_jar_estimate, medici_lot, theory_shade
from classroom.store import Refused, Store, bids, draw_code, estimates, rooms, rounds, students, typed_code

NICKNAME_LENGTH = 24
FIRST_PRICE, SECOND_PRICE, CLOCK = "first-price", "second-price", "clock"
FORMATS = {
    FIRST_PRICE: "sealed bids: the highest bid wins and pays what it bid",
    SECOND_PRICE: "sealed bids: the highest bid wins and pays the second-highest bid",
    CLOCK: "an ascending clock: the price rises until one bidder is left, who pays it",
}
OPEN, CLOSED, REVEALED = "open", "closed", "revealed"
SEALED = (FIRST_PRICE, SECOND_PRICE)
AMOUNT = re.compile(r"^\s*(\d{1,7})(?:[.,](\d{1,2}))?\s*$")


@dataclass(frozen=True)
class Room:
    """A room as its teacher holds it: the code students type, and the key that only the teacher's page has."""

    code: str
    teacher_key: str
    title: str


@dataclass(frozen=True)
class Seat:
    """A student in a room: the token in their page's address is all they need to come back."""

    code: str
    nickname: str
    token: str


def cents(text: str | float | int) -> int:
    """A bid typed by a student (``"12"``, ``"12.5"``, ``"12,50"``) in cents; Refused for anything else."""
    if isinstance(text, bool):
        raise Refused("A bid is an amount of money, such as 12 or 12.50.")
    if isinstance(text, int):
        text = str(text)
    elif isinstance(text, float):
        text = f"{text:.2f}" if text == text and abs(text) != float("inf") else "nan"
    found = AMOUNT.match(text)
    if not found:
        if re.match(r"^\s*-", text):
            raise Refused("A bid cannot be negative.")
        raise Refused(f"{text.strip() or 'An empty bid'!s} is not an amount of money: type a number such as 12 or "
                      "12.50.")
    whole, part = found.groups()
    return int(whole) * 100 + int((part or "0").ljust(2, "0"))


def money(amount: float | None, item: str = COIN_JAR) -> str:
    """An amount of cents as the pages write it: ``$12.50``, ``23 fl``."""
    if amount is None:
        return "–"
    if item == MEDICI_LOT:
        value = amount / 100
        return f"{value:.0f} fl" if abs(value - round(value)) < 0.005 else f"{value:.2f} fl"
    sign = "-" if amount < 0 else ""
    return f"{sign}{UNITS[item]}{abs(amount) / 100:.2f}"


def folded(nickname: str) -> str:
    return " ".join(nickname.split()).casefold()


class ClassAuction:
    """The class auction's requests, on one class store (``now`` gives the time, for tests)."""

    def __init__(self, store: Store, now: Callable[[], float] = time.time) -> None:
        self.store = store
        self.now = now

    # ------------------------------------------------------------------------------------------ the room

    def create_room(self, title: str = "") -> Room:
        """A new room, its code and its teacher's key."""
        title = " ".join(title.split())[:200]
        for _ in range(20):
            code = draw_code()
            key = secrets.token_urlsafe(18)
            try:
                with self.store.transaction() as conn:
                    conn.execute(rooms.insert().values(code=code, teacher_key=key, title=title, ended=False,
                                                       created=self.now()))
                return Room(code, key, title)
            except sa.exc.IntegrityError:
                continue  # that code is taken: draw another
        raise RuntimeError("no free room code after 20 draws")

    def join(self, code: str, nickname: str) -> Seat:
        """Seat a student with ``nickname`` in the room of ``code``; Refused for an unknown or ended room, or a
        nickname that is empty, too long, or already someone's in the room (in any case)."""
        name = " ".join(nickname.split())
        if not name:
            raise Refused("Type a nickname: the class sees it beside your bids after the reveal.")
        if len(name) > NICKNAME_LENGTH:
            raise Refused(f"A nickname has at most {NICKNAME_LENGTH} letters.")
        token = secrets.token_urlsafe(12)
        try:
            with self.store.transaction() as conn:
                room = self._room_by_code(conn, code)
                conn.execute(students.insert().values(room_id=room.id, nickname=name, nickname_key=folded(name),
                                                      token=token, joined=self.now()))
        except sa.exc.IntegrityError:
            raise Refused(f"The nickname {name} is taken in this room: choose another.") from None
        return Seat(room.code, name, token)

    def seat(self, token: str) -> Seat:
        """The student of ``token`` (a page opened again); Refused if no room has such a student."""
        with self.store.read() as conn:
            row = self.student_row(conn, token)
            code = conn.execute(sa.select(rooms.c.code).where(rooms.c.id == row.room_id)).scalar_one()
        return Seat(code, row.nickname, token)

    def end_room(self, key: str) -> None:
        """End the room: nobody joins or bids any more; what it holds can still be read and exported."""
        with self.store.transaction() as conn:
            room = self.teacher_room(conn, key)
            current = self._current(conn, room.id, lock=True)
            if current is not None and current.status == OPEN:
                raise Refused("Close the round before ending the room.")
            conn.execute(rooms.update().where(rooms.c.id == room.id).values(ended=True))

    # ------------------------------------------------------------------------------------------ a round

    def start_round(self, key: str, item: str = COIN_JAR, format: str = FIRST_PRICE, *, low: float = 5,
                    high: float = 15, noise: float = 3, cap: float = 50, start: float = 0, step: float = 1,
                    seed: int | None = None) -> int:
        """Open the room's next round (its number): ``item`` sold by ``format``. A coin jar's value is drawn
        between ``low`` and ``high``, each estimate within ``noise`` of it; no bid may exceed ``cap``; a clock
        starts at ``start`` and rises by ``step``. Amounts in dollars (florins for a Medici lot)."""
        if item not in ITEMS:
            raise Refused(f"Unknown item {item!r}: choose {' or '.join(ITEMS)}.")
        if format not in FORMATS:
            raise Refused(f"Unknown format {format!r}: choose {', '.join(FORMATS)}.")
        low_c, high_c, noise_c, cap_c = (round(x * 100) for x in (low, high, noise, cap))
        start_c, step_c = round(start * 100), round(step * 100)
        if item == COIN_JAR and not 0 <= low_c <= high_c:
            raise Refused("The jar's value range needs 0 ≤ lowest ≤ highest.")
        if noise_c < 0 or cap_c <= 0 or step_c <= 0 or start_c < 0:
            raise Refused("The noise and the start must not be negative, the cap and the clock's step above 0.")
        seed = secrets.randbelow(2**31) if seed is None else seed
        sold = coin_jar(seed, low_c, high_c) if item == COIN_JAR else medici_lot(seed)
        with self.store.transaction() as conn:
            room = self.teacher_room(conn, key, open_room=True)
            last = self._current(conn, room.id, lock=True)
            if last is not None and last.status == OPEN:
                raise Refused(f"Round {last.number} is still open: close it first.")
            number = 1 if last is None else last.number + 1
            conn.execute(rounds.insert().values(
                room_id=room.id, number=number, item=item, format=format, seed=seed, low=low_c, high=high_c,
                noise=noise_c if item == COIN_JAR else 0, cap=cap_c, start=start_c, step=step_c, lot=sold.lot,
                value=sold.value, theory=sold.expected, status=OPEN, clock=start_c if format == CLOCK else None,
                opened=self.now()))
        return number

    def estimate(self, token: str) -> int | None:
        """The student's private estimate in the open round (cents; None for a Medici lot), recorded the first
        time their page shows the round: from then on they take part in it."""
        with self.store.transaction() as conn:
            student = self.student_row(conn, token)
            current = self._current(conn, student.room_id)
            if current is None or current.status != OPEN:
                raise Refused("No round is open: wait for the teacher to start one.")
            return self._estimate(conn, current, student.id)

    def bid(self, token: str, amount: str | float | int) -> int:
        """The student's sealed bid in the open round (cents), replacing any earlier one (both are kept; the
        last counts); Refused if it is not an amount, is negative or over the cap, or no sealed round is open."""
        value = cents(amount)
        with self.store.transaction() as conn:
            student = self.student_row(conn, token, open_room=True)
            current = self._current(conn, student.room_id, lock=True)
            if current is None or current.status != OPEN:
                raise Refused("The bidding is closed: no round is open.")
            if current.format not in SEALED:
                raise Refused("This round is a clock: stay in while the price rises, or drop out.")
            if value > current.cap:
                raise Refused(f"A bid may be at most {money(current.cap, current.item)} in this round.")
            self._estimate(conn, current, student.id)
            conn.execute(bids.insert().values(round_id=current.id, student_id=student.id, kind="bid",
                                              amount=value, at=self.now()))
        return value

    def drop(self, token: str) -> int:
        """The student leaves the open clock round at its price now (cents); Refused when there is no clock to
        leave, or they left it already."""
        with self.store.transaction() as conn:
            student = self.student_row(conn, token, open_room=True)
            current = self._current(conn, student.room_id, lock=True)
            if current is None or current.status != OPEN or current.format != CLOCK:
                raise Refused("There is no clock running to drop out of.")
            if self._dropped(conn, current.id, student.id):
                raise Refused("You have dropped out of this round already.")
            self._estimate(conn, current, student.id)
            conn.execute(bids.insert().values(round_id=current.id, student_id=student.id, kind="drop",
                                              amount=current.clock, at=self.now()))
        return current.clock

    def raise_clock(self, key: str) -> int:
        """The clock's price one step up (cents), up to the cap."""
        with self.store.transaction() as conn:
            room = self.teacher_room(conn, key)
            current = self._current(conn, room.id, lock=True)
            if current is None or current.status != OPEN or current.format != CLOCK:
                raise Refused("No clock is running.")
            price = min(current.clock + current.step, current.cap)
            conn.execute(rounds.update().where(rounds.c.id == current.id).values(clock=price))
        return price

    def close_round(self, key: str) -> None:
        """Close the open round: no more bids; the winner and the price are settled (still secret)."""
        with self.store.transaction() as conn:
            room = self.teacher_room(conn, key)
            current = self._current(conn, room.id, lock=True)
            if current is None or current.status != OPEN:
                raise Refused("No round is open.")
            winner, price = self._settle(conn, current)
            theory = current.theory
            if current.item == COIN_JAR:
                bidders = len(self._last_bids(conn, current.id)) if current.format in SEALED else len(
                    self._takers(conn, current.id))
                theory = theory_shade(bidders, current.noise)
            conn.execute(rounds.update().where(rounds.c.id == current.id).values(
                status=CLOSED, winner_id=winner, price=price, theory=theory, closed=self.now()))

    def reveal(self, key: str) -> None:
        """Show the closed round to everyone: every bid and estimate, the true value, the winner."""
        with self.store.transaction() as conn:
            room = self.teacher_room(conn, key)
            current = self._current(conn, room.id, lock=True)
            if current is None or current.status == OPEN:
                raise Refused("Close the round before revealing it.")
            if current.status == REVEALED:
                raise Refused(f"Round {current.number} is revealed already.")
            conn.execute(rounds.update().where(rounds.c.id == current.id).values(status=REVEALED))

    # ------------------------------------------------------------------------------------------ inside

    def _room_by_code(self, conn: Connection, code: str):
        room = conn.execute(sa.select(rooms).where(rooms.c.code == typed_code(code))).first()
        if room is None:
            raise Refused(f"No room has the code {code.strip() or '(empty)'}: check it with your teacher.")
        if room.ended:
            raise Refused(f"The room {room.code} is closed: the teacher has ended it.")
        return room

    def teacher_room(self, conn: Connection, key: str, open_room: bool = False):
        """The room of the teacher's ``key``; Refused for any other key."""
        room = conn.execute(sa.select(rooms).where(rooms.c.teacher_key == key)).first()
        if room is None:
            raise Refused("Only the teacher's page of this room may do that.")
        if open_room and room.ended:
            raise Refused(f"The room {room.code} has ended.")
        return room

    def student_row(self, conn: Connection, token: str, open_room: bool = False):
        """The student of ``token``; Refused if no room has one."""
        row = conn.execute(sa.select(students).where(students.c.token == token)).first()
        if row is None:
            raise Refused("This page is not a seat of any room: join with the room's code.")
        if open_room and conn.execute(sa.select(rooms.c.ended).where(rooms.c.id == row.room_id)).scalar_one():
            raise Refused("The room has ended: no more bids.")
        return row

    def _current(self, conn: Connection, room_id: int, lock: bool = False):
        query = sa.select(rounds).where(rounds.c.room_id == room_id).order_by(rounds.c.number.desc()).limit(1)
        if lock and conn.dialect.name != "sqlite":
            query = query.with_for_update()  # SQLite's writer already holds the whole database
        return conn.execute(query).first()

    def _estimate(self, conn: Connection, current, student_id: int) -> int | None:
        found = conn.execute(sa.select(estimates.c.estimate).where(
            estimates.c.round_id == current.id, estimates.c.student_id == student_id)).first()
        if found is not None:
            return found.estimate
        estimate = (coin_jar_estimate(current.seed, student_id, current.value, current.noise)
                    if current.item == COIN_JAR else None)
        conn.execute(estimates.insert().values(round_id=current.id, student_id=student_id, estimate=estimate))
        return estimate

    def _dropped(self, conn: Connection, round_id: int, student_id: int) -> bool:
        return conn.execute(sa.select(bids.c.id).where(bids.c.round_id == round_id, bids.c.student_id ==
                                                        student_id, bids.c.kind == "drop")).first() is not None

    def _last_bids(self, conn: Connection, round_id: int) -> list:
        """Each bidder's last sealed bid (student_id, amount, id), in the order they were made."""
        rows = conn.execute(sa.select(bids.c.student_id, bids.c.amount, bids.c.id).where(
            bids.c.round_id == round_id, bids.c.kind == "bid").order_by(bids.c.id)).all()
        last = {row.student_id: row for row in rows}
        return sorted(last.values(), key=lambda row: row.id)

    def _takers(self, conn: Connection, round_id: int) -> list[int]:
        """The students who took part in a round: their page showed it (their estimate is recorded)."""
        return list(conn.execute(sa.select(estimates.c.student_id).where(estimates.c.round_id == round_id)
                                 .order_by(estimates.c.student_id)).scalars())

    def _settle(self, conn: Connection, current) -> tuple[int | None, int | None]:
        """The round's winner (a student id, None when nobody bid) and price (cents)."""
        if current.format in SEALED:
            last = self._last_bids(conn, current.id)
            if not last:
                return None, None
            ranked = sorted(last, key=lambda row: (-row.amount, row.id))  # a tie: the earlier bid wins
            winner = ranked[0]
            if current.format == FIRST_PRICE:
                return winner.student_id, winner.amount
            return winner.student_id, ranked[1].amount if len(ranked) > 1 else 0
        drops = {row.student_id: row.amount for row in conn.execute(sa.select(bids.c.student_id, bids.c.amount)
                 .where(bids.c.round_id == current.id, bids.c.kind == "drop"))}
        takers = self._takers(conn, current.id)
        staying = [s for s in takers if s not in drops]
        if len(staying) == 1:
            return staying[0], max(drops.values(), default=current.start)
        if staying:  # several still in when the teacher closed: one of them, by the round's seed, at the clock
            return staying[current.seed % len(staying)], current.clock
        if not drops:
            return None, None
        top = max(drops.values())  # everyone left: the last to leave, at their price (a tie drawn by the seed)
        last = sorted(s for s, at in drops.items() if at == top)
        return last[current.seed % len(last)], top


def describe_round(item: str, format: str) -> str:
    """A round's kind in words: "a jar of coins, sealed bids: the highest bid wins and pays what it bid"."""
    return f"{ITEMS[item]}, {FORMATS[format]}"


__all__ = ["CLOCK", "COIN_JAR", "FIRST_PRICE", "FORMATS", "MEDICI_LOT", "SECOND_PRICE", "ClassAuction", "Refused",
           "Room", "Seat", "cents", "describe_round", "money"]
