"""Medici's exercise kinds (see ``boardgames.practice``): one or more for every rule id of ``medici.RULES``.

Positions come from short seeded random games (a whole game of Medici is about 80 moves and takes well under a
millisecond), always shown as the learner's seat may know them (``as_seen_by``: the deck's order is re-dealt), and
every answer is worked out on that very position by the engine: its refusals, the records its moves leave, its day
end accounts. Besides the shared building blocks (``boardgames.practice``) this module has ``seat_move_exercise``
(which merchant may make this move now) and ``count_exercise`` (how many cards) of its own.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from boardgames import medici, practice
from boardgames.core import IllegalMove, and_list, plural, who_wins
from boardgames.core.records import named
from boardgames.medici import records as R
from boardgames.medici import refusals
from boardgames.medici.cards import cards_text
from boardgames.medici.log import income_events
from boardgames.medici.rules import GOODS, HOLDS
from boardgames.medici.state import BIDDING, REVEAL, STOWING, draft
from boardgames.practice import Choice, Exercise, Feedback, NoExercise, as_seen_by, kind, said

GAME = "medici"
DRAW, AUCTION, PASS = medici.Draw(), medici.Auction(), medici.Pass()


# --- building blocks ----------------------------------------------------------------------------------------------


def plays(seed: int, players: int = 3, **options: Any) -> Iterator[tuple[medici.State, Any]]:
    """Each position of a game dealt from ``seed`` and played by seeded random choices, with the move played
    there, first to last."""
    for state, move, _after in practice.walk(GAME, seed, players, 10_000, plausible_move, **options):
        yield state, move


def plausible_move(rng: random.Random, state: Any) -> Any:
    """A seeded random move that a merchant might make: in the bidding a pass now and then, else a bid a little
    over the best one (a uniformly random bid would spend all the money on the first lot)."""
    if state.step != BIDDING:
        return rng.choice(state.legal_moves())
    if rng.random() < 0.4:
        return PASS
    raise_by = rng.randint(0, 2 + 2 * len(state.lot))
    return medici.Bid(min(state.money[state.bidder], state.min_winning_bid + raise_by))


def seat_move_exercise(seed: int, state: Any, seat: int, question: str,
                       moves: Sequence[tuple[int, Any]], why: str) -> Exercise:
    """"Who may ... now?": each choice is a move by one merchant (``moves``: seat and move), judged by the engine's
    ``check`` for that seat; a legal one is right (told ``why``), a refused one gets the refusal."""
    names = state.names
    labelled = {f"{names[s]} {_verb(m)}": (s, m) for s, m in moves}

    def judge(choice: Any) -> Feedback:
        label = choice.label if isinstance(choice, Choice) else choice
        if label not in labelled:
            return Feedback(False, f"Choose one of the {len(labelled)} answers.")
        s, m = labelled[label]
        error = state.check(m, s)
        return practice.refused(error) if error is not None else Feedback(True, why)

    choices = tuple(Choice(label) for label in labelled)
    return practice.posed(seed, state, seat, question, judge, choices)


def count_exercise(seed: int, state: Any, seat: int, question: str,
                   answer: int, worked: str, counts: Sequence[int], word: str = "card") -> Exercise:
    """How many (cards)? One of ``counts`` (which holds ``answer``, the engine's count), each written with
    ``word``."""
    labels = [plural(n, word) for n in counts]
    return practice.fact_exercise(seed, state, seat, question, labels, plural(answer, word), worked)


def _verb(move: Any) -> str:
    """A move as the log writes it after a name: "bids 3", "passes"."""
    if isinstance(move, medici.Bid):
        return f"bids {move.amount}"
    return {medici.Pass: "passes", medici.Draw: "turns up a card", medici.Auction: "opens the auction"}[type(move)]


def records_of(state: Any, record: type) -> list:
    """The records of type ``record`` the last move into ``state`` left."""
    return [r for r in named(state.log) if isinstance(r, record)]


def settles(state: Any, move: Any) -> Any:
    """The position after ``move`` when it closes the auction without ending the day, else None."""
    after = state.play(move)
    if records_of(after, R.DayScored) or not (records_of(after, R.AuctionWon) or records_of(after, R.AllPassed)):
        return None
    return after


def _last_word(seed: int, players: int,
               test: Callable[[Any], bool] = lambda state: True) -> Iterator[tuple[Any, int, Any]]:
    """Positions where the auctioneer speaks last and ``test`` holds, as the auctioneer may know them, with the
    position after the auctioneer passes (the auction settled, the day not over)."""
    for state, _ in plays(seed, players):
        if state.step == BIDDING and state.bidder == state.auctioneer and test(state):
            seat = state.auctioneer
            seen = as_seen_by(state, seat, seed)
            after = settles(seen, PASS)
            if after is not None:
                yield seen, seat, after


def _sentence(error: IllegalMove) -> str:
    """A refusal's sentence without its full stop, to go on with "(rule ...)"."""
    return str(error).rstrip(".")


def _rng(seed: int) -> random.Random:
    return random.Random(f"medici-practice/{seed}")


def _whole(lot: Sequence) -> str:
    return "the card" if len(lot) == 1 else f"all {len(lot)} cards"


def _players(seed: int, low: int = 3, high: int = 5) -> int:
    return low + seed % (high - low + 1)


def _lot(state: Any) -> str:
    return cards_text(state.lot)


# --- 3.1 players and turns ----------------------------------------------------------------------------------------

TABLES = {1: "Ada alone", 7: "7 merchants", 8: "8 merchants", 9: "9 merchants"}


@kind(GAME, "who-can-play", ["medici.setup.players"], "How many merchants can play")
def who_can_play(seed: int) -> Exercise:
    """Which of these tables can start a game? The engine's ``new_game`` accepts or refuses each."""
    rng = _rng(seed)
    players = rng.randint(2, 6)
    counts = [players, *rng.sample(sorted(TABLES), 3)]
    rng.shuffle(counts)
    names = medici.new_game(players, seed=seed).names
    labels = {n: TABLES.get(n) or f"{and_list(names)}" for n in counts}
    refusals_of: dict[str, Feedback] = {}
    for n in counts:
        try:
            medici.new_game(n, seed=seed)
        except IllegalMove as error:
            refusals_of[labels[n]] = practice.refused(error)
    state = as_seen_by(medici.new_game(players, seed=seed), 0, seed)
    ships = "two ships each" if len(state.ships(0)) > 1 else "one ship each"
    worked = (f"Medici is for 2 to 6 merchants. {and_list(names)} start with {state.money[0]} florins and "
              f"{ships}.")
    right = labels[players]
    question = "Which of these tables can sit down to one game of Medici?"
    return practice.fact_exercise(seed, state, 0, question, [labels[n] for n in counts], right, worked, refusals_of.get)


@kind(GAME, "whose-say", ["medici.turn.not-your-turn", "medici.bid.once"], "Who speaks now in the bidding")
def whose_say(seed: int) -> Exercise:
    """During the bidding: which merchant may bid now? Those who spoke already, and those still to speak, are
    refused by the engine."""
    for state, _ in plays(seed, _players(seed)):
        if state.step != BIDDING:
            continue
        order = state.bidding_order()
        here = order.index(state.bidder)
        amount = state.min_winning_bid
        moves = [(s, medici.Bid(amount)) for s in order if not state.is_full(s) and state.fits(s)]
        rules = {state.check(m, s).rule for s, m in moves if s != state.bidder}
        if rules != {"medici.turn.not-your-turn", "medici.bid.once"} or here == 0:
            continue
        seat = state.bidder
        seen = as_seen_by(state, seat, seed)
        names = seen.names
        passed = [names[s] for s in order[:here] if s != seen.high_bidder]
        so_far = [f"{names[seen.high_bidder]} has bid {seen.high_bid}"] if seen.high_bidder is not None else []
        so_far += [f"{and_list(passed)} {'has' if len(passed) == 1 else 'have'} passed"] if passed else []
        question = (f"{names[seen.auctioneer]} has put {_lot(seen)} up for auction: {and_list(so_far)}. "
                    f"Who may bid {amount} now?")
        why = (f"Right: {names[seat]} speaks now. Bidding goes once round the table from the auctioneer's left, "
               f"{and_list(names[s] for s in order)}, and each merchant has one chance.")
        return seat_move_exercise(seed, seen, seat, question, moves, why)
    raise NoExercise(seed)


@kind(GAME, "full-ship-sits-out", ["medici.day.skip-full"], "A full ship sits out the day")
def full_ship_sits_out(seed: int) -> Exercise:
    """The merchant on the auctioneer's left has a full ship: who speaks first? The engine refuses the full ship."""
    for state, _ in plays(seed, _players(seed, 3, 5)):
        if state.step != BIDDING or state.high_bidder is not None:
            continue
        order = state.bidding_order()
        before = order[: order.index(state.bidder)]
        if not before or not all(state.is_full(s) for s in before):
            continue
        seat = state.bidder
        seen = as_seen_by(state, seat, seed)
        names, amount = seen.names, seen.min_winning_bid
        question = (f"{names[seen.auctioneer]} has put {_lot(seen)} up for auction, and nobody has spoken yet. "
                    f"Who may bid {amount} first?")
        full = and_list(names[s] for s in before)
        why = (f"Right: {full} {'has a full ship' if len(before) == 1 else 'have full ships'} and sit"
               f"{'s' if len(before) == 1 else ''} out the rest of the day, so {names[seat]} speaks first.")
        return seat_move_exercise(seed, seen, seat, question, [(s, medici.Bid(amount)) for s in (*before, seat)], why)
    raise NoExercise(seed)


@kind(GAME, "next-auctioneer", ["medici.turn.next", "medici.day.skip-full"], "Who is the next auctioneer")
def next_auctioneer(seed: int) -> Exercise:
    """The auctioneer passes, last to speak: who is the next auctioneer, when the merchant on the left is full?"""
    for seen, seat, after in _last_word(seed, _players(seed)):
        n = seen.players
        nxt = records_of(after, R.NextAuctioneer)[0].seat
        skipped = [(seat + k) % n for k in range(1, (nxt - seat) % n)]
        if not skipped:
            continue
        names = seen.names
        question = f"{names[seat]}, the auctioneer, passes, and the auction is settled. Who is the next auctioneer?"
        full = and_list(names[s] for s in skipped)
        has = "has a full ship" if len(skipped) == 1 else "have full ships"
        worked = (f"{said(after, 'medici.auction.win', 'medici.auction.all-pass')} {full} {has} and sit"
                  f"{'s' if len(skipped) == 1 else ''} out the rest of the day (rule medici.day.skip-full), so the "
                  f"role goes clockwise to {names[nxt]} (rule medici.turn.next).")
        return practice.fact_exercise(seed, seen, seat, question, list(names), names[nxt], worked)
    raise NoExercise(seed)


# --- 3.2 putting a lot together -----------------------------------------------------------------------------------


def _largest_lot(state: Any) -> tuple[Any, Any]:
    """The auctioneer turns up cards until the engine opens the auction itself: the bidding position reached and the
    record of the opening (None, None when nobody could bid on that lot)."""
    last = state
    while last.step == REVEAL and last.check(DRAW) is None:
        last = last.play(DRAW)
    if last.step != BIDDING:
        return None, None
    return last, records_of(last, R.AuctionOpened)[0]


def _lot_size(rule: str, seed: int) -> Exercise:
    """The auctioneer has turned up a card or two: how many cards can the lot hold at most? The engine turns up
    cards until it opens the auction itself, and says which rule (``rule``) stopped it."""
    for state, _ in plays(seed, _players(seed)):
        if state.step != REVEAL or state.check(DRAW) is not None:
            continue
        if getattr(_largest_lot(state)[1], "why", None) != rule:
            continue  # looked at in the game itself first: re-dealing the deck of every position is slower
        seat = state.auctioneer
        seen = as_seen_by(state, seat, seed)
        last, opened = _largest_lot(seen)
        if opened is None or opened.why != rule:
            continue
        error = last.check(DRAW)
        names = seen.names
        question = (f"{names[seat]} is the auctioneer and has turned up {_lot(seen)}, with "
                    f"{plural(seen.deck_size, 'card')} left in the deck. How many cards can the lot hold at most?")
        worked = (f"{names[seat]} may turn up cards until the lot holds {len(opened.lot)}; then the engine "
                  f"refuses another: {_sentence(error)} (rule {error.rule}).")
        return count_exercise(seed, seen, seat, question, len(opened.lot), worked, range(1, 5))
    raise NoExercise(seed)


practice.kind_per_rule(GAME, _lot_size, [
    ("lot-at-most-three", "medici.reveal.limit", "A lot has at most three cards"),
    ("lot-must-fit-a-ship", "medici.reveal.no-buyer", "A lot must fit some ship"),
    ("lot-from-the-last-cards", "medici.reveal.deck-empty", "No card from an empty deck"),
])


@kind(GAME, "first-card", ["medici.auction.empty-lot"], "The first card of a lot")
def first_card(seed: int) -> Exercise:
    """An auction is settled and the next auctioneer takes over: how many cards are on offer when they first
    decide? The engine turns up the first one itself, as no lot goes to auction empty."""
    for seen, seat, after in _last_word(seed, _players(seed)):
        if after.step != REVEAL:
            continue
        nxt = after.auctioneer
        names = seen.names
        empty = draft(after)
        empty.lot = ()
        error = refusals.auction(empty)
        labels = [plural(n, "card") for n in range(4)]
        question = (f"{names[seat]}, the auctioneer, passes, and {names[nxt]} becomes the next auctioneer. "
                    f"How many cards are on offer when {names[nxt]} first decides?")
        worked = (f"a lot never goes to auction empty (rule medici.auction.empty-lot), so the engine turns up the "
                  f"first card for {names[nxt]}; then {names[nxt]} may turn up more or open the auction.")
        return practice.fact_exercise(seed, seen, seat, question, labels, plural(len(after.lot), "card"), worked,
                                      {labels[0]: practice.refused(error)}.get)
    raise NoExercise(seed)


# --- 3.3 bidding --------------------------------------------------------------------------------------------------


def _bidding(seed: int, players: int, test: Callable[[Any], bool]) -> tuple[Any, int]:
    """A bidding position of the game of ``seed`` that passes ``test``, as the bidder may know it, and the bidder."""
    for state, _ in plays(seed, players):
        if state.step == BIDDING and test(state):
            return as_seen_by(state, state.bidder, seed), state.bidder
    raise NoExercise(seed)


@kind(GAME, "bid-must-exceed", ["medici.bid.must-exceed"], "A bid must beat the one before")
def bid_must_exceed(seed: int) -> Exercise:
    """In an auction someone has bid in: which of these bids may the player to move make?"""
    seen, seat = _bidding(seed, _players(seed), lambda s: s.high_bid >= 2)
    names, high = seen.names, seen.high_bid
    rng = _rng(seed)
    right = [medici.Bid(rng.randint(high + 1, seen.money[seat]))]
    wrong = [medici.Bid(high), medici.Bid(rng.randint(1, high - 1))]
    question = (f"{names[seen.high_bidder]} has bid {high} on {_lot(seen)}. "
                f"Which of these may {names[seat]} bid?")
    return practice.which_move_exercise(
        seed, seen, seat, question, right, wrong,
        why=lambda m: f"Right: {m.amount} beats the best bid so far, {high}.")


@kind(GAME, "bid-range", ["medici.bid.minimum", "medici.bid.over-money"], "What a first bid may be")
def bid_range(seed: int) -> Exercise:
    """Nobody has bid yet: which of a bid of 0, a bid over the bidder's money and a bid in between may they make?"""
    seen, seat = _bidding(seed, _players(seed), lambda s: s.high_bid == 0 and s.money[s.bidder] >= 2)
    names, money = seen.names, seen.money[seat]
    right = [medici.Bid(_rng(seed).randint(1, money))]
    wrong = [medici.Bid(0), medici.Bid(money + 1 + seed % 5)]
    question = (f"Nobody has bid on {_lot(seen)} yet, and {names[seat]} has {money} florins. "
                f"Which of these may {names[seat]} bid?")
    return practice.which_move_exercise(
        seed, seen, seat, question, right, wrong,
        why=lambda m: f"Right: a bid is at least 1 and at most the bidder's money, {money}.")


@kind(GAME, "highest-bid", ["medici.bid.over-money"], "Bid all you have")
def highest_bid(seed: int) -> Exercise:
    """On the board: make the highest bid the merchant to speak may make (all their money, no more)."""
    seen, seat = _bidding(seed, _players(seed), lambda s: s.money[s.bidder] >= s.high_bid + 3)
    name, money = seen.names[seat], seen.money[seat]
    question = f"{name} wants {_lot(seen)} at any price. Make the highest bid {name} may make."
    judge = practice.move_judge(
        seen, seat, lambda m: m == medici.Bid(money),
        lambda m: f"Right: {name} may bid all {money} florins, and not a florin more.",
        lambda m: f"{m} is allowed, but {name} may bid up to {money}, all of {name}'s money "
                  f"(rule medici.bid.over-money).")
    return practice.posed(seed, seen, seat, question, judge)


@kind(GAME, "no-room", ["medici.bid.no-room", "medici.bid.auto-pass"], "A lot must fit to bid on it")
def no_room(seed: int) -> Exercise:
    """The auctioneer opens the auction: which merchant's ship cannot take the lot, so that they pass without
    being asked?"""
    for state, _ in plays(seed, _players(seed)):
        if state.step != REVEAL or len(state.lot) < 2:
            continue
        seat = state.auctioneer
        seen = as_seen_by(state, seat, seed)
        after = seen.play(AUCTION)
        if after.step != BIDDING:
            continue
        amount = after.min_winning_bid
        players = [s for s in after.bidding_order() if not after.is_full(s)]
        refused_ = {s: after.check(medici.Bid(amount), s) for s in players if s != after.bidder}
        cannot = [s for s, e in refused_.items() if e is not None and e.rule == "medici.bid.no-room"]
        broke = [s for s in players if s not in cannot and after.money[s] < 1]
        if len(cannot) != 1 or len(players) < 3 or broke:
            continue
        names = seen.names
        out = cannot[0]
        question = (f"{names[seat]} puts {_lot(seen)} up for auction. "
                    f"Which merchant cannot bid on it, and passes without being asked?")
        worked = (f"{_sentence(refused_[out])} (rule medici.bid.no-room), so the engine passes for {names[out]} "
                  f"(rule medici.bid.auto-pass).")
        return practice.fact_exercise(seed, seen, seat, question, [names[s] for s in players], names[out], worked)
    raise NoExercise(seed)


# --- 3.4 the result of an auction ---------------------------------------------------------------------------------


@kind(GAME, "auction-win", ["medici.auction.win"], "The best bid buys the lot")
def auction_win(seed: int) -> Exercise:
    """The auctioneer passes: how much money has the best bidder left?"""
    test = lambda s: s.high_bidder is not None and s.high_bidder != s.auctioneer  # noqa: E731
    for seen, seat, after in _last_word(seed, _players(seed), test):
        names, buyer = seen.names, seen.high_bidder
        won = records_of(after, R.AuctionWon)[0]
        question = (f"{names[seat]}, the auctioneer, passes on {_lot(seen)}. "
                    f"How many florins has {names[buyer]} once the auction is settled?")
        worked = (f"{said(after, 'medici.auction.win')} {names[buyer]} pays {won.price} to the bank "
                  f"({seen.money[buyer]} - {won.price} = {after.money[buyer]}) and loads {_whole(won.lot)}; the "
                  f"auctioneer earns nothing (rule medici.auction.win).")
        return practice.number_exercise(seed, seen, seat, question, after.money[buyer], worked, "florins")
    raise NoExercise(seed)


@kind(GAME, "all-pass", ["medici.auction.all-pass"], "A lot nobody wants")
def all_pass(seed: int) -> Exercise:
    """Nobody has bid and the auctioneer passes too: what becomes of the lot?"""
    for seen, seat, after in _last_word(seed, _players(seed), lambda s: s.high_bidder is None):
        names = seen.names
        lot = seen.lot
        left = seen.bidding_order()[0]
        facts = {
            "It is discarded for the rest of the day.": bool(records_of(after, R.AllPassed)),
            f"{names[seat]} takes it for nothing.": len(after.cargo(seat)) > len(seen.cargo(seat)),
            "It goes back under the deck.": after.deck_size > seen.deck_size,
            f"It is auctioned again, from {names[left]}.": after.step == BIDDING and after.lot == lot,
        }
        right = [fact for fact, holds in facts.items() if holds]
        if len(right) != 1:
            continue
        question = (f"Nobody has bid on {_lot(seen)}, and {names[seat]}, the auctioneer, passes too. "
                    f"What becomes of the lot?")
        worked = f"{said(after, 'medici.auction.all-pass')} (rule medici.auction.all-pass)"
        labels = list(facts)
        _rng(seed).shuffle(labels)
        return practice.fact_exercise(seed, seen, seat, question, labels, right[0], worked)
    raise NoExercise(seed)


@kind(GAME, "which-ship", ["medici.ship.choose"], "Two players: which ship takes the lot")
def which_ship(seed: int) -> Exercise:
    """Two players: the auctioneer passes and the other merchant wins the lot: onto which ship does it go?"""
    for state, _ in plays(seed, 2):
        if state.step != BIDDING or state.bidder != state.auctioneer or state.high_bidder is None:
            continue
        seat = state.auctioneer
        seen = as_seen_by(state, seat, seed)
        after = seen.play(PASS)
        if records_of(after, R.DayScored):
            continue
        names, buyer = seen.names, seen.high_bidder
        chooses = f"{names[buyer]} chooses ship 1 or ship 2."
        labels = ["On ship 1.", "On ship 2.", chooses, "It is split between both ships."]
        if after.step == STOWING:
            right, how = chooses, f"both of {names[buyer]}'s ships have room for it, so {names[buyer]} chooses"
        else:
            stowed = records_of(after, R.Stowed)[0]
            right, how = labels[stowed.ship], said(after, "medici.ship.choose").rstrip(".")
        if (seed % 2 == 0) != (right == chooses):
            continue
        free = [HOLDS - len(ship) for ship in seen.ships(buyer)]
        question = (f"{names[seat]}, the auctioneer, passes: {names[buyer]} wins {_lot(seen)}. "
                    f"Where do the cards go?")
        worked = (f"{names[buyer]}'s ships have {free[0]} and {free[1]} free holds, and a lot goes whole onto one "
                  f"ship with room for {_whole(seen.lot)}: {how} (rule medici.ship.choose).")
        return practice.fact_exercise(seed, seen, seat, question, labels, right, worked)
    raise NoExercise(seed)


# --- 3.5 the end of a day -----------------------------------------------------------------------------------------


def _day_ends(seed: int, players: int, record: type) -> Iterator[tuple[Any, int, Any, Any]]:
    """Moves that end a day by leaving ``record``: the position before (as the mover may know it), the mover,
    the move and the position after."""
    for state, move in plays(seed, players):
        if not isinstance(move, (medici.Bid, medici.Pass)) or not _ends_day(state.play(move), record):
            continue  # looked at in the game itself first: re-dealing the deck of every position is slower
        seat = state.current_player
        seen = as_seen_by(state, seat, seed)
        after = seen.play(move)
        if _ends_day(after, record):
            yield seen, seat, move, after


def _ends_day(after: Any, record: type) -> bool:
    return bool(records_of(after, R.DayScored) and records_of(after, record))


@kind(GAME, "free-fill", ["medici.day.end-full", "medici.day.free-fill"], "The last ship with room fills free")
def free_fill(seed: int) -> Exercise:
    """An auction leaves one merchant with room: how many cards do they load free of charge?"""
    for seen, seat, _, after in _day_ends(seed, _players(seed), R.FreeFill):
        fill = records_of(after, R.FreeFill)[0]
        names = seen.names
        last = fill.seat
        settled = said(after, "medici.auction.win", "medici.auction.all-pass")
        question = f"{settled} How many cards does {names[last]} then take from the deck free of charge?"
        worked = (f"every other ship is full, so the day ends (rule medici.day.end-full) and {names[last]}, the last "
                  f"with room, loads the deck's top cards free until the ship is full or the deck empty: "
                  f"{plural(len(fill.cards), 'card')} (rule medici.day.free-fill).")
        return count_exercise(seed, seen, seat, question, len(fill.cards), worked, range(6))
    raise NoExercise(seed)


@kind(GAME, "last-lot", ["medici.day.end-deck"], "The deck's last card ends the day")
def last_lot(seed: int) -> Exercise:
    """The lot on offer holds the deck's last card: what happens once it is settled?"""
    for seen, seat, _, after in _day_ends(seed, _players(seed), R.DeckEmpty):
        if seen.step != BIDDING or seen.deck_size or not records_of(after, R.AuctionWon):
            continue
        names = seen.names
        nxt = (seen.auctioneer + 1) % seen.players
        facts = {
            f"Day {seen.day} ends and is scored.": bool(records_of(after, R.DeckEmpty)),
            f"{names[nxt]} becomes the auctioneer and turns up a card from the cards set aside.": False,
            "The day goes on until every ship is full.": False,
        }
        won = said(after, "medici.auction.win")
        question = f"The deck is empty, and {won} What happens next?"
        worked = f"{won} {said(after, 'medici.day.end-deck')} (rule medici.day.end-deck)"
        labels = list(facts)
        _rng(seed).shuffle(labels)
        right = [f for f, holds in facts.items() if holds]
        return practice.fact_exercise(seed, seen, seat, question, labels, right[0], worked)
    raise NoExercise(seed)


def _day_scored(after: Any) -> R.DayScored:
    return records_of(after, R.DayScored)[0]


def _money_before_scoring(after: Any) -> tuple[int, ...]:
    """Each seat's money once the day's last auction was settled, before the day's income."""
    accounts = _day_scored(after).accounts
    return tuple(m - x for m, x in zip(after.money, accounts.total))


def _accounts_sentence(names: Sequence[str], before: Sequence[int], income: Sequence[int]) -> str:
    return ", ".join(f"{name} {b} + {x} = {b + x}" for name, b, x in zip(names, before, income))


@kind(GAME, "next-start", ["medici.day.next-start"], "Who opens the next day")
def next_start(seed: int) -> Exercise:
    """A day is over and scored: who is the first auctioneer of the next day?"""
    for seen, seat, _, after in _day_ends(seed, _players(seed), R.NextDayStarted):
        started = records_of(after, R.NextDayStarted)[0]
        if started.tied > 1:
            continue
        names = seen.names
        before = _money_before_scoring(after)
        income = _day_scored(after).accounts.total
        question = (f"Day {seen.day} is over: the merchants hold {_listing(names, before)} florins, and the day "
                    f"pays {_listing(names, income)}. Who is the first auctioneer of day {started.day}?")
        worked = (f"{_accounts_sentence(names, before, income)}. {said(after, 'medici.day.next-start')} "
                  f"(rule medici.day.next-start)")
        return practice.fact_exercise(seed, seen, seat, question, list(names), names[started.seat], worked)
    raise NoExercise(seed)


def _listing(names: Sequence[str], amounts: Sequence[int]) -> str:
    return and_list(f"{name} {x}" for name, x in zip(names, amounts))


@kind(GAME, "game-end", ["medici.game.end"], "The richest merchant wins")
def game_end(seed: int) -> Exercise:
    """The third day is over and scored: who wins?"""
    for seen, seat, _, after in _day_ends(seed, _players(seed), R.GameEnded):
        names = seen.names
        before = _money_before_scoring(after)
        income = _day_scored(after).accounts.total
        winners = [names[s] for s in after.winners()]
        labels = [who_wins([name]) for name in names]
        if len(winners) > 1:
            labels.append(who_wins(winners))
        question = (f"The last auction is over: the merchants hold {_listing(names, before)} florins, and day 3 "
                    f"pays {_listing(names, income)}. Who wins?")
        worked = f"{_accounts_sentence(names, before, income)}. {said(after, 'medici.game.end')} (rule medici.game.end)"
        return practice.fact_exercise(seed, seen, seat, question, labels, who_wins(winners), worked)
    raise NoExercise(seed)


# --- 4 scoring ----------------------------------------------------------------------------------------------------


def _scoring_position(seed: int, players: int, cards: int, day: int = 1) -> tuple[Any, int, medici.DayEnd]:
    """A position of ``day`` or later with at least ``cards`` cards on the ships, as its player to move may know it,
    with the engine's accounts of a day end now."""
    for state, _ in plays(seed, players):
        if (state.day >= day and state.step in (BIDDING, REVEAL)
                and sum(len(state.cargo(s)) for s in range(players)) >= cards):
            seat = state.current_player
            seen = as_seen_by(state, seat, seed)
            return seen, seat, medici.day_end(seen.loads, seen.levels, seen.table.start_space_scores)
    raise NoExercise(seed)


def _if_day_ended(seen: Any) -> str:
    return f"Suppose day {seen.day} ended now, with the ships as they are."


@kind(GAME, "ship-value", ["medici.score.value-rank"], "Ships are paid by their place")
def ship_value(seed: int) -> Exercise:
    """If the day ended now: what would this merchant earn for the value of their ship (or two ships)?"""
    players = 2 + seed % 5
    seen, _, accounts = _scoring_position(seed, players, 2 * players + seed % players)
    flat = [v for ships in accounts.ship_values for v in ships]
    tied = [s for s in range(players) if any(flat.count(v) > 1 for v in accounts.ship_values[s])]
    seat = _rng(seed).choice(tied or range(players))
    names = seen.names
    ships = "ships" if len(seen.ships(seat)) > 1 else "ship"
    question = f"{_if_day_ended(seen)} How much would {names[seat]} earn for the value of {names[seat]}'s {ships}?"
    events = [e.text for e in income_events(accounts, names, seen.day) if e.kind == "medici.score.value-rank"]
    worked = " ".join(events) + " (rule medici.score.value-rank)"
    answer = accounts.value_income[seat]
    paid = medici.value_rank_payouts(players, len(seen.ships(seat)))
    labels = [plural(x, "florin") for x in sorted({*paid, answer})]
    return practice.fact_exercise(seed, seen, seat, question, labels, plural(answer, "florin"), worked)


def _goods(accounts: medici.DayEnd, seed: int, test: Callable[[int, int], bool]) -> tuple[int, int]:
    """A seat and a good (index) passing ``test(seat, good)``, picked by ``seed``."""
    found = [(s, g) for s in range(len(accounts.total)) for g in range(len(GOODS)) if test(s, g)]
    if not found:
        raise NoExercise(seed)
    return _rng(seed).choice(found)


@kind(GAME, "marker-climbs", ["medici.score.goods-move"], "Each goods card moves a marker up")
def marker_climbs(seed: int) -> Exercise:
    """If the day ended now: to which level would this merchant's marker on that track climb?"""
    seen, _, accounts = _scoring_position(seed, _players(seed), 9 + seed % 5)

    def climbs(s: int, g: int) -> bool:
        return accounts.levels_after[s][g] > accounts.levels_before[s][g] + (seed % 2)

    seat, g = _goods(accounts, seed, climbs)
    names, good = seen.names, GOODS[g]
    question = f"{_if_day_ended(seen)} To which level would {names[seat]}'s {good} marker climb?"
    events = [e.text for e in income_events(accounts, names, seen.day)
              if e.kind == "medici.score.goods-move" and e.seat == seat]
    worked = (f"{' '.join(events)} One level for each {good} card aboard, whatever its value, and no higher than 7 "
              f"(rule medici.score.goods-move).")
    return practice.number_exercise(seed, seen, seat, question, accounts.levels_after[seat][g], worked)


def _track_worked(seen: Any, accounts: medici.DayEnd, g: int, kinds: Sequence[str], rule: str) -> str:
    names, good = seen.names, GOODS[g]
    levels = ", ".join(f"{name} {lv[g]}" for name, lv in zip(names, accounts.levels_after))
    events = [e.text for e in income_events(accounts, names, seen.day) if e.kind in kinds and e.data["good"] == good]
    paid = " ".join(events) or "Nobody earns anything on it."
    return f"After the markers move, {good} stands at {levels}. {paid} (rule {rule})"


@kind(GAME, "track-majority", ["medici.score.goods-majority"], "The two highest markers on a track earn")
def track_majority(seed: int) -> Exercise:
    """If the day ended now: what would this merchant's marker earn for its place on that track?"""
    seen, _, accounts = _scoring_position(seed, _players(seed), 8 + seed % 6)
    seat, g = _goods(accounts, seed, lambda s, g: accounts.levels_after[s][g] > 0)
    names, good = seen.names, GOODS[g]
    question = (f"{_if_day_ended(seen)} How much would {names[seat]}'s {good} marker earn for its place on the "
                f"track (leaving any bonus aside)?")
    worked = _track_worked(seen, accounts, g, ["medici.score.goods-majority"], "medici.score.goods-majority")
    answer = accounts.majority[g][seat]
    labels = [plural(x, "florin") for x in sorted({0, 2, 5, 7, 10, answer})]
    return practice.fact_exercise(seed, seen, seat, question, labels, plural(answer, "florin"), worked)


@kind(GAME, "top-bonus", ["medici.score.top-bonus"], "A marker high on its track earns a bonus")
def top_bonus(seed: int) -> Exercise:
    """If the day ended now: what bonus would this merchant's marker high on a track earn?"""
    seen, _, accounts = _scoring_position(seed, _players(seed), 6 + seed % 6, day=2)
    high = 4 if seed % 5 == 4 else 5  # now and then a marker just below the bonus levels
    seat, g = _goods(accounts, seed, lambda s, g: accounts.levels_after[s][g] >= high)
    names, good = seen.names, GOODS[g]
    question = f"{_if_day_ended(seen)} What bonus would {names[seat]}'s {good} marker earn?"
    worked = _track_worked(seen, accounts, g, ["medici.score.top-bonus"], "medici.score.top-bonus")
    worked = worked.replace("Nobody earns anything on it.", "No marker stands on level 5, 6 or 7.")
    labels = [plural(x, "florin") for x in (0, *medici.TOP_BONUS.values())]
    return practice.fact_exercise(seed, seen, seat, question, labels, plural(accounts.bonus[g][seat], "florin"), worked)
