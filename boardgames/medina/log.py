"""Medina's event log: the compact records a move leaves in a state, rendered as plain sentences.

The flow (``flow.py``) records what happened as named records (``records.py``); reading ``state.events``
renders them here into ``Event`` objects, one sentence function per record type (the game-end record stands
for the whole final scoring).
"""

from __future__ import annotations

from collections.abc import Sequence

from boardgames.core import Event, listed, records, say, say_n
from boardgames.core.message import Message
from boardgames.core.records import said, who_wins_said
from boardgames.medina import records as R
from boardgames.medina.board import SQUARES, where
from boardgames.medina.pieces import a_building_said, a_palace_said, colour_word
from boardgames.medina.rules import COLOURS, PALACE_TILE_POINTS, TOWER_POINTS
from boardgames.medina.scoring import SeatScore


def render(log: Sequence[tuple], names: Sequence[str]) -> tuple[Event, ...]:
    """The events of a state's ``log``, oldest first (the game-end record stands for the whole final scoring)."""
    return records.render(log, names, SENTENCES)


def _at(i: int) -> str:
    return where(SQUARES[i])


def points(n: int) -> Message:
    """``n`` points, "1 point"."""
    return say_n("{n} point", "{n} points", n)


def _parts(buildings: int, stables: int, merchants: int, walls: int) -> dict[str, Message]:
    """A palace's parts as counted words, by the names of their places ("stables" only when it has some)."""
    parts = {"buildings": say_n("{n} building", "{n} buildings", buildings),
             "merchants": say_n("{n} merchant", "{n} merchants", merchants),
             "walls": say_n("{n} wall", "{n} walls", walls)}
    if stables:
        parts["stables"] = say_n("{n} stable", "{n} stables", stables)
    return parts


def _fed(text: Message, fed: Sequence[R.Fed], names: Sequence[str]) -> Message:
    """``text`` and then "It touches Ben's grey palace (+1)." for the claimed palaces a merchant or wall scores
    for."""
    if not fed:
        return text
    palaces = listed([say("{name}'s {colour} palace", name=names[o], colour=colour_word(COLOURS[c])) for o, c in fed])
    if len(fed) > 1:
        return say("{said} It touches {palaces} (+1 each).", said=text, palaces=palaces)
    return say("{said} It touches {palaces} (+1).", said=text, palaces=palaces)


SENTENCES = records.Sentences()  # each record type's sentence function, filled below


@SENTENCES.of(R.GameStarted)
def _game_started(r: R.GameStarted, name: str, names: Sequence[str]) -> list[Event]:
    return said(r, say("{name} is the start player and first places the extra merchant.", name=name))


@SENTENCES.of(R.StartMerchantPlaced)
def _start_merchant(r: R.StartMerchantPlaced, name: str, names: Sequence[str]) -> list[Event]:
    text = say("{name} places the start merchant at {at}: the first merchant line begins.", name=name,
               at=_at(r.square))
    return said(r, text, {"piece": "merchant", "at": SQUARES[r.square]})


@SENTENCES.of(R.MerchantPlaced)
def _merchant(r: R.MerchantPlaced, name: str, names: Sequence[str]) -> list[Event]:
    if r.line == "extend":
        text = say("{name} places a merchant at {at}, extending the merchant line.", name=name, at=_at(r.square))
    else:
        text = say("{name} places a merchant at {at}, starting a new merchant line (the current one cannot grow).",
                   name=name, at=_at(r.square))
    touches = [(o, COLOURS[c]) for o, c in r.fed]
    return [Event(r.KIND, r.seat, _fed(text, r.fed, names), {"piece": "merchant", "at": SQUARES[r.square],
                                                              "line": r.line, "touches": touches})]


@SENTENCES.of(R.BuildingPlaced)
def _building(r: R.BuildingPlaced, name: str, names: Sequence[str]) -> list[Event]:
    c = COLOURS[r.colour]
    if r.new:
        text = say("{name} places {building} at {at}, starting a new {colour} palace.", name=name,
                   building=a_building_said(c), at=_at(r.square), colour=colour_word(c))
    else:
        text = say("{name} places {building} at {at}: the unclaimed {colour} palace grows to size {size}.",
                   name=name, building=a_building_said(c), at=_at(r.square), colour=colour_word(c), size=r.size)
    data = {"piece": "building", "at": SQUARES[r.square], "colour": c, "size": r.size, "new": r.new}
    return [Event(r.KIND, r.seat, text, data)]


@SENTENCES.of(R.StablePlaced)
def _stable(r: R.StablePlaced, name: str, names: Sequence[str]) -> list[Event]:
    c = COLOURS[r.colour]
    if r.owner is not None:
        text = say("{name} places a stable at {at}: {owner}'s {colour} palace grows to size {size}.", name=name,
                   at=_at(r.square), owner=names[r.owner], colour=colour_word(c), size=r.size)
    else:
        text = say("{name} places a stable at {at}: the unclaimed {colour} palace grows to size {size}.", name=name,
                   at=_at(r.square), colour=colour_word(c), size=r.size)
    data = {"piece": "stable", "at": SQUARES[r.square], "colour": c, "owner": r.owner, "size": r.size}
    return [Event(r.KIND, r.seat, text, data)]


@SENTENCES.of(R.WallPlaced)
def _wall(r: R.WallPlaced, name: str, names: Sequence[str]) -> list[Event]:
    fed = [r.fed] if r.fed else []
    text = say("{name} places a wall of tower {tower} at {at}.", name=name, tower=r.tower, at=_at(r.square))
    data = {"piece": "wall", "at": SQUARES[r.square], "tower": r.tower, "touches": [(o, COLOURS[c]) for o, c in fed]}
    return [Event(r.KIND, r.seat, _fed(text, fed, names), data)]


@SENTENCES.of(R.PalaceClaimed)
def _claim(r: R.PalaceClaimed, name: str, names: Sequence[str]) -> list[Event]:
    c = COLOURS[r.colour]
    value = r.buildings + r.stables + r.merchants + r.walls
    values = {"name": name, "colour": colour_word(c), "at": _at(r.square), "value": value,
              **_parts(r.buildings, r.stables, r.merchants, r.walls)}
    if r.stables:
        text = say("{name} roofs the {colour} palace at {at} and claims it: {buildings}, {stables}, {merchants} and "
                   "{walls}, worth {value} now.", **values)
    else:
        text = say("{name} roofs the {colour} palace at {at} and claims it: {buildings}, {merchants} and {walls}, "
                   "worth {value} now.", **values)
    data = {"piece": "roof", "at": SQUARES[r.square], "colour": c, "size": r.buildings + r.stables, "value": value}
    return [Event(r.KIND, r.seat, text, data)]


@SENTENCES.of(R.PalaceTileWon)
def _palace_tile(r: R.PalaceTileWon, name: str, names: Sequence[str]) -> list[Event]:
    c, holder, size, theirs = COLOURS[r.colour], r.holder, r.size, r.holder_size
    pts, colour = points(PALACE_TILE_POINTS[c]), colour_word(c)
    if holder is None:
        text = say("{name} takes the {colour} palace tile ({points}): the first to claim {palace}.", name=name,
                   colour=colour, points=pts, palace=a_palace_said(c))
        return said(r, text, {"colour": c, "from": None, "to": r.seat, "moved": True, "size": size})
    data = {"colour": c, "from": holder, "to": r.seat, "moved": True, "size": size, "holder_size": theirs}
    if size > theirs:
        text = say("{name} takes the {colour} palace tile ({points}) from {holder}: {name}'s {colour} palace "
                   "(size {size}) is now larger than {holder}'s ({theirs}).", name=name, colour=colour, points=pts,
                   holder=names[holder], size=size, theirs=theirs)
        return [Event(r.KIND, r.seat, text, data)]
    text = say("{holder} keeps the {colour} palace tile: {name}'s {colour} palace (size {size}) is not larger than "
               "{holder}'s ({theirs}).", holder=names[holder], colour=colour, name=name, size=size, theirs=theirs)
    return [Event(r.KIND, holder, text, {**data, "to": holder, "moved": False})]


def _cause(r: R.TowerTileWon, owner: str) -> Message:
    """Why a claimed palace has come to touch a wall of the tower."""
    colour = colour_word(COLOURS[r.colour])
    if r.cause == "wall":
        return say("the wall at {at} touches {owner}'s {colour} palace", at=_at(r.square), owner=owner, colour=colour)
    if r.cause == "stable":
        return say("the stable at {at} brings {owner}'s {colour} palace to a wall of tower {tower}", at=_at(r.square),
                   owner=owner, colour=colour, tower=r.tower)
    return say("{owner}'s newly claimed {colour} palace touches a wall of tower {tower}", owner=owner, colour=colour,
               tower=r.tower)


@SENTENCES.of(R.TowerTileWon)
def _tower_tile(r: R.TowerTileWon, name: str, names: Sequence[str]) -> list[Event]:
    n, holder = r.tower, r.holder
    why = _cause(r, name)
    if holder is None:
        text = say("{name} takes tower tile {tower} ({points}): {why}.", name=name, tower=n,
                   points=points(TOWER_POINTS[n]), why=why)
    elif holder == r.seat:
        text = say("{name} keeps tower tile {tower}, now by the {colour} palace: {why}.", name=name, tower=n,
                   colour=colour_word(COLOURS[r.colour]), why=why)
    else:
        text = say("{name} takes tower tile {tower} ({points}) from {holder}: {why}.", name=name, tower=n,
                   points=points(TOWER_POINTS[n]), holder=names[holder], why=why)
    data = {"tower": n, "from": holder, "to": r.seat, "moved": holder != r.seat, "colour": COLOURS[r.colour],
            "cause": r.cause}
    return [Event(r.KIND, r.seat, text, data)]


@SENTENCES.of(R.TowerTileRefused)
def _tower_tile_refused(r: R.TowerTileRefused, name: str, names: Sequence[str]) -> list[Event]:
    n, c = r.tower, COLOURS[r.colour]
    text = say("{name}'s {colour} palace touches another wall of tower {tower}, but it has taken tile {tower} before "
               "and cannot take it again: {holder} keeps tower tile {tower}.", name=name, colour=colour_word(c),
               tower=n, holder=names[r.holder])
    return [Event(r.KIND, r.holder, text, {"tower": n, "palace_owner": r.seat, "colour": c})]


@SENTENCES.of(R.TurnCut)
def _turn_cut(r: R.TurnCut, name: str, names: Sequence[str]) -> list[Event]:
    if r.placed:
        text = say("{name} cannot place a second piece: the turn ends after one.", name=name)
    else:
        text = say("{name} cannot place any piece and passes.", name=name)
    return said(r, text, {"placed": r.placed})


@SENTENCES.of(R.NextTurn)
def _next_turn(r: R.NextTurn, name: str, names: Sequence[str]) -> list[Event]:
    return said(r, say("It is {name}'s turn.", name=name))


@SENTENCES.of(R.GameEnded)
def _game_ended(r: R.GameEnded, name: None, names: Sequence[str]) -> list[Event]:
    return final_events(r.scoring, r.winners, r.tiebreak, names)


def final_events(
    scoring: Sequence[SeatScore], winners: Sequence[int], tiebreak: bool, names: Sequence[str]
) -> list[Event]:
    """The final scoring line by line (section 4), then the winners."""
    out = [Event("medina.game.end", None, say("Nobody can place another piece: the game is over."), {})]
    for seat, (name, sc) in enumerate(zip(names, scoring)):
        for p in sc.palaces:
            values = {"name": name, "colour": colour_word(p.colour), "value": p.value,
                      **_parts(p.buildings, p.stables, p.merchants, p.walls)}
            if p.stables:
                text = say("{name}'s {colour} palace: {buildings} + {stables} + {merchants} + {walls} = {value}.",
                           **values)
            else:
                text = say("{name}'s {colour} palace: {buildings} + {merchants} + {walls} = {value}.", **values)
            data = {"colour": p.colour, "buildings": p.buildings, "stables": p.stables, "merchants": p.merchants,
                    "walls": p.walls, "points": p.value}
            out.append(Event("medina.score.palace", seat, text, data))
        for c in sc.palace_tiles:
            pts = PALACE_TILE_POINTS[c]
            text = say("{name} holds the {colour} palace tile: {points}.", name=name, colour=colour_word(c),
                       points=points(pts))
            out.append(Event("medina.score.palace-tile", seat, text, {"colour": c, "points": pts}))
        for n in sc.tower_tiles:
            pts = TOWER_POINTS[n]
            text = say("{name} holds tower tile {tower}: {points}.", name=name, tower=n, points=points(pts))
            out.append(Event("medina.score.tower-tile", seat, text, {"tower": n, "points": pts}))
        out.append(Event("medina.score.total", seat, say("{name} scores {points} in all.", name=name,
                                                         points=points(sc.total)), {"points": sc.total}))
    totals = [sc.total for sc in scoring]
    best = max(totals)
    tied = [s for s, t in enumerate(totals) if t == best]
    who = [names[s] for s in winners]
    if len(winners) == 1 and len(tied) > 1:
        text = say("{name} wins with {points}: tied with {others}, by the larger palace (then the earlier claim).",
                   name=who[0], points=points(best), others=listed([names[s] for s in tied if s != winners[0]]))
    else:
        text = say("{who} with {points}.", who=who_wins_said(who), points=points(best))
    out.append(Event("medina.game.winner", None, text, {"winners": list(winners), "points": list(totals),
                                                        "tiebreak": tiebreak}))
    return out
