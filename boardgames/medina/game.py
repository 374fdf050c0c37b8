"""Medina's face: ``State``, a position with the protocol's methods, which bind the rules to it.

The palaces as they stand and the scores ask ``scoring`` and the board facts (``facts``); ``legal_moves``,
``legal_squares`` and ``can_place`` ask ``placements``; ``check`` and ``play`` ask ``refusals`` and ``flow``;
``arrange`` builds positions for lessons and tests by the same rules; ``to_json`` is ``saving``'s. Medina hides
nothing, so ``determinize`` gives the state itself. ``seal`` makes a State of what the rules built, and
``new_game`` and ``from_json`` seal what ``saving`` builds.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any

from boardgames.core import IllegalMove
from boardgames.medina import flow, refusals, saving
from boardgames.medina.board import PALACE, SQUARES, index
from boardgames.medina.facts import changed, extendable, owners
from boardgames.medina.log import render
from boardgames.medina.moves import Place
from boardgames.medina.pieces import COLOUR_INDEX, SUPPLY_KEYS
from boardgames.medina.placements import can_place, legal_moves, legal_squares
from boardgames.medina.rules import COLOURS, OVER, PIECES, PLAY
from boardgames.medina.scoring import SeatScore, game_winners, palace_parts, scoring_now
from boardgames.medina.state import Palace, Position, seat_arg, square_arg


class State(Position):
    """A Medina position with its rules. Build one with ``new_game``; every move returns a new State."""

    RENDER = staticmethod(render)

    def palaces(self) -> tuple[Palace, ...]:
        """Every palace on the board, in the order they were started (see ``Palace``)."""
        return tuple(self._palace(p) for p in range(len(self.pals)))

    def _palace(self, p: int) -> Palace:
        pal = self.pals[p]
        b, s, m, w = palace_parts(self.board, pal.buildings, pal.stables)
        return Palace(
            id=p,
            colour=COLOURS[pal.colour],
            squares=tuple(SQUARES[i] for i in sorted(pal.buildings)),
            stables=tuple(SQUARES[i] for i in sorted(pal.stables)),
            owner=pal.owner,
            size=b + s,
            merchants=m,
            walls=w,
            value=b + s + m + w,
            extendable=extendable(self)[pal.colour] == p,
            claim=pal.claim,
            towers_used=tuple(n for n in range(1, 5) if pal.used >> (n - 1) & 1),
        )

    def palace_at(self, at: tuple[int, int]) -> Palace | None:
        """The palace a building or stable on ``at`` belongs to, or None."""
        v = self.board[index(square_arg(at))]
        return self._palace((v - PALACE) >> 1) if v >= PALACE else None

    def owned_colours(self, seat: int) -> tuple[str, ...]:
        """The colours of the palaces ``seat`` owns."""
        return tuple(COLOURS[c] for c in range(4) if owners(self)[c] >> seat & 1)

    def scoring(self) -> tuple[SeatScore, ...]:
        """Each seat's score line by line (palaces, palace tiles, tower tiles), as if the game ended now."""
        return scoring_now(self)

    def scores(self) -> tuple[int, ...]:
        """Each seat's points as they would be if the game ended now."""
        return tuple(s.total for s in self.scoring())

    def winners(self) -> tuple[int, ...]:
        """The seats with the most points once the game is over (shared unless the tie-break flag is on)."""
        return game_winners(self) if self.step == OVER else ()

    def __str__(self) -> str:
        head = "Medina: game over" if self.step == OVER else f"Medina: {self.names[self.current]} to place"
        lines = [head, *self.picture()]
        scores = self.scores()
        for s, name in enumerate(self.names):
            mark = "*" if s == self.current else " "
            left = " ".join(f"{k} {v}" for k, v in zip(SUPPLY_KEYS, self.stock[s]))
            lines.append(f"{mark} {name:6} {scores[s]:3} points  left: {left}")
        return "\n".join(lines)

    def can_place(self, seat: int) -> bool:
        """Whether ``seat`` has any legal placement on this board and supply (whoever is to move, and even once the
        game is over, where the answer is always False)."""
        return can_place(self, seat)

    def sits_out(self, seat: int) -> bool:
        """Whether ``seat`` has no decision to make for now: no placement is open to it, so it passes until one
        opens (rule 3; near the end, for good) while the others play on. False once the game is over."""
        return self.step != OVER and not can_place(self, seat)

    def legal_moves(self) -> list:
        got = self.cache.get("legal")
        if got is None:
            got = self.cache["legal"] = legal_moves(self)
        return list(got)

    def legal_squares(self, piece: str, colour: str | None = None, seat: int | None = None) -> list[tuple[int, int]]:
        """The squares where ``seat`` (default: the seat to move) may place ``piece`` (of ``colour`` for a building)
        now; for a roof, every square of every palace it may claim. Empty when it is not that seat's turn."""
        if piece not in PIECES:
            raise ValueError(f"{piece!r} is not a Medina piece; the pieces are {', '.join(PIECES)}")
        if (piece == "building") != (colour is not None) or (colour is not None and colour not in COLOUR_INDEX):
            raise ValueError("a building needs one of the colours grey, black, brown, orange; other pieces take none")
        if seat is not None and seat != self.current:
            return []
        return legal_squares(self, piece, colour)

    def check(self, move: Any, seat: int | None = None) -> IllegalMove | None:
        """The IllegalMove that ``move`` (by ``seat``, default the seat to move) would raise, or None."""
        got = refusals.judge(self, move, seat)
        return got if isinstance(got, IllegalMove) else None

    def play(self, move: Any, seat: int | None = None) -> State:
        """The state after ``move``; raises IllegalMove (and this state stays as it is) if it is illegal."""
        plan = refusals.judge(self, move, seat)
        if isinstance(plan, IllegalMove):
            raise plan
        return flow.place(self, plan)

    def determinize(self, seat: int, rng: random.Random) -> State:
        """Medina hides nothing (section 2.4: supplies are treated as public), so every seat knows the whole state."""
        return self

    def to_json(self) -> str:
        return saving.to_json(self)

    def arrange(self, placements: Iterable[tuple[int, Place]], *, to_move: int | None = None) -> State:
        """A position for lessons and tests: ``placements`` are (seat, Place) pairs placed in order, each
        checked against every placement rule for that seat but not against the order of turns; tiles change
        hands as in play. The start merchant counts as placed; then ``to_move`` (default: the seat to move now)
        starts a turn, or the next seat that can place. ``events`` are those of all the placements."""
        s = self
        log: list = []
        for k, pair in enumerate(placements):
            try:
                seat, move = pair
            except (TypeError, ValueError):
                raise ValueError(f"placement {k} must be a (seat, Place) pair, not {pair!r}") from None
            seat = seat_arg(seat, self.players)
            if s.step == OVER:
                raise ValueError("the game is over: no more placements")
            probe = changed(s, {"step": PLAY, "current": seat, "placed": 0})
            plan = refusals.judge(probe, move, None)
            if isinstance(plan, IllegalMove):
                raise plan
            s = changed(probe, flow.apply(probe, plan, seat, log))
        if to_move is None:
            to_move = self.current if self.current is not None else self.table.first_player
        to_move = seat_arg(to_move, self.players)
        return flow.begin_turn(changed(s, {"step": PLAY, "current": to_move, "placed": 0}), to_move, log)


def seal(position: Position) -> State:
    """The State of ``position``, which the rules built (the same object; Medina's states keep a dict)."""
    object.__setattr__(position, "__class__", State)
    return position


def keeps_secrets(state: State) -> bool:
    """Whether some seat at ``state`` holds what the others may not know: never in Medina, which hides nothing
    (section 2.4: the supplies are treated as public, and ``determinize`` gives every seat the whole state)."""
    return False


def new_game(players: int | Sequence[str], *, seed: int = 0, first_player: int = 0, **flags: bool) -> State:
    """A new game for 3 or 4 players (a count or a list of names). Flag: ``tiebreak_largest_palace``
    (default False: tied players share the win). Medina has no chance; ``seed`` is kept for the protocol."""
    return seal(saving.start(players, seed=seed, first_player=first_player, **flags))


def from_json(text: str) -> State:
    """A state from ``State.to_json()``; a damaged or foreign document raises ValueError saying why."""
    return seal(saving.read(text))
