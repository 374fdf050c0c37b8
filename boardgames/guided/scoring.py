"""The final scoring explained line by line: the engine's scoring events, how each seat's score adds up (per game:
its teaching description's ``adds_up``), the winner and the tie-break. Each line is a message
(``boardgames.core.message``)."""

from __future__ import annotations

import importlib
from typing import Any

import boardgames
from boardgames.core import events_seen_from
from boardgames.core.message import english, listed, say
from boardgames.core.teaching import teaching_of
from boardgames.terms import unit_said


def final_scoring(script: Any, learner: int) -> list[Any]:
    """The final scoring of a finished script, line by line (messages): the engine's scoring events as the learner
    may read them, then per seat how its final score adds up (from the events of the whole game), then the winner
    and the tie-break if one was needed."""
    teaching = teaching_of(script.game)
    length = script.length()
    end = script.position(length)
    last = events_seen_from(end.events, learner)
    opens = next((k for k, e in enumerate(last) if e.kind.startswith(teaching.scoring_opens)), 0)
    lines = [e.said for e in last[opens:]]
    events = [e for k in range(length) for e in events_seen_from(script.ply(k).after.events, learner)]
    lines += teaching.adds_up(script.start, end, events)
    return lines + [winning_said(end)]


def scoring_note(game: str) -> Any:
    """The game's note on its scoring and tie-break (its scoring module's ``SCORING_SAID``; else its
    ``SCORING_NOTE``, in English)."""
    module = boardgames.GAMES[game]
    try:
        return importlib.import_module(f"{module.__name__}.scoring").SCORING_SAID
    except (ImportError, AttributeError):
        return module.SCORING_NOTE


def winning_said(end: Any) -> Any:
    """Who won the finished game ``end``, by how much, and the tie-break when the best scores were equal (a
    message)."""
    scores = end.scores()
    unit = unit_said(teaching_of(end.GAME).unit)
    top = max(scores)
    tied = [k for k, s in enumerate(scores) if s == top]
    winners = listed(end.names[w] for w in end.winners())
    if len(tied) > 1:
        if len(end.winners()) > 1:
            return say("{tied} tie on {top} {unit}; the tie-break: {note} {winners} share the win.",
                       tied=listed(end.names[k] for k in tied), top=top, unit=unit, note=scoring_note(end.GAME),
                       winners=winners)
        return say("{tied} tie on {top} {unit}; the tie-break: {note} {winners} wins.",
                   tied=listed(end.names[k] for k in tied), top=top, unit=unit, note=scoring_note(end.GAME),
                   winners=winners)
    second = max(s for k, s in enumerate(scores) if k != tied[0])
    runner = listed(end.names[k] for k, s in enumerate(scores) if s == second)
    return say("{winners} wins with {top} {unit}, {margin} more than {runner}; no tie-break was needed.",
               winners=winners, top=top, unit=unit, margin=top - second, runner=runner)


def winning_line(end: Any) -> str:
    """Who won the finished game ``end``, by how much, and the tie-break when the best scores were equal, in
    English."""
    return english(winning_said(end))
