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
from boardgames.core import IllegalMove
from boardgames.core.message import Message, listed, say, say_n
from boardgames.core.records import named, who_wins_said
from boardgames.medici import records as R
from boardgames.medici import refusals
from boardgames.medici.cards import cards_said, good_word
from boardgames.medici.log import income_events
from boardgames.medici.moves import move_said, ship_said
from boardgames.medici.rules import GOODS, HOLDS
from boardgames.medici.state import BIDDING, REVEAL, STOWING, draft
from boardgames.practice import Choice, Exercise, Feedback, NoExercise, as_seen_by, kind, sentences
from boardgames.practice import said_of as said

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


def seat_move_exercise(seed: int, state: Any, seat: int, question: Any,
                       moves: Sequence[tuple[int, Any]], why: Any) -> Exercise:
    """"Who may ... now?": each choice is a move by one merchant (``moves``: seat and move), judged by the engine's
    ``check`` for that seat; a legal one is right (told ``why``), a refused one gets the refusal. ``question`` and
    ``why``: English, or messages."""
    names = state.names
    said_ = {str(label): (label, s, m) for s, m in moves for label in [_made_by(names[s], m)]}

    def judge(choice: Any) -> Feedback:
        label = choice.label if isinstance(choice, Choice) else choice
        if label not in said_:
            return practice.choose_one(len(said_))
        _, s, m = said_[label]
        error = state.check(m, s)
        return practice.refused(error) if error is not None else practice.told(True, why)

    choices = tuple(Choice(label) for label, _, _ in said_.values())
    return practice.posed(seed, state, seat, question, judge, choices)


def count_exercise(seed: int, state: Any, seat: int, question: Any,
                   answer: int, worked: Any, counts: Sequence[int]) -> Exercise:
    """How many cards? One of ``counts`` (which holds ``answer``, the engine's count)."""
    labels = [_cards(n) for n in counts]
    return practice.fact_exercise(seed, state, seat, question, labels, _cards(answer), worked)


def _made_by(name: str, move: Any) -> Message:
    """A move as the log writes it with its merchant's name: "Ada bids 3", "Ben passes"."""
    if isinstance(move, medici.Bid):
        return say("{name} bids {amount}", name=name, amount=move.amount)
    if isinstance(move, medici.Pass):
        return say("{name} passes", name=name)
    if isinstance(move, medici.Draw):
        return say("{name} turns up a card", name=name)
    return say("{name} opens the auction", name=name)


def _cards(n: int) -> Message:
    return say_n("{n} card", "{n} cards", n)


def _florins(n: int) -> Message:
    return say_n("{n} florin", "{n} florins", n)


def _cited(said_: Any, rule: str) -> Message:
    """A sentence of the engine's with the rule it follows: "... (rule medici.auction.all-pass)"."""
    return say("{said} (rule {rule})", said=said_, rule=rule)


CLAUSES = (  # refusals a worked answer goes on from, as clauses (no full stop), to go on with "(rule ...)"
    say("No more cards: a lot has at most {most}"),
    say("No more cards: the deck is empty"),
    say("No ship has room for {cards} cards (the most free holds on any ship is {room})"),
    say_n("{name} cannot bid: the lot of {n} card does not fit on {name}'s ships",
          "{name} cannot bid: the lot of {n} cards does not fit on {name}'s ships", 0),
    say_n("{name} cannot bid: the lot of {n} card does not fit on {name}'s ship",
          "{name} cannot bid: the lot of {n} cards does not fit on {name}'s ship", 0),
)


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


def _sentence(error: IllegalMove) -> Any:
    """A refusal's sentence without its full stop, to go on with "(rule ...)": one of ``CLAUSES``, with the
    refusal's values (the refusal as it is, full stop and all, for one not among them)."""
    said_ = error.said
    if isinstance(said_, Message):
        for clause in CLAUSES:
            if clause.english + "." == said_.english:
                return Message(clause.english, said_.values, clause.plural, said_.context)
    return said_ if isinstance(said_, Message) else str(said_).rstrip(".")


def _rng(seed: int) -> random.Random:
    return random.Random(f"medici-practice/{seed}")


def _whole(lot: Sequence) -> Message:
    return say("the card") if len(lot) == 1 else say("all {n} cards", n=len(lot))


def _players(seed: int, low: int = 3, high: int = 5) -> int:
    return low + seed % (high - low + 1)


def _lot(state: Any) -> Any:
    return cards_said(state.lot)


# --- 3.1 players and turns ----------------------------------------------------------------------------------------

TABLES = {1: say("{name} alone", name="Ada"), **{n: say("{n} merchants", n=n) for n in (7, 8, 9)}}


@kind(GAME, "who-can-play", ["medici.setup.players"], say("How many merchants can play"))
def who_can_play(seed: int) -> Exercise:
    """Which of these tables can start a game? The engine's ``new_game`` accepts or refuses each."""
    rng = _rng(seed)
    players = rng.randint(2, 6)
    counts = [players, *rng.sample(sorted(TABLES), 3)]
    rng.shuffle(counts)
    names = medici.new_game(players, seed=seed).names
    labels = {n: TABLES.get(n) or listed(names) for n in counts}
    refusals_of: dict[str, Feedback] = {}
    for n in counts:
        try:
            medici.new_game(n, seed=seed)
        except IllegalMove as error:
            refusals_of[str(labels[n])] = practice.refused(error)
    state = as_seen_by(medici.new_game(players, seed=seed), 0, seed)
    ships = say("two ships each") if len(state.ships(0)) > 1 else say("one ship each")
    worked = say("Medici is for 2 to 6 merchants. {names} start with {money} florins and {ships}.",
                 names=listed(names), money=state.money[0], ships=ships)
    right = labels[players]
    question = say("Which of these tables can sit down to one game of Medici?")
    return practice.fact_exercise(seed, state, 0, question, [labels[n] for n in counts], right, worked, refusals_of.get)


@kind(GAME, "whose-say", ["medici.turn.not-your-turn", "medici.bid.once"], say("Who speaks now in the bidding"))
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
        so_far = ([say("{name} has bid {amount}", name=names[seen.high_bidder], amount=seen.high_bid)]
                  if seen.high_bidder is not None else [])
        so_far += [say_n("{names} has passed", "{names} have passed", len(passed), names=listed(passed))] if passed \
            else []
        question = say("{auctioneer} has put {lot} up for auction: {so_far}. Who may bid {amount} now?",
                       auctioneer=names[seen.auctioneer], lot=_lot(seen), so_far=listed(so_far), amount=amount)
        why = say("Right: {name} speaks now. Bidding goes once round the table from the auctioneer's left, {order}, "
                  "and each merchant has one chance.", name=names[seat], order=listed(names[s] for s in order))
        return seat_move_exercise(seed, seen, seat, question, moves, why)
    raise NoExercise(seed)


@kind(GAME, "full-ship-sits-out", ["medici.day.skip-full"], say("A full ship sits out the day"))
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
        question = say("{auctioneer} has put {lot} up for auction, and nobody has spoken yet. Who may bid {amount} "
                       "first?", auctioneer=names[seen.auctioneer], lot=_lot(seen), amount=amount)
        full = listed(names[s] for s in before)
        why = say_n("Right: {full} has a full ship and sits out the rest of the day, so {name} speaks first.",
                    "Right: {full} have full ships and sit out the rest of the day, so {name} speaks first.",
                    len(before), full=full, name=names[seat])
        return seat_move_exercise(seed, seen, seat, question, [(s, medici.Bid(amount)) for s in (*before, seat)], why)
    raise NoExercise(seed)


@kind(GAME, "next-auctioneer", ["medici.turn.next", "medici.day.skip-full"], say("Who is the next auctioneer"))
def next_auctioneer(seed: int) -> Exercise:
    """The auctioneer passes, last to speak: who is the next auctioneer, when the merchant on the left is full?"""
    for seen, seat, after in _last_word(seed, _players(seed)):
        n = seen.players
        nxt = records_of(after, R.NextAuctioneer)[0].seat
        skipped = [(seat + k) % n for k in range(1, (nxt - seat) % n)]
        if not skipped:
            continue
        names = seen.names
        question = say("{name}, the auctioneer, passes, and the auction is settled. Who is the next auctioneer?",
                       name=names[seat])
        full = listed(names[s] for s in skipped)
        worked = sentences(said(after, "medici.auction.win", "medici.auction.all-pass"), say_n(
            "{full} has a full ship and sits out the rest of the day (rule medici.day.skip-full), so the role goes "
            "clockwise to {name} (rule medici.turn.next).",
            "{full} have full ships and sit out the rest of the day (rule medici.day.skip-full), so the role goes "
            "clockwise to {name} (rule medici.turn.next).", len(skipped), full=full, name=names[nxt]))
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
        question = say("{name} is the auctioneer and has turned up {lot}, with {cards} left in the deck. How many "
                       "cards can the lot hold at most?", name=names[seat], lot=_lot(seen),
                       cards=_cards(seen.deck_size))
        worked = say("{name} may turn up cards until the lot holds {n}; then the engine refuses another: {refusal} "
                     "(rule {rule}).", name=names[seat], n=len(opened.lot), refusal=_sentence(error), rule=error.rule)
        return count_exercise(seed, seen, seat, question, len(opened.lot), worked, range(1, 5))
    raise NoExercise(seed)


practice.kind_per_rule(GAME, _lot_size, [
    ("lot-at-most-three", "medici.reveal.limit", say("A lot has at most three cards")),
    ("lot-must-fit-a-ship", "medici.reveal.no-buyer", say("A lot must fit some ship")),
    ("lot-from-the-last-cards", "medici.reveal.deck-empty", say("No card from an empty deck")),
])


@kind(GAME, "first-card", ["medici.auction.empty-lot"], say("The first card of a lot"))
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
        labels = [_cards(n) for n in range(4)]
        question = say("{name}, the auctioneer, passes, and {next} becomes the next auctioneer. How many cards are on "
                       "offer when {next} first decides?", name=names[seat], next=names[nxt])
        worked = say("a lot never goes to auction empty (rule medici.auction.empty-lot), so the engine turns up the "
                     "first card for {name}; then {name} may turn up more or open the auction.", name=names[nxt])
        return practice.fact_exercise(seed, seen, seat, question, labels, _cards(len(after.lot)), worked,
                                      {str(labels[0]): practice.refused(error)}.get)
    raise NoExercise(seed)


# --- 3.3 bidding --------------------------------------------------------------------------------------------------


def _bidding(seed: int, players: int, test: Callable[[Any], bool]) -> tuple[Any, int]:
    """A bidding position of the game of ``seed`` that passes ``test``, as the bidder may know it, and the bidder."""
    for state, _ in plays(seed, players):
        if state.step == BIDDING and test(state):
            return as_seen_by(state, state.bidder, seed), state.bidder
    raise NoExercise(seed)


@kind(GAME, "bid-must-exceed", ["medici.bid.must-exceed"], say("A bid must beat the one before"))
def bid_must_exceed(seed: int) -> Exercise:
    """In an auction someone has bid in: which of these bids may the player to move make?"""
    seen, seat = _bidding(seed, _players(seed), lambda s: s.high_bid >= 2)
    names, high = seen.names, seen.high_bid
    rng = _rng(seed)
    right = [medici.Bid(rng.randint(high + 1, seen.money[seat]))]
    wrong = [medici.Bid(high), medici.Bid(rng.randint(1, high - 1))]
    question = say("{bidder} has bid {high} on {lot}. Which of these may {name} bid?",
                   bidder=names[seen.high_bidder], high=high, lot=_lot(seen), name=names[seat])
    return practice.which_move_exercise(
        seed, seen, seat, question, right, wrong, label=move_said,
        why=lambda m: say("Right: {amount} beats the best bid so far, {high}.", amount=m.amount, high=high))


@kind(GAME, "bid-range", ["medici.bid.minimum", "medici.bid.over-money"], say("What a first bid may be"))
def bid_range(seed: int) -> Exercise:
    """Nobody has bid yet: which of a bid of 0, a bid over the bidder's money and a bid in between may they make?"""
    seen, seat = _bidding(seed, _players(seed), lambda s: s.high_bid == 0 and s.money[s.bidder] >= 2)
    names, money = seen.names, seen.money[seat]
    right = [medici.Bid(_rng(seed).randint(1, money))]
    wrong = [medici.Bid(0), medici.Bid(money + 1 + seed % 5)]
    question = say("Nobody has bid on {lot} yet, and {name} has {money} florins. Which of these may {name} bid?",
                   lot=_lot(seen), name=names[seat], money=money)
    return practice.which_move_exercise(
        seed, seen, seat, question, right, wrong, label=move_said,
        why=lambda m: say("Right: a bid is at least 1 and at most the bidder's money, {money}.", money=money))


@kind(GAME, "highest-bid", ["medici.bid.over-money"], say("Bid all you have"))
def highest_bid(seed: int) -> Exercise:
    """On the board: make the highest bid the merchant to speak may make (all their money, no more)."""
    seen, seat = _bidding(seed, _players(seed), lambda s: s.money[s.bidder] >= s.high_bid + 3)
    name, money = seen.names[seat], seen.money[seat]
    question = say("{name} wants {lot} at any price. Make the highest bid {name} may make.", name=name, lot=_lot(seen))
    judge = practice.move_judge(
        seen, seat, lambda m: m == medici.Bid(money),
        lambda m: say("Right: {name} may bid all {money} florins, and not a florin more.", name=name, money=money),
        lambda m: say("{move} is allowed, but {name} may bid up to {money}, all of {name}'s money "
                      "(rule medici.bid.over-money).", move=move_said(m), name=name, money=money))
    return practice.posed(seed, seen, seat, question, judge)


@kind(GAME, "no-room", ["medici.bid.no-room", "medici.bid.auto-pass"], say("A lot must fit to bid on it"))
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
        question = say("{name} puts {lot} up for auction. Which merchant cannot bid on it, and passes without being "
                       "asked?", name=names[seat], lot=_lot(seen))
        worked = say("{refusal} (rule medici.bid.no-room), so the engine passes for {name} "
                     "(rule medici.bid.auto-pass).", refusal=_sentence(refused_[out]), name=names[out])
        return practice.fact_exercise(seed, seen, seat, question, [names[s] for s in players], names[out], worked)
    raise NoExercise(seed)


# --- 3.4 the result of an auction ---------------------------------------------------------------------------------


@kind(GAME, "auction-win", ["medici.auction.win"], say("The best bid buys the lot"))
def auction_win(seed: int) -> Exercise:
    """The auctioneer passes: how much money has the best bidder left?"""
    test = lambda s: s.high_bidder is not None and s.high_bidder != s.auctioneer  # noqa: E731
    for seen, seat, after in _last_word(seed, _players(seed), test):
        names, buyer = seen.names, seen.high_bidder
        won = records_of(after, R.AuctionWon)[0]
        question = say("{name}, the auctioneer, passes on {lot}. How many florins has {buyer} once the auction is "
                       "settled?", name=names[seat], lot=_lot(seen), buyer=names[buyer])
        worked = sentences(said(after, "medici.auction.win"), say(
            "{buyer} pays {price} to the bank ({money} - {price} = {left}) and loads {whole}; the auctioneer earns "
            "nothing (rule medici.auction.win).", buyer=names[buyer], price=won.price, money=seen.money[buyer],
            left=after.money[buyer], whole=_whole(won.lot)))
        return practice.number_exercise(seed, seen, seat, question, after.money[buyer], worked,
                                        lambda n: say("{n} florins", n=n))
    raise NoExercise(seed)


@kind(GAME, "all-pass", ["medici.auction.all-pass"], say("A lot nobody wants"))
def all_pass(seed: int) -> Exercise:
    """Nobody has bid and the auctioneer passes too: what becomes of the lot?"""
    for seen, seat, after in _last_word(seed, _players(seed), lambda s: s.high_bidder is None):
        names = seen.names
        lot = seen.lot
        left = seen.bidding_order()[0]
        facts = {
            say("It is discarded for the rest of the day."): bool(records_of(after, R.AllPassed)),
            say("{name} takes it for nothing.", name=names[seat]): len(after.cargo(seat)) > len(seen.cargo(seat)),
            say("It goes back under the deck."): after.deck_size > seen.deck_size,
            say("It is auctioned again, from {name}.", name=names[left]): after.step == BIDDING and after.lot == lot,
        }
        right = [fact for fact, holds in facts.items() if holds]
        if len(right) != 1:
            continue
        question = say("Nobody has bid on {lot}, and {name}, the auctioneer, passes too. What becomes of the lot?",
                       lot=_lot(seen), name=names[seat])
        worked = _cited(said(after, "medici.auction.all-pass"), "medici.auction.all-pass")
        labels = list(facts)
        _rng(seed).shuffle(labels)
        return practice.fact_exercise(seed, seen, seat, question, labels, right[0], worked)
    raise NoExercise(seed)


@kind(GAME, "which-ship", ["medici.ship.choose"], say("Two players: which ship takes the lot"))
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
        chooses = say("{name} chooses ship 1 or ship 2.", name=names[buyer])
        labels = [say("On ship 1."), say("On ship 2."), chooses, say("It is split between both ships.")]
        if after.step == STOWING:
            right = chooses
            how = say("both of {name}'s ships have room for it, so {name} chooses", name=names[buyer])
        else:
            stowed = records_of(after, R.Stowed)[0]
            right = labels[stowed.ship]
            how = say("{name} loads the lot onto {ship}", name=names[stowed.seat], ship=ship_said(stowed.ship))
        if (seed % 2 == 0) != (right == chooses):
            continue
        free = [HOLDS - len(ship) for ship in seen.ships(buyer)]
        question = say("{name}, the auctioneer, passes: {buyer} wins {lot}. Where do the cards go?",
                       name=names[seat], buyer=names[buyer], lot=_lot(seen))
        worked = say("{buyer}'s ships have {first} and {second} free holds, and a lot goes whole onto one ship with "
                     "room for {whole}: {how} (rule medici.ship.choose).", buyer=names[buyer], first=free[0],
                     second=free[1], whole=_whole(seen.lot), how=how)
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


@kind(GAME, "free-fill", ["medici.day.end-full", "medici.day.free-fill"], say("The last ship with room fills free"))
def free_fill(seed: int) -> Exercise:
    """An auction leaves one merchant with room: how many cards do they load free of charge?"""
    for seen, seat, _, after in _day_ends(seed, _players(seed), R.FreeFill):
        fill = records_of(after, R.FreeFill)[0]
        names = seen.names
        last = fill.seat
        settled = said(after, "medici.auction.win", "medici.auction.all-pass")
        question = sentences(settled, say("How many cards does {name} then take from the deck free of charge?",
                                          name=names[last]))
        worked = say("every other ship is full, so the day ends (rule medici.day.end-full) and {name}, the last with "
                     "room, loads the deck's top cards free until the ship is full or the deck empty: {cards} "
                     "(rule medici.day.free-fill).", name=names[last], cards=_cards(len(fill.cards)))
        return count_exercise(seed, seen, seat, question, len(fill.cards), worked, range(6))
    raise NoExercise(seed)


@kind(GAME, "last-lot", ["medici.day.end-deck"], say("The deck's last card ends the day"))
def last_lot(seed: int) -> Exercise:
    """The lot on offer holds the deck's last card: what happens once it is settled?"""
    for seen, seat, _, after in _day_ends(seed, _players(seed), R.DeckEmpty):
        if seen.step != BIDDING or seen.deck_size or not records_of(after, R.AuctionWon):
            continue
        names = seen.names
        nxt = (seen.auctioneer + 1) % seen.players
        facts = {
            say("Day {day} ends and is scored.", day=seen.day): bool(records_of(after, R.DeckEmpty)),
            say("{name} becomes the auctioneer and turns up a card from the cards set aside.", name=names[nxt]): False,
            say("The day goes on until every ship is full."): False,
        }
        won = said(after, "medici.auction.win")
        question = say("The deck is empty, and {won} What happens next?", won=won)
        worked = sentences(won, _cited(said(after, "medici.day.end-deck"), "medici.day.end-deck"))
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


def _accounts_sentence(names: Sequence[str], before: Sequence[int], income: Sequence[int]) -> Any:
    return listed([say("{name} {before} + {income} = {total}", name=name, before=b, income=x, total=b + x)
                   for name, b, x in zip(names, before, income)], ",")


@kind(GAME, "next-start", ["medici.day.next-start"], say("Who opens the next day"))
def next_start(seed: int) -> Exercise:
    """A day is over and scored: who is the first auctioneer of the next day?"""
    for seen, seat, _, after in _day_ends(seed, _players(seed), R.NextDayStarted):
        started = records_of(after, R.NextDayStarted)[0]
        if started.tied > 1:
            continue
        names = seen.names
        before = _money_before_scoring(after)
        income = _day_scored(after).accounts.total
        question = say("Day {day} is over: the merchants hold {before} florins, and the day pays {income}. Who is "
                       "the first auctioneer of day {next}?", day=seen.day, before=_listing(names, before),
                       income=_listing(names, income), next=started.day)
        worked = say("{accounts}. {said} (rule {rule})", accounts=_accounts_sentence(names, before, income),
                     said=said(after, "medici.day.next-start"), rule="medici.day.next-start")
        return practice.fact_exercise(seed, seen, seat, question, list(names), names[started.seat], worked)
    raise NoExercise(seed)


def _listing(names: Sequence[str], amounts: Sequence[int]) -> Any:
    return listed(say("{name} {amount}", name=name, amount=x) for name, x in zip(names, amounts))


@kind(GAME, "game-end", ["medici.game.end"], say("The richest merchant wins"))
def game_end(seed: int) -> Exercise:
    """The third day is over and scored: who wins?"""
    for seen, seat, _, after in _day_ends(seed, _players(seed), R.GameEnded):
        names = seen.names
        before = _money_before_scoring(after)
        income = _day_scored(after).accounts.total
        winners = [names[s] for s in after.winners()]
        labels = [who_wins_said([name]) for name in names]
        if len(winners) > 1:
            labels.append(who_wins_said(winners))
        question = say("The last auction is over: the merchants hold {before} florins, and day 3 pays {income}. Who "
                       "wins?", before=_listing(names, before), income=_listing(names, income))
        worked = say("{accounts}. {said} (rule {rule})", accounts=_accounts_sentence(names, before, income),
                     said=said(after, "medici.game.end"), rule="medici.game.end")
        return practice.fact_exercise(seed, seen, seat, question, labels, who_wins_said(winners), worked)
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


def _if_day_ended(seen: Any) -> Message:
    return say("Suppose day {day} ended now, with the ships as they are.", day=seen.day)


@kind(GAME, "ship-value", ["medici.score.value-rank"], say("Ships are paid by their place"))
def ship_value(seed: int) -> Exercise:
    """If the day ended now: what would this merchant earn for the value of their ship (or two ships)?"""
    players = 2 + seed % 5
    seen, _, accounts = _scoring_position(seed, players, 2 * players + seed % players)
    flat = [v for ships in accounts.ship_values for v in ships]
    tied = [s for s in range(players) if any(flat.count(v) > 1 for v in accounts.ship_values[s])]
    seat = _rng(seed).choice(tied or range(players))
    names = seen.names
    if len(seen.ships(seat)) > 1:
        asked = say("{scene} How much would {name} earn for the value of {name}'s ships?", scene=_if_day_ended(seen),
                    name=names[seat])
    else:
        asked = say("{scene} How much would {name} earn for the value of {name}'s ship?", scene=_if_day_ended(seen),
                    name=names[seat])
    events = [e.said for e in income_events(accounts, names, seen.day) if e.kind == "medici.score.value-rank"]
    worked = _cited(sentences(*events), "medici.score.value-rank")
    answer = accounts.value_income[seat]
    paid = medici.value_rank_payouts(players, len(seen.ships(seat)))
    labels = [_florins(x) for x in sorted({*paid, answer})]
    return practice.fact_exercise(seed, seen, seat, asked, labels, _florins(answer), worked)


def _goods(accounts: medici.DayEnd, seed: int, test: Callable[[int, int], bool]) -> tuple[int, int]:
    """A seat and a good (index) passing ``test(seat, good)``, picked by ``seed``."""
    found = [(s, g) for s in range(len(accounts.total)) for g in range(len(GOODS)) if test(s, g)]
    if not found:
        raise NoExercise(seed)
    return _rng(seed).choice(found)


@kind(GAME, "marker-climbs", ["medici.score.goods-move"], say("Each goods card moves a marker up"))
def marker_climbs(seed: int) -> Exercise:
    """If the day ended now: to which level would this merchant's marker on that track climb?"""
    seen, _, accounts = _scoring_position(seed, _players(seed), 9 + seed % 5)

    def climbs(s: int, g: int) -> bool:
        return accounts.levels_after[s][g] > accounts.levels_before[s][g] + (seed % 2)

    seat, g = _goods(accounts, seed, climbs)
    names, good = seen.names, GOODS[g]
    question = say("{scene} To which level would {name}'s {good} marker climb?", scene=_if_day_ended(seen),
                   name=names[seat], good=good_word(good))
    events = [e.said for e in income_events(accounts, names, seen.day)
              if e.kind == "medici.score.goods-move" and e.seat == seat]
    worked = sentences(*events, say("One level for each {good} card aboard, whatever its value, and no higher than 7 "
                                    "(rule medici.score.goods-move).", good=good_word(good)))
    return practice.number_exercise(seed, seen, seat, question, accounts.levels_after[seat][g], worked)


def _track_worked(seen: Any, accounts: medici.DayEnd, g: int, kinds: Sequence[str], rule: str,
                  nobody: Message | None = None) -> Message:
    """The markers on good ``g``'s track after they move, and what they earn (``nobody`` when none earns)."""
    names, good = seen.names, GOODS[g]
    levels = listed([say("{name} {level}", name=name, level=lv[g]) for name, lv in zip(names, accounts.levels_after)],
                    ",")
    events = [e.said for e in income_events(accounts, names, seen.day) if e.kind in kinds and e.data["good"] == good]
    paid = sentences(*events) or nobody or say("Nobody earns anything on it.")
    return say("After the markers move, {good} stands at {levels}. {paid} (rule {rule})", good=good_word(good),
               levels=levels, paid=paid, rule=rule)


@kind(GAME, "track-majority", ["medici.score.goods-majority"], say("The two highest markers on a track earn"))
def track_majority(seed: int) -> Exercise:
    """If the day ended now: what would this merchant's marker earn for its place on that track?"""
    seen, _, accounts = _scoring_position(seed, _players(seed), 8 + seed % 6)
    seat, g = _goods(accounts, seed, lambda s, g: accounts.levels_after[s][g] > 0)
    names, good = seen.names, GOODS[g]
    question = say("{scene} How much would {name}'s {good} marker earn for its place on the track (leaving any bonus "
                   "aside)?", scene=_if_day_ended(seen), name=names[seat], good=good_word(good))
    worked = _track_worked(seen, accounts, g, ["medici.score.goods-majority"], "medici.score.goods-majority")
    answer = accounts.majority[g][seat]
    labels = [_florins(x) for x in sorted({0, 2, 5, 7, 10, answer})]
    return practice.fact_exercise(seed, seen, seat, question, labels, _florins(answer), worked)


@kind(GAME, "top-bonus", ["medici.score.top-bonus"], say("A marker high on its track earns a bonus"))
def top_bonus(seed: int) -> Exercise:
    """If the day ended now: what bonus would this merchant's marker high on a track earn?"""
    seen, _, accounts = _scoring_position(seed, _players(seed), 6 + seed % 6, day=2)
    high = 4 if seed % 5 == 4 else 5  # now and then a marker just below the bonus levels
    seat, g = _goods(accounts, seed, lambda s, g: accounts.levels_after[s][g] >= high)
    names, good = seen.names, GOODS[g]
    question = say("{scene} What bonus would {name}'s {good} marker earn?", scene=_if_day_ended(seen),
                   name=names[seat], good=good_word(good))
    worked = _track_worked(seen, accounts, g, ["medici.score.top-bonus"], "medici.score.top-bonus",
                           say("No marker stands on level 5, 6 or 7."))
    labels = [_florins(x) for x in (0, *medici.TOP_BONUS.values())]
    return practice.fact_exercise(seed, seen, seat, question, labels, _florins(accounts.bonus[g][seat]), worked)
