"""A Foundations of Metropolis bot that plans by the scoring: each move is tried and the position after it is
judged by what this seat can expect from the years still to score, against its opponents.

The judgement of a position for a seat (``outlook``): the prestige it has, plus this year's score as it
stands counted once for every scoring still to come (a building scores in every later year), plus what its
coins, its markers in supply and its own empty lots may still become (coins buy deeds, markers hold them,
lots take buildings), with a bonus for lots that touch each other (room for large buildings). The bot plays
the move whose position is best for it relative to the best opponent. In the deed draft it keeps the deed
that touches most of its own deeds. It reads only what its seat may know: its own hand, and public facts.
"""

from __future__ import annotations

from typing import Any

from boardgames.bots import JudgingBot
from boardgames.metropolis.board import INDEX, neighbours
from boardgames.metropolis.moves import Pick
from boardgames.metropolis.rules import YEARS

COIN = 0.35  # prestige a coin may still become, early in the game (up to COINS_WANTED coins)
COINS_WANTED = 12  # enough for the dearest deed and a cheap one: more coins buy nothing more
MARKER = 0.8  # a marker in supply: a deed that can still be bought
LOT = 1.2  # an own empty lot: room for a building
TOUCH = 0.3  # each pair of own cells side by side: room for a larger building


def outlook(state: Any, seat: int) -> float:
    """What ``seat`` can expect from ``state`` by the end of the game, in prestige."""
    scores = state.year_scores()
    to_come = YEARS - state.year + 1
    late = to_come / YEARS  # coins, markers and lots matter less as the game runs out
    near = neighbours(state.players)
    owner = state.owner
    mine = [i for i, o in enumerate(owner) if o == seat]
    touching = sum(1 for i in mine for j in near[i] if j > i and owner[j] == seat)
    lots = sum(1 for o in state.lots_board if o == seat)
    return (
        state.prestige[seat]
        + to_come * scores[seat].total
        + late * (COIN * min(state.coins[seat], COINS_WANTED) + MARKER * state.markers_left[seat] + LOT * lots
                  + TOUCH * touching)
        + 0.01 * state.coins[seat]  # the tie-break
    )


def relative(state: Any, seat: int) -> float:
    """``seat``'s outlook against the best of the others'."""
    mine = outlook(state, seat)
    others = [outlook(state, s) for s in range(state.players) if s != seat]
    return mine - max(others)


class ExpertBot(JudgingBot):
    """Plays the move whose position ``relative`` judges best for its seat (random among equals)."""

    def decide(self, state: Any, moves: list) -> Any:
        seat = state.current_player
        if state.drafting:
            return self._pick(state, seat, moves)
        best, chosen = None, []
        for move in moves:
            value = relative(state.play(move), seat)
            if best is None or value > best + 1e-9:
                best, chosen = value, [move]
            elif abs(value - best) <= 1e-9:
                chosen.append(move)
        return self.rng.choice(chosen)

    def _pick(self, state: Any, seat: int, moves: list[Pick]) -> Pick:
        near = neighbours(state.players)
        owner = state.owner
        mine = set(i for i, o in enumerate(owner) if o == seat)

        def touching(move: Pick) -> int:
            return sum(1 for j in near[INDEX[move.cell]] if j in mine)

        top = max(touching(m) for m in moves)
        return self.rng.choice([m for m in moves if touching(m) == top])

    def __repr__(self) -> str:
        return "metropolis.ExpertBot()"
