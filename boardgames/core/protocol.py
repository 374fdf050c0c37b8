"""The protocol every game follows: what a game module provides, what its states offer, refusals and events.

A game is a sub-package of ``boardgames`` registered in ``boardgames.GAMES``. The shell, the bots, the tests
and the benchmarks use a game only through the two protocols below; ``boardgames.conformance.check_module``
checks a module against them and ``check_conformance`` plays random games checking every promise.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from boardgames.core.message import Said, english, say, term

# Protocol-level refusals, shared by every game (each game's own rule ids live in its rules table).
RULE_GAME_OVER = "core.game-over"
RULE_NOT_A_MOVE = "core.not-a-move"
RULE_NOT_NOW = "core.not-now"


class IllegalMove(ValueError):
    """A move that breaks a rule; ``rule`` is the rule id from the game's rules table, ``said`` why, as data (a
    ``Message``), and ``message`` why in English (made when it is read: most refusals are only caught and counted)."""

    def __init__(self, rule: str, message: Said) -> None:
        super().__init__(message)
        self.rule = rule
        self.said = message

    @property
    def message(self) -> str:
        return english(self.said)

    def __str__(self) -> str:
        return self.message

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
    """Something that happened: a stable ``kind``, the ``seat`` concerned (or None), its sentence for the log
    (``said``, a ``Message``: ``text`` is its English) and the plain values behind it.

    Who may see it: ``seen_by`` is None for an event everybody sees, else the seats that see it whole (a
    hand dealt, a card picked, a goal drawn). The other seats read ``others`` instead, a sentence without
    the secret ("Ada picks a deed."), or nothing at all when ``others`` is None.
    """

    kind: str
    seat: int | None
    said: Said
    data: dict = field(default_factory=dict, compare=False)
    seen_by: tuple[int, ...] | None = None
    others: Said | None = None

    def __str__(self) -> str:
        return self.text

    @property
    def text(self) -> str:
        """The sentence in English."""
        return english(self.said)

    @property
    def public(self) -> bool:
        """Whether every seat (and a spectator) sees this event whole."""
        return self.seen_by is None

    def seen_from(self, viewer: int | None) -> Event | None:
        """This event as ``viewer`` (a seat, or None for a spectator who sees only public facts) may read it:
        itself, the sentence without the secret (and no data), or None."""
        if self.seen_by is None or (viewer is not None and viewer in self.seen_by):
            return self
        if self.others is None:
            return None
        return Event(self.kind, self.seat, self.others, {}, None, None)


def turn_refusal(over: bool, move: Any, move_types: tuple[type, ...], game: str, names: Sequence[str],
                 actor: int | None, seat: Any, wrong_seat: str = RULE_NOT_NOW) -> IllegalMove | None:
    """The refusals every game shares, in this order: the game is over; ``move`` is not one of the game's
    ``move_types``; ``seat`` is no seat, or not ``actor``, the seat to move (refused under ``wrong_seat``)."""
    if over:
        return IllegalMove(RULE_GAME_OVER, say("The game is over: no more moves."))
    if type(move) not in move_types:
        return IllegalMove(RULE_NOT_A_MOVE, say("{move} is not a move of {game}.", move=repr(move),
                                               game=term("game.title", game)))
    if seat is not None and seat != actor:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(names):
            return IllegalMove(RULE_NOT_NOW, say("There is no seat {seat} in this game.", seat=repr(seat)))
        return IllegalMove(wrong_seat, say("It is {mover}'s move, not {name}'s.", mover=names[actor], name=names[seat]))
    return None


def events_seen_from(events: Sequence[Event], viewer: int | None) -> list[Event]:
    """The events of ``events`` that ``viewer`` may read, each as that seat may read it."""
    out = []
    for e in events:
        seen = e if e.seen_by is None else e.seen_from(viewer)
        if seen is not None:
            out.append(seen)
    return out


@runtime_checkable
class GameState(Protocol):
    """What every game's state offers: an immutable value (equal states compare and hash equal).

    - ``GAME`` (class attribute): the game's id in ``boardgames.GAMES``.
    - ``names``, ``players``, ``seed``: the seats' names, their number, the seed all chance comes from.
    - ``current_player``: the seat whose decision it is (None once the game is over).
    - ``legal_moves()``: every real decision (never empty while the game goes on); ``check(move, seat)``
      the IllegalMove that ``play`` would raise, or None; ``play(move, seat)`` a new state.
    - ``events``: what the last move caused (see ``Event`` for who may see each).
    - ``scores()``: each seat's score so far, secret parts included (final once the game is over);
      ``public_scores()``: the part of it every seat may know (what a score chart shows).
    - ``winners()``: the winning seats once the game is over, else ().
    - ``determinize(seat, rng)``: a full state agreeing with all ``seat`` can know, the rest redrawn.
    - ``setup``: the ``new_game`` keyword arguments that give this game's start; ``to_json()`` a document
      that the module's ``from_json`` (and ``boardgames.load``) reads back equal.
    """

    GAME: str

    @property
    def names(self) -> tuple[str, ...]: ...
    @property
    def players(self) -> int: ...
    @property
    def seed(self) -> int: ...
    @property
    def current_player(self) -> int | None: ...
    @property
    def is_over(self) -> bool: ...
    @property
    def events(self) -> tuple[Event, ...]: ...
    @property
    def setup(self) -> dict: ...
    def legal_moves(self) -> list: ...
    def check(self, move: Any, seat: int | None = None) -> IllegalMove | None: ...
    def play(self, move: Any, seat: int | None = None) -> GameState: ...
    def scores(self) -> tuple[int, ...]: ...
    def public_scores(self) -> tuple[int, ...]: ...
    def winners(self) -> tuple[int, ...]: ...
    def determinize(self, seat: int, rng: random.Random) -> GameState: ...
    def to_json(self) -> str: ...


@runtime_checkable
class GameModule(Protocol):
    """What a game's module (``boardgames.<game>``) provides.

    - ``GAME``: its id (``"medici"``), the key in ``boardgames.GAMES`` and in its save documents.
    - ``NAME``: its name for people (``"Medici"``); ``PLAYERS``: the player counts it allows (a range).
    - ``FLAGS``: every optional rule with its default (bools or whole numbers), the keywords ``new_game``
      takes besides the players, seed and first player.
    - ``RULES``: every rule id with the rule in a few words; refusals and event kinds use these ids.
    - ``new_game(players, *, seed=0, first_player=0, **flags)``: ``players`` is a count or a list of names.
    - ``from_json(text)``: a state from its document; a damaged one raises ValueError saying what is wrong.
    - ``parse_move(text)``: a move from its ``str()``.
    - ``candidate_moves(state)``: moves of every kind worth trying, legal or not (for conformance checks).
    - ``SCORING_NOTE``: how the game ends in a few words (who wins, how a tie breaks), the sentence shown under
      the final scores.
    - ``keeps_secrets(state)``: whether at ``state`` some seat holds what the others may not know (a hand, goal
      cards, a drafted deed), so that a bot's reasons there may read a secret.
    - optionally ``ExpertBot(seed)``: a bot of the game's own, offered as the level "expert", and with it
      ``TEACHING``: the game's teaching description (``boardgames.core.teaching.Teaching``), which the review, the
      puzzles, the first game and the views read.
    """

    GAME: str
    NAME: str
    PLAYERS: range
    FLAGS: Mapping[str, Any]
    RULES: Mapping[str, str]
    SCORING_NOTE: str

    def new_game(self, players: int | Sequence[str], *, seed: int = 0, first_player: int = 0,
                 **flags: Any) -> GameState: ...
    def from_json(self, text: str) -> GameState: ...
    def parse_move(self, text: str) -> Any: ...
    def candidate_moves(self, state: Any) -> list: ...
    def keeps_secrets(self, state: Any) -> bool: ...


class Seated:
    """What every game's state says about its seats, from ``self.table`` (a ``boardgames.core.Table``); the
    game supplies ``render(log, names)`` as the class attribute ``RENDER`` to turn event records into events,
    and says in ``public_scores`` which part of a score is secret (by default none is)."""

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

    def public_scores(self) -> tuple[int, ...]:
        """The scores every seat may know (this game keeps no part of a score secret)."""
        return self.scores()
