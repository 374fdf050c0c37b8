"""The Voyages of Marco Polo's exercise kinds (see ``boardgames.practice``).

Every position comes from the engine: a game dealt from the seed and played by seeded random choices, sometimes
with one seat's things arranged (``State.arrange``) so that the rule bites, only as play could have left them: posts
with their outpost tiles taken and their VP paid (``_with_posts``), a contract in place of one the seat's die took
(``_holding``), coins, camels and goods; ``boardgames.practice.reachable`` checks it. It is always shown as the
learner's seat may know it (``as_seen_by``: the other seats' goal cards, the piles' order and future rolls are drawn
afresh). Answers are worked out on that seen position, so nothing secret reaches a question or its feedback.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from boardgames import marcopolo as mp
from boardgames import practice
from boardgames.core import IllegalMove
from boardgames.core.message import Message, english, listed, say, say_n
from boardgames.marcopolo.board import INDEX, IS_CITY, NAMES, neighbours, place_word
from boardgames.marcopolo.data import (
    BAZAAR,
    BERKE,
    CARD_CITY,
    CARD_SPACES,
    CARPINI,
    CONTRACTS,
    FIRST_GAME,
    LARGE_CITIES,
    POLOS,
    POST_BONUS,
    RASCHID,
    RUBRUCK,
    SMALL_CITIES,
    SMALL_CITY_BONUSES,
    card_said,
    card_space_word,
    character_word,
    good_word,
    reward_said,
    reward_word,
)
from boardgames.marcopolo.moves import dice_said, die_said, move_said
from boardgames.marcopolo.spaces import fee_of, khan_least
from boardgames.marcopolo.state import BAZAAR_SPACE, FIRST_CARD
from boardgames.practice import Choice, Exercise, Feedback, NoExercise, as_seen_by, kind

GAME = "marcopolo"
ROUND_ENDS = "marcopolo.round.end"
LARGE_CITIES_OF = CARD_CITY[:6]  # the city of each of the six single city-card spaces


# ---------------------------------------------------------------------- building blocks of this game
def _players(seed: int) -> int:
    return 2 + seed % 3


def _walk(seed: int, plies: int = 140) -> Iterator[tuple[Any, Any, Any]]:
    """(position, move, next position) of a game dealt from ``seed`` and played by seeded random choices."""
    return practice.walk(GAME, seed, _players(seed), plies)


def _turn_start(seed: int, fits: Callable[[Any], bool] = lambda s: True, skip: int | None = None) -> Any:
    """A position where the player to move has answered every question, holds dice and has not yet taken the
    turn's main action, after some random plies, that ``fits``."""
    rng = random.Random(seed)
    skip = rng.randint(0, 60) if skip is None else skip
    for state in itertools.islice(practice.played(GAME, seed, _players(seed), 400, None), skip, skip + 60):
        if state.agenda or state.main_done:
            continue
        seat = state.current_player
        if seat is not None and state.held[seat] and fits(state):
            return state
    raise NoExercise(seed)


Said = Message | str  # a sentence or a word as a message (a plain str: a name, a number, or nothing said: "")


def _told(state: Any, seat: int, kinds: Sequence[str] = (), who: int | None = None) -> Said:
    """The sentences of ``state``'s last events that ``seat`` may read (of those ``kinds``, about seat ``who``), as
    the events say them (``""`` when none)."""
    return practice.said_of(state, *kinds, viewer=seat, who=who)


def _dice(state: Any, seat: int) -> Said:
    """The dice ``seat`` holds, as the log shows them ("no dice" for none)."""
    return dice_said(state.dice(seat)) or say("no dice")


def _coins(n: int) -> Message:
    return say_n("{n} coin", "{n} coins", n)


def _camels(n: int) -> Message:
    return say_n("{n} camel", "{n} camels", n)


def _steps(n: int) -> Message:
    return say_n("{n} step", "{n} steps", n)


def _place(name: str) -> Message:
    """The place called ``name`` (a figure's place, a path's end) as a word of the game."""
    return place_word(INDEX[name])


def _name(state: Any, seat: int) -> str:
    return state.names[seat]


def _move_choices(seed: int, state: Any, seat: int, question: Said, right: Sequence[Any], wrong: Sequence[Any],
                  why: Callable[[Any], Said], label: Callable[[Any], Said] = move_said) -> Exercise:
    """"Which of these may ...?" (each move labelled ``label(move)``, as it is typed) with every wrong choice refused
    by the engine (checked here, so an exercise never offers a wrong choice the engine would allow)."""
    if not right or not wrong:
        raise NoExercise(seed)
    if any(state.check(m, seat) is not None for m in right) or any(state.check(m, seat) is None for m in wrong):
        raise NoExercise(seed)
    return practice.which_move_exercise(seed, state, seat, question, right, wrong, label=label, why=why)


def _round_end(seed: int) -> tuple[Any, int, Any]:
    """The position before the move that ends a round (round 1 to 4, by the seed), seen by its player, the
    player and the position after it."""
    target = 1 + seed % 4
    for state, move, after in _walk(seed, plies=40 * target + 60):
        if state.round == target and after.round == target + 1:
            seat = state.current_player
            seen = as_seen_by(state, seat, seed)
            return seen, seat, seen.play(move)
    raise NoExercise(seed)


def _after_round_end(move_after: Any) -> list[Any]:
    """The positions from the round's end to the new round's roll (the questions answered by their first option)."""
    out = [move_after]
    state = move_after
    for _ in range(12):
        if any(e.kind == "marcopolo.round.roll" for e in state.events) or not state.agenda:
            break
        state = state.play(state.legal_moves()[0])
        out.append(state)
    return out


def _events(states: Sequence[Any], seat: int, kinds: Sequence[str], who: int | None = None) -> Said:
    return practice.sentences(*(_told(s, seat, kinds, who) for s in states))


def _holding(state: Any, seat: int, contract: int) -> Any:
    """``state`` with ``contract`` in place of the first contract ``seat`` holds (the one its die took, as chance
    might have dealt it), and just the camels and goods it costs; ``ValueError`` when the seat holds none."""
    if not state.hands[seat]:
        raise ValueError(f"{state.names[seat]} holds no contract")
    c = CONTRACTS[contract]
    held = [contract, *(k for k in state.hands[seat][1:] if k != contract)]
    return state.arrange(seat, contracts=held, camels=c.camels, pepper=c.pepper, silk=c.silk, gold=c.gold)


def _fulfilled(state: Any, seat: int, contract: int) -> Any:
    """``state`` after ``seat``, holding ``contract`` (``_holding``) with just what it costs, fulfils it."""
    return _holding(state, seat, contract).play(mp.Fulfil(contract))


def _holds_contract(s: Any) -> bool:
    return bool(s.hands[s.current_player])


def _contracts_first(rng: random.Random, state: Any) -> Any:
    """Contracts taken every other time they may be, otherwise any kind of move alike: a game whose contract
    board is soon emptied."""
    takes = [m for m in state.legal_moves() if isinstance(m, mp.TakeContracts)]
    return rng.choice(takes) if takes and rng.random() < 0.5 else practice.by_kind_of_move(rng, state)


def _with_posts(state: Any, seat: int, posts: Sequence[int]) -> Any:
    """``state`` with ``seat``'s trading posts in ``posts`` as play would have left them: the first post in a large
    city has taken its outpost tile, and the 8th and 9th posts have paid their VP."""
    before = len(state.post_list[seat])
    arranged = state.arrange(seat, posts=[NAMES[p] for p in dict.fromkeys(posts)])
    placed = {p for k in range(arranged.players) for p in arranged.post_list[k]}
    tiles = tuple(0 if city in placed else tile for city, tile in zip(LARGE_CITIES, arranged.tiles))
    paid = sum(vp for count, vp in POST_BONUS.items() if before < count <= len(arranged.post_list[seat]))
    return arranged.redrawn(tiles=tiles).arrange(seat, vp=arranged.vp[seat] + paid)


def _fulfils(contract: int) -> Message:
    """What fulfilling ``contract`` pays: its VP and its other reward."""
    c = CONTRACTS[contract]
    return say("contract {contract} pays {vp} VP and {reward}", contract=contract, vp=c.vp, reward=reward_said(c.text))


# ---------------------------------------------------------------------- setup
@kind(GAME, "player-count", ["marcopolo.setup.players"], say("How many may play"))
def player_count(seed: int) -> Exercise:
    """The fewest or the most players a game takes, as ``new_game`` accepts them."""

    def takes(n: int) -> bool:
        try:
            mp.new_game(n, seed=seed)
        except ValueError:
            return False
        return True

    state = mp.new_game(_players(seed), seed=seed)
    most = seed % 2 == 0
    counts = [n for n in range(1, 8) if takes(n)]
    answer = max(counts) if most else min(counts)
    labels = [str(n) for n in (range(answer - 1, answer + 3) if most else range(answer - 1, answer + 3))]
    names = listed(state.names)
    question = (say("{names} sit down to play. At most how many players does a game take?", names=names) if most
                else say("{names} sit down to play. At least how many players does a game take?", names=names))
    worked = say("a game takes {least} to {most} players.", least=min(counts), most=max(counts))
    return practice.fact_exercise(seed, as_seen_by(state, 0, seed), 0, question, labels, str(answer), worked)


@kind(GAME, "first-game-characters", ["marcopolo.setup.characters"], say("The characters of a first game"))
def first_game_characters(seed: int) -> Exercise:
    """This first game gives the characters by seat from Ada, its start player: who plays what when another
    player starts?"""
    rng = random.Random(seed)
    n = _players(seed)
    state = mp.new_game(n, seed=seed)
    start = rng.randrange(1, n)
    asked = rng.randrange(n)
    other = mp.new_game(n, seed=seed, first_player=start)
    answer = other.character(asked)
    question = say("In this first game {first} is start player. In a first game where {start} starts, which "
                   "character does {asked} play?", first=state.names[0], start=state.names[start],
                   asked=state.names[asked])
    characters = [character_word(c) for c in FIRST_GAME[:n]]
    worked = say("a first game gives {order} by seat from the start player, so with {start} first {asked} plays "
                 "{character}.", order=listed(characters, ","), start=state.names[start], asked=state.names[asked],
                 character=character_word(answer))
    return practice.fact_exercise(seed, as_seen_by(state, asked, seed), asked, question, characters,
                                  character_word(answer), worked)


# ---------------------------------------------------------------------- a round's start and end
@kind(GAME, "compensation", ["marcopolo.round.compensation"], say("Compensation for a low roll"))
def compensation(seed: int) -> Exercise:
    """A player's first roll sums to less than 15: how many coins and camels in all do they take?"""
    rng = random.Random(seed)
    n = _players(seed)
    dealt = mp.new_game(n, seed=seed)
    rolls = [[rng.randint(1, 6) for _ in range(len(dealt.held[s]))] for s in range(n)]
    low = rng.choice([s for s in range(n) if dealt.chars[s] != RASCHID])
    rolls[low] = [rng.randint(1, 3) for _ in rolls[low]]
    state = mp.new_game(n, seed=seed, rolls=rolls)
    if not (state.agenda and state.agenda[0][0] == "mix"):
        raise NoExercise(seed)
    seat = state.agenda[0][1]
    seen = as_seen_by(state, seat, seed)
    taken = seen.play(seen.legal_moves()[0])
    data = next(e.data for e in taken.events if e.data.get("coins") is not None)
    total = data["coins"] + data["camels"]
    roll = sum(d.value for d in seen.dice(seat))
    name = _name(seen, seat)
    question = say("{name} rolled {dice}. How many coins and camels in all does {name}'s compensation give?",
                   name=name, dice=_dice(seen, seat))
    worked = say("the dice sum to {roll}, {total} short of 15, so {name} takes {total} coins and camels in any mix.",
                 roll=roll, total=total, name=name)
    return practice.number_exercise(seed, seen, seat, question, total, worked)


@kind(GAME, "start-player", ["marcopolo.round.start-player"], say("Who starts the next round"))
def start_player(seed: int) -> Exercise:
    """The round's last move: who is start player of the next round?"""
    seen, seat, after = _round_end(seed)
    if after.is_over:
        raise NoExercise(seed)
    r = seen.round
    answer = _name(after, after.start)
    travelled = seen.traveller
    why = (say("{name} placed dice on Travel last this round", name=_name(seen, travelled)) if travelled >= 0
           else say("nobody placed dice on Travel this round"))
    worked = say("{why}. {told}", why=why, told=_told(after, seat, ['marcopolo.round.start-player']))
    question = say("{name} ends the turn, and round {round} ends. Who is start player of round {next}?",
                   name=_name(seen, seat), round=r, next=r + 1)
    return practice.fact_exercise(seed, seen, seat, question, list(seen.names), answer, worked)


@kind(GAME, "new-round-dice", ["marcopolo.round.collect", "marcopolo.round.roll"], say("The dice of a new round"))
def new_round_dice(seed: int) -> Exercise:
    """The round's last move: how many dice does a player have when the next round begins?"""
    seen, seat, after = _round_end(seed)
    if after.is_over:
        raise NoExercise(seed)
    rng = random.Random(seed)
    blacks = [s for s, d in (x for dice in seen.spaces for x in dice) if s >= 0 and d.kind == "black"]
    asked = rng.choice(blacks) if blacks and rng.random() < 0.7 else rng.randrange(seen.players)
    states = _after_round_end(after)
    rolled = states[-1]
    answer = len(rolled.held[asked])
    r = seen.round
    name = _name(seen, asked)
    worked = say("every die comes back to its owner and the black dice to the supply; {told}",
                 told=_events(states, seat, ['marcopolo.round.roll'], asked))
    question = say("{name} ends the turn, and round {round} ends. How many dice does {asked} have when round {next} "
                   "begins?", name=_name(seen, seat), round=r, asked=name, next=r + 1)
    return practice.number_exercise(seed, seen, seat, question, answer, worked)


@kind(GAME, "round-income", ["marcopolo.round.income"], say("Income at a round's start"))
def round_income(seed: int) -> Exercise:
    """The round's last move, one player holding posts in small cities: how many coins does their income give?"""
    seen, seat, _after = _round_end(seed)
    rng = random.Random(seed)
    asked = rng.randrange(seen.players)
    plain = [c for c, m in zip(SMALL_CITIES, seen.markers) if isinstance(SMALL_CITY_BONUSES[m].reward[0], tuple)
             and len(SMALL_CITY_BONUSES[m].reward) == 1]
    coined = [c for c, m in zip(SMALL_CITIES, seen.markers) if c in plain and SMALL_CITY_BONUSES[m].reward[0][0]]
    if not coined or seen.posts_left(asked) < 2:
        raise NoExercise(seed)
    mine = [p for p in seen.post_list[asked] if p not in SMALL_CITIES or p in plain]
    extra = rng.sample(plain, min(len(plain), rng.randint(1, 2)))
    if not any(c in coined for c in extra):
        extra[0] = rng.choice(coined)
    try:
        arranged = _with_posts(seen, asked, mine + extra)
    except ValueError as error:
        raise NoExercise(seed) from error
    before = as_seen_by(arranged, seat, seed)
    move = next(m for m in before.legal_moves() if isinstance(m, mp.EndTurn))
    after = before.play(move)
    if after.is_over:
        raise NoExercise(seed)
    states = _after_round_end(after)
    coins = sum(e.data.get("coins", 0) for s in states for e in s.events
                if e.kind == "marcopolo.round.income" and e.seat == asked)
    told = _events(states, seat, ["marcopolo.round.income"], asked)
    name = _name(before, asked)
    r = before.round
    question = say("{name} ends the turn, and round {round} ends. How many coins does {asked}'s income give at the "
                   "start of round {next}?", name=_name(before, seat), round=r, asked=name, next=r + 1)
    if told == "":
        told = say("{name} has no income in coins.", name=name)
    worked = say("{told} That is {coins}.", told=told, coins=_coins(coins))
    return practice.number_exercise(seed, before, seat, question, coins, worked)


@kind(GAME, "round-end", ["marcopolo.round.end"], say("Leftover contracts at a round's end"))
def round_end(seed: int) -> Exercise:
    """The round's last move: how many contracts go under the special pile?"""
    seen, seat, after = _round_end(seed)
    if after.is_over:
        raise NoExercise(seed)
    event = next(e for e in after.events if e.kind == ROUND_ENDS)
    answer = len(event.data["leftovers"])
    r = seen.round
    question = say("{name} ends the turn, and round {round} ends. How many contracts go under the special pile?",
                   name=_name(seen, seat), round=r)
    worked = say("the contracts left on the board go under the special pile. {told}",
                 told=_told(after, seat, [ROUND_ENDS]))
    return practice.number_exercise(seed, seen, seat, question, answer, worked)


@kind(GAME, "winner", ["marcopolo.game.end"], say("Who wins"))
def winner(seed: int) -> Exercise:
    """The game is over, two players level on VP: who wins?"""
    last = None
    for state, move, after in _walk(seed, plies=400):
        if after.is_over:
            last = state, move
    if last is None:
        raise NoExercise(seed)
    rng = random.Random(seed)
    seats = list(range(last[0].players))
    a, b = rng.sample(seats, 2)
    # the last move played on the position as the learner's seat may know it: the final scoring then reveals
    # the goal cards of that world
    final = as_seen_by(last[0], a, seed).play(last[1])
    top = max(final.vp)
    camels = rng.choice([(3, 5), (4, 2), (3, 3)])
    try:
        seen = final.arrange(a, vp=top, camels=camels[0]).arrange(b, vp=top, camels=camels[1])
    except ValueError as error:
        raise NoExercise(seed) from error
    names = seen.names
    won = seen.winners()
    shared = say("{names} share the win", names=listed([names[s] for s in won]))
    labels: list[Said] = [*names, say("{names} share the win", names=listed([names[a], names[b]]))]
    answer = names[won[0]] if len(won) == 1 else shared
    if answer not in labels:
        raise NoExercise(seed)
    tally = listed([say("{name} {vp} VP, {camels}", name=names[s], vp=seen.vp[s], camels=_camels(seen.camels[s]))
                    for s in seats], ";")
    question = say("The game is over: {tally}. Who wins?", tally=tally)
    worked = (say("the most VP wins, a tie goes to the most camels, then the win is shared: {name} wins.", name=answer)
              if len(won) == 1 else
              say("the most VP wins, a tie goes to the most camels, then the win is shared: {shared}.", shared=answer))
    return practice.fact_exercise(seed, seen, a, question, labels, answer, worked)


# ---------------------------------------------------------------------- turns
@kind(GAME, "who-plays-next", ["marcopolo.turn.no-dice"], say("A player with no dice is skipped"))
def who_plays_next(seed: int) -> Exercise:
    """A turn ends while the next player has no dice: who plays next?"""
    for state, move, after in _walk(seed, plies=60 + seed % 80):
        if not isinstance(move, mp.EndTurn) or after.round != state.round:
            continue
        ended = next((e for e in after.events if e.kind == "marcopolo.turn.main-action"), None)
        if ended is None or not ended.data.get("skipped"):
            continue
        seat = state.current_player
        seen = as_seen_by(state, seat, seed)
        nxt = seen.play(move)
        answer = _name(nxt, nxt.turn)
        skipped = [seen.names[s] for s in ended.data["skipped"]]
        question = say("{name} ends the turn. Who plays next?", name=_name(seen, seat))
        worked = say_n("{names} has no dice left and is skipped: {told}",
                       "{names} have no dice left and are skipped: {told}", len(skipped), names=listed(skipped),
                       told=_told(nxt, seat, ['marcopolo.turn.main-action']))
        return practice.fact_exercise(seed, seen, seat, question, list(seen.names), answer, worked)
    raise NoExercise(seed)


@kind(GAME, "whose-turn", ["marcopolo.turn.not-your-turn"], say("Only the player to move may move"))
def whose_turn(seed: int) -> Exercise:
    """Several players want to act: which of these moves may be made now?"""
    state = _turn_start(seed, lambda s: all(s.held[k] for k in range(s.players)))
    seat = state.current_player
    seen = as_seen_by(state, seat, seed)
    rng = random.Random(seed)
    mine = [m for m in seen.legal_moves() if not isinstance(m, (mp.EndTurn, mp.Choose))]
    if not mine:
        raise NoExercise(seed)
    offers = [(seat, rng.choice(mine))]
    for other in range(seen.players):
        if other != seat:
            die = seen.held[other][-1]
            offers.append((other, mp.CoinBag(die if not die.unset else mp.Die(3, die.kind))))
    rng.shuffle(offers)
    labels = {o: say("{name}: {move}", name=seen.names[o[0]], move=move_said(o[1])) for o in offers}
    choices = tuple(Choice(labels[o], o[1]) for o in offers)
    by_label = {english(labels[o]): o for o in offers}  # by a label's English (a choice's label, or its message)
    name = _name(seen, seat)

    def judge(choice: Any) -> Feedback:
        label = english(choice.label if isinstance(choice, Choice) else choice)
        if label not in by_label:
            return practice.told(False, say("Choose one of the answers."))
        who, move = by_label[label]
        error = seen.check(move, who)
        if error is not None:
            return practice.refused(error)
        return practice.told(True, say("Right: it is {name}'s turn, and only {name} may move.", name=name))

    question = say("Which of these may be played now?")
    return practice.posed(seed, seen, seat, question, judge, choices)


@kind(GAME, "one-main-action", ["marcopolo.turn.main-action"], say("One main action a turn"))
def one_main_action(seed: int) -> Exercise:
    """The main action is taken and dice are left: which of these may the player still do?"""
    for _state, _move, after in _walk(seed, plies=30 + seed % 90):
        seat = after.current_player
        if after.agenda or not after.main_done or seat is None or not after.held[seat] or after.turn != seat:
            continue
        if after.chars[seat] == RASCHID:
            continue
        seen = as_seen_by(after, seat, seed)
        held = seen.held[seat]
        wrong = [mp.FiveCoins(held[0])]
        if len(held) >= 2:
            wrong.append(mp.Bazaar("camel", (held[-1],)))
        name = _name(seen, seat)
        question = say("{name} has taken this turn's main action and still holds {dice}. Which of these may {name} "
                       "do now?", name=name, dice=_dice(seen, seat))
        return _move_choices(seed, seen, seat, question, [mp.EndTurn()], wrong,
                             lambda m, name=name: say("Right: one main action a turn; {name} may end the turn (or "
                                                      "take bonus actions).", name=name))
    raise NoExercise(seed)


@kind(GAME, "answer-first", ["marcopolo.contract.hand-limit", "marcopolo.bonus.not-during-action"],
      say("A third contract, and the question it leaves open"))
def answer_first(seed: int) -> Exercise:
    """A player with 2 contracts takes a third: which of these may they do while the question is open?"""
    def fits(s: Any) -> bool:
        seat = s.current_player
        return s.chars[seat] != RASCHID and len(s.hands[seat]) == 2 and any(
            isinstance(m, mp.TakeContracts) and len(m.spaces) == 1 for m in s.legal_moves())

    state = _turn_start(seed, fits)
    seat = state.current_player
    rng = random.Random(seed)
    seen = as_seen_by(state, seat, seed)
    takes = [m for m in seen.legal_moves() if isinstance(m, mp.TakeContracts) and len(m.spaces) == 1]
    if not takes:
        raise NoExercise(seed)
    take = rng.choice(takes)
    before = seen.hands[seat]
    after = seen.play(take)
    if not (after.agenda and after.agenda[0][0] == "discard"):
        raise NoExercise(seed)
    new = after.agenda[0][2]
    old = rng.choice(before)
    name = _name(after, seat)
    wrong = [mp.Choose(f"discard contract {new}"), mp.BuyBlackDie()]
    if after.held[seat]:
        wrong.append(mp.CoinBag(after.held[seat][0]))
    question = say("{name} took contract {contract} while holding contracts {held}. Which of these may {name} do "
                   "now?", name=name, contract=new, held=listed(before))
    return _move_choices(seed, after, seat, question, [mp.Choose(f"discard contract {old}")], wrong,
                         lambda m: say("Right: {name} holds at most 2 contracts, so an older one goes, and that "
                                       "question is answered before any bonus action.", name=name))


# ---------------------------------------------------------------------- dice and spaces
@kind(GAME, "own-dice", ["marcopolo.dice.not-yours"], say("Only your own dice"))
def own_dice(seed: int) -> Exercise:
    """Which of these placements uses only dice the player holds?"""
    def fits(s: Any) -> bool:
        return s.chars[s.current_player] != RASCHID and any(isinstance(m, mp.FiveCoins) for m in s.legal_moves())

    state = _turn_start(seed, fits)
    seat = state.current_player
    seen = as_seen_by(state, seat, seed)
    values = {d.value for d in seen.held[seat] if d.kind == "own"}
    right = [m for m in seen.legal_moves() if isinstance(m, mp.FiveCoins)][:1]
    missing = [v for v in range(1, 7) if v not in values]
    if not missing:
        raise NoExercise(seed)
    rng = random.Random(seed)
    wrong = [mp.FiveCoins(mp.Die(rng.choice(missing)))]
    if not any(d.kind == "black" for d in seen.held[seat]):
        wrong.append(mp.FiveCoins(mp.Die(rng.randint(1, 6), "black")))
    name = _name(seen, seat)
    return _move_choices(seed, seen, seat,
                         say("{name} holds {dice}. Which of these may {name} do?", name=name, dice=_dice(seen, seat)),
                         right, wrong,
                         lambda m: say("Right: {die} is one of {name}'s dice.", die=die_said(m.die), name=name))


@kind(GAME, "bazaar", ["marcopolo.dice.count", "marcopolo.bazaar.column"], say("Dice on a bazaar"))
def bazaar(seed: int) -> Exercise:
    """On the board: take silk or gold at the best column the player's dice allow."""
    rng = random.Random(seed)
    good = rng.choice(["silk", "gold"])

    def fits(s: Any) -> bool:
        return s.chars[s.current_player] != RASCHID and any(isinstance(m, mp.Bazaar) and m.good == good
                                                              for m in s.legal_moves())

    state = _turn_start(seed, fits)
    seat = state.current_player
    seen = as_seen_by(state, seat, seed)
    legal = [m for m in seen.legal_moves() if isinstance(m, mp.Bazaar) and m.good == good]
    best = max(m.column for m in legal)
    count = BAZAAR[good][0]
    name = _name(seen, seat)

    def wanted(m: Any) -> bool:
        return isinstance(m, mp.Bazaar) and m.good == good and m.column == best

    question = say_n("{name} holds {dice}. Place {n} die on the {good} bazaar for the best column they allow.",
                     "{name} holds {dice}. Place {n} dice on the {good} bazaar for the best column they allow.", count,
                     name=name, dice=_dice(seen, seat), good=good_word(good))
    judge = practice.move_judge(
        seen, seat, wanted,
        lambda m: say("Right: the lowest die placed, {low}, gives column {column}.",
                      low=min(d.value for d in m.dice), column=best),
        lambda m: (say("That takes column {column} of the {good} bazaar; {name}'s dice reach column {best}.",
                       column=m.column, good=good_word(good), name=name, best=best)
                   if isinstance(m, mp.Bazaar) and m.good == good
                   else say("That is not the {good} bazaar.", good=good_word(good))))
    return practice.posed(seed, seen, seat, question, judge)


@kind(GAME, "colour-once", ["marcopolo.dice.colour-once"], say("Your colour once on a space"))
def colour_once(seed: int) -> Exercise:
    """The player's colour already stands on a bazaar: which of these may they do?"""
    def mine(s: Any) -> list[str]:
        seat = s.current_player
        return [g for g, space in BAZAAR_SPACE.items()
                if any(o == seat and d.kind == "own" for o, d in s.spaces[space])]

    def fits(s: Any) -> bool:
        seat = s.current_player
        return bool(mine(s)) and s.chars[seat] != RASCHID and len(s.held[seat]) >= 1

    state = _turn_start(seed, fits, skip=random.Random(seed).randint(4, 70))
    seat = state.current_player
    seen = as_seen_by(state, seat, seed)
    good = mine(seen)[0]
    count = BAZAAR[good][0]
    own = [d for d in seen.held[seat] if d.kind == "own"]
    if len(own) < count:
        raise NoExercise(seed)
    wrong = [mp.Bazaar(good, tuple(own[:count]))]
    right = [m for m in seen.legal_moves() if not isinstance(m, (mp.EndTurn, mp.Choose))
             and not (isinstance(m, mp.Bazaar) and m.good == good)][:1]
    name = _name(seen, seat)
    question = say("{name}'s colour already stands on the {good} bazaar this round. Which of these may {name} do?",
                   name=name, good=good_word(good))
    return _move_choices(seed, seen, seat, question, right, wrong,
                         lambda m: say("Right: {name}'s colour is not yet on that space.", name=name))


@kind(GAME, "occupied-space", ["marcopolo.space.fee", "marcopolo.space.cannot-pay"],
      say("The fee of an occupied space"))
def occupied_space(seed: int) -> Exercise:
    """An occupied bazaar and few coins: which of these dice may the player place there?"""
    def spots(s: Any) -> list[str]:
        seat = s.current_player
        return [g for g in ("camel", "pepper") if s.spaces[BAZAAR_SPACE[g]]
                and not any(o == seat and d.kind == "own" for o, d in s.spaces[BAZAAR_SPACE[g]])]

    def fits(s: Any) -> bool:
        seat = s.current_player
        values = {d.value for d in s.held[seat]}
        return bool(spots(s)) and s.chars[seat] not in (RASCHID, BERKE) and len(values) >= 2

    state = _turn_start(seed, fits, skip=random.Random(seed).randint(2, 60))
    seat = state.current_player
    values = sorted({d.value for d in state.held[seat] if d.kind == "own"})
    if len(values) < 2:
        raise NoExercise(seed)
    rng = random.Random(seed)
    k = rng.randrange(len(values) - 1)
    coins = values[k]
    seen = as_seen_by(state.arrange(seat, coins=coins), seat, seed)
    good = spots(seen)[0]
    right = [mp.Bazaar(good, (mp.Die(v),)) for v in values[: k + 1]][-1:]
    wrong = [mp.Bazaar(good, (mp.Die(v),)) for v in values[k + 1:]][:2]
    name = _name(seen, seat)
    question = say("The {good} bazaar is occupied and {name} has {coins}. Which of these may {name} place there?",
                   good=good_word(good), name=name, coins=_coins(coins))
    return _move_choices(seed, seen, seat, question, right, wrong,
                         lambda m: say("Right: the fee is the lowest die placed, {fee}, and {name} can pay it.",
                                       fee=_coins(m.dice[0].value), name=name))


@kind(GAME, "space-taken", ["marcopolo.space.taken"], say("A city card holds one die a round"))
def space_taken(seed: int) -> Exercise:
    """Another player used a city card this round, and the player has a post there too: which of these may they
    do?"""
    state = _turn_start(seed)
    first = state.current_player
    rng = random.Random(seed)
    order = list(range(6))
    rng.shuffle(order)
    for k in order:
        city, card = CARD_CITY[k], CARD_SPACES[k]
        try:
            ready = _with_posts(state, first, state.post_list[first] + (city,))
        except ValueError:
            continue
        uses = [m for m in ready.legal_moves() if isinstance(m, mp.CityCard) and m.city == card]
        if not uses:
            continue
        after = ready.play(rng.choice(uses))
        for _ in range(6):
            if not after.agenda:
                break
            after = after.play(after.legal_moves()[0])
        if after.agenda or after.check(mp.EndTurn()) is not None:
            continue
        nxt = after.play(mp.EndTurn())
        seat = nxt.current_player
        if seat is None or seat == first or nxt.agenda or nxt.round != state.round:
            continue
        try:
            mine = _with_posts(nxt, seat, nxt.post_list[seat] + (city,))
        except ValueError:
            continue
        seen = as_seen_by(mine, seat, seed)
        die = seen.held[seat][-1]
        wrong = [mp.CityCard(card, die if not die.unset else mp.Die(3, die.kind), 1)]
        right = [m for m in seen.legal_moves() if not isinstance(m, (mp.EndTurn, mp.Choose, mp.CityCard))][:1]
        name = _name(seen, seat)
        question = say("{name} has a trading post in {place}, and {other} used its city card ({card}) this round. "
                       "Which of these may {name} do?", name=name, place=place_word(city), other=_name(seen, first),
                       card=card_space_word(card))
        return _move_choices(seed, seen, seat, question, right, wrong,
                             lambda m, name=name, card=card: say("Right: {move} is open to {name}; the {card} card "
                                                                 "is taken for this round.", move=move_said(m),
                                                                 name=name, card=card_space_word(card)))
    raise NoExercise(seed)


@kind(GAME, "khans-favor", ["marcopolo.khan.too-low"], say("Khan's Favor fills upwards"))
def khans_favor(seed: int) -> Exercise:
    """On the board: place a die on Khan's Favor, whose next slot needs at least the die before."""
    def fits(s: Any) -> bool:
        seat = s.current_player
        least = khan_least(s)
        values = [d.value for d in s.held[seat]]
        return (s.chars[seat] != RASCHID and least > 1 and min(values) < least
                and any(isinstance(m, mp.KhansFavor) for m in s.legal_moves()))

    state = _turn_start(seed, fits, skip=random.Random(seed).randint(1, 40))
    seat = state.current_player
    seen = as_seen_by(state, seat, seed)
    least = khan_least(seen)
    name = _name(seen, seat)
    question = say("{name} holds {dice}. Place one of them on Khan's Favor.", name=name, dice=_dice(seen, seat))
    judge = practice.move_judge(
        seen, seat, lambda m: isinstance(m, mp.KhansFavor),
        lambda m: say("Right: the last die there is a {least}, and {value} is at least that.", least=least,
                      value=m.die.value),
        lambda m: say("That is not Khan's Favor: its next slot takes a die of at least {least}.", least=least))
    return practice.posed(seed, seen, seat, question, judge)


# ---------------------------------------------------------------------- travel and posts
@kind(GAME, "travel-steps", ["marcopolo.travel.steps"], say("How far Travel goes"))
def travel_steps(seed: int) -> Exercise:
    """On the board: travel to a place some steps away, with dice that allow it."""
    def trips(s: Any) -> list[Any]:
        return [m for m in s.legal_moves() if isinstance(m, mp.Travel) and len(m.path) >= 2 and not m.path2]

    def fits(s: Any) -> bool:
        seat = s.current_player
        values = sorted(d.value for d in s.held[seat])
        return s.chars[seat] not in (RASCHID, POLOS, CARPINI) and bool(trips(s)) and len(values) >= 3 and values[0] < 6

    state = _turn_start(seed, lambda s: fits(s.arrange(s.current_player, coins=max(s.coins[s.current_player], 25))))
    seat = state.current_player
    seen = as_seen_by(state.arrange(seat, coins=max(state.coins[seat], 25)), seat, seed)
    rng = random.Random(seed)
    here = seen.figures(seat)[0]
    ends = sorted({m.path[-1] for m in trips(seen)})
    far = max(mp.distance(here, e) for e in ends)
    target = rng.choice([e for e in ends if mp.distance(here, e) == far])
    low = min(d.value for d in seen.held[seat])
    if low >= far:
        raise NoExercise(seed)
    name = _name(seen, seat)
    question = say("{name} holds {dice} and stands in {place}. Travel to {target}, {steps} away.", name=name,
                   dice=_dice(seen, seat), place=_place(seen.figures(seat)[0]), target=_place(target),
                   steps=_steps(far))

    def wanted(m: Any) -> bool:
        return isinstance(m, mp.Travel) and m.ends == (target,)

    judge = practice.move_judge(seen, seat, wanted,
                                lambda m: say("Right: the lower die, {low}, allows {steps}, and {target} is {away} "
                                              "away.", low=min(d.value for d in m.dice),
                                              steps=_steps(min(d.value for d in m.dice)), target=_place(target),
                                              away=_steps(len(m.path))),
                                lambda m: say("That does not end in {target}.", target=_place(target)))
    return practice.posed(seed, seen, seat, question, judge)


@kind(GAME, "travel-cost", ["marcopolo.travel.cannot-pay"], say("Paying for a trip"))
def travel_cost(seed: int) -> Exercise:
    """Few coins: which of these trips can the player pay for?"""
    def fits(s: Any) -> bool:
        return s.chars[s.current_player] not in (RASCHID, POLOS)

    state = _turn_start(seed, fits)
    seat = state.current_player
    rich = state.arrange(seat, coins=30)
    here = rich.figures(seat)[0]
    trips = [m for m in rich.legal_moves() if isinstance(m, mp.Travel) and len(set(m.path)) == len(m.path)
             and here not in m.path]
    costs = {}
    for m in trips:
        costs.setdefault(rich.trip_cost(m)[0] + fee_of(rich, seat, 0, m.dice), m)
    if len(costs) < 2:
        raise NoExercise(seed)
    rng = random.Random(seed)
    ordered = sorted(costs)
    k = rng.randrange(len(ordered) - 1)
    coins = ordered[k]
    seen = as_seen_by(state.arrange(seat, coins=coins), seat, seed)
    right = [costs[ordered[k]]]
    wrong = [costs[c] for c in ordered[k + 1:]][:2]
    name = _name(seen, seat)
    question = say("{name} has {coins} and {camels}. Which of these trips can {name} pay for?", name=name,
                   coins=_coins(coins), camels=_camels(seen.camels[seat]))
    return _move_choices(seed, seen, seat, question, right, wrong,
                         lambda m: say("Right: that trip costs {coins} with the fee, all {name} has.",
                                       coins=_coins(coins), name=name))


@kind(GAME, "arrival", ["marcopolo.travel.arrive"], say("What a stop brings"))
def arrival(seed: int) -> Exercise:
    """Several trips: which one brings the player the gain named?"""
    def fits(s: Any) -> bool:
        return s.chars[s.current_player] not in (RASCHID, POLOS, RUBRUCK)

    state = _turn_start(seed, fits, skip=random.Random(seed).randint(0, 30))
    seat = state.current_player
    seen = as_seen_by(state.arrange(seat, coins=max(state.coins[seat], 20)), seat, seed)
    gains: dict[str, Any] = {}  # a gain's English (the order the choices are drawn in) -> the trip
    words: dict[str, Any] = {}  # a gain's English -> the gain as the log says it
    for m in seen.legal_moves():
        if isinstance(m, mp.Travel) and m.ends[0] not in gains.values():
            first = next((e for e in seen.play(m).events if e.kind == "marcopolo.travel.arrive"), None)
            gain = _arrival_gain(first.said) if first is not None else None
            if gain is not None:
                gains.setdefault(english(gain), m)
                words.setdefault(english(gain), gain)
    if len(gains) < 2:
        raise NoExercise(seed)
    rng = random.Random(seed)
    wanted_gain = rng.choice(sorted(gains))
    move = gains[wanted_gain]
    others = [m for g, m in sorted(gains.items()) if g != wanted_gain][:3]
    name = _name(seen, seat)
    choices = [move, *others]
    rng.shuffle(choices)
    question = say('Which of these trips gives {name} "{gain}" where the figure stops?', name=name,
                   gain=words[wanted_gain])

    def judge(choice: Any) -> Feedback:
        m = choice.move if isinstance(choice, Choice) else choice
        error = seen.check(m, seat)
        if error is not None:
            return practice.refused(error)
        said = _told(seen.play(m), seat, ["marcopolo.travel.arrive", "marcopolo.post.place"])
        if m == move:
            return practice.told(True, say("Right: {told}", told=said))
        return practice.told(False, say("Not that one: {told}", told=said))

    return practice.posed(seed, seen, seat, question, judge, tuple(Choice(move_said(m), m) for m in choices))


def _arrival_gain(said: Any) -> Any:
    """What an arrival's first sentence (its event's ``said``) says the figure's stop gives: the outpost tile taken
    (its ``tile``) or what a bonus brings (its ``got``); None for a sentence of neither."""
    if not isinstance(said, Message):
        return None
    named = said.named
    return named.get("tile", named.get("got"))


@kind(GAME, "post-vp", ["marcopolo.post.place"], say("The 8th and 9th posts"))
def post_vp(seed: int) -> Exercise:
    """A player with 6 to 8 posts travels one step to a new city: how many VP does the arrival give at once?"""
    def fits(s: Any) -> bool:
        seat = s.current_player
        return (s.round >= 3 and s.chars[seat] not in (RASCHID, POLOS, RUBRUCK)
                and len([d for d in s.held[seat] if d.value >= 1]) >= 2)

    state = _turn_start(seed, fits, skip=random.Random(seed).randint(40, 70))
    seat = state.current_player
    rng = random.Random(seed)
    cities = [n for n in range(len(NAMES)) if IS_CITY[n]]
    target = rng.choice(cities)
    steps = [n for n, cost in neighbours(target).items() if cost == (0, 0) and n not in LARGE_CITIES]
    if not steps:
        raise NoExercise(seed)
    start = rng.choice(steps)
    count = rng.choice([6, 7, 7, 8])
    here = [start] if IS_CITY[start] else []  # a figure in a city has put a post there
    posts = rng.sample([c for c in cities if c not in (target, start)], count - len(here)) + here
    try:
        arranged = _with_posts(state, seat, posts).arrange(seat, at=NAMES[start], coins=20)
    except ValueError as error:
        raise NoExercise(seed) from error
    seen = as_seen_by(arranged, seat, seed)
    trips = [m for m in seen.legal_moves() if isinstance(m, mp.Travel) and m.path == (NAMES[target],)]
    if not trips:
        raise NoExercise(seed)
    after = seen.play(trips[0])
    gained = after.vp[seat] - seen.vp[seat]
    name = _name(seen, seat)
    question = say_n("{name} has {n} trading post and travels to {place}, where none of them stands. How many VP "
                     "does the arrival give at once?",
                     "{name} has {n} trading posts and travels to {place}, where none of them stands. How many VP "
                     "does the arrival give at once?", count, name=name, place=place_word(target))
    said = _told(after, seat, ["marcopolo.post.place", "marcopolo.travel.arrive"])
    worked = say("{told} In all {vp} VP at once (the 8th post scores 5 VP, the 9th 10 VP).", told=said, vp=gained)
    return practice.number_exercise(seed, seen, seat, question, gained, worked)


# ---------------------------------------------------------------------- contracts
@kind(GAME, "take-contract", ["marcopolo.contract.space"], say("Which contracts a die reaches"))
def take_contract(seed: int) -> Exercise:
    """On the board: take a named contract with a die that reaches its space."""
    def fits(s: Any) -> bool:
        seat = s.current_player
        values = [d.value for d in s.held[seat]]
        return (s.chars[seat] != RASCHID and any(isinstance(m, mp.TakeContracts) for m in s.legal_moves())
                and min(values) < max(values))

    state = _turn_start(seed, fits)
    seat = state.current_player
    seen = as_seen_by(state, seat, seed)
    low = min(d.value for d in seen.held[seat])
    reach = {x for m in seen.legal_moves() if isinstance(m, mp.TakeContracts) for x in m.spaces}
    far = [x for x in reach if x > low]
    if not far:
        raise NoExercise(seed)
    space = random.Random(seed).choice(sorted(far))
    contract = seen.board_contracts[space - 1]
    name = _name(seen, seat)
    question = say("{name} holds {dice}. Take contract {contract}, on contract space {space}, with one die.",
                   name=name, dice=_dice(seen, seat), contract=contract, space=space)
    judge = practice.move_judge(seen, seat, lambda m: isinstance(m, mp.TakeContracts) and space in m.spaces,
                                lambda m: say("Right: a die of {value} reaches contract spaces 1 to {value}.",
                                              value=m.die.value),
                                lambda m: say("That does not take contract {contract} (space {space}).",
                                              contract=contract, space=space))
    return practice.posed(seed, seen, seat, question, judge)


@kind(GAME, "contract-refill", ["marcopolo.contract.refill"], say("An empty contract board"))
def contract_refill(seed: int) -> Exercise:
    """The contract board is empty when a turn ends: how many contracts lie on it when the next turn begins?"""
    for after in practice.played(GAME, seed, _players(seed), 300, _contracts_first):
        seat = after.current_player
        if after.agenda or not after.main_done or seat is None or after.turn != seat:
            continue
        if any(c is not None for c in after.board_contracts):
            continue
        if not any(after.held[k] for k in range(after.players) if k != seat):
            continue
        seen = as_seen_by(after, seat, seed)
        nxt = seen.play(mp.EndTurn())
        answer = len([c for c in nxt.board_contracts if c is not None])
        name = _name(seen, seat)
        question = say("The contract board is empty. {name} ends the turn: how many contracts lie on it when "
                       "{next}'s turn begins?", name=name, next=_name(nxt, nxt.turn))
        worked = say("{told} A turn that begins with an empty board gets the top 2 contracts of the special pile.",
                     told=_told(nxt, seat, ['marcopolo.contract.refill']))
        return practice.number_exercise(seed, seen, seat, question, answer, worked)
    raise NoExercise(seed)


@kind(GAME, "fulfil", ["marcopolo.bonus.fulfil"], say("Fulfilling a contract"))
def fulfil(seed: int) -> Exercise:
    """Two contracts taken in play, goods for one: which may the player fulfil?"""
    state = _turn_start(seed, lambda s: len(s.hands[s.current_player]) == 2)
    seat = state.current_player
    first, second = random.Random(seed).sample(state.hands[seat], 2)
    for a, b in ((first, second), (second, first)):
        ca = CONTRACTS[a]
        seen = as_seen_by(state.arrange(seat, camels=ca.camels, pepper=ca.pepper, silk=ca.silk, gold=ca.gold), seat,
                          seed)
        if seen.check(mp.Fulfil(b), seat) is None:
            continue
        name = _name(seen, seat)
        question = say("{name} holds contracts {one} and {other}. Which of them may {name} fulfil now?", name=name,
                       one=a, other=b)
        return _move_choices(seed, seen, seat, question, [mp.Fulfil(a)], [mp.Fulfil(b)],
                             lambda m, name=name: say("Right: {name} has the camels and goods it asks for; {pays}.",
                                                      name=name, pays=_fulfils(m.contract)))
    raise NoExercise(seed)


# ---------------------------------------------------------------------- city cards
@kind(GAME, "city-card-post", ["marcopolo.city.no-post", "marcopolo.city.just-arrived"],
      say("A city card needs a post placed before this turn"))
def city_card_post(seed: int) -> Exercise:
    """A post placed this turn by a contract's "move 1 step": which city card may the player use?"""
    def fits(s: Any) -> bool:
        seat = s.current_player
        return s.chars[seat] not in (RASCHID, POLOS, RUBRUCK) and s.posts_left(seat) >= 2 and _holds_contract(s)

    state = _turn_start(seed, fits, skip=random.Random(seed).randint(0, 10))
    seat = state.current_player
    rng = random.Random(seed)
    cards = [k for k in range(6) if not state.spaces[FIRST_CARD + k]]
    if len(cards) < 3:
        raise NoExercise(seed)
    new_k, old_k, none_k = rng.sample(cards, 3)
    new, old = LARGE_CITIES_OF[new_k], LARGE_CITIES_OF[old_k]
    steps = [n for n, cost in neighbours(new).items() if cost == (0, 0) and not IS_CITY[n]]
    if not steps:
        raise NoExercise(seed)
    posts = [p for p in state.post_list[seat] if p not in (new, LARGE_CITIES_OF[none_k])]
    mover = rng.choice([9, 11, 15, 16, 22, 36, 42])
    try:
        ready = _with_posts(state, seat, posts + [old]).arrange(seat, at=NAMES[rng.choice(steps)])
        moved = _fulfilled(ready, seat, mover).play(mp.Choose(f"move to {NAMES[new]}"))
    except (ValueError, IllegalMove) as error:
        raise NoExercise(seed) from error
    seen = as_seen_by(moved, seat, seed)
    if seen.agenda or seen.main_done:
        raise NoExercise(seed)
    die = max(seen.held[seat])
    right = [mp.CityCard(CARD_SPACES[old_k], die, 1)]
    wrong = [mp.CityCard(CARD_SPACES[new_k], die, 1), mp.CityCard(CARD_SPACES[none_k], die, 1)]
    name = _name(seen, seat)
    if seen.check(right[0], seat) is not None:
        right = [m for m in seen.legal_moves() if isinstance(m, mp.CityCard) and m.city == CARD_SPACES[old_k]][:1]
    question = say("{name} has just placed a post in {place} with contract {contract}'s step. Which city card may "
                   "{name} use now?", name=name, place=place_word(new), contract=mover)
    return _move_choices(seed, seen, seat, question, right, wrong,
                         lambda m: say("Right: {name}'s post in {place} was there before this turn.", name=name,
                                       place=place_word(old)))



@kind(GAME, "city-card-uses", ["marcopolo.city.repeats", "marcopolo.city.cannot-pay"],
      say("How often a city card works"))
def city_card_uses(seed: int) -> Exercise:
    """A die on an "up to d times" city card: how many times at most can the player use it?"""
    state = _turn_start(seed, lambda s: s.chars[s.current_player] != RASCHID)
    seat = state.current_player
    rng = random.Random(seed)
    order = [k for k in range(len(CARD_SPACES)) if not state.spaces[FIRST_CARD + k]
             and mp.CITY_CARDS[state.cards[k]].kind == "repeat"]
    rng.shuffle(order)
    for k in order:
        city, space = CARD_CITY[k], CARD_SPACES[k]
        card = mp.CITY_CARDS[state.cards[k]]
        times = rng.randint(1, 6)
        wealth = {key: -card.pay[i] * times for i, key in enumerate(("coins", "camels", "pepper", "silk", "gold"))
                  if card.pay[i]}
        try:
            arranged = _with_posts(state, seat, state.post_list[seat] + (city,)).arrange(seat, **wealth)
        except ValueError:
            continue
        seen = as_seen_by(arranged, seat, seed)
        uses = [m for m in seen.legal_moves() if isinstance(m, mp.CityCard) and m.city == space]
        if not uses:
            continue
        die = max(m.die for m in uses)
        most = max(m.uses for m in uses if m.die == die)
        name = _name(seen, seat)
        beyond = seen.check(mp.CityCard(space, die, most + 1), seat)
        question = say("{name} places {die} on the {space} city card ({card}). How many times at most can {name} "
                       "use it?", name=name, die=die_said(die), space=card_space_word(space),
                       card=card_said(card.number))
        if beyond is not None:
            worked = say("a die of {value} allows 1 to {value} uses, each paid in full; not {times}: {refusal} (rule "
                         "{rule})", value=die.value, times=say_n("{n} time", "{n} times", most + 1),
                         refusal=beyond.said, rule=beyond.rule)
        else:
            worked = say("a die of {value} allows 1 to {value} uses, each paid in full; not", value=die.value)
        return practice.number_exercise(seed, seen, seat, question, most, worked)
    raise NoExercise(seed)


# ---------------------------------------------------------------------- bonus actions
@kind(GAME, "bonus-actions", ["marcopolo.bonus.coins3", "marcopolo.bonus.reroll", "marcopolo.bonus.adjust",
                              "marcopolo.bonus.black-die"], say("Bonus actions and their camels"))
def bonus_actions(seed: int) -> Exercise:
    """No camels: which of these bonus actions may the player take?"""
    state = _turn_start(seed, lambda s: s.chars[s.current_player] != RASCHID)
    seat = state.current_player
    seen = as_seen_by(state.arrange(seat, camels=0), seat, seed)
    held = seen.held[seat]
    rng = random.Random(seed)
    die = rng.choice(held)
    wrong = [mp.Reroll(die), mp.Adjust(die, 1 if die.value < 6 else -1), mp.BuyBlackDie()]
    name = _name(seen, seat)
    question = say("{name} has no camels and holds {dice}. Which of these bonus actions may {name} take?", name=name,
                   dice=_dice(seen, seat))
    return _move_choices(seed, seen, seat, question, [mp.CoinBag(rng.choice(held))], wrong,
                         lambda m: say("Right: any one die on the coin bag gives 3 coins; the others cost camels."))


# ---------------------------------------------------------------------- rewards
def _reward_question(seed: int, contracts: Sequence[int], question: str) -> tuple[Any, int, int]:
    """A player who has just fulfilled one of ``contracts``, its reward's question (``question``) open."""
    state = _turn_start(seed, lambda s: s.chars[s.current_player] not in (RASCHID, POLOS) and _holds_contract(s))
    seat = state.current_player
    rng = random.Random(seed)
    contract = rng.choice(list(contracts))
    try:
        after = _fulfilled(state, seat, contract)
    except ValueError as error:
        raise NoExercise(seed) from error
    if not (after.agenda and after.agenda[0][0] == question):
        raise NoExercise(seed)
    return as_seen_by(after, seat, seed), seat, contract


@kind(GAME, "reward-move", ["marcopolo.reward.move"], say("A free step as a reward"))
def reward_move(seed: int) -> Exercise:
    """A "move 1 step" reward with few coins: which of these steps may the player choose?"""
    state = _turn_start(seed, lambda s: s.chars[s.current_player] not in (RASCHID, POLOS, RUBRUCK)
                        and _holds_contract(s))
    seat = state.current_player
    rng = random.Random(seed)
    costly = [n for n in range(len(NAMES)) if any(c != (0, 0) for c in neighbours(n).values())
              and any(c == (0, 0) for c in neighbours(n).values())]
    at = rng.choice(costly)
    contract = rng.choice([9, 11, 15, 16, 22, 36, 42])
    try:
        moved = state.arrange(seat, at=NAMES[at], coins=0)
        if IS_CITY[at]:  # the figure has put a post in the city it stands in
            moved = _with_posts(moved, seat, moved.post_list[seat] + (at,))
        after = _fulfilled(moved, seat, contract)
    except ValueError as error:
        raise NoExercise(seed) from error
    if not (after.agenda and after.agenda[0][0] == "move"):
        raise NoExercise(seed)
    seen = as_seen_by(after, seat, seed)
    near = neighbours(at)
    free = [mp.Choose(f"move to {NAMES[n]}") for n, c in near.items() if c == (0, 0)]
    dear = [mp.Choose(f"move to {NAMES[n]}") for n, c in near.items()
            if c[0] > seen.coins[seat] or c[1] > seen.camels[seat]]
    name = _name(seen, seat)
    question = say("{name} fulfilled contract {contract}: its reward is a step, paying only the route's extra cost. "
                   "{name} has {coins} and {camels}. Which of these may {name} choose?", name=name, contract=contract,
                   coins=_coins(seen.coins[seat]), camels=_camels(seen.camels[seat]))
    return _move_choices(seed, seen, seat, question, [rng.choice(free)], dear[:2],
                         lambda m: say("Right: that step has no extra cost, and the step itself is free."))


@kind(GAME, "reward-choice", ["marcopolo.reward.choice"], say("A reward of the player's choice"))
def reward_choice(seed: int) -> Exercise:
    """A reward of 1 good of choice or of 2 different goods: which answer may the player give?"""
    rng = random.Random(seed)
    pairs = seed % 2 == 0
    seen, seat, contract = _reward_question(seed, [14, 28, 31] if pairs else [6, 13, 26], "goods2" if pairs else "good")
    goods = ["pepper", "silk", "gold"]
    name = _name(seen, seat)
    labels: dict[Any, Said] = {}  # each answer offered, as a move names it
    if pairs:
        first, second = sorted(rng.sample(goods, 2), key=goods.index)
        same = rng.choice(goods)
        right = [mp.Choose(f"{first} and {second}")]
        wrong = [mp.Choose(f"{same} and {same}"), mp.Choose("camel and camel")]
        for (a, b), move in zip(((first, second), (same, same), ("camel", "camel")), (*right, *wrong)):
            labels[move] = say("choose {option}", option=listed([good_word(a), good_word(b)]))
        what = reward_word("2 different goods")
    else:
        good = rng.choice(goods)
        right = [mp.Choose(good)]
        wrong = [mp.Choose("camel"), mp.Choose("3 coins")]
        labels[right[0]] = say("choose {option}", option=good_word(good))
        labels[wrong[0]] = say("choose {option}", option=good_word("camel"))
        labels[wrong[1]] = move_said(wrong[1])
        what = reward_word("1 good of choice")
    question = say("{name} fulfilled contract {contract}, whose reward is {what}. Which may {name} choose?", name=name,
                   contract=contract, what=what)
    return _move_choices(seed, seen, seat, question, right, wrong,
                         lambda m: say("Right: {what}, chosen by {name}: pepper, silk or gold, never camels or coins.",
                                       what=what, name=name), label=labels.__getitem__)


@kind(GAME, "reward-black-die", ["marcopolo.reward.black-die"], say("A black die as a reward"))
def reward_black_die(seed: int) -> Exercise:
    """A contract whose reward is a black die: how many dice does the player hold after fulfilling it?"""
    state = _turn_start(seed, lambda s: s.chars[s.current_player] not in (RASCHID,) and _holds_contract(s))
    seat = state.current_player
    contract = random.Random(seed).choice([18, 19, 20, 32, 34, 40])
    c = CONTRACTS[contract]
    try:
        ready = _holding(state, seat, contract)
    except ValueError as error:
        raise NoExercise(seed) from error
    seen = as_seen_by(ready, seat, seed)
    after = seen.play(mp.Fulfil(contract))
    answer = len(after.held[seat])
    name = _name(seen, seat)
    supply = say_n("{n} black die", "{n} black dice", seen.black_dice_left)
    question = say("{name} holds {dice}, and the supply has {supply}. {name} fulfils contract {contract} (reward: "
                   "{reward}). How many dice does {name} hold then?", name=name, dice=_dice(seen, seat),
                   supply=supply, contract=contract, reward=reward_said(c.text))
    worked = say("{told} {name} holds {dice}.", told=_told(after, seat, ['marcopolo.reward.black-die']), name=name,
                 dice=_dice(after, seat))
    return practice.number_exercise(seed, seen, seat, question, answer, worked)


@kind(GAME, "special-contract", ["marcopolo.reward.special-contract"], say("A contract from the special pile"))
def special_contract(seed: int) -> Exercise:
    """A contract drawn from the special pile with 2 held: which of these answers may the player give?"""
    for state, _move, _after in _walk(seed, plies=30 + seed % 100):
        if not (state.agenda and state.agenda[0][0] == "keep"):
            continue
        seat = state.agenda[0][1]
        seen = as_seen_by(state, seat, seed)
        new = seen.agenda[0][2]
        held = seen.hands[seat]
        rng = random.Random(seed)
        right = [rng.choice([mp.Choose(f"decline contract {new}"), mp.Choose(f"discard contract {held[0]}")])]
        wrong = [mp.Choose(f"discard contract {new}"), mp.Choose(f"keep contract {new}")]
        name = _name(seen, seat)
        question = say("{name} draws contract {contract} from the special pile while holding contracts {held}. "
                       "Which of these may {name} answer?", name=name, contract=new, held=listed(held))
        return _move_choices(seed, seen, seat, question, right, wrong,
                             lambda m, name=name: say("Right: with 2 contracts held, {name} discards one or declines "
                                                      "the new one.", name=name))
    raise NoExercise(seed)
