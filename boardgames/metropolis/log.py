"""Foundations of Metropolis's event log: the records a move leaves (``records.py``) as plain sentences, one
sentence function per record type. What a seat may not know stays out of the other seats' lines: a draft hand
is seen only by its holder, a pick is "Ada picks a deed." for the others until the round's reveal."""

from __future__ import annotations

from collections.abc import Sequence

from boardgames.core import Event, Listed, Message, listed, records, say, say_n
from boardgames.core.records import game_over, said
from boardgames.metropolis import records as R
from boardgames.metropolis.board import NAMES
from boardgames.metropolis.rules import PRICES
from boardgames.metropolis.tiles import RESIDENTIAL, TILES, building_word


def _cells(cells: Sequence[int]) -> Listed:
    return listed(NAMES[i] for i in cells)


def coins_said(n: int) -> Message:
    """``n`` coins, "1 coin"."""
    return say_n("{n} coin", "{n} coins", n)


def _the_tile(tile: str) -> Message:
    """A tile on the board as the log names it: "the Hotel (C-L3)"."""
    return say("the {building} ({tile})", building=building_word(tile), tile=tile)


SENTENCES = records.Sentences()  # each record type's sentence function, filled below


@SENTENCES.of(R.DeedsDealt)
def _deeds_dealt(r: R.DeedsDealt, name: None, names: Sequence[str]) -> list[Event]:
    return [
        Event(r.KIND, seat, say("{name} is dealt the deeds of {cells} and marks them.", name=names[seat],
                                cells=_cells(deeds)),
              {"deeds": [NAMES[i] for i in deeds]})
        for seat, deeds in enumerate(r.deeds)
    ]


@SENTENCES.of(R.HandsDealt)
def _hands_dealt(r: R.HandsDealt, name: None, names: Sequence[str]) -> list[Event]:
    out = [Event(r.KIND, None, say("The deed draft begins: each player is dealt {deeds} deeds face down.",
                                   deeds=len(r.hands[0])))]
    for seat, hand in enumerate(r.hands):
        out.append(Event(r.KIND, seat, say("{name}'s hand: {cells}.", name=names[seat], cells=_cells(hand)),
                         {"hand": [NAMES[i] for i in hand]}, seen_by=(seat,)))
    return out


@SENTENCES.of(R.Picked)
def _picked(r: R.Picked, name: str, names: Sequence[str]) -> list[Event]:
    cell = NAMES[r.cell]
    if r.automatic:
        text = say("{name} picks the deed of {cell} (the last card of the hand).", name=name, cell=cell)
        others = say("{name} picks a deed (the last card of the hand).", name=name)
    else:
        text = say("{name} picks the deed of {cell}.", name=name, cell=cell)
        others = say("{name} picks a deed.", name=name)
    return [Event(r.KIND, r.seat, text, {"cell": cell}, seen_by=(r.seat,), others=others)]


@SENTENCES.of(R.PicksRevealed)
def _picks_revealed(r: R.PicksRevealed, name: None, names: Sequence[str]) -> list[Event]:
    picks = listed(say("{name} {cell}", name=names[s], cell=NAMES[c]) for s, c in enumerate(r.picks))
    out = [Event(r.KIND, None, say("Draft round {round}: the picks are shown and marked: {picks}.", round=r.round,
                                   picks=picks),
                 {"round": r.round, "picks": [NAMES[c] for c in r.picks]})]
    if r.hands and r.hands[0]:
        for seat, hand in enumerate(r.hands):
            out.append(Event(r.KIND, seat, say("{name} is passed a hand of {cells}.", name=names[seat],
                                               cells=_cells(hand)),
                             {"hand": [NAMES[i] for i in hand]}, seen_by=(seat,)))
    return out


@SENTENCES.of(R.YearBegun)
def _year_begun(r: R.YearBegun, name: str, names: Sequence[str]) -> list[Event]:
    offer = listed((say("{cell} ({price})", cell=NAMES[c], price=p) for c, p in zip(r.board, PRICES)), ",")
    text = say("Year {year} begins with {name}. The deed board offers {offer}.", year=r.year, name=name, offer=offer)
    return said(r, text, {"year": r.year, "board": [NAMES[c] for c in r.board]})


@SENTENCES.of(R.IncomeTaken)
def _income(r: R.IncomeTaken, name: str, names: Sequence[str]) -> list[Event]:
    text = say_n("{name} takes an income of {n} coin.", "{name} takes an income of {n} coins.", r.coins, name=name)
    return said(r, text, {"coins": r.coins})


@SENTENCES.of(R.Bought)
def _bought(r: R.Bought, name: str, names: Sequence[str]) -> list[Event]:
    values = {"name": name, "cell": NAMES[r.cell], "price": coins_said(r.price)}
    if r.refill is not None:
        text = say("{name} buys the deed of {cell} for {price} and marks it; {refill} fills the 10-coin slot.",
                   refill=NAMES[r.refill], **values)
    else:
        text = say("{name} buys the deed of {cell} for {price} and marks it; the pile is empty.", **values)
    return [Event(r.KIND, r.seat, text, {"cell": NAMES[r.cell], "price": r.price,
                                          "refill": None if r.refill is None else NAMES[r.refill]})]


@SENTENCES.of(R.Built)
def _built(r: R.Built, name: str, names: Sequence[str]) -> list[Event]:
    values = {"name": name, "building": building_word(r.tile), "tile": r.tile, "cells": _cells(r.at)}
    if r.vacated:
        covered = listed(_the_tile(t) for t in r.covered)
        text = say_n("{name} builds the {building} ({tile}) on {cells}, over {covered}; {n} marker back on "
                     "{vacated}.",
                     "{name} builds the {building} ({tile}) on {cells}, over {covered}; {n} markers back on "
                     "{vacated}.", len(r.vacated), covered=covered, vacated=_cells(r.vacated), **values)
    elif r.covered:
        text = say("{name} builds the {building} ({tile}) on {cells}, over {covered}.",
                   covered=listed(_the_tile(t) for t in r.covered), **values)
    else:
        text = say("{name} builds the {building} ({tile}) on {cells}.", **values)
    if any(TILES[t].category == RESIDENTIAL for t in (r.tile, *r.covered)):
        text = say("{built} {name}'s population is now {population}.", built=text, name=name,
                   population=r.population)
    data = {"tile": r.tile, "cells": [NAMES[i] for i in r.at], "covered": list(r.covered),
            "vacated": [NAMES[i] for i in r.vacated], "population": r.population}
    return [Event(r.KIND, r.seat, text, data)]


@SENTENCES.of(R.LastDeed)
def _last_deed(r: R.LastDeed, name: str, names: Sequence[str]) -> list[Event]:
    text = say("That was Year {year}'s last deed. {name} takes the first-player token; everyone takes one final "
               "turn, from {name} to {buyer} (income or build).", year=r.year, name=name, buyer=names[r.buyer])
    return said(r, text, {"year": r.year, "buyer": r.buyer})


@SENTENCES.of(R.YearScored)
def _year_scored(r: R.YearScored, name: None, names: Sequence[str]) -> list[Event]:
    out = [Event(r.KIND, None, say("Year {year} is scored.", year=r.year), {"year": r.year})]
    for seat, sc in enumerate(r.scores):
        parts = [say_n("residential {points} ({n} citizen)", "residential {points} ({n} citizens)",
                       r.populations[seat], points=sc.residential)]
        if sc.public_lines:
            each = listed((say("{tile} {points}", tile=line.tile, points=line.points) for line in sc.public_lines),
                          ",")
            parts.append(say("public {points} ({lines})", points=sc.public, lines=each))
        else:
            parts.append(say("public 0"))
        parts.append(say("commercial {points}", points=sc.commercial))
        if r.year == 3:
            parts.append(say("empty lots {points}", points=sc.empty_lots))
        if sc.coins:
            text = say("{name}: {parts}: {total} prestige and {coins}.", name=names[seat], parts=listed(parts, ","),
                       total=sc.total, coins=coins_said(sc.coins))
        else:
            text = say("{name}: {parts}: {total} prestige.", name=names[seat], parts=listed(parts, ","),
                       total=sc.total)
        out.append(Event(r.KIND, seat, text,
                         {"residential": sc.residential, "public": sc.public, "commercial": sc.commercial,
                          "coins": sc.coins, "empty_lots": sc.empty_lots, "total": sc.total}))
    return out


@SENTENCES.of(R.GameEnded)
def _game_ended(r: R.GameEnded, name: None, names: Sequence[str]) -> list[Event]:
    data = {"prestige": list(r.prestige), "coins": list(r.coins), "winners": list(r.winners)}
    return game_over(r, names, r.prestige, lambda n: say("{n} prestige", n=n), r.coins, coins_said, data)


def render(log: Sequence[tuple], names: Sequence[str]) -> tuple[Event, ...]:
    """The events of a state's ``log``."""
    return records.render(log, names, SENTENCES)
