"""Medici's event log: the compact records a move leaves in a state, rendered as plain sentences.

The flow (``state.py``) records what happened as small tuples ``(kind, seat, *facts)``; reading
``state.events`` renders them here into ``Event`` objects. Keeping the sentences out of the hot
path lets bots play thousands of games a second while the log still says everything.
"""

from __future__ import annotations

from collections.abc import Sequence

from boardgames.core import Event
from boardgames.medici.cards import cards_text
from boardgames.medici.rules import GOODS
from boardgames.medici.scoring import DayEnd

PLACES = ("1st", "2nd", "3rd", "4th", "5th", "6th")
AUTO_OPEN = {  # why the engine opened the auction without asking
    "medici.reveal.limit": "a lot holds at most 3 cards",
    "medici.reveal.deck-empty": "the deck is empty",
    "medici.reveal.no-buyer": "no ship has room for a bigger lot",
}


def _strs(cards) -> list[str]:
    return [str(c) for c in cards]


def and_list(words: Sequence[str]) -> str:
    """``["Ada", "Ben", "Cleo"]`` as ``"Ada, Ben and Cleo"``."""
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'s' * (n != 1)}"


def render(records: Sequence[tuple], names: Sequence[str]) -> tuple[Event, ...]:
    """The events of ``records`` (one record may stand for several events, e.g. a day's accounts)."""
    out: list[Event] = []
    for rec in records:
        kind, seat = rec[0], rec[1]
        name = names[seat] if isinstance(seat, int) else None
        if kind == "medici.reveal":
            card = rec[2]
            out.append(Event(kind, seat, f"{name} reveals {card}.", {"card": str(card)}))
        elif kind == "medici.auction.open":
            lot, why = rec[2], rec[3]
            reason = f" ({AUTO_OPEN[why]})" if why else ""
            text = f"{name} puts {cards_text(lot)} up for auction{reason}."
            out.append(Event(kind, seat, text, {"lot": _strs(lot), "automatic": why}))
        elif kind == "medici.bid":
            out.append(Event(kind, seat, f"{name} bids {rec[2]}.", {"amount": rec[2]}))
        elif kind == "medici.pass":
            out.append(Event(kind, seat, f"{name} passes.", {}))
        elif kind == "medici.bid.auto-pass":
            size, money, high_bid, room = rec[2], rec[3], rec[4], rec[5]
            if room < size:
                why = f"no room for {_plural(size, 'card')}"
            elif high_bid:
                why = f"{_plural(money, 'florin')} cannot beat {high_bid}"
            else:
                why = "no money to bid"
            data = {"reason": "no-room" if room < size else "money"}
            out.append(Event(kind, seat, f"{name} cannot bid ({why}) and passes.", data))
        elif kind == "medici.auction.win":
            lot, price = rec[2], rec[3]
            text = f"{name} wins {cards_text(lot)} for {_plural(price, 'florin')}."
            out.append(Event(kind, seat, text, {"lot": _strs(lot), "price": price}))
        elif kind == "medici.auction.all-pass":
            lot = rec[2]
            verb = "is" if len(lot) == 1 else "are"
            text = f"Nobody bids: {cards_text(lot)} {verb} discarded for the day."
            out.append(Event(kind, None, text, {"lot": _strs(lot)}))
        elif kind == "medici.ship.choose":
            # players count ships from 1: Stow(0) loads ship 1
            out.append(Event(kind, seat, f"{name} loads the lot onto ship {rec[2] + 1}.", {"ship": rec[2]}))
        elif kind == "medici.turn.next":
            out.append(Event(kind, seat, f"{name} is the auctioneer.", {}))
        elif kind == "medici.day.free-fill":
            cards = rec[2]
            text = f"{name} is the last with room and takes {cards_text(cards)} free of charge."
            out.append(Event(kind, seat, text, {"cards": _strs(cards)}))
        elif kind == "medici.day.end-deck":
            out.append(Event(kind, None, f"The deck is empty: day {rec[2]} ends.", {"day": rec[2]}))
        elif kind == "medici.day.end-full":
            text = f"All ships but at most one are full: day {rec[2]} ends."
            out.append(Event(kind, None, text, {"day": rec[2]}))
        elif kind == "medici.day.accounts":
            out.extend(income_events(rec[3], names, rec[2]))
        elif kind == "medici.day.start":
            text = f"Day {rec[2]} begins: {name} is the first auctioneer."
            out.append(Event(kind, seat, text, {"day": rec[2]}))
        elif kind == "medici.day.next-start":
            day, tied = rec[2], rec[3]
            how = " (drawn by lot among the poorest)" if tied > 1 else ""
            text = f"Day {day} begins: {name} has the least money{how} and is the first auctioneer."
            out.append(Event(kind, seat, text, {"day": day, "tied": tied}))
        elif kind == "medici.game.end":
            money = rec[2]
            best = max(money)
            winners = [names[i] for i, m in enumerate(money) if m == best]
            who = f"{winners[0]} wins" if len(winners) == 1 else f"{and_list(winners)} share the win"
            text = f"The game is over: {who} with {best} florins."
            out.append(Event(kind, None, text, {"money": list(money), "winners": winners}))
        else:  # pragma: no cover - a record kind without a sentence is a programming error
            raise ValueError(f"no sentence for event record {rec!r}")
    return tuple(out)


def income_events(accounts: DayEnd, names: Sequence[str], day: int) -> list[Event]:
    """A day's accounts as log lines: value ranking, marker moves, track majorities, bonuses, totals."""
    out = []
    flat = sorted((v for ships in accounts.ship_values for v in ships), reverse=True)
    for seat, name in enumerate(names):
        values = accounts.ship_values[seat]
        places = ", ".join(PLACES[flat.index(v)] + (" (shared)" if flat.count(v) > 1 else "") for v in values)
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
                        f"{good.capitalize()}: {name} is {PLACES[rank - 1]} on the track at level {track[seat]}"
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
