"""A Marco Polo bot that plays like a person who knows the game: it looks at the rest of its turn (``TurnSearch``)
and judges where each legal move leads by what its seat can expect by the game's end (``planning.outlook``): the
VP it holds, a trip planned over several Travels toward its goal cities, Beijing and the posts that pay every
round, its contracts by what they pay and whether it can buy their goods in the rounds left, the contracts it
still has time for, its character's dice and income. A main action is judged with the contracts it lets the seat
fulfil after it; a die changed, a contract fulfilled or the coin bag before the main action, by the main action it
leads to. It plays the best move (the first of equals), keeps to the trip it set out on unless another is clearly
better, and says why (``judge``).

It never peeks: it judges the moves in one world ``determinize`` draws for its seat, the same world whatever the
hidden facts (other goal cards, the order of the contract piles, future dice) really are, and a black die it
buys by the mean of what it may roll.
"""

from __future__ import annotations

import math
import random
from dataclasses import replace
from typing import Any

from boardgames.bots import Judgement, JudgingBot, deadline_after, only_move, out_of_time
from boardgames.core.message import Listed, Message, listed, say, say_n
from boardgames.marcopolo.board import place_word
from boardgames.marcopolo.data import CONTRACTS, RASCHID, reward_word
from boardgames.marcopolo.log import UNITS, camels_said, coins_said
from boardgames.marcopolo.moves import (
    END_TURN,
    Adjust,
    Bazaar,
    BuyBlackDie,
    Choose,
    CityCard,
    CoinBag,
    Die,
    EndTurn,
    FiveCoins,
    Fulfil,
    KhansFavor,
    Reroll,
    TakeContracts,
    Travel,
    move_said,
)
from boardgames.marcopolo.planning import NEW_WORTH, Outlook, outlook, plans_asked, wealth_vp
from boardgames.marcopolo.wealth import with_item

# among equals, end the turn; change dice or buy one only for a clear gain (their worth is an estimate)
MARGIN = {EndTurn: 1e-6, Adjust: -0.3, BuyBlackDie: -0.3}
DETAILED = 6  # the best moves whose reasons name the plan behind them; the others name what they change


def worth(value: float) -> Message:
    """A judgement's value for a reader: "52 VP by the game's end"."""
    return say("{vp} VP by the game's end", vp=round(value))


def wealth_change(before: Any, after: Any, seat: int) -> Message | None:
    """What a move changed in ``seat``'s coins, camels, goods and VP, in words ("gains 3 pepper, spends 7
    coins"), or None."""
    delta = [a - b for a, b in zip(after.wealth[seat], before.wealth[seat])]
    gained = listed([UNITS[i](d) for i, d in enumerate(delta) if d > 0])
    spent = listed([UNITS[i](-d) for i, d in enumerate(delta) if d < 0])
    if gained.items and spent.items:
        return say("gains {gained}, spends {spent}", gained=gained, spent=spent)
    if gained.items:
        return say("gains {gained}", gained=gained)
    if spent.items:
        return say("spends {spent}", spent=spent)
    return None


def _contract_said(c: int, reward: bool = True) -> Message:
    """A contract with its VP, and its other reward: "contract 7 (4 VP + 3 camels)"."""
    k = CONTRACTS[c]
    if reward:
        return say("contract {contract} ({vp} VP + {reward})", contract=c, vp=k.vp, reward=reward_word(k.text))
    return say("contract {contract} ({vp} VP)", contract=c, vp=k.vp)


def _stops_said(stops: tuple[int, ...]) -> Message:
    """The cities of a trip in order: "Moscow then Karakorum"."""
    out = place_word(stops[0])
    for c in stops[1:]:
        out = say("{trip} then {city}", trip=out, city=place_word(c))
    return out


def trip_text(o: Outlook) -> Message | None:
    """The planned trip in words, or None."""
    t = o.trip
    if not t.stops:
        return None
    paid = [x for x in (coins_said(t.coins) if t.coins else None, camels_said(t.camels) if t.camels else None) if x]
    cost = listed(paid) if paid else say("no coins")
    best = max(t.parts, key=lambda p: p[1]) if t.parts else None
    travels = say_n("{n} Travel", "{n} Travels", t.legs)
    if best and best[0]:
        return say("the trip to {stops} is worth {gain:.0f} VP for {cost} and {travels}, above all {what} "
                   "({vp:.0f} VP)",
                   stops=_stops_said(t.stops), gain=t.gain, cost=cost, travels=travels, what=best[0], vp=best[1])
    return say("the trip to {stops} is worth {gain:.0f} VP for {cost} and {travels}", stops=_stops_said(t.stops),
               gain=t.gain, cost=cost, travels=travels)


def hand_text(o: Outlook) -> Listed | None:
    """The contracts in hand and what they are expected to pay, in words, or None."""
    parts = []
    for c, got, short in o.hand:
        if got and not short:
            parts.append(say("{contract} is paid for", contract=_contract_said(c)))
        elif got:
            parts.append(say("{contract} needs goods worth {short:.1f} more dice", contract=_contract_said(c),
                             short=short))
        else:
            parts.append(say("{contract} is out of reach", contract=_contract_said(c, reward=False)))
    return listed(parts, ";") if parts else None


def _expected(text: Any, value: float, other: tuple | None, plain: bool = False) -> Message:
    """``text`` and the VP a move is expected to bring by the end, with how it compares with ``other`` (its value,
    the move): ``plain`` says a move as good as the other is as good, without the numbers."""
    if other is None:
        return say("{said}: {vp:.0f} VP expected by the end", said=text, vp=value)
    versus, what = other
    gap = abs(value - versus)
    if value >= versus:
        if plain and f"{gap:.1f}" == "0.0":
            return say("{said}: {vp:.0f} VP expected by the end, as much as after {move}", said=text, vp=value,
                       move=what)
        return say("{said}: {vp:.0f} VP expected by the end, {gap:.1f} more than after {move} ({other:.0f})",
                   said=text, vp=value, gap=gap, move=what, other=versus)
    return say("{said}: {vp:.0f} VP expected by the end, {gap:.1f} less than after {move} ({other:.0f})",
               said=text, vp=value, gap=gap, move=what, other=versus)


def reason(world: Any, after: Any, end: Any, seat: int, move: Any, value: float, mine: Outlook, base: Outlook,
           other: tuple | None, plain: bool = False) -> Message:
    """One sentence: what ``move`` does (``after`` it), what the turn goes on with (up to ``end``), and which of the
    numbers that judge it (``value``, made of ``mine``) made the difference; ``plain``: as a guide tells it (a
    move as good as the one it is compared with is said to be as good)."""
    return _expected(what_it_changes(world, after, end, seat, move, mine, base), value, other, plain)


def what_it_changes(world: Any, after: Any, end: Any, seat: int, move: Any, mine: Outlook, base: Outlook) -> Listed:
    """What ``move`` does (``after`` it), what the turn goes on with (up to ``end``) and the plan behind it (``mine``
    against ``base``), clause by clause."""
    parts: list[Any] = []
    if type(move) is Fulfil:
        k = CONTRACTS[move.contract]
        parts.append(say("fulfilling contract {contract} pays {vp} VP and {reward}", contract=move.contract, vp=k.vp,
                         reward=reward_word(k.text)))
    change = wealth_change(world, after, seat)
    if change and type(move) is not Fulfil:
        parts.append(change)
    new_posts = [p for p in after.post_list[seat] if p not in world.post_list[seat]]
    if new_posts:
        parts.append(say("a post in {cities}", cities=listed(place_word(p) for p in new_posts)))
    if type(move) is TakeContracts:
        taken = [c for c in after.hands[seat] if c not in world.hands[seat]]
        if taken:
            parts.append(listed(_contract_said(c) for c in taken))
    then = [c for c in end.done[seat] if c not in after.done[seat]]
    if then:
        parts.append(say("then fulfilling {contracts}", contracts=listed(_contract_said(c, reward=False)
                                                                         for c in then)))
    if mine.trip.stops != base.trip.stops or type(move) is Travel or new_posts:
        text = trip_text(mine)
        if text:
            parts.append(text)
    if [h[:2] for h in mine.hand] != [h[:2] for h in base.hand] or type(move) in (TakeContracts, Choose):
        text = hand_text(mine)
        if text:
            parts.append(text)
    if round(mine.new) != round(base.new):
        parts.append(say_n("room for {n} more contract (each worth about {worth:.0f} VP) in the rounds left",
                           "room for {n} more contracts (each worth about {worth:.0f} VP) in the rounds left",
                           round(mine.new), worth=NEW_WORTH))
    if not parts:
        parts.append(say_n("it keeps {n} die for later", "it keeps {n} dice for later", len(after.held[seat])))
    return listed(parts, ";")


def short_reason(world: Any, after: Any, seat: int, value: float, other: tuple) -> Message:
    """What a move changes in ``seat``'s wealth and posts, and how its value compares with the best move's."""
    parts = [wealth_change(world, after, seat)]
    new_posts = [place_word(p) for p in after.post_list[seat] if p not in world.post_list[seat]]
    if new_posts:
        parts.append(say("a post in {cities}", cities=listed(new_posts)))
    found = [p for p in parts if p]
    text = listed(found, ";") if found else say("nothing changes yet")
    return say("{said}: {vp:.0f} VP expected by the end, {gap:.1f} less than after {move} ({other:.0f})", said=text,
               vp=value, gap=other[0] - value, move=other[1], other=other[0])


MAIN_MOVES = (Travel, Bazaar, KhansFavor, TakeContracts, FiveCoins, CityCard)
BEFORE_MAIN = (Fulfil, CoinBag, Adjust)  # bonus actions judged by the main action they lead to
SETTLED = 12  # the main actions, best first by the position right after them, judged with the rest of the turn
FOLLOWED = 3  # after a bonus action, the main actions judged with the rest of the turn
KEPT_ROOT = 6  # after a bonus action, the best main actions of the position before it that are tried again
TRIED = 40  # after a bonus action, the main actions tried at most
ROLLS = (2, 5)  # a die bought is judged as the mean of these values
WORK = 800  # the work a judgement does, at most, before it judges the rest by the position after them: a position
PLAN_WORK = 25  # judged counts 1, a trip plan asked for 25 (whether or not made before: the same work in any process)
CARD_VARIANTS = 3  # the ways to use one city card with one die that are judged (best first by what they pay)


def with_die(move: Any, die: Die, other: Die) -> Any:
    """``move`` with ``other`` placed instead of one ``die``."""
    dice = getattr(move, "dice", None)
    if dice is not None:
        k = dice.index(die)
        return replace(move, dice=tuple(sorted(dice[:k] + (other,) + dice[k + 1:])))
    return replace(move, die=other)


def uses_die(move: Any, die: Die) -> bool:
    """Whether the main action ``move`` places ``die``."""
    dice = getattr(move, "dice", None)
    return die in dice if dice is not None else getattr(move, "die", None) == die


def paid(before: Any, after: Any, seat: int) -> float:
    """What a move changed in ``seat``'s wealth, at the planner's rough rates (to sort the ways to use a card)."""
    return wealth_vp([a - b for a, b in zip(after.wealth[seat], before.wealth[seat])])


class TurnSearch:
    """The rest of a turn of ``seat``, looked ahead: a main action is judged with what the seat does after it
    (answers, contracts fulfilled, a black die bought), a bonus action before the main action (a contract
    fulfilled, a die changed, the coin bag) with the best main action it leads to. A position is judged by
    ``planning.outlook`` once the turn is over, or after a move whose outcome only chance knows."""

    def __init__(self, seat: int, deadline: float | None = None, prefer: tuple[int, ...] = (),
                 plans: set | None = None) -> None:
        self.seat = seat
        self.deadline = deadline
        self.prefer = prefer
        self.seen: dict = {}
        self.plans = set() if plans is None else plans  # the trip plans its judgements asked for (``plans_asked``)

    @property
    def spent(self) -> bool:
        """Whether the search has done its ``WORK`` (positions judged, trips planned) or run out of time: what is
        left is judged by the position right after the move."""
        work = len(self.seen) + PLAN_WORK * len(self.plans)
        return work >= WORK or out_of_time(self.deadline)

    def static(self, state: Any) -> tuple[float, Any]:
        """``outlook`` of ``state`` for the seat, once per state; with the state it judged."""
        found = self.seen.get(state)
        if found is None:
            found = self.seen[state] = (outlook(state, self.seat, prefer=self.prefer), state)
        return found

    def unrolled(self, before: Any, after: Any) -> tuple[float, Any]:
        """``static`` of ``after``, where the seat holds a die ``before`` did not (a black die bought or won),
        whatever it shows: the mean over ``ROLLS``, as the seat cannot know the roll before it buys."""
        new = list(after.held[self.seat])
        for d in before.held[self.seat]:
            if d in new:
                new.remove(d)
        if len(new) != 1 or after.chars[self.seat] == RASCHID:
            return self.static(after)
        held = list(after.held[self.seat])
        held.remove(new[0])
        values = []
        for v in ROLLS:
            dice = tuple(sorted(held + [Die(v, new[0].kind)]))
            values.append(self.static(after.redrawn(held=with_item(after.held, self.seat, dice)))[0])
        return sum(values) / len(values), after

    def mine(self, state: Any) -> bool:
        return not state.is_over and state.current_player == self.seat and state.turn == self.seat

    def settle(self, state: Any) -> tuple[float, Any]:
        """The best the seat can make of ``state`` after its main action: answer what is asked, fulfil contracts,
        buy a black die, end the turn."""
        if not self.mine(state) or self.spent:
            return self.static(state)
        moves = state.legal_moves()
        if state.agenda:
            return max((self.settle(state.play(m)) for m in moves), key=lambda x: x[0])
        if state.held[self.seat] and not state.main_done:
            return self.static(state)
        best = self.static(state.play(END_TURN)) if END_TURN in moves else self.static(state)
        for m in moves:
            if type(m) is Fulfil:
                found = self.settle(state.play(m))
            elif type(m) is BuyBlackDie:
                value, end = self.unrolled(state, state.play(m))
                found = (value + MARGIN[BuyBlackDie], end)
            else:
                continue
            if found[0] > best[0]:
                best = found
        return best

    def trying(self, state: Any, moves: list) -> list:
        """``moves`` less those not worth judging: a bazaar column below the two best the dice reach (one for camels),
        a city card's ways of use beyond the ``CARD_VARIANTS`` that pay most for one die."""
        cards: dict = {}
        out = []
        for m in moves:
            kind = type(m)
            if kind is CityCard:
                cards.setdefault((m.city, m.die), []).append(m)
            elif kind is not Bazaar or m.column >= min(d.value for d in m.dice) - (m.good != "camel") \
                    or state.chars[self.seat] == RASCHID:
                out.append(m)
        for group in cards.values():
            if len(group) > CARD_VARIANTS:
                group.sort(key=lambda m: -paid(state, state.play(m), self.seat))
            out += group[:CARD_VARIANTS]
        return out

    def mains(self, state: Any, moves: list) -> list[tuple[float, Any, Any, Any]]:
        """The main actions and answers among ``moves`` of ``state`` worth judging (``trying``), each judged by the
        position right after it, the best ``SETTLED`` with the rest of the turn; (value, move, after, end) best first.
        Travels come last, and only while work is left: each new place of the figures needs a trip plan."""
        first = []
        tried = self.trying(state, moves)
        for m in [m for m in tried if type(m) is not Travel] + [m for m in tried if type(m) is Travel]:
            if first and (out_of_time(self.deadline) or type(m) is Travel and self.spent):
                break
            after = state.play(m)
            first.append((self.static(after)[0], m, after))
        first.sort(key=lambda x: -x[0])
        out = []
        for rank, (value, m, after) in enumerate(first):
            value, end = self.settle(after) if rank < SETTLED and not self.spent else (value, after)
            out.append((value + MARGIN.get(type(m), 0.0), m, after, end))
        out.sort(key=lambda x: -x[0])
        return out

    def before_main(self, state: Any, after: Any, move: Any, root: list) -> tuple[float, Any]:
        """The best the seat can make of ``after``, the position after the bonus action ``move`` in ``state``
        before the main action. Tried: the main actions that place the die ``move`` changed (those new first, then
        those like the best of ``root``, the judged main actions of ``state``), or else those ``move`` made legal
        and the best ``KEPT_ROOT`` of ``root`` still legal; ``TRIED`` at most."""
        if not self.mine(after) or after.agenda or after.main_done or not after.held[self.seat]:
            return self.settle(after)
        if self.spent:
            return self.static(after)
        legal = [m for m in after.legal_moves() if type(m) in MAIN_MOVES]
        rank = {m: k for k, (_, m, _, _) in enumerate(root)}
        if type(move) is Adjust:
            old, new = move.die, Die(move.die.value + move.delta, move.die.kind)
            tried = [m for m in legal if uses_die(m, new)]
            tried.sort(key=lambda m: rank.get(with_die(m, new, old), -1))
        else:
            tried = [m for m in legal if m not in rank or rank[m] < KEPT_ROOT]
            tried.sort(key=lambda m: rank.get(m, -1))
        tried = self.trying(after, tried)[:TRIED]
        if not tried:
            return self.static(after)
        first = []
        for k, m in enumerate(tried):
            if first and self.spent:
                break
            first.append((self.static(after.play(m))[0], k, m))
        first.sort(key=lambda x: (-x[0], x[1]))
        best = self.settle(after.play(first[0][2]))
        for _, _, m in first[1:FOLLOWED]:
            found = self.settle(after.play(m))
            if found[0] > best[0]:
                best = found
        return best


class ExpertBot(JudgingBot):
    """Plays the move after which ``planning.outlook`` is best for its seat by the end of its turn
    (``TurnSearch``), judged in one world drawn for that seat; ``judge`` gives every move it weighed, best first,
    with its reasons."""

    def __init__(self, seed: int | None = 0) -> None:
        super().__init__(seed)
        self.trips: dict[int, tuple[int, ...]] = {}  # per seat, the trip it set out on
        self.planned: tuple[int, tuple[int, ...]] | None = None  # the seat and trip of the last judgement's best

    def choose(self, state: Any) -> Any:
        moves = state.legal_moves()
        self.planned = None
        self.last_judgements = [only_move(moves[0])] if len(moves) == 1 else self.judge(state)
        if self.planned is not None:
            seat, stops = self.planned
            self.trips[seat] = stops
        return self.last_judgements[0].move

    def judge(self, state: Any, seconds: float | None = None) -> list[Judgement]:
        """Every legal move of ``state.current_player`` it weighs (all but rerolls, whose outcome only chance
        knows, the ways to use a city card that pay least, and changes of a die once its work is done), best first,
        judged in one world determinized for that seat; within ``seconds`` if given."""
        moves = state.legal_moves()
        if len(moves) == 1:
            return [only_move(moves[0])]
        with plans_asked() as plans:
            return self._judged(state, moves, deadline_after(seconds), plans)

    def _judged(self, state: Any, moves: list, deadline: float | None, plans: set) -> list[Judgement]:
        seat = state.current_player
        world = state.determinize(seat, random.Random(self.rng.getrandbits(32)))
        prefer = self.trips.get(seat, ())
        search = TurnSearch(seat, deadline, prefer, plans)
        before = not world.agenda and not world.main_done and bool(world.held[seat])
        direct = [m for m in moves if type(m) in MAIN_MOVES or type(m) is Choose]
        index = {m: i for i, m in enumerate(moves)}
        root = search.mains(world, direct) if direct else []
        scored = [(v, index[m], m, after, end) for v, m, after, end in root]
        for i, move in enumerate(moves):
            kind = type(move)
            if kind in MAIN_MOVES or kind is Choose or kind is Reroll:
                continue
            if scored and out_of_time(deadline):
                break
            if kind is Adjust and search.spent:  # a die changed: judged only while work is left
                continue
            after = world.play(move)
            if kind in BEFORE_MAIN and before:
                value, end = search.before_main(world, after, move, root)
            elif kind is Fulfil:
                value, end = search.settle(after)
            elif kind is BuyBlackDie:
                value, end = search.unrolled(world, after)
            else:
                value, end = search.static(after)
            scored.append((value + MARGIN.get(kind, 0.0), i, move, after, end))
        if not scored:
            return [Judgement(moves[0], math.nan, say("no move weighed"), say("no time was left to weigh a move"))]
        scored.sort(key=lambda x: (-x[0], x[1]))
        base = outlook(world, seat, full=True, prefer=prefer)
        out = []
        for rank, (value, _, move, after, end) in enumerate(scored):
            other = scored[1] if rank == 0 and len(scored) > 1 else scored[0] if rank else None
            versus = None if other is None else (other[0], move_said(other[2]))
            if rank < DETAILED and not (rank and out_of_time(deadline)):
                mine = outlook(end, seat, full=True, prefer=prefer)
                if rank == 0:
                    self.planned = (seat, mine.trip.stops)
                changes = what_it_changes(world, after, end, seat, move, mine, base)
                text = _expected(changes, value, versus)
                plain = _expected(changes, value, versus, plain=True)
            else:
                text = plain = short_reason(world, after, seat, value, versus)
            out.append(Judgement(move, value, worth(value), text, plain if plain != text else None))
        return out

    def __repr__(self) -> str:
        return "marcopolo.ExpertBot()"
