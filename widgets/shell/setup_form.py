"""The new-game form: the game, the player count, every seat's name and kind (human or a bot level) and its
choices (the view's ``SEAT_OPTIONS``), the seed, and the game's options (the flags its view offers in ``OPTIONS``)."""

from __future__ import annotations

import html
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import ipywidgets as W

from boardgames import GAMES
from boardgames.bots import bot_levels
from boardgames.core import DEFAULT_NAMES
from boardgames.core.message import say
from boardgames.terms import title_said
from widgets.kit.protocol import SeatOption
from widgets.kit.registry import games, view
from widgets.runtime.language import on_language, show, shown
from widgets.shell.bots import HUMAN, default_level
from widgets.shell.seats import level_said


class SetupForm(W.Accordion):
    """A folded form (class ``bg-setup``) whose start button (``bg-new-game``) calls
    ``on_start(game, names, seats, seed, options)`` (``seed`` None: a new deal). The games offered are the
    registered ones; the player counts are the chosen game's ``PLAYERS``, the seat kinds (class ``bg-seat-kind``)
    "human" (at this screen), the ``others`` the app is given (``[(label, kind), ...]``: "a classmate", at their own
    screen, when the app can open a table, each classmate's seat with a link of its own) and its bot levels.
    Every label is said in the page's language (a view's labels may be messages), again after a change of language,
    the choices kept.
    ``options`` holds a value for every flag the game's view offers as a checkbox (``OPTIONS``:
    ``[(flag, label), ...]``, classes ``bg-option`` and ``bg-option-<flag>``), given to the game's ``new_game``, and
    a list with a value per seat for every choice its view offers in each seat's row (``SEAT_OPTIONS``: a dropdown
    per seat, classes ``bg-seat-option`` and ``bg-seat-option-<keyword>``), unless an option's checkbox turns that
    choice off.

    ``show(game, names, seats, seed, flags, state)`` fills it in for a game just started (``flags``: its
    ``setup``; ``state``: its position, from which a seat choice the setup leaves to the game is read).
    """

    def __init__(self, on_start: Callable[[str, list[str], list[str], int | None, dict[str, Any]], None],
                 guard: Callable[[Callable], Callable] = lambda fn: fn,
                 others: Sequence[tuple[str, str]] = ()) -> None:
        self.on_start = on_start
        self.others = list(others)
        self.guard = guard  # wraps every callback (the app turns failures into sentences)
        self.body = W.VBox()
        self._option_boxes: dict[str, W.Checkbox] = {}
        self._seat_specs: list[SeatOption] = []
        self._seat_choices: list[dict[str, W.Dropdown]] = []  # per seat: a dropdown per seat option
        self._relabelling = False  # the dropdowns get their labels in another language: no choice is made
        super().__init__(children=[self.body], selected_index=None)
        show(self, "titles", lambda: (shown(say("New game: players, names, seats and seed")),))
        self.add_class("bg-setup")
        on_language(self._language_changed)

    def show(self, game: str, names: Sequence[str], seats: Sequence[str], seed: int | None,
             flags: Mapping[str, Any] | None = None, state: Any = None) -> None:
        """Build the form anew for ``game`` with these seats, seed (None: blank, a new deal) and flags (the options'
        checkboxes and the seats' choices), the seats' choices the setup leaves to the game read from ``state``."""
        guard = self.guard
        self.game_pick = W.Dropdown(options=_game_options(), value=game)
        show(self.game_pick, "description", say("Game"))
        self.count = W.Dropdown(options=list(GAMES[game].PLAYERS), value=len(names))
        show(self.count, "description", say("Players"))
        # The seed of a game dealt at random is never shown: with it, the engine would tell the deck's order
        # and every hidden card. A seed the player typed is theirs to see again.
        self.seed = W.Text(value="" if seed is None else str(seed), layout=W.Layout(width="300px"))
        show(self.seed, "description", say("Seed"))
        show(self.seed, "placeholder", say("blank: a new deal"))
        self.seed.add_class("bg-seed")
        self.seed_note = W.HTML()
        self.seed_note.add_class("bg-seed-note")
        self.seat_rows = W.VBox()
        self.start = W.Button(button_style="primary", icon="play", layout=W.Layout(width="auto"))
        show(self.start, "description", say("Start the new game"))
        self.start.add_class("bg-new-game")
        self.start.on_click(guard(lambda _: self._start()))
        self.option_row = W.VBox()
        self.seat_note = W.HTML()
        self.seat_note.add_class("bg-seat-option-note")
        self.count.observe(guard(lambda _: None if self._relabelling else self._fill_seat_rows()), "value")
        self.game_pick.observe(guard(self._on_game_pick), "value")
        self._fill_seat_rows(list(names), list(seats), self._started_with(game, len(names), flags or {}, state))
        self._fill_options(flags or {})
        self.body.children = [
            W.HBox([self.game_pick, self.count]),
            self.seat_rows,
            self.seat_note,
            self.option_row,
            W.HBox([self.seed, self.seed_note]),
            self.start,
        ]

    def _start(self) -> None:
        text = self.seed.value.strip()
        if text and not (text.isdigit() and len(text) <= 18):
            show(self.seed_note, "value", lambda: ("<span style='color:#c92a2a;font-size:13px;margin-left:8px'>"
                                                   + html.escape(shown(say("A seed is a whole number, or blank for "
                                                                           "a new deal.")))
                                                   + "</span>"))
            return
        show(self.seed_note, "value", lambda: "")
        self.on_start(self.game_pick.value, self.names, self.seats, int(text) if text else None, self.options)

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
    def seat_option_pickers(self) -> dict[str, list[W.Dropdown]]:
        """Every seat choice's dropdowns (by ``new_game`` keyword), in seat order."""
        return {opt.keyword: [row[opt.keyword] for row in self._seat_choices] for opt in self._seat_specs}

    @property
    def seat_option_values(self) -> dict[str, list[Any]]:
        """Every seat choice's value per seat (by ``new_game`` keyword), off or not."""
        return {opt.keyword: [opt.choices[pick.value][1] for pick in picks]
                for opt, picks in zip(self._seat_specs, self.seat_option_pickers.values())}

    @property
    def option_boxes(self) -> dict[str, W.Checkbox]:
        """The chosen game's options: a checkbox per flag its view offers."""
        return dict(self._option_boxes)

    @property
    def options(self) -> dict[str, Any]:
        """The flags the options set and the seats' choices that are not off, for ``new_game``."""
        values = self.seat_option_values
        return {**{flag: box.value for flag, box in self.option_boxes.items()},
                **{opt.keyword: values[opt.keyword] for opt in self._seat_specs if not self._is_off(opt)}}

    def _is_off(self, opt: SeatOption) -> bool:
        box = self._option_boxes.get(opt.off_when) if opt.off_when else None
        return box is not None and bool(box.value)

    def _show_off(self) -> None:
        """Disable the seat choices an option's ticked checkbox turns off, and say why."""
        notes = []
        for opt, picks in zip(self._seat_specs, self.seat_option_pickers.values()):
            off = self._is_off(opt)
            for pick in picks:
                pick.disabled = off
                pick.tooltip = shown(opt.off_note if off else opt.label)
            if off:
                notes.append(html.escape(shown(say("{label}: {note}", label=opt.label, note=opt.off_note))))
        self.seat_note.value = "<br>".join(notes)
        self.seat_note.layout.display = None if notes else "none"

    def _fill_options(self, flags: Mapping[str, Any]) -> None:
        game = self.game_pick.value
        defaults = getattr(GAMES[game], "FLAGS", {})
        boxes = {}
        for flag, label in getattr(view(game), "OPTIONS", ()):
            box = W.Checkbox(value=bool(flags.get(flag, defaults.get(flag, False))), indent=False,
                             layout=W.Layout(width="auto"))
            show(box, "description", label)
            box.add_class("bg-option")
            box.add_class(f"bg-option-{flag}")
            box.observe(self.guard(lambda _: self._show_off()), "value")
            boxes[flag] = box
        self._option_boxes = boxes
        self.option_row.children = list(boxes.values())
        self._show_off()

    @staticmethod
    def _started_with(game: str, n: int, flags: Mapping[str, Any], state: Any) -> list[dict[str, Any]]:
        """Per seat, the value of each seat choice a game was started with: the setup's list, else what the
        view reads from ``state`` (the game's default), else the choice's default."""
        chosen: list[dict[str, Any]] = [{} for _ in range(n)]
        for opt in seat_options(game):
            given = flags.get(opt.keyword)
            if isinstance(given, (list, tuple)) and len(given) == n:
                values = list(given)
            elif given is None and opt.shown is not None and state is not None:
                values = [opt.default if v is None else v for v in opt.shown(state)]
            else:
                values = [opt.default] * n
            for seat, value in enumerate(values):
                chosen[seat][opt.keyword] = value
        return chosen

    def _on_game_pick(self, change) -> None:
        """Another game in the form: offer its player counts and its bot levels."""
        if self._relabelling:
            return
        players = list(GAMES[change["new"]].PLAYERS)
        value = self.count.value if self.count.value in players else players[0]
        with self.count.hold_trait_notifications():
            self.count.options = players
            self.count.value = value
        self._fill_seat_rows()
        self._fill_options({})

    def _fill_seat_rows(self, names: Sequence[str] | None = None, seats: Sequence[str] | None = None,
                        chosen: Sequence[Mapping[str, Any]] | None = None) -> None:
        n = self.count.value
        game = self.game_pick.value
        levels = bot_levels(game)
        kept = {HUMAN, *(kind for _, kind in self.others), *levels}
        old = [(name, kind if kind in kept else default_level(game))
               for name, kind in ((f.value, p.value) for f, p in zip(self.name_fields, self.seat_pickers))]
        old_values = self.seat_option_values
        old_chosen = [{key: values[s] for key, values in old_values.items()} for s in range(len(old))]
        options = self._kind_options(game)
        self._seat_specs = seat_options(game)
        rows, choices = [], []
        for s in range(n):
            if names is not None:
                name, kind = names[s], seats[s] if seats[s] in kept else default_level(game)
            elif s < len(old):
                name, kind = old[s]
            else:
                name, kind = DEFAULT_NAMES[s], default_level(game)
            text = show(W.Text(value=name, layout=W.Layout(width="200px")), "description", say("Seat {n}", n=s + 1))
            pick = W.Dropdown(options=options, value=kind, layout=W.Layout(width="150px"))
            show(pick, "tooltip", say("Seat {n}: a person or a bot", n=s + 1))
            pick.add_class("bg-seat-kind")
            wanted = chosen[s] if chosen is not None else old_chosen[s] if s < len(old_chosen) else {}
            row = {opt.keyword: _seat_choice(opt, wanted.get(opt.keyword, opt.default)) for opt in self._seat_specs}
            rows.append(W.HBox([text, pick, *row.values()]))
            choices.append(row)
        self._seat_choices = choices
        self.seat_rows.children = rows
        self._show_off()

    def _kind_options(self, game: str) -> list[tuple[str, str]]:
        """The seat kinds of ``game`` as a seat's dropdown offers them, in the page's language."""
        return ([(shown(say("human")), HUMAN), *((shown(label), kind) for label, kind in self.others)]
                + [(shown(say("bot: {level}", level=level_said(lv))), lv) for lv in bot_levels(game)])

    def _language_changed(self) -> None:
        """The page's language changed: every dropdown's choices in it, each choice kept (the other labels follow
        by themselves)."""
        if not hasattr(self, "game_pick"):
            return
        self._relabelling = True
        try:
            _relabel(self.game_pick, _game_options())
            kinds = self._kind_options(self.game_pick.value)
            for pick in self.seat_pickers:
                _relabel(pick, kinds)
            for opt, picks in zip(self._seat_specs, self.seat_option_pickers.values()):
                for pick in picks:
                    _relabel(pick, _choice_options(opt))
        finally:
            self._relabelling = False
        self._show_off()


def _game_options() -> list[tuple[str, str]]:
    """The games the form offers, each by its title in the page's language."""
    return [(shown(title_said(GAMES[g].NAME)), g) for g in games()]


def _choice_options(opt: SeatOption) -> list[tuple[str, int]]:
    """A seat choice's entries in the page's language, each by its index (see ``_seat_choice``)."""
    return [(shown(label), k) for k, (label, _) in enumerate(opt.choices)]


def _relabel(pick: W.Dropdown, options: list[tuple[str, Any]]) -> None:
    """Give ``pick`` the labels of ``options`` (the same values, in the same order), its choice kept."""
    if [tuple(o) for o in pick.options] == options:
        return
    value = pick.value
    pick.options = options
    pick.value = value


def seat_options(game: str) -> list[SeatOption]:
    """The choices ``game``'s view offers for each seat (``SEAT_OPTIONS``)."""
    return list(getattr(view(game), "SEAT_OPTIONS", ()))


def _seat_choice(opt: SeatOption, value: Any) -> W.Dropdown:
    """A seat's dropdown for ``opt`` showing ``value`` (the default when ``value`` is not a choice); its value is
    the choice's index, so that a choice's value may be None."""
    values = [v for _, v in opt.choices]
    index = values.index(value) if value in values else values.index(opt.default)
    pick = W.Dropdown(options=_choice_options(opt), value=index, tooltip=shown(opt.label),
                      layout=W.Layout(width="190px"))
    pick.add_class("bg-seat-option")
    pick.add_class(f"bg-seat-option-{opt.keyword}")
    return pick
