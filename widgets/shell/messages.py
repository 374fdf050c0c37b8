"""The sentence under the status line: information in a neutral style (gone at the next move), errors in red.

Every message carries the CSS class ``bg-message`` and one of ``bg-info`` / ``bg-error``.
"""

from __future__ import annotations

import html
from typing import Any, NamedTuple

from boardgames.core.message import english
from widgets.runtime.language import shown

INFO, ERROR = "info", "error"
STYLES = {
    INFO: "color:#343a40;background:#f1f3f5;border-left:4px solid #868e96",
    ERROR: "color:#c92a2a;background:#fff5f5;border-left:4px solid #e03131",
}


class Message(NamedTuple):
    """A sentence for the player (a ``boardgames.core.message`` message, said in the page's language when shown) and
    its kind, ``INFO`` or ``ERROR`` (no sentence: nothing to say)."""

    said: Any = ""
    kind: str = INFO

    @property
    def text(self) -> str:
        """The sentence in English."""
        return english(self.said)


def message_html(message: Message) -> str:
    """The message as the status line shows it ("" when there is none)."""
    if not message.said:
        return ""
    if message.kind not in STYLES:
        raise ValueError(f"a message is {INFO!r} or {ERROR!r}, not {message.kind!r}")
    return (f"<div class='bg-message bg-{message.kind}' style='{STYLES[message.kind]};padding:2px 8px;"
            f"margin-top:3px;border-radius:3px'>{html.escape(shown(message.said))}</div>")
