"""What a move leaves in a state's log: one small named record per thing that happened.

The flow (``flow.py``) writes these records while it plays a move; ``log.py`` turns them into sentences only
when someone reads ``state.events``, so bots that never read the log never pay for its words. Each record
class names its event kind (a rule id of ``rules.RULES``) as ``KIND`` and its acting seat as ``seat`` (None
when nobody in particular acts).

In the log itself the flow writes a record as a plain tuple ``(RecordType, *fields)``: a random game leaves
about 330 records, and making each a named tuple on the spot costs a quarter of the game's time (Python
calls the named tuple's ``__new__`` as a function). ``named(state.log)`` (from ``boardgames.core.records``)
gives the named records; nothing reads the plain tuples by position.
"""

from __future__ import annotations

from typing import NamedTuple

from boardgames.core.records import named  # noqa: F401  (the log read by name: records.named(log))
from boardgames.medici.cards import Card
from boardgames.medici.scoring import DayEnd


class Revealed(NamedTuple):
    KIND = "medici.reveal"
    seat: int
    card: Card


class AuctionOpened(NamedTuple):
    KIND = "medici.auction.open"
    seat: int
    lot: tuple[Card, ...]
    why: str | None  # the rule that opened it without asking, when no card could be added


class BidMade(NamedTuple):
    KIND = "medici.bid"
    seat: int
    amount: int


class Passed(NamedTuple):
    KIND = "medici.pass"
    seat: int


class AutoPassed(NamedTuple):
    KIND = "medici.bid.auto-pass"
    seat: int
    lot_size: int
    money: int
    high_bid: int
    room: int


class AuctionWon(NamedTuple):
    KIND = "medici.auction.win"
    seat: int
    lot: tuple[Card, ...]
    price: int


class AllPassed(NamedTuple):
    KIND = "medici.auction.all-pass"
    seat: None
    lot: tuple[Card, ...]


class Stowed(NamedTuple):
    KIND = "medici.ship.choose"
    seat: int
    ship: int  # 0 or 1; players count ships from 1


class NextAuctioneer(NamedTuple):
    KIND = "medici.turn.next"
    seat: int


class FreeFill(NamedTuple):
    KIND = "medici.day.free-fill"
    seat: int
    cards: tuple[Card, ...]


class DeckEmpty(NamedTuple):
    KIND = "medici.day.end-deck"
    seat: None
    day: int


class ShipsFull(NamedTuple):
    KIND = "medici.day.end-full"
    seat: None
    day: int


class DayScored(NamedTuple):
    KIND = "medici.day.accounts"
    seat: None
    day: int
    accounts: DayEnd


class DayStarted(NamedTuple):
    KIND = "medici.day.start"
    seat: int
    day: int


class NextDayStarted(NamedTuple):
    KIND = "medici.day.next-start"
    seat: int
    day: int
    tied: int  # how many seats shared the least money


class GameEnded(NamedTuple):
    KIND = "medici.game.end"
    seat: None
    money: tuple[int, ...]


Record = (
    Revealed | AuctionOpened | BidMade | Passed | AutoPassed | AuctionWon | AllPassed | Stowed | NextAuctioneer
    | FreeFill | DeckEmpty | ShipsFull | DayScored | DayStarted | NextDayStarted | GameEnded
)

