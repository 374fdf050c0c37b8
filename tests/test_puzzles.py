"""The stored puzzles (boardgames.puzzles): each still has its answer under the current engine and expert, there are
enough of them, they keep the seat's secrets, and a learner's answer is judged as the expert would."""

from __future__ import annotations

import json
import random
import re

import pytest
from support.redraw import redraw_otherwise

import boardgames
from boardgames.core.links import hides_nothing
from boardgames.core.teaching import teaching_of
from boardgames.practice import positions
from boardgames.puzzles import (
    DATA,
    THEMES,
    figure,
    judge,
    puzzle_exercise,
    puzzle_kind,
    puzzles,
    ranked,
    weighed,
)
from boardgames.puzzles.mine import gap_of, seen_position
from boardgames.puzzles.themes import GENERAL, themes_of

GAMES = tuple(THEMES)
LEAST = 30  # the count per game


def source_game(puzzle) -> tuple[int, int]:
    """The players and seed of the expert game a puzzle was mined from (its source, in words)."""
    found = re.search(r"of (\d+) players \(seed (\d+)\)", puzzle.source)
    assert found, f"{puzzle.id}: its source does not name its game: {puzzle.source!r}"
    return int(found.group(1)), int(found.group(2))


def refused_move(state, seat):
    """A move of the game that the engine refuses at ``state`` (one of the game's candidate moves)."""
    module = boardgames.GAMES[state.GAME]
    return next(m for m in module.candidate_moves(state) if state.check(m, seat) is not None)


@pytest.mark.parametrize("game", GAMES)
def test_every_stored_puzzle_still_has_its_answer(game):
    """Re-weighed by the current engine and expert in the puzzle's worlds, the best move is the stored best, legal,
    and beats the second by the game's margin; the position is the seat's to move and not forced."""
    for p in puzzles(game):
        state = p.state
        assert state.current_player == p.seat and not state.is_over, p.id
        assert len(state.legal_moves()) > 1, f"{p.id}: a forced position is never a puzzle"
        assert state.check(p.best, p.seat) is None, f"{p.id}: the stored best move {p.best} is not legal"
        best, second, gap = gap_of(weighed(state, p.best, p.ply)[0])
        assert best == p.best, f"{p.id}: the expert's best is now {best}, not {p.best}"
        assert gap >= teaching_of(game).margin, f"{p.id}: the best beats the second ({second}) by {gap} only"


@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_at_least_30_puzzles_with_known_themes_and_unique_ids(game):
    stored = puzzles(game)
    assert len(stored) >= LEAST
    assert all(p.theme in THEMES[game] for p in stored)
    assert len({p.id for p in stored}) == len(stored)
    assert all(p.game == game and p.id.startswith(f"{game}-") for p in stored)


@pytest.mark.parametrize("game", GAMES)
def test_the_themes_are_spread(game):
    """No theme holds more than 40 % of a game's puzzles, and at least three themes besides the general one have
    puzzles."""
    stored = puzzles(game)
    per_theme = {t: sum(p.theme == t for p in stored) for t in THEMES[game]}
    assert max(per_theme.values()) <= 0.4 * len(stored), per_theme
    assert sum(1 for t, n in per_theme.items() if n and t != GENERAL) >= 3, per_theme


@pytest.mark.parametrize("game", GAMES)
def test_a_stored_theme_fits_its_position(game):
    for p in puzzles(game):
        assert p.theme in themes_of(p.state, p.best, p.second), f"{p.id}: {p.theme} does not fit its position"


@pytest.mark.parametrize("game", GAMES)
def test_a_puzzle_position_is_made_as_its_seat_may_know_it(game, monkeypatch):
    """The miner's position comes from the engine's ``determinize`` for the puzzle's seat: redrawing the unseen
    otherwise (another stream of chance behind it) changes the position wherever something is hidden."""
    views, salt = redraw_otherwise(monkeypatch, game)
    checked = 0
    for k, state in enumerate(positions(game, seed=7, plies=60)):
        if k % 10 or state.is_over or hides_nothing([state]):
            continue
        seat = state.current_player
        seen = []
        for salt[0] in ("a", "b", "c"):
            views.clear()
            seen.append(seen_position(state, seat, k))
            assert views == [seat]
        assert any(other != seen[0] for other in seen[1:])
        assert seen[0].legal_moves() == state.legal_moves()
        checked += 1
    assert checked or game == "medina"  # Medina hides nothing


@pytest.mark.parametrize("game", GAMES)
def test_a_stored_puzzle_does_not_carry_its_games_seed(game):
    """The game a puzzle came from cannot be dealt again from the puzzle: its table has a seed of its own."""
    for p in puzzles(game):
        assert p.state.table.seed != source_game(p)[1], p.id


def test_a_marco_polo_puzzle_holds_its_seats_goal_cards_and_others_drawn_afresh():
    redrawn = 0
    for p in puzzles("marcopolo"):
        players, seed = source_game(p)
        real = boardgames.GAMES["marcopolo"].new_game(players, seed=seed)
        assert p.state.dealt[p.seat] == real.dealt[p.seat], p.id
        redrawn += sum(p.state.dealt[s] != real.dealt[s] for s in range(players) if s != p.seat)
    assert redrawn


@pytest.mark.parametrize("game", [g for g in GAMES if g != "medina"])
def test_a_puzzles_words_come_from_what_its_seat_may_know(game):
    """Redraw what the seat cannot see in a stored position: the expert's best move, its worth and its reason stay
    the same, so they read nothing hidden (another seat's goal cards, the deck's order, the year piles)."""
    for p in puzzles(game)[::3]:
        other = p.state.determinize(p.seat, random.Random(f"other/{p.id}"))
        assert other != p.state or hides_nothing([p.state])
        values, words = weighed(other, p.best, p.ply)
        best = ranked(values)[0]
        assert (best, str(words[best].worth), str(words[best].reason)) == (p.best, p.best_worth, p.reason), p.id


@pytest.mark.parametrize("game", GAMES)
def test_judge_accepts_the_best_and_refuses_the_second_with_its_cost_and_the_experts_move(game):
    p = puzzles(game)[0]
    before = p.state.to_json()
    right = judge(p, p.best)
    assert right.right and right.text.startswith("Right") and right.rule is None
    wrong = judge(p, p.second)
    assert not wrong.right
    assert f"costs {figure(p.gap)} {p.unit}" in wrong.text
    assert f"The expert's move: {p.best}" in wrong.text
    assert p.reason[1:] in wrong.text
    assert p.state.to_json() == before and puzzles(game)[0] == p


@pytest.mark.parametrize("game", GAMES)
def test_judge_refuses_an_illegal_move_with_the_engines_rule(game):
    p = puzzles(game)[0]
    before = p.state.to_json()
    move = refused_move(p.state, p.seat)
    told = judge(p, move)
    assert not told.right
    assert told.rule == p.state.check(move, p.seat).rule
    assert told.rule in boardgames.GAMES[game].RULES or told.rule.startswith("core.")
    assert f"(rule {told.rule})" in told.text
    nonsense = judge(p, "not a move")
    assert not nonsense.right and nonsense.rule is not None
    assert p.state.to_json() == before


@pytest.mark.parametrize("game", GAMES)
def test_puzzle_kind_draws_exercises_on_the_board_seed_by_seed(game):
    stored = puzzles(game)
    kind = puzzle_kind(game)
    first = kind.make(0)
    assert first.on_board and first.kind == f"{game}.puzzle" and first.game == game
    assert (first.state, first.seat) == (stored[0].state, stored[0].seat)
    assert first.state.current_player == first.seat
    assert first.answer(stored[0].best).right
    assert kind.make(1).state == stored[1].state
    assert kind.make(len(stored)).state == stored[0].state  # "Another one" goes round
    assert THEMES[game][stored[0].theme] in first.question


@pytest.mark.parametrize("game", GAMES)
def test_puzzle_kind_of_a_theme_draws_only_that_theme(game):
    theme = max(THEMES[game], key=lambda t: len(puzzles(game, t)))
    kind = puzzle_kind(game, theme)
    shown = [kind.make(k) for k in range(4)]
    assert all(e.state in [p.state for p in puzzles(game, theme)] for e in shown)
    assert puzzle_exercise(puzzles(game, theme)[0]).judge(puzzles(game, theme)[0].second).right is False


def test_an_unknown_game_or_theme_is_told_so():
    with pytest.raises(ValueError, match="no puzzles for 'chess'"):
        puzzles("chess")
    with pytest.raises(ValueError, match="medici has no puzzle theme 'nonsense'"):
        puzzles("medici", "nonsense")


def test_the_stored_data_says_how_it_was_mined():
    for game in GAMES:
        doc = json.loads((DATA / f"{game}.json").read_text(encoding="utf-8"))
        assert doc["game"] == game and doc["margin"] == teaching_of(game).margin
        assert doc["mined"]["games"] >= 1


@pytest.mark.parametrize("game", GAMES)
def test_the_exercise_widget_shows_a_puzzle_and_judges_it(game):
    from widgets.shell.exercise import ExerciseWidget

    stored = puzzles(game)
    widget = ExerciseWidget(puzzle_kind(game), 0)
    assert widget.exercise.state == stored[0].state and widget.exercise.seat == stored[0].seat
    assert widget.exercise.answer(stored[0].best).right
