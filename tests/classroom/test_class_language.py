"""A class's language (schema version 7): its teacher chooses it on the class page, its students' pages follow it;
a store of version 6 is brought up to date with its classes kept, none with a language chosen."""

from __future__ import annotations

import pytest
import sqlalchemy as sa
from test_class_store import made_at

from classroom.classes import Classes
from classroom.store import SCHEMA_VERSION, Refused, classes, open_store


def test_a_class_has_no_language_until_its_teacher_chooses_one(store):
    school = Classes(store)
    klass = school.create_class("Economics")
    ada = school.join(klass.code, "Ada")
    assert school.class_view(klass.key).language == "" and school.member_language(ada.token) == ""
    before = school.stamp(klass.key)
    school.set_language(klass.key, "ja")
    assert school.class_view(klass.key).language == "ja"
    assert school.member(ada.token).class_language == "ja" and school.member_language(ada.token) == "ja"
    assert school.stamp(klass.key) != before  # the class page draws its choice again
    school.set_language(klass.key, "")
    assert school.member_language(ada.token) == ""


def test_a_language_no_page_offers_or_a_wrong_key_is_refused(store):
    school = Classes(store)
    klass = school.create_class("Economics")
    with pytest.raises(Refused, match="A class's language is one of en, ja, zh-Hant"):
        school.set_language(klass.key, "fr")
    with pytest.raises(Refused, match="key is not known"):
        school.set_language("nobody's key", "ja")
    assert school.member_language("no such token") == ""


def test_a_version_6_store_is_brought_up_to_date_with_its_classes_kept(tmp_path):
    url = f"sqlite:///{tmp_path / 'v6.db'}"
    engine = made_at(url, 6)  # a store made by the program before a class's language
    with engine.begin() as conn:
        assert "language" not in {c["name"] for c in sa.inspect(conn).get_columns("classes")}
        conn.execute(sa.text("INSERT INTO classes (code, teacher_key, name, created) VALUES ('ABCDE', "
                             "'0000000000000000000000000000000000000000000000000000000000000000', 'old class', 1.0)"))
    engine.dispose()
    store = open_store(url)
    assert store.version() == SCHEMA_VERSION == 7
    with store.read() as conn:
        assert conn.execute(sa.select(classes.c.name, classes.c.language)).all() == [("old class", "")]
    store.close()
