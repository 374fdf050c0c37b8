"""The shell plays at a table through the small protocol it is handed (``widgets.shell.table_link``), knowing no
store: here a table kept in memory. A move is stored before it is shown and the other page catches up; a refusal
is said in a sentence; a new game with a classmate's seat opens a table only on a page handed a ``TableMaker``."""

from __future__ import annotations

import ipywidgets as W

from boardgames import GAMES, Match
from widgets.shell import GameApp
from widgets.shell.table_link import CLASSMATE, TableRefused

NAMES = ["Ada", "Ben", "Cleo"]
QUIET = {"bots_async": False, "bot_delay": 0}


class MemoryTable:
    """A table's moves and seats in memory, shared by its links."""

    def __init__(self, seats: list[str]) -> None:
        self.moves: list[str] = []
        self.kinds = seats  # per seat: "human" (the creator's) or CLASSMATE or a bot level
        self.version = 0


class MemoryLink:
    """One page's tie to a ``MemoryTable``: the page moves for ``mine``."""

    code = "TEST1"

    def __init__(self, table: MemoryTable, mine: int) -> None:
        self.table, self.mine, self.seen = table, mine, -1

    def changed(self) -> bool:
        return self.table.version != self.seen

    def read(self):
        self.seen = self.table.version
        return tuple(self.table.moves), self.seats()

    def seats(self) -> list[str]:
        return ["human" if s == self.mine else CLASSMATE if k in ("human", CLASSMATE) else k
                for s, k in enumerate(self.table.kinds)]

    def catch_up(self, match: Match) -> None:
        match.goto(0)
        for text in self.table.moves:
            match.play(GAMES[match.state.GAME].parse_move(text))

    def record(self, match: Match, move, bot: bool = False) -> None:
        if len(self.table.moves) != match.ply:
            raise TableRefused("Another page moved first.")
        self.table.moves.append(str(move))
        self.table.version += 1
        match.play(move, seat=match.state.current_player)

    def undo(self, match: Match) -> None:
        raise TableRefused("Only your own last move can be taken back.")

    def can_undo(self, match: Match) -> bool:
        return False

    def hand_to_bot(self, seat: int) -> None:
        self.table.kinds[seat] = "random"
        self.table.version += 1

    def panel(self, hand_to_bot, guard):
        panel = W.HTML()
        panel.show = lambda: setattr(panel, "value", f"table {self.code}: {len(self.table.moves)} moves")
        return panel


class MemoryTables:
    """A ``TableMaker`` that opens tables in memory, the creator's page moving for its "human" seats."""

    def __init__(self) -> None:
        self.made: list[MemoryTable] = []

    def new_table(self, match: Match, seats: list[str]) -> MemoryLink:
        self.made.append(MemoryTable(list(seats)))
        return MemoryLink(self.made[-1], seats.index("human"))


def test_a_move_is_stored_and_the_other_page_catches_up():
    table = MemoryTable(["human", CLASSMATE, "random"])
    ada = GameApp(Match.new("medici", NAMES, seed=4), seats=MemoryLink(table, 0).seats(),
                  table=MemoryLink(table, 0), **QUIET)
    ben = GameApp(Match.new("medici", NAMES, seed=4), seats=MemoryLink(table, 1).seats(),
                  table=MemoryLink(table, 1), **QUIET)
    assert ada.seats == ["human", CLASSMATE, "random"] and ben.seats == [CLASSMATE, "human", "random"]
    ada.play(ada.state.legal_moves()[0])
    assert table.moves == [str(m) for m in ada.match.moves] and ben.match.ply == 0
    ben._sync_table()
    assert [str(m) for m in ben.match.moves] == table.moves and ben.state == ada.state
    assert "table TEST1: 1 moves" in ada.table_panel.value and ada.errors == ben.errors == []


def test_a_refusal_is_said_in_a_sentence():
    table = MemoryTable(["human", CLASSMATE, "random"])
    ada = GameApp(Match.new("medici", NAMES, seed=4), seats=["human", CLASSMATE, "random"],
                  table=MemoryLink(table, 0), **QUIET)
    table.moves.append(str(ada.state.legal_moves()[-1]))  # another page stored a move for this ply first
    ada.play(ada.state.legal_moves()[0])
    assert "Another page moved first." in ada.status.value and ada.errors == []


def test_a_page_without_a_table_maker_offers_no_classmate_and_opens_no_table():
    app = GameApp(Match.new("medici", NAMES, seed=1), **QUIET)
    assert CLASSMATE not in [v for _, v in app.setup_form.seat_pickers[1].options]
    app.new_game(NAMES, seats=["human", CLASSMATE, "random"])
    assert app.table is None and "opens no table" in app.status.value and app.errors == []


def test_a_page_with_a_table_maker_opens_a_table_for_a_classmates_seat():
    tables = MemoryTables()
    app = GameApp(Match.new("medici", NAMES, seed=1), tables=tables, **QUIET)
    assert CLASSMATE in [v for _, v in app.setup_form.seat_pickers[1].options]
    app.new_game(NAMES, seats=["human", CLASSMATE, "random"], seed=3)
    assert app.table is not None and tables.made[0].kinds == ["human", CLASSMATE, "random"]
    assert "New table TEST1" in app.status.value and app.table_panel.layout.display != "none"
