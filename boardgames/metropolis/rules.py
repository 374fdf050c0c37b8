"""Foundations of Metropolis in numbers: every rule id with the rule in a few words, and every fixed number of
the game but the buildings (``tiles.py``) and the board's geometry (``board.py``). The rules in full, with the
project's decisions, are ``docs/rules/metropolis.md``."""

from __future__ import annotations

from boardgames.core import Spec

GAME = "metropolis"
NAME = "Foundations of Metropolis"
PLAYERS = range(2, 5)
FLAGS = {"deed_draft": False, "marketplace_multiplier": 2}
SPEC = Spec(GAME, NAME, PLAYERS, FLAGS)

YEARS = 3
MARKERS = 8  # lot markers per seat
DEEDS_DEALT = 6  # deeds (or draft picks) per seat at the start
PRICES = (2, 3, 4, 6, 8, 10)  # the deed board's slots, left to right
INCOME = 5  # coins of an income action, before the commercial buildings' coins
BONUS = {1: 4, 2: 7, 3: 10}  # the population leaders' bonus by year
SIDE = {2: 7, 3: 8, 4: 9}  # the board is SIDE x SIDE cells: columns A.., rows 1..
PILES = {2: (13, 12, 12), 3: (16, 15, 15), 4: (19, 19, 19)}  # the year piles' sizes


def starting_coins(players: int, first_player: int) -> tuple[int, ...]:
    """Each seat's coins at the start: 5 for the first player, one more for each seat after it in turn order."""
    return tuple(5 + (seat - first_player) % players for seat in range(players))


RULES = {
    "metropolis.setup.players": "A game has 2 to 4 players.",
    "metropolis.draft.pick": "In the deed draft a player picks one deed from the hand they hold; nothing else is "
    "played until the draft is over.",
    "metropolis.draft.reveal": "After every player has picked, the picks are shown and marked together and each "
    "player passes the rest of their hand to the left.",
    "metropolis.turn.one-action": "A turn is exactly one action: take income, buy a deed or build.",
    "metropolis.income": "Income: 5 coins plus the coins of your commercial buildings.",
    "metropolis.buy.not-for-sale": "Only a deed on the deed board can be bought.",
    "metropolis.buy.no-marker": "Buying needs a lot marker in your supply.",
    "metropolis.buy.no-money": "Buying needs coins at least equal to the deed's price.",
    "metropolis.buy.slide-refill": "A bought deed's slot closes from the right; the year's pile refills the "
    "10-coin slot while it lasts; your marker goes on the deed's cell.",
    "metropolis.build.no-tile": "You build only a tile still in your supply.",
    "metropolis.build.shape": "The footprint is the tile's shape, in any rotation, on the board in play.",
    "metropolis.build.not-owned": "Every footprint cell is your own lot (your marker or your building).",
    "metropolis.build.must-be-larger": "A building you cover, even partly, must be smaller than the new one.",
    "metropolis.build.no-markers": "Each cell a covered building leaves uncovered needs one of your markers "
    "(markers under the new building count).",
    "metropolis.build.effects": "Covered tiles and markers return to your supply, vacated cells get markers, "
    "your population is recounted.",
    "metropolis.year.last-deed": "When the year's last deed is bought, the first-player token goes to the "
    "buyer's left and everyone takes one final turn, ending with the buyer.",
    "metropolis.year.score": "After the final turns the year is scored.",
    "metropolis.year.refill": "Years 2 and 3 start with six cards of their pile on the deed board, with the "
    "token's holder.",
    "metropolis.game.end": "After Year 3 the most prestige wins; ties go to the most coins, then are shared.",
    "metropolis.score.residential": "The most citizens score their citizens plus the year's bonus; every other "
    "player with citizens scores the next higher population.",
    "metropolis.score.public": "Each public building scores from the buildings next to it.",
    "metropolis.score.commercial": "Commercial buildings give their coins and printed prestige (in Year 3 the "
    "coins count as prestige instead).",
    "metropolis.score.empty-lots": "In Year 3 each of your markers on the board scores 1 prestige.",
}
