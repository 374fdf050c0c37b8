"""Turns and rounds: the start of a turn (rule contract.refill), its end and the next seat with dice (rule
turn.no-dice), the round's end and the next round's start (start player, income, dice collected and rolled,
compensation), the final scoring, and ``determinize`` (what a seat cannot know, drawn again)."""

from __future__ import annotations

import random

from boardgames.marcopolo import data, reasons
from boardgames.marcopolo import records as R
from boardgames.marcopolo.data import (
    MATTEO,
    RASCHID,
    SMALL_CITIES,
)
from boardgames.marcopolo.moves import (
    Die,
)
from boardgames.marcopolo.scoring import final_scores, leaders
from boardgames.marcopolo.state import FIVE_COINS as FIVE_COINS_SPACE
from boardgames.marcopolo.state import (
    KHAN,
    SPACES,
    Draft,
)
from boardgames.marcopolo.wealth import push, reward_tasks, roll, with_item


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
    d.piles = with_item(d.piles, d.round, ())
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
                tasks.append(("bonus", seat, d.markers[k], reasons.round_bonus(node),
                              "marcopolo.round.income"))
        name = d.chars[seat]
        if name == MATTEO:
            tasks.append(("special", seat, reasons.income(name)))
        elif name in data.INCOME:
            tasks += reward_tasks(seat, data.INCOME[name], reasons.income(name), "marcopolo.round.income")
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


def determinize(d: Draft, seat: int, rng: random.Random) -> Draft:
    """Rewrite the copy ``d`` of a position to agree with all ``seat`` can know: the other seats' goal cards (and
    expert hands) redrawn from the cards ``seat`` has not seen, the unseen contracts (round piles still to come
    and the special pile's unseen top) reshuffled, and the future rolls redrawn."""
    s = d
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
    return d
