"""The replay row: a toggle (``bg-replay-toggle``, "Replay" / "Back to now") and a slider over the moves so far
(``bg-replay``).

Replay is a mode: the slider moves only while it is on, so that the slider's own echoes of the live position can
never be mistaken for a person's choice. ``on_toggle(on)`` hears the toggle, ``on_step(ply)`` a move chosen on the
slider during a replay; ``live()`` says the game's ply while no replay is on (None during one); ``show(ply, shown)``
puts both in step with the game (``shown``: the ply a replay shows, or None while the game is shown live), its words in
the page's language (the app calls it again after a change of language).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import ipywidgets as W

from boardgames.core.message import say
from widgets.runtime.language import show
from widgets.runtime.language import shown as in_language


class ReplayRow(W.HBox):
    """The Replay toggle and its slider; every callback is wrapped in ``guard``."""

    def __init__(self, on_toggle: Callable[[bool], None], on_step: Callable[[int], None],
                 live: Callable[[], int | None], guard: Callable[[Callable], Callable] = lambda fn: fn) -> None:
        self.on_toggle = on_toggle
        self.on_step = on_step
        self.live = live
        self.guard = guard
        self._syncing = False
        # No readout: the page would re-measure it (a forced layout) on every move, and the status line
        # above already says which move is shown.
        self.slider = W.IntSlider(value=0, min=0, max=0, continuous_update=True, readout=False,
                                  layout=W.Layout(width="300px"), style={"description_width": "40px"})
        show(self.slider, "description", say("move"))
        self.slider.add_class("bg-replay")
        self.slider.observe(guard(self._on_slider), "value")
        self.toggle = W.ToggleButton(value=False, description=in_language(say("Replay")), icon="history",
                                     layout=W.Layout(width="auto"))
        show(self.toggle, "tooltip", say("Step through the game so far"))
        self.toggle.add_class("bg-replay-toggle")
        self.toggle.observe(guard(self._on_toggle), "value")
        super().__init__([self.toggle, self.slider])

    def show(self, ply: int, shown: int | None) -> None:
        """The game is at move ``ply``; a replay shows move ``shown`` (None: no replay is on)."""
        value = ply if shown is None else shown
        replaying = shown is not None
        self._syncing = True
        try:
            # Two messages, in an order the page's slider can follow: it clamps a value to its old
            # range, so the range grows before the value moves up (and shrinks after it moves down).
            if ply >= self.slider.max:
                self.slider.max = ply
                self.slider.value = value
            else:
                self.slider.value = value
                self.slider.max = ply
            self.slider.disabled = not replaying
            with self.toggle.hold_sync():
                self.toggle.value = replaying
                self.toggle.description = in_language(say("Back to now") if replaying else say("Replay"))
        finally:
            self._syncing = False

    def _on_toggle(self, change) -> None:
        if not self._syncing:
            self.on_toggle(bool(change["new"]))

    def _on_slider(self, change) -> None:
        if self._syncing:
            return
        live = self.live()
        if live is not None:
            # Not replaying: the page's slider echoed an older position while its range grew. Put the
            # live position back (once the page's message has been handled) rather than mistaking the
            # echo for a person's choice.
            if change["new"] != live:
                try:
                    asyncio.get_running_loop().call_later(0.05, self.guard(self._slider_to_live))
                except RuntimeError:
                    self._slider_to_live()
            return
        self.on_step(int(change["new"]))

    def _slider_to_live(self) -> None:
        live = self.live()
        if live is not None and self.slider.value != live:
            self._syncing = True
            try:
                self.slider.value = min(live, self.slider.max)
            finally:
                self._syncing = False
