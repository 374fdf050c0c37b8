"""A class's requests: the teacher's class (its name, the code students type, the key in the class page's address),
a student who joins it once with a nickname and keeps a personal link (a token), and "a page of theirs is open".

Every request is one transaction of the class store (``classroom.store``): checked first, and a request refused
(``Refused``, whose text says why) stores nothing. Who may do what goes by secrets, as in an auction room: the
teacher's key reads the whole class; a member's token is that student's, in every room, table and exercise of the
class. What a page may read is ``classroom.classes.views``', whose lookups the requests inherit.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Row

from boardgames.core.message import say
from boardgames.translation import LANGUAGES
from classroom.classes.identity import (
    NICKNAME_LENGTH,
    SEEN_EVERY,
    Member,
    NewClass,
    class_code,
    class_row,
    folded,
    member_of,
    nickname_of,
    well_formed,
)
from classroom.classes.views import ClassViews
from classroom.keys import digest, new_secret
from classroom.store import CODE_LENGTH, Refused, Store, bump, classes, find, members, rooms

NAME_LENGTH = 200
SUGGESTIONS = 99  # a taken nickname's suggestion: the nickname with a number after it, 2 to this

log = logging.getLogger(__name__)

__all__ = ["NICKNAME_LENGTH", "Classes", "Member", "NewClass"]


TYPE_A_NICKNAME = say("Type a nickname: your class knows you by it in its auctions, at its tables and in practice.")


class Classes(ClassViews):
    """A class's requests, on one class store (``now`` gives the time, for tests); its pages read through the
    views it inherits."""

    def __init__(self, store: Store, now: Callable[[], float] = time.time) -> None:
        super().__init__(store, now)

    # ------------------------------------------------------------------------------------------ the class

    def create_class(self, name: str) -> NewClass:
        """A new class named ``name``: its code (what students type to join; never an auction room's code, so that
        neither a code typed nor a practice record's learner can be taken for the other) and its teacher's key (the
        class page's address); Refused for an empty name."""
        title = " ".join(str(name or "").split())
        if not title:
            raise Refused(say("Give the class a name: its students see it when they join."))
        if len(title) > NAME_LENGTH:
            raise Refused(say("A class's name has at most {n} characters.", n=NAME_LENGTH))
        key = new_secret()

        def insert(conn: Connection, code: str) -> NewClass:
            if find(conn, rooms, code=code) is not None:  # a room's code: never typed for a class, nor its learners'
                raise sa.exc.IntegrityError("a class's code is no room's", None, ValueError(code))
            conn.execute(classes.insert().values(code=code, teacher_key=digest(key), name=title, created=self.now()))
            return NewClass(code, key, title)

        return self.store.with_new_code(insert)

    def teacher_class(self, key: str) -> NewClass:
        """The class of the teacher's ``key`` (the class page opened again); Refused for any other key."""
        with self.store.read() as conn:
            row = class_row(conn, key)
        return NewClass(row.code, key, row.name)

    # ------------------------------------------------------------------------------------------ a member

    def join(self, code: str, nickname: str) -> Member:
        """The student ``nickname`` joins the class of ``code`` (as typed) and gets their personal link's token.
        Refused for an unknown code, a nickname that is empty, too long or already a member's in the class ("Ada"
        and " ada " are one: a student coming back opens their personal link, they do not join again)."""
        name = nickname_of(nickname, TYPE_A_NICKNAME)
        klass = self._class_to_join(code)
        token = new_secret()
        try:
            with self.store.transaction() as conn:
                member_id = conn.execute(members.insert().values(
                    class_id=klass.id, nickname=name, nickname_key=folded(name), token=digest(token),
                    joined=self.now())).inserted_primary_key[0]
                bump(conn, classes, klass.id)
        except sa.exc.IntegrityError:
            free = self._free_nickname(klass.id, name)
            raise Refused(say("The nickname {name} is taken in this class. If it is yours, open your personal link "
                              "(the one you kept when you joined) to come back; if not, choose another, such as "
                              "{free}.", name=name, free=free)) from None
        return Member(member_id, klass.id, klass.code, klass.name, name, token, klass.language)

    def member(self, token: str) -> Member:
        """The member of ``token`` (their personal link opened again, on any device); Refused for any other text."""
        with self.store.read() as conn:
            return member_of(conn, token)

    def set_language(self, key: str, language: str) -> None:
        """The class of the teacher's ``key`` shown in ``language`` on its students' pages (a language of
        ``boardgames.translation.LANGUAGES``; "": none, each page in its reader's browser's language). Refused for
        any other language or key."""
        if language and language not in LANGUAGES:
            raise Refused(say("A class's language is one of {languages}.", languages=", ".join(LANGUAGES)))
        with self.store.transaction() as conn:
            klass = class_row(conn, key)
            if klass.language != language:
                bump(conn, classes, klass.id, language=language)

    def member_language(self, token: str) -> str:
        """The language the class of the member of ``token`` is shown in ("" for none, or a token of nobody)."""
        try:
            with self.store.read() as conn:
                return member_of(conn, token).class_language
        except Refused:
            return ""

    def seen(self, token: str) -> None:
        """A page of the member of ``token`` is open: their last look is stored, at most once every
        ``SEEN_EVERY`` seconds (a read, then an update only when the stored one is older). Never raises: a token
        that is no member's is ignored, and a store that cannot be reached is logged (without the token)."""
        if well_formed(token):
            self._seen(members.c.token == digest(token))

    def seen_member(self, member_id: int) -> None:
        """A page of the member ``member_id`` is open (a page their token or their seat's link opened): as ``seen``."""
        self._seen(members.c.id == member_id)

    def _seen(self, whose: sa.ColumnElement[bool]) -> None:
        """The member ``whose`` finds looked in now (at most once every ``SEEN_EVERY`` seconds; never raises)."""
        now = self.now()
        try:
            with self.store.read() as conn:
                last = conn.execute(sa.select(members.c.id, members.c.seen).where(whose)).first()
            if last is None or (last.seen is not None and now - last.seen < SEEN_EVERY):
                return
            with self.store.transaction() as conn:
                conn.execute(members.update().where(
                    members.c.id == last.id,
                    sa.or_(members.c.seen.is_(None), members.c.seen <= now - SEEN_EVERY)).values(seen=now))
        except sa.exc.SQLAlchemyError as error:
            log.warning("a member's presence was not stored: %s", type(error).__name__)

    # ------------------------------------------------------------------------------------------ inside

    def _class_to_join(self, code: str) -> Row:
        """The class of ``code`` as a student typed it; Refused, saying so, for any text that is no class's code."""
        typed = class_code(code)
        if not typed:
            raise Refused(say("That is not a class's code: a class's code is {n} letters and digits, as your "
                              "teacher's page shows it.", n=CODE_LENGTH))
        with self.store.read() as conn:
            return find(conn, classes, code=typed, refusal=say("No class has the code {code}: check it with your "
                                                               "teacher.", code=typed))

    def _free_nickname(self, class_id: int, name: str) -> str:
        """A nickname like ``name`` no member of the class has: ``name`` with a number after it."""
        with self.store.read() as conn:
            taken = set(conn.execute(sa.select(members.c.nickname_key).where(members.c.class_id == class_id))
                        .scalars())
        for number in range(2, SUGGESTIONS + 1):
            suffix = str(number)
            candidate = name[:NICKNAME_LENGTH - len(suffix)].rstrip() + suffix
            if folded(candidate) not in taken:
                return candidate
        return "another nickname"
