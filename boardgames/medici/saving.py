"""Starting, saving and loading a Medici game: ``new_game``'s checks beyond the shared ones, the save
document's body, and ``consistency_problem`` (what makes a loaded position impossible)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import chain
from typing import Any

from boardgames.core import (
    IllegalMove,
    check_int,
    check_list,
    check_text,
    damaged,
    envelope,
    new_table,
    read_table,
    state_document,
    why,
)
from boardgames.core.message import Message, english, say, say_n
from boardgames.medici import flow, records
from boardgames.medici.cards import COPIES, DECK, Card, card, card_said, cards_said
from boardgames.medici.refusals import reveal
from boardgames.medici.rules import DAYS, GAME, GOODS, HOLDS, MAX_LOT, SPEC, STARTING_MONEY, TOP_LEVEL
from boardgames.medici.state import BIDDING, OVER, REVEAL, STEPS, STOWING, Draft, Position, Table


def start(
    players: int | Sequence[str],
    *,
    seed: int = 0,
    first_player: int = 0,
    decks: Sequence[Sequence[Card | str] | None] | None = None,
    **flags: bool,
) -> Draft:
    """The first position of a new game (``game.new_game`` says what the arguments mean), as a draft."""
    table = new_table(SPEC, players, seed, first_player, flags, Table, decks=_decks(decks))
    n = table.players
    if n == 2 and not table.two_player_ships:
        raise IllegalMove("medici.setup.players", "A two-player game needs the flag two_player_ships.")
    deck, aside = table.deal(1)
    d = Draft(
        table=table,
        day=1,
        money=(STARTING_MONEY[n],) * n,
        loads=(((),) * table.ships_per_seat,) * n,
        levels=((0,) * len(GOODS),) * n,
        deck=deck,
        aside=aside,
        discard=(),
        lot=(),
        step=REVEAL,
        auctioneer=first_player,
        bidder=None,
        high_bid=0,
        high_bidder=None,
        incomes=(),
        log=[(records.DayStarted, first_player, 1)],
    )
    return flow.start_turn(d, first_player)


def _decks(decks: Any) -> tuple[tuple[Card, ...] | None, ...]:
    if decks is None:
        return (None,) * DAYS
    if isinstance(decks, (str, bytes)) or len(decks) > DAYS:
        raise damaged(say("{what} is a list of at most {days} lists of cards (one per day)", what="decks", days=DAYS))
    out: list = []
    for day, given in enumerate(decks, start=1):
        if given is None:
            out.append(None)
            continue
        if isinstance(given, (str, bytes)):
            raise damaged(say("the deck of day {day} must be a list of cards, not a string", day=day))
        cards = tuple(card(c) for c in given)
        if not cards:
            raise damaged(say("the deck of day {day} is empty", day=day))
        for c, k in Counter(cards).items():
            if k > COPIES[c]:
                times = say("once") if COPIES[c] == 1 else say("{n} times", n=COPIES[c])
                raise damaged(say("the deck of day {day} holds {card} {k} times, but the game has it only {times}",
                                  day=day, card=card_said(c), k=k, times=times))
        out.append(cards)
    return tuple(out) + (None,) * (DAYS - len(out))


def to_json(s: Position) -> str:
    """``s`` as a save document (``from_json`` reads it back equal)."""
    return envelope(
        "state",
        GAME,
        {
            "table": s.table.block(),
            "day": s.day,
            "money": list(s.money),
            "ships": [[_strs(ship) for ship in ships] for ships in s.loads],
            "levels": [list(lv) for lv in s.levels],
            "deck": _strs(s.deck),
            "aside": _strs(s.aside),
            "discard": _strs(s.discard),
            "lot": _strs(s.lot),
            "step": s.step,
            "auctioneer": s.auctioneer,
            "bidder": s.bidder,
            "high_bid": s.high_bid,
            "high_bidder": s.high_bidder,
            "incomes": [list(day) for day in s.incomes],
        },
    )


def read(text: str) -> Draft:
    """The position a save document holds, as a draft; a damaged or foreign document raises ValueError saying
    why (``game.from_json``)."""
    r = state_document(text, GAME)
    t = r.sub("table")
    decks = t.list("decks", lambda v, p: None if v is None else check_list(v, p, _json_card), length=DAYS)
    try:
        decks = _decks(decks)  # the same checks as new_game: no card more often than the game has it
    except ValueError as exc:
        path = f"{t.path}.decks"
        raise damaged(say("{path}: {reason}", path=path, reason=why(exc))) from None
    table = read_table(t, SPEC, Table, decks=decks)
    n, k = table.players, table.ships_per_seat
    state = Draft(
        table=table,
        day=r.int("day", 1, DAYS),
        money=r.list("money", lambda v, p: check_int(v, p, 0), length=n),
        loads=r.list(
            "ships",
            lambda v, p: check_list(v, p, lambda s, q: check_list(s, q, _json_card), length=k),
            length=n,
        ),
        levels=r.list(
            "levels",
            lambda v, p: check_list(v, p, lambda x, q: check_int(x, q, 0, TOP_LEVEL), length=len(GOODS)),
            length=n,
        ),
        deck=r.list("deck", _json_card),
        aside=r.list("aside", _json_card),
        discard=r.list("discard", _json_card),
        lot=r.list("lot", _json_card),
        step=r.str("step", STEPS),
        auctioneer=r.int("auctioneer", 0, n - 1),
        bidder=r.optional_int("bidder", 0, n - 1),
        high_bid=r.int("high_bid", 0),
        high_bidder=r.optional_int("high_bidder", 0, n - 1),
        incomes=r.list("incomes", lambda v, p: check_list(v, p, lambda x, q: check_int(x, q, 0), length=n)),
    )
    problem = consistency_said(state)
    if problem is not None:
        raise damaged(say("inconsistent Medici state: {problem}", problem=problem))
    return state


def consistency_problem(s: Position) -> str | None:
    """What makes ``s`` impossible in a game of Medici (in English), or None if nothing does."""
    said = consistency_said(s)
    return None if said is None else english(said)


def consistency_said(s: Position) -> Message | None:
    """``consistency_problem`` as a message."""
    for ships in s.loads:
        for ship in ships:
            if len(ship) > HOLDS:
                return say("a ship holds {n} cards (at most {holds})", n=len(ship), holds=HOLDS)
    held = Counter(chain(s.deck, s.aside, s.discard, s.lot, *(ship for ships in s.loads for ship in ships)))
    if held != COPIES:
        extra = held - Counter(DECK)
        missing = Counter(DECK) - held
        return say("the 36 cards are not all accounted for (extra: {extra}; missing: {missing})",
                   extra=cards_said(sorted(extra.elements())), missing=cards_said(sorted(missing.elements())))
    if len(s.lot) > MAX_LOT:
        return say("the lot has {n} cards (at most {most})", n=len(s.lot), most=MAX_LOT)
    done = DAYS if s.step == OVER else s.day - 1
    if len(s.incomes) != done:
        return say_n("{n} day of income recorded on day {day}", "{n} days of income recorded on day {day}",
                     len(s.incomes), day=s.day)
    if s.step == REVEAL:
        if s.bidder is not None or s.high_bidder is not None or s.is_full(s.auctioneer):
            return say("a revealing step with a bidder, or a full auctioneer")
        if not s.lot or reveal(s) is not None:
            return say("a revealing step where the auctioneer has no choice (empty lot, or no card may be added)")
    if s.step == BIDDING:
        if s.bidder is None or not s.lot or not s.fits(s.bidder) or s.money[s.bidder] <= s.high_bid:
            return say("a bidding step whose bidder cannot bid")
        if (s.high_bidder is None) != (s.high_bid == 0):
            return say("a high bid without a bidder (or the reverse)")
    if s.step == STOWING:
        if s.high_bidder is None or s.table.ships_per_seat != 2 or not s.lot:
            return say("a stowing step without a two-ship winner")
        if sum(len(ship) + len(s.lot) <= HOLDS for ship in s.loads[s.high_bidder]) < 2:
            return say("a stowing step where only one ship can take the lot")
    return None


def _strs(cards: Sequence[Card]) -> list[str]:
    return [str(c) for c in cards]


def _json_card(value: Any, path: str) -> Card:
    return check_text(value, path, card, "fur:5")
