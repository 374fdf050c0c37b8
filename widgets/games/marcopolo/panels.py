"""Marco Polo's panels in words: the action board and each player's board as HTML, and the small pieces of text
the board and the controls share (a die as a coloured chip, a cost, a contract, a goal card, what a move does).
Goal cards are secret: ``players_html`` shows a seat's goals to that seat only (and to everyone at the end)."""

from __future__ import annotations

import html

from boardgames import marcopolo as mp
from boardgames.marcopolo.data import (
    BAZAAR,
    CHARACTERS,
    CITY_CARDS,
    COIN_BAG,
    CONTRACTS,
    FIVE_COINS,
    GOALS,
    KHAN_SLOTS,
    KHANS_FAVOR,
    NODES,
)
from boardgames.marcopolo.data import CARD_SPACES as CARD_SPACE_NAMES
from boardgames.marcopolo.spaces import SHARED
from boardgames.marcopolo.state import SPACES
from widgets.kit.marks import MARK_COLOUR
from widgets.kit.palette import seat_colour

MARKED_STYLE = f" style='outline:3px solid {MARK_COLOUR};background:#fff4e6'"  # the space of a suggested move

SPACE_LABEL = {"travel": "Travel", "camel": "Camel bazaar", "pepper": "Pepper bazaar", "silk": "Silk bazaar",
               "gold": "Gold bazaar", "khan": "Khan's Favor", "contracts": "Take contracts",
               "five coins": "Take 5 coins", "coin bag": "Coin bag"}


def die_chip(die: mp.Die, seat: int | None) -> str:
    """A die as a small coloured chip: the seat's colour, black (ringed in gold, apart from a seat's dark dice),
    white, or grey for a neutral die; its tooltip says which."""
    if die.kind == "black":
        colour, what = "#000000; border:1px solid #fab005", "a black die"
    elif die.kind == "white":
        colour, what = "#f8f9fa; color:#212529; border:1px solid #495057", "Matteo's white die"
    elif seat is None:
        colour, what = "#868e96", "a neutral die"
    else:
        colour, what = seat_colour(seat), "an own die"
    return (f"<span class='bg-mp-die' title='{what}' style='background:{colour}'>"
            f"{'?' if die.unset else die.value}</span>")


def cost_text(coins: int, camels: int) -> str:
    """``"7 coins + 3 camels"``, ``"free"``."""
    parts = [f"{coins} coin{'s' * (coins != 1)}"] if coins else []
    parts += [f"{camels} camel{'s' * (camels != 1)}"] if camels else []
    return " + ".join(parts) or "free"


def move_label(state, move) -> str:
    """What a move does, for its button: the dice it takes and what it gives (a travel: where, via, and its cost)."""
    if type(move) is mp.Travel:
        ends = " and ".join(move.ends)
        dice = " ".join(str(d) for d in move.dice)
        via = [p for p in (*move.path[:-1], *move.path2[:-1])]
        text = f"to {ends} ({dice})" + (f" via {', '.join(via)}" if via else "")
        return f"{text}: {cost_text(*state.trip_cost(move))}"
    if type(move) is mp.Fulfil:
        c = CONTRACTS[move.contract]
        return f"fulfil contract {move.contract}: {c.vp} VP + {c.text}"
    if type(move) is mp.Choose:
        return answer_label(move.option)
    if type(move) is mp.Bazaar and isinstance(move.column, int) and 1 <= move.column <= 6:
        dice = " ".join(str(d) for d in move.dice)
        return f"{SPACE_LABEL[move.good]} with {dice}: {BAZAAR[move.good][1][move.column - 1]}"
    if type(move) is mp.KhansFavor:
        return f"Khan's Favor with {move.die}: 1 {move.good} + {KHANS_FAVOR}"
    if type(move) is mp.FiveCoins:
        return f"{FIVE_COINS} coins with {move.die}"
    if type(move) is mp.CoinBag:
        return f"coin bag with {move.die}: {cost_text(COIN_BAG, 0)}"
    return str(move)


POWERS = {c.name: c.power for c in CHARACTERS}


def answer_label(option: str) -> str:
    """An answer to the open question, with what it gives when the words alone do not say: a character's
    power, the places and VP of the goal cards kept."""
    if option in POWERS:
        return f"{option}: {POWERS[option]}"
    kept = mp.kept_goals(option)
    if kept:
        return f"keep {' and '.join(goal_text(g) for g in kept)}"
    return option


def action_board_html(state, viewer: int | None = None, marked: str | None = None) -> str:
    """The action board: the dice on each space and the fee to use it now for ``viewer`` (default: the seat to
    move), Khan's Favor, the contract spaces, the city cards, the black dice left; the space ``marked`` (a suggested
    move's) is outlined in ``widgets.kit.marks.MARK_COLOUR``."""
    placed = state.placed
    seat = viewer if viewer is not None else state.current_player
    rows = []
    for space, name in enumerate(SPACES):
        dice = placed[name]
        chips = "".join(die_chip(d, s) for s, d in dice) or "<span style='color:#adb5bd'>free</span>"
        if name in CARD_SPACE_NAMES:
            continue
        if name == "khan":
            fee = f"{len(dice)} of {KHAN_SLOTS} slots taken; next die ≥ {mp.khan_least(state)}"
        elif space in SHARED and dice:
            if seat is not None and not mp.pays_fee(state, seat, name):
                fee = f"no fee for {html.escape(state.character(seat))}"
            else:
                fee = "fee: your lowest die in coins"
        elif space in SHARED:
            fee = "no fee"
        else:
            fee = ""
        what = ""
        if name in BAZAAR:
            rewards = html.escape(" / ".join(BAZAAR[name][1]))
            what = f" <span title='{rewards}' style='color:#868e96;cursor:help'>(rewards)</span>"
        outline = MARKED_STYLE if name == marked else ""
        rows.append(f"<tr class='bg-mp-space' data-space='{html.escape(name)}'{outline}><td><b>{SPACE_LABEL[name]}"
                    f"</b>{what}</td><td style='white-space:nowrap'>{chips}</td><td>{fee}</td></tr>")
    cards = []
    for space, card in state.city_cards.items():
        dice = "".join(die_chip(d, s) for s, d in placed[space])
        outline = MARKED_STYLE if space == marked else ""
        cards.append(f"<div class='bg-mp-card'{outline}><b>{html.escape(space)}</b> (card {card}): "
                     f"{html.escape(CITY_CARDS[card].text)} {dice}</div>")
    contracts = []
    for k, c in enumerate(state.board_contracts, start=1):
        if c is None:
            contracts.append(f"<div>space {k}: empty</div>")
        else:
            contracts.append(f"<div class='bg-mp-contract'>space {k}: {contract_text(c)}</div>")
    return (f"<div><b>Action board</b> · black dice left: {state.black_dice_left}"
            f"<table>{''.join(rows)}</table>"
            f"<details{' open' if marked in state.city_cards else ''}><summary><b>City cards</b></summary>"
            f"{''.join(cards)}</details>"
            f"<details open><summary><b>Contracts</b> (special pile: {state.special_pile})</summary>"
            f"{''.join(contracts)}</details></div>")


def contract_text(number: int) -> str:
    """A contract in a line: its number, price and reward."""
    c = CONTRACTS[number]
    price = [f"{n} {what}" for n, what in ((c.camels, "camel"), (c.pepper, "pepper"), (c.silk, "silk"),
                                            (c.gold, "gold")) if n]
    return f"#{number}: {' + '.join(price)} → {c.vp} VP + {html.escape(c.text)}"


def goal_text(number: int) -> str:
    """A goal card in a few words: ``"goal 3: Karakorum + Xian (4 VP)"``."""
    goal = GOALS[number]
    return f"goal {number}: {' + '.join(NODES[c].name for c in goal.cities)} ({goal.vp} VP)"


def players_html(state, viewer: int | None) -> str:
    """Each player's board in a block: character and power, wealth, dice, contracts, posts; goal cards for the
    viewer only."""
    blocks = []
    for seat, name in enumerate(state.names):
        mark = "▶ " if seat == state.current_player else ""
        char = state.character(seat) or "(to be chosen)"
        power = f"<span style='color:#868e96'>({html.escape(POWERS[char])})</span>" if char in POWERS else ""
        coins, camels = state.coins[seat], state.camels[seat]
        goods = state.goods(seat)
        dice = "".join(die_chip(d, seat if d.kind == "own" else None) for d in state.dice(seat)) or "none"
        active = "; ".join(contract_text(c) for c in state.contracts(seat)) or "none"
        done = len(state.completed(seat))
        line = (f"{coins} coins · {camels} camels · {goods['pepper']} pepper · {goods['silk']} silk · "
                f"{goods['gold']} gold · <b>{state.vp[seat]} VP</b> · posts left {state.posts_left(seat)}")
        goals = ""
        if mp.sees_goals(state, viewer, seat):
            cards = [goal_text(g) for g in state.goals(seat)]
            goals = f"<div class='bg-mp-goals'>Goal cards: {html.escape('; '.join(cards) or 'none')}</div>"
        blocks.append(
            f"<div class='bg-player' data-seat='{seat}' style='margin-top:4px;border-left:4px solid "
            f"{seat_colour(seat)};padding-left:4px'><b style='color:{seat_colour(seat)}'>{mark}"
            f"{html.escape(name)}</b>: {html.escape(char)} "
            f"{power}<br>{line}<br>"
            f"dice: {dice} · at {html.escape(', '.join(state.figures(seat)))}<br>"
            f"contracts: {active} · completed: {done}{goals}</div>"
        )
    return "".join(blocks)
