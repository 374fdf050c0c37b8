"""The Voyages of Marco Polo's board and controls, for the app shell and the notebooks.

- ``MarcoPoloBoard``: the map in one bqplot figure, built once and redrawn in place by ``show(state, viewer)``:
  every place at its position, the routes as lines with their extra costs, the city card number and outpost
  tile of each large city, the small-city bonuses, Beijing's posts, every figure (a triangle) and trading post
  (a square) in its seat's colour. Beside it, as HTML: the action board (the dice on each space, the fee to use
  it now, Khan's Favor, the six contract spaces, the city cards, the black dice left) and each player's board
  (character, coins, camels, goods, VP, dice, contracts, posts left; goal cards for the viewer only).
  ``highlight(places)`` marks the places a click may choose (a travel's destinations) and ``on_place(callback)``
  takes the clicks on them.
- ``MarcoPoloControls(on_move, board=None)``: the open question's answers as buttons (``bg-move-choose``);
  the kinds of actions offered now (``bg-choose``: travel, bazaar, Khan's Favor, contracts, coins, city cards,
  bonus actions), the dice to narrow them by (``bg-choose``) and the moves of the chosen kind as buttons that
  say what each does (``bg-move-<kind>``); End turn (``bg-move-end``). During a turn's main action every place
  a Travel reaches is highlighted on the map with its cost; a click on it travels there (or, when several
  trips lead there, lists them).

Nothing here decides a rule: every choice comes from ``legal_moves``, every refusal from ``check``. Goal cards
are secret: a seat's own goals show on its own page only.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence

import bqplot as bq
import ipywidgets as W

from boardgames import marcopolo as mp
from boardgames.marcopolo.board import INDEX
from boardgames.marcopolo.data import (
    BAZAAR,
    BEIJING_NODE,
    BEIJING_VP,
    CHARACTERS,
    CITY_CARDS,
    CONTRACTS,
    GOALS,
    KHAN_SLOTS,
    LARGE,
    NODES,
    OASIS,
    ROUTES,
    SMALL,
)
from boardgames.marcopolo.data import CARD_SPACES as CARD_SPACE_NAMES
from boardgames.marcopolo.state import SPACES
from widgets.figures import board_figure, send_changed
from widgets.palette import seat_colour
from widgets.protocol import SeatOption

# ------------------------------------------------------------------------------------- colours and sizes

MAP_W, MAP_H = 800, 470  # the map's own units (data.NODES positions)
FIG_W, FIG_H = 820, 470  # the figure's pixels
SIDE_PX = 405  # each of the two panels under the map
MARGIN = {"top": 28, "bottom": 6, "left": 14, "right": 14}
PLACE_FILL = {"start": "#868e96", OASIS: "#c5e1a5", LARGE: "#ffd8a8", SMALL: "#ffec99", "Beijing": "#ffa8a8"}
PLACE_SIZE = {"start": 170, OASIS: 90, LARGE: 260, SMALL: 170, "Beijing": 320}
ROUTE_PLAIN, ROUTE_EXTRA = "#adb5bd", "#e67700"
HIGHLIGHT = "#2f9e44"  # the places a travel reaches (tests find them by this colour)
DARK = "#212529"
OUT_OF_SIGHT = -999.0  # bqplot wants at least one point per mark: an empty mark gets one here, unseen
MAX_MOVES = 40  # move buttons shown at once (the dice choosers narrow longer lists)

KIND_OF = {
    mp.Travel: "travel", mp.Bazaar: "bazaar", mp.KhansFavor: "khan", mp.TakeContracts: "contracts",
    mp.FiveCoins: "coins", mp.CoinBag: "coins", mp.CityCard: "city-card", mp.Fulfil: "bonus",
    mp.Reroll: "bonus", mp.Adjust: "bonus", mp.BuyBlackDie: "bonus", mp.EndTurn: "end", mp.Choose: "choose",
}
KIND_LABEL = {"travel": "Travel", "bazaar": "Bazaars", "khan": "Khan's Favor", "contracts": "Take contracts",
              "coins": "Coins", "city-card": "City cards", "bonus": "Bonus actions"}
SPACE_LABEL = {"travel": "Travel", "camel": "Camel bazaar", "pepper": "Pepper bazaar", "silk": "Silk bazaar",
               "gold": "Gold bazaar", "khan": "Khan's Favor", "contracts": "Take contracts",
               "five coins": "Take 5 coins", "coin bag": "Coin bag"}
SHARED = {"travel", "camel", "pepper", "silk", "gold", "contracts", "five coins"}  # a fee when occupied
BOARD_STYLE = (
    "<style>"
    ".bg-marcopolo-fig .label, .bg-marcopolo-fig .line {pointer-events:none}"
    ".bg-marcopolo-info, .bg-marcopolo-info .widget-html-content {font-size:12px; line-height:1.35}"
    ".bg-marcopolo-info table {border-collapse:collapse; font-size:12px}"
    ".bg-marcopolo-info td, .bg-marcopolo-info th {padding:0 4px; text-align:left; vertical-align:top}"
    ".bg-marcopolo-info th {font-weight:normal; color:#495057}"
    ".bg-mp-die {display:inline-block; min-width:13px; padding:0 2px; margin:0 1px; border-radius:3px;"
    " color:#fff; text-align:center; font-weight:bold; font-size:11px}"
    ".bg-marcopolo-controls .widget-button {font-size:12px}"
    ".bg-marcopolo-controls .bg-selected {outline:3px solid #2f9e44; outline-offset:1px; font-weight:bold}"
    "</style>"
)


def _x(node) -> float:
    return float(node.xy[1])


def _y(node) -> float:
    return float(node.xy[0])


def die_chip(die: mp.Die, seat: int | None) -> str:
    """A die as a small coloured chip: the seat's colour, black, white, or grey for a neutral die."""
    if die.kind == "black":
        colour = "#000000"
    elif die.kind == "white":
        colour = "#f8f9fa; color:#212529; border:1px solid #495057"
    else:
        colour = "#868e96" if seat is None else seat_colour(seat)
    return f"<span class='bg-mp-die' style='background:{colour}'>{html.escape(str(die.value or '?'))}</span>"


def cost_text(coins: int, camels: int) -> str:
    """``"7 coins + 3 camels"``, ``"free"``."""
    parts = [f"{coins} coin{'s' * (coins != 1)}"] if coins else []
    parts += [f"{camels} camel{'s' * (camels != 1)}"] if camels else []
    return " + ".join(parts) or "free"


def trip_cost(state, move: mp.Travel) -> tuple[int, int]:
    """The (coins, camels) a Travel costs the player to move (the engine's ``trip_cost``)."""
    return state.trip_cost(move)


def move_label(state, move) -> str:
    """What a move does, for its button: the move's own phrase, with a travel's cost."""
    if type(move) is mp.Travel:
        ends = " and ".join(p[-1] for p in (move.path, move.path2) if p)
        dice = " ".join(str(d) for d in move.dice)
        via = [p for p in (*move.path[:-1], *move.path2[:-1])]
        text = f"to {ends} ({dice})" + (f" via {', '.join(via)}" if via else "")
        return f"{text}: {cost_text(*trip_cost(state, move))}"
    if type(move) is mp.Fulfil:
        c = CONTRACTS[move.contract]
        return f"fulfil contract {move.contract}: {c.vp} VP + {c.text}"
    if type(move) is mp.Choose:
        return move.option
    return str(move)


# ------------------------------------------------------------------------------------- the board


class MarcoPoloBoard(W.VBox):
    """The map in bqplot, the action board and the players' boards beside it.

    Build it once and call ``show(state, viewer)`` after every move; ``highlight(places, notes)`` marks the places
    a click may choose; ``on_place(callback)`` registers ``callback(place)`` for clicks on any place.
    """

    def __init__(self, state=None):
        self.state = None
        self.viewer: int | None = None
        self._callbacks: list[Callable] = []
        self._hot: list[str] = []
        self._sent: dict[int, dict] = {}
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
        super().__init__([W.HTML(BOARD_STYLE), self.figure, W.HBox([self.action_board, self.players]), self.side])
        self.add_class("bg-marcopolo-board")
        if state is not None:
            self.show(state)

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
        costs = bq.Label(x=[(_x(NODES[r.a]) + _x(NODES[r.b])) / 2 for r in extra],
                         y=[(_y(NODES[r.a]) + _y(NODES[r.b])) / 2 for r in extra],
                         text=[f"{r.coins} coins" if r.coins else f"{r.camels} cam." for r in extra], scales=sc,
                         align="middle", default_size=12, font_weight="bold", colors=[ROUTE_EXTRA])
        self.place_marks = {}
        for kind in PLACE_FILL:
            nodes = [n for n in NODES if n.type == kind]
            self.place_marks[kind] = (bq.Scatter(x=[_x(n) for n in nodes], y=[_y(n) for n in nodes], scales=sc,
                                                 marker="circle", colors=[PLACE_FILL[kind]], stroke=DARK,
                                                 stroke_width=1, default_size=PLACE_SIZE[kind]),
                                      [n.name for n in nodes])
        names = bq.Label(x=[_x(n) for n in NODES], y=[_y(n) for n in NODES],
                         text=[n.name.replace("Oasis ", "") if n.type == OASIS else n.name for n in NODES],
                         scales=sc, align="middle", default_size=11, colors=[DARK], y_offset=-12,
                         font_weight="bold")
        far = [OUT_OF_SIGHT]
        self._notes = bq.Label(x=far, y=far, text=[""], scales=sc, align="middle", default_size=10,
                               colors=["#495057"], y_offset=20)
        self._tiles = bq.Label(x=far, y=far, text=[""], scales=sc, align="middle", default_size=10,
                               colors=["#9c36b5"], y_offset=31)
        self.highlights = bq.Scatter(x=far, y=far, scales=sc, marker="circle", default_size=420, colors=[HIGHLIGHT],
                                     opacities=[0.0], stroke=HIGHLIGHT, stroke_width=2)
        self._costs = bq.Label(x=far, y=far, text=[""], scales=sc, align="middle", default_size=11,
                               colors=[HIGHLIGHT], font_weight="bold", y_offset=-25)
        self.posts = bq.Scatter(x=far, y=far, scales=sc, marker="square", default_size=70, colors=[DARK],
                                stroke="#ffffff", stroke_width=1)
        self.figures = bq.Scatter(x=far, y=far, scales=sc, marker="triangle-up", default_size=150, colors=[DARK],
                                  stroke="#ffffff", stroke_width=1.5)
        places = [mark for mark, _ in self.place_marks.values()]
        for mark in (*places, self.highlights):
            mark.on_element_click(self._clicked)
        return board_figure(
            [routes, costs, *places, self.highlights, names, self._notes, self._tiles, self._costs, self.posts,
             self.figures],
            title="The Voyages of Marco Polo", title_size=15, width=FIG_W, height=FIG_H, margin=MARGIN,
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

    def highlight(self, places: Sequence[str], notes: Sequence[str] = ()) -> None:
        """Mark ``places`` (where a click may choose) with ``notes`` under them (a trip's cost); [] clears."""
        self._hot = list(places)
        nodes = [NODES[INDEX[p]] for p in self._hot]
        x = [_x(n) for n in nodes] or [OUT_OF_SIGHT]
        y = [_y(n) for n in nodes] or [OUT_OF_SIGHT]
        self._set(self.highlights, x=x, y=y, opacities=[0.45] * len(nodes) or [0.0],
                  colors=[HIGHLIGHT] * len(nodes) or ["#ffffff"])
        self._set(self._costs, x=x, y=y, text=list(notes) if nodes else [""])

    @property
    def highlighted(self) -> list[str]:
        """The places marked now."""
        return list(self._hot)

    def _set(self, mark, **traits) -> None:
        """Give ``mark`` new data, sending only the traits that changed since the last time."""
        send_changed(self._sent, mark, **traits)

    # -- redraw
    def show(self, state, viewer: int | None = None) -> None:
        """Redraw for ``state`` as ``viewer`` may see it (a seat, or None for a spectator): all is public but the
        goal cards, which ``viewer`` sees for its own seat only."""
        self.state, self.viewer = state, viewer
        self._draw_pieces(state)
        self._draw_notes(state)
        title = _title(state)
        if self.figure.title != title:
            self.figure.title = title
        self.action_board.value = action_board_html(state)
        self.players.value = players_html(state, viewer)

    def _draw_pieces(self, state) -> None:
        px, py, pc, fx, fy, fc = [], [], [], [], [], []
        n = state.players
        for seat in range(n):
            shift = (seat - (n - 1) / 2) * 11
            for place in state.posts(seat):
                node = NODES[INDEX[place]]
                px.append(_x(node) + shift)
                py.append(_y(node) + 13)
                pc.append(seat_colour(seat))
            for k, place in enumerate(state.figures(seat)):
                node = NODES[INDEX[place]]
                fx.append(_x(node) + shift + 4 * k)
                fy.append(_y(node) - 2 - 4 * k)
                fc.append(seat_colour(seat))
        self._set(self.posts, x=px or [OUT_OF_SIGHT], y=py or [OUT_OF_SIGHT], colors=pc or [DARK])
        self._set(self.figures, x=fx or [OUT_OF_SIGHT], y=fy or [OUT_OF_SIGHT], colors=fc or [DARK])

    def _draw_notes(self, state) -> None:
        cards: dict[str, list[str]] = {}
        for space, card in state.city_cards.items():
            cards.setdefault(space.split(" ")[0], []).append(str(card))
        notes = {city: f"card{'s' * (len(ns) > 1)} {'/'.join(ns)}" for city, ns in cards.items()}
        for city, bonus in state.small_city_bonuses.items():
            notes[city] = next(b.text for b in mp.SMALL_CITY_BONUSES if b.name == bonus).split(" (")[0]
        spaces = [f"{vp}" for vp, s in zip(BEIJING_VP, state.beijing) if s is None]
        notes[NODES[BEIJING_NODE].name] = f"posts: {'/'.join(spaces) or 'full'} VP"
        self._label(self._notes, notes)
        self._label(self._tiles, {city: mp.OUTPOSTS[tile - 1].text for city, tile in state.outposts.items() if tile})

    def _label(self, mark, texts: dict[str, str]) -> None:
        nodes = [NODES[INDEX[p]] for p in texts]
        self._set(mark, x=[_x(n) for n in nodes] or [OUT_OF_SIGHT], y=[_y(n) for n in nodes] or [OUT_OF_SIGHT],
                  text=list(texts.values()) or [""])


def _title(state) -> str:
    if state.is_over:
        return "The map · the game is over"
    return f"The map · round {state.round} of 5"


def action_board_html(state) -> str:
    """The action board: the dice on each space and the fee to use it now, Khan's Favor, the contract spaces,
    the city cards, the black dice left."""
    placed = state.placed
    rows = []
    for name in SPACES:
        dice = placed[name]
        chips = "".join(die_chip(d, s) for s, d in dice) or "<span style='color:#adb5bd'>free</span>"
        if name in CARD_SPACE_NAMES:
            continue
        if name == "khan":
            fee = f"{len(dice)} of {KHAN_SLOTS} slots taken; next die ≥ {max((d.value for _, d in dice), default=1)}"
        elif name in SHARED and dice:
            fee = "fee: your lowest die in coins"
        elif name in SHARED:
            fee = "no fee"
        else:
            fee = ""
        what = ""
        if name in BAZAAR:
            rewards = html.escape(" / ".join(BAZAAR[name][1]))
            what = f" <span title='{rewards}' style='color:#868e96;cursor:help'>(rewards)</span>"
        rows.append(f"<tr class='bg-mp-space' data-space='{html.escape(name)}'><td><b>{SPACE_LABEL[name]}</b>{what}"
                    f"</td><td style='white-space:nowrap'>{chips}</td><td>{fee}</td></tr>")
    cards = []
    for space, card in state.city_cards.items():
        dice = "".join(die_chip(d, s) for s, d in placed[space])
        cards.append(f"<div class='bg-mp-card'><b>{html.escape(space)}</b> (card {card}): "
                     f"{html.escape(CITY_CARDS[card].text)} {dice}</div>")
    contracts = []
    for k, c in enumerate(state.board_contracts, start=1):
        if c is None:
            contracts.append(f"<div>space {k}: empty</div>")
        else:
            contracts.append(f"<div class='bg-mp-contract'>space {k}: {contract_text(c)}</div>")
    return (f"<div><b>Action board</b> · black dice left: {state.black_dice_left}"
            f"<table>{''.join(rows)}</table>"
            f"<details><summary><b>City cards</b></summary>{''.join(cards)}</details>"
            f"<details open><summary><b>Contracts</b> (special pile: {state.special_pile})</summary>"
            f"{''.join(contracts)}</details></div>")


def contract_text(number: int) -> str:
    """A contract in a line: its number, price and reward."""
    c = CONTRACTS[number]
    price = [f"{n} {what}" for n, what in ((c.camels, "camel"), (c.pepper, "pepper"), (c.silk, "silk"),
                                            (c.gold, "gold")) if n]
    return f"#{number}: {' + '.join(price)} → {c.vp} VP + {html.escape(c.text)}"


def goal_text(number: int) -> str:
    """A goal card in a few words: ``"goal 3: Karakorum + Xian (4 VP)"``."""
    goal = GOALS[number]
    return f"goal {number}: {' + '.join(NODES[c].name for c in goal.cities)} ({goal.vp} VP)"


def players_html(state, viewer: int | None) -> str:
    """Each player's board in a block: character and power, wealth, dice, contracts, posts; goal cards for the
    viewer only."""
    blocks = []
    powers = {c.name: c.power for c in CHARACTERS}
    for seat, name in enumerate(state.names):
        mark = "▶ " if seat == state.current_player else ""
        char = state.character(seat) or "(to be chosen)"
        coins, camels = state.coins[seat], state.camels[seat]
        goods = state.goods(seat)
        dice = "".join(die_chip(d, seat if d.kind == "own" else None) for d in state.dice(seat)) or "none"
        active = "; ".join(contract_text(c) for c in state.contracts(seat)) or "none"
        done = len(state.completed(seat))
        line = (f"{coins} coins · {camels} camels · {goods['pepper']} pepper · {goods['silk']} silk · "
                f"{goods['gold']} gold · <b>{state.vp[seat]} VP</b> · posts left {state.posts_left(seat)}")
        goals = ""
        if viewer == seat or state.is_over:
            cards = [goal_text(g) for g in state.goals(seat)]
            goals = f"<div class='bg-mp-goals'>Goal cards: {html.escape('; '.join(cards) or 'none')}</div>"
        blocks.append(
            f"<div class='bg-player' data-seat='{seat}' style='margin-top:4px;border-left:4px solid "
            f"{seat_colour(seat)};padding-left:4px'><b style='color:{seat_colour(seat)}'>{mark}"
            f"{html.escape(name)}</b>: {html.escape(char)} "
            f"<span style='color:#868e96'>({html.escape(powers.get(char, ''))})</span><br>{line}<br>"
            f"dice: {dice} · at {html.escape(', '.join(state.figures(seat)))}<br>"
            f"contracts: {active} · completed: {done}{goals}</div>"
        )
    return "".join(blocks)


# ------------------------------------------------------------------------------------- controls


class MarcoPoloControls(W.VBox):
    """The answers to the open question, the actions by kind and by die, End turn; ``on_move(move)`` gets the move.

    ``update(state, seat, active, reason)``: ``seat`` is the human seat the controls speak for; ``active`` says
    whether it may decide now; ``reason`` (optional) says why not, when the shell knows better.
    """

    def __init__(self, on_move: Callable | None = None, board: MarcoPoloBoard | None = None):
        self._shell = on_move is not None
        self.on_move = on_move or (lambda move: None)
        self.state = None
        self.seat: int | None = None
        self.active = False
        self._reason: str | None = None
        self._moves: list = []
        self.kind: str | None = None  # the kind of action chosen
        self.die: mp.Die | None = None  # the die chosen to narrow the moves
        self.place: str | None = None  # the destination clicked on the map
        self.question = W.HTML()
        self.kind_buttons = {k: self._choose_button(k, label, self.choose_kind) for k, label in KIND_LABEL.items()}
        for b in self.kind_buttons.values():
            b.add_class("bg-mp-kind")
        self.kinds = W.Box(list(self.kind_buttons.values()), layout=W.Layout(flex_flow="row wrap"))
        self.die_buttons = [self._choose_button(i, "", self._choose_die_at) for i in range(8)]
        self.dice = W.Box(self.die_buttons, layout=W.Layout(flex_flow="row wrap"))
        self._offers: list = []
        self.move_buttons = [self._move_button(i) for i in range(MAX_MOVES)]
        self.moves = W.Box(self.move_buttons, layout=W.Layout(flex_flow="row wrap"))
        self.end = W.Button(description="End turn", disabled=True, layout=W.Layout(width="auto"))
        self.end.add_class("bg-move")
        self.end.add_class("bg-move-end")
        self.end.on_click(lambda _: self._play(mp.EndTurn()))
        self.note = W.HTML()
        self.note.add_class("bg-marcopolo-note")
        super().__init__([self.question, self.kinds, self.dice, self.moves, W.HBox([self.end]), self.note])
        self.add_class("bg-marcopolo-controls")
        self.board: MarcoPoloBoard | None = None
        if board is not None:
            self.attach(board)

    def attach(self, board: MarcoPoloBoard) -> None:
        """Take the clicks on the places of ``board``'s map, and highlight the trips on it."""
        self.board = board
        board.on_place(self.place_clicked)

    @staticmethod
    def _choose_button(key, label: str, action: Callable) -> W.Button:
        b = W.Button(description=label, disabled=True, layout=W.Layout(width="auto"))
        b.add_class("bg-choose")
        b.on_click(lambda _: action(key))
        return b

    def _move_button(self, i: int) -> W.Button:
        b = W.Button(description="", disabled=True, layout=W.Layout(width="auto", display="none"))
        b.add_class("bg-move")
        b.on_click(lambda _: self._send_offer(i))
        return b

    # -- what the player does
    def choose_kind(self, kind: str) -> None:
        """Show the moves of ``kind`` (travel, bazaar, ...)."""
        self.kind, self.die, self.place = kind, None, None
        self._draw()

    def _choose_die_at(self, i: int) -> None:
        dice = self._dice_of(self._of_kind())
        if i < len(dice):
            self.choose_die(dice[i])

    def choose_die(self, die: mp.Die | None) -> None:
        """Narrow the moves shown to those using ``die`` (None: all)."""
        self.die = None if die == self.die else die
        self._draw()

    def place_clicked(self, place: str) -> None:
        """A click on a place of the map: travel there (listing the trips when several lead there)."""
        if not self._may_decide():
            return
        trips = [mv for mv in self._moves if type(mv) is mp.Travel and place in _ends(mv)]
        if len(trips) == 1:
            self._play(trips[0])
            return
        if not trips:  # refused, for the engine's reason: the trip straight there with the highest dice offered
            offered = [mv.dice for mv in self._moves if type(mv) is mp.Travel]
            dice = max(offered) if offered else tuple(self.state.dice(self.state.current_player)[-2:])
            self._play(mp.Travel(dice, (place,)))
            return
        self.kind, self.die, self.place = "travel", None, place
        self._draw()

    def _may_decide(self) -> bool:
        if self.state is None:
            return False
        if not self.active:
            self._say(self._reason or ("The game is over." if self.state.is_over else "It is not your turn."))
            return False
        return True

    def _send_offer(self, i: int) -> None:
        if i < len(self._offers) and self._may_decide():
            self._play(self._offers[i])

    def _play(self, move) -> None:
        if self.state is None:
            return
        refusal = self.state.check(move, self.seat)
        self.on_move(move)
        if refusal is not None and not self._shell:  # the shell says it in its own status line
            self._say(f"{move} is refused: {refusal}")

    def _say(self, text: str) -> None:
        self.note.value = f"<div style='color:#c92a2a;font-size:13px;min-height:18px'>{html.escape(text)}</div>"

    # -- redraw
    def update(self, state, seat: int | None, active: bool, reason: str | None = None) -> None:
        if state is not self.state:
            self.die, self.place = None, None
        self.state, self.seat, self.active, self._reason = state, seat, active, reason
        self._moves = state.legal_moves() if active else []
        self._draw()

    def _of_kind(self) -> list:
        moves = [mv for mv in self._moves if KIND_OF.get(type(mv)) == self.kind]
        if self.place is not None:
            moves = [mv for mv in moves if type(mv) is mp.Travel and self.place in _ends(mv)]
        return moves

    @staticmethod
    def _dice_of(moves) -> list:
        return sorted({d for mv in moves for d in _dice(mv)})

    def _draw(self) -> None:
        state = self.state
        if state is None:
            return
        moves = self._moves
        kinds = {KIND_OF.get(type(mv)) for mv in moves}
        choosing = "choose" in kinds
        if self.kind not in kinds:
            self.kind = next((k for k in KIND_LABEL if k in kinds), None)
            self.die, self.place = None, None
        for kind, b in self.kind_buttons.items():
            n = sum(KIND_OF.get(type(mv)) == kind for mv in moves)
            offered = n > 0 and not choosing
            with b.hold_sync():
                b.disabled = not offered
                b.description = f"{KIND_LABEL[kind]} ({n})" if offered else KIND_LABEL[kind]
                b.tooltip = "" if offered else self._why_not(kind)
            _select(b, offered and kind == self.kind)
        _show(self.kinds, not choosing)
        if choosing:
            shown = [mv for mv in moves if type(mv) is mp.Choose]
            self._fill_dice([])
        else:
            of_kind = self._of_kind()
            dice = self._dice_of(of_kind) if len(of_kind) > 12 else []
            if self.die not in dice:
                self.die = None
            self._fill_dice(dice)
            shown = [mv for mv in of_kind if self.die is None or self.die in _dice(mv)]
        self._offers = shown[:MAX_MOVES]
        for i, b in enumerate(self.move_buttons):
            mv = self._offers[i] if i < len(self._offers) else None
            with b.hold_sync():
                b.description = move_label(state, mv) if mv is not None else ""
                b.tooltip = str(mv) if mv is not None else ""
                b.disabled = mv is None
                b._dom_classes = tuple(c for c in b._dom_classes if not c.startswith("bg-move-")) + (
                    f"bg-move-{KIND_OF[type(mv)] if mv is not None else 'none'}",)
            display = None if mv is not None else "none"
            if b.layout.display != display:
                b.layout.display = display
        end = mp.EndTurn() in moves
        with self.end.hold_sync():
            self.end.disabled = not end
            self.end.tooltip = "End your turn" if end else self._end_refusal()
        self.question.value = self._question_html(choosing)
        more = len(shown) - len(self._offers)
        hint = self._hint() + (f" ({more} more: choose a die to narrow them.)" if more > 0 else "")
        self.note.value = f"<div style='font-size:13px;min-height:18px'>{html.escape(hint)}</div>"
        self._highlight(choosing)

    def _fill_dice(self, dice: list) -> None:
        for i, b in enumerate(self.die_buttons):
            die = dice[i] if i < len(dice) else None
            with b.hold_sync():
                b.description = f"die {die}" if die is not None else ""
                b.disabled = die is None
            _select(b, die is not None and die == self.die)
            display = None if die is not None else "none"
            if b.layout.display != display:
                b.layout.display = display
        _show(self.dice, bool(dice))

    def _highlight(self, choosing: bool) -> None:
        if self.board is None:
            return
        trips = [] if choosing else [mv for mv in self._moves if type(mv) is mp.Travel]
        cheapest: dict[str, tuple[int, int]] = {}
        for mv in trips:
            cost = trip_cost(self.state, mv)
            for end in _ends(mv):
                if end not in cheapest or cost < cheapest[end]:
                    cheapest[end] = cost
        places = list(cheapest)
        self.board.highlight(places, [cost_text(*cheapest[p]) for p in places])

    def _question_html(self, choosing: bool) -> str:
        state = self.state
        if state.pending and (choosing or not self.active):
            text = state.pending if self.active else f"{state.names[state.current_player]} decides."
            return f"<div style='font-size:13px'><b>{html.escape(text)}</b></div>"
        return ""

    def _why_not(self, kind: str) -> str:
        if self._reason:
            return self._reason
        if self.state.is_over:
            return "The game is over."
        if not self.active:
            return "Not your turn."
        if self.state.main_done and kind != "bonus":
            return "Your main action is taken this turn: bonus actions or End turn."
        return "Nothing of this kind is possible now."

    def _end_refusal(self) -> str:
        if not self.active:
            return self._why_not("end")
        refusal = self.state.check(mp.EndTurn(), self.seat)
        return str(refusal) if refusal is not None else ""

    def _hint(self) -> str:
        state = self.state
        if not self.active:
            if self._reason:
                return self._reason
            return "The game is over." if state.is_over else "Waiting for the other players."
        if state.pending:
            return "Choose an answer above."
        if self.place is not None:
            return f"Several trips lead to {self.place}: choose one."
        if state.main_done:
            return "Main action done: bonus actions, then End turn."
        return "Choose a kind of action, then a move; or click a green place on the map to travel there."


def _ends(move: mp.Travel) -> tuple[str, ...]:
    return tuple(p[-1] for p in (move.path, move.path2) if p)


def _dice(move) -> tuple:
    if hasattr(move, "dice") and isinstance(move.dice, tuple):
        return move.dice
    die = getattr(move, "die", None)
    return (die,) if isinstance(die, mp.Die) else ()


def _select(button: W.Button, on: bool) -> None:
    if on and "bg-selected" not in button._dom_classes:
        button.add_class("bg-selected")
    elif not on and "bg-selected" in button._dom_classes:
        button.remove_class("bg-selected")


def _show(box: W.Box, on: bool) -> None:
    display = None if on else "none"
    if box.layout.display != display:
        box.layout.display = display


# ------------------------------------------------------------------------------------- words


def turn_hint(state) -> str:
    """What the player to move does now, in a few words."""
    if state.is_over:
        return "the game is over"
    if state.pending:
        return "answer the open question"
    if state.main_done:
        return "bonus actions, then end the turn"
    return "place dice on an action, a city card, or travel: click a green place"


def end_columns(state) -> list[tuple[str, tuple[int, ...]]]:
    """The camels left (the tie-break), the contracts fulfilled and the trading posts built."""
    return [("Camels", tuple(state.camels)),
            ("Fulfilled", tuple(len(state.completed(s)) for s in range(state.players))),
            ("Posts", tuple(len(state.posts(s)) for s in range(state.players)))]


SCORE_NAME = "VP"
SCORE_TITLE = "Victory points over the game (goal cards hidden)"
END_NOTE = "The most VP wins; a tie goes to the most camels, then is shared."
OPTIONS = [("expert_setup", "Expert setup: characters and goal cards chosen on the board")]
SEAT_OPTIONS = [SeatOption(
    "characters", "Character", (("random", None), *((c.name, c.name) for c in CHARACTERS)), default=None,
    off_when="expert_setup", off_note="chosen on the board in the expert setup",
    shown=lambda state: [state.character(seat) or None for seat in range(state.players)],
)]


def EMPHASISED(event) -> bool:  # noqa: N802 (the protocol's name)
    """The log's bold lines: a round begins (dice rolled), a round ends, the game ends."""
    return event.kind in ("marcopolo.round.end", "marcopolo.game.end") or (
        event.kind == "marcopolo.round.roll" and event.seat is None)


Board = MarcoPoloBoard
Controls = MarcoPoloControls
