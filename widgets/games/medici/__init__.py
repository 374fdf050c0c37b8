"""Medici's view for the app shell and the notebooks (``widgets.kit.protocol``).

- ``board``: ``MediciBoard``, the ships (money, cards, the lot on offer, auctioneer and high bid) and the goods
  tracks, in two bqplot figures built once and redrawn in place; ``mark(move)`` outlines the lot or the ship a
  suggested move concerns.
- ``controls``: ``MediciControls``, reveal, open the auction, bid, pass and stow, each enabled from ``legal_moves()``
  and explained by ``check``.
- ``advice``: ``AdvicePanel``, what the lot on the table is worth to the human seat; ``lessons``: the notebooks'
  charts.

The sentence under the end panel and whether a bot's reasons wait for the end are the engine's (``SCORING_NOTE``,
``keeps_secrets``). Nothing here decides a rule: every fact is read from the state, every choice from
``legal_moves()``.
"""

from __future__ import annotations

from boardgames import medici
from widgets.games.medici.board import GOOD_COLOURS, MediciBoard, legend_html, ship_label
from widgets.games.medici.controls import MediciControls


def turn_hint(state) -> str:
    """What the player to move may do, in a few words (from ``legal_moves()``)."""
    if state.is_over:
        return "the game is over"
    legal = state.legal_moves()
    kinds = {type(m) for m in legal}
    lot = ", ".join(map(str, state.lot)) or "nothing yet"
    if medici.Stow in kinds:
        return f"choose the ship for {lot}"
    if medici.Pass in kinds:
        bids = [m.amount for m in legal if isinstance(m, medici.Bid)]
        return f"bid {min(bids)} to {max(bids)} florins for {lot}, or pass"
    if medici.Draw in kinds and medici.Auction in kinds:
        return f"reveal another card or open the auction on {lot}"
    if medici.Draw in kinds:
        return "reveal the first card of the lot"
    return f"open the auction on {lot} (no more cards may be revealed)"


def end_columns(state) -> list[tuple[str, tuple[int, ...]]]:
    """The end panel's columns: the income of every finished day, per seat: [("Day 1", (...)), ...]."""
    return [(f"Day {d}", tuple(income)) for d, income in enumerate(state.incomes, start=1)]


def sits_out(state, seat: int) -> bool:
    """Whether ``seat`` has no decision to make for a while (the engine's ``sits_out``: a full ship sits out the rest
    of the day); the shell then offers to fast-forward the bots."""
    return state.sits_out(seat)


SCORE_NAME = medici.TEACHING.unit  # the engine's teaching names the score's unit
SCORE_TITLE = "Money over the game"
# the log's bold lines: a day begins, who starts the next day, a day's income, the end of the game
EMPHASISED = frozenset({"medici.day.start", "medici.day.next-start", "medici.day.income", "medici.game.end"})
Board = MediciBoard
Controls = MediciControls
__all__ = [
    "EMPHASISED", "GOOD_COLOURS", "SCORE_NAME", "SCORE_TITLE", "Board", "Controls", "MediciBoard", "MediciControls",
    "end_columns", "legend_html", "ship_label", "sits_out", "turn_hint",
]
