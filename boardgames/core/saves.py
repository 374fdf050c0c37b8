"""Save documents: one JSON envelope for every document, and a reader that turns damage into clear ValueErrors
(``damaged``: each with what is wrong as a message, ``said``, for a page in any language; its text the English)."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from typing import Any

from boardgames.core.message import Message, english, say, term

FORMAT = "boardgames"
VERSION = 1
JSON_ERRORS = (  # what Python's JSON reader says of text it cannot read (a "json.error" word of the catalog)
    "Expecting value", "Expecting property name enclosed in double quotes", "Expecting ':' delimiter",
    "Expecting ',' delimiter", "Unterminated string starting at", "Invalid \\escape", "Invalid \\uXXXX escape",
    "Invalid control character at", "Extra data", "Illegal trailing comma before end of object",
    "Illegal trailing comma before end of array",
)


def damaged(said: Message) -> ValueError:
    """The ValueError (a plain one) that refuses a document (a save file, a link) or a value in it as damaged, foreign
    or written wrong: its text is the English of ``said``, and its ``said`` the message, for a page in any
    language."""
    error = ValueError(english(said))
    error.said = said  # type: ignore[attr-defined]
    return error


def why(exc: BaseException) -> Any:
    """What an exception says: the message of one that has it (``damaged``'s, ``IllegalMove``), else its text."""
    said = getattr(exc, "said", None)
    return str(exc) if said is None else said


def envelope(kind: str, game: str, body: dict) -> str:
    """Wrap ``body`` as a document of this project (``kind`` is "state" or "match")."""
    return json.dumps({"format": FORMAT, "kind": kind, "game": game, "version": VERSION, **body})


def open_envelope(text: str | bytes, kind: str | None = None, game: str | None = None) -> dict:
    """Parse and check a document's envelope; raises ValueError saying what is wrong."""
    if not isinstance(text, (str, bytes, bytearray)):
        raise damaged(say("expected JSON text, got {type}", type=type(text).__name__))
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as exc:
        where = say("{problem}: line {line} column {column} (char {char})", problem=term("json.error", exc.msg),
                    line=exc.lineno, column=exc.colno, char=exc.pos)
        raise damaged(say("not valid JSON: {error}", error=where)) from None
    except RecursionError:
        raise damaged(say("not a boardgames document: nested too deeply")) from None
    if not isinstance(doc, dict):
        raise damaged(say("not a boardgames document: the JSON is not an object"))
    if doc.get("format") != FORMAT:
        raise damaged(say("not a boardgames document: '{key}' is missing or not '{format}'", key="format",
                          format=FORMAT))
    if doc.get("version") != VERSION:
        raise damaged(say("unsupported document version {version} (expected {expected})",
                          version=repr(doc.get("version")), expected=VERSION))
    for key in ("kind", "game"):
        if not isinstance(doc.get(key), str):
            raise damaged(say("not a boardgames document: '{key}' is missing or not a string", key=key))
    if kind is not None and doc.get("kind") != kind:
        raise damaged(say("expected a {kind} document, got {got}", kind=kind, got=repr(doc.get("kind"))))
    if game is not None and doc.get("game") != game:
        raise damaged(say("this is a {got} document, not {game}", got=repr(doc.get("game")), game=repr(game)))
    return doc


def state_document(text: str | bytes, game: str) -> Reader:
    """A reader at the body of ``game``'s state document ``text``; a damaged or foreign one raises ValueError."""
    return Reader(open_envelope(text, kind="state", game=game))


class Reader:
    """Typed access to a decoded JSON object; every failure is a ValueError naming the path."""

    def __init__(self, obj: Any, path: str = "document") -> None:
        if not isinstance(obj, dict):
            raise damaged(say("{path} must be an object, got {type}", path=path, type=type(obj).__name__))
        self.obj = obj
        self.path = path

    def raw(self, key: str) -> Any:
        if key not in self.obj:
            raise damaged(say("{path} lacks the field '{key}'", path=self.path, key=key))
        return self.obj[key]

    def int(self, key: str, lo: int | None = None, hi: int | None = None) -> int:
        return check_int(self.raw(key), f"{self.path}.{key}", lo, hi)

    def optional_int(self, key: str, lo: int | None = None, hi: int | None = None) -> int | None:
        value = self.raw(key)
        return None if value is None else check_int(value, f"{self.path}.{key}", lo, hi)

    def bool(self, key: str) -> bool:
        value = self.raw(key)
        if not isinstance(value, bool):
            path = f"{self.path}.{key}"
            raise damaged(say("{path} must be {true} or {false}", path=path, true="true", false="false"))
        return value

    def str(self, key: str, choices: Iterable[str] | None = None) -> str:
        value = self.raw(key)
        path = f"{self.path}.{key}"
        if not isinstance(value, str):
            raise damaged(say("{path} must be a string", path=path))
        if choices is not None and value not in choices:
            raise damaged(say("{path} must be one of {choices}, got {value}", path=path, choices=str(sorted(choices)),
                              value=repr(value)))
        return value

    def list(self, key: str, item: Callable[[Any, str], Any], length: int | None = None) -> tuple:
        return check_list(self.raw(key), f"{self.path}.{key}", item, length)

    def optional_list(self, key: str, item: Callable[[Any, str], Any]) -> tuple | None:
        """The list at ``key``, each item checked by ``item(value, path)``; None where the field holds null (a
        part of a game's set-up that chance decided)."""
        value = self.raw(key)
        return None if value is None else check_list(value, f"{self.path}.{key}", item)

    def sub(self, key: str) -> Reader:
        return Reader(self.raw(key), f"{self.path}.{key}")


def check_int(value: Any, path: str, lo: int | None = None, hi: int | None = None) -> int:
    """``value`` as an int within [lo, hi], or a ValueError naming ``path``."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise damaged(say("{path} must be a whole number, got {value}", path=path, value=repr(value)))
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        limits = say("between {lo} and {hi}", lo=lo, hi=hi) if lo is not None and hi is not None else (
            say("at least {lo}", lo=lo) if lo is not None else say("at most {hi}", hi=hi)
        )
        raise damaged(say("{path} must be {limits}, got {value}", path=path, limits=limits, value=value))
    return value


def check_list(value: Any, path: str, item: Callable[[Any, str], Any], length: int | None = None) -> tuple:
    """``value`` as a tuple of checked items, or a ValueError naming ``path``."""
    if not isinstance(value, list):
        raise damaged(say("{path} must be a list", path=path))
    if length is not None and len(value) != length:
        raise damaged(say("{path} must have {length} entries, got {n}", path=path, length=length, n=len(value)))
    return tuple(item(v, f"{path}[{i}]") for i, v in enumerate(value))


def check_text(value: Any, path: str, parse: Callable[[str], Any], example: str) -> Any:
    """``value``, a string read by ``parse`` (a card, a cell, ...), or a ValueError naming ``path``: the
    document must write it like ``example``; what ``parse`` refuses is said after the path."""
    if not isinstance(value, str):
        raise damaged(say("{path} must be written like {example}, got {value}", path=path, example=repr(example),
                          value=repr(value)))
    try:
        return parse(value)
    except ValueError as exc:
        raise damaged(say("{path}: {reason}", path=path, reason=why(exc))) from None

