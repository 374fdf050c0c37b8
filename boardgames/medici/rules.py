"""Every number and rule id of Medici; the rules themselves, with these ids and section numbers, are
``docs/rules/medici.md``."""

from __future__ import annotations

from boardgames.core import Spec

GAME = "medici"
NAME = "Medici"
PLAYERS = range(2, 7)  # rule 1

# 2.1 Goods deck: five goods of seven cards each, and one gold card.
GOODS = ("cloth", "fur", "grain", "dye", "spice")
GOLD = "gold"
GOODS_FACES = (0, 1, 2, 3, 4, 5, 5)
GOLD_FACE = 10

# 2.2 Board and pieces.
HOLDS = 5  # holds per ship
TOP_LEVEL = 7  # goods tracks run from level 0 (start space) to 7
TRACK_LEVELS = range(TOP_LEVEL + 1)  # a goods track's levels, the start space (0) first
DAYS = 3
MAX_LOT = 3  # rule 4

# 2.3 Setup by player count: starting money and cards used per day.
STARTING_MONEY = {2: 40, 3: 40, 4: 40, 5: 30, 6: 30}
CARDS_PER_DAY = {2: 18, 3: 18, 4: 24, 5: 30, 6: 36}
SHIPS_PER_SEAT = {2: 2, 3: 1, 4: 1, 5: 1, 6: 1}  # rule 20 (flag two_player_ships)

# 4.1 Ship value income by place; a two-player game ranks its four ships with the 4-player column.
VALUE_RANK_INCOME = {
    3: (30, 15, 0),
    4: (30, 20, 10, 0),
    5: (30, 20, 10, 5, 0),
    6: (30, 20, 15, 10, 5, 0),
}
# 4.3 Goods majority income by place on a track.
MAJORITY_INCOME = (10, 5)
# 4.4 Top-three bonus by marker level.
TOP_BONUS = {5: 5, 6: 10, 7: 20}

# Flags (section 5) with their decided defaults.
FLAGS = {"two_player_ships": True, "start_space_scores": False}
SPEC = Spec(GAME, NAME, PLAYERS, FLAGS)

# Section 3: rule ids, each with the rule in a few words. Refusable ids are raised as IllegalMove.rule;
# the others name automatic steps and are event kinds.
RULES = {
    "medici.setup.players": "A game has 2 to 6 players.",
    "medici.turn.not-your-turn": "Only the seat whose decision it is may move.",
    "medici.day.skip-full": "A player with a full ship sits out the rest of the day.",
    "medici.reveal.limit": "A lot has at most 3 cards.",
    "medici.auction.empty-lot": "The auctioneer reveals at least one card before the auction.",
    "medici.reveal.no-buyer": "A lot may not outgrow the largest free space on any ship.",
    "medici.reveal.deck-empty": "No card can be revealed from an empty deck.",
    "medici.bid.once": "Each player has one chance to bid or pass, clockwise; the auctioneer is last.",
    "medici.bid.minimum": "A bid is a whole number of at least 1.",
    "medici.bid.must-exceed": "A bid must be higher than the highest bid so far.",
    "medici.bid.over-money": "A bid may not exceed the bidder's money.",
    "medici.bid.no-room": "A player may bid only if the whole lot fits on their ship.",
    "medici.bid.auto-pass": "A player who cannot bid passes automatically.",
    "medici.auction.win": "The highest bidder pays the bank and loads the whole lot.",
    "medici.auction.all-pass": "If everybody passes, the lot is discarded for the day.",
    "medici.turn.next": "The next player with room becomes the auctioneer.",
    "medici.day.end-full": "When all players but one are full, the last one fills up free and the day ends.",
    "medici.day.free-fill": "The last player with room takes cards from the deck free of charge.",
    "medici.day.end-deck": "When the deck's last card has been auctioned, the day ends.",
    "medici.score.value-rank": "Ships are ranked by value and paid by place.",
    "medici.score.goods-move": "Each goods card moves its track marker up one level.",
    "medici.score.goods-majority": "On each track the highest marker earns 10, the second 5.",
    "medici.score.top-bonus": "A marker on level 5, 6 or 7 earns 5, 10 or 20.",
    "medici.ship.choose": "In a two-player game the winner loads the lot onto one ship with room.",
    "medici.day.next-start": "The poorest player starts the next day.",
    "medici.game.end": "After the third day the richest player wins.",
}
