"""Medici's moves: reveal a card, open the auction, bid, pass, and (two players) stow a lot."""

from __future__ import annotations

from dataclasses import dataclass

from boardgames.core.message import Message, say, term


@dataclass(frozen=True, slots=True)
class Draw:
    """The auctioneer reveals the next card of the deck and adds it to the lot."""

    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True, slots=True)
class Auction:
    """The auctioneer stops revealing and opens the bidding on the lot."""

    def __str__(self) -> str:
        return "auction"


@dataclass(frozen=True, slots=True)
class Bid:
    """Bid ``amount`` florins for the lot."""

    amount: int

    def __str__(self) -> str:
        return f"bid {self.amount}"


@dataclass(frozen=True, slots=True)
class Pass:
    """Let this lot go without bidding."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Stow:
    """Two-player game: load the lot just won onto ship 0 or ship 1 (players call them ship 1 and ship 2)."""

    ship: int

    def __str__(self) -> str:
        return f"stow {self.ship}"


def ship_said(ship: int) -> Message:
    """A ship as players call it: ``Stow(0)`` loads "ship 1" (the log and the board write it so)."""
    return say("ship {number}", number=ship + 1)


def move_said(move: Draw | Auction | Bid | Pass | Stow) -> Message:
    """A move as its typed notation writes it ("draw", "bid 12", "stow 0"), as a message."""
    if isinstance(move, Draw):
        return say("draw")
    if isinstance(move, Auction):
        return say("auction")
    if isinstance(move, Bid):
        return say("bid {amount}", amount=move.amount)
    if isinstance(move, Pass):
        return say("pass")
    return say("stow {ship}", ship=term("medici.ship-code", str(move.ship)))


def ship_name(ship: int) -> str:
    """A ship as players call it, in English: "ship 1"."""
    return str(ship_said(ship))


DRAW, AUCTION, PASS = Draw(), Auction(), Pass()
BIDS = tuple(Bid(n) for n in range(0, 401))  # shared instances for the common amounts
STOWS = (Stow(0), Stow(1))


def bid(amount: int) -> Bid:
    return BIDS[amount] if 0 <= amount < len(BIDS) else Bid(amount)


def parse_move(text: str):
    """A move from its ``str()``: ``"draw"``, ``"auction"``, ``"bid 7"``, ``"pass"``, ``"stow 1"``."""
    if not isinstance(text, str):
        raise ValueError(f"a move is written as text, not {type(text).__name__}")
    words = text.strip().lower().split()
    if words == ["draw"]:
        return DRAW
    if words == ["auction"]:
        return AUCTION
    if words == ["pass"]:
        return PASS
    if len(words) == 2 and words[0] in ("bid", "stow") and words[1].lstrip("-").isdigit():
        n = int(words[1])
        return bid(n) if words[0] == "bid" else Stow(n)
    raise ValueError(f"not a Medici move: {text!r} (expected draw, auction, bid N, pass or stow N)")
