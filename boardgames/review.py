"""Review a game: every decision of one seat judged against the game's expert, in the information state it had.

``review(states, moves, seat)`` judges each position ``states[ply]`` where ``seat`` was to move: in ``worlds``
worlds ``determinize`` draws for that seat (seeded from what the seat could see, so two runs give the same
review), the game's expert (``make_bot(game, "expert")``) values the legal moves; the move played and the best
move are compared by their values averaged over the worlds. What the played move cost against the best, in the
game's terms (``OUTLOOK_UNIT``), gives its label by the game's ``THRESHOLDS``: good, inaccuracy, mistake or
blunder. A position with one legal move is "forced" and never labelled. The review reads the record only through
worlds drawn for the seat, so it never shows what that seat could not know. How the thresholds and the number of
worlds were chosen, with the figures: ``docs/review.md``.
"""

from __future__ import annotations

import csv
import io
import json
import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from boardgames.bots import ONLY_MOVE, Judgement, make_bot
from boardgames.hints import position_seed
from boardgames.marcopolo.bot import MARGIN, TurnSearch, short_reason, worth
from boardgames.medina.rules import START as MEDINA_START
from boardgames.metropolis.bot import TOUCH, relative

LABELS = ("good", "inaccuracy", "mistake", "blunder")
FORCED = "forced"  # the label of a position with one legal move: not a decision, never counted

# The cost from which a decision is an inaccuracy, a mistake, a blunder, in the game's terms (see docs/review.md).
THRESHOLDS: dict[str, tuple[float, float, float]] = {
    "medici": (3.0, 6.0, 12.0),
    "medina": (1.0, 3.0, 6.0),
    "metropolis": (2.0, 4.0, 8.0),
    "marcopolo": (2.0, 4.0, 8.0),
}
OUTLOOK_UNIT = {"medici": "florins", "medina": "points", "metropolis": "prestige", "marcopolo": "VP"}
EQUAL = 0.01  # a move that costs less than this (in the game's terms) is as good as the best: the experts break ties
# between equal moves by a random amount below a thousandth, so a cost is counted to the hundredth
# The determinized worlds each decision is judged in, by default (measured: see docs/review.md).
WORLDS = {"medici": 64, "medina": 1, "metropolis": 2, "marcopolo": 16}
# The expert's options for a review: Medina's expert values a sample of the placements when there are many; the
# review has it value every one, so that the move played and the best are always among them.
EXPERT_OPTIONS: dict[str, dict[str, Any]] = {"medina": {"sample": 10**6}}


@dataclass(frozen=True)
class Decision:
    """One decision of ``seat``: the position before it is ``states[ply]``; ``cost`` is what ``move`` cost against
    the expert's ``best`` (0.0 when it was the best, or forced), in the game's terms; ``outlook`` the seat's
    expected result after the move played (the chart's y)."""

    ply: int
    seat: int
    move: Any
    label: str
    cost: float
    best: Any
    played_worth: str
    best_worth: str
    reason: str
    outlook: float


COLUMNS = ("ply", "move", "label", "cost", "best", "played_worth", "best_worth", "reason", "outlook")
RISKY = ("=", "+", "-", "@", "\t", "\r")  # a cell a spreadsheet would read as a formula begins with one of these


def safe_cell(value: Any) -> str:
    """``value`` as a spreadsheet cell that is never read as a formula: a number stays a number (``-3.5``); a text
    with a leading ``= + - @``, tab or carriage return gets a quote before it; a line break inside becomes a space
    (one row a decision)."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return str(value)
    text = "" if value is None else str(value)
    text = "'" + text if text.startswith(RISKY) else text
    return text.replace("\r\n", " ").replace("\r", " ").replace("\n", " ")


def _figure(x: float) -> float | None:
    """A figure for JSON: rounded, and None for NaN."""
    return None if x != x else round(x, 3)


@dataclass(frozen=True)
class Review:
    """The decisions of ``seat`` in one game of ``game``, each judged in ``worlds`` determinized worlds."""

    game: str
    seat: int
    decisions: tuple[Decision, ...]
    worlds: int

    @property
    def unit(self) -> str:
        return OUTLOOK_UNIT.get(self.game, "points")

    def costliest(self, count: int = 3) -> list[Decision]:
        """The ``count`` costliest decisions not labelled good (nor forced), costliest first (earliest among
        equals)."""
        bad = [d for d in self.decisions if d.label in LABELS[1:]]
        return sorted(bad, key=lambda d: (-d.cost, d.ply))[:count]

    def counts(self) -> dict[str, int]:
        """The decisions per label (forced ones too, under "forced")."""
        out = dict.fromkeys((*LABELS, FORCED), 0)
        for d in self.decisions:
            out[d.label] += 1
        return out

    def rows(self) -> list[dict[str, Any]]:
        """One dict a decision: the moves as text, the figures rounded (None for no figure)."""
        return [{
            "ply": d.ply, "move": str(d.move), "label": d.label, "cost": _figure(d.cost), "best": str(d.best),
            "played_worth": d.played_worth, "best_worth": d.best_worth, "reason": d.reason,
            "outlook": _figure(d.outlook),
        } for d in self.decisions]

    def to_json(self) -> str:
        """The review as a JSON document: the game, the seat, the worlds, the unit and thresholds, and per decision
        its labels and figures (moves as text)."""
        return json.dumps({
            "game": self.game, "seat": self.seat, "worlds": self.worlds, "unit": self.unit,
            "thresholds": list(THRESHOLDS.get(self.game, ())), "counts": self.counts(), "decisions": self.rows(),
        }, indent=1)

    def to_csv(self) -> str:
        """One row a decision (after a header): ply, move, label, cost, best, worths, reason, outlook; no cell
        begins with a character a spreadsheet reads as a formula (see ``safe_cell``)."""
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(COLUMNS)
        for row in self.rows():
            writer.writerow([safe_cell(row[c]) for c in COLUMNS])
        return out.getvalue()


def label_for(game: str, cost: float) -> str:
    """The label of a decision that cost ``cost`` (in the game's terms) by ``THRESHOLDS[game]``."""
    inaccuracy, mistake, blunder = THRESHOLDS[game]
    if cost >= blunder:
        return "blunder"
    if cost >= mistake:
        return "mistake"
    if cost >= inaccuracy:
        return "inaccuracy"
    return "good"


def review(
    states: Sequence,
    moves: Sequence,
    seat: int,
    *,
    worlds: int | None = None,
    progress: Callable[[int, int], None] | None = None,
    stop: Callable[[], bool] | None = None,
    salt: int = 0,
) -> Review:
    """Judge every decision of ``seat`` in the game whose positions are ``states`` (``states[i]`` before
    ``moves[i]``), each in ``worlds`` worlds determinized for the seat (default ``WORLDS[game]``).
    ``progress(done, total)`` is called after each decision; ``stop()`` true ends early (the review of what was
    done). ``salt`` changes every world's seed (two salts: two independent runs, to measure stability)."""
    if not states:
        raise ValueError("a review needs the game's positions")
    if len(states) < len(moves):
        raise ValueError(f"{len(moves)} moves need {len(moves)} positions before them, not {len(states)}")
    game = states[0].GAME
    count = WORLDS.get(game, 2) if worlds is None else worlds
    if count < 1:
        raise ValueError(f"a decision is judged in one world at least, not {count}")
    plies = [p for p in range(len(moves)) if not states[p].is_over and states[p].current_player == seat]
    out: list[Decision] = []
    outlook = math.nan
    for done, ply in enumerate(plies):
        if stop is not None and stop():
            break
        decision = judge_decision(states[ply], moves[ply], ply, count, outlook=outlook, salt=salt)
        outlook = decision.outlook
        out.append(decision)
        if progress is not None:
            progress(done + 1, len(plies))
    return Review(game, seat, tuple(out), count)


def judge_decision(state: Any, move: Any, ply: int, worlds: int, *, outlook: float = math.nan,
                   salt: int = 0) -> Decision:
    """The decision ``move`` of the seat to move at ``state`` (the position before the game's move ``ply``), judged
    in ``worlds`` worlds drawn for that seat. A forced move keeps the outlook given."""
    seat = state.current_player
    game = state.GAME
    legal = state.legal_moves()
    if len(legal) == 1:
        return Decision(ply, seat, move, FORCED, 0.0, move, "no other move to weigh", "no other move to weigh",
                        ONLY_MOVE, outlook)
    mean, judged, chart = weigh(state, move, ply, worlds, salt=salt)
    best = max(mean, key=lambda m: (mean[m], m == move))
    cost = round((mean[best] - mean[move]) * pick_scale(game, state), 2)  # the experts' tie-breaks stay below
    if cost < EQUAL:
        best, cost = move, 0.0
    return Decision(
        ply, seat, move, label_for(game, cost), cost, best,
        typical(judged, move, mean[move]).worth, typical(judged, best, mean[best]).worth,
        typical(judged, best, mean[best]).reason, chart,
    )


def weigh(state: Any, move: Any, ply: int, worlds: int, *,
          salt: int = 0) -> tuple[dict[Any, float], list[dict[Any, Judgement]], float]:
    """The expert's values of the seat's moves at ``state`` (before the game's move ``ply``), ``move`` among them,
    in ``worlds`` worlds drawn for the seat from what it could see: the mean value of each move valued in every
    world, the judgements world by world, and the seat's mean outlook after ``move`` (``seen_outlook``)."""
    seat = state.current_player
    game = state.GAME
    base = position_seed(state)
    judged: list[dict[Any, Judgement]] = []
    chart = 0.0
    for k in range(worlds):
        rng = random.Random(f"review/{salt}/{ply}/{base}/{k}")
        world = state.determinize(seat, rng)
        bot = make_bot(game, "expert", seed=rng.getrandbits(32), **EXPERT_OPTIONS.get(game, {}))
        values = {j.move: j for j in bot.judge(world) if j.value == j.value}
        if move not in values:
            values[move] = unlisted(game, bot, world, seat, move, values)
        judged.append(values)
        chart += seen_outlook(game, world, seat, move, values[move]) / worlds
    common = [m for m in judged[0] if all(m in v for v in judged[1:])]
    return {m: sum(v[m].value for v in judged) / worlds for m in common}, judged, chart


def typical(judged: list[dict[Any, Judgement]], move: Any, mean: float) -> Judgement:
    """The judgement of ``move`` in the world whose value is nearest its mean (the first among equals)."""
    return min((v[move] for v in judged), key=lambda j: abs(j.value - mean))


# ---------------------------------------------------------------------------------------------- the games' terms
def pick_scale(game: str, state: Any) -> float:
    """What one unit of the expert's value is worth in the game's terms at ``state``: 1, but for a deed picked in
    Metropolis's draft, which the expert values by the deeds of the seat it touches, each pair of cells side by
    side counted at what the expert's outlook counts it (``TOUCH`` prestige); and nothing for Medina's start
    merchant, which the expert places by its steps from the city's centre, a preference that scores no point."""
    if game == "metropolis" and state.drafting:
        return TOUCH
    if game == "medina" and state.step == MEDINA_START:
        return 0.0
    return 1.0


def seen_outlook(game: str, world: Any, seat: int, move: Any, judgement: Judgement) -> float:
    """The seat's expected result after ``move`` in ``world`` (the chart's y): the expert's value of the move, but
    for a deed picked in Metropolis's draft, the expert's margin to the best rival after the pick."""
    if game == "metropolis" and world.drafting:
        return relative(world.play(move), seat)
    return judgement.value


def unlisted(game: str, bot: Any, world: Any, seat: int, move: Any, values: dict[Any, Judgement]) -> Judgement:
    """The expert's judgement of a legal ``move`` it did not list in ``world`` (see docs/review.md): a Medici bid
    on the line through the bids it weighed (beyond them, a florin more bid is a florin less kept); a Marco Polo
    move by the expert's own look at the rest of the turn after it; elsewhere the expert's value of the position
    after it."""
    best = max(values.values(), key=lambda j: j.value)
    if game == "medici":
        return _medici_bid(move, values)
    if game == "marcopolo":
        after = world.play(move)
        value = TurnSearch(seat).settle(after)[0] + MARGIN.get(type(move), 0.0)
        return Judgement(move, value, worth(value), short_reason(world, after, seat, value, (best.value,
                                                                                             str(best.move))))
    if game == "metropolis":
        value = relative(world.play(move), seat)
    else:
        value = bot.value(world.play(move), seat)
    return Judgement(move, value, f"about {value:.0f} {OUTLOOK_UNIT.get(game, 'points')}",
                     f"{move}: valued by the position after it, {best.value - value:.1f} less than {best.move}")


def _medici_bid(move: Any, values: dict[Any, Judgement]) -> Judgement:
    """A Medici bid the expert did not weigh, valued on the line through the bids it weighed next to it."""
    bids = sorted((m.amount, j.value) for m, j in values.items() if hasattr(m, "amount"))
    amount = move.amount
    if not bids:
        raise ValueError(f"the expert weighed no bid to value {move} by")
    below = [b for b in bids if b[0] < amount]
    above = [b for b in bids if b[0] > amount]
    if below and above:
        (a, va), (b, vb) = below[-1], above[0]
        value = va + (vb - va) * (amount - a) / (b - a)
        how = f"between the bids of {a} and {b} the expert weighed"
    elif below:
        a, va = below[-1]
        value = va - (amount - a)
        how = f"{amount - a} florins over the highest bid the expert weighed, {a}, each a florin less kept"
    else:
        b, vb = above[0]
        value = vb
        how = f"as the lowest bid the expert weighed, {b}"
    return Judgement(move, value, f"about {value:.0f} florins at the day's end", f"{move}: valued {how}")
