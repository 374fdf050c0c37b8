"""What a Marco Polo move leaves in a state's log: one small named record per thing that happened, written by
the flow as a plain tuple ``(RecordType, *fields)`` and read by name (``boardgames.core.records``). Places are
node ids, spaces the indices of ``state.SPACES``; ``log.py`` turns records into sentences when somebody reads
the log. Every change of a seat's wealth is a ``Gained`` record with its delta (coins, camels, pepper, silk,
gold, VP), so the log explains every resource and every VP."""

from __future__ import annotations

from typing import Any, NamedTuple

from boardgames.core.message import Message
from boardgames.core.records import named  # noqa: F401  (the log read by name: records.named(log))


class Dealt(NamedTuple):
    """The public setup: city cards, outpost tiles, small-city markers, the first contracts."""

    KIND = "marcopolo.setup.characters"
    seat: None
    cards: tuple[int, ...]
    tiles: tuple[int, ...]
    markers: tuple[int, ...]
    board: tuple[int, ...]
    characters: tuple[str, ...]  # by seat ("" until the expert draft)
    offer: tuple[str, ...]  # the expert draft's characters
    starts: tuple[tuple[int, ...], ...]  # each seat's start contract


class GoalsDealt(NamedTuple):
    """A seat's goal cards, dealt face down (seen by that seat only)."""

    KIND = "marcopolo.setup.characters"
    seat: int
    goals: tuple[int, ...]


class CharacterChosen(NamedTuple):
    KIND = "marcopolo.setup.characters"
    seat: int
    name: str


class GoalsKept(NamedTuple):
    """Expert setup: the 2 goal cards a seat keeps of its 4 (secret)."""

    KIND = "marcopolo.setup.characters"
    seat: int
    goals: tuple[int, ...]


class RoundBegun(NamedTuple):
    KIND = "marcopolo.round.start-player"
    seat: int  # the start player
    round: int
    changed: bool  # the start player changed (the last traveller)


class Rolled(NamedTuple):
    KIND = "marcopolo.round.roll"
    seat: int
    dice: tuple
    set_later: bool  # Raschid: no roll


class Gained(NamedTuple):
    """A change of a seat's wealth and why: ``reason`` is a message (``reasons.py``): a purpose for a payment
    ("to travel 2 steps to Moscow") or the source of a gain ("Kochi's bonus")."""

    KIND = "marcopolo.gain"
    seat: int
    delta: tuple[int, ...]
    reason: Message
    rule: str


class DicePlaced(NamedTuple):
    KIND = "marcopolo.dice.count"
    seat: int
    space: int
    dice: tuple
    fee: int


class Travelled(NamedTuple):
    """A Travel: each figure's walk (its start first; a figure that stays has a walk of one place)."""

    KIND = "marcopolo.travel.steps"
    seat: int
    walks: tuple[tuple[int, ...], ...]
    steps: int


class Stepped(NamedTuple):
    """A movement outside Travel ("move 1 step", city cards 13 and 30)."""

    KIND = "marcopolo.reward.move"
    seat: int
    figure: int
    walk: tuple[int, ...]
    reason: Message


class PostPlaced(NamedTuple):
    KIND = "marcopolo.post.place"
    seat: int
    place: int
    count: int  # posts on the board after it
    beijing: int  # the Beijing space (0-3), or -1
    moved_from: int  # the place a moved post left, or -1


class TileTaken(NamedTuple):
    KIND = "marcopolo.travel.arrive"
    seat: int
    place: int
    tile: int


class ContractsTaken(NamedTuple):
    KIND = "marcopolo.contract.space"
    seat: int
    contracts: tuple[int, ...]
    spaces: tuple[int, ...]


class ContractDiscarded(NamedTuple):
    """A contract put under the special pile: discarded for a new one, or declined."""

    KIND = "marcopolo.contract.hand-limit"
    seat: int
    contract: int
    declined: bool


class ContractDrawn(NamedTuple):
    KIND = "marcopolo.reward.special-contract"
    seat: int
    contract: int  # -1: the special pile is empty
    reason: Message


class Fulfilled(NamedTuple):
    KIND = "marcopolo.bonus.fulfil"
    seat: int
    contract: int


class BoardRefilled(NamedTuple):
    KIND = "marcopolo.contract.refill"
    seat: int  # the player whose turn starts
    contracts: tuple[int, ...]


class BlackDieTaken(NamedTuple):
    KIND = "marcopolo.reward.black-die"
    seat: int
    value: int  # 0: Raschid sets it later; -1: the supply is empty, the die is lost
    reason: Message | None  # None: bought


class Rerolled(NamedTuple):
    KIND = "marcopolo.bonus.reroll"
    seat: int
    old: tuple
    new: tuple


class Adjusted(NamedTuple):
    KIND = "marcopolo.bonus.adjust"
    seat: int
    old: tuple
    new: tuple


class Chosen(NamedTuple):
    """An answer to an open question."""

    KIND = "marcopolo.choose"
    seat: int
    option: str  # the answer as a move types it
    said: Any  # the answer in words (a message, or a list of words), made from the engine's data
    rule: str  # the rule that asks the question
    secret: bool  # a goal-card pick: the others only learn that a choice was made


class Lost(NamedTuple):
    """A reward that could not be received."""

    KIND = "marcopolo.reward.move"
    seat: int
    what: Message
    why: Message


class TurnEnded(NamedTuple):
    KIND = "marcopolo.turn.main-action"
    seat: int
    skipped: tuple[int, ...]  # seats without dice passed over
    next: int  # the next player, -1 when the round ends


class RoundEnded(NamedTuple):
    KIND = "marcopolo.round.end"
    seat: None
    round: int
    leftovers: tuple[int, ...]  # under the special pile
    board: tuple[int, ...]  # the next pile, dealt


class FinalScored(NamedTuple):
    KIND = "marcopolo.game.end"
    seat: None
    scores: tuple  # a FinalScore per seat
    goals: tuple[tuple[int, ...], ...]  # revealed


class GameEnded(NamedTuple):
    KIND = "marcopolo.game.end"
    seat: None
    vp: tuple[int, ...]
    camels: tuple[int, ...]
    winners: tuple[int, ...]
