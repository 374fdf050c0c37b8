"""Foundations of Metropolis's event log: the records a move leaves (``records.py``) as plain sentences, one
sentence function per record type. What a seat may not know stays out of the other seats' lines: a draft hand
is seen only by its holder, a pick is "Ada picks a deed." for the others until the round's reveal."""

from __future__ import annotations

from collections.abc import Sequence

from boardgames.core import Event, and_list, plural, records, say, say_n
from boardgames.core.records import game_over, said
from boardgames.metropolis import records as R
from boardgames.metropolis.board import NAMES
from boardgames.metropolis.rules import PRICES
from boardgames.metropolis.tiles import RESIDENTIAL, TILES


def _cells(cells: Sequence[int]) -> str:
    return and_list(NAMES[i] for i in cells)


SENTENCES = records.Sentences()  # each record type's sentence function, filled below


@SENTENCES.of(R.DeedsDealt)
def _deeds_dealt(r: R.DeedsDealt, name: None, names: Sequence[str]) -> list[Event]:
    return [
        Event(r.KIND, seat, f"{names[seat]} is dealt the deeds of {_cells(deeds)} and marks them.",
              {"deeds": [NAMES[i] for i in deeds]})
        for seat, deeds in enumerate(r.deeds)
    ]


@SENTENCES.of(R.HandsDealt)
def _hands_dealt(r: R.HandsDealt, name: None, names: Sequence[str]) -> list[Event]:
    out = [Event(r.KIND, None, f"The deed draft begins: each player is dealt {len(r.hands[0])} deeds face down.")]
    for seat, hand in enumerate(r.hands):
        out.append(Event(r.KIND, seat, f"{names[seat]}'s hand: {_cells(hand)}.", {"hand": [NAMES[i] for i in hand]},
                         seen_by=(seat,)))
    return out


@SENTENCES.of(R.Picked)
def _picked(r: R.Picked, name: str, names: Sequence[str]) -> list[Event]:
    how = " (the last card of the hand)" if r.automatic else ""
    return [Event(r.KIND, r.seat, f"{name} picks the deed of {NAMES[r.cell]}{how}.", {"cell": NAMES[r.cell]},
                  seen_by=(r.seat,), others=f"{name} picks a deed{how}.")]


@SENTENCES.of(R.PicksRevealed)
def _picks_revealed(r: R.PicksRevealed, name: None, names: Sequence[str]) -> list[Event]:
    picks = and_list(f"{names[s]} {NAMES[c]}" for s, c in enumerate(r.picks))
    out = [Event(r.KIND, None, f"Draft round {r.round}: the picks are shown and marked: {picks}.",
                 {"round": r.round, "picks": [NAMES[c] for c in r.picks]})]
    if r.hands and r.hands[0]:
        for seat, hand in enumerate(r.hands):
            out.append(Event(r.KIND, seat, f"{names[seat]} is passed a hand of {_cells(hand)}.",
                             {"hand": [NAMES[i] for i in hand]}, seen_by=(seat,)))
    return out


@SENTENCES.of(R.YearBegun)
def _year_begun(r: R.YearBegun, name: str, names: Sequence[str]) -> list[Event]:
    offer = ", ".join(f"{NAMES[c]} ({p})" for c, p in zip(r.board, PRICES))
    text = f"Year {r.year} begins with {name}. The deed board offers {offer}."
    return said(r, text, {"year": r.year, "board": [NAMES[c] for c in r.board]})


@SENTENCES.of(R.IncomeTaken)
def _income(r: R.IncomeTaken, name: str, names: Sequence[str]) -> list[Event]:
    return said(r, f"{name} takes an income of {plural(r.coins, 'coin')}.", {"coins": r.coins})


@SENTENCES.of(R.Bought)
def _bought(r: R.Bought, name: str, names: Sequence[str]) -> list[Event]:
    refill = f"; {NAMES[r.refill]} fills the 10-coin slot" if r.refill is not None else "; the pile is empty"
    text = f"{name} buys the deed of {NAMES[r.cell]} for {plural(r.price, 'coin')} and marks it{refill}."
    return [Event(r.KIND, r.seat, text, {"cell": NAMES[r.cell], "price": r.price,
                                          "refill": None if r.refill is None else NAMES[r.refill]})]


@SENTENCES.of(R.Built)
def _built(r: R.Built, name: str, names: Sequence[str]) -> list[Event]:
    tile = TILES[r.tile]
    text = f"{name} builds the {tile.name} ({r.tile}) on {_cells(r.at)}"
    if r.covered:
        text += f", over {and_list(f'the {TILES[t].name} ({t})' for t in r.covered)}"
    if r.vacated:
        text += f"; {plural(len(r.vacated), 'marker')} back on {_cells(r.vacated)}"
    text += "."
    if any(TILES[t].category == RESIDENTIAL for t in (r.tile, *r.covered)):
        text += f" {name}'s population is now {r.population}."
    data = {"tile": r.tile, "cells": [NAMES[i] for i in r.at], "covered": list(r.covered),
            "vacated": [NAMES[i] for i in r.vacated], "population": r.population}
    return [Event(r.KIND, r.seat, text, data)]


@SENTENCES.of(R.LastDeed)
def _last_deed(r: R.LastDeed, name: str, names: Sequence[str]) -> list[Event]:
    text = (f"That was Year {r.year}'s last deed. {name} takes the first-player token; everyone takes one final "
            f"turn, from {name} to {names[r.buyer]} (income or build).")
    return said(r, text, {"year": r.year, "buyer": r.buyer})


@SENTENCES.of(R.YearScored)
def _year_scored(r: R.YearScored, name: None, names: Sequence[str]) -> list[Event]:
    out = [Event(r.KIND, None, f"Year {r.year} is scored.", {"year": r.year})]
    for seat, sc in enumerate(r.scores):
        parts = [f"residential {sc.residential} ({plural(r.populations[seat], 'citizen')})"]
        if sc.public_lines:
            each = ", ".join(f"{line.tile} {line.points}" for line in sc.public_lines)
            parts.append(f"public {sc.public} ({each})")
        else:
            parts.append("public 0")
        parts.append(f"commercial {sc.commercial}")
        if r.year == 3:
            parts.append(f"empty lots {sc.empty_lots}")
        coins = f" and {plural(sc.coins, 'coin')}" if sc.coins else ""
        text = f"{names[seat]}: {', '.join(parts)}: {sc.total} prestige{coins}."
        out.append(Event(r.KIND, seat, text,
                         {"residential": sc.residential, "public": sc.public, "commercial": sc.commercial,
                          "coins": sc.coins, "empty_lots": sc.empty_lots, "total": sc.total}))
    return out


@SENTENCES.of(R.GameEnded)
def _game_ended(r: R.GameEnded, name: None, names: Sequence[str]) -> list[Event]:
    data = {"prestige": list(r.prestige), "coins": list(r.coins), "winners": list(r.winners)}
    return game_over(r, names, r.prestige, lambda n: say("{n} prestige", n=n), r.coins,
                     lambda n: say_n("{n} coin", "{n} coins", n), data)




def render(log: Sequence[tuple], names: Sequence[str]) -> tuple[Event, ...]:
    """The events of a state's ``log``."""
    return records.render(log, names, SENTENCES)
