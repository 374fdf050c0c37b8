"""What a round sells, and what it is worth: a coin jar (a value drawn in the teacher's range, each student's
private estimate the value plus noise) or a Medici lot (cards all can see, on a real position of a seeded game;
its worth to the winner is decided by one dealing of the rest of the day). Money is counted in cents: read from
what a student typed (``cents``), written in the item's unit (``money``) or as a plain number (``in_units``)."""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from boardgames.core.message import say, term
from boardgames.lessons.medici.curse import formula_shade
from boardgames.lessons.medici.table import stop_at
from boardgames.lessons.medici.worth import lot_worth
from boardgames.medici.game import State as MediciState
from classroom.store import Refused

COIN_JAR, MEDICI_LOT = "coin-jar", "medici-lot"
ITEMS = {COIN_JAR: "a jar of coins", MEDICI_LOT: "a Medici lot"}
ITEM_WORDS = {COIN_JAR: term("auction.item", "a jar of coins"), MEDICI_LOT: term("auction.item", "a Medici lot")}
UNITS = {COIN_JAR: "$", MEDICI_LOT: "fl"}
# The Medici position a lot is sold on: day 1 of a seeded game of expert bots, six cards out of the deck, a lot
# of two cards up for auction; the class bids as the first seat, Ada.
MEDICI_DAY, MEDICI_CARDS_GONE, MEDICI_LOT_SIZE, MEDICI_SEAT = 1, 6, 2, 0
WORTH_SAMPLES = 2000
AMOUNT = re.compile(r"^\s*(\d{1,7})(?:[.,](\d{1,2}))?\s*$")


@dataclass(frozen=True)
class Sold:
    """A round's item once drawn: its true value (cents), the lot's cards as the game writes them (Medici), and
    the lesson's figure (Medici: the lot's expected worth to the bidder, in cents)."""

    value: int
    lot: str = ""
    expected: float | None = None


def coin_jar(seed: int, low: int, high: int) -> Sold:
    """A jar whose value is drawn uniformly from ``low`` to ``high`` cents."""
    return Sold(random.Random(seed).randint(low, high))


def coin_jar_estimate(seed: int, student: int, value: int, noise: int) -> int:
    """What ``student`` sees of a jar worth ``value``: the value plus noise uniform within ``noise`` cents, never
    below 0. The same student and round give the same estimate, whenever it is asked."""
    return max(0, value + random.Random(f"{seed}/{student}").randint(-noise, noise))


def medici_position(seed: int) -> MediciState:
    """The Medici position a lot of ``seed`` is sold on (the first seed from ``seed`` whose game gets there)."""
    for attempt in range(seed, seed + 50):
        try:
            return stop_at(attempt, MEDICI_DAY, MEDICI_CARDS_GONE, MEDICI_LOT_SIZE)
        except ValueError:
            continue
    raise ValueError(f"no game from seed {seed} to {seed + 49} reaches a lot of {MEDICI_LOT_SIZE} cards")


def medici_lot(seed: int) -> Sold:
    """The lot of ``seed``: its cards, its worth to Ada in one dealing of the rest of the day (the true value),
    and its expected worth over many dealings (the lesson's figure)."""
    state = medici_position(seed)
    once = lot_worth(state, MEDICI_SEAT, samples=1, seed=seed)
    expected = lot_worth(state, MEDICI_SEAT, samples=WORTH_SAMPLES, seed=seed + 1)
    cards = ", ".join(f"{card.value} {card.good}" for card in state.lot)
    return Sold(round(once.mean * 100), cards, expected.mean * 100)


def theory_shade(bidders: int, noise: int) -> float:
    """Lesson 4's shaded bid for a coin jar: bid your estimate minus noise × (n − 1)/(n + 1) (cents)."""
    return formula_shade(max(bidders, 1), noise / 100) * 100


def cents(text: str | float | int) -> int:
    """A bid typed by a student (``"12"``, ``"12.5"``, ``"12,50"``) in cents; Refused for anything else."""
    if isinstance(text, bool):
        raise Refused(say("A bid is an amount of money, such as 12 or 12.50."))
    if isinstance(text, int):
        text = str(text)
    elif isinstance(text, float):
        text = f"{text:.2f}" if text == text and abs(text) != float("inf") else "nan"
    found = AMOUNT.match(text)
    if not found:
        if re.match(r"^\s*-", text):
            raise Refused(say("A bid cannot be negative."))
        typed = text.strip()
        if not typed:
            raise Refused(say("An empty bid is not an amount of money: type a number such as 12 or 12.50."))
        raise Refused(say("{typed} is not an amount of money: type a number such as 12 or 12.50.", typed=typed))
    whole, part = found.groups()
    return int(whole) * 100 + int((part or "0").ljust(2, "0"))


def money(amount: float | None, item: str = COIN_JAR) -> str:
    """An amount of cents as the pages write it: ``$12.50``, ``23 fl``."""
    if amount is None:
        return "–"
    if item == MEDICI_LOT:
        value = amount / 100
        return f"{value:.0f} fl" if abs(value - round(value)) < 0.005 else f"{value:.2f} fl"
    sign = "-" if amount < 0 else ""
    return f"{sign}{UNITS[item]}{abs(amount) / 100:.2f}"


def in_units(amount: int | None) -> str:
    """An amount of cents as a spreadsheet reads it, in the item's unit: ``12.50``; empty for none."""
    return "" if amount is None else f"{amount / 100:.2f}"
