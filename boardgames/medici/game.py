"""Medici's face: ``State``, a position with the protocol's methods, which bind the rules to it.

``legal_moves``, ``check`` and ``play`` ask ``refusals`` and ``flow``; ``determinize`` re-deals what a seat
cannot see; ``to_json`` is ``saving``'s. ``seal`` turns a finished draft into a State, and ``new_game`` and
``from_json`` seal what ``saving`` builds.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from boardgames.core import IllegalMove
from boardgames.core.drafts import sealer
from boardgames.medici import flow, refusals, saving
from boardgames.medici.cards import Card
from boardgames.medici.flow import no_draw
from boardgames.medici.log import render
from boardgames.medici.moves import AUCTION, BIDS, DRAW, PASS, STOWS, Auction, Bid, Draw, Pass
from boardgames.medici.state import BIDDING, REVEAL, STOWING, Position, draft


class State(Position):
    """A Medici position with its rules. Build one with ``new_game``; every move returns a new State."""

    __slots__ = ()
    RENDER = staticmethod(render)

    def legal_moves(self) -> list:
        step = self.step
        if step == BIDDING:
            money = self.money[self.bidder]
            moves = [PASS]
            moves += BIDS[self.high_bid + 1 : money + 1]
            if money >= len(BIDS):
                moves += [Bid(n) for n in range(max(len(BIDS), self.high_bid + 1), money + 1)]
            return moves
        if step == REVEAL:  # the flow opens the auction itself when no card may be added
            return [DRAW, AUCTION]
        if step == STOWING:
            return list(STOWS)
        return []

    def check(self, move: Any, seat: int | None = None) -> IllegalMove | None:
        """The IllegalMove that ``move`` (by ``seat``, default the current player) would raise, or None."""
        if seat is None and self.step == BIDDING:  # the common case first
            kind = type(move)
            if kind is Bid:
                return refusals.bid(self, move.amount, self.bidder)
            if kind is Pass:
                return None
        return refusals.refusal(self, move, seat)

    def play(self, move: Any, seat: int | None = None) -> State:
        """The state after ``move``; raises IllegalMove (and this state stays as it is) if it is illegal."""
        kind = type(move)
        step = self.step
        if seat is None:  # the common legal moves go straight through
            if step == BIDDING:
                if kind is Pass:
                    return seal(flow.bid(draft(self), None))
                if kind is Bid and refusals.bid(self, move.amount, self.bidder) is None:
                    return seal(flow.bid(draft(self), move.amount))
            elif step == REVEAL:
                if kind is Draw and no_draw(self.lot, self.deck, self.room) is None:
                    return seal(flow.draw(draft(self)))
                if kind is Auction and self.lot:
                    return seal(flow.open_auction(draft(self)))
        refusal = refusals.refusal(self, move, seat)
        if refusal is not None:
            raise refusal
        d = draft(self)
        if kind is Bid:
            return seal(flow.bid(d, move.amount))
        if kind is Pass:
            return seal(flow.bid(d, None))
        if kind is Draw:
            return seal(flow.draw(d))
        if kind is Auction:
            return seal(flow.open_auction(d))
        return seal(flow.stow(d, self.high_bidder, move.ship))

    def determinize(self, seat: int, rng: random.Random) -> State:
        """A full state agreeing with all ``seat`` can know: the unseen cards (deck and set-aside) are
        re-dealt from ``rng``, and later days' shuffles come from a fresh seed."""
        cards = list(self.unseen_cards())
        rng.shuffle(cards)
        k = len(self.deck)
        d = draft(self)
        d.table = replace(self.table, seed=rng.randrange(2**63), decks=(None,) * len(self.table.decks))
        d.deck, d.aside = tuple(cards[:k]), tuple(cards[k:])
        return seal(d)

    def to_json(self) -> str:
        return saving.to_json(self)


seal = sealer(State)


def keeps_secrets(state: State) -> bool:
    """Whether some seat at ``state`` holds what the others may not know: never in Medici. The deck's order and
    the cards set aside are hidden from every seat alike, and everything a seat owns (money, ships, levels) lies
    open, so a bot's reasons read nothing another seat could not know."""
    return False


def new_game(
    players: int | Sequence[str],
    *,
    seed: int = 0,
    first_player: int = 0,
    decks: Sequence[Sequence[Card | str] | None] | None = None,
    **flags: bool,
) -> State:
    """A new game for 2 to 6 players (a count or a list of names).

    ``decks`` optionally fixes the deck of day 1, 2 and 3 (top first); a day not given is shuffled
    from ``seed``. Flags: ``two_player_ships`` (default True), ``start_space_scores`` (default False).
    """
    return seal(saving.start(players, seed=seed, first_player=first_player, decks=decks, **flags))


def from_json(text: str) -> State:
    """A state from ``State.to_json()``; a damaged or foreign document raises ValueError saying why."""
    return seal(saving.read(text))
