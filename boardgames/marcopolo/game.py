"""The Voyages of Marco Polo's face: ``State``, a position with the protocol's methods, which bind the rules to
it.

``legal_moves`` asks ``offers``; ``check`` and ``play`` ask ``refusals`` and ``flow``; ``pending`` asks
``questions``; the scores and the winners ask ``scoring``; ``trip_cost`` asks the map (``board``);
``determinize`` re-deals what a seat cannot know (``rounds``); ``arrange`` builds positions to order
(``positions``); ``to_json`` is ``saving``'s. ``seal`` turns a finished draft into a State, and ``new_game``
and ``from_json`` seal what ``saving`` builds.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from boardgames.core import IllegalMove
from boardgames.core.drafts import sealer
from boardgames.marcopolo import flow, offers, positions, refusals, rounds, saving, scoring
from boardgames.marcopolo.board import INDEX, walks_cost
from boardgames.marcopolo.data import CARPINI
from boardgames.marcopolo.log import render
from boardgames.marcopolo.questions import describe
from boardgames.marcopolo.state import Position, draft


class State(Position):
    """A Marco Polo position with its rules. Build one with ``new_game``; every move returns a new State."""

    __slots__ = ()
    RENDER = staticmethod(render)

    @property
    def pending(self) -> str | None:
        """The open question in a sentence ("Ada chooses a good: ..."), or None."""
        if not self.agenda:
            return None
        return describe(self, self.agenda[0])

    def final_scores(self) -> tuple:
        """Per seat the ``FinalScore`` the final scoring would give now."""
        return scoring.final_scores(self)

    def scores(self) -> tuple[int, ...]:
        """VP so far plus, before the end, what the final scoring would add now (goal cards included)."""
        if self.over:
            return self.vp
        return tuple(v + f.total for v, f in zip(self.vp, self.final_scores()))

    def public_scores(self) -> tuple[int, ...]:
        """``scores()`` without the goal cards' VP before the end (they are secret)."""
        if self.over:
            return self.vp
        return tuple(v + f.total - f.goal_cards - f.goal_cities for v, f in zip(self.vp, self.final_scores()))

    def winners(self) -> tuple[int, ...]:
        """Once the game is over: most VP, ties to the most camels, then shared (rule game.end)."""
        if not self.over:
            return ()
        return scoring.leaders(self.vp, self.camels)

    def __str__(self) -> str:
        lines = [f"The Voyages of Marco Polo, round {self.round}, start player {self.names[self.start]}"]
        for s, name in enumerate(self.names):
            mark = "*" if s == self.current_player else " "
            w = self.wealth[s]
            lines.append(f"{mark} {name:6} {self.chars[s] or '?':22} {w[0]:3} coins {w[1]:2} camels "
                         f"{w[2]}p {w[3]}s {w[4]}g {w[5]:3} VP at {', '.join(self.figures(s))}; dice "
                         f"{' '.join(map(str, self.held[s])) or '-'}")
        if self.agenda:
            lines.append(self.pending or "")
        return "\n".join(lines)

    def legal_moves(self) -> list:
        memo = self.memo
        if memo is None:
            memo = offers.legal_moves(self)
            object.__setattr__(self, "memo", memo)
        return list(memo)

    def check(self, move: Any, seat: int | None = None) -> IllegalMove | None:
        """The IllegalMove that ``move`` (by ``seat``, default the current player) would raise, or None."""
        return refusals.refusal(self, move, seat)

    def play(self, move: Any, seat: int | None = None) -> State:
        """The state after ``move``; raises IllegalMove (and this state stays as it is) if it is illegal."""
        problem = refusals.refusal(self, move, seat)
        if problem is not None:
            raise problem
        d = draft(self)
        flow.play(d, move)
        return seal(d)

    def determinize(self, seat: int, rng: random.Random) -> State:
        """A full state agreeing with all ``seat`` can know: the other seats' goal cards, the order of the
        contract piles and the future rolls redrawn."""
        return seal(rounds.determinize(draft(self), seat, rng))

    def to_json(self) -> str:
        return saving.to_json(self)

    def arrange(self, seat: int, **changes: Any) -> State:
        """This position with some of ``seat``'s things replaced (``coins``, ``camels``, ``pepper``, ``silk``,
        ``gold``, ``vp``, ``dice``, ``at``, ``posts``, ``contracts``, ``completed``); see ``positions.arrange``."""
        return positions.arrange(self, seat, **changes)

    def redrawn(self, **changes: Any) -> State:
        """This position with some fields replaced and an empty log."""
        return replace(self, log=(), **changes)

    def trip_cost(self, move: Any) -> tuple[int, int]:
        """The (coins, camels) the Travel ``move`` costs the player to move, the fee of an occupied space not
        included: the step cost of all its steps together plus the routes' extra costs."""
        seat = self.current_player
        paths = (move.path, move.path2)
        walks = [(start,) + tuple(INDEX[p] for p in path) for start, path in zip(self.at[seat], paths)]
        cost = walks_cost(walks, self.chars[seat] == CARPINI)
        if cost is None:
            raise ValueError(f"{move} follows no route")
        return cost


seal = sealer(State)


def keeps_secrets(state: Position) -> bool:
    """Whether at ``state`` some seat holds what the others may not know, so that a bot's reasons may read a
    secret: always in Marco Polo, where every seat holds goal cards from the deal to the game's end and its bot
    plans its trips by them (the end shows them, but a reason given before it may name them)."""
    return True


def sees_goals(state: Position, viewer: int | None, seat: int) -> bool:
    """Whether ``viewer`` (a seat, or None for a spectator) may see ``seat``'s goal cards: its own, and every
    seat's once the game is over (the final scoring shows them)."""
    return viewer == seat or state.over


def new_game(
    players: int | Sequence[str],
    *,
    seed: int = 0,
    first_player: int = 0,
    characters: Sequence[str | None] | None = None,
    city_cards: Sequence[int] | None = None,
    outposts: Sequence[int] | None = None,
    start_contracts: Sequence[int] | None = None,
    goals: Sequence[Sequence[int]] | None = None,
    contracts: Sequence[Sequence[int]] | None = None,
    rolls: Sequence[Sequence[int]] | None = None,
    **flags: Any,
) -> State:
    """A new game for 2 to 4 players (a count or a list of names).

    ``characters``: a character name per seat (default: the first-game set by seat from the start player);
    with ``expert_setup``, the players + 1 characters offered in the draft. An entry None is dealt at random
    from ``seed``, among the characters not named. ``city_cards``: the 9 card
    numbers (the six large cities but Sumatra in node order, then Sumatra's three); ``outposts``: the 7 tile
    numbers (the large cities in node order); ``start_contracts``: one per seat; ``goals``: per seat its 2
    goal cards (4 with ``expert_setup``); ``contracts``: the five round piles of 6 and the special pile of 8,
    top first; ``rolls``: each seat's round-1 dice (5 values, a sixth for Matteo's white die; Raschid's are
    ignored). What is not given is dealt from ``seed``. Flags: ``expert_setup`` (default False),
    ``mercator_2p_coins`` (1), ``contracts_bonus_needs_one`` (False). An impossible setup raises ValueError."""
    given = {"characters": characters, "city_cards": city_cards, "outposts": outposts,
             "start_contracts": start_contracts, "goals": goals, "contracts": contracts, "rolls": rolls}
    return seal(saving.begin(players, seed, first_player, given, flags))


def from_json(text: str) -> State:
    """A state from ``State.to_json()``; a damaged or foreign document raises ValueError saying why."""
    return seal(saving.read(text))
