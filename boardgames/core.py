"""The protocol every game follows: refusals, events, a match's history, JSON envelopes.

A game module (``boardgames.medici`` and its siblings) provides ``new_game``, ``from_json``,
``parse_move`` and ``candidate_moves``; its states are immutable values with ``current_player``,
``legal_moves()``, ``check(move)``, ``play(move)``, ``events``, ``is_over``, ``scores()``,
``winners()``, ``determinize(seat, rng)`` and ``to_json()``.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

FORMAT = "boardgames"
VERSION = 1

# Protocol-level refusals, shared by every game (each game's own rule ids live in its rules table).
RULE_GAME_OVER = "core.game-over"
RULE_NOT_A_MOVE = "core.not-a-move"
RULE_NOT_NOW = "core.not-now"


class IllegalMove(ValueError):
    """A move that breaks a rule; ``rule`` is the rule id from the game's rules table."""

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(message)
        self.rule = rule
        self.message = message

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, IllegalMove)
            and (self.rule, self.message) == (other.rule, other.message)
        )

    def __hash__(self) -> int:
        return hash((self.rule, self.message))

    def __repr__(self) -> str:
        return f"IllegalMove({self.rule!r}, {self.message!r})"


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened: a stable ``kind``, the ``seat`` concerned (or None), a sentence
    for the log and the plain values behind it."""

    kind: str
    seat: int | None
    text: str
    data: dict = field(default_factory=dict, compare=False)

    def __str__(self) -> str:
        return self.text


class GameState(Protocol):
    """What every game's state offers (see ``shared/DESIGN.md``)."""

    @property
    def current_player(self) -> int | None: ...
    @property
    def is_over(self) -> bool: ...
    @property
    def events(self) -> tuple[Event, ...]: ...
    def legal_moves(self) -> list: ...
    def check(self, move: Any, seat: int | None = None) -> IllegalMove | None: ...
    def play(self, move: Any, seat: int | None = None) -> GameState: ...
    def scores(self) -> tuple[int, ...]: ...
    def winners(self) -> tuple[int, ...]: ...
    def to_json(self) -> str: ...


class Seated:
    """What every game's state says about its seats, from ``self.table.names``; the game's module
    supplies ``render(log, names)`` as the class attribute ``RENDER`` to turn event records into events."""

    __slots__ = ()

    @property
    def players(self) -> int:
        return len(self.table.names)

    @property
    def names(self) -> tuple[str, ...]:
        return self.table.names

    @property
    def seed(self) -> int:
        """The seed all of this game's chance comes from."""
        return self.table.seed

    @property
    def events(self) -> tuple[Event, ...]:
        """The events the last move caused, oldest first."""
        return type(self).RENDER(self.log, self.table.names)


# ----------------------------------------------------------------------------------------------
# Seats: every game's new_game takes a number of players or a list of names.

DEFAULT_NAMES = ("Ada", "Ben", "Cleo", "Dan", "Eva", "Finn")


def seat_names(players: int | Sequence[str], allowed: range, rule: str, game: str) -> tuple[str, ...]:
    """The seats' names from a player count (default names) or a list of names; a count outside
    ``allowed`` raises IllegalMove under ``rule``, other bad input a ValueError naming the problem."""
    lo, hi = allowed.start, allowed.stop - 1
    counts = f"{lo} or {hi}" if hi == lo + 1 else f"{lo} to {hi}"
    if isinstance(players, bool):
        raise ValueError("players must be a number of players or a list of names")
    if isinstance(players, int):
        if players not in allowed:
            raise IllegalMove(rule, f"{game} is for {counts} players, not {players}.")
        return DEFAULT_NAMES[:players]
    if isinstance(players, str) or not all(isinstance(p, str) for p in players):
        raise ValueError("players must be a number of players or a list of names (strings)")
    names = tuple(p.strip() for p in players)
    if len(names) not in allowed:
        raise IllegalMove(rule, f"{game} is for {counts} players, not {len(names)}.")
    if any(not p for p in names):
        raise ValueError("a player's name may not be empty")
    if len(set(names)) != len(names):
        raise ValueError(f"two players have the same name: {list(names)}")
    return names


# ----------------------------------------------------------------------------------------------
# JSON: one envelope for every document, and a reader that turns damage into clear ValueErrors.


def envelope(kind: str, game: str, body: dict) -> str:
    """Wrap ``body`` as a document of this project (``kind`` is "state" or "match")."""
    return json.dumps({"format": FORMAT, "kind": kind, "game": game, "version": VERSION, **body})


def open_envelope(text: str | bytes, kind: str | None = None, game: str | None = None) -> dict:
    """Parse and check a document's envelope; raises ValueError saying what is wrong."""
    if not isinstance(text, (str, bytes, bytearray)):
        raise ValueError(f"expected JSON text, got {type(text).__name__}")
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ValueError(f"not valid JSON: {exc}") from None
    except RecursionError:
        raise ValueError("not a boardgames document: nested too deeply") from None
    if not isinstance(doc, dict):
        raise ValueError("not a boardgames document: the JSON is not an object")
    if doc.get("format") != FORMAT:
        raise ValueError("not a boardgames document: 'format' is missing or not 'boardgames'")
    if doc.get("version") != VERSION:
        raise ValueError(f"unsupported document version {doc.get('version')!r} (expected {VERSION})")
    for key in ("kind", "game"):
        if not isinstance(doc.get(key), str):
            raise ValueError(f"not a boardgames document: '{key}' is missing or not a string")
    if kind is not None and doc.get("kind") != kind:
        raise ValueError(f"expected a {kind} document, got {doc.get('kind')!r}")
    if game is not None and doc.get("game") != game:
        raise ValueError(f"this is a {doc.get('game')!r} document, not {game!r}")
    return doc


class Reader:
    """Typed access to a decoded JSON object; every failure is a ValueError naming the path."""

    def __init__(self, obj: Any, path: str = "document") -> None:
        if not isinstance(obj, dict):
            raise ValueError(f"{path} must be an object, got {type(obj).__name__}")
        self.obj = obj
        self.path = path

    def raw(self, key: str) -> Any:
        if key not in self.obj:
            raise ValueError(f"{self.path} lacks the field '{key}'")
        return self.obj[key]

    def int(self, key: str, lo: int | None = None, hi: int | None = None) -> int:
        return check_int(self.raw(key), f"{self.path}.{key}", lo, hi)

    def optional_int(self, key: str, lo: int | None = None, hi: int | None = None) -> int | None:
        value = self.raw(key)
        return None if value is None else check_int(value, f"{self.path}.{key}", lo, hi)

    def bool(self, key: str) -> bool:
        value = self.raw(key)
        if not isinstance(value, bool):
            raise ValueError(f"{self.path}.{key} must be true or false")
        return value

    def str(self, key: str, choices: Iterable[str] | None = None) -> str:
        value = self.raw(key)
        if not isinstance(value, str):
            raise ValueError(f"{self.path}.{key} must be a string")
        if choices is not None and value not in choices:
            raise ValueError(f"{self.path}.{key} must be one of {sorted(choices)}, got {value!r}")
        return value

    def list(self, key: str, item: Callable[[Any, str], Any], length: int | None = None) -> tuple:
        return check_list(self.raw(key), f"{self.path}.{key}", item, length)

    def sub(self, key: str) -> Reader:
        return Reader(self.raw(key), f"{self.path}.{key}")


def check_int(value: Any, path: str, lo: int | None = None, hi: int | None = None) -> int:
    """``value`` as an int within [lo, hi], or a ValueError naming ``path``."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{path} must be a whole number, got {value!r}")
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        limits = f"between {lo} and {hi}" if lo is not None and hi is not None else (
            f"at least {lo}" if lo is not None else f"at most {hi}"
        )
        raise ValueError(f"{path} must be {limits}, got {value}")
    return value


def check_list(value: Any, path: str, item: Callable[[Any, str], Any], length: int | None = None) -> tuple:
    """``value`` as a tuple of checked items, or a ValueError naming ``path``."""
    if not isinstance(value, list):
        raise ValueError(f"{path} must be a list")
    if length is not None and len(value) != length:
        raise ValueError(f"{path} must have {length} entries, got {len(value)}")
    return tuple(item(v, f"{path}[{i}]") for i, v in enumerate(value))


# ----------------------------------------------------------------------------------------------
# Match: a game's history with undo, redo and replay.


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
        from boardgames import GAMES

        if game not in GAMES:
            raise ValueError(f"unknown game {game!r}; known games: {', '.join(GAMES)}")
        return cls(GAMES[game].new_game(*args, **kwargs))

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
        from boardgames import GAMES

        game = doc.get("game")
        if game not in GAMES:
            raise ValueError(f"unknown game {game!r}")
        module = GAMES[game]
        start = Reader(doc).raw("start")
        match = cls(module.from_json(json.dumps(start)))
        moves = Reader(doc).list("moves", lambda v, p: v)
        for i, text_move in enumerate(moves):
            if not isinstance(text_move, str):
                raise ValueError(f"document.moves[{i}] must be a string")
            try:
                match.play(module.parse_move(text_move))
            except IllegalMove as exc:
                raise ValueError(f"document.moves[{i}] ({text_move!r}) is illegal: {exc}") from None
        return match


def load(text: str) -> Any:
    """A state or a Match from a document written by ``to_json``; ValueError if it is damaged."""
    from boardgames import GAMES

    doc = open_envelope(text)
    game = doc.get("game")
    if game not in GAMES:
        raise ValueError(f"unknown game {game!r}; known games: {', '.join(GAMES)}")
    kind = doc.get("kind")
    if kind == "state":
        return GAMES[game].from_json(text)
    if kind == "match":
        return Match.from_json(text)
    raise ValueError(f"unknown document kind {kind!r} (expected 'state' or 'match')")
