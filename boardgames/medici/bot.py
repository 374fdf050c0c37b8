"""A Medici bot that prices lots: what a lot adds to this seat's expected day-end income.

``lot_value`` estimates the change in a seat's income if it owned the lot now:
- ship value ranking: every ship is filled up with cards drawn from the unseen ones (as many as the
  deck can still supply), many times over, and the seat's average ranking income is compared with
  and without the lot (the lot's cards take holds that other cards would have filled);
- goods tracks: the day-end majority and bonus income on each track with and without the lot,
  counted once for today and, discounted, for each later day (markers never move back).
The bot bids up to a share of that value, the auctioneer takes a lot with the last word for one
florin more than the best bid when it is worth it, the auctioneer keeps revealing while the lot
is worth little to it, and with two ships it stows a lot where it adds most to its expected income.

``ExpertBot.judge`` gives the moves it weighed with the florins the seat can expect at the day's end after each
(its florins now, less the price, plus the income the bot expects at the day's end; a lot's worth also counts
its goods' track steps on later days, as ``lot_value`` does) and a sentence naming the lot's worth, the price and
the profit. The bot bids its limit, ``shade`` of the lot's worth: keeping the rest is its margin against having
over-estimated the lot (the winner's curse). So that its judgements rank the moves as it plays them, a bid under
the limit counts its profit times the chance of not being outbid, taken as (bid / limit) ** (shade / (1 -
shade)) (the chance under which bidding ``shade`` of the worth is best), and a bid over the limit counts the lot
at the shaded worth only.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import chain
from typing import Any

from boardgames.bots import THE_BOT, YOU, YOUR, Judgement, only_move, percent, ranked
from boardgames.core.message import Message, say, say_n
from boardgames.medici.cards import Card, card
from boardgames.medici.game import State
from boardgames.medici.moves import AUCTION, DRAW, PASS, STOWS, Bid
from boardgames.medici.rules import DAYS, GOODS, HOLDS
from boardgames.medici.scoring import majority_income, moved_levels, top_bonus, value_rank_income
from boardgames.medici.state import BIDDING, REVEAL, STOWING

FUTURE_WEIGHT = 0.6  # how much a track level gained today is worth on each later day, relative to today


def track_income(levels: tuple[tuple[int, ...], ...], seat: int, start_space_scores: bool = False) -> int:
    """``seat``'s majority and bonus income over all five tracks at the given levels."""
    total = 0
    for g in range(len(GOODS)):
        track = [lv[g] for lv in levels]
        total += majority_income(track, start_space_scores)[seat] + top_bonus(track[seat])
    return total


@dataclass(frozen=True)
class LotOutlook:
    """``lot_value``'s two futures for one seat, as means over the samples: its day-end income ``today`` and its
    goods tracks' discounted income on ``later`` days, each ``without`` and ``with`` the lot (loaded on ``ship``,
    None when the seat cannot hold it); ``worth`` is ``lot_value``."""

    ship: int | None
    today_without: float
    today_with: float
    later_without: float
    later_with: float
    worth: float


def lot_value(state: State, seat: int, lot: Sequence[Card | str] | None = None, **options: Any) -> float:
    """The expected change in ``seat``'s income (this day and, discounted, later days) from owning ``lot``
    (default: the lot on the table), loaded on ``ship`` (default: its most valuable ship with room); ``options``
    are ``lot_outlook``'s (``samples``, ``rng``, ``ship``). A lot the seat cannot hold is worth nothing to it."""
    return lot_outlook(state, seat, lot, **options).worth


def lot_outlook(
    state: State,
    seat: int,
    lot: Sequence[Card | str] | None = None,
    *,
    samples: int = 40,
    rng: random.Random | None = None,
    ship: int | None = None,
) -> LotOutlook:
    """``seat``'s expected income without and with ``lot`` (see ``LotOutlook`` and ``lot_value``)."""
    lot = state.lot if lot is None else tuple(card(c) for c in lot)
    target = _best_ship(state.loads[seat], lot) if ship is None else ship
    if target is not None and len(state.loads[seat][target]) + len(lot) > HOLDS:
        target = None
    if target is None or not lot:
        return LotOutlook(target, math.nan, math.nan, math.nan, math.nan, 0.0)
    rng = rng or random.Random(0)
    flag = state.table.start_space_scores
    future = 1 + FUTURE_WEIGHT * (DAYS - state.day)
    pool = list(state.unseen_cards())
    free_total = sum(HOLDS - len(ship) for ships in state.loads for ship in ships)
    fill = min(1.0, len(state.deck) / free_total) if free_total else 0.0
    total = 0.0
    today, later = [0.0, 0.0], [0.0, 0.0]  # with the lot, without it
    for _ in range(samples):
        rng.shuffle(pool)
        without, with_lot = _filled_day(state, seat, target, lot, pool, fill)
        values_without, levels_without = _day_end(state, without)  # the other seats' ships are the same with it
        values_with, levels_with = list(values_without), list(levels_without)
        values_with[seat], levels_with[seat] = _seat_day_end(state, seat, with_lot[seat])
        ends = ((values_with, levels_with, 1), (values_without, levels_without, -1))
        for k, (values, levels, sign) in enumerate(ends):
            rank, tracks = value_rank_income(values)[seat], track_income(tuple(levels), seat, flag)
            total += sign * (rank + future * tracks)
            today[k] += rank + tracks
            later[k] += (future - 1) * tracks
    return LotOutlook(target, today[1] / samples, today[0] / samples, later[1] / samples, later[0] / samples,
                      total / samples)


def day_income(state: State, seat: int, *, samples: int = 40, rng: random.Random | None = None) -> float:
    """``seat``'s expected income at the end of this day as the ships stand (filled from the unseen cards as in
    ``lot_value``), with no lot of its own to come."""
    rng = rng or random.Random(0)
    flag = state.table.start_space_scores
    pool = list(state.unseen_cards())
    free_total = sum(HOLDS - len(ship) for ships in state.loads for ship in ships)
    fill = min(1.0, len(state.deck) / free_total) if free_total else 0.0
    total = 0.0
    for _ in range(samples):
        rng.shuffle(pool)
        values, levels = _day_end(state, _filled_day(state, seat, None, (), pool, fill)[0])
        total += value_rank_income(values)[seat] + track_income(tuple(levels), seat, flag)
    return total / samples


def _day_end(state: State, cargo: list) -> tuple[list, list]:
    """Every seat's ship values and track levels at the day's end with ``cargo`` (each seat's ships)."""
    ends = [_seat_day_end(state, s, ships) for s, ships in enumerate(cargo)]
    return [values for values, _ in ends], [levels for _, levels in ends]


def _seat_day_end(state: State, seat: int, ships: list) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """``seat``'s ship values and track levels at the day's end with ``ships``."""
    return tuple([sum([c.value for c in ship]) for ship in ships]), moved_levels(state.levels[seat], chain(*ships))


def _filled_day(state: State, seat: int, target: int | None, lot: tuple, pool: list, fill: float):
    """Every seat's ships at day end after a random fill from ``pool`` (each free hold filled with
    probability ``fill``, as far as the deck can supply), without and with ``lot`` on ``seat``'s ship."""
    k = 0
    without, with_lot = [], []
    for s, ships in enumerate(state.loads):
        row, row_with = [], []
        for i, ship in enumerate(ships):
            n = round((HOLDS - len(ship)) * fill)
            extra = pool[k : k + n]
            k += n
            row.append(ship + tuple(extra))
            if s == seat and i == target:
                loaded = ship + lot
                room = max(0, min(n, round((HOLDS - len(loaded)) * fill)))
                row_with.append(loaded + tuple(extra[:room]))
            else:
                row_with.append(row[-1])
        without.append(row)
        with_lot.append(row_with)
    return without, with_lot


def _best_ship(ships: tuple, lot: tuple) -> int | None:
    """The ship a lot would go on: the most valuable one that has room (concentrating value), or None."""
    fitting = [i for i, ship in enumerate(ships) if len(ship) + len(lot) <= HOLDS]
    if not fitting:
        return None
    return max(fitting, key=lambda i: (sum(c.value for c in ships[i]), len(ships[i])))


class ExpertBot:
    """Bids what a lot is worth to it (see ``lot_value``), shaded to leave a profit; ``judge`` gives its reasons
    (see the module's docstring)."""

    def __init__(
        self, seed: int | None = 0, *, shade: float = 0.8, samples: int = 40, reveal_below: float = 8.0
    ) -> None:
        if not 0 < shade < 1:
            raise ValueError("the shade is a share of the lot's worth, above 0 and below 1")
        self.rng = random.Random(seed)
        self.shade = shade
        self.samples = samples
        self.reveal_below = reveal_below
        self.last_judgements: list[Judgement] = []

    def value(self, state: State, seat: int) -> float:
        return lot_value(state, seat, samples=self.samples, rng=self.rng)

    def choose(self, state: State) -> Any:
        moves = state.legal_moves()
        self.last_judgements = [only_move(moves[0])] if len(moves) == 1 else self.judge(state)
        return self.last_judgements[0].move

    def judge(self, state: State, seconds: float | None = None) -> list[Judgement]:
        """The moves weighed for the seat to move, best first, valued in the florins it can expect at the day's
        end (see the module's docstring). It takes a few milliseconds, well inside any ``seconds``."""
        moves = state.legal_moves()
        if len(moves) == 1:
            return [only_move(moves[0])]
        seat = state.current_player
        if state.step == STOWING:
            return self._judge_stows(state, seat, moves)
        if state.step == REVEAL:
            return self._judge_reveal(state, seat, moves)
        if state.step == BIDDING:
            return self._judge_bids(state, seat, moves)
        move = self.rng.choice(moves)
        return [Judgement(move, math.nan, "", say("a move of a step the bot does not know, at random"))]

    # ------------------------------------------------------------------ the three decisions
    def _lot(self, state: State, seat: int) -> tuple[LotOutlook, float]:
        """The lot on the table for ``seat`` (drawn from the bot's own random source, as its choices are) and
        the seat's expected income at the day's end without it."""
        seen = lot_outlook(state, seat, samples=self.samples, rng=self.rng)
        base = seen.today_without
        if math.isnan(base):  # no lot, or none the seat can hold: the ships as they stand
            base = day_income(state, seat, samples=self.samples, rng=random.Random(0))
        return seen, base

    def _judge_stows(self, state: State, seat: int, moves: list) -> list[Judgement]:
        """Two players: the ship where the lot adds most to the income the seat expects (both ships judged on the
        same samples); among equals the most valuable ship, where the ship ranking pays most."""
        money = state.money[seat]
        first = _best_ship(state.loads[seat], state.lot)
        out = []
        for i in [first] + [i for i in range(len(state.loads[seat])) if i != first]:
            seen = lot_outlook(state, seat, ship=i, samples=self.samples, rng=random.Random(0))
            if STOWS[i] not in moves or seen.ship is None:
                continue
            value = money + seen.today_with + seen.later_with - seen.later_without
            load = sum(c.value for c in state.loads[seat][i])
            room = HOLDS - len(state.loads[seat][i]) - len(state.lot)
            out.append(Judgement(
                STOWS[i], value, _florins(value),
                say("on {your} ship {ship} (cargo worth {load}, room for {room} more after it) the lot adds "
                    "{worth:.1f} florins to the income {bot} expects for {you}", your=YOUR, ship=i + 1, load=load,
                    room=room, worth=seen.worth, bot=THE_BOT, you=YOU),
            ))
        return ranked(out) if out else [Judgement(moves[0], math.nan, "", say("no ship to weigh"))]

    def _judge_reveal(self, state: State, seat: int, moves: list) -> list[Judgement]:
        seen, base = self._lot(state, seat)
        worth = seen.worth
        money = state.money[seat]
        draw_first = DRAW in moves and worth < self.reveal_below
        lot = _lot_words(state)
        take = money + base + worth
        aim = money + base + self.reveal_below
        auction = Judgement(
            AUCTION, take, say("{florins} if you take the lot", florins=_florins(take)),
            say("{lot} worth {worth:.1f} florins to {you} by the day's end {where}; {bot} opens the bidding on a lot "
                "worth {aim:g} or more to it", lot=lot, worth=worth, you=YOU, where=_where(state, seat, seen),
                bot=THE_BOT, aim=self.reveal_below),
        )
        if worth < self.reveal_below:
            wanted = say("{lot} worth {worth:.1f} florins to {you}, under the {aim:g} {bot} wants before it opens the "
                         "bidding; another card may add to it", lot=lot, worth=worth, you=YOU, aim=self.reveal_below,
                         bot=THE_BOT)
        else:
            wanted = say("{lot} worth {worth:.1f} florins to {you}, already at or over the {aim:g} {bot} wants before "
                         "it opens the bidding; another card may add to it", lot=lot, worth=worth, you=YOU,
                         aim=self.reveal_below, bot=THE_BOT)
        draw = Judgement(
            DRAW, aim, say("{florins} if the lot reaches the bot's aim of {aim:g}", florins=_florins(aim),
                           aim=self.reveal_below),
            wanted,
        )
        if DRAW not in moves:
            return [auction]
        return [draw, auction] if draw_first else [auction, draw]

    def _judge_bids(self, state: State, seat: int, moves: list) -> list[Judgement]:
        seen, base = self._lot(state, seat)
        worth = seen.worth
        money = state.money[seat]
        high = state.high_bid
        lot = _lot_words(state)
        where = _where(state, seat, seen)
        keep = money + base
        stands = say(", and the bid stands at {bid}", bid=high) if state.high_bidder is not None else ""
        passing = Judgement(
            PASS, keep, _florins(keep),
            say("passing keeps {your} {money} florins, and {bot} expects {income:.1f} of income at the day's end; "
                "{lot} worth {worth:.1f} to {you} {where}{stands}", your=YOUR, money=money, bot=THE_BOT, income=base,
                lot=lot, worth=worth, you=YOU, where=where, stands=stands),
        )
        if seat == state.auctioneer:  # the last word: one more than the best bid is enough, and wins
            price = high + 1
            out = [passing]
            for b in (price, price + 1):
                if b <= money:
                    value = keep + worth - b
                    out.append(Judgement(
                        Bid(b), value, _florins(value),
                        say("{lot} worth {worth:.1f} florins to {you} by the day's end {where}; with the last word, "
                            "bidding {bid} takes it for an expected profit of {profit:.1f}", lot=lot, worth=worth,
                            you=YOU, where=where, bid=b, profit=worth - b),
                    ))
            return ranked(out)  # passing first among equals: the bot bids only for a profit
        limit = min(money, int(worth * self.shade))
        power = self.shade / (1 - self.shade)
        shaded = worth * self.shade
        chosen = Bid(limit) if limit > high else PASS
        candidates = {b for b in (limit, high + 1, high + 2, limit + 1, math.floor(worth)) if high < b <= money}
        out = [passing]
        for b in sorted(candidates):
            if b <= limit:
                chance = (b / limit) ** power
                value = keep + chance * (worth - b)
                if b == limit:
                    why = say("bidding {bid}, {percent} of that, keeps an expected profit of {profit:.1f} (the rest "
                              "of the worth is {bot}'s margin against over-estimating the lot)", bid=b,
                              percent=percent(self.shade), profit=worth - b, bot=THE_BOT)
                else:
                    odds = percent(chance) if chance >= 0.005 else say("under 1 %")
                    why = say("bidding {bid} would keep {profit:.1f} if it stood, but under {bot}'s limit of {limit} "
                              "{bot} counts it outbid more often (a chance of {odds} that it stands)", bid=b,
                              profit=worth - b, bot=THE_BOT, limit=limit, odds=odds)
            else:
                value = keep + shaded - b
                if worth <= 0:
                    why = say("{bot} bids only for a lot worth something to it: bidding {bid} would lose {loss:.1f}",
                              bot=THE_BOT, bid=b, loss=b - worth)
                elif b > shaded:
                    why = say("bidding {bid} is over {bot}'s limit of {limit} ({percent} of the worth); counted at "
                              "that shaded worth, {shaded:.1f}, it would lose {amount:.1f}", bid=b, bot=THE_BOT,
                              limit=limit, percent=percent(self.shade), shaded=shaded, amount=abs(shaded - b))
                else:
                    why = say("bidding {bid} is over {bot}'s limit of {limit} ({percent} of the worth); counted at "
                              "that shaded worth, {shaded:.1f}, it would keep {amount:.1f}", bid=b, bot=THE_BOT,
                              limit=limit, percent=percent(self.shade), shaded=shaded, amount=abs(shaded - b))
            out.append(Judgement(Bid(b), value, _florins(value),
                                 say("{lot} worth {worth:.1f} florins to {you} by the day's end {where}; {why}",
                                     lot=lot, worth=worth, you=YOU, where=where, why=why)))
        first = next(j for j in out if j.move == chosen)
        return [first] + ranked([j for j in out if j.move != chosen])

    def __repr__(self) -> str:
        return "ExpertBot()"


def _florins(value: float) -> Message:
    return say("about {florins:.0f} florins at the day's end", florins=value)


def _lot_words(state: State) -> Message:
    """The lot on the table as a reader counts it: "this lot's 3 cards are" or "this lot's card is"."""
    return say_n("this lot's card is", "this lot's {n} cards are", len(state.lot))


def _where(state: State, seat: int, seen: LotOutlook) -> Message:
    """Where the lot would go, and what its goods bring on later days (in brackets)."""
    if seen.ship is None:
        return say("(no ship of yours can hold it)")
    room = HOLDS - len(state.loads[seat][seen.ship]) - len(state.lot)
    gain = seen.later_with - seen.later_without
    later = say(", {gain:.1f} of it from its goods on later days", gain=gain) if abs(gain) >= 0.05 else ""
    low = say("; it takes holds that better cards would fill") if seen.worth < 0 else ""
    return say("({your} ship would have room for {room} more{later}{low})", your=YOUR, room=room, later=later, low=low)
