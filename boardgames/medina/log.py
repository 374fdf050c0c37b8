"""Medina's event log: the compact records a move leaves in a state, rendered as plain sentences.

The flow (``state.py``) records what happened as small tuples ``(kind, seat, *facts)`` with squares as
indexes and colours as numbers; reading ``state.events`` renders them here into ``Event`` objects.
"""

from __future__ import annotations

from collections.abc import Sequence

from boardgames.core import Event
from boardgames.medina.board import SQUARES, where
from boardgames.medina.rules import COLOURS, PALACE_TILE_POINTS, TOWER_POINTS


def and_list(words: Sequence[str]) -> str:
    """``["Ada", "Ben", "Cleo"]`` as ``"Ada, Ben and Cleo"``."""
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def article(word: str) -> str:
    """``word`` with its indefinite article: "a grey", "an orange"."""
    return f"{'an' if word[:1] in 'aeiou' else 'a'} {word}"


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'s' * (n != 1)}"


def _at(i: int) -> str:
    return where(SQUARES[i])


def _fed(fed, names) -> str:
    """" It touches Ben's grey palace (+1)." for the claimed palaces a merchant or wall scores for."""
    if not fed:
        return ""
    palaces = and_list([f"{names[o]}'s {COLOURS[c]} palace" for o, c in fed])
    return f" It touches {palaces} (+1 each)." if len(fed) > 1 else f" It touches {palaces} (+1)."


def _cause(kind: str, sq: int | None, owner: str, colour: str, n: int) -> str:
    if kind == "wall":
        return f"the wall at {_at(sq)} touches {owner}'s {colour} palace"
    if kind == "stable":
        return f"the stable at {_at(sq)} brings {owner}'s {colour} palace to a wall of tower {n}"
    return f"{owner}'s newly claimed {colour} palace touches a wall of tower {n}"


def render(records: Sequence[tuple], names: Sequence[str]) -> tuple[Event, ...]:
    """The events of ``records`` (the game-end record stands for the whole final scoring)."""
    out: list[Event] = []
    for rec in records:
        kind, seat = rec[0], rec[1]
        name = names[seat] if isinstance(seat, int) else None
        if kind == "medina.game.start":
            out.append(Event(kind, seat, f"{name} is the start player and first places the extra merchant.", {}))
        elif kind == "medina.turn.start-merchant":
            i = rec[2]
            text = f"{name} places the start merchant at {_at(i)}: the first merchant line begins."
            out.append(Event(kind, seat, text, {"piece": "merchant", "at": SQUARES[i]}))
        elif kind == "medina.place.merchant":
            i, how, fed = rec[2], rec[3], rec[4]
            way = "extending the merchant line" if how == "extend" else (
                "starting a new merchant line (the current one cannot grow)"
            )
            text = f"{name} places a merchant at {_at(i)}, {way}.{_fed(fed, names)}"
            data = {"piece": "merchant", "at": SQUARES[i], "line": how, "touches": [(o, COLOURS[c]) for o, c in fed]}
            out.append(Event(kind, seat, text, data))
        elif kind == "medina.place.building":
            i, c, size, new = rec[2], COLOURS[rec[3]], rec[4], rec[5]
            if new:
                text = f"{name} places {article(c)} building at {_at(i)}, starting a new {c} palace."
            else:
                text = (f"{name} places {article(c)} building at {_at(i)}: the unclaimed {c} palace grows to "
                        f"size {size}.")
            out.append(Event(kind, seat, text, {"piece": "building", "at": SQUARES[i], "colour": c, "size": size,
                                                "new": new}))
        elif kind == "medina.place.stable":
            i, c, owner, size = rec[2], COLOURS[rec[3]], rec[4], rec[5]
            whose = f"{names[owner]}'s" if owner is not None else "the unclaimed"
            text = f"{name} places a stable at {_at(i)}: {whose} {c} palace grows to size {size}."
            out.append(Event(kind, seat, text, {"piece": "stable", "at": SQUARES[i], "colour": c, "owner": owner,
                                                "size": size}))
        elif kind == "medina.place.wall":
            i, n, fed = rec[2], rec[3], rec[4]
            text = f"{name} places a wall of tower {n} at {_at(i)}.{_fed([fed] if fed else [], names)}"
            data = {"piece": "wall", "at": SQUARES[i], "tower": n,
                    "touches": [(fed[0], COLOURS[fed[1]])] if fed else []}
            out.append(Event(kind, seat, text, data))
        elif kind == "medina.roof.claim":
            first, c, b, st, m, w = rec[2], COLOURS[rec[3]], rec[4], rec[5], rec[6], rec[7]
            parts = [plural(b, "building")] + ([plural(st, "stable")] if st else [])
            parts += [plural(m, "merchant"), plural(w, "wall")]
            value = b + st + m + w
            text = f"{name} roofs the {c} palace at {_at(first)} and claims it: {and_list(parts)}, worth {value} now."
            out.append(Event(kind, seat, text, {"piece": "roof", "at": SQUARES[first], "colour": c, "size": b + st,
                                                "value": value}))
        elif kind == "medina.tile.palace":
            c, holder, size, theirs = COLOURS[rec[2]], rec[3], rec[4], rec[5]
            pts = plural(PALACE_TILE_POINTS[c], "point")
            if holder is None:
                text = f"{name} takes the {c} palace tile ({pts}): the first to claim {article(c)} palace."
                data = {"colour": c, "from": None, "to": seat, "moved": True, "size": size}
                out.append(Event(kind, seat, text, data))
            elif size > theirs:
                text = (f"{name} takes the {c} palace tile ({pts}) from {names[holder]}: {name}'s {c} palace "
                        f"(size {size}) is now larger than {names[holder]}'s ({theirs}).")
                data = {"colour": c, "from": holder, "to": seat, "moved": True, "size": size, "holder_size": theirs}
                out.append(Event(kind, seat, text, data))
            else:
                text = (f"{names[holder]} keeps the {c} palace tile: {name}'s {c} palace (size {size}) is not "
                        f"larger than {names[holder]}'s ({theirs}).")
                data = {"colour": c, "from": holder, "to": holder, "moved": False, "size": size, "holder_size": theirs}
                out.append(Event(kind, holder, text, data))
        elif kind == "medina.tile.tower":
            n, holder, c, cause, sq = rec[2], rec[3], COLOURS[rec[4]], rec[5], rec[6]
            why = _cause(cause, sq, name, c, n)
            pts = plural(TOWER_POINTS[n], "point")
            if holder is None:
                text = f"{name} takes tower tile {n} ({pts}): {why}."
            elif holder == seat:
                text = f"{name} keeps tower tile {n}, now by the {c} palace: {why}."
            else:
                text = f"{name} takes tower tile {n} ({pts}) from {names[holder]}: {why}."
            data = {"tower": n, "from": holder, "to": seat, "moved": holder != seat, "colour": c, "cause": cause}
            out.append(Event(kind, seat, text, data))
        elif kind == "medina.tile.tower-reuse":
            n, holder, c = rec[2], rec[3], COLOURS[rec[4]]
            text = (f"{name}'s {c} palace touches another wall of tower {n}, but it has taken tile {n} before "
                    f"and cannot take it again: {names[holder]} keeps tower tile {n}.")
            out.append(Event(kind, holder, text, {"tower": n, "palace_owner": seat, "colour": c}))
        elif kind == "medina.turn.two-pieces":
            if rec[2]:
                text = f"{name} cannot place a second piece: the turn ends after one."
            else:
                text = f"{name} cannot place any piece and passes."
            out.append(Event(kind, seat, text, {"placed": rec[2]}))
        elif kind == "medina.turn.next":
            out.append(Event(kind, seat, f"It is {name}'s turn.", {}))
        elif kind == "medina.game.end":
            out.extend(final_events(rec[2], rec[3], rec[4], names))
        else:  # pragma: no cover - a record kind without a sentence is a programming error
            raise ValueError(f"no sentence for event record {rec!r}")
    return tuple(out)


def final_events(scoring, winners: Sequence[int], tiebreak: bool, names: Sequence[str]) -> list[Event]:
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
            out.append(Event("medina.score.palace-tile", seat, f"{name} holds the {c} palace tile: "
                             f"{plural(PALACE_TILE_POINTS[c], 'point')}.", {"colour": c,
                                                                           "points": PALACE_TILE_POINTS[c]}))
        for n in sc.tower_tiles:
            out.append(Event("medina.score.tower-tile", seat, f"{name} holds tower tile {n}: "
                             f"{plural(TOWER_POINTS[n], 'point')}.", {"tower": n, "points": TOWER_POINTS[n]}))
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
    elif len(winners) == 1:
        text = f"{who[0]} wins with {plural(best, 'point')}."
    else:
        text = f"{and_list(who)} share the win with {plural(best, 'point')}."
    out.append(Event("medina.game.winner", None, text, {"winners": list(winners), "points": list(totals),
                                                        "tiebreak": tiebreak}))
    return out
