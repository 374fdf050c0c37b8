"""The board as buttons (``widgets.kit.key_grid``) in Medina, Metropolis and Marco Polo: off at first (no button
built), on at a press of its toggle; each button named in words from the state and the board's own highlight; a
press plays what a click on that place of the drawn board plays; a move redraws the buttons in place."""

from __future__ import annotations

from ipywidgets.widgets.widget import _instances

from boardgames import Match
from widgets.kit.key_grid import IDLE, READY, KeyGrid
from widgets.kit.protocol import css_classes
from widgets.shell import GameApp

NAMES = ["Ada", "Ben", "Cleo"]
SEATS = ["human", "expert", "expert"]


def twins(game: str, seed: int = 11) -> tuple[GameApp, GameApp]:
    """Two pages of the same new game: one pressed on its grid, the other clicked on its board."""
    return tuple(GameApp(Match.new(game, NAMES, seed=seed), seats=list(SEATS), bots_async=False) for _ in range(2))


def turned_on(app: GameApp) -> KeyGrid:
    grid = app.board.key_grid
    assert isinstance(grid, KeyGrid) and "bg-key-grid" in css_classes(grid)
    assert not grid.on and not grid.buttons  # off at first: nothing built
    grid.toggle.value = True
    assert grid.buttons
    return grid


def ready_said(grid: KeyGrid) -> list:
    """The keys whose buttons wear the ready class (what the page shows)."""
    return [key for key, b in grid.buttons.items() if READY in css_classes(b)]


def test_medina_a_square_pressed_places_the_piece_a_click_places():
    pressed, clicked = twins("medina")
    grid = turned_on(pressed)
    assert len(grid.buttons) == 13 * 18
    names = grid.names()
    assert names[(6, 8)] == "Row 6, column 8: empty square; the merchant chosen may go here"
    assert names[(0, 0)] == "Row 0, column 0: tower 1"
    assert names[(0, 3)] == "Row 0, column 3: empty wall space"
    # the grid's "may go here" is the board's green, square for square
    assert sorted(ready_said(grid)) == sorted(grid.ready()) == sorted(pressed.board.highlighted)
    assert IDLE in css_classes(grid.buttons[(0, 3)])
    buttons = dict(grid.buttons)
    grid.buttons[(6, 8)].click()
    clicked.board.click((6, 8))
    assert pressed.state.to_json() == clicked.state.to_json()
    assert pressed.match.state.placed == clicked.match.state.placed
    assert grid.buttons == buttons  # redrawn in place: the same buttons
    assert grid.names()[(6, 8)] == "Row 6, column 8: merchant"
    assert sorted(grid.ready()) == sorted(pressed.board.highlighted)
    # an idle square pressed says why not, as a click on it does
    pressed.controls.piece = None
    grid.buttons[(0, 3)].click()
    assert pressed.state.to_json() == clicked.state.to_json()


def test_metropolis_a_cell_pressed_buys_and_builds_as_a_click_does():
    pressed, clicked = twins("metropolis")
    grid = turned_on(pressed)
    state = pressed.state
    side = {2: 7, 3: 8, 4: 9}[state.players]
    assert len(grid.buttons) == side * side
    names = grid.names()
    lot = state.lots(0)[0]
    assert names[lot].startswith(f"Cell {lot}: Ada's lot")
    buyable = [c for slot, c in enumerate(state.deed_board) if not pressed.board.deed_buttons[slot].disabled]
    assert sorted(grid.ready()) == sorted(buyable)
    for cell in buyable:
        price = state.prices[state.deed_board.index(cell)]
        assert names[cell] == f"Cell {cell}: a deed for sale at {price} coins; buy it"
    # a tile chosen: the grid says "may cover it" for the board's green cells, no more
    tile = next(t for t, b in pressed.controls.tile_buttons.items() if not b.disabled)
    pressed.controls.choose(tile)
    clicked.controls.choose(tile)
    assert sorted(grid.ready()) == sorted(set(pressed.board.highlighted) | set(buyable))
    cell = pressed.board.highlighted[0]
    assert "chosen may cover it" in grid.names()[cell]
    buttons = dict(grid.buttons)
    for _ in range(4):  # press until the tile is built, as clicks would
        before = pressed.state
        cell = next(c for c in pressed.board.highlighted if c not in pressed.board.picked)
        grid.buttons[cell].click()
        clicked.board.click(cell)
        assert pressed.state.to_json() == clicked.state.to_json()
        if pressed.state is not before:
            break
    assert pressed.state is not state
    assert grid.buttons == buttons


def test_marcopolo_a_place_pressed_travels_as_a_click_does():
    pressed, clicked = twins("marcopolo")
    grid = turned_on(pressed)
    assert len(grid.buttons) == 25
    names = grid.names()
    assert names["Venezia"].startswith("Venezia; figures: Ada, Ben and Cleo")
    assert names["Moscow"].startswith("Moscow, large city; card ")
    assert sorted(grid.ready()) == sorted(pressed.board.highlighted)
    trip = pressed.board.highlight_notes["Oasis A"]
    assert names["Oasis A"] == f"Oasis A; you may travel here ({trip})"
    grid.buttons["Oasis A"].click()
    clicked.board.click("Oasis A")
    assert pressed.state.to_json() == clicked.state.to_json()
    assert "figures: Ada" in grid.names()["Oasis A"]
    # routes drawn on the map follow as buttons; a press is a click on the route's marker
    routes: list[int] = []
    pressed.board.on_route(routes.append)
    pressed.board.show_routes([[["Venezia", "Oasis A"]], [["Venezia", "Alexandria"]]], ["3 coins", "7 coins"])
    assert grid.names()[("route", 1)] == "Route 2: Venezia → Alexandria, 7 coins"
    grid.buttons[("route", 1)].click()
    assert routes == [1]
    pressed.board.show_routes([], [])
    assert ("route", 0) not in grid.buttons


def test_the_grid_stays_unbuilt_while_off_and_follows_the_page_language():
    from widgets.runtime.language import page_language

    app = GameApp(Match.new("medina", NAMES, seed=3), seats=list(SEATS), bots_async=False)
    grid = app.board.key_grid
    app.board.click((6, 8))
    assert not grid.buttons and grid.stale
    grid.toggle.value = True
    widgets = within(grid)
    try:
        page_language.set("ja")
        assert "民衆" in grid.names()[(6, 8)]  # the merchant, in the page's words
    finally:
        page_language.set("en")
    assert grid.names()[(6, 8)].startswith("Row 6, column 8")
    # the same buttons and headers, named again: none built anew (counted in the grid: a language change also
    # redraws the pages other tests of this process left alive, which may build widgets of their own)
    assert within(grid) == widgets


def within(widget) -> set[str]:
    """The model ids of ``widget`` and of every widget in it."""
    found = {widget.model_id}
    for child in getattr(widget, "children", ()):
        found |= within(child)
    return found


def test_routes_come_and_go_as_buttons_without_leaving_widgets_behind():
    app = GameApp(Match.new("marcopolo", NAMES, seed=3), seats=list(SEATS), bots_async=False)
    grid = turned_on(app)
    routes = [[["Venezia", "Oasis A"]], [["Venezia", "Alexandria"]]]
    app.board.show_routes(routes, ["3 coins", "7 coins"])
    app.board.show_routes([], [])
    widgets = len(_instances)
    for _ in range(3):
        app.board.show_routes(routes, ["3 coins", "7 coins"])
        assert grid.ready()[-2:] == [("route", 0), ("route", 1)]
        app.board.show_routes([], [])
    assert len(_instances) == widgets
