"""Review a game: every decision of one seat judged against the game's expert, in the information state it had.

``review(states, moves, seat)`` judges each position ``states[ply]`` where ``seat`` was to move: in ``worlds`` worlds
``determinize`` draws for that seat (seeded from what the seat could see, so two runs give the same review), the game's
expert (``make_bot(game, "expert")``) values the legal moves; the move played and the best move are compared by their
values averaged over the worlds. What the played move cost against the best, in the game's terms (its teaching
description's ``unit``, ``boardgames.core.teaching``), gives its label by the game's ``thresholds``: good, inaccuracy,
mistake or blunder. A position with one legal move is "forced" and never labelled. The review reads the record only
through worlds drawn for the seat, so it never shows what that seat could not know. How the thresholds and the number of
worlds were chosen, with the figures: ``docs/review.md``.
"""

from __future__ import annotations

import csv
import io
import json
import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from boardgames.bots import ONLY_MOVE, Judgement, make_bot, move_said
from boardgames.core.message import Message, english, say
from boardgames.core.teaching import teaching_of
from boardgames.hints import position_seed
from boardgames.practice import Feedback, move_judge
from boardgames.terms import unit_said

LABELS = ("good", "inaccuracy", "mistake", "blunder")
FORCED = "forced"  # the label of a position with one legal move: not a decision, never counted
EQUAL = 0.01  # a move that costs less than this (in the game's terms) is as good as the best: the experts break ties
# between equal moves by a random amount below a thousandth, so a cost is counted to the hundredth


@dataclass(frozen=True)
class Decision:
    """One decision of ``seat``: the position before it is ``states[ply]``; ``cost`` is what ``move`` cost against
    the expert's ``best`` (0.0 when it was the best, or forced), in the game's terms; ``outlook`` the seat's
    expected result after the move played (the chart's y). The worths and the reason are the expert's words, messages
    (``boardgames.core.message``) or English."""

    ply: int
    seat: int
    move: Any
    label: str
    cost: float
    best: Any
    played_worth: Any
    best_worth: Any
    reason: Any
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
        """The game's terms for a cost or an outlook: florins, points, prestige, VP."""
        return teaching_of(self.game).unit

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
        """One dict a decision: the moves as text, the figures rounded (None for no figure), the words in English."""
        return [{
            "ply": d.ply, "move": str(d.move), "label": d.label, "cost": _figure(d.cost), "best": str(d.best),
            "played_worth": english(d.played_worth), "best_worth": english(d.best_worth), "reason": english(d.reason),
            "outlook": _figure(d.outlook),
        } for d in self.decisions]

    def to_json(self) -> str:
        """The review as a JSON document: the game, the seat, the worlds, the unit and thresholds, and per decision
        its labels and figures (moves as text)."""
        return json.dumps({
            "game": self.game, "seat": self.seat, "worlds": self.worlds, "unit": self.unit,
            "thresholds": list(teaching_of(self.game).thresholds), "counts": self.counts(), "decisions": self.rows(),
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
    """The label of a decision that cost ``cost`` (in the game's terms) by the game's thresholds."""
    inaccuracy, mistake, blunder = teaching_of(game).thresholds
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
    ``moves[i]``), each in ``worlds`` worlds determinized for the seat (default: the game's ``worlds``).
    ``progress(done, total)`` is called after each decision; ``stop()`` true ends early (the review of what was
    done). ``salt`` changes every world's seed (two salts: two independent runs, to measure stability)."""
    if not states:
        raise ValueError("a review needs the game's positions")
    if len(states) < len(moves):
        raise ValueError(f"{len(moves)} moves need {len(moves)} positions before them, not {len(states)}")
    game = states[0].GAME
    count = teaching_of(game).worlds if worlds is None else worlds
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
        return Decision(ply, seat, move, FORCED, 0.0, move, say("no other move to weigh"),
                        say("no other move to weigh"), ONLY_MOVE, outlook)
    mean, judged, chart = weigh(state, move, ply, worlds, salt=salt)
    best = max(mean, key=lambda m: (mean[m], m == move))
    cost = round((mean[best] - mean[move]) * pick_scale(state), 2)  # the experts' tie-breaks stay below
    if cost < EQUAL:
        best, cost = move, 0.0
    return Decision(
        ply, seat, move, label_for(game, cost), cost, best,
        typical(judged, move, mean[move]).worth, typical(judged, best, mean[best]).worth,
        typical(judged, best, mean[best]).reason, chart,
    )


@dataclass
class AgainstTheBest:
    """The moves of the seat to move at ``state`` (the position before the game's move ``ply``) judged against the
    expert's ``best`` there, each as ``judge_decision`` judges a decision in ``worlds`` worlds: a legal move is right
    when it costs less than ``limit`` (in the game's terms). The one judge of a puzzle's answer and of a review's
    Try again; a move's cost is kept once worked out (``costs``, by the move's text)."""

    state: Any
    ply: int
    worlds: int
    best: Any
    limit: float
    costs: dict[str, float] = field(default_factory=dict)

    def cost(self, move: Any) -> float:
        """What the legal ``move`` costs against the best (0 for the best)."""
        key = str(move)
        if key not in self.costs:
            same = key == str(self.best)
            self.costs[key] = 0.0 if same else judge_decision(self.state, move, self.ply, self.worlds).cost
        return self.costs[key]

    def is_right(self, move: Any) -> bool:
        """Whether the legal ``move`` costs less than the limit."""
        return self.cost(move) < self.limit

    def judge(self, of_best: Message, within: Message, missed: Message, figure: Callable[[float], Any],
              **words: Any) -> Callable[[Any], Feedback]:
        """The judge of a move made on the board (``boardgames.practice.move_judge``): a move the engine refuses gets
        its refusal; the best is told ``of_best``, another right move ``within``, a wrong one ``missed``: messages
        whose places this fills, ``{move}``, ``{cost}`` and ``{limit}`` (written by ``figure``), ``{best}`` and the
        ``words`` given (the unit, the best move's worth, its reason)."""

        def said(template: Message, move: Any) -> Message:
            return say(template.english, move=move_said(move), cost=figure(self.cost(move)),
                       limit=figure(self.limit), best=move_said(self.best), **words)

        def right(move: Any) -> str:
            return said(of_best if str(move) == str(self.best) else within, move)

        return move_judge(self.state, self.state.current_player, self.is_right, right, lambda move: said(missed, move))


def weigh(state: Any, move: Any, ply: int, worlds: int, *,
          salt: int = 0) -> tuple[dict[Any, float], list[dict[Any, Judgement]], float]:
    """The expert's values of the seat's moves at ``state`` (before the game's move ``ply``), ``move`` among them,
    in ``worlds`` worlds drawn for the seat from what it could see: the mean value of each move valued in every
    world, the judgements world by world, and the seat's mean outlook after ``move`` (the game's ``outlook``)."""
    seat = state.current_player
    game = state.GAME
    teaching = teaching_of(game)
    base = position_seed(state)
    judged: list[dict[Any, Judgement]] = []
    chart = 0.0
    for k in range(worlds):
        rng = random.Random(f"review/{salt}/{ply}/{base}/{k}")
        world = state.determinize(seat, rng)
        bot = make_bot(game, "expert", seed=rng.getrandbits(32), **teaching.expert_options)
        values = {j.move: j for j in bot.judge(world) if j.value == j.value}
        if move not in values:
            values[move] = unlisted(bot, world, seat, move, values)
        judged.append(values)
        chart += teaching.outlook(world, seat, move, values[move]) / worlds
    common = [m for m in judged[0] if all(m in v for v in judged[1:])]
    return {m: sum(v[m].value for v in judged) / worlds for m in common}, judged, chart


def typical(judged: list[dict[Any, Judgement]], move: Any, mean: float) -> Judgement:
    """The judgement of ``move`` in the world whose value is nearest its mean (the first among equals)."""
    return min((v[move] for v in judged), key=lambda j: abs(j.value - mean))


# ---------------------------------------------------------------------------------------------- the games' terms
def pick_scale(state: Any) -> float:
    """What one unit of the expert's value is worth in the game's terms at ``state`` (the game's ``scale``)."""
    return teaching_of(state.GAME).scale(state)


def unlisted(bot: Any, world: Any, seat: int, move: Any, values: dict[Any, Judgement]) -> Judgement:
    """The expert's judgement of a legal ``move`` it did not list in ``world`` (see docs/review.md): the game's own
    (``unlisted``: a Medici bid on the line through the bids weighed, a Marco Polo move by the expert's look at the
    rest of the turn), else the expert's value of the position after it (the game's ``value_after``)."""
    teaching = teaching_of(world.GAME)
    if teaching.unlisted is not None:
        return teaching.unlisted(bot, world, seat, move, values)
    best = max(values.values(), key=lambda j: j.value)
    value = teaching.value_after(bot, world.play(move), seat)
    about, less = f"{value:.0f}", f"{best.value - value:.1f}"
    return Judgement(move, value, say("about {value} {unit}", value=about, unit=unit_said(teaching.unit)),
                     say("{move}: valued by the position after it, {less} less than {best}", move=move_said(move),
                         less=less, best=move_said(best.move)))
