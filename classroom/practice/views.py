"""What a page may read of a learner's practice: their answers, oldest first, and the exercise kinds they have done
(answered right at least once), which a notebook counts as "4 of 6 exercises done"."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import sqlalchemy as sa

from classroom.store import Store, practice_answers


@dataclass(frozen=True)
class Answer:
    """One answer a learner gave to an exercise: the exercise (``kind`` and ``seed``, the rule ids it practises),
    whether it was right, whether it was the learner's first answer to it, the rule id of the engine's refusal
    (None when the engine did not refuse it) and when it was given (seconds since the epoch)."""

    learner: str
    game: str
    kind: str
    seed: int
    rules: tuple[str, ...]
    right: bool
    first_try: bool
    refusal: str | None = None
    at: float = 0.0


@dataclass(frozen=True)
class KindLine:
    """A learner's record of one exercise kind: answers given, right ones, and exercises right at the first try."""

    kind: str
    answers: int
    right: int
    first_try_right: int

    @property
    def done(self) -> bool:
        return self.right > 0


class PracticeViews:
    """The reads of a learner's practice, on one class store."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def close(self) -> None:
        """Close the store (a notebook's record, at the kernel's end)."""
        self.store.close()

    def answers(self, learner: str, game: str | None = None) -> tuple[Answer, ...]:
        """The answers ``learner`` gave (to ``game``'s exercises only, given one), oldest first."""
        query = sa.select(practice_answers).where(practice_answers.c.learner == learner)
        if game is not None:
            query = query.where(practice_answers.c.game == game)
        with self.store.read() as conn:
            rows = conn.execute(query.order_by(practice_answers.c.id)).all()
        return tuple(Answer(row.learner, row.game, row.kind, row.seed, tuple(row.rules.split()), row.right,
                            row.first_try, row.refusal, row.at) for row in rows)

    def kinds(self, learner: str, kinds: Iterable[str] | None = None) -> tuple[KindLine, ...]:
        """``learner``'s record of each exercise kind they answered (of ``kinds`` only, given them), by kind."""
        t = practice_answers
        query = (sa.select(t.c.kind, sa.func.count(), sa.func.sum(sa.case((t.c.right, 1), else_=0)),
                           sa.func.sum(sa.case((sa.and_(t.c.right, t.c.first_try), 1), else_=0)))
                 .where(t.c.learner == learner).group_by(t.c.kind).order_by(t.c.kind))
        if kinds is not None:
            query = query.where(t.c.kind.in_(list(kinds)))
        with self.store.read() as conn:
            return tuple(KindLine(kind, count, int(right or 0), int(first or 0))
                         for kind, count, right, first in conn.execute(query))

    def done(self, learner: str, kinds: Iterable[str] | None = None) -> set[str]:
        """The exercise kinds (of ``kinds``, given them) ``learner`` answered right at least once."""
        return {line.kind for line in self.kinds(learner, kinds) if line.done}
