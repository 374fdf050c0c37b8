"""The themes of puzzles, per game: what a position and the expert's best move there are about, read from the
engines' own names (a Medici lot that ends the day, a Medina roof, a Metropolis year's final turns, a Marco Polo
contract to fulfil...). ``themes_of(state, best, second)`` lists the themes a position and the expert's two best
moves fit, the most particular first and the game's general theme last; the miner tags a puzzle with the first of
them whose share is not yet full.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from boardgames.marcopolo.moves import BuyBlackDie, Choose, EndTurn, Fulfil, Travel
from boardgames.medici.moves import Auction, Draw
from boardgames.medici.scoring import moved_levels, top_bonus
from boardgames.medici.state import REVEAL
from boardgames.medina.moves import Place
from boardgames.metropolis.moves import Build, Buy, Income
from boardgames.metropolis.state import FINAL
from boardgames.metropolis.tiles import COMMERCIAL, PUBLIC, RESIDENTIAL, TILES

GENERAL = "best-move"  # every game's theme for a position no other theme names

THEMES: dict[str, dict[str, str]] = {
    "medici": {
        "last-lot": "The day's last lot",
        "goods-track": "Catching up on a goods track",
        "last-hold": "A ship's last hold",
        "draw-or-auction": "Draw another card or auction",
        GENERAL: "Bid, pass or draw: the best move",
    },
    "medina": {
        "close-palace": "Closing a palace",
        "tower-bonus": "The tower bonus",
        "palace-tile": "The largest palace of a colour",
        "merchants": "The merchants' line",
        GENERAL: "Build the city: the best placement",
    },
    "metropolis": {
        "year-end": "The year's last deeds",
        "population": "The population bonus",
        "public-building": "A public building's neighbours",
        "shop": "A shop's coins and prestige",
        "deed": "Build now, or a deed or coins first",
        GENERAL: "Build or buy: the best move",
    },
    "marcopolo": {
        "contract": "A contract to finish",
        "journey": "Where to travel: posts, goal cities, Beijing",
        "dice": "Keep a die, or buy a black one",
        "choice": "A reward or a card to choose",
        GENERAL: "Place your dice: the best action",
    },
}


# ---------------------------------------------------------------------------------------------- Medici
def _medici(state: Any, best: Any, second: Any) -> list[str]:
    if state.step == REVEAL:
        return ["draw-or-auction"] if isinstance(best, (Draw, Auction)) else []  # the auctioneer's own question
    seat = state.current_player
    lot = state.lot
    out = []
    if len(state.deck) <= len(lot) or sum(1 for room in state.room if room) <= 2:
        out.append("last-lot")  # the deck holds no more than another lot, or two ships at most have room: the day
        # may end with this lot
    if _lifts_on_a_track(state, seat, lot):
        out.append("goods-track")
    if lot and 0 < state.room[seat] <= len(lot):
        out.append("last-hold")  # the lot fills the seat's ship
    return out


def _lifts_on_a_track(state: Any, seat: int, lot: tuple) -> bool:
    """Whether the lot's goods would lift ``seat`` level with or past every rival on a goods track it was behind
    on (the track's majority), or onto a level with a bonus."""
    levels = state.levels[seat]
    lifted = moved_levels(levels, lot)
    for g, (before, after) in enumerate(zip(levels, lifted)):
        if after == before:
            continue
        lead = max((state.levels[s][g] for s in range(state.players) if s != seat), default=0)
        if before < lead <= after or top_bonus(after) > top_bonus(before):
            return True
    return False


# ---------------------------------------------------------------------------------------------- Medina
def _medina(state: Any, best: Any, second: Any) -> list[str]:
    out = []
    if not isinstance(best, Place):
        return out
    after = state.play(best)
    if best.piece == "roof":
        out.append("close-palace")
    if after.tower_tiles != state.tower_tiles:
        out.append("tower-bonus")
    if after.palace_tiles != state.palace_tiles:
        out.append("palace-tile")
    if best.piece == "merchant":
        out.append("merchants")
    return out


# ---------------------------------------------------------------------------------------------- Metropolis
def _metropolis(state: Any, best: Any, second: Any) -> list[str]:
    seat = state.current_player
    out = []
    if state.step == FINAL or (not state.piles[state.year - 1] and len(state.board) <= 2):
        out.append("year-end")  # the year's last deeds are on the board, or its final turns are under way
    if isinstance(best, Build):
        category = TILES[best.tile].category
        if category == RESIDENTIAL:
            after = state.play(best)
            if after.population(seat) == max(after.population(s) for s in range(state.players)):
                out.append("population")  # the house makes, or keeps, the seat the most populous
        elif category == PUBLIC:
            out.append("public-building")
        elif category == COMMERCIAL:
            out.append("shop")
    if isinstance(best, (Buy, Income)) or isinstance(second, (Buy, Income)):
        out.append("deed")  # build now, or a deed or coins first
    return out


# ---------------------------------------------------------------------------------------------- Marco Polo
def _marcopolo(state: Any, best: Any, second: Any) -> list[str]:
    out = []
    if isinstance(best, Fulfil) or any(isinstance(m, Fulfil) for m in state.legal_moves()):
        out.append("contract")
    if isinstance(best, Travel):
        out.append("journey")  # trading posts, goal cities and the Beijing race
    if isinstance(best, (EndTurn, BuyBlackDie)):
        out.append("dice")  # keep the dice for later rather than spend one on little, or buy a black one
    if isinstance(best, Choose):
        out.append("choice")
    return out


DETECTORS: dict[str, Callable[[Any, Any, Any], list[str]]] = {
    "medici": _medici, "medina": _medina, "metropolis": _metropolis, "marcopolo": _marcopolo,
}


def themes_of(state: Any, best: Any, second: Any = None) -> list[str]:
    """The themes of ``THEMES[game]`` that the position ``state`` (to move, as its seat may know it) and the
    expert's ``best`` and ``second`` moves there fit, the most particular first, ``GENERAL`` last."""
    game = state.GAME
    return [*DETECTORS[game](state, best, second), GENERAL]
