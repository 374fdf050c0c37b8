"""The Foundations of Metropolis controls: take income (``bg-move-income``); choose a tile to build
(``bg-choose bg-choose-tile``), which highlights every cell some legal footprint of it covers (from the legal
builds); a click on a green cell narrows the footprints to those through it (dark green), until one is left and is
built; the footprints left are offered as buttons too (``bg-move-build``). A click on a deed for sale buys it; in
the deed draft a click on a gold cell of the hand picks it (or a ``bg-move-pick`` button). A refused click is
explained with ``state.check`` (a click where the tile cannot go, with the engine's ``telling_build``).

Every choice comes from ``legal_moves``; the controls decide no rule.
"""

from __future__ import annotations

import html
from collections.abc import Callable

import ipywidgets as W

from boardgames import metropolis as m
from boardgames.core.message import Message, say, say_n
from boardgames.metropolis.board import cell_index
from boardgames.metropolis.moves import move_said
from boardgames.metropolis.rules import DEEDS_DEALT
from boardgames.metropolis.tiles import building_word, tile_said
from widgets.games.metropolis.board import CATEGORY_FILL, HAND, MetropolisBoard
from widgets.kit.controls import BoardControls
from widgets.runtime.language import show, shown

MAX_CHOICES = 12  # footprints offered as buttons when no more than this many are left
BUILD, BUILD_HOW = say("Build"), say(": choose a tile, then click its cells")  # the line over the tiles


class MetropolisControls(BoardControls):
    """Income, the tile to build, the footprint choices and the draft picks; ``on_move(move)`` gets the move.

    ``update(state, seat, active, reason)``: ``seat`` is the human seat the controls speak for; ``active``
    says whether it may decide now; ``reason`` (optional) says why not, when the shell knows better.
    """

    def __init__(self, on_move: Callable | None = None, board: MetropolisBoard | None = None):
        self.tile: str | None = None  # the tile chosen to build
        self.picked: list[str] = []  # the cells clicked so far for it
        self._moves: list = []
        self.income = W.Button(description="Take income", icon="money", layout=W.Layout(width="auto"),
                               disabled=True)
        self.income.add_class("bg-move")
        self.income.add_class("bg-move-income")
        self.income.on_click(lambda _: self._play(m.Income()))
        self.tile_buttons = {tile: self._tile_button(tile) for tile in m.TILES}
        rows = []
        for category in CATEGORY_FILL:
            rows.append(W.HBox([b for t, b in self.tile_buttons.items() if m.TILES[t].category == category]))
        self.tiles = W.VBox(rows)
        self.tiles.add_class("bg-metropolis-tiles")
        self._offers: dict[str, list] = {"build": [], "pick": []}  # the move of each shown button, by kind
        self.footprint_buttons = [self._move_button("build", i) for i in range(MAX_CHOICES)]
        self.footprints = W.Box(self.footprint_buttons, layout=W.Layout(flex_flow="row wrap", display="none"))
        self.pick_buttons = [self._move_button("pick", i) for i in range(DEEDS_DEALT)]
        self.picks = W.Box(self.pick_buttons, layout=W.Layout(flex_flow="row wrap", display="none"))
        self.note = self.note_line("bg-metropolis-note")
        build = show(W.HTML(), "value", lambda: (
            f"<div style='font-size:13px;margin-top:4px'><b>{html.escape(shown(BUILD))}</b>"
            f"{html.escape(shown(BUILD_HOW))}</div>"))
        super().__init__(on_move, board, [
            W.HBox([self.income]), build, self.tiles, self.footprints, self.picks, self.note,
        ], "bg-metropolis-controls")

    def wire(self, board: MetropolisBoard) -> None:
        """Take the clicks of ``board`` (its cells and its deed board)."""
        board.on_cell(self.cell_clicked)
        board.on_deed(self.buy)

    def _tile_button(self, tile: str) -> W.Button:
        b = W.Button(description=tile, disabled=True, layout=W.Layout(width="46px"))
        b.style.button_color = CATEGORY_FILL[m.TILES[tile].category]
        b.add_class("bg-choose")  # choosing a tile makes no move: the clicks on its cells do
        b.add_class("bg-choose-tile")
        b.on_click(lambda _, tile=tile: self.choose(tile))
        return b

    def _move_button(self, kind: str, i: int) -> W.Button:
        b = W.Button(description="", disabled=True, layout=W.Layout(width="auto", display="none"))
        b.add_class("bg-move")
        b.add_class(f"bg-move-{kind}")
        b.on_click(lambda _: self._send_offer(kind, i))
        return b

    # -- what the player does
    def choose(self, tile: str) -> None:
        """Choose the tile to build: the cells of its legal footprints are highlighted on the board."""
        self.tile = tile
        self.picked = []
        self._draw()

    def buy(self, cell: str) -> None:
        """Buy the deed of ``cell`` (a click on the deed board, or on the deed's cell)."""
        if self._may_decide():
            self._play(m.Buy(cell))

    def cell_clicked(self, cell: str) -> None:
        """A click on ``cell``: pick it (draft), buy it (a deed for sale), or narrow the chosen tile's footprints
        to those through it, building the tile when one is left; a refused click says why."""
        state = self.state
        if not self._may_decide():
            return
        if state.drafting:
            self._play(m.Pick(cell))
            return
        if cell in state.deed_board:
            self._play(m.Buy(cell))
            return
        if self.tile is None:
            self._say(say("Choose a tile to build first (the buttons under Build), then click its cells "
                          "(you clicked {cell}).", cell=cell))
            return
        feet = self._footprints(self.tile)
        through = [f for f in feet if cell in f and all(c in f for c in self.picked)]
        if not through:  # a fresh start through this cell
            self.picked = []
            through = [f for f in feet if cell in f]
        if not through:
            self._play(state.telling_build(self.tile, cell, self.seat))
            return
        if cell not in self.picked:
            self.picked.append(cell)
        if len(through) == 1:
            self._play(m.Build(self.tile, through[0]))
            return
        self._draw()

    def _send_offer(self, kind: str, i: int) -> None:
        offers = self._offers[kind]
        if i < len(offers) and self._may_decide():
            self._play(offers[i])

    def _footprints(self, tile: str) -> list[tuple[str, ...]]:
        return [mv.cells for mv in self._moves if type(mv) is m.Build and mv.tile == tile]

    @property
    def candidates(self) -> list[tuple[str, ...]]:
        """The footprints of the chosen tile through every cell clicked so far."""
        if self.tile is None:
            return []
        return [f for f in self._footprints(self.tile) if all(c in f for c in self.picked)]

    # -- redraw
    def update(self, state, seat: int | None, active: bool, reason: str | None = None) -> None:
        if state is not self.state:
            self.tile, self.picked = None, []
        self.state = state
        self.seat = seat
        self.active = active
        self._reason = reason
        self._moves = state.legal_moves() if active else []
        self._draw()

    def _draw(self) -> None:
        state, seat = self.state, self.seat
        if state is None:
            return
        moves = self._moves
        buildable = {mv.tile for mv in moves if type(mv) is m.Build}
        if self.tile not in buildable:
            self.tile, self.picked = None, []
        playing = m.Income() in moves  # taking income is legal: a turn of the year, not the draft
        with self.income.hold_sync():
            self.income.disabled = not playing
            if playing:
                gain = state.income(seat)
                self.income.description = shown(say_n("Take income (+{n} coin)", "Take income (+{n} coins)", gain))
                self.income.tooltip = shown(say("Take your income: this is your whole turn"))
            else:
                self.income.description = shown(say("Take income"))
                self.income.tooltip = shown(self._why_not())
        supply = state.supply(seat) if seat is not None else ()
        for tile, b in self.tile_buttons.items():
            n = supply.count(tile)
            ok = tile in buildable
            if ok:
                why = say("Choose it: the cells where it may go turn green.")
            else:
                why = self._why_not() if not playing else state.no_place_said(tile, seat)
            with b.hold_sync():
                b.description = f"{tile}×{n}" if n > 1 else tile
                b.disabled = not ok
                b.tooltip = shown(say("{tile}. {why}", tile=tile_said(tile), why=why))
            if tile == self.tile:
                b.add_class("bg-selected")
            elif "bg-selected" in b._dom_classes:
                b.remove_class("bg-selected")
        self._draw_deeds(moves)
        candidates = self.candidates
        offered = candidates if 0 < len(candidates) <= MAX_CHOICES else []
        self._offers["build"] = [m.Build(self.tile, f) for f in offered]
        self._fill(self.footprints, self.footprint_buttons, [" ".join(f) for f in offered])
        hand_picks = [mv for mv in moves if type(mv) is m.Pick]
        self._offers["pick"] = hand_picks
        self._fill(self.picks, self.pick_buttons, [shown(move_said(mv)) for mv in hand_picks])
        if self.board is not None:
            if hand_picks:
                self.board.highlight([mv.cell for mv in hand_picks], colour=HAND)
            else:
                cells = sorted({c for f in candidates for c in f}, key=cell_index)
                self.board.highlight(cells, self.picked, tile=self.tile)
        self.note.value = f"<div style='font-size:13px;min-height:20px'>{html.escape(shown(self._hint()))}</div>"

    def _draw_deeds(self, moves) -> None:
        if self.board is None:
            return
        buys = {mv.cell for mv in moves if type(mv) is m.Buy}
        state = self.state
        for slot, b in enumerate(self.board.deed_buttons):
            if slot >= len(state.deed_board):  # an empty slot: hidden, never clickable, saying nothing
                with b.hold_sync():
                    b.disabled, b.tooltip = True, ""
                continue
            cell, price = state.deed_board[slot], state.prices[slot]
            with b.hold_sync():
                b.disabled = cell not in buys
                if cell in buys:
                    b.tooltip = shown(say_n("Buy the deed of {cell} for {n} coin: this is your whole turn",
                                            "Buy the deed of {cell} for {n} coins: this is your whole turn", price,
                                            cell=cell))
                elif self.active:
                    refusal = state.check(m.Buy(cell), self.seat)
                    b.tooltip = shown(refusal.said) if refusal is not None else ""
                else:
                    b.tooltip = shown(self._why_not())

    @staticmethod
    def _fill(box: W.Box, buttons: list[W.Button], labels: list[str]) -> None:
        """Show one button per label; hide the rest (their labels cleared: nothing stale reaches the page)."""
        for i, b in enumerate(buttons):
            text = labels[i] if i < len(labels) else ""
            display = None if text else "none"
            with b.hold_sync():
                if b.description != text:
                    b.description = text
                b.disabled = not text
            if b.layout.display != display:
                b.layout.display = display
        display = None if labels else "none"
        if box.layout.display != display:
            box.layout.display = display

    def _why_not(self) -> Message | str:
        """Why the seat may not take income nor build now: the shell's reason (words in the page's language), or a
        message."""
        state = self.state
        if self._reason:
            return self._reason
        if state.is_over:
            return say("The game is over.")
        if self.active and state.drafting:
            return say("The deed draft comes first: pick a deed from your hand.")
        return say("Not your turn.")

    def _hint(self) -> Message | str:
        """What the seat does now, or why it waits (the note line)."""
        state = self.state
        if not self.active:
            if self._reason:
                return self._reason
            return say("The game is over.") if state.is_over else say("Waiting for the other players.")
        if state.drafting:
            return say("Deed draft, round {round}: click a gold cell (a deed of your hand) to keep it, or its button.",
                       round=state.round)
        if self.tile is None:
            if state.final_turns:
                return say("A final turn of the year: take income or build.")
            return say("Take income, buy a deed (on the deed board or its cell), or choose a tile to build.")
        n = len(self.candidates)
        building = building_word(self.tile)
        if self.picked:
            through = " ".join(self.picked)
            if n <= MAX_CHOICES:
                return say_n("{tile} ({building}) through {cells}: {n} place left. Click a green cell, or choose a "
                             "place below.",
                             "{tile} ({building}) through {cells}: {n} places left. Click a green cell, or choose a "
                             "place below.", n, tile=self.tile, building=building, cells=through)
            return say_n("{tile} ({building}) through {cells}: {n} place left. Click a green cell to narrow them down.",
                         "{tile} ({building}) through {cells}: {n} places left. Click a green cell to narrow them "
                         "down.", n, tile=self.tile, building=building, cells=through)
        if n <= MAX_CHOICES:
            return say_n("{tile} ({building}): {n} place fit. Click a green cell, or choose a place below.",
                         "{tile} ({building}): {n} places fit. Click a green cell, or choose a place below.", n,
                         tile=self.tile, building=building)
        return say_n("{tile} ({building}): {n} place fit. Click a green cell to narrow them down.",
                     "{tile} ({building}): {n} places fit. Click a green cell to narrow them down.", n,
                     tile=self.tile, building=building)
