"""A position in a link: ``position_link`` writes a game's position as compact, URL-safe text for an address's
query string, and ``from_link`` reads it back, checked like a save file, as a ``Linked`` position to play on from.

A link may be read by anyone it is posted to, so it never carries what its seat may not know. The seed and the
moves would let a reader rebuild the deck's order, the other seats' goal cards and the dice to come; so unless
nothing in the game was ever hidden (Medina: then the link holds the whole game, seed and moves), the link holds
the position alone, as the seat whose view it keeps may know it: ``determinize`` redraws the rest, and the table
gets a seed of its own. ``from_link`` deals what that seat could not see afresh once more, so that not even the
cards the link holds are the ones played: every reader faces the same decision, and none can read ahead.

Such a link is made for one seat: a spectator's view (what every seat may know) cannot be drawn exactly with the
engine's ``determinize``, so where something is hidden a link for no seat is refused.

The text is the link's document (a ``boardgames`` envelope of kind ``"link"``) as compact JSON, compressed
(zlib) and written in URL-safe base64 without padding: about 0.6 to 1.3 kilobytes for a game in progress.
"""

from __future__ import annotations

import base64
import binascii
import json
import random
import re
import zlib
from collections.abc import Sequence
from typing import Any, NamedTuple

from boardgames.core.match import Match
from boardgames.core.message import say
from boardgames.core.registry import game_module
from boardgames.core.saves import Reader, check_int, damaged, envelope, open_envelope
from boardgames.core.setup import Table

KIND = "link"
MAX_TEXT = 20_000  # characters of a link's text: far above any real game's (about 1,300 at most)
MAX_DOCUMENT = 500_000  # bytes of its document once decompressed
MAX_MOVES_BEFORE = 100_000
URL_SAFE = re.compile(r"[A-Za-z0-9_-]+")


class Linked(NamedTuple):
    """What a link opens: ``match`` (its start is the linked position, or the whole game for an exact link),
    ``seats`` (as the link's maker had them: one string a seat, or None), ``seat`` (whose view the link kept;
    None in a link of a game that hides nothing), ``moves_before`` (the moves played before ``match``'s start)
    and ``afresh`` (whether the cards that seat could not see were dealt afresh)."""

    match: Match
    seats: tuple[str, ...] | None
    seat: int | None
    moves_before: int
    afresh: bool


def hides_nothing(states: Sequence[Any]) -> bool:
    """Whether every seat may know all of each state of ``states`` (nothing hidden, no chance to come): each is
    its own determinization for every seat."""
    rng = random.Random(0)
    return all(state.determinize(seat, rng) == state for state in states for seat in range(state.players))


def unseen_redrawn(state: Any, seat: int, rng: random.Random) -> Any:
    """``state`` as ``seat`` may know it, what it may not redrawn from ``rng``, with a table of its own: a fresh
    seed, and nothing that ``new_game`` was told to fix (a deck, the dice) so that no later chance follows from
    the original game's."""
    state = state.determinize(seat, rng)
    module = game_module(state.GAME)
    fresh = module.new_game(**{**Table.setup(state.table), "seed": rng.randrange(2**31)})
    doc = json.loads(state.to_json())
    doc["table"] = json.loads(fresh.to_json())["table"]
    return module.from_json(json.dumps(doc))


def position_link(match: Match, seat: int | None, *, ply: int | None = None, seats: Sequence[str] | None = None,
                  earlier: int = 0, rng: random.Random | None = None) -> str:
    """The text of a link to the position after ``ply`` moves of ``match`` (default: its current one) as ``seat``
    may know it, with the ``seats`` to play it (one string a seat). Compact and URL-safe: the value of an
    address's ``position=``. ``earlier``: the moves played before ``match``'s start (it began at a linked
    position). ``rng`` (default: a fresh one) redraws what ``seat`` may not know. ValueError for a ``seat`` None
    (nobody's view) where something is hidden."""
    ply = match.ply if ply is None else ply
    if not 0 <= ply <= match.ply:
        raise ValueError(f"no position after {ply} moves (0..{match.ply})")
    states = match.states[: ply + 1]
    state = states[-1]
    players = state.players
    if seat is not None:
        check_int(seat, "seat", 0, players - 1)
    body: dict[str, Any] = {"seats": _seats(seats, players), "seat": seat}
    if hides_nothing(states):
        exact = Match(states[0])
        for move in match.moves[:ply]:
            exact.play(move)
        body.update(moves_before=earlier, match=json.loads(exact.to_json()))
    elif seat is None:
        raise ValueError("this position hides cards from some players: a link to it keeps one player's view, "
                         "and none is named")
    else:
        opening = unseen_redrawn(state, seat, rng or random.Random())
        body.update(moves_before=earlier + ply, start=json.loads(opening.to_json()))
    raw = envelope(KIND, state.GAME, body)
    packed = zlib.compress(json.dumps(json.loads(raw), separators=(",", ":")).encode("utf-8"), 9)
    return base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


def from_link(text: Any, rng: random.Random | None = None) -> Linked:
    """The position a link's text holds, checked like a save file; ValueError saying what is wrong with a
    damaged, cut or foreign link. Cards its seat could not see are dealt afresh from ``rng`` (default: a
    fresh one)."""
    doc = open_envelope(_unpacked(text), kind=KIND)
    module = game_module(doc["game"])
    r = Reader(doc)
    if ("start" in doc) == ("match" in doc):
        raise damaged(say("a position link holds either a position ('{start}') or a whole game ('{match}')",
                          start="start", match="match"))
    if "match" in doc:
        match = Match.from_json(json.dumps(r.raw("match")))
        if not hides_nothing(match.states):
            raise damaged(say("this link holds a whole game with hidden cards: a link may hold only a position "
                              "as one seat may know it"))
    else:
        match = Match(module.from_json(json.dumps(r.raw("start"))))
    before = r.int("moves_before", 0, MAX_MOVES_BEFORE)
    state = match.start
    if state.GAME != module.GAME:
        raise damaged(say("this link says it is a {game} link, but holds a {held} position", game=repr(module.GAME),
                          held=repr(state.GAME)))
    players = state.players
    seat = r.optional_int("seat", 0, players - 1)
    seats = None if r.raw("seats") is None else r.list("seats", _seat_text, length=players)
    afresh = "start" in doc and not hides_nothing([state])
    if afresh and seat is None:
        raise damaged(say("this link holds a position with hidden cards but names no seat whose view it keeps"))
    if afresh:
        match = Match(unseen_redrawn(state, seat, rng or random.Random()))
    return Linked(match, seats, seat, before, afresh)


def _seats(seats: Sequence[str] | None, players: int) -> list[str] | None:
    if seats is None:
        return None
    seats = list(seats)
    if len(seats) != players or not all(isinstance(s, str) for s in seats):
        raise ValueError(f"seats must be {players} strings, one a seat, not {seats!r}")
    return seats


def _seat_text(value: Any, path: str) -> str:
    if not isinstance(value, str) or not value or len(value) > 40:
        raise damaged(say("{path} must be a seat's kind (a short string), got {value}", path=path, value=repr(value)))
    return value


def _unpacked(text: Any) -> str:
    """The document a link's text packs; ValueError if the text is not one (cut, changed, or too long)."""
    if not isinstance(text, str) or not text:
        raise damaged(say("the link holds no position"))
    if len(text) > MAX_TEXT:
        raise damaged(say("the link's position is {n} characters long, more than a position link holds",
                          n=len(text)))
    if not URL_SAFE.fullmatch(text):
        raise damaged(say("the link's position has characters a position link never holds (was it changed?)"))
    try:
        packed = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
        unpack = zlib.decompressobj()
        raw = unpack.decompress(packed, MAX_DOCUMENT)
    except (binascii.Error, zlib.error):
        raise damaged(say("the link's position cannot be read (was it cut short or changed?)")) from None
    if unpack.unconsumed_tail:
        raise damaged(say("the link's position unpacks to more than a position link holds"))
    if not unpack.eof:
        raise damaged(say("the link's position is cut short (was the address copied whole?)"))
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        raise damaged(say("the link's position is not a document of this project")) from None
