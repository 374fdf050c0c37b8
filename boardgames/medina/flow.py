"""The flow of a Medina game: what a legal placement does, and every automatic step after it.

A placement's plan (found by ``refusals.py``) changes a few fields of the state (``apply``); palace and tower
tiles change hands inside it (rules 20-22). Then the turn goes on or passes (``place``): the start merchant is
followed by the start player's first turn, a turn is two placements by the same seat (one when no second is
possible), seats without a placement pass, and the game ends when nobody can place (rules 2, 3 and 23). Each
step leaves a record (``records.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardgames.medina import records as R
from boardgames.medina.board import FACE, MERCHANT, ORTH_CITY, PALACE, WALL, WALLS_AT
from boardgames.medina.facts import board_facts, carry, changed
from boardgames.medina.pieces import MERCH, ROOF, STABLE, WALL_K, Pal, take
from boardgames.medina.placements import can_place
from boardgames.medina.rules import OVER, PLAY, START
from boardgames.medina.scoring import palace_parts

if TYPE_CHECKING:
    from boardgames.medina.state import State

_set = object.__setattr__  # for the fields of a state just built here, before anyone else sees it


def place(s: State, plan: tuple) -> State:
    """The state after the legal placement ``plan`` by the seat to move, and the automatic steps it causes."""
    actor = s.current
    log: list = []
    changes = apply(s, plan, actor, log)
    facts = carry(s.cache, plan, changes.get("board", s.board))
    if s.step == START:
        return next_turn(s, changes, actor, log, same_seat=True, facts=facts)
    if s.placed == 0:
        after = changed(s, changes, facts)
        if can_place(after, actor):
            _set(after, "placed", 1)
            _set(after, "log", tuple(log))
            return after
        log.append((R.TurnCut, actor, 1))
        return next_turn(after, {}, actor, log, facts=board_facts(after.cache))
    return next_turn(s, changes, actor, log, facts=facts)


def apply(s: State, plan: tuple, seat: int, log: list) -> dict:
    """The fields a legal placement changes (rules 8-22), with its event records appended to ``log``."""
    piece, i, detail = plan
    board = s.board
    palaces = s.pals
    if piece == "building":
        c, p = detail
        if p is None:
            p = len(palaces)
            palaces = palaces + (Pal(c, (i,)),)
        else:
            pal = palaces[p]
            palaces = palaces[:p] + (pal._replace(buildings=pal.buildings + (i,)),) + palaces[p + 1 :]
        log.append((R.BuildingPlaced, seat, i, c, palaces[p].size, detail[1] is None))
        return {
            "board": board[:i] + (PALACE + 2 * p,) + board[i + 1 :],
            "pals": palaces,
            "stock": take(s.stock, seat, c),
        }
    if piece == "merchant":
        line = s.line
        if detail == "extend":
            a, b = line
            if a == b:
                line = (a, i)
            elif i in ORTH_CITY[a]:
                line = (i, b)
            else:
                line = (a, i)
        else:
            line = (i, i)
        board = board[:i] + (MERCHANT,) + board[i + 1 :]
        if detail == "start":
            log.append((R.StartMerchantPlaced, seat, i))
        else:
            touched = sorted({(v - PALACE) >> 1 for q in ORTH_CITY[i] if (v := board[q]) >= PALACE})
            fed = tuple((palaces[p].owner, palaces[p].colour) for p in touched if palaces[p].owner is not None)
            log.append((R.MerchantPlaced, seat, i, detail, fed))
        return {"board": board, "line": line, "stock": take(s.stock, seat, MERCH)}
    tiles = list(s.palace_tiles)
    towers = list(s.tower_tiles)
    pals = list(palaces)
    changes: dict = {}
    if piece == "wall":
        n = detail
        board = board[:i] + (WALL + n,) + board[i + 1 :]
        f = FACE[i]
        v = board[f]
        p = (v - PALACE) >> 1 if v >= PALACE else None
        fed = None if p is None or pals[p].owner is None else (pals[p].owner, pals[p].colour)
        log.append((R.WallPlaced, seat, i, n, fed))
        if fed is not None:
            _tower_tile(pals, towers, p, n, "wall", i, log)
        changes.update(board=board, stock=take(s.stock, seat, WALL_K))
    elif piece == "stable":
        p = detail
        pal = pals[p] = pals[p]._replace(stables=pals[p].stables + (i,))
        board = board[:i] + (PALACE + 2 * p + 1,) + board[i + 1 :]
        log.append((R.StablePlaced, seat, i, pal.colour, pal.owner, pal.size))
        if pal.owner is not None:
            _palace_tile(pals, tiles, p, log)
            for w in WALLS_AT[i]:
                if WALL < board[w] <= WALL + 4:
                    _tower_tile(pals, towers, p, board[w] - WALL, "stable", i, log)
        changes.update(board=board, stock=take(s.stock, seat, STABLE))
    else:  # roof
        p = detail
        claim = s.claims + 1
        pal = pals[p] = pals[p]._replace(owner=seat, claim=claim)
        b, st, m, w = palace_parts(board, pal.buildings, pal.stables)
        log.append((R.PalaceClaimed, seat, min(pal.buildings), pal.colour, b, st, m, w))
        _palace_tile(pals, tiles, p, log)
        touched = sorted({board[w] - WALL for x in pal.squares for w in WALLS_AT[x] if WALL < board[w] <= WALL + 4})
        for n in touched:
            _tower_tile(pals, towers, p, n, "claim", None, log)
        changes.update(stock=take(s.stock, seat, ROOF), claims=claim)
    changes.update(pals=tuple(pals), palace_tiles=tuple(tiles), tower_tiles=tuple(towers))
    return changes


def _palace_tile(pals: list, tiles: list, p: int, log: list) -> None:
    """Rule 20, after claimed palace ``p`` was claimed or grew."""
    pal = pals[p]
    c, owner = pal.colour, pal.owner
    holder = tiles[c]
    if holder is None:
        tiles[c] = owner
        log.append((R.PalaceTileWon, owner, c, None, pal.size, 0))
        return
    if holder == owner:
        return
    theirs = next(q for q in pals if q.owner == holder and q.colour == c)
    if pal.size > theirs.size:
        tiles[c] = owner
    log.append((R.PalaceTileWon, owner, c, holder, pal.size, theirs.size))


def _tower_tile(pals: list, towers: list, p: int, n: int, cause: str, square: int | None, log: list) -> None:
    """Rules 21 and 22: claimed palace ``p`` has just come to touch a wall of tower ``n`` (because of ``cause``,
    the piece placed on ``square``, or its claim)."""
    pal = pals[p]
    bit = 1 << (n - 1)
    holder = towers[n - 1]
    if pal.used & bit:
        if holder != pal.owner:
            log.append((R.TowerTileRefused, pal.owner, n, holder, pal.colour, cause, square))
        return
    pals[p] = pal._replace(used=pal.used | bit)
    towers[n - 1] = pal.owner
    log.append((R.TowerTileWon, pal.owner, n, holder, pal.colour, cause, square))


def begin_turn(s: State, seat: int, log: list) -> State:
    """``s`` (with the turn step set) as ``seat``'s turn, or the next seat's that can place (see ``next_turn``)."""
    if can_place(s, seat):
        _set(s, "log", tuple(log))
        return s
    return next_turn(s, {}, seat, log)


def next_turn(
    s: State, changes: dict, after: int, log: list, same_seat: bool = False, facts: dict | None = None
) -> State:
    """Rules 3 and 23: the next seat (clockwise from ``after``; ``after`` itself first when ``same_seat``) with a
    legal placement starts a turn; seats without one pass; when nobody can place, the game ends."""
    changes["step"] = PLAY
    changes["placed"] = 0
    s = changed(s, changes, facts)
    n = s.players
    passes: list = []
    order = [after] if same_seat else []
    order += [(after + k) % n for k in range(1, n + 1)]
    for seat in dict.fromkeys(order):
        if can_place(s, seat):
            log.extend(passes)
            if not same_seat or seat != after:
                log.append((R.NextTurn, seat))
            _set(s, "current", seat)
            _set(s, "log", tuple(log))
            return s
        passes.append((R.TurnCut, seat, 0))
    _set(s, "step", OVER)
    _set(s, "current", None)
    log.append((R.GameEnded, None, s.scoring(), s.winners(), s.table.tiebreak_largest_palace))
    _set(s, "log", tuple(log))
    return s
