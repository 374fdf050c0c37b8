"""Marco Polo's controls: dice to click, then where to place them; bonus actions; the open question; End turn.

A turn is played the way the board is: click one or more of your dice (``bg-choose``), then an action space or a
city card (``bg-choose``), and the moves that place those dice there appear as buttons that say what each gives
(``bg-move-<kind>``). A click on a green place of the map travels there; when several routes lead there at
different costs, each is drawn on the map with a marker to click (and listed as buttons). Bonus actions (fulfil
a contract, buy a black die, reroll or adjust the die chosen) and End turn are buttons of their own. An open
question shows its answers only. Every control that would be illegal now is disabled, and its tooltip says why
in the engine's words (``state.check``).

Nothing here decides a rule: every choice comes from ``legal_moves``, every refusal from ``check``.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence

import ipywidgets as W

from boardgames import marcopolo as mp
from boardgames.core.message import Message, say, say_n, term
from boardgames.marcopolo.board import INDEX, place_word
from boardgames.marcopolo.data import (
    ADJUST_CAMELS,
    BLACK_DIE_CAMELS,
    CARD_SPACES,
    COINS,
    CONTRACTS,
    FIVE_COINS,
    HAND_LIMIT,
    REROLL_CAMELS,
    VP,
    amount_said,
    card_said,
    card_space_word,
    good_word,
    reward_said,
)
from boardgames.marcopolo.moves import die_said
from boardgames.marcopolo.questions import describe_said
from widgets.games.marcopolo.board import MarcoPoloBoard
from widgets.games.marcopolo.panels import cost_said, move_label, move_said, move_words
from widgets.kit.controls import BoardControls
from widgets.kit.palette import letter_colour, seat_colour
from widgets.runtime.language import on_language, show, shown

MAX_MOVES = 40  # move buttons shown at once (the dice chosen narrow longer lists)

KIND_OF = {
    mp.Travel: "travel", mp.Bazaar: "bazaar", mp.KhansFavor: "khan", mp.TakeContracts: "contracts",
    mp.FiveCoins: "coins", mp.CoinBag: "coins", mp.CityCard: "city-card", mp.Fulfil: "bonus",
    mp.Reroll: "bonus", mp.Adjust: "bonus", mp.BuyBlackDie: "bonus", mp.EndTurn: "end", mp.Choose: "choose",
}
# The action spaces as the controls name them, in the board's order (the city cards follow).
SPACE_BUTTONS: dict[str, Message] = {
    "travel": term("marcopolo.space", "Travel"), "camel": say("Camels"), "pepper": good_word("pepper").capitalized(),
    "silk": good_word("silk").capitalized(), "gold": good_word("gold").capitalized(),
    "khan": term("marcopolo.space", "Khan's Favor"), "contracts": say("Contracts"),
    "five coins": amount_said(COINS, FIVE_COINS), "coin bag": say("Coin bag")}
STYLE = (
    "<style>"
    ".bg-marcopolo-controls .widget-button {font-size:12px}"
    ".bg-marcopolo-controls .bg-selected, .bg-marcopolo-controls .bg-selected:focus {outline:3px solid #2f9e44;"
    " outline-offset:1px; font-weight:bold}"
    ".bg-marcopolo-controls .bg-mp-die-pick {min-width:34px; font-weight:bold}"
    ".bg-marcopolo-moves .widget-button {white-space:normal; height:auto; min-height:28px; line-height:1.3;"
    " text-align:left; padding:3px 8px; max-width:100%}"
    ".bg-marcopolo-controls .bg-mp-row-label {font-size:12px; color:#495057; width:62px; flex:0 0 62px}"
    "</style>"
)


def walks(state, move: mp.Travel) -> list[list[str]]:
    """A Travel's walks, each from where its figure stands."""
    at = state.figures(state.current_player)
    return [[start, *path] for start, path in zip(at, (move.path, move.path2)) if path]


class MarcoPoloControls(BoardControls):
    """Dice, action spaces and city cards to choose, the moves they allow, bonus actions, End turn and the open
    question's answers; ``on_move(move)`` gets the move.

    ``update(state, seat, active, reason)``: ``seat`` is the human seat the controls speak for; ``active`` says
    whether it may decide now; ``reason`` (optional) says why not, when the shell knows better.
    """

    def __init__(self, on_move: Callable | None = None, board: MarcoPoloBoard | None = None):
        self._moves: list = []
        self._held: tuple[mp.Die, ...] = ()
        self.chosen: list[int] = []  # the dice chosen, by their place among the seat's dice
        self.space: str | None = None  # the action space or city card chosen
        self.place: str | None = None  # the destination clicked on the map
        self.route: tuple | None = None  # the route chosen on the map: (path, path2)
        self._route_keys: list[tuple] = []
        self.question = W.HTML()
        self.die_buttons = [self._choose_button(i, "", self.pick_die) for i in range(mp.MOST_DICE)]
        for b in self.die_buttons:
            b.add_class("bg-mp-die-pick")
        self.dice = W.HBox([_row_label(say("Your dice")), *self.die_buttons], layout=W.Layout(flex_flow="row wrap"))
        self.space_buttons = {s: self._choose_button(s, label, self.choose_space)
                              for s, label in SPACE_BUTTONS.items()}
        self.card_buttons = {s: self._choose_button(s, card_space_word(s), self.choose_space) for s in CARD_SPACES}
        for name, b in (*self.space_buttons.items(), *self.card_buttons.items()):
            b.add_class("bg-mp-action")
            b.add_class("bg-mp-action-" + name.lower().replace(" ", "-"))
        self.spaces = W.HBox([_row_label(say("Place on")), *self.space_buttons.values()],
                             layout=W.Layout(flex_flow="row wrap"))
        self.cards = W.HBox([_row_label(say("City card")), *self.card_buttons.values()],
                            layout=W.Layout(flex_flow="row wrap"))
        self._offers: list = []
        self.move_buttons = [self._move_button(i) for i in range(MAX_MOVES)]
        self.moves = W.Box(self.move_buttons, layout=W.Layout(flex_flow="row wrap"))
        self.moves.add_class("bg-marcopolo-moves")
        self._bonus_moves: list = []
        self.bonus_buttons = [self._bonus_button(i) for i in range(HAND_LIMIT + 4)]
        self.bonus = W.HBox([_row_label(say("Bonus")), *self.bonus_buttons], layout=W.Layout(flex_flow="row wrap"))
        self.end = show(W.Button(disabled=True, layout=W.Layout(width="auto")), "description", say("End turn"))
        self.end.add_class("bg-move")
        self.end.add_class("bg-move-end")
        self.end.on_click(lambda _: self._play(mp.EndTurn()))
        self.note = self.note_line("bg-marcopolo-note")
        super().__init__(on_move, board, [W.HTML(STYLE), self.question, self.dice, self.spaces, self.cards,
                                          self.moves, self.bonus, W.HBox([self.end]), self.note],
                         "bg-marcopolo-controls")
        on_language(self._draw)  # the tooltips, the moves offered and the note again (the shell's refresh too)

    def wire(self, board: MarcoPoloBoard) -> None:
        """Take the clicks on the places and the routes of ``board``'s map (the trips are marked on it)."""
        board.on_place(self.place_clicked)
        board.on_route(self.route_clicked)

    @staticmethod
    def _choose_button(key, label: Message | str, action: Callable) -> W.Button:
        b = W.Button(disabled=True, layout=W.Layout(width="auto"))
        if label:
            show(b, "description", label)
        b.add_class("bg-choose")
        b.on_click(lambda _: action(key))
        return b

    def _move_button(self, i: int) -> W.Button:
        b = W.Button(description="", disabled=True, layout=W.Layout(width="auto", display="none"))
        b.add_class("bg-move")
        b.on_click(lambda _: self._send_move(self._offers, i))
        return b

    def _bonus_button(self, i: int) -> W.Button:
        b = W.Button(description="", disabled=True, layout=W.Layout(width="auto", display="none"))
        b.add_class("bg-move")
        b.add_class("bg-move-bonus")
        b.on_click(lambda _: self._send_move(self._bonus_moves, i))
        return b

    # -- what the player does
    def pick_die(self, i: int) -> None:
        """Choose the i-th of the seat's dice (or put it back when it is chosen)."""
        if i in self.chosen:
            self.chosen = [k for k in self.chosen if k != i]
        elif i < len(self._held):
            self.chosen = [*self.chosen, i]
        self.place, self.route = None, None
        self._draw()

    @property
    def chosen_dice(self) -> list[mp.Die]:
        """The dice chosen now."""
        return [self._held[i] for i in self.chosen if i < len(self._held)]

    def choose_space(self, space: str | None) -> None:
        """Show the moves that place the dice chosen on ``space`` (an action space or a city card; None: none)."""
        self.space = None if space == self.space else space
        self.place, self.route = None, None
        self._draw()

    def place_clicked(self, place: str) -> None:
        """A click on a place of the map: travel there with the dice chosen; when several trips lead there, show
        their routes on the map (and as buttons)."""
        if not self._may_decide():
            return
        trips = [mv for mv in self._trips() if place in mv.ends]
        if len(trips) == 1:
            self._play(trips[0])
            return
        if not trips:  # refused, for the engine's reason: a trip straight there with the dice chosen or offered
            chosen = self.chosen_dice
            offered = [mv.dice for mv in self._moves if type(mv) is mp.Travel]
            dice = tuple(chosen) if len(chosen) == 2 else max(offered) if offered else tuple(self._held[-2:])
            self._play(mp.Travel(dice, (place,)))
            return
        self.space, self.place, self.route = "travel", place, None
        self._draw()

    def route_clicked(self, k: int) -> None:
        """A click on the marker of the k-th route drawn: travel that way (or show its trips, when the dice still
        differ)."""
        if not self._may_decide() or not 0 <= k < len(self._route_keys):
            return
        self.route = self._route_keys[k]
        trips = self._shown()
        if len(trips) == 1:
            self._play(trips[0])
            return
        self._draw()

    def _send_move(self, moves: list, i: int) -> None:
        if i < len(moves) and self._may_decide():
            self._play(moves[i])

    # -- what is offered
    def update(self, state, seat: int | None, active: bool, reason: str | None = None) -> None:
        if state is not self.state:
            self.chosen, self.space, self.place, self.route = [], None, None, None
        self.state, self.seat, self.active, self._reason = state, seat, active, reason
        self._moves = state.legal_moves() if active else []
        self._held = state.dice(seat) if seat is not None else ()
        self._draw()

    def _fitting(self, extra: Sequence[mp.Die] = ()) -> list:
        chosen = [*self.chosen_dice, *extra]
        return [mv for mv in self._moves if mp.takes_dice(mv, chosen)]

    def _trips(self) -> list:
        return [mv for mv in self._fitting() if type(mv) is mp.Travel]

    def _shown(self) -> list:
        """The moves the buttons offer: those of the space chosen that fit the dice chosen (and the place and the
        route chosen on the map)."""
        if self.space is None:
            return []
        moves = [mv for mv in self._fitting() if mp.space_of(mv) == self.space]
        if self.place is not None:
            moves = [mv for mv in moves if self.place in mv.ends]
        if self.route is not None:
            moves = [mv for mv in moves if (mv.path, mv.path2) == self.route]
        return moves

    # -- redraw
    def _draw(self) -> None:
        state = self.state
        if state is None:
            return
        choosing = any(type(mv) is mp.Choose for mv in self._moves)
        playing = not choosing and not state.is_over and not state.pending
        for box in (self.dice, self.spaces, self.cards, self.bonus):
            _display(box, playing)
        # the rows are drawn even while hidden (a hidden row's words follow the page's language too) ...
        self._draw_dice()
        self._draw_spaces()
        self._draw_bonus()
        shown = [mv for mv in self._moves if type(mv) is mp.Choose] if choosing else self._shown()
        if not playing:  # ... but a hidden row's buttons must take no click
            for box in (self.dice, self.spaces, self.cards, self.bonus):
                for b in box.children:
                    if isinstance(b, W.Button) and not b.disabled:
                        b.disabled = True
        self._offers = shown[:MAX_MOVES]
        for i, b in enumerate(self.move_buttons):
            mv = self._offers[i] if i < len(self._offers) else None
            if mv is None:
                _fill(b, None, "", "", "bg-move-none")
            else:
                _fill(b, mv, move_label(state, mv), words(move_words(mv)), f"bg-move-{KIND_OF[type(mv)]}")
        end = mp.EndTurn() in self._moves
        with self.end.hold_sync():
            self.end.disabled = not end
            self.end.tooltip = words(say("End your turn")) if end else self._refusal(mp.EndTurn())
        self._draw_map(playing)
        self.question.value = self._question_html(choosing)
        more = len(shown) - len(self._offers)
        hint = words(self._hint())
        if more > 0:
            hint += " " + words(say("({more} more: choose a die to narrow them.)", more=more))
        self.note.value = f"<div style='font-size:13px;min-height:18px'>{html.escape(hint)}</div>"

    def _draw_dice(self) -> None:
        held = self._held
        for i, b in enumerate(self.die_buttons):
            die = held[i] if i < len(held) else None
            picked = i in self.chosen
            usable = die is not None and self.active and (picked or any(
                mp.dice_of(mv) for mv in self._fitting([die])))
            with b.hold_sync():
                b.description = words(die_said(die)) if die is not None else ""
                b.disabled = not usable
                b.tooltip = words((say("Put it back") if picked else say("Choose this die")) if usable
                                  else self._die_refusal())
                if die is not None:
                    b.style.button_color = _die_colour(die, self.seat)
                    b.style.text_color = "#212529" if die.kind == "white" else "#fab005" if die.kind == "black" \
                        else letter_colour(_die_colour(die, self.seat))
            _select(b, picked)
            _display(b, die is not None)

    def _draw_spaces(self) -> None:
        state, fitting = self.state, self._fitting()
        counts: dict[str, int] = {}
        for mv in fitting:
            space = mp.space_of(mv)
            if space is not None:
                counts[space] = counts.get(space, 0) + 1
        if self.space is not None and not counts.get(self.space):
            self.space, self.place, self.route = None, None, None
        for name, b in (*self.space_buttons.items(), *self.card_buttons.items()):
            n = counts.get(name, 0)
            card = state.city_cards.get(name) if name in self.card_buttons else None
            with b.hold_sync():
                b.disabled = n == 0
                about = words(say("card {number}: {does}.", number=card, does=card_said(card))) + " " \
                    if card is not None else ""
                b.tooltip = about + words(say_n("{n} way with these dice", "{n} ways with these dice", n) if n
                                          else self._space_refusal(name))
            _select(b, n > 0 and name == self.space)

    def _draw_bonus(self) -> None:
        """Fulfil each contract held, buy a black die, reroll or adjust the one die chosen: each a button, disabled
        with the engine's reason when illegal."""
        state, seat = self.state, self.seat
        moves: list = [mp.Fulfil(c) for c in (state.contracts(seat) if seat is not None else ())]
        moves.append(mp.BuyBlackDie())
        chosen = self.chosen_dice
        die = chosen[0] if len(chosen) == 1 else None
        moves += [mp.Reroll(die), mp.Adjust(die, 1), mp.Adjust(die, -1)] if die is not None else [None, None]
        self._bonus_moves = moves
        offered = set(self._moves)
        for i, b in enumerate(self.bonus_buttons):
            mv = moves[i] if i < len(moves) else None
            if i >= len(moves):  # hidden, and disabled: a hidden button must never be clicked
                _fill(b, None, "", "", "bg-move-bonus")
                continue
            if mv is None:  # reroll and adjust wait for a die
                _fill(b, None, words((say("Reroll a die"), say("Adjust a die"))[i - len(moves) + 2]),
                      words(say("Choose one of your dice first: reroll it for {reroll}, or change it by 1 for "
                                "{change}.", reroll=cost_said(0, REROLL_CAMELS), change=cost_said(0, ADJUST_CAMELS))),
                      "bg-move-bonus", shown=self.active)
                continue
            _fill(b, mv if mv in offered else None, words(_bonus_label(mv)),
                  words(_bonus_about(mv)) if mv in offered else self._refusal(mv), "bg-move-bonus")

    def _draw_map(self, playing: bool) -> None:
        if self.board is None:
            return
        trips = self._trips() if playing and self.space in (None, "travel") else []
        if self.place is not None:
            trips = [mv for mv in trips if self.place in mv.ends]
        cheapest: dict[str, tuple[int, int]] = {}
        for mv in trips:
            cost = self.state.trip_cost(mv)
            for end in mv.ends:
                if end not in cheapest or cost < cheapest[end]:
                    cheapest[end] = cost
        places = list(cheapest)
        self.board.highlight(places, [words(cost_said(*cheapest[p])) for p in places])
        routes: dict[tuple, tuple[int, int]] = {}
        if self.place is not None:
            for mv in trips:
                routes.setdefault((mv.path, mv.path2), self.state.trip_cost(mv))
        if len(routes) < 2:
            routes = {}
        self._route_keys = list(routes)
        by_key = {(mv.path, mv.path2): mv for mv in trips}
        self.board.show_routes([walks(self.state, by_key[k]) for k in self._route_keys],
                               [words(cost_said(*routes[k])) for k in self._route_keys])

    # -- words
    def _question_html(self, choosing: bool) -> str:
        state = self.state
        if state.pending and (choosing or not self.active):
            said = describe_said(state, state.agenda[0]) if self.active else \
                say("{name} decides.", name=state.names[state.current_player])
            return f"<div style='font-size:13px'><b>{html.escape(words(said))}</b></div>"
        return ""

    def _why_not(self) -> Message | str | None:
        """Why the seat may not decide at all now (None: it may): the shell's reason (words of the page already),
        else a message."""
        if self._reason:
            return self._reason
        if self.state.is_over:
            return say("The game is over.")
        if not self.active:
            return NOT_YOUR_TURN
        return None

    def _refusal(self, move) -> str:
        """Why ``move`` is illegal now, in the engine's words (in the page's language)."""
        why = self._why_not()
        if why is not None:
            return words(why)
        refusal = self.state.check(move, self.seat)
        return words(refusal.said) if refusal is not None else ""

    def _die_refusal(self) -> Message | str:
        why = self._why_not()
        if why is not None:
            return why
        return say("No move takes this die together with the dice chosen.") if self.chosen else \
            say("No move takes this die.")

    def _space_refusal(self, space: str) -> Message | str:
        """Why no move places the dice chosen on ``space``: the engine's reason for the plainest such move."""
        why = self._why_not()
        if why is not None:
            return why
        chosen = tuple(self.chosen_dice)
        if not chosen and not self._held:
            return say("You have no dice left to place.")
        refusal = mp.space_refusal(self.state, space, self.seat, chosen)
        if refusal is not None:
            return refusal.said
        return say("Not with these dice: choose others.") if chosen else say("Nothing can be placed there now.")

    def _hint(self) -> Message | str:
        state = self.state
        why = self._why_not()
        if why is not None:
            return say("Waiting for the other players.") if why == NOT_YOUR_TURN else why
        if state.pending:
            return say("Choose an answer above.")
        place = place_word(INDEX[self.place]) if self.place is not None else None
        if self.route is not None or (self.place is not None and not self._route_keys):
            return say("Several trips lead to {place}: choose one.", place=place)
        if self.place is not None:
            return say("Several routes lead to {place}: click a route's diamond on the map, or a button.", place=place)
        if self.space is not None:
            return say("Choose one of the moves shown (choose dice to narrow them).")
        if self.chosen:
            if self.board and self.board.highlighted:
                return say("Dice chosen: now click a space, a city card or a bonus action, or a green place on the "
                           "map to travel there.")
            return say("Dice chosen: now click a space, a city card or a bonus action.")
        if state.main_done:
            return say("Main action done: bonus actions, then End turn.")
        return say("Click your dice, then a space or a city card; or click a green place on the map to travel there.")


NOT_YOUR_TURN = say("Not your turn.")


def words(said: Message | str) -> str:
    """``said`` in the page's language (a plain ``str``, the shell's words, as it is)."""
    return shown(said)


def _row_label(said: Message) -> W.HTML:
    label = show(W.HTML(), "value", said)
    label.add_class("bg-mp-row-label")
    return label


def _die_colour(die: mp.Die, seat: int | None) -> str:
    if die.kind == "black":
        return "#000000"
    if die.kind == "white":
        return "#f1f3f5"
    return "#6c757d" if seat is None else seat_colour(seat)


def _bonus_label(move) -> Message:
    kind = type(move)
    if kind is mp.Fulfil:
        c = CONTRACTS[move.contract]
        return say("Fulfil #{contract} ({vp} + {reward})", contract=move.contract, vp=amount_said(VP, c.vp),
                   reward=reward_said(c.text))
    if kind is mp.BuyBlackDie:
        return say("Buy a black die ({cost})", cost=cost_said(0, BLACK_DIE_CAMELS))
    if kind is mp.Reroll:
        return say("Reroll {die} ({cost})", die=die_said(move.die), cost=cost_said(0, REROLL_CAMELS))
    if move.die.unset:  # a die of Raschid's, set as it is placed
        return say("Adjust {die} by {delta:+d}", die=die_said(move.die), delta=move.delta)
    return say("{die} → {value} ({cost})", die=die_said(move.die), value=move.die.value + move.delta,
               cost=cost_said(0, ADJUST_CAMELS))


def _bonus_about(move) -> Message | str:
    """What an offered bonus action does, for its tooltip (a contract's price and reward; another move in its own
    words, as ``str`` writes it)."""
    return move_said(None, move) if type(move) is mp.Fulfil else move_words(move)


def _fill(button: W.Button, move, label: str, tooltip: str, kind: str, shown: bool = True) -> None:
    """A move button: its label, tooltip and kind (``bg-move-<kind>``), enabled when it holds a legal move."""
    with button.hold_sync():
        button.description = label
        button.tooltip = tooltip
        button.disabled = move is None
        classes = tuple(c for c in button._dom_classes if not c.startswith("bg-move-"))
        if button._dom_classes != (*classes, kind):
            button._dom_classes = (*classes, kind)
    _display(button, shown and bool(label))


def _select(button: W.Button, on: bool) -> None:
    if on and "bg-selected" not in button._dom_classes:
        button.add_class("bg-selected")
    elif not on and "bg-selected" in button._dom_classes:
        button.remove_class("bg-selected")


def _display(widget: W.DOMWidget, on: bool) -> None:
    display = None if on else "none"
    if widget.layout.display != display:
        widget.layout.display = display


__all__ = ["KIND_OF", "MAX_MOVES", "MarcoPoloControls"]
