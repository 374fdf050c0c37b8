"""One test per rule id of section 3 of ``docs/rules/medici.md``.

Refusable rules: the move is played into a real position where it breaks the rule; ``check`` names the
rule with a readable sentence, ``play`` raises ``IllegalMove`` with the same rule, and the state stays
exactly as it was. Automatic steps: the events of that kind appear when the rule says they should.
Then the protocol's own refusals, and bad input to ``new_game`` and ``from_json``.
"""

from __future__ import annotations

import dataclasses
import random

import pytest
from support.medici_play import auction, game, kinds, refused, reveal, sell, value_ranks
from support.protocol_checks import damaged, save_refusal, set_at

import boardgames
from boardgames import IllegalMove, Match, medici

A, B, C, D = range(4)
CARDS = [str(c) for c in medici.DECK]  # the 36 cards in a fixed order: cloth 0..5, 5, fur 0..5, 5, ...


# ---------------------------------------------------------------------------------------------- helpers


def finished_game() -> Match:
    """A quick 3-player game: one card a day, nobody bids, all three tie."""
    m = game(3, ["cloth:1"], ["fur:1"], ["dye:1"])
    for _ in range(3):
        sell(m, 1, None)
    assert m.state.is_over
    return m


# ---------------------------------------------------------------------------------------------- refusals


@pytest.mark.parametrize(
    "players, flags, words",
    [
        (7, {}, ("2 to 6", "7")),
        (1, {}, ("2 to 6", "1")),
        (["Ada", "Ben", "Cleo", "Dan", "Eva", "Finn", "Gus"], {}, ("2 to 6", "7")),
        (2, {"two_player_ships": False}, ("two_player_ships",)),
        (["Ada", "Ben"], {"two_player_ships": False}, ("two_player_ships",)),
    ],
)
def test_medici_setup_players(players, flags, words):
    """A game has 2 to 6 players; a 2-player game needs the two-ship rules (flag two_player_ships)."""
    with pytest.raises(IllegalMove) as info:
        medici.new_game(players, **flags)
    assert info.value.rule == "medici.setup.players"
    assert isinstance(info.value, ValueError)
    for word in words:
        assert word in info.value.message
    assert medici.new_game(2).players == 2 and medici.new_game(6).players == 6
    assert medici.new_game(3, two_player_ships=False).players == 3


def test_medici_turn_not_your_turn():
    """Only the seat named by current_player may move."""
    s = medici.new_game(4)
    assert s.current_player == A
    refused(s, medici.Draw(), "medici.turn.not-your-turn", seat=B, words=("Ada", "Ben"))
    refused(s, medici.Auction(), "medici.turn.not-your-turn", seat=D, words=("Ada", "Dan"))
    refused(s, medici.Draw(), "medici.turn.not-your-turn", seat=9, words=("9",))
    assert s.check(medici.Draw(), seat=A) is None
    m = game(4)
    s = auction(m, 1)
    assert s.current_player == B
    refused(s, medici.Bid(3), "medici.turn.not-your-turn", seat=C, words=("Ben", "Cleo"))
    refused(s, medici.Pass(), "medici.turn.not-your-turn", seat=A, words=("Ben", "Ada"))
    refused(s, medici.Draw(), "medici.turn.not-your-turn", seat=A)
    assert s.check(medici.Bid(3), seat=B) is None


def test_medici_reveal_limit():
    """A lot has 1 to 3 cards: a fourth card may not be revealed."""
    m = game(4)
    s = reveal(m, 3)
    assert s.deck and s.max_lot_size == 3
    refused(s, medici.Draw(), "medici.reveal.limit", words=("3",))
    assert opened_by_itself(m) == ["medici.reveal.limit"]  # no decision is left: bidding opens


def test_medici_auction_empty_lot():
    """The auctioneer must reveal at least one card before the lot goes to auction: that first card is
    no decision, so the engine reveals it at the start of every turn."""
    m = game(4, CARDS[:24])
    turn_starts = [m.state]
    for size, winner in [(3, B), (2, None), (1, C), (2, D)]:
        sell(m, size, winner)
        turn_starts.append(m.state)
    for s in turn_starts:
        assert s.step == "reveal" and len(s.lot) == 1
        (first,) = kinds(s.events, "medici.reveal")
        assert first.seat == s.auctioneer and first.data["card"] == str(s.lot[0])
        assert s.check(medici.Auction()) is None
    # The refusal itself, on a position with nothing revealed yet (one the engine never produces).
    s = m.state
    blank = dataclasses.replace(s, lot=(), deck=s.lot + s.deck)
    assert "empty lot" in medici.consistency_problem(blank)
    problem = blank.check(medici.Auction())
    assert isinstance(problem, IllegalMove) and problem.rule == "medici.auction.empty-lot"
    with pytest.raises(IllegalMove) as info:
        blank.play(medici.Auction())
    assert info.value.rule == "medici.auction.empty-lot"


def opened_by_itself(match: Match) -> list:
    """Why the engine opened the auctions of this match without asking (the rule id per auction)."""
    return [e.data["automatic"] for e in kinds(match.events(), "medici.auction.open") if e.data["automatic"]]


def test_medici_reveal_no_buyer():
    """No card may be revealed that makes the lot larger than the largest free space of any ship."""
    m = game(3, CARDS[:18])
    for seat in (A, B, C):
        sell(m, 3, seat)
    assert m.state.max_lot_size == 2
    s = reveal(m, 2)
    refused(s, medici.Draw(), "medici.reveal.no-buyer", words=("3 cards", "2"))
    assert opened_by_itself(m) == ["medici.reveal.limit"] * 3 + ["medici.reveal.no-buyer"]


def test_medici_reveal_deck_empty():
    """No card can be revealed from an empty deck; the lot as it stands goes to auction."""
    m = game(3, ["fur:1", "fur:2"])
    s = reveal(m, 2)
    assert s.deck == ()
    refused(s, medici.Draw(), "medici.reveal.deck-empty")
    s = auction(m, 2)
    assert s.step == "bid" and len(s.lot) == 2
    assert opened_by_itself(m) == ["medici.reveal.deck-empty"]


def test_medici_bid_once():
    """Every player has exactly one chance to bid or pass on a lot, clockwise, the auctioneer last."""
    m = game(4)
    auction(m, 1)
    s = m.play(medici.Pass())  # Ben passes
    assert s.current_player == C
    refused(s, medici.Bid(5), "medici.bid.once", seat=B, words=("Ben",))
    refused(s, medici.Pass(), "medici.bid.once", seat=B, words=("Ben",))
    s = m.play(medici.Bid(3))  # Cleo
    refused(s, medici.Bid(9), "medici.bid.once", seat=C, words=("Cleo",))
    refused(s, medici.Bid(9), "medici.turn.not-your-turn", seat=A)  # the auctioneer's chance is still to come
    s = m.play(medici.Pass())  # Dan
    assert s.current_player == A
    s = m.play(medici.Pass())  # Ada, last: the auction is over
    assert [e.seat for e in kinds(s.events, "medici.auction.win")] == [C]


@pytest.mark.parametrize("amount", [0, -1, 1.5, "5"])
def test_medici_bid_minimum(amount):
    """A bid is a whole number of at least 1."""
    s = auction(game(4), 1)
    refused(s, medici.Bid(amount), "medici.bid.minimum", words=(repr(amount),))


def test_medici_bid_must_exceed():
    """A bid must be strictly higher than the highest bid so far."""
    m = game(4)
    auction(m, 1)
    s = m.play(medici.Bid(5))
    assert s.min_winning_bid == 6
    refused(s, medici.Bid(5), "medici.bid.must-exceed", words=("5",))
    refused(s, medici.Bid(3), "medici.bid.must-exceed", words=("5",))
    assert s.check(medici.Bid(6)) is None


def test_medici_bid_over_money():
    """A bid may not exceed the bidder's money."""
    m = game(4)
    sell(m, 1, A, price=31)
    assert m.state.money[A] == 9
    auction(m, 1)  # Ben's lot
    m.play(medici.Pass())
    s = m.play(medici.Pass())
    assert s.current_player == A
    problem = refused(s, medici.Bid(12), "medici.bid.over-money")
    assert problem.message == "Ada cannot bid 12: only 9 florins in hand."
    refused(s, medici.Bid(10), "medici.bid.over-money", words=("Ada", "10", "9"))
    assert s.check(medici.Bid(9)) is None


def test_medici_bid_no_room():
    """A player may bid only if the whole lot fits in their free holds."""
    m = game(3)
    sell(m, 3, A)
    s = auction(m, 3)  # Ben's lot of 3: Ada (3 cards) has no room for it
    assert s.current_player == C
    assert s.bidders() == (C, B)
    refused(s, medici.Bid(5), "medici.bid.no-room", seat=A, words=("Ada", "3 cards"))


def test_medici_bid_no_room_two_ships():
    """Two players: the whole lot must fit on one of the bidder's ships, not across both."""
    m = game(2, CARDS[:18])
    sell(m, 3, A, ship=0)
    sell(m, 1, B, ship=0)
    sell(m, 3, A)  # onto ship 1: Ada's ships hold 3 and 3 cards, 4 free holds in all
    assert [len(ship) for ship in m.state.ships(A)] == [3, 3]
    mark = len(m.events())
    s = auction(m, 3)  # Ben's lot of 3
    assert [e.seat for e in kinds(m.events()[mark:], "medici.bid.auto-pass")] == [A]
    assert s.current_player == B
    refused(s, medici.Bid(5), "medici.bid.no-room", seat=A, words=("Ada", "3 cards", "ships"))


def test_medici_day_skip_full():
    """A player whose ship is full takes no further part in the day, as auctioneer or as bidder."""
    m = game(3)
    sell(m, 3, A)
    sell(m, 1, B)
    sell(m, 1, C)
    sell(m, 2, A)  # Ada is full
    s = m.state
    assert s.is_full(A)
    assert s.current_player == B  # Ada is skipped as auctioneer
    s = auction(m, 1)
    assert s.current_player == C
    refused(s, medici.Bid(1), "medici.day.skip-full", seat=A, words=("Ada",))
    refused(s, medici.Pass(), "medici.day.skip-full", seat=A, words=("Ada",))
    s = m.play(medici.Pass())
    assert s.current_player == B  # Ada is skipped as bidder
    assert A not in [e.seat for e in s.events]


@pytest.mark.parametrize("ship", [2, -1])
def test_medici_ship_choose(ship):
    """Two players: the winner loads the lot onto one of their two ships that has room."""
    m = game(2)
    auction(m, 1)
    m.play(medici.Pass())
    s = m.play(medici.Bid(1))
    assert s.step == "stow" and s.current_player == A
    assert s.legal_moves() == [medici.Stow(0), medici.Stow(1)]
    refused(s, medici.Stow(ship), "medici.ship.choose", words=("Ada", str(ship)))
    s = s.play(medici.Stow(1))
    assert [len(x) for x in s.ships(A)] == [0, 1]


def test_core_game_over():
    """No move is accepted once the game is over."""
    s = finished_game().state
    assert s.legal_moves() == [] and s.current_player is None
    for move in (medici.Draw(), medici.Auction(), medici.Bid(1), medici.Pass(), medici.Stow(0)):
        refused(s, move, "core.game-over")
    refused(s, medici.Draw(), "core.game-over", seat=A)


@pytest.mark.parametrize("move", ["draw", None, 5, medici.card("fur:1")])
def test_core_not_a_move(move):
    """Anything that is not a Medici move is refused."""
    refused(medici.new_game(3), move, "core.not-a-move", words=(repr(move),))


def test_core_not_now():
    """A move of the wrong kind for the step of the turn is refused."""
    s = medici.new_game(2)
    assert s.step == "reveal"
    for move in (medici.Bid(1), medici.Pass(), medici.Stow(0)):
        refused(s, move, "core.not-now", words=("Ada",))
    m = game(2)
    s = auction(m, 1)
    for move in (medici.Draw(), medici.Auction(), medici.Stow(0)):
        refused(s, move, "core.not-now", words=("Ben",))
    m.play(medici.Pass())
    s = m.play(medici.Bid(1))
    assert s.step == "stow"
    for move in (medici.Draw(), medici.Auction(), medici.Bid(2), medici.Pass()):
        refused(s, move, "core.not-now", words=("Ada",))


# ---------------------------------------------------------------------------------------------- automatic steps


def test_medici_bid_auto_pass():
    """A player who cannot make any legal bid (no room, or money not above the current bid) passes
    automatically; the engine does not ask them."""
    m = game(4, CARDS[:24], first_player=D)
    sell(m, 3, B)  # Dan's turn: Ben buys 3 cards
    mark = len(m.events())
    s = auction(m, 3)  # Ada's lot of 3: Ben has no room for it
    auto = kinds(m.events()[mark:], "medici.bid.auto-pass")
    assert [(e.seat, e.text) for e in auto] == [(B, "Ben cannot bid (no room for 3 cards) and passes.")]
    assert s.current_player == C
    s = m.play(medici.Bid(40))  # Cleo bids all her money: Dan and Ada cannot beat it
    auto = kinds(s.events, "medici.bid.auto-pass")
    assert [(e.seat, e.text) for e in auto] == [
        (D, "Dan cannot bid (40 florins cannot beat 40) and passes."),
        (A, "Ada cannot bid (40 florins cannot beat 40) and passes."),
    ]
    assert [e.seat for e in kinds(s.events, "medici.auction.win")] == [C]
    assert s.money == (40, 39, 0, 40)


def test_medici_auction_win():
    """The highest bidder pays the bid to the bank and loads the whole lot; the auctioneer is not paid."""
    m = game(4, CARDS[:24])
    s = auction(m, 2)
    lot = s.lot
    m.play(medici.Bid(5))  # Ben
    m.play(medici.Pass())  # Cleo
    m.play(medici.Bid(7))  # Dan
    s = m.play(medici.Pass())  # Ada, the auctioneer
    (win,) = kinds(s.events, "medici.auction.win")
    assert (win.seat, win.data["price"], win.data["lot"]) == (D, 7, [str(c) for c in lot])
    assert win.text == f"Dan wins {lot[0]}, {lot[1]} for 7 florins."
    assert s.money == (40, 40, 40, 33)
    assert s.ships(D) == (lot,)
    assert s.discard == ()
    assert medici.consistency_problem(s) is None


def test_medici_auction_all_pass():
    """If every player passes, the lot is discarded face down for the rest of the day."""
    m = game(4, CARDS[:24])
    s = auction(m, 2)
    lot = s.lot
    for _ in range(4):
        s = m.play(medici.Pass())
    (gone,) = kinds(s.events, "medici.auction.all-pass")
    assert gone.data["lot"] == [str(c) for c in lot]
    assert s.discard == lot
    assert s.money == (40,) * 4
    assert all(s.cargo(seat) == () for seat in range(4))
    assert s.current_player == B and s.day == 1


def test_medici_turn_next():
    """The next non-full player clockwise from the auctioneer becomes auctioneer."""
    m = game(4, CARDS[:24])
    events = sell(m, 3, B)  # Ada's turn
    assert [e.seat for e in kinds(events, "medici.turn.next")] == [B]
    sell(m, 2, B)  # Ben's turn: Ben is full
    events = sell(m, 1, C)  # Cleo's turn
    assert [e.seat for e in kinds(events, "medici.turn.next")] == [D]
    events = sell(m, 1, None)  # Dan's turn
    assert [e.seat for e in kinds(events, "medici.turn.next")] == [A]
    events = sell(m, 1, A)  # Ada's turn: Ben is full and skipped
    assert [(e.seat, e.text) for e in kinds(events, "medici.turn.next")] == [(C, "Cleo is the auctioneer.")]
    assert m.state.current_player == C and m.state.auctioneer == C


def test_medici_day_end_full_and_free_fill():
    """When all players but one are full, the last one takes cards from the deck free of charge until
    full or the deck is empty, then the day ends; with two players both ships are filled."""
    lots = [(3, A, 0), (3, B, 0), (2, A, 0), (2, B, 1), (3, A, None), (2, A, None)]  # 15 cards
    m = game(2, CARDS[:21])
    for size, winner, ship in lots[:-1]:
        sell(m, size, winner, ship=ship)
    s = m.state
    assert [len(x) for x in s.ships(A)] == [5, 3] and [len(x) for x in s.ships(B)] == [3, 2]
    events = sell(m, 2, A)  # Ada is full; Ben is the last with room
    (fill,) = kinds(events, "medici.day.free-fill")
    assert fill.seat == B and fill.data["cards"] == CARDS[15:20]  # 2 onto ship 0, 3 onto ship 1
    assert kinds(events, "medici.day.end-full")
    assert not kinds(events, "medici.day.end-deck")
    ship0 = [medici.card(c) for c in CARDS[3:6] + CARDS[15:17]]
    ship1 = [medici.card(c) for c in CARDS[8:10] + CARDS[17:20]]
    (ben,) = [e for e in kinds(events, "medici.score.value-rank") if e.seat == B]
    assert ben.data["values"] == [medici.ship_value(ship0), medici.ship_value(ship1)]
    assert m.state.day == 2

    m = game(2, CARDS[:17])  # 2 cards left: a partial fill, and the day still ends
    for size, winner, ship in lots:
        sell(m, size, winner, ship=ship)
    events = m.events()
    (fill,) = kinds(events, "medici.day.free-fill")
    assert fill.seat == B and fill.data["cards"] == CARDS[15:17]
    assert m.state.day == 2


def test_medici_day_end_deck():
    """A lot holding the deck's last card is auctioned normally; then the day ends with no further
    turn, ships possibly partly empty."""
    m = game(3, ["fur:1", "fur:2", "fur:3", "gold:10"])
    sell(m, 3, A)
    s = reveal(m, 1)  # Ben's turn: the last card
    assert s.deck == () and s.auctioneer == B
    refused(s, medici.Draw(), "medici.reveal.deck-empty")
    mark = len(m.events())
    s = auction(m, 1)
    assert s.current_player == C
    m.play(medici.Bid(4))
    m.play(medici.Pass())  # Ada
    s = m.play(medici.Pass())  # Ben, the auctioneer, last
    events = m.events()[mark:]
    order = [e.kind for e in events]
    assert order.index("medici.auction.win") < order.index("medici.day.end-deck") < order.index("medici.day.income")
    assert "medici.turn.next" not in order
    assert value_ranks(events) == {A: ([6], 15), B: ([0], 0), C: ([10], 30)}
    assert s.day == 2 and len(s.incomes) == 1


def test_medici_day_next_start():
    """The player with the least money after scoring starts the next day."""
    m = game(3, ["cloth:0"])
    sell(m, 1, C, price=35)  # Ada's turn; the deck is then empty
    s = m.state
    assert s.day == 2
    assert s.money == (55, 55, 30)  # 15 each for three empty-valued ships; Cleo 10 for cloth
    (start,) = kinds(m.events(), "medici.day.next-start")
    assert start.seat == C
    assert start.text == "Day 2 begins: Cleo has the least money and is the first auctioneer."
    assert s.auctioneer == C and s.current_player == C


def test_medici_day_next_start_tie_is_seeded():
    """A tie for least money is broken by the game's seeded random source: reproducible per seed."""
    starts = {}
    for seed in range(16):
        m = game(3, ["cloth:0"], seed=seed)
        sell(m, 1, A)
        assert m.state.money == (64, 55, 55)
        (start,) = kinds(m.events(), "medici.day.next-start")
        assert "drawn by lot" in start.text
        assert start.seat == m.state.auctioneer
        starts[seed] = start.seat
        again = game(3, ["cloth:0"], seed=seed)
        sell(again, 1, A)
        assert again.state.auctioneer == start.seat and again.state == m.state
    assert set(starts.values()) == {B, C}


def test_medici_game_end():
    """After the third day the player with the most money wins; players tied for the most share it."""
    day = ["cloth:5", "fur:5"]
    m = game(3, day, day, day)
    for _ in range(3):
        assert m.state.winners() == ()
        sell(m, 1, A)
        sell(m, 1, B)
    s = m.state
    assert s.is_over
    assert s.money == (133, 133, 40)
    assert s.winners() == (A, B)
    (end,) = kinds(s.events, "medici.game.end")
    assert end.text == "The game is over: Ada and Ben share the win with 133 florins."

    m = game(3, day, day, day)
    for price in (1, 1, 2):
        sell(m, 1, A)
        sell(m, 1, B, price=price)
    assert m.state.money == (133, 132, 40)
    assert m.state.winners() == (A,)
    (end,) = kinds(m.state.events, "medici.game.end")
    assert end.text == "The game is over: Ada wins with 133 florins."

    s = finished_game().state
    assert s.money == (85, 85, 85) and s.winners() == (A, B, C)
    (end,) = kinds(s.events, "medici.game.end")
    assert "share the win with 85 florins" in end.text and all(n in end.text for n in ("Ada", "Ben", "Cleo"))


def test_scoring_note_income_per_day_is_each_day_ends_income():
    """``SCORING_NOTE`` (under the end panel's table of ``incomes``): each day's row is what every seat earned at
    that day's end, the income the day-end event reports and the money it added."""
    assert medici.SCORING_NOTE == "Income per day is what each player earned at that day's end."
    day = ["cloth:5", "fur:5"]
    m = game(3, day, day, day)
    for price in (1, 1, 2):
        before = m.state.money
        sell(m, 1, A)
        sell(m, 1, B, price=price)
        paid = (1, price, 0)
        earned = tuple(after - (was - cost) for after, was, cost in zip(m.state.money, before, paid))
        assert m.state.incomes[-1] == earned == tuple(kinds(m.state.events, "medici.day.income")[0].data["income"])
    assert len(m.state.incomes) == medici.rules.DAYS


def test_keeps_secrets_never_every_seat_knows_the_same():
    """``keeps_secrets`` is False in Medici: what a seat cannot know (the deck's order, the cards set aside) no
    seat knows, so a bot's reasons read nothing secret; every seat's determinized view is drawn alike."""
    s = game(3).state
    while not s.is_over:
        assert medici.keeps_secrets(s) is False
        views = {s.determinize(seat, random.Random(1)) for seat in range(3)}
        assert len(views) == 1
        s = s.play(s.legal_moves()[-1])
    assert medici.keeps_secrets(s) is False


def test_sits_out_a_full_ship_until_the_day_ends():
    """``State.sits_out``: a seat whose ships are full has no decision until the day ends (rule
    medici.day.skip-full): it is skipped as auctioneer and as bidder; a new day or the game's end lets it go."""
    m = game(3, None, None, None)
    assert not any(m.state.sits_out(seat) for seat in range(3))
    sell(m, 3, A)
    sell(m, 1, B)
    sell(m, 1, C)
    sell(m, 2, A)  # Ada is full
    s = m.state
    assert s.sits_out(A) and not s.sits_out(B) and not s.sits_out(C)
    assert s.current_player != A and A not in s.bidders()
    while s.day == 1:
        s = s.play(s.legal_moves()[0])
    assert not s.sits_out(A)  # a new day: empty ships
    over = finished_game().state
    assert not any(over.sits_out(seat) for seat in range(3))


def test_ship_name_is_how_the_log_names_a_ship():
    """``ship_name``: ``Stow(0)`` loads "ship 1", as the log writes it; ``STOWS`` are the ships a seat may choose."""
    assert [medici.ship_name(move.ship) for move in medici.STOWS] == ["ship 1", "ship 2"]
    assert len(medici.STOWS) == max(medici.rules.SHIPS_PER_SEAT.values())
    m = game(2)
    auction(m, 1)
    m.play(medici.Pass())
    m.play(medici.Bid(1))
    s = m.play(medici.Stow(1))
    (stowed,) = kinds(s.events, "medici.ship.choose")
    assert stowed.text.endswith(f"onto {medici.ship_name(1)}.")


@pytest.mark.parametrize("players, ships, paid", [(2, 2, (30, 20, 10, 0)), (3, 1, (30, 15, 0)),
                                                  (6, 1, (30, 20, 15, 10, 5, 0))])
def test_value_rank_payouts_by_the_ships_on_the_table(players, ships, paid):
    """``value_rank_payouts`` (rule 4.1): the florins by place for ranking every ship on the table; two players with
    two ships each rank their four ships on the 4-player column; the day end pays by the same table."""
    assert medici.value_rank_payouts(players, ships) == paid
    values = [[40 - 3 * (seat * ships + k) for k in range(ships)] for seat in range(players)]
    assert sum(medici.value_rank_income(values)) == sum(paid)


def test_track_levels_run_from_the_start_space_to_the_top():
    """``TRACK_LEVELS``: a goods track's levels, the start space 0 first, the top level last; no marker leaves it."""
    assert medici.TRACK_LEVELS[0] == 0 and medici.TRACK_LEVELS[-1] == medici.rules.TOP_LEVEL
    assert set(medici.TOP_BONUS) <= set(medici.TRACK_LEVELS)
    gold = medici.card("gold:10")
    assert medici.moved_levels((medici.TRACK_LEVELS[-1],) * 5, [medici.card("fur:3"), gold]) == (7,) * 5


# ---------------------------------------------------------------------------------------------- bad input


@pytest.mark.parametrize(
    "decks, words",
    [
        ([["fur:9"]], ("fur:9",)),
        ([["dragon:1"]], ("dragon:1",)),
        ([["fur:1", 5]], ("5",)),
        ([["gold:10", "fur:1", "gold:10"]], ("gold:10",)),
        ([None, ["fur:5", "fur:5", "cloth:1", "fur:5"]], ("fur:5", "day 2")),
    ],
)
def test_new_game_refuses_impossible_decks(decks, words):
    """A fixed deck may only hold cards of the game, each at most as often as the game has it."""
    with pytest.raises(ValueError) as info:
        medici.new_game(4, decks=decks)
    for word in words:
        assert word in str(info.value)
    assert type(info.value) is ValueError


def test_new_game_refuses_unknown_flag():
    """Only the flags of section 5 exist."""
    with pytest.raises(ValueError) as info:
        medici.new_game(4, start_space_score=True)
    assert "start_space_score" in str(info.value)
    with pytest.raises(ValueError) as info:
        medici.new_game(4, two_player_ships="yes")
    assert "two_player_ships" in str(info.value)


def broken(change) -> str:
    """A damaged copy of a sound mid-auction document."""
    return damaged(auction(game(4, seed=5), 2), change)


_set = set_at


# Damage only a Medici document can have (the shared check in test_protocol.py removes every field and gives
# every field a value of the wrong JSON type).
BROKEN = {
    "a flag as a number": (broken(_set(["table", "flags", "two_player_ships"], 1)), ("two_player_ships",)),
    "an unknown card": (broken(_set(["deck", 0], "fur:9")), ("fur:9",)),
    "a card missing": (broken(lambda d: d["deck"].pop()), ("missing",)),
    "a card duplicated": (broken(lambda d: d["aside"].__setitem__(0, d["deck"][0])), ("extra",)),
    "money negative": (broken(_set(["money", 1], -3)), ("money[1]", "-3")),
    "a level above the top": (broken(_set(["levels", 0, 2], 8)), ("levels[0][2]", "8")),
    "an unknown step": (broken(_set(["step"], "dance")), ("step", "dance")),
    "too few names": (broken(_set(["table", "names"], ["Ada"])), ("names",)),
    "a ship too many": (broken(lambda d: d["ships"][0].append([])), ("ships[0]",)),
}


@pytest.mark.parametrize("name", list(BROKEN))
def test_from_json_refuses_broken_documents(name):
    """A damaged document is refused with a ValueError saying what is wrong."""
    text, words = BROKEN[name]
    message = save_refusal(medici, text)
    for word in words:
        assert word in message, f"{word!r} not in {message}"


def test_from_json_reads_back_what_to_json_wrote():
    """The documents above are broken copies of a sound one, which reads back equal."""
    s = auction(game(4, seed=5), 2)
    assert medici.from_json(s.to_json()) == s
    assert boardgames.load(s.to_json()) == s


def test_from_json_refuses_a_fixed_deck_with_a_card_twice():
    """A document's fixed decks follow the same rule as new_game's: each card at most as often as the game has it."""
    text = broken(_set(["table", "decks"], [None, ["gold:10", "gold:10"], None]))
    with pytest.raises(ValueError, match="gold:10"):
        medici.from_json(text)


def test_from_json_refuses_an_empty_fixed_deck():
    """A document's fixed deck for a day may not be empty, as in new_game."""
    text = broken(_set(["table", "decks"], [None, [], None]))
    with pytest.raises(ValueError, match="empty"):
        medici.from_json(text)
