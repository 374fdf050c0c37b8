"""The class page's form for a new table: a game, how many play, and who plays each seat (a member of the class or
a bot of a level)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import ipywidgets as W

from boardgames import GAMES
from boardgames.bots import bot_levels
from boardgames.core.message import say, term
from boardgames.terms import title_said
from widgets.classpages.auction.shared import relabel, relabelling
from widgets.classpages.classes.shared import button
from widgets.runtime.language import on_language, show, shown

MEMBER, BOT = "member", "bot"


def bot_name(seat: int) -> str:
    """A bot's name at a table: "Bot 3" (its level shows beside it on the class page), in the page's language (the
    name the table keeps)."""
    return shown(say("Bot {n}", n=seat + 1))


class NewTableForm(W.VBox):
    """The form (class ``bg-new-table``); ``create(game, seats)`` hears each seat as ``("member", nickname)`` or
    ``("bot", level)``. ``set_members`` gives it the class's nicknames."""

    def __init__(self, create: Callable[[str, list[tuple[str, str]]], None]) -> None:
        super().__init__()
        self.add_class("bg-new-table")
        self.members: tuple[str, ...] = ()
        self.game = W.Dropdown(options=self._games(), layout=W.Layout(width="300px"))
        show(self.game, "description", say("Game"))
        self.game.add_class("bg-new-game")
        self.count = W.Dropdown(layout=W.Layout(width="160px"))
        show(self.count, "description", say("Players"))
        self.count.add_class("bg-new-count")
        self.seats = W.HBox()
        self.button = button(say("Start the table"), "bg-create-table", "primary")
        self.button.on_click(lambda _: create(self.game.value, self.chosen()))
        self.game.observe(lambda _: relabelling(self.game) or self._players(), "value")
        self.count.observe(lambda _: self._seats(), "value")
        self.children = [W.HBox([self.game, self.count]), self.seats, W.HBox([self.button])]
        self._players()
        on_language(self._in_language)

    @staticmethod
    def _games() -> list[tuple[str, str]]:
        return [(shown(title_said(GAMES[g].NAME)), g) for g in GAMES]

    def _in_language(self) -> None:
        """The choices' words again, in the page's language now (each choice kept)."""
        relabel(self.game, self._games())
        for seat in self.seats.children:
            relabel(seat, self._options())

    def chosen(self) -> list[tuple[str, str]]:
        """Who plays each seat: ``("member", nickname)`` or ``("bot", level)``."""
        return [tuple(s.value.split(":", 1)) for s in self.seats.children]

    def set_members(self, nicknames: Sequence[str]) -> None:
        nicknames = tuple(nicknames)
        if nicknames != self.members:
            self.members = nicknames
            self._seats()

    def _players(self) -> None:
        players = list(GAMES[self.game.value].PLAYERS)
        self.count.options = [(str(n), n) for n in players]
        self.count.value = players[0]
        self._seats()

    def _options(self) -> list[tuple[str, str]]:
        return ([(name, f"{MEMBER}:{name}") for name in self.members]
                + [(shown(say("a bot ({level})", level=term("bot.level", level))), f"{BOT}:{level}")
                   for level in bot_levels(self.game.value)])

    def _seats(self) -> None:
        if self.count.value is None:
            return
        options = self._options()
        before = [s.value for s in self.seats.children]
        offered = [value for _, value in options]
        members = [value for value in offered if value.startswith(MEMBER)]
        strongest = options[-1][1]
        seats = []
        for seat in range(self.count.value):
            keep = before[seat] if seat < len(before) and before[seat] in offered else None
            value = keep or (members[seat] if seat < len(members) else strongest)
            box = W.Dropdown(options=options, value=value, layout=W.Layout(width="230px"),
                             style={"description_width": "50px"})
            show(box, "description", say("Seat {n}", n=seat + 1))
            box.add_class("bg-new-seat")
            seats.append(box)
        self.seats.children = seats
