"""The class page under a class's load: 40 students joining, at 10 tables, in an auction round with a prediction and
practising, all at once, against one `make play` server; how soon the teacher's class page shows each change, and
how many store queries each page's poll makes.

Starts `make play` (a free port, a class store of its own in a temporary folder), makes a class and a room of it,
and opens in Debian's Chromium the teacher's class page (a browser context of its own: the teacher's screen), the
room's teacher page (another: the round's live count of bids and predictions is there, not on the class page) and
3 students' class pages (tabs of one context). The other 37 students act through the store's requests from 4
separate processes, as kernels on other machines would: they join the class (``Classes.join``), say a page of
theirs is open (``Classes.seen``, every ~20 s), take their seats in the room (``ClassAuction.join_member``), and in
each round predict (``predict``) and bid (``bid``); they practise (``PracticeRecord.keep`` under their learner id, a
rule they had not practised each time); and the processes play the 10 tables' moves (``GameTables.record``, a legal
move of the engine's, every 2 to 5 s a table, the 3 browser students' seats too; a seat no student fills is a bot's).
The benchmark runs the rounds itself (start with a question, close, reveal) through the room's requests; one process
also acts for the teacher: it hands a seat to a bot (``hand_seat_to_bot``) and ends a table (``end_table``).

Every change is timed at its commit (the worker's clock) and again when the teacher's class page first shows it (the
browser's clock, the same machine's), noted by the page itself: a member on the roster (``tr.bg-member``), here now
(its ``data-here``), a table (``.bg-table-words``' ``data-code``), its count of moves (``data-moves``; an ended
table's from its record's words), a seat handed to a bot and a table ended (their words), a practice grid's cell
(``td.bg-practice-cell``' ``data-state``, ``data-student``, ``data-rule``), a closed round's line
(``tr.bg-class-round``). A bid and a prediction are timed on the room's teacher page (``.bg-count``' ``data-bids``,
``.bg-answered``' ``data-answered``): the class page shows a round once it is closed.

Prints: each kind of change, timed and lost, median and p95 (target: p95 <= 1 s on the class page); what was sent
and what the store holds (they must be equal); the store queries of one poll of the class page, the student's class
page, the auction student page and the table page, nothing changed and something changed (counted in this process
by a SQLAlchemy ``before_cursor_execute`` listener, the pages' widgets driven without a browser on the run's
store); the server's kernels and memory. Exits with 1 when a change is lost, a request is refused, the store holds
other counts than were sent, or the p95 misses the target.

Usage: python benchmarks/class_page.py [--students 40] [--tables 10] [--seconds 90]
       (a quick check: --students 8 --tables 2 --seconds 20)
"""

from __future__ import annotations

import argparse
import heapq
import multiprocessing as mp
import os
import queue
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from class_server import IGNORED, POOL, Server, start, stop
from playwright.sync_api import sync_playwright

from boardgames import GAMES, Match
from boardgames.bots import bot_levels
from boardgames.practice import KINDS, kinds
from classroom.auction import QUESTIONS, ClassAuction
from classroom.classes import Classes
from classroom.practice import Answer, PracticeRecord
from classroom.store import Refused, bids, members, open_store, practice_answers, predictions, table_moves
from classroom.tables import CLASSMATE, GameTables, catch_up

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))  # tests/support: the browser helpers
from support.browser import CHROMIUM, CHROMIUM_ARGS, VIEWPORT, free_port  # noqa: E402

BROWSER_STUDENTS = 3
PROCESSES = 4
SEATS = 4  # players at a table
GAME_CYCLE = ("medici", "medina", "metropolis")  # the tables' games, in turn
TARGET = 1.0  # s: a change shown on the class page within this long (p95)
JOIN_SPREAD = 8.0  # s: the students join within this long
MOVE_GAP = (2.0, 5.0)  # s: between two moves at a table
SEEN_GAP = (19.0, 22.0)  # s: between two "a page of mine is open"
PRACTICE_GAP = (8.0, 25.0)  # s: between two practice answers of a student
PREDICT_WITHIN, BID_WITHIN = (0.3, 3.0), (1.5, 8.0)  # s after a round's start
ROUND_OPEN, REVEAL_AFTER, ROUND_GAP = 12.0, 2.0, 4.0  # s: a round open, closed before its reveal, after it
CATCH_UP = 30.0  # s: the longest wait for the pages to show the last changes
LONG = 180_000  # ms: a class page starts a kernel of its own (not pre-heated)
# The teacher's class page notes, in the page itself, when it first shows each change (the browser's clock), so that
# a change is timed even while this script is busy elsewhere. Keys: member:NICK, here:NICK, table:CODE,
# move:CODE:N, bot:CODE (a seat handed to a bot), ended:CODE, practice:NICK|RULE, round:ROOM:N.
WATCH_CLASS = r"""() => { window.bgSeen = {}; window.bgMoves = {};
    const mark = (k, t) => { if (!(k in window.bgSeen)) window.bgSeen[k] = t; };
    const moves = (code, n, t) => { const had = window.bgMoves[code] || 0;
        for (let k = had + 1; k <= n; k++) mark('move:' + code + ':' + k, t);
        if (n > had) window.bgMoves[code] = n; };
    const note = () => { const t = Date.now() / 1000;
        for (const r of document.querySelectorAll('tr.bg-member')) { const b = r.querySelector('b'); if (!b) continue;
            mark('member:' + b.textContent, t); if (r.dataset.here === '1') mark('here:' + b.textContent, t); }
        for (const e of document.querySelectorAll('.bg-table-words[data-code]')) { mark('table:' + e.dataset.code, t);
            if (e.textContent.includes('(bot, ')) mark('bot:' + e.dataset.code, t);
            const m = e.textContent.match(/· (\d+) moves?/);
            if (e.dataset.moves !== undefined) moves(e.dataset.code, +e.dataset.moves, t);
            else if (m) moves(e.dataset.code, +m[1], t); }
        for (const e of document.querySelectorAll('tr.bg-table-record[data-code]')) {
            mark('table:' + e.dataset.code, t);
            if (e.textContent.includes('ended by the teacher')) mark('ended:' + e.dataset.code, t);
            const m = e.textContent.match(/after (\d+) moves?/); if (m) moves(e.dataset.code, +m[1], t); }
        for (const e of document.querySelectorAll('tr.bg-class-round[data-room]'))
            mark('round:' + e.dataset.room + ':' + e.dataset.number, t);
        for (const c of document.querySelectorAll('td.bg-practice-cell[data-rule]'))
            if (c.dataset.state && c.dataset.state !== 'none')
                mark('practice:' + c.dataset.student + '|' + c.dataset.rule, t);
    };
    note();
    new MutationObserver(note).observe(document.body,
        {subtree: true, childList: true, attributes: true, characterData: true}); }"""
# The room's teacher page notes when its count of the open round's bids, and of its predictions, changes.
WATCH_ROOM = """() => { window.bgRound = {bids: [], answered: []};
    const track = (list, n, t) => { if (!list.length || list[list.length - 1][0] !== n) list.push([n, t]); };
    new MutationObserver(() => { const t = Date.now() / 1000;
        const c = document.querySelector('.bg-count'), a = document.querySelector('.bg-answered');
        if (c && c.dataset.bids !== undefined) track(window.bgRound.bids, Number(c.dataset.bids), t);
        if (a) track(window.bgRound.answered, Number(a.dataset.answered), t); })
    .observe(document.body, {subtree: true, childList: true, attributes: true, characterData: true}); }"""
NEW_ROUND = "() => { window.bgRound = {bids: [], answered: []}; }"
# What each kind of change is and where it shows: on the class page (its target), or on the room's teacher page.
KINDS_SHOWN = {
    "member": ("a student joins", "class page: the roster"),
    "here": ("a student's page says it is open", "class page: here now"),
    "table": ("a table is made", "class page: the tables"),
    "move": ("a move at a table", "class page: the table's moves"),
    "bot": ("a seat handed to a bot", "class page: the table's players"),
    "ended": ("a table ended by the teacher", "class page: its record"),
    "practice": ("a practice answer", "class page: the practice grid"),
    "round": ("a round is closed", "class page: the round's line"),
}
ROOM_KINDS = {"bid": ("a bid", "room's teacher page: the count"),
              "predict": ("a prediction", "room's teacher page: answered")}


# ---------------------------------------------------------------------------------------------- the students

@dataclass
class Table:
    """A table as a worker plays it: its seats' sittings (a bot's seat moves from the owner's), the position."""

    code: str
    sittings: dict[int, Any]
    owner: Any
    game: str
    state: Any
    ply: int = 0
    ended: bool = False


def practice_rules() -> list[tuple[str, str, str]]:
    """(game, kind id, rule id) of every exercise kind that practises one rule, one a rule."""
    for game in GAME_CYCLE:
        kinds(game)  # registers the game's kinds
    seen, found = set(), []
    for kind in KINDS.values():
        if len(kind.rules) == 1 and kind.rules[0] not in seen:
            seen.add(kind.rules[0])
            found.append((kind.game, kind.id, kind.rules[0]))
    return found


class Students:
    """One process's students: joins, presence, practice, predictions, bids, and the moves of its tables. Every
    commit goes to ``events`` as (kind, key, time at commit)."""

    def __init__(self, number: int, code: str, nicknames: list[str], control: mp.Queue, events: mp.Queue) -> None:
        self.store = open_store()
        self.classes, self.auction = Classes(self.store), ClassAuction(self.store)
        self.tables, self.practice = GameTables(self.store), PracticeRecord(self.store)
        self.code, self.nicknames, self.control, self.events = code, nicknames, control, events
        self.rng = random.Random(1000 + number)
        self.members: dict[str, Any] = {}
        self.seats: dict[str, str] = {}  # nickname -> their seat's token in the room
        self.question: str | None = None
        self.round = 0
        self.rules = practice_rules()
        self.to_practise: dict[str, list] = {}
        self.my_tables: list[Table] = []
        self.key = ""
        self.plan: list[tuple[float, int, tuple]] = []
        self.counter = 0
        self.sent: dict[str, int] = {}

    def note(self, kind: str, key: str) -> None:
        self.events.put((kind, key, time.time()))
        self.sent[kind] = self.sent.get(kind, 0) + 1

    def later(self, seconds: float, *action: Any) -> None:
        self.counter += 1
        heapq.heappush(self.plan, (time.monotonic() + seconds, self.counter, action))

    def run(self) -> None:
        while True:
            try:
                message = self.control.get(timeout=0.02 if self.plan else 1.0)
            except queue.Empty:
                message = None
            if message is not None and message[0] == "stop":
                break
            if message is not None:
                self.attempt(self.told, *message)
            while self.plan and self.plan[0][0] <= time.monotonic():
                _, _, action = heapq.heappop(self.plan)
                self.attempt(self.act, *action)
        self.events.put(("done", self.sent, time.time()))
        self.store.close()

    def attempt(self, request: Callable[..., None], what: str, *args: Any) -> None:
        """``request(what, *args)``; a refusal, or any failure, is sent back as an error (the run goes on)."""
        try:
            request(what, *args)
        except Refused as refused:
            self.events.put(("error", f"{what}: {refused}", time.time()))
        except Exception as error:  # noqa: BLE001 (a store that fails under load is a figure, not a crash)
            self.events.put(("error", f"{what}: {type(error).__name__}: {error}", time.time()))

    def told(self, what: str, *args: Any) -> None:
        if what == "join":
            for name in self.nicknames:
                self.later(self.rng.uniform(0, JOIN_SPREAD), "join", name)
        elif what == "room":
            for name, member in self.members.items():
                self.seats[name] = self.auction.join_member(args[0], member.token).token
        elif what == "tables":
            for code, owner_key, tokens in args[0]:
                owner = self.tables.open(code, owner_key)
                sittings = {seat: self.tables.open(code, token) for seat, token in tokens.items()}
                self.my_tables.append(Table(code, sittings, owner, owner.game, self.tables.start_of(owner.table_id)))
                self.later(self.rng.uniform(*MOVE_GAP), "move", len(self.my_tables) - 1)
        elif what == "go":
            for name in self.members:
                self.later(self.rng.uniform(*SEEN_GAP), "seen", name)
                self.later(self.rng.uniform(1.0, PRACTICE_GAP[1]), "practise", name)
        elif what == "teacher":  # this process also acts for the teacher: a seat handed to a bot, a table ended
            self.key, hand_at, end_at = args
            if self.my_tables:
                self.later(hand_at, "hand", 0)
                self.later(end_at, "end", len(self.my_tables) - 1)
        elif what == "round":
            self.round, self.question = args
            for name in self.seats:
                self.later(self.rng.uniform(*PREDICT_WITHIN), "predict", name, self.round)
                self.later(self.rng.uniform(*BID_WITHIN), "bid", name, self.round)

    def act(self, what: str, *args: Any) -> None:
        if what == "join":
            name = args[0]
            member = self.classes.join(self.code, name)
            self.note("member", name)
            self.members[name] = member
            self.events.put(("token", name, member.token))
            self.classes.seen(member.token)
            self.note("here", name)
            rules = list(self.rules)
            self.rng.shuffle(rules)
            self.to_practise[name] = rules
        elif what == "seen":
            self.classes.seen(self.members[args[0]].token)
            self.later(self.rng.uniform(*SEEN_GAP), "seen", args[0])
        elif what == "practise":
            name = args[0]
            if self.to_practise[name]:
                game, kind, rule = self.to_practise[name].pop()
                right = self.rng.random() < 0.7
                self.practice.keep(Answer(self.members[name].learner, game, kind, self.rng.randrange(10**6), (rule,),
                                          right, right and self.rng.random() < 0.6))
                self.note("practice", f"{name}|{rule}")
                self.later(self.rng.uniform(*PRACTICE_GAP), "practise", name)
        elif what == "move" and not self.my_tables[args[0]].ended:
            self.move(self.my_tables[args[0]])
            self.later(self.rng.uniform(*MOVE_GAP), "move", args[0])
        elif what == "hand":  # the seat to move: its student has gone, their seat is handed to a bot
            table = self.my_tables[args[0]]
            seat = table.state.current_player
            if seat in table.sittings and not table.ended:
                self.tables.hand_seat_to_bot(self.key, table.code, seat, bot_levels(table.game)[0])
                del table.sittings[seat]
                self.note("bot", table.code)
        elif what == "end":
            table = self.my_tables[args[0]]
            if table.state.current_player is not None:
                self.tables.end_table(self.key, table.code)
                table.ended = True
                self.note("ended", table.code)
        elif what == "predict" and args[1] == self.round and self.question:
            self.auction.predict(self.seats[args[0]], self.rng.choice(QUESTIONS[self.question].answers))
            self.note("predict", str(args[1]))
        elif what == "bid" and args[1] == self.round:
            token = self.seats[args[0]]
            estimate = self.auction.estimate(token) / 100
            self.auction.bid(token, f"{max(0.5, estimate + self.rng.uniform(-1.5, 1)):.2f}")
            self.note("bid", str(args[1]))

    def move(self, table: Table) -> None:
        """A legal move of the engine's for the seat to move (a bot's seat: as the bot's move)."""
        state = table.state
        seat = state.current_player
        if seat is None:
            return
        move = self.rng.choice(state.legal_moves())
        sitting = table.sittings.get(seat)
        table.state = self.tables.record(sitting or table.owner, table.ply, state, move, bot=sitting is None)
        table.ply += 1
        self.note("move", f"{table.code}:{table.ply}")


def students(number: int, code: str, nicknames: list[str], control: mp.Queue, events: mp.Queue) -> None:
    """A process of API students (its own class store connection, as a kernel on another machine)."""
    Students(number, code, nicknames, control, events).run()


# ---------------------------------------------------------------------------------------------- the class

@dataclass
class Run:
    """What the benchmark gathers: commits by key (kind -> key -> time), refusals, counts sent, samples."""

    commits: dict[str, dict[str, float]] = field(default_factory=lambda: {k: {} for k in (*KINDS_SHOWN, "bid",
                                                                                              "predict")})
    round_commits: dict[str, dict[int, list[float]]] = field(default_factory=lambda: {"bid": {}, "predict": {}})
    room_latency: dict[str, list[float]] = field(default_factory=lambda: {"bid": [], "predict": []})
    room_lost: dict[str, int] = field(default_factory=lambda: {"bid": 0, "predict": 0})
    tokens: dict[str, str] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)
    sent: dict[str, int] = field(default_factory=dict)
    done: int = 0
    page_errors: list[str] = field(default_factory=list)
    kernels: list[int] = field(default_factory=list)
    memory: list[float] = field(default_factory=list)

    def take(self, events: mp.Queue) -> None:
        """Everything the processes sent since the last look."""
        while True:
            try:
                kind, key, at = events.get_nowait()
            except queue.Empty:
                return
            if kind == "token":
                self.tokens[key] = at
            elif kind == "error":
                self.errors.append(key)
            elif kind == "done":
                self.done += 1
                for name, count in key.items():
                    self.sent[name] = self.sent.get(name, 0) + count
            elif kind in self.round_commits:
                self.round_commits[kind].setdefault(int(key), []).append(at)
            else:
                self.commits[kind][key] = at

    def commit(self, kind: str, key: str) -> None:
        self.commits[kind][key] = time.time()
        self.sent[kind] = self.sent.get(kind, 0) + 1


def room_round(run: Run, room_page: Any, number: int) -> None:
    """The k-th bid (prediction) of round ``number``, by commit time, against the moment the room's teacher page
    first counted k."""
    noted = room_page.evaluate("() => window.bgRound")
    for kind, shown_key in (("bid", "bids"), ("predict", "answered")):
        shown: dict[int, float] = {}
        for n, at in noted[shown_key]:
            for k in range(1, int(n) + 1):
                shown.setdefault(k, at)
        for k, at in enumerate(sorted(run.round_commits[kind].get(number, [])), start=1):
            if k in shown:
                run.room_latency[kind].append(max(0.0, shown[k] - at))
            else:
                run.room_lost[kind] += 1


class Rounds:
    """The auction, run through the room's requests: a round with a question, open ``ROUND_OPEN`` s, closed,
    revealed ``REVEAL_AFTER`` s later (its bids and predictions timed then), the next ``ROUND_GAP`` s after."""

    def __init__(self, auction: ClassAuction, room: Any, room_page: Any, control: list[mp.Queue], run: Run,
                 events: mp.Queue) -> None:
        self.auction, self.room, self.page, self.control, self.run = auction, room, room_page, control, run
        self.events = events
        self.number, self.state, self.next_at = 0, "idle", time.monotonic() + 2.0
        self.finished: list[int] = []

    def step(self, may_start: bool) -> None:
        now = time.monotonic()
        if self.state == "idle" and now >= self.next_at and may_start:
            question = ("overpay", "losers")[self.number % 2]
            self.number = self.auction.start_round(self.room.teacher_key, question=question)
            self.page.evaluate(NEW_ROUND)
            for q in self.control:
                q.put(("round", self.number, question))
            self.state, self.next_at = "open", now + ROUND_OPEN
        elif self.state == "open" and now >= self.next_at:
            self.auction.close_round(self.room.teacher_key)
            self.run.commit("round", f"{self.room.code}:{self.number}")
            self.state, self.next_at = "closed", now + REVEAL_AFTER
        elif self.state == "closed" and now >= self.next_at:
            self.run.take(self.events)
            room_round(self.run, self.page, self.number)
            self.auction.reveal(self.room.teacher_key)
            self.state, self.next_at = "idle", now + ROUND_GAP
            self.finished.append(self.number)


def wait_for_students(run: Run, events: mp.Queue, count: int, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while len(run.tokens) < count and time.monotonic() < deadline:
        run.take(events)
        time.sleep(0.1)
    if len(run.tokens) < count:
        raise RuntimeError(f"only {len(run.tokens)} of {count} students joined within {timeout:.0f} s")


def make_tables(tables: GameTables, key: str, order: list[str], count: int,
                run: Run) -> list[tuple[str, str, dict[int, str]]]:
    """``count`` tables of the class, each of ``SEATS`` students in the order they are listed (a bot for a seat no
    student is left for); gives each table's (code, owner key, seat tokens)."""
    made = []
    for t in range(count):
        game = GAME_CYCLE[t % len(GAME_CYCLE)]
        players = order[t * SEATS:(t + 1) * SEATS]
        names = players + [f"Bot {s + 1}" for s in range(len(players), SEATS)]
        kinds = [CLASSMATE] * len(players) + [bot_levels(game)[0]] * (SEATS - len(players))
        start_state = GAMES[game].new_game(names, seed=t)
        new = tables.create(start_state, kinds, class_key=key, members=dict(enumerate(players)))
        run.commit("table", new.code)
        made.append((new.code, new.owner_key, dict(new.tokens)))
    return made


def latencies(run: Run, seen: dict[str, float]) -> dict[str, tuple[list[float], int]]:
    """Per kind of change on the class page: the delays from commit to shown, and how many never showed."""
    found = {}
    for kind in KINDS_SHOWN:
        delays, lost = [], 0
        for key, at in run.commits[kind].items():
            shown = seen.get(f"{kind}:{key}")
            if shown is None:
                lost += 1
            else:
                delays.append(max(0.0, shown - at))
        found[kind] = (delays, lost)
    return found


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[int(0.95 * (len(ordered) - 1))]


def figures_line(delays: list[float]) -> str:
    if not delays:
        return "     –        –"
    return f"{statistics.median(delays):6.2f} s {p95(delays):6.2f} s  max {max(delays):5.2f} s"


# ---------------------------------------------------------------------------------------------- queries per poll

class Queries:
    """The SQL statements a store's engine runs (``before_cursor_execute``), a transaction's BEGIN apart."""

    def __init__(self, engine: sa.Engine) -> None:
        self.statements = self.begins = 0
        sa.event.listen(engine, "before_cursor_execute", self._count)

    def _count(self, conn, cursor, statement, parameters, context, executemany) -> None:  # noqa: ARG002
        if statement.lstrip().upper().startswith("BEGIN"):
            self.begins += 1
        else:
            self.statements += 1

    def of(self, action: Callable[[], Any]) -> tuple[int, int, float]:
        """The statements and transactions of ``action``, and how long it took (s, this process's wall clock)."""
        self.statements = self.begins = 0
        started = time.perf_counter()
        action()
        return self.statements, self.begins, time.perf_counter() - started


class Clock:
    """The pages' clock: ``ahead`` seconds from now, moved on by hand."""

    def __init__(self, ahead: float = 0.0) -> None:
        self.t = time.time() + ahead

    def __call__(self) -> float:
        return self.t


def a_move(tables: GameTables, code: str, tokens: dict[int, str]) -> None:
    """A legal move at table ``code``, from the page of the seat to move (a changer's request)."""
    sitting = tables.open(code, next(iter(tokens.values())))
    match = catch_up(Match(tables.start_of(sitting.table_id)), tables.view(sitting.table_id).moves)
    state = match.state
    mover = tables.open(code, tokens[state.current_player])
    tables.record(mover, match.ply, state, random.Random(match.ply).choice(state.legal_moves()))


def poll_queries(key: str, room: Any, tokens: dict[str, str], tables: list[tuple[str, str, dict[int, str]]],
                 api: list[str]) -> list[tuple[str, str, str]]:
    """Each page's poll, driven in this process on the run's store: the statements it runs with nothing changed
    and after a change (made through another connection, not counted); and what one more round adds to it."""
    from widgets.classpages.auction.student import StudentPage
    from widgets.classpages.classes import ClassPage, StudentClassPage
    from widgets.classpages.classes.shared import ClassStore
    from widgets.classpages.tables.pages import TablePage

    store, changer = open_store(), open_store()
    count = Queries(store.engine)
    auction, classes = ClassAuction(changer), Classes(changer)
    changes, practice = GameTables(changer), PracticeRecord(changer)
    ada, ben = api[0], api[1]
    still = {line.code for line in changes.overview(class_key=key)
             if not line.over and not line.ended and not any(p.is_bot for p in line.players)}
    code, _, seats = next(t for t in tables if t[0] in still)
    learner = classes.member(tokens[ada]).learner
    rounds = len(auction.teacher_view(room.teacher_key).rounds)
    view = classes.class_view(key)
    lines = []

    def answer() -> None:
        practice.keep(Answer(learner, "medici", "medici.who-can-play", 1, ("medici.setup.players",), True, True))

    def class_page() -> tuple[ClassPage, Clock]:
        clock = Clock(ahead=3600)  # an hour on: nobody is here now, and that stays still while the clock moves on
        page = ClassPage(ClassStore(store, now=clock), key)
        page.poller._look()
        return page, clock

    page, clock = class_page()
    idle = count.of(page.poller._look)
    answer()
    clock.t += 1
    changed = count.of(page.poller._look)
    a_move(changes, code, seats)
    clock.t += 10
    exported = count.of(page.poller._look)
    clock.t += 15
    ticked = count.of(page.poller._look)

    clock = Clock()
    student = StudentClassPage(ClassStore(store, now=clock), tokens[ada])
    clock.t += 1
    between = count.of(student.poller._look)
    clock.t += 3
    looked = count.of(student.poller._look)
    clock.t += 15
    told = count.of(student.poller._look)
    lines.append(("a student's class page (every 0.5 s)", f"between its looks: {said(between)}",
                  f"its look every 3 s, changed or not: {said(looked)}; with its 'here' every 15 s: {said(told)}"))

    bidder = StudentPage(ClassAuction(store), code=room.code, member=tokens[ada])
    bidder.poller._look()
    bidding_idle = count.of(bidder.poller._look)
    auction.start_round(room.teacher_key, question="overpay")
    started = count.of(bidder.poller._look)
    auction.bid(auction.join_member(room.code, tokens[ben]).token, "7.50")
    bid = count.of(bidder.poller._look)
    auction.close_round(room.teacher_key)
    auction.reveal(room.teacher_key)
    bidder = StudentPage(ClassAuction(store), code=room.code, member=tokens[ada])
    bidder.poller._look()
    auction.start_round(room.teacher_key, question="overpay")
    started_more = count.of(bidder.poller._look)  # one more round revealed before it
    auction.bid(auction.join_member(room.code, tokens[ben]).token, "7.50")
    auction.close_round(room.teacher_key)
    auction.reveal(room.teacher_key)

    page, clock = class_page()  # two more rounds closed since the first
    answer()
    clock.t += 1
    changed_more = count.of(page.poller._look)
    lines.insert(0, (f"the class page (every 0.5 s; {len(view.members)} members, {len(view.tables)} tables, "
                     f"{rounds} round{'s' * (rounds != 1)} closed)", f"nothing changed: {said(idle)}",
                     f"a change: {said(changed)}, and {per_round(changed, changed_more, 2)} for each more round "
                     f"closed; a change with the export due (every 10 s): {said(exported)}; nothing changed, its 15 s "
                     f"redraw: {said(ticked)}"))
    lines.append((f"the auction student page (every 0.5 s; {rounds} round{'s' * (rounds != 1)} revealed)",
                  f"nothing changed: {said(bidding_idle)}",
                  f"a round started: {said(started)}, and {per_round(started, started_more, 1)} for each more round "
                  f"revealed; another student's bid: {said(bid)}"))

    table = TablePage(GameTables(store), code, seats[0])
    table.app.poller._look()
    idle = count.of(table.app.poller._look)
    a_move(changes, code, seats)
    moved = count.of(table.app.poller._look)
    lines.append(("the table page (every 0.5 s)", f"nothing changed: {said(idle)}",
                  f"another seat's move: {said(moved)}"))
    store.close()
    changer.close()
    return lines


def said(counted: tuple[int, int, float]) -> str:
    statements, begins, seconds = counted
    return f"{statements} ({begins} transaction{'s' * (begins != 1)}, {seconds * 1000:.0f} ms)"


def per_round(before: tuple[int, int, float], after: tuple[int, int, float], rounds: int) -> str:
    return f"{(after[0] - before[0]) / rounds:+g}"


# ---------------------------------------------------------------------------------------------- the run

def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=int, default=40)
    parser.add_argument("--tables", type=int, default=10)
    parser.add_argument("--seconds", type=float, default=90, help="how long the class's load lasts (default 90)")
    args = parser.parse_args()
    if args.students < BROWSER_STUDENTS + 2 or args.tables < 1:
        sys.exit(f"--students must be at least {BROWSER_STUDENTS + 2}, --tables at least 1")
    if not os.path.exists(CHROMIUM):
        sys.exit(f"{CHROMIUM} is missing: apt-get install -y chromium")
    os.environ["BOARDGAMES_DATA"] = tempfile.mkdtemp(prefix="class-page-")
    os.environ.pop("BOARDGAMES_DB", None)
    store = open_store()
    klass = Classes(store).create_class("Load")
    room = ClassAuction(store).create_room("Load", class_key=klass.key)
    names = [f"Student {k + 1}" for k in range(args.students)]
    events: mp.Queue = mp.Queue()
    control = [mp.Queue() for _ in range(PROCESSES)]
    workers = [mp.Process(target=students, args=(k, klass.code, names[BROWSER_STUDENTS:][k::PROCESSES], control[k],
                                                 events), daemon=True) for k in range(PROCESSES)]
    for worker in workers:
        worker.start()
    run = Run()
    log_path = Path(os.environ["BOARDGAMES_DATA"]) / "server.log"
    with open(log_path, "w") as log, sync_playwright() as p:
        port = free_port()
        server: Server = start(port, log)
        try:
            figures = class_under_load(args, f"http://127.0.0.1:{port}/voila/render", server, p, store, klass, room,
                                       names, control, events, run)
        finally:
            for q in control:
                q.put(("stop",))
            stop(server)
    for worker in workers:
        worker.join(timeout=30)
    failures = report(args, run, figures, store, log_path)
    queries = poll_queries(klass.key, room, run.tokens, figures.tables, names[BROWSER_STUDENTS:])
    print("\nstore queries per poll (SQL statements, the BEGIN of each transaction not counted, and the poll's time; "
          "counted in this process, the pages' widgets driven without a browser on the run's store):")
    for page, idle, changed in queries:
        print(f"  {page}:\n      {idle}\n      {changed}")
    store.close()
    for failure in failures:
        print(f"FAILED: {failure}")
    if failures:
        sys.exit(1)


@dataclass
class Figures:
    """What the class page showed and when, the tables made, the rounds run, the server at start and end."""

    seen: dict[str, float]
    tables: list[tuple[str, str, dict[int, str]]]
    rounds: int
    server_start: float
    server_end: float
    kernels_end: int
    memory_end: float


def class_under_load(args: Any, url: str, server: Server, p: Any, store: Any, klass: Any, room: Any,
                     names: list[str], control: list[mp.Queue], events: mp.Queue, run: Run) -> Figures:
    """The pages opened, the students joined, the tables made, the load run, the last changes waited for."""
    server_start = server.server_mb()
    classes, tables = Classes(store), GameTables(store)
    browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)

    def new_page(context: Any, who: str) -> Any:
        page = context.new_page()
        page.on("pageerror", lambda exc: run.page_errors.append(f"{who}: {exc}"))
        page.on("console", lambda msg: run.page_errors.append(f"{who}: {msg.text}")
                if msg.type == "error" and not any(word in msg.text for word in IGNORED) else None)
        return page

    teacher = new_page(browser.new_context(viewport=VIEWPORT), "the class page")
    teacher.goto(f"{url}/class/teacher.ipynb?key={klass.key}", timeout=LONG)
    teacher.wait_for_selector(".bg-class-header .bg-class-code", timeout=LONG)
    teacher.evaluate(WATCH_CLASS)
    room_page = new_page(browser.new_context(viewport=VIEWPORT), "the room's teacher page")
    room_page.goto(f"{url}/auction/teacher.ipynb?key={room.teacher_key}", timeout=LONG)
    room_page.wait_for_selector(".bg-start", timeout=LONG)
    room_page.evaluate(WATCH_ROOM)
    print(f"the teacher's class page and the room's teacher page are open; {args.students} students join "
          f"({BROWSER_STUDENTS} on browser pages, {args.students - BROWSER_STUDENTS} from {PROCESSES} processes)",
          flush=True)
    t0 = time.monotonic()
    for q in control:
        q.put(("join",))
    student_context = browser.new_context(viewport=VIEWPORT)
    pages = []
    for name in names[:BROWSER_STUDENTS]:
        member = classes.join(klass.code, name)
        run.commit("member", name)
        run.tokens[name] = member.token
        page = new_page(student_context, f"{name}'s class page")
        page.goto(f"{url}/class/student.ipynb?member={member.token}", timeout=LONG)
        pages.append(page)
    for page in pages:
        page.wait_for_selector(".bg-member-title", timeout=LONG)
    wait_for_students(run, events, args.students, timeout=JOIN_SPREAD + 60)
    made = make_tables(tables, klass.key, names, args.tables, run)
    for k, q in enumerate(control):
        q.put(("tables", made[k::PROCESSES]))
        q.put(("room", room.code))
        q.put(("go",))
    control[0].put(("teacher", klass.key, 0.4 * args.seconds, 0.7 * args.seconds))
    print(f"{time.monotonic() - t0:5.1f} s: every student joined, {len(made)} tables made; the load runs for "
          f"{args.seconds:g} s", flush=True)
    rounds = Rounds(ClassAuction(store), room, room_page, control, run, events)
    load0, next_line, next_sample = time.monotonic(), 0.0, 0.0
    while (now := time.monotonic() - load0) < args.seconds or rounds.state != "idle":
        run.take(events)
        rounds.step(may_start=now + ROUND_OPEN + REVEAL_AFTER <= args.seconds)
        if now >= next_sample:
            live, mb = server.figures()
            run.kernels.append(len(live))
            run.memory.append(mb)
            next_sample += 5
        if now >= next_line:
            shown = teacher.evaluate("() => Object.keys(window.bgSeen).length")
            sent = sum(len(v) for v in run.commits.values())
            print(f"{now:5.0f} s: {sent:5d} changes committed, {shown:5d} shown on the class page; round "
                  f"{rounds.number} {rounds.state}; {run.kernels[-1]} kernels, {run.memory[-1]:.0f} MB", flush=True)
            next_line += 10
        time.sleep(0.05)
    for q in control:
        q.put(("stop",))
    deadline = time.monotonic() + 60
    while run.done < PROCESSES and time.monotonic() < deadline:
        run.take(events)
        time.sleep(0.1)
    expected = {f"{kind}:{key}" for kind in KINDS_SHOWN for key in run.commits[kind]}
    deadline = time.monotonic() + CATCH_UP
    while not expected <= set(teacher.evaluate("() => window.bgSeen")) and time.monotonic() < deadline:
        time.sleep(0.5)
    seen = teacher.evaluate("() => window.bgSeen")
    live, mb = server.figures()
    figures = Figures(seen, made, len(rounds.finished), server_start, server.server_mb(), len(live), mb)
    browser.close()
    return figures


def stored_counts(store: Any) -> dict[str, int]:
    """What the class store holds, by kind of change."""
    with store.read() as conn:
        def count(table: sa.Table) -> int:
            return conn.execute(sa.select(sa.func.count()).select_from(table)).scalar_one()
        return {"member": count(members), "move": count(table_moves), "practice": count(practice_answers),
                "bid": count(bids), "predict": count(predictions)}


def report(args: Any, run: Run, figures: Figures, store: Any, log_path: Path) -> list[str]:
    """The figures printed; gives the targets missed."""
    failures = []
    found = latencies(run, figures.seen)
    print(f"\n{args.students} students ({BROWSER_STUDENTS} on browser pages, {args.students - BROWSER_STUDENTS} "
          f"through the store's requests from {PROCESSES} processes), {args.tables} tables, {figures.rounds} auction "
          f"round{'s' * (figures.rounds != 1)} with a question, {args.seconds:g} s of load")
    print(f"\n{'a change':34} {'shown on':34} {'timed':>5} {'lost':>4}  {'median':>8} {'p95':>8}")
    every: list[float] = []
    for kind, (what, where) in KINDS_SHOWN.items():
        delays, lost = found[kind]
        every += delays
        print(f"{what:34} {where:34} {len(delays):5d} {lost:4d}  {figures_line(delays)}")
        if lost:
            failures.append(f"{lost} changes ({what}) never shown on the class page")
    for kind, (what, where) in ROOM_KINDS.items():
        delays = run.room_latency[kind]
        print(f"{what:34} {where:34} {len(delays):5d} {run.room_lost[kind]:4d}  {figures_line(delays)}")
        if run.room_lost[kind]:
            failures.append(f"{run.room_lost[kind]} changes ({what}) never counted on the room's teacher page")
    print(f"{'every change on the class page':69} {len(every):5d}       {figures_line(every)} "
          f"(target p95 <= {TARGET:g} s)")
    if every and p95(every) > TARGET:
        failures.append(f"the class page's p95 {p95(every):.2f} s is over {TARGET:g} s")
    stored = stored_counts(store)
    sent = {"member": len(run.commits["member"]), **{kind: run.sent.get(kind, 0)
                                                     for kind in ("move", "practice", "bid", "predict")}}
    print("\nsent / stored: " + ", ".join(f"{kind} {sent[kind]} / {stored[kind]}" for kind in sent)
          + " (each student predicts once a round)")
    failures += [f"{kind}: {sent[kind]} sent, {stored[kind]} stored" for kind in sent if sent[kind] != stored[kind]]
    print(f"requests refused or failed: {len(run.errors)}; page errors: {len(run.page_errors)}")
    for error in (run.errors + run.page_errors)[:10]:
        print(f"  {error}")
    if run.errors or run.page_errors:
        failures.append(f"{len(run.errors)} requests refused or failed, {len(run.page_errors)} page errors")
    print(f"\nthe server: at most {max(run.kernels)} kernels ({figures.kernels_end} at the end: the pre-heated pool of "
          f"{POOL}, the class page, the room's teacher page, {BROWSER_STUDENTS} students' class pages); server and "
          f"kernels at most {max(run.memory):.0f} MB ({figures.memory_end:.0f} MB at the end); the Voilà process "
          f"alone {figures.server_start:.0f} MB at start, {figures.server_end:.0f} MB at the end (its log: "
          f"{log_path})")
    return failures


if __name__ == "__main__":
    main()
