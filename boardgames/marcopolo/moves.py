"""The Voyages of Marco Polo's moves: dice, the six main actions, the five bonus actions, ending a turn and
answering an open question (``Choose``). Every move reads as a phrase (``str``) that ``parse_move`` reads back.

Moves are written loosely and kept in one form: dice may be given as numbers (own dice) and in any order,
contract spaces in any order (their extras follow them), and a place, a city card, a good or a reward in any case
(``"moscow"`` is Moscow). A move of a wrong shape (a die of 9, a place that is not on the map) is still a move:
``check`` and ``play`` refuse it with the rule it breaks. ``dice_of`` and ``takes_dice`` say which dice a move
uses."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any, NamedTuple

from boardgames.core import and_list, as_written, plural, spelling
from boardgames.core.message import Listed, Message, listed, say, say_n, term
from boardgames.marcopolo.board import INDEX, NAMES, place_word
from boardgames.marcopolo.data import (
    CARD_SPACES,
    CHARACTER_NAMES,
    CITY_CARDS,
    GOODS,
    SMALL_CITY_BONUSES,
    amount_said,
    card_space_word,
    character_word,
    delta,
    good_word,
    items_said,
    reward_word,
)

KINDS = ("own", "black", "white")


class Die(NamedTuple):
    """A die: its value and its kind, ``"own"`` (the player's colour), ``"black"`` or ``"white"`` (Matteo's).
    Raschid's unplaced dice have no value yet: 0, written "?"."""

    value: int
    kind: str = "own"

    @property
    def unset(self) -> bool:
        """Whether this is one of Raschid's unplaced dice, which take their value as he places them."""
        return self.value == 0

    def __str__(self) -> str:
        face = "?" if self.unset else str(self.value)
        return face if self.kind == "own" else f"{self.kind} {face}"


def _die(value: Any) -> Any:
    if isinstance(value, Die):
        return value
    if isinstance(value, int) and not isinstance(value, bool):
        return Die(value)
    if isinstance(value, tuple) and len(value) == 2:
        return Die(*value)
    return value


def _dice(values: Any) -> Any:
    if type(values) is tuple and all(type(v) is Die for v in values):
        return values if len(values) < 2 or list(values) == sorted(values) else tuple(sorted(values))
    if isinstance(values, (Die, int)):
        values = (values,)
    try:
        out = tuple(_die(v) for v in values)
        return tuple(sorted(out)) if all(isinstance(d, Die) for d in out) else out
    except TypeError:
        return values


# Every name a move may hold, as the game writes it: the places, the city cards, the goods and camels, the
# contract spaces' extras and the city cards' rewards ("3 coins", "1 camel").
WRITTEN = spelling((*NAMES, *CARD_SPACES, *GOODS, "camel", "coins", "camels", "3 coins", "1 camel"))


def _written(name: Any) -> Any:
    return as_written(name, WRITTEN)


def _names(values: Any) -> Any:
    if isinstance(values, str):
        return (_written(values),)
    try:
        return tuple(_written(v) for v in values)
    except TypeError:
        return values


def _listed(values: Any, sep: str = ", ") -> str:
    """A field written loosely, as text whatever it holds."""
    if isinstance(values, tuple):
        return sep.join(map(str, values))
    return str(values)


def dice_text(dice: Any) -> str:
    return " ".join(str(d) for d in dice) if isinstance(dice, tuple) else str(dice)


# ---------------------------------------------------------------------- main actions
@dataclass(frozen=True, slots=True)
class Travel:
    """Two dice on Travel: the figure enters the places of ``path`` in order (Niccolò and Marco: the second
    figure those of ``path2``)."""

    dice: tuple[Die, ...]
    path: tuple[str, ...]
    path2: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "dice", _dice(self.dice))
        object.__setattr__(self, "path", _names(self.path))
        object.__setattr__(self, "path2", _names(self.path2))

    @property
    def ends(self) -> tuple[str, ...]:
        """Where the figures stop: the last place of each path walked."""
        return tuple(p[-1] for p in (self.path, self.path2) if p)

    def __str__(self) -> str:
        parts = [_listed(self.path)] if self.path else []
        if self.path2:
            parts.append("figure 2: " + _listed(self.path2))
        return f"travel with {dice_text(self.dice)}: {'; '.join(parts)}"


@dataclass(frozen=True, slots=True)
class Bazaar:
    """Dice on a bazaar space (``good``: camel, pepper, silk or gold) for the reward of ``column`` (default:
    the highest the dice allow)."""

    good: str
    dice: tuple[Die, ...]
    column: int | None = None

    def __post_init__(self) -> None:
        dice = _dice(self.dice)
        object.__setattr__(self, "dice", dice)
        object.__setattr__(self, "good", _written(self.good))
        if self.column is None and isinstance(dice, tuple) and dice and all(isinstance(d, Die) for d in dice):
            object.__setattr__(self, "column", min(d.value for d in dice))

    def __str__(self) -> str:
        return f"bazaar {self.good} with {dice_text(self.dice)}, column {self.column}"


@dataclass(frozen=True, slots=True)
class KhansFavor:
    """One die in Khan's Favor's next slot, for ``good`` and 2 camels."""

    die: Die
    good: str

    def __post_init__(self) -> None:
        object.__setattr__(self, "die", _die(self.die))
        object.__setattr__(self, "good", _written(self.good))

    def __str__(self) -> str:
        return f"khan's favor with {self.die}: {self.good}"


@dataclass(frozen=True, slots=True)
class TakeContracts:
    """One die on Take contracts: the contracts of 1 or 2 ``spaces`` (1-6, at most the die), with one extra
    ("coins" or "camels") for each contract taken from space 5 or 6, in the order of the spaces."""

    die: Die
    spaces: tuple[int, ...]
    extras: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "die", _die(self.die))
        spaces, extras = _names(self.spaces), _names(self.extras)
        if isinstance(extras, tuple):
            extras = tuple({"coin": "coins", "camel": "camels"}.get(e.lower() if type(e) is str else e, e)
                           for e in extras)
        if (isinstance(spaces, tuple) and isinstance(extras, tuple) and all(type(s) is int for s in spaces)
                and len(set(spaces)) == len(spaces)):
            high = [s for s in spaces if s >= 5]
            if len(high) == len(extras):
                given = dict(zip(high, extras))
                spaces = tuple(sorted(spaces))
                extras = tuple(given[s] for s in spaces if s >= 5)
        object.__setattr__(self, "spaces", spaces)
        object.__setattr__(self, "extras", extras)

    def __str__(self) -> str:
        which = and_list(str(s) for s in self.spaces) if isinstance(self.spaces, tuple) else str(self.spaces)
        count = len(self.spaces) if isinstance(self.spaces, tuple) else 1
        text = f"take contracts from {'space' if count == 1 else 'spaces'} {which} with {self.die}"
        return text + (f": {_listed(self.extras)}" if self.extras else "")


@dataclass(frozen=True, slots=True)
class FiveCoins:
    """One die on Take 5 coins."""

    die: Die

    def __post_init__(self) -> None:
        object.__setattr__(self, "die", _die(self.die))

    def __str__(self) -> str:
        return f"five coins with {self.die}"


@dataclass(frozen=True, slots=True)
class CityCard:
    """One die on the city card of ``city`` (a large city, or ``"Sumatra 1"`` to ``"Sumatra 3"``): ``uses`` is
    the number of repeats, or one choice per repeat for the cards that ask one (a good, a place, a direction,
    a small city)."""

    city: str
    die: Die
    uses: int | tuple[str, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "die", _die(self.die))
        object.__setattr__(self, "city", _written(self.city))
        if not isinstance(self.uses, int):
            object.__setattr__(self, "uses", _names(self.uses))

    def __str__(self) -> str:
        if isinstance(self.uses, int):
            what = plural(self.uses, "time")
        else:
            what = _listed(self.uses)
        return f"city card {self.city} with {self.die}: {what}"


# ---------------------------------------------------------------------- bonus actions and the rest
@dataclass(frozen=True, slots=True)
class Fulfil:
    """Pay an active contract's camels and goods for its VP and reward."""

    contract: int

    def __str__(self) -> str:
        return f"fulfil contract {self.contract}"


@dataclass(frozen=True, slots=True)
class CoinBag:
    """Any one die on the coin bag for 3 coins."""

    die: Die

    def __post_init__(self) -> None:
        object.__setattr__(self, "die", _die(self.die))

    def __str__(self) -> str:
        return f"coin bag with {self.die}"


@dataclass(frozen=True, slots=True)
class Reroll:
    """Reroll an unplaced die for 1 camel."""

    die: Die

    def __post_init__(self) -> None:
        object.__setattr__(self, "die", _die(self.die))

    def __str__(self) -> str:
        return f"reroll {self.die}"


@dataclass(frozen=True, slots=True)
class Adjust:
    """Change an unplaced die by ``delta`` (+1 or -1) for 2 camels."""

    die: Die
    delta: int

    def __post_init__(self) -> None:
        object.__setattr__(self, "die", _die(self.die))

    def __str__(self) -> str:
        d = self.die
        if isinstance(d, Die) and isinstance(self.delta, int):
            return f"adjust {d} to {Die(d.value + self.delta, d.kind).value}"
        return f"adjust {d} by {self.delta}"


@dataclass(frozen=True, slots=True)
class BuyBlackDie:
    """Take a black die from the supply for 3 camels."""

    def __str__(self) -> str:
        return "buy a black die"


@dataclass(frozen=True, slots=True)
class EndTurn:
    """End the turn (after the main action, or holding no dice)."""

    def __str__(self) -> str:
        return "end turn"


@dataclass(frozen=True, slots=True)
class Choose:
    """An answer to the open question (``state.pending``): one of the options ``legal_moves()`` offers."""

    option: str

    def __str__(self) -> str:
        return f"choose {self.option}"


_new = object.__new__
_put = object.__setattr__


def build(kind: type, *values: Any) -> Any:
    """A move of ``kind`` with its fields ``values`` as they are, in the one form ``__post_init__`` would give them
    (for the legal-move generator, which makes thousands)."""
    move = _new(kind)
    for name, value in zip(kind.__slots__, values):
        _put(move, name, value)
    return move


MAIN = (Travel, Bazaar, KhansFavor, TakeContracts, FiveCoins, CityCard)
BONUS = (Fulfil, CoinBag, Reroll, Adjust, BuyBlackDie)
MOVE_TYPES = MAIN + BONUS + (EndTurn, Choose)

END_TURN = EndTurn()
BUY_BLACK_DIE = BuyBlackDie()


def dice_of(move: Any) -> tuple[Die, ...]:
    """The dice ``move`` places or changes (none for a move that uses none: fulfilling a contract, buying a black
    die, ending the turn, an answer)."""
    dice = getattr(move, "dice", None)
    if isinstance(dice, tuple):
        return dice
    die = getattr(move, "die", None)
    return (die,) if isinstance(die, Die) else ()


def takes_dice(move: Any, chosen: Sequence[Die]) -> bool:
    """Whether ``move`` uses every die of ``chosen`` (dice a seat holds; Raschid's unset "?" stands for a die of
    its kind of any value). A move that uses no dice takes any choice."""
    dice = dice_of(move)
    if not dice:
        return True
    rest = list(dice)
    for die in sorted(chosen, key=lambda d: d.unset):  # the dice with a value first
        for i, other in enumerate(rest):
            if other == die or (die.unset and other.kind == die.kind):
                del rest[i]
                break
        else:
            return False
    return True


# ---------------------------------------------------------------------- reading moves back
_DIE = r"(?:(?:black|white) )?(?:\d|\?)"
_DICE = rf"{_DIE}(?: {_DIE})*"


def parse_die(text: str) -> Die:
    """``"4"``, ``"black 4"`` or ``"white 4"`` as a Die."""
    words = text.split()
    kind = "own"
    if len(words) == 2 and words[0] in ("black", "white"):
        kind, words = words[0], words[1:]
    if len(words) != 1 or not (words[0].isdigit() or words[0] == "?"):
        raise ValueError(f"not a die: {text!r} (expected like 4, black 4 or white 4)")
    return Die(0 if words[0] == "?" else int(words[0]), kind)


def parse_dice(text: str) -> tuple[Die, ...]:
    return tuple(parse_die(m) for m in re.findall(_DIE, text))


def _int_list(text: str) -> tuple[int, ...]:
    return tuple(int(x) for x in re.split(r",\s*|\s+and\s+|\s+", text.strip()) if x)


def parse_move(text: str) -> Any:
    """A move from its ``str()``: ``"travel with 3 5: Oasis A, Moscow"``, ``"bazaar silk with 2 5, column 2"``,
    ``"fulfil contract 12"``, ``"end turn"``, ``"choose pepper"``, ..."""
    if not isinstance(text, str):
        raise ValueError(f"a move is written as text, not {type(text).__name__}")
    t = " ".join(text.strip().split())
    low = t.lower()
    if low == "end turn":
        return END_TURN
    if low == "buy a black die":
        return BUY_BLACK_DIE
    if low.startswith("choose "):
        return Choose(t[7:])
    m = re.fullmatch(rf"travel with ({_DICE}): (.*)", t)
    if m:
        dice, rest = parse_dice(m.group(1)), m.group(2)
        first, _, second = rest.partition("figure 2: ")
        first = first.rstrip("; ").strip()
        path = tuple(p.strip() for p in first.split(",")) if first else ()
        path2 = tuple(p.strip() for p in second.split(",")) if second else ()
        return Travel(dice, path, path2)
    m = re.fullmatch(rf"bazaar (\w+) with ({_DICE}), column (\d+)", t)
    if m:
        return Bazaar(m.group(1), parse_dice(m.group(2)), int(m.group(3)))
    m = re.fullmatch(rf"khan's favor with ({_DIE}): (\w+)", t)
    if m:
        return KhansFavor(parse_die(m.group(1)), m.group(2))
    m = re.fullmatch(rf"take contracts from spaces? ([\d ,and]+?) with ({_DIE})(?:: (.*))?", t)
    if m:
        extras = tuple(e.strip() for e in m.group(3).split(",")) if m.group(3) else ()
        return TakeContracts(parse_die(m.group(2)), _int_list(m.group(1)), extras)
    m = re.fullmatch(rf"five coins with ({_DIE})", t)
    if m:
        return FiveCoins(parse_die(m.group(1)))
    m = re.fullmatch(rf"city card (.+?) with ({_DIE}): (.*)", t)
    if m:
        what = m.group(3)
        times = re.fullmatch(r"(\d+) times?", what)
        uses: int | tuple[str, ...] = int(times.group(1)) if times else tuple(u.strip() for u in what.split(","))
        return CityCard(m.group(1), parse_die(m.group(2)), uses)
    m = re.fullmatch(r"fulfil contract (\d+)", t)
    if m:
        return Fulfil(int(m.group(1)))
    m = re.fullmatch(rf"coin bag with ({_DIE})", t)
    if m:
        return CoinBag(parse_die(m.group(1)))
    m = re.fullmatch(rf"reroll ({_DIE})", t)
    if m:
        return Reroll(parse_die(m.group(1)))
    m = re.fullmatch(rf"adjust ({_DIE}) to (\d)", t)
    if m:
        die = parse_die(m.group(1))
        return Adjust(die, int(m.group(2)) - die.value)
    raise ValueError(f"not a Marco Polo move: {text!r} (expected like 'travel with 3 5: Oasis A, Moscow', "
                     "'bazaar silk with 2 5, column 2', 'fulfil contract 12' or 'end turn')")


# ---------------------------------------------------------------------- a move in words
def die_said(die: Die) -> Message | str:
    """A die as the log shows it: its value ("4"), a black or a white die's colour before it ("white 5"), "?" for
    one of Raschid's unset dice."""
    face = "?" if die.unset else str(die.value)
    return face if die.kind == "own" else say("{colour} {value}", colour=term("marcopolo.die", die.kind), value=face)


def dice_said(dice: Sequence[Die]) -> Message | str:
    """Dice as the log shows them, one after the other: "1 white 2 4 4 5 6"."""
    out = die_said(dice[0]) if dice else ""
    for die in dice[1:]:
        out = say("{dice} {die}", dice=out, die=die_said(die))
    return out


def move_said(move: Any) -> Message | str:
    """``move`` as ``str`` writes it (the words a move is typed with), as a message where every word of it is known
    (its English is ``str(move)``); else ``str(move)``."""
    kind = type(move)
    if kind is TakeContracts and isinstance(move.spaces, tuple) and isinstance(move.die, Die):
        spaces, die = listed(move.spaces), die_said(move.die)
        if move.extras:
            extras = listed([EXTRA_WORDS.get(extra, extra) for extra in move.extras], ",")
            return say_n("take contracts from space {spaces} with {die}: {extras}",
                         "take contracts from spaces {spaces} with {die}: {extras}", len(move.spaces), spaces=spaces,
                         die=die, extras=extras)
        return say_n("take contracts from space {spaces} with {die}", "take contracts from spaces {spaces} with {die}",
                     len(move.spaces), spaces=spaces, die=die)
    if kind is CityCard and move.city in CARD_SPACES and isinstance(move.die, Die):
        if isinstance(move.uses, int):
            uses: Message | Listed = say_n("{n} time", "{n} times", move.uses)
        elif all(use in USE_WORDS for use in move.uses):
            uses = listed([USE_WORDS[use] for use in move.uses], ",")
        else:
            return str(move)
        return say("city card {card} with {die}: {uses}", card=card_space_word(move.city), die=die_said(move.die),
                   uses=uses)
    if kind is Reroll and isinstance(move.die, Die):
        return say("reroll {die}", die=die_said(move.die))
    if kind is Adjust and isinstance(move.die, Die) and isinstance(move.delta, int):
        return say("adjust {die} to {value}", die=die_said(move.die), value=Die(move.die.value + move.delta).value)
    if kind is BuyBlackDie:
        return say("buy a black die")
    if kind is EndTurn:
        return say("end turn")
    return _action_said(move)


def _action_said(move: Any) -> Message | str:
    """A main action, a contract fulfilled or an answer as ``str`` writes it, as a message (see ``move_said``)."""
    kind = type(move)
    if kind is Travel and isinstance(move.dice, tuple) and all(p in INDEX for p in (*move.path, *move.path2)):
        parts: list = [listed([place_word(INDEX[p]) for p in move.path], ",")] if move.path else []
        if move.path2:
            parts.append(say("figure 2: {walk}", walk=listed([place_word(INDEX[p]) for p in move.path2], ",")))
        return say("travel with {dice}: {walks}", dice=dice_said(move.dice), walks=listed(parts, ";"))
    if kind is Bazaar and move.good in (*GOODS, "camel") and isinstance(move.dice, tuple):
        return say("bazaar {good} with {dice}, column {column}", good=good_word(move.good), dice=dice_said(move.dice),
                   column=move.column)
    if kind is KhansFavor and move.good in GOODS and isinstance(move.die, Die):
        return say("khan's favor with {die}: {good}", die=die_said(move.die), good=good_word(move.good))
    if kind is FiveCoins and isinstance(move.die, Die):
        return say("five coins with {die}", die=die_said(move.die))
    if kind is CoinBag and isinstance(move.die, Die):
        return say("coin bag with {die}", die=die_said(move.die))
    if kind is Fulfil:
        return say("fulfil contract {contract}", contract=move.contract)
    if kind is Choose:
        return say("choose {option}", option=answer_said(move.option))
    return str(move)


EXTRA_WORDS = {"coins": say("coins"), "camels": say("camels")}  # what a contract from space 5 or 6 adds
# A city card's choices as a move names them: a good, a place, a small city, a card's option ("3 coins"), a good
# sold or bought, a place reached for two goods (card 30).
USE_WORDS: dict[str, Message] = {
    **{name: place_word(i) for i, name in enumerate(NAMES)},
    **{good: good_word(good) for good in GOODS},
    **{f"sell {good}": say("sell {good}", good=good_word(good)) for good in GOODS},
    **{f"buy {good}": say("buy {good}", good=good_word(good)) for good in GOODS},
    **{choice: items_said(gain) for card in CITY_CARDS if card.kind in ("either", "same-either")
       for choice, _, gain in card.options},
    **{f"{name} for {a} and {b}": say("{place} for {goods}", place=place_word(i),
                                      goods=listed([good_word(a), good_word(b)]))
       for i, name in enumerate(NAMES) for a, b in combinations(GOODS, 2)},
}


# ---------------------------------------------------------------------- an answer in words
# A ``Choose`` move holds its answer as a player types it; the move says it (without a position to ask the question's
# options of) by its form: every form of an answer is a pattern and the message it says (a name none of them knows
# stays the text itself). The log and the refusals say answers from the engine's data (``questions.options_said``),
# reasons are messages (``reasons.py``).
Words = Message | Listed | str  # a typed answer in words
Reading = tuple[tuple[re.Pattern, Callable[..., Words]], ...]


def place_named(name: str) -> Message:
    """The place called ``name`` as a word of the game (KeyError: not a place)."""
    return place_word(INDEX[name])


def good_named(good: str) -> Message:
    """The good ``good`` as a word of the game (KeyError: not a good)."""
    if good not in GOODS:
        raise KeyError(good)
    return good_word(good)


def character_named(name: str) -> Message:
    """The character called ``name`` as a word of the game (KeyError: not a character)."""
    if name not in CHARACTER_NAMES:
        raise KeyError(name)
    return character_word(name)


def patterns(*forms: tuple[str, Callable[..., Words]]) -> Reading:
    """Forms of a text (a regular expression each) and the message each says."""
    return tuple((re.compile(pattern), make) for pattern, make in forms)


def read_text(text: str, fixed: dict[str, Words], forms: Reading) -> Words:
    """``text`` as ``fixed`` says it, else as the message of the first of ``forms`` it has, else itself."""
    if text in fixed:
        return fixed[text]
    for pattern, make in forms:
        found = pattern.fullmatch(text)
        if found:
            try:
                return make(*found.groups())
            except KeyError:  # a name of no place, space or character: another form, or the text itself
                continue
    return text


def _amounts(change: Sequence[int]) -> Listed:
    """The positive amounts of ``change`` (coins, camels, pepper, silk, gold, VP): "7 coins and 3 camels"."""
    return listed([amount_said(i, x) for i, x in enumerate(change) if x > 0])


FIXED_ANSWERS: dict[str, Words] = {
    "stay": say("stay"),
    **{name: character_word(name) for name in CHARACTER_NAMES},
    **{good: good_word(good) for good in GOODS},
    "camel": good_word("camel"),  # no answer, but a learner may offer it for a good (the practice exercises do)
    **{bonus.text: reward_word(bonus.text) for bonus in SMALL_CITY_BONUSES},  # Xian's "?"
}
ANSWERS = patterns(
    (r"goals (\d+) and (\d+)", lambda a, b: say("goals {goal} and {other}", goal=int(a), other=int(b))),
    (r"discard contract (\d+)", lambda c: say("discard contract {contract}", contract=int(c))),
    (r"decline contract (\d+)", lambda c: say("decline contract {contract}", contract=int(c))),
    (r"keep contract (\d+)", lambda c: say("keep contract {contract}", contract=int(c))),  # no answer: one offered
    (r"figure (\d+) to (.+)", lambda figure, city: say("figure {figure} to {place}", figure=int(figure),
                                                         place=place_named(city))),
    (r"move to (.+)", lambda city: say("move to {place}", place=place_named(city))),
    (r"the post from (.+)", lambda city: say("the post from {place}", place=place_named(city))),
    (r"(\w+) and (\w+)", lambda good, other: listed([good_named(good), good_named(other)])),
    (r"camel and camel", lambda: listed([good_word("camel"), good_word("camel")])),  # no answer: one offered
    (r"(\d+) coins?(?: and (\d+) camels?)?", lambda coins, camels: _amounts(
        delta(coins=int(coins), camels=int(camels or 0)))),
    (r"(\d+) camels?", lambda camels: _amounts(delta(camels=int(camels)))),
)


def answer_said(option: str) -> Words:
    """An answer as a ``Choose`` move types it ("decline contract 13", "pepper and gold", "Berke Khan") as a
    message."""
    return read_text(option, FIXED_ANSWERS, ANSWERS)
