"""The Voyages of Marco Polo's event log: the records a move leaves (``records.py``) as sentences (messages: an
English template and its values, ``boardgames.core.message``), one sentence function per record type. Goal cards
stay secret: their deal and the expert pick are seen whole only by their holder; the others read "Ada is dealt 2
goal cards.". Why a seat pays or gains is a message in the records, made where the flow decides it
(``reasons.py``), and so is the answer a seat chose (``Chosen.said``, made from the question's
options: ``questions.options_said``; ``Chosen.option`` is the answer as a move types it); dice are messages too
(``dice_said``: "1 white 2 4")."""

from __future__ import annotations

from collections.abc import Sequence

from boardgames.core import Event, listed, records, say, say_n
from boardgames.core.message import Listed, Message, Ordinal
from boardgames.core.records import game_over, said
from boardgames.marcopolo import records as R
from boardgames.marcopolo.board import NAMES, place_word
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
    card_space_word,
    character_word,
    reward_word,
)
from boardgames.marcopolo.moves import (  # a die and a typed answer as the log shows them (the moves say theirs)
    answer_said,  # noqa: F401  (a Choose move's answer in words, for the pages)
    dice_said,
    die_said,
)
from boardgames.marcopolo.spaces import space_said

SENTENCES = records.Sentences()


def coins_said(n: int) -> Message:
    """``n`` coins, "1 coin"."""
    return say_n("{n} coin", "{n} coins", n)


def camels_said(n: int) -> Message:
    """``n`` camels, "1 camel"."""
    return say_n("{n} camel", "{n} camels", n)


UNITS = (coins_said, camels_said, lambda n: say_n("{n} pepper", "{n} pepper", n),
         lambda n: say_n("{n} silk", "{n} silk", n), lambda n: say_n("{n} gold", "{n} gold", n),
         lambda n: say_n("{n} VP", "{n} VP", n))  # an amount of each resource of a wealth, in its order


def amounts_said(change: Sequence[int]) -> Listed:
    """The positive amounts of ``change`` (coins, camels, pepper, silk, gold, VP): "7 coins and 3 camels"."""
    return listed([UNITS[i](x) for i, x in enumerate(change) if x > 0])


def amounts_or_nothing(change: Sequence[int]) -> Listed | Message:
    """The positive amounts of ``change``, or "nothing"."""
    return amounts_said(change) if any(x > 0 for x in change) else say("nothing")


def walk_said(walk: Sequence[int]) -> Message:
    """A walk of places, its start first: "Venezia → Oasis A → Moscow"."""
    out = place_word(walk[0])
    for p in walk[1:]:
        out = say("{walk} → {place}", walk=out, place=place_word(p))
    return out


def goal_said(g: int) -> Message:
    """Goal card ``g``, its cities and its VP: "3 (Karakorum + Xian, 4 VP)"."""
    goal = GOALS[g]
    return say("{number} ({city} + {other}, {vp} VP)", number=g, city=place_word(goal.cities[0]),
               other=place_word(goal.cities[1]), vp=goal.vp)


def goals_said(goals: Sequence[int]) -> Listed:
    """Goal cards, each with its cities and its VP: "3 (Karakorum + Xian, 4 VP) and 7 (...)"."""
    return listed([goal_said(g) for g in goals])


def _data(change: Sequence[int]) -> dict:
    return {RESOURCES[i].lower(): x for i, x in enumerate(change)}


@SENTENCES.of(R.Dealt)
def _dealt(r: R.Dealt, name: None, names: Sequence[str]) -> list[Event]:
    cards = listed([say("{space} {card}", space=card_space_word(space), card=n)
                    for space, n in zip(CARD_SPACES, r.cards)], ",")
    tiles = listed([say("{city} {tile}", city=place_word(c), tile=reward_word(OUTPOST_BY_NUMBER[t].text))
                    for c, t in zip(LARGE_CITIES, r.tiles)], ",")
    bonuses = listed([say("{city} {bonus}", city=place_word(c), bonus=reward_word(SMALL_CITY_BONUSES[m].text))
                      for c, m in zip(SMALL_CITIES, r.markers)], ",")
    board = listed([say("{space}: {contract}", space=k + 1, contract=c) for k, c in enumerate(r.board) if c >= 0], ",")
    out = [Event("marcopolo.setup.characters", None, say("City cards: {cards}.", cards=cards),
                 {"cards": list(r.cards)}),
           Event("marcopolo.setup.characters", None, say("Outpost tiles: {tiles}.", tiles=tiles),
                 {"tiles": list(r.tiles)}),
           Event("marcopolo.setup.characters", None, say("Small-city bonuses: {bonuses}.", bonuses=bonuses),
                 {"markers": list(r.markers)}),
           Event("marcopolo.contract.space", None, say("Contracts on the board: {board}.", board=board),
                 {"board": list(r.board)})]
    if r.offer:
        offer = listed([character_word(c) for c in r.offer], ",")
        out.append(Event(r.KIND, None, say("Characters to choose from: {characters}.", characters=offer),
                         {"offer": list(r.offer)}))
    for seat, who in enumerate(names):
        out.append(Event("marcopolo.contract.hand-limit", seat,
                         say("{name} holds start contract {contract}.", name=who, contract=r.starts[seat][0]),
                         {"contract": r.starts[seat][0]}))
    return out


@SENTENCES.of(R.GoalsDealt)
def _goals_dealt(r: R.GoalsDealt, name: str, names: Sequence[str]) -> list[Event]:
    text = say("{name} is dealt the goal cards {goals}.", name=name, goals=goals_said(r.goals))
    others = say_n("{name} is dealt {n} goal card.", "{name} is dealt {n} goal cards.", len(r.goals), name=name)
    return [Event(r.KIND, r.seat, text, {"goals": list(r.goals)}, seen_by=(r.seat,), others=others)]


@SENTENCES.of(R.CharacterChosen)
def _character(r: R.CharacterChosen, name: str, names: Sequence[str]) -> list[Event]:
    return said(r, say("{name} plays {character}.", name=name, character=character_word(r.name)),
                {"character": r.name})


@SENTENCES.of(R.GoalsKept)
def _goals_kept(r: R.GoalsKept, name: str, names: Sequence[str]) -> list[Event]:
    return [Event(r.KIND, r.seat, say("{name} keeps the goal cards {goals}.", name=name, goals=goals_said(r.goals)),
                  {"goals": list(r.goals)}, seen_by=(r.seat,), others=say("{name} keeps 2 goal cards.", name=name))]


@SENTENCES.of(R.RoundBegun)
def _round(r: R.RoundBegun, name: str, names: Sequence[str]) -> list[Event]:
    if r.changed:
        text = say("Round {round} begins; {name} is start player (the last to travel).", round=r.round, name=name)
    else:
        text = say("Round {round} begins; {name} is start player.", round=r.round, name=name)
    return [Event(r.KIND, r.seat, text, {"round": r.round, "changed": r.changed})]


@SENTENCES.of(R.Rolled)
def _rolled(r: R.Rolled, name: str, names: Sequence[str]) -> list[Event]:
    if r.set_later:
        return [Event(r.KIND, r.seat, say("{name} does not roll: Raschid sets each die as he places it.", name=name),
                      {"dice": [str(d) for d in r.dice]})]
    total = sum(d.value for d in r.dice)
    return [Event(r.KIND, r.seat, say("{name} rolls {dice} ({total}).", name=name, dice=dice_said(r.dice), total=total),
                  {"dice": [str(d) for d in r.dice], "total": total})]


@SENTENCES.of(R.Gained)
def _gained(r: R.Gained, name: str, names: Sequence[str]) -> list[Event]:
    paid = amounts_said(tuple(-x for x in r.delta))
    got = amounts_said(r.delta)
    pays = any(x < 0 for x in r.delta)
    if pays and any(x > 0 for x in r.delta):
        text = say("{name} pays {paid} and receives {got}: {reason}.", name=name, paid=paid, got=got,
                   reason=r.reason)
    elif pays:
        text = say("{name} pays {paid} {reason}.", name=name, paid=paid, reason=r.reason)
    else:
        text = say("{name} receives {reason}: {got}.", name=name, reason=r.reason, got=got)
    return [Event(r.rule, r.seat, text, _data(r.delta))]


@SENTENCES.of(R.DicePlaced)
def _placed(r: R.DicePlaced, name: str, names: Sequence[str]) -> list[Event]:
    text = say("{name} places {dice} on {space}.", name=name, dice=dice_said(r.dice), space=space_said(r.space))
    return [Event(r.KIND, r.seat, text, {"space": r.space, "dice": [str(d) for d in r.dice], "fee": r.fee})]


@SENTENCES.of(R.Travelled)
def _travelled(r: R.Travelled, name: str, names: Sequence[str]) -> list[Event]:
    parts = [walk_said(w) for w in r.walks if len(w) > 1]
    if len(parts) > 1:
        text = say("{name}'s figures travel {walks}.", name=name, walks=listed(parts, ";"))
    else:
        text = say("{name}'s figure travels {walks}.", name=name, walks=listed(parts, ";"))
    return [Event(r.KIND, r.seat, text, {"walks": [[NAMES[p] for p in w] for w in r.walks], "steps": r.steps})]


@SENTENCES.of(R.Stepped)
def _stepped(r: R.Stepped, name: str, names: Sequence[str]) -> list[Event]:
    text = say("{name}'s figure moves {walk} ({reason}).", name=name, walk=walk_said(r.walk),
               reason=r.reason)
    return [Event(r.KIND, r.seat, text, {"walk": [NAMES[p] for p in r.walk], "figure": r.figure})]


@SENTENCES.of(R.PostPlaced)
def _post(r: R.PostPlaced, name: str, names: Sequence[str]) -> list[Event]:
    where = place_word(r.place)
    if r.moved_from >= 0:
        old = place_word(r.moved_from)
        if r.beijing >= 0:
            text = say("{name} has no trading post left and moves the one from {old} to {place} (the {vp} VP space).",
                       name=name, old=old, place=where, vp=BEIJING_VP[r.beijing])
        else:
            text = say("{name} has no trading post left and moves the one from {old} to {place}.", name=name, old=old,
                       place=where)
    elif r.beijing >= 0:
        text = say("{name} places a trading post in {place} (the {vp} VP space), the {count}.", name=name,
                   place=where, vp=BEIJING_VP[r.beijing], count=Ordinal(r.count, "order"))
    else:
        text = say("{name} places a trading post in {place}, the {count}.", name=name, place=where,
                   count=Ordinal(r.count, "order"))
    return [Event(r.KIND, r.seat, text, {"place": NAMES[r.place], "count": r.count, "beijing": r.beijing,
                                         "moved_from": None if r.moved_from < 0 else NAMES[r.moved_from]})]


@SENTENCES.of(R.TileTaken)
def _tile(r: R.TileTaken, name: str, names: Sequence[str]) -> list[Event]:
    text = say("{name} is first in {place} and takes its outpost tile: {tile}.", name=name, place=place_word(r.place),
               tile=reward_word(OUTPOST_BY_NUMBER[r.tile].text))
    return said(r, text, {"place": NAMES[r.place], "tile": r.tile})


@SENTENCES.of(R.ContractsTaken)
def _taken(r: R.ContractsTaken, name: str, names: Sequence[str]) -> list[Event]:
    what = listed([say("{contract} (space {space})", contract=c, space=x) for c, x in zip(r.contracts, r.spaces)])
    if len(r.contracts) > 1:
        text = say("{name} takes contracts {contracts}.", name=name, contracts=what)
    else:
        text = say("{name} takes contract {contracts}.", name=name, contracts=what)
    return [Event(r.KIND, r.seat, text, {"contracts": list(r.contracts), "spaces": list(r.spaces)})]


@SENTENCES.of(R.ContractDiscarded)
def _discarded(r: R.ContractDiscarded, name: str, names: Sequence[str]) -> list[Event]:
    if r.declined:
        text = say("{name} declines contract {contract}; it goes under the special pile.", name=name,
                   contract=r.contract)
    else:
        text = say("{name} discards contract {contract}; it goes under the special pile.", name=name,
                   contract=r.contract)
    return [Event(r.KIND, r.seat, text, {"contract": r.contract, "declined": r.declined})]


@SENTENCES.of(R.ContractDrawn)
def _drawn(r: R.ContractDrawn, name: str, names: Sequence[str]) -> list[Event]:
    if r.contract < 0:
        return said(r, say("The special pile is empty: {name} draws no contract ({reason}).", name=name,
                           reason=r.reason))
    text = say("{name} draws contract {contract} from the special pile ({reason}).", name=name, contract=r.contract,
               reason=r.reason)
    return [Event(r.KIND, r.seat, text, {"contract": r.contract})]


@SENTENCES.of(R.Fulfilled)
def _fulfilled(r: R.Fulfilled, name: str, names: Sequence[str]) -> list[Event]:
    text = say("{name} fulfils contract {contract} ({vp} VP).", name=name, contract=r.contract,
               vp=CONTRACTS[r.contract].vp)
    return [Event(r.KIND, r.seat, text, {"contract": r.contract})]


@SENTENCES.of(R.BoardRefilled)
def _refilled(r: R.BoardRefilled, name: str, names: Sequence[str]) -> list[Event]:
    if r.contracts:
        text = say("The contract board is empty: the special pile gives {contracts}.", contracts=listed(r.contracts))
    else:
        text = say("The contract board is empty: the special pile gives nothing (the special pile is empty).")
    return [Event(r.KIND, None, text, {"contracts": list(r.contracts)})]


@SENTENCES.of(R.BlackDieTaken)
def _black(r: R.BlackDieTaken, name: str, names: Sequence[str]) -> list[Event]:
    if r.value < 0:
        return said(r, say("No black die is left: {name}'s black die ({reason}) is lost.", name=name,
                           reason=r.reason))
    if r.reason is None:  # bought
        if r.value == 0:
            text = say("{name} buys a black die to set when he places it.", name=name)
        else:
            text = say("{name} buys a black die and rolls {value}.", name=name, value=r.value)
        return [Event("marcopolo.bonus.black-die", r.seat, text, {"value": r.value})]
    if r.value == 0:
        text = say("{name} takes a black die ({reason}) to set when he places it.", name=name,
                   reason=r.reason)
    else:
        text = say("{name} takes a black die ({reason}) and rolls {value}.", name=name,
                   reason=r.reason, value=r.value)
    return [Event(r.KIND, r.seat, text, {"value": r.value})]


@SENTENCES.of(R.Rerolled)
def _rerolled(r: R.Rerolled, name: str, names: Sequence[str]) -> list[Event]:
    return said(r, say("{name} rerolls {old}: {value}.", name=name, old=die_said(r.old), value=r.new.value),
                {"old": str(r.old), "new": str(r.new)})


@SENTENCES.of(R.Adjusted)
def _adjusted(r: R.Adjusted, name: str, names: Sequence[str]) -> list[Event]:
    return said(r, say("{name} changes {old} to {value}.", name=name, old=die_said(r.old), value=r.new.value),
                {"old": str(r.old), "new": str(r.new)})


@SENTENCES.of(R.Chosen)
def _chosen(r: R.Chosen, name: str, names: Sequence[str]) -> list[Event]:
    text = say("{name} chooses {option}.", name=name, option=r.said)
    if r.secret:
        return [Event(r.rule, r.seat, text, {"option": r.option}, seen_by=(r.seat,),
                      others=say("{name} keeps 2 goal cards.", name=name))]
    return [Event(r.rule, r.seat, text, {"option": r.option})]


@SENTENCES.of(R.Lost)
def _lost(r: R.Lost, name: str, names: Sequence[str]) -> list[Event]:
    return said(r, say("{name} cannot pay for any step: {what} ({why}) is lost.", name=name,
                       what=r.what, why=r.why))


@SENTENCES.of(R.TurnEnded)
def _turn_ended(r: R.TurnEnded, name: str, names: Sequence[str]) -> list[Event]:
    skipped = listed([names[s] for s in r.skipped])
    if r.next >= 0:
        after = names[r.next]
        if not r.skipped:
            text = say("{name} ends the turn. {next} is next.", name=name, next=after)
        elif len(r.skipped) == 1:
            text = say("{name} ends the turn. {skipped} has no dice left. {next} is next.", name=name,
                       skipped=skipped, next=after)
        else:
            text = say("{name} ends the turn. {skipped} have no dice left. {next} is next.", name=name,
                       skipped=skipped, next=after)
    elif not r.skipped:
        text = say("{name} ends the turn. Nobody has dice left: the round is over.", name=name)
    elif len(r.skipped) == 1:
        text = say("{name} ends the turn. {skipped} has no dice left. Nobody has dice left: the round is over.",
                   name=name, skipped=skipped)
    else:
        text = say("{name} ends the turn. {skipped} have no dice left. Nobody has dice left: the round is over.",
                   name=name, skipped=skipped)
    return said(r, text, {"next": None if r.next < 0 else r.next, "skipped": list(r.skipped)})


@SENTENCES.of(R.RoundEnded)
def _round_ended(r: R.RoundEnded, name: None, names: Sequence[str]) -> list[Event]:
    board = listed(r.board)
    if len(r.leftovers) == 1:
        text = say("Round {round} ends. Contract {contract} goes under the special pile. The next pile is dealt: "
                   "{board}.", round=r.round, contract=r.leftovers[0], board=board)
    elif r.leftovers:
        text = say("Round {round} ends. Contracts {contracts} go under the special pile. The next pile is dealt: "
                   "{board}.", round=r.round, contracts=listed(r.leftovers), board=board)
    else:
        text = say("Round {round} ends. The next pile is dealt: {board}.", round=r.round, board=board)
    return [Event(r.KIND, None, text, {"round": r.round, "leftovers": list(r.leftovers), "board": list(r.board)})]


@SENTENCES.of(R.FinalScored)
def _final(r: R.FinalScored, name: None, names: Sequence[str]) -> list[Event]:
    out = [Event(r.KIND, None, say("Final scoring."), {})]
    for seat, sc in enumerate(r.scores):
        out.append(Event(r.KIND, seat, say("{name} reveals the goal cards {goals}.", name=names[seat],
                                           goals=goals_said(r.goals[seat])), {"goals": list(r.goals[seat])}))
        text = say("{name}: goal cards {goal_cards}, goal cities {goal_cities}, coins {coins}, Beijing {beijing}, "
                   "goods {goods}, most contracts {contracts}: {total} VP.", name=names[seat],
                   goal_cards=sc.goal_cards, goal_cities=sc.goal_cities, coins=sc.coins, beijing=sc.beijing,
                   goods=sc.goods, contracts=sc.contracts, total=sc.total)
        out.append(Event(r.KIND, seat, text, {**sc._asdict(), "total": sc.total, "vp": sc.total}))
    return out


@SENTENCES.of(R.GameEnded)
def _game_ended(r: R.GameEnded, name: None, names: Sequence[str]) -> list[Event]:
    data = {"vp": list(r.vp), "camels": list(r.camels), "winners": list(r.winners)}
    return game_over(r, names, r.vp, lambda n: say("{n} VP", n=n), r.camels, camels_said, data)


def render(log: Sequence[tuple], names: Sequence[str]) -> tuple[Event, ...]:
    """The events of a state's ``log``."""
    return records.render(log, names, SENTENCES)
