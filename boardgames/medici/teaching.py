"""Medici's teaching (``boardgames.core.teaching``): florins, the review's thresholds and worlds, a bid the expert
did not weigh, and the puzzle themes."""

from __future__ import annotations

from typing import Any

from boardgames.bots import Judgement, move_said
from boardgames.core.message import english, say, term
from boardgames.core.teaching import GENERAL, Setup, Teaching
from boardgames.medici.guide import adds_up, does, facts, rule
from boardgames.medici.moves import Auction, Draw
from boardgames.medici.scoring import moved_levels, top_bonus
from boardgames.medici.state import REVEAL


def unweighed_bid(bot: Any, world: Any, seat: int, move: Any, values: dict[Any, Judgement]) -> Judgement:
    """A bid the expert did not weigh, valued on the line through the bids it weighed next to it (beyond them, a
    florin more bid is a florin less kept)."""
    bids = sorted((m.amount, j.value) for m, j in values.items() if hasattr(m, "amount"))
    amount = move.amount
    if not bids:
        raise ValueError(f"the expert weighed no bid to value {move} by")
    below = [b for b in bids if b[0] < amount]
    above = [b for b in bids if b[0] > amount]
    if below and above:
        (a, va), (b, vb) = below[-1], above[0]
        value = va + (vb - va) * (amount - a) / (b - a)
        how = say("between the bids of {low} and {high} the expert weighed", low=a, high=b)
    elif below:
        a, va = below[-1]
        value = va - (amount - a)
        how = say("{over} florins over the highest bid the expert weighed, {bid}, each a florin less kept",
                  over=amount - a, bid=a)
    else:
        b, vb = above[0]
        value = vb
        how = say("as the lowest bid the expert weighed, {bid}", bid=b)
    return Judgement(move, value, say("about {florins:.0f} florins at the day's end", florins=value),
                     say("{move}: valued {how}", move=move_said(move), how=how))


def themes(state: Any, best: Any, second: Any) -> list[str]:
    """The day's last lot, catching up on a goods track, a ship's last hold, or (for the auctioneer) draw or
    auction."""
    if state.step == REVEAL:
        return ["draw-or-auction"] if isinstance(best, (Draw, Auction)) else []  # the auctioneer's own question
    seat = state.current_player
    lot = state.lot
    out = []
    if len(state.deck) <= len(lot) or sum(1 for room in state.room if room) <= 2:
        out.append("last-lot")  # the deck holds no more than another lot, or two ships at most have room: the day
        # may end with this lot
    if lifts_on_a_track(state, seat, lot):
        out.append("goods-track")
    if lot and 0 < state.room[seat] <= len(lot):
        out.append("last-hold")  # the lot fills the seat's ship
    return out


def lifts_on_a_track(state: Any, seat: int, lot: tuple) -> bool:
    """Whether the lot's goods would lift ``seat`` level with or past every rival on a goods track it was behind
    on (the track's majority), or onto a level with a bonus."""
    levels = state.levels[seat]
    lifted = moved_levels(levels, lot)
    for g, (before, after) in enumerate(zip(levels, lifted)):
        if after == before:
            continue
        lead = max((state.levels[s][g] for s in range(state.players) if s != seat), default=0)
        if before < lead <= after or top_bonus(after) > top_bonus(before):
            return True
    return False


# what the score counts, as a word of the games (``TEACHING.unit`` is its English)
UNIT = term("game.unit", "florins")

TEACHING = Teaching(
    unit=english(UNIT),
    thresholds=(3.0, 6.0, 12.0),
    worlds=64,
    screen=8,
    themes={
        "last-lot": say("The day's last lot"),
        "goods-track": say("Catching up on a goods track"),
        "last-hold": say("A ship's last hold"),
        "draw-or-auction": say("Draw another card or auction"),
        GENERAL: say("Bid, pass or draw: the best move"),
    },
    fits=themes,
    unlisted=unweighed_bid,
    # the first game: two seats, the learner first, expert bots; seed 7, among the first ten a short game that the
    # learner, playing the expert's moves, wins (40 learner steps; benchmarks/guided.py prints steps, clicks, times)
    first_game=Setup(("Ada", "Ben"), 0, "expert", 7),
    rule=rule,
    does=does,
    facts=facts,
    scoring_opens="medici.day.end",
    adds_up=adds_up,
)
