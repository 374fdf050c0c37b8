"""Setting a game up: the seats' names, the seed, the first player and the flags, checked once for every game,
kept in a ``Table`` (what stays fixed for a whole game) that writes and reads its own block of a save document."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from boardgames.core.message import say, term
from boardgames.core.protocol import IllegalMove
from boardgames.core.saves import Reader, check_int, damaged

DEFAULT_NAMES = ("Ada", "Ben", "Cleo", "Dan", "Eva", "Finn")


class Spec(NamedTuple):
    """A game's fixed facts for setting it up: its id, its name for people, the player counts it allows and
    its flags with their defaults (each a bool or a whole number)."""

    game: str
    name: str
    players: range
    flags: Mapping[str, bool | int]

    @property
    def players_rule(self) -> str:
        """The rule id under which a wrong number of players is refused."""
        return f"{self.game}.setup.players"


def seat_names(players: int | Sequence[str], allowed: range, rule: str, game: str) -> tuple[str, ...]:
    """The seats' names from a player count (default names) or a list of names; a count outside
    ``allowed`` raises IllegalMove under ``rule``, other bad input a ValueError naming the problem."""
    lo, hi = allowed.start, allowed.stop - 1

    def refused(given: int) -> IllegalMove:
        title = term("game.title", game)
        if hi == lo + 1:
            return IllegalMove(rule, say("{game} is for {low} or {high} players, not {given}.", game=title, low=lo,
                                         high=hi, given=given))
        return IllegalMove(rule, say("{game} is for {low} to {high} players, not {given}.", game=title, low=lo,
                                     high=hi, given=given))

    if isinstance(players, bool):
        raise ValueError("players must be a number of players or a list of names")
    if isinstance(players, int):
        if players not in allowed:
            raise refused(players)
        return DEFAULT_NAMES[:players]
    if isinstance(players, str) or not all(isinstance(p, str) for p in players):
        raise ValueError("players must be a number of players or a list of names (strings)")
    names = tuple(p.strip() for p in players)
    if len(names) not in allowed:
        raise refused(len(names))
    if any(not p for p in names):
        raise ValueError("a player's name may not be empty")
    if len(set(names)) != len(names):
        raise ValueError(f"two players have the same name: {list(names)}")
    return names


def check_flags(spec: Spec, flags: Mapping[str, Any]) -> tuple[tuple[str, bool | int], ...]:
    """Every flag of the game with its value (``flags`` over the defaults), in the order of ``spec.flags``;
    an unknown flag, or a value of the wrong kind, raises ValueError naming it."""
    unknown = set(flags) - set(spec.flags)
    if unknown:
        known = ", ".join(sorted(spec.flags)) or "none"
        raise ValueError(f"unknown flag(s) {sorted(unknown)}; {spec.name}'s flags are {known}")
    for key, value in flags.items():
        default = spec.flags[key]
        if isinstance(default, bool):
            if not isinstance(value, bool):
                raise ValueError(f"flag {key} must be True or False, not {value!r}")
        elif isinstance(value, bool) or not isinstance(value, int):
            raise ValueError(f"flag {key} must be a whole number, not {value!r}")
    return tuple((key, flags.get(key, default)) for key, default in spec.flags.items())


@dataclass(frozen=True, slots=True)
class Table:
    """What stays fixed for a whole game: the seats' names, the seed all chance comes from, the first player
    and every flag. A game whose table holds more (fixed decks, say) subclasses it."""

    names: tuple[str, ...]
    seed: int
    first_player: int
    flags: tuple[tuple[str, bool | int], ...]  # (name, value) for every flag of the game

    @property
    def players(self) -> int:
        return len(self.names)

    def flag(self, name: str) -> bool | int:
        """The value of the flag ``name``."""
        for key, value in self.flags:
            if key == name:
                return value
        raise KeyError(name)

    def block(self) -> dict:
        """The table's block of a save document."""
        return {"names": list(self.names), "seed": self.seed, "first_player": self.first_player,
                "flags": dict(self.flags)}

    def setup(self) -> dict:
        """The ``new_game`` keyword arguments that give this table."""
        return {"players": list(self.names), "seed": self.seed, "first_player": self.first_player,
                **dict(self.flags)}


def new_table(spec: Spec, players: int | Sequence[str], seed: Any, first_player: Any, flags: Mapping[str, Any],
              table: type[Table] = Table, **extra: Any) -> Table:
    """The table of a new game, every argument checked: a wrong number of players raises IllegalMove under
    ``spec.players_rule``; a bad name, seed, first player or flag a ValueError naming it. ``extra`` holds the
    fields a game's own ``table`` type adds."""
    values = check_flags(spec, flags)
    names = seat_names(players, spec.players, spec.players_rule, spec.name)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"seed must be a whole number, not {seed!r}")
    n = len(names)
    if isinstance(first_player, bool) or not isinstance(first_player, int) or not 0 <= first_player < n:
        raise ValueError(f"first_player must be a seat from 0 to {n - 1}, not {first_player!r}")
    return table(names, seed, first_player, values, **extra)


def read_table(reader: Reader, spec: Spec, table: type[Table] = Table, **extra: Any) -> Table:
    """The table from a save document's block (``reader`` is at it), with the checks of ``new_table``: a
    damaged block raises ValueError naming the field."""
    names = reader.list("names", _name)
    if len(names) not in spec.players or len(set(names)) != len(names):
        lo, hi = spec.players.start, spec.players.stop - 1
        path = f"{reader.path}.names"
        raise damaged(say("{path} must be {lo} to {hi} different names, got {names}", path=path, lo=lo, hi=hi,
                          names=str(list(names))))
    seed = reader.int("seed")
    first = reader.int("first_player", 0, len(names) - 1)
    given = reader.sub("flags")
    values = {}
    for key, default in spec.flags.items():
        values[key] = given.bool(key) if isinstance(default, bool) else given.int(key)
    unknown = set(given.obj) - set(spec.flags)
    if unknown:
        raise damaged(say("{path} has unknown flag(s) {flags}", path=given.path, flags=str(sorted(unknown))))
    return table(names, seed, first, check_flags(spec, values), **extra)


def _name(value: Any, path: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise damaged(say("{path} must be a non-empty name", path=path))
    return value


__all__ = ["DEFAULT_NAMES", "Spec", "Table", "check_flags", "check_int", "new_table", "read_table", "seat_names"]
