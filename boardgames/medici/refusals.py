"""Why a Medici move is illegal: one function per rule family (revealing, bidding, stowing, whose turn),
each rule's test written once and used by ``check``, by ``play`` and by the flow alike."""

from __future__ import annotations

from typing import Any

from boardgames.core import RULE_GAME_OVER, RULE_NOT_A_MOVE, RULE_NOT_NOW, IllegalMove, say, say_n
from boardgames.core.message import Message
from boardgames.medici.flow import no_draw
from boardgames.medici.moves import Auction, Bid, Draw, Pass, Stow
from boardgames.medici.rules import HOLDS, MAX_LOT
from boardgames.medici.state import BIDDING, OVER, REVEAL, Position

MOVE_TYPES = (Draw, Auction, Bid, Pass, Stow)


def refusal(s: Position, move: Any, seat: int | None) -> IllegalMove | None:
    """The IllegalMove that ``move`` by ``seat`` (None: the current player) would raise in ``s``, or None."""
    step = s.step
    kind = type(move)
    if step == OVER:
        return IllegalMove(RULE_GAME_OVER, say("The game is over: no more moves."))
    if kind not in MOVE_TYPES:
        return IllegalMove(RULE_NOT_A_MOVE, say("{move} is not a Medici move.", move=repr(move)))
    actor = s.current_player
    if seat is not None and seat != actor:
        return wrong_seat(s, move, seat)
    name = s.table.names[actor]
    if step == BIDDING:
        if kind is Pass:
            return None
        if kind is Bid:
            return bid(s, move.amount, actor)
        if kind is Draw:  # the auction opened because no card may be added: say which rule
            return reveal(s) or IllegalMove(
                RULE_NOT_NOW, say("The auction is open: no more cards are revealed. {name} must bid or pass.",
                                  name=name))
        return IllegalMove(RULE_NOT_NOW, say("The lot is being auctioned: {name} must bid or pass.", name=name))
    if step == REVEAL:
        if kind is Draw:
            return reveal(s)
        if kind is Auction:
            return auction(s)
        return IllegalMove(RULE_NOT_NOW, say("{name} is still revealing cards: bidding has not started.", name=name))
    if kind is Stow:  # the winner of a two-ship game chooses a ship
        return stow(s, move.ship, actor)
    return IllegalMove(RULE_NOT_NOW, say("{name} must choose a ship for the lot just won.", name=name))


def reveal(s: Position) -> IllegalMove | None:
    """Rules 4, 6 and 7: why no card may join the lot now, or None if one may."""
    why = no_draw(s.lot, s.deck, s.room)
    if why is None:
        return None
    if why == "medici.reveal.limit":
        return IllegalMove(why, say("No more cards: a lot has at most {most}.", most=MAX_LOT))
    if why == "medici.reveal.deck-empty":
        return IllegalMove(why, say("No more cards: the deck is empty."))
    return IllegalMove(why, say("No ship has room for {cards} cards (the most free holds on any ship is {room}).",
                                cards=len(s.lot) + 1, room=max(s.room)))


def auction(s: Position) -> IllegalMove | None:
    """Rule 5: the auction opens on a lot of at least one card."""
    if not s.lot:  # never in play: the engine reveals the first card itself
        return IllegalMove("medici.auction.empty-lot", say("Reveal at least one card before opening the auction."))
    return None


def bid(s: Position, amount: Any, seat: int) -> IllegalMove | None:
    """Rules 10-12: why ``seat`` may not bid ``amount`` on the lot now, or None if the bid stands."""
    if (type(amount) is not int and (isinstance(amount, bool) or not isinstance(amount, int))) or amount < 1:
        return IllegalMove("medici.bid.minimum", say("A bid is a whole number of at least 1, not {amount}.",
                                                     amount=repr(amount)))
    if amount <= s.high_bid:
        return IllegalMove("medici.bid.must-exceed",
                           say("A bid must be higher than the current bid of {bid}.", bid=s.high_bid))
    if amount > s.money[seat]:
        name = s.table.names[seat]
        return IllegalMove("medici.bid.over-money", say("{name} cannot bid {amount}: only {money} florins in hand.",
                                                        name=name, amount=amount, money=s.money[seat]))
    if s.room[seat] < len(s.lot):
        return IllegalMove("medici.bid.no-room", _no_room_text(s, seat))
    return None


def stow(s: Position, ship: Any, seat: int) -> IllegalMove | None:
    """Rule 20: in a two-ship game the winner loads the lot onto one of two ships with room for it."""
    name = s.table.names[seat]
    if ship not in (0, 1):
        text = say("{name} has two ships, Stow(0) and Stow(1); there is no Stow({ship}).", name=name, ship=repr(ship))
        return IllegalMove("medici.ship.choose", text)
    if len(s.loads[seat][ship]) + len(s.lot) > HOLDS:
        return IllegalMove("medici.ship.choose", say("Ship {number} has no room for {cards} cards.", number=ship + 1,
                                                     cards=len(s.lot)))
    return None


def wrong_seat(s: Position, move: Any, seat: Any) -> IllegalMove:
    """Rules 2, 3 and 9: why ``seat``, whose decision it is not, may not make ``move`` now."""
    names = s.table.names
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(names):
        return IllegalMove("medici.turn.not-your-turn", say("There is no seat {seat} in this game.", seat=repr(seat)))
    if s.step == BIDDING and type(move) in (Bid, Pass):
        if s.is_full(seat):
            return IllegalMove("medici.day.skip-full",
                               say("{name}'s ship is full: out for the rest of the day.", name=names[seat]))
        if type(move) is Bid and not s.fits(seat):
            return IllegalMove("medici.bid.no-room", _no_room_text(s, seat))
        order = s.bidding_order()
        if order.index(seat) < order.index(s.bidder):
            return IllegalMove("medici.bid.once", say("{name} has already had a chance at this lot.", name=names[seat]))
    return IllegalMove("medici.turn.not-your-turn", say("It is {mover}'s decision now, not {name}'s.",
                                                        mover=names[s.current_player], name=names[seat]))


def _no_room_text(s: Position, seat: int) -> Message:
    name, size = s.table.names[seat], len(s.lot)
    if s.table.players == 2:
        return say_n("{name} cannot bid: the lot of {n} card does not fit on {name}'s ships.",
                     "{name} cannot bid: the lot of {n} cards does not fit on {name}'s ships.", size, name=name)
    return say_n("{name} cannot bid: the lot of {n} card does not fit on {name}'s ship.",
                 "{name} cannot bid: the lot of {n} cards does not fit on {name}'s ship.", size, name=name)
