"""A game played from the keyboard and followed by ear: the move box and the announcer.

``MoveBox``: a text box where a move is typed as the log writes it ("bid 12", "merchant at (6, 8)"), in the page's
language or in the game's notation, with the legal moves offered as a list under it; Enter or its Play button
plays it (``boardgames.typed`` reads the words; the engine refuses what is not allowed, and the refusal is read back
in the status line and the announcer).

``Announcer``: a live region, unseen, that a screen reader reads out as it changes (``bg-announce``: the page script
of ``widgets.runtime.accessibility`` makes it one): the moves just made as the log says them, a refusal, whose turn
it is.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets as W

from boardgames.core.message import say
from boardgames.typed import moves_said, typed_move
from widgets.runtime.language import show, shown

ENTERED = "\u2063"  # the page script ends the box's words with it when Enter is pressed (widgets.runtime.accessibility)
MOVES_ANNOUNCED = 8  # at most this many of the last moves' events are read out at once (a fast-forward makes many)


class MoveBox(W.HBox):
    """The move box (class ``bg-move-entry``): its text box (``bg-move-box``) with the legal moves as its list, and
    its Play button (``bg-move-typed``). ``show(state, active)`` offers ``state``'s legal moves while ``active``; a
    move typed goes to ``on_move(move)``, words that name no move to ``on_refusal(exc)``."""

    def __init__(self, module: Any, on_move: Callable[[Any], None], on_refusal: Callable[[BaseException], None]):
        self.module = module
        self.state: Any = None
        self._on_move, self._on_refusal = on_move, on_refusal
        self.box = W.Combobox(ensure_option=False, continuous_update=True,
                              layout=W.Layout(width="auto", flex="1 1 auto"),
                              style={"description_width": "initial"})
        show(self.box, "description", say("Type a move:"))
        self.box.add_class("bg-move-box")
        self.box.observe(self._entered, "value")
        self.play_button = W.Button(layout=W.Layout(width="auto"))
        show(self.play_button, "description", say("Play"))
        show(self.play_button, "tooltip", say("Play the move typed in the box (or press Enter in the box)"))
        self.play_button.add_class("bg-move-typed")
        self.play_button.on_click(lambda _: self.play_typed())
        super().__init__([self.box, self.play_button], layout=W.Layout(margin="6px 0 0 0", align_items="center"))
        self.add_class("bg-move-entry")

    def show(self, module: Any, state: Any, active: bool) -> None:
        """Offer ``state``'s legal moves (in the page's language) while ``active``; else none. The box is never
        disabled: a disabled box would lose the keyboard's focus at every bot's move (a move typed out of turn is
        refused in words)."""
        self.module, self.state = module, state
        said = moves_said(state.legal_moves(), shown) if active and not state.is_over else []
        if list(self.box.options) != said:
            self.box.options = said
        self.box.placeholder = (shown(say("as the log writes it, e.g. {example}", example=said[0])) if said
                                else shown(say("a move, when it is your turn")))

    def _entered(self, change: dict) -> None:
        """Enter was pressed in the box (its words end with ``ENTERED``): play them."""
        if change["new"].endswith(ENTERED):
            self.box.value = change["new"].rstrip(ENTERED)
            self.play_typed()

    def play_typed(self) -> None:
        """Play the move the box's words name (the box is emptied), or say why they name none (the box keeps them)."""
        if self.state is None:
            return
        text = self.box.value
        try:
            move = typed_move(self.module, self.state, text, shown)
        except ValueError as refused:
            self._on_refusal(refused)
            return
        self.box.value = ""
        self._on_move(move)


class Announcer(W.HTML):
    """The live region (class ``bg-announce``): ``say(parts)`` reads out ``parts`` (messages or words) as one
    announcement, unless it is what was read out last."""

    def __init__(self) -> None:
        super().__init__()
        self.add_class("bg-announce")
        self.told: list[str] = []  # the last announcement, in the page's language (for tests)
        self._again = False

    def ends_with(self, said: Any) -> bool:
        """Whether the last announcement ended with ``said`` (in the page's language)."""
        return bool(self.told) and self.told[-1] == shown(said)

    def say(self, parts: Sequence[Any], again: bool = False) -> None:
        """Read out ``parts``; the same words as last time only if ``again`` (a refusal made twice is said twice)."""
        words = [shown(part) for part in parts if part]
        if words == self.told and not again:
            return
        self.told = words
        self._again = not self._again  # a change a screen reader hears even when the words are the same
        self.value = "".join(f"<p>{html.escape(w)}</p>" for w in words) + ("\u200b" if self._again else "")


def new_events(events: Sequence[Any]) -> list[Any]:
    """The events to read out of ``events`` (oldest first): the last ``MOVES_ANNOUNCED``, as messages."""
    return [event.said for event in events[-MOVES_ANNOUNCED:]]
