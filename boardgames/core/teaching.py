"""What a game's teaching needs, in one description per game (``Teaching``, each game's ``TEACHING``, written in
its own package next to its bot): the score's unit, the review's thresholds and worlds, how the expert's judgement
is read in the game's terms and as the seat's outlook, what the puzzle themes mean, and the first game's deal and
the guide's words.

The review (``boardgames.review``), the puzzles, the guided first game and the views read a game's description
through ``teaching_of(game)``; none of them names a game.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from boardgames.core.message import Message
from boardgames.core.registry import game_module

GENERAL = "best-move"  # every game's puzzle theme for a position no other theme names


def whole(state: Any) -> float:
    """One unit of the expert's value is one unit of the game's score, at every position."""
    return 1.0


def as_valued(world: Any, seat: int, move: Any, judgement: Any) -> float:
    """The seat's outlook after ``move`` is the expert's value of the move."""
    return judgement.value


def expert_value(bot: Any, after: Any, seat: int) -> float:
    """The expert's value of the position ``after`` for ``seat``."""
    return bot.value(after, seat)


def no_facts(state: Any, move: Any) -> Any:
    """No open fact to add to what a move does."""
    return ""


def nothing_to_add(start: Any, end: Any, events: list) -> list[Any]:
    """Nothing to add: the engine's final scoring already sums each seat's score."""
    return []


@dataclass(frozen=True)
class Setup:
    """A game's scripted first game: the seats' ``names``, the ``learner``'s seat, the bots' ``level``, the ``seed``
    and the other ``new_game`` ``options``."""

    names: tuple[str, ...]
    learner: int
    level: str
    seed: int
    options: dict[str, Any] = field(default_factory=dict)

    @property
    def players(self) -> int:
        return len(self.names)


def no_themes(state: Any, best: Any, second: Any) -> list[str]:
    """No particular theme: every puzzle is of the general theme."""
    return []


@dataclass(frozen=True)
class Teaching:
    """One game's teaching.

    - ``unit``: what a score counts, in the plural ("florins", "points", "prestige", "VP");
    - ``thresholds``: the cost (in ``unit``) from which a decision is an inaccuracy, a mistake, a blunder;
    - ``worlds``: the determinized worlds a decision is judged in, by default; ``screen``: the fewer worlds of the
      puzzle miner's quick look;
    - ``expert_options``: the options the game's expert is made with for a review;
    - ``scale(state)``: what one unit of the expert's value is worth in ``unit`` at ``state``;
    - ``outlook(world, seat, move, judgement)``: the seat's expected result after ``move`` in ``world`` (the
      review chart's y), from the expert's ``judgement`` of the move;
    - ``unlisted(bot, world, seat, move, values)``: the expert's judgement of a legal move it did not list among
      its judgements ``values`` (move -> judgement); None values it by the position after it, ``value_after(bot,
      after, seat)``;
    - ``themes``: each puzzle theme's title (a message), ``GENERAL`` last; ``fits(state, best, second)``: the themes
      other than ``GENERAL`` that a position and the expert's two best moves there fit, the most particular first;
    - ``first_game``: the guided first game's deal (``Setup``); the guide's words: ``rule(state, move)``, the rule
      id (of the engine's RULES) a move of that kind is about (data, never shown translated); ``does(state,
      move)``, what it does (a message, ``boardgames.core.message``: one clause, no full stop, its first word not a
      capital, "bid 3 florins on the lot (fur:5)"); ``facts(state, move)``, what the open facts say of it for the
      seat to move (a message, a clause; or "" for none); ``scoring_opens``, the event kind (or its start) that
      opens the final scoring; ``adds_up(start, end, events)``, per seat how its final score adds up (messages, one
      sentence each).
    """

    unit: str
    thresholds: tuple[float, float, float]
    worlds: int
    screen: int
    themes: Mapping[str, Message]
    fits: Callable[[Any, Any, Any], list[str]] = no_themes
    scale: Callable[[Any], float] = whole
    outlook: Callable[[Any, int, Any, Any], float] = as_valued
    unlisted: Callable[[Any, Any, int, Any, dict], Any] | None = None
    value_after: Callable[[Any, Any, int], float] = expert_value
    expert_options: Mapping[str, Any] = field(default_factory=dict)
    first_game: Setup | None = None
    rule: Callable[[Any, Any], str] | None = None
    does: Callable[[Any, Any], Any] | None = None
    facts: Callable[[Any, Any], Any] = no_facts
    scoring_opens: str = ""
    adds_up: Callable[[Any, Any, list], list[Any]] = nothing_to_add

    @property
    def inaccuracy(self) -> float:
        """The least cost of an inaccuracy: a move within it of the best is as good as right."""
        return self.thresholds[0]

    @property
    def margin(self) -> float:
        """The least gap between the expert's best move and its second in a puzzle: the review's "mistake"."""
        return self.thresholds[1]


def teaching_of(game: str) -> Teaching:
    """The teaching description of the registered ``game`` (its module's ``TEACHING``); ValueError when the game has
    none."""
    teaching = getattr(game_module(game), "TEACHING", None)
    if teaching is None:
        raise ValueError(f"{game!r} has no teaching description (its TEACHING)")
    return teaching
