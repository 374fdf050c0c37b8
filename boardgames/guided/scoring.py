"""The final scoring explained line by line: the engine's scoring events, how each seat's score adds up (per game:
its teaching description's ``adds_up``), the winner and the tie-break."""

from __future__ import annotations

from typing import Any

import boardgames
from boardgames.core import and_list, events_seen_from
from boardgames.core.teaching import teaching_of


def final_scoring(script: Any, learner: int) -> list[str]:
    """The final scoring of a finished script, line by line: the engine's scoring events as the learner may read
    them, then per seat how its final score adds up (from the events of the whole game), then the winner and the
    tie-break if one was needed."""
    teaching = teaching_of(script.game)
    length = script.length()
    end = script.position(length)
    last = events_seen_from(end.events, learner)
    opens = next((k for k, e in enumerate(last) if e.kind.startswith(teaching.scoring_opens)), 0)
    lines = [e.text for e in last[opens:]]
    events = [e for k in range(length) for e in events_seen_from(script.ply(k).after.events, learner)]
    lines += teaching.adds_up(script.start, end, events)
    return lines + [winning_line(end)]


def winning_line(end: Any) -> str:
    """Who won the finished game ``end``, by how much, and the tie-break when the best scores were equal."""
    scores = end.scores()
    unit = teaching_of(end.GAME).unit
    top = max(scores)
    tied = [k for k, s in enumerate(scores) if s == top]
    winners = and_list(end.names[w] for w in end.winners())
    if len(tied) > 1:
        note = boardgames.GAMES[end.GAME].SCORING_NOTE
        shared = "share the win" if len(end.winners()) > 1 else "wins"
        return (f"{and_list(end.names[k] for k in tied)} tie on {top} {unit}; the tie-break: {note} "
                f"{winners} {shared}.")
    second = max(s for k, s in enumerate(scores) if k != tied[0])
    runner = and_list(end.names[k] for k, s in enumerate(scores) if s == second)
    return f"{winners} wins with {top} {unit}, {top - second} more than {runner}; no tie-break was needed."

