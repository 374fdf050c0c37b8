"""Swap, a toy game with one secret, registered only in the tests: it proves that the engine protocol and the
app shell serve a game that is neither Medici nor Medina, and that a secret stays with its seat.

Each seat is dealt a stone, face down: amber is worth 1, basalt 2, ... jade 9 (``STONES``). In turn, for
``rounds`` rounds, each seat keeps its stone or swaps it for the top stone of the face-down pile. Then the
stones are shown: the most valuable wins. A seat's score is its stone's worth; nobody's is public before the end.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace

from boardgames.core import (
    RULE_GAME_OVER,
    RULE_NOT_A_MOVE,
    Event,
    IllegalMove,
    Reader,
    Seated,
    Spec,
    Table,
    envelope,
    new_table,
    open_envelope,
    read_table,
)

GAME, NAME, PLAYERS, FLAGS = "toy", "Swap", range(2, 4), {"rounds": 2}
RULES = {"toy.setup.players": "A game has 2 or 3 players.", "toy.turn.not-your-turn": "Only the seat to move acts.",
         "toy.game.end": "After the last round the cards are shown; the highest wins."}
SPEC = Spec(GAME, NAME, PLAYERS, FLAGS)
SCORING_NOTE = "A stone is worth its place in the row of nine, from 1 to 9."
STONES = ("amber", "basalt", "cobalt", "dolomite", "emerald", "flint", "garnet", "hematite", "jade")
CARDS = tuple(range(1, 10))  # a stone is its worth: STONES[card - 1]


@dataclass(frozen=True)
class Keep:
    def __str__(self) -> str:
        return "keep"


@dataclass(frozen=True)
class Swap:
    def __str__(self) -> str:
        return "swap"


@dataclass(frozen=True)
class State(Seated):
    table: Table
    hands: tuple[int, ...]  # each seat's secret stone (its worth)
    deck: tuple[int, ...]  # face down, top first
    turn: int  # moves made so far
    log: tuple[Event, ...] = field(default=(), compare=False)
    GAME = GAME
    RENDER = staticmethod(lambda log, names: log)

    @property
    def current_player(self) -> int | None:
        return None if self.is_over else (self.table.first_player + self.turn) % self.players

    @property
    def is_over(self) -> bool:
        return self.turn >= self.players * self.table.flag("rounds")

    @property
    def setup(self) -> dict:
        return self.table.setup()

    def legal_moves(self) -> list:
        return [] if self.is_over else [Keep(), Swap()]

    def check(self, move, seat: int | None = None) -> IllegalMove | None:
        if self.is_over:
            return IllegalMove(RULE_GAME_OVER, "The game is over.")
        if type(move) not in (Keep, Swap):
            return IllegalMove(RULE_NOT_A_MOVE, f"{move!r} is not a move of Swap.")
        if seat is not None and seat != self.current_player:
            return IllegalMove("toy.turn.not-your-turn", f"It is {self.names[self.current_player]}'s turn.")
        return None

    def play(self, move, seat: int | None = None) -> State:
        if (refusal := self.check(move, seat)) is not None:
            raise refusal
        s, name, hands, deck = self.current_player, self.names[self.current_player], self.hands, self.deck
        if type(move) is Swap:
            text = f"{name} swaps {STONES[hands[s] - 1]} for {STONES[deck[0] - 1]}."
            hands, deck = hands[:s] + (deck[0],) + hands[s + 1:], deck[1:] + (hands[s],)
            log = [Event("toy.swap", s, text, {"card": hands[s]}, (s,), f"{name} swaps a stone.")]
        else:
            log = [Event("toy.keep", s, f"{name} keeps the stone.")]
        after = replace(self, hands=hands, deck=deck, turn=self.turn + 1, log=())
        if after.is_over:
            log += [Event("toy.game.end", i, f"{n} shows {STONES[hands[i] - 1]}.", {"card": hands[i]})
                    for i, n in enumerate(self.names)]
        return replace(after, log=tuple(log))

    def scores(self) -> tuple[int, ...]:
        return self.hands

    def public_scores(self) -> tuple[int, ...]:
        return self.hands if self.is_over else (0,) * self.players

    def winners(self) -> tuple[int, ...]:
        return tuple(s for s, c in enumerate(self.hands) if c == max(self.hands)) if self.is_over else ()

    def determinize(self, seat: int, rng: random.Random) -> State:
        unseen = [c for s, c in enumerate(self.hands) if s != seat] + list(self.deck)
        rng.shuffle(unseen)
        hands = tuple(c if s == seat else unseen.pop() for s, c in enumerate(self.hands))
        return replace(self, hands=hands, deck=tuple(unseen))

    def to_json(self) -> str:
        return envelope("state", GAME, {"table": self.table.block(), "hands": list(self.hands),
                                        "deck": list(self.deck), "turn": self.turn})


def new_game(players, *, seed: int = 0, first_player: int = 0, **flags) -> State:
    table = new_table(SPEC, players, seed, first_player, flags)
    cards = random.Random(f"toy/{seed}").sample(CARDS, len(CARDS))
    log = tuple(Event("toy.deal", s, f"{n} is dealt {STONES[cards[s] - 1]}.", {"card": cards[s]}, (s,),
                      f"{n} is dealt a stone.") for s, n in enumerate(table.names))
    return State(table, tuple(cards[: table.players]), tuple(cards[table.players:]), 0, log)


def from_json(text: str) -> State:
    r = Reader(open_envelope(text, kind="state", game=GAME))
    table = read_table(r.sub("table"), SPEC)
    card = lambda v, p: CARDS[CARDS.index(v)] if v in CARDS and type(v) is int else _bad(p, v)  # noqa: E731
    hands, deck = r.list("hands", card, table.players), r.list("deck", card)
    if sorted(hands + deck) != list(CARDS):
        raise ValueError("document: the nine stones are not all there, each once")
    return State(table, hands, deck, r.int("turn", 0, table.players * table.flag("rounds")))


def _bad(path: str, value) -> int:
    raise ValueError(f"{path} must be a stone's worth from 1 to 9, not {value!r}")


def parse_move(text: str):
    moves = {"keep": Keep(), "swap": Swap()}
    if not isinstance(text, str) or text.strip().lower() not in moves:
        raise ValueError(f"not a move of Swap: {text!r} (expected keep or swap)")
    return moves[text.strip().lower()]


def keeps_secrets(state: State) -> bool:
    """Whether a seat's stone is still face down: until the end every seat holds a stone the others do not see."""
    return not state.is_over


def candidate_moves(state: State) -> list:
    return [Keep(), Swap(), "swap", None]
