"""Foundations of Metropolis's teaching (``boardgames.core.teaching``): prestige, the review's thresholds and worlds,
a deed picked in the draft read at the expert's outlook, and the puzzle themes."""

from __future__ import annotations

from typing import Any

from boardgames.core.message import english, say, term
from boardgames.core.teaching import GENERAL, Setup, Teaching
from boardgames.metropolis.bot import TOUCH, relative
from boardgames.metropolis.guide import adds_up, does, facts, rule
from boardgames.metropolis.moves import Build, Buy, Income
from boardgames.metropolis.state import FINAL
from boardgames.metropolis.tiles import COMMERCIAL, PUBLIC, RESIDENTIAL, TILES


def scale(state: Any) -> float:
    """A unit of the expert's value is a prestige, but for a deed picked in the draft, which the expert values by the
    deeds of the seat it touches, each pair of cells side by side counted at what its outlook counts it (``TOUCH``
    prestige)."""
    return TOUCH if state.drafting else 1.0


def outlook(world: Any, seat: int, move: Any, judgement: Any) -> float:
    """The expert's value of the move, but for a deed picked in the draft, the expert's margin to the best rival
    after the pick."""
    return relative(world.play(move), seat) if world.drafting else judgement.value


def value_after(bot: Any, after: Any, seat: int) -> float:
    """The expert's margin of ``seat`` to the best rival at ``after``."""
    return relative(after, seat)


def themes(state: Any, best: Any, second: Any) -> list[str]:
    """The year's last deeds, the population bonus, a public building's neighbours, a shop, build now or a deed
    first."""
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


# what the score counts, as a word of the game (``TEACHING.unit`` is its English)
UNIT = term("game.unit", "prestige")

TEACHING = Teaching(
    unit=english(UNIT),
    thresholds=(2.0, 4.0, 8.0),
    worlds=2,
    screen=1,
    themes={
        "year-end": say("The year's last deeds"),
        "population": say("The population bonus"),
        "public-building": say("A public building's neighbours"),
        "shop": say("A shop's coins and prestige"),
        "deed": say("Build now, or a deed or coins first"),
        GENERAL: say("Build or buy: the best move"),
    },
    fits=themes,
    scale=scale,
    outlook=outlook,
    value_after=value_after,
    # the first game: two seats, the learner first, expert bots, without the deed draft; seed 1, among the first ten
    # a short game that the learner, playing the expert's moves, wins (49 learner steps)
    first_game=Setup(("Ada", "Ben"), 0, "expert", 1, {"deed_draft": False}),
    rule=rule,
    does=does,
    facts=facts,
    scoring_opens="metropolis.year.score",
    adds_up=adds_up,
)
