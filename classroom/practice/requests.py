"""A learner's practice kept in the class store: each answer they give to an exercise, one row, under the learner.

A learner is a key: ``local:<id>`` for the person at this machine (``local_learner``: an id drawn once and kept in
the data directory), until a class gives them an identity of its own (``class_learner``: a nickname in a room);
the record takes any key, so a class identity plugs in without changing it."""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable
from pathlib import Path

from boardgames.practice import Exercise, Feedback
from classroom.practice.views import Answer, PracticeViews
from classroom.store import Store, data_directory, open_store, practice_answers, typed_code

LEARNER_FILE = "learner"  # in the data directory: this machine's learner id


def local_learner(folder: Path | None = None) -> str:
    """The learner at this machine: ``local:<id>``, the id drawn the first time and kept in ``folder`` (the data
    directory by default)."""
    folder = folder or data_directory()
    path = folder / LEARNER_FILE
    try:
        known = path.read_text(encoding="utf-8").strip()
    except OSError:
        known = ""
    if known:
        return known
    learner = f"local:{secrets.token_hex(8)}"
    folder.mkdir(parents=True, exist_ok=True)
    path.write_text(learner + "\n", encoding="utf-8")
    return learner


def class_learner(code: str, nickname: str) -> str:
    """The learner known to a class by ``nickname`` in the room ``code`` ("Ada" and "ada" are one learner)."""
    return f"class:{typed_code(code)}:{nickname.strip().casefold()}"


class PracticeRecord(PracticeViews):
    """The learners' answers on one class store (``now`` gives the time, for tests); read through the views it
    inherits."""

    def __init__(self, store: Store, now: Callable[[], float] = time.time) -> None:
        super().__init__(store)
        self.now = now

    def keep(self, answer: Answer) -> Answer:
        """Store ``answer`` (its time now, when it has none); returns it as stored."""
        at = answer.at or self.now()
        with self.store.transaction() as conn:
            conn.execute(practice_answers.insert().values(
                learner=answer.learner, game=answer.game, kind=answer.kind, seed=answer.seed,
                rules=" ".join(answer.rules), refusal=answer.refusal, right=answer.right,
                first_try=answer.first_try, at=at))
        return Answer(answer.learner, answer.game, answer.kind, answer.seed, answer.rules, answer.right,
                      answer.first_try, answer.refusal, at)

    def answered(self, learner: str, exercise: Exercise, feedback: Feedback, first_try: bool) -> Answer:
        """Keep ``learner``'s answer to ``exercise``, which the engine judged ``feedback``."""
        return self.keep(Answer(learner, exercise.game, exercise.kind, exercise.seed, exercise.rules, feedback.right,
                                first_try, feedback.rule))


def open_record(url: str | None = None) -> tuple[PracticeRecord, str]:
    """The record of practice in the class store at ``url`` (``open_store``'s default: ``BOARDGAMES_DB`` or the
    data directory's SQLite file), and this machine's learner: what a notebook's exercises keep their answers in."""
    return PracticeRecord(open_store(url)), local_learner()
