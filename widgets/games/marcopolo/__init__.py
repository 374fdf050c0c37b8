"""The Voyages of Marco Polo's view for the app shell and the notebooks (``widgets.kit.protocol``).

- ``board``: ``MarcoPoloBoard``, the map in bqplot (places, routes and their costs, city cards, outposts,
  small-city bonuses, Beijing, figures and posts), with the action board and the players' boards under it; the
  places a travel reaches are green with what the trip costs, and the routes to choose from are drawn on it.
- ``controls``: ``MarcoPoloControls``, your dice to click, then an action space, a city card or a place on the
  map; bonus actions, End turn, and the open question's answers.
- ``panels``: the action board and the players' boards in words (goal cards for their holder only).

Nothing here decides a rule: every choice comes from ``legal_moves``, every refusal from ``check`` (a space's from
``space_refusal``); what a move, a space or a die means (``space_of``, ``Travel.ends``, ``takes_dice``,
``card_city``, ``khan_least``, ``pays_fee``), the rounds, the most dice and who sees the goal cards (``sees_goals``)
are the engine's names (``boardgames.marcopolo``).
"""

from __future__ import annotations

from boardgames.core.message import Message, say
from boardgames.marcopolo.data import CHARACTERS, character_word
from boardgames.marcopolo.scoring import SCORING_SAID
from boardgames.marcopolo.teaching import UNIT
from widgets.games.marcopolo.board import HIGHLIGHT, MarcoPoloBoard
from widgets.games.marcopolo.controls import KIND_OF, MAX_MOVES, SPACE_BUTTONS, MarcoPoloControls
from widgets.games.marcopolo.grid import key_grid  # noqa: F401 - gives the board its grid of buttons
from widgets.games.marcopolo.panels import action_board_html, contract_text, goal_text, move_label, players_html
from widgets.kit.hints import hint_by
from widgets.kit.protocol import SeatOption

# the status line: what the player to move does now
TURN_HINTS = ((lambda state: state.pending, say("answer the open question")),
              (lambda state: state.main_done, say("bonus actions, then end the turn")))


turn_hint = hint_by(TURN_HINTS, otherwise=say("click your dice, then a space or a city card; or a green place on the "
                                              "map to travel"))


def end_columns(state) -> list[tuple[Message, tuple[int, ...]]]:
    """The camels left (the tie-break), the contracts fulfilled and the trading posts built; the labels are
    messages."""
    return [(say("Camels"), tuple(state.camels)),
            (say("Fulfilled"), tuple(len(state.completed(s)) for s in range(state.players))),
            (say("Posts"), tuple(len(state.posts(s)) for s in range(state.players)))]


SCORE_NAME = UNIT  # the engine's teaching names the score's unit (a word of the games)
SCORE_TITLE = say("Victory points over the game (goal cards hidden)")
END_NOTE = SCORING_SAID  # the end panel's note under its table: the engine's SCORING_NOTE, as a message
OPTIONS = [("expert_setup", say("Expert setup: characters and goal cards chosen on the board"))]
SEAT_OPTIONS = [SeatOption(
    "characters", say("Character"), ((say("random"), None), *((character_word(c.name), c.name) for c in CHARACTERS)),
    default=None, off_when="expert_setup", off_note=say("chosen on the board in the expert setup"),
    shown=lambda state: [state.character(seat) or None for seat in range(state.players)],
)]


def EMPHASISED(event) -> bool:  # noqa: N802 (the protocol's name)
    """The log's bold lines: a round begins (dice rolled), a round ends, the game ends."""
    return event.kind in ("marcopolo.round.end", "marcopolo.game.end") or (
        event.kind == "marcopolo.round.roll" and event.seat is None)


Board = MarcoPoloBoard
Controls = MarcoPoloControls
__all__ = [
    "EMPHASISED", "END_NOTE", "HIGHLIGHT", "KIND_OF", "MAX_MOVES", "OPTIONS", "SCORE_NAME", "SCORE_TITLE",
    "SEAT_OPTIONS", "SPACE_BUTTONS", "Board", "Controls", "MarcoPoloBoard", "MarcoPoloControls", "action_board_html",
    "contract_text", "end_columns", "goal_text", "move_label", "players_html", "turn_hint",
]
