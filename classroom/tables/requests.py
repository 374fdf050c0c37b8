"""The game tables' requests: one game played by classmates from their own pages, kept in the class store.

A table is its starting position (the engine's save of it, with the seed), its seats and the ordered list of
its moves. Every request is one transaction: the move is checked by the engine against the position of the
stored moves, then stored at its ply; of two moves sent for one ply, the store keeps the first and refuses the
other (``Refused``, whose text says why), and a refused request stores nothing. Every write bumps the table's
version, which its pages look at (``classroom.tables.views``, whose reads and lookups the requests inherit).

Who may do what goes by secrets. The table's creator holds the owner key: its page moves for the seats the
creator kept ("owner" seats), and it may hand a classmate's seat to a bot. Each classmate seat has a token, the
key of its link: the page opened with it moves for that seat only, and shows only what that seat may know. A
bot seat's moves are made by any page of the table, once: the first to store it wins.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Row

from boardgames import IllegalMove
from boardgames.bots import bot_levels
from classroom.store import Refused, Store, bump, find, game_tables, locked, table_moves, table_seats
from classroom.tables.views import CLASSMATE, HUMAN_KINDS, OWNER, TableViews


@dataclass(frozen=True)
class NewTable:
    """A table as its creator holds it: the code, the owner key, and each classmate seat's token."""

    code: str
    owner_key: str
    tokens: dict[int, str]


@dataclass(frozen=True)
class Sitting:
    """What one page holds at a table: the seats it moves for (none for a seat handed to a bot), whether it is
    the creator's page, and the key in its address."""

    table_id: int
    code: str
    game: str
    key: str
    seats: tuple[int, ...]
    owner: bool
    note: str = ""  # said on the page: a seat handed to a bot, a table whose game is over


class GameTables(TableViews):
    """The tables' requests, on one class store (``now`` gives the time, for tests); its pages read through the
    views it inherits."""

    def __init__(self, store: Store, now: Callable[[], float] = time.time) -> None:
        super().__init__(store)
        self.now = now

    # ------------------------------------------------------------------------------------------ making one

    def create(self, start: Any, kinds: Sequence[str]) -> NewTable:
        """A new table for the starting position ``start`` (a game's state), ``kinds[s]`` saying who plays seat
        ``s``: ``"owner"`` (the creator's page), ``"classmate"`` (a link of its own) or a bot level."""
        game = start.GAME
        names = list(start.names)
        if len(kinds) != len(names):
            raise Refused(f"{len(names)} players need {len(names)} seats, not {len(kinds)}.")
        levels = bot_levels(game)
        for kind in kinds:
            if kind not in HUMAN_KINDS and kind not in levels:
                raise Refused(f"A seat is played by its owner, a classmate or a bot ({', '.join(levels)}), "
                              f"not {kind!r}.")
        document = start.to_json()
        key = secrets.token_urlsafe(18)
        tokens = {s: secrets.token_urlsafe(12) for s in range(len(names))}

        def insert(conn: Connection, code: str) -> NewTable:
            now = self.now()
            table_id = conn.execute(game_tables.insert().values(
                code=code, owner_key=key, game=game, seed=start.seed, start=document, ply=0,
                turn=start.current_player, over=start.is_over, version=1, created=now, updated=now,
            )).inserted_primary_key[0]
            conn.execute(table_seats.insert(), [
                {"table_id": table_id, "seat": s, "name": names[s], "kind": kinds[s], "token": tokens[s],
                 "claimed": kinds[s] == OWNER} for s in range(len(names))])
            return NewTable(code, key, {s: t for s, t in tokens.items() if kinds[s] == CLASSMATE})

        return self.store.with_new_code(insert)

    # ------------------------------------------------------------------------------------------ coming in

    def open(self, code: str, key: str) -> Sitting:
        """The page of a table's link: ``key`` is the owner key or a seat's token. Refused for an unknown code or
        a key that is not one of the table's. A classmate's first visit marks the seat taken."""
        with self.store.transaction() as conn:
            table = self.table_by_code(conn, code)
            if key and key == table.owner_key:
                owned = tuple(s.seat for s in self.seats(conn, table.id) if s.kind == OWNER)
                return Sitting(table.id, table.code, table.game, key, owned, True, self._over_note(table))
            row = find(conn, table_seats, table_id=table.id, token=key) if key else None
            if row is None:
                raise Refused(f"This link's key is not one of table {table.code}'s seats: ask the table's creator "
                              "for your link.")
            if row.kind != CLASSMATE:
                return Sitting(table.id, table.code, table.game, key, (), False,
                               f"{row.name}'s seat was handed to a bot ({row.kind}): you are watching the game.")
            if not row.claimed:
                self._seat_changed(conn, row, claimed=True)
            return Sitting(table.id, table.code, table.game, key, (row.seat,), False, self._over_note(table))

    def join(self, code: str) -> Sitting:
        """Take the first classmate seat of table ``code`` nobody has opened yet; Refused when none is left or the
        game is over."""
        with self.store.transaction() as conn:
            table = self.table_by_code(conn, code)
            if table.over:
                raise Refused(f"The game at table {table.code} is over: no seat to take.")
            query = sa.select(table_seats).where(table_seats.c.table_id == table.id, table_seats.c.kind == CLASSMATE,
                                                 table_seats.c.claimed.is_(False)).order_by(table_seats.c.seat)
            row = conn.execute(locked(conn, query.limit(1))).first()
            if row is None:
                raise Refused(f"Every classmate's seat at table {table.code} is taken: ask its creator for your own "
                              "link.")
            self._seat_changed(conn, row, claimed=True)
            return Sitting(table.id, table.code, table.game, row.token, (row.seat,), False)

    # ------------------------------------------------------------------------------------------ playing

    def record(self, sitting: Sitting, ply: int, state: Any, move: Any, bot: bool = False) -> Any:
        """Store ``move`` as move ``ply + 1`` of the table, played in ``state`` (the position after the first
        ``ply`` stored moves), and give the position after it. ``bot``: the move is a bot's, which any page of the
        table may send for a bot's seat. Refused when another move came first, when the seat to move is not this
        page's (or, for a bot's move, not a bot's), or when the engine refuses it."""
        seat = state.current_player
        if seat is None:
            raise Refused("The game is over: no more moves.")
        refusal = state.check(move, seat)
        if refusal is not None:
            raise Refused(str(refusal))
        try:
            after = state.play(move, seat=seat)
        except IllegalMove as exc:
            raise Refused(str(exc)) from None
        with self.store.transaction() as conn:
            table = find(conn, game_tables, lock=True, id=sitting.table_id)
            if table.ply != ply:
                raise Refused("Another move came first: the game on your screen is brought up to date.")
            row = find(conn, table_seats, table_id=table.id, seat=seat)
            if row.kind in HUMAN_KINDS and (bot or not self._holds(table, sitting, row)):
                raise Refused(f"It is {row.name}'s turn, and only {row.name}'s page may move for that seat.")
            if row.kind not in HUMAN_KINDS and not bot:
                raise Refused(f"{row.name}'s seat is played by a bot ({row.kind}).")
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
            if table.over:
                raise Refused("The game is over: no move is taken back.")
            if last is None or last.seat not in sitting.seats:
                raise Refused("Only your own last move can be taken back, and only before anyone else has moved.")
            if not self._holds(table, sitting, find(conn, table_seats, table_id=table.id, seat=last.seat)):
                raise Refused("This page no longer holds that seat.")
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
            if not sitting.owner or sitting.key != table.owner_key:
                raise Refused("Only the table's creator may hand a seat to a bot.")
            if level not in bot_levels(table.game):
                raise Refused(f"A bot plays at one of these levels: {', '.join(bot_levels(table.game))}.")
            row = find(conn, table_seats, table_id=table.id, seat=seat)
            if row is None or row.kind != CLASSMATE:
                raise Refused("Only a classmate's seat can be handed to a bot.")
            if table.over:
                raise Refused("The game is over.")
            self._seat_changed(conn, row, kind=level)

    # ------------------------------------------------------------------------------------------ inside

    def _seat_changed(self, conn: Connection, row: Row, **values: Any) -> None:
        """Seat ``row`` changed (a classmate came, a bot took it over): stored, and the table's version bumped."""
        conn.execute(table_seats.update().where(table_seats.c.table_id == row.table_id,
                                                table_seats.c.seat == row.seat).values(**values))
        bump(conn, game_tables, row.table_id, updated=self.now())

    @staticmethod
    def _holds(table: Row, sitting: Sitting, row: Row) -> bool:
        """Whether the page's key is, now, the key of seat ``row`` of ``table`` (the owner key for an owner's
        seat)."""
        if row.kind == OWNER:
            return sitting.key == table.owner_key
        return row.kind == CLASSMATE and sitting.key == row.token

    @staticmethod
    def _over_note(table: Row) -> str:
        return f"The game at table {table.code} is over." if table.over else ""
