"""Medina's teaching (``boardgames.core.teaching``): points, the review's thresholds and worlds, the start merchant
that scores nothing, and the puzzle themes."""

from __future__ import annotations

from typing import Any

from boardgames.core.message import english, say, term
from boardgames.core.teaching import GENERAL, Setup, Teaching
from boardgames.medina.guide import does, rule
from boardgames.medina.moves import Place
from boardgames.medina.rules import START


def scale(state: Any) -> float:
    """A point of the expert's value is a point, but for the start merchant, which the expert places by its steps
    from the city's centre, a preference that scores no point."""
    return 0.0 if state.step == START else 1.0


def themes(state: Any, best: Any, second: Any) -> list[str]:
    """Closing a palace, the tower bonus, the largest palace of a colour, the merchants' line."""
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


# what the score counts, as a word of the games (``TEACHING.unit`` is its English)
UNIT = term("game.unit", "points")

TEACHING = Teaching(
    unit=english(UNIT),
    thresholds=(1.0, 3.0, 6.0),
    worlds=1,
    screen=1,
    themes={
        "close-palace": say("Closing a palace"),
        "tower-bonus": say("The tower bonus"),
        "palace-tile": say("The largest palace of a colour"),
        "merchants": say("The merchants' line"),
        GENERAL: say("Build the city: the best placement"),
    },
    fits=themes,
    scale=scale,
    # the expert values a sample of the placements when there are many; the review has it value every one, so that
    # the move played and the best are always among them
    expert_options={"sample": 10**6},
    # the first game: three seats (Medina's fewest), the learner first, expert bots; seed 1, among the first ten a
    # short game that the learner, playing the expert's moves, wins (49 learner steps)
    first_game=Setup(("Ada", "Ben", "Cy"), 0, "expert", 1),
    rule=rule,
    does=does,
    scoring_opens="medina.game.end",
)
