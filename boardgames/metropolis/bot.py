"""A Foundations of Metropolis bot that plans by the scoring: each move is tried and the position after it is
judged by what this seat can expect from the years still to score, against its opponents.

The judgement of a position for a seat (``outlook``): the prestige it has, plus this year's score as it
stands counted once for every scoring still to come (a building scores in every later year), plus what its
coins, its markers in supply and its own empty lots may still become (coins buy deeds, markers hold them,
lots take buildings), with a bonus for lots that touch each other (room for large buildings). The bot plays
the move whose position is best for it relative to the best opponent. In the deed draft it keeps the deed
that touches most of its own deeds. It reads only what its seat may know: it judges the moves in a world
``determinize`` draws for its seat (its own hand, and public facts, are the same in every such world).

``ExpertBot.judge`` gives every legal move with that judgement (``value``: the outlook against the best
opponent's), its worth as the prestige and population the seat would have at the year's end as the city stands,
and a sentence naming what changed: this year's score, the population, the coins, markers and lots, and the
outlooks compared.
"""

from __future__ import annotations

import random
from typing import Any

from boardgames.bots import (
    THE_BOT,
    YOU,
    YOUR,
    Judgement,
    JudgingBot,
    deadline_after,
    move_said,
    only_move,
    out_of_time,
    ranked,
)
from boardgames.core.message import listed, say, say_n
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


def year_end(state: Any, seat: int) -> tuple[int, int]:
    """(prestige, population) ``seat`` would have at the end of the current year if it were scored now."""
    if state.is_over:
        return state.prestige[seat], state.citizens[seat]
    return state.prestige[seat] + state.year_scores()[seat].total, state.citizens[seat]


def _signed(x: float, digits: int = 0) -> str:
    return f"{x:+.{digits}f}".replace("-", "\u2212")


class ExpertBot(JudgingBot):
    """Plays the move whose position ``relative`` judges best for its seat (random among equals), judged in a
    world drawn for that seat."""

    def __init__(self, seed: int | None = 0) -> None:
        super().__init__(seed)
        # The worlds come from their own source, so that drawing them changes none of the bot's other choices.
        self.worlds = random.Random(None if seed is None else f"metropolis.ExpertBot.worlds/{seed}")

    def judge(self, state: Any, seconds: float | None = None) -> list[Judgement]:
        """Every legal move (as many as ``seconds`` allows), best first, for the seat to move."""
        moves = state.legal_moves()
        if len(moves) == 1:
            return [only_move(moves[0])]
        seat = state.current_player
        world = state.determinize(seat, self.worlds)
        if world.drafting:
            return self._judge_picks(world, seat, moves)
        deadline = deadline_after(seconds)
        tried, best, chosen = [], None, []
        for move in moves:
            if tried and out_of_time(deadline):
                break
            after = world.play(move)
            value = relative(after, seat)
            tried.append((move, value, after))
            if best is None or value > best + 1e-9:
                best, chosen = value, [move]
            elif abs(value - best) <= 1e-9:
                chosen.append(move)
        pick = self.rng.choice(chosen)
        first = next(t for t in tried if t[0] == pick)
        rest = [t for t in tried if t[0] != pick]
        mine = outlook(world, seat)
        out = [self._judgement(world, seat, mine, *t) for t in [first] + rest]
        return [out[0]] + ranked(out[1:])

    def _judgement(self, world: Any, seat: int, before: float, move: Any, value: float, after: Any) -> Judgement:
        prestige, population = year_end(after, seat)
        was_prestige, was_population = year_end(world, seat)
        mine = outlook(after, seat)
        rival = mine - value
        changes = []
        if prestige != was_prestige:
            changes.append(say("prestige at the year's end {before} \u2192 {after}", before=was_prestige,
                               after=prestige))
        if population != was_population:
            changes.append(say("population {before} \u2192 {after}", before=was_population, after=population))
        a, b = world.coins[seat], after.coins[seat]
        if a != b:
            changes.append(say_n("{n} coin (was {was})", "{n} coins (was {was})", b, was=a))
        a, b = world.markers_left[seat], after.markers_left[seat]
        if a != b:
            changes.append(say_n("{n} marker left (was {was})", "{n} markers left (was {was})", b, was=a))
        lots, was_lots = (sum(1 for o in s.lots_board if o == seat) for s in (after, world))
        if lots != was_lots:
            changes.append(say_n("{n} empty lot (was {was})", "{n} empty lots (was {was})", lots, was=was_lots))
        said = listed(changes, ";") if changes else say("nothing {you} hold changes", you=YOU)
        compared = say("{changes}; {bot}'s outlook for the game's end is {outlook:.1f} prestige ({change}), against "
                       "{rival:.1f} for the best rival ({lead})", changes=said, bot=THE_BOT, outlook=mine,
                       change=_signed(mine - before, 1), rival=rival, lead=_signed(value, 1))
        worth = say("{prestige} prestige and population {population} by the year's end", prestige=prestige,
                    population=population)
        return Judgement(move, value, worth, say("{move}: {reason}", move=move_said(move), reason=compared),
                         plain=say("after it, {reason}", reason=compared))

    def _judge_picks(self, world: Any, seat: int, moves: list[Pick]) -> list[Judgement]:
        near = neighbours(world.players)
        owner = world.owner
        mine = set(i for i, o in enumerate(owner) if o == seat)

        def touching(move: Pick) -> int:
            return sum(1 for j in near[INDEX[move.cell]] if j in mine)

        top = max(touching(m) for m in moves)
        pick = self.rng.choice([m for m in moves if touching(m) == top])
        prestige, population = year_end(world, seat)
        out = []
        for move in [pick] + [m for m in moves if m != pick]:
            n = touching(move)
            out.append(Judgement(
                move, float(n),
                say_n("{prestige} prestige and population {population} by the year's end (no building yet); touches "
                      "{n} deed of yours", "{prestige} prestige and population {population} by the year's end (no "
                      "building yet); touches {n} deeds of yours", n, prestige=prestige, population=population),
                say_n("the deed of {cell} touches {n} deed {you} hold (the most any deed in {your} hand touches is "
                      "{top}): lots side by side make room for larger buildings", "the deed of {cell} touches {n} "
                      "deeds {you} hold (the most any deed in {your} hand touches is {top}): lots side by side make "
                      "room for larger buildings", n, cell=str(move.cell), you=YOU, your=YOUR, top=top),
            ))
        return [out[0]] + ranked(out[1:])

    def __repr__(self) -> str:
        return "metropolis.ExpertBot()"
