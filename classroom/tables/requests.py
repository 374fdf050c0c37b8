"""The game tables' requests: one game played by classmates from their own pages, kept in the class store.

A table is its starting position (the engine's save of it, with the seed), its seats and the ordered list of
its moves. Every request is one transaction: the move is checked by the engine against the position of the
stored moves, then stored at its ply; of two moves sent for one ply, the store keeps the first and refuses the
other (``Refused``, whose text says why), and a refused request stores nothing. Every write bumps the table's
version, which its pages look at (``classroom.tables.views``, whose reads and lookups the requests inherit).

Who may do what goes by secrets, which the store keeps as digests only (``classroom.keys``). The table's creator
holds the owner key: its page moves for the seats the creator kept ("owner" seats), and it may hand a classmate's
seat to a bot. Each classmate seat has a token, the key of its link, made from the owner key (so the creator's page
shows the seat's link again, ``seat_links``): the page opened with it moves for that seat only, and shows only what
that seat may know. A
bot seat's moves are made by any page of the table, once: the first to store it wins (so a bot moves while a page
of its table is open; with none open, its move waits until one opens).

A table may belong to a class (made with the class's teacher key): a seat may then be a member's (their class page
lists it, ``member_seats``, and their personal link's token opens it, ``open_member``), and the teacher key hands a
seat to a bot or ends the table (``end_table``): the game is then over for every page, every later request refused
with a sentence saying so.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Row

from boardgames import IllegalMove
from boardgames.bots import bot_levels
from boardgames.core.message import english, listed, say, term
from classroom.classes.identity import class_row, folded, member_row
from classroom.keys import digest, matches, new_secret, seat_token
from classroom.store import Refused, Store, bump, find, game_tables, locked, members, table_moves, table_seats
from classroom.tables.views import CLASSMATE, HUMAN_KINDS, OWNER, MemberSeat, TableViews, ended_sentence


@dataclass(frozen=True)
class NewTable:
    """A table as its creator holds it: the code, the owner key, and each classmate seat's token."""

    code: str
    owner_key: str
    tokens: dict[int, str]


def level_word(level: str) -> Any:
    """A bot's level as a word of the page's language (``boardgames.terms``' ``bot.level``)."""
    return term("bot.level", level)


def noted(said: Any) -> dict[str, Any]:
    """A ``Sitting``'s note: its English and the message itself."""
    return {"note": english(said), "note_said": said}


@dataclass(frozen=True)
class Sitting:
    """What one page holds at a table: the seats it moves for (none for a seat handed to a bot), whether it is
    the creator's page, and the key in its address."""

    table_id: int
    code: str
    game: str
    key: str = field(repr=False)  # the owner key, a seat's token, or (``by_member``) the member's token
    seats: tuple[int, ...]
    owner: bool
    note: str = ""  # said on the page: a seat handed to a bot, a table whose game is over or was ended
    note_said: Any = field(default="", compare=False)  # the note as a message, for the page's language
    member_id: int | None = None  # a class member's seat: the member (their page is here)
    by_member: bool = False  # opened by the member's token (``open_member``), not by the seat's own


class GameTables(TableViews):
    """The tables' requests, on one class store (``now`` gives the time, for tests); its pages read through the
    views it inherits."""

    def __init__(self, store: Store, now: Callable[[], float] = time.time) -> None:
        super().__init__(store)
        self.now = now

    # ------------------------------------------------------------------------------------------ making one

    def create(self, start: Any, kinds: Sequence[str], class_key: str | None = None,
               members: dict[int, str] | None = None) -> NewTable:
        """A new table for the starting position ``start`` (a game's state), ``kinds[s]`` saying who plays seat
        ``s``: ``"owner"`` (the creator's page), ``"classmate"`` (a link of its own) or a bot level.

        With ``class_key`` (a class's teacher key; Refused if no class has it) the table is that class's: it shows
        on the class page, not on the open overview. ``members[s]``: the nickname of the class member who plays seat
        ``s`` (a classmate's seat; Refused for a nickname no member of the class has): their class page lists the seat
        (``member_seats``) and their personal link's token opens it (``open_member``)."""
        game = start.GAME
        names = list(start.names)
        members = dict(members or {})
        if len(kinds) != len(names):
            raise Refused(say("{n} players need {n} seats, not {seats}.", n=len(names), seats=len(kinds)))
        levels = bot_levels(game)
        for kind in kinds:
            if kind not in HUMAN_KINDS and kind not in levels:
                words = listed([level_word(level) for level in levels], ",")
                raise Refused(say("A seat is played by its owner, a classmate or a bot ({levels}), not {kind}.",
                                  levels=words, kind=repr(kind)))
        if members and class_key is None:
            raise Refused(say("A class member's seat is at a table of their class: the class page makes it."))
        for seat in members:
            if seat not in range(len(names)) or kinds[seat] != CLASSMATE:
                raise Refused(say("A class member plays a classmate's seat of the table: seat {seat} is not one.",
                                  seat=seat))
        if len({folded(str(nickname)) for nickname in members.values()}) != len(members):
            raise Refused(say("A class member plays one seat of a table, not two."))
        document = start.to_json()
        key = new_secret()

        def insert(conn: Connection, code: str) -> NewTable:
            now = self.now()
            tokens = {s: seat_token(key, code, s) for s in range(len(names))}
            class_id = None if class_key is None else class_row(conn, class_key).id
            member_ids = {seat: self._member_of(conn, class_id, nickname) for seat, nickname in members.items()}
            table_id = conn.execute(game_tables.insert().values(
                code=code, owner_key=digest(key), game=game, seed=start.seed, start=document, ply=0,
                turn=start.current_player, over=start.is_over, version=1, created=now, updated=now,
                class_id=class_id, ended=False,
            )).inserted_primary_key[0]
            conn.execute(table_seats.insert(), [
                {"table_id": table_id, "seat": s, "name": names[s], "kind": kinds[s], "token": digest(tokens[s]),
                 "claimed": kinds[s] == OWNER, "member_id": member_ids.get(s)} for s in range(len(names))])
            return NewTable(code, key, {s: t for s, t in tokens.items() if kinds[s] == CLASSMATE})

        return self.store.with_new_code(insert)

    # ------------------------------------------------------------------------------------------ coming in

    def open(self, code: str, key: str) -> Sitting:
        """The page of a table's link: ``key`` is the owner key or a seat's token. Refused for an unknown code or
        a key that is not one of the table's. A classmate's first visit marks the seat taken."""
        with self.store.transaction() as conn:
            table = self.table_by_code(conn, code)
            if key and matches(key, table.owner_key):
                owned = tuple(s.seat for s in self.seats(conn, table.id) if s.kind == OWNER)
                return Sitting(table.id, table.code, table.game, key, () if table.ended else owned, True,
                               **noted(self._over_note(table)))
            row = find(conn, table_seats, table_id=table.id, token=digest(key)) if key else None
            if row is None:
                raise Refused(say("This link's key is not one of table {code}'s seats: ask the table's creator "
                                  "for your link.", code=table.code))
            return self._seated(conn, table, row, key)

    def open_member(self, code: str, member_token: str) -> Sitting:
        """The page of a class member's seat at their class's table ``code``, opened by their personal link's token
        (their class page links it so): found by who they are. Refused for an unknown code or token, or a member
        with no seat at that table."""
        with self.store.transaction() as conn:
            table = self.table_by_code(conn, code)
            member = member_row(conn, member_token)
            row = find(conn, table_seats, table_id=table.id, member_id=member.id)
            if row is None or table.class_id != member.class_id:
                raise Refused(say("You have no seat at table {code}: open your tables from your class page.",
                                  code=table.code))
            return self._seated(conn, table, row, member_token, by_member=True)

    def _seated(self, conn: Connection, table: Row, row: Row, key: str, by_member: bool = False) -> Sitting:
        """The sitting of the page of seat ``row`` at ``table``, opened with ``key``; a classmate's first visit marks
        the seat taken."""
        found = partial(Sitting, table.id, table.code, table.game, key, member_id=row.member_id, by_member=by_member)
        if row.kind != CLASSMATE:
            handed = say("{name}'s seat was handed to a bot ({level}): you are watching the game.", name=row.name,
                         level=term("bot.level", row.kind))
            return found((), False, **noted(handed))
        if table.ended:
            return found((), False, **noted(self._over_note(table)))
        if not row.claimed:
            self._seat_changed(conn, row, claimed=True)
        return found((row.seat,), False, **noted(self._over_note(table)))

    def join(self, code: str) -> Sitting:
        """Take the first classmate seat of table ``code`` nobody has opened yet (a class member's seat is theirs
        alone, by its link); Refused when none is left, the game is over or the table was ended. The seat gets a
        token of its own (its link, for this page only): the one its creator's page showed opens it no more."""
        with self.store.transaction() as conn:
            table = self.table_by_code(conn, code)
            self._refuse_if_ended(table)
            if table.over:
                raise Refused(say("The game at table {code} is over: no seat to take.", code=table.code))
            query = sa.select(table_seats).where(table_seats.c.table_id == table.id, table_seats.c.kind == CLASSMATE,
                                                 table_seats.c.claimed.is_(False), table_seats.c.member_id.is_(None)
                                                 ).order_by(table_seats.c.seat)
            row = conn.execute(locked(conn, query.limit(1))).first()
            if row is None:
                raise Refused(say("Every classmate's seat at table {code} is taken: ask its creator for your own "
                                  "link.", code=table.code))
            token = new_secret(12)
            self._seat_changed(conn, row, claimed=True, token=digest(token))
            return Sitting(table.id, table.code, table.game, token, (row.seat,), False)

    # ------------------------------------------------------------------------------------------ playing

    def record(self, sitting: Sitting, ply: int, state: Any, move: Any, bot: bool = False) -> Any:
        """Store ``move`` as move ``ply + 1`` of the table, played in ``state`` (the position after the first
        ``ply`` stored moves), and give the position after it. ``bot``: the move is a bot's, which any page of the
        table may send for a bot's seat. Refused when another move came first, when the seat to move is not this
        page's (or, for a bot's move, not a bot's), or when the engine refuses it."""
        seat = state.current_player
        if seat is None:
            raise Refused(say("The game is over: no more moves."))
        refusal = state.check(move, seat)
        if refusal is not None:
            raise Refused(refusal.said)
        try:
            after = state.play(move, seat=seat)
        except IllegalMove as exc:
            raise Refused(exc.said) from None
        with self.store.transaction() as conn:
            table = find(conn, game_tables, lock=True, id=sitting.table_id)
            self._refuse_if_ended(table)
            if table.ply != ply:
                raise Refused(say("Another move came first: the game on your screen is brought up to date."))
            row = find(conn, table_seats, table_id=table.id, seat=seat)
            if row.kind in HUMAN_KINDS and (bot or not self._holds(table, sitting, row)):
                raise Refused(say("It is {name}'s turn, and only {name}'s page may move for that seat.", name=row.name))
            if row.kind not in HUMAN_KINDS and not bot:
                raise Refused(say("{name}'s seat is played by a bot ({level}).", name=row.name,
                                  level=term("bot.level", row.kind)))
            conn.execute(table_moves.insert().values(table_id=table.id, ply=ply, seat=seat, move=str(move),
                                                     at=self.now()))
            bump(conn, game_tables, table.id, ply=ply + 1, turn=after.current_player, over=after.is_over,
                 updated=self.now())
        return after

    def undo(self, sitting: Sitting, state_before: Callable[[int], Any]) -> int:
        """Take back the table's last move, if this page made it for one of its seats and nobody has moved since;
        gives the number of moves left. ``state_before(ply)`` is the position before that move (for its turn)."""
        with self.store.transaction() as conn:
            table = find(conn, game_tables, lock=True, id=sitting.table_id)
            last = find(conn, table_moves, table_id=table.id, ply=table.ply - 1)
            self._refuse_if_ended(table)
            if table.over:
                raise Refused(say("The game is over: no move is taken back."))
            if last is None or last.seat not in sitting.seats:
                raise Refused(say("Only your own last move can be taken back, and only before anyone else has moved."))
            if not self._holds(table, sitting, find(conn, table_seats, table_id=table.id, seat=last.seat)):
                raise Refused(say("This page no longer holds that seat."))
            before = state_before(last.ply)
            conn.execute(table_moves.delete().where(table_moves.c.table_id == table.id,
                                                    table_moves.c.ply == last.ply))
            bump(conn, game_tables, table.id, ply=last.ply, turn=before.current_player, over=False,
                 updated=self.now())
            return last.ply

    def hand_to_bot(self, sitting: Sitting, seat: int, level: str) -> None:
        """The creator's page hands a classmate's seat to a bot of ``level`` (a player has gone)."""
        with self.store.transaction() as conn:
            table = find(conn, game_tables, lock=True, id=sitting.table_id)
            if not sitting.owner or not matches(sitting.key, table.owner_key):
                raise Refused(say("Only the table's creator may hand a seat to a bot."))
            self._hand_over(conn, table, seat, level)

    # ------------------------------------------------------------------------------------------ a class's tables

    def seat_links(self, sitting: Sitting) -> dict[int, str]:
        """On the creator's page: the token of each classmate's seat, made again from the owner key (a seat whose
        token is no longer the one made so, such as a seat taken by the table's code, has none)."""
        if not sitting.owner:
            return {}
        with self.store.read() as conn:
            table = find(conn, game_tables, id=sitting.table_id)
            if not matches(sitting.key, table.owner_key):
                return {}
            rows = conn.execute(sa.select(table_seats.c.seat, table_seats.c.token).where(
                table_seats.c.table_id == table.id, table_seats.c.kind == CLASSMATE)).all()
        made = {row.seat: seat_token(sitting.key, table.code, row.seat) for row in rows}
        return {row.seat: made[row.seat] for row in rows if matches(made[row.seat], row.token)}

    def member_seats(self, member_token: str) -> list[MemberSeat]:
        """The seats of the member whose personal link holds ``member_token`` at their class's tables, the latest
        moved first (Refused for an unknown token)."""
        turn_seat = table_seats.alias("turn_seat")
        with self.store.read() as conn:
            member = member_row(conn, member_token)
            rows = conn.execute(
                sa.select(game_tables.c.code, game_tables.c.game, game_tables.c.over, game_tables.c.ended,
                          game_tables.c.turn, table_seats.c.seat, table_seats.c.name,
                          turn_seat.c.name.label("turn_name"))
                .select_from(table_seats).join(game_tables, game_tables.c.id == table_seats.c.table_id)
                .outerjoin(turn_seat, sa.and_(turn_seat.c.table_id == game_tables.c.id,
                                              turn_seat.c.seat == game_tables.c.turn))
                .where(table_seats.c.member_id == member.id, game_tables.c.class_id == member.class_id)
                .order_by(game_tables.c.updated.desc(), game_tables.c.id.desc())).all()
        return [MemberSeat(r.code, r.game, r.seat, r.name, "" if r.over else r.turn_name or "",
                           not r.over and not r.ended and r.turn == r.seat, r.over, r.ended) for r in rows]

    def hand_seat_to_bot(self, class_key: str, code: str, seat: int, level: str) -> None:
        """The class page hands a classmate's ``seat`` at the class's table ``code`` to a bot of ``level`` (a
        player has gone, or is stuck). The bot then plays from any page of the table that is open; while none is,
        its move waits. Refused for a wrong key, a table of another class, a table ended or over."""
        with self.store.transaction() as conn:
            self._hand_over(conn, self._class_table(conn, class_key, code), seat, level)

    def end_table(self, class_key: str, code: str) -> None:
        """The class page ends the class's table ``code``: the game stops there for every page (each later move,
        undo or seat handed is refused, saying so). Refused for a wrong key, a table of another class, a game
        already over or a table already ended."""
        with self.store.transaction() as conn:
            table = self._class_table(conn, class_key, code)
            self._refuse_if_ended(table)
            if table.over:
                raise Refused(say("The game at table {code} is over already: nothing to end.", code=table.code))
            bump(conn, game_tables, table.id, ended=True, updated=self.now())

    # ------------------------------------------------------------------------------------------ inside

    def _hand_over(self, conn: Connection, table: Row, seat: int, level: str) -> None:
        """Seat ``seat`` of ``table`` (locked) played by a bot of ``level`` from now on: a classmate's seat, while
        the game goes on."""
        self._refuse_if_ended(table)
        if level not in bot_levels(table.game):
            words = listed([level_word(level) for level in bot_levels(table.game)], ",")
            raise Refused(say("A bot plays at one of these levels: {levels}.", levels=words))
        row = find(conn, table_seats, table_id=table.id, seat=seat)
        if row is None or row.kind != CLASSMATE:
            raise Refused(say("Only a classmate's seat can be handed to a bot."))
        if table.over:
            raise Refused(say("The game is over."))
        self._seat_changed(conn, row, kind=level)

    def _class_table(self, conn: Connection, class_key: str, code: str) -> Row:
        """The table ``code`` (locked) of the class whose teacher key is ``class_key``; Refused for a key no class
        has, or a table of no class or of another class."""
        klass = class_row(conn, class_key)
        table = self.table_by_code(conn, code)
        if table.class_id != klass.id:
            raise Refused(say("Table {code} is not one of this class's tables.", code=table.code))
        return find(conn, game_tables, lock=True, id=table.id)

    @staticmethod
    def _member_of(conn: Connection, class_id: int | None, nickname: str) -> int:
        """The id of the member of class ``class_id`` whose nickname is ``nickname``; Refused for none."""
        row = find(conn, members, class_id=class_id, nickname_key=folded(str(nickname)))
        if row is None:
            raise Refused(say("{nickname} is not a member of this class.", nickname=nickname))
        return row.id

    def _seat_changed(self, conn: Connection, row: Row, **values: Any) -> None:
        """Seat ``row`` changed (a classmate came, a bot took it over): stored, and the table's version bumped."""
        conn.execute(table_seats.update().where(table_seats.c.table_id == row.table_id,
                                                table_seats.c.seat == row.seat).values(**values))
        bump(conn, game_tables, row.table_id, updated=self.now())

    @staticmethod
    def _holds(table: Row, sitting: Sitting, row: Row) -> bool:
        """Whether the page holds seat ``row`` of ``table`` now: the owner key for an owner's seat; for a
        classmate's, the seat's token or (opened by a member's token) the member whose seat it is."""
        if row.kind == OWNER:
            return matches(sitting.key, table.owner_key)
        if sitting.by_member:
            return row.kind == CLASSMATE and row.member_id == sitting.member_id
        return row.kind == CLASSMATE and matches(sitting.key, row.token)

    @staticmethod
    def _over_note(table: Row) -> Any:
        if table.ended:
            return ended_sentence(table.code)
        return say("The game at table {code} is over.", code=table.code) if table.over else ""

    @staticmethod
    def _refuse_if_ended(table: Row) -> None:
        if table.ended:
            raise Refused(ended_sentence(table.code))

