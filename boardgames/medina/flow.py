"""The flow of a Medina game: what a legal placement does, and every automatic step after it.

A placement's plan (found by ``refusals.py``) changes a few fields of the state (``apply``); palace and tower
tiles change hands inside it (rules 20-22). Then the turn goes on or passes (``place``): the start merchant is
followed by the start player's first turn, a turn is two placements by the same seat (one when no second is
possible), seats without a placement pass, and the game ends when nobody can place (rules 2, 3 and 23). Each
step leaves a record (``records.py``).
"""

from __future__ import annotations

from boardgames.medina import records as R
from boardgames.medina.board import FACE, MERCHANT, ORTH_CITY, PALACE, WALL, WALLS_AT
from boardgames.medina.facts import board_facts, carry, changed
from boardgames.medina.pieces import MERCH, ROOF, STABLE, WALL_K, Pal, take
from boardgames.medina.placements import can_place
from boardgames.medina.plans import BuildingPlan, MerchantPlan, Plan, RoofPlan, StablePlan, WallPlan
from boardgames.medina.rules import OVER, PLACEMENTS_PER_TURN, PLAY, START
from boardgames.medina.scoring import game_winners, palace_parts, scoring_now
from boardgames.medina.state import Position

_set = object.__setattr__  # for the fields of a state just built here, before anyone else sees it


def place(s: Position, plan: Plan) -> Position:
    """The state after the legal placement ``plan`` by the seat to move, and the automatic steps it causes."""
    actor = s.current
    log: list = []
    changes = apply(s, plan, actor, log)
    facts = carry(s.cache, plan, changes.get("board", s.board))
    if s.step == START:
        return next_turn(s, changes, actor, log, same_seat=True, facts=facts)
    if s.placed + 1 < PLACEMENTS_PER_TURN:
        after = changed(s, changes, facts)
        if can_place(after, actor):
            _set(after, "placed", s.placed + 1)
            _set(after, "log", tuple(log))
            return after
        log.append((R.TurnCut, actor, s.placed + 1))
        return next_turn(after, {}, actor, log, facts=board_facts(after.cache))
    return next_turn(s, changes, actor, log, facts=facts)


def apply(s: Position, plan: Plan, seat: int, log: list) -> dict:
    """The fields a legal placement by ``seat`` changes (rules 8-22), with its records appended to ``log``."""
    return APPLY[type(plan)](s, plan, seat, log)


def _building(s: Position, plan: BuildingPlan, seat: int, log: list) -> dict:
    """Rules 8 and 9: the building joins its palace, or starts a new one."""
    i, c, p = plan
    palaces = s.pals
    if p is None:
        p = len(palaces)
        palaces = palaces + (Pal(c, (i,)),)
    else:
        pal = palaces[p]
        palaces = palaces[:p] + (pal._replace(buildings=pal.buildings + (i,)),) + palaces[p + 1 :]
    log.append((R.BuildingPlaced, seat, i, c, palaces[p].size, plan.palace is None))
    board = s.board
    return {"board": board[:i] + (PALACE + 2 * p,) + board[i + 1 :], "pals": palaces, "stock": take(s.stock, seat, c)}


def _merchant(s: Position, plan: MerchantPlan, seat: int, log: list) -> dict:
    """Rules 15-17: the merchant extends the line at one end, or begins a line of its own."""
    i, how = plan
    if how == "extend":
        a, b = s.line
        if a == b:
            line = (a, i)
        elif i in ORTH_CITY[a]:
            line = (i, b)
        else:
            line = (a, i)
    else:
        line = (i, i)
    board = s.board
    board = board[:i] + (MERCHANT,) + board[i + 1 :]
    if how == "start":
        log.append((R.StartMerchantPlaced, seat, i))
    else:
        pals = s.pals
        touched = sorted({(v - PALACE) >> 1 for q in ORTH_CITY[i] if (v := board[q]) >= PALACE})
        fed = tuple((pals[p].owner, pals[p].colour) for p in touched if pals[p].owner is not None)
        log.append((R.MerchantPlaced, seat, i, how, fed))
    return {"board": board, "line": line, "stock": take(s.stock, seat, MERCH)}


def _wall(s: Position, plan: WallPlan, seat: int, log: list) -> dict:
    """Rules 18 and 21: the wall continues its tower's walls; a claimed palace it touches may take the tile."""
    i, n = plan
    board = s.board
    board = board[:i] + (WALL + n,) + board[i + 1 :]
    pals = list(s.pals)
    towers = list(s.tower_tiles)
    v = board[FACE[i]]
    p = (v - PALACE) >> 1 if v >= PALACE else None
    fed = None if p is None or pals[p].owner is None else (pals[p].owner, pals[p].colour)
    log.append((R.WallPlaced, seat, i, n, fed))
    if fed is not None:
        _tower_tile(pals, towers, p, n, "wall", i, log)
    return {"board": board, "stock": take(s.stock, seat, WALL_K), "pals": tuple(pals), "tower_tiles": tuple(towers)}


def _stable(s: Position, plan: StablePlan, seat: int, log: list) -> dict:
    """Rules 13, 20 and 21: the stable joins its palace; a claimed palace may take the palace and tower tiles."""
    i, p = plan
    pals = list(s.pals)
    pal = pals[p] = pals[p]._replace(stables=pals[p].stables + (i,))
    board = s.board
    board = board[:i] + (PALACE + 2 * p + 1,) + board[i + 1 :]
    log.append((R.StablePlaced, seat, i, pal.colour, pal.owner, pal.size))
    changes = {"board": board, "stock": take(s.stock, seat, STABLE)}
    if pal.owner is not None:
        tiles = list(s.palace_tiles)
        towers = list(s.tower_tiles)
        _palace_tile(pals, tiles, p, log)
        for w in WALLS_AT[i]:
            if WALL < board[w] <= WALL + 4:
                _tower_tile(pals, towers, p, board[w] - WALL, "stable", i, log)
        changes.update(palace_tiles=tuple(tiles), tower_tiles=tuple(towers))
    changes["pals"] = tuple(pals)
    return changes


def _roof(s: Position, plan: RoofPlan, seat: int, log: list) -> dict:
    """Rules 11, 20 and 21: the roof claims the palace, which may take the palace tile and tower tiles."""
    p = plan.palace
    board = s.board
    pals = list(s.pals)
    tiles = list(s.palace_tiles)
    towers = list(s.tower_tiles)
    claim = s.claims + 1
    pal = pals[p] = pals[p]._replace(owner=seat, claim=claim)
    b, st, m, w = palace_parts(board, pal.buildings, pal.stables)
    log.append((R.PalaceClaimed, seat, min(pal.buildings), pal.colour, b, st, m, w))
    _palace_tile(pals, tiles, p, log)
    touched = sorted({board[w] - WALL for x in pal.squares for w in WALLS_AT[x] if WALL < board[w] <= WALL + 4})
    for n in touched:
        _tower_tile(pals, towers, p, n, "claim", None, log)
    return {"stock": take(s.stock, seat, ROOF), "claims": claim, "pals": tuple(pals), "palace_tiles": tuple(tiles),
            "tower_tiles": tuple(towers)}


APPLY = {BuildingPlan: _building, MerchantPlan: _merchant, WallPlan: _wall, StablePlan: _stable, RoofPlan: _roof}


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


def begin_turn(s: Position, seat: int, log: list) -> Position:
    """``s`` (with the turn step set) as ``seat``'s turn, or the next seat's that can place (see ``next_turn``)."""
    if can_place(s, seat):
        _set(s, "log", tuple(log))
        return s
    return next_turn(s, {}, seat, log)


def next_turn(
    s: Position, changes: dict, after: int, log: list, same_seat: bool = False, facts: dict | None = None
) -> Position:
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
    log.append((R.GameEnded, None, scoring_now(s), game_winners(s), s.table.tiebreak_largest_palace))
    _set(s, "log", tuple(log))
    return s
