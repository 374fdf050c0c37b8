"""Medina's exercise kinds (see ``boardgames.practice``): one or more for every rule id of ``medina.RULES``.

Where a rule is about the board (where a building, roof, stable, merchant or wall may go) the answer is a placement
made on the board; where a rule acts by itself (the tiles, the turns, the end) or the view's controls could not take
a wrong answer (a piece not in the supply, a piece other than the start merchant), the learner chooses among answers.
Positions come from seeded random games (``plays``), which are cheap in Medina (a whole game in a few milliseconds),
or are set up with ``State.arrange`` by the same rules. Medina hides nothing, so ``as_seen_by`` gives the state itself.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Iterable, Iterator, Sequence
from typing import Any

from boardgames import medina, practice
from boardgames.core import IllegalMove
from boardgames.core.message import Message, listed, say, say_n
from boardgames.medina import PASS, Palace, Place, State
from boardgames.medina.board import MERCHANT, SQUARES, where
from boardgames.medina.facts import closed, free_squares, line_squares, stable_squares, wall_squares
from boardgames.medina.moves import move_said
from boardgames.medina.pieces import a_building_said, a_palace_said, colour_word, piece_word, pieces_word
from boardgames.medina.rules import CITY_COLS, CITY_ROWS, COLOURS, COLS, ROWS
from boardgames.practice import Exercise, Feedback, NoExercise, as_seen_by, kind, said_of, sentences

GAME = "medina"
PLACEMENT_EVENTS = ("medina.place.", "medina.roof.claim", "medina.turn.start-merchant")


# --- building blocks ------------------------------------------------------------------------------------------------


def plays(seed: int, players: int | None = None) -> Iterator[tuple[Any, Any, Any]]:
    """The placements of a game played by seeded random choices: (state, move, state after), first to last."""
    return practice.walk(GAME, seed, players or 3 + seed % 2, 10_000)


def late(seed: int, players: int | None = None) -> Iterator[tuple[State, int]]:
    """The positions of a seeded random game where a piece is to be placed (step "play"), from a seeded point on
    (so that exercises are not all from its start), each with the seat of the player to place."""
    skip = random.Random(seed).randint(6, 60)
    for k, (state, _, _) in enumerate(plays(seed, players)):
        if k >= skip and state.step == "play":
            yield state, state.current_player


def placed(after: State, whole: bool = True) -> Message:
    """The sentence of the placement that led to ``after``, as the game's log says it (without ``whole``, only its
    first sentence: not which claimed palaces a merchant or wall touches)."""
    sentence = next(e.said for e in after.events if e.kind.startswith(PLACEMENT_EVENTS))
    if not whole and touches_told(sentence):
        return sentence["said"]
    return sentence


def touches_told(sentence: Any) -> bool:
    """Whether the log's ``sentence`` of a merchant or wall goes on to say which claimed palaces it touches."""
    return isinstance(sentence, Message) and sentence.english.startswith("{said} It touches ")


def distance(a: tuple[int, int], squares: Sequence[tuple[int, int]]) -> int:
    """How many king's steps ``a`` is from the nearest of ``squares`` (1: it touches one, even diagonally)."""
    return min(max(abs(a[0] - r), abs(a[1] - c)) for r, c in squares)


def steps(a: tuple[int, int], b: tuple[int, int]) -> int:
    """How many steps along rows and columns lie between ``a`` and ``b``."""
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def around(squares: Sequence[tuple[int, int]]) -> list[tuple[int, int]]:
    """The city squares sharing an edge with any of ``squares`` (not among them), in order."""
    out = []
    for r, c in squares:
        for at in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if at[0] in CITY_ROWS and at[1] in CITY_COLS and at not in squares and at not in out:
                out.append(at)
    return sorted(out)


def refusals(state: State, moves: Sequence[Any], rule: str) -> list[Any]:
    """The ``moves`` the engine refuses at ``state`` under ``rule``."""
    return [m for m in moves if (e := state.check(m)) is not None and e.rule == rule]


def palace_name(state: State, palace: Palace) -> Message:
    """"Ben's grey palace at (3, 4)" or "the unclaimed grey palace at (3, 4)"."""
    at, colour = where(palace.squares[0]), colour_word(palace.colour)
    if palace.owner is not None:
        return say("{name}'s {colour} palace at {at}", name=state.names[palace.owner], colour=colour, at=at)
    return say("the unclaimed {colour} palace at {at}", colour=colour, at=at)


def flip(at: tuple[int, int], rows: bool, cols: bool) -> tuple[int, int]:
    """``at`` mirrored top to bottom (``rows``) and/or left to right (``cols``): the board is symmetric so."""
    return (ROWS - 1 - at[0] if rows else at[0], COLS - 1 - at[1] if cols else at[1])


def arranged(players: int, placements: Sequence[tuple[int, Place]], to_move: int) -> State:
    """A position set up by the rules (``State.arrange``); NoExercise if the rules refuse one of the placements."""
    try:
        return medina.new_game(players).arrange(placements, to_move=to_move)
    except (IllegalMove, ValueError) as error:  # a set-up the rules refuse: the generator tries another seed
        raise NoExercise(str(error)) from error


def names_of(state: State) -> list[str]:
    """The players' names in seat order, as the log writes them."""
    return list(state.names)


def a_piece_said(piece: str, colour: str | None = None) -> Message:
    """A piece with its article: "a merchant", "a grey building"."""
    return a_building_said(colour) if colour else say("a {piece}", piece=piece_word(piece))


# --- 1. players and turns -------------------------------------------------------------------------------------------


@kind(GAME, "supply", ["medina.setup.players"], say("What each player starts with"))
def supply(seed: int) -> Exercise:
    """How many of a piece a player has at the start of a game of three or four."""
    rng = random.Random(seed)
    players = rng.choice([3, 4])
    first = rng.randrange(players)
    state = medina.new_game(players, first_player=first)
    seat = rng.randrange(players)
    piece = rng.choice(["building", "roof", "stable", "merchant", "wall"])
    colour = rng.choice(COLOURS) if piece == "building" else None
    have = state.supply(seat)
    answer = have["building"][colour] if colour else have[piece]
    what = say("{colour} buildings", colour=colour_word(colour)) if colour else pieces_word(piece)
    names = state.names
    other = state.supply((first + 1) % players)
    worked = say("with {players} players each has {buildings} buildings of each colour, {roofs}, {stables}, "
                 "{merchants} and {walls}; the start player, {first}, has one merchant more. So {name} has "
                 "{answer} {what}.", players=players, buildings=other["building"]["grey"],
                 roofs=say_n("{n} roof", "{n} roofs", other["roof"]),
                 stables=say_n("{n} stable", "{n} stables", other["stable"]),
                 merchants=say_n("{n} merchant", "{n} merchants", other["merchant"]),
                 walls=say_n("{n} wall", "{n} walls", other["wall"]), first=names[first], name=names[seat],
                 answer=answer, what=what)
    question = say("{names} sit down to play Medina, and {first} starts. How many {what} does {name} have at the "
                   "start?", names=listed(names), first=names[first], what=what, name=names[seat])
    return practice.number_exercise(seed, as_seen_by(state, seat, seed), seat, question, answer, worked)


@kind(GAME, "start-merchant", ["medina.turn.start-merchant"], say("The game opens with the start merchant"))
def start_merchant(seed: int) -> Exercise:
    """At the start of a game: which of these pieces may the start player place first?"""
    rng = random.Random(seed)
    players = rng.choice([3, 4])
    first = rng.randrange(players)
    state = medina.new_game(players, first_player=first)
    city = [at for at in SQUARES if at[0] in CITY_ROWS and at[1] in CITY_COLS]
    right = Place("merchant", rng.choice(city))
    wrong = [Place("building", rng.choice(city), rng.choice(COLOURS)), Place("wall", rng.choice([(0, 1), (1, 0)])),
             Place("merchant", rng.choice([(0, rng.choice(CITY_COLS)), (rng.choice(CITY_ROWS), COLS - 1)]))]
    name = state.names[first]
    return practice.which_move_exercise(
        seed, as_seen_by(state, first, seed), first,
        say("A new game: {name} is the start player. Which of these may {name} place first?", name=name), [right],
        wrong, label=move_said,
        why=lambda m: say("Right: the game opens with the start player's extra merchant, on any empty city square, "
                          "such as {at}.", at=where(m.at)))


def whose_turn_exercise(rule: str, seed: int, state: State, after: State) -> Exercise:
    """After a placement (``state`` -> ``after``): who places the next piece? A wrong name gets the engine's
    refusal of a placement by that seat, or, when the turn was cut short after one piece, the worked answer."""
    names = names_of(after)
    answer = names[after.current_player]
    probe = after.legal_moves()[0]
    mover = names[state.current_player]
    cut = said_of(after, "medina.turn.two-pieces")
    turn = say("It is {name}'s turn.", name=answer)
    if after.placed:
        worked = say("a turn is two placements, so {name} places a second piece.", name=answer)
    elif not state.placed:  # the first piece of the turn left no placement open: the turn ends after one
        worked = sentences(cut, turn)
    else:
        worked = sentences(say("{name} has placed both pieces of the turn.", name=mover), cut, turn)

    def wrong(label: str) -> Feedback | None:
        if not after.placed and not state.placed:
            return None
        error = after.check(probe, names.index(label))
        return practice.refused(error) if error is not None else None
    question = say("{placed} Who places the next piece?", placed=placed(after, whole=False))
    return practice.fact_exercise(seed, as_seen_by(after, after.current_player, seed), after.current_player,
                                  question, names, answer, worked, wrong)


@kind(GAME, "second-piece", ["medina.turn.two-pieces"], say("A turn is two placements"))
def second_piece(seed: int) -> Exercise:
    """A player has just placed the first piece of a turn: who places the next one?"""
    rng = random.Random(seed)
    short = rng.random() < 0.3  # a turn cut short: the first piece leaves no placement open to its player
    for state, _, after in plays(seed):
        if state.step != "play" or state.placed or after.is_over:
            continue
        if short and any(e.kind == "medina.turn.two-pieces" and e.seat == state.current_player and e.data["placed"]
                         for e in after.events) or not short and after.placed and rng.random() < 0.3:
            return whose_turn_exercise("medina.turn.two-pieces", seed, state, after)
    raise NoExercise(seed)


@kind(GAME, "whose-turn", ["medina.turn.not-your-turn"], say("Only the player whose turn it is places"))
def whose_turn(seed: int) -> Exercise:
    """A player has just placed the second piece of a turn: who places the next one?"""
    rng = random.Random(seed)
    for state, _, after in plays(seed):
        if state.placed and not after.is_over and rng.random() < 0.15:
            return whose_turn_exercise("medina.turn.not-your-turn", seed, state, after)
    raise NoExercise(seed)


@kind(GAME, "no-passing", ["medina.turn.must-place"], say("No passing while a piece can go somewhere"))
def no_passing(seed: int) -> Exercise:
    """Late in a game, with few placements left: may the player pass?"""
    rng = random.Random(seed)
    for state, seat in late(seed):
        legal = state.legal_moves()
        if len(legal) > 12:
            continue
        others = [m for m in medina.candidate_moves(state) if m != PASS and m.at in SQUARES
                  and (e := state.check(m)) is not None and not e.rule.startswith("core.")]
        if not others:
            continue
        name = state.names[seat]
        question = say("Late in the game {name} has only {placements} left to choose from. Which of these may "
                       "{name} do now?", name=name,
                       placements=say_n("{n} placement", "{n} placements", len(legal)))
        right = rng.choice(legal)
        return practice.which_move_exercise(
            seed, as_seen_by(state, seat, seed), seat, question,
            [right], [PASS, rng.choice(others)], label=move_said,
            why=lambda m, name=name: say("Right: {name} may not pass while a piece can go somewhere, and {move} is "
                                         "allowed.", name=name, move=move_said(m)))
    raise NoExercise(seed)


# --- 2. any piece ---------------------------------------------------------------------------------------------------


@kind(GAME, "used-up", ["medina.place.no-piece"], say("Only pieces still in the supply"))
def used_up(seed: int) -> Exercise:
    """A player has used up a kind of piece: which of these may they place?"""
    rng = random.Random(seed)
    for state, seat in late(seed):
        have = state.supply(seat)
        gone = [(p, None) for p in ("wall", "stable", "roof", "merchant") if not have[p]]
        gone += [("building", c) for c, n in have["building"].items() if not n]
        wrong = []
        for piece, colour in gone:
            squares = [SQUARES[i] for i in (wall_squares(state) if piece == "wall" else stable_squares(state)
                                            if piece == "stable" else line_squares(state) if piece == "merchant"
                                            else free_squares(state) if piece == "building" else [])]
            if piece == "roof":
                squares = [p.squares[0] for p in state.palaces() if p.owner is None]
            if squares:
                wrong.append(Place(piece, rng.choice(squares), colour))
        wrong = [m for m in wrong if (e := state.check(m)) is not None and e.rule == "medina.place.no-piece"]
        if not wrong:
            continue
        rng.shuffle(wrong)
        name = state.names[seat]
        right = rng.choice(state.legal_moves())
        question = say("Which of these may {name} place now? Look at {name}'s supply under the board.", name=name)
        return practice.which_move_exercise(
            seed, as_seen_by(state, seat, seed), seat, question,
            [right], wrong[:2], label=move_said,
            why=lambda m, name=name: say("Right: {name} still has one, and {move} is allowed.", name=name,
                                         move=move_said(m)))
    raise NoExercise(seed)


@kind(GAME, "piece-area", ["medina.place.empty", "medina.place.wrong-area"], say("Each piece on its own empty square"))
def piece_area(seed: int) -> Exercise:
    """Where may a merchant, stable, building or wall go: an empty square of its area?"""
    rng = random.Random(seed)
    ring = [at for at in SQUARES if at[0] in (0, ROWS - 1) or at[1] in (0, COLS - 1)]
    city = [at for at in SQUARES if at not in ring]
    for state, seat in late(seed):
        legal = state.legal_moves()
        rng.shuffle(legal)
        for right in legal:
            if right.piece == "roof":
                continue
            piece, colour = right.piece, right.colour
            area, other = (ring, city) if piece == "wall" else (city, ring)
            taken = [at for at in area if state.cell(at).piece != "empty"]
            full = refusals(state, [Place(piece, at, colour) for at in rng.sample(taken, min(8, len(taken)))],
                            "medina.place.empty")
            outside = refusals(state, [Place(piece, at, colour) for at in rng.sample(other, 8)],
                               "medina.place.wrong-area")
            if not full or not outside:
                continue
            name = state.names[seat]
            return practice.which_move_exercise(
                seed, as_seen_by(state, seat, seed), seat,
                say("Where may {name} place {piece}?", name=name, piece=a_piece_said(piece, colour)), [right],
                [full[0], outside[0]], label=move_said, why=empty_square)
    raise NoExercise(seed)


def empty_square(move: Place) -> Message:
    """Why ``move`` is right: an empty square of its area, breaking no other rule."""
    if move.piece == "wall":
        return say("Right: {at} is an empty square of the ring, and {move} breaks no other rule.", at=where(move.at),
                   move=move_said(move))
    return say("Right: {at} is an empty square of the city, and {move} breaks no other rule.", at=where(move.at),
               move=move_said(move))


@kind(GAME, "closed-colour", ["medina.building.colour-closed"], say("A colour everyone owns is closed"))
def closed_colour(seed: int) -> Exercise:
    """Every player owns a palace of a colour: which of these may the player place?"""
    rng = random.Random(seed)
    for state, seat in late(seed):
        have = state.supply(seat)["building"]
        shut = [c for c in COLOURS if closed(state, COLOURS.index(c)) and have[c]]
        if not shut:
            continue
        c = rng.choice(shut)
        free = [SQUARES[i] for i in free_squares(state)]
        wrong = refusals(state, [Place("building", at, c) for at in rng.sample(free, min(6, len(free)))],
                         "medina.building.colour-closed")
        legal = state.legal_moves()
        stables = [m for m in legal if m.piece == "stable" and state.palace_at(
            next(at for at in around([m.at]) if state.cell(at).piece == "building")).colour == c]
        buildings = [m for m in legal if m.piece == "building"]
        right = stables or buildings
        if not wrong or not right:
            continue
        name = state.names[seat]
        owners = listed([state.names[s] for s in sorted(p.owner for p in state.palaces()
                                                        if p.colour == c and p.owner is not None)])
        return practice.which_move_exercise(
            seed, as_seen_by(state, seat, seed), seat,
            say("{owners} each own {palace}. Which of these may {name} place?", owners=owners, palace=a_palace_said(c),
                name=name), [rng.choice(right)],
            wrong[:2], label=move_said,
            why=lambda m, c=c: say("Right: {move} is allowed; only {colour} buildings are out, now that every player "
                                   "owns {palace}.", move=move_said(m), colour=colour_word(c), palace=a_palace_said(c)))
    raise NoExercise(seed)


# --- 3. on the board: buildings, roofs, stables, merchants, walls -------------------------------------------------


def board_exercise(seed: int, state: State, seat: int, question: Message,
                   right: Collection[Any], why: Message | None, missed: Message) -> Exercise:
    """An exercise answered by a placement on the board (see ``move_judge``): the placements in ``right`` are
    right, told the log's sentence of the placement and ``why`` (if any); any other legal placement is told
    ``missed``."""
    def right_told(move: Place) -> Message:
        return say("Right: {worked}", worked=sentences(after_text(state, move), why or ""))

    judge = practice.move_judge(state, seat, lambda move: move in right, right_told, lambda move: missed)
    return practice.posed(seed, as_seen_by(state, seat, seed), seat, question, judge)


def roofs(palaces: Iterable[Palace]) -> set[Place]:
    """A roof on any square of any of ``palaces``."""
    return {Place("roof", at) for p in palaces for at in p.squares + p.stables}


def after_text(state: State, move: Place) -> Message:
    """The log's sentence for ``move`` played at ``state``."""
    return placed(state.play(move))


@kind(GAME, "grow-the-palace", ["medina.building.extend"], say("A colour's unclaimed palace grows first"))
def grow_the_palace(seed: int) -> Exercise:
    """A colour has an unclaimed palace that can still grow: place a building of that colour as near as the rules
    allow to a square away from it (where a building of that colour would be refused)."""
    rng = random.Random(seed)
    for state, seat in late(seed):
        growing = [p for p in state.palaces() if p.extendable and state.legal_squares("building", p.colour)]
        if not growing:
            continue
        palace = rng.choice(growing)
        c = palace.colour
        free = [SQUARES[i] for i in free_squares(state)]
        away = [at for at in rng.sample(free, min(12, len(free))) if 3 <= distance(at, palace.squares) <= 6]
        away = refusals(state, [Place("building", at, c) for at in away], "medina.building.extend")
        if not away:
            continue
        target = away[0].at
        legal = state.legal_squares("building", c)
        best = min(steps(at, target) for at in legal)
        nearest = [at for at in legal if steps(at, target) == best]
        name = state.names[seat]
        return board_exercise(
            seed, state, seat,
            say("Place {building} for {name} as few steps (along rows and columns) from {at} as the rules allow.",
                building=a_building_said(c), name=name, at=where(target)),
            {Place("building", at, c) for at in nearest},
            say("The {colour} palace at {at} is unclaimed and can still grow, so every {colour} building joins it, "
                "and no square beside it is nearer.", colour=colour_word(c), at=where(palace.squares[0])),
            say("That is allowed, but {at} is nearer to {target}.", at=where(nearest[0]), target=where(target)))
    raise NoExercise(seed)


@kind(GAME, "new-palace-nearby", ["medina.building.spacing"], say("A building keeps clear of other palaces"))
def new_palace_nearby(seed: int) -> Exercise:
    """Start a new palace as close as the rules allow to another palace."""
    rng = random.Random(seed)
    for state, seat in late(seed):
        palaces = state.palaces()
        colours = [c for c in COLOURS if not any(p.extendable and p.colour == c for p in palaces)
                   and state.legal_squares("building", c)]
        if not colours or not palaces:
            continue
        c = rng.choice(colours)
        target = rng.choice(palaces)
        parts = target.squares + target.stables
        legal = state.legal_squares("building", c)
        best = min(distance(at, parts) for at in legal)
        near = [Place("building", at, c) for at in SQUARES if distance(at, parts) == 1]
        if best != 2 or not refusals(state, near, "medina.building.spacing"):
            continue
        name = state.names[seat]
        nearest = [at for at in legal if distance(at, parts) == best]
        return board_exercise(
            seed, state, seat,
            say("Start a new {colour} palace for {name} as close as the rules allow to {palace}.",
                colour=colour_word(c), name=name, palace=palace_name(state, target)),
            {Place("building", at, c) for at in nearest},
            say("That is two squares from the palace; nearer, a building would touch it, at least at a corner."),
            say("That is allowed, but {at} is nearer to the palace: only the squares touching it, corners included, "
                "are out.", at=where(nearest[0])))
    raise NoExercise(seed)


def roof_kind(rule: str, seed: int) -> Exercise:
    """Roof the largest palace the player may claim, where a palace as large or larger may not take the roof
    because of ``rule``."""
    for state, seat in late(seed):
        if not state.supply(seat)["roof"]:
            continue
        palaces = state.palaces()
        mine = state.owned_colours(seat)
        open_ = [p for p in palaces if p.owner is None and p.colour not in mine]
        if not open_:
            continue
        biggest = max(p.size for p in open_)
        decoys = [p for p in palaces if p.size >= biggest and (p.owner is not None if rule == "medina.roof.unclaimed"
                                                                else p.owner is None and p.colour in mine)]
        if not decoys or not refusals(state, [Place("roof", decoys[0].squares[0])], rule):
            continue
        name = state.names[seat]
        best = next(p for p in open_ if p.size == biggest)
        return board_exercise(
            seed, state, seat, say("Put a roof for {name} on the largest palace {name} may claim.", name=name),
            roofs([p for p in open_ if p.size == biggest]), say("No palace {name} may claim is larger.", name=name),
            say("That is allowed, but {palace} is larger (size {size}).", palace=palace_name(state, best),
                size=biggest))
    raise NoExercise(seed)


practice.kind_per_rule(GAME, roof_kind, [
    # where a larger palace is claimed already
    ("roof-unclaimed", "medina.roof.unclaimed", say("A roof claims an unclaimed palace")),
    # where a larger palace is of a colour the player owns already
    ("roof-one-per-colour", "medina.roof.one-per-colour", say("One palace of each colour")),
])


def stable_kind(rule: str, seed: int) -> Exercise:
    """Add a stable to a palace, where a square that looks right is refused under ``rule``."""
    for state, seat in late(seed):
        if not state.legal_squares("stable"):
            continue
        legal = state.legal_squares("stable")
        palaces = [p for p in state.palaces() if set(around(p.squares)) & set(legal)]
        palaces.sort(key=lambda p: p.owner != seat)
        for palace in palaces[:3]:
            beside = around(palace.squares)
            if rule == "medina.stable.adjacent":
                tempting = [at for at in SQUARES if distance(at, palace.squares + palace.stables) == 1
                            and at not in beside]
            else:
                tempting = beside
            if not refusals(state, [Place("stable", at) for at in tempting], rule):
                continue
            name = state.names[seat]
            good = [at for at in legal if at in beside]
            return board_exercise(
                seed, state, seat, say("Add a stable for {name} to {palace}.", name=name,
                                       palace=palace_name(state, palace)),
                {Place("stable", at) for at in good}, None,
                say("That is allowed, but it does not join that palace: {at} would.", at=where(good[0])))
    raise NoExercise(seed)


practice.kind_per_rule(GAME, stable_kind, [
    # it must share an edge with one of the palace's buildings
    ("stable-beside", "medina.stable.adjacent", say("A stable stands beside a building")),
    # where some squares beside the palace touch another palace
    ("stable-spacing", "medina.stable.spacing", say("A stable keeps clear of other palaces")),
])


def merchants_on(state: State) -> list[tuple[int, int]]:
    """The squares of every merchant on the board."""
    return [SQUARES[i] for i, code in enumerate(state.board) if code == MERCHANT]


@kind(GAME, "merchant-line-end", ["medina.merchant.line-end"], say("A merchant lengthens the line at an end"))
def merchant_line_end(seed: int) -> Exercise:
    """Place a merchant as near as the rules allow to a palace that lies beside the middle of the line."""
    for state, seat in late(seed):
        if not line_squares(state) or not state.legal_squares("merchant"):
            continue
        legal = state.legal_squares("merchant")
        beside = {at: p for at in around(merchants_on(state)) if at not in legal and state.cell(at).piece == "empty"
                  for sq in around([at]) if (p := state.palace_at(sq)) is not None}
        middle = refusals(state, [Place("merchant", at) for at in beside], "medina.merchant.line-end")
        palaces = sorted({beside[m.at].id: beside[m.at] for m in middle}.values(), key=lambda p: p.owner != seat)
        for palace in palaces:
            parts = palace.squares + palace.stables
            best = min(min(steps(at, sq) for sq in parts) for at in legal)
            if best > 1:
                break
        else:
            continue
        name = state.names[seat]
        nearest = [at for at in legal if min(steps(at, sq) for sq in parts) == best]
        return board_exercise(
            seed, state, seat,
            say("Place a merchant for {name} as few steps (along rows and columns) from {palace} as the rules allow.",
                name=name, palace=palace_name(state, palace)), {Place("merchant", at) for at in nearest},
            say("Only the two ends of the line may grow, and no square there is nearer."),
            say("That is allowed, but {at} is nearer to that palace.", at=where(nearest[0])))
    raise NoExercise(seed)


@kind(GAME, "merchant-no-branch", ["medina.merchant.no-branch"], say("A merchant line never forks"))
def merchant_no_branch(seed: int) -> Exercise:
    """Place a merchant beside an end of the line, where some squares there touch a second merchant."""
    for state, seat in late(seed):
        if not line_squares(state) or not state.legal_squares("merchant"):
            continue
        legal = state.legal_squares("merchant")
        for end in dict.fromkeys(state.merchant_line):
            beside = around([end])
            if not set(beside) & set(legal):
                continue
            if not refusals(state, [Place("merchant", at) for at in beside], "medina.merchant.no-branch"):
                continue
            name = state.names[seat]
            good = [at for at in legal if at in beside]
            return board_exercise(
                seed, state, seat,
                say("Place a merchant for {name} beside the merchant at {at}, the end of the current line.", name=name,
                    at=where(end)),
                {Place("merchant", at) for at in good}, None,
                say("That is allowed, but it is not beside {end}: {at} is.", end=where(end), at=where(good[0])))
    raise NoExercise(seed)


@kind(GAME, "merchant-new-line", ["medina.merchant.new-line"], say("A new merchant line when the old one is stuck"))
def merchant_new_line(seed: int) -> Exercise:
    """The line cannot grow: start a new one as near to its end as the rules allow."""
    for state, seat in late(seed):
        if state.line is None or line_squares(state):
            continue
        legal = state.legal_squares("merchant")
        if not legal:
            continue
        a, b = state.merchant_line
        best = min(steps(a, at) for at in legal)
        nearer = [Place("merchant", at) for at in SQUARES if at[0] in CITY_ROWS and at[1] in CITY_COLS
                  and steps(a, at) < best]
        if not refusals(state, nearer, "medina.merchant.new-line"):
            continue
        name = state.names[seat]
        nearest = [at for at in legal if steps(a, at) == best]
        return board_exercise(
            seed, state, seat,
            say("The current merchant line (ends {a} and {b}) cannot grow. Place a merchant for {name} as few steps "
                "along rows and columns from {a} as the rules allow.", a=where(a), b=where(b), name=name),
            {Place("merchant", at) for at in nearest}, say("Nearer squares all touch a merchant."),
            say("That is allowed, but {at} is nearer: only a square beside a merchant is out.", at=where(nearest[0])))
    raise NoExercise(seed)


def wall_exercise(rule: str, seed: int, state: State, seat: int, palace: Palace) -> Exercise:
    """Place a wall that touches the player's own ``palace``."""
    name = state.names[seat]
    beside = [at for at in SQUARES if any(steps(at, sq) == 1 for sq in palace.squares)]
    touching = [at for at in state.legal_squares("wall") if at in beside]
    if not touching or not refusals(state, [Place("wall", at) for at in beside], rule):
        raise NoExercise(seed)
    colour = colour_word(palace.colour)
    return board_exercise(
        seed, state, seat, say("Place a wall for {name} that touches {name}'s {colour} palace.", name=name,
                               colour=colour),
        {Place("wall", at) for at in touching}, None,
        say("That is allowed, but it does not touch the {colour} palace: {at} would.", colour=colour,
            at=where(touching[0])))


@kind(GAME, "wall-connect", ["medina.wall.connect"], say("A wall continues a tower's walls"))
def wall_connect(seed: int) -> Exercise:
    """A player's palace lies along the ring, beyond the end of a tower's walls: place a wall that touches it."""
    rng = random.Random(seed)
    players = rng.choice([3, 4])
    seat = rng.randrange(players)
    along_row = rng.random() < 0.6
    length = len(CITY_COLS) if along_row else len(CITY_ROWS)
    k = rng.randint(2, length - 5)
    rows, cols = rng.random() < 0.5, rng.random() < 0.5

    def ring(j: int) -> tuple[int, int]:
        return flip((0, j + 1) if along_row else (j + 1, 0), rows, cols)

    def inward(j: int) -> tuple[int, int]:
        return flip((1, j + 1) if along_row else (j + 1, 1), rows, cols)

    far = rng.randint(0, length - (k + 4))
    walls = [ring(j) for j in range(k)] + [ring(length - 1 - j) for j in range(far)]
    colour = rng.choice(COLOURS)
    layout = [((seat + 1 + n) % players, Place("wall", at)) for n, at in enumerate(walls)]
    layout += [(seat, Place("building", inward(j), colour)) for j in range(k, k + 3)]
    layout += [(seat, Place("roof", inward(k)))]
    state = arranged(players, layout, seat)
    return wall_exercise("medina.wall.connect", seed, state, seat, state.palace_at(inward(k)))


@kind(GAME, "wall-no-join", ["medina.wall.no-join"], say("Two towers' walls never meet"))
def wall_no_join(seed: int) -> Exercise:
    """A player's palace sits in a corner of the city, where one wall space would join two towers' walls."""
    rng = random.Random(seed)
    players = rng.choice([3, 4])
    seat = rng.randrange(players)
    rows, cols = rng.random() < 0.5, rng.random() < 0.5
    size = rng.randint(2, 4)
    if rng.random() < 0.5:  # the palace down the first column, the top row walled from the far tower
        palace = [(r, 1) for r in range(1, 1 + size)]
        walls = [(0, c) for c in range(COLS - 2, 1, -1)]
    else:  # the palace along the first row, the first column walled from the bottom tower
        palace = [(1, c) for c in range(1, 1 + size)]
        walls = [(r, 0) for r in range(ROWS - 2, 1, -1)]
    colour = rng.choice(COLOURS)
    layout = [((seat + 1 + n) % players, Place("wall", flip(at, rows, cols))) for n, at in enumerate(walls)]
    layout += [(seat, Place("building", flip(at, rows, cols), colour)) for at in palace]
    layout += [(seat, Place("roof", flip(palace[0], rows, cols)))]
    state = arranged(players, layout, seat)
    return wall_exercise("medina.wall.no-join", seed, state, seat, state.palace_at(flip(palace[0], rows, cols)))


# --- 4. tiles, which change hands by themselves ---------------------------------------------------------------------


def holder_exercise(rule: str, seed: int, state: State, after: State, tile: Message,
                    holder: int | None) -> Exercise:
    """A placement at ``state`` leads to ``after``: who holds ``tile`` then? The worked answer is the log's sentence
    of the tile (``rule`` is its event kind)."""
    names = names_of(state)
    seat = state.current_player
    answer = say("nobody") if holder is None else names[holder]
    labels = names + ([answer] if holder is None else [])
    worked = said_of(after, rule) or say("nothing happens to {tile}, which stays with {holder}.", tile=tile,
                                         holder=answer)
    question = say("{placed} Who holds {tile} then?", placed=placed(after, whole=False), tile=tile)
    return practice.fact_exercise(seed, as_seen_by(state, seat, seed), seat, question, labels, answer, worked)


TILE_HOLDERS = {  # a tile's event kind: the chance of taking a first hand-out, the tile's name, its holder
    "medina.tile.palace": (0.1, lambda data: say("the {colour} palace tile", colour=colour_word(data["colour"])),
                           lambda after, data: after.palace_tile_owner(data["colour"])),
    "medina.tile.tower": (0.3, lambda data: say("tower tile {tower}", tower=data["tower"]),
                          lambda after, data: after.tower_tile_owner(data["tower"])),
}


def tile_holder(rule: str, seed: int) -> Exercise:
    """A placement makes a tile stay or change hands (``rule``, the tile's event kind): who holds it then? About
    half of such placements of a seeded game are passed over, and one that hands the tile out for the first time
    (from nobody) is taken only now and then."""
    first, tile, holder = TILE_HOLDERS[rule]
    rng = random.Random(seed)
    for state, _, after in plays(seed):
        events = [e for e in after.events if e.kind == rule]
        if events and (events[0].data["from"] is not None or rng.random() < first) and rng.random() < 0.5:
            data = events[0].data
            return holder_exercise(rule, seed, state, after, tile(data), holder(after, data))
    raise NoExercise(seed)


practice.kind_per_rule(GAME, tile_holder, [
    # a claim or a stable makes a palace tile stay or change hands
    ("palace-tile", "medina.tile.palace", say("Who holds a palace tile")),
    # a wall, a stable or a claim brings a claimed palace to a tower's walls
    ("tower-tile", "medina.tile.tower", say("Who holds a tower tile")),
])


@kind(GAME, "tower-tile-once", ["medina.tile.tower-reuse"], say("A palace takes a tower tile only once"))
def tower_tile_once(seed: int) -> Exercise:
    """A palace that took a tower's tile, which another palace took since, touches another wall of that tower."""
    rng = random.Random(seed)
    players = rng.choice([3, 4])
    first, second, mover = rng.sample(range(players), 3)
    rows, cols = rng.random() < 0.5, rng.random() < 0.5
    c1, c2 = rng.sample(COLOURS, 2)
    gap = rng.choice([14, 13])  # the column of the second palace, along the bottom row (before mirroring)

    def at(r: int, c: int) -> tuple[int, int]:
        return flip((r, c), rows, cols)

    layout = [(first, Place("building", at(10, 16), c1)), (first, Place("building", at(11, 16), c1)),
              (first, Place("roof", at(11, 16))), (second, Place("building", at(11, gap), c2)),
              (second, Place("roof", at(11, gap)))]
    layout += [((mover + k) % players, Place("wall", at(12, c))) for k, c in enumerate(range(16, gap - 1, -1))]
    state = arranged(players, layout, mover)
    move = Place("wall", at(11, 17))
    after = state.play(move)
    n = next(e.data["tower"] for e in after.events if e.kind == "medina.tile.tower-reuse")
    return holder_exercise("medina.tile.tower-reuse", seed, state, after, say("tower tile {tower}", tower=n),
                           after.tower_tile_owner(n))


# --- 5. the end of the game -----------------------------------------------------------------------------------------


@kind(GAME, "what-next", ["medina.game.end"], say("The game ends when nobody can place"))
def what_next(seed: int) -> Exercise:
    """Near the end of a game, a placement: who places next, or does the game end?"""
    rng = random.Random(seed)
    game = list(plays(seed))
    ending = rng.random() < 0.6
    k = len(game) - 1 if ending else rng.randint(max(0, len(game) - 8), len(game) - 2)
    state, move, after = game[k]
    names = names_of(state)
    over = say("Nobody: the game ends.")
    labels = [say("{name} places the next piece.", name=name) for name in names] + [over]
    answer = over if after.is_over else labels[after.current_player]
    turn = said_of(after, "medina.turn.two-pieces", "medina.game.end")
    worked = turn or (say("a turn is two placements.") if after.placed
                      else say("it is {name}'s turn.", name=names[after.current_player]))
    seat = state.current_player
    return practice.fact_exercise(seed, as_seen_by(state, seat, seed), seat,
                         say("{placed} What happens next?", placed=placed(after, whole=False)), labels, answer, worked)


@kind(GAME, "final-score", ["medina.game.end"], say("The final scoring"))
def final_score(seed: int) -> Exercise:
    """The game is over: how many points does a player score in all?"""
    rng = random.Random(seed)
    *_, (_, _, end) = plays(seed)
    seat = rng.randrange(end.players)
    name = end.names[seat]
    lines = [e.said for e in end.events if e.seat == seat and e.kind.startswith("medina.score.")]
    question = say("Nobody can place another piece, so the game is over. How many points does {name} score in all?",
                   name=name)
    return practice.number_exercise(seed, as_seen_by(end, seat, seed), seat, question, end.scores()[seat],
                                    sentences(*lines))
