"""One copy of a state per move: a game's flow writes every change of a move, and of the automatic steps after it,
into a *draft* (a writable copy of the state), then *seals* it into the new, read-only state.

``Draft = draft_class(State)`` makes the writable class; ``draft = copier(State, Draft)`` copies a state into a new
draft with an empty log (a list while it is a draft), resetting the fields named in ``reset``; ``seal =
sealer(State)`` turns a draft into a ``State`` (the same object). The draft class sets both ``__setattr__`` and
``__delattr__`` back to ``object``'s, so that CPython keeps its fast path for writing slots (see
``docs/engine-speed.md``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


def draft_class(state: type) -> type:
    """The writable subclass of the frozen slots dataclass ``state``."""
    doc = (f"A {state.__name__} under construction: only the flow of one move writes to it, and ``seal`` turns it "
           "into a state before anyone else sees it. ``log`` is a list while it is a draft.")
    return type("Draft", (state,), {"__slots__": (), "__setattr__": object.__setattr__,
                                    "__delattr__": object.__delattr__, "__doc__": doc, "__module__": state.__module__})


def copier(state: type, draft: type, **reset: Any) -> Callable[[Any], Any]:
    """``draft(s)``: a writable copy of ``s`` with an empty log and the fields of ``reset`` set to their values."""
    fields = tuple(state.__dataclass_fields__)
    new = object.__new__
    write = object.__setattr__

    def copy(s: Any) -> Any:
        d = new(draft)
        for name in fields:
            write(d, name, getattr(s, name))
        d.log = []
        for name, value in reset.items():
            write(d, name, value)
        return d

    copy.__doc__ = f"A writable copy of a {state.__name__} with an empty log."
    return copy


def sealer(state: type) -> Callable[[Any], Any]:
    """``seal(d)``: the finished ``state`` (the same object as the draft ``d``, now read-only)."""

    def seal(d: Any) -> Any:
        d.log = tuple(d.log)
        d.__class__ = state
        return d

    seal.__doc__ = f"The finished {state.__name__} (the same object, now read-only)."
    return seal
