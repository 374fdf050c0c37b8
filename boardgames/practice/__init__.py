"""Practice: exercises that ask a learner to *do* a rule, checked by the engine, never by a stored answer.

An exercise kind (``Kind``) belongs to one game and practises one or more rule ids; ``draw(kind_id, seed)`` makes
an ``Exercise`` of that kind from a seeded generator, so "Another one" is the same kind with another seed and a test
can replay any exercise. An exercise is a position (``state``, as the learner's ``seat`` may know it), one
``question`` and either ``choices`` to pick among (a number, a fact, one of several moves) or, with no choices, a
move to make on the game's board. ``Exercise.answer(answer)`` returns ``Feedback``: right (one sentence saying why)
or wrong (the engine's refusal with its rule id, or the worked answer), and changes nothing, so the learner may
try again.

The kinds of each game live in ``boardgames.practice.<game>`` and register themselves with ``@kind``, which alone
says a kind's id and rule ids (its ``make`` poses the exercise with ``posed`` or the ``*_exercise`` helpers, and
the kind gives it both); ``kinds(game)`` imports them. Positions come from games played from a deal (``walk``,
``positions``, ``reached``, ``played``), told in the game's own sentences (``said``). The rules notebooks place an
exercise in a cell tagged ``practises:<rule id>`` (``coverage(game)`` tells which rule ids are practised, like
``boardgames.teaching.coverage``).
"""

from __future__ import annotations

import dataclasses
import functools
import importlib
import itertools
import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import boardgames
from boardgames import teaching
from boardgames.core import IllegalMove
from boardgames.core.message import english, say

TAG = "practises:"
TRIES = 40  # seeds a generator tries (derived from the exercise's seed) before it gives up: never, by the tests


class NoExercise(LookupError):
    """A seed gave no position of the kind (the generator then tries the next derived seed)."""


@dataclass(frozen=True)
class Feedback:
    """What the learner is told of an answer: ``right``, one sentence (why it is right; or the engine's refusal,
    or the worked answer) and the rule id a refusal names (None otherwise); ``said``, the sentence as a message
    (``boardgames.core.message``) where it is one, for a page in any language (``text`` is its English)."""

    right: bool
    text: str
    rule: str | None = None
    said: Any = field(default=None, compare=False, repr=False)

    @property
    def words(self) -> Any:
        """The sentence to show: the message, else the English text."""
        return self.text if self.said is None else self.said


@dataclass(frozen=True)
class Choice:
    """One answer to pick: ``label`` (what its button says, in English) and the ``move`` it stands for, if it is a
    move (the board marks it), else None (a number, a fact); ``said``, the label as a message where it is one, for a
    page in any language. ``Choice(message)`` keeps the message as ``said`` and its English as ``label``."""

    label: str
    move: Any = None
    said: Any = field(default=None, compare=False, repr=False)

    def __post_init__(self) -> None:
        if not isinstance(self.label, str):
            object.__setattr__(self, "said", self.label)
            object.__setattr__(self, "label", english(self.label))

    @property
    def words(self) -> Any:
        """The label to show: the message, else the English label."""
        return self.label if self.said is None else self.said


@dataclass(frozen=True, eq=False)
class Exercise:
    """One exercise: a position, a question, and the engine's judgement of any answer (see the module)."""

    kind: str
    game: str
    seed: int
    rules: tuple[str, ...]
    question: str
    state: Any
    seat: int
    judge: Callable[[Any], Feedback] = field(repr=False)
    choices: tuple[Choice, ...] = ()
    question_said: Any = field(default=None, compare=False, repr=False)  # the question as a message, if it is one

    @property
    def on_board(self) -> bool:
        """Whether the answer is a move made on the board (else one of ``choices``)."""
        return not self.choices

    @property
    def key(self) -> str:
        """The exercise's name in a learner's record: its kind and seed."""
        return f"{self.kind}#{self.seed}"

    def answer(self, answer: Any) -> Feedback:
        """Judge ``answer``: the index of a choice (or the choice itself), or a move on the board. An answer of the
        wrong form is told so; nothing changes either way."""
        if self.choices:
            if isinstance(answer, Choice) and answer in self.choices:
                answer = self.choices.index(answer)
            if isinstance(answer, bool) or not isinstance(answer, int) or not 0 <= answer < len(self.choices):
                return choose_one(len(self.choices))
            return self.judge(self.choices[answer])
        return self.judge(answer)

    def right_answers(self) -> list[Any]:
        """The answers the engine accepts: the right choices, or the legal moves that do what is asked."""
        if self.choices:
            return [c for c in self.choices if self.judge(c).right]
        return [m for m in self.state.legal_moves() if self.judge(m).right]


@dataclass(frozen=True)
class Kind:
    """An exercise kind: ``id`` (``"<game>.<name>"``), the ``rules`` it practises, a short ``title`` (English;
    ``title_said``, the title as a message where it is one) and ``make``, which builds an exercise from a seed
    (raising ``NoExercise`` when that seed gives no position of the kind)."""

    id: str
    game: str
    rules: tuple[str, ...]
    title: str
    make: Callable[[int], Exercise] = field(repr=False)
    title_said: Any = field(default=None, compare=False, repr=False)

    @property
    def heading(self) -> Any:
        """The title to show: the message, else the English title."""
        return self.title if self.title_said is None else self.title_said


KINDS: dict[str, Kind] = {}


def kind(game: str, name: str, rules: Sequence[str], title: Any) -> Callable:
    """Register the decorated ``make(seed) -> Exercise`` as the kind ``<game>.<name>`` practising ``rules``, titled
    ``title`` (English, or a message): the only place a kind says its id and rule ids, which every exercise it makes
    is given (``Kind.make``)."""

    def register(make: Callable[[int], Exercise]) -> Callable[[int], Exercise]:
        known = boardgames.GAMES[game].RULES
        unknown = [rule for rule in rules if rule not in known]
        if unknown:
            raise ValueError(f"{game}.{name} practises rule ids {game} does not have: {unknown}")
        kind_id, practised_ = f"{game}.{name}", tuple(rules)

        def made(seed: int) -> Exercise:
            return dataclasses.replace(make(seed), kind=kind_id, game=game, rules=practised_)

        said_ = None if isinstance(title, str) else title
        KINDS[kind_id] = Kind(kind_id, game, practised_, english(title), made, said_)
        return make

    return register


def kind_per_rule(game: str, make: Callable[[str, int], Exercise], family: Sequence[tuple[str, str, Any]]) -> None:
    """Register one kind for each ``(name, rule id, title)`` of ``family``: the same exercise asked about each rule
    in turn, made by ``make(rule, seed)``."""
    for name, rule, title in family:
        kind(game, name, [rule], title)(functools.partial(make, rule))


def kinds(game: str) -> list[Kind]:
    """The exercise kinds of ``game``, in the order they were written."""
    importlib.import_module(f"boardgames.practice.{game}")
    return [k for k in KINDS.values() if k.game == game]


def find(kind_id: str) -> Kind:
    """The kind named ``kind_id``; a ``KeyError`` naming the known kinds of its game otherwise."""
    game = kind_id.split(".", 1)[0]
    if game in boardgames.GAMES:
        kinds(game)
    if kind_id not in KINDS:
        known = ", ".join(k.id for k in KINDS.values() if k.game == game) or "none"
        raise KeyError(f"no exercise kind {kind_id!r} (kinds of {game}: {known})")
    return KINDS[kind_id]


def draw(kind_id: str, seed: int) -> Exercise:
    """An exercise of the kind ``kind_id`` from ``seed`` (the same seed, the same exercise)."""
    make = find(kind_id).make
    for attempt in range(TRIES):
        try:
            return make(seed * TRIES + attempt if attempt else seed)
        except NoExercise:
            continue
    raise RuntimeError(f"{kind_id}: no exercise found from seed {seed} in {TRIES} tries")


# --- building blocks for the games' generators --------------------------------------------------------------------


def exercise(kind_id: str, seed: int, rules: Sequence[str], state: Any, seat: int, question: Any,
             judge: Callable[[Any], Feedback], choices: Sequence[Choice] = ()) -> Exercise:
    """The exercise of the kind ``kind_id`` (``"<game>.<name>"``, so its game is known) from ``seed``: ``question``
    (English, or a message) about ``state`` as ``seat`` sees it, answered by ``judge`` (among ``choices``, or on the
    board when none)."""
    game = kind_id.split(".", 1)[0]
    said = None if isinstance(question, str) else question
    return Exercise(kind_id, game, seed, tuple(rules), english(question), state, seat, judge, tuple(choices), said)


def posed(seed: int, state: Any, seat: int, question: Any, judge: Callable[[Any], Feedback],
          choices: Sequence[Choice] = ()) -> Exercise:
    """The exercise a kind's ``make`` poses from ``seed`` (``exercise`` without the kind, which the ``kind``
    decorator gives it): ``question`` (English, or a message) about ``state`` as ``seat`` sees it, answered by
    ``judge``."""
    said_ = None if isinstance(question, str) else question
    return Exercise("", state.GAME, seed, (), english(question), state, seat, judge, tuple(choices), said_)


Chooser = Callable[[random.Random, Any], Any]  # picks the move to play at a position, from a seeded source


def walk(game: str, seed: int, players: int | Sequence[str] = 3, plies: int = 400, choose: Chooser | None = None,
         **options: Any) -> Iterator[tuple[Any, Any, Any]]:
    """(position, move, next position) of a game dealt from ``seed`` and played by seeded random choices, first to
    last (at most ``plies`` moves): ``choose(rng, position)`` picks each move (by default any legal move alike)."""
    state = boardgames.GAMES[game].new_game(players, seed=seed, **options)
    rng = random.Random(seed)
    for _ in range(plies):
        if state.is_over:
            return
        move = choose(rng, state) if choose else rng.choice(state.legal_moves())
        after = state.play(move)
        yield state, move, after
        state = after


def positions(game: str, seed: int, players: int | Sequence[str] = 3, plies: int = 400,
              choose: Chooser | None = None, **options: Any) -> Iterator[Any]:
    """The positions of a game ``walk`` plays, first to last (the end too, when the game ends)."""
    last = None
    for state, _move, after in walk(game, seed, players, plies, choose, **options):
        yield state
        last = after
    if last is not None and last.is_over:
        yield last


def by_kind_of_move(rng: random.Random, state: Any) -> Any:
    """A move chosen as a player new to the game might: first what to do (a kind of move, all kinds alike), then
    which move of that kind, so that a kind with many moves (the builds, the trips) does not crowd out the rest."""
    kinds_: dict[str, list[Any]] = {}
    for move in state.legal_moves():
        kinds_.setdefault(type(move).__name__, []).append(move)
    return rng.choice(kinds_[rng.choice(sorted(kinds_))])


def reached(game: str, seed: int, fits: Callable[[Any], bool], players: int | Sequence[str] = 3,
            skip: int = 0, plies: int = 600, choose: Chooser | None = None,
            **options: Any) -> Any:
    """The first position past ``skip`` plies of a game played as ``positions`` plays it where ``fits`` holds;
    ``NoExercise`` when the game ends first."""
    named = players if isinstance(players, int) else tuple(players)
    for state in itertools.islice(played(game, seed, named, plies, choose, tuple(sorted(options.items()))), skip,
                                  None):
        if fits(state):
            return state
    raise NoExercise(seed)


def played(game: str, seed: int, players: int | tuple[str, ...], plies: int,
           choose: Chooser | None, options: tuple = ()) -> Iterator[Any]:
    """The positions ``positions`` plays, first to last, each played once however often asked for (the last 64
    games asked for are kept, a third of a megabyte each): the kinds of a game (and the same exercise drawn again)
    look for their positions in the same few games."""
    return iter(_Played.of(game, seed, players, plies, choose, options))


@dataclass(eq=False)
class _Played:
    """A game's positions as far as they were asked for, and the play that goes on from there."""

    ahead: Iterator[Any]
    known: list[Any] = field(default_factory=list)

    @staticmethod
    @functools.lru_cache(maxsize=64)
    def of(game: str, seed: int, players: int | tuple[str, ...], plies: int,
           choose: Chooser | None, options: tuple) -> _Played:
        return _Played(positions(game, seed, players, plies, choose, **dict(options)))

    def __iter__(self) -> Iterator[Any]:
        k = 0
        while True:
            if k == len(self.known):
                state = next(self.ahead, None)
                if state is None:
                    return
                self.known.append(state)
            yield self.known[k]
            k += 1


def as_seen_by(state: Any, seat: int, seed: int) -> Any:
    """``state`` as ``seat`` may know it: what that seat cannot see drawn afresh from ``seed``, so nothing secret
    reaches an exercise."""
    return state.determinize(seat, random.Random(seed))


def seen_by_mover(state: Any, seed: int) -> tuple[Any, int, str]:
    """``state`` as the player to move may know it (``as_seen_by``), with that player's seat and name."""
    seat = state.current_player
    seen = as_seen_by(state, seat, seed)
    return seen, seat, seen.names[seat]


def said(state: Any, *kinds: str, viewer: int | None = None, who: int | None = None) -> str:
    """What the move into ``state`` wrote in the game's log, as ``viewer`` may read it (by default what everyone
    may): the sentences of its events whose kinds begin with one of ``kinds`` (all when none), about seat ``who``
    if given, one after the other, in English (``said_of`` says them as a message)."""
    return english(said_of(state, *kinds, viewer=viewer, who=who))


def said_of(state: Any, *kinds: str, viewer: int | None = None, who: int | None = None) -> Any:
    """``said``'s sentences as one message (``""`` when there is none), for a page in any language."""
    out = []
    for event in state.events:
        read = event.seen_from(viewer)
        if read is None or (kinds and not read.kind.startswith(kinds)) or (who is not None and read.seat != who):
            continue
        out.append(read.said)
    return sentences(*out)


def sentences(*parts: Any) -> Any:
    """Sentences (messages, or English) one after the other as one message: in English with a space between
    them; ``""`` when there is none."""
    parts_ = [part for part in parts if part != ""]
    if not parts_:
        return ""
    joined = parts_[0]
    for part in parts_[1:]:
        joined = say("{first} {then}", first=joined, then=part)
    return joined


def choose_one(n: int) -> Feedback:
    """The feedback of an answer that is none of the ``n`` choices."""
    return told(False, say("Choose one of the {n} answers.", n=n))


def refusal_of(state: Any, move: Any, seat: int | None = None) -> IllegalMove | None:
    """The engine's refusal of ``move`` at ``state`` for ``seat`` (None when it is legal)."""
    return state.check(move, seat)


def refused(error: IllegalMove) -> Feedback:
    """A wrong answer told with the engine's own refusal and its rule id."""
    return told(False, say("Not allowed: {refusal} (rule {rule})", refusal=error.said, rule=error.rule), error.rule)


def told(right: bool, said: Any, rule: str | None = None) -> Feedback:
    """Feedback saying ``said`` (a message, or an English sentence)."""
    return Feedback(right, english(said), rule, None if isinstance(said, str) else said)


def refusal_feedback(state: Any, move: Any, seat: int) -> Feedback | None:
    """A wrong answer for a ``move`` the engine refuses at ``state`` for ``seat`` (its refusal and rule id), or for
    what is not a move of this game at all; None when the move is legal."""
    try:
        error = state.check(move, seat)
    except Exception:  # noqa: BLE001 (not a move of this game at all)
        return told(False, say("That is not a move of this game."))
    return refused(error) if error is not None else None


def move_judge(state: Any, seat: int, wanted: Callable[[Any], bool], right: Callable[[Any], Any],
               missed: Callable[[Any], Any]) -> Callable[[Any], Feedback]:
    """The judge of a move made on the board: a move the engine refuses gets its refusal; a legal move is right when
    ``wanted(move)`` (told ``right(move)``), else wrong with ``missed(move)`` (the worked answer): English sentences
    or messages."""

    def judge(move: Any) -> Feedback:
        if isinstance(move, Choice):
            move = move.move
        refusal = refusal_feedback(state, move, seat)
        if refusal is not None:
            return refusal
        return told(True, right(move)) if wanted(move) else told(False, missed(move))

    return judge


def number_choices(answer: int, rng: random.Random, count: int = 4, low: int = 0, step: int = 1) -> list[int]:
    """``answer`` and ``count - 1`` other numbers near it (none below ``low``), in increasing order."""
    others: set[int] = set()
    spread = max(2, count) * step
    while len(others) < count - 1:
        guess = answer + rng.choice([-1, 1]) * rng.randint(1, spread // step) * step
        if guess != answer and guess >= low:
            others.add(guess)
    return sorted({answer, *others})


def number_exercise(seed: int, state: Any, seat: int, question: Any,
                    answer: int, worked: Any, unit: str | Callable[[int], Any] = "") -> Exercise:
    """A question whose answer is a number the engine worked out: four numbers to choose among; a right choice is
    told ``worked``, a wrong one the worked answer too (``worked`` is the engine's own breakdown). ``unit``: a word
    written after each number (English), or what says a number with its unit (a message maker)."""
    rng = random.Random(seed)

    def labelled(n: int) -> Any:
        if callable(unit):
            return unit(n)
        return f"{n} {unit}" if unit else f"{n}"

    choices = tuple(Choice(labelled(n)) for n in number_choices(answer, rng))
    right_label = english(labelled(answer))

    def judge(choice: Any) -> Feedback:
        if isinstance(choice, Choice) and choice.label == right_label:
            return right_worked(worked)
        return not_quite(worked)

    return posed(seed, state, seat, question, judge, choices)


def right_worked(worked: Any) -> Feedback:
    """A right answer told its worked answer: "Right: ..."."""
    return told(True, say("Right: {worked}", worked=worked))


def not_quite(worked: Any) -> Feedback:
    """A wrong answer told the worked answer: "Not quite: ..."."""
    return told(False, say("Not quite: {worked}", worked=worked))


def fact_exercise(seed: int, state: Any, seat: int, question: Any,
                  labels: Sequence[Any], right: Any, worked: Any,
                  wrong: Callable[[str], Feedback | None] | None = None, shuffle: bool = False) -> Exercise:
    """A question whose answer is one of ``labels`` (a name, a fact, an amount in words; English or messages) that
    the engine worked out: ``right``. A right choice is told ``worked``; a wrong one ``wrong(label)`` (its English
    label) when that gives feedback (the engine's refusal, say), else the worked answer. ``shuffle``: the labels in
    an order drawn from ``seed``. ``NoExercise`` when ``right`` is not among the labels."""
    right_label = english(right)
    if right_label not in [english(label) for label in labels]:
        raise NoExercise(seed)
    labels = list(labels)
    if shuffle:
        random.Random(seed).shuffle(labels)

    def judge(choice: Any) -> Feedback:
        label = choice.label if isinstance(choice, Choice) else english(choice)
        if label == right_label:
            return right_worked(worked)
        told_ = wrong(label) if wrong else None
        return told_ or not_quite(worked)

    return posed(seed, state, seat, question, judge, [Choice(label) for label in labels])


def which_move_exercise(seed: int, state: Any, seat: int, question: Any,
                        right: Sequence[Any], wrong: Sequence[Any], label: Callable[[Any], Any] = str,
                        why: Callable[[Any], Any] | None = None) -> Exercise:
    """"Which of these may ...?": the moves ``right`` (legal, and what is asked) and ``wrong`` (refused by the
    engine, or legal but not what is asked) to choose among, shuffled by ``seed``. A refused choice is told the
    engine's refusal; a right one ``why(move)`` (by default: the engine allows it). ``label`` and ``why`` say a
    move and why it is right in English or as messages."""
    rng = random.Random(seed)
    moves = list(right) + list(wrong)
    rng.shuffle(moves)
    choices = tuple(Choice(label(m), m) for m in moves)
    right_set = list(right)

    def judge(choice: Any) -> Feedback:
        move = choice.move if isinstance(choice, Choice) else choice
        error = state.check(move, seat)
        if error is not None:
            return refused(error)
        if move in right_set:
            return told(True, why(move) if why else say("Right: {move} is allowed here.", move=label(move)))
        return told(False, say("{move} is allowed, but it is not what was asked.", move=label(move)))

    return posed(seed, state, seat, question, judge, choices)


def practised(game: str) -> dict[str, tuple[str, ...]]:
    """Each rule id of ``game`` that an exercise kind practises, with those kinds."""
    out: dict[str, list[str]] = {}
    for k in kinds(game):
        for rule in k.rules:
            out.setdefault(rule, []).append(k.id)
    return {rule: tuple(ids) for rule, ids in out.items()}


@dataclass(frozen=True)
class Coverage(teaching.Coverage):
    """What a game's rules notebooks practise: ``practised`` maps each rule id a ``practises:`` cell tag names to
    the notebooks of those cells (``unknown``: the tags that name no rule id of the game)."""

    @property
    def practised(self) -> dict[str, tuple[str, ...]]:
        return self.taught

    @property
    def unpractised(self) -> tuple[str, ...]:
        return self.untaught

    def __str__(self) -> str:
        return f"{self.game}: {len(self.rules) - len(self.untaught)} / {len(self.rules)} rule ids practised"


def coverage(game: str, folder: Path = teaching.NOTEBOOKS, language: str = "en") -> Coverage:
    """Which rule ids of ``game`` the ``practises:<rule id>`` cell tags of its rules notebooks in ``language`` cover
    (read as ``boardgames.teaching.coverage`` reads ``teaches:``), and which tags name no rule of it."""
    found = teaching.coverage(game, folder, TAG, language)
    return Coverage(found.game, found.rules, found.taught, found.unknown)


__all__ = ["Choice", "Chooser", "Coverage", "Exercise", "Feedback", "KINDS", "Kind", "NoExercise", "TAG", "as_seen_by",
           "by_kind_of_move", "choose_one", "coverage", "draw", "exercise", "fact_exercise", "find", "kind",
           "kind_per_rule", "kinds", "move_judge", "not_quite", "number_choices", "number_exercise", "played", "posed",
           "positions", "practised", "reached", "refusal_of", "refused", "right_worked", "said", "said_of",
           "seen_by_mover", "sentences", "walk", "which_move_exercise"]
