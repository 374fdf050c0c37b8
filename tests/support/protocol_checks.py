"""Test helpers every game's tests share: the promises of a refused move, damaged save documents, and
golden transcripts."""

from __future__ import annotations

import copy
import difflib
import json
import os
import random
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import pytest

from boardgames import IllegalMove
from boardgames.bots import RandomBot

GOLDEN = Path(__file__).resolve().parents[1] / "golden"


def refused(state, move, rule: str, rules: dict, seat: int | None = None, words: tuple = ()) -> IllegalMove:
    """Assert that ``move`` (by ``seat``) is refused under ``rule`` (an id of ``rules`` or a ``core.`` id)
    with a sentence holding ``words``, by ``check`` and ``play`` alike, and leaves ``state`` untouched."""
    before = copy.deepcopy(state)
    text = state.to_json()
    problem = state.check(move, seat=seat)
    assert isinstance(problem, IllegalMove), f"{move} was not refused"
    assert problem.rule == rule, problem
    assert rule in rules or rule.startswith("core.")
    message = problem.message
    assert message[:1].isupper() or message[:1] in "'\"(0123456789-", f"not a sentence: {message!r}"
    assert message.endswith("."), f"not a sentence: {message!r}"
    for word in words:
        assert word in message, f"{word!r} not in {message!r}"
    with pytest.raises(IllegalMove) as info:
        state.play(move, seat=seat)
    assert info.value.rule == rule and str(info.value) == message
    assert isinstance(info.value, ValueError)
    if seat is None:
        assert move not in state.legal_moves()
    assert state == before
    assert state.to_json() == text
    return problem


def set_at(path: list, value) -> Callable[[dict], None]:
    """A change to a JSON document: put ``value`` at ``path``."""

    def change(doc: dict) -> None:
        *keys, last = path
        for k in keys:
            doc = doc[k]
        doc[last] = value

    return change


def pop_at(path: list) -> Callable[[dict], None]:
    """A change to a JSON document: remove what stands at ``path``."""

    def change(doc: dict) -> None:
        *keys, last = path
        for k in keys:
            doc = doc[k]
        doc.pop(last)

    return change


def damaged(state, change: Callable[[dict], None]) -> str:
    """``state``'s JSON document after ``change``."""
    doc = json.loads(state.to_json())
    change(doc)
    return json.dumps(doc)


def damages(doc, path: tuple = ()):
    """Every damage the shared broken-save check makes to a document: (path, description, damaged copy). Each
    field at every depth is removed (from an object) and replaced by a value of another JSON type; none of
    these can be harmless, so a reader must refuse every one."""
    if isinstance(doc, dict):
        items = list(doc.items())
    elif isinstance(doc, list):
        items = list(enumerate(doc))
    else:
        return
    for key, value in items:
        where = path + (key,)
        if isinstance(doc, dict):
            yield where, "removed", pop_at(list(where))
        wrong = "damaged" if isinstance(value, (dict, list)) or value is None else {"damaged": [value]}
        yield where, f"replaced by {wrong!r}", set_at(list(where), wrong)
        yield from damages(value, where)


def play_out(game: ModuleType, bots: list, seed: int, players: int):
    """The end of a game of ``game`` played by ``bots`` (one per seat), each move checked to be legal."""
    state = game.new_game(players, seed=seed)
    while not state.is_over:
        move = bots[state.current_player].choose(state)
        assert move in state.legal_moves()
        state = state.play(move)
    return state


def random_plies(state, pick: Callable[[list, int], object], choices: list[int], seed: int, limit: int):
    """Plays ``state`` on for at most ``limit`` moves, each chosen by ``pick(moves, choice)`` with the given
    ``choices`` first, then seeded random ones; yields ``(ply, before, move, after)`` for every move."""
    rng = random.Random(seed)
    for ply in range(limit):
        if state.is_over:
            return
        moves = state.legal_moves()
        assert moves, "a game that is not over offers no legal move"
        move = pick(moves, choices[ply] if ply < len(choices) else rng.randrange(2**16))
        after = state.play(move)
        yield ply, state, move, after
        state = after


def save_refusal(module: ModuleType, text: str) -> str:
    """The message with which ``module.from_json`` and ``boardgames.load`` refuse the document ``text``; the
    test fails if either accepts it or raises anything but a plain ValueError."""
    import boardgames

    messages = []
    for read in (module.from_json, boardgames.load):
        try:
            read(text)
        except Exception as exc:  # noqa: BLE001 - the kind of exception is what is checked
            assert type(exc) is ValueError, f"{read.__module__}.{read.__name__} raised {type(exc).__name__}: {exc}"
            messages.append(str(exc))
        else:
            pytest.fail(f"{read.__module__}.{read.__name__} accepted the document")
    return messages[0]


def check_broken_saves(module: ModuleType, state) -> int:
    """Every damaged copy of ``state``'s document is refused by ``module.from_json`` and ``boardgames.load``
    with a ValueError (of no other kind) naming the damaged field; a document accepted silently fails the
    check. Returns how many damaged documents were tried."""
    import boardgames

    doc = json.loads(state.to_json())
    tried = 0
    failures = []
    for where, what, change in damages(doc):
        text = damaged(state, change)
        field_name = next((str(k) for k in reversed(where) if isinstance(k, str)), "document")
        for read in (module.from_json, boardgames.load):
            try:
                read(text)
            except Exception as exc:  # noqa: BLE001 - the kind of exception is what is checked
                if type(exc) is not ValueError:
                    failures.append(f"{list(where)} {what}: {type(exc).__name__}: {exc}")
                elif field_name not in str(exc) and where[0] not in str(exc):
                    failures.append(f"{list(where)} {what}: the refusal does not name the field: {exc}")
            else:
                failures.append(f"{list(where)} {what}: {read.__module__}.{read.__name__} accepted it")
        tried += 1
    for text in ("{oops", "[1, 2]", "", json.dumps({**doc, "version": 99}), json.dumps({**doc, "game": "chess"})):
        try:
            module.from_json(text)
        except Exception as exc:  # noqa: BLE001
            if type(exc) is not ValueError:
                failures.append(f"{text[:20]!r}: {type(exc).__name__}: {exc}")
        else:
            failures.append(f"{text[:20]!r} was accepted")
        tried += 1
    assert not failures, f"{len(failures)} damaged documents of {tried} were not refused well:\n" + "\n".join(
        failures[:40])
    assert module.from_json(state.to_json()) == state
    return tried


def transcript(game: ModuleType, players: int, seed: int, epilogue: Callable | None = None) -> str:
    """A seeded game played by ``RandomBot(seed)`` as text: the opening events, then each move as
    ``> move`` followed by the events it caused, then ``epilogue(final_state)`` lines if given."""
    state = game.new_game(players, seed=seed)
    bot = RandomBot(seed)
    lines = [e.text for e in state.events]
    while not state.is_over:
        move = bot.choose(state)
        state = state.play(move)
        lines.append(f"> {move}")
        lines.extend(e.text for e in state.events)
    if epilogue is not None:
        lines.append("")
        lines.extend(epilogue(state))
    return "\n".join(lines) + "\n"


def assert_golden(name: str, text: str) -> None:
    """``text`` equals ``tests/golden/<name>``; with ``UPDATE_GOLDEN=1`` the file is rewritten first."""
    path = GOLDEN / name
    if os.environ.get("UPDATE_GOLDEN") == "1":
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    expected = path.read_text(encoding="utf-8")
    if text != expected:
        diff = difflib.unified_diff(expected.splitlines(), text.splitlines(), "golden", "now", lineterm="", n=2)
        raise AssertionError("the transcript changed:\n" + "\n".join(list(diff)[:60]))


def assert_never_peeks(bot: Callable[[], object], state, plies: int = 60, worlds: int = 3) -> None:
    """Along ``plies`` random moves from ``state``, a fresh ``bot()`` chooses the same move in the position as in
    ``worlds`` determinizations of it for the seat to move: what that seat may not know changes nothing."""
    rng = random.Random(3)
    for _ in range(plies):
        if state.is_over:
            break
        seat = state.current_player
        seen = bot().choose(state)
        for k in range(worlds):
            assert bot().choose(state.determinize(seat, random.Random(k))) == seen
        state = state.play(rng.choice(state.legal_moves()))
