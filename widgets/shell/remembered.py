"""Facts worked out once per position: every redraw of the log and the chart goes over the whole game so far."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any


class PerState:
    """``fact(state, *key)`` worked out once per state (and key), then remembered while the state lives."""

    def __init__(self, fact: Callable[..., Any]) -> None:
        self.fact = fact
        self._known: dict[tuple, tuple[Any, Any]] = {}

    def __call__(self, state: Any, *key: Hashable) -> Any:
        slot = (id(state), *key)
        hit = self._known.get(slot)
        if hit is None or hit[0] is not state:  # an id may be reused once a state is gone
            hit = (state, self.fact(state, *key))
            self._known[slot] = hit
        return hit[1]

    def forget(self) -> None:
        """Drop every remembered fact (a new game)."""
        self._known.clear()
