"""A Marco Polo bot (placeholder until the strategy lands): plays a random legal move."""

from __future__ import annotations

import random
from typing import Any


class ExpertBot:
    def __init__(self, seed: int | None = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: Any) -> Any:
        return self.rng.choice(state.legal_moves())
