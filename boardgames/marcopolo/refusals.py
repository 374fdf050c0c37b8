"""Why a Marco Polo move is illegal: one function per rule family (whose move, open questions, dice and spaces,
each main action, the bonus actions, ending a turn), each test written once and used by ``check`` and ``play``
(``offers.py`` builds only moves these tests accept, and the conformance tests hold it to that). When a move
breaks several rules, the refusal names the first in the order of the rules page."""

from __future__ import annotations

from typing import Any

from boardgames.core import RULE_NOT_A_MOVE, RULE_NOT_NOW, IllegalMove, listed, say, say_n, turn_refusal
from boardgames.core.message import Listed, Message
from boardgames.marcopolo import data
from boardgames.marcopolo import moves as M
from boardgames.marcopolo.board import INDEX, NAMES, neighbours, place_word
from boardgames.marcopolo.cards import plan
from boardgames.marcopolo.data import (
    BAZAAR,
    CARD_CITY,
    CARD_SPACES,
    CARPINI,
    CONTRACT_PRICES,
    GOODS,
    KHAN_SLOTS,
    RASCHID,
    STEP_COINS,
    good_word,
)
from boardgames.marcopolo.log import amounts_or_nothing, amounts_said, coins_said
from boardgames.marcopolo.moves import BONUS, KINDS, MOVE_TYPES
from boardgames.marcopolo.questions import RULE, describe_said, matching, options_said
from boardgames.marcopolo.spaces import fee_of, khan_least, space_said
from boardgames.marcopolo.state import (
    BAZAAR_SPACE,
    CONTRACTS,
    FIRST_CARD,
    FIVE_COINS,
    KHAN,
    SPACE_INDEX,
    TRAVEL,
    Position,
)


def refusal(s: Position, move: Any, seat: int | None) -> IllegalMove | None:
    """The IllegalMove that ``move`` by ``seat`` (None: the player to move) would raise in ``s``, or None."""
    names, actor = s.table.names, s.current_player
    shared = turn_refusal(s.over, move, MOVE_TYPES, "The Voyages of Marco Polo", names, actor, seat,
                          "marcopolo.turn.not-your-turn")
    if shared is not None:
        return shared
    kind = type(move)
    if s.agenda:
        task = s.agenda[0]
        if kind is M.Choose:
            return choose(s, task, move.option)
        if kind in BONUS:
            return IllegalMove("marcopolo.bonus.not-during-action",
                               say("Bonus actions wait until the open question is answered: {question}",
                                   question=describe_said(s, task)))
        return IllegalMove(RULE_NOT_NOW,
                           say("An open question comes first: {question}", question=describe_said(s, task)))
    if kind is M.Choose:
        return IllegalMove(RULE_NOT_NOW, say("Nothing is asked of {name}: {move} answers no question.",
                                             name=names[actor], move=str(move)))
    return CHECKS[kind](s, actor, move)


def choose(s: Position, task: tuple, option: Any) -> IllegalMove | None:
    """An answer must be one of the question's options; a newly taken contract cannot be discarded."""
    if matching(s, task, option) is not None:
        return None
    name = s.table.names[task[1]]
    if task[0] == "discard" and " ".join(str(option).split()).lower() == f"discard contract {task[2]}":
        return IllegalMove("marcopolo.contract.hand-limit",
                           say("Contract {contract} was just taken: {name} may not discard it straight away.",
                               contract=task[2], name=name))
    return IllegalMove(RULE[task[0]], say("{name} cannot answer {option}: the answers are {answers}.", name=name,
                                          option=_quoted(option),
                                          answers=listed(options_said(s, task), ";")))


def _quoted(option: Any) -> Any:
    """An answer given, quoted as Python quotes it ('pepper'), in words where it is an answer's text."""
    if isinstance(option, str) and repr(option) == f"'{option}'":
        return say("'{answer}'", answer=M.answer_said(option))
    return repr(option)


# ---------------------------------------------------------------------- dice and spaces
def main_action(s: Position, seat: int) -> IllegalMove | None:
    """Rule turn.main-action: one main action per turn."""
    if s.main_done:
        return IllegalMove("marcopolo.turn.main-action",
                           say("{name} has already taken this turn's main action.", name=s.table.names[seat]))
    return None


def dice_shape(dice: Any) -> bool:
    if type(dice) is not tuple:
        return False
    for d in dice:
        if type(d) is not M.Die or type(d[0]) is not int or d[1] not in KINDS:
            return False
    return True


def holds(s: Position, seat: int, dice: Any) -> IllegalMove | None:
    """Rule dice.not-yours: every die named is one the seat holds (Raschid: of that kind, set to 1-6)."""
    if not dice_shape(dice):
        return IllegalMove("marcopolo.dice.not-yours", say("{name} holds no dice like {dice} (dice: {held}).",
                                                           name=s.table.names[seat], dice=repr(dice),
                                                           held=_mine(s, seat)))
    raschid = s.chars[seat] == RASCHID
    left = list(s.held[seat])
    for die in dice:
        if raschid:
            if not 1 <= die.value <= 6:
                return IllegalMove("marcopolo.dice.not-yours",
                                   say("{name} sets each die to 1 to 6, not {value}.", name=s.table.names[seat],
                                       value=die.value))
            die = M.Die(0, die.kind)
        if die not in left:
            return IllegalMove("marcopolo.dice.not-yours", say("{name} holds no die {die} (dice: {held}).",
                                                               name=s.table.names[seat], die=M.die_said(die),
                                                               held=_mine(s, seat)))
        left.remove(die)
    return None


def _mine(s: Position, seat: int) -> str | Message:
    """The dice ``seat`` holds, as moves write them ("3 5 black 2"), or "none"."""
    return M.dice_said(s.held[seat]) or say("none")


def placing(s: Position, seat: int, dice: Any, count: int, space: int) -> IllegalMove | None:
    """Rules turn.main-action, dice.not-yours, dice.count, dice.colour-once, space.fee and space.cannot-pay."""
    problem = main_action(s, seat) or holds(s, seat, dice)
    if problem:
        return problem
    if len(dice) != count:
        return IllegalMove("marcopolo.dice.count", say_n("{space} takes exactly {n} die, not {given}.",
                                                         "{space} takes exactly {n} dice, not {given}.", count,
                                                         space=space_said(space).capitalized(), given=len(dice)))
    placed = s.spaces[space]
    if placed and any(d[1] == "own" for d in dice) and any(o == seat and d[1] == "own" for o, d in placed):
        return IllegalMove("marcopolo.dice.colour-once",
                           say("{name}'s colour is already on {space} this round (black and white dice may go "
                               "there).", name=s.table.names[seat], space=space_said(space)))
    fee = fee_of(s, seat, space, dice)
    if fee > s.wealth[seat][0]:
        return IllegalMove("marcopolo.space.cannot-pay",
                           say("{space} is occupied: the fee is {fee} and {name} has {coins}.",
                               space=space_said(space).capitalized(), fee=coins_said(fee), name=s.table.names[seat],
                               coins=coins_said(s.wealth[seat][0])))
    return None


def exclusive(s: Position, seat: int, space: int) -> IllegalMove | None:
    """Rule space.taken: a city card holds one die a round, Khan's Favor four (Berke Khan's power changes
    nothing here: it spares him a fee, it does not open a space that is taken)."""
    full = KHAN_SLOTS if space == KHAN else 1
    if len(s.spaces[space]) >= full:
        return IllegalMove("marcopolo.space.taken", say("{space} is full this round; {name} cannot place there.",
                                                        space=space_said(space).capitalized(),
                                                        name=s.table.names[seat]))
    return None


# ---------------------------------------------------------------------- main actions
def travel(s: Position, seat: int, move: M.Travel) -> IllegalMove | None:
    """Rules travel.steps and travel.cannot-pay."""
    problem = placing(s, seat, move.dice, 2, TRAVEL)
    if problem:
        return problem
    name = s.table.names[seat]
    low = min(d.value for d in move.dice)
    paths = (move.path, move.path2)
    if not all(isinstance(p, tuple) and all(isinstance(x, str) for x in p) for p in paths):
        return IllegalMove("marcopolo.travel.steps", say("A Travel's path is a list of places."))
    figures = s.at[seat]
    if move.path2 and len(figures) < 2:
        return IllegalMove("marcopolo.travel.steps",
                           say("Only Niccolò and Marco Polo have a second figure, not {name}.", name=name))
    steps = len(move.path) + len(move.path2)
    if steps == 0:
        return IllegalMove("marcopolo.travel.steps", say("Travel moves at least 1 step."))
    for p in move.path + move.path2:
        if p not in INDEX:
            return IllegalMove("marcopolo.travel.steps",
                               say("{place} is not a place of the map (Venezia, Oasis A, ...).", place=repr(p)))
    if steps > low:
        return IllegalMove("marcopolo.travel.steps",
                           say_n("{name} cannot travel to {ends}: {n} step, and the lowest die is {low}.",
                                 "{name} cannot travel to {ends}: {n} steps, and the lowest die is {low}.", steps,
                                 name=name, ends=_ends(move), low=low))
    carpini = s.chars[seat] == CARPINI
    coins, camels = STEP_COINS[steps] + fee_of(s, seat, TRAVEL, move.dice), 0
    for f, path in enumerate(paths[: len(figures)]):
        at = figures[f]
        for p in path:
            extra = neighbours(at, carpini).get(INDEX[p])
            if extra is None:
                return IllegalMove("marcopolo.travel.steps", say("No route joins {place} and {other}.",
                                                                 place=place_word(at), other=place_word(INDEX[p])))
            coins += extra[0]
            camels += extra[1]
            at = INDEX[p]
    w = s.wealth[seat]
    if coins > w[0] or camels > w[1]:
        return IllegalMove("marcopolo.travel.cannot-pay",
                           say("{name} cannot pay {cost} to travel to {ends} (fee included) with {wealth}.", name=name,
                               cost=amounts_said((coins, camels, 0, 0, 0, 0)), ends=_ends(move),
                               wealth=amounts_or_nothing(w[:2] + (0, 0, 0, 0))))
    return None


def _ends(move: M.Travel) -> Listed:
    """Where a Travel's figures stop: "Moscow", "Moscow and Anxi"."""
    return listed([place_word(INDEX[p]) for p in move.ends])


def bazaar(s: Position, seat: int, move: M.Bazaar) -> IllegalMove | None:
    """Rule bazaar.column."""
    if not isinstance(move.good, str) or move.good not in BAZAAR:
        return IllegalMove(RULE_NOT_A_MOVE, say("There is no bazaar for {good}: camel, pepper, silk or gold.",
                                                good=repr(move.good)))
    problem = placing(s, seat, move.dice, BAZAAR[move.good][0], BAZAAR_SPACE[move.good])
    if problem:
        return problem
    low = min(d.value for d in move.dice)
    if type(move.column) is not int or not 1 <= move.column <= low:
        return IllegalMove("marcopolo.bazaar.column",
                           say("With a lowest die of {low} the {good} bazaar gives columns 1 to {low}, not {column}.",
                               low=low, good=good_word(move.good), column=_value(move.column)))
    return None


def _value(x: Any) -> int | str:
    """A move's field in a sentence: a whole number as it is, anything else as ``str`` writes it."""
    return x if type(x) is int else str(x)


def khans_favor(s: Position, seat: int, move: M.KhansFavor) -> IllegalMove | None:
    """Rules space.taken and khan.too-low."""
    if not isinstance(move.good, str) or move.good not in GOODS:
        return IllegalMove(RULE_NOT_A_MOVE, say("Khan's Favor gives pepper, silk or gold, not {good}.",
                                                good=repr(move.good)))
    problem = placing(s, seat, (move.die,), 1, KHAN) or exclusive(s, seat, KHAN)
    if problem:
        return problem
    least = khan_least(s)
    if move.die.value < least:
        return IllegalMove("marcopolo.khan.too-low",
                           say("Khan's Favor's next slot needs a die of at least {least}, not {value}.", least=least,
                               value=move.die.value))
    return None


def take_contracts(s: Position, seat: int, move: M.TakeContracts) -> IllegalMove | None:
    """Rule contract.space (and the extras of spaces 5 and 6)."""
    problem = placing(s, seat, (move.die,), 1, CONTRACTS)
    if problem:
        return problem
    die = move.die.value
    spaces = move.spaces
    if all(c < 0 for c in s.board):
        return IllegalMove("marcopolo.contract.space",
                           say("No contract lies on the board: the special pile is empty."))
    if (not isinstance(spaces, tuple) or not 1 <= len(spaces) <= 2 or len(set(spaces)) != len(spaces)
            or not all(type(x) is int and 1 <= x <= 6 for x in spaces)):
        return IllegalMove("marcopolo.contract.space", say("Take contracts takes 1 or 2 of the spaces 1 to 6, not "
                                                           "{spaces}.", spaces=repr(spaces)))
    for x in spaces:
        if x > die:
            return IllegalMove("marcopolo.contract.space",
                               say("A die of {die} reaches the contract spaces 1 to {die}, not {space}.", die=die,
                                   space=x))
        if s.board[x - 1] < 0:
            return IllegalMove("marcopolo.contract.space", say("Contract space {space} is empty.", space=x))
    high = [x for x in spaces if x >= 5]
    extras = move.extras
    if not isinstance(extras, tuple) or len(extras) != len(high) or any(e not in ("coins", "camels") for e in extras):
        return IllegalMove("marcopolo.contract.space",
                           say_n("Each contract from space 5 or 6 adds coins or camels: name {n} extra (coins or "
                                 "camels), not {extras}.",
                                 "Each contract from space 5 or 6 adds coins or camels: name {n} extras (coins or "
                                 "camels), not {extras}.", len(high), extras=repr(extras)))
    return None


def five_coins(s: Position, seat: int, move: M.FiveCoins) -> IllegalMove | None:
    return placing(s, seat, (move.die,), 1, FIVE_COINS)


def city_card(s: Position, seat: int, move: M.CityCard) -> IllegalMove | None:
    """Rules space.taken, city.no-post, city.just-arrived, city.repeats and city.cannot-pay."""
    if not isinstance(move.city, str) or move.city not in CARD_SPACES:
        if move.city == "Sumatra":
            return IllegalMove(RULE_NOT_A_MOVE, say("There is no city card called {city} (Sumatra's three cards are "
                                                    "Sumatra 1, Sumatra 2 and Sumatra 3).", city=repr(move.city)))
        return IllegalMove(RULE_NOT_A_MOVE, say("There is no city card called {city}.", city=repr(move.city)))
    space = SPACE_INDEX[move.city]
    problem = placing(s, seat, (move.die,), 1, space) or exclusive(s, seat, space)
    if problem:
        return problem
    name = s.table.names[seat]
    city = CARD_CITY[space - FIRST_CARD]
    if city not in s.post_list[seat]:
        return IllegalMove("marcopolo.city.no-post",
                           say("{name} has no trading post in {city}.", name=name, city=place_word(city)))
    if city in s.arrived:
        return IllegalMove("marcopolo.city.just-arrived",
                           say("{name}'s post in {city} was placed this turn: its city card waits until the next.",
                               name=name, city=place_word(city)))
    result = plan(s, seat, s.cards[space - FIRST_CARD], move.die.value, move.uses)
    if isinstance(result, tuple) and isinstance(result[0], str):
        rule, why = result
        return IllegalMove(rule, why)
    return None


def space_refusal(s: Position, space: str, seat: int | None = None,
                  dice: tuple[M.Die, ...] = ()) -> IllegalMove | None:
    """Why ``seat`` (None: the player to move) may not place ``dice`` on the action space or city-card space named
    ``space`` now: the refusal of the plainest move that would (its first die, its first two on Travel, when no dice
    are given; one step from its figure; the first column, contract space, good or use), or None when that move is
    legal. A seat with no dice to place is refused by rule dice.not-yours."""
    seat = s.current_player if seat is None else seat
    held = s.held[seat]
    dice = tuple(dice)
    some = dice or held[:1]
    if not some:
        return IllegalMove("marcopolo.dice.not-yours",
                           say("{name} has no dice left to place.", name=s.table.names[seat]))
    die = some[0]
    if space == "travel":
        pair = dice if len(dice) == 2 else held[:2] if len(held) >= 2 else some
        probe: Any = M.Travel(pair, (NAMES[next(iter(neighbours(s.at[seat][0])))],))
    elif space in BAZAAR:
        probe = M.Bazaar(space, some)
    else:
        probe = {"khan": M.KhansFavor(die, "silk"), "contracts": M.TakeContracts(die, (1,)),
                 "five coins": M.FiveCoins(die), "coin bag": M.CoinBag(die)}.get(space) or M.CityCard(space, die, 1)
    return refusal(s, probe, seat)


# ---------------------------------------------------------------------- bonus actions and the end of a turn
def fulfil(s: Position, seat: int, move: M.Fulfil) -> IllegalMove | None:
    """Rule bonus.fulfil."""
    name = s.table.names[seat]
    c = move.contract
    if c not in s.hands[seat]:
        held = listed(s.hands[seat], ",") if s.hands[seat] else say("none")
        return IllegalMove("marcopolo.bonus.fulfil", say("Contract {contract} is not among {name}'s active contracts "
                                                         "({held}).", contract=_value(c), name=name, held=held))
    w = s.wealth[seat]
    price = CONTRACT_PRICES[c]
    if any(w[i] + price[i] < 0 for i in range(5)):
        return IllegalMove("marcopolo.bonus.fulfil", say("Contract {contract} costs {cost}; {name} lacks some of it.",
                                                         contract=c, cost=amounts_said(tuple(-x for x in price)),
                                                         name=name))
    return None


def coin_bag(s: Position, seat: int, move: M.CoinBag) -> IllegalMove | None:
    """Rule bonus.coins3: any die the seat holds."""
    problem = holds(s, seat, (move.die,))
    return problem


def reroll(s: Position, seat: int, move: M.Reroll) -> IllegalMove | None:
    """Rule bonus.reroll."""
    name = s.table.names[seat]
    if s.chars[seat] == RASCHID:
        return IllegalMove("marcopolo.bonus.reroll",
                           say("{name} (Raschid) does not roll: he sets each die as he places it.", name=name))
    problem = holds(s, seat, (move.die,))
    if problem:
        return problem
    if s.wealth[seat][1] < data.REROLL_CAMELS:
        return IllegalMove("marcopolo.bonus.reroll", say("A reroll costs 1 camel and {name} has none.", name=name))
    return None


def adjust(s: Position, seat: int, move: M.Adjust) -> IllegalMove | None:
    """Rule bonus.adjust."""
    name = s.table.names[seat]
    if s.chars[seat] == RASCHID:
        return IllegalMove("marcopolo.bonus.adjust",
                           say("{name} (Raschid) sets each die as he places it: nothing to change.", name=name))
    problem = holds(s, seat, (move.die,))
    if problem:
        return problem
    if move.delta not in (1, -1) or isinstance(move.delta, bool):
        return IllegalMove("marcopolo.bonus.adjust",
                           say("A die changes by +1 or -1, not {delta}.", delta=repr(move.delta)))
    new = move.die.value + move.delta
    if not 1 <= new <= 6:
        return IllegalMove("marcopolo.bonus.adjust",
                           say("A {value} cannot become {new}: no change goes round between 6 and 1.",
                               value=move.die.value, new=(new - 1) % 6 + 1))
    if s.wealth[seat][1] < data.ADJUST_CAMELS:
        return IllegalMove("marcopolo.bonus.adjust",
                           say_n("Changing a die costs 2 camels; {name} has {n} camel.",
                                 "Changing a die costs 2 camels; {name} has {n} camels.", s.wealth[seat][1],
                                 name=name))
    return None


def buy_black_die(s: Position, seat: int, move: M.BuyBlackDie) -> IllegalMove | None:
    """Rule bonus.black-die."""
    name = s.table.names[seat]
    if s.bought:
        return IllegalMove("marcopolo.bonus.black-die",
                           say("{name} has already bought a black die this turn.", name=name))
    if s.black_left <= 0:
        return IllegalMove("marcopolo.bonus.black-die", say("The supply has no black die left this round."))
    if s.wealth[seat][1] < data.BLACK_DIE_CAMELS:
        return IllegalMove("marcopolo.bonus.black-die",
                           say_n("A black die costs 3 camels; {name} has {n} camel.",
                                 "A black die costs 3 camels; {name} has {n} camels.", s.wealth[seat][1], name=name))
    return None


def end_turn(s: Position, seat: int, move: M.EndTurn) -> IllegalMove | None:
    """Rule turn.main-action: a player holding dice ends the turn only after the main action."""
    if s.held[seat] and not s.main_done:
        return IllegalMove("marcopolo.turn.main-action",
                           say_n("{name} holds {n} die and has not taken the main action yet.",
                                 "{name} holds {n} dice and has not taken the main action yet.", len(s.held[seat]),
                                 name=s.table.names[seat]))
    return None


CHECKS = {
    M.Travel: travel,
    M.Bazaar: bazaar,
    M.KhansFavor: khans_favor,
    M.TakeContracts: take_contracts,
    M.FiveCoins: five_coins,
    M.CityCard: city_card,
    M.Fulfil: fulfil,
    M.CoinBag: coin_bag,
    M.Reroll: reroll,
    M.Adjust: adjust,
    M.BuyBlackDie: buy_black_die,
    M.EndTurn: end_turn,
}
