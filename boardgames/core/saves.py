"""Save documents: one JSON envelope for every document, and a reader that turns damage into clear ValueErrors."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from typing import Any

FORMAT = "boardgames"
VERSION = 1


def envelope(kind: str, game: str, body: dict) -> str:
    """Wrap ``body`` as a document of this project (``kind`` is "state" or "match")."""
    return json.dumps({"format": FORMAT, "kind": kind, "game": game, "version": VERSION, **body})


def open_envelope(text: str | bytes, kind: str | None = None, game: str | None = None) -> dict:
    """Parse and check a document's envelope; raises ValueError saying what is wrong."""
    if not isinstance(text, (str, bytes, bytearray)):
        raise ValueError(f"expected JSON text, got {type(text).__name__}")
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ValueError(f"not valid JSON: {exc}") from None
    except RecursionError:
        raise ValueError("not a boardgames document: nested too deeply") from None
    if not isinstance(doc, dict):
        raise ValueError("not a boardgames document: the JSON is not an object")
    if doc.get("format") != FORMAT:
        raise ValueError("not a boardgames document: 'format' is missing or not 'boardgames'")
    if doc.get("version") != VERSION:
        raise ValueError(f"unsupported document version {doc.get('version')!r} (expected {VERSION})")
    for key in ("kind", "game"):
        if not isinstance(doc.get(key), str):
            raise ValueError(f"not a boardgames document: '{key}' is missing or not a string")
    if kind is not None and doc.get("kind") != kind:
        raise ValueError(f"expected a {kind} document, got {doc.get('kind')!r}")
    if game is not None and doc.get("game") != game:
        raise ValueError(f"this is a {doc.get('game')!r} document, not {game!r}")
    return doc


def state_document(text: str | bytes, game: str) -> Reader:
    """A reader at the body of ``game``'s state document ``text``; a damaged or foreign one raises ValueError."""
    return Reader(open_envelope(text, kind="state", game=game))


class Reader:
    """Typed access to a decoded JSON object; every failure is a ValueError naming the path."""

    def __init__(self, obj: Any, path: str = "document") -> None:
        if not isinstance(obj, dict):
            raise ValueError(f"{path} must be an object, got {type(obj).__name__}")
        self.obj = obj
        self.path = path

    def raw(self, key: str) -> Any:
        if key not in self.obj:
            raise ValueError(f"{self.path} lacks the field '{key}'")
        return self.obj[key]

    def int(self, key: str, lo: int | None = None, hi: int | None = None) -> int:
        return check_int(self.raw(key), f"{self.path}.{key}", lo, hi)

    def optional_int(self, key: str, lo: int | None = None, hi: int | None = None) -> int | None:
        value = self.raw(key)
        return None if value is None else check_int(value, f"{self.path}.{key}", lo, hi)

    def bool(self, key: str) -> bool:
        value = self.raw(key)
        if not isinstance(value, bool):
            raise ValueError(f"{self.path}.{key} must be true or false")
        return value

    def str(self, key: str, choices: Iterable[str] | None = None) -> str:
        value = self.raw(key)
        if not isinstance(value, str):
            raise ValueError(f"{self.path}.{key} must be a string")
        if choices is not None and value not in choices:
            raise ValueError(f"{self.path}.{key} must be one of {sorted(choices)}, got {value!r}")
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
        raise ValueError(f"{path} must be a whole number, got {value!r}")
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        limits = f"between {lo} and {hi}" if lo is not None and hi is not None else (
            f"at least {lo}" if lo is not None else f"at most {hi}"
        )
        raise ValueError(f"{path} must be {limits}, got {value}")
    return value


def check_list(value: Any, path: str, item: Callable[[Any, str], Any], length: int | None = None) -> tuple:
    """``value`` as a tuple of checked items, or a ValueError naming ``path``."""
    if not isinstance(value, list):
        raise ValueError(f"{path} must be a list")
    if length is not None and len(value) != length:
        raise ValueError(f"{path} must have {length} entries, got {len(value)}")
    return tuple(item(v, f"{path}[{i}]") for i, v in enumerate(value))


def check_text(value: Any, path: str, parse: Callable[[str], Any], example: str) -> Any:
    """``value``, a string read by ``parse`` (a card, a cell, ...), or a ValueError naming ``path``: the
    document must write it like ``example``; what ``parse`` refuses is said after the path."""
    if not isinstance(value, str):
        raise ValueError(f"{path} must be written like {example!r}, got {value!r}")
    try:
        return parse(value)
    except ValueError as exc:
        raise ValueError(f"{path}: {exc}") from None

