"""Why a Medina move is illegal: one function per rule family (the turn and the seat, where a piece may stand,
then buildings, roofs, stables, merchants and walls), each returning the IllegalMove or the plan of the legal
placement (``plans.py``).

Whether a piece may go on a square is answered once, by ``placements.py`` (the same answer ``legal_moves`` and
``legal_squares`` give); a family only names the rule that a refused square breaks, in the order of the rules.
"""

from __future__ import annotations

from typing import Any

from boardgames.core import RULE_GAME_OVER, RULE_NOT_A_MOVE, IllegalMove, listed, say
from boardgames.core.message import Message
from boardgames.medina.board import (
    COLS,
    EMPTY,
    IS_CITY,
    IS_RING,
    MERCHANT,
    ORTH_CITY,
    PALACE,
    ROWS,
    SQUARES,
    TOWER,
    TOWER_AT,
    WALL,
    tower_of,
    where,
)
from boardgames.medina.facts import (
    closed,
    extendable,
    has,
    held_ends,
    intruder,
    line_squares,
    merchants_beside,
    stable_squares,
    wall_squares,
)
from boardgames.medina.moves import Pass, Place
from boardgames.medina.pieces import (
    COLOUR_INDEX,
    KIND,
    a_building_said,
    a_palace_said,
    colour_word,
    piece_word,
    pieces_word,
)
from boardgames.medina.placements import building_squares, merchant_squares, roof_palaces
from boardgames.medina.plans import BuildingPlan, MerchantPlan, Plan, RoofPlan, StablePlan, WallPlan
from boardgames.medina.rules import COLOURS, OVER, PIECES, START
from boardgames.medina.state import Position


def judge(s: Position, move: Any, seat: int | None) -> IllegalMove | Plan:
    """The IllegalMove that ``move`` by ``seat`` (None: the seat to move) would raise in ``s``, or the plan of
    the legal placement."""
    problem = turn(s, move, seat)
    if problem is not None:
        return problem
    actor = s.current
    problem = standing(s, actor, move)
    if problem is not None:
        return problem
    at = move.at
    return FAMILIES[move.piece](s, actor, move, at[0] * COLS + at[1])


def turn(s: Position, move: Any, seat: int | None) -> IllegalMove | None:
    """Rules 3 and 4, and the refusals every game shares: the game is over, ``move`` is no Medina move, it is not
    ``seat``'s turn (nobody else places during a turn), or a seat that can place passes."""
    if s.step == OVER:
        return IllegalMove(RULE_GAME_OVER, say("The game is over: no more pieces can be placed."))
    kind = type(move)
    if kind is not Place and kind is not Pass:
        return IllegalMove(RULE_NOT_A_MOVE, say("{move} is not a Medina move.", move=repr(move)))
    actor = s.current
    names = s.table.names
    if seat is not None and seat != actor:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(names):
            return IllegalMove("medina.turn.not-your-turn",
                               say("There is no seat {seat} in this game.", seat=repr(seat)))
        if s.placed:
            return IllegalMove("medina.turn.two-pieces",
                               say("It is still {mover}'s turn: {mover} places a second piece before {name}.",
                                   mover=names[actor], name=names[seat]))
        return IllegalMove("medina.turn.not-your-turn",
                           say("It is {mover}'s turn, not {name}'s.", mover=names[actor], name=names[seat]))
    if kind is Pass:
        return IllegalMove("medina.turn.must-place",
                           say("{name} can still place a piece, so {name} may not pass.", name=names[actor]))
    return None


def standing(s: Position, seat: int, move: Place) -> IllegalMove | None:
    """Rules 2, 5, 6 and 7: ``move`` names a piece (a building its colour) and a square on the board; the start
    player places the extra merchant first; the piece is in ``seat``'s supply, goes on its area (the city, or the
    ring for a wall, never a tower) and, unless it is a roof, on an empty square."""
    piece, at, colour = move.piece, move.at, move.colour
    if piece not in PIECES:
        return IllegalMove(RULE_NOT_A_MOVE, say("{piece} is not a Medina piece: choose building, roof, stable, "
                                                "merchant or wall.", piece=repr(piece)))
    if piece == "building":
        if colour not in COLOUR_INDEX:
            return IllegalMove(RULE_NOT_A_MOVE, say("A building needs a colour (grey, black, brown or orange), not "
                                                    "{colour}.", colour=repr(colour)))
    elif colour is not None:
        return IllegalMove(RULE_NOT_A_MOVE, say("A {piece} has no colour of its own, so {colour} is not a move.",
                                                piece=piece_word(piece), colour=repr(colour)))
    if type(at) is not tuple or len(at) != 2 or type(at[0]) is not int or type(at[1]) is not int:
        return IllegalMove(RULE_NOT_A_MOVE, say("A square is written (row, column), not {at}.", at=repr(at)))
    r, c = at
    if not (0 <= r < ROWS and 0 <= c < COLS):
        reason = say("that square is off the board (rows 0-12, columns 0-17)")
        return _no(s, seat, move, "medina.place.wrong-area", reason)
    if s.step == START and piece != "merchant":
        return _no(s, seat, move, "medina.turn.start-merchant",
                   say("the start player first places the extra merchant on any empty city square"))
    if not s.stock[seat][COLOUR_INDEX[colour] if colour else KIND[piece]]:
        name = s.table.names[seat]
        if colour:
            reason = say("{name} has no {colour} buildings left", name=name, colour=colour_word(colour))
        else:
            reason = say("{name} has no {pieces} left", name=name, pieces=pieces_word(piece))
        return _no(s, seat, move, "medina.place.no-piece", reason)
    i = r * COLS + c
    if not (IS_RING if piece == "wall" else IS_CITY)[i]:
        if i in TOWER_AT:
            reason = say("that is tower {tower}, and nothing goes on a tower", tower=TOWER_AT[i])
        elif piece == "wall":
            reason = say("walls go on the ring around the city, not in the city")
        else:
            reason = say("that is a wall space of the ring; {pieces} go in the city (rows 1-11, columns 1-16)",
                         pieces=pieces_word(piece))
        return _no(s, seat, move, "medina.place.wrong-area", reason)
    if piece != "roof" and s.board[i] != EMPTY:
        return _no(s, seat, move, "medina.place.empty", say("{what} already stands there", what=_describe(s, i)))
    return None


def building(s: Position, seat: int, move: Place, i: int) -> IllegalMove | BuildingPlan:
    """Rules 8-10: a building extends the extendable palace of its colour (or, when there is none, starts a new
    palace), touches no other palace, and its colour is not closed."""
    colour = move.colour
    c = COLOUR_INDEX[colour]
    if closed(s, c):
        reason = say("every player already owns {palace}, so no more {colour} buildings may be placed",
                     palace=a_palace_said(colour), colour=colour_word(colour))
        return _no(s, seat, move, "medina.building.colour-closed", reason)
    p = extendable(s)[c]
    if has(building_squares(s, c), i):
        return BuildingPlan(i, c, p)
    board = s.board
    if p is not None and PALACE + 2 * p not in [board[q] for q in ORTH_CITY[i]]:
        reason = say("the unclaimed {colour} palace at {at} can still grow, so a new {colour} building must touch it "
                     "along an edge", colour=colour_word(colour), at=where(SQUARES[min(s.pals[p].buildings)]))
        return _no(s, seat, move, "medina.building.extend", reason)
    return _no(s, seat, move, "medina.building.spacing", _spacing(s, intruder(board, i, -1 if p is None else p)))


def roof(s: Position, seat: int, move: Place, i: int) -> IllegalMove | RoofPlan:
    """Rules 11 and 12: a roof claims an unclaimed palace of a colour its player does not own yet."""
    v = s.board[i]
    if v < PALACE:
        return _no(s, seat, move, "medina.roof.unclaimed", say("there is no palace there"))
    p = (v - PALACE) >> 1
    if p in roof_palaces(s, seat):
        return RoofPlan(p)
    pal = s.pals[p]
    names = s.table.names
    cname = COLOURS[pal.colour]
    if pal.owner is not None:
        reason = say("that {colour} palace is already claimed by {owner}", colour=colour_word(cname),
                     owner=names[pal.owner])
        return _no(s, seat, move, "medina.roof.unclaimed", reason)
    mine = next(q for q in s.pals if q.owner == seat and q.colour == pal.colour)
    reason = say("{name} already owns {palace} (at {at}), and a player may own only one of each colour",
                 name=names[seat], palace=a_palace_said(cname), at=where(SQUARES[min(mine.buildings)]))
    return _no(s, seat, move, "medina.roof.one-per-colour", reason)


def stable(s: Position, seat: int, move: Place, i: int) -> IllegalMove | StablePlan:
    """Rules 13 and 14: a stable touches a building of one palace along an edge and no other palace at all."""
    board = s.board
    touched = {(v - PALACE) >> 1 for q in ORTH_CITY[i] if (v := board[q]) >= PALACE and not (v - PALACE) & 1}
    if has(stable_squares(s), i):
        return StablePlan(i, touched.pop())
    if not touched:
        reason = say("a stable must touch a building of a palace along an edge")
        return _no(s, seat, move, "medina.stable.adjacent", reason)
    if len(touched) > 1:
        return _no(s, seat, move, "medina.stable.spacing",
                   say("it would touch buildings of two different palaces"))
    return _no(s, seat, move, "medina.stable.spacing", _spacing(s, intruder(board, i, touched.pop())))


def merchant(s: Position, seat: int, move: Place, i: int) -> IllegalMove | MerchantPlan:
    """Rules 15-17: a merchant extends the current line at an end without branching; only when the line cannot
    grow does it start a new line, touching no merchant. The start merchant goes on any empty city square."""
    ends = line_squares(s)
    if has(merchant_squares(s), i):
        return MerchantPlan(i, "start" if s.step == START else "extend" if ends else "new")
    near = merchants_beside(s.board, i)
    if ends:
        if set(s.line).intersection(near):
            reason = say("it would touch {count} merchants ({touching}), and merchant lines never branch",
                         count=len(near), touching=listed(where(SQUARES[q]) for q in near))
            return _no(s, seat, move, "medina.merchant.no-branch", reason)
        a, b = s.line
        tips = listed([where(SQUARES[a])] if a == b else [where(SQUARES[a]), where(SQUARES[b])], "or")
        reason = say("a merchant must extend the current line at one of its ends, {ends}", ends=tips)
        return _no(s, seat, move, "medina.merchant.line-end", reason)
    reason = say("the current line cannot grow, so a new line must start on a square touching no merchant, and "
                 "{at} touches the merchant at {merchant}", at=where(SQUARES[i]), merchant=where(SQUARES[near[0]]))
    return _no(s, seat, move, "medina.merchant.new-line", reason)


def wall(s: Position, seat: int, move: Place, i: int) -> IllegalMove | WallPlan:
    """Rules 18 and 19: a wall continues a tower or a wall along the ring, and never joins two towers' walls."""
    board = s.board
    held = held_ends(board, i)
    if has(wall_squares(s), i):
        return WallPlan(i, tower_of(board[held[0]]))
    if not held:
        return _no(s, seat, move, "medina.wall.connect",
                   say("a wall must continue a tower or a wall along the ring"))
    ta, tb = (tower_of(board[q]) for q in held)
    if ta == tb:
        return _no(s, seat, move, "medina.wall.no-join", say("it would close the ring of walls of tower {tower}",
                                                               tower=ta))
    reason = say("it would join the walls of tower {tower} and tower {other}", tower=min(ta, tb), other=max(ta, tb))
    return _no(s, seat, move, "medina.wall.no-join", reason)


FAMILIES = {"building": building, "roof": roof, "stable": stable, "merchant": merchant, "wall": wall}


def _no(s: Position, seat: int, move: Place, rule: str, reason: Message) -> IllegalMove:
    """The refusal of ``move`` by ``seat``: "Ada cannot place a grey building at (3, 4): <reason>."."""
    name, at = s.table.names[seat], where(move.at)
    if move.colour:
        return IllegalMove(rule, say("{name} cannot place {building} at {at}: {reason}.", name=name,
                                     building=a_building_said(move.colour), at=at, reason=reason))
    return IllegalMove(rule, say("{name} cannot place a {piece} at {at}: {reason}.", name=name,
                                 piece=piece_word(move.piece), at=at, reason=reason))


def _spacing(s: Position, bad: int) -> Message:
    """Rules 9 and 14: the reason why a piece may not stand next to square ``bad``."""
    return say("it would touch {what} at {at}, which belongs to another palace (not even diagonally)",
               what=_describe(s, bad), at=where(SQUARES[bad]))


def _describe(s: Position, i: int) -> Message:
    """What stands on square ``i``, in words: "a building of Ben's grey palace", "a merchant", ..."""
    v = s.board[i]
    if v == MERCHANT:
        return say("a merchant")
    if TOWER < v <= TOWER + 4:
        return say("tower {tower}", tower=v - TOWER)
    if WALL < v <= WALL + 4:
        return say("a wall of tower {tower}", tower=v - WALL)
    pal = s.pals[(v - PALACE) >> 1]
    colour = colour_word(COLOURS[pal.colour])
    if pal.owner is None:
        if (v - PALACE) & 1:
            return say("a stable of an unclaimed {colour} palace", colour=colour)
        return say("a building of an unclaimed {colour} palace", colour=colour)
    owner = s.table.names[pal.owner]
    if (v - PALACE) & 1:
        return say("a stable of {owner}'s {colour} palace", owner=owner, colour=colour)
    return say("a building of {owner}'s {colour} palace", owner=owner, colour=colour)
