"""What a Marco Polo move does, and the automatic steps after it. Every function writes into a ``Draft``
(``state.draft``) and leaves records (``records.py``).

Rewards, arrivals and the round's start go through the state's agenda: a tuple of tasks, each
``(kind, seat, *args)``. Automatic tasks (a gain, a black die, a drawn contract, an arrival's effects, the
roll, the first turn) are carried out by ``settle`` in order; a question (``questions.QUESTIONS``) stops it
until the seat answers with ``Choose``. What a task adds goes before the tasks already waiting."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from boardgames.core import ordinal, plural
from boardgames.marcopolo import data
from boardgames.marcopolo import records as R
from boardgames.marcopolo.board import IS_CITY, NAMES, route_cost
from boardgames.marcopolo.data import (
    BAZAAR_REWARDS,
    BEIJING_NODE,
    BERKE,
    CARPINI,
    CONTRACT_PRICES,
    CONTRACT_REWARDS,
    GOOD_INDEX,
    LARGE_CITIES,
    MATTEO,
    MERCATOR,
    OUTPOST_BY_NUMBER,
    RASCHID,
    RUBRUCK,
    SMALL_CITIES,
    SMALL_CITY_BONUSES,
    STEP_COINS,
)
from boardgames.marcopolo.moves import (
    Adjust,
    Bazaar,
    BuyBlackDie,
    Choose,
    CityCard,
    CoinBag,
    Die,
    EndTurn,
    FiveCoins,
    Fulfil,
    KhansFavor,
    Reroll,
    TakeContracts,
    Travel,
)
from boardgames.marcopolo.scoring import final_scores, leaders
from boardgames.marcopolo.state import (
    BAZAAR_SPACE,
    COIN_BAG,
    CONTRACTS,
    FIRST_CARD,
    KHAN,
    SPACE_INDEX,
    SPACES,
    TRAVEL,
)
from boardgames.marcopolo.state import FIVE_COINS as FIVE_COINS_SPACE

if TYPE_CHECKING:
    from boardgames.marcopolo.state import Draft, State

MASK = (1 << 64) - 1
SHARED = frozenset(range(9)) - {KHAN, COIN_BAG}  # spaces with a fee when occupied


def _set(values: tuple, i: int, value: Any) -> tuple:
    return values[:i] + (value,) + values[i + 1 :]


def roll_value(luck: int, n: int) -> int:
    """The ``n``-th die rolled in a game whose chance is ``luck`` (splitmix64), 1 to 6."""
    z = (luck * 0x9E3779B97F4A7C15 + (n + 1) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return (z ^ (z >> 31)) % 6 + 1


def roll(d: Draft) -> int:
    value = roll_value(d.luck, d.draws)
    d.draws += 1
    return value


def luck_of(seed: int) -> int:
    """The chance of the rolls of a game with ``seed``."""
    return random.Random(f"marcopolo/rolls/{seed}").getrandbits(63)


# ---------------------------------------------------------------------- wealth
def gain(d: Draft, seat: int, change: tuple[int, ...], reason: str, rule: str) -> None:
    """Add ``change`` to ``seat``'s wealth and record why."""
    w = d.wealth[seat]
    d.wealth = _set(d.wealth, seat, (w[0] + change[0], w[1] + change[1], w[2] + change[2], w[3] + change[3],
                                     w[4] + change[4], w[5] + change[5]))
    d.log.append((R.Gained, seat, change, reason, rule))


def scaled(change: tuple[int, ...], k: int) -> tuple[int, ...]:
    return tuple(x * k for x in change)


def added(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(x + y for x, y in zip(a, b))


def push(d: Draft, tasks: list) -> None:
    """Put ``tasks`` before the tasks already waiting."""
    if tasks:
        d.agenda = tuple(tasks) + d.agenda


def reward_tasks(seat: int, items: tuple, reason: str, rule: str) -> list:
    """The tasks that pay the reward ``items`` (see ``data.reward``) to ``seat``."""
    out = []
    for item in items:
        if isinstance(item, tuple):
            out.append(("gain", seat, item, reason, rule))
        else:
            out.append((item, seat, reason))
    return out


# ---------------------------------------------------------------------- the agenda
def settle(d: Draft) -> None:
    """Carry out the automatic tasks at the head of the agenda until a question waits or nothing does."""
    from boardgames.marcopolo.questions import QUESTIONS, answer, options

    while d.agenda and not d.over:
        task = d.agenda[0]
        kind = task[0]
        if kind in QUESTIONS:
            opts = options(d, task)
            if len(opts) > 1:
                return
            d.agenda = d.agenda[1:]
            if opts:
                answer(d, task, opts[0], automatic=True)
            else:
                d.log.append((R.Lost, task[1], "the move of 1 step", task[2]))
            continue
        d.agenda = d.agenda[1:]
        AUTOMATIC[kind](d, task)


def _gain_task(d: Draft, task: tuple) -> None:
    _, seat, change, reason, rule = task
    gain(d, seat, change, reason, rule)


def _black_task(d: Draft, task: tuple) -> None:
    take_black_die(d, task[1], task[2])


def take_black_die(d: Draft, seat: int, reason: str) -> None:
    """Rule reward.black-die (and bonus.black-die): a black die from the supply, rolled at once."""
    if d.black_left <= 0:
        d.log.append((R.BlackDieTaken, seat, -1, reason))
        return
    d.black_left -= 1
    value = 0 if d.chars[seat] == RASCHID else roll(d)
    d.held = _set(d.held, seat, tuple(sorted(d.held[seat] + (Die(value, "black"),))))
    d.log.append((R.BlackDieTaken, seat, value, reason))


def _special_task(d: Draft, task: tuple) -> None:
    """Rule reward.special-contract: the top contract of the special pile, kept or (hand full) a question."""
    _, seat, reason = task
    if not d.special:
        d.log.append((R.ContractDrawn, seat, -1, reason))
        return
    c = d.special[0]
    d.special = d.special[1:]
    if d.hidden:
        d.hidden -= 1
    d.log.append((R.ContractDrawn, seat, c, reason))
    if len(d.hands[seat]) < data.HAND_LIMIT:
        d.hands = _set(d.hands, seat, d.hands[seat] + (c,))
    else:
        push(d, [("keep", seat, c, reason)])


def _effects_task(d: Draft, task: tuple) -> None:
    arrival_effects(d, task[1], task[2])


def _bonus_task(d: Draft, task: tuple) -> None:
    _, seat, marker, reason, rule = task
    push(d, reward_tasks(seat, SMALL_CITY_BONUSES[marker].reward, reason, rule))


def _roll_task(d: Draft, task: tuple) -> None:
    collect_and_roll(d)


def _play_task(d: Draft, task: tuple) -> None:
    d.turn = d.start
    begin_turn(d)


def _round_task(d: Draft, task: tuple) -> None:
    begin_round(d)


AUTOMATIC = {
    "gain": _gain_task,
    "black": _black_task,
    "special": _special_task,
    "effects": _effects_task,
    "bonus": _bonus_task,
    "roll": _roll_task,
    "play": _play_task,
    "round": _round_task,
}


# ---------------------------------------------------------------------- moves
def play(d: Draft, move: Any) -> None:
    """Carry out ``move`` (already found legal) and everything that follows by itself."""
    seat = d.current_player
    kind = type(move)
    if kind is Choose:
        from boardgames.marcopolo.questions import answer, matching

        task = d.agenda[0]
        d.agenda = d.agenda[1:]
        answer(d, task, matching(d, task, move.option))
    elif kind is EndTurn:
        end_turn(d, seat)
    elif kind is Fulfil:
        fulfil(d, seat, move.contract)
    elif kind is CoinBag:
        take_dice(d, seat, (move.die,))
        d.spaces = _set(d.spaces, COIN_BAG, d.spaces[COIN_BAG] + ((seat, move.die),))
        d.log.append((R.DicePlaced, seat, COIN_BAG, (move.die,), 0))
        gain(d, seat, data.delta(coins=data.COIN_BAG), "the coin bag", "marcopolo.bonus.coins3")
    elif kind is Reroll:
        gain(d, seat, data.delta(camels=-data.REROLL_CAMELS), "to reroll a die", "marcopolo.bonus.reroll")
        new = Die(roll(d), move.die.kind)
        replace_die(d, seat, move.die, new)
        d.log.append((R.Rerolled, seat, move.die, new))
    elif kind is Adjust:
        gain(d, seat, data.delta(camels=-data.ADJUST_CAMELS), "to change a die", "marcopolo.bonus.adjust")
        new = Die(move.die.value + move.delta, move.die.kind)
        replace_die(d, seat, move.die, new)
        d.log.append((R.Adjusted, seat, move.die, new))
    elif kind is BuyBlackDie:
        gain(d, seat, data.delta(camels=-data.BLACK_DIE_CAMELS), "to buy a black die", "marcopolo.bonus.black-die")
        d.bought = True
        take_black_die(d, seat, "bought")
    else:
        d.main_done = True
        if kind is Travel:
            travel(d, seat, move)
        elif kind is Bazaar:
            bazaar(d, seat, move)
        elif kind is KhansFavor:
            khans_favor(d, seat, move)
        elif kind is TakeContracts:
            take_contracts(d, seat, move)
        elif kind is FiveCoins:
            five_coins(d, seat, move)
        else:
            city_card(d, seat, move)
    settle(d)


def take_dice(d: Draft, seat: int, dice: tuple[Die, ...]) -> None:
    """Remove the placed ``dice`` from ``seat``'s unplaced dice (Raschid's by kind: he sets them now)."""
    held = list(d.held[seat])
    raschid = d.chars[seat] == RASCHID
    for die in dice:
        held.remove(Die(0, die.kind) if raschid else die)
    d.held = _set(d.held, seat, tuple(held))


def replace_die(d: Draft, seat: int, old: Die, new: Die) -> None:
    held = list(d.held[seat])
    held.remove(old)
    held.append(new)
    d.held = _set(d.held, seat, tuple(sorted(held)))


def fee(s: State, seat: int, space: int, low: int) -> int:
    """Rule space.fee: the coins for placing dice whose lowest is ``low`` on ``space`` (0 on an empty or
    exclusive space, and for Berke Khan)."""
    if space in SHARED and s.spaces[space] and s.chars[seat] != BERKE:
        return low
    return 0


def fee_of(s: State, seat: int, space: int, dice: tuple[Die, ...]) -> int:
    """Rule space.fee for the ``dice`` placed."""
    return fee(s, seat, space, min(die.value for die in dice))


def place(d: Draft, seat: int, space: int, dice: tuple[Die, ...]) -> None:
    """Rules dice.count and space.fee: the dice leave the seat's hand for ``space``; the fee is paid."""
    fee = fee_of(d, seat, space, dice)
    take_dice(d, seat, dice)
    d.spaces = _set(d.spaces, space, d.spaces[space] + tuple((seat, die) for die in dice))
    d.log.append((R.DicePlaced, seat, space, dice, fee))
    if fee:
        gain(d, seat, data.delta(coins=-fee), f"as the fee of {space_name(space)}", "marcopolo.space.fee")


def space_name(space: int) -> str:
    name = SPACES[space]
    if space in BAZAAR_SPACE.values():
        return f"the {name} bazaar"
    if space >= FIRST_CARD:
        return f"the {name} city card"
    return {"travel": "Travel", "khan": "Khan's Favor", "contracts": "Take contracts", "five coins": "Take 5 coins",
            "coin bag": "the coin bag"}[name]


def mercator(d: Draft, seat: int, change: tuple[int, ...], what: str, rule: str) -> None:
    """Mercator ex Tabriz's share when another seat uses a bazaar space, Khan's Favor or Take 5 coins."""
    for other, name in enumerate(d.chars):
        if name == MERCATOR and other != seat and any(change):
            gain(d, other, change, f"Mercator's share of {d.table.names[seat]}'s {what}", rule)


# ---------------------------------------------------------------------- main actions
def travel(d: Draft, seat: int, move: Travel) -> None:
    """Rules travel.steps, travel.cannot-pay and travel.arrive."""
    from boardgames.marcopolo.board import INDEX

    place(d, seat, TRAVEL, move.dice)
    d.traveller = seat
    carpini = d.chars[seat] == CARPINI
    starts = d.at[seat]
    walks = []
    coins = camels = 0
    for f, path in enumerate((move.path, move.path2)[: len(starts)]):
        walk = (starts[f],) + tuple(INDEX[p] for p in path)
        extra = route_cost(walk, carpini)
        coins += extra[0]
        camels += extra[1]
        walks.append(walk)
    steps = sum(len(w) - 1 for w in walks)
    coins += STEP_COINS[steps]
    ends = [NAMES[w[-1]] for w in walks if len(w) > 1]
    gain(d, seat, data.delta(coins=-coins, camels=-camels),
         f"to travel {plural(steps, 'step')} to {' and '.join(dict.fromkeys(ends))}", "marcopolo.travel.cannot-pay")
    d.at = _set(d.at, seat, tuple(w[-1] for w in walks))
    d.log.append((R.Travelled, seat, tuple(walks), steps))
    arrive(d, seat, stops(d, seat, walks))


def stops(d: Draft, seat: int, walks: list) -> list[int]:
    """Where posts go after a movement: where each moved figure stops (Rubruck: every city entered)."""
    if d.chars[seat] == RUBRUCK:
        return [p for w in walks for p in w[1:]]
    return [w[-1] for w in walks if len(w) > 1]


def arrive(d: Draft, seat: int, places: list[int]) -> None:
    """Rules travel.arrive and post.place: a post in each city of ``places`` where the seat has none (a moved
    one if none is left, a question), then each new post's effects."""
    tasks = []
    placed = []
    for node in places:
        if not IS_CITY[node] or node in d.post_list[seat] or node in placed:
            continue
        if d.posts_left(seat) > 0:
            place_post(d, seat, node)
            placed.append(node)
        elif any(t[0] == "relocate" and t[2] == node for t in tasks):
            continue
        else:
            tasks.append(("relocate", seat, node))
    tasks += [("effects", seat, node) for node in placed]
    push(d, tasks)


def place_post(d: Draft, seat: int, node: int, moved_from: int = -1) -> None:
    """Rule post.place: a post in ``node`` (Beijing: its highest free space); the 8th and 9th posts (Rubruck's
    11th) score at once, a moved post does not."""
    posts = d.post_list[seat] + (node,)
    d.post_list = _set(d.post_list, seat, posts)
    d.arrived = d.arrived + (node,)
    space = -1
    if node == BEIJING_NODE:
        space = d.beijing_spaces.index(-1)
        d.beijing_spaces = _set(d.beijing_spaces, space, seat)
    d.log.append((R.PostPlaced, seat, node, len(posts), space, moved_from))
    bonus = data.POST_BONUS.get(len(posts))
    if bonus and moved_from < 0:
        gain(d, seat, data.delta(vp=bonus), f"the {ordinal(len(posts))} trading post", "marcopolo.post.place")


def remove_post(d: Draft, seat: int, node: int) -> None:
    """Decision 15: a moved post leaves ``node`` (and frees its Beijing space)."""
    posts = list(d.post_list[seat])
    posts.remove(node)
    d.post_list = _set(d.post_list, seat, tuple(posts))
    if node == BEIJING_NODE:
        d.beijing_spaces = _set(d.beijing_spaces, d.beijing_spaces.index(seat), -1)


def arrival_effects(d: Draft, seat: int, node: int) -> None:
    """Rule travel.arrive: a new post's outpost tile (first in a large city) or small-city bonus."""
    if node in LARGE_CITIES:
        k = LARGE_CITIES.index(node)
        tile = d.tiles[k]
        if tile:
            d.tiles = _set(d.tiles, k, 0)
            d.log.append((R.TileTaken, seat, node, tile))
            push(d, reward_tasks(seat, OUTPOST_BY_NUMBER[tile].reward, f"{NAMES[node]}'s outpost tile",
                                 "marcopolo.travel.arrive"))
    elif node in SMALL_CITIES:
        marker = d.markers[SMALL_CITIES.index(node)]
        push(d, [("bonus", seat, marker, f"{NAMES[node]}'s bonus", "marcopolo.travel.arrive")])


def move_figure(d: Draft, seat: int, figure: int, walk: tuple[int, ...], reason: str) -> None:
    """A movement outside Travel (rule reward.move): the figure walks, a post goes where it stops (Rubruck:
    also in every city entered); it does not count as Travel."""
    d.at = _set(d.at, seat, _set(d.at[seat], figure, walk[-1]))
    d.log.append((R.Stepped, seat, figure, walk, reason))
    arrive(d, seat, stops(d, seat, [walk]))


def bazaar(d: Draft, seat: int, move: Bazaar) -> None:
    """Rule bazaar.column: the column's goods (and Mercator's share)."""
    good = move.good
    place(d, seat, BAZAAR_SPACE[good], move.dice)
    items = BAZAAR_REWARDS[good][move.column - 1]
    push(d, reward_tasks(seat, items, f"the {good} bazaar, column {move.column}", "marcopolo.bazaar.column"))
    mercator(d, seat, _one(good), f"use of the {good} bazaar", "marcopolo.bazaar.column")


def _one(good: str) -> tuple[int, ...]:
    change = [0] * 6
    change[GOOD_INDEX[good]] = 1
    return tuple(change)


def khans_favor(d: Draft, seat: int, move: KhansFavor) -> None:
    """Rule khan.too-low: the next slot; 1 good of choice and 2 camels (Mercator: 1 camel with 2-3 players)."""
    place(d, seat, KHAN, (move.die,))
    gain(d, seat, added(_one(move.good), data.delta(camels=2)), "Khan's Favor", "marcopolo.khan.too-low")
    if d.players <= 3:
        mercator(d, seat, data.delta(camels=1), "use of Khan's Favor", "marcopolo.khan.too-low")


def take_contracts(d: Draft, seat: int, move: TakeContracts) -> None:
    """Rules contract.space and contract.hand-limit: take, add the extras, slide the rest left, discard."""
    place(d, seat, CONTRACTS, (move.die,))
    taken = tuple(d.board[s - 1] for s in move.spaces)
    d.log.append((R.ContractsTaken, seat, taken, move.spaces))
    for s, extra in zip([s for s in move.spaces if s >= 5], move.extras):
        amount = data.CONTRACT_EXTRAS[s]
        change = data.delta(coins=amount) if extra == "coins" else data.delta(camels=amount)
        gain(d, seat, change, f"contract space {s}'s extra", "marcopolo.contract.space")
    rest = tuple(c for c in d.board if c >= 0 and c not in taken)
    d.board = rest + (-1,) * (6 - len(rest))
    old = d.hands[seat]
    if len(old) + len(taken) <= data.HAND_LIMIT:
        d.hands = _set(d.hands, seat, old + taken)
    elif len(taken) == 2 or len(old) == 1:
        for c in old:
            discard(d, seat, c, False)
        d.hands = _set(d.hands, seat, taken)
    else:
        d.hands = _set(d.hands, seat, old + taken)
        push(d, [("discard", seat, taken[0])])


def discard(d: Draft, seat: int, contract: int, declined: bool) -> None:
    """A contract goes face up under the special pile (rules contract.hand-limit, reward.special-contract)."""
    d.special = d.special + (contract,)
    d.log.append((R.ContractDiscarded, seat, contract, declined))


def five_coins(d: Draft, seat: int, move: FiveCoins) -> None:
    place(d, seat, FIVE_COINS_SPACE, (move.die,))
    gain(d, seat, data.delta(coins=data.FIVE_COINS), "Take 5 coins", "marcopolo.space.fee")
    if d.players == 2:
        share = data.delta(coins=d.table.flag("mercator_2p_coins"))
        mercator(d, seat, share, "use of Take 5 coins", "marcopolo.space.fee")


def city_card(d: Draft, seat: int, move: CityCard) -> None:
    """Rules city.repeats and city.cannot-pay: the card's effect, repeat by repeat."""
    from boardgames.marcopolo.cards import carry_out

    space = SPACE_INDEX[move.city]
    place(d, seat, space, (move.die,))
    carry_out(d, seat, d.cards[space - FIRST_CARD], move.die.value, move.uses, move.city)


def fulfil(d: Draft, seat: int, contract: int) -> None:
    """Rule bonus.fulfil: pay, then the VP and the reward; the contract goes to the completed pile."""
    d.hands = _set(d.hands, seat, tuple(c for c in d.hands[seat] if c != contract))
    d.done = _set(d.done, seat, d.done[seat] + (contract,))
    d.log.append((R.Fulfilled, seat, contract))
    gain(d, seat, CONTRACT_PRICES[contract], f"to fulfil contract {contract}", "marcopolo.bonus.fulfil")
    push(d, reward_tasks(seat, CONTRACT_REWARDS[contract], f"contract {contract}'s reward", "marcopolo.bonus.fulfil"))


# ---------------------------------------------------------------------- turns and rounds
def begin_turn(d: Draft) -> None:
    """A turn starts: nothing placed or bought yet; rule contract.refill."""
    d.main_done = False
    d.bought = False
    d.arrived = ()
    if all(c < 0 for c in d.board):
        new = d.special[: data.REFILL]
        d.special = d.special[data.REFILL :]
        d.hidden = max(0, d.hidden - len(new))
        d.board = new + (-1,) * (6 - len(new))
        d.log.append((R.BoardRefilled, d.turn, new))


def end_turn(d: Draft, seat: int) -> None:
    """The next seat with dice plays (rule turn.no-dice); with nobody holding dice the round ends."""
    n = d.players
    skipped = []
    for k in range(1, n + 1):
        s = (seat + k) % n
        if d.held[s]:
            d.log.append((R.TurnEnded, seat, tuple(skipped), s))
            d.turn = s
            begin_turn(d)
            return
        skipped.append(s)
    d.log.append((R.TurnEnded, seat, (), -1))
    end_round(d)


def end_round(d: Draft) -> None:
    """Rules round.end and game.end."""
    if d.round == data.ROUNDS:
        final(d)
        return
    leftovers = tuple(c for c in d.board if c >= 0)
    d.special = d.special + leftovers
    pile = d.piles[d.round]
    d.board = pile + (-1,) * (6 - len(pile))
    d.piles = _set(d.piles, d.round, ())
    d.log.append((R.RoundEnded, None, d.round, leftovers, pile))
    d.round += 1
    begin_round(d)


def turn_order(start: int, n: int) -> list[int]:
    return [(start + k) % n for k in range(n)]


def begin_round(d: Draft) -> None:
    """Rules round.start-player and round.income; the roll and the first turn follow as tasks."""
    changed = False
    if d.round > 1 and d.traveller >= 0 and d.traveller != d.start:
        d.start = d.traveller
        changed = True
    d.traveller = -1
    d.log.append((R.RoundBegun, d.start, d.round, changed))
    tasks: list = []
    for seat in turn_order(d.start, d.players):
        for k, node in enumerate(SMALL_CITIES):
            if node in d.post_list[seat]:
                tasks.append(("bonus", seat, d.markers[k], f"{NAMES[node]}'s bonus (round start)",
                              "marcopolo.round.income"))
        name = d.chars[seat]
        if name == MATTEO:
            tasks.append(("special", seat, "Matteo Polo's income"))
        elif name in data.INCOME:
            tasks += reward_tasks(seat, data.INCOME[name], f"{name}'s income", "marcopolo.round.income")
    tasks += [("roll", d.start), ("play", d.start)]
    push(d, tasks)


def neutral_spaces(players: int) -> tuple:
    """The action spaces at a round's start: neutral dice of value 1 on Khan's Favor and Take 5 coins."""
    spaces: list = [()] * len(SPACES)
    spaces[KHAN] = ((-1, Die(1)),) * data.NEUTRAL_KHAN[players]
    spaces[FIVE_COINS_SPACE] = ((-1, Die(1)),) * data.NEUTRAL_FIVE_COINS[players]
    return tuple(spaces)


def collect_and_roll(d: Draft) -> None:
    """Rules round.collect, round.roll and round.compensation (the mixes are questions)."""
    n = d.players
    d.spaces = neutral_spaces(n)
    d.black_left = data.BLACK_DICE[n]
    given = d.table.rolls if d.round == 1 else None
    held = []
    tasks = []
    for seat in range(n):
        name = d.chars[seat]
        if name == RASCHID:
            dice = (Die(0),) * data.OWN_DICE
        else:
            count = data.OWN_DICE + (name == MATTEO)
            values = list(given[seat][:count]) if given else []
            values += [roll(d) for _ in range(count - len(values))]
            dice = tuple(Die(v) for v in values[: data.OWN_DICE])
            if name == MATTEO:
                dice += (Die(values[data.OWN_DICE], "white"),)
        held.append(tuple(sorted(dice)))
    d.held = tuple(held)
    for seat in turn_order(d.start, n):
        raschid = d.chars[seat] == RASCHID
        d.log.append((R.Rolled, seat, d.held[seat], raschid))
        short = data.COMPENSATION - sum(die.value for die in d.held[seat])
        if short > 0 and not raschid:
            tasks.append(("mix", seat, short))
    push(d, tasks)


def final(d: Draft) -> None:
    """Rule game.end: the final scoring is added to each seat's VP; the game is over."""
    scores = final_scores(d)
    d.wealth = tuple(w[:5] + (w[5] + sc.total,) for w, sc in zip(d.wealth, scores))
    d.log.append((R.FinalScored, None, scores, d.goal_cards))
    d.over = True
    d.agenda = ()
    d.log.append((R.GameEnded, None, d.vp, d.camels, leaders(d.vp, d.camels)))


# ---------------------------------------------------------------------- what a seat cannot know
def determinize(s: State, seat: int, rng: random.Random) -> State:
    """A full state agreeing with all ``seat`` can know: the other seats' goal cards (and expert hands) redrawn
    from the cards ``seat`` has not seen, the unseen contracts (round piles still to come and the special
    pile's unseen top) reshuffled, and the future rolls redrawn."""
    from boardgames.marcopolo.state import draft, seal

    d = draft(s)
    d.log = []
    known = set(s.dealt[seat]) | set(s.goal_cards[seat])
    pool = [g for g in range(len(data.GOALS)) if g not in known]
    rng.shuffle(pool)
    dealt, kept = list(s.dealt), list(s.goal_cards)
    for t in range(s.players):
        if t != seat:
            hand = [pool.pop() for _ in s.dealt[t]]
            dealt[t] = tuple(sorted(hand))
            kept[t] = tuple(sorted(hand[: len(s.goal_cards[t])]))
    d.dealt, d.goal_cards = tuple(dealt), tuple(kept)
    unseen = sorted([c for p in s.piles for c in p] + list(s.special[: s.hidden]))  # the same for every world
    rng.shuffle(unseen)
    piles = []
    for p in s.piles:
        piles.append(tuple(unseen[: len(p)]))
        del unseen[: len(p)]
    d.piles = tuple(piles)
    d.special = tuple(unseen) + s.special[s.hidden :]
    d.luck = rng.getrandbits(63)
    return seal(d)

