"""Game tables: one game played by classmates from their own pages, kept in the class store.

A table is its starting position (the engine's save of it, with the seed), its seats and the ordered list of
its moves. Every request is one transaction: the move is checked by the engine against the position of the
stored moves, then stored at its ply; of two moves sent for one ply, the store keeps the first and refuses the
other (``Refused``, whose text says why), and a refused request stores nothing.

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
from sqlalchemy.engine import Connection

from boardgames import GAMES, IllegalMove, Match
from boardgames.bots import bot_levels
from classroom.store import Refused, Store, draw_code, game_tables, table_moves, table_seats, typed_code

OWNER, CLASSMATE = "owner", "classmate"
HUMAN_KINDS = (OWNER, CLASSMATE)


@dataclass(frozen=True)
class SeatLine:
    """A seat of a table as every page may see it: its name, who plays it, and whether its classmate came."""

    seat: int
    name: str
    kind: str  # owner, classmate, or a bot level
    claimed: bool

    @property
    def is_bot(self) -> bool:
        return self.kind not in HUMAN_KINDS


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


@dataclass(frozen=True)
class TableView:
    """A table as a page rebuilds it: the seats and the moves as stored (never the start: the page gets the
    position from ``start_of``), its version and whether the game is over."""

    table_id: int
    code: str
    game: str
    version: int
    over: bool
    turn: int | None
    seats: tuple[SeatLine, ...]
    moves: tuple[str, ...]


@dataclass(frozen=True)
class TableLine:
    """A line of the teacher's overview."""

    code: str
    game: str
    players: tuple[SeatLine, ...]
    moves: int
    turn: str  # the name of the seat to move, or "" when the game is over
    over: bool
    updated: float


class GameTables:
    """The tables' requests, on one class store (``now`` gives the time, for tests)."""

    def __init__(self, store: Store, now: Callable[[], float] = time.time) -> None:
        self.store = store
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
        for _ in range(20):
            code, key = draw_code(), secrets.token_urlsafe(18)
            tokens = {s: secrets.token_urlsafe(12) for s in range(len(names))}
            now = self.now()
            try:
                with self.store.transaction() as conn:
                    table_id = conn.execute(game_tables.insert().values(
                        code=code, owner_key=key, game=game, seed=start.seed, start=document, ply=0,
                        turn=start.current_player, over=start.is_over, version=1, created=now, updated=now,
                    )).inserted_primary_key[0]
                    conn.execute(table_seats.insert(), [
                        {"table_id": table_id, "seat": s, "name": names[s], "kind": kinds[s], "token": tokens[s],
                         "claimed": kinds[s] == OWNER} for s in range(len(names))])
            except sa.exc.IntegrityError:
                continue  # that code is taken: draw another
            return NewTable(code, key, {s: t for s, t in tokens.items() if kinds[s] == CLASSMATE})
        raise RuntimeError("no free table code after 20 draws")

    # ------------------------------------------------------------------------------------------ coming in

    def open(self, code: str, key: str) -> Sitting:
        """The page of a table's link: ``key`` is the owner key or a seat's token. Refused for an unknown code or
        a key that is not one of the table's. A classmate's first visit marks the seat taken."""
        with self.store.transaction() as conn:
            table = self._table(conn, code)
            if key and key == table.owner_key:
                owned = conn.execute(sa.select(table_seats.c.seat).where(
                    table_seats.c.table_id == table.id, table_seats.c.kind == OWNER).order_by(table_seats.c.seat))
                seats = tuple(owned.scalars())
                return Sitting(table.id, table.code, table.game, key, seats, True, self._over_note(table))
            row = conn.execute(sa.select(table_seats).where(
                table_seats.c.table_id == table.id, table_seats.c.token == key)).first() if key else None
            if row is None:
                raise Refused(f"This link's key is not one of table {table.code}'s seats: ask the table's creator "
                              "for your link.")
            if row.kind != CLASSMATE:
                return Sitting(table.id, table.code, table.game, key, (), False,
                               f"{row.name}'s seat was handed to a bot ({row.kind}): you are watching the game.")
            if not row.claimed:
                conn.execute(table_seats.update().where(table_seats.c.table_id == table.id,
                                                        table_seats.c.seat == row.seat).values(claimed=True))
                self._bump(conn, table.id)
            return Sitting(table.id, table.code, table.game, key, (row.seat,), False, self._over_note(table))

    def join(self, code: str) -> Sitting:
        """Take the first classmate seat of table ``code`` nobody has opened yet; Refused when none is left or the
        game is over."""
        with self.store.transaction() as conn:
            table = self._table(conn, code)
            if table.over:
                raise Refused(f"The game at table {table.code} is over: no seat to take.")
            query = sa.select(table_seats).where(table_seats.c.table_id == table.id, table_seats.c.kind == CLASSMATE,
                                                 table_seats.c.claimed.is_(False)).order_by(table_seats.c.seat)
            if conn.dialect.name != "sqlite":
                query = query.with_for_update()
            row = conn.execute(query.limit(1)).first()
            if row is None:
                raise Refused(f"Every classmate's seat at table {table.code} is taken: ask its creator for your own "
                              "link.")
            conn.execute(table_seats.update().where(table_seats.c.table_id == table.id,
                                                    table_seats.c.seat == row.seat).values(claimed=True))
            self._bump(conn, table.id)
            return Sitting(table.id, table.code, table.game, row.token, (row.seat,), False)

    # ------------------------------------------------------------------------------------------ reading

    def version(self, table_id: int) -> int:
        """The table's version: one more at every move, undo, join or seat handed (a page's cheap look)."""
        with self.store.read() as conn:
            return conn.execute(sa.select(game_tables.c.version).where(game_tables.c.id == table_id)).scalar_one()

    def stamp(self) -> tuple[int, int]:
        """The number of tables and the sum of their versions: changed whenever any table changed."""
        with self.store.read() as conn:
            count, total = conn.execute(sa.select(sa.func.count(), sa.func.coalesce(sa.func.sum(
                game_tables.c.version), 0))).one()
        return int(count), int(total)

    def view(self, table_id: int) -> TableView:
        """The table's seats and moves, as every page of it may read them."""
        with self.store.read() as conn:
            table = conn.execute(sa.select(game_tables).where(game_tables.c.id == table_id)).one()
            return TableView(table.id, table.code, table.game, table.version, table.over, table.turn,
                             self._seats(conn, table_id), self._moves(conn, table_id))

    def start_of(self, table_id: int) -> Any:
        """The table's starting position, rebuilt by the engine (it holds the seed: for the page's kernel only)."""
        with self.store.read() as conn:
            table = conn.execute(sa.select(game_tables.c.game, game_tables.c.start).where(
                game_tables.c.id == table_id)).one()
        return GAMES[table.game].from_json(table.start)

    def overview(self) -> list[TableLine]:
        """Every table of the store, the latest moved first: for the teacher's page (no key, no secret)."""
        with self.store.read() as conn:
            tables = conn.execute(sa.select(game_tables).order_by(game_tables.c.updated.desc())).all()
            seats = conn.execute(sa.select(table_seats).order_by(table_seats.c.table_id, table_seats.c.seat)).all()
        by_table: dict[int, list[SeatLine]] = {}
        for row in seats:
            by_table.setdefault(row.table_id, []).append(SeatLine(row.seat, row.name, row.kind, row.claimed))
        lines = []
        for t in tables:
            players = tuple(by_table.get(t.id, ()))
            turn = "" if t.over or t.turn is None else players[t.turn].name
            lines.append(TableLine(t.code, t.game, players, t.ply, turn, t.over, t.updated))
        return lines

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
            table = self._locked(conn, sitting.table_id)
            if table.ply != ply:
                raise Refused("Another move came first: the game on your screen is brought up to date.")
            row = conn.execute(sa.select(table_seats).where(table_seats.c.table_id == table.id,
                                                            table_seats.c.seat == seat)).one()
            if row.kind in HUMAN_KINDS and (bot or not self._holds(conn, sitting, row)):
                raise Refused(f"It is {row.name}'s turn, and only {row.name}'s page may move for that seat.")
            if row.kind not in HUMAN_KINDS and not bot:
                raise Refused(f"{row.name}'s seat is played by a bot ({row.kind}).")
            conn.execute(table_moves.insert().values(table_id=table.id, ply=ply, seat=seat, move=str(move),
                                                     at=self.now()))
            conn.execute(game_tables.update().where(game_tables.c.id == table.id).values(
                ply=ply + 1, turn=after.current_player, over=after.is_over, version=table.version + 1,
                updated=self.now()))
        return after

    def undo(self, sitting: Sitting, state_before: Callable[[int], Any]) -> int:
        """Take back the table's last move, if this page made it for one of its seats and nobody has moved since;
        gives the number of moves left. ``state_before(ply)`` is the position before that move (for its turn)."""
        with self.store.transaction() as conn:
            table = self._locked(conn, sitting.table_id)
            last = conn.execute(sa.select(table_moves).where(table_moves.c.table_id == table.id).order_by(
                table_moves.c.ply.desc()).limit(1)).first()
            if table.over:
                raise Refused("The game is over: no move is taken back.")
            if last is None or last.seat not in sitting.seats:
                raise Refused("Only your own last move can be taken back, and only before anyone else has moved.")
            row = conn.execute(sa.select(table_seats).where(table_seats.c.table_id == table.id,
                                                            table_seats.c.seat == last.seat)).one()
            if not self._holds(conn, sitting, row):
                raise Refused("This page no longer holds that seat.")
            before = state_before(last.ply)
            conn.execute(table_moves.delete().where(table_moves.c.table_id == table.id,
                                                    table_moves.c.ply == last.ply))
            conn.execute(game_tables.update().where(game_tables.c.id == table.id).values(
                ply=last.ply, turn=before.current_player, over=False, version=table.version + 1,
                updated=self.now()))
            return last.ply

    def hand_to_bot(self, sitting: Sitting, seat: int, level: str) -> None:
        """The creator's page hands a classmate's seat to a bot of ``level`` (a player has gone)."""
        with self.store.transaction() as conn:
            table = self._locked(conn, sitting.table_id)
            if not sitting.owner or sitting.key != table.owner_key:
                raise Refused("Only the table's creator may hand a seat to a bot.")
            if level not in bot_levels(table.game):
                raise Refused(f"A bot plays at one of these levels: {', '.join(bot_levels(table.game))}.")
            row = conn.execute(sa.select(table_seats).where(table_seats.c.table_id == table.id,
                                                            table_seats.c.seat == seat)).first()
            if row is None or row.kind != CLASSMATE:
                raise Refused("Only a classmate's seat can be handed to a bot.")
            if table.over:
                raise Refused("The game is over.")
            conn.execute(table_seats.update().where(table_seats.c.table_id == table.id,
                                                    table_seats.c.seat == seat).values(kind=level))
            self._bump(conn, table.id)

    # ------------------------------------------------------------------------------------------ inside

    def _table(self, conn: Connection, code: str):
        table = conn.execute(sa.select(game_tables).where(game_tables.c.code == typed_code(code or ""))).first()
        if table is None:
            shown = typed_code(code or "") or "(empty)"
            raise Refused(f"No table has the code {shown}: check the link or the code with the table's creator.")
        return table

    def _locked(self, conn: Connection, table_id: int):
        query = sa.select(game_tables).where(game_tables.c.id == table_id)
        if conn.dialect.name != "sqlite":
            query = query.with_for_update()  # SQLite's writer already holds the whole database
        return conn.execute(query).one()

    def _holds(self, conn: Connection, sitting: Sitting, row) -> bool:
        """Whether the page's key is, now, the key of seat ``row`` (the owner key for an owner's seat)."""
        if row.kind == OWNER:
            owner = conn.execute(sa.select(game_tables.c.owner_key).where(
                game_tables.c.id == row.table_id)).scalar_one()
            return sitting.key == owner
        return row.kind == CLASSMATE and sitting.key == row.token

    def _bump(self, conn: Connection, table_id: int) -> None:
        conn.execute(game_tables.update().where(game_tables.c.id == table_id).values(
            version=game_tables.c.version + 1, updated=self.now()))

    @staticmethod
    def _over_note(table) -> str:
        return f"The game at table {table.code} is over." if table.over else ""

    @staticmethod
    def _seats(conn: Connection, table_id: int) -> tuple[SeatLine, ...]:
        rows = conn.execute(sa.select(table_seats).where(table_seats.c.table_id == table_id).order_by(
            table_seats.c.seat))
        return tuple(SeatLine(r.seat, r.name, r.kind, r.claimed) for r in rows)

    @staticmethod
    def _moves(conn: Connection, table_id: int) -> tuple[str, ...]:
        rows = conn.execute(sa.select(table_moves.c.move).where(table_moves.c.table_id == table_id).order_by(
            table_moves.c.ply))
        return tuple(rows.scalars())


def catch_up(match: Match, moves: Sequence[str]) -> Match:
    """``match`` brought to the stored ``moves``: the moves it shares with them kept, the rest played by the
    engine (a move taken back is dropped). ``match`` is changed in place and returned."""
    module = GAMES[match.state.GAME]
    mine = [str(m) for m in match.moves]
    same = 0
    while same < min(len(mine), len(moves)) and mine[same] == moves[same]:
        same += 1
    match.goto(same)
    for text in moves[same:]:
        match.play(module.parse_move(text))
    return match
