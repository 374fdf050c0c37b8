"""The class auction's requests: a teacher's room that students join by its code, rounds that sell a coin jar or a
Medici lot by sealed first-price or second-price bids or by an ascending clock, and the reveal of the winner's curse.

Every request is one transaction of the class store (``classroom.store``): it is checked first, and a request
refused (``Refused``, whose text says why) stores nothing; one that changes what the room's pages show bumps the
room's version. Who may do what goes by secrets: the teacher's key, made with the room, starts, closes, reveals,
exports and ends; a student's token, made when they join, bids and reads that student's page. What a page may read
is ``classroom.auction.views``', whose lookups the requests inherit.

A room may belong to a class (``classroom.classes``): made with the class's teacher key, it seats the class's
members only, each under their class nickname, and the same seat again whenever their personal link brings them
back. Before a round the teacher may ask the class a question (``classroom.auction.questions``); each student
answers it on their page until the bidding closes, and the reveal shows the answers counted beside the outcome.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Row

from boardgames.core.message import listed, say
from classroom.auction.items import COIN_JAR, ITEMS, cents, coin_jar, coin_jar_estimate, medici_lot, money, theory_shade
from classroom.auction.questions import QUESTIONS, question_for
from classroom.auction.views import CLOSED, OPEN, REVEALED, AuctionViews
from classroom.bidding import CLOCK, FIRST_PRICE, FORMATS, SEALED
from classroom.classes.identity import class_row, folded, member_of, nickname_of
from classroom.keys import digest, member_seat_token, new_secret, room_key
from classroom.store import Refused, Store, bids, bump, classes, estimates, find, predictions, rooms, rounds, students


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


class ClassAuction(AuctionViews):
    """The class auction's requests, on one class store (``now`` gives the time, for tests); its pages read through
    the views it inherits."""

    def __init__(self, store: Store, now: Callable[[], float] = time.time) -> None:
        super().__init__(store)
        self.now = now

    # ------------------------------------------------------------------------------------------ the room

    def create_room(self, title: str = "", class_key: str | None = None) -> Room:
        """A new room, its code and its teacher's key; with ``class_key`` (a class's teacher key) a room of that
        class, which seats its members only, its key made from the class's (``classroom.keys.room_key``: the class
        page opens it again); Refused for a key of no class."""
        title = " ".join(str(title or "").split())[:200]

        def insert(conn: Connection, code: str) -> Room:
            class_id = None if class_key is None else class_row(conn, class_key).id
            key = new_secret() if class_key is None else room_key(class_key, code)
            conn.execute(rooms.insert().values(code=code, teacher_key=digest(key), title=title, ended=False,
                                               created=self.now(), class_id=class_id))
            return Room(code, key, title)

        return self.store.with_new_code(insert)

    def join(self, code: str, nickname: str) -> Seat:
        """Seat a student with ``nickname`` in the room of ``code``; Refused for an unknown or ended room, or a
        nickname the class's rule refuses (``nickname_of``) or already someone's in the room (in any case)."""
        name = nickname_of(nickname, "Type a nickname: the class sees it beside your bids after the reveal.")
        token = new_secret(12)
        try:
            with self.store.transaction() as conn:
                room = self.room_by_code(conn, code)
                if room.class_id is not None:
                    name = find(conn, classes, id=room.class_id).name
                    raise Refused(say("The room {code} is a room of the class {name}: open it from your class "
                                      "page (the personal link you kept when you joined the class), and you are in "
                                      "under your class nickname.", code=room.code, name=name))
                conn.execute(students.insert().values(room_id=room.id, nickname=name, nickname_key=folded(name),
                                                      token=digest(token), joined=self.now()))
                bump(conn, rooms, room.id)
        except sa.exc.IntegrityError:
            raise Refused(say("The nickname {name} is taken in this room: choose another.", name=name)) from None
        return Seat(room.code, name, token)

    def join_member(self, code: str, member_token: str) -> Seat:
        """Seat the class member of ``member_token`` in the room of ``code`` under their class nickname; their seat
        again if they sat there before (an ended room too, to read). Refused for an unknown token or room, a room
        of another class or of none, or a first visit to an ended room."""
        try:
            with self.store.transaction() as conn:
                return self._member_seat(conn, code, member_token)
        except sa.exc.IntegrityError:  # the same member's other page seated them at the same moment
            with self.store.transaction() as conn:
                return self._member_seat(conn, code, member_token)

    def _member_seat(self, conn: Connection, code: str, member_token: str) -> Seat:
        member = member_of(conn, member_token)
        typed = str(code).strip()[:12] or say("(empty)")
        room = find(conn, rooms, code=code, refusal=say("No room has the code {code}: check it on your class page.",
                                                        code=typed))
        if room.class_id != member.class_id:
            raise Refused(say("The room {code} is not a room of your class ({name}): open your class's rooms from "
                              "your class page.", code=room.code, name=member.class_name))
        token = member_seat_token(member_token, room.code)  # the seat's token, made again at every visit
        found = find(conn, students, room_id=room.id, member_id=member.id)
        if found is not None:
            return Seat(room.code, found.nickname, token)
        self._still_open(room, say("The room {code} is closed: the teacher has ended it.", code=room.code))
        conn.execute(students.insert().values(room_id=room.id, nickname=member.nickname,
                                              nickname_key=folded(member.nickname), token=digest(token),
                                              joined=self.now(), member_id=member.id))
        bump(conn, rooms, room.id)
        return Seat(room.code, member.nickname, token)

    def seat(self, token: str) -> Seat:
        """The student of ``token`` (a page opened again); Refused if no room has such a student."""
        with self.store.read() as conn:
            row = self.student_row(conn, token)
            code = find(conn, rooms, id=row.room_id).code
        return Seat(code, row.nickname, token)

    def end_room(self, key: str) -> None:
        """End the room: nobody joins or bids any more; what it holds can still be read and exported."""
        with self.store.transaction() as conn:
            room = self.teacher_room(conn, key)
            current = self.current(conn, room.id, lock=True)
            if current is not None and current.status == OPEN:
                raise Refused(say("Close the round before ending the room."))
            bump(conn, rooms, room.id, ended=True)

    # ------------------------------------------------------------------------------------------ a round

    def start_round(self, key: str, item: str = COIN_JAR, format: str = FIRST_PRICE, *, low: float = 5,
                    high: float = 15, noise: float = 3, cap: float = 50, start: float = 0, step: float = 1,
                    seed: int | None = None, question: str | None = None) -> int:
        """Open the room's next round (its number): ``item`` sold by ``format``. A coin jar's value is drawn
        between ``low`` and ``high``, each estimate within ``noise`` of it; no bid may exceed ``cap``; a clock
        starts at ``start`` and rises by ``step``. Amounts in dollars (florins for a Medici lot). ``question``:
        the id of the prediction asked of the class before it (``QUESTIONS``; None: none)."""
        if item not in ITEMS:
            raise Refused(say("Unknown item {item}: choose {items}.", item=repr(item), items=listed(ITEMS, "or")))
        if format not in FORMATS:
            raise Refused(say("Unknown format {format}: choose {formats}.", format=repr(format),
                              formats=", ".join(FORMATS)))
        question = question_for(question, item, format)
        low_c, high_c, noise_c, cap_c = (round(x * 100) for x in (low, high, noise, cap))
        start_c, step_c = round(start * 100), round(step * 100)
        if item == COIN_JAR and not 0 <= low_c <= high_c:
            raise Refused(say("The jar's value range needs 0 ≤ lowest ≤ highest."))
        if noise_c < 0 or cap_c <= 0 or step_c <= 0 or start_c < 0:
            raise Refused(say("The noise and the start must not be negative, the cap and the clock's step above 0."))
        seed = secrets.randbelow(2**31) if seed is None else seed
        sold = coin_jar(seed, low_c, high_c) if item == COIN_JAR else medici_lot(seed)
        with self.store.transaction() as conn:
            room = self.teacher_room(conn, key, open_room=True)
            last = self.current(conn, room.id, lock=True)
            if last is not None and last.status == OPEN:
                raise Refused(say("Round {number} is still open: close it first.", number=last.number))
            number = 1 if last is None else last.number + 1
            conn.execute(rounds.insert().values(
                room_id=room.id, number=number, item=item, format=format, seed=seed, low=low_c, high=high_c,
                noise=noise_c if item == COIN_JAR else 0, cap=cap_c, start=start_c, step=step_c, lot=sold.lot,
                value=sold.value, theory=sold.expected, status=OPEN, clock=start_c if format == CLOCK else None,
                opened=self.now(), question=question))
            bump(conn, rooms, room.id)
        return number

    def estimate(self, token: str) -> int | None:
        """The student's private estimate in the open round (cents; None for a Medici lot), recorded the first
        time their page shows the round: from then on they take part in it (no other page shows it before the
        close, so the room's version stays)."""
        with self.store.transaction() as conn:
            student = self.student_row(conn, token)
            current = self.current(conn, student.room_id)
            if current is None or current.status != OPEN:
                raise Refused(say("No round is open: wait for the teacher to start one."))
            return self._estimate(conn, current, student.id)

    def bid(self, token: str, amount: str | float | int) -> int:
        """The student's sealed bid in the open round (cents), replacing any earlier one (both are kept; the
        last counts); Refused if it is not an amount, is negative or over the cap, or no sealed round is open."""
        value = cents(amount)
        with self.store.transaction() as conn:
            student = self.student_row(conn, token, open_room=True)
            current = self.current(conn, student.room_id, lock=True)
            if current is None or current.status != OPEN:
                raise Refused(say("The bidding is closed: no round is open."))
            if current.format not in SEALED:
                raise Refused(say("This round is a clock: stay in while the price rises, or drop out."))
            if value > current.cap:
                raise Refused(say("A bid may be at most {cap} in this round.", cap=money(current.cap, current.item)))
            self._estimate(conn, current, student.id)
            conn.execute(bids.insert().values(round_id=current.id, student_id=student.id, kind="bid",
                                              amount=value, at=self.now()))
            bump(conn, rooms, student.room_id)
        return value

    def predict(self, token: str, answer: str) -> str:
        """The student's answer to the open round's question (as offered), replacing any earlier one: the last one
        before the bidding closes counts. Refused for an answer not offered, a round without a question, or once
        the round is closed."""
        with self.store.transaction() as conn:
            student = self.student_row(conn, token, open_room=True)
            current = self.current(conn, student.room_id, lock=True)
            if current is None or current.status != OPEN:
                raise Refused(say("The round is closed: a prediction is taken only while its bidding is open."))
            asked = QUESTIONS.get(current.question or "")
            if asked is None:
                raise Refused(say("No question is asked in this round."))
            chosen = asked.answer(answer)
            conn.execute(predictions.delete().where(predictions.c.round_id == current.id,
                                                    predictions.c.student_id == student.id))
            conn.execute(predictions.insert().values(round_id=current.id, student_id=student.id, answer=chosen,
                                                     at=self.now()))
            bump(conn, rooms, student.room_id)
        return chosen

    def drop(self, token: str) -> int:
        """The student leaves the open clock round at its price now (cents); Refused when there is no clock to
        leave, or they left it already."""
        with self.store.transaction() as conn:
            student = self.student_row(conn, token, open_room=True)
            current = self.current(conn, student.room_id, lock=True)
            if current is None or current.status != OPEN or current.format != CLOCK:
                raise Refused(say("There is no clock running to drop out of."))
            if self._dropped(conn, current.id, student.id):
                raise Refused(say("You have dropped out of this round already."))
            self._estimate(conn, current, student.id)
            conn.execute(bids.insert().values(round_id=current.id, student_id=student.id, kind="drop",
                                              amount=current.clock, at=self.now()))
            bump(conn, rooms, student.room_id)
        return current.clock

    def raise_clock(self, key: str) -> int:
        """The clock's price one step up (cents), up to the cap."""
        with self.store.transaction() as conn:
            room = self.teacher_room(conn, key)
            current = self.current(conn, room.id, lock=True)
            if current is None or current.status != OPEN or current.format != CLOCK:
                raise Refused(say("No clock is running."))
            price = min(current.clock + current.step, current.cap)
            conn.execute(rounds.update().where(rounds.c.id == current.id).values(clock=price))
            bump(conn, rooms, room.id)
        return price

    def close_round(self, key: str) -> None:
        """Close the open round: no more bids; the winner and the price are settled (still secret)."""
        with self.store.transaction() as conn:
            room = self.teacher_room(conn, key)
            current = self.current(conn, room.id, lock=True)
            if current is None or current.status != OPEN:
                raise Refused(say("No round is open."))
            winner, price = self._settle(conn, current)
            theory = current.theory
            if current.item == COIN_JAR:
                bidders = len(self.bids_that_count(conn, current.id)) if current.format in SEALED else len(
                    self._takers(conn, current.id))
                theory = theory_shade(bidders, current.noise)
            conn.execute(rounds.update().where(rounds.c.id == current.id).values(
                status=CLOSED, winner_id=winner, price=price, theory=theory, closed=self.now()))
            bump(conn, rooms, room.id)

    def reveal(self, key: str) -> None:
        """Show the closed round to everyone: every bid and estimate, the true value, the winner."""
        with self.store.transaction() as conn:
            room = self.teacher_room(conn, key)
            current = self.current(conn, room.id, lock=True)
            if current is None or current.status == OPEN:
                raise Refused(say("Close the round before revealing it."))
            if current.status == REVEALED:
                raise Refused(say("Round {number} is revealed already.", number=current.number))
            conn.execute(rounds.update().where(rounds.c.id == current.id).values(status=REVEALED))
            bump(conn, rooms, room.id)

    # ------------------------------------------------------------------------------------------ inside

    def _estimate(self, conn: Connection, current: Row, student_id: int) -> int | None:
        found = find(conn, estimates, round_id=current.id, student_id=student_id)
        if found is not None:
            return found.estimate
        estimate = (coin_jar_estimate(current.seed, student_id, current.value, current.noise)
                    if current.item == COIN_JAR else None)
        conn.execute(estimates.insert().values(round_id=current.id, student_id=student_id, estimate=estimate))
        return estimate

    def _dropped(self, conn: Connection, round_id: int, student_id: int) -> bool:
        return any(row.kind == "drop" for row in self.bids_that_count(conn, round_id, student_id))

    def _takers(self, conn: Connection, round_id: int) -> list[int]:
        """The students who took part in a round: their page showed it (their estimate is recorded)."""
        return list(conn.execute(sa.select(estimates.c.student_id).where(estimates.c.round_id == round_id)
                                 .order_by(estimates.c.student_id)).scalars())

    def _settle(self, conn: Connection, current: Row) -> tuple[int | None, int | None]:
        """The round's winner (a student id, None when nobody bid) and price (cents)."""
        if current.format in SEALED:
            last = self.bids_that_count(conn, current.id)
            if not last:
                return None, None
            ranked = sorted(last, key=lambda row: (-row.amount, row.id))  # a tie: the earlier bid wins
            winner = ranked[0]
            if current.format == FIRST_PRICE:
                return winner.student_id, winner.amount
            return winner.student_id, ranked[1].amount if len(ranked) > 1 else 0
        drops = {row.student_id: row.amount for row in self.bids_that_count(conn, current.id)}  # a clock has drops only
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

