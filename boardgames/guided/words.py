"""The guide's words: the rule each kind of move is about and what a move does, per game (each game's teaching
description, ``boardgames.core.teaching``: ``rule``, ``does``, ``facts``), and the experts' reasons as a learner
reads them (their ``plain`` words, ``boardgames.bots.told``)."""

from __future__ import annotations

from typing import Any

from boardgames.bots import Judgement, told
from boardgames.core.message import say
from boardgames.core.teaching import teaching_of


def rule_of(state: Any, move: Any) -> str:
    """The rule id (of the engine's RULES) a move of that kind is about, at ``state``."""
    return teaching_of(state.GAME).rule(state, move)


def what_it_does(state: Any, move: Any) -> Any:
    """What ``move`` does at ``state``, in the game's words: a message, one clause, no full stop, its first word not
    a capital ("bid 3 florins on the lot (fur:5)")."""
    return teaching_of(state.GAME).does(state, move)


def facts_of(state: Any, move: Any) -> Any:
    """What the game's open facts say about ``move`` for the seat to move (a message, a clause; or "" for none): the
    lot's goods in Medici, the building in Metropolis."""
    return teaching_of(state.GAME).facts(state, move)


def reason_for_learner(judgement: Judgement) -> Any:
    """The expert's reason for its move as the guide tells the learner (the judgement's ``plain`` words, of "the
    expert"), a message."""
    return told(judgement, THE_EXPERT)


def reason_told_of(judgement: Judgement, name: str) -> Any:
    """A bot's reason for its move told of its seat by ``name`` ("Ada's ship", "worth 8 to Ada"), a message."""
    return told(judgement, name, name)


THE_EXPERT = say("the expert")
