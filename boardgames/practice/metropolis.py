"""Foundations of Metropolis's exercise kinds (see ``boardgames.practice``): one or more for every rule id of
``boardgames.metropolis.RULES``.

Every position is reached by play: a game dealt from the seed and played by seeded random actions (``reached``:
income, a purchase or a build alike; ``buying_first`` for a city whose players run out of lot markers), or by
seeded random moves (the deed draft, the end of a year, the end of the game), so the deeds dealt and bought and the
prestige of the years scored add up (``boardgames.practice.reachable``). A year's scoring is asked at its last final
turn. Positions are shown as the learner's seat may know them (``as_seen_by``). Every answer is judged by the
engine: ``check`` for a refused move, the events of ``play`` or ``year_scores`` for a number.

Every question, choice and feedback is a message (``boardgames.core.message``), said with the engine's words (its
buildings, shapes, moves and log sentences), so that an exercise reads in any language of the catalog.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Sequence
from functools import cache
from typing import Any

from boardgames import practice
from boardgames.core.message import Message, english, listed, say, say_n
from boardgames.metropolis import Build, Buy, Income, Pick, cells, new_game
from boardgames.metropolis import records as R
from boardgames.metropolis.board import INDEX, NAMES, footprints, neighbours
from boardgames.metropolis.log import coins_said, render
from boardgames.metropolis.moves import move_said
from boardgames.metropolis.rules import BONUS, INCOME, PRICES
from boardgames.metropolis.tiles import COMMERCIAL, PUBLIC, RESIDENTIAL, SHAPE_SAID, TILES, building_word, tile_said
from boardgames.practice import Exercise, NoExercise, as_seen_by, fact_exercise, kind, posed, which_move_exercise

GAME = "metropolis"
PLAYERS = ("Ada", "Ben", "Cleo", "Dan")
SHOPS = [t for t in TILES if TILES[t].category == COMMERCIAL]
HOMES = [t for t in TILES if TILES[t].category == RESIDENTIAL]
PUBLICS = [t for t in TILES if TILES[t].category == PUBLIC]


# --- words ----------------------------------------------------------------------------------------------------------
def tile_name(tile: str) -> Message:
    """A tile as the game's log names it: ``"the Hotel (C-L3)"``."""
    return say("the {building} ({tile})", building=building_word(tile), tile=tile)


def move_words(state: Any, move: Any) -> Message:
    """A move in a few words, with what a buyer pays: ``"buy C4 (4 coins)"``, ``"build the House (B) on B2 C2"``."""
    if isinstance(move, Build):
        return say("build {tile} on {cells}", tile=tile_name(move.tile), cells=cell_list(move.cells))
    if isinstance(move, Buy) and state.price(move.cell) is not None:
        return say("buy {cell} ({coins})", cell=move.cell, coins=coins_said(state.price(move.cell)))
    return move_said(move)


def cell_list(cells_: Sequence[str]) -> str:
    """Cells by their names, one after the other: ``"B2 C2"``."""
    return " ".join(cells_)


def sentences(*parts: Any) -> Any:
    """Sentences one after the other (in English with a space between; an empty one, ``""``, kept as English keeps
    it)."""
    out = parts[0]
    for part in parts[1:]:
        out = say("{what} {why}", what=out, why=part)
    return out


def said(state: Any, *kinds: str) -> Any:
    """What the move into ``state`` wrote in the game's log that everyone may read (``practice.said``, as a
    message): the sentences of its events whose kinds begin with one of ``kinds`` (all when none); ``""`` when
    none."""
    read = [e.seen_from(None) for e in state.events]
    found = [e.said for e in read if e is not None and (not kinds or e.kind.startswith(kinds))]
    return sentences(*found) if found else ""


def amount(n: int, unit: str) -> Message:
    """A number with its unit as a choice's label says it: ``"4 coins"`` (the unit's plural whatever the number)."""
    if unit == "deeds":
        return say("{n} deeds", n=n)
    if unit == "coins":
        return say("{n} coins", n=n)
    if unit == "markers":
        return say("{n} markers", n=n)
    if unit == "citizens":
        return say("{n} citizens", n=n)
    return say("{n} prestige", n=n)


# --- the exercises' forms ------------------------------------------------------------------------------------------
def number_exercise(seed: int, state: Any, seat: int, question: Any, answer: int, worked: Any,
                    unit: str) -> Exercise:
    """``practice.number_exercise`` with each number said with its ``unit`` (``amount``)."""
    return practice.number_exercise(seed, state, seat, question, answer, worked, lambda n: amount(n, unit))


# --- building blocks: cities reached by play -------------------------------------------------------------------------
@cache
def _all_feet(players: int, shape: str) -> tuple[tuple[int, ...], ...]:
    return tuple(f for feet in footprints(players, shape).values() for f in feet)


def names_of(rng: random.Random, low: int = 2, high: int = 4) -> list[str]:
    return list(PLAYERS[: rng.randint(low, high)])


def buying_first(rng: random.Random, state: Any) -> Any:
    """A purchase every other turn that one may be made, otherwise income, a purchase or a build alike: a game
    whose players soon have all their lot markers in the city."""
    buys = [m for m in state.legal_moves() if isinstance(m, Buy)]
    return rng.choice(buys) if buys and rng.random() < 0.5 else practice.by_kind_of_move(rng, state)


def reached(seed: int, fits: Callable[[Any], bool], skip: int | None = None,
            choose: practice.Chooser = practice.by_kind_of_move) -> Any:
    """A position of a game of 2 to 4 players dealt from ``seed`` and played by seeded random actions (``choose``:
    income, a purchase or a build alike), the first past a seeded number of plies (or ``skip``) where ``fits``
    holds."""
    rng = random.Random(seed)
    names = names_of(rng)
    skip = rng.randint(0, 120) if skip is None else skip
    return practice.reached(GAME, seed, fits, names, skip=skip, choose=choose)


def on_turn(state: Any) -> bool:
    """A turn of a year in play (the deed board open), not the draft or the final turns."""
    return state.step == "play"


def last_final_turn(year: int) -> Callable[[Any], bool]:
    """Whether a position is the last final turn of ``year``: the city as ``year`` will be scored (when that turn
    is income)."""
    return lambda s: s.step == "final" and s.finals == 1 and s.year == year


def shops(state: Any, seat: int) -> list[Any]:
    return [b for b in state.buildings(seat) if TILES[b.tile].category == COMMERCIAL]


# --- 2.1 setup --------------------------------------------------------------------------------------------------------
@kind(GAME, "city-size", ["metropolis.setup.players"], say("How big the city is for 2, 3 or 4 players"))
def city_size(seed: int) -> Exercise:
    """A new game of 2 to 4 players: how many deeds are in play?"""
    rng = random.Random(seed)
    names = names_of(rng)
    n = len(names)
    state = new_start(names, seed)
    seen = as_seen_by(state, 0, seed)
    dealt = sum(len(seen.deeds(s)) for s in range(n))
    in_piles = sum(seen.pile_size(y) for y in (1, 2, 3))
    answer = dealt + len(seen.deed_board) + in_piles
    worked = say("with {n} players the city is A1 to {last}, {answer} cells with one deed each: {dealt} are dealt, "
                 "{board} lie on the deed board and {piles} wait in the year piles.", n=n, last=cells(n)[-1],
                 answer=answer, dealt=dealt, board=len(seen.deed_board), piles=in_piles)
    question = say("{names} start a game. How many deeds of the city are in play?", names=listed(names))
    return number_exercise(seed, seen, 0, question, answer, worked, "deeds")


def new_start(names: Sequence[str], seed: int, **flags: Any) -> Any:
    """A new game of ``names`` dealt from ``seed``."""
    return new_game(list(names), seed=seed, **flags)


# --- 3.1 the deed draft --------------------------------------------------------------------------------------------
def drafting(seed: int, rounds: range) -> Any:
    """A deed draft of 3 or 4 players played by seeded random picks into a round of ``rounds``, at a seat's pick."""
    rng = random.Random(seed)
    names = names_of(rng, 3, 4)
    n = len(names)
    state = new_start(names, seed, deed_draft=True)
    for _ in range(rng.randrange(n * (rounds.start - 1), n * (rounds.stop - 1))):
        state = state.play(rng.choice(state.legal_moves()))
    if not state.drafting or state.round not in rounds:
        raise NoExercise(seed)
    return state


@kind(GAME, "draft-pick", ["metropolis.draft.pick"], say("A pick comes from the hand you hold"))
def draft_pick(seed: int) -> Exercise:
    """Deed draft, round 2 or later: which of these may the picker do? (A deed of the hand held; not a deed of the
    hand passed on, not income, not a purchase.)"""
    state = drafting(seed, range(2, 5))
    seen, seat, name = practice.seen_by_mover(state, seed)
    rng = random.Random(seed)
    left = (seat + 1) % seen.players
    passed = [NAMES[i] for i in seen.hands[left]] + ([NAMES[seen.picks[left]]] if seen.picks[left] >= 0 else [])
    if not passed:
        raise NoExercise(seed)
    right = [Pick(rng.choice(seen.hand(seat)))]
    wrong = [Pick(rng.choice(passed)), Income()]
    return which_move_exercise(
        seed, seen, seat,
        say("Round {round} of the deed draft: it is {name}'s pick. Which of these may {name} do?", round=seen.round,
            name=name), right, wrong,
        label=move_said, why=lambda m: say("Right: {cell} is in the hand {name} holds, and a pick is the draft's only "
                                           "move.", cell=m.cell, name=name))


@kind(GAME, "draft-reveal", ["metropolis.draft.reveal"], say("After a round the hands pass to the left"))
def draft_reveal(seed: int) -> Exercise:
    """A draft pick: who is handed the rest of the picker's hand when the round is revealed?"""
    state = drafting(seed, range(1, 5))
    seen, seat, name = practice.seen_by_mover(state, seed)
    rng = random.Random(seed)
    keep = rng.choice(seen.hand(seat))
    rest = [c for c in seen.hand(seat) if c != keep]
    after = seen.play(Pick(keep))
    while after.drafting and after.round == seen.round:
        after = after.play(rng.choice(after.legal_moves()))
    if not after.drafting:
        raise NoExercise(seed)
    holder = next(t for t in range(seen.players) if sorted(after.hand(t)) == sorted(rest))
    facts = list(seen.names)
    worked = say("when everyone has picked, the picks are shown and marked together, and each player passes what is "
                 "left of their hand to the left: {holder} is handed {cells}.", holder=seen.names[holder],
                 cells=listed(rest))
    question = say("Round {round} of the deed draft: {name} keeps {keep} and has {cells} left. Who will hold {cells} "
                   "in the next round?", round=seen.round, name=name, keep=keep, cells=listed(rest))
    return fact_exercise(seed, seen, seat, question, facts, seen.names[holder], worked, shuffle=True)


# --- 3.2 a turn -------------------------------------------------------------------------------------------------------
@kind(GAME, "one-action", ["metropolis.turn.one-action"], say("A turn is income, a purchase or a build"))
def one_action(seed: int) -> Exercise:
    """The first turn after a deed draft: which of these is a turn the player may take?"""
    rng = random.Random(seed)
    state = new_start(names_of(rng, 3, 4), seed, deed_draft=True)
    while state.drafting:
        state = state.play(rng.choice(state.legal_moves()))
    seen, seat, name = practice.seen_by_mover(state, seed)
    right = [rng.choice(seen.legal_moves())]
    wrong = [Pick(rng.choice(seen.deed_board)), Pick(rng.choice(seen.deeds(seat)))]
    return which_move_exercise(
        seed, seen, seat,
        say("The deed draft is over and {name} takes the first turn of Year 1. Which of these may {name} do?",
            name=name),
        right, wrong, label=lambda m: move_words(seen, m),
        why=lambda m: say("Right: {move} is one action; a turn is income, buying a deed or building.",
                          move=move_words(seen, m)))


@kind(GAME, "income", ["metropolis.income"], say("What income brings"))
def income(seed: int) -> Exercise:
    """A city with shops: how many coins does the player to move get from income?"""
    state = reached(seed, lambda s: on_turn(s) and 1 <= len(shops(s, s.turn)) <= 3)
    seen, seat, name = practice.seen_by_mover(state, seed)
    after = seen.play(Income())
    gain = after.coins[seat] - seen.coins[seat]
    parts: Any = str(INCOME)
    for b in shops(seen, seat):
        part = say("{coins} for {tile}", coins=TILES[b.tile].coins, tile=tile_name(b.tile))
        parts = say("{sum} + {part}", sum=parts, part=part)
    worked = sentences(said(after), say("That is {parts}.", parts=parts))
    return number_exercise(seed, seen, seat, say("{name} takes income. How many coins does {name} get?", name=name),
                           gain, worked, "coins")


# --- 3.3 buying a deed ----------------------------------------------------------------------------------------------
def affordable(state: Any) -> list[str]:
    """The deeds on the deed board the player to move has the coins for."""
    return [c for c in state.deed_board if state.price(c) <= state.coins[state.turn]]


def buyer(state: Any) -> bool:
    """A turn of a year in play whose player has a lot marker in supply and the coins for a deed."""
    return on_turn(state) and state.markers(state.turn) > 0 and bool(affordable(state))


@kind(GAME, "buy-for-sale", ["metropolis.buy.not-for-sale"], say("Only the deeds on the deed board are for sale"))
def buy_for_sale(seed: int) -> Exercise:
    """Which of these deeds may the player buy: one on the deed board, another player's lot, a deed in a pile?"""
    rng = random.Random(seed)
    seen, seat, name = practice.seen_by_mover(reached(seed, lambda s: buyer(s) and s.year < 3), seed)
    others = [c for s in range(seen.players) if s != seat for c in seen.deeds(s)]
    unsold = [c for c in cells(seen.players) if seen.owner[INDEX[c]] < 0 and c not in seen.deed_board]
    right = [Buy(rng.choice(affordable(seen)))]
    wrong = [Buy(rng.choice(others)), Buy(rng.choice(unsold)), Buy(rng.choice(seen.deeds(seat)))]
    markers = say_n("{n} lot marker", "{n} lot markers", seen.markers(seat))
    return which_move_exercise(
        seed, seen, seat,
        say("{name} has {coins} coins and {markers} in supply. Which of these deeds may {name} buy?", name=name,
            coins=seen.coins[seat], markers=markers), right, wrong, label=move_said,
        why=lambda m: say("Right: {cell} lies on the deed board, for {price} coins.", cell=m.cell,
                          price=seen.price(m.cell)))


@kind(GAME, "buy-no-marker", ["metropolis.buy.no-marker"], say("Buying needs a lot marker in your supply"))
def buy_no_marker(seed: int) -> Exercise:
    """All the player's markers are in the city: which of these may they do?"""
    rng = random.Random(seed)

    def fits(s: Any) -> bool:
        return on_turn(s) and s.markers(s.turn) == 0 and len(affordable(s)) >= 2

    seen, seat, name = practice.seen_by_mover(reached(seed, fits, skip=0, choose=buying_first), seed)
    right = [rng.choice(seen.legal_moves())]
    wrong = [Buy(c) for c in rng.sample(affordable(seen), 2)]
    return which_move_exercise(
        seed, seen, seat,
        say("All 8 of {name}'s lot markers are in the city, and {name} has {coins} coins. Which of these may {name} "
            "do?", name=name, coins=seen.coins[seat]), right, wrong, label=lambda m: move_words(seen, m),
        why=lambda m: say("Right: {move} is allowed; with no lot marker in supply {name} cannot buy.",
                          move=move_words(seen, m), name=name))


@kind(GAME, "buy-no-money", ["metropolis.buy.no-money"], say("Buying needs coins to pay the slot's price"))
def buy_no_money(seed: int) -> Exercise:
    """On the board: buy the dearest deed the player can pay for."""
    def fits(s: Any) -> bool:
        return buyer(s) and s.coins[s.turn] < max(s.prices)

    seen, seat, name = practice.seen_by_mover(reached(seed, fits), seed)
    coins = seen.coins[seat]
    best = max(p for p in seen.prices if p <= coins)
    target = seen.deed_board[seen.prices.index(best)]

    def wanted(move: Any) -> bool:
        return isinstance(move, Buy) and seen.price(move.cell) == best

    def missed(move: Any) -> Message:
        what = (say("{cell} costs only {price}", cell=move.cell, price=seen.price(move.cell)) if isinstance(move, Buy)
                else say("that is {move}", move=move_said(move)))
        return say("{what}: {target} costs {best} and {name}'s {coins} coins pay for it.", what=what, target=target,
                   best=best, name=name, coins=coins)

    judge = practice.move_judge(
        seen, seat, wanted,
        lambda m: say("Right: {cell} costs {best} coins, the most {name}'s {coins} coins can pay.", cell=m.cell,
                      best=best, name=name, coins=coins),
        missed)
    return posed(seed, seen, seat, say("{name} has {coins}. Buy the dearest deed {name} can pay for.", name=name,
                                       coins=coins_said(coins)), judge)


@kind(GAME, "deed-board", ["metropolis.buy.slide-refill"], say("The deed board slides left and refills"))
def deed_board(seed: int) -> Exercise:
    """A deed is bought: what does a deed to the right of it cost afterwards?"""
    rng = random.Random(seed)

    def fits(s: Any) -> bool:
        return buyer(s) and len(s.deed_board) >= 2

    seen, seat, name = practice.seen_by_mover(reached(seed, fits), seed)
    slots = [k for k, c in enumerate(seen.deed_board[:-1]) if c in affordable(seen)]
    slot = rng.choice(slots)
    later = rng.randrange(slot + 1, len(seen.deed_board))
    bought, asked = seen.deed_board[slot], seen.deed_board[later]
    after = seen.play(Buy(bought))
    answer = after.price(asked)
    pile = seen.pile_size(seen.year)
    slid = say("The deeds right of slot {slot} slide one slot to the left: {cell} moves from slot {later} ({price} "
               "coins) to slot {to} ({answer} coins).", slot=slot + 1, cell=asked, later=later + 1,
               price=PRICES[later], to=later, answer=answer)
    worked = sentences(said(after), slid)
    values = {"year": seen.year, "name": name, "bought": bought, "price": PRICES[slot], "asked": asked}
    if pile:
        question = say("The Year {year} pile still has cards. {name} buys {bought} for {price} coins: what will "
                       "{asked} cost then?", **values)
    else:
        question = say("The Year {year} pile is used up. {name} buys {bought} for {price} coins: what will {asked} "
                       "cost then?", **values)
    return number_exercise(seed, seen, seat, question, answer, worked, "coins")


# --- 3.4 building -----------------------------------------------------------------------------------------------------
def used_up(state: Any) -> tuple[list[str], list[Build]] | None:
    """The tiles of one shape the player to move has built every copy of, and builds of the same shape's tiles
    still in supply on the player's lots; None when there are none."""
    seat = state.turn
    supply = state.supply(seat)
    for shape in dict.fromkeys(TILES[b.tile].shape for b in state.buildings(seat)):
        used = [t for t in TILES if TILES[t].shape == shape and t not in supply]
        spare = [Build(t, f) for t in dict.fromkeys(supply) if TILES[t].shape == shape for f in state.legal_builds(t)]
        if used and spare:
            return used, spare
    return None


@kind(GAME, "build-from-supply", ["metropolis.build.no-tile"], say("You build only a tile still in your supply"))
def build_from_supply(seed: int) -> Exercise:
    """Every copy of a tile stands in the city: which of these may the player build on their lots?"""
    rng = random.Random(seed)
    seen, seat, name = practice.seen_by_mover(reached(seed, lambda s: on_turn(s) and used_up(s) is not None), seed)
    used, spare = used_up(seen)
    right = [rng.choice(spare)]
    spot = right[0].cells
    wrong = [Build(t, spot) for t in used]
    copies = listed(tile_name(t) for t in used)
    return which_move_exercise(
        seed, seen, seat,
        say("Every copy of {copies} that {name} had stands in the city. Which of these may {name} build on {cells}?",
            copies=copies, name=name, cells=cell_list(spot)),
        right, wrong, label=lambda m: move_words(seen, m),
        why=lambda m: say("Right: {tile} is still in {name}'s supply.", tile=tile_name(m.tile), name=name))


BIG = ["C-L3", "C-I3", "H", "I", "D", "E", "J-O4", "J-I4"]


@kind(GAME, "build-footprint", ["metropolis.build.shape", "metropolis.build.not-owned"],
      say("A building covers its shape on your own lots"))
def build_footprint(seed: int) -> Exercise:
    """On the board: build a given tile on the player's lots."""
    rng = random.Random(seed)
    order = rng.sample(BIG, len(BIG))

    def fitting(s: Any) -> list[str]:
        return [t for t in order if t in s.supply(s.turn) and 0 < len(s.legal_builds(t)) <= 4]

    seen, seat, name = practice.seen_by_mover(reached(seed, lambda s: on_turn(s) and bool(fitting(s))), seed)
    tile = fitting(seen)[0]
    where = seen.legal_builds(tile)
    t = TILES[tile]

    def wanted(move: Any) -> bool:
        return isinstance(move, Build) and move.tile == tile

    def missed(move: Any) -> Message:
        return say("that is not {tile}: it fits on {where}.", tile=tile_name(tile),
                   where=listed(cell_list(f) for f in where))

    judge = practice.move_judge(
        seen, seat, wanted,
        lambda m: say("Right: {cells} is {shape}, all {name}'s own lots.", cells=cell_list(m.cells),
                      shape=SHAPE_SAID[t.shape], name=name),
        missed)
    question = say("{name} wants to build {tile}, {shape}. Build it on {name}'s lots.", name=name,
                   tile=tile_name(tile), shape=SHAPE_SAID[t.shape])
    return posed(seed, seen, seat, question, judge)


def over_moves(seen: Any, seat: int) -> list[Build]:
    """Every build of a tile in ``seat``'s supply on its own lots that covers one of its buildings."""
    out = []
    mine = {i for i, o in enumerate(seen.owner) if o == seat}
    if all(seen.site[i] is None for i in mine):
        return out
    for tile in dict.fromkeys(seen.supply(seat)):
        for f in _all_feet(seen.players, TILES[tile].shape):
            if mine.issuperset(f) and any(seen.site[i] is not None for i in f):
                out.append(Build(tile, tuple(NAMES[i] for i in f)))
    return out


def over_choices(state: Any, rule: str, enough: int | None = None) -> tuple[list[Build], list[Build]]:
    """The builds over the mover's buildings the engine allows, and those it refuses by ``rule`` (only the first
    ``enough`` of each, if given)."""
    seat = state.turn
    right: list[Build] = []
    wrong: list[Build] = []
    for move in over_moves(state, seat):
        if enough is not None and len(right) >= enough and len(wrong) >= enough:
            break
        refusal = state.check(move, seat)
        if refusal is None:
            right.append(move)
        elif refusal.rule == rule:
            wrong.append(move)
    return right, wrong


def build_over(seed: int, rule: str, markers: int | None, question: Callable[[str, Any, int], Message]) -> Exercise:
    """Which of these builds over the mover's buildings may they make: one the engine allows, and up to two it
    refuses by ``rule`` (with ``markers`` lot markers in supply, if given); ``question(name, what, covered)`` asks
    it, ``what`` the buildings covered (``covered`` of them)."""

    def fits(s: Any) -> bool:
        if not on_turn(s) or markers is not None and s.markers(s.turn) != markers:
            return False
        right, wrong = over_choices(s, rule, enough=1)
        return bool(right and wrong)

    if markers == 0:
        state = reached(seed, fits, skip=0, choose=buying_first)
    else:
        state = reached(seed, fits)
    seen, seat, name = practice.seen_by_mover(state, seed)
    rng = random.Random(seed)
    right, wrong = over_choices(seen, rule)
    right = [rng.choice(right)]
    wrong = rng.sample(wrong, min(2, len(wrong)))
    covered = list(dict.fromkeys(seen.building_at(c) for m in right + wrong for c in m.cells
                                 if seen.building_at(c) is not None))
    what = listed(say("{tile} on {cells}", tile=tile_name(b.tile), cells=cell_list(b.cells)) for b in covered)
    return which_move_exercise(
        seed, seen, seat, question(name, what, len(covered)), right, wrong,
        label=lambda m: move_words(seen, m),
        why=lambda m: say("Right: {tile} covers only smaller buildings, and {name}'s markers are enough for any cells "
                          "they leave.", tile=tile_name(m.tile), name=name))


@kind(GAME, "build-over", ["metropolis.build.must-be-larger"], say("Only smaller buildings may be built over"))
def build_over_smaller(seed: int) -> Exercise:
    """Which of these builds over the player's building may they make? (Some cover a building as large.)"""
    def question(name: str, what: Any, covered: int) -> Message:
        if covered == 1:
            return say("{name} has {what}. Which of these may {name} build over it?", name=name, what=what)
        return say("{name} has {what}. Which of these may {name} build over them?", name=name, what=what)

    return build_over(seed, "metropolis.build.must-be-larger", None, question)


@kind(GAME, "build-markers", ["metropolis.build.no-markers"], say("Cells a covered building leaves need markers"))
def build_markers(seed: int) -> Exercise:
    """No marker in supply: which of these builds over the player's buildings may they make?"""
    return build_over(seed, "metropolis.build.no-markers", 0, lambda name, what, covered: say(
        "{name} has {what}, and no lot marker in supply. Which of these may {name} build?", name=name, what=what))


@kind(GAME, "build-effects", ["metropolis.build.effects"], say("What a build changes: markers, supply, population"))
def build_effects(seed: int) -> Exercise:
    """A build over the player's buildings or markers: how many markers in supply, or what population, after it?"""
    def legal_over(s: Any) -> list[Build]:
        return [m for m in over_moves(s, s.turn) if s.check(m, s.turn) is None]

    seen, seat, name = practice.seen_by_mover(reached(seed, lambda s: on_turn(s) and bool(legal_over(s))), seed)
    rng = random.Random(seed)
    move = rng.choice(legal_over(seen))
    after = seen.play(move)
    built = said(after)
    data = next(e.data for e in after.events if e.kind == "metropolis.build.effects")
    homes = any(TILES[t].category == RESIDENTIAL for t in (move.tile, *data["covered"]))
    if rng.random() < 0.5 or not homes:
        under = sum(1 for c in move.cells if seen.lots_board[INDEX[c]] == seat)
        answer = after.markers(seat)
        worked = sentences(built, say("{name} had {had} in supply, gets back the {under} under the new building and "
                                      "puts {put} on the cells left: {answer}.", name=name, had=seen.markers(seat),
                                      under=under, put=len(data["vacated"]), answer=answer))
        question = say("{name} builds {tile} on {cells}. How many lot markers will {name} have in supply then?",
                       name=name, tile=tile_name(move.tile), cells=cell_list(move.cells))
        return number_exercise(seed, seen, seat, question, answer, worked, "markers")
    answer = after.population(seat)
    worked = sentences(built, say("(It was {population}.)", population=seen.population(seat)))
    question = say("{name} builds {tile} on {cells}. What will {name}'s population be?", name=name,
                   tile=tile_name(move.tile), cells=cell_list(move.cells))
    return number_exercise(seed, seen, seat, question, answer, worked, "citizens")


# --- 3.5 the end of a year, the end of the game -----------------------------------------------------------------------
def played(seed: int, stop: Callable[[Any], bool]) -> Any:
    """The first position of a game played by seeded random moves (2 to 4 players) where ``stop`` holds."""
    return practice.reached(GAME, seed, stop, random.Random(seed).randint(2, 4), plies=400)


def last_deed_position(seed: int) -> Any:
    rng = random.Random(seed)
    year = rng.randint(1, 3)
    return played(seed, lambda s: s.year == year and s.step == "play" and len(s.board) == 1
                  and s.pile_size(s.year) == 0 and any(isinstance(m, Buy) for m in s.legal_moves()))


@kind(GAME, "last-deed", ["metropolis.year.last-deed"], say("The year's last deed: the token passes, final turns"))
def last_deed(seed: int) -> Exercise:
    """The player to move buys the year's last deed: who takes the first-player token, or the last final turn?"""
    state = last_deed_position(seed)
    seen, seat, name = practice.seen_by_mover(state, seed)
    cell = seen.deed_board[0]
    after = seen.play(Buy(cell))
    event = next(e for e in after.events if e.kind == "metropolis.year.last-deed")
    if random.Random(seed).random() < 0.5:
        right = seen.names[event.seat]
        question = say("{name} buys {cell}, the last deed of Year {year}. Who takes the first-player token?",
                       name=name, cell=cell, year=seen.year)
    else:
        right = seen.names[event.data["buyer"]]
        question = say("{name} buys {cell}, the last deed of Year {year}. Who takes the year's last final turn?",
                       name=name, cell=cell, year=seen.year)
    return fact_exercise(seed, seen, seat, question, list(seen.names), right, event.said, shuffle=True)


def final_turn_position(seed: int, last: bool) -> Any:
    rng = random.Random(seed)
    year = rng.randint(1, 2)
    return played(seed, lambda s: s.year == year and s.step == "final" and (s.finals == 1 or not last and
                                                                             rng.random() < 0.5))


@kind(GAME, "year-score", ["metropolis.year.score"], say("After the final turns the year is scored"))
def year_score(seed: int) -> Exercise:
    """A final turn: what happens after it, the next player's final turn or the year's scoring?"""
    state = final_turn_position(seed, last=False)
    seen, seat, name = practice.seen_by_mover(state, seed)
    nxt = seen.names[(seat + 1) % seen.players]
    after = seen.play(Income())
    scored = any(e.kind == "metropolis.year.score" for e in after.events)
    facts = [say("{name} takes a final turn", name=nxt), say("Year {year} is scored", year=seen.year),
             say("{name} may buy a deed", name=nxt)]
    right = facts[1] if scored else facts[0]
    said_ = sentences(*[e.said for e in after.events if e.kind == "metropolis.income"
                        or e.kind == "metropolis.year.score" and e.seat is None])
    last = seen.names[(seen.token - 1) % seen.players]
    if scored:
        worked = sentences(said_, say("That was the year's last final turn: the turn of {name}, who bought its last "
                                      "deed.", name=last))
    else:
        worked = sentences(said_, say("{name} takes the next final turn; the year is scored after {last}'s.",
                                      name=nxt, last=last))
    question = say("It is {name}'s final turn of Year {year}, and {name} takes income. What happens next?",
                   name=name, year=seen.year)
    return fact_exercise(seed, seen, seat, question, facts, right, worked, shuffle=True)


@kind(GAME, "year-refill", ["metropolis.year.refill"], say("A new year: six deeds, and the token's holder starts"))
def year_refill(seed: int) -> Exercise:
    """The year's last final turn: who starts the next year?"""
    state = final_turn_position(seed, last=True)
    seen, seat, name = practice.seen_by_mover(state, seed)
    after = seen.play(Income())
    event = next(e for e in after.events if e.kind == "metropolis.year.refill")
    question = say("{name} takes the last final turn of Year {year}, and the year is scored. Who takes the first "
                   "turn of Year {next}?", name=name, year=seen.year, next=seen.year + 1)
    return fact_exercise(seed, seen, seat, question, list(seen.names), seen.names[event.seat], event.said,
                         shuffle=True)


@kind(GAME, "game-end", ["metropolis.game.end"], say("Who wins: prestige, then coins"))
def game_end(seed: int) -> Exercise:
    """A finished game (its prestige brought level at the top for some seeds): who wins?"""
    rng = random.Random(seed)
    state = played(seed, lambda s: s.is_over)
    prestige = list(state.prestige)
    if rng.random() < 0.6:  # a tie on prestige at the top: Year 3 gives the runner-up what makes it level
        order = sorted(range(state.players), key=lambda s: -prestige[s])
        gap = prestige[order[0]] - prestige[order[1]]
        prestige[order[1]] += gap
        years = list(state.years)
        years[2] = tuple(p + (gap if s == order[1] else 0) for s, p in enumerate(years[2]))
        coins = list(state.coins)
        if rng.random() < 0.25:
            coins[order[1]] = coins[order[0]]
        state = dataclasses.replace(state, prestige=tuple(prestige), years=tuple(years), coins=tuple(coins))
    seat = rng.randrange(state.players)
    seen = as_seen_by(state, seat, seed)
    names = seen.names
    winners = seen.winners()
    standing = listed((say("{name} {prestige} prestige and {coins}", name=names[s], prestige=seen.prestige[s],
                           coins=coins_said(seen.coins[s])) for s in range(seen.players)), ",")
    facts: list[Message] = [say("{name} wins", name=n) for n in names]
    top = sorted(range(seen.players), key=lambda s: (-seen.prestige[s], -seen.coins[s]))
    facts.append(say("{names} share the win", names=listed([names[top[0]], names[top[1]]])))
    right = (say("{name} wins", name=names[winners[0]]) if len(winners) == 1 else
             say("{names} share the win", names=listed(names[s] for s in winners)))
    if english(right) not in [english(f) for f in facts]:
        facts[-1] = right
    level = [s for s in range(seen.players) if seen.prestige[s] == max(seen.prestige)]
    if len(level) == 1:
        worked = say("{name} has the most prestige, {prestige}.", name=names[level[0]],
                     prestige=seen.prestige[level[0]])
    elif len(winners) == 1:
        worked = say("{names} are level on {prestige} prestige; {name} has the most coins left, {coins}.",
                     names=listed(names[s] for s in level), prestige=max(seen.prestige), name=names[winners[0]],
                     coins=seen.coins[winners[0]])
    else:
        worked = say("{names} are level on prestige and on coins, so they share the win.",
                     names=listed(names[s] for s in winners))
    return fact_exercise(seed, seen, seat, say("The game is over: {standing}. Who wins?", standing=standing), facts,
                         right, worked, shuffle=True)


# --- 4 scoring ------------------------------------------------------------------------------------------------------
def scored_line(seen: Any, seat: int) -> Message:
    """The engine's line of ``seat`` at the scoring of the current year, if it were scored now."""
    scores = seen.year_scores()
    events = render([(R.YearScored, None, seen.year, scores, seen.citizens)], seen.names)
    return next(e.said for e in events if e.seat == seat)


def scoring_turn(seed: int, asked: Callable[[Any, int], bool],
                 years: Sequence[int] = (1, 2, 3)) -> tuple[Any, int, Message]:
    """The last final turn of a year of ``years`` (as the city will be scored if that turn is income) and a seat
    of whom ``asked(state, seat)`` holds, seen by that seat, with the words that set the scene."""
    rng = random.Random(seed)
    year = rng.choice(list(years))
    final = last_final_turn(year)
    state = reached(seed, lambda s: final(s) and any(asked(s, k) for k in range(s.players)), skip=0)
    seat = rng.choice([k for k in range(state.players) if asked(state, k)])
    seen = as_seen_by(state, seat, seed)
    scene = say("{name} takes income on the last final turn of Year {year}, and the year is scored.",
                name=seen.names[seen.turn], year=year)
    return seen, seat, scene


@kind(GAME, "score-residential", ["metropolis.score.residential"], say("Population: the most, and the next higher"))
def score_residential(seed: int) -> Exercise:
    """The year is scored now: what does the player's population score?"""
    seen, seat, scene = scoring_turn(seed, lambda s, k: s.population(k) > 0)
    name = seen.names[seat]
    answer = seen.year_scores()[seat].residential
    pops = listed((say("{name} {population}", name=seen.names[s], population=seen.population(s))
                   for s in range(seen.players)), ",")
    mine = seen.population(seat)
    if mine == max(seen.citizens):
        top = [seen.names[s] for s in range(seen.players) if seen.population(s) == mine]
        most = (say("{name} has the most citizens", name=name) if len(top) == 1 else
                say("{names} share the most citizens, and each scores it", names=listed(top)))
        why = say("{most}: {citizens} + the Year {year} bonus of {bonus} = {answer}.", most=most, citizens=mine,
                  year=seen.year, bonus=BONUS[seen.year], answer=answer)
    else:
        why = (say("{name}'s {citizens} citizens score the next higher population, {answer}.", name=name,
                   citizens=mine, answer=answer) if mine else
               say("{name} has no citizens: {answer}.", name=name, answer=answer))
    question = sentences(scene, say("How much prestige does {name}'s population score?", name=name))
    return number_exercise(seed, seen, seat, question, answer, say("populations {pops}. {why}", pops=pops, why=why),
                           "prestige")


def publics(state: Any, seat: int) -> list[Any]:
    return [b for b in state.buildings(seat) if TILES[b.tile].category == PUBLIC]


@kind(GAME, "score-public", ["metropolis.score.public"], say("A public building scores from its neighbours"))
def score_public(seed: int) -> Exercise:
    """The year is scored now: what does one public building of the player score?"""
    seen, seat, scene = scoring_turn(seed, lambda s, k: bool(publics(s, k)))
    name = seen.names[seat]
    building = random.Random(seed).choice(publics(seen, seat))
    tile, cells_ = building.tile, building.cells
    line = next(x for x in seen.year_scores()[seat].public_lines if x.cells == cells_)
    ring = neighbours(seen.players)
    around = list(dict.fromkeys(seen.site[j] for i in building.at for j in ring[i]
                                if seen.site[j] is not None and seen.site[j] != building))
    beside: Any = (listed(say("{name}'s {building} ({tile})", name=seen.names[b.owner], building=building_word(b.tile),
                              tile=b.tile) for b in around) if around else say("nothing"))
    worked = say("{tile}. Beside it: {beside}. It scores {points}.", tile=tile_said(tile), beside=beside,
                 points=line.points)
    question = sentences(scene, say("What does {name}'s {building} ({tile}) on {cells} score?", name=name,
                                    building=building_word(tile), tile=tile, cells=cell_list(cells_)))
    return number_exercise(seed, seen, seat, question, line.points, worked, "prestige")


@kind(GAME, "score-commercial", ["metropolis.score.commercial"], say("Shops: coins and prestige, in Year 3 prestige"))
def score_commercial(seed: int) -> Exercise:
    """The year is scored now: what prestige (or coins) do the player's shops bring?"""
    seen, seat, scene = scoring_turn(seed, lambda s, k: bool(shops(s, k)))
    rng = random.Random(seed)
    name = seen.names[seat]
    score = seen.year_scores()[seat]
    coins = seen.year < 3 and rng.random() < 0.4
    answer = score.coins if coins else score.commercial
    owned = listed(say("{tile} ({coins}, {prestige} prestige)", tile=tile_name(b.tile),
                       coins=coins_said(TILES[b.tile].coins), prestige=TILES[b.tile].prestige)
                   for b in shops(seen, seat))
    rule = (say("in Year 3 their coins count as prestige, added to the printed prestige") if seen.year == 3 else
            say("in Years 1 and 2 they give their coins and their printed prestige"))
    if coins:
        how = say("How many coins do {name}'s commercial buildings bring?", name=name)
    else:
        how = say("How much prestige do {name}'s commercial buildings bring?", name=name)
    worked = say("{name} has {shops}; {rule}. {line}", name=name, shops=owned, rule=rule, line=scored_line(seen, seat))
    return number_exercise(seed, seen, seat, sentences(scene, how), answer, worked, "coins" if coins else "prestige")


@kind(GAME, "score-empty-lots", ["metropolis.score.empty-lots"], say("Year 3: each empty lot scores 1"))
def score_empty_lots(seed: int) -> Exercise:
    """The year is scored now: what do the player's lot markers in the city score?"""
    seen, seat, scene = scoring_turn(seed, lambda s, k: bool(s.lots(k)), years=(2, 3, 3, 3))
    name = seen.names[seat]
    answer = seen.year_scores()[seat].empty_lots
    count = len(seen.lots(seat))
    if seen.year == 3:
        why = say_n("{name} has {n} lot marker in the city, 1 prestige each in Year 3",
                    "{name} has {n} lot markers in the city, 1 prestige each in Year 3", count, name=name)
    else:
        why = say_n("only Year 3 scores empty lots; {name}'s {n} marker score nothing in Year {year}",
                    "only Year 3 scores empty lots; {name}'s {n} markers score nothing in Year {year}", count,
                    name=name, year=seen.year)
    question = sentences(scene, say("How much prestige do {name}'s empty lots score?", name=name))
    return number_exercise(seed, seen, seat, question, answer, say("{why}: {answer}.", why=why, answer=answer),
                           "prestige")
