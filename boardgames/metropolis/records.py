"""What a Metropolis move leaves in a state's log: one small named record per thing that happened, written
by the flow as a plain tuple ``(RecordType, *fields)`` and read by name (``boardgames.core.records``). Cells are
cell numbers (``board.py``); ``log.py`` turns records into sentences when somebody reads the log."""

from __future__ import annotations

from typing import NamedTuple

from boardgames.core.records import named  # noqa: F401  (the log read by name: records.named(log))
from boardgames.metropolis.scoring import YearScore


class DeedsDealt(NamedTuple):
    """The starting deeds, dealt face up with a marker on each (no draft)."""

    KIND = "metropolis.setup.deal"
    seat: None
    deeds: tuple[tuple[int, ...], ...]  # per seat


class HandsDealt(NamedTuple):
    """The deed draft's hands, dealt face down: each seat sees only its own."""

    KIND = "metropolis.draft.deal"
    seat: None
    hands: tuple[tuple[int, ...], ...]


class Picked(NamedTuple):
    """A draft pick, hidden from the others until the round's reveal."""

    KIND = "metropolis.draft.pick"
    seat: int
    cell: int
    automatic: bool  # the last card of a hand, taken without asking


class PicksRevealed(NamedTuple):
    """A draft round's picks shown and marked together; the hands (secret) pass to the left."""

    KIND = "metropolis.draft.reveal"
    seat: None
    round: int
    picks: tuple[int, ...]  # per seat
    hands: tuple[tuple[int, ...], ...]  # what each seat holds now (each sees only its own)


class YearBegun(NamedTuple):
    """A year's first six deeds on the deed board; ``seat`` (the token's holder) starts it."""

    KIND = "metropolis.year.refill"
    seat: int  # the first player
    year: int
    board: tuple[int, ...]


class IncomeTaken(NamedTuple):
    """An income action and the coins it gave."""

    KIND = "metropolis.income"
    seat: int
    coins: int


class Bought(NamedTuple):
    """A deed bought from the deed board, and the card that slid in from the pile."""

    KIND = "metropolis.buy.slide-refill"
    seat: int
    cell: int
    price: int
    refill: int | None  # the card that filled the 10-coin slot, None once the pile is empty


class Built(NamedTuple):
    """A building put up, what it covered and where markers went back."""

    KIND = "metropolis.build.effects"
    seat: int
    tile: str
    at: tuple[int, ...]
    covered: tuple[str, ...]  # tiles back to the supply
    vacated: tuple[int, ...]  # cells that got a marker back
    population: int


class LastDeed(NamedTuple):
    """The year's last deed sold: ``seat`` takes the token; the final turns begin."""

    KIND = "metropolis.year.last-deed"
    seat: int  # the new first player
    year: int
    buyer: int


class YearScored(NamedTuple):
    """A year's scoring, every seat's lines."""

    KIND = "metropolis.year.score"
    seat: None
    year: int
    scores: tuple[YearScore, ...]
    populations: tuple[int, ...]


class GameEnded(NamedTuple):
    """The end: prestige and coins (the tie-break) of every seat, and the winners."""

    KIND = "metropolis.game.end"
    seat: None
    prestige: tuple[int, ...]
    coins: tuple[int, ...]
    winners: tuple[int, ...]
