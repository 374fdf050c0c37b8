"""What the log adds to a game's events: the hints a player asked for and the bots' reasons, kept by ply.

``MoveNotes`` keeps, for the position at each ply, the hint asked there (``hint``) and the reasons of the bot
that moved from it (``reasons``, from ``boardgames.hints.move_reasons``). A note belongs to the very position it
was made in: once an undo and another move replace that position, the note is gone from the log (an undo alone
hides it, and Redo brings it back). ``lines(...)`` gives the log its HTML lines for each ply, as a viewer may
read them:

- a hint shows its suggestion to the seat that asked (and to all once the game is over); the others read only
  that a hint was used;
- a bot's move opens (an HTML ``<details>``, no kernel round trip) on the move it played and its best
  alternatives, each with its worth and reason; a random bot says it weighed nothing. The reasons of a bot that
  read what only its seat may know (the engine's ``keeps_secrets``) stay closed until the game is over, and a
  bot's move made by another page of a table says its reasons are kept there.

CSS hooks: ``bg-hint-note`` (a hint's line), ``bg-reasons`` (a bot move's ``<details>``), ``bg-reasons-body``
(what opens), ``bg-reason`` (one alternative; ``bg-chosen`` on the move played); their style is the log's
(``widgets.shell.log.NOTES_STYLE``), sent once with the log's heading.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from boardgames.bots import ONLY_MOVE, Judgement, move_said
from boardgames.core.english import sentence  # noqa: F401 (the review and puzzle panels take it from here)
from boardgames.core.message import Capitalized, Message, say, term
from boardgames.hints import move_reasons
from widgets.kit.palette import seat_colour
from widgets.runtime.language import shown


@dataclass(frozen=True)
class HintAsked:
    """A hint ``seat`` asked for in ``state`` (the position it was asked in): the ``suggestions``, best first."""

    state: Any
    seat: int
    suggestions: tuple[Judgement, ...]


@dataclass(frozen=True)
class BotReasons:
    """Why the bot of ``seat`` (of ``level``) made the move that led to ``after``: ``reasons`` as
    ``move_reasons`` gives them (None: none were kept here), ``private`` whether they read what only that seat
    may know."""

    after: Any
    seat: int
    level: str
    reasons: dict[str, Any] | None
    private: bool


class MoveNotes:
    """The hints asked and the bots' reasons of one game, by ply (see the module's docstring)."""

    def __init__(self) -> None:
        self._hints: dict[int, HintAsked] = {}
        self._reasons: dict[int, BotReasons] = {}

    def forget(self) -> None:
        """Drop every note (a new game)."""
        self._hints.clear()
        self._reasons.clear()

    def hint(self, ply: int, state: Any, seat: int, suggestions: Sequence[Judgement]) -> None:
        """Keep that ``seat`` asked for a hint in ``state``, the position after ``ply`` moves."""
        self._hints[ply] = HintAsked(state, seat, tuple(suggestions))

    def reasons(self, ply: int, after: Any, seat: int, level: str, source: Any, private: bool) -> None:
        """Keep why the bot of ``seat`` made move ``ply + 1`` (from the position after ``ply`` moves to ``after``):
        ``source`` is the bot's ``last_judgements`` (None: its reasons are unknown here)."""
        reasons = None if source is None else move_reasons(source)
        self._reasons[ply] = BotReasons(after, seat, level, reasons, private)

    def hint_at(self, ply: int, states: Sequence[Any]) -> HintAsked | None:
        """The hint asked in ``states[ply]``, if one was and that position is still the game's."""
        asked = self._hints.get(ply)
        return asked if asked is not None and ply < len(states) and states[ply] is asked.state else None

    def reasons_at(self, ply: int, states: Sequence[Any]) -> BotReasons | None:
        """The reasons kept for the move from ``states[ply]``, if that move is still the game's."""
        kept = self._reasons.get(ply)
        return kept if kept is not None and ply + 1 < len(states) and states[ply + 1] is kept.after else None

    def lines(self, states: Sequence[Any], moves: Sequence[Any], viewer: int | None, over: bool,
              bots: Callable[[int], str | None], elsewhere: bool) -> Callable[[int], list[str]]:
        """The log's extra lines after the events of ``states[ply]`` (the reasons of the move made from it, then
        the hint asked in it), as ``viewer`` may read them; ``over``: the game is over (every secret is out);
        ``bots(seat)``: the bot level of a seat, or None for a person; ``elsewhere``: a bot's move without reasons
        here was made by another page of a table."""
        names = states[0].names if states else ()

        def at(ply: int) -> list[str]:
            out = []
            if ply + 1 < len(states):
                kept = self.reasons_at(ply, states)
                seat = states[ply].current_player
                level = bots(seat) if seat is not None else None
                if kept is not None:
                    out.append(reasons_html(kept, names[kept.seat], ply + 1, over))
                elif level is not None and elsewhere:
                    out.append(details_html(seat, names[seat], level, ply + 1,
                                            say("{name}'s bot moved on another page of this table: its reasons are "
                                                "kept there.", name=names[seat])))
            asked = self.hint_at(ply, states)
            if asked is not None:
                played = moves[ply] if ply < len(moves) else None
                out.append(hint_note_html(asked, names[asked.seat], ply, played, over or viewer == asked.seat))
            return out

        return at


def hint_note_html(asked: HintAsked, name: str, ply: int, played: Any, told: bool) -> str:
    """The log's line for a hint: who asked and when, and, when ``told`` (the viewer asked, or the game is over),
    the first suggestion and whether it was ``played``."""
    text = say("{name} asked for a hint at move {ply}", name=name, ply=ply)
    if told and asked.suggestions:
        first = asked.suggestions[0]
        move = move_said(first.move)
        if first.reason != ONLY_MOVE:
            text = say("{asked}: suggested {move} ({worth})", asked=text, move=move, worth=first.worth)
        else:
            text = say("{asked}: suggested {move}", asked=text, move=move)
        if played == first.move:
            text = say("{asked}; {name} played it", asked=text, name=name)
        elif played is not None:
            text = say("{asked}; {name} played {move} instead", asked=text, name=name, move=move_said(played))
    colour = seat_colour(asked.seat)
    return (f"<div class='bg-hint-note' data-ply='{ply}' style='border-color:{colour}'>"
            f"{html.escape(shown(sentence_said(text)))}</div>")


def reasons_html(kept: BotReasons, name: str, move_number: int, over: bool) -> str:
    """A bot's move in the log, to open: the move it played and its best alternatives with their worth and
    reasons; a note instead while they read what only its seat may know (until ``over``) or were not kept."""
    reasons = kept.reasons
    if kept.private and not over:
        body = say("{name}'s reasons read what only {name} may know (its hidden cards), so they open here once the "
                   "game is over.", name=name)
        return details_html(kept.seat, name, kept.level, move_number, body)
    if reasons is None:
        return details_html(kept.seat, name, kept.level, move_number,
                            say("The bot's reasons for this move were not kept."))
    body = _escaped(Capitalized(reasons["note"]))
    if reasons["explained"]:
        played = " " + _escaped(say("(played)"))
        items = "".join(
            f"<li class='bg-reason{' bg-chosen' if option['chosen'] else ''}'><b>{_escaped(move)}</b>"
            f"{played if option['chosen'] else ''}: {_escaped(_worth_said(option['worth']))} "
            f"{_escaped(sentence_said(option['reason']))}</li>"
            for option, move in zip(reasons["options"], reasons["said"]))
        aside = _escaped(say("In the bot's own words: “you” is {name}.", name=name), quote=False)
        body += f"<ol>{items}</ol><div class='bg-aside'>{aside}</div>"
    return details_html(kept.seat, name, kept.level, move_number, body)


def details_html(seat: int, name: str, level: str, move_number: int, body: Message | str) -> str:
    """A bot move's ``<details>`` in the log: "Why did Ben (bot, expert) make move 12?", opening on ``body`` (a
    message, or HTML already in the page's language)."""
    text = _escaped(body) if isinstance(body, Message) else body
    summary = _escaped(say("Why did {name} (bot, {level}) make move {move}?", name=name,
                           level=term("bot.level", level), move=move_number))
    return (f"<details class='bg-reasons' data-ply='{move_number}' style='border-color:{seat_colour(seat)}'>"
            f"<summary>{summary}</summary><div class='bg-reasons-body'>{text}</div></details>")


def sentence_said(said: Any) -> Message:
    """``said`` (a clause) as a sentence: a capital first letter and a full stop."""
    return say("{clause}.", clause=Capitalized(said))


def _worth_said(worth: Any) -> Message:
    """A move's worth in the log, a full stop after it."""
    return say("{worth}.", worth=worth)


def _escaped(said: Any, quote: bool = True) -> str:
    """``said`` in the page's language, escaped for HTML (``quote``: its quotation marks too)."""
    return html.escape(shown(said), quote=quote)
