"""A learner's practice in the class store (``classroom.practice``), on SQLite and on PostgreSQL: each answer kept
under the learner, read back in order, the kinds done counted; a store made before practice brought up to date
with its rows kept; this machine's learner kept in the data directory."""

from __future__ import annotations

import sqlalchemy as sa
from test_class_store import made_at

from boardgames.practice import draw
from classroom.practice import Answer, PracticeRecord, class_learner, local_learner, open_record
from classroom.store import SCHEMA_VERSION, open_store, practice_answers

RULES = ("medici.bid.must-exceed",)


def answer(learner: str = "local:abc", kind: str = "medici.bid-must-exceed", seed: int = 3, right: bool = True,
           first_try: bool = True, refusal: str | None = None, game: str = "medici") -> Answer:
    return Answer(learner, game, kind, seed, RULES, right, first_try, refusal)


def test_an_answer_is_kept_with_its_exercise_rules_verdict_first_try_and_time(store):
    record = PracticeRecord(store, now=lambda: 1000.0)
    kept = record.keep(answer(right=False, refusal="medici.bid.must-exceed"))
    assert kept.at == 1000.0
    assert record.answers("local:abc") == (kept,)
    assert kept == Answer("local:abc", "medici", "medici.bid-must-exceed", 3, RULES, False, True,
                          "medici.bid.must-exceed", 1000.0)


def test_an_answer_to_an_exercise_is_kept_as_the_engine_judged_it(store):
    exercise = draw("medici.bid-must-exceed", 3)
    wrong = next(c for c in exercise.choices if c not in exercise.right_answers())
    kept = PracticeRecord(store).answered("local:abc", exercise, exercise.answer(wrong), first_try=True)
    assert (kept.kind, kept.game, kept.seed, kept.rules, kept.right, kept.refusal) == \
        ("medici.bid-must-exceed", "medici", exercise.seed, exercise.rules, False, "medici.bid.must-exceed")


def test_a_notebooks_record_is_the_data_directorys_store_and_this_machines_learner(tmp_path, monkeypatch):
    monkeypatch.setenv("BOARDGAMES_DATA", str(tmp_path))
    monkeypatch.delenv("BOARDGAMES_DB", raising=False)
    record, learner = open_record()
    assert learner == local_learner(tmp_path) and (tmp_path / "class.db").exists()
    record.store.close()


def test_a_learners_answers_are_theirs_alone_and_in_the_order_given(store):
    record = PracticeRecord(store)
    record.keep(answer(seed=1, right=False))
    record.keep(answer(learner="local:other", seed=2))
    record.keep(answer(seed=1, right=True, first_try=False))
    record.keep(answer(kind="medina.where", game="medina", seed=5))
    assert [(a.seed, a.right) for a in record.answers("local:abc")] == [(1, False), (1, True), (5, True)]
    assert [a.kind for a in record.answers("local:abc", game="medina")] == ["medina.where"]
    assert [a.seed for a in record.answers("local:other")] == [2]


def test_a_kind_is_done_once_answered_right(store):
    record = PracticeRecord(store)
    record.keep(answer(kind="medici.a", right=False))
    record.keep(answer(kind="medici.b", right=False))
    record.keep(answer(kind="medici.b", right=True, first_try=False))
    record.keep(answer(kind="medici.c", seed=1, right=True))
    record.keep(answer(kind="medici.c", seed=2, right=True))
    assert record.done("local:abc") == {"medici.b", "medici.c"}
    assert record.done("local:abc", ["medici.a", "medici.b"]) == {"medici.b"}
    lines = {line.kind: line for line in record.kinds("local:abc")}
    assert (lines["medici.a"].answers, lines["medici.a"].right, lines["medici.a"].done) == (1, 0, False)
    assert (lines["medici.b"].answers, lines["medici.b"].right, lines["medici.b"].first_try_right) == (2, 1, 0)
    assert (lines["medici.c"].right, lines["medici.c"].first_try_right) == (2, 2)


def test_this_machines_learner_is_drawn_once_and_kept_in_the_data_directory(tmp_path):
    learner = local_learner(tmp_path)
    assert learner.startswith("local:") and local_learner(tmp_path) == learner
    assert local_learner(tmp_path / "elsewhere") != learner


def test_a_class_learner_is_their_nickname_in_a_room_folded():
    assert class_learner(" abcde", "Ada ") == class_learner("ABCDE", "ada") == "class:ABCDE:ada"
    assert class_learner("ABCDE", "Ben") != class_learner("ABCDF", "Ben")


def test_a_version_3_store_is_brought_up_to_date_with_a_practice_table_and_its_rows_kept(store_url):
    engine = made_at(store_url, 3)  # a store made by the program before practice
    with engine.begin() as conn:
        assert not sa.inspect(conn).has_table("practice_answers")
        conn.exec_driver_sql("INSERT INTO rooms (code, teacher_key, title, ended, created, version) "
                             "VALUES ('ABCDE', 'k', 'old room', false, 1.0, 7)")
    engine.dispose()
    store = open_store(store_url)
    assert store.version() == SCHEMA_VERSION
    with store.read() as conn:
        assert conn.execute(sa.text("SELECT title, version FROM rooms")).one() == ("old room", 7)
        assert conn.execute(sa.select(sa.func.count()).select_from(practice_answers)).scalar_one() == 0
    record = PracticeRecord(store)
    record.keep(answer())
    assert record.done("local:abc") == {"medici.bid-must-exceed"}
    store.close()
