"""Every exercise kind of the four games (``boardgames.practice``) read in Japanese and in Traditional Chinese: over a
few seeds, an exercise's question, its choices' labels and what the learner is told of one right and one wrong answer
(answered as ``tests/test_practice.py`` answers them), read with ``boardgames.translation.words`` through the
project's catalogs, hold no word of Latin letters but the seats' names (and a rule's id, a tile's code)."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import pytest
from support.reading import latin_words
from test_practice import wrong_answers

import boardgames
from boardgames import translation
from boardgames.practice import Exercise, draw, kinds

GAMES = ["medici", "medina", "metropolis", "marcopolo"]
CODES = ("ja", "zh-Hant")
SEEDS = range(3)
CATALOGS = Path(boardgames.__file__).with_name("locale")  # the project's catalogs, as the pages read them
KIND_IDS = [pytest.param(k.id, id=k.id) for game in GAMES for k in kinds(game)]


@pytest.fixture
def catalogs(monkeypatch):
    """``boardgames.translation`` reading the project's catalogs, none of them remembered from before or after."""
    monkeypatch.setattr(translation, "LOCALE", CATALOGS)
    forget()
    yield
    forget()


def forget() -> None:
    translation.catalog.cache_clear()
    translation._remembered.cache_clear()


@cache
def drawn(kind_id: str, seed: int) -> Exercise:
    return draw(kind_id, seed)


def said_of(exercise: Exercise) -> list[tuple[str, Any]]:
    """(where, what is said) of an exercise: its question, its choices' labels, the feedback of its first right
    answer and of its first wrong one (``tests/test_practice.py``'s wrong answers)."""
    out: list[tuple[str, Any]] = [("question", exercise.question_said or exercise.question)]
    out += [(f"choice {i}", choice.words) for i, choice in enumerate(exercise.choices)]
    right = exercise.right_answers()
    wrong = wrong_answers(exercise)
    for where, answers in (("right", right), ("wrong", wrong)):
        if answers:
            answer = answers[0]
            if exercise.choices:
                answer = exercise.choices.index(answer)
            out.append((f"{where} answer", exercise.answer(answer).words))
    return out


def left_in(kind_id: str, code: str, seeds: range = SEEDS) -> dict[str, list[str]]:
    """The Latin words left in the exercises of ``kind_id`` read in ``code``, with where each was met."""
    left: dict[str, list[str]] = {}
    for seed in seeds:
        exercise = drawn(kind_id, seed)
        texts = [(f"{exercise.key} {where}", translation.words(said, code)) for where, said in said_of(exercise)]
        for word, where in latin_words(texts, exercise.state.names).items():
            left.setdefault(word, []).extend(where[:2])
    return left


@pytest.mark.parametrize("kind_id", KIND_IDS)
def test_an_exercise_reads_without_english(kind_id, catalogs):
    left = {code: found for code in CODES if (found := left_in(kind_id, code))}
    assert left == {}


def test_every_kind_is_titled_without_english(catalogs):
    """Each kind's heading (``Kind.heading``, the title shown above an exercise) read in Japanese and in Chinese."""
    texts = [(f"{code} {k.id}", translation.words(k.heading, code)) for code in CODES for game in GAMES
             for k in kinds(game)]
    assert latin_words(texts) == {}
