"""Why a Marco Polo move is illegal: one function per rule family (whose move, open questions, dice and spaces,
each main action, the bonus actions, ending a turn), each test written once and used by ``check`` and ``play``
(``offers.py`` builds only moves these tests accept, and the conformance tests hold it to that). When a move
breaks several rules, the refusal names the first in the order of the rules page."""

from __future__ import annotations

from typing import Any

from boardgames.core import RULE_NOT_A_MOVE, RULE_NOT_NOW, IllegalMove, plural, turn_refusal
from boardgames.marcopolo import data
from boardgames.marcopolo import moves as M
from boardgames.marcopolo.board import INDEX, NAMES, neighbours
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
)
from boardgames.marcopolo.log import amounts
from boardgames.marcopolo.moves import BONUS, KINDS, MOVE_TYPES
from boardgames.marcopolo.questions import RULE, describe, matching, options
from boardgames.marcopolo.spaces import fee_of, khan_least, space_name
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
                               f"Bonus actions wait until the open question is answered: {describe(s, task)}")
        return IllegalMove(RULE_NOT_NOW, f"An open question comes first: {describe(s, task)}")
    if kind is M.Choose:
        return IllegalMove(RULE_NOT_NOW, f"Nothing is asked of {names[actor]}: {move} answers no question.")
    return CHECKS[kind](s, actor, move)


def choose(s: Position, task: tuple, option: Any) -> IllegalMove | None:
    """An answer must be one of the question's options; a newly taken contract cannot be discarded."""
    if matching(s, task, option) is not None:
        return None
    name = s.table.names[task[1]]
    if task[0] == "discard" and " ".join(str(option).split()).lower() == f"discard contract {task[2]}":
        return IllegalMove("marcopolo.contract.hand-limit",
                           f"Contract {task[2]} was just taken: {name} may not discard it straight away.")
    return IllegalMove(RULE[task[0]], f"{name} cannot answer {option!r}: the answers are "
                                      f"{'; '.join(options(s, task))}.")


# ---------------------------------------------------------------------- dice and spaces
def main_action(s: Position, seat: int) -> IllegalMove | None:
    """Rule turn.main-action: one main action per turn."""
    if s.main_done:
        return IllegalMove("marcopolo.turn.main-action",
                           f"{s.table.names[seat]} has already taken this turn's main action.")
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
        return IllegalMove("marcopolo.dice.not-yours", f"{s.table.names[seat]} holds no dice like {dice!r} "
                                                       f"(dice: {_mine(s, seat)}).")
    raschid = s.chars[seat] == RASCHID
    left = list(s.held[seat])
    for die in dice:
        if raschid:
            if not 1 <= die.value <= 6:
                return IllegalMove("marcopolo.dice.not-yours",
                                   f"{s.table.names[seat]} sets each die to 1 to 6, not {die.value}.")
            die = M.Die(0, die.kind)
        if die not in left:
            return IllegalMove("marcopolo.dice.not-yours", f"{s.table.names[seat]} holds no die {die} "
                                                           f"(dice: {_mine(s, seat)}).")
        left.remove(die)
    return None


def _mine(s: Position, seat: int) -> str:
    return " ".join(map(str, s.held[seat])) or "none"


def placing(s: Position, seat: int, dice: Any, count: int, space: int) -> IllegalMove | None:
    """Rules turn.main-action, dice.not-yours, dice.count, dice.colour-once, space.fee and space.cannot-pay."""
    problem = main_action(s, seat) or holds(s, seat, dice)
    if problem:
        return problem
    if len(dice) != count:
        return IllegalMove("marcopolo.dice.count", cap(f"{space_words(space)} takes exactly "
                                                       f"{plural(count, 'die', 'dice')}, not {len(dice)}."))
    placed = s.spaces[space]
    if placed and any(d[1] == "own" for d in dice) and any(o == seat and d[1] == "own" for o, d in placed):
        return IllegalMove("marcopolo.dice.colour-once",
                           f"{s.table.names[seat]}'s colour is already on {space_words(space)} this round (black "
                           "and white dice may go there).")
    fee = fee_of(s, seat, space, dice)
    if fee > s.wealth[seat][0]:
        return IllegalMove("marcopolo.space.cannot-pay",
                           cap(f"{space_words(space)} is occupied: the fee is {plural(fee, 'coin')} and "
                               f"{s.table.names[seat]} has {plural(s.wealth[seat][0], 'coin')}."))
    return None


def cap(text: str) -> str:
    """``text`` with its first letter in upper case (a sentence that starts with "the silk bazaar")."""
    return text[:1].upper() + text[1:]


def space_words(space: int) -> str:
    return space_name(space)


def exclusive(s: Position, seat: int, space: int) -> IllegalMove | None:
    """Rule space.taken: a city card holds one die a round, Khan's Favor four (Berke Khan's power changes
    nothing here: it spares him a fee, it does not open a space that is taken)."""
    name = s.table.names[seat]
    where = space_words(space)
    full = KHAN_SLOTS if space == KHAN else 1
    if len(s.spaces[space]) >= full:
        return IllegalMove("marcopolo.space.taken", cap(f"{where} is full this round; {name} cannot place there."))
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
        return IllegalMove("marcopolo.travel.steps", "A Travel's path is a list of places.")
    figures = s.at[seat]
    if move.path2 and len(figures) < 2:
        return IllegalMove("marcopolo.travel.steps", f"Only Niccolò and Marco Polo have a second figure, not {name}.")
    steps = len(move.path) + len(move.path2)
    if steps == 0:
        return IllegalMove("marcopolo.travel.steps", "Travel moves at least 1 step.")
    for p in move.path + move.path2:
        if p not in INDEX:
            return IllegalMove("marcopolo.travel.steps", f"{p!r} is not a place of the map (Venezia, Oasis A, ...).")
    ends = move.ends
    if steps > low:
        return IllegalMove("marcopolo.travel.steps",
                           f"{name} cannot travel to {' and '.join(ends)}: {plural(steps, 'step')}, and the lowest "
                           f"die is {low}.")
    carpini = s.chars[seat] == CARPINI
    coins, camels = STEP_COINS[steps] + fee_of(s, seat, TRAVEL, move.dice), 0
    for f, path in enumerate(paths[: len(figures)]):
        at = figures[f]
        for p in path:
            extra = neighbours(at, carpini).get(INDEX[p])
            if extra is None:
                return IllegalMove("marcopolo.travel.steps", f"No route joins {NAMES[at]} and {p}.")
            coins += extra[0]
            camels += extra[1]
            at = INDEX[p]
    w = s.wealth[seat]
    if coins > w[0] or camels > w[1]:
        return IllegalMove("marcopolo.travel.cannot-pay",
                           f"{name} cannot pay {amounts((coins, camels, 0, 0, 0, 0))} to travel to "
                           f"{' and '.join(ends)} (fee included) with {amounts(w[:2] + (0, 0, 0, 0)) or 'nothing'}.")
    return None


def bazaar(s: Position, seat: int, move: M.Bazaar) -> IllegalMove | None:
    """Rule bazaar.column."""
    if not isinstance(move.good, str) or move.good not in BAZAAR:
        return IllegalMove(RULE_NOT_A_MOVE, f"There is no bazaar for {move.good!r}: camel, pepper, silk or gold.")
    problem = placing(s, seat, move.dice, BAZAAR[move.good][0], BAZAAR_SPACE[move.good])
    if problem:
        return problem
    low = min(d.value for d in move.dice)
    if type(move.column) is not int or not 1 <= move.column <= low:
        return IllegalMove("marcopolo.bazaar.column",
                           f"With a lowest die of {low} the {move.good} bazaar gives columns 1 to {low}, not "
                           f"{move.column}.")
    return None


def khans_favor(s: Position, seat: int, move: M.KhansFavor) -> IllegalMove | None:
    """Rules space.taken and khan.too-low."""
    if not isinstance(move.good, str) or move.good not in GOODS:
        return IllegalMove(RULE_NOT_A_MOVE, f"Khan's Favor gives pepper, silk or gold, not {move.good!r}.")
    problem = placing(s, seat, (move.die,), 1, KHAN) or exclusive(s, seat, KHAN)
    if problem:
        return problem
    least = khan_least(s)
    if move.die.value < least:
        return IllegalMove("marcopolo.khan.too-low",
                           f"Khan's Favor's next slot needs a die of at least {least}, not {move.die.value}.")
    return None


def take_contracts(s: Position, seat: int, move: M.TakeContracts) -> IllegalMove | None:
    """Rule contract.space (and the extras of spaces 5 and 6)."""
    problem = placing(s, seat, (move.die,), 1, CONTRACTS)
    if problem:
        return problem
    die = move.die.value
    spaces = move.spaces
    if all(c < 0 for c in s.board):
        return IllegalMove("marcopolo.contract.space", "No contract lies on the board: the special pile is empty.")
    if (not isinstance(spaces, tuple) or not 1 <= len(spaces) <= 2 or len(set(spaces)) != len(spaces)
            or not all(type(x) is int and 1 <= x <= 6 for x in spaces)):
        return IllegalMove("marcopolo.contract.space", f"Take contracts takes 1 or 2 of the spaces 1 to 6, not "
                                                       f"{spaces!r}.")
    for x in spaces:
        if x > die:
            return IllegalMove("marcopolo.contract.space", f"A die of {die} reaches the contract spaces 1 to {die}, "
                                                           f"not {x}.")
        if s.board[x - 1] < 0:
            return IllegalMove("marcopolo.contract.space", f"Contract space {x} is empty.")
    high = [x for x in spaces if x >= 5]
    extras = move.extras
    if not isinstance(extras, tuple) or len(extras) != len(high) or any(e not in ("coins", "camels") for e in extras):
        return IllegalMove("marcopolo.contract.space",
                           f"Each contract from space 5 or 6 adds coins or camels: name {len(high)} extra"
                           f"{'s' if len(high) != 1 else ''} (coins or camels), not {extras!r}.")
    return None


def five_coins(s: Position, seat: int, move: M.FiveCoins) -> IllegalMove | None:
    return placing(s, seat, (move.die,), 1, FIVE_COINS)


def city_card(s: Position, seat: int, move: M.CityCard) -> IllegalMove | None:
    """Rules space.taken, city.no-post, city.just-arrived, city.repeats and city.cannot-pay."""
    if not isinstance(move.city, str) or move.city not in CARD_SPACES:
        hint = " (Sumatra's three cards are Sumatra 1, Sumatra 2 and Sumatra 3)" if move.city == "Sumatra" else ""
        return IllegalMove(RULE_NOT_A_MOVE, f"There is no city card called {move.city!r}{hint}.")
    space = SPACE_INDEX[move.city]
    problem = placing(s, seat, (move.die,), 1, space) or exclusive(s, seat, space)
    if problem:
        return problem
    name = s.table.names[seat]
    city = CARD_CITY[space - FIRST_CARD]
    if city not in s.post_list[seat]:
        return IllegalMove("marcopolo.city.no-post", f"{name} has no trading post in {NAMES[city]}.")
    if city in s.arrived:
        return IllegalMove("marcopolo.city.just-arrived",
                           f"{name}'s post in {NAMES[city]} was placed this turn: its city card waits until the next.")
    result = plan(s, seat, s.cards[space - FIRST_CARD], move.die.value, move.uses)
    if isinstance(result, tuple) and isinstance(result[0], str):
        rule, why = result
        return IllegalMove(rule, why[:1].upper() + why[1:] + ".")
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
        return IllegalMove("marcopolo.dice.not-yours", f"{s.table.names[seat]} has no dice left to place.")
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
        held = ", ".join(map(str, s.hands[seat])) or "none"
        return IllegalMove("marcopolo.bonus.fulfil", f"Contract {c} is not among {name}'s active contracts ({held}).")
    w = s.wealth[seat]
    price = CONTRACT_PRICES[c]
    if any(w[i] + price[i] < 0 for i in range(5)):
        return IllegalMove("marcopolo.bonus.fulfil",
                           f"Contract {c} costs {amounts(tuple(-x for x in price))}; {name} lacks some of it.")
    return None


def coin_bag(s: Position, seat: int, move: M.CoinBag) -> IllegalMove | None:
    """Rule bonus.coins3: any die the seat holds."""
    problem = holds(s, seat, (move.die,))
    return problem


def reroll(s: Position, seat: int, move: M.Reroll) -> IllegalMove | None:
    """Rule bonus.reroll."""
    name = s.table.names[seat]
    if s.chars[seat] == RASCHID:
        return IllegalMove("marcopolo.bonus.reroll", f"{name} (Raschid) does not roll: he sets each die as he "
                                                     "places it.")
    problem = holds(s, seat, (move.die,))
    if problem:
        return problem
    if s.wealth[seat][1] < data.REROLL_CAMELS:
        return IllegalMove("marcopolo.bonus.reroll", f"A reroll costs 1 camel and {name} has none.")
    return None


def adjust(s: Position, seat: int, move: M.Adjust) -> IllegalMove | None:
    """Rule bonus.adjust."""
    name = s.table.names[seat]
    if s.chars[seat] == RASCHID:
        return IllegalMove("marcopolo.bonus.adjust", f"{name} (Raschid) sets each die as he places it: nothing "
                                                     "to change.")
    problem = holds(s, seat, (move.die,))
    if problem:
        return problem
    if move.delta not in (1, -1) or isinstance(move.delta, bool):
        return IllegalMove("marcopolo.bonus.adjust", f"A die changes by +1 or -1, not {move.delta!r}.")
    new = move.die.value + move.delta
    if not 1 <= new <= 6:
        return IllegalMove("marcopolo.bonus.adjust", f"A {move.die.value} cannot become {(new - 1) % 6 + 1}: no "
                                                     "change goes round between 6 and 1.")
    if s.wealth[seat][1] < data.ADJUST_CAMELS:
        return IllegalMove("marcopolo.bonus.adjust", f"Changing a die costs 2 camels; {name} has "
                                                     f"{plural(s.wealth[seat][1], 'camel')}.")
    return None


def buy_black_die(s: Position, seat: int, move: M.BuyBlackDie) -> IllegalMove | None:
    """Rule bonus.black-die."""
    name = s.table.names[seat]
    if s.bought:
        return IllegalMove("marcopolo.bonus.black-die", f"{name} has already bought a black die this turn.")
    if s.black_left <= 0:
        return IllegalMove("marcopolo.bonus.black-die", "The supply has no black die left this round.")
    if s.wealth[seat][1] < data.BLACK_DIE_CAMELS:
        return IllegalMove("marcopolo.bonus.black-die", f"A black die costs 3 camels; {name} has "
                                                        f"{plural(s.wealth[seat][1], 'camel')}.")
    return None


def end_turn(s: Position, seat: int, move: M.EndTurn) -> IllegalMove | None:
    """Rule turn.main-action: a player holding dice ends the turn only after the main action."""
    if s.held[seat] and not s.main_done:
        return IllegalMove("marcopolo.turn.main-action",
                           f"{s.table.names[seat]} holds {plural(len(s.held[seat]), 'die', 'dice')} and has not taken "
                           "the main action yet.")
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
