"""Medici's event log: the compact records a move leaves in a state, rendered as plain sentences.

The flow (``flow.py``) records what happened as named records (``records.py``); reading ``state.events``
renders them here into ``Event`` objects, one sentence function per record type. Keeping the sentences out of the hot
path lets bots play thousands of games a second while the log still says everything.
"""

from __future__ import annotations

from collections.abc import Sequence

from boardgames.core import Event, ordinal, plural, records, who_wins
from boardgames.core.records import said
from boardgames.medici import records as R
from boardgames.medici.cards import cards_text
from boardgames.medici.moves import ship_name
from boardgames.medici.rules import GOODS
from boardgames.medici.scoring import DayEnd

AUTO_OPEN = {  # why the engine opened the auction without asking
    "medici.reveal.limit": "a lot holds at most 3 cards",
    "medici.reveal.deck-empty": "the deck is empty",
    "medici.reveal.no-buyer": "no ship has room for a bigger lot",
}


def _strs(cards) -> list[str]:
    return [str(c) for c in cards]


SENTENCES = records.Sentences()  # each record type's sentence function, filled below


@SENTENCES.of(R.Revealed)
def _revealed(r: R.Revealed, name: str, names: Sequence[str]) -> list[Event]:
    return said(r, f"{name} reveals {r.card}.", {"card": str(r.card)})


@SENTENCES.of(R.AuctionOpened)
def _auction_opened(r: R.AuctionOpened, name: str, names: Sequence[str]) -> list[Event]:
    reason = f" ({AUTO_OPEN[r.why]})" if r.why else ""
    text = f"{name} puts {cards_text(r.lot)} up for auction{reason}."
    return said(r, text, {"lot": _strs(r.lot), "automatic": r.why})


@SENTENCES.of(R.BidMade)
def _bid_made(r: R.BidMade, name: str, names: Sequence[str]) -> list[Event]:
    return said(r, f"{name} bids {r.amount}.", {"amount": r.amount})


@SENTENCES.of(R.Passed)
def _passed(r: R.Passed, name: str, names: Sequence[str]) -> list[Event]:
    return said(r, f"{name} passes.")


@SENTENCES.of(R.AutoPassed)
def _auto_passed(r: R.AutoPassed, name: str, names: Sequence[str]) -> list[Event]:
    if r.room < r.lot_size:
        why = f"no room for {plural(r.lot_size, 'card')}"
    elif r.high_bid:
        why = f"{plural(r.money, 'florin')} cannot beat {r.high_bid}"
    else:
        why = "no money to bid"
    data = {"reason": "no-room" if r.room < r.lot_size else "money"}
    return [Event(r.KIND, r.seat, f"{name} cannot bid ({why}) and passes.", data)]


@SENTENCES.of(R.AuctionWon)
def _auction_won(r: R.AuctionWon, name: str, names: Sequence[str]) -> list[Event]:
    text = f"{name} wins {cards_text(r.lot)} for {plural(r.price, 'florin')}."
    return said(r, text, {"lot": _strs(r.lot), "price": r.price})


@SENTENCES.of(R.AllPassed)
def _all_passed(r: R.AllPassed, name: None, names: Sequence[str]) -> list[Event]:
    verb = "is" if len(r.lot) == 1 else "are"
    text = f"Nobody bids: {cards_text(r.lot)} {verb} discarded for the day."
    return [Event(r.KIND, None, text, {"lot": _strs(r.lot)})]


@SENTENCES.of(R.Stowed)
def _stowed(r: R.Stowed, name: str, names: Sequence[str]) -> list[Event]:
    return said(r, f"{name} loads the lot onto {ship_name(r.ship)}.", {"ship": r.ship})


@SENTENCES.of(R.NextAuctioneer)
def _next_auctioneer(r: R.NextAuctioneer, name: str, names: Sequence[str]) -> list[Event]:
    return said(r, f"{name} is the auctioneer.")


@SENTENCES.of(R.FreeFill)
def _free_fill(r: R.FreeFill, name: str, names: Sequence[str]) -> list[Event]:
    text = f"{name} is the last with room and takes {cards_text(r.cards)} free of charge."
    return said(r, text, {"cards": _strs(r.cards)})


@SENTENCES.of(R.DeckEmpty)
def _deck_empty(r: R.DeckEmpty, name: None, names: Sequence[str]) -> list[Event]:
    return [Event(r.KIND, None, f"The deck is empty: day {r.day} ends.", {"day": r.day})]


@SENTENCES.of(R.ShipsFull)
def _ships_full(r: R.ShipsFull, name: None, names: Sequence[str]) -> list[Event]:
    return [Event(r.KIND, None, f"All ships but at most one are full: day {r.day} ends.", {"day": r.day})]


@SENTENCES.of(R.DayScored)
def _day_scored(r: R.DayScored, name: None, names: Sequence[str]) -> list[Event]:
    return income_events(r.accounts, names, r.day)


@SENTENCES.of(R.DayStarted)
def _day_started(r: R.DayStarted, name: str, names: Sequence[str]) -> list[Event]:
    text = f"Day {r.day} begins: {name} is the first auctioneer."
    return said(r, text, {"day": r.day})


@SENTENCES.of(R.NextDayStarted)
def _next_day_started(r: R.NextDayStarted, name: str, names: Sequence[str]) -> list[Event]:
    how = " (drawn by lot among the poorest)" if r.tied > 1 else ""
    text = f"Day {r.day} begins: {name} has the least money{how} and is the first auctioneer."
    return said(r, text, {"day": r.day, "tied": r.tied})


@SENTENCES.of(R.GameEnded)
def _game_ended(r: R.GameEnded, name: None, names: Sequence[str]) -> list[Event]:
    best = max(r.money)
    winners = [names[i] for i, m in enumerate(r.money) if m == best]
    text = f"The game is over: {who_wins(winners)} with {best} florins."
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
        places = ", ".join(ordinal(flat.index(v) + 1) + (" (shared)" if flat.count(v) > 1 else "") for v in values)
        worth = " and ".join(str(v) for v in values)
        ship_word = "ships are" if len(values) > 1 else "ship is"
        income = accounts.value_income[seat]
        out.append(
            Event(
                "medici.score.value-rank",
                seat,
                f"{name}'s {ship_word} worth {worth}: {places}, income {income}.",
                {"values": list(values), "income": income},
            )
        )
    for seat, name in enumerate(names):
        before, after = accounts.levels_before[seat], accounts.levels_after[seat]
        moves = [f"{g} {b}→{a}" for g, b, a in zip(GOODS, before, after) if a != b]
        if moves:
            out.append(
                Event(
                    "medici.score.goods-move",
                    seat,
                    f"{name} moves up: {', '.join(moves)}.",
                    {"before": list(before), "after": list(after)},
                )
            )
    for g, good in enumerate(GOODS):
        track = [lv[g] for lv in accounts.levels_after]
        for seat, name in enumerate(names):
            amount = accounts.majority[g][seat]
            if amount:
                tied = sum(1 for x in track if x == track[seat])
                rank = 1 + sum(1 for x in track if x > track[seat])
                share = f" (shared by {tied})" if tied > 1 else ""
                out.append(
                    Event(
                        "medici.score.goods-majority",
                        seat,
                        f"{good.capitalize()}: {name} is {ordinal(rank)} on the track at level {track[seat]}"
                        f"{share}, income {amount}.",
                        {"good": good, "level": track[seat], "income": amount},
                    )
                )
            bonus = accounts.bonus[g][seat]
            if bonus:
                out.append(
                    Event(
                        "medici.score.top-bonus",
                        seat,
                        f"{good.capitalize()}: {name}'s marker on level {track[seat]} earns a bonus of {bonus}.",
                        {"good": good, "level": track[seat], "income": bonus},
                    )
                )
    totals = ", ".join(f"{name} {x}" for name, x in zip(names, accounts.total))
    out.append(
        Event(
            "medici.day.income", None, f"Day {day} income: {totals}.", {"day": day, "income": list(accounts.total)}
        )
    )
    return out
