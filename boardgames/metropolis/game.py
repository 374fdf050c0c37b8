"""Foundations of Metropolis's face: ``State``, a position with the protocol's methods, which bind the rules
to it.

``legal_moves``, ``legal_builds``, ``check`` and ``play`` ask ``refusals`` and ``flow``; ``income``,
``year_scores`` and ``winners`` ask the income and scoring rules; ``determinize`` re-deals what a seat cannot
see; ``to_json`` is ``saving``'s. ``seal`` turns a finished draft into a State, and ``new_game`` and
``from_json`` seal what ``saving`` builds.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, NamedTuple

from boardgames.core import IllegalMove
from boardgames.core.drafts import sealer
from boardgames.core.message import Message
from boardgames.metropolis import flow, refusals, saving
from boardgames.metropolis.board import NAMES, cell_index
from boardgames.metropolis.log import render
from boardgames.metropolis.moves import INCOME, Build, Buy, Income, Pick
from boardgames.metropolis.rules import PRICES
from boardgames.metropolis.scoring import YearScore, year_scores
from boardgames.metropolis.state import DRAFT, FINAL, OVER, PLAY, Position, draft
from boardgames.metropolis.tiles import TILES


class State(Position):
    """A Foundations of Metropolis position with its rules. Build one with ``new_game``; every move returns a
    new State."""

    __slots__ = ()
    RENDER = staticmethod(render)

    def income(self, seat: int) -> int:
        """The coins an income action would give ``seat`` now: 5 plus its commercial buildings' coins."""
        return flow.income_of(self, seat)

    def year_scores(self) -> tuple[YearScore, ...]:
        """What each seat would receive if the current year were scored now (Year 3's rules in Year 3)."""
        return year_scores(self)

    def winners(self) -> tuple[int, ...]:
        """Once the game is over: the most prestige, ties to the most coins, then shared (rule game.end)."""
        if self.step != OVER:
            return ()
        return flow.leaders(self.prestige, self.coins)

    def legal_moves(self) -> list:
        step = self.step
        if step == OVER:
            return []
        if step == DRAFT:
            return [Pick(NAMES[i]) for i in sorted(self.hands[self.turn])]
        seat = self.turn
        moves: list = [INCOME]
        if self.markers_left[seat]:
            money = self.coins[seat]
            moves += [Buy(NAMES[c]) for c, p in zip(self.board, PRICES) if p <= money]
        for tile, feet in refusals.builds(self, seat).items():
            moves += [Build(tile, tuple(NAMES[i] for i in f)) for f in feet]
        return moves

    def legal_builds(self, tile: str) -> list[tuple[str, ...]]:
        """Every legal footprint of ``tile`` for the player to move (empty when none, or outside a turn)."""
        if tile not in TILES:
            raise ValueError(f"{tile!r} is not a building tile")
        if self.step not in (PLAY, FINAL):
            return []
        return [tuple(NAMES[i] for i in f) for f in refusals.builds(self, self.turn).get(tile, ())]

    def telling_build(self, tile: str, cell: str, seat: int | None = None) -> Build:
        """A build of ``tile`` through ``cell`` whose refusal (``check``) says best why the tile cannot go there:
        the footprint through ``cell`` holding the most of ``seat``'s (default the player to move) own lots."""
        return refusals.telling_build(self, tile, cell, self.turn if seat is None else seat)

    def no_place(self, tile: str, seat: int) -> str:
        """Why ``seat`` has nowhere to build ``tile``, in a sentence (when ``legal_moves`` offers no build of it)."""
        return refusals.no_place(self, tile, seat)

    def no_place_said(self, tile: str, seat: int) -> Message:
        """Why ``seat`` has nowhere to build ``tile``, as a message (``no_place`` is its English)."""
        return refusals.no_place_said(self, tile, seat)

    def check(self, move: Any, seat: int | None = None) -> IllegalMove | None:
        """The IllegalMove that ``move`` (by ``seat``, default the current player) would raise, or None."""
        return refusals.refusal(self, move, seat)

    def play(self, move: Any, seat: int | None = None) -> State:
        """The state after ``move``; raises IllegalMove (and this state stays as it is) if it is illegal."""
        refusal = refusals.refusal(self, move, seat)
        if refusal is not None:
            raise refusal
        d = draft(self)
        kind = type(move)
        if kind is Income:
            flow.income(d)
        elif kind is Buy:
            flow.buy(d, cell_index(move.cell))
        elif kind is Build:
            flow.build(d, move.tile, tuple(sorted(cell_index(c) for c in move.cells)))
        else:
            flow.pick(d, cell_index(move.cell))
        return seal(d)

    def determinize(self, seat: int, rng: random.Random) -> State:
        """A full state agreeing with all ``seat`` can know: the year piles re-drawn, and in the draft the
        cards of hands ``seat`` has not seen and the picks not yet shown."""
        return seal(flow.determinize(draft(self), seat, rng))

    def to_json(self) -> str:
        return saving.to_json(self)


seal = sealer(State)


class Secrets(NamedTuple):
    """What only one seat may see: its draft hand and the deed it kept this draft round, not yet shown."""

    hand: tuple[str, ...]
    kept: str | None


def secrets_of(state: Position, viewer: int | None) -> Secrets:
    """What ``viewer`` (a seat, or None for a spectator) may see at ``state`` that the other seats may not: in the
    deed draft its own hand and its own pick of the round; nothing for a spectator, nor after the draft."""
    if viewer is None:
        return Secrets((), None)
    return Secrets(state.hand(viewer) if state.drafting else (), state.pick(viewer))


def keeps_secrets(state: Position) -> bool:
    """Whether at ``state`` some seat holds what the others may not know, so that a bot's reasons may read a
    secret: only in the deed draft (each seat's hand and the deed it kept this round). After the draft every deed,
    coin and tile is public, and the year piles are hidden from all seats alike."""
    return state.drafting


def new_game(
    players: int | Sequence[str],
    *,
    seed: int = 0,
    first_player: int = 0,
    deeds: Sequence[Sequence[str]] | None = None,
    piles: Sequence[Sequence[str]] | None = None,
    **flags: Any,
) -> State:
    """A new game for 2 to 4 players (a count or a list of names).

    ``deeds`` optionally fixes each seat's six starting deeds (with ``deed_draft=True``, the six-card hands
    dealt for the draft); ``piles`` the three year piles, each of exactly its size, top first. What is not
    given is shuffled from ``seed``. Flags: ``deed_draft`` (default False), ``marketplace_multiplier`` (2).
    """
    return seal(saving.start(players, seed=seed, first_player=first_player, deeds=deeds, piles=piles, **flags))


def from_json(text: str) -> State:
    """A state from ``State.to_json()``; a damaged or foreign document raises ValueError saying why."""
    return seal(saving.read(text))
