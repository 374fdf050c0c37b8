"""Starting, saving and loading a Metropolis game: ``new_game`` (the deal or the draft hands, the year piles,
each either given or shuffled from the seed), the save document's body, and ``consistency_problem`` (what
makes a loaded position impossible)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

from boardgames.core import Reader, damaged, envelope, new_table, read_table, state_document
from boardgames.core.message import Message, english, listed, say
from boardgames.core.saves import check_int, check_list, check_text
from boardgames.metropolis import flow
from boardgames.metropolis import records as R
from boardgames.metropolis.board import NAMES, cell_index, form, in_play, shape_keys
from boardgames.metropolis.rules import DEEDS_DEALT, GAME, MARKERS, PILES, SPEC, YEARS, starting_coins
from boardgames.metropolis.state import DRAFT, FINAL, OVER, PLAY, STEPS, Building, Draft, Position, Table
from boardgames.metropolis.tiles import FULL_SUPPLY, RESIDENTIAL, TILES


def start(
    players: int | Sequence[str],
    *,
    seed: int = 0,
    first_player: int = 0,
    deeds: Sequence[Sequence[str]] | None = None,
    piles: Sequence[Sequence[str]] | None = None,
    **flags: Any,
) -> Draft:
    """The first position of a new game (``game.new_game`` says what the arguments mean), as a draft."""
    probe = new_table(SPEC, players, seed, first_player, flags, Table)
    n = probe.players
    given_deeds = _groups(deeds, n, "deeds", [DEEDS_DEALT] * n, n) if deeds is not None else None
    given_piles = _groups(piles, 3, "piles", list(PILES[n]), n) if piles is not None else None
    seen = Counter(c for g in (given_deeds or ()) + (given_piles or ()) for c in g)
    twice = sorted(NAMES[c] for c, k in seen.items() if k > 1)
    if twice:
        raise damaged(say("{cells} given twice (in {deeds} and {piles} together)", cells=listed(twice), deeds="deeds",
                          piles="piles"))
    table = new_table(SPEC, players, seed, first_player, flags, Table, deeds=given_deeds, piles=given_piles)
    hands, year_piles = deal(table)
    drafting = bool(table.flag("deed_draft"))
    owner = [-1] * 81
    lots = [-1] * 81
    left = [MARKERS] * n
    if not drafting:
        for seat, cells in enumerate(hands):
            for c in cells:
                owner[c] = lots[c] = seat
            left[seat] -= len(cells)
    d = Draft(
        table=table,
        step=DRAFT if drafting else PLAY,
        year=1,
        turn=first_player,
        token=first_player,
        finals=0,
        coins=starting_coins(n, first_player),
        prestige=(0,) * n,
        citizens=(0,) * n,
        owner=tuple(owner),
        lots_board=tuple(lots),
        site=(None,) * 81,
        markers_left=tuple(left),
        tiles=(FULL_SUPPLY,) * n,
        board=(),
        piles=year_piles,
        hands=hands if drafting else (),
        picks=(-1,) * n if drafting else (),
        round=1 if drafting else 0,
        log=[(R.HandsDealt if drafting else R.DeedsDealt, None, hands)],
    )
    return d if drafting else flow.begin_year(d)


def deal(table: Table) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
    """Each seat's six starting deeds (or draft hand) and the three year piles, top first: what ``table``
    gives, the rest shuffled from its seed."""
    n = table.players
    rest = list(in_play(n))
    given = [c for g in (table.deeds or ()) + (table.piles or ()) for c in g]
    taken = set(given)
    rest = [c for c in rest if c not in taken]
    random.Random(f"metropolis/{table.seed}").shuffle(rest)
    hands = table.deeds
    if hands is None:
        hands = tuple(tuple(sorted(rest[k * DEEDS_DEALT : (k + 1) * DEEDS_DEALT])) for k in range(n))
        rest = rest[n * DEEDS_DEALT :]
    piles = table.piles
    if piles is None:
        sizes, at, out = PILES[n], 0, []
        for size in sizes:
            out.append(tuple(rest[at : at + size]))
            at += size
        piles = tuple(out)
    return hands, piles


def _groups(groups: Any, count: int, what: str, sizes: list[int], players: int) -> tuple[tuple[int, ...], ...]:
    """Cell lists given to ``new_game`` (``deeds`` per seat or the year ``piles``), checked and numbered."""
    if isinstance(groups, (str, bytes)) or not isinstance(groups, Sequence) or len(groups) != count:
        raise damaged(say("{what} must be a list of {count} lists of cells", what=what, count=count))
    board = set(in_play(players))
    out = []
    for k, (group, size) in enumerate(zip(groups, sizes)):
        label = f"{what}[{k}]"
        if isinstance(group, (str, bytes)) or not isinstance(group, Sequence):
            raise damaged(say("{what} must be a list of cell names", what=label))
        if len(group) != size:
            raise damaged(say("{what} must hold exactly {size} cells, not {n}", what=label, size=size, n=len(group)))
        cells = []
        for c in group:
            i = cell_index(c)
            if i not in board:
                raise damaged(say("{what}: {cell} is off the board for {players} players", what=label, cell=str(c),
                                  players=players))
            cells.append(i)
        out.append(tuple(cells))
    return tuple(out)


# ---------------------------------------------------------------------- the save document
def to_json(s: Position) -> str:
    """``s`` as a save document (``from_json`` reads it back equal)."""

    def cells(xs):
        return [NAMES[i] for i in xs]

    return envelope(
        "state",
        GAME,
        {
            "table": s.table.block(),
            "step": s.step,
            "year": s.year,
            "turn": s.turn,
            "token": s.token,
            "finals": s.finals,
            "coins": list(s.coins),
            "prestige": list(s.prestige),
            "deeds": [cells(i for i, o in enumerate(s.owner) if o == seat) for seat in range(s.players)],
            "lots": [cells(i for i, o in enumerate(s.lots_board) if o == seat) for seat in range(s.players)],
            "buildings": [{"tile": b.tile, "owner": b.owner, "cells": cells(b.at)} for b in s.all_buildings()],
            "board": cells(s.board),
            "piles": [cells(p) for p in s.piles],
            "hands": [cells(h) for h in s.hands],
            "picks": [None if p < 0 else NAMES[p] for p in s.picks],
            "round": s.round,
            "years": [list(y) for y in s.years],
        },
    )


def read(text: str) -> Draft:
    """The position a save document holds, as a draft; a damaged or foreign document raises ValueError saying
    why (``game.from_json``)."""
    r = state_document(text, GAME)
    t = r.sub("table")
    given = {key: t.optional_list(key, lambda v, p: check_list(v, p, _json_cell)) for key in ("deeds", "piles")}
    table = read_table(t, SPEC, Table, **given)
    n = table.players

    def cell_lists(key: str, length: int | None) -> tuple:
        return r.list(key, lambda v, p: check_list(v, p, _json_cell), length=length)

    deeds, lots = cell_lists("deeds", n), cell_lists("lots", n)
    owner, lots_board = [-1] * 81, [-1] * 81
    for seat, cells in enumerate(deeds):
        for c in cells:
            if owner[c] != -1:
                raise damaged(say("{path}: {cell} is held by two seats", path="document.deeds", cell=NAMES[c]))
            owner[c] = seat
    for seat, cells in enumerate(lots):
        for c in cells:
            lots_board[c] = seat
    site: list = [None] * 81
    for k, b in enumerate(r.list("buildings", lambda v, p: v)):
        path = f"document.buildings[{k}]"
        br = Reader(b, path)
        tile = br.str("tile", TILES)
        at = tuple(sorted(br.list("cells", _json_cell)))
        building = Building(tile, br.int("owner", 0, n - 1), at)
        for c in at:
            if site[c] is not None:
                raise damaged(say("{path}: {cell} is covered by two buildings", path=path, cell=NAMES[c]))
            site[c] = building
    step = r.str("step", STEPS)
    state = Draft(
        table=table,
        step=step,
        year=r.int("year", 1, YEARS),
        turn=r.int("turn", 0, n - 1),
        token=r.int("token", 0, n - 1),
        finals=r.int("finals", 0, n),
        coins=r.list("coins", lambda v, p: check_int(v, p, 0), length=n),
        prestige=r.list("prestige", lambda v, p: check_int(v, p, 0), length=n),
        citizens=tuple(_citizens(site, seat) for seat in range(n)),
        owner=tuple(owner),
        lots_board=tuple(lots_board),
        site=tuple(site),
        markers_left=tuple(MARKERS - sum(1 for o in lots_board if o == seat) for seat in range(n)),
        tiles=tuple(_supply(site, seat) for seat in range(n)),
        board=r.list("board", _json_cell),
        piles=cell_lists("piles", YEARS),
        hands=cell_lists("hands", n if step == DRAFT else 0),
        picks=r.list("picks", lambda v, p: -1 if v is None else _json_cell(v, p), length=n if step == DRAFT else 0),
        round=r.int("round", 0, DEEDS_DEALT),
        years=r.list("years", lambda v, p: check_list(v, p, lambda x, q: check_int(x, q, 0), length=n)),
    )
    problem = consistency_said(state)
    if problem is not None:
        raise damaged(say("inconsistent Metropolis state: {problem}", problem=problem))
    return state


def _citizens(site: Sequence[Building | None], seat: int) -> int:
    return sum(TILES[b.tile].citizens for b in dict.fromkeys(site) if b is not None and b.owner == seat
               and TILES[b.tile].category == RESIDENTIAL)


def _supply(site: Sequence[Building | None], seat: int) -> tuple[str, ...]:
    supply = list(FULL_SUPPLY)
    for b in dict.fromkeys(site):
        if b is not None and b.owner == seat:
            if b.tile not in supply:
                raise damaged(say("{path}: seat {seat} has more {tile} on the board than it owns",
                                  path="document.buildings", seat=seat, tile=b.tile))
            supply.remove(b.tile)
    return tuple(supply)


def consistency_problem(s: Position) -> str | None:
    """What makes ``s`` impossible in a game of Foundations of Metropolis (in English), or None if nothing does."""
    said = consistency_said(s)
    return None if said is None else english(said)


def consistency_said(s: Position) -> Message | None:
    """``consistency_problem`` as a message."""
    n = s.players
    board = set(in_play(n))
    places = Counter(c for i, o in enumerate(s.owner) if o >= 0 for c in [i])
    places.update(s.board)
    for pile in s.piles:
        places.update(pile)
    for hand in s.hands:
        places.update(hand)
    places.update(p for p in s.picks if p >= 0)
    if set(places) != board or any(k != 1 for k in places.values()):
        twice = sorted(NAMES[c] for c, k in places.items() if k > 1)
        off = sorted(NAMES[c] for c in set(places) - board)
        missing = sorted(NAMES[c] for c in board - set(places))
        return say("the deeds are not each in one place (twice: {twice}; off the board: {off}; missing: {missing})",
                   twice=str(twice), off=str(off), missing=str(missing))
    for b in dict.fromkeys(x for x in s.site if x is not None):
        if form(b.at) not in shape_keys(TILES[b.tile].shape) or len(b.at) != TILES[b.tile].size:
            return say("the {tile} on {cells} does not have its tile's shape", tile=b.tile, cells=" ".join(b.cells))
        if any(s.owner[i] != b.owner for i in b.at):
            return say("the {tile} on {cells} stands on a lot its owner does not hold", tile=b.tile,
                       cells=" ".join(b.cells))
    for i, o in enumerate(s.lots_board):
        if o >= 0 and (s.owner[i] != o or s.site[i] is not None):
            return say("a lot marker on {cell} where its seat holds no empty lot", cell=NAMES[i])
        if s.owner[i] >= 0 and o < 0 and s.site[i] is None:
            return say("{cell} is held but has neither a marker nor a building", cell=NAMES[i])
    if any(m < 0 for m in s.markers_left):
        return say("a seat has more than 8 lot markers on the board")
    if s.step == DRAFT:
        if not 1 <= s.round <= DEEDS_DEALT or s.board or len(s.hands) != n or len(s.picks) != n:
            return say("a draft whose round is off, or with deeds for sale")
        order = [(s.token + k) % n for k in range(n)]
        done = order.index(s.turn)
        picked = [p >= 0 for p in s.picks]
        if picked != [order.index(seat) < done for seat in range(n)]:
            return say("draft picks that do not match the turn order")
        for seat, hand in enumerate(s.hands):
            if len(hand) + picked[seat] != DEEDS_DEALT - s.round + 1:
                return say("a hand of {n} cards in draft round {round}", n=len(hand), round=s.round)
    else:
        if s.hands or s.picks or s.round:
            return say("draft hands outside the draft")
        if s.step in (PLAY, FINAL) and any(s.piles[y] for y in range(s.year - 1)):
            return say("cards left in the pile of a year that is over")
        if s.step == PLAY and not s.board:
            return say("a year in play with nothing on the deed board")
        if s.step == FINAL and (s.board or not 1 <= s.finals <= n):
            return say("final turns with deeds for sale or no final turn left")
        if s.step == PLAY and s.finals:
            return say("final turns counted outside the final turns")
        if len(s.board) > len(flow.PRICES) or (len(s.board) < len(flow.PRICES) and s.piles[s.year - 1]):
            return say("a deed board not full while the year's pile still has cards")
    if s.step == OVER and s.year != YEARS:
        return say("a game over before Year 3")
    if len(s.years) != (YEARS if s.step == OVER else s.year - 1):
        return say("{n} years scored in Year {year}", n=len(s.years), year=s.year)
    return None


def _json_cell(value: Any, path: str) -> int:
    return check_text(value, path, cell_index, "B2")
