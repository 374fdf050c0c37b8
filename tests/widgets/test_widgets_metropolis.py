"""The Foundations of Metropolis board and controls, driven from Python the way a person drives them: take income,
click a deed to buy it, choose a tile and click its cells to build it, click a deed of the hand to pick it in the
draft. No seat's draft hand reaches the page of another seat."""

from __future__ import annotations

import ast
import random
import re
from pathlib import Path

import pytest
from support.widget_driver import page_text, ranking_rows

from boardgames import Match
from boardgames import metropolis as m
from boardgames.metropolis.board import NAMES, column_row
from boardgames.metropolis.positions import arrange
from widgets.games import metropolis as metropolis_view
from widgets.games.metropolis import (
    CATEGORY_FILL,
    HAND,
    HIGHLIGHT,
    PICKED,
    MetropolisBoard,
    MetropolisControls,
    end_columns,
    shapes_html,
    turn_hint,
)
from widgets.kit.palette import contrast_between, ink_on, seat_colour
from widgets.kit.protocol import css_classes
from widgets.shell import GameApp, ranking

NAMES2 = ["Ada", "Ben"]


def app_for(state, seats=("human", "random")) -> GameApp:
    return GameApp(Match(state), seats=list(seats), bots_async=False, bot_delay=0)


def new_app(players=NAMES2, seed=5, seats=("human", "random"), **flags) -> GameApp:
    return app_for(m.new_game(list(players), seed=seed, **flags), seats[: len(players)])


def block_position():
    """Ada holds a 2 x 2 block of lots (B2 C2 B3 C3), two lots E5 F5 and a House on B5 B6; Ben holds A6, D4, G7."""
    return arrange(NAMES2, lots={0: ["B2", "C2", "B3", "C3", "E5", "F5"], 1: ["A6", "D4", "G7"]},
                   buildings=[("B", 0, ["B5", "B6"])])


def status(app) -> str:
    return app.status.value.replace("&#x27;", "'")


def cell_colour(board: MetropolisBoard, cell: str) -> str:
    return list(board.cells.colors)[board.grid.index(cell)]


def test_the_board_and_controls_plug_into_the_shell():
    app = new_app()
    assert isinstance(app.board, MetropolisBoard) and isinstance(app.controls, MetropolisControls)
    assert app.controls.board is app.board
    assert len(app.board.grid) == 49  # two players: A1 to G7
    for b in app.controls.tile_buttons.values():  # choosing a tile makes no move: the clicks on its cells do
        assert "bg-choose" in css_classes(b) and "bg-choose-tile" in css_classes(b) and "bg-move" not in css_classes(b)
    assert {"bg-move", "bg-move-income"} <= set(css_classes(app.controls.income))
    for b in app.board.deed_buttons:
        assert {"bg-move", "bg-move-buy"} <= set(css_classes(b))
    state = app.state
    enabled = {t for t, b in app.controls.tile_buttons.items() if not b.disabled}
    assert enabled == {mv.tile for mv in state.legal_moves() if type(mv) is m.Build}
    assert [b.description.split(" · ")[0] for b in app.board.deed_buttons] == list(state.deed_board)
    assert "choose a tile" in str(turn_hint(state))  # a message: its English
    assert app.board.highlighted == []


def test_choosing_a_tile_highlights_every_cell_of_its_legal_footprints():
    app = app_for(block_position())
    state = app.state
    for tile in ("C-L3", "G", "A", "D"):
        app.controls.tile_buttons[tile].click()
        assert app.controls.tile == tile and "bg-selected" in css_classes(app.controls.tile_buttons[tile])
        covered = {c for foot in state.legal_builds(tile) for c in foot}
        assert set(app.board.highlighted) == covered
        assert set(app.board.highlights.colors) == {HIGHLIGHT}
    assert app.match.ply == 0  # choosing made no move
    assert app.controls.tile_buttons["E"].disabled  # four in a row fits nowhere
    assert "No place for it" in app.controls.tile_buttons["E"].tooltip


def test_clicking_cells_narrows_the_footprints_until_one_is_built():
    """A Hotel (L) in the 2 x 2 block: four places fit; B2 leaves three, C3 two, C2 one, which is built."""
    app = app_for(block_position())
    controls, board = app.controls, app.board
    controls.tile_buttons["C-L3"].click()
    assert len(controls.candidates) == 4
    board.click("B2")
    assert len(controls.candidates) == 3 and board.picked == ["B2"]
    assert PICKED in list(board.highlights.colors)
    offered = [b.description for b in controls.footprint_buttons if b.layout.display != "none"]
    assert sorted(offered) == ["B2 B3 C3", "B2 C2 B3", "B2 C2 C3"]
    board.click("C3")
    assert sorted(controls.candidates) == [("B2", "B3", "C3"), ("B2", "C2", "C3")]
    assert app.match.ply == 0
    board.click("C2")
    assert app.match.moves[0] == m.Build("C-L3", ("B2", "C2", "C3"))
    built = app.match.states[1].building_at("C2")
    assert (built.tile, built.owner) == ("C-L3", 0)
    # the building stays on the board as drawn: its category's fill, its letter in its owner's colour (darkened to
    # read on the fill), its owner's token with the owner's initial
    assert cell_colour(board, "C2") == CATEGORY_FILL["residential"]
    letters = list(board._letters.text)
    colour = list(board._letters.colors)[letters.index("C")]
    assert "C" in letters and colour == ink_on(seat_colour(0), CATEGORY_FILL["residential"])
    assert contrast_between(colour, CATEGORY_FILL["residential"]) >= 4.5
    owners = list(zip(board.owner_initials.text, board.owners.colors))
    assert owners[letters.index("C")] == ("A", seat_colour(0))
    assert app.errors == []


def test_a_footprint_button_builds_that_footprint():
    app = app_for(block_position())
    app.controls.tile_buttons["G"].click()
    app.board.click("C3")  # C3 with C2 or with B3
    button = next(b for b in app.controls.footprint_buttons if b.description == "B3 C3")
    button.click()
    assert app.match.moves[0] == m.Build("G", ("B3", "C3"))


def test_an_illegal_click_says_why_in_the_engines_words_and_changes_nothing():
    app = app_for(block_position())
    state = app.state
    app.board.click("B2")  # no tile chosen yet
    assert "Choose a tile" in app.controls.note.value and app.match.ply == 0
    app.controls.tile_buttons["A"].click()
    app.board.click("D4")  # Ben's lot
    assert str(state.check(m.Build("A", ("D4",)))) in status(app) and "not Ada's lot" in status(app)
    app.controls.tile_buttons["G"].click()
    app.board.click("B5")  # the House: a Retail Store is not larger
    refusal = state.check(m.Build("G", ("B5", "B6")))
    assert refusal.rule == "metropolis.build.must-be-larger" and str(refusal) in status(app)
    assert app.match.ply == 0 and app.errors == []


def test_buying_is_one_click_on_the_deed_board_or_on_the_deeds_cell():
    app = new_app()
    state = app.state
    cheap, dear = state.deed_board[0], state.deed_board[-1]
    assert app.board.deed_button(dear).disabled  # 10 coins: Ada has 5
    assert app.board.deed_button(dear).tooltip == str(state.check(m.Buy(dear)))
    app.board.deed_button(cheap).click()
    after = app.match.states[1]
    assert app.match.moves[0] == m.Buy(cheap) and cheap in after.lots(0)
    assert after.coins[0] == state.coins[0] - state.price(cheap)
    before = app.match.ply
    target = app.state.deed_board[0]
    app.board.click(target)  # the deed's cell on the city, marked with its price
    assert app.match.moves[before] == m.Buy(target)


def test_income_is_one_click():
    app = new_app()
    state = app.state
    gain = state.play(m.Income()).coins[0] - state.coins[0]
    assert app.controls.income.description == f"Take income (+{gain} coins)"
    app.controls.income.click()
    assert app.match.moves[0] == m.Income() and app.match.states[1].coins[0] == state.coins[0] + gain


def test_the_new_game_form_offers_the_deed_draft_and_its_picks_are_made_on_the_board():
    app = new_app()
    form = app.setup_form
    assert list(form.option_boxes) == ["deed_draft"] and not form.options["deed_draft"]
    assert "bg-option-deed_draft" in css_classes(form.option_boxes["deed_draft"])
    form.option_boxes["deed_draft"].value = True
    form.seat_pickers[1].value = "random"
    form.start.click()
    assert app.state.drafting and app.state.table.flag("deed_draft") and app.seats == ["human", "random"]
    assert form.options == {"deed_draft": True}  # the form shows the game as it was started
    rng = random.Random(2)
    while app.state.drafting:
        hand = app.state.hand(0)
        assert sorted(app.board.highlighted) == sorted(hand)
        assert set(app.board.highlights.colors) == {HAND}
        assert app.controls.income.disabled and all(b.disabled for b in app.controls.tile_buttons.values())
        assert "pick a deed" in str(turn_hint(app.state))
        cell = rng.choice(hand)
        before = app.match.ply
        app.board.click(cell)
        assert app.match.moves[before] == m.Pick(cell)
        assert cell in app.match.states[before + 1].deeds(0) or app.match.states[before + 1].drafting
    assert len(app.state.deeds(0)) == 6 and app.errors == []
    # the form offers the option for Metropolis only
    form.game_pick.value = "medici"
    assert form.option_boxes == {}


def test_a_click_on_a_cell_outside_the_hand_is_refused_in_the_draft():
    app = new_app(deed_draft=True)
    outside = next(c for c in app.board.grid if c not in app.state.hand(0))
    app.board.click(outside)
    assert str(app.state.check(m.Pick(outside))) in status(app) and app.match.ply == 0


# ------------------------------------------------------------------------------------- secrets

CELL = re.compile(r"(?<![\w-])([A-I][1-9])(?![\w-])")


def secret_cells(app: GameApp, viewer: int | None) -> set[str]:
    """The cells ``viewer`` cannot know about now: the deeds of the year piles, and those in the other seats'
    hands and picks not yet shown that ``viewer`` never held."""
    state = app.shown
    hidden = {NAMES[c] for pile in state.piles for c in pile}
    if state.drafting:
        for seat in range(state.players):
            if seat != viewer:
                hidden |= set(state.hand(seat))
                if state.picks[seat] >= 0:
                    hidden.add(NAMES[state.picks[seat]])
    if viewer is not None:
        held = app.match.states if app.replay_ply is None else app.match.states[: app.replay_ply + 1]
        hidden -= {c for s in held for c in s.hand(viewer)}
    return hidden


def assert_no_secret_shown(app: GameApp, viewer: int | None) -> None:
    """No cell the viewer cannot know is named anywhere on its page; its own hand is on its board."""
    named = set(CELL.findall(page_text(app)))
    leaked = sorted(named & secret_cells(app, viewer))
    assert not leaked, f"the page of seat {viewer} names deeds it cannot know: {leaked}"
    if viewer is not None and app.shown.drafting:
        assert set(app.shown.hand(viewer)) <= set(CELL.findall(page_text(app.board)))


@pytest.mark.parametrize("seed", [3, 8])
def test_a_draft_hand_is_seen_by_its_holder_only(seed):
    app = new_app(["Ada", "Ben", "Cleo"], seed=seed, seats=("human", "random", "random"), deed_draft=True)
    rng = random.Random(seed)
    while app.state.drafting:
        assert app.viewer == 0
        assert_no_secret_shown(app, 0)
        app.board.click(rng.choice(app.board.highlighted))
    assert_no_secret_shown(app, 0)
    for ply in range(app.match.ply):  # a replay shows each position as Ada knew it then
        app.start_replay(ply)
        assert_no_secret_shown(app, 0)
    assert app.errors == []


def test_a_spectator_sees_no_hand():
    app = new_app(["Ada", "Ben", "Cleo"], seed=4, seats=("random", "random", "random"), deed_draft=True)
    assert app.viewer is None
    for ply in range(12):
        app.start_replay(ply)
        assert app.shown.drafting
        assert_no_secret_shown(app, None)


def test_the_secret_check_catches_a_board_that_shows_every_hand(monkeypatch):
    def leaky(self, state, viewer=None):
        self.info.value = " ".join(c for seat in range(state.players) for c in state.hand(seat))

    app = new_app(["Ada", "Ben", "Cleo"], seed=3, seats=("human", "random", "random"), deed_draft=True)
    monkeypatch.setattr(MetropolisBoard, "show", leaky)
    app.refresh()
    with pytest.raises(AssertionError, match="names deeds it cannot know"):
        assert_no_secret_shown(app, 0)


# ------------------------------------------------------------------------------------- whole games


def click_a_turn(app: GameApp, rng: random.Random) -> int:
    """One human turn by clicks (a pick, a build, a purchase or income); returns the clicks."""
    controls, board = app.controls, app.board
    if app.state.drafting:
        board.click(rng.choice(board.highlighted))
        return 1
    tiles = [b for b in controls.tile_buttons.values() if not b.disabled]
    deeds = [b for b in board.deed_buttons if not b.disabled]
    roll = rng.random()
    if tiles and roll < 0.5:
        rng.choice(tiles).click()
        before, clicks = app.match.ply, 1
        while app.match.ply == before:
            free = [c for c in board.highlighted if c not in board.picked]
            board.click(rng.choice(free))
            clicks += 1
            assert clicks <= 6
        return clicks
    (rng.choice(deeds) if deeds and roll < 0.8 else controls.income).click()
    return 1


@pytest.mark.parametrize("seed, draft", [(4, False), (21, True)])
def test_a_whole_two_player_game_against_a_bot_by_clicking(seed, draft):
    app = new_app(seed=seed, deed_draft=draft)
    rng = random.Random(seed)
    clicks = 0
    while not app.state.is_over:
        assert app.state.current_player == 0
        before = app.match.ply
        clicks += click_a_turn(app, rng)
        assert app.match.ply > before, status(app)
        assert clicks < 600
    assert app.errors == []
    state = app.state
    assert ranking_rows(app.over_panel.value) == [(p, s, state.scores()[s]) for p, s in ranking(state.scores())]
    # the end columns: Year 3 is what the log says Year 3 gave; the three years make the prestige
    columns = {str(label): values for label, values in end_columns(state)}  # the labels are messages
    year3 = [e.data["total"] for e in state.events if e.kind == "metropolis.year.score" and e.seat is not None]
    assert list(columns["Year 3"]) == year3
    assert [sum(y) for y in zip(columns["Year 1"], columns["Year 2"], columns["Year 3"])] == list(state.prestige)
    assert columns["Coins left"] == state.coins
    # the same moves replayed in the engine alone give the same result
    replay = m.new_game(NAMES2, seed=seed, deed_draft=draft)
    for move in app.match.moves:
        replay = replay.play(move)
    assert replay.scores() == state.scores() and replay.winners() == state.winners()
    assert all(b.disabled for b in app.controls.tile_buttons.values()) and app.controls.income.disabled
    assert all(b.disabled for b in app.board.deed_buttons) and app.board.highlighted == []


def test_the_board_draws_every_lot_building_and_deed_of_the_engine():
    rng = random.Random(7)
    state = m.new_game(["Ada", "Ben", "Cleo", "Dan"], seed=7)
    while len(state.all_buildings()) < 12:
        state = state.play(rng.choice(state.legal_moves()))
    board = MetropolisBoard(state)
    assert len(board.grid) == 81
    markers = set(zip(board.markers.x, board.markers.y))
    lots = {cell for seat in range(4) for cell in state.lots(seat)}
    assert markers == {tuple(float(v) for v in column_row(c)) for c in lots}
    # every lot marker in its seat's colour with its seat's initial (Dan's D), the legend says whose is whose
    held = {tuple(float(v) for v in column_row(c)): seat for seat in range(4) for c in state.lots(seat)}
    signs = zip(board.markers.x, board.markers.y, board.markers.colors, board.marker_initials.text)
    assert all((colour, initial) == (seat_colour(held[x, y]), "ABCD"[held[x, y]]) for x, y, colour, initial in signs)
    assert "initial" in board.info.value and ">D</span>Dan" in board.info.value
    for b in state.all_buildings():
        for cell in b.cells:
            assert cell_colour(board, cell) == CATEGORY_FILL[m.TILES[b.tile].category]
    assert sorted(board._letters.text) == sorted(m.TILES[b.tile].letter for b in state.all_buildings())
    assert list(board._prices.text) == [str(p) for p in state.prices]
    assert set(zip(board._prices.x, board._prices.y)) == {(float(column_row(c)[0]), column_row(c)[1] - 0.1)
                                                          for c in state.deed_board}
    for seat in range(4):
        assert f"class='bg-player' data-seat='{seat}'" in board.info.value
    board.show(m.new_game(2))  # a new game of another size redraws the grid
    assert len(board.grid) == 49 and len(board.cells.x) == 49


def test_standalone_controls_say_why_a_click_is_refused():
    state = block_position()
    board = MetropolisBoard(state)
    moves = []
    controls = MetropolisControls(board=board)
    controls.on_move = moves.append
    controls.update(state, 0, True)
    controls.choose("A")
    board.click("G7")
    assert "refused" in controls.note.value and "G7 is not Ada" in controls.note.value
    board.click("E5")
    assert moves[-1] == m.Build("A", ("E5",))


def test_the_shapes_picture_draws_every_way_each_shape_may_lie_with_its_tiles():
    """The Hotel (C) and the Shopping Mall (J) in two shapes each; an L turned four ways, a row two, a square once."""
    picture = shapes_html()
    rows = re.findall(r"<tr class='bg-shape-row' data-shape='(\w+)'>(.*?)</tr>", picture)
    drawn = {shape: row.count("<svg class='bg-shape'") for shape, row in rows}
    assert drawn == {"mono": 1, "domino": 2, "I3": 2, "L3": 4, "O4": 1, "I4": 2}
    tiles = {shape: re.findall(r"bg-tile-chip[^>]*>([\w-]+)<", row) for shape, row in rows}
    assert tiles["L3"] == ["C-L3", "H"] and tiles["I3"] == ["C-I3", "I"]
    assert tiles["O4"] == ["D", "J-O4"] and tiles["I4"] == ["E", "J-I4"]
    assert sorted(t for ts in tiles.values() for t in ts) == sorted(m.TILES)
    squares = dict(zip(drawn, (row.count("<rect") for _, row in rows)))
    assert squares == {"mono": 1, "domino": 4, "I3": 6, "L3": 12, "O4": 4, "I4": 8}


def test_the_view_has_the_one_shape_and_its_board_imports_neither_its_controls_nor_a_regex():
    folder = Path(metropolis_view.__file__).parent
    assert {p.stem for p in folder.glob("*.py")} == {"__init__", "board", "controls", "grid", "shapes"}
    for module in ("__init__", "board", "controls", "grid", "shapes"):
        tree = ast.parse((folder / f"{module}.py").read_text())
        imported = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
        imported |= {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
        assert "re" not in imported, module  # no view reads the engine's sentences
        if module in ("board", "grid", "shapes"):
            assert "widgets.games.metropolis.controls" not in imported, module
