"""Why a Metropolis move is illegal: one function per rule family (whose turn, the draft, buying, building),
each rule's test written once and used by ``check``, by ``play`` and by ``legal_moves``/``legal_builds`` alike.
When a move breaks several rules, the refusal names the first in the order of the rules (decision 21)."""

from __future__ import annotations

from typing import Any

from boardgames.core import IllegalMove, Message, listed, say, say_n, turn_refusal
from boardgames.metropolis.board import INDEX, NAMES, cell_index, footprints, form, in_play, shape_keys
from boardgames.metropolis.moves import Build, Buy, Income, Pick
from boardgames.metropolis.rules import PRICES
from boardgames.metropolis.state import DRAFT, OVER, Position
from boardgames.metropolis.tiles import SHAPES, TILES, building_word, shape_tiles, shape_word

MOVE_TYPES = (Income, Buy, Build, Pick)
SHAPE_TILES = {shape: tuple(t.id for t in shape_tiles(shape)) for shape in SHAPES}


def refusal(s: Position, move: Any, seat: int | None) -> IllegalMove | None:
    """The IllegalMove that ``move`` by ``seat`` (None: the player to move) would raise in ``s``, or None."""
    names = s.table.names
    actor = s.turn
    shared = turn_refusal(s.step == OVER, move, MOVE_TYPES, "Foundations of Metropolis", names, actor, seat)
    if shared is not None:
        return shared
    kind = type(move)
    if s.step == DRAFT:
        return draft_pick(s, move, actor)
    if kind is Pick:
        return IllegalMove("metropolis.turn.one-action",
                           say("The deed draft is over: a turn is income, buying a deed or building."))
    if kind is Income:
        return None
    if kind is Buy:
        return buy(s, move.cell, actor)
    return build(s, move.tile, move.cells, actor)


def draft_pick(s: Position, move: Any, seat: int) -> IllegalMove | None:
    """Rule draft.pick: during the draft only a pick from the hand the player holds."""
    name = s.table.names[seat]
    if type(move) is not Pick:
        return IllegalMove("metropolis.draft.pick",
                           say("The deed draft comes first: {name} picks a deed from the hand.", name=name))
    i = INDEX.get(move.cell)
    if i is None or i not in s.hands[seat]:
        return IllegalMove("metropolis.draft.pick",
                           say("{cell} is not a deed in the hand {name} holds.", cell=move.cell, name=name))
    return None


def buy(s: Position, cell: str, seat: int) -> IllegalMove | None:
    """Rules buy.not-for-sale, buy.no-marker and buy.no-money."""
    name = s.table.names[seat]
    i = INDEX.get(cell)
    if i is None or i not in s.board:
        if not s.board:
            text = say("The deed of {cell} is not for sale: nothing is for sale in the year's final turns.", cell=cell)
        else:
            text = say("The deed of {cell} is not for sale: the deed board offers {offer}.", cell=cell,
                       offer=listed(NAMES[c] for c in s.board))
        return IllegalMove("metropolis.buy.not-for-sale", text)
    if not s.markers_left[seat]:
        return IllegalMove("metropolis.buy.no-marker",
                           say("{name} has no lot marker left in supply to put on {cell}: all 8 are on the board.",
                               name=name, cell=cell))
    price = PRICES[s.board.index(i)]
    if s.coins[seat] < price:
        return IllegalMove("metropolis.buy.no-money",
                           say_n("The deed of {cell} costs {price} coins; {name} has {n} coin.",
                                 "The deed of {cell} costs {price} coins; {name} has {n} coins.", s.coins[seat],
                                 cell=cell, price=price, name=name))
    return None


def build(s: Position, tile: str, cells: tuple[str, ...], seat: int) -> IllegalMove | None:
    """Rules build.no-tile, build.shape, build.not-owned, build.must-be-larger and build.no-markers."""
    name = s.table.names[seat]
    if tile not in TILES:
        return IllegalMove("metropolis.build.no-tile", say("{tile} is not a building tile.", tile=repr(tile)))
    t = TILES[tile]
    if tile not in s.tiles[seat]:
        return IllegalMove("metropolis.build.no-tile", say("{name}'s {building} ({tile}) is already on the board.",
                                                           name=name, building=building_word(tile), tile=tile))
    where = " ".join(cells)
    board = in_play(s.players)
    foot = tuple(sorted(INDEX[c] for c in cells if c in INDEX))
    if len(foot) != len(cells) or len(set(foot)) != len(foot) or any(i not in board for i in foot):
        off = [c for c in cells if INDEX.get(c) not in board]
        if not off:
            text = say("{tile} cannot go on {where}: a cell twice.", tile=tile, where=where)
        elif len(off) == 1:
            text = say("{tile} cannot go on {where}: {cells} is not on this board.", tile=tile, where=where,
                       cells=listed(off))
        else:
            text = say("{tile} cannot go on {where}: {cells} are not on this board.", tile=tile, where=where,
                       cells=listed(off))
        return IllegalMove("metropolis.build.shape", text)
    if len(foot) != t.size or form(foot) not in shape_keys(t.shape):
        return IllegalMove("metropolis.build.shape",
                           say("{where} is not the shape of {tile} ({building}, {size} cells, {shape}) in any "
                               "rotation.", where=where, tile=tile, building=building_word(tile), size=t.size,
                               shape=shape_word(t.shape)))
    strangers = [NAMES[i] for i in foot if s.owner[i] != seat]
    if strangers:
        if len(strangers) == 1:
            text = say("{cells} is not {name}'s lot.", cells=listed(strangers), name=name)
        else:
            text = say("{cells} are not {name}'s lot.", cells=listed(strangers), name=name)
        return IllegalMove("metropolis.build.not-owned", text)
    fault = cover(s, seat, foot, t.size)
    if fault == "larger":
        big = next(b for b in _covered(s, foot) if b.size >= t.size)
        return IllegalMove("metropolis.build.must-be-larger",
                           say("{tile} ({size} cells) cannot cover the {building} on {cells} ({covered_size} cells): "
                               "only smaller buildings can be covered.", tile=tile, size=t.size,
                               building=building_word(big.tile), cells=" ".join(big.cells), covered_size=big.size))
    if fault == "markers":
        vacated = _vacated(s, foot)
        under = sum(1 for i in foot if s.lots_board[i] == seat)
        return IllegalMove("metropolis.build.no-markers",
                           say_n("Building {tile} on {where} leaves {cells} needing {n} marker; {name} has {supply} "
                                 "in supply and {under} under the new building.",
                                 "Building {tile} on {where} leaves {cells} needing {n} markers; {name} has {supply} "
                                 "in supply and {under} under the new building.", len(vacated), tile=tile,
                                 where=where, cells=listed(NAMES[i] for i in vacated), name=name,
                                 supply=s.markers_left[seat], under=under))
    return None


NONE_LEFT = say("It is on the board: none left in your supply.")
NO_PLACE = say("No place for it: it needs your own lots in its shape, covering only smaller buildings (and markers "
               "for the cells they leave).")


def no_place_said(s: Position, tile: str, seat: int) -> Message:
    """Rules build.no-tile to build.no-markers in a sentence: why ``seat`` has nowhere to build ``tile`` (said when
    no legal move builds it): none left in its supply, or no footprint of its own lots that the rules allow."""
    return NONE_LEFT if tile not in s.tiles[seat] else NO_PLACE


def no_place(s: Position, tile: str, seat: int) -> str:
    """Why ``seat`` has nowhere to build ``tile``, in English (``no_place_said``)."""
    return str(no_place_said(s, tile, seat))


def telling_build(s: Position, tile: str, cell: str, seat: int | None) -> Build:
    """A build of ``tile`` through ``cell``, legal or not, whose refusal says best why the tile cannot go there: of
    the footprints of its shape through ``cell``, the one holding the most of ``seat``'s own lots (``cell`` alone
    when none passes through it)."""
    i = cell_index(cell)
    through = [f for feet in footprints(s.players, TILES[tile].shape).values() for f in feet if i in f]
    best = max(through, key=lambda f: sum(s.owner[j] == seat for j in f)) if through else (i,)
    return Build(tile, tuple(NAMES[j] for j in best))


def cover(s: Position, seat: int, foot: tuple[int, ...], size: int) -> str | None:
    """Rules build.must-be-larger and build.no-markers for a footprint of the seat's own lots: ``"larger"``,
    ``"markers"`` or None when the building may go there."""
    vacated = 0
    for b in _covered(s, foot):
        if b.size >= size:
            return "larger"
        vacated += sum(1 for i in b.at if i not in foot)
    if vacated:
        lots = s.lots_board
        under = sum(1 for i in foot if lots[i] == seat)
        if s.markers_left[seat] + under < vacated:
            return "markers"
    return None


def builds(s: Position, seat: int) -> dict[str, list[tuple[int, ...]]]:
    """Every legal footprint of every tile in ``seat``'s supply (tiles without one left out)."""
    owner = s.owner
    mine = [i for i, o in enumerate(owner) if o == seat]
    supply = set(s.tiles[seat])
    out: dict[str, list[tuple[int, ...]]] = {}
    for shape, tiles in SHAPE_TILES.items():
        have = [t for t in tiles if t in supply]
        if not have:
            continue
        size = len(SHAPES[shape])
        feet = footprints(s.players, shape)
        ok = []
        for c in mine:
            for f in feet.get(c, ()):
                if all(owner[i] == seat for i in f) and cover(s, seat, f, size) is None:
                    ok.append(f)
        if ok:
            for t in have:
                out[t] = ok
    return out


def _covered(s: Position, foot: tuple[int, ...]) -> list:
    site = s.site
    return list(dict.fromkeys(site[i] for i in foot if site[i] is not None))


def _vacated(s: Position, foot: tuple[int, ...]) -> list[int]:
    return sorted(i for b in _covered(s, foot) for i in b.at if i not in foot)
