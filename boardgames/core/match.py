"""A game's history with undo, redo, replay and its save document; ``load`` reads any document back."""

from __future__ import annotations

import json
from typing import Any

from boardgames.core.message import say
from boardgames.core.protocol import IllegalMove
from boardgames.core.registry import game_module
from boardgames.core.saves import Reader, damaged, envelope, open_envelope


class Match:
    """A game in progress: its states and the moves between them, with undo and redo.

    ``states[0]`` is the starting position; ``moves[i]`` led from ``states[i]`` to ``states[i+1]``.
    Undo moves the cursor back without forgetting; playing a move after an undo drops the redo tail.
    """

    def __init__(self, start: Any) -> None:
        self._states: list = [start]
        self._moves: list = []
        self._cursor = 0

    @classmethod
    def new(cls, game: str, *args: Any, **kwargs: Any) -> Match:
        """A match of ``game`` (an id of ``boardgames.GAMES``) from its ``new_game(...)``."""
        return cls(game_module(game).new_game(*args, **kwargs))

    @property
    def state(self) -> Any:
        """The position at the cursor."""
        return self._states[self._cursor]

    @property
    def start(self) -> Any:
        return self._states[0]

    @property
    def states(self) -> tuple:
        """Every position up to the cursor, oldest first."""
        return tuple(self._states[: self._cursor + 1])

    @property
    def moves(self) -> tuple:
        """The moves that led to the current position, oldest first."""
        return tuple(self._moves[: self._cursor])

    @property
    def ply(self) -> int:
        return self._cursor

    @property
    def can_undo(self) -> bool:
        return self._cursor > 0

    @property
    def can_redo(self) -> bool:
        return self._cursor < len(self._moves)

    def play(self, move: Any, seat: int | None = None) -> Any:
        """Play ``move`` at the cursor (raises IllegalMove and changes nothing if it is illegal)."""
        new = self.state.play(move, seat=seat)
        del self._states[self._cursor + 1 :]
        del self._moves[self._cursor :]
        self._states.append(new)
        self._moves.append(move)
        self._cursor += 1
        return new

    def undo(self, plies: int = 1) -> Any:
        if plies < 0 or plies > self._cursor:
            raise ValueError(f"cannot undo {plies} moves: only {self._cursor} played")
        self._cursor -= plies
        return self.state

    def redo(self, plies: int = 1) -> Any:
        if plies < 0 or self._cursor + plies > len(self._moves):
            raise ValueError(f"cannot redo {plies} moves: only {len(self._moves) - self._cursor} undone")
        self._cursor += plies
        return self.state

    def goto(self, ply: int) -> Any:
        """Move the cursor to the position after ``ply`` moves (undo or redo as needed)."""
        if not 0 <= ply <= len(self._moves):
            raise ValueError(f"no position after {ply} moves (0..{len(self._moves)})")
        self._cursor = ply
        return self.state

    def events(self) -> list:
        """Every event of the game so far, oldest first (the starting position's own events first)."""
        return [e for s in self._states[: self._cursor + 1] for e in s.events]

    def replay(self) -> Match:
        """A new match rebuilt from the starting position and the moves (chance is in the seed)."""
        again = Match(self._states[0])
        for move in self.moves:
            again.play(move)
        return again

    def to_json(self) -> str:
        start = json.loads(self._states[0].to_json())
        return envelope(
            "match",
            start["game"],
            {"start": start, "moves": [str(m) for m in self.moves]},
        )

    @classmethod
    def from_json(cls, text: str) -> Match:
        """Rebuild a match by replaying its moves; refuses a damaged document with ValueError."""
        doc = open_envelope(text, kind="match")
        module = game_module(doc.get("game"))
        start = Reader(doc).raw("start")
        match = cls(module.from_json(json.dumps(start)))
        moves = Reader(doc).list("moves", lambda v, p: v)
        for i, text_move in enumerate(moves):
            if not isinstance(text_move, str):
                path = f"document.moves[{i}]"
                raise damaged(say("{path} must be a string", path=path))
            try:
                match.play(module.parse_move(text_move))
            except IllegalMove as exc:
                path = f"document.moves[{i}]"
                raise damaged(say("{path} ({move}) is illegal: {reason}", path=path, move=repr(text_move),
                                  reason=exc.said)) from None
        return match


def load(text: str) -> Any:
    """A state or a Match from a document written by ``to_json``; ValueError if it is damaged."""
    doc = open_envelope(text)
    module = game_module(doc.get("game"))
    kind = doc.get("kind")
    if kind == "state":
        return module.from_json(text)
    if kind == "match":
        return Match.from_json(text)
    raise damaged(say("unknown document kind {kind} (expected '{state}' or '{match}')", kind=repr(kind), state="state",
                      match="match"))
