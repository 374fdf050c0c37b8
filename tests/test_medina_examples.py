"""The worked examples of section 6 of ``docs/rules/medina.md``, one test each.

Positions are built with ``State.arrange`` (each placement checked against every placement rule, only the
order of turns is free) and the example's moves are then played or arranged on them; scores are read from
``palaces()``, ``scores()`` and the final scoring events.
"""

from __future__ import annotations

import pytest

from boardgames import IllegalMove, medina
from boardgames.medina import Place

A, B, C, D = range(4)


def b(colour: str, *squares):
    """Buildings of one colour, in the order given."""
    return [Place("building", at, colour) for at in squares]


def walls(*squares):
    return [Place("wall", at) for at in squares]


def merchants(*squares):
    return [Place("merchant", at) for at in squares]


def arrange(players, *steps, to_move: int = 0, **flags):
    """A position from (seat, [moves]) steps."""
    placements = [(seat, m) for seat, moves in steps for m in (moves if isinstance(moves, list) else [moves])]
    return medina.new_game(players, **flags).arrange(placements, to_move=to_move)


def palace(state, at):
    found = state.palace_at(at)
    assert found is not None, f"no palace at {at}"
    return found


def refused(state, move, rule: str) -> IllegalMove:
    problem = state.check(move)
    assert isinstance(problem, IllegalMove) and problem.rule == rule, problem
    with pytest.raises(IllegalMove) as info:
        state.play(move)
    assert info.value.rule == rule
    assert move not in state.legal_moves()
    return problem


def kinds(events, kind):
    return [e for e in events if e.kind == kind]


# ---------------------------------------------------------------------------------------------- examples


def test_medina_example_1():
    """One palace, all parts: 3 buildings + 1 stable, 2 merchants, 4 walls = 10; tower tile 1 besides."""
    s = arrange(
        ["Red", "Blue", "Green"],
        (A, b("grey", (1, 1), (1, 2), (2, 1))),
        (A, Place("stable", (2, 2))),
        (A, Place("roof", (1, 1))),
        (B, walls((0, 1), (0, 2), (1, 0), (2, 0))),
        (C, merchants((3, 1), (3, 2))),
        to_move=B,
    )
    grey = palace(s, (1, 1))
    assert grey.owner == A and grey.colour == "grey"
    assert (grey.size, grey.merchants, grey.walls, grey.value) == (4, 2, 4, 10)
    assert grey.squares == ((1, 1), (1, 2), (2, 1)) and grey.stables == ((2, 2),)
    assert s.tower_tile_owner(1) == A  # the first wall of tower 1 touched Red's claimed palace
    assert s.palace_tile_owner("grey") == A  # the first grey palace claimed
    assert s.scores() == (10 + 1 + 1, 0, 0)  # palace + tower tile 1 + grey palace tile
    (line,) = s.scoring()[A].palaces
    assert (line.buildings, line.stables, line.merchants, line.walls, line.value) == (3, 1, 2, 4, 10)


def test_medina_example_2():
    """Palace tile ties: an equal palace never takes the tile; a strictly larger one does at once."""
    s = arrange(
        3,
        (A, b("brown", (2, 2), (2, 3), (2, 4), (2, 5), (2, 6), (2, 7))),
        (A, Place("roof", (2, 2))),
        to_move=B,
    )
    assert s.palace_tile_owner("brown") == A
    s = s.arrange([(B, m) for m in b("brown", (8, 2), (8, 3), (8, 4), (8, 5), (8, 6), (8, 7))], to_move=B)
    s = s.play(Place("roof", (8, 4)))  # B claims a brown palace of size 6: 6 = 6, no transfer
    assert palace(s, (8, 4)).size == 6 and s.palace_tile_owner("brown") == A
    (keep,) = kinds(s.events, "medina.tile.palace")
    assert keep.data["moved"] is False
    assert keep.text == "Ada keeps the brown palace tile: Ben's brown palace (size 6) is not larger than Ada's (6)."
    s = s.play(Place("stable", (9, 2)))  # size 7 > 6: the tile moves to B at once
    assert palace(s, (8, 4)).size == 7 and s.palace_tile_owner("brown") == B
    (moved,) = kinds(s.events, "medina.tile.palace")
    assert (moved.seat, moved.data["from"], moved.data["to"], moved.data["moved"]) == (B, A, B, True)
    assert "larger" in moved.text
    s = s.arrange([(A, Place("stable", (3, 2)))], to_move=C)  # A's palace 7 = 7: B keeps it
    assert palace(s, (2, 2)).size == 7 and s.palace_tile_owner("brown") == B
    tiles = {seat: sc.palace_tiles for seat, sc in enumerate(s.scoring())}
    assert tiles[A] == () and tiles[B] == ("brown",)
    assert s.scores()[A] == 7 and s.scores()[B] == 7 + 3  # tile points: A 0, B 3


def test_medina_example_3():
    """Tower tile 3 follows the claimed palace that most recently came to touch its walls; a palace used once
    for tile 3 cannot take it again, another palace of the same player can."""
    s = arrange(
        3,
        (A, b("black", (10, 16), (11, 16))),
        (A, Place("roof", (10, 16))),
        (B, b("brown", (11, 14))),
        (B, Place("roof", (11, 14))),
        (A, b("grey", (8, 16))),
        (A, Place("roof", (8, 16))),
        to_move=C,
    )
    assert s.tower_tile_owner(3) is None

    def wall(state, at):
        return state.arrange([(C, Place("wall", at))], to_move=C)

    s = wall(s, (12, 16))  # touches (11, 16): A takes tile 3 with the black palace
    assert s.tower_tile_owner(3) == A
    (take,) = kinds(s.events, "medina.tile.tower")
    assert (take.seat, take.data["tower"], take.data["colour"], take.data["from"]) == (A, 3, "black", None)
    assert palace(s, (10, 16)).towers_used == (3,)
    s = wall(s, (12, 15))  # touches nothing
    assert s.tower_tile_owner(3) == A and not kinds(s.events, "medina.tile.tower")
    s = wall(s, (12, 14))  # touches (11, 14): B takes tile 3 with brown
    assert s.tower_tile_owner(3) == B
    third_step = s
    s = wall(s, (11, 17))  # touches (11, 16), but the black palace was used for tile 3: B keeps it
    assert s.tower_tile_owner(3) == B
    (reuse,) = kinds(s.events, "medina.tile.tower-reuse")
    assert reuse.seat == B and reuse.data["palace_owner"] == A and reuse.data["colour"] == "black"
    s = wall(s, (10, 17))  # touches (10, 16): same, no change
    assert s.tower_tile_owner(3) == B and kinds(s.events, "medina.tile.tower-reuse")
    s = wall(s, (9, 17))
    assert s.tower_tile_owner(3) == B
    s = wall(s, (8, 17))  # touches A's grey palace at (8, 16), never used for tile 3: A takes it back
    assert s.tower_tile_owner(3) == A
    (back,) = kinds(s.events, "medina.tile.tower")
    assert (back.seat, back.data["from"], back.data["colour"]) == (A, B, "grey")
    assert back.text == (
        "Ada takes tower tile 3 (3 points) from Ben: the wall at (8, 17) touches Ada's grey palace."
    )
    # Had the game ended after the third step: B +3, A 0 from tile 3.
    tiles = {seat: sc.tower_tiles for seat, sc in enumerate(third_step.scoring())}
    assert tiles == {A: (), B: (3,), C: ()}


def test_medina_example_4():
    """Claiming a palace that already touches walls of a tower takes that tower's tile at once."""
    s = arrange(
        3,
        (A, walls((0, 1), (0, 2), (0, 3))),
        (B, walls((0, 4), (0, 5))),
        (A, b("orange", (1, 5), (2, 5))),
        to_move=C,
    )
    assert palace(s, (1, 5)).walls == 1 and palace(s, (1, 5)).owner is None
    assert s.tower_tile_owner(1) is None  # an unclaimed palace touching a wall triggers nothing
    s = s.play(Place("roof", (2, 5)))  # C roofs the orange palace
    assert s.tower_tile_owner(1) == C
    (take,) = kinds(s.events, "medina.tile.tower")
    assert (take.seat, take.data["tower"], take.data["cause"]) == (C, 1, "claim")
    assert take.text == (
        "Cleo takes tower tile 1 (1 point): Cleo's newly claimed orange palace touches a wall of tower 1."
    )
    assert s.scoring()[C].tower_tiles == (1,)  # +1


def test_medina_example_5():
    """A merchant touching two claimed palaces counts for both."""
    s = arrange(
        3,
        (A, b("grey", (5, 5))),
        (A, Place("roof", (5, 5))),
        (B, b("black", (5, 7))),
        (B, Place("roof", (5, 7))),
        to_move=C,
    )
    before = (palace(s, (5, 5)).value, palace(s, (5, 7)).value)
    s = s.arrange([(C, Place("merchant", (5, 6)))], to_move=C)
    assert (palace(s, (5, 5)).value, palace(s, (5, 7)).value) == (before[0] + 1, before[1] + 1)
    assert palace(s, (5, 5)).merchants == 1 and palace(s, (5, 7)).merchants == 1


def test_medina_example_6():
    """A final total: palaces 8 + 4 + 11 + 4, orange palace tile 4, tower tile 2: 33."""
    lines = (
        medina.PalaceScore("grey", 5, 0, 2, 1),
        medina.PalaceScore("black", 4, 0, 0, 0),
        medina.PalaceScore("brown", 6, 0, 3, 2),
        medina.PalaceScore("orange", 3, 0, 1, 0),
    )
    assert [p.value for p in lines] == [8, 4, 11, 4]
    assert medina.SeatScore(lines, ("orange",), (2,)).total == 33

    # The four palaces on a real board, claimed by Ada, scored by the engine.
    s = arrange(
        3,
        (A, b("grey", (2, 1), (3, 1), (3, 2), (4, 1), (4, 2))),
        (B, walls((1, 0), (2, 0))),  # tower 1: (2, 0) touches (2, 1)
        (A, b("brown", (7, 1), (8, 1), (9, 1), (10, 1), (11, 1), (11, 2))),
        (B, walls((11, 0), (10, 0))),  # tower 4: both touch the brown palace
        (C, merchants((5, 1), (5, 2), (6, 2), (7, 2), (8, 2), (9, 2), (9, 3), (9, 4))),
        (A, b("orange", (6, 4), (7, 4), (8, 4))),
        (A, b("black", (9, 8), (9, 9), (10, 8), (10, 9))),
        (A, [Place("roof", (2, 1)), Place("roof", (7, 1)), Place("roof", (6, 4)), Place("roof", (9, 8))]),
        to_move=B,
    )
    values = {p.colour: (p.size, p.merchants, p.walls, p.value) for p in s.palaces() if p.owner == A}
    assert values == {"grey": (5, 2, 1, 8), "black": (4, 0, 0, 4), "brown": (6, 3, 2, 11), "orange": (3, 1, 0, 4)}
    assert [p.value for p in s.scoring()[A].palaces] == [8, 4, 11, 4]  # grey, black, brown, orange
    # Here Ada also holds every palace tile (1 + 2 + 3 + 4) and tower tiles 1 and 4: 27 + 10 + 5.
    assert s.scoring()[A].palace_tiles == medina.COLOURS and s.scoring()[A].tower_tiles == (1, 4)
    assert s.scores()[A] == 27 + 10 + 5


def test_medina_example_7():
    """Placement legality: joining two towers' walls, diagonal contact, the extendable palace, closed colours."""
    left = walls(*[(0, c) for c in range(1, 8)])
    right = walls(*[(0, c) for c in range(16, 8, -1)])
    s = arrange(3, (A, left[:5]), (B, left[5:] + right[:3]), (C, right[3:]), to_move=A)
    assert s.cell((0, 7)).tower == 1 and s.cell((0, 9)).tower == 2
    problem = refused(s, Place("wall", (0, 8)), "medina.wall.no-join")
    assert "tower 1 and tower 2" in problem.message and "(0, 8)" in problem.message

    s = arrange(3, (A, b("grey", (5, 5))), to_move=B)
    problem = refused(s, Place("building", (6, 6), "orange"), "medina.building.spacing")
    assert "(6, 6)" in problem.message and "(5, 5)" in problem.message
    assert palace(s, (5, 5)).extendable
    refused(s, Place("building", (9, 9), "grey"), "medina.building.extend")
    assert s.check(Place("building", (5, 6), "grey")) is None

    s = s.play(Place("roof", (5, 5)))  # P is roofed (claimed by Ben)
    assert s.check(Place("building", (9, 9), "grey")) is None
    s = s.arrange(
        [(A, Place("building", (9, 9), "grey")), (A, Place("roof", (9, 9))),
         (C, Place("building", (2, 12), "grey")), (C, Place("roof", (2, 12)))],
        to_move=A,
    )
    assert s.owned_colours(A) == s.owned_colours(B) == s.owned_colours(C) == ("grey",)
    refused(s, Place("building", (7, 2), "grey"), "medina.building.colour-closed")


def test_medina_example_8():
    """Merchant line: only the two ends grow, never a branch; a new line only when the line cannot grow."""
    s = arrange(3, (A, merchants((5, 5), (5, 6), (5, 7))), to_move=B)
    assert s.merchant_line == ((5, 5), (5, 7))
    assert s.legal_squares("merchant") == sorted([(5, 4), (4, 5), (6, 5), (5, 8), (4, 7), (6, 7)])
    problem = refused(s, Place("merchant", (4, 6)), "medina.merchant.line-end")
    assert "(5, 5) or (5, 7)" in problem.message
    s = s.play(Place("merchant", (4, 7)))
    assert s.merchant_line == ((5, 5), (4, 7))
    problem = refused(s, Place("merchant", (4, 6)), "medina.merchant.no-branch")
    assert "(4, 7)" in problem.message and "(5, 6)" in problem.message
    # The rules file says (3, 7) is refused here under rule 17; it is not: it touches only the end (4, 7),
    # so it extends the line (docs/rules-decisions.md, "Medina"). Rule 17 needs a line that cannot grow.
    assert s.check(Place("merchant", (3, 7))) is None
    # Block every square that would extend the line: a grey palace round (5, 5), a black one round (4, 7).
    s = s.arrange(
        [(A, m) for m in b("grey", (4, 4), (4, 5), (5, 4), (6, 4), (6, 5))]
        + [(C, m) for m in b("black", (3, 7), (3, 8), (4, 8))],
        to_move=B,
    )
    assert s.legal_squares("merchant") and (9, 9) in s.legal_squares("merchant")
    assert all(not any(s.cell(n).piece == "merchant" for n in neighbours(at)) for at in s.legal_squares("merchant"))
    for at in [(5, 8), (4, 6), (6, 6)]:  # each touches a merchant of the closed line
        refused(s, Place("merchant", at), "medina.merchant.new-line")
    s = s.play(Place("merchant", (9, 9)))
    assert s.merchant_line == ((9, 9), (9, 9))  # the new current line
    assert s.legal_squares("merchant") == [(8, 9), (9, 8), (9, 10), (10, 9)]


def neighbours(at):
    r, c = at
    return [(r + dr, c + dc) for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))]


def test_medina_example_9():
    """Stable spacing: a stable joins its palace, may touch its own palace's pieces, but no other palace's."""
    s = arrange(3, (A, b("grey", (3, 3), (3, 4))), to_move=B)
    assert s.check(Place("stable", (4, 3))) is None
    s = s.play(Place("stable", (4, 3)))
    assert palace(s, (3, 3)).size == 3 and palace(s, (3, 3)).stables == ((4, 3),)
    assert s.check(Place("building", (5, 5), "black")) is None
    s = s.play(Place("building", (5, 5), "black"))
    problem = refused(s.arrange([], to_move=C), Place("stable", (4, 4)), "medina.stable.spacing")
    assert "(4, 4)" in problem.message and "(5, 5)" in problem.message


def test_medina_example_10():
    """Colour closed: once every player owns a black palace no black building may be placed, whatever is left
    in any supply; stables may still be added to black palaces."""
    s = arrange(
        3,
        (A, b("black", (2, 2))), (A, Place("roof", (2, 2))),
        (B, b("black", (2, 8))), (B, Place("roof", (2, 8))),
        (C, b("black", (8, 8))), (C, Place("roof", (8, 8))),
        to_move=A,
    )
    assert all(s.supply(seat)["building"]["black"] == 5 for seat in (A, B, C))
    assert s.legal_squares("building", "black") == []
    assert not any(m.piece == "building" and m.colour == "black" for m in s.legal_moves())
    refused(s, Place("building", (6, 2), "black"), "medina.building.colour-closed")
    assert s.check(Place("stable", (2, 3))) is None
    s = s.play(Place("stable", (2, 3)))
    assert palace(s, (2, 2)).size == 2
