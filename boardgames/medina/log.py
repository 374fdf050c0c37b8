"""Medina's event log: the compact records a move leaves in a state, rendered as plain sentences.

The flow (``flow.py``) records what happened as named records (``records.py``); reading ``state.events``
renders them here into ``Event`` objects, one sentence function per record type (the game-end record stands
for the whole final scoring).
"""

from __future__ import annotations

from collections.abc import Sequence

from boardgames.core import Event, and_list, article, plural, records, who_wins
from boardgames.core.records import said
from boardgames.medina import records as R
from boardgames.medina.board import SQUARES, where
from boardgames.medina.rules import COLOURS, PALACE_TILE_POINTS, TOWER_POINTS
from boardgames.medina.scoring import SeatScore


def render(log: Sequence[tuple], names: Sequence[str]) -> tuple[Event, ...]:
    """The events of a state's ``log``, oldest first (the game-end record stands for the whole final scoring)."""
    return records.render(log, names, SENTENCES)


def _at(i: int) -> str:
    return where(SQUARES[i])


def _fed(fed: Sequence[R.Fed], names: Sequence[str]) -> str:
    """" It touches Ben's grey palace (+1)." for the claimed palaces a merchant or wall scores for."""
    if not fed:
        return ""
    palaces = and_list([f"{names[o]}'s {COLOURS[c]} palace" for o, c in fed])
    return f" It touches {palaces} (+1 each)." if len(fed) > 1 else f" It touches {palaces} (+1)."


SENTENCES = records.Sentences()  # each record type's sentence function, filled below


@SENTENCES.of(R.GameStarted)
def _game_started(r: R.GameStarted, name: str, names: Sequence[str]) -> list[Event]:
    return said(r, f"{name} is the start player and first places the extra merchant.")


@SENTENCES.of(R.StartMerchantPlaced)
def _start_merchant(r: R.StartMerchantPlaced, name: str, names: Sequence[str]) -> list[Event]:
    text = f"{name} places the start merchant at {_at(r.square)}: the first merchant line begins."
    return said(r, text, {"piece": "merchant", "at": SQUARES[r.square]})


@SENTENCES.of(R.MerchantPlaced)
def _merchant(r: R.MerchantPlaced, name: str, names: Sequence[str]) -> list[Event]:
    way = "extending the merchant line" if r.line == "extend" else (
        "starting a new merchant line (the current one cannot grow)"
    )
    text = f"{name} places a merchant at {_at(r.square)}, {way}.{_fed(r.fed, names)}"
    touches = [(o, COLOURS[c]) for o, c in r.fed]
    return [Event(r.KIND, r.seat, text, {"piece": "merchant", "at": SQUARES[r.square], "line": r.line,
                                         "touches": touches})]


@SENTENCES.of(R.BuildingPlaced)
def _building(r: R.BuildingPlaced, name: str, names: Sequence[str]) -> list[Event]:
    c = COLOURS[r.colour]
    placed = f"{name} places {article(c)} building at {_at(r.square)}"
    if r.new:
        text = f"{placed}, starting a new {c} palace."
    else:
        text = f"{placed}: the unclaimed {c} palace grows to size {r.size}."
    data = {"piece": "building", "at": SQUARES[r.square], "colour": c, "size": r.size, "new": r.new}
    return [Event(r.KIND, r.seat, text, data)]


@SENTENCES.of(R.StablePlaced)
def _stable(r: R.StablePlaced, name: str, names: Sequence[str]) -> list[Event]:
    c = COLOURS[r.colour]
    whose = f"{names[r.owner]}'s" if r.owner is not None else "the unclaimed"
    text = f"{name} places a stable at {_at(r.square)}: {whose} {c} palace grows to size {r.size}."
    data = {"piece": "stable", "at": SQUARES[r.square], "colour": c, "owner": r.owner, "size": r.size}
    return [Event(r.KIND, r.seat, text, data)]


@SENTENCES.of(R.WallPlaced)
def _wall(r: R.WallPlaced, name: str, names: Sequence[str]) -> list[Event]:
    fed = [r.fed] if r.fed else []
    text = f"{name} places a wall of tower {r.tower} at {_at(r.square)}.{_fed(fed, names)}"
    data = {"piece": "wall", "at": SQUARES[r.square], "tower": r.tower, "touches": [(o, COLOURS[c]) for o, c in fed]}
    return [Event(r.KIND, r.seat, text, data)]


@SENTENCES.of(R.PalaceClaimed)
def _claim(r: R.PalaceClaimed, name: str, names: Sequence[str]) -> list[Event]:
    c = COLOURS[r.colour]
    parts = [plural(r.buildings, "building")] + ([plural(r.stables, "stable")] if r.stables else [])
    parts += [plural(r.merchants, "merchant"), plural(r.walls, "wall")]
    value = r.buildings + r.stables + r.merchants + r.walls
    text = f"{name} roofs the {c} palace at {_at(r.square)} and claims it: {and_list(parts)}, worth {value} now."
    data = {"piece": "roof", "at": SQUARES[r.square], "colour": c, "size": r.buildings + r.stables, "value": value}
    return [Event(r.KIND, r.seat, text, data)]


@SENTENCES.of(R.PalaceTileWon)
def _palace_tile(r: R.PalaceTileWon, name: str, names: Sequence[str]) -> list[Event]:
    c, holder, size, theirs = COLOURS[r.colour], r.holder, r.size, r.holder_size
    pts = plural(PALACE_TILE_POINTS[c], "point")
    if holder is None:
        text = f"{name} takes the {c} palace tile ({pts}): the first to claim {article(c)} palace."
        return said(r, text, {"colour": c, "from": None, "to": r.seat, "moved": True, "size": size})
    data = {"colour": c, "from": holder, "to": r.seat, "moved": True, "size": size, "holder_size": theirs}
    if size > theirs:
        text = (f"{name} takes the {c} palace tile ({pts}) from {names[holder]}: {name}'s {c} palace "
                f"(size {size}) is now larger than {names[holder]}'s ({theirs}).")
        return [Event(r.KIND, r.seat, text, data)]
    text = (f"{names[holder]} keeps the {c} palace tile: {name}'s {c} palace (size {size}) is not "
            f"larger than {names[holder]}'s ({theirs}).")
    return [Event(r.KIND, holder, text, {**data, "to": holder, "moved": False})]


def _cause(r: R.TowerTileWon, owner: str) -> str:
    """Why a claimed palace has come to touch a wall of the tower."""
    colour = COLOURS[r.colour]
    if r.cause == "wall":
        return f"the wall at {_at(r.square)} touches {owner}'s {colour} palace"
    if r.cause == "stable":
        return f"the stable at {_at(r.square)} brings {owner}'s {colour} palace to a wall of tower {r.tower}"
    return f"{owner}'s newly claimed {colour} palace touches a wall of tower {r.tower}"


@SENTENCES.of(R.TowerTileWon)
def _tower_tile(r: R.TowerTileWon, name: str, names: Sequence[str]) -> list[Event]:
    n, holder = r.tower, r.holder
    why = _cause(r, name)
    pts = plural(TOWER_POINTS[n], "point")
    if holder is None:
        text = f"{name} takes tower tile {n} ({pts}): {why}."
    elif holder == r.seat:
        text = f"{name} keeps tower tile {n}, now by the {COLOURS[r.colour]} palace: {why}."
    else:
        text = f"{name} takes tower tile {n} ({pts}) from {names[holder]}: {why}."
    data = {"tower": n, "from": holder, "to": r.seat, "moved": holder != r.seat, "colour": COLOURS[r.colour],
            "cause": r.cause}
    return [Event(r.KIND, r.seat, text, data)]


@SENTENCES.of(R.TowerTileRefused)
def _tower_tile_refused(r: R.TowerTileRefused, name: str, names: Sequence[str]) -> list[Event]:
    n, c = r.tower, COLOURS[r.colour]
    text = (f"{name}'s {c} palace touches another wall of tower {n}, but it has taken tile {n} before "
            f"and cannot take it again: {names[r.holder]} keeps tower tile {n}.")
    return [Event(r.KIND, r.holder, text, {"tower": n, "palace_owner": r.seat, "colour": c})]


@SENTENCES.of(R.TurnCut)
def _turn_cut(r: R.TurnCut, name: str, names: Sequence[str]) -> list[Event]:
    if r.placed:
        text = f"{name} cannot place a second piece: the turn ends after one."
    else:
        text = f"{name} cannot place any piece and passes."
    return said(r, text, {"placed": r.placed})


@SENTENCES.of(R.NextTurn)
def _next_turn(r: R.NextTurn, name: str, names: Sequence[str]) -> list[Event]:
    return said(r, f"It is {name}'s turn.")


@SENTENCES.of(R.GameEnded)
def _game_ended(r: R.GameEnded, name: None, names: Sequence[str]) -> list[Event]:
    return final_events(r.scoring, r.winners, r.tiebreak, names)




def final_events(
    scoring: Sequence[SeatScore], winners: Sequence[int], tiebreak: bool, names: Sequence[str]
) -> list[Event]:
    """The final scoring line by line (section 4), then the winners."""
    out = [Event("medina.game.end", None, "Nobody can place another piece: the game is over.", {})]
    for seat, (name, sc) in enumerate(zip(names, scoring)):
        for p in sc.palaces:
            parts = [plural(p.buildings, "building")] + ([plural(p.stables, "stable")] if p.stables else [])
            parts += [plural(p.merchants, "merchant"), plural(p.walls, "wall")]
            text = f"{name}'s {p.colour} palace: {' + '.join(parts)} = {p.value}."
            data = {"colour": p.colour, "buildings": p.buildings, "stables": p.stables, "merchants": p.merchants,
                    "walls": p.walls, "points": p.value}
            out.append(Event("medina.score.palace", seat, text, data))
        for c in sc.palace_tiles:
            points = PALACE_TILE_POINTS[c]
            text = f"{name} holds the {c} palace tile: {plural(points, 'point')}."
            out.append(Event("medina.score.palace-tile", seat, text, {"colour": c, "points": points}))
        for n in sc.tower_tiles:
            points = TOWER_POINTS[n]
            text = f"{name} holds tower tile {n}: {plural(points, 'point')}."
            out.append(Event("medina.score.tower-tile", seat, text, {"tower": n, "points": points}))
        out.append(Event("medina.score.total", seat, f"{name} scores {plural(sc.total, 'point')} in all.",
                         {"points": sc.total}))
    totals = [sc.total for sc in scoring]
    best = max(totals)
    tied = [s for s, t in enumerate(totals) if t == best]
    who = [names[s] for s in winners]
    if len(winners) == 1 and len(tied) > 1:
        text = (f"{who[0]} wins with {plural(best, 'point')}: tied with "
                f"{and_list([names[s] for s in tied if s != winners[0]])}, by the larger palace "
                "(then the earlier claim).")
    else:
        text = f"{who_wins(who)} with {plural(best, 'point')}."
    out.append(Event("medina.game.winner", None, text, {"winners": list(winners), "points": list(totals),
                                                        "tiebreak": tiebreak}))
    return out
