"""Helpers that play Medici positions for the rulebook tests: fixed decks, scripted auctions, and the
assertions a refused move must pass."""

from __future__ import annotations

from boardgames import IllegalMove, Match, medici
from support import protocol_checks


def game(players, *decks, **kwargs) -> Match:
    """A match on fixed decks, one list of cards (top first) per day."""
    return Match(medici.new_game(players, decks=list(decks) or None, **kwargs))


def reveal(match: Match, size: int):
    """The auctioneer reveals cards until the lot holds ``size`` (the engine may reveal the first card,
    and open the auction when no card may be added, by itself)."""
    while match.state.step == "reveal" and len(match.state.lot) < size:
        match.play(medici.Draw())
    assert len(match.state.lot) == size
    return match.state


def auction(match: Match, size: int):
    """Reveal ``size`` cards and open the bidding."""
    reveal(match, size)
    if match.state.step == "reveal":
        match.play(medici.Auction())
    return match.state


CLOSE = ("medici.auction.win", "medici.auction.all-pass")


def sell(match: Match, size: int, winner: int | None, price: int = 1, ship: int | None = None) -> list:
    """The auctioneer reveals ``size`` cards; ``winner`` bids ``price`` and everyone else passes
    (``winner=None``: nobody bids). Returns the events from the reveal on."""
    start = len(match.events())
    closed = False

    def play(move):
        nonlocal closed
        closed = any(e.kind in CLOSE for e in match.play(move).events)

    while not closed and match.state.step == "reveal" and len(match.state.lot) < size:
        play(medici.Draw())
    if not closed and match.state.step == "reveal":
        play(medici.Auction())
    while not closed and match.state.step == "bid":
        play(medici.Bid(price) if match.state.current_player == winner else medici.Pass())
    if match.state.step == "stow":
        assert ship is not None, "the winner must choose a ship"
        match.play(medici.Stow(ship))
    events = match.events()[start:]
    if winner is None:
        assert [len(e.data["lot"]) for e in kinds(events, "medici.auction.all-pass")] == [size]
    else:
        won = kinds(events, "medici.auction.win")
        assert [(e.seat, e.data["price"], len(e.data["lot"])) for e in won] == [(winner, price, size)]
    return events


def kinds(events, kind: str) -> list:
    return [e for e in events if e.kind == kind]


def value_ranks(events) -> dict:
    return {e.seat: (e.data["values"], e.data["income"]) for e in kinds(events, "medici.score.value-rank")}


def refused(state, move, rule: str, seat: int | None = None, words: tuple = ()) -> IllegalMove:
    """Assert that ``move`` (by ``seat``) is refused under the Medici rule ``rule`` and leaves ``state`` untouched."""
    return protocol_checks.refused(state, move, rule, medici.RULES, seat=seat, words=words)


def day_events(match: Match, day: int) -> list:
    """The scoring events of the end of ``day`` (from that day's first value-rank event to its income)."""
    events = match.events()
    ends = [i for i, e in enumerate(events) if e.kind == "medici.day.income"]
    stop = ends[day - 1]
    begin = ends[day - 2] + 1 if day > 1 else 0
    return events[begin : stop + 1]


def majorities(events) -> dict:
    return {(e.data["good"], e.seat): e.data["income"] for e in kinds(events, "medici.score.goods-majority")}


def bonuses(events) -> dict:
    return {(e.data["good"], e.seat): e.data["income"] for e in kinds(events, "medici.score.top-bonus")}


def day_income(events) -> list:
    (income,) = kinds(events, "medici.day.income")
    return income.data["income"]


def cards(*specs: str) -> list:
    return [medici.card(s) for s in specs]
