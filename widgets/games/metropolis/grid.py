"""Foundations of Metropolis's city as buttons (``widgets.kit.key_grid``): one button per cell of the board in play
(columns A.., rows 1..), named by its cell and what lies there: a building (its tile, and whose), a lot marker
(whose), a deed for sale (its price), a deed of the viewer's hand in the draft; and what the player may do there now:
the cells the board shows green (the tile chosen may cover them), the gold ones of the draft (keep that deed), a deed
the deed board offers to buy. Pressing a button is a click on that cell of the board (``MetropolisBoard.click``,
which buys a deed for sale, picks a deed of the hand, or narrows the chosen tile's places): the controls decide, and
say why not.

Every fact is read from the state, from the board's own highlight and from the deed board's buttons (which the
controls set from ``legal_moves``): nothing here decides a rule.
"""

from __future__ import annotations

from typing import Any

from boardgames import metropolis as m
from boardgames.core.message import Message, say, say_n
from boardgames.metropolis.board import column_names, row_names
from boardgames.metropolis.tiles import building_word
from widgets.games.metropolis.board import CATEGORY_FILL, EMPTY, FOR_SALE, HAND, MetropolisBoard
from widgets.kit.key_grid import GRIDS, KeyGrid, Rows, Square
from widgets.kit.palette import mix, seat_colour, seat_initials


def key_grid(board: Any) -> KeyGrid:
    """The buttons of ``board`` (a ``MetropolisBoard``): a press is a click on that cell."""
    return KeyGrid(lambda: read(board), board.click, css="bg-metropolis-keys")


def shape(players: int) -> Rows:
    """The city's grid for ``players``: the cells named column letter and row number (``"B2"``)."""
    columns = column_names(players)
    return Rows(columns, tuple((row, tuple(f"{c}{row}" for c in columns)) for row in row_names(players)))


def read(board: Any) -> tuple:
    """The grid's shape and every cell's button, as ``board`` shows the game now (to its viewer)."""
    state = board.state
    if state is None:
        return Rows((), ()), {}
    hand, kept = m.secrets_of(state, board.viewer)
    holders = {cell: seat for seat in range(state.players) for cell in state.lots(seat)}
    hot = set(board.highlighted)
    picked = set(board.picked)
    gold = getattr(board, "highlight_colour", None) == HAND
    tile = getattr(board, "highlighted_tile", None)
    buyable = {cell for slot, cell in enumerate(state.deed_board)
               if slot < len(board.deed_buttons) and not board.deed_buttons[slot].disabled}
    squares = {}
    for cell in board.grid:
        what, text, fill = _lies(state, cell, holders, hand, kept)
        ready = cell in hot or cell in buyable
        if cell in hot and gold:
            what = say("{what}; keep this deed", what=what)
        elif cell in picked:
            what = say("{what}; chosen for the {tile} ({building})", what=what, tile=tile, building=_building(tile))
        elif cell in hot:
            what = say("{what}; the {tile} ({building}) chosen may cover it", what=what, tile=tile,
                       building=_building(tile))
        elif cell in buyable:
            what = say("{what}; buy it", what=what)
        squares[cell] = Square(text, say("Cell {cell}: {what}", cell=cell, what=what), ready, fill)
    return shape(state.players), squares


def _building(tile: str | None) -> Message | str:
    return building_word(tile) if tile in m.TILES else ""


def _lies(state: Any, cell: str, holders: dict, hand: tuple, kept: str | None) -> tuple[Message, str, str]:
    """What lies on ``cell`` in words, its button's short text and its fill (as on the board)."""
    building = state.building_at(cell)
    if building is not None:
        tile = building.tile
        what = say("{name}'s {building} ({tile})", name=state.names[building.owner], building=building_word(tile),
                   tile=tile)
        return what, m.TILES[tile].letter, CATEGORY_FILL[m.TILES[tile].category]
    holder = holders.get(cell)
    if holder is not None:
        name = state.names[holder]
        initial = seat_initials(state.names)[holder]  # as on the board's lot marker
        return say("{name}'s lot", name=name), "○" + initial, mix(seat_colour(holder), 0.8)  # a marker: ○A
    if cell in state.deed_board:
        price = state.prices[state.deed_board.index(cell)]
        return say_n("a deed for sale at {n} coin", "a deed for sale at {n} coins", price), str(price), FOR_SALE
    if cell in hand:
        return say("a deed of your hand"), "◆", FOR_SALE
    if cell == kept:
        return say("the deed you kept this round"), "★", FOR_SALE
    return say("empty cell"), "·", EMPTY


GRIDS[MetropolisBoard] = key_grid
