"""What a Marco Polo move does, and the automatic steps after it: ``play`` sends each move to its part
(``actions.py`` for the main actions, ``spaces.py`` for dice on the board, ``posts.py`` for figures and posts,
``rounds.py`` for turns and rounds, ``questions.py`` for answers), and ``settle`` carries out the agenda after it.
Every function writes into a ``Draft`` (``state.draft``) with the tools of ``wealth.py`` and leaves records
(``records.py``).

Rewards, arrivals and the round's start go through the state's agenda: a tuple of tasks, each
``(kind, seat, *args)``. Automatic tasks (a gain, a black die, a drawn contract, an arrival's effects, the
roll, the first turn) are carried out by ``settle`` in order; a question (``questions.QUESTIONS``) stops it
until the seat answers with ``Choose``. What a task adds goes before the tasks already waiting."""

from __future__ import annotations

from typing import Any

from boardgames.core.message import Message
from boardgames.marcopolo import data, reasons
from boardgames.marcopolo import moves as M
from boardgames.marcopolo import records as R
from boardgames.marcopolo.actions import bazaar, city_card, five_coins, fulfil, khans_favor, take_contracts, travel
from boardgames.marcopolo.data import RASCHID, SMALL_CITY_BONUSES
from boardgames.marcopolo.posts import arrival_effects
from boardgames.marcopolo.questions import QUESTIONS, answer, matching, options
from boardgames.marcopolo.rounds import begin_round, begin_turn, collect_and_roll, end_turn
from boardgames.marcopolo.spaces import replace_die, take_dice
from boardgames.marcopolo.state import COIN_BAG, Draft
from boardgames.marcopolo.wealth import gain, push, reward_tasks, roll, with_item


# ---------------------------------------------------------------------- the agenda
def settle(d: Draft) -> None:
    """Carry out the automatic tasks at the head of the agenda until a question waits or nothing does."""
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
                d.log.append((R.Lost, task[1], reasons.ONE_STEP, task[2]))
            continue
        d.agenda = d.agenda[1:]
        AUTOMATIC[kind](d, task)


def _gain_task(d: Draft, task: tuple) -> None:
    _, seat, change, reason, rule = task
    gain(d, seat, change, reason, rule)


def _black_task(d: Draft, task: tuple) -> None:
    take_black_die(d, task[1], task[2])


def take_black_die(d: Draft, seat: int, reason: Message | None) -> None:
    """Rule reward.black-die (and bonus.black-die): a black die from the supply, rolled at once."""
    if d.black_left <= 0:
        d.log.append((R.BlackDieTaken, seat, -1, reason))
        return
    d.black_left -= 1
    value = 0 if d.chars[seat] == RASCHID else roll(d)
    d.held = with_item(d.held, seat, tuple(sorted(d.held[seat] + (M.Die(value, "black"),))))
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
        d.hands = with_item(d.hands, seat, d.hands[seat] + (c,))
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
    if kind is M.Choose:
        task = d.agenda[0]
        d.agenda = d.agenda[1:]
        answer(d, task, matching(d, task, move.option))
    elif kind is M.EndTurn:
        end_turn(d, seat)
    elif kind is M.Fulfil:
        fulfil(d, seat, move.contract)
    elif kind is M.CoinBag:
        take_dice(d, seat, (move.die,))
        d.spaces = with_item(d.spaces, COIN_BAG, d.spaces[COIN_BAG] + ((seat, move.die),))
        d.log.append((R.DicePlaced, seat, COIN_BAG, (move.die,), 0))
        gain(d, seat, data.delta(coins=data.COIN_BAG), reasons.COIN_BAG, "marcopolo.bonus.coins3")
    elif kind is M.Reroll:
        gain(d, seat, data.delta(camels=-data.REROLL_CAMELS), reasons.REROLL, "marcopolo.bonus.reroll")
        new = M.Die(roll(d), move.die.kind)
        replace_die(d, seat, move.die, new)
        d.log.append((R.Rerolled, seat, move.die, new))
    elif kind is M.Adjust:
        gain(d, seat, data.delta(camels=-data.ADJUST_CAMELS), reasons.ADJUST, "marcopolo.bonus.adjust")
        new = M.Die(move.die.value + move.delta, move.die.kind)
        replace_die(d, seat, move.die, new)
        d.log.append((R.Adjusted, seat, move.die, new))
    elif kind is M.BuyBlackDie:
        gain(d, seat, data.delta(camels=-data.BLACK_DIE_CAMELS), reasons.BUY_BLACK_DIE, "marcopolo.bonus.black-die")
        d.bought = True
        take_black_die(d, seat, None)
    else:
        d.main_done = True
        if kind is M.Travel:
            travel(d, seat, move)
        elif kind is M.Bazaar:
            bazaar(d, seat, move)
        elif kind is M.KhansFavor:
            khans_favor(d, seat, move)
        elif kind is M.TakeContracts:
            take_contracts(d, seat, move)
        elif kind is M.FiveCoins:
            five_coins(d, seat, move)
        else:
            city_card(d, seat, move)
    settle(d)
# ---------------------------------------------------------------------- turns and rounds
