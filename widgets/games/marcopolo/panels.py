"""Marco Polo's panels in words: the action board and each player's board as HTML, and the small pieces of text
the board and the controls share (a die as a coloured chip, a cost, a contract, a goal card, what a move does).
Goal cards are secret: ``players_html`` shows a seat's goals to that seat only (and to everyone at the end)."""

from __future__ import annotations

import html

from boardgames import marcopolo as mp
from boardgames.core.message import Message, listed, say, term
from boardgames.marcopolo.board import INDEX, place_word
from boardgames.marcopolo.data import (
    BAZAAR,
    CHARACTERS,
    COIN_BAG,
    COINS,
    CONTRACTS,
    FIVE_COINS,
    GOALS,
    GOOD_INDEX,
    KHAN_SLOTS,
    KHANS_FAVOR,
    VP,
    amount_said,
    card_said,
    card_space_word,
    character_word,
    good_word,
    reward_said,
)
from boardgames.marcopolo.data import CARD_SPACES as CARD_SPACE_NAMES
from boardgames.marcopolo.log import answer_said
from boardgames.marcopolo.moves import dice_said, die_said
from boardgames.marcopolo.moves import move_said as move_words  # a move as it is typed, in words
from boardgames.marcopolo.spaces import SHARED
from boardgames.marcopolo.state import SPACES
from widgets.kit.marks import MARK_COLOUR
from widgets.kit.palette import letter_colour, seat_colour, seat_initials, seat_ink
from widgets.runtime.language import shown

MARKED_STYLE = f" style='outline:3px solid {MARK_COLOUR};background:#fff4e6'"  # the space of a suggested move


def _bazaar(good: str) -> Message:
    return say("{good} bazaar", good=good_word(good).capitalized())


SPACE_LABEL: dict[str, Message] = {
    "travel": term("marcopolo.space", "Travel"), "camel": _bazaar("camel"), "pepper": _bazaar("pepper"),
    "silk": _bazaar("silk"), "gold": _bazaar("gold"), "khan": term("marcopolo.space", "Khan's Favor"),
    "contracts": term("marcopolo.space", "Take contracts"), "five coins": term("marcopolo.space", "Take 5 coins"),
    "coin bag": say("Coin bag")}  # the action spaces as the action board names them
FREE_SPACE = term("marcopolo.board", "free")  # a space no die is on (not a price: ``cost_said``'s "free")
REWARDS = say("(rewards)")  # a bazaar's six rewards, in its tooltip
DICE = say("dice:")


def die_chip(die: mp.Die, seat: int | None, initial: str = "") -> str:
    """A die as a small coloured chip: the seat's colour, black (ringed in gold, apart from a seat's dark dice),
    white, or grey for a neutral die; its tooltip says which. With ``initial`` (the initial of the seat that placed
    it, on the action board), the initial follows the value: colour is never the only sign."""
    if die.kind == "black":
        colour, what = "#000000; border:1px solid #fab005", say("a black die")
    elif die.kind == "white":
        colour, what = "#f8f9fa; color:#212529; border:1px solid #495057", say("Matteo's white die")
    elif seat is None:
        colour, what = "#6c757d", say("a neutral die")
    else:
        colour, what = f"{seat_colour(seat)}; color:{letter_colour(seat_colour(seat))}", say("an own die")
    whose = f"<span style='font-size:10px;font-weight:normal;margin-left:1px'>{html.escape(initial)}</span>" \
        if initial else ""
    return (f"<span class='bg-mp-die' title='{shown(what)}' style='background:{colour}'>"
            f"{'?' if die.unset else die.value}{whose}</span>")


def cost_said(coins: int, camels: int) -> Message:
    """``"7 coins + 3 camels"``, ``"free"``, as words."""
    if coins and camels:
        return say("{items} + {item}", items=amount_said(COINS, coins), item=amount_said(1, camels))
    if coins:
        return amount_said(COINS, coins)
    if camels:
        return amount_said(1, camels)
    return say("free")


def cost_text(coins: int, camels: int) -> str:
    """``"7 coins + 3 camels"``, ``"free"``, in the page's language."""
    return shown(cost_said(coins, camels))


def move_said(state, move) -> Message | str:
    """What a move does, for its button: the dice it takes and what it gives (a travel: where, via, and its cost);
    a move of another kind in its own words (``str``)."""
    if type(move) is mp.Travel:
        ends = listed([place_word(INDEX[end]) for end in move.ends])
        via = [place_word(INDEX[p]) for p in (*move.path[:-1], *move.path2[:-1])]
        cost = cost_said(*state.trip_cost(move))
        if via:
            return say("to {places} ({dice}) via {via}: {cost}", places=ends, dice=dice_said(move.dice),
                       via=listed(via, ","), cost=cost)
        return say("to {places} ({dice}): {cost}", places=ends, dice=dice_said(move.dice), cost=cost)
    if type(move) is mp.Fulfil:
        c = CONTRACTS[move.contract]
        return say("fulfil contract {contract}: {vp} + {reward}", contract=move.contract, vp=amount_said(VP, c.vp),
                   reward=reward_said(c.text))
    if type(move) is mp.Choose:
        return answer_said_of(move.option)
    if type(move) is mp.Bazaar and isinstance(move.column, int) and 1 <= move.column <= 6:
        return say("{space} with {dice}: {reward}", space=SPACE_LABEL[move.good], dice=dice_said(move.dice),
                   reward=reward_said(BAZAAR[move.good][1][move.column - 1]))
    if type(move) is mp.KhansFavor:
        good = amount_said(GOOD_INDEX[move.good], 1)
        return say("{space} with {dice}: {reward}", space=SPACE_LABEL["khan"], dice=die_said(move.die),
                   reward=say("{items} + {item}", items=good, item=reward_said(KHANS_FAVOR)))
    if type(move) is mp.FiveCoins:
        return say("{coins} with {die}", coins=amount_said(COINS, FIVE_COINS), die=die_said(move.die))
    if type(move) is mp.CoinBag:
        return say("coin bag with {die}: {coins}", die=die_said(move.die), coins=cost_said(COIN_BAG, 0))
    return move_words(move)


def move_label(state, move) -> str:
    """What a move does, for its button, in the page's language (``move_said``)."""
    return shown(move_said(state, move))


POWERS = {c.name: c.power for c in CHARACTERS}
POWERS_SAID = {c.name: c.power_said for c in CHARACTERS}


def answer_said_of(option: str) -> Message | str:
    """An answer to the open question, with what it gives when the words alone do not say: a character's
    power, the places and VP of the goal cards kept."""
    if option in POWERS:
        return say("{character}: {power}", character=character_word(option), power=POWERS_SAID[option])
    kept = mp.kept_goals(option)
    if kept:
        return say("keep {goals}", goals=listed([goal_said(g) for g in kept]))
    return answer_said(option)


def answer_label(option: str) -> str:
    """An answer to the open question in the page's language (``answer_said_of``)."""
    return shown(answer_said_of(option))


def _fee(state, seat: int | None, name: str, dice) -> Message | None:
    if name == "khan":
        return say("{taken} of {slots} slots taken; next die ≥ {least}", taken=len(dice), slots=KHAN_SLOTS,
                   least=mp.khan_least(state))
    if SPACES.index(name) in SHARED and dice:
        if seat is not None and not mp.pays_fee(state, seat, name):
            return say("no fee for {character}", character=character_word(state.character(seat)))
        return say("fee: your lowest die in coins")
    if SPACES.index(name) in SHARED:
        return say("no fee")
    return None


def action_board_html(state, viewer: int | None = None, marked: str | None = None) -> str:
    """The action board: the dice on each space and the fee to use it now for ``viewer`` (default: the seat to
    move), Khan's Favor, the contract spaces, the city cards, the black dice left; the space ``marked`` (a suggested
    move's) is outlined in ``widgets.kit.marks.MARK_COLOUR``."""
    placed = state.placed
    seat = viewer if viewer is not None else state.current_player
    initials = seat_initials(state.names)

    def chips(dice) -> str:
        return "".join(die_chip(d, s, initials[s] if s is not None else "") for s, d in dice)

    rows = []
    for name in SPACES:
        if name in CARD_SPACE_NAMES:
            continue
        dice = placed[name]
        shown_dice = chips(dice) or f"<span style='color:#686d71'>{html.escape(shown(FREE_SPACE))}</span>"
        fee = _fee(state, seat, name, dice)
        fee = html.escape(shown(fee)) if fee is not None else ""
        what = ""
        if name in BAZAAR:
            rewards = html.escape(" / ".join(shown(reward_said(t)) for t in BAZAAR[name][1]))
            what = (f" <span title='{rewards}' style='color:#6c757d;cursor:help'>"
                    f"{html.escape(shown(REWARDS))}</span>")
        outline = MARKED_STYLE if name == marked else ""
        rows.append(f"<tr class='bg-mp-space' data-space='{html.escape(name)}'{outline}><td><b>"
                    f"{shown(SPACE_LABEL[name])}</b>{what}</td><td style='white-space:nowrap'>{shown_dice}"
                    f"</td><td>{fee}</td></tr>")
    cards = []
    for space, card in state.city_cards.items():
        dice = chips(placed[space])
        outline = MARKED_STYLE if space == marked else ""
        does = shown(say("(card {number}): {does}", number=card, does=card_said(card)))
        cards.append(f"<div class='bg-mp-card'{outline}><b>{html.escape(shown(card_space_word(space)))}</b> "
                     f"{html.escape(does)} {dice}</div>")
    contracts = []
    for k, c in enumerate(state.board_contracts, start=1):
        if c is None:
            empty = shown(say("space {space}: empty", space=k))
            contracts.append(f"<div>{html.escape(empty)}</div>")
        else:
            line = shown(say("space {space}: {contract}", space=k, contract=contract_said(c)))
            contracts.append(f"<div class='bg-mp-contract'>{html.escape(line)}</div>")
    black = shown(say("black dice left: {n}", n=state.black_dice_left))
    special = shown(say("(special pile: {n})", n=state.special_pile))
    heads = [html.escape(shown(said)) for said in (say("Action board"), say("City cards"), say("Contracts"))]
    return (f"<div><b>{heads[0]}</b> · {html.escape(black)}"
            f"<table>{''.join(rows)}</table>"
            f"<details{' open' if marked in state.city_cards else ''}><summary><b>{heads[1]}</b></summary>"
            f"{''.join(cards)}</details>"
            f"<details open><summary><b>{heads[2]}</b> {html.escape(special)}</summary>"
            f"{''.join(contracts)}</details></div>")


def contract_said(number: int) -> Message:
    """A contract in a line: its number, price and reward ("#41: 1 camel + 1 gold → 2 VP + 3 camels")."""
    c = CONTRACTS[number]
    price: Message = say("{count} camel", count=c.camels)  # as the board prints it: "2 camel", never "camels"
    for good in ("pepper", "silk", "gold"):
        if getattr(c, good):
            price = say("{items} + {item}", items=price, item=amount_said(GOOD_INDEX[good], getattr(c, good)))
    return say("#{number}: {price} → {vp} + {reward}", number=number, price=price, vp=amount_said(VP, c.vp),
               reward=reward_said(c.text))


def contract_text(number: int) -> str:
    """A contract in a line, in the page's language (``contract_said``)."""
    return shown(contract_said(number))


def goal_said(number: int) -> Message:
    """A goal card in a few words: "goal 3: Karakorum + Xian (4 VP)"."""
    goal = GOALS[number]
    return say("goal {number}: {city} + {other} ({vp} VP)", number=number, city=place_word(goal.cities[0]),
               other=place_word(goal.cities[1]), vp=goal.vp)


def goal_text(number: int) -> str:
    """A goal card in a few words, in the page's language: ``"goal 3: Karakorum + Xian (4 VP)"``."""
    return shown(goal_said(number))


def players_html(state, viewer: int | None) -> str:
    """Each player's board in a block: character and power, wealth, dice, contracts, posts; goal cards for the
    viewer only."""
    blocks = []
    none = say("none")
    for seat, name in enumerate(state.names):
        mark = "▶ " if seat == state.current_player else ""
        char = state.character(seat)
        who = character_word(char) if char else say("(to be chosen)")
        power = (f"<span style='color:#6c757d'>({html.escape(shown(POWERS_SAID[char]))})</span>"
                 if char in POWERS else "")
        goods = state.goods(seat)
        dice = "".join(die_chip(d, seat if d.kind == "own" else None) for d in state.dice(seat)) or \
            html.escape(shown(none))
        active = listed([contract_said(c) for c in state.contracts(seat)], ";") if state.contracts(seat) else none
        wealth = shown(say("{coins} coins · {camels} camels · {pepper} pepper · {silk} silk · {gold} gold",
                           coins=state.coins[seat], camels=state.camels[seat], pepper=goods["pepper"],
                           silk=goods["silk"], gold=goods["gold"]))
        vp = shown(amount_said(VP, state.vp[seat]))
        posts = shown(say("posts left {n}", n=state.posts_left(seat)))
        line = f"{html.escape(wealth)} · <b>{html.escape(vp)}</b> · {html.escape(posts)}"
        goals = ""
        if mp.sees_goals(state, viewer, seat):
            cards = listed([goal_said(g) for g in state.goals(seat)], ";") if state.goals(seat) else none
            goals = shown(say("Goal cards: {cards}", cards=cards))
            goals = f"<div class='bg-mp-goals'>{html.escape(goals)}</div>"
        at = shown(say("at {places}", places=listed([place_word(INDEX[p]) for p in state.figures(seat)], ",")))
        held = shown(say("contracts: {contracts} · completed: {done}", contracts=active,
                         done=len(state.completed(seat))))
        blocks.append(
            f"<div class='bg-player' data-seat='{seat}' style='margin-top:4px;border-left:4px solid "
            f"{seat_colour(seat)};padding-left:4px'><b style='color:{seat_ink(seat)}'>{mark}"
            f"{html.escape(name)}</b>: {html.escape(shown(who))} "
            f"{power}<br>{line}<br>"
            f"{html.escape(shown(DICE))} {dice} · {html.escape(at)}<br>"
            f"{html.escape(held)}{goals}</div>"
        )
    return "".join(blocks)
