"""Every number of The Voyages of Marco Polo, with the ids of the rules page (``docs/rules/marcopolo.md``,
section 2): the map's places and routes, the action board's tables, the city cards, the contracts, the goal
cards, the outpost tiles, the small-city bonuses and the characters.

Rewards are written as on the rules page ("3 camels + 1 contract from the special pile") and read once, at
import, into the items the engine pays out (``reward``)."""

from __future__ import annotations

from typing import NamedTuple

from boardgames.core.message import Message, Ordinal, say, say_n, term

# ---------------------------------------------------------------------- resources
# A seat's wealth is one tuple in this order; a change of it is a tuple of the same length (a "delta").
COINS, CAMELS, PEPPER, SILK, GOLD, VP = range(6)
RESOURCES = ("coins", "camels", "pepper", "silk", "gold", "VP")
GOODS = ("pepper", "silk", "gold")  # camels are not goods
GOOD_INDEX = {"pepper": PEPPER, "silk": SILK, "gold": GOLD, "camel": CAMELS}
NOTHING = (0, 0, 0, 0, 0, 0)


def good_word(good: str) -> Message:
    """A good, or "camel" (a bazaar's), as a word of the game."""
    return term("marcopolo.good", good)


def delta(**amounts: int) -> tuple[int, ...]:
    """A change of wealth: ``delta(coins=3, vp=-1)``."""
    out = [0] * 6
    for key, value in amounts.items():
        out[{"coins": COINS, "camels": CAMELS, "pepper": PEPPER, "silk": SILK, "gold": GOLD, "vp": VP}[key]] = value
    return tuple(out)


# ---------------------------------------------------------------------- the map (2.1, 2.2)
VENEZIA, OASIS, LARGE, SMALL, BEIJING = "start", "oasis", "large city", "small city", "Beijing"


class Node(NamedTuple):
    """A place of the map: its id, its name, its type and (top, left) on an 800 x 470 map image."""

    id: int
    name: str
    type: str
    xy: tuple[int, int]


NODES = (
    Node(0, "Venezia", VENEZIA, (30, 10)),
    Node(1, "Oasis A", OASIS, (12, 102)),
    Node(2, "Moscow", LARGE, (8, 158)),
    Node(3, "Anxi", SMALL, (9, 330)),
    Node(4, "Karakorum", LARGE, (4, 449)),
    Node(5, "Oasis B", OASIS, (58, 568)),
    Node(6, "Oasis C", OASIS, (10, 653)),
    Node(7, "Oasis D", OASIS, (111, 602)),
    Node(8, "Beijing", BEIJING, (33, 692)),
    Node(9, "Oasis E", OASIS, (104, 97)),
    Node(10, "Samarcanda", LARGE, (120, 274)),
    Node(11, "Oasis F", OASIS, (180, 411)),
    Node(12, "Kashgar", SMALL, (160, 453)),
    Node(13, "Lan-Zhou", LARGE, (179, 546)),
    Node(14, "Xian", SMALL, (156, 676)),
    Node(15, "Oasis J", OASIS, (207, 762)),
    Node(16, "Alexandria", LARGE, (240, 13)),
    Node(17, "Oasis G", OASIS, (210, 149)),
    Node(18, "Ormuz", SMALL, (224, 193)),
    Node(19, "Karachi", LARGE, (274, 372)),
    Node(20, "Oasis H", OASIS, (349, 554)),
    Node(21, "Sumatra", LARGE, (328, 643)),
    Node(22, "Oasis I", OASIS, (390, 119)),
    Node(23, "Adana", SMALL, (380, 214)),
    Node(24, "Kochi", SMALL, (433, 450)),
)


class Route(NamedTuple):
    """A route between two places (undirected) and the extra cost of using it."""

    id: int
    a: int
    b: int
    coins: int
    camels: int


ROUTES = (
    Route(0, 0, 1, 0, 0),
    Route(1, 0, 9, 0, 3),
    Route(2, 0, 16, 0, 0),
    Route(3, 1, 2, 0, 0),
    Route(4, 2, 3, 0, 3),
    Route(5, 3, 4, 0, 2),
    Route(6, 4, 5, 0, 0),
    Route(7, 5, 6, 5, 0),
    Route(8, 5, 7, 0, 0),
    Route(9, 6, 8, 0, 0),
    Route(10, 7, 8, 0, 3),
    Route(11, 7, 13, 0, 0),
    Route(12, 8, 14, 0, 0),
    Route(13, 8, 15, 0, 0),
    Route(14, 9, 10, 0, 0),
    Route(15, 9, 17, 0, 0),
    Route(16, 10, 11, 0, 2),
    Route(17, 11, 12, 0, 4),
    Route(18, 12, 13, 0, 2),
    Route(19, 14, 20, 0, 0),
    Route(20, 15, 21, 0, 4),
    Route(21, 16, 17, 7, 0),
    Route(22, 16, 22, 0, 0),
    Route(23, 17, 18, 0, 3),
    Route(24, 18, 19, 0, 3),
    Route(25, 19, 20, 0, 0),
    Route(26, 20, 24, 0, 4),
    Route(27, 21, 24, 10, 0),
    Route(28, 22, 23, 0, 2),
    Route(29, 23, 24, 15, 0),
)

START = 0  # Venezia
BEIJING_NODE = 8
BEIJING_VP = (10, 7, 4, 1)  # the four post spaces, highest first
LARGE_CITIES = tuple(n.id for n in NODES if n.type == LARGE)  # 2, 4, 10, 13, 16, 19, 21
SMALL_CITIES = tuple(n.id for n in NODES if n.type == SMALL)  # 3, 12, 14, 18, 23, 24
OASES = tuple(n.id for n in NODES if n.type == OASIS)
CITIES = tuple(n.id for n in NODES if n.type in (LARGE, SMALL, BEIJING))  # where posts go
SUMATRA = 21
# The nine city-card spaces: one on each large city but Sumatra, in node order, then Sumatra's three.
CARD_SPACES = ("Moscow", "Karakorum", "Samarcanda", "Lan-Zhou", "Alexandria", "Karachi",
               "Sumatra 1", "Sumatra 2", "Sumatra 3")
CARD_CITY = (2, 4, 10, 13, 16, 19, 21, 21, 21)  # the node of each card space


def card_space_word(space: str) -> Message:
    """A city-card space ("Moscow", "Sumatra 2") as a word of the game."""
    return term("marcopolo.card-space", space)


# ---------------------------------------------------------------------- the action board (2.3 - 2.7)
STEP_COINS = {1: 3, 2: 7, 3: 12, 4: 12, 5: 18, 6: 18}  # travel cost by steps taken (2.4)

BAZAAR = {  # good -> (dice on the space, the six columns' rewards) (2.5)
    "camel": (1, ("1 camel", "2 camels", "3 camels", "4 camels", "5 camels", "6 camels")),
    "pepper": (1, ("1 pepper", "2 pepper", "2 pepper + 1 coin", "3 pepper", "3 pepper + 2 coins", "4 pepper")),
    "silk": (2, ("1 silk", "2 silk", "2 silk + 1 camel", "3 silk", "3 silk + 1 camel + 1 coin", "4 silk")),
    "gold": (3, ("1 gold", "2 gold", "2 gold + 2 camels", "3 gold", "3 gold + move 1 step", "4 gold")),
}
KHAN_SLOTS = 4
KHANS_FAVOR = "2 camels"  # besides 1 good of choice
CONTRACT_EXTRAS = {5: 1, 6: 2}  # contract space -> coins or camels added when its contract is taken (2.6)
FIVE_COINS = 5
COIN_BAG = 3
REROLL_CAMELS = 1
ADJUST_CAMELS = 2
BLACK_DIE_CAMELS = 3
HAND_LIMIT = 2  # active contracts
POST_BONUS = {8: 5, 9: 10, 11: 10}  # VP for placing the 8th, 9th (and Rubruck's 11th) post
POSTS = 9
RUBRUCK_POSTS = 11
OWN_DICE = 5
COMPENSATION = 15  # dice summing to less than this give the difference
START_CAMELS = 2
START_COINS = (7, 8, 9, 10)  # clockwise from the start player
ROUNDS = 5
BLACK_DICE = {2: 3, 3: 4, 4: 5}
MOST_DICE = OWN_DICE + 1 + max(BLACK_DICE.values())  # the most a seat can hold: own, Matteo's white, every black
NEUTRAL_KHAN = {2: 2, 3: 1, 4: 0}  # neutral dice of value 1 in Khan's Favor's first slots
NEUTRAL_FIVE_COINS = {2: 1, 3: 0, 4: 0}
GOAL_CITY_VP = (0, 1, 3, 6, 10)  # distinct goal-card cities with a post: 0..4
MOST_CONTRACTS_VP = 7
PILES = 5  # round piles of 6 regular contracts; the other 8 make the special pile
PILE_SIZE = 6
SPECIAL_SIZE = 8
REFILL = 2  # contracts the special pile puts on spaces 1 and 2 when the board is empty


# ---------------------------------------------------------------------- rewards
ITEMS = {"1 good of choice": "good", "2 different goods": "goods2", "2 goods of different types": "goods2",
         "move 1 step": "move", "1 contract from the special pile": "special", "black die": "black",
         "1 black die": "black", "?": "any"}  # a reward's items other than wealth, as the rules page writes them
ITEM_WORDS = {"good": "1 good of choice", "goods2": "2 different goods", "move": "move 1 step",
              "special": "1 contract from the special pile", "black": "black die"}  # each such item as a word
UNITS = {"coin": COINS, "coins": COINS, "camel": CAMELS, "camels": CAMELS, "pepper": PEPPER, "silk": SILK,
         "gold": GOLD, "VP": VP}


def _parts(text: str) -> tuple:
    """The parts of a reward or a price written like the rules page, in its order: ``(resource, amount)`` for an
    amount of wealth (``COINS`` ... ``VP``), else an item's code (``ITEMS``)."""
    parts: list = []
    for part in text.split(" + "):
        part = part.strip()
        if part in ITEMS:
            parts.append(ITEMS[part])
            continue
        amount, unit = part.split(" ", 1)
        parts.append((UNITS[unit], int(amount)))
    return tuple(parts)


def reward(text: str) -> tuple:
    """The items of a reward written like the rules page: "2 gold + 2 camels", "1 good of choice + black die".
    An item is a delta of wealth, or one of "good" (1 good of choice), "goods2" (2 different goods), "move"
    (move 1 step), "special" (1 contract from the special pile), "black" (a black die) and "any" (the bonus of
    any other small-city marker)."""
    items: list = []
    plain = [0] * 6
    for part in _parts(text):
        if isinstance(part, str):
            items.append(part)
        else:
            plain[part[0]] += part[1]
    if any(plain):
        items.insert(0, tuple(plain))
    return tuple(items)


AMOUNTS = (lambda n: say_n("{n} coin", "{n} coins", n), lambda n: say_n("{n} camel", "{n} camels", n),
           lambda n: say_n("{n} pepper", "{n} pepper", n), lambda n: say_n("{n} silk", "{n} silk", n),
           lambda n: say_n("{n} gold", "{n} gold", n), lambda n: say_n("{n} VP", "{n} VP", n))


def amount_said(resource: int, n: int) -> Message:
    """``n`` of a resource (``COINS`` ... ``VP``): "1 coin", "3 camels", "2 silk", "4 VP"."""
    return AMOUNTS[resource](n)


def _joined(parts: tuple) -> Message:
    """Parts (``_parts``'s) joined as the rules page joins them: "3 silk + 1 camel + 1 coin"."""
    said: Message | None = None
    for part in parts:
        item = reward_word(ITEM_WORDS[part]) if isinstance(part, str) else amount_said(*part)
        said = item if said is None else say("{items} + {item}", items=said, item=item)
    assert said is not None, "a reward of no part"
    return said


def reward_said(text: str) -> Message:
    """A reward or a price written like the rules page ("2 pepper + 1 coin", "3 gold + move 1 step") in words: each
    amount a count of its resource, each other item a word of the game, in the page's order."""
    return _joined(_parts(text))


def items_said(items: tuple) -> Message:
    """Items of a reward (``reward``'s, or a price as a positive delta) in words: the amounts of wealth in its
    order (coins, camels, pepper, silk, gold, VP), then the other items."""
    parts: list = []
    for item in items:
        if isinstance(item, str):
            parts.append(item)
        else:
            parts += [(resource, n) for resource, n in enumerate(item) if n > 0]
    return _joined(tuple(parts))


def paid_said(price: tuple[int, ...]) -> Message:
    """What a price (a negative delta: ``cost``'s) takes, in words: "1 camel + 1 pepper"."""
    return items_said((tuple(-x for x in price),))


def cost(text: str) -> tuple[int, ...]:
    """What a price written like "1 camel + 1 pepper" takes from a seat, as a (negative) delta."""
    (paid,) = reward(text)
    return tuple(-x for x in paid)


def reward_word(text: str) -> Message:
    """A reward as the rules page prints it (an outpost tile's, a small-city bonus's: "3 camels", "1 good of
    choice") as words of the game."""
    return term("marcopolo.reward", text)


BAZAAR_REWARDS = {good: tuple(reward(t) for t in columns) for good, (_, columns) in BAZAAR.items()}


# ---------------------------------------------------------------------- city cards (2.8)
class CityCard(NamedTuple):
    """A city card: its number, its text, how it works (``kind``) and its price and reward per repeat.

    Kinds: ``repeat`` (up to d times: pay ``pay``, gain ``gain``); ``good`` (up to d times: pay, gain 1 good
    of choice named per repeat); ``steps`` (up to d times: pay, move 1 step; the steps are one movement);
    ``goods-steps`` (up to d times: pay 2 different goods named per repeat, move 1 step); ``same-either`` and
    ``either`` (up to d times one of ``options``, the same every time or a direction per use); ``trade``
    (up to d times: sell a good for 2 camels or buy one for 2 camels); ``per-d`` (``gain`` per repeat, up to
    d); ``per-post`` and ``per-contract`` (``gain`` per own post on the board or completed contract, at most
    d); ``threshold`` (``gain`` if d is below ``limit``, else ``more``); ``small-bonus`` (the bonus of 1 small
    city with a post, of 2 different ones if d >= 5); ``small-bonus-each`` (up to d times: pay, the bonus of a
    different small city with a post)."""

    number: int
    text: str
    kind: str
    pay: tuple[int, ...] = NOTHING
    gain: tuple = ()
    options: tuple[tuple[str, tuple[int, ...], tuple], ...] = ()  # (choice, pay, gain)
    limit: int = 0
    more: tuple = ()


def _card(number: int, text: str, kind: str, pay: str = "", gain: str = "", **extra) -> CityCard:
    return CityCard(number, text, kind, cost(pay) if pay else NOTHING, reward(gain) if gain else (), **extra)


CITY_CARDS = (
    _card(0, "gain 2 × d coins", "per-d", gain="2 coins"),
    _card(1, "gain 1 gold; 3 gold if d = 6", "threshold", gain="1 gold", limit=6, more=reward("3 gold")),
    _card(2, "1 VP per own trading post on the board, at most d", "per-post", gain="1 VP"),
    _card(3, "up to d times: pay 2 gold, gain 4 VP", "repeat", "2 gold", "4 VP"),
    _card(4, "up to d times: pay 1 camel + 1 pepper, gain 2 coins + 2 VP", "repeat", "1 camel + 1 pepper",
          "2 coins + 2 VP"),
    _card(5, "up to d times: pay 2 silk, gain 3 VP", "repeat", "2 silk", "3 VP"),
    _card(6, "up to d times: pay 3 camels, gain 1 pepper + 1 silk + 1 gold", "repeat", "3 camels",
          "1 pepper + 1 silk + 1 gold"),
    _card(7, "up to d times: pay 1 camel + 1 silk, gain 8 coins", "repeat", "1 camel + 1 silk", "8 coins"),
    _card(8, "up to d times: pay 1 camel + 1 gold, gain 9 coins", "repeat", "1 camel + 1 gold", "9 coins"),
    _card(9, "up to d times: pay 1 camel + 1 silk, gain 4 coins + 2 VP", "repeat", "1 camel + 1 silk",
          "4 coins + 2 VP"),
    _card(10, "up to d times: pay 2 camels + 1 silk, gain 4 VP", "repeat", "2 camels + 1 silk", "4 VP"),
    _card(11, "up to d times: pay 1 camel + 1 pepper, gain 7 coins", "repeat", "1 camel + 1 pepper", "7 coins"),
    _card(12, "up to d times: pay 2 coins, gain 1 good of choice", "good", "2 coins"),
    _card(13, "up to d times: pay 2 camels, move 1 step (one movement)", "steps", "2 camels"),
    _card(14, "up to d times: pay 2 camels, gain 2 coins + 1 VP", "repeat", "2 camels", "2 coins + 1 VP"),
    _card(15, "1 VP per own completed contract, at most d", "per-contract", gain="1 VP"),
    _card(16, "up to d times, the same choice every time: pay 1 camel for 3 coins, or pay 1 coin for 1 camel",
          "same-either", options=(("3 coins", cost("1 camel"), reward("3 coins")),
                                  ("1 camel", cost("1 coin"), reward("1 camel")))),
    _card(17, "up to d times: pay 1 camel, gain 1 VP", "repeat", "1 camel", "1 VP"),
    _card(18, "gain 1 pepper if d = 1, otherwise 3 pepper", "threshold", gain="1 pepper", limit=2,
          more=reward("3 pepper")),
    _card(19, "up to d times: pay 1 VP for 3 coins, or pay 3 coins for 1 VP", "either",
          options=(("3 coins", cost("1 VP"), reward("3 coins")), ("1 VP", cost("3 coins"), reward("1 VP")))),
    _card(20, "up to d times: pay 1 camel + 1 gold, gain 6 coins + 2 VP", "repeat", "1 camel + 1 gold",
          "6 coins + 2 VP"),
    _card(21, "up to d times: pay 1 camel + 1 gold, gain 4 VP", "repeat", "1 camel + 1 gold", "4 VP"),
    _card(22, "2 coins per own trading post on the board, at most d posts", "per-post", gain="2 coins"),
    _card(23, "receive the bonus of 1 small city where you have a post; of 2 different such cities if d ≥ 5",
          "small-bonus", limit=5),
    _card(24, "2 coins per own completed contract, at most d contracts", "per-contract", gain="2 coins"),
    _card(25, "up to d times: pay 1 coin, receive the bonus of a small city where you have a post (a different "
              "city each time)", "small-bonus-each", "1 coin"),
    _card(26, "gain 1 silk if d ≤ 3, otherwise 3 silk", "threshold", gain="1 silk", limit=4,
          more=reward("3 silk")),
    _card(27, "up to d times: pay 1 good for 2 camels, or pay 2 camels for 1 good", "trade",
          options=tuple((f"sell {g}", cost(f"1 {g}"), reward("2 camels")) for g in GOODS)
          + tuple((f"buy {g}", cost("2 camels"), reward(f"1 {g}")) for g in GOODS)),
    _card(28, "up to d times: pay 2 pepper, gain 2 VP", "repeat", "2 pepper", "2 VP"),
    _card(29, "up to d times: pay 3 camels + 1 pepper, gain 4 VP", "repeat", "3 camels + 1 pepper", "4 VP"),
    _card(30, "up to d times: pay 2 goods of different types, move 1 step (one movement)", "goods-steps"),
)
CARDS_IN_PLAY = 9


def _card_said(card: CityCard) -> Message:
    """What a city card does, in words made of its numbers (as its ``text`` says it; d is the die placed)."""
    kind = card.kind
    if kind in ("repeat", "good"):
        return say("up to d times: pay {price}, gain {gain}", price=paid_said(card.pay),
                   gain=items_said(card.gain or ("good",)))
    if kind in ("steps", "goods-steps", "small-bonus-each"):
        price = paid_said(card.pay) if any(card.pay) else say("{count} goods of different types", count=2)
        if kind == "small-bonus-each":
            return say("up to d times: pay {price}, receive the bonus of a small city where you have a post (a "
                       "different city each time)", price=price)
        return say("up to d times: pay {price}, move 1 step (one movement)", price=price)
    if kind in ("either", "same-either", "trade"):
        if kind == "trade":  # a good sold for camels, or bought with them
            camels, bought = card.options[0][2], card.options[-1][1]
            one = say_n("{n} good", "{n} goods", 1)
            words = {"price": one, "gain": items_said(camels), "other_price": paid_said(bought), "other_gain": one}
        else:
            (_, price, gain), (_, other_price, other_gain) = card.options
            words = {"price": paid_said(price), "gain": items_said(gain), "other_price": paid_said(other_price),
                     "other_gain": items_said(other_gain)}
        if kind == "same-either":
            return say("up to d times, the same choice every time: pay {price} for {gain}, or pay {other_price} for "
                       "{other_gain}", **words)
        return say("up to d times: pay {price} for {gain}, or pay {other_price} for {other_gain}", **words)
    if kind == "per-d":
        return say("gain {amount} × d coins", amount=card.gain[0][COINS])
    if kind in ("per-post", "per-contract"):
        gain = items_said(card.gain)
        coins = bool(card.gain[0][COINS])  # the cards of coins say what d counts: "at most d posts"
        if kind == "per-post":
            if coins:
                return say("{gain} per own trading post on the board, at most d posts", gain=gain)
            return say("{gain} per own trading post on the board, at most d", gain=gain)
        if coins:
            return say("{gain} per own completed contract, at most d contracts", gain=gain)
        return say("{gain} per own completed contract, at most d", gain=gain)
    if kind == "threshold":  # ``gain`` below ``limit``, ``more`` from it
        gain, more = items_said(card.gain), items_said(card.more)
        if card.limit == 6:
            return say("gain {gain}; {more} if d = {d}", gain=gain, more=more, d=6)
        if card.limit == 2:
            return say("gain {gain} if d = {d}, otherwise {more}", gain=gain, more=more, d=1)
        return say("gain {gain} if d ≤ {d}, otherwise {more}", gain=gain, more=more, d=card.limit - 1)
    if kind == "small-bonus":
        return say("receive the bonus of 1 small city where you have a post; of 2 different such cities if d ≥ {d}",
                   d=card.limit)
    raise ValueError(f"a city card of no known kind: {kind!r}")


CARD_SAID = tuple(_card_said(card) for card in CITY_CARDS)


def card_said(number: int) -> Message:
    """What city card ``number`` does, in words: "up to d times: pay 2 camels + 1 silk, gain 4 VP"."""
    return CARD_SAID[number]


# ---------------------------------------------------------------------- small-city bonuses (2.9)
class SmallCityBonus(NamedTuple):
    """A small-city bonus marker, named after the city it lies on without the expert setup."""

    name: str
    text: str
    reward: tuple


SMALL_CITY_BONUSES = (
    SmallCityBonus("Anxi", "5 coins", reward("5 coins")),
    SmallCityBonus("Kashgar", "2 different goods", reward("2 different goods")),
    SmallCityBonus("Xian", "? (the bonus of any other marker)", reward("?")),
    SmallCityBonus("Ormuz", "3 camels", reward("3 camels")),
    SmallCityBonus("Adana", "1 camel + 3 coins", reward("1 camel + 3 coins")),
    SmallCityBonus("Kochi", "3 VP", reward("3 VP")),
)
ANY_MARKER = 2  # Xian's "?"


# ---------------------------------------------------------------------- outpost tiles (2.10)
class Outpost(NamedTuple):
    """An outpost bonus tile: the first player with a post in its large city takes it."""

    number: int
    text: str
    reward: tuple


OUTPOSTS = tuple(Outpost(k, t, reward(t)) for k, t in enumerate(
    ("3 coins", "5 coins", "2 camels", "3 camels", "2 gold", "2 silk", "1 good of choice",
     "1 contract from the special pile", "black die", "move 1 step"), start=1))
OUTPOST_BY_NUMBER = {o.number: o for o in OUTPOSTS}
OUTPOSTS_IN_PLAY = 7


# ---------------------------------------------------------------------- contracts (2.11)
class Contract(NamedTuple):
    """A contract: what fulfilling it costs (camels and goods) and what it pays (VP and one other reward)."""

    number: int
    start: bool
    camels: int
    pepper: int
    silk: int
    gold: int
    vp: int
    text: str  # the other reward, as printed

    @property
    def price(self) -> tuple[int, ...]:
        """The (negative) delta of fulfilling it."""
        return (0, -self.camels, -self.pepper, -self.silk, -self.gold, 0)

    @property
    def reward(self) -> tuple:
        """The VP and the other reward, as items."""
        return reward(f"{self.vp} VP + {self.text}")


def _contract(number: int, start: bool, camels: int, pepper: int, silk: int, gold: int, vp: int,
              text: str) -> Contract:
    return Contract(number, start, camels, pepper, silk, gold, vp, text)


CONTRACTS = (
    _contract(0, False, 2, 3, 0, 2, 7, "5 camels"),
    _contract(1, False, 3, 1, 1, 1, 6, "1 contract from the special pile"),
    _contract(2, False, 2, 0, 1, 2, 6, "4 camels"),
    _contract(3, False, 2, 1, 2, 0, 4, "3 coins"),
    _contract(4, False, 1, 0, 0, 4, 7, "3 camels"),
    _contract(5, False, 2, 0, 3, 2, 8, "4 camels"),
    _contract(6, False, 1, 0, 3, 0, 3, "1 good of choice"),
    _contract(7, False, 2, 0, 3, 2, 8, "1 contract from the special pile"),
    _contract(8, False, 2, 3, 0, 2, 6, "7 coins"),
    _contract(9, False, 2, 2, 0, 1, 4, "move 1 step"),
    _contract(10, False, 2, 2, 3, 0, 5, "1 good of choice + black die"),
    _contract(11, False, 3, 1, 1, 1, 5, "move 1 step"),
    _contract(12, False, 2, 0, 2, 1, 4, "4 camels"),
    _contract(13, False, 3, 1, 1, 1, 6, "1 good of choice"),
    _contract(14, False, 3, 1, 1, 1, 5, "2 different goods"),
    _contract(15, False, 2, 0, 2, 2, 7, "move 1 step"),
    _contract(16, False, 2, 3, 2, 0, 5, "move 1 step"),
    _contract(17, False, 2, 2, 0, 3, 8, "7 coins"),
    _contract(18, False, 1, 3, 0, 0, 2, "black die"),
    _contract(19, False, 2, 0, 1, 2, 6, "black die"),
    _contract(20, False, 2, 1, 0, 2, 5, "black die"),
    _contract(21, False, 2, 0, 2, 3, 9, "7 coins"),
    _contract(22, False, 2, 0, 2, 3, 9, "move 1 step"),
    _contract(23, False, 3, 1, 2, 1, 5, "3 camels + 1 contract from the special pile"),
    _contract(24, False, 2, 0, 1, 2, 6, "4 coins"),
    _contract(25, False, 2, 2, 3, 0, 5, "6 coins"),
    _contract(26, False, 1, 0, 0, 3, 6, "1 good of choice"),
    _contract(27, False, 2, 2, 1, 0, 3, "4 coins"),
    _contract(28, False, 2, 2, 1, 0, 3, "2 different goods"),
    _contract(29, True, 2, 0, 1, 1, 4, "2 different goods"),
    _contract(30, False, 2, 2, 0, 1, 4, "1 contract from the special pile"),
    _contract(31, False, 2, 2, 0, 3, 9, "2 different goods"),
    _contract(32, False, 2, 2, 2, 0, 5, "black die"),
    _contract(33, False, 3, 1, 1, 2, 7, "5 coins"),
    _contract(34, False, 3, 1, 1, 1, 5, "black die"),
    _contract(35, False, 3, 1, 2, 1, 5, "3 camels + 4 coins"),
    _contract(36, False, 1, 0, 0, 4, 7, "move 1 step"),
    _contract(37, False, 2, 0, 2, 2, 7, "1 contract from the special pile"),
    _contract(38, False, 1, 4, 0, 0, 3, "1 contract from the special pile"),
    _contract(39, True, 2, 1, 1, 0, 5, "1 contract from the special pile"),
    _contract(40, True, 2, 1, 0, 1, 4, "black die"),
    _contract(41, True, 1, 0, 0, 1, 2, "3 camels"),
    _contract(42, True, 1, 3, 0, 0, 1, "move 1 step"),
    _contract(43, True, 1, 0, 2, 0, 3, "5 coins"),
)
START_CONTRACTS = tuple(c.number for c in CONTRACTS if c.start)  # 29, 39, 40, 41, 42, 43
REGULAR_CONTRACTS = tuple(c.number for c in CONTRACTS if not c.start)
CONTRACT_REWARDS = tuple(c.reward for c in CONTRACTS)
CONTRACT_PRICES = tuple(c.price for c in CONTRACTS)


# ---------------------------------------------------------------------- goal cards (2.12)
class Goal(NamedTuple):
    """A goal card: two cities and the VP for posts in both."""

    number: int
    cities: tuple[int, int]
    vp: int


def _goal(number: int, a: str, b: str, vp: int) -> Goal:
    ids = {n.name: n.id for n in NODES}
    return Goal(number, (ids[a], ids[b]), vp)


GOALS = (
    _goal(0, "Moscow", "Xian", 4),
    _goal(1, "Moscow", "Ormuz", 5),
    _goal(2, "Moscow", "Kashgar", 7),
    _goal(3, "Karakorum", "Xian", 4),
    _goal(4, "Karakorum", "Kochi", 5),
    _goal(5, "Karakorum", "Adana", 7),
    _goal(6, "Lan-Zhou", "Kochi", 4),
    _goal(7, "Lan-Zhou", "Adana", 5),
    _goal(8, "Lan-Zhou", "Ormuz", 6),
    _goal(9, "Samarcanda", "Xian", 4),
    _goal(10, "Samarcanda", "Adana", 5),
    _goal(11, "Samarcanda", "Kochi", 7),
    _goal(12, "Alexandria", "Anxi", 4),
    _goal(13, "Alexandria", "Kashgar", 5),
    _goal(14, "Sumatra", "Ormuz", 6),
    _goal(15, "Sumatra", "Anxi", 8),
    _goal(16, "Karachi", "Kashgar", 5),
    _goal(17, "Karachi", "Anxi", 7),
)
GOALS_KEPT = 2
GOALS_DEALT_EXPERT = 4


# ---------------------------------------------------------------------- characters (2.13)
RASCHID = "Raschid ad-Din Sinan"
MATTEO = "Matteo Polo"
BERKE = "Berke Khan"
MERCATOR = "Mercator ex Tabriz"
KUBILAI = "Kubilai Khan"
POLOS = "Niccolò and Marco Polo"
RUBRUCK = "William of Rubruck"
CARPINI = "Johannes Carpini"


class Character(NamedTuple):
    """A character: its name, its power in a few words (a message), and its round-start income."""

    name: str
    power_said: Message
    income: str

    @property
    def power(self) -> str:
        """Its power in a few words, in English."""
        return str(self.power_said)


CHARACTERS = (
    Character(RASCHID, say("does not roll: sets every die he places to any value; no compensation, no rerolls or "
                           "changes"), ""),
    Character(MATTEO, say("a white die of his own, rolled with his dice each round"),
              "the top contract of the special pile"),
    Character(BERKE, say("never pays the fee for an occupied space (he uses the exclusive spaces like anyone else)"),
              ""),
    Character(MERCATOR, say("takes {amount} of the good whenever another player uses a bazaar space (and more by "
                            "player count)", amount=1), ""),
    Character(KUBILAI, say("his figure starts in {place}, with a post on its {vp} VP space",
                           place=term("marcopolo.place", "Beijing"), vp=BEIJING_VP[0]), ""),
    Character(POLOS, say("a second figure; a Travel's steps may be split between the two"), "1 camel"),
    Character(RUBRUCK, say("a post in every city passed through; {posts} posts, the {last} scores {vp} VP",
                           posts=RUBRUCK_POSTS, last=Ordinal(RUBRUCK_POSTS, "order"), vp=POST_BONUS[RUBRUCK_POSTS]),
              ""),
    Character(CARPINI, say("a step may go from the oasis he stands on to any other oasis, free"), "3 coins"),
)
CHARACTER_NAMES = tuple(c.name for c in CHARACTERS)


def character_word(name: str) -> Message:
    """A character's name as a word of the game."""
    return term("marcopolo.character", name)


FIRST_GAME = (RASCHID, MATTEO, BERKE, MERCATOR)  # by seat from the start player
INCOME = {MATTEO: (), POLOS: reward("1 camel"), CARPINI: reward("3 coins")}  # Matteo draws a contract
