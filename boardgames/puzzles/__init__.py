"""Puzzles mined from games of the expert bots: one position each, where the expert's best move beats its second
by at least the game's margin (its teaching description's ``margin``, in its ``unit``) and is not forced.

A ``Puzzle`` holds the position as its seat saw it (what the seat could not see drawn afresh, with a table of its
own: no secret of the game it came from reaches it), the expert's best and second moves, the gap between them and
the expert's words (in English as stored; as messages, ``expert_words``, worked out again by the expert where a page
shows them in a language). ``puzzles(game, theme)`` reads the stored set (``data/<game>.json``, written by
``python -m boardgames.puzzles.mine``, see ``docs/puzzles.md``); ``judge(puzzle, move)`` judges an answer the way
the review judges a decision (``boardgames.review.AgainstTheBest``, in the game's ``worlds`` drawn for the seat);
``puzzle_exercise`` and ``puzzle_kind`` give the exercise widget a puzzle to show on the board.
"""

from __future__ import annotations

import functools
import json
import re
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import boardgames
from boardgames.core.message import Capitalized, Message, english, say
from boardgames.core.teaching import teaching_of
from boardgames.practice import Exercise, Feedback, Kind, exercise, move_judge
from boardgames.puzzles.themes import GENERAL, THEMES, THEMES_SAID
from boardgames.review import AgainstTheBest, pick_scale, weigh
from boardgames.terms import unit_said

DATA = Path(__file__).resolve().parent / "data"
KIND = "puzzle"  # an exercise of a puzzle is of the kind "<game>.puzzle"


@dataclass(frozen=True)
class Puzzle:
    """One stored puzzle (see the module). ``ply`` is the move of its game the position came before: with the
    position it seeds the worlds the expert judges in, so the puzzle is judged the same way every time."""

    id: str
    game: str
    theme: str
    seat: int
    state: Any
    best: Any
    second: Any
    gap: float
    best_worth: str
    reason: str
    source: str
    ply: int = 0

    @property
    def unit(self) -> str:
        """The game's terms for a gap or a cost: florins, points, prestige, VP."""
        return teaching_of(self.game).unit

    @property
    def margin(self) -> float:
        """The least gap between the expert's best move and its second in a puzzle of the game: the review's
        "mistake", so that the second best would be labelled a mistake or worse (see docs/puzzles.md)."""
        return teaching_of(self.game).margin

    @property
    def title(self) -> str:
        """The puzzle's theme in words."""
        return THEMES[self.game][self.theme]

    @property
    def title_said(self) -> Message:
        """The puzzle's theme, a message."""
        return THEMES_SAID[self.game][self.theme]

    @property
    def told_said(self) -> Message:
        """Where the puzzle was mined, as a solver may read it: the game (its players) and the move, never the seed
        its cards were dealt from (with it the real game, and every seat's hidden cards, could be dealt again)."""
        return say("an expert game of {players} players, move {move}", players=self.state.players, move=self.ply + 1)

    @property
    def told(self) -> str:
        """``told_said`` in English."""
        return english(self.told_said)


def figure(x: float) -> str:
    """A figure in words: whole numbers without decimals, others to one decimal."""
    return f"{x:.0f}" if abs(x - round(x)) < 0.05 else f"{x:.1f}"


def _known(game: str) -> None:
    if game not in THEMES:
        raise ValueError(f"no puzzles for {game!r}: the games are {', '.join(THEMES)}")


def record(puzzle: Puzzle) -> dict[str, Any]:
    """A puzzle as stored: the position as the engine saves it, the moves as text."""
    return {
        "id": puzzle.id, "theme": puzzle.theme, "seat": puzzle.seat, "ply": puzzle.ply,
        "state": json.loads(puzzle.state.to_json()), "best": str(puzzle.best), "second": str(puzzle.second),
        "gap": puzzle.gap, "best_worth": puzzle.best_worth, "reason": puzzle.reason, "source": puzzle.source,
    }


def from_record(game: str, rec: dict[str, Any]) -> Puzzle:
    """A puzzle from its stored record (the position read back by the engine's ``from_json``)."""
    module = boardgames.GAMES[game]
    return Puzzle(
        rec["id"], game, rec["theme"], rec["seat"], module.from_json(json.dumps(rec["state"])),
        module.parse_move(rec["best"]), module.parse_move(rec["second"]), rec["gap"], rec["best_worth"],
        rec["reason"], rec["source"], rec.get("ply", 0),
    )


@functools.cache
def _stored(game: str) -> tuple[Puzzle, ...]:
    path = DATA / f"{game}.json"
    if not path.exists():
        return ()
    doc = json.loads(path.read_text(encoding="utf-8"))
    return tuple(from_record(game, rec) for rec in doc["puzzles"])


def puzzles(game: str, theme: str | None = None) -> tuple[Puzzle, ...]:
    """The stored puzzles of ``game`` (of ``theme`` only, when given), in their stored order."""
    _known(game)
    if theme is not None and theme not in THEMES[game]:
        raise ValueError(f"{game} has no puzzle theme {theme!r}: its themes are {', '.join(THEMES[game])}")
    return tuple(p for p in _stored(game) if theme is None or p.theme == theme)


def counts(game: str) -> dict[str, int]:
    """The stored puzzles of ``game`` per theme (every theme, none left out)."""
    out = dict.fromkeys(THEMES[game], 0)
    for p in puzzles(game):
        out[p.theme] += 1
    return out


# ---------------------------------------------------------------------------------------------- judging
def weighed(state: Any, move: Any, ply: int) -> tuple[dict[Any, float], dict[Any, Any]]:
    """The expert's mean value of each move it weighed at ``state`` (``move`` among them) in the review's
    worlds (the game's ``worlds``) drawn for the seat to move, scaled to the game's terms (``pick_scale``), and the
    judgement of each move from the world nearest its mean (its words)."""
    mean, judged, _ = weigh(state, move, ply, teaching_of(state.GAME).worlds)
    scale = pick_scale(state)
    words = {m: min((v[m] for v in judged), key=lambda j: abs(j.value - mean[m])) for m in mean}
    return {m: value * scale for m, value in mean.items()}, words


def ranked(values: dict[Any, float]) -> list[Any]:
    """The moves best first (by value; equal values in the order the expert listed them)."""
    return sorted(values, key=lambda m: -values[m])


_JUDGES: dict[str, AgainstTheBest] = {}


def against_the_best(puzzle: Puzzle) -> AgainstTheBest:
    """The puzzle's judge: a move against the expert's best in the puzzle's worlds, right within the margin (its
    costs kept once worked out)."""
    if puzzle.id not in _JUDGES:
        worlds = teaching_of(puzzle.game).worlds
        _JUDGES[puzzle.id] = AgainstTheBest(puzzle.state, puzzle.ply, worlds, puzzle.best, puzzle.margin)
    return _JUDGES[puzzle.id]


def cost(puzzle: Puzzle, move: Any) -> float:
    """What the legal ``move`` costs against the puzzle's best, in the game's terms (0 for the best), as the expert
    values it in the puzzle's worlds (kept once worked out)."""
    return against_the_best(puzzle).cost(move)


_WORDS: dict[str, tuple[Any, Any]] = {}


def expert_words(puzzle: Puzzle) -> tuple[Any, Any]:
    """The expert's words of the puzzle's best move, its worth and its reason, as messages: worked out again as the
    miner did (the expert's judgement in the puzzle's worlds), kept once worked out; the stored English where the
    expert's words now differ from it."""
    if puzzle.id not in _WORDS:
        worth, reason = puzzle.best_worth, puzzle.reason
        values, words = weighed(puzzle.state, puzzle.best, puzzle.ply)
        found = words.get(puzzle.best)
        if found is not None and (english(found.worth), english(found.reason)) == (worth, reason):
            worth, reason = found.worth, found.reason
        _WORDS[puzzle.id] = (worth, reason)
    return _WORDS[puzzle.id]


def move_said(move: Any) -> Any:
    """``move`` as its game's notation writes it: a message where the game's moves module says its moves
    (``move_said``), else its text."""
    said = getattr(sys.modules.get(type(move).__module__), "move_said", None)
    return said(move) if said is not None else str(move)


def sentence_said(said: Any) -> Message:
    """A clause as a sentence: its first letter a capital, a full stop after it."""
    return say("{clause}.", clause=Capitalized(said))


def judge(puzzle: Puzzle, move: Any) -> Feedback:
    """Judge ``move`` as the answer to ``puzzle``: a move the engine refuses gets its refusal (with the rule id); a
    legal move is right when it costs less than the margin against the expert's best, else it is told what it cost
    and the expert's move with its reason. Nothing changes in the puzzle. The feedback's ``said`` is its message."""
    against = against_the_best(puzzle)
    unit = unit_said(puzzle.unit)

    def right(move: Any) -> Message:
        worth, reason = expert_words(puzzle)
        if str(move) == str(puzzle.best):
            return say("Right: {move} is the expert's best move here ({worth}). {reason}", move=move_said(move),
                       worth=worth, reason=sentence_said(reason))
        return say("Right: {move} is within {cost} {unit} of the expert's best move ({best}, {worth}). {reason}",
                   move=move_said(move), cost=figure(against.cost(move)), unit=unit, best=move_said(puzzle.best),
                   worth=worth, reason=sentence_said(reason))

    def missed(move: Any) -> Message:
        worth, reason = expert_words(puzzle)
        return say("{move} costs {cost} {unit} against the best. The expert's move: {best} ({worth}): {reason}",
                   move=move_said(move), cost=figure(against.cost(move)), unit=unit, best=move_said(puzzle.best),
                   worth=worth, reason=sentence_said(reason))

    return move_judge(puzzle.state, puzzle.state.current_player, against.is_right, right, missed)(move)


# ---------------------------------------------------------------------------------------------- exercises
def number(puzzle: Puzzle) -> int:
    """The puzzle's number in its game's set (from its id, ``medici-007`` -> 7)."""
    found = re.search(r"(\d+)$", puzzle.id)
    return int(found.group(1)) if found else 0


def puzzle_exercise(puzzle: Puzzle) -> Exercise:
    """The puzzle as an exercise answered on the board: the question names the theme and what to find; the answer
    is judged by ``judge``."""
    name = puzzle.state.names[puzzle.seat]
    margin = say("{amount} {unit}", amount=figure(puzzle.margin), unit=unit_said(puzzle.unit))
    question = say("{theme}: find the best move for {name}. The expert's next best move is {margin} or more behind "
                   "it: a move within {margin} of the best is right.", theme=puzzle.title_said, name=name,
                   margin=margin)
    return exercise(f"{puzzle.game}.{KIND}", number(puzzle), (), puzzle.state, puzzle.seat, question,
                    functools.partial(judge, puzzle))


def puzzle_kind(game: str, theme: str | None = None) -> Kind:
    """An exercise kind (never registered) whose seed ``k`` shows the ``k``-th stored puzzle of ``game`` (of
    ``theme`` only, when given), counted modulo their number: "Another one" goes to the next."""
    chosen = puzzles(game, theme)
    if not chosen:
        raise ValueError(f"no stored puzzle of {game}" + (f" on {THEMES[game][theme]!r}" if theme else ""))
    title = f"Puzzles: {THEMES[game][theme]}" if theme else "Puzzles"
    kind_id = f"{game}.{KIND}" if theme is None else f"{game}.{KIND}.{theme}"
    return Kind(kind_id, game, (), title, lambda seed: puzzle_exercise(chosen[seed % len(chosen)]))


__all__ = ["DATA", "GENERAL", "KIND", "THEMES", "THEMES_SAID", "Puzzle", "against_the_best", "cost", "counts",
           "expert_words", "from_record", "judge", "move_said", "puzzle_exercise", "puzzle_kind", "puzzles", "ranked",
           "record", "sentence_said", "weighed"]
