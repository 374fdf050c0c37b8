"""Who is who in a class: the class as its teacher holds it (``NewClass``), a student as the class knows them
(``Member``), and the two lookups every activity of a class makes (the class of a teacher's key, the member of a
token), each Refused with a sentence for any other text. It imports nothing of the activities (auction rooms,
tables, practice records), so each of them may ask it who a key's or a token's holder is.
"""

from __future__ import annotations

import string
from dataclasses import dataclass
from typing import Any

from sqlalchemy.engine import Connection, Row

from boardgames.core.message import say
from classroom.keys import digest
from classroom.practice.requests import class_learner
from classroom.store import CODE_LENGTH, CODE_LETTERS, Refused, classes, find, members, typed_code

SEEN_EVERY = 20.0  # seconds: a member's "a page of mine is open" is stored at most this often
HERE_NOW = 60.0  # seconds: a member seen within it is here now
SECRET_LETTERS = frozenset(string.ascii_letters + string.digits + "-_")  # what ``secrets.token_urlsafe`` writes
SECRET_LENGTH = 64  # the longest key or token a page's address holds (the store keeps its digest)


@dataclass(frozen=True)
class NewClass:
    """A class as its teacher holds it: the code students type, the key only the class page's address has, and
    its name."""

    code: str
    key: str
    name: str


@dataclass(frozen=True)
class Member:
    """A student of a class: the token in their personal link is all they need to come back, on any device."""

    id: int
    class_id: int
    class_code: str
    class_name: str
    nickname: str
    token: str
    class_language: str = ""  # the language its teacher chose for the class ("": none)

    @property
    def learner(self) -> str:
        """Who their practice record is kept under: ``class:<code>:<nickname folded>``."""
        return class_learner(self.class_code, self.nickname)


NICKNAME_LENGTH = 20  # characters, as a class list shows them


def nickname_of(text: object, empty: Any) -> str:
    """A nickname as typed, tidied (spaces at its ends dropped, runs of spaces one), by the one rule of a class, its
    rooms and the open rooms; Refused when it is too long or holds a character that cannot be shown, and with
    ``empty`` (the page's own sentence) when nothing was typed."""
    name = " ".join(str(text or "").split())
    if not name:
        raise Refused(empty)
    if len(name) > NICKNAME_LENGTH:
        raise Refused(say("A nickname has at most {n} characters.", n=NICKNAME_LENGTH))
    if not name.isprintable():
        raise Refused(say("A nickname holds letters, digits, spaces and signs only."))
    return name


def folded(nickname: str) -> str:
    """A nickname as the class tells nicknames apart: "Ada" and " ada " are one."""
    return " ".join(nickname.split()).casefold()


def class_code(text: object) -> str:
    """A class's code as a person typed it, tidied (``typed_code``); "" when it cannot be any class's (letters a
    code never holds, too long): such text is refused before the store is asked."""
    typed = typed_code(str(text or ""))
    fits = 0 < len(typed) <= CODE_LENGTH and all(letter in CODE_LETTERS for letter in typed)
    return typed if fits else ""


def well_formed(secret: object) -> bool:
    """Whether ``secret`` could be a key or a token at all (text of ``secrets.token_urlsafe``'s letters): anything
    else is refused before the store is asked."""
    return (isinstance(secret, str) and 0 < len(secret) <= SECRET_LENGTH
            and all(letter in SECRET_LETTERS for letter in secret))


def class_row(conn: Connection, key: str) -> Row:
    """The class of the teacher's ``key``; Refused for any other text."""
    refusal = say("This class page's key is not known: open the class page from the address it gave when it was made.")
    if not well_formed(key):
        raise Refused(refusal)
    return find(conn, classes, teacher_key=digest(key), refusal=refusal)


def member_row(conn: Connection, token: str) -> Row:
    """The member of ``token``; Refused for any other text (a link copied in part, a token of nobody)."""
    refusal = say("This personal link is not known to any class: open the link you kept when you joined, or join "
                  "with your class's code.")
    if not well_formed(token):
        raise Refused(refusal)
    return find(conn, members, token=digest(token), refusal=refusal)


def member_of(conn: Connection, token: str) -> Member:
    """The ``Member`` of ``token``, with their class's code and name; Refused for any other text."""
    row = member_row(conn, token)
    klass = find(conn, classes, id=row.class_id)
    return Member(row.id, row.class_id, klass.code, klass.name, row.nickname, token, klass.language)
