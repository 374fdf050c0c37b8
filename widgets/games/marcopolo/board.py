"""Marco Polo's board: the map in one bqplot figure, built once and redrawn in place by ``show(state, viewer)``,
with the action board and the players' boards (``panels``) under it.

The map shows every place at its position, the routes as lines with their extra costs, the city card number and
outpost tile of each large city, the small-city bonuses, Beijing's posts, every figure (a triangle) and trading
post (a square) in its seat's colour with its seat's initial (colour is never the only sign; ``map_legend`` says
whose initial is whose, under the players' boards). ``highlight(places, notes)`` marks the places a click may choose (a
travel's destinations, with what the trip costs); ``show_routes(walks, notes)`` draws the routes a trip may take
to the place chosen, each with a marker a click chooses. ``on_place`` and ``on_route`` take those clicks.
``mark(move)`` rings the places a suggested move goes to and outlines the action space it takes."""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence

import bqplot as bq
import ipywidgets as W

from boardgames import marcopolo as mp
from boardgames.core.message import Message, listed, say, say_n
from boardgames.marcopolo.board import INDEX, place_word
from boardgames.marcopolo.data import (
    BEIJING,
    BEIJING_NODE,
    BEIJING_VP,
    COINS,
    LARGE,
    NODES,
    OASIS,
    ROUTES,
    SMALL,
    VENEZIA,
    amount_said,
    reward_word,
)
from boardgames.terms import title_said
from widgets.games.marcopolo.panels import action_board_html, players_html
from widgets.kit.figures import board_figure, send_changed
from widgets.kit.key_grid import grid_for, refreshed
from widgets.kit.legend import initials_html
from widgets.kit.marks import MARK_COLOUR, MarkCaption
from widgets.kit.palette import ink, letter_colour, seat_colour, seat_initials
from widgets.runtime.language import on_language, shown

MAP_W, MAP_H = 800, 470  # the map's own units (data.NODES positions)
FIG_W, FIG_H = 820, 470  # the figure's pixels
SIDE_PX = 405  # each of the two panels under the map
MARGIN = {"top": 28, "bottom": 6, "left": 14, "right": 14}
PLACE_FILL = {VENEZIA: "#868e96", OASIS: "#c5e1a5", LARGE: "#ffd8a8", SMALL: "#ffec99", BEIJING: "#ffa8a8"}
PLACE_SIZE = {VENEZIA: 170, OASIS: 90, LARGE: 260, SMALL: 170, BEIJING: 320}
ROUTE_PLAIN, ROUTE_EXTRA = "#adb5bd", "#e67700"
HIGHLIGHT = "#2f9e44"  # the places a travel reaches (tests find them by this colour)
ROUTE_COLOURS = ("#1971c2", "#c2255c", "#6741d9", "#0c8599", "#e8590c", "#5c940d")  # the routes to choose from
DARK = "#212529"
# Route costs moved off the middle of their route where they would cover a place's name or note (map units).
COST_NUDGE = {("Oasis F", "Kashgar"): (-10, 26), ("Oasis G", "Ormuz"): (-4, 16), ("Oasis D", "Beijing"): (-16, 14)}
NOTE_NUDGE = {"Kashgar": 22, "Alexandria": 62}  # the notes under a place moved right: off a neighbour, or the edge
OUT_OF_SIGHT = -999.0  # bqplot wants at least one point per mark: an empty mark gets one here, unseen
FIGURE_STEP, POST_STEP = 25, 17  # map units between the figures (or the posts) side by side at one place
POST_GAP = 17  # map units from a place's middle (or its figures' edge) to its first post, in a row right of it
BOARD_STYLE = (
    "<style>"
    ".bg-marcopolo-fig .label, .bg-marcopolo-fig .line {pointer-events:none}"
    ".bg-marcopolo-info, .bg-marcopolo-info .widget-html-content {font-size:12px; line-height:1.35}"
    ".bg-marcopolo-info table {border-collapse:collapse; font-size:12px}"
    ".bg-marcopolo-info td, .bg-marcopolo-info th {padding:0 4px; text-align:left; vertical-align:top}"
    ".bg-marcopolo-info th {font-weight:normal; color:#495057}"
    ".bg-mp-die {display:inline-block; min-width:13px; padding:0 2px; margin:0 1px; border-radius:3px;"
    " color:#fff; text-align:center; font-weight:bold; font-size:11px}"
    "</style>"
)


def _x(node) -> float:
    return float(node.xy[1])


def _y(node) -> float:
    return float(node.xy[0])


class MarcoPoloBoard(W.VBox):
    """The map in bqplot, the action board and the players' boards beside it.

    Build it once and call ``show(state, viewer)`` after every move; ``highlight(places, notes)`` marks the places
    a click may choose; ``on_place(callback)`` registers ``callback(place)`` for clicks on any place;
    ``show_routes(walks, notes)`` draws routes to choose from and ``on_route(callback)`` gets ``callback(k)`` for a
    click on the marker of the k-th.
    """

    def __init__(self, state=None):
        self.state = None
        self.viewer: int | None = None
        self._callbacks: list[Callable] = []
        self._route_callbacks: list[Callable] = []
        self._routes: list = []
        self._hot: list[str] = []
        self._sent: dict[int, dict] = {}
        self.marked = None  # the move marked (see ``mark``)
        self._marked_space: str | None = None
        self.mark_caption = MarkCaption()
        self.figure = self._build()
        self.action_board = W.HTML()
        self.action_board.add_class("bg-marcopolo-info")
        self.action_board.add_class("bg-marcopolo-actions")
        self.players = W.HTML()
        self.players.add_class("bg-marcopolo-info")
        self.players.add_class("bg-marcopolo-players")
        self.action_board.layout = W.Layout(width=f"{SIDE_PX}px")
        self.players.layout = W.Layout(width=f"{SIDE_PX}px", margin="0 0 0 10px")
        self.side = W.Box(layout=W.Layout(margin="4px 0 0 0"))
        panels = W.HBox([self.action_board, self.players])
        self._hot_notes: dict[str, str] = {}  # what a trip to each highlighted place costs (words)
        self._route_notes_said: list[str] = []  # what each route drawn costs (words)
        self.key_grid = grid_for(self)  # the map's places as buttons, for the keyboard (the shell places it)
        super().__init__([W.HTML(BOARD_STYLE), self.mark_caption, self.figure, panels, self.side])
        self.add_class("bg-marcopolo-board")
        on_language(self._language_changed)
        if state is not None:
            self.show(state)
        else:
            self._draw_words()

    def _language_changed(self) -> None:
        """The page's language changed: every word of the map again (the shell redraws the rest)."""
        if self.state is not None:
            self.show(self.state, self.viewer)
        else:
            self._draw_words()
            self.figure.title = shown(title_said(mp.NAME))

    def set_side(self, widget) -> None:
        """Place ``widget`` (the shell's score chart) under the map and the panels."""
        widget.layout.width = f"{FIG_W}px"
        widget.layout.height = "220px"
        self.side.children = (widget,)

    def on_place(self, callback: Callable) -> None:
        """Call ``callback(place)`` whenever a place of the map is clicked."""
        self._callbacks.append(callback)

    def _build(self) -> bq.Figure:
        sc = {"x": bq.LinearScale(min=-10, max=MAP_W + 20), "y": bq.LinearScale(min=-25, max=MAP_H + 25,
                                                                                  reverse=True)}
        xs = [[_x(NODES[r.a]), _x(NODES[r.b])] for r in ROUTES]
        ys = [[_y(NODES[r.a]), _y(NODES[r.b])] for r in ROUTES]
        colours = [ROUTE_EXTRA if r.coins or r.camels else ROUTE_PLAIN for r in ROUTES]
        routes = bq.Lines(x=xs, y=ys, scales=sc, colors=colours, stroke_width=3)
        extra = [r for r in ROUTES if r.coins or r.camels]
        nudge = [COST_NUDGE.get((NODES[r.a].name, NODES[r.b].name), (0, 0)) for r in extra]
        self._route_costs = costs = bq.Label(
            x=[(_x(NODES[r.a]) + _x(NODES[r.b])) / 2 + dx for r, (dx, _) in zip(extra, nudge)],
            y=[(_y(NODES[r.a]) + _y(NODES[r.b])) / 2 + dy for r, (_, dy) in zip(extra, nudge)],
            text=_route_cost_words(), scales=sc, align="middle", default_size=12, font_weight="bold",
            colors=[ink(ROUTE_EXTRA)])  # words in the route's orange, darkened to read at 4.5:1
        self.place_marks = {}
        for kind in PLACE_FILL:
            nodes = [n for n in NODES if n.type == kind]
            self.place_marks[kind] = (bq.Scatter(x=[_x(n) for n in nodes], y=[_y(n) for n in nodes], scales=sc,
                                                 marker="circle", colors=[PLACE_FILL[kind]], stroke=DARK,
                                                 stroke_width=1, default_size=PLACE_SIZE[kind]),
                                      [n.name for n in nodes])
        self._names = names = bq.Label(x=[_x(n) for n in NODES], y=[_y(n) for n in NODES], text=_place_names(),
                                       scales=sc, align="middle", default_size=11, colors=[DARK], y_offset=-12,
                                       font_weight="bold")
        far = [OUT_OF_SIGHT]
        self._notes = bq.Label(x=far, y=far, text=[""], scales=sc, align="middle", default_size=10,
                               colors=["#495057"], y_offset=20)
        self._tiles = bq.Label(x=far, y=far, text=[""], scales=sc, align="middle", default_size=10,
                               colors=["#9c36b5"], y_offset=31)
        # a place a click may choose: a ring at least 24 pixels wide (WCAG 2.5.8's smallest target)
        self.highlights = bq.Scatter(x=far, y=far, scales=sc, marker="circle", default_size=600, colors=[HIGHLIGHT],
                                     opacities=[0.0], stroke=HIGHLIGHT, stroke_width=2)
        self._costs = bq.Label(x=far, y=far, text=[""], scales=sc, align="middle", default_size=11,
                               colors=[ink(HIGHLIGHT)], font_weight="bold", y_offset=-26)
        # a seat's pieces in its colour, edged dark (seen on the map's light places), its initial in each
        self.posts = bq.Scatter(x=far, y=far, scales=sc, marker="square", default_size=210, colors=[DARK],
                                stroke=DARK, stroke_width=1.5)
        self.post_initials = bq.Label(x=far, y=far, text=[""], scales=sc, align="middle", default_size=10,
                                      font_weight="bold", colors=["#000000"], y_offset=4)
        self.figures = bq.Scatter(x=far, y=far, scales=sc, marker="triangle-up", default_size=330, colors=[DARK],
                                  stroke=DARK, stroke_width=1.5)
        self.figure_initials = bq.Label(x=far, y=far, text=[""], scales=sc, align="middle", default_size=11,
                                        font_weight="bold", colors=["#000000"], y_offset=6)
        self.route_lines = bq.Lines(x=[far, far], y=[far, far], scales=sc, colors=[ROUTE_COLOURS[0]], stroke_width=6,
                                    opacities=[0.75])
        self.route_marks = bq.Scatter(x=far, y=far, scales=sc, marker="diamond", default_size=260,
                                      colors=[ROUTE_COLOURS[0]], stroke="#ffffff", stroke_width=1.5)
        self._route_notes = bq.Label(x=far, y=far, text=[""], scales=sc, align="start", default_size=12,
                                     font_weight="bold", colors=[ink(ROUTE_COLOURS[0])], x_offset=10, y_offset=4)
        self._mark = bq.Scatter(x=far, y=far, scales=sc, marker="circle", default_size=900, colors=[MARK_COLOUR],
                                fill=False, stroke=MARK_COLOUR, stroke_width=4)
        self.route_marks.on_element_click(self._route_clicked)
        self._piece_places: dict[str, list[str]] = {"figures": [], "posts": []}  # where each piece drawn stands
        for mark in (self.figures, self.posts):  # a piece covers much of its place: a click on it is for the place
            mark.on_element_click(self._piece_clicked)
        places = [mark for mark, _ in self.place_marks.values()]
        for mark in (*places, self.highlights):
            mark.on_element_click(self._clicked)
        return board_figure(
            [routes, costs, self.route_lines, *places, self.highlights, names, self._notes, self._tiles, self._costs,
             self.posts, self.post_initials, self.figures, self.figure_initials, self.route_marks, self._route_notes,
             self._mark],
            title=shown(title_said(mp.NAME)), title_size=15, width=FIG_W, height=FIG_H, margin=MARGIN,
            css="bg-marcopolo-fig", rigid=True,
        )

    # -- clicks
    def _clicked(self, mark, event) -> None:
        i = event.get("data", {}).get("index")
        names = next((names for m, names in self.place_marks.values() if m is mark), self._hot)
        if i is not None and 0 <= i < len(names):
            self.click(names[i])

    def click(self, place: str) -> None:
        """What a click on ``place`` does (the browser's clicks land here; tests may call it)."""
        for callback in list(self._callbacks):
            callback(place)

    def _piece_clicked(self, mark, event) -> None:
        i = event.get("data", {}).get("index")
        places = self._piece_places["figures" if mark is self.figures else "posts"]
        if i is not None and 0 <= i < len(places):
            self.click(places[i])

    def on_route(self, callback: Callable) -> None:
        """Call ``callback(k)`` whenever the marker of the k-th route of ``show_routes`` is clicked."""
        self._route_callbacks.append(callback)

    def _route_clicked(self, mark, event) -> None:
        k = event.get("data", {}).get("index")
        if k is not None and 0 <= k < len(self._routes):
            self.click_route(k)

    def click_route(self, k: int) -> None:
        """What a click on the marker of the k-th route does (the browser's clicks land here; tests may call it)."""
        for callback in list(self._route_callbacks):
            callback(k)

    def show_routes(self, routes: Sequence[Sequence[Sequence[str]]], notes: Sequence[str] = ()) -> None:
        """Draw ``routes`` (each a trip's walks: places from where a figure stands) in their own colours, with a
        marker a click chooses and ``notes`` beside it (what each costs); [] clears them."""
        self._routes = [list(map(list, walks)) for walks in routes]
        lines, colours, mx, my = [], [], [], []
        for k, walks in enumerate(self._routes):
            colour = ROUTE_COLOURS[k % len(ROUTE_COLOURS)]
            for walk in walks:
                lines.append([NODES[INDEX[p]] for p in walk])
                colours.append(colour)
            first = [NODES[INDEX[p]] for p in walks[0]]
            a, b = first[(len(first) - 1) // 2], first[(len(first) + 1) // 2]
            mx.append((_x(a) + _x(b)) / 2 + 6 * k)
            my.append((_y(a) + _y(b)) / 2 - 6 * k)
        longest = max((len(line) for line in lines), default=2)
        padded = [line + line[-1:] * (longest - len(line)) for line in lines]  # bqplot wants lines of one length
        far = [OUT_OF_SIGHT, OUT_OF_SIGHT]
        xs = [[_x(n) for n in line] for line in padded] or [far, far]
        ys = [[_y(n) for n in line] for line in padded] or [far, far]
        marker_colours = [ROUTE_COLOURS[k % len(ROUTE_COLOURS)] for k in range(len(self._routes))]
        self._set(self.route_lines, x=xs, y=ys, colors=colours or [ROUTE_COLOURS[0]])
        self._set(self.route_marks, x=mx or [OUT_OF_SIGHT], y=my or [OUT_OF_SIGHT],
                  colors=marker_colours or [ROUTE_COLOURS[0]])
        self._set(self._route_notes, x=mx or [OUT_OF_SIGHT], y=my or [OUT_OF_SIGHT],
                  text=list(notes) if self._routes else [""],
                  colors=[ink(c) for c in marker_colours] or [ink(ROUTE_COLOURS[0])])
        self._route_notes_said = list(notes) if self._routes else []
        refreshed(self.key_grid)

    @property
    def routes(self) -> list:
        """The routes drawn now to choose from."""
        return list(self._routes)

    def highlight(self, places: Sequence[str], notes: Sequence[str] = ()) -> None:
        """Mark ``places`` (where a click may choose) with ``notes`` under them (a trip's cost); [] clears."""
        self._hot = list(places)
        nodes = [NODES[INDEX[p]] for p in self._hot]
        x = [_x(n) for n in nodes] or [OUT_OF_SIGHT]
        y = [_y(n) for n in nodes] or [OUT_OF_SIGHT]
        self._set(self.highlights, x=x, y=y, opacities=[0.45] * len(nodes) or [0.0],
                  colors=[HIGHLIGHT] * len(nodes) or ["#ffffff"])
        self._set(self._costs, x=x, y=y, text=list(notes) if nodes else [""])
        self._hot_notes = dict(zip(self._hot, notes))
        refreshed(self.key_grid)

    @property
    def highlighted(self) -> list[str]:
        """The places marked now."""
        return list(self._hot)

    @property
    def highlight_notes(self) -> dict[str, str]:
        """What each place marked now says under it (a trip's cost), in the page's language."""
        return dict(self._hot_notes)

    @property
    def route_notes(self) -> list[str]:
        """What each route drawn now says beside its marker (a trip's cost), in the page's language."""
        return list(self._route_notes_said)

    def _set(self, mark, **traits) -> None:
        """Give ``mark`` new data, sending only the traits that changed since the last time."""
        send_changed(self._sent, mark, **traits)

    def mark(self, move) -> None:
        """Ring the places ``move`` (a move suggested for the position shown) goes to (where a travel ends, the city
        of a city card) and outline the action space it takes; None clears the mark."""
        self.marked = move
        space = None if move is None else mp.space_of(move)
        places = list(move.ends) if type(move) is mp.Travel else [mp.card_city(space)] if type(move) is mp.CityCard \
            else []
        nodes = [NODES[INDEX[p]] for p in places]
        self._set(self._mark, x=[_x(n) for n in nodes] or [OUT_OF_SIGHT], y=[_y(n) for n in nodes] or [OUT_OF_SIGHT])
        self._marked_space = space
        if self.state is not None:
            self.action_board.value = action_board_html(self.state, self.viewer, space)
        where = listed([place_word(INDEX[p]) for p in places]) if places else \
            say("its space on the action board") if space else ""
        self.mark_caption.show(self, move, where)

    # -- redraw
    def show(self, state, viewer: int | None = None) -> None:
        """Redraw for ``state`` as ``viewer`` may see it (a seat, or None for a spectator): all is public but the
        goal cards, which ``viewer`` sees for its own seat only."""
        self.state, self.viewer = state, viewer
        self._draw_words()
        self._draw_pieces(state)
        self._draw_notes(state)
        title = shown(_title(state))
        if self.figure.title != title:
            self.figure.title = title
        self.action_board.value = action_board_html(state, viewer, self._marked_space)
        self.players.value = players_html(state, viewer) + map_legend(state.names)
        refreshed(self.key_grid)

    def _draw_pieces(self, state) -> None:
        """The figures on their places and the posts under them, side by side where several share a place, each in
        its seat's colour with its seat's initial."""
        initials = seat_initials(state.names)
        figures: dict[str, list[int]] = {}
        for seat in range(state.players):
            for place in state.figures(seat):
                figures.setdefault(place, []).append(seat)
        for pieces, marks in (("figures", (self.figures, self.figure_initials)),
                              ("posts", (self.posts, self.post_initials))):
            at: dict[str, list[int]] = {}
            for seat in range(state.players):
                for place in getattr(state, pieces)(seat):
                    at.setdefault(place, []).append(seat)
            xs, ys, seats, where = [], [], [], []
            for place, there in at.items():
                node = NODES[INDEX[place]]
                for k, seat in enumerate(there):
                    if pieces == "figures":  # on the place, side by side
                        xs.append(_x(node) + (k - (len(there) - 1) / 2) * FIGURE_STEP)
                    else:  # in a row right of the place and of the figures on it
                        first = max(POST_GAP, len(figures.get(place, ())) * FIGURE_STEP / 2 + 8)
                        xs.append(_x(node) + first + k * POST_STEP)
                    ys.append(_y(node))
                    seats.append(seat)
                    where.append(place)
            self._piece_places[pieces] = where
            shape, letters = marks
            self._set(shape, x=xs or [OUT_OF_SIGHT], y=ys or [OUT_OF_SIGHT],
                      colors=[seat_colour(s) for s in seats] or [DARK])
            self._set(letters, x=xs or [OUT_OF_SIGHT], y=ys or [OUT_OF_SIGHT],
                      text=[initials[s] for s in seats] or [""],
                      colors=[letter_colour(seat_colour(s)) for s in seats] or ["#000000"])

    @property
    def pieces(self) -> dict[str, list[tuple[str, str]]]:
        """The figures and the posts drawn: (colour, initial) of each, by kind."""
        return {"figures": list(zip(self.figures.colors, self.figure_initials.text)),
                "posts": list(zip(self.posts.colors, self.post_initials.text))}

    def _draw_words(self) -> None:
        """The map's fixed words in the page's language: the places' names and the routes' extra costs."""
        self._set(self._names, text=_place_names())
        self._set(self._route_costs, text=_route_cost_words())

    def _draw_notes(self, state) -> None:
        self._label(self._notes, {city: shown(note) for city, note in place_notes(state).items()})
        self._label(self._tiles, {city: shown(reward_word(mp.OUTPOSTS[tile - 1].text))
                                  for city, tile in state.outposts.items() if tile})

    def _label(self, mark, texts: dict[str, str]) -> None:
        nodes = [NODES[INDEX[p]] for p in texts]
        x = [_x(n) + NOTE_NUDGE.get(n.name, 0) for n in nodes]
        self._set(mark, x=x or [OUT_OF_SIGHT], y=[_y(n) for n in nodes] or [OUT_OF_SIGHT],
                  text=list(texts.values()) or [""])


def place_notes(state) -> dict[str, Message | str]:
    """The note under each place that has one: a large city's city cards, a small city's bonus, Beijing's free
    posts."""
    cards: dict[str, list[str]] = {}
    for space, card in state.city_cards.items():
        cards.setdefault(mp.card_city(space), []).append(str(card))
    notes: dict[str, Message | str] = {
        city: say_n("card {cards}", "cards {cards}", len(ns), cards="/".join(ns)) for city, ns in cards.items()}
    for city, bonus in state.small_city_bonuses.items():
        marker = next(b for b in mp.SMALL_CITY_BONUSES if b.name == bonus)
        notes[city] = "?" if marker.reward == ("any",) else reward_word(marker.text)  # Xian's: any other's
    spaces = [f"{vp}" for vp, s in zip(BEIJING_VP, state.beijing) if s is None]
    notes[NODES[BEIJING_NODE].name] = say("posts: {spaces} VP", spaces="/".join(spaces)) if spaces else \
        say("posts: full VP")
    return notes


def map_legend(names) -> str:
    """What the map's pieces are and whose initial is whose, in the page's language (HTML)."""
    pieces = html.escape(shown(say("On the map, a triangle is a figure and a square a trading post.")))
    return (f"<div class='bg-marcopolo-legend' style='margin-top:6px;color:#495057;white-space:normal'>{pieces} "
            f"{initials_html(names)}</div>")


def _place_names() -> list[str]:
    """Each place's name on the map, in the page's language (an oasis by its letter)."""
    return [n.name.replace("Oasis ", "") if n.type == OASIS else shown(place_word(n.id)) for n in NODES]


def _route_cost_words() -> list[str]:
    """The extra cost of each route that has one ("5 coins", "3 cam."), in the page's language."""
    return [shown(amount_said(COINS, r.coins) if r.coins else say("{count} cam.", count=r.camels))
            for r in ROUTES if r.coins or r.camels]


def _title(state) -> Message:
    if state.is_over:
        return say("The map · the game is over")
    return say("The map · round {round} of {rounds}", round=state.round, rounds=mp.ROUNDS)
