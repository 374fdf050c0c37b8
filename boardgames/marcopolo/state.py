"""The Voyages of Marco Polo's position, as data: the action board's spaces, the ``Table`` of what stays fixed,
the ``Position`` of everything else and what its fields say by themselves (whose decision it is, a seat's
wealth, dice, figures, posts, contracts and goal cards, the board's cards and markers), and the ``Draft`` a move
writes into. No rule lives here: the rules are functions of positions and ``game.State`` binds them to a
position as its methods (the package's docstring says which module owns which part of a turn).

A turn is any bonus actions, one main action (dice on an action space or a city card) and any bonus actions,
ended by ``EndTurn``. Choices a rule leaves to a player after a move (a good of choice, a "move 1 step", which
contract to discard, the compensation mix, the expert setup's picks) wait on the position's agenda as
questions. The rules, with their ids, are ``docs/rules/marcopolo.md``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from boardgames.core import Seated
from boardgames.core import Table as CoreTable
from boardgames.core.drafts import copier, draft_class
from boardgames.marcopolo import data
from boardgames.marcopolo.board import NAMES
from boardgames.marcopolo.data import CARD_SPACES, GOOD_INDEX, LARGE_CITIES, SMALL_CITIES
from boardgames.marcopolo.moves import Die
from boardgames.marcopolo.rules import GAME

SPACES = ("travel", "camel", "pepper", "silk", "gold", "khan", "contracts", "five coins", "coin bag") + CARD_SPACES
TRAVEL, CAMEL, PEPPER, SILK, GOLD, KHAN, CONTRACTS, FIVE_COINS, COIN_BAG = range(9)
FIRST_CARD = 9
SPACE_INDEX = {name: i for i, name in enumerate(SPACES)}
BAZAAR_SPACE = {"camel": CAMEL, "pepper": PEPPER, "silk": SILK, "gold": GOLD}


@dataclass(frozen=True, slots=True)
class Table(CoreTable):
    """What stays fixed for a whole game: names, seed, first player, flags, and what ``new_game`` was told to
    fix instead of chance (None where chance decides)."""

    characters: tuple[str | None, ...] | None = None  # None entries: dealt at random from the seed
    city_cards: tuple[int, ...] | None = None
    outposts: tuple[int, ...] | None = None
    start_contracts: tuple[int, ...] | None = None
    goals: tuple[tuple[int, ...], ...] | None = None
    contracts: tuple[tuple[int, ...], ...] | None = None
    rolls: tuple[tuple[int, ...], ...] | None = None

    def block(self) -> dict:
        return {**CoreTable.block(self), **self.given()}

    def setup(self) -> dict:
        return {**CoreTable.setup(self), **self.given()}

    def given(self) -> dict:
        """The fixed parts, as ``new_game`` takes them."""

        def lists(groups):
            return None if groups is None else [list(g) for g in groups]

        return {
            "characters": None if self.characters is None else list(self.characters),
            "city_cards": None if self.city_cards is None else list(self.city_cards),
            "outposts": None if self.outposts is None else list(self.outposts),
            "start_contracts": None if self.start_contracts is None else list(self.start_contracts),
            "goals": lists(self.goals),
            "contracts": lists(self.contracts),
            "rolls": lists(self.rolls),
        }


@dataclass(frozen=True, slots=True)
class Position(Seated):
    """A Marco Polo position as data (``game.State`` adds the rules). Build one with ``new_game``."""

    table: Table
    round: int
    start: int  # the start player of this round
    turn: int  # the seat whose turn it is
    main_done: bool  # this turn's main action is taken
    bought: bool  # a black die was bought this turn
    arrived: tuple[int, ...]  # places where the turn's player placed a post this turn
    over: bool
    chars: tuple[str, ...]  # each seat's character ("" until chosen in the expert setup)
    offer: tuple[str, ...]  # expert setup: the characters still to choose from
    wealth: tuple[tuple[int, ...], ...]  # per seat: coins, camels, pepper, silk, gold, VP
    held: tuple[tuple[Die, ...], ...]  # per seat: the unplaced dice, sorted
    at: tuple[tuple[int, ...], ...]  # per seat: where its figure(s) stand
    post_list: tuple[tuple[int, ...], ...]  # per seat: its posts' places, in the order placed
    beijing_spaces: tuple[int, ...]  # the seat on the 10, 7, 4 and 1 spaces, -1 for none
    hands: tuple[tuple[int, ...], ...]  # per seat: active contracts
    done: tuple[tuple[int, ...], ...]  # per seat: completed contracts
    board: tuple[int, ...]  # the six contract spaces, -1 for an empty one
    piles: tuple[tuple[int, ...], ...]  # the five round piles, top first (dealt ones empty)
    special: tuple[int, ...]  # the special pile, top first
    hidden: int  # how many cards at the top of the special pile nobody has seen
    unused: tuple[int, ...]  # start contracts dealt to nobody
    goal_cards: tuple[tuple[int, ...], ...]  # per seat: the goal cards kept
    dealt: tuple[tuple[int, ...], ...]  # per seat: the goal cards dealt (4 with the expert setup, until kept)
    cards: tuple[int, ...]  # the city card on each of the nine card spaces
    tiles: tuple[int, ...]  # the outpost tile still on each large city (node order), 0 once taken
    markers: tuple[int, ...]  # the small-city bonus marker on each small city (node order)
    spaces: tuple[tuple[tuple[int, Die], ...], ...]  # per space: (seat, die) placed, seat -1 for a neutral die
    black_left: int
    traveller: int  # the seat that last placed dice on Travel this round, -1 for none
    luck: int  # where future rolls come from (redrawn by determinize)
    draws: int  # dice rolled so far
    agenda: tuple[tuple, ...]  # automatic steps and questions still to come, first first
    log: tuple[tuple, ...] = field(default=(), compare=False, repr=False)
    memo: list | None = field(default=None, init=False, compare=False, repr=False)  # legal_moves() once found

    GAME = GAME

    # ------------------------------------------------------------------ what anyone can see
    @property
    def current_player(self) -> int | None:
        if self.over:
            return None
        if self.agenda:
            return self.agenda[0][1]
        return self.turn

    @property
    def is_over(self) -> bool:
        return self.over

    @property
    def start_player(self) -> int:
        return self.start

    @property
    def coins(self) -> tuple[int, ...]:
        return tuple(w[0] for w in self.wealth)

    @property
    def camels(self) -> tuple[int, ...]:
        return tuple(w[1] for w in self.wealth)

    @property
    def vp(self) -> tuple[int, ...]:
        return tuple(w[5] for w in self.wealth)

    def goods(self, seat: int) -> dict[str, int]:
        """``seat``'s goods: pepper, silk and gold."""
        w = self.wealth[seat]
        return {g: w[GOOD_INDEX[g]] for g in data.GOODS}

    def dice(self, seat: int) -> tuple[Die, ...]:
        """``seat``'s unplaced dice (Raschid's show "?": he sets each as he places it)."""
        return self.held[seat]

    def figures(self, seat: int) -> tuple[str, ...]:
        """Where ``seat``'s figure stands (two places for Niccolò and Marco)."""
        return tuple(NAMES[i] for i in self.at[seat])

    def posts(self, seat: int) -> tuple[str, ...]:
        """The places of ``seat``'s trading posts, in the order placed."""
        return tuple(NAMES[i] for i in self.post_list[seat])

    def posts_left(self, seat: int) -> int:
        """Trading posts still on ``seat``'s board."""
        return (data.RUBRUCK_POSTS if self.chars[seat] == data.RUBRUCK else data.POSTS) - len(self.post_list[seat])

    @property
    def beijing(self) -> tuple[int | None, ...]:
        """The seat on Beijing's 10, 7, 4 and 1 spaces (None for a free space)."""
        return tuple(None if s < 0 else s for s in self.beijing_spaces)

    def contracts(self, seat: int) -> tuple[int, ...]:
        """``seat``'s active contracts."""
        return self.hands[seat]

    def completed(self, seat: int) -> tuple[int, ...]:
        """``seat``'s completed contracts."""
        return self.done[seat]

    def goals(self, seat: int) -> tuple[int, ...]:
        """``seat``'s goal cards (a secret of that seat until the end)."""
        return self.goal_cards[seat]

    @property
    def board_contracts(self) -> tuple[int | None, ...]:
        """The contracts on the six contract spaces (None for an empty space)."""
        return tuple(None if c < 0 else c for c in self.board)

    @property
    def city_cards(self) -> dict[str, int]:
        """The card on each city-card space: the six large cities and "Sumatra 1" to "Sumatra 3"."""
        return dict(zip(CARD_SPACES, self.cards))

    @property
    def outposts(self) -> dict[str, int | None]:
        """The outpost tile still on each large city, or None once taken."""
        return {NAMES[c]: (t or None) for c, t in zip(LARGE_CITIES, self.tiles)}

    @property
    def small_city_bonuses(self) -> dict[str, str]:
        """The bonus marker on each small city (named after the city it lies on without the expert setup)."""
        return {NAMES[c]: data.SMALL_CITY_BONUSES[m].name for c, m in zip(SMALL_CITIES, self.markers)}

    @property
    def placed(self) -> dict[str, tuple[tuple[int | None, Die], ...]]:
        """The dice on each action space and city card this round: (seat, die), seat None for a neutral die."""
        return {name: tuple((None if s < 0 else s, d) for s, d in dice) for name, dice in zip(SPACES, self.spaces)}

    @property
    def black_dice_left(self) -> int:
        return self.black_left

    def character(self, seat: int) -> str:
        """``seat``'s character ("" while the expert setup's draft has not reached it)."""
        return self.chars[seat]

    @property
    def special_pile(self) -> int:
        """How many contracts the special pile holds."""
        return len(self.special)

    @property
    def setup(self) -> dict:
        """The ``new_game`` arguments that produce this game's start."""
        return self.table.setup()

# ---------------------------------------------------------------------- a move's one copy (``game.seal`` ends it)
Draft = draft_class(Position)
draft = copier(Position, Draft, memo=None)
