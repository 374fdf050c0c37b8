"""Medici's event log: the compact records a move leaves in a state, rendered as plain sentences.

The flow (``flow.py``) records what happened as named records (``records.py``); reading ``state.events``
renders them here into ``Event`` objects, one sentence function per record type. Keeping the sentences out of the hot
path lets bots play thousands of games a second while the log still says everything.
"""

from __future__ import annotations

from collections.abc import Sequence

from boardgames.core import Event, listed, records, say, say_n
from boardgames.core.message import Message, Ordinal
from boardgames.core.records import said, who_wins_said
from boardgames.medici import records as R
from boardgames.medici.cards import card_said, cards_said, good_word
from boardgames.medici.moves import ship_said
from boardgames.medici.rules import GOODS
from boardgames.medici.scoring import DayEnd

AUTO_OPEN = {  # why the engine opened the auction without asking
    "medici.reveal.limit": say("a lot holds at most 3 cards"),
    "medici.reveal.deck-empty": say("the deck is empty"),
    "medici.reveal.no-buyer": say("no ship has room for a bigger lot"),
}


def florins(n: int) -> Message:
    """``n`` florins, "1 florin"."""
    return say_n("{n} florin", "{n} florins", n)


def _strs(cards) -> list[str]:
    return [str(c) for c in cards]


SENTENCES = records.Sentences()  # each record type's sentence function, filled below


@SENTENCES.of(R.Revealed)
def _revealed(r: R.Revealed, name: str, names: Sequence[str]) -> list[Event]:
    return said(r, say("{name} reveals {card}.", name=name, card=card_said(r.card)), {"card": str(r.card)})


@SENTENCES.of(R.AuctionOpened)
def _auction_opened(r: R.AuctionOpened, name: str, names: Sequence[str]) -> list[Event]:
    lot = cards_said(r.lot)
    if r.why:
        text = say("{name} puts {lot} up for auction ({why}).", name=name, lot=lot, why=AUTO_OPEN[r.why])
    else:
        text = say("{name} puts {lot} up for auction.", name=name, lot=lot)
    return said(r, text, {"lot": _strs(r.lot), "automatic": r.why})


@SENTENCES.of(R.BidMade)
def _bid_made(r: R.BidMade, name: str, names: Sequence[str]) -> list[Event]:
    return said(r, say("{name} bids {amount}.", name=name, amount=r.amount), {"amount": r.amount})


@SENTENCES.of(R.Passed)
def _passed(r: R.Passed, name: str, names: Sequence[str]) -> list[Event]:
    return said(r, say("{name} passes.", name=name))


@SENTENCES.of(R.AutoPassed)
def _auto_passed(r: R.AutoPassed, name: str, names: Sequence[str]) -> list[Event]:
    if r.room < r.lot_size:
        why = say_n("no room for {n} card", "no room for {n} cards", r.lot_size)
    elif r.high_bid:
        why = say_n("{n} florin cannot beat {bid}", "{n} florins cannot beat {bid}", r.money, bid=r.high_bid)
    else:
        why = say("no money to bid")
    data = {"reason": "no-room" if r.room < r.lot_size else "money"}
    return [Event(r.KIND, r.seat, say("{name} cannot bid ({why}) and passes.", name=name, why=why), data)]


@SENTENCES.of(R.AuctionWon)
def _auction_won(r: R.AuctionWon, name: str, names: Sequence[str]) -> list[Event]:
    text = say("{name} wins {lot} for {price}.", name=name, lot=cards_said(r.lot), price=florins(r.price))
    return said(r, text, {"lot": _strs(r.lot), "price": r.price})


@SENTENCES.of(R.AllPassed)
def _all_passed(r: R.AllPassed, name: None, names: Sequence[str]) -> list[Event]:
    if len(r.lot) == 1:
        text = say("Nobody bids: {lot} is discarded for the day.", lot=cards_said(r.lot))
    else:
        text = say("Nobody bids: {lot} are discarded for the day.", lot=cards_said(r.lot))
    return [Event(r.KIND, None, text, {"lot": _strs(r.lot)})]


@SENTENCES.of(R.Stowed)
def _stowed(r: R.Stowed, name: str, names: Sequence[str]) -> list[Event]:
    return said(r, say("{name} loads the lot onto {ship}.", name=name, ship=ship_said(r.ship)), {"ship": r.ship})


@SENTENCES.of(R.NextAuctioneer)
def _next_auctioneer(r: R.NextAuctioneer, name: str, names: Sequence[str]) -> list[Event]:
    return said(r, say("{name} is the auctioneer.", name=name))


@SENTENCES.of(R.FreeFill)
def _free_fill(r: R.FreeFill, name: str, names: Sequence[str]) -> list[Event]:
    text = say("{name} is the last with room and takes {cards} free of charge.", name=name,
               cards=cards_said(r.cards))
    return said(r, text, {"cards": _strs(r.cards)})


@SENTENCES.of(R.DeckEmpty)
def _deck_empty(r: R.DeckEmpty, name: None, names: Sequence[str]) -> list[Event]:
    return [Event(r.KIND, None, say("The deck is empty: day {day} ends.", day=r.day), {"day": r.day})]


@SENTENCES.of(R.ShipsFull)
def _ships_full(r: R.ShipsFull, name: None, names: Sequence[str]) -> list[Event]:
    text = say("All ships but at most one are full: day {day} ends.", day=r.day)
    return [Event(r.KIND, None, text, {"day": r.day})]


@SENTENCES.of(R.DayScored)
def _day_scored(r: R.DayScored, name: None, names: Sequence[str]) -> list[Event]:
    return income_events(r.accounts, names, r.day)


@SENTENCES.of(R.DayStarted)
def _day_started(r: R.DayStarted, name: str, names: Sequence[str]) -> list[Event]:
    text = say("Day {day} begins: {name} is the first auctioneer.", day=r.day, name=name)
    return said(r, text, {"day": r.day})


@SENTENCES.of(R.NextDayStarted)
def _next_day_started(r: R.NextDayStarted, name: str, names: Sequence[str]) -> list[Event]:
    if r.tied > 1:
        text = say("Day {day} begins: {name} has the least money (drawn by lot among the poorest) and is the first "
                   "auctioneer.", day=r.day, name=name)
    else:
        text = say("Day {day} begins: {name} has the least money and is the first auctioneer.", day=r.day, name=name)
    return said(r, text, {"day": r.day, "tied": r.tied})


@SENTENCES.of(R.GameEnded)
def _game_ended(r: R.GameEnded, name: None, names: Sequence[str]) -> list[Event]:
    best = max(r.money)
    winners = [names[i] for i, m in enumerate(r.money) if m == best]
    text = say("The game is over: {who} with {money}.", who=who_wins_said(winners),
               money=say("{n} florins", n=best))
    return [Event(r.KIND, None, text, {"money": list(r.money), "winners": winners})]


def render(log: Sequence[tuple], names: Sequence[str]) -> tuple[Event, ...]:
    """The events of a state's ``log`` (one record may stand for several events, e.g. a day's accounts)."""
    return records.render(log, names, SENTENCES)


def income_events(accounts: DayEnd, names: Sequence[str], day: int) -> list[Event]:
    """A day's accounts as log lines: value ranking, marker moves, track majorities, bonuses, totals."""
    out = []
    flat = sorted((v for ships in accounts.ship_values for v in ships), reverse=True)
    for seat, name in enumerate(names):
        values = accounts.ship_values[seat]
        places = listed([say("{place} (shared)", place=Ordinal(flat.index(v) + 1)) if flat.count(v) > 1
                         else Ordinal(flat.index(v) + 1) for v in values], ",")
        income = accounts.value_income[seat]
        if len(values) > 1:
            text = say("{name}'s ships are worth {worth}: {places}, income {income}.", name=name,
                       worth=listed(values), places=places, income=income)
        else:
            text = say("{name}'s ship is worth {worth}: {places}, income {income}.", name=name, worth=values[0],
                       places=places, income=income)
        out.append(Event("medici.score.value-rank", seat, text, {"values": list(values), "income": income}))
    for seat, name in enumerate(names):
        before, after = accounts.levels_before[seat], accounts.levels_after[seat]
        moves = [say("{good} {before}→{after}", good=good_word(g), before=b, after=a)
                 for g, b, a in zip(GOODS, before, after) if a != b]
        if moves:
            out.append(Event("medici.score.goods-move", seat,
                             say("{name} moves up: {moves}.", name=name, moves=listed(moves, ",")),
                             {"before": list(before), "after": list(after)}))
    for g, good in enumerate(GOODS):
        track = [lv[g] for lv in accounts.levels_after]
        for seat, name in enumerate(names):
            amount = accounts.majority[g][seat]
            if amount:
                tied = sum(1 for x in track if x == track[seat])
                rank = Ordinal(1 + sum(1 for x in track if x > track[seat]))
                values = {"good": good_word(good).capitalized(), "name": name, "rank": rank, "level": track[seat],
                          "income": amount}
                if tied > 1:
                    text = say("{good}: {name} is {rank} on the track at level {level} (shared by {tied}), "
                               "income {income}.", tied=tied, **values)
                else:
                    text = say("{good}: {name} is {rank} on the track at level {level}, income {income}.", **values)
                out.append(Event("medici.score.goods-majority", seat, text,
                                 {"good": good, "level": track[seat], "income": amount}))
            bonus = accounts.bonus[g][seat]
            if bonus:
                text = say("{good}: {name}'s marker on level {level} earns a bonus of {bonus}.",
                           good=good_word(good).capitalized(), name=name, level=track[seat], bonus=bonus)
                out.append(Event("medici.score.top-bonus", seat, text,
                                 {"good": good, "level": track[seat], "income": bonus}))
    totals = listed([say("{name} {income}", name=name, income=x) for name, x in zip(names, accounts.total)], ",")
    out.append(Event("medici.day.income", None, say("Day {day} income: {totals}.", day=day, totals=totals),
                     {"day": day, "income": list(accounts.total)}))
    return out
