"""The new-game form: the game, the player count, every seat's name and kind (human or a bot level), the seed,
and the game's options (the flags its view offers in ``OPTIONS``)."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import ipywidgets as W

from boardgames import GAMES
from boardgames.bots import bot_levels
from boardgames.core import DEFAULT_NAMES
from widgets.registry import games, view
from widgets.shell.bots import HUMAN, default_level


class SetupForm(W.Accordion):
    """A folded form (class ``bg-setup``) whose start button (``bg-new-game``) calls
    ``on_start(game, names, seats, seed, options)``. The games offered are the registered ones; the player
    counts are the chosen game's ``PLAYERS``, the seat kinds "human" and its bot levels; ``options`` holds a
    value for every flag the game's view offers as a checkbox (``OPTIONS``: ``[(flag, label), ...]``,
    classes ``bg-option`` and ``bg-option-<flag>``), given to the game's ``new_game``.

    ``show(game, names, seats, seed, flags)`` fills it in for a game just started (``flags``: its flags' values).
    """

    def __init__(self, on_start: Callable[[str, list[str], list[str], int, dict[str, Any]], None],
                 guard: Callable[[Callable], Callable] = lambda fn: fn) -> None:
        self.on_start = on_start
        self.guard = guard  # wraps every callback (the app turns failures into sentences)
        self.body = W.VBox()
        super().__init__(children=[self.body], selected_index=None)
        self.set_title(0, "New game: players, names, seats and seed")
        self.add_class("bg-setup")

    def show(self, game: str, names: Sequence[str], seats: Sequence[str], seed: int,
             flags: Mapping[str, Any] | None = None) -> None:
        """Build the form anew for ``game`` with these seats, seed and flags (the options' checkboxes)."""
        guard = self.guard
        self.game_pick = W.Dropdown(options=[(GAMES[g].NAME, g) for g in games()], value=game, description="Game")
        self.count = W.Dropdown(options=list(GAMES[game].PLAYERS), value=len(names), description="Players")
        self.seed = W.IntText(value=seed, description="Seed")
        self.seed.add_class("bg-seed")
        self.random_seed = W.Button(description="Random seed", layout=W.Layout(width="auto"))
        self.random_seed.on_click(guard(lambda _: setattr(self.seed, "value", random.randrange(1, 100_000))))
        self.seat_rows = W.VBox()
        self.start = W.Button(description="Start the new game", button_style="primary", icon="play",
                              layout=W.Layout(width="auto"))
        self.start.add_class("bg-new-game")
        self.start.on_click(guard(lambda _: self.on_start(self.game_pick.value, self.names, self.seats,
                                                          int(self.seed.value), self.options)))
        self.option_row = W.VBox()
        self.count.observe(guard(lambda _: self._fill_seat_rows()), "value")
        self.game_pick.observe(guard(self._on_game_pick), "value")
        self._fill_seat_rows(list(names), list(seats))
        self._fill_options(flags or {})
        self.body.children = [
            W.HBox([self.game_pick, self.count]),
            self.seat_rows,
            self.option_row,
            W.HBox([self.seed, self.random_seed]),
            self.start,
        ]

    @property
    def name_fields(self) -> list[W.Text]:
        """Every seat's name field, in seat order."""
        return [row.children[0] for row in self.seat_rows.children]

    @property
    def seat_pickers(self) -> list[W.Dropdown]:
        """Every seat's kind chooser ("human" or a bot level), in seat order."""
        return [row.children[1] for row in self.seat_rows.children]

    @property
    def names(self) -> list[str]:
        return [field.value.strip() for field in self.name_fields]

    @property
    def seats(self) -> list[str]:
        return [pick.value for pick in self.seat_pickers]

    @property
    def option_boxes(self) -> dict[str, W.Checkbox]:
        """The chosen game's options: a checkbox per flag its view offers."""
        return dict(self._option_boxes)

    @property
    def options(self) -> dict[str, Any]:
        """The flags the options set, for ``new_game``."""
        return {flag: box.value for flag, box in self.option_boxes.items()}

    def _fill_options(self, flags: Mapping[str, Any]) -> None:
        game = self.game_pick.value
        defaults = getattr(GAMES[game], "FLAGS", {})
        boxes = {}
        for flag, label in getattr(view(game), "OPTIONS", ()):
            box = W.Checkbox(value=bool(flags.get(flag, defaults.get(flag, False))), description=label,
                             indent=False, layout=W.Layout(width="auto"))
            box.add_class("bg-option")
            box.add_class(f"bg-option-{flag}")
            boxes[flag] = box
        self._option_boxes = boxes
        self.option_row.children = list(boxes.values())

    def _on_game_pick(self, change) -> None:
        """Another game in the form: offer its player counts and its bot levels."""
        players = list(GAMES[change["new"]].PLAYERS)
        value = self.count.value if self.count.value in players else players[0]
        with self.count.hold_trait_notifications():
            self.count.options = players
            self.count.value = value
        self._fill_seat_rows()
        self._fill_options({})

    def _fill_seat_rows(self, names: Sequence[str] | None = None, seats: Sequence[str] | None = None) -> None:
        n = self.count.value
        game = self.game_pick.value
        levels = bot_levels(game)
        old = [(name, kind if kind == HUMAN or kind in levels else default_level(game))
               for name, kind in ((f.value, p.value) for f, p in zip(self.name_fields, self.seat_pickers))]
        options = [("human", HUMAN)] + [(f"bot: {lv}", lv) for lv in levels]
        rows = []
        for s in range(n):
            if names is not None:
                name, kind = names[s], seats[s]
            elif s < len(old):
                name, kind = old[s]
            else:
                name, kind = DEFAULT_NAMES[s], default_level(game)
            text = W.Text(value=name, description=f"Seat {s + 1}", layout=W.Layout(width="220px"))
            pick = W.Dropdown(options=options, value=kind, layout=W.Layout(width="160px"))
            rows.append(W.HBox([text, pick]))
        self.seat_rows.children = rows
