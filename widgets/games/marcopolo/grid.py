"""The Voyages of Marco Polo's map as buttons (``widgets.kit.key_grid``): one button per place, the cities under one
heading and Venezia and the oases under another, each named by its place, its kind, what lies there (city cards, a
small city's bonus, an outpost tile, Beijing's free posts), whose trading posts and figures stand there, and,
for the places the map shows green, that a trip there is possible now and what it costs. While several routes lead
to the place chosen, the routes follow as buttons of their own. Pressing a place's button is a click on that place
of the map (``MarcoPoloBoard.click``), a route's a click on its marker (``click_route``): the controls travel, or say
why not.

Every fact is read from the state and from the map's own highlight and routes (which the controls set from
``legal_moves``): nothing here decides a rule.
"""

from __future__ import annotations

from typing import Any

from boardgames import marcopolo as mp
from boardgames.core.message import listed, say
from boardgames.marcopolo.board import INDEX, place_word
from boardgames.marcopolo.data import BEIJING, LARGE, NODES, OASIS, SMALL, reward_word
from widgets.games.marcopolo.board import PLACE_FILL, ROUTE_COLOURS, MarcoPoloBoard, place_notes
from widgets.kit.key_grid import GRIDS, Groups, KeyGrid, Square
from widgets.kit.palette import mix, seat_initials
from widgets.runtime.language import shown

CITIES = tuple(n.name for n in NODES if n.type in (LARGE, SMALL, BEIJING))
OTHERS = tuple(n.name for n in NODES if n.type not in (LARGE, SMALL, BEIJING))  # Venezia and the oases
PLACES = (say("Cities"), CITIES), (say("Venezia and the oases"), OTHERS)
KIND = {LARGE: say("large city"), SMALL: say("small city")}


def key_grid(board: Any) -> KeyGrid:
    """The buttons of ``board`` (a ``MarcoPoloBoard``): a press is a click on that place, or on a route's marker."""
    return KeyGrid(lambda: read(board), lambda key: press(board, key), css="bg-marcopolo-keys")


def press(board: Any, key: Any) -> None:
    """What a press of ``key``'s button does: a click on a place of the map, or on the k-th route's marker."""
    if isinstance(key, tuple):
        board.click_route(key[1])
    else:
        board.click(key)


def read(board: Any) -> tuple:
    """The list's shape and every place's (and route's) button, as ``board`` shows the game now."""
    routes = board.routes
    groups = PLACES if not routes else (*PLACES, (say("Routes to choose"), tuple(("route", k)
                                                                               for k in range(len(routes)))))
    state = board.state
    if state is None:
        return Groups(groups), {}
    notes = place_notes(state)
    trips = board.highlight_notes
    squares: dict[Any, Square] = {}
    for node in NODES:
        squares[node.name] = place_square(state, node, notes.get(node.name), trips.get(node.name))
    costs = board.route_notes
    for k, walks in enumerate(routes):
        way = " / ".join(" → ".join(shown(place_word(INDEX[p])) for p in walk) for walk in walks)
        cost = costs[k] if k < len(costs) else ""
        name = say("Route {number}: {way}, {cost}", number=k + 1, way=way, cost=cost)
        tint = mix(ROUTE_COLOURS[k % len(ROUTE_COLOURS)], 0.7)  # the route's colour, light enough for dark text
        squares[("route", k)] = Square(f"◆ {k + 1}", name, True, tint)
    return Groups(groups), squares


def place_square(state: Any, node: Any, note: Any, trip: str | None) -> Square:
    """The button of the place ``node``: its name shown, its full name in words, its fill as on the map."""
    place = place_word(node.id)
    parts: list[Any] = [say("{place}, {kind}", place=place, kind=KIND[node.type]) if node.type in KIND else place]
    if note is not None:
        parts.append(say("small-city bonus: {bonus}", bonus=note) if node.type == SMALL else note)
    tile = state.outposts.get(node.name)
    if tile:
        parts.append(say("outpost tile: {reward}", reward=reward_word(mp.OUTPOSTS[tile - 1].text)))
    seats = range(state.players)
    initials = seat_initials(state.names)  # each piece's sign as on the map: ▲A a figure, ■A a trading post
    posted = [s for s in seats if node.name in state.posts(s)]
    travelling = [s for s in seats if node.name in state.figures(s)]
    posts, figures = [state.names[s] for s in posted], [state.names[s] for s in travelling]
    if posts:
        parts.append(say("trading posts: {names}", names=listed(posts)))
    if figures:
        parts.append(say("figures: {names}", names=listed(figures)))
    if trip is not None:
        parts.append(say("you may travel here ({cost})", cost=trip))
    text = shown(place) if node.type != OASIS else node.name.replace("Oasis ", "")
    if travelling:
        text += " " + "".join("▲" + initials[s] for s in travelling)
    if posted:
        text += " " + "".join("■" + initials[s] for s in posted)
    return Square(text, listed(parts, ";"), trip is not None, PLACE_FILL[node.type])


GRIDS[MarcoPoloBoard] = key_grid
