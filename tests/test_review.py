"""The review of a game (``boardgames.review``): each decision of one seat judged against the game's expert in the
information state that seat had, labelled by what it cost in the game's terms; the same review on every run, a
forced move never labelled, another seat's secrets never read, a spreadsheet-safe download, progress reported and a
stop obeyed. Records are short (the first plies of a seeded expert game, or a few plies around a late position);
how long a whole game takes is measured by ``benchmarks/review.py``, never here."""

from __future__ import annotations

import csv
import dataclasses
import io
import json
import math
import random
from functools import cache

import pytest

import boardgames
from boardgames.bots import make_bot
from boardgames.core.teaching import teaching_of
from boardgames.medici.moves import Bid
from boardgames.medici.state import BIDDING
from boardgames.review import (
    FORCED,
    LABELS,
    Decision,
    Review,
    label_for,
    review,
)

GAMES = sorted(boardgames.GAMES)
PLIES = {"medici": 40, "medina": 12, "metropolis": 20, "marcopolo": 12}  # an expert game's opening, reviewed whole


@cache
def expert_record(game: str, plies: int, seed: int = 1, draft: bool = False) -> tuple[tuple, tuple]:
    """The first ``plies`` positions and moves of a seeded game of three experts."""
    state = boardgames.GAMES[game].new_game(3, seed=seed, **({"deed_draft": True} if draft else {}))
    bots = [make_bot(game, "expert", seed=seed * 10 + k) for k in range(3)]
    states, moves = [state], []
    while not state.is_over and len(moves) < plies:
        move = bots[state.current_player].choose(state)
        state = state.play(move)
        states.append(state)
        moves.append(move)
    return tuple(states), tuple(moves)


@cache
def reviewed(game: str, seat: int) -> Review:
    """The review of ``seat`` in ``expert_record(game, PLIES[game])``, made once for the tests that read it (the test
    that a review is the same on every run makes its second one itself)."""
    states, moves = expert_record(game, PLIES[game])
    return review(states, moves, seat)


def planted(game: str, ply: int, move: object, seed: int = 1) -> tuple[list, list]:
    """A record of one decision: the position before ``ply`` of the seeded expert game, and ``move`` played there."""
    states, _ = expert_record(game, ply + 1, seed)
    state = states[ply]
    assert move in state.legal_moves(), move
    return [state, state.play(move)], [move]


def named(state: object, text: str) -> object:
    """The legal move of ``state`` that reads ``text``."""
    return next(m for m in state.legal_moves() if str(m) == text)


def medici_overbid() -> tuple[list, list]:
    """Seat 0 bids all its florins on a lot of the seeded game, where the expert's limit is a few florins."""
    states, _ = expert_record("medici", PLIES["medici"])
    ply = next(p for p, s in enumerate(states) if s.step == BIDDING and s.current_player == 0
               and s.auctioneer != 0 and s.money[0] > s.high_bid + 20)
    state = states[ply]
    move = Bid(state.money[0])
    return [state, state.play(move)], [move]


# Each game's planted blunder, at a position of its seeded expert game where seat 0 is to move.
BLUNDERS = {
    "medici": medici_overbid,
    # a roof spent on a palace worth a few points while the city is still nearly empty (a roof kept is worth more)
    "medina": lambda: planted("medina", 7, named(expert_record("medina", 8)[0][7], "roof at (3, 6)")),
    # the first money of the game spent on a deed far from any other, instead of a building that scores every year
    "metropolis": lambda: planted("metropolis", 0, named(expert_record("metropolis", 1)[0][0], "buy H5")),
    # a long journey to cities that pay nothing the seat needs, all its coins and camels spent on it
    "marcopolo": lambda: planted("marcopolo", 1, named(expert_record("marcopolo", 2)[0][1],
                                                        "travel with 2 2: Alexandria, Oasis I")),
}


@pytest.mark.parametrize("game", GAMES)
def test_a_planted_blunder_is_labelled_a_blunder(game):
    states, moves = BLUNDERS[game]()
    seat = states[0].current_player
    result = review(states, moves, seat)
    (decision,) = result.decisions
    assert decision.label == "blunder", decision
    assert decision.cost >= teaching_of(game).thresholds[2]
    assert decision.best != decision.move and decision.best in states[0].legal_moves()
    assert result.costliest() == [decision]


@pytest.mark.parametrize("game", GAMES)
def test_expert_moves_are_never_blunders(game):
    for seat in range(3):
        result = reviewed(game, seat)
        assert result.decisions
        assert result.counts()["blunder"] == 0, [d for d in result.decisions if d.label == "blunder"]


@pytest.mark.parametrize("game", GAMES)
def test_a_review_is_the_same_on_every_run(game):
    states, moves = expert_record(game, PLIES[game])
    first = reviewed(game, 0)
    assert first.worlds == teaching_of(game).worlds
    assert review(list(states), list(moves), 0).to_json() == first.to_json()


@pytest.mark.parametrize("game", GAMES)
def test_each_decision_of_the_seat_is_judged_in_the_games_terms(game):
    states, moves = expert_record(game, PLIES[game])
    result = reviewed(game, 1)
    assert [d.ply for d in result.decisions] == [p for p in range(len(moves)) if states[p].current_player == 1]
    for d in result.decisions:
        assert d.seat == 1 and d.move == moves[d.ply] and d.label in (*LABELS, FORCED)
        assert d.cost >= 0 and (d.cost == 0) == (d.best == d.move)
        assert d.label == label_for(game, d.cost) or d.label == FORCED
        assert d.played_worth and d.best_worth and d.reason and math.isfinite(d.outlook)
    data = json.loads(result.to_json())
    assert data["game"] == game and data["unit"] == teaching_of(game).unit
    assert len(data["decisions"]) == len(result.decisions)


# Positions with one legal move, from seeded random games: (seed, ply).
FORCED_AT = {"medina": (1, 118), "metropolis": (0, 30), "marcopolo": (0, 19)}


@pytest.mark.parametrize("game", sorted(FORCED_AT))
def test_a_forced_move_is_never_labelled(game):
    seed, ply = FORCED_AT[game]
    state, rng = boardgames.GAMES[game].new_game(3, seed=seed), random.Random(seed)
    for _ in range(ply):
        state = state.play(rng.choice(state.legal_moves()))
    (move,) = state.legal_moves()
    result = review([state, state.play(move)], [move], state.current_player)
    (decision,) = result.decisions
    assert decision.label == FORCED and decision.cost == 0.0 and decision.best == move
    assert result.counts() == {**dict.fromkeys(LABELS, 0), FORCED: 1}
    assert result.costliest() == []


def blind(states: tuple, seat: int, k: int) -> list:
    """The positions as ``seat`` could have seen them: what it may not know redrawn (``determinize``)."""
    return [s if s.is_over else s.determinize(seat, random.Random(k)) for s in states]


def test_a_marco_polo_review_never_reads_another_seats_goal_cards():
    states, moves = expert_record("marcopolo", PLIES["marcopolo"])
    seen = reviewed("marcopolo", 0).to_json()
    for k in range(2):
        other = blind(states, 0, k)
        assert any(a.goal_cards[1:] != b.goal_cards[1:] for a, b in zip(states, other))
        assert review(other, moves, 0).to_json() == seen


def test_a_metropolis_review_never_reads_another_seats_draft_hand():
    states, moves = expert_record("metropolis", 9, draft=True)
    assert states[0].drafting and states[-1].drafting
    seen = review(states, moves, 0).to_json()
    for k in range(2):
        other = blind(states, 0, k)
        assert any(a.hands != b.hands for a, b in zip(states, other))
        assert review(other, moves, 0).to_json() == seen
    hands = list(states[0].hands)
    hands[1], hands[2] = hands[2], hands[1]
    swapped = dataclasses.replace(states[0], hands=tuple(hands))
    assert review([swapped, states[1]], moves[:1], 0).to_json() == review(states[:2], moves[:1], 0).to_json()


class Text:
    """A move whose text a spreadsheet would read as a formula."""

    def __init__(self, text: str) -> None:
        self.text = text

    def __str__(self) -> str:
        return self.text


def test_a_csv_download_is_spreadsheet_safe():
    risky = ["=HYPERLINK(\"x\")", "+1", "-2", "@SUM(A1)", "\tbid", "\rpass"]
    decisions = tuple(Decision(k, 0, Text(t), "mistake", 7.0, Text(t), t, t, t, -3.5) for k, t in enumerate(risky))
    text = Review("medici", 0, decisions, 2).to_csv()
    rows = list(csv.reader(io.StringIO(text, newline="")))
    assert rows[0] == ["ply", "move", "label", "cost", "best", "played_worth", "best_worth", "reason", "outlook"]
    assert len(rows) == len(risky) + 1
    texts = [cell for row in rows for k, cell in enumerate(row) if rows[0][k] not in ("ply", "cost", "outlook")]
    for cell in texts:
        assert not cell.startswith(("=", "+", "-", "@", "\t", "\r")), cell
    assert rows[1][1] == "'=HYPERLINK(\"x\")" and rows[6][1] == "' pass"
    assert rows[1][-1] == "-3.5" and float(rows[1][-1]) == -3.5  # a figure stays a number a spreadsheet can add


def test_a_real_review_downloads_as_csv_and_json():
    result = reviewed("medici", 0)
    rows = list(csv.reader(io.StringIO(result.to_csv(), newline="")))
    assert len(rows) == len(result.decisions) + 1
    data = json.loads(result.to_json())
    assert [d["label"] for d in data["decisions"]] == [d.label for d in result.decisions]
    assert data["thresholds"] == list(teaching_of("medici").thresholds) and data["worlds"] == result.worlds


def test_progress_is_reported_after_each_decision_and_stop_ends_the_review():
    states, moves = expert_record("medici", PLIES["medici"])
    calls = []
    whole = review(states, moves, 0, worlds=4, progress=lambda done, total: calls.append((done, total)))
    n = len(whole.decisions)
    assert n > 3 and calls == [(k, n) for k in range(1, n + 1)]
    part = review(states, moves, 0, worlds=4, stop=lambda: len(calls) >= n + 2,
                  progress=lambda done, total: calls.append((done, total)))
    assert part.decisions == whole.decisions[:2]


def test_labels_follow_the_thresholds():
    for game in GAMES:
        inaccuracy, mistake, blunder = teaching_of(game).thresholds
        assert 0 < inaccuracy < mistake < blunder
        assert [label_for(game, c) for c in (0.0, inaccuracy, mistake, blunder)] == list(LABELS)
        assert label_for(game, inaccuracy - 0.01) == "good"


def test_the_costliest_decisions_come_first():
    d = [Decision(k, 0, k, label, cost, -1, "", "", "", 0.0)
         for k, (label, cost) in enumerate([("good", 0.5), ("blunder", 20.0), ("mistake", 8.0), ("inaccuracy", 4.0),
                                            ("blunder", 20.0), (FORCED, 0.0)])]
    result = Review("medici", 0, tuple(d), 1)
    assert [x.ply for x in result.costliest()] == [1, 4, 2]
    assert [x.ply for x in result.costliest(10)] == [1, 4, 2, 3]
    assert result.counts() == {"good": 1, "inaccuracy": 1, "mistake": 1, "blunder": 2, FORCED: 1}
