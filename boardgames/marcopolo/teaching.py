"""The Voyages of Marco Polo's teaching (``boardgames.core.teaching``): VP, the review's thresholds and worlds, a move
the expert did not list, and the puzzle themes."""

from __future__ import annotations

from typing import Any

from boardgames.bots import Judgement
from boardgames.core.message import english, say, term
from boardgames.core.teaching import GENERAL, Setup, Teaching
from boardgames.marcopolo.bot import MARGIN, TurnSearch, short_reason, worth
from boardgames.marcopolo.guide import adds_up, does, rule
from boardgames.marcopolo.moves import BuyBlackDie, Choose, EndTurn, Fulfil, Travel


def unlisted(bot: Any, world: Any, seat: int, move: Any, values: dict[Any, Judgement]) -> Judgement:
    """A move the expert did not list, valued by the expert's own look at the rest of the turn after it."""
    best = max(values.values(), key=lambda j: j.value)
    after = world.play(move)
    value = TurnSearch(seat).settle(after)[0] + MARGIN.get(type(move), 0.0)
    return Judgement(move, value, worth(value), short_reason(world, after, seat, value, (best.value, str(best.move))))


def themes(state: Any, best: Any, second: Any) -> list[str]:
    """A contract to finish, where to travel, keep a die or buy a black one, a reward or card to choose."""
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


# what the score counts, as a word of the games (``TEACHING.unit`` is its English)
UNIT = term("game.unit", "VP")

TEACHING = Teaching(
    unit=english(UNIT),
    thresholds=(2.0, 4.0, 8.0),
    worlds=16,
    screen=2,
    themes={
        "contract": say("A contract to finish"),
        "journey": say("Where to travel: posts, goal cities, Beijing"),
        "dice": say("Keep a die, or buy a black one"),
        "choice": say("A reward or a card to choose"),
        GENERAL: say("Place your dice: the best action"),
    },
    fits=themes,
    unlisted=unlisted,
    # the first game: two seats, the learner first, expert bots, the first-game characters and goals dealt, not
    # drafted; seed 3, among the first eight a short game that the learner, playing the expert's moves, wins (69
    # learner steps)
    first_game=Setup(("Ada", "Ben"), 0, "expert", 3, {"expert_setup": False}),
    rule=rule,
    does=does,
    scoring_opens="marcopolo.game.end",
    adds_up=adds_up,
)
