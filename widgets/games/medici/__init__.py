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
from boardgames.core.message import Message, say
from boardgames.medici.cards import cards_said
from boardgames.medici.scoring import SCORING_SAID
from boardgames.medici.teaching import UNIT
from widgets.games.medici.board import GOOD_COLOURS, MediciBoard, legend_html, ship_label
from widgets.games.medici.controls import MediciControls


def turn_hint(state) -> Message:
    """What the player to move may do, in a few words (from ``legal_moves()``)."""
    if state.is_over:
        return say("the game is over")
    legal = state.legal_moves()
    kinds = {type(m) for m in legal}
    lot = cards_said(state.lot) if state.lot else say("nothing yet")
    if medici.Stow in kinds:
        return say("choose the ship for {lot}", lot=lot)
    if medici.Pass in kinds:
        bids = [m.amount for m in legal if isinstance(m, medici.Bid)]
        return say("bid {low} to {high} florins for {lot}, or pass", low=min(bids), high=max(bids), lot=lot)
    if medici.Draw in kinds and medici.Auction in kinds:
        return say("reveal another card or open the auction on {lot}", lot=lot)
    if medici.Draw in kinds:
        return say("reveal the first card of the lot")
    return say("open the auction on {lot} (no more cards may be revealed)", lot=lot)


def end_columns(state) -> list[tuple[Message, tuple[int, ...]]]:
    """The end panel's columns: the income of every finished day, per seat: [("Day 1", (...)), ...] (the labels are
    messages)."""
    return [(say("Day {day}", day=d), tuple(income)) for d, income in enumerate(state.incomes, start=1)]


def sits_out(state, seat: int) -> bool:
    """Whether ``seat`` has no decision to make for a while (the engine's ``sits_out``: a full ship sits out the rest
    of the day); the shell then offers to fast-forward the bots."""
    return state.sits_out(seat)


SCORE_NAME = UNIT  # the engine's teaching names the score's unit (a word of the games)
SCORE_TITLE = say("Money over the game")
END_NOTE = SCORING_SAID  # the end panel's note under its table: the engine's SCORING_NOTE, as a message
# the log's bold lines: a day begins, who starts the next day, a day's income, the end of the game
EMPHASISED = frozenset({"medici.day.start", "medici.day.next-start", "medici.day.income", "medici.game.end"})
Board = MediciBoard
Controls = MediciControls
__all__ = [
    "EMPHASISED", "END_NOTE", "GOOD_COLOURS", "SCORE_NAME", "SCORE_TITLE", "Board", "Controls", "MediciBoard",
    "MediciControls", "end_columns", "legend_html", "ship_label", "sits_out", "turn_hint",
]
