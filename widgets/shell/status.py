"""The status line under the board's title: the move counter (``bg-ply``, with ``data-ply``, ``data-shown`` and
``data-turn`` for tests), whose turn it is in a sentence, and the message under it (``widgets.shell.messages``).
``TURN_CLASSES`` are the classes the app's root carries for each kind of turn."""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

from widgets.kit.palette import seat_colour
from widgets.shell.messages import Message, message_html

TURN_CLASSES = {"human": "bg-human-turn", "bot": "bg-bot-turn", "classmate": "bg-classmate-turn", "over": "bg-over",
                "replaying": "bg-replaying"}


def status_html(state: Any, turn: str, ply: int, shown_ply: int, seats: Sequence[str], hint: str, hurried: bool,
                message: Message) -> str:
    """The status line for the live position ``state`` at move ``ply`` (``shown_ply``: the move a replay shows):
    ``turn`` as the app says it, ``hint`` what a human to move does now, ``hurried`` whether the bots are
    fast-forwarded."""
    if turn == "replaying":
        text = f"Replay: the position after move {shown_ply} of {ply}."
    elif turn == "over":
        text = "The game is over."
    else:
        seat = state.current_player
        who = f"<b style='color:{seat_colour(seat)}'>{html.escape(state.names[seat])}</b>"
        if turn == "human":
            text = f"{who}, your decision: {html.escape(hint)}."
        elif turn == "classmate":
            text = f"{who} is to move, on their own screen."
        else:
            text = f"{who} (bot, {seats[seat]}) is thinking…"
            if hurried:
                text = f"Fast-forward: {text}"
    return (
        f"<div style='font-size:14px;min-height:42px;padding:3px 0'>"
        f"<span class='bg-ply' data-ply='{ply}' data-shown='{shown_ply}' data-turn='{turn}'>Move {ply}</span>"
        f" · {text}{message_html(message)}</div>"
    )
