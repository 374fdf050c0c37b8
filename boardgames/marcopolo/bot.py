"""A Marco Polo bot that plays like a person who knows the game: each legal move is tried, and the position after
it is judged by what its seat can expect by the game's end (``planning.outlook``): the VP it holds, a trip
planned over several Travels toward its goal cities, Beijing and the posts that pay every round, its contracts
by what they pay and whether it can buy their goods in the rounds left, the contracts it still has time for, its
character's dice and income. It plays the best move (the first of equals) and says why (``judge``).

It never peeks: it judges the moves in one world ``determinize`` draws for its seat, the same world whatever the
hidden facts (other goal cards, the order of the contract piles, future dice) really are.
"""

from __future__ import annotations

import math
import random
from typing import Any

from boardgames.bots import Judgement, JudgingBot, deadline_after, only_move, out_of_time
from boardgames.core import and_list, plural
from boardgames.marcopolo.board import NAMES
from boardgames.marcopolo.data import CONTRACTS, RESOURCES
from boardgames.marcopolo.moves import Adjust, BuyBlackDie, Choose, EndTurn, Fulfil, Reroll, TakeContracts, Travel
from boardgames.marcopolo.planning import Outlook, outlook

# among equals, end the turn; change dice or buy one only for a clear gain (their worth is an estimate)
MARGIN = {EndTurn: 1e-6, Adjust: -0.3, BuyBlackDie: -0.3}
DETAILED = 6  # the best moves whose reasons name the plan behind them; the others name what they change


def worth(value: float) -> str:
    """A judgement's value for a reader: "52 VP by the game's end"."""
    return f"{round(value)} VP by the game's end"


def wealth_change(before: Any, after: Any, seat: int) -> str:
    """What a move changed in ``seat``'s coins, camels, goods and VP, in words ("gains 3 pepper, spends 7
    coins")."""
    delta = [a - b for a, b in zip(after.wealth[seat], before.wealth[seat])]
    units = ("coin", "camel", "pepper", "silk", "gold", "VP")
    gained = [_amount(d, units[i], RESOURCES[i]) for i, d in enumerate(delta) if d > 0]
    spent = [_amount(-d, units[i], RESOURCES[i]) for i, d in enumerate(delta) if d < 0]
    parts = []
    if gained:
        parts.append("gains " + and_list(gained))
    if spent:
        parts.append("spends " + and_list(spent))
    return ", ".join(parts)


def _amount(n: int, one: str, many: str) -> str:
    return plural(n, one) if one in ("coin", "camel") else f"{n} {many}"


def trip_text(o: Outlook) -> str:
    """The planned trip in words, or ""."""
    t = o.trip
    if not t.stops:
        return ""
    cost = and_list([x for x in (plural(t.coins, "coin") if t.coins else "",
                                 plural(t.camels, "camel") if t.camels else "") if x]) or "no coins"
    best = max(t.parts, key=lambda p: p[1]) if t.parts else None
    why = f", above all {best[0]} ({best[1]:.0f} VP)" if best and best[0] else ""
    return (f"the trip to {' then '.join(NAMES[c] for c in t.stops)} is worth {t.gain:.0f} VP for {cost} and "
            f"{plural(t.legs, 'Travel')}{why}")


def hand_text(o: Outlook) -> str:
    """The contracts in hand and what they are expected to pay, in words, or ""."""
    parts = []
    for c, got, short in o.hand:
        k = CONTRACTS[c]
        if got and not short:
            parts.append(f"contract {c} ({k.vp} VP + {k.text}) is paid for")
        elif got:
            parts.append(f"contract {c} ({k.vp} VP + {k.text}) needs goods worth {short:.1f} more dice")
        else:
            parts.append(f"contract {c} ({k.vp} VP) is out of reach")
    return "; ".join(parts)


def reason(world: Any, after: Any, seat: int, move: Any, mine: Outlook, base: Outlook, other: tuple | None) -> str:
    """One sentence: what ``move`` does and which of the numbers that judge it made the difference."""
    parts = []
    if type(move) is Fulfil:
        k = CONTRACTS[move.contract]
        parts.append(f"fulfilling contract {move.contract} pays {k.vp} VP and {k.text}")
    change = wealth_change(world, after, seat)
    if change and type(move) is not Fulfil:
        parts.append(change)
    new_posts = [p for p in after.post_list[seat] if p not in world.post_list[seat]]
    if new_posts:
        parts.append(f"a post in {and_list(NAMES[p] for p in new_posts)}")
    if type(move) is TakeContracts:
        taken = [c for c in after.hands[seat] if c not in world.hands[seat]]
        if taken:
            parts.append(and_list(f"contract {c} ({CONTRACTS[c].vp} VP + {CONTRACTS[c].text})" for c in taken))
    if mine.trip.stops != base.trip.stops or type(move) is Travel or new_posts:
        text = trip_text(mine)
        if text:
            parts.append(text)
    if [h[:2] for h in mine.hand] != [h[:2] for h in base.hand] or type(move) in (TakeContracts, Choose):
        text = hand_text(mine)
        if text:
            parts.append(text)
    if mine.new != base.new:
        parts.append(f"room for {plural(mine.new, 'more contract')} (each about 8 VP) in the rounds left")
    if not parts:
        parts.append(f"it keeps {plural(len(after.held[seat]), 'die', 'dice')} for later")
    text = "; ".join(parts)
    if other is None:
        return f"{text}: {mine.value:.0f} VP expected by the end"
    value, what = other
    word = "more" if mine.value >= value else "less"
    return (f"{text}: {mine.value:.0f} VP expected by the end, {abs(mine.value - value):.1f} {word} than "
            f"after {what} ({value:.0f})")


def short_reason(world: Any, after: Any, seat: int, value: float, other: tuple) -> str:
    """What a move changes in ``seat``'s wealth and posts, and how its value compares with the best move's."""
    parts = [wealth_change(world, after, seat)]
    new_posts = [NAMES[p] for p in after.post_list[seat] if p not in world.post_list[seat]]
    if new_posts:
        parts.append(f"a post in {and_list(new_posts)}")
    text = "; ".join(p for p in parts if p) or "nothing changes yet"
    return (f"{text}: {value:.0f} VP expected by the end, {other[0] - value:.1f} less than after {other[1]} "
            f"({other[0]:.0f})")


class ExpertBot(JudgingBot):
    """Plays the move after which ``planning.outlook`` is best for its seat, judged in one world drawn for that
    seat; ``judge`` gives every move it weighed, best first, with its reasons."""

    def choose(self, state: Any) -> Any:
        moves = state.legal_moves()
        self.last_judgements = [only_move(moves[0])] if len(moves) == 1 else self.judge(state)
        return self.last_judgements[0].move

    def judge(self, state: Any, seconds: float | None = None) -> list[Judgement]:
        """Every legal move of ``state.current_player`` it weighs (all but rerolls, whose outcome only chance
        knows), best first, judged in one world determinized for that seat; within ``seconds`` if given."""
        moves = state.legal_moves()
        if len(moves) == 1:
            return [only_move(moves[0])]
        deadline = deadline_after(seconds)
        seat = state.current_player
        world = state.determinize(seat, random.Random(self.rng.getrandbits(32)))
        scored = []
        for move in moves:
            if scored and out_of_time(deadline):
                break
            if type(move) is Reroll:
                continue
            after = world.play(move)
            value = outlook(after, seat) + MARGIN.get(type(move), 0.0)
            scored.append((value, len(scored), move, after))
        if not scored:
            return [Judgement(moves[0], math.nan, "no move weighed", "no time was left to weigh a move")]
        scored.sort(key=lambda x: (-x[0], x[1]))
        base = outlook(world, seat, full=True)
        out = []
        for rank, (value, _, move, after) in enumerate(scored):
            other = scored[1] if rank == 0 and len(scored) > 1 else scored[0] if rank else None
            versus = None if other is None else (other[0], str(other[2]))
            if rank < DETAILED and not (rank and out_of_time(deadline)):
                text = reason(world, after, seat, move, outlook(after, seat, full=True), base, versus)
            else:
                text = short_reason(world, after, seat, value, versus)
            out.append(Judgement(move, value, worth(value), text))
        return out

    def __repr__(self) -> str:
        return "marcopolo.ExpertBot()"
