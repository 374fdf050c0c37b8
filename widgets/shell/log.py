"""The log: what happened, newest first, in plain sentences, each as the seat shown may read it; among the events,
in their place, the notes the shell keeps by ply (a hint asked, a bot's reasons: ``widgets.shell.notes``)."""

from __future__ import annotations

import html
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import ipywidgets as W

from boardgames.core import Event, events_seen_from
from boardgames.core.message import say
from widgets.kit.palette import seat_colour
from widgets.runtime.language import show, shown
from widgets.shell.remembered import PerState

LOG_LINES = 100
LOG_NAME = say("What happened")  # the log's name for a screen reader (its heading's words)
# Sent once with the log's heading, not with every log update: a new <style> element makes the page
# recompute every style. The box has a fixed size, so the page lays out its lines on their own (contain).
LOG_STYLE = (
    "<style>.bg-log-lines{height:250px;overflow-y:auto;font-size:13px;line-height:1.35;border:1px solid #dee2e6;"
    "padding:3px;box-sizing:border-box;width:100%;contain:strict}"
    ".bg-log-lines .bg-event{border-left:5px solid;padding:1px 6px;margin:1px 0}"
    ".bg-log-lines .bg-strong{font-weight:bold}</style>"
)
# The dashboard's log also holds the shell's notes (a hint asked, a bot's reasons: ``widgets.shell.notes``).
NOTES_STYLE = (
    "<style>.bg-log-lines .bg-hint-note,.bg-log-lines .bg-reasons{border-left:5px solid;padding:1px 6px;"
    "margin:1px 0;background:#f8f9fa}.bg-log-lines .bg-hint-note{border-left-style:dotted;font-style:italic}"
    ".bg-log-lines .bg-reasons summary{color:#495057;cursor:pointer}.bg-log-lines .bg-reasons-body{padding:2px 0 3px}"
    ".bg-log-lines .bg-reasons ol{margin:2px 0;padding-left:20px}.bg-log-lines .bg-aside{color:#6c757d}</style>"
)


def log_heading() -> W.HTML:
    """The log's heading, with the log's style (sent once)."""
    return show(W.HTML(), "value", lambda: LOG_STYLE + NOTES_STYLE + heading(say("What happened"),
                                                                            say("(newest first)")))


def heading(title: Any, aside: Any) -> str:
    """A heading in the page's language: ``title`` in bold, ``aside`` after it."""
    return f"<b>{html.escape(shown(title))}</b> {html.escape(shown(aside))}"


class LogView(W.HTML):
    """The last ``LOG_LINES`` lines of a game, newest first (class ``bg-log``); ``show(states, viewer, emphasised,
    notes)`` writes the events of ``states`` that ``viewer`` may read, the ``emphasised`` ones in bold, each
    position's events followed by ``notes(ply)`` (HTML lines: what the shell adds after the events of
    ``states[ply]``)."""

    def __init__(self) -> None:
        # no side margins: a widget's margin added to a width of 100% would push its right border out of sight
        super().__init__(layout=W.Layout(width="100%", margin="2px 0"))
        self.add_class("bg-log")
        # the engine renders event texts on demand: each position's events, as each viewer reads them, once
        self._events = PerState(lambda state, viewer: tuple(events_seen_from(state.events, viewer)))

    def events(self, states: Sequence[Any], viewer: int | None) -> list[Event]:
        """The events of ``states``, oldest first, as ``viewer`` (a seat, or None for a spectator) may read them."""
        return [e for s in states for e in self._events(s, viewer)]

    def show(self, states: Sequence[Any], viewer: int | None, emphasised: Callable[[Event], bool],
             notes: Callable[[int], Sequence[str]] | None = None) -> None:
        newest: list[str] = []  # newest first, from the last position back until the log is full
        for ply in range(len(states) - 1, -1, -1):
            if len(newest) >= LOG_LINES:
                break
            newest += reversed(notes(ply)) if notes is not None else ()
            newest += [event_line(e, emphasised) for e in reversed(self._events(states[ply], viewer))]
        self.value = lines_box("".join(newest[:LOG_LINES]))

    def forget(self) -> None:
        """Drop the remembered events (a new game)."""
        self._events.forget()


def event_lines(events: Iterable[Event], emphasised: Callable[[Event], bool]) -> str:
    """``events`` in the order given as the log draws them (HTML, styled by ``LOG_STYLE``): one line each, edged
    in its seat's colour, the ``emphasised`` ones in bold."""
    return lines_box("".join(event_line(e, emphasised) for e in events))


def lines_box(lines: str) -> str:
    """The log's lines (HTML) in its scrolled box: a log a keyboard can reach (to scroll it) and a screen reader
    names."""
    named = html.escape(shown(LOG_NAME))
    return f"<div class='bg-log-lines' tabindex='0' role='log' aria-label='{named}'>{lines}</div>"


def event_line(event: Event, emphasised: Callable[[Event], bool]) -> str:
    """One event as the log draws it: edged in its seat's colour, in bold if ``emphasised``."""
    colour = seat_colour(event.seat) if event.seat is not None else "#ced4da"
    bold = " bg-strong" if emphasised(event) else ""
    return f"<div class='bg-event{bold}' style='border-color:{colour}'>{html.escape(shown(event.said))}</div>"
