"""The status line under the board's title: the move counter (``bg-ply``, with ``data-ply``, ``data-shown`` and
``data-turn`` for tests), whose turn it is in a sentence, and the message under it (``widgets.shell.messages``).
``TURN_CLASSES`` are the classes the app's root carries for each kind of turn."""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

from boardgames.core.message import say
from widgets.kit.palette import seat_ink
from widgets.runtime.language import shown
from widgets.shell.messages import Message, message_html
from widgets.shell.seats import level_said

TURN_CLASSES = {"human": "bg-human-turn", "bot": "bg-bot-turn", "classmate": "bg-classmate-turn", "over": "bg-over",
                "replaying": "bg-replaying"}


def status_html(state: Any, turn: str, ply: int, shown_ply: int, seats: Sequence[str], hint: Any, hurried: bool,
                message: Message) -> str:
    """The status line for the live position ``state`` at move ``ply`` (``shown_ply``: the move a replay shows):
    ``turn`` as the app says it, ``hint`` what a human to move does now (a message), ``hurried`` whether the bots
    are fast-forwarded; in the page's language."""
    said = turn_said(state, turn, ply, shown_ply, seats, hint, hurried, name=NAME)
    text = html.escape(shown(said))
    if turn not in ("replaying", "over"):
        seat = state.current_player
        text = text.replace(NAME, f"<b style='color:{seat_ink(seat)}'>{html.escape(state.names[seat])}</b>")
    move = html.escape(shown(say("Move {ply}", ply=ply)))
    return (
        f"<div style='font-size:14px;min-height:42px;padding:3px 0'>"
        f"<span class='bg-ply' data-ply='{ply}' data-shown='{shown_ply}' data-turn='{turn}'>{move}</span>"
        f" · {text}{message_html(message)}</div>"
    )


def turn_said(state: Any, turn: str, ply: int, shown_ply: int, seats: Sequence[str], hint: Any, hurried: bool,
              name: str | None = None) -> Any:
    """Whose turn it is, as the status line says it (a message); ``name`` stands for the seat's name (its own
    name if None)."""
    if turn == "replaying":
        return say("Replay: the position after move {shown} of {ply}.", shown=shown_ply, ply=ply)
    if turn == "over":
        return say("The game is over.")
    seat = state.current_player
    who = state.names[seat] if name is None else name
    if turn == "human":
        return say("{name}, your decision: {hint}.", name=who, hint=hint)
    if turn == "classmate":
        return say("{name} is to move, on their own screen.", name=who)
    if hurried:
        return say("Fast-forward: {name} (bot, {level}) is thinking…", name=who, level=level_said(seats[seat]))
    return say("{name} (bot, {level}) is thinking…", name=who, level=level_said(seats[seat]))


NAME = "\x00name\x00"  # where a sentence names the seat: the name, in its seat's colour, goes there
