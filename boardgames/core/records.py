"""What a move leaves in a state's log, for every game: records written cheaply, read by name, turned into
sentences only when somebody reads the log.

A game's flow writes each record as a plain tuple ``(RecordType, *fields)``, where ``RecordType`` is a named
tuple class with the event kind as ``KIND`` and the acting seat as its field ``seat``. Making a named tuple
costs a Python call, and a random game writes hundreds of records that nobody reads; ``named(log)`` makes the
named records when they are read, and ``render`` turns them into ``Event`` objects with one sentence function
per record type."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from boardgames.core.message import Message, Ordinal, Said, listed, say
from boardgames.core.protocol import Event

Sentence = Callable[[Any, str | None, Sequence[str]], list[Event]]


class Sentences(dict):
    """A game's sentence functions by record type, filled by decorating each function::

        SENTENCES = Sentences()

        @SENTENCES.of(records.Bought)
        def _bought(record, name, names) -> list[Event]: ...
    """

    def of(self, record_type: type) -> Callable[[Sentence], Sentence]:
        """Register the decorated function as the sentences of ``record_type``."""

        def register(fn: Sentence) -> Sentence:
            if record_type in self:
                raise ValueError(f"{record_type.__name__} already has its sentences")
            self[record_type] = fn
            return fn

        return register


def named(log: Iterable[tuple]) -> tuple:
    """The named records of a state's log, oldest first."""
    return tuple([raw[0]._make(raw[1:]) for raw in log])


def render(log: Iterable[tuple], names: Sequence[str], sentences: Mapping[type, Sentence]) -> tuple[Event, ...]:
    """The events of a state's ``log``: ``sentences[type(record)](record, actor's name or None, names)`` gives
    each record's events (one record may stand for several, e.g. a year's accounts)."""
    out: list[Event] = []
    for rec in named(log):
        seat = rec.seat
        out += sentences[type(rec)](rec, None if seat is None else names[seat], names)
    return tuple(out)


def said(record: Any, text: Said, data: dict | None = None) -> list[Event]:
    """The one event of ``record``: its kind and seat, the sentence ``text`` and the plain values ``data``."""
    return [Event(record.KIND, record.seat, text, {} if data is None else data)]


def who_wins_said(winners: Sequence[str]) -> Message:
    """``["Ada"]`` as "Ada wins", ``["Ada", "Ben"]`` as "Ada and Ben share the win"."""
    if len(winners) == 1:
        return say("{name} wins", name=winners[0])
    return say("{names} share the win", names=listed(winners))


def ranking_said(names: Sequence[str], scores: Sequence[int], unit: Callable[[int], Message], ties: Sequence[int],
                 tie: Callable[[int], Message]) -> Message:
    """The final ranking, best first, a tie on ``scores`` broken by ``ties``: "1st Ada 74 prestige (13 coins); 2nd
    Ben 71 prestige (22 coins)" (``unit(74)`` is "74 prestige", ``tie(13)`` "13 coins")."""
    order = sorted(range(len(names)), key=lambda s: (-scores[s], -ties[s], s))
    return listed([say("{place} {name} {score} ({tie})", place=Ordinal(k + 1), name=names[s], score=unit(scores[s]),
                       tie=tie(ties[s])) for k, s in enumerate(order)], ";")


def game_over(record: Any, names: Sequence[str], scores: Sequence[int], unit: Callable[[int], Message],
              ties: Sequence[int], tie: Callable[[int], Message], data: dict) -> list[Event]:
    """The event that ends a game: who wins (``record.winners``), then the final ranking by ``scores`` (``unit``
    says a score), a tie broken by ``ties`` (``tie`` says one)."""
    who = who_wins_said([names[s] for s in record.winners])
    text = say("The game is over: {who}. {ranking}.", who=who, ranking=ranking_said(names, scores, unit, ties, tie))
    return [Event(record.KIND, None, text, data)]
