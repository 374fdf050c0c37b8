"""The Voyages of Marco Polo's event log: the records a move leaves (``records.py``) as plain sentences, one
sentence function per record type. Goal cards stay secret: their deal and the expert pick are seen whole only by
their holder; the others read "Ada is dealt 2 goal cards."."""

from __future__ import annotations

from collections.abc import Sequence

from boardgames.core import Event, and_list, ordinal, plural, records, say, say_n
from boardgames.core.records import game_over, said
from boardgames.marcopolo import records as R
from boardgames.marcopolo.board import NAMES
from boardgames.marcopolo.data import (
    BEIJING_VP,
    CARD_SPACES,
    CONTRACTS,
    GOALS,
    LARGE_CITIES,
    OUTPOST_BY_NUMBER,
    RESOURCES,
    SMALL_CITIES,
    SMALL_CITY_BONUSES,
)
from boardgames.marcopolo.spaces import space_name

SENTENCES = records.Sentences()
UNITS = (("coin", "coins"), ("camel", "camels"), ("pepper", "pepper"), ("silk", "silk"), ("gold", "gold"),
         ("VP", "VP"))


def amounts(change: Sequence[int]) -> str:
    """The positive amounts of ``change`` (coins, camels, pepper, silk, gold, VP): "7 coins and 3 camels"."""
    return and_list(f"{x} {UNITS[i][0] if x == 1 else UNITS[i][1]}" for i, x in enumerate(change) if x > 0)


def _data(change: Sequence[int]) -> dict:
    return {RESOURCES[i].lower(): x for i, x in enumerate(change)}


def _dice(dice) -> str:
    return " ".join(map(str, dice))


def _space(space: int) -> str:
    return space_name(space)


@SENTENCES.of(R.Dealt)
def _dealt(r: R.Dealt, name: None, names: Sequence[str]) -> list[Event]:
    cards = ", ".join(f"{space} {n}" for space, n in zip(CARD_SPACES, r.cards))
    tiles = ", ".join(f"{NAMES[c]} {OUTPOST_BY_NUMBER[t].text}" for c, t in zip(LARGE_CITIES, r.tiles))
    bonuses = ", ".join(f"{NAMES[c]} {SMALL_CITY_BONUSES[m].text}" for c, m in zip(SMALL_CITIES, r.markers))
    board = ", ".join(f"{k + 1}: {c}" for k, c in enumerate(r.board) if c >= 0)
    out = [Event("marcopolo.setup.characters", None, f"City cards: {cards}.", {"cards": list(r.cards)}),
           Event("marcopolo.setup.characters", None, f"Outpost tiles: {tiles}.", {"tiles": list(r.tiles)}),
           Event("marcopolo.setup.characters", None, f"Small-city bonuses: {bonuses}.", {"markers": list(r.markers)}),
           Event("marcopolo.contract.space", None, f"Contracts on the board: {board}.", {"board": list(r.board)})]
    if r.offer:
        out.append(Event(r.KIND, None, f"Characters to choose from: {', '.join(r.offer)}.", {"offer": list(r.offer)}))
    for seat, who in enumerate(names):
        out.append(Event("marcopolo.contract.hand-limit", seat, f"{who} holds start contract {r.starts[seat][0]}.",
                         {"contract": r.starts[seat][0]}))
    return out


@SENTENCES.of(R.GoalsDealt)
def _goals_dealt(r: R.GoalsDealt, name: str, names: Sequence[str]) -> list[Event]:
    cards = and_list(_goal(g) for g in r.goals)
    return [Event(r.KIND, r.seat, f"{name} is dealt the goal cards {cards}.", {"goals": list(r.goals)},
                  seen_by=(r.seat,), others=f"{name} is dealt {plural(len(r.goals), 'goal card')}.")]


def _goal(g: int) -> str:
    goal = GOALS[g]
    return f"{g} ({NAMES[goal.cities[0]]} + {NAMES[goal.cities[1]]}, {goal.vp} VP)"


@SENTENCES.of(R.CharacterChosen)
def _character(r: R.CharacterChosen, name: str, names: Sequence[str]) -> list[Event]:
    return said(r, f"{name} plays {r.name}.", {"character": r.name})


@SENTENCES.of(R.GoalsKept)
def _goals_kept(r: R.GoalsKept, name: str, names: Sequence[str]) -> list[Event]:
    return [Event(r.KIND, r.seat, f"{name} keeps the goal cards {and_list(_goal(g) for g in r.goals)}.",
                  {"goals": list(r.goals)}, seen_by=(r.seat,), others=f"{name} keeps 2 goal cards.")]


@SENTENCES.of(R.RoundBegun)
def _round(r: R.RoundBegun, name: str, names: Sequence[str]) -> list[Event]:
    how = " (the last to travel)" if r.changed else ""
    return [Event(r.KIND, r.seat, f"Round {r.round} begins; {name} is start player{how}.",
                  {"round": r.round, "changed": r.changed})]


@SENTENCES.of(R.Rolled)
def _rolled(r: R.Rolled, name: str, names: Sequence[str]) -> list[Event]:
    if r.set_later:
        return [Event(r.KIND, r.seat, f"{name} does not roll: Raschid sets each die as he places it.",
                      {"dice": [str(d) for d in r.dice]})]
    total = sum(d.value for d in r.dice)
    return [Event(r.KIND, r.seat, f"{name} rolls {_dice(r.dice)} ({total}).", {"dice": [str(d) for d in r.dice],
                                                                              "total": total})]


@SENTENCES.of(R.Gained)
def _gained(r: R.Gained, name: str, names: Sequence[str]) -> list[Event]:
    paid = amounts(tuple(-x for x in r.delta))
    got = amounts(r.delta)
    if paid and got:
        text = f"{name} pays {paid} and receives {got}: {r.reason}."
    elif paid:
        text = f"{name} pays {paid} {r.reason}."
    else:
        text = f"{name} receives {r.reason}: {got}."
    return [Event(r.rule, r.seat, text, _data(r.delta))]


@SENTENCES.of(R.DicePlaced)
def _placed(r: R.DicePlaced, name: str, names: Sequence[str]) -> list[Event]:
    return [Event(r.KIND, r.seat, f"{name} places {_dice(r.dice)} on {_space(r.space)}.",
                  {"space": r.space, "dice": [str(d) for d in r.dice], "fee": r.fee})]


@SENTENCES.of(R.Travelled)
def _travelled(r: R.Travelled, name: str, names: Sequence[str]) -> list[Event]:
    parts = [" → ".join(NAMES[p] for p in w) for w in r.walks if len(w) > 1]
    figure = "figures travel" if len(parts) > 1 else "figure travels"
    return [Event(r.KIND, r.seat, f"{name}'s {figure} {'; '.join(parts)}.",
                  {"walks": [[NAMES[p] for p in w] for w in r.walks], "steps": r.steps})]


@SENTENCES.of(R.Stepped)
def _stepped(r: R.Stepped, name: str, names: Sequence[str]) -> list[Event]:
    walk = " → ".join(NAMES[p] for p in r.walk)
    return [Event(r.KIND, r.seat, f"{name}'s figure moves {walk} ({r.reason}).",
                  {"walk": [NAMES[p] for p in r.walk], "figure": r.figure})]


@SENTENCES.of(R.PostPlaced)
def _post(r: R.PostPlaced, name: str, names: Sequence[str]) -> list[Event]:
    where = NAMES[r.place]
    if r.beijing >= 0:
        where += f" (the {BEIJING_VP[r.beijing]} VP space)"
    if r.moved_from >= 0:
        text = f"{name} has no trading post left and moves the one from {NAMES[r.moved_from]} to {where}."
    else:
        text = f"{name} places a trading post in {where}, the {ordinal(r.count)}."
    return [Event(r.KIND, r.seat, text, {"place": NAMES[r.place], "count": r.count, "beijing": r.beijing,
                                         "moved_from": None if r.moved_from < 0 else NAMES[r.moved_from]})]


@SENTENCES.of(R.TileTaken)
def _tile(r: R.TileTaken, name: str, names: Sequence[str]) -> list[Event]:
    text = f"{name} is first in {NAMES[r.place]} and takes its outpost tile: {OUTPOST_BY_NUMBER[r.tile].text}."
    return said(r, text, {"place": NAMES[r.place], "tile": r.tile})


@SENTENCES.of(R.ContractsTaken)
def _taken(r: R.ContractsTaken, name: str, names: Sequence[str]) -> list[Event]:
    what = and_list(f"{c} (space {x})" for c, x in zip(r.contracts, r.spaces))
    return [Event(r.KIND, r.seat, f"{name} takes contract{'s' if len(r.contracts) > 1 else ''} {what}.",
                  {"contracts": list(r.contracts), "spaces": list(r.spaces)})]


@SENTENCES.of(R.ContractDiscarded)
def _discarded(r: R.ContractDiscarded, name: str, names: Sequence[str]) -> list[Event]:
    how = "declines" if r.declined else "discards"
    return [Event(r.KIND, r.seat, f"{name} {how} contract {r.contract}; it goes under the special pile.",
                  {"contract": r.contract, "declined": r.declined})]


@SENTENCES.of(R.ContractDrawn)
def _drawn(r: R.ContractDrawn, name: str, names: Sequence[str]) -> list[Event]:
    if r.contract < 0:
        return said(r, f"The special pile is empty: {name} draws no contract ({r.reason}).")
    return [Event(r.KIND, r.seat, f"{name} draws contract {r.contract} from the special pile ({r.reason}).",
                  {"contract": r.contract})]


@SENTENCES.of(R.Fulfilled)
def _fulfilled(r: R.Fulfilled, name: str, names: Sequence[str]) -> list[Event]:
    return [Event(r.KIND, r.seat, f"{name} fulfils contract {r.contract} ({CONTRACTS[r.contract].vp} VP).",
                  {"contract": r.contract})]


@SENTENCES.of(R.BoardRefilled)
def _refilled(r: R.BoardRefilled, name: str, names: Sequence[str]) -> list[Event]:
    what = and_list(map(str, r.contracts)) or "nothing (the special pile is empty)"
    return [Event(r.KIND, None, f"The contract board is empty: the special pile gives {what}.",
                  {"contracts": list(r.contracts)})]


@SENTENCES.of(R.BlackDieTaken)
def _black(r: R.BlackDieTaken, name: str, names: Sequence[str]) -> list[Event]:
    if r.value < 0:
        return said(r, f"No black die is left: {name}'s black die ({r.reason}) is lost.")
    rolled = "to set when he places it" if r.value == 0 else f"and rolls {r.value}"
    kind = "marcopolo.bonus.black-die" if r.reason == "bought" else r.KIND
    how = "buys" if r.reason == "bought" else "takes"
    why = "" if r.reason == "bought" else f" ({r.reason})"
    return [Event(kind, r.seat, f"{name} {how} a black die{why} {rolled}.", {"value": r.value})]


@SENTENCES.of(R.Rerolled)
def _rerolled(r: R.Rerolled, name: str, names: Sequence[str]) -> list[Event]:
    return said(r, f"{name} rerolls {r.old}: {r.new.value}.", {"old": str(r.old), "new": str(r.new)})


@SENTENCES.of(R.Adjusted)
def _adjusted(r: R.Adjusted, name: str, names: Sequence[str]) -> list[Event]:
    return said(r, f"{name} changes {r.old} to {r.new.value}.", {"old": str(r.old), "new": str(r.new)})


@SENTENCES.of(R.Chosen)
def _chosen(r: R.Chosen, name: str, names: Sequence[str]) -> list[Event]:
    if r.secret:
        return [Event(r.rule, r.seat, f"{name} chooses {r.option}.", {"option": r.option}, seen_by=(r.seat,),
                      others=f"{name} keeps 2 goal cards.")]
    return [Event(r.rule, r.seat, f"{name} chooses {r.option}.", {"option": r.option})]


@SENTENCES.of(R.Lost)
def _lost(r: R.Lost, name: str, names: Sequence[str]) -> list[Event]:
    return said(r, f"{name} cannot pay for any step: {r.what} ({r.why}) is lost.")


@SENTENCES.of(R.TurnEnded)
def _turn_ended(r: R.TurnEnded, name: str, names: Sequence[str]) -> list[Event]:
    text = f"{name} ends the turn."
    if r.skipped:
        text += f" {and_list(names[s] for s in r.skipped)} {'has' if len(r.skipped) == 1 else 'have'} no dice left."
    if r.next >= 0:
        text += f" {names[r.next]} is next."
    else:
        text += " Nobody has dice left: the round is over."
    return said(r, text, {"next": None if r.next < 0 else r.next, "skipped": list(r.skipped)})


@SENTENCES.of(R.RoundEnded)
def _round_ended(r: R.RoundEnded, name: None, names: Sequence[str]) -> list[Event]:
    left = and_list(map(str, r.leftovers))
    text = f"Round {r.round} ends."
    if len(r.leftovers) == 1:
        text += f" Contract {left} goes under the special pile."
    elif left:
        text += f" Contracts {left} go under the special pile."
    text += f" The next pile is dealt: {and_list(map(str, r.board))}."
    return [Event(r.KIND, None, text, {"round": r.round, "leftovers": list(r.leftovers), "board": list(r.board)})]


@SENTENCES.of(R.FinalScored)
def _final(r: R.FinalScored, name: None, names: Sequence[str]) -> list[Event]:
    out = [Event(r.KIND, None, "Final scoring.", {})]
    for seat, sc in enumerate(r.scores):
        goals = and_list(_goal(g) for g in r.goals[seat])
        out.append(Event(r.KIND, seat, f"{names[seat]} reveals the goal cards {goals}.",
                         {"goals": list(r.goals[seat])}))
        text = (f"{names[seat]}: goal cards {sc.goal_cards}, goal cities {sc.goal_cities}, coins {sc.coins}, "
                f"Beijing {sc.beijing}, goods {sc.goods}, most contracts {sc.contracts}: {sc.total} VP.")
        out.append(Event(r.KIND, seat, text, {**sc._asdict(), "total": sc.total, "vp": sc.total}))
    return out


@SENTENCES.of(R.GameEnded)
def _game_ended(r: R.GameEnded, name: None, names: Sequence[str]) -> list[Event]:
    data = {"vp": list(r.vp), "camels": list(r.camels), "winners": list(r.winners)}
    return game_over(r, names, r.vp, lambda n: say("{n} VP", n=n), r.camels,
                     lambda n: say_n("{n} camel", "{n} camels", n), data)


def render(log: Sequence[tuple], names: Sequence[str]) -> tuple[Event, ...]:
    """The events of a state's ``log``."""
    return records.render(log, names, SENTENCES)
