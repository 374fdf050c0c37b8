"""Medici (Reiner Knizia): three days of once-around auctions for lots of goods.

Rules: ``docs/rules/medici.md``. The package reads bottom to top, as every game's does
(``docs/adding-a-game.md``):

- the numbers: ``rules`` (every number of the rules and the rule ids), ``cards`` (the deck), ``moves``;
- the state: ``state`` (``Table``, ``Position`` as data, ``Draft``);
- the rules: ``scoring`` (the day's end), ``records`` and ``log`` (what happened, in sentences), ``flow``
  (what a move does, and the automatic steps after it), ``refusals`` (why a move is illegal), ``saving``;
- the face: ``game`` (``State``: a position with the protocol's methods; ``new_game``, ``from_json``), then
  ``bot`` (the expert), ``teaching`` (``TEACHING``: the review's, the puzzles' and the guide's
  terms) and this package's names.
"""

from boardgames.medici.bot import ExpertBot, lot_value
from boardgames.medici.cards import DECK, Card, card
from boardgames.medici.game import State, from_json, keeps_secrets, new_game
from boardgames.medici.moves import STOWS, Auction, Bid, Draw, Pass, Stow, parse_move, ship_name
from boardgames.medici.rules import DAYS, FLAGS, GAME, GOLD, GOODS, NAME, PLAYERS, RULES, TOP_BONUS, TRACK_LEVELS
from boardgames.medici.saving import consistency_problem
from boardgames.medici.scoring import (
    SCORING_NOTE,
    DayEnd,
    day_end,
    majority_income,
    moved_levels,
    shares_by_place,
    ship_value,
    top_bonus,
    value_rank_income,
    value_rank_payouts,
)
from boardgames.medici.state import Table
from boardgames.medici.teaching import TEACHING


def candidate_moves(state: State) -> list:
    """Moves of every Medici kind worth trying in ``state``, legal or not (for conformance tests)."""
    top = state.money[state.current_player] if state.current_player is not None else 0
    amounts = {-1, 0, 1, state.high_bid, state.high_bid + 1, top, top + 1, top + 5}
    return [Draw(), Auction(), Pass(), Stow(0), Stow(1), Stow(2)] + [Bid(a) for a in sorted(amounts)]


__all__ = [
    "DAYS", "DECK", "FLAGS", "GAME", "GOLD", "GOODS", "NAME", "PLAYERS", "RULES", "SCORING_NOTE", "STOWS", "TEACHING",
    "TOP_BONUS", "TRACK_LEVELS",
    "Auction", "Bid", "Card", "DayEnd", "Draw", "ExpertBot", "Pass", "State", "Stow", "Table",
    "candidate_moves", "card", "consistency_problem", "day_end", "from_json", "keeps_secrets", "lot_value",
    "majority_income",
    "moved_levels", "new_game", "parse_move", "shares_by_place", "ship_name", "ship_value", "top_bonus",
    "value_rank_income", "value_rank_payouts",
]
