"""One test per rule id of section 3 of ``docs/rules/medina.md``.

Refusable rules: the move is played into a real position where it breaks the rule; ``check`` names the rule
with a sentence naming the square and the reason, ``play`` raises ``IllegalMove`` with the same rule, and the
state stays exactly as it was. Automatic steps: the events of that kind appear when the rule says they should.
Then the protocol's own refusals, and bad input to ``new_game`` and ``from_json``.
"""

from __future__ import annotations

import dataclasses
import random

import pytest
from support import protocol_checks
from support.protocol_checks import damaged, save_refusal, set_at

import boardgames
from boardgames import IllegalMove, Match, medina
from boardgames.bots import RandomBot
from boardgames.medina import Place

A, B, C, D = range(4)


# ---------------------------------------------------------------------------------------------- helpers


def b(colour: str, *squares):
    return [Place("building", at, colour) for at in squares]


def arrange(players, *steps, to_move: int = 0, **flags):
    """A position from (seat, move or [moves]) steps (see ``State.arrange``)."""
    placements = [(seat, m) for seat, moves in steps for m in (moves if isinstance(moves, list) else [moves])]
    return medina.new_game(players, **flags).arrange(placements, to_move=to_move)


def started(players=4, at=(6, 8)):
    """A game just after the start merchant: the start player's first normal turn."""
    return medina.new_game(players).play(Place("merchant", at))


def kinds(events, kind: str) -> list:
    return [e for e in events if e.kind == kind]


def refused(state, move, rule: str, seat: int | None = None, words: tuple = ()) -> IllegalMove:
    """Assert that ``move`` (by ``seat``) is refused under the Medina rule ``rule`` with a sentence holding
    ``words`` (and the square, for a placement), and leaves ``state`` untouched."""
    problem = protocol_checks.refused(state, move, rule, medina.RULES, seat=seat, words=words)
    if isinstance(move, Place) and rule.startswith("medina.") and ".turn." not in rule:
        assert f"({move.at[0]}, {move.at[1]})" in problem.message, f"the square is not named in {problem.message!r}"
    return problem


def finished_game(seed: int = 1, players: int = 3, **flags):
    state = medina.new_game(players, seed=seed, **flags)
    rng = random.Random(seed)
    while not state.is_over:
        state = state.play(rng.choice(state.legal_moves()))
    return state


# ---------------------------------------------------------------------------------------------- setup and turns


@pytest.mark.parametrize("players", [2, 5, 1, ["Ada", "Ben"], ["Ada", "Ben", "Cleo", "Dan", "Eva"]])
def test_medina_setup_players(players):
    """A game has 3 or 4 players."""
    with pytest.raises(IllegalMove) as info:
        medina.new_game(players)
    assert info.value.rule == "medina.setup.players"
    assert "3 or 4" in info.value.message
    assert medina.new_game(3).players == 3 and medina.new_game(["W", "X", "Y", "Z"]).players == 4


def test_medina_setup_pieces():
    """Table 2.4: the pieces of each seat, the start player with one extra merchant."""
    s = medina.new_game(3, first_player=1)
    assert s.supply(B) == {"building": dict.fromkeys(medina.COLOURS, 6), "roof": 4, "stable": 4, "merchant": 9,
                           "wall": 10}
    assert s.supply(A)["merchant"] == s.supply(C)["merchant"] == 8
    s = medina.new_game(4)
    assert s.supply(A) == {"building": dict.fromkeys(medina.COLOURS, 5), "roof": 4, "stable": 3, "merchant": 7,
                           "wall": 8}
    assert all(s.supply(seat)["merchant"] == 6 for seat in (B, C, D))
    assert [s.cell(at).piece for at in [(0, 0), (0, 17), (12, 17), (12, 0)]] == ["tower"] * 4
    assert [s.cell(at).tower for at in [(0, 0), (0, 17), (12, 17), (12, 0)]] == [1, 2, 3, 4]
    assert sum(s.cell((r, c)).piece == "empty" for r in range(13) for c in range(18)) == 234 - 4


def test_medina_turn_not_your_turn():
    """Only the seat to move may place a piece."""
    s = medina.new_game(4)
    refused(s, Place("merchant", (5, 5)), "medina.turn.not-your-turn", seat=B, words=("Ada", "Ben"))
    refused(s, Place("merchant", (5, 5)), "medina.turn.not-your-turn", seat=7, words=("7",))
    assert s.check(Place("merchant", (5, 5)), seat=A) is None


def test_medina_turn_start_merchant():
    """The start player's first move is the extra merchant, on any empty city square (even the edge)."""
    s = medina.new_game(4, first_player=C)
    assert s.current_player == C
    assert len(s.legal_moves()) == 176 and {m.piece for m in s.legal_moves()} == {"merchant"}
    refused(s, Place("building", (5, 5), "grey"), "medina.turn.start-merchant", words=("Cleo", "merchant"))
    refused(s, Place("wall", (0, 1)), "medina.turn.start-merchant")
    s = s.play(Place("merchant", (1, 1)))
    (first,) = kinds(s.events, "medina.turn.start-merchant")
    assert first.seat == C and first.data["at"] == (1, 1)
    assert s.current_player == C and s.supply(C)["merchant"] == 6  # then Cleo's first normal turn
    assert s.merchant_line == ((1, 1), (1, 1))


def test_medina_turn_two_pieces():
    """A turn is two placements by the same seat; during it nobody else may place."""
    s = started()
    s = s.play(Place("building", (3, 3), "grey"))
    assert s.current_player == A and s.placed == 1
    refused(s, Place("wall", (0, 1)), "medina.turn.two-pieces", seat=B, words=("Ada", "second"))
    s = s.play(Place("wall", (0, 1)))
    assert s.current_player == B and s.placed == 0
    (nxt,) = kinds(s.events, "medina.turn.next")
    assert nxt.seat == B and nxt.text == "It is Ben's turn."


def test_medina_turn_two_pieces_one_or_none():
    """A turn ends after one piece when no second placement is possible; a seat with no placement passes."""
    s = started()
    stock = list(s.stock)
    stock[A] = (0,) * 6 + (1, 0)  # Ada has one merchant left (a hand-made position)
    stock[B] = (0,) * 8  # Ben has nothing left
    s = dataclasses.replace(s, stock=tuple(stock))
    s = s.play(Place("merchant", (6, 9)))
    short, passed = kinds(s.events, "medina.turn.two-pieces")
    assert (short.seat, short.data["placed"]) == (A, 1)
    assert short.text == "Ada cannot place a second piece: the turn ends after one."
    assert (passed.seat, passed.data["placed"], passed.text) == (B, 0, "Ben cannot place any piece and passes.")
    assert s.current_player == C


def test_medina_turn_must_place():
    """Nobody may pass while a placement is possible (and the engine passes for those who cannot)."""
    s = started()
    refused(s, medina.Pass(), "medina.turn.must-place", words=("Ada",))
    assert medina.Pass() not in s.legal_moves()
    assert medina.parse_move("pass") == medina.Pass()


# ---------------------------------------------------------------------------------------------- placing


def test_medina_place_no_piece():
    """The piece must be in the player's supply."""
    stables = [Place("stable", at) for at in [(2, 3), (2, 4), (4, 4)]]
    s = arrange(4, (A, b("grey", (3, 3), (3, 4), (3, 5))), (A, stables))
    assert s.supply(A)["stable"] == 0 and s.supply(A)["building"]["grey"] == 2
    refused(s, Place("stable", (4, 5)), "medina.place.no-piece", words=("Ada", "no stables"))
    assert s.legal_squares("stable") == []
    s = s.arrange([(A, m) for m in b("grey", (3, 6), (3, 7))], to_move=A)
    refused(s, Place("building", (3, 8), "grey"), "medina.place.no-piece", words=("no grey buildings",))
    assert s.legal_squares("building", "grey") == []


@pytest.mark.parametrize(
    "move, words",
    [
        (Place("merchant", (6, 8)), ("a merchant",)),
        (Place("building", (6, 8), "black"), ("merchant",)),
        (Place("stable", (3, 3)), ("building",)),
        (Place("merchant", (3, 3)), ("grey palace",)),
        (Place("wall", (0, 1)), ("wall of tower 1",)),
    ],
)
def test_medina_place_empty(move, words):
    """The target square must be empty."""
    s = arrange(4, (B, b("grey", (3, 3))), (C, Place("wall", (0, 1))), (A, Place("merchant", (6, 8))), to_move=A)
    refused(s, move, "medina.place.empty", words=words)


@pytest.mark.parametrize(
    "move, words",
    [
        (Place("building", (13, 4), "grey"), ("off the board",)),
        (Place("merchant", (-1, 4)), ("off the board",)),
        (Place("wall", (5, 18)), ("off the board",)),
        (Place("wall", (0, 0)), ("tower 1",)),
        (Place("merchant", (12, 17)), ("tower 3",)),
        (Place("wall", (5, 5)), ("ring",)),
        (Place("building", (0, 5), "grey"), ("wall space",)),
        (Place("stable", (6, 0)), ("wall space",)),
        (Place("merchant", (12, 3)), ("wall space",)),
        (Place("roof", (12, 3)), ("wall space",)),
    ],
)
def test_medina_place_wrong_area(move, words):
    """Buildings, stables and merchants go on city squares, walls on the ring, nothing on a tower or off the board."""
    refused(started(), move, "medina.place.wrong-area", words=words)


def test_medina_building_extend():
    """While a palace of the colour can grow, a new building of that colour must touch it."""
    s = arrange(4, (B, b("orange", (4, 4), (4, 5))), to_move=A)
    assert s.legal_squares("building", "orange") == [(3, 4), (3, 5), (4, 3), (4, 6), (5, 4), (5, 5)]
    refused(s, Place("building", (9, 9), "orange"), "medina.building.extend", words=("(4, 4)", "orange"))
    refused(s, Place("building", (3, 3), "orange"), "medina.building.extend")  # diagonal is not touching
    assert s.check(Place("building", (9, 9), "grey")) is None  # other colours are free
    # Touching only a stable of the palace does not join it (docs/rules-decisions.md).
    s = s.arrange([(C, Place("stable", (5, 4)))], to_move=A)
    refused(s, Place("building", (6, 4), "orange"), "medina.building.extend")


def test_medina_building_spacing():
    """A building may not touch, even diagonally, a building or stable of another palace."""
    s = arrange(4, (B, b("grey", (4, 4))), (B, Place("stable", (4, 5))), (C, b("black", (8, 8))), to_move=A)
    refused(s, Place("building", (5, 6), "brown"), "medina.building.spacing", words=("(4, 5)", "stable"))
    refused(s, Place("building", (3, 3), "orange"), "medina.building.spacing", words=("(4, 4)",))
    # Joining the grey palace is fine next to its own stable, but not where it would also touch black.
    assert s.check(Place("building", (3, 4), "grey")) is None
    s = arrange(4, (B, b("grey", (4, 4))), (B, Place("stable", (4, 5))), (C, b("black", (7, 7))), to_move=A)
    s = s.arrange([(B, m) for m in b("grey", (5, 4), (5, 5), (6, 5))], to_move=A)
    refused(s, Place("building", (6, 6), "grey"), "medina.building.spacing", words=("(7, 7)", "black"))
    # A palace that cannot grow any more keeps others off even diagonally (decision 11).
    s = arrange(4, (B, b("brown", (1, 1))), (B, [Place("stable", at) for at in [(1, 2), (2, 1)]]), to_move=A)
    assert not s.palace_at((1, 1)).extendable and s.palace_at((1, 1)).owner is None
    refused(s, Place("building", (2, 2), "brown"), "medina.building.spacing", words=("(1, 1)",))


def test_medina_building_colour_closed():
    """Once every player owns a palace of a colour, no more buildings of that colour."""
    s = arrange(
        3,
        (A, b("brown", (2, 2))), (A, Place("roof", (2, 2))),
        (B, b("brown", (2, 8))), (B, Place("roof", (2, 8))),
        to_move=C,
    )
    assert s.check(Place("building", (8, 8), "brown")) is None  # Cleo owns no brown palace yet
    s = s.arrange([(C, Place("building", (8, 8), "brown")), (C, Place("roof", (8, 8)))], to_move=A)
    refused(s, Place("building", (5, 12), "brown"), "medina.building.colour-closed", words=("brown", "every player"))


def test_medina_roof_unclaimed():
    """A roof goes on an unclaimed palace of any size, on any of its squares; not on a claimed one or on nothing."""
    s = arrange(4, (B, b("grey", (4, 4), (4, 5))), (B, Place("stable", (5, 5))), (C, b("black", (9, 9))),
                (C, Place("roof", (9, 9))), to_move=A)
    refused(s, Place("roof", (7, 7)), "medina.roof.unclaimed", words=("no palace",))
    refused(s, Place("roof", (9, 9)), "medina.roof.unclaimed", words=("Cleo", "already claimed"))
    assert s.legal_squares("roof") == [(4, 4), (4, 5), (5, 5)]
    assert [m for m in s.legal_moves() if m.piece == "roof"] == [Place("roof", (4, 4))]  # one offer per palace
    for at in [(4, 4), (4, 5), (5, 5)]:
        assert s.check(Place("roof", at)) is None
        after = s.play(Place("roof", at))
        assert after == s.play(Place("roof", (4, 4)))
        assert after.palace_at(at).owner == A and after.palace_at(at).claim == 2
    after = s.play(Place("roof", (4, 5)))
    # Complete: a grey building touching it would start a new palace beside a claimed one.
    refused(after, Place("building", (3, 4), "grey"), "medina.building.spacing", words=("Ada's grey palace",))


def test_medina_roof_one_per_colour():
    """A player may own only one palace of each colour."""
    s = arrange(4, (A, b("grey", (2, 2))), (A, Place("roof", (2, 2))), (B, b("grey", (6, 6))), to_move=A)
    refused(s, Place("roof", (6, 6)), "medina.roof.one-per-colour", words=("Ada", "grey", "(2, 2)"))
    assert s.legal_squares("roof") == []
    s = s.arrange([], to_move=B)
    assert s.check(Place("roof", (6, 6))) is None


def test_medina_stable_adjacent():
    """A stable must share an edge with a building of a palace, claimed or not."""
    s = arrange(4, (B, b("grey", (4, 4))), (B, Place("stable", (4, 5))), (C, b("black", (9, 9))),
                (C, Place("roof", (9, 9))), to_move=A)
    refused(s, Place("stable", (7, 7)), "medina.stable.adjacent", words=("touch a building",))
    refused(s, Place("stable", (5, 5)), "medina.stable.adjacent")  # diagonal to the building only
    refused(s, Place("stable", (4, 6)), "medina.stable.adjacent")  # touches only the stable
    assert s.check(Place("stable", (9, 10))) is None  # a claimed palace takes stables too


def test_medina_stable_spacing():
    """A stable may not touch, even diagonally, a piece of another palace; it may touch its own palace's."""
    s = arrange(4, (B, b("grey", (4, 4), (4, 5))), (C, b("black", (6, 6))), to_move=A)
    refused(s, Place("stable", (5, 5)), "medina.stable.spacing", words=("(6, 6)", "black"))
    s2 = arrange(4, (B, b("grey", (4, 4))), (C, b("black", (4, 6))), to_move=A)
    refused(s2, Place("stable", (4, 5)), "medina.stable.spacing", words=("two different palaces",))
    s = s.play(Place("stable", (5, 4)))
    assert s.check(Place("stable", (4, 3))) is None  # stables of one palace may touch each other
    assert s.play(Place("stable", (4, 3))).palace_at((4, 3)).stables == ((4, 3), (5, 4))


def test_medina_merchant_line_end():
    """A new merchant must touch an end of the current line."""
    s = arrange(4, (A, [Place("merchant", at) for at in [(5, 5), (5, 6), (5, 7)]]), to_move=B)
    refused(s, Place("merchant", (9, 9)), "medina.merchant.line-end", words=("(5, 5) or (5, 7)",))
    refused(s, Place("merchant", (6, 6)), "medina.merchant.line-end")


def test_medina_merchant_no_branch():
    """A new merchant may not touch more than one merchant."""
    s = arrange(4, (A, [Place("merchant", at) for at in [(5, 5), (5, 6), (4, 6)]]), to_move=B)
    assert s.merchant_line == ((5, 5), (4, 6))
    refused(s, Place("merchant", (4, 5)), "medina.merchant.no-branch", words=("(5, 5)", "(4, 6)", "branch"))


def test_medina_merchant_new_line():
    """Only when the line cannot grow may a merchant start a new line, touching no merchant at all."""
    s = arrange(4, (A, [Place("merchant", at) for at in [(2, 2), (2, 3), (2, 4)]]),
                (B, b("grey", (1, 1), (1, 2), (2, 1), (3, 1), (3, 2))), to_move=C)
    assert s.legal_squares("merchant") == [(1, 4), (2, 5), (3, 4)]  # the end (2, 4) can still grow
    refused(s, Place("merchant", (9, 9)), "medina.merchant.line-end")
    s = s.arrange([(C, m) for m in b("black", (1, 4), (1, 5), (2, 5), (3, 5), (3, 4))], to_move=C)
    squares = s.legal_squares("merchant")  # nothing extends the line any more: a new line, anywhere apart
    assert (9, 9) in squares and (1, 3) not in squares and (3, 3) not in squares
    refused(s, Place("merchant", (1, 3)), "medina.merchant.new-line", words=("(2, 3)", "cannot grow"))
    refused(s, Place("merchant", (3, 3)), "medina.merchant.new-line")
    after = s.play(Place("merchant", (9, 9)))
    assert after.merchant_line == ((9, 9), (9, 9))
    assert kinds(after.events, "medina.place.merchant")[0].data["line"] == "new"


def test_medina_wall_connect():
    """A wall must continue a tower or a wall along the ring."""
    s = started()
    refused(s, Place("wall", (0, 5)), "medina.wall.connect", words=("continue",))
    assert s.legal_squares("wall") == [(0, 1), (0, 16), (1, 0), (1, 17), (11, 0), (11, 17), (12, 1), (12, 16)]
    s = s.play(Place("wall", (0, 1)))
    assert s.check(Place("wall", (0, 2))) is None
    assert s.cell((0, 1)) == medina.Cell("wall", tower=1)


def test_medina_wall_no_join():
    """Walls of different towers are never joined: a long side keeps at most 15 walls, a short side 10."""
    col = [Place("wall", (r, 0)) for r in range(1, 11)]  # tower 1 down to row 10: 10 walls
    s = arrange(4, (A, col[:5]), (B, col[5:]), to_move=C)
    refused(s, Place("wall", (11, 0)), "medina.wall.no-join", words=("tower 1 and tower 4",))
    row = [Place("wall", (0, c)) for c in range(1, 16)]  # 15 walls from tower 1
    s = arrange(4, (A, row[:8]), (B, row[8:]), to_move=C)
    refused(s, Place("wall", (0, 16)), "medina.wall.no-join", words=("tower 1 and tower 2",))
    assert (0, 16) not in s.legal_squares("wall")


# ---------------------------------------------------------------------------------------------- automatic steps


def test_medina_tile_palace():
    """The first claim of a colour takes its palace tile; a strictly larger claimed palace takes it over."""
    s = arrange(4, (A, b("black", (2, 2), (2, 3))), to_move=A)
    s = s.play(Place("roof", (2, 2)))
    (tile,) = kinds(s.events, "medina.tile.palace")
    assert tile.text == "Ada takes the black palace tile (2 points): the first to claim a black palace."
    assert s.palace_tile_owner("black") == A
    s = s.arrange([(B, m) for m in b("black", (8, 8), (8, 9), (8, 10))], to_move=B)
    s = s.play(Place("roof", (8, 8)))
    (tile,) = kinds(s.events, "medina.tile.palace")
    assert tile.text == (
        "Ben takes the black palace tile (2 points) from Ada: Ben's black palace (size 3) is now larger than Ada's (2)."
    )
    assert s.palace_tile_owner("black") == B
    assert s.palace_tile_owner("grey") is None
    with pytest.raises(ValueError, match="purple"):
        s.palace_tile_owner("purple")


def test_medina_tile_tower():
    """A wall placed touching a claimed palace, a stable bringing one to a wall, or a claim takes the tile."""
    s = arrange(4, (A, b("grey", (1, 3))), (A, Place("roof", (1, 3))), (C, b("black", (3, 1))),
                (C, Place("roof", (3, 1))), to_move=B)
    s = s.play(Place("wall", (0, 1)))
    assert s.tower_tile_owner(1) is None  # (0, 1) touches (1, 1): nothing there
    s = s.play(Place("wall", (0, 2)))
    s = s.arrange([(B, Place("wall", (0, 3)))], to_move=B)
    (take,) = kinds(s.events, "medina.tile.tower")
    assert (take.seat, take.data["cause"], take.data["from"]) == (A, "wall", None)
    s = s.arrange([(B, Place("wall", (1, 0))), (B, Place("wall", (2, 0)))], to_move=D)
    assert s.tower_tile_owner(1) == A
    s = s.play(Place("stable", (2, 1)))  # joins Cleo's black palace and touches the wall (2, 0)
    (take,) = kinds(s.events, "medina.tile.tower")
    assert (take.seat, take.data["cause"], take.data["from"]) == (C, "stable", A)
    assert "stable at (2, 1)" in take.text
    assert s.tower_tile_owner(1) == C
    with pytest.raises(ValueError):
        s.tower_tile_owner(5)


def test_medina_tile_tower_reuse():
    """A palace that once took tower tile n never takes it again; the same owner's other palace can."""
    s = arrange(4, (A, b("grey", (1, 1), (1, 2))), (A, Place("roof", (1, 1))), (B, Place("wall", (0, 1))),
                (B, b("black", (1, 5))), (B, Place("roof", (1, 5))), (C, [Place("wall", (0, c)) for c in (2, 3, 4)]),
                to_move=D)
    assert s.tower_tile_owner(1) == A
    s = s.play(Place("wall", (0, 5)))  # Ben's black palace
    assert s.tower_tile_owner(1) == B
    s = s.arrange([(D, Place("wall", (1, 0)))], to_move=D)  # touches Ada's grey again: used before
    (reuse,) = kinds(s.events, "medina.tile.tower-reuse")
    assert reuse.text == ("Ada's grey palace touches another wall of tower 1, but it has taken tile 1 before and "
                          "cannot take it again: Ben keeps tower tile 1.")
    assert s.tower_tile_owner(1) == B


def test_medina_tile_tower_kept_by_another_palace_marks_it_used():
    """The holder's other palace coming to touch the tower's walls keeps the tile and is used for it from then on
    (docs/rules-decisions.md, N5); a claim touching two towers' walls takes both tiles, in tower order."""
    s = arrange(4, (A, b("grey", (1, 2))), (A, Place("roof", (1, 2))), (A, b("black", (1, 5))),
                (A, Place("roof", (1, 5))), (B, [Place("wall", (0, c)) for c in (1, 2, 3, 4)]), to_move=C)
    assert s.tower_tile_owner(1) == A and s.palace_at((1, 5)).towers_used == ()
    s = s.play(Place("wall", (0, 5)))
    (keep,) = kinds(s.events, "medina.tile.tower")
    assert keep.text == ("Ada keeps tower tile 1, now by the black palace: the wall at (0, 5) touches Ada's black "
                         "palace.")
    assert keep.data["moved"] is False and s.palace_at((1, 5)).towers_used == (1,)

    column = [Place("wall", (r, 0)) for r in (1, 2, 3, 4, 5)] + [Place("wall", (r, 0)) for r in (11, 10, 9, 8, 7)]
    s = arrange(4, (B, column[:5]), (C, column[5:]), (D, b("orange", (5, 1), (6, 1), (7, 1))), to_move=A)
    s = s.play(Place("roof", (5, 1)))
    assert [(e.data["tower"], e.seat) for e in kinds(s.events, "medina.tile.tower")] == [(1, A), (4, A)]
    assert s.palace_at((6, 1)).towers_used == (1, 4) and s.palace_at((6, 1)).walls == 2


def test_medina_game_end():
    """When nobody can place, the game ends and the final scoring is reported line by line."""
    s = finished_game(seed=3)
    assert s.is_over and s.current_player is None and s.legal_moves() == []
    assert not any(s.can_place(seat) for seat in range(3))
    events = s.events
    order = [e.kind for e in events]
    start = order.index("medina.game.end")
    assert order[-1] == "medina.game.winner"
    totals = {e.seat: e.data["points"] for e in kinds(events, "medina.score.total")}
    assert totals == dict(enumerate(s.scores()))
    for seat in range(3):
        lines = [e for e in events[start:] if e.seat == seat and e.kind.startswith("medina.score.")]
        assert sum(e.data["points"] for e in lines if e.kind != "medina.score.total") == totals[seat]
    (win,) = kinds(events, "medina.game.winner")
    assert win.data["winners"] == list(s.winners())
    assert refused(s, Place("merchant", (5, 5)), "core.game-over")


def test_medina_final_tie_is_shared_unless_flag():
    """Decision 15: tied players share the win; with tiebreak_largest_palace the larger palace, then the earlier
    claim, breaks the tie."""
    steps = [
        (A, b("grey", (2, 2), (2, 3), (2, 4))), (A, Place("roof", (2, 2))),  # 3 + grey tile 1
        (B, b("black", (8, 2), (8, 3))), (B, Place("roof", (8, 2))),  # 2 + black tile 2
    ]
    for flag, expected in ((False, (A, B)), (True, (A,))):
        s = arrange(3, *steps, to_move=C, tiebreak_largest_palace=flag)
        assert s.scores() == (4, 4, 0)
        assert s.winners() == ()  # only once the game is over
        over = dataclasses.replace(s, step="over", current=None)  # a hand-made final position
        assert over.winners() == expected
    # By the claim: equal largest palaces, the earlier claim wins.
    assert medina.winners((5, 5, 1), ((3, 2), (3, 1), (0, 10**9))) == (B,)
    assert medina.winners((5, 5, 1), ((4, 2), (3, 1), (0, 10**9))) == (A,)
    assert medina.winners((5, 5, 1), None) == (A, B)


def test_scoring_note_final_points_are_palaces_plus_palace_and_tower_tiles():
    """``SCORING_NOTE`` (under the end panel's table of the three parts): a seat's final points are its palaces'
    values plus the palace tiles and tower tiles it holds, nothing else."""
    assert "palaces' values plus the palace tiles and tower tiles" in medina.SCORING_NOTE
    for seed in (1, 3):
        s = finished_game(seed=seed)
        parts = [(line.palace_points, line.palace_tile_points, line.tower_tile_points) for line in s.scoring()]
        assert s.scores() == tuple(map(sum, parts))
        assert any(tiles for _, *tiles in parts)  # the tiles were counted, not only the palaces


def test_keeps_secrets_never_medina_hides_nothing():
    """``keeps_secrets`` is False in Medina: every seat knows the whole state (its determinized view is the state)."""
    s = medina.new_game(3, seed=2)
    rng = random.Random(2)
    while not s.is_over:
        assert medina.keeps_secrets(s) is False
        assert all(s.determinize(seat, rng) == s for seat in range(3))
        s = s.play(rng.choice(s.legal_moves()))
    assert medina.keeps_secrets(s) is False


def test_placements_per_turn_a_seat_places_that_many_then_the_next_seat():
    """``PLACEMENTS_PER_TURN`` (rule 3): after the start merchant, a turn is that many placements by one seat (fewer
    only when no more is possible); ``placed`` counts them."""
    s = started()
    rng = random.Random(4)
    runs = []
    while not s.is_over:
        seat, run = s.current_player, 0
        while s.current_player == seat and not s.is_over:
            assert s.placed == run
            s = s.play(rng.choice(s.legal_moves()))
            run += 1
        runs.append(run)
    assert max(runs) == medina.PLACEMENTS_PER_TURN and runs.count(medina.PLACEMENTS_PER_TURN) > len(runs) / 2


def test_square_area_city_ring_and_towers():
    """``square_area``: the city is rows 1-11 x columns 1-16, the towers are the corners, the ring the rest; walls go
    on the ring only, merchants in the city only."""
    areas = [medina.square_area(at) for at in medina.SQUARES]
    assert [at for at, area in zip(medina.SQUARES, areas) if area == "tower"] == sorted(medina.TOWERS.values())
    assert areas.count("city") == 11 * 16 and areas.count("ring") == 13 * 18 - 11 * 16 - 4
    assert [medina.square_area(at) for at in [(1, 1), (11, 16), (0, 1), (12, 16), (6, 0), (0, 0)]] == [
        "city", "city", "ring", "ring", "ring", "tower"]
    s = started()
    assert {medina.square_area(at) for at in s.legal_squares("wall")} == {"ring"}
    assert {medina.square_area(at) for at in s.legal_squares("merchant")} == {"city"}


def test_palace_roof_square_is_where_legal_moves_offers_the_roof():
    """``Palace.roof_square``: the palace's first building, the square of the roof ``legal_moves`` offers for it."""
    s = arrange(3, (A, b("grey", (2, 4), (2, 3), (3, 3))), (B, b("black", (8, 9))), to_move=C)
    roofs = {m.at for m in s.legal_moves() if m.piece == "roof"}
    assert roofs == {pal.roof_square for pal in s.palaces()} == {(2, 3), (8, 9)}
    claimed = s.play(Place("roof", (2, 3)))
    assert claimed.palace_at((3, 3)).roof_square == (2, 3) and claimed.palace_at((2, 4)).owner == C


def test_plain_pieces_are_the_supply_without_colour():
    """``PLAIN_PIECES``: the pieces other than buildings, which take no colour (the supply's other keys)."""
    s = medina.new_game(3)
    assert set(s.supply(A)) == {"building", *medina.PLAIN_PIECES}
    assert medina.PIECES == ("building", *medina.PLAIN_PIECES)
    s = started()
    for piece in medina.PLAIN_PIECES:
        assert isinstance(s.legal_squares(piece), list)
        with pytest.raises(ValueError):
            s.legal_squares(piece, "grey")


def test_sits_out_while_no_placement_is_open():
    """``State.sits_out``: a seat with no placement open passes until one opens, while the others play on; once the
    game is over nobody sits out."""
    s = started()
    assert not any(s.sits_out(seat) for seat in range(s.players))
    stock = list(s.stock)
    stock[B] = (0,) * 8  # Ben has nothing left (a hand-made position)
    s = dataclasses.replace(s, stock=tuple(stock))
    assert s.sits_out(B) and not s.sits_out(A) and s.sits_out(B) == (not s.can_place(B))
    over = finished_game(seed=3)
    assert not any(over.sits_out(seat) for seat in range(3))


def test_core_game_over():
    s = finished_game(seed=4, players=4)
    for move in (Place("merchant", (5, 5)), medina.Pass(), Place("wall", (0, 1))):
        refused(s, move, "core.game-over")


@pytest.mark.parametrize(
    "move, words",
    [
        ("merchant at (5, 5)", ("merchant",)),
        (None, ("None",)),
        (Place("castle", (5, 5)), ("castle",)),
        (Place("building", (5, 5)), ("colour",)),
        (Place("building", (5, 5), "purple"), ("purple",)),
        (Place("merchant", (5, 5), "grey"), ("grey",)),
        (Place("merchant", "5,5"), ("5,5",)),
        (Place("merchant", (5, 5, 1)), ("(5, 5, 1)",)),
        (Place("merchant", (5.0, 5)), ("5.0",)),
    ],
)
def test_core_not_a_move(move, words):
    """Anything that is not a placement of a Medina piece is refused."""
    refused(started(), move, "core.not-a-move", words=words)


def test_place_accepts_a_list_for_the_square():
    assert Place("merchant", [5, 5]) == Place("merchant", (5, 5))
    assert started().check(Place("merchant", [6, 9])) is None


def test_a_piece_or_a_colour_typed_in_capitals_is_the_same_placement_written_as_the_game_writes_it():
    assert Place("Merchant", (6, 9)) == Place("merchant", (6, 9))
    assert Place("BUILDING", (3, 4), " Grey") == Place("building", (3, 4), "grey")
    assert str(Place("Stable", (4, 3))) == "stable at (4, 3)"
    assert started().check(Place("Merchant", [6, 9])) is None
    refused(started(), Place("Dragon", (6, 9)), "core.not-a-move", words=("Dragon",))


# ---------------------------------------------------------------------------------------------- moves as text


def test_parse_move_reads_what_str_writes():
    for move in started().legal_moves()[:50] + [Place("roof", (3, 4)), Place("wall", (0, 8)), medina.Pass()]:
        assert medina.parse_move(str(move)) == move
    assert medina.parse_move("building grey 3 4") == Place("building", (3, 4), "grey")
    for bad in ["", "castle at (1, 2)", "grey building at (1)", "roof at (1, 2) please", "grey black building at 1,2"]:
        with pytest.raises(ValueError):
            medina.parse_move(bad)
    with pytest.raises(ValueError):
        medina.parse_move(5)


# ---------------------------------------------------------------------------------------------- bad input


def test_new_game_refuses_bad_arguments():
    for kwargs, word in [
        ({"tiebreak": True}, "tiebreak"),
        ({"tiebreak_largest_palace": "yes"}, "tiebreak_largest_palace"),
        ({"seed": "7"}, "seed"),
        ({"first_player": 4}, "first_player"),
    ]:
        with pytest.raises(ValueError, match=word):
            medina.new_game(4, **kwargs)
    for players in (["Ada", "Ada", "Ben"], ["Ada", " ", "Ben"], "Ada", True):
        with pytest.raises(ValueError):
            medina.new_game(players)


def test_state_queries_refuse_bad_squares():
    s = started()
    for at in [(13, 0), (0, 18), (1,), "a1", (1.0, 2)]:
        with pytest.raises(ValueError):
            s.cell(at)
    with pytest.raises(ValueError):
        s.supply(4)
    with pytest.raises(ValueError):
        s.legal_squares("castle")
    with pytest.raises(ValueError):
        s.legal_squares("building")
    with pytest.raises(ValueError):
        s.arrange([(A, Place("merchant", (6, 9)), 3)])


SOUND = ((A, b("grey", (1, 2), (1, 3))), (A, Place("roof", (1, 2))), (B, Place("wall", (0, 1))),
         (B, Place("wall", (0, 2))), (C, [Place("merchant", at) for at in [(5, 5), (5, 6)]]), (D, b("black", (8, 8))))


def broken(change) -> str:
    """A damaged copy of the sound document above."""
    return damaged(arrange(4, *SOUND, to_move=B), change)


_set = set_at


def _row(r, c, ch):
    def change(doc):
        row = doc["board"][r]
        doc["board"][r] = row[:c] + ch + row[c + 1 :]

    return change


# Damage only a Medina document can have (the shared check in test_protocol.py removes every field and gives
# every field a value of the wrong JSON type, and tries documents that are no JSON or of another game).
BROKEN = {
    "board too short": (broken(lambda d: d["board"].pop()), ("board",)),
    "a row too long": (broken(_set(["board", 3], "-" + "." * 18)), ("board[3]",)),
    "an unknown piece": (broken(_row(5, 9, "x")), ("board[5]", "x")),
    "a tower moved": (broken(_row(0, 0, "-")), ("tower 1",)),
    "a wall in the city": (broken(_row(5, 9, "#")), ("(5, 9)",)),
    "a loose wall": (broken(_row(0, 8, "#")), ("(0, 8)", "not connected")),
    "a building without a palace": (broken(_row(9, 9, "g")), ("(9, 9)", "no palace")),
    "a palace square wrong": (broken(_row(1, 2, "k")), ("(1, 2)",)),
    "a palace not on the board": (broken(lambda d: d["palaces"][0]["buildings"].append([1, 4])), ("(1, 4)",)),
    "an unknown colour": (broken(_set(["palaces", 0, "colour"], "purple")), ("colour", "purple")),
    "an owner out of range": (broken(_set(["palaces", 0, "owner"], 4)), ("owner",)),
    "an owner without claim": (broken(_set(["palaces", 0, "claim"], None)), ("claim",)),
    "supply negative": (broken(_set(["supply", 0, "wall"], -1)), ("supply[0].wall",)),
    "supply too large": (broken(_set(["supply", 1, "wall"], 9)), ("wall",)),
    "a merchant too many": (broken(_row(9, 12, "m")), ("merchant",)),
    "a roof too many": (broken(_set(["supply", 0, "roof"], 4)), ("roof",)),
    "a palace tile with nobody": (broken(_set(["palace_tiles", "grey"], None)), ("grey palace tile",)),
    "a palace tile with the wrong player": (broken(_set(["palace_tiles", "grey"], 2)), ("grey palace tile",)),
    "a tower tile stolen": (broken(_set(["tower_tiles", 0], 1)), ("tower tile 1",)),
    "a tower tile unused": (broken(_set(["palaces", 0, "towers_used"], [])), ("tower 1",)),
    "a line end without merchant": (broken(_set(["line", 0], [7, 7])), ("merchant line",)),
    "an unknown step": (broken(_set(["step"], "dance")), ("step", "dance")),
    "nobody to move": (broken(_set(["current"], None)), ("nobody",)),
    "over too early": (broken(lambda d: d.update(step="over", current=None)), ("over", "can still place")),
    "a flag as a number": (broken(_set(["table", "flags", "tiebreak_largest_palace"], 1)), ("tiebreak",)),
    "too few names": (broken(_set(["table", "names"], ["Ada", "Ben"])), ("names",)),
    "a square off the board": (broken(_set(["line", 0], [20, 1])), ("line[0]",)),
}


@pytest.mark.parametrize("name", list(BROKEN))
def test_from_json_refuses_broken_documents(name):
    """A damaged document is refused with a ValueError saying what is wrong."""
    text, words = BROKEN[name]
    message = save_refusal(medina, text)
    assert all(word in message for word in words), f"{words} not all in {message!r}"


def test_from_json_reads_back_what_to_json_wrote():
    """The documents above are broken copies of a sound one, which reads back equal (and so does a finished game)."""
    for state in (arrange(4, *SOUND, to_move=B), finished_game(seed=5), medina.new_game(3)):
        assert medina.from_json(state.to_json()) == state
        assert boardgames.load(state.to_json()) == state
        assert hash(boardgames.load(state.to_json())) == hash(state)


def test_a_match_survives_its_json():
    m = Match(medina.new_game(3, seed=2))
    bot = RandomBot(2)
    for _ in range(40):
        m.play(bot.choose(m.state))
    back = Match.from_json(m.to_json())
    assert back.state == m.state and back.moves == m.moves
