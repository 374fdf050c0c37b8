"""A Medina bot that looks one placement ahead (two when it can build and roof in the same turn).

Each candidate placement is played on the engine and the position is valued for the bot's seat:
- its points as if the game ended now (claimed palaces with their merchants and walls, and the tiles it holds),
  minus a share of its rivals' points (half the best rival, half their average);
- plus the worth of the roofs still in hand: a roof kept is worth ``reserve`` points early in the game, less
  as the city fills up, so a palace is claimed when it is worth more than waiting for a better one;
- plus a little for the stables, merchants and walls still in hand (``keep``, per piece, also fading as the city
  fills), so that they are not spent early where they score nothing but kept to feed its palaces later;
- minus the best unclaimed palace a rival could roof on their turn (what the bot leaves on the table).
When the bot has a second placement this turn and the first one grows a palace it could roof, the value of
building-then-roofing is counted for it. So it claims palaces worth having, takes and defends tiles, puts
merchants and walls beside its own palaces rather than its rivals', and does not grow palaces for others.
"""

from __future__ import annotations

import random
from typing import Any

from boardgames.medina.board import CITY, EMPTY, MERCHANT, ORTH_CITY, WALL, WALLS_AT
from boardgames.medina.game import State
from boardgames.medina.moves import Place
from boardgames.medina.pieces import ROOF
from boardgames.medina.rules import COLOURS, START

CITY_SQUARES = len(CITY)


class ExpertBot:
    """Chooses the placement whose resulting position it values most (see the module's docstring)."""

    def __init__(
        self,
        seed: int | None = 0,
        *,
        reserve: float = 15.0,
        exposure: float = 0.7,
        rivalry: float = 0.5,
        sample: int = 8,
        keep: tuple[float, ...] = (0.1, 0.1, 0.1, 0.1, 0.0, 0.8, 0.5, 0.6),  # per piece, in supply order
    ) -> None:
        self.rng = random.Random(seed)
        self.reserve = reserve
        self.exposure = exposure
        self.rivalry = rivalry
        self.sample = sample
        self.keep = keep

    def __repr__(self) -> str:
        return "ExpertBot()"

    # ------------------------------------------------------------------ choosing
    def choose(self, state: State) -> Any:
        moves = state.legal_moves()
        if len(moves) == 1:
            return moves[0]
        seat = state.current_player
        if state.step == START:  # the start merchant: somewhere central, where palaces will come to it
            return min(moves, key=lambda m: abs(m.at[0] - 6) + abs(m.at[1] - 8.5) + self.rng.random())
        best, best_value = moves[0], float("-inf")
        for move in self.candidates(state, moves):
            after = state.play(move)
            value = self.value(after, seat)
            if after.current_player == seat and move.piece in ("building", "stable"):
                roof = self._roof_after(after, seat, move.at)
                if roof is not None:
                    value = max(value, self.value(after.play(roof), seat))
            value += self.rng.random() * 1e-3
            if value > best_value:
                best, best_value = move, value
        return best

    def candidates(self, state: State, moves: list) -> list:
        """The moves worth valuing: every roof, stable and wall, and a sample of the rest where there are many."""
        groups: dict[tuple, list] = {}
        for m in moves:
            groups.setdefault((m.piece, m.colour), []).append(m)
        out: list = []
        for (piece, _), group in groups.items():
            if piece in ("roof", "stable", "wall") or len(group) <= self.sample:
                out += group
            else:
                out += self.rng.sample(group, self.sample)
        return out

    @staticmethod
    def _roof_after(state: State, seat: int, at: tuple[int, int]) -> Place | None:
        """The roof that would claim the palace standing on ``at``, if ``seat`` may place it now."""
        if not state.stock[seat][ROOF]:
            return None
        pal = state.palace_at(at)
        if pal is None or pal.owner is not None or pal.colour in state.owned_colours(seat):
            return None
        return Place("roof", pal.squares[0])

    # ------------------------------------------------------------------ valuing
    def value(self, state: State, seat: int) -> float:
        """How good ``state`` is for ``seat`` (see the module's docstring)."""
        scores = state.scores()
        others = [x for s, x in enumerate(scores) if s != seat]
        value = scores[seat] - self.rivalry * (max(others) + sum(others) / len(others)) / 2
        if state.is_over:
            return value
        board = state.board
        left = sum(1 for i in CITY if board[i] == EMPTY) / CITY_SQUARES
        reserve = self.reserve * left
        value += reserve * (4 - len(state.owned_colours(seat)))
        value += left * sum(k * n for k, n in zip(self.keep, state.stock[seat]))
        # The best palace a rival could roof before the bot moves again.
        rivals = [s for s in range(state.players) if s != seat and state.stock[s][ROOF]]
        owned = [set(state.owned_colours(s)) for s in range(state.players)]
        exposed = 0.0
        for pal in state.pals:
            if pal.owner is not None:
                continue
            colour = COLOURS[pal.colour]
            if not any(colour not in owned[s] for s in rivals):
                continue
            worth = _worth(board, pal) - reserve
            if worth > exposed:
                exposed = worth
        return value - self.exposure * exposed


def _worth(board, pal) -> int:
    """An unclaimed palace's value: size, touching merchants and walls."""
    squares = pal.buildings + pal.stables
    merchants = {y for x in squares for y in ORTH_CITY[x] if board[y] == MERCHANT}
    walls = {w for x in squares for w in WALLS_AT[x] if WALL < board[w] <= WALL + 4}
    return len(squares) + len(merchants) + len(walls)
