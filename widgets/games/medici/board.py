"""The Medici board: ``MediciBoard(state)``, two bqplot figures built once and redrawn in place by ``show(state)``.

- the ships: every player's money, ship(s) and cards, the lot on offer, who is auctioneer and who holds the high bid;
- the five goods tracks: their levels (``medici.TRACK_LEVELS``), every player's marker (its colour and the player's
  initial: colour is never the only sign), the bonus levels (``medici.TOP_BONUS``);
- a legend that says what every number means, with the florins of the engine's tables for this table's size.

``mark(move)`` outlines the lot or the ship a suggested move concerns. Every fact on the board is read from the state
or from the engine's tables; nothing here decides a rule. Every word is in the page's language
(``widgets.runtime.language``): drawn again when the language changes.
"""

from __future__ import annotations

import html

import bqplot as bq
import ipywidgets as W
import numpy as np

from boardgames import medici
from boardgames.core.message import Message, listed, say, say_n, term
from boardgames.medici import rules
from boardgames.medici.cards import good_word
from boardgames.medici.moves import ship_said
from boardgames.terms import title_said
from widgets.kit.figures import board_figure
from widgets.kit.legend import initials_html
from widgets.kit.marks import MARK_COLOUR, MarkCaption
from widgets.kit.palette import DARK, ink, letter_colour, mix, seat_colour, seat_initials, seat_ink
from widgets.kit.words import number_said
from widgets.runtime.language import on_language, show, shown

# ------------------------------------------------------------------------------------- colours

GOOD_COLOURS = {
    "cloth": "#3f6fb5",
    "fur": "#8a5a35",
    "grain": "#d9a920",
    "dye": "#b8327a",
    "spice": "#3a9a4a",
    "gold": "#f2c200",
}
EMPTY_HOLD = "#f1f3f5"
HOLD_EDGE = "#adb5bd"
HIGHLIGHT = "#fff3bf"
# The board's proportions come from the engine's rules table (the widgets decide no rule).
BONUS_LEVELS = medici.TOP_BONUS  # level -> bonus (5 / 6 / 7 earn 5 / 10 / 20)
LEVELS = len(medici.TRACK_LEVELS)  # a goods track's levels, the start space first
START_SPACE = medici.TRACK_LEVELS[0]
HOLDS = rules.HOLDS
LOT_SLOTS = rules.MAX_LOT
DAYS = medici.DAYS
ship_label = medici.ship_name  # "ship 1" for Stow(0), as the log writes it


def card_colour(card) -> str:
    return GOOD_COLOURS[card.good]


def text_colour(card) -> str:
    """The colour of a card's value and good: black or white, whichever reads on the good's colour (4.5:1 or
    more)."""
    return letter_colour(card_colour(card))


def _rect(x0: float, y0: float, w: float, h: float) -> tuple[list[float], list[float]]:
    return [x0, x0 + w, x0 + w, x0, x0], [y0, y0, y0 + h, y0 + h, y0]


def _polygons(rects: list[tuple[float, float, float, float]]) -> tuple[np.ndarray, np.ndarray]:
    xs, ys = zip(*(_rect(*r) for r in rects)) if rects else ((), ())
    return np.array(xs, dtype=float).reshape(-1, 5), np.array(ys, dtype=float).reshape(-1, 5)


SHIP_X = 4.3  # x of the first hold
CARD_W, CARD_H, CARD_STEP = 0.95, 0.8, 1.05
TAG_X = SHIP_X + HOLDS * CARD_STEP + 0.25
SHIPS_WIDTH = 16.0
ROW_PX = 46
MARKER_SIZE = 250  # a goods track's marker (square pixels): room for its seat's initial


def either(values) -> Message | int:
    """Numbers one or the other: "5 or 6 or 7"."""
    first, *rest = values
    said: Message | int = first
    for value in rest:
        said = say("{some} or {other}", some=said, other=value)
    return said


def explained(head: Message, text: Message) -> str:
    """A legend's entry in the page's language: ``head`` in bold, what it means after it (HTML)."""
    bold = f"<b>{html.escape(shown(head), quote=False)}</b>"
    meaning = html.escape(shown(text), quote=False)
    return shown(say("{head}: {text}", head=bold, text=meaning))


def sentences(parts: list[str]) -> str:
    """Sentences (each in the page's language already) one after the other, as the language writes them."""
    text, *rest = parts
    for part in rest:
        text = shown(say("{first} {then}", first=text, then=part))
    return text


def legend_html(players: int, ships: int, names=()) -> str:
    """What every number on the board means, with the florins of this player count (the engine's tables), in the
    page's language; with the players' ``names``, whose initial is on whose markers."""
    prizes = medici.value_rank_payouts(players, ships)
    paid = " / ".join(map(str, prizes))
    if ships > 1:
        worth = say("the ship's value, the sum of its cards' values (gold counts {gold}); at each day's end the "
                    "{ranked} ships ({each} each) are ranked by value and earn {paid} florins from the most valuable "
                    "down.", gold=rules.GOLD_FACE, ranked=number_said(len(prizes)), each=number_said(ships),
                    paid=paid)
    else:
        worth = say("the ship's value, the sum of its cards' values (gold counts {gold}); at each day's end the ships "
                    "are ranked by value and earn {paid} florins from the most valuable down.",
                    gold=rules.GOLD_FACE, paid=paid)
    tracks = say("at a day's end each marker climbs one level per card of that good on the ship; the {places} "
                 "highest markers on a track earn {majority} florins, and a marker on level {levels} earns a bonus "
                 "of {bonus} florins (the + beside those levels).",
                 places=number_said(len(rules.MAJORITY_INCOME)), majority=listed(rules.MAJORITY_INCOME, "and"),
                 levels=either(BONUS_LEVELS), bonus=either(BONUS_LEVELS.values()))
    return (
        "<div style='font-size:12px;line-height:1.45;color:#495057;white-space:normal'>"
        + sentences([
            explained(say("Cards"), say("the value (big) and the good.")),
            explained(say("fl"), say("the florins a player holds.")),
            explained(say("worth"), worth),
            explained(say("Goods tracks"), tracks),
            *([initials_html(names)] if names else []),
        ])
        + "</div>"
    )


class MediciBoard(W.VBox):
    """The Medici table: ships, lot, money and roles on top; the goods tracks below.

    Build it once (``MediciBoard(state)``) and call ``show(state)`` after every move: the figures are
    not rebuilt, their marks get new data.
    """

    def __init__(self, state=None, *, width: int = 790, tracks_width: int = 450, tracks_height: int = 330):
        self.width = width
        self._rows: list[tuple] = []
        self._players = 0
        self._ships_fig = self._build_ships(width)
        self._tracks_fig = self._build_tracks(tracks_width, tracks_height)
        self.tracks = self._tracks_fig
        self.ships = self._ships_fig
        self.side = W.Box(layout=W.Layout(margin="0 0 0 8px"))
        self.legend = W.HTML(layout=W.Layout(width=f"{width}px", margin="0 0 4px 0"))
        self.legend.add_class("bg-medici-legend")
        self.mark_caption = MarkCaption()
        super().__init__([self.mark_caption, self._ships_fig, self.legend, W.HBox([self._tracks_fig, self.side])])
        self.add_class("bg-medici-board")
        self.state = None
        self.marked = None  # the move marked (see ``mark``)
        on_language(self._language_changed)
        if state is not None:
            self.show(state)

    def _language_changed(self) -> None:
        """Say the board's words again in the page's new language."""
        self._name_tracks()
        if self.state is not None:
            self.show(self.state)
            self.mark(self.marked)

    def set_side(self, widget) -> None:
        """Place ``widget`` (the shell's score chart) beside the goods tracks."""
        self.side.children = (widget,)

    # -- construction (once)
    def _build_ships(self, width: int) -> bq.Figure:
        self._sx = bq.LinearScale(min=0.0, max=SHIPS_WIDTH)
        self._sy = bq.LinearScale(min=-4.5, max=0.5)
        sc = {"x": self._sx, "y": self._sy}
        self._row_bg = bq.Lines(x=np.zeros((1, 5)), y=np.zeros((1, 5)), scales=sc, fill="inside",
                                colors=["#ffffff"], fill_colors=["#ffffff"], stroke_width=0)
        self.cards = bq.Lines(x=np.zeros((1, 5)), y=np.zeros((1, 5)), scales=sc, fill="inside",
                               colors=[HOLD_EDGE], fill_colors=[EMPTY_HOLD], stroke_width=1)
        self.card_values = bq.Label(x=[0.0], y=[0.0], text=[""], scales=sc, align="middle", default_size=17,
                                     font_weight="bold", colors=["#ffffff"], y_offset=2)
        self.card_goods = bq.Label(x=[0.0], y=[0.0], text=[""], scales=sc, align="middle", default_size=10,
                                    font_weight="normal", colors=["#ffffff"], y_offset=0)
        self._swatches = bq.Scatter(x=[0.0], y=[0.0], scales=sc, marker="circle", default_size=150,
                                    colors=["#000000"], stroke="#ffffff", stroke_width=1.5)
        self.row_names = bq.Label(x=[0.0], y=[0.0], text=[""], scales=sc, align="start", default_size=16,
                               font_weight="bold", colors=["#212529"], y_offset=5)
        self.money = bq.Label(x=[0.0], y=[0.0], text=[""], scales=sc, align="end", default_size=16,
                               font_weight="bold", colors=["#212529"], y_offset=5)
        self.tags = bq.Label(x=[0.0], y=[0.0], text=[""], scales=sc, align="start", default_size=14,
                              font_weight="normal", colors=["#343a40"], y_offset=5)
        self._mark = bq.Lines(x=[-9.0, -9.0], y=[-9.0, -9.0], scales=sc, colors=[MARK_COLOUR], stroke_width=4)
        marks = [self._row_bg, self.cards, self.card_values, self.card_goods, self._swatches, self.row_names,
                 self.money, self.tags, self._mark]
        return board_figure(marks, title=shown(title_said(medici.NAME)), width=width, height=260, title_size=17,
                            css="bg-medici-ships",
                            margin={"top": 34, "bottom": 4, "left": 4, "right": 4})

    def _build_tracks(self, width: int, height: int) -> bq.Figure:
        sx = bq.LinearScale(min=-1.45, max=len(medici.GOODS) - 0.5)  # a column per good, the level names left
        sy = bq.LinearScale(min=-1.05, max=LEVELS + 0.3)  # a row per level, the goods' names on top
        sc = {"x": sx, "y": sy}
        goods = medici.GOODS
        rects, fills = [], []
        for g, good in enumerate(goods):
            for level in medici.TRACK_LEVELS:
                rects.append((g - 0.44, level - 0.44, 0.88, 0.88))
                if level == START_SPACE:
                    fills.append("#e9ecef")
                elif level in BONUS_LEVELS:
                    fills.append(mix(GOOD_COLOURS[good], 0.45))
                else:
                    fills.append(mix(GOOD_COLOURS[good], 0.8))
        x, y = _polygons(rects)
        cells = bq.Lines(x=x, y=y, scales=sc, fill="inside", colors=["#ffffff"] * len(rects), fill_colors=fills,
                         stroke_width=1)
        self._heads = bq.Label(x=list(range(len(goods))), y=[LEVELS - 0.25] * len(goods), text=[""] * len(goods),
                               scales=sc, align="middle", default_size=15,
                               colors=[ink(GOOD_COLOURS[g]) for g in goods], font_weight="bold")
        self._levels = bq.Label(x=[-0.55] * LEVELS, y=[lv - 0.12 for lv in medici.TRACK_LEVELS], text=[""] * LEVELS,
                                scales=sc, align="end", default_size=13, colors=["#495057"], font_weight="normal")
        # a marker: a round token in its seat's colour, edged dark (seen on any track), the seat's initial in it
        self.markers = bq.Scatter(x=[0.0], y=[0.0], scales=sc, marker="circle", default_size=MARKER_SIZE,
                                  colors=["#000000"], stroke=DARK, stroke_width=1.2)
        self.marker_initials = bq.Label(x=[0.0], y=[0.0], text=[""], scales=sc, align="middle", default_size=10,
                                        colors=["#ffffff"], font_weight="bold", y_offset=4)
        self._legend_dots = bq.Scatter(x=[0.0], y=[0.0], scales=sc, marker="circle", default_size=MARKER_SIZE,
                                       colors=["#000000"], stroke=DARK, stroke_width=1.2)
        self._legend_initials = bq.Label(x=[0.0], y=[0.0], text=[""], scales=sc, align="middle", default_size=10,
                                         colors=["#ffffff"], font_weight="bold", y_offset=4)
        self._legend_names = bq.Label(x=[0.0], y=[0.0], text=[""], scales=sc, align="start", default_size=13,
                                      colors=["#212529"], font_weight="bold", y_offset=4)
        fig = board_figure(
            [cells, self._heads, self._levels, self.markers, self.marker_initials, self._legend_dots,
             self._legend_initials, self._legend_names],
            title="", title_size=15,
            width=width, height=height, margin={"top": 30, "bottom": 2, "left": 2, "right": 2}, css="bg-medici-tracks",
        )
        self._tracks_fig = fig
        self._name_tracks()
        return fig

    def _name_tracks(self) -> None:
        """The goods tracks' words in the page's language: the goods, the start space and the title."""
        level_text = []
        for level in medici.TRACK_LEVELS:
            if level == START_SPACE:
                level_text.append(shown(term("medici.track", "start")))
            elif level in BONUS_LEVELS:
                level_text.append(f"{level}  +{BONUS_LEVELS[level]}")
            else:
                level_text.append(str(level))
        self._heads.text = [shown(good_word(g).capitalized()) for g in medici.GOODS]
        self._levels.text = level_text
        self._tracks_fig.title = shown(say("Goods tracks (bonus at levels {levels})",
                                           levels=listed(BONUS_LEVELS, ",")))

    # -- layout that depends only on the number of players and ships
    def _layout(self, state) -> None:
        players = len(state.names)
        ships = len(state.ships(0))
        rows: list[tuple] = [("lot",)]
        for seat in range(players):
            for ship in range(ships):
                rows.append(("ship", seat, ship))
        self._rows = rows
        self._players = players
        self._named = ()  # the names the legends say: drawn again below
        n = len(rows)
        self._sy.min, self._sy.max = -n + 0.5, 0.5
        self._ships_fig.layout.height = f"{n * ROW_PX + 40}px"
        bg_x, bg_y = _polygons([(0.02, -r - 0.49, SHIPS_WIDTH - 0.04, 0.98) for r in range(n)])
        card_rects = []
        self._slot_of: list[tuple[int, int]] = []  # (row, position) for every card polygon
        for r, row in enumerate(rows):
            slots = LOT_SLOTS if row[0] == "lot" else HOLDS
            for k in range(slots):
                card_rects.append((SHIP_X + k * CARD_STEP, -r - CARD_H / 2, CARD_W, CARD_H))
                self._slot_of.append((r, k))
        cx, cy = _polygons(card_rects)
        centres_x = [x0 + CARD_W / 2 for x0, _, _, _ in card_rects]
        centres_y = [y0 + CARD_H / 2 for _, y0, _, _ in card_rects]
        with self._row_bg.hold_sync():
            self._row_bg.x, self._row_bg.y = bg_x, bg_y
        with self.cards.hold_sync():
            self.cards.x, self.cards.y = cx, cy
        with self.card_values.hold_sync():
            self.card_values.x, self.card_values.y = centres_x, [y + 0.02 for y in centres_y]
        with self.card_goods.hold_sync():
            self.card_goods.x, self.card_goods.y = centres_x, [y - 0.3 for y in centres_y]
        first_rows = [r for r, row in enumerate(rows) if row[0] == "ship" and row[2] == 0]
        with self._swatches.hold_sync():
            self._swatches.x, self._swatches.y = [0.3] * players, [-r for r in first_rows]
            self._swatches.colors = [seat_colour(s) for s in range(players)]
        with self.row_names.hold_sync():
            self.row_names.x, self.row_names.y = [0.6] * n, [-r for r in range(n)]
        with self.money.hold_sync():
            self.money.x, self.money.y = [SHIP_X - 0.2] * n, [-r for r in range(n)]
        with self.tags.hold_sync():
            self.tags.x, self.tags.y = [TAG_X] * n, [-r for r in range(n)]
        # legend under the tracks
        span = 5.7 / max(players, 1)
        lx = [-1.3 + i * span for i in range(players)]
        with self._legend_dots.hold_sync():
            self._legend_dots.x, self._legend_dots.y = lx, [-0.8] * players
            self._legend_dots.colors = [seat_colour(s) for s in range(players)]
        with self._legend_initials.hold_sync():
            self._legend_initials.x, self._legend_initials.y = lx, [-0.8] * players
        with self._legend_names.hold_sync():
            self._legend_names.x, self._legend_names.y = [x + 0.15 for x in lx], [-0.8] * players
            self._legend_names.colors = [seat_ink(s) for s in range(players)]

    def _name_seats(self, state) -> None:
        """The players' names and initials in the legends (the names may change with the player count kept)."""
        names, ships = tuple(state.names), len(state.ships(0))
        self._named = names
        initials = seat_initials(names)
        show(self.legend, "value", lambda: legend_html(len(names), ships, names))
        with self._legend_names.hold_sync():
            self._legend_names.text = list(names)
        with self._legend_initials.hold_sync():
            self._legend_initials.text = initials
            self._legend_initials.colors = [letter_colour(seat_colour(s)) for s in range(len(names))]

    # -- the suggested move
    def mark(self, move) -> None:
        """Outline what ``move`` (a legal move of the position shown) concerns: the lot on offer (reveal, open the
        auction, bid, pass) or the ship a lot is stowed on; None clears the mark."""
        self.marked = move
        row = None
        if move is not None and self.state is not None:
            if isinstance(move, medici.Stow):
                row = self._rows.index(("ship", self.state.current_player, move.ship))
                where = shown(say("your {ship}", ship=ship_said(move.ship)))
            else:
                row, where = 0, shown(say("the lot on offer"))
        if row is None:
            self._mark.x, self._mark.y = [-9.0, -9.0], [-9.0, -9.0]
            self.mark_caption.show(self, None)
            return
        x, y = _rect(0.06, -row - 0.46, SHIPS_WIDTH - 0.12, 0.92)
        with self._mark.hold_sync():
            self._mark.x, self._mark.y = x, y
        self.mark_caption.show(self, move, where)

    # -- redraw from a state
    def show(self, state, viewer: int | None = None) -> None:
        """Redraw the board for ``state`` (marks get new data; nothing is rebuilt). Medici hides nothing: every
        ``viewer`` (a seat, or None for a spectator) sees the same board."""
        if len(state.names) != self._players or len(self._rows) != 1 + len(state.names) * len(state.ships(0)):
            self._layout(state)
        if tuple(state.names) != self._named:
            self._name_seats(state)
        self.state = state
        rows = self._rows
        names = state.names
        to_move = state.current_player
        high_bidder = state.high_bidder
        # cards: the lot first, then every ship's holds
        fills, edges, values, goods, value_colours = [], [], [], [], []
        for r, k in self._slot_of:
            row = rows[r]
            cards = state.lot if row[0] == "lot" else state.ships(row[1])[row[2]]
            if k < len(cards):
                c = cards[k]
                fills.append(card_colour(c))
                edges.append("#343a40")
                values.append(str(c.value))
                goods.append(shown(good_word(c.good)))
                value_colours.append(text_colour(c))
            else:
                fills.append("#ffffff" if row[0] == "lot" else EMPTY_HOLD)
                edges.append("#dee2e6" if row[0] == "lot" else HOLD_EDGE)
                values.append("")
                goods.append("")
                value_colours.append("#212529")
        with self.cards.hold_sync():
            self.cards.fill_colors = fills
            self.cards.colors = edges
        with self.card_values.hold_sync():
            self.card_values.text = values
            self.card_values.colors = value_colours
        with self.card_goods.hold_sync():
            self.card_goods.text = goods
            self.card_goods.colors = value_colours
        # row texts
        row_names, row_money, row_tags, name_colours, bgs = [], [], [], [], []
        lot_n = len(state.lot)
        for row in rows:
            if row[0] == "lot":
                row_names.append(shown(say("Lot on offer")))
                row_money.append("")
                name_colours.append("#212529")
                if state.is_over:
                    row_tags.append(shown(say("The game is over.")))
                elif high_bidder is not None and state.high_bid:
                    row_tags.append(shown(say("high bid {bid} by {name}", bid=state.high_bid, name=names[high_bidder])))
                elif lot_n:
                    row_tags.append(shown(say_n("{n} card, no bid yet", "{n} cards, no bid yet", lot_n)))
                else:
                    row_tags.append(shown(say("{name} reveals the next lot", name=names[state.auctioneer])))
                bgs.append("#f8f9fa")
                continue
            _, seat, ship = row
            first = ship == 0
            two = len(state.ships(seat)) > 1
            label = names[seat] if first else ""
            if two:
                label = f"{label}  {shown(ship_said(ship))}" if first else shown(ship_said(ship))
            row_names.append(label)
            name_colours.append(seat_ink(seat))
            row_money.append(shown(say("{money} fl", money=state.money[seat])) if first else "")
            tags = []
            if first:
                if seat == to_move:
                    tags.append(say("▶ to move"))
                if seat == state.auctioneer and not state.is_over:
                    tags.append(say("auctioneer"))
                if seat == high_bidder and state.high_bid and not state.is_over:
                    tags.append(say("high bid {bid}", bid=state.high_bid))
                if state.is_full(seat) and not state.is_over:
                    tags.append(say("full"))
                if state.is_over and seat in state.winners():
                    tags.append(say("★ winner"))
            value = medici.ship_value(state.ships(seat)[ship])
            tags.append(say("worth {value}", value=value))
            row_tags.append(" · ".join(shown(tag) for tag in tags))
            bgs.append(HIGHLIGHT if seat == to_move else "#ffffff")
        with self.row_names.hold_sync():
            self.row_names.text = row_names
            self.row_names.colors = name_colours
        with self.money.hold_sync():
            self.money.text = row_money
        with self.tags.hold_sync():
            self.tags.text = row_tags
        with self._row_bg.hold_sync():
            self._row_bg.fill_colors = bgs
            self._row_bg.colors = bgs
        game = title_said(medici.NAME)
        if state.is_over:
            title = say("{game} · the game is over after day {day} of {days}", game=game, day=state.day, days=DAYS)
        else:
            title = say_n("{game} · day {day} of {days} · {n} card left in the deck · auctioneer {name}",
                          "{game} · day {day} of {days} · {n} cards left in the deck · auctioneer {name}",
                          state.deck_size, game=game, day=state.day, days=DAYS, name=names[state.auctioneer])
        self._ships_fig.title = shown(title)
        # goods tracks: every player's marker, side by side within a level
        players = len(names)
        per_row = 3 if players > 3 else players
        xs, ys, colours = [], [], []
        for g, good in enumerate(medici.GOODS):
            levels = state.track(good)
            for seat in range(players):
                col, line = seat % per_row, seat // per_row
                dx = (col - (per_row - 1) / 2) * 0.25
                dy = 0.0 if players <= 3 else (0.23 if line == 0 else -0.23)
                xs.append(g + dx)
                ys.append(levels[seat] + dy)
                colours.append(seat_colour(seat))
        with self.markers.hold_sync():
            self.markers.x, self.markers.y = xs, ys
            self.markers.colors = colours
        initials = seat_initials(names)
        with self.marker_initials.hold_sync():
            self.marker_initials.x, self.marker_initials.y = xs, ys
            self.marker_initials.text = initials * len(medici.GOODS)
            self.marker_initials.colors = [letter_colour(c) for c in colours]
