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

from boardgames.core.english import ranking, who_wins
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


def said(record: Any, text: str, data: dict | None = None) -> list[Event]:
    """The one event of ``record``: its kind and seat, the sentence ``text`` and the plain values ``data``."""
    return [Event(record.KIND, record.seat, text, {} if data is None else data)]


def game_over(record: Any, names: Sequence[str], scores: Sequence[int], unit: str, ties: Sequence[int],
              tie_word: str, data: dict) -> list[Event]:
    """The event that ends a game: who wins (``record.winners``), then the final ranking by ``scores`` in
    ``unit``, a tie broken by ``ties`` (counted in ``tie_word``)."""
    who = who_wins([names[s] for s in record.winners])
    text = f"The game is over: {who}. {ranking(names, scores, unit, ties, tie_word)}."
    return [Event(record.KIND, None, text, data)]
