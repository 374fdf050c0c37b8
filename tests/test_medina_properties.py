"""Properties of random Medina games (hypothesis): whatever legal placements are played, the pieces, the palaces,
the merchant lines and the walls stay sound, and the scores are what section 4 says.

Everything is recomputed here from the board alone, read square by square through ``state.cell``: the palaces
as connected groups of buildings, their extendability, the merchants and walls touching them, and each seat's
points. None of the engine's own scoring or placement code is used.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support.protocol_checks import random_plies

from boardgames import medina
from boardgames.medina import facts
from boardgames.medina.facts import BOARD_FACTS, changed

COLOURS = ("grey", "black", "brown", "orange")
PALACE_TILE = {"grey": 1, "black": 2, "brown": 3, "orange": 4}
START = {3: {"building": 6, "roof": 4, "stable": 4, "merchant": 8, "wall": 10},
         4: {"building": 5, "roof": 4, "stable": 3, "merchant": 6, "wall": 8}}
SQUARES = [(r, c) for r in range(13) for c in range(18)]


def edge(at):
    r, c = at
    return [(r + dr, c + dc) for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)) if 0 <= r + dr < 13 and 0 <= c + dc < 18]


def around(at):
    r, c = at
    return [(r + dr, c + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)
            if (dr or dc) and 0 <= r + dr < 13 and 0 <= c + dc < 18]


def city(at):
    return 1 <= at[0] <= 11 and 1 <= at[1] <= 16


def ring(at):
    return not city(at) and at not in ((0, 0), (0, 17), (12, 17), (12, 0))


class Board:
    """The board read square by square, and the rules' facts recomputed from it."""

    def __init__(self, s) -> None:
        self.s = s
        self.cells = {at: s.cell(at) for at in SQUARES}
        self.palaces: dict[int, dict] = {}
        for at, cell in self.cells.items():
            if cell.piece in ("building", "stable"):
                p = self.palaces.setdefault(cell.palace, {"colour": cell.colour, "owner": cell.owner,
                                                          "buildings": set(), "stables": set()})
                assert (p["colour"], p["owner"]) == (cell.colour, cell.owner)
                p[cell.piece + "s"].add(at)

    def piece(self, at) -> str:
        return self.cells[at].piece

    def squares(self, p) -> set:
        return self.palaces[p]["buildings"] | self.palaces[p]["stables"]

    def growth(self, p) -> list:
        """Empty squares where a building of palace p's colour (or a stable) could join it."""
        out = []
        for at in self.palaces[p]["buildings"]:
            for q in edge(at):
                if city(q) and self.piece(q) == "empty" and all(
                    self.cells[x].palace in (None, p) for x in around(q)
                ):
                    out.append(q)
        return out

    def value(self, p) -> int:
        sq = self.squares(p)
        merchants = {q for at in sq for q in edge(at) if self.piece(q) == "merchant"}
        walls = {q for at in sq for q in edge(at) if self.piece(q) == "wall"}
        return len(sq) + len(merchants) + len(walls)

    def points(self) -> list[int]:
        n = self.s.players
        total = [0] * n
        for p, pal in self.palaces.items():
            if pal["owner"] is not None:
                total[pal["owner"]] += self.value(p)
        for colour in COLOURS:
            holder = self.s.palace_tile_owner(colour)
            if holder is not None:
                total[holder] += PALACE_TILE[colour]
        for t in range(1, 5):
            holder = self.s.tower_tile_owner(t)
            if holder is not None:
                total[holder] += t
        return total


def sound(s) -> None:
    """Everything that holds in every position."""
    bd = Board(s)
    n = s.players
    start = START[n]
    # Pieces are conserved, kind by kind (and roofs seat by seat).
    for colour in COLOURS:
        on_board = sum(1 for c in bd.cells.values() if c.piece == "building" and c.colour == colour)
        assert on_board + sum(s.supply(seat)["building"][colour] for seat in range(n)) == n * start["building"]
    for kind, piece in (("stable", "stable"), ("merchant", "merchant"), ("wall", "wall")):
        on_board = sum(1 for c in bd.cells.values() if c.piece == piece)
        extra = 1 if kind == "merchant" else 0
        assert on_board + sum(s.supply(seat)[kind] for seat in range(n)) == n * start[kind] + extra, kind
    for seat in range(n):
        owned = [p for p in bd.palaces.values() if p["owner"] == seat]
        assert start["roof"] - s.supply(seat)["roof"] == len(owned)
        colours = [p["colour"] for p in owned]
        assert len(colours) == len(set(colours)), "a player owns two palaces of one colour"
    assert sum(1 for c in bd.cells.values() if c.piece == "tower") == 4
    # Palaces: each is one connected group of buildings of its colour, and no two groups of a colour are joined;
    # pieces of different palaces never touch, even diagonally; stables touch a building of their palace.
    seen: set = set()
    for at, cell in bd.cells.items():
        if cell.piece == "building" and at not in seen:
            group, todo = {at}, [at]
            while todo:
                x = todo.pop()
                for y in edge(x):
                    if bd.piece(y) == "building" and bd.cells[y].colour == cell.colour and y not in group:
                        group.add(y)
                        todo.append(y)
            seen |= group
            assert group == bd.palaces[cell.palace]["buildings"], "two palaces of a colour are joined"
        if cell.piece in ("building", "stable"):
            assert city(at)
            for y in around(at):
                assert bd.cells[y].palace in (None, cell.palace), f"palaces touch at {at} and {y}"
        if cell.piece == "stable":
            assert any(y in bd.palaces[cell.palace]["buildings"] for y in edge(at))
    # At most one extendable palace per colour, and the engine says which.
    shown = {p.id: p for p in s.palaces()}
    assert set(shown) == set(bd.palaces)
    for colour in COLOURS:
        ext = [p for p, pal in bd.palaces.items() if pal["colour"] == colour and pal["owner"] is None and bd.growth(p)]
        assert len(ext) <= 1, f"two extendable {colour} palaces"
        assert [p for p in shown if shown[p].colour == colour and shown[p].extendable] == ext
    # Merchant lines never branch or close: every merchant touches at most two, and the lines have no loop.
    merchants = [at for at, c in bd.cells.items() if c.piece == "merchant"]
    links = 0
    for at in merchants:
        k = sum(1 for y in edge(at) if bd.piece(y) == "merchant")
        assert k <= 2
        links += k
    assert links // 2 == len(merchants) - _groups(bd, merchants)
    # Walls: on the ring, every wall belongs to the tower its chain leads to; two towers' walls never meet.
    for at, cell in bd.cells.items():
        if cell.piece == "wall":
            assert ring(at)
            for y in edge(at):
                if bd.piece(y) in ("wall", "tower"):
                    assert bd.cells[y].tower == cell.tower, f"walls of two towers meet at {at}"
    # Tiles: a palace tile is with a player owning a largest claimed palace of its colour.
    for colour in COLOURS:
        sizes = {p["owner"]: len(p["buildings"]) + len(p["stables"])
                 for p in bd.palaces.values() if p["colour"] == colour and p["owner"] is not None}
        holder = s.palace_tile_owner(colour)
        assert (holder is None) == (not sizes)
        if sizes:
            assert sizes[holder] == max(sizes.values())
    # Scores, recomputed from the board.
    assert list(s.scores()) == bd.points()
    for p in s.palaces():
        assert p.value == bd.value(p.id) and p.size == len(bd.squares(p.id))


def _groups(bd: Board, merchants: list) -> int:
    left, groups = set(merchants), 0
    while left:
        groups += 1
        todo = [left.pop()]
        while todo:
            x = todo.pop()
            for y in edge(x):
                if y in left:
                    left.remove(y)
                    todo.append(y)
    return groups


# A game: its seed and player count, and the choices that ``pick`` turns into placements.
RANDOM_GAMES = given(
    seed=st.integers(0, 2**32 - 1),
    players=st.sampled_from([3, 4]),
    choices=st.lists(st.integers(0, 2**16), max_size=200),
)


def pick(moves: list, choice: int):
    """Mix styles so that games see claims, stables, merchants and walls, not only buildings."""
    style, k = choice % 3, choice // 3
    if style == 0:
        others = [m for m in moves if m.piece != "building"]
        return others[k % len(others)] if others else moves[k % len(moves)]
    if style == 1:
        roofs = [m for m in moves if m.piece in ("roof", "stable")]
        return roofs[k % len(roofs)] if roofs else moves[k % len(moves)]
    return moves[k % len(moves)]


@settings(max_examples=30, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
@RANDOM_GAMES
def test_random_games_stay_sound_and_score_by_the_rules(seed, players, choices):
    """After every placement: pieces are conserved, no two palaces of a colour are joined, at most one palace per
    colour can grow, each player owns at most one palace per colour, merchant lines are simple paths, walls of
    two towers never meet, the palace tiles are with a largest palace, and the scores equal a recomputation from
    the board."""
    start = medina.new_game(players, seed=seed, first_player=seed % players)
    sound(start)
    state = start
    for ply, before, _, state in random_plies(start, pick, choices, seed, 400):  # noqa: B007 - read after the loop
        if ply % 3 == 0 or state.is_over:
            sound(state)
        # Claimed palaces never shrink or change hands; tower tiles move only with an event saying why.
        old = {p.id: p for p in before.palaces()}
        for p in state.palaces():
            if p.id in old and old[p.id].owner is not None:
                assert p.owner == old[p.id].owner and p.size >= old[p.id].size
        for t in range(1, 5):
            if state.tower_tile_owner(t) != before.tower_tile_owner(t):
                assert any(e.kind == "medina.tile.tower" and e.data["tower"] == t for e in state.events)
    assert state.is_over
    assert not any(state.can_place(seat) for seat in range(players))
    best = max(state.scores())
    assert state.winners() == tuple(s for s, x in enumerate(state.scores()) if x == best)


@settings(max_examples=20, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
@RANDOM_GAMES
def test_facts_handed_on_by_a_placement_match_a_fresh_look_at_the_board(seed, players, choices):
    """The engine hands derived facts (where palaces may grow, free squares, merchant and wall squares, ...)
    from a state to the next instead of finding them again; after every placement they are what a copy of the
    new state without them finds."""
    def fresh(s) -> dict:
        f = changed(s, {})
        return {
            "growth": dict(facts.palace_growth(f)),
            "free": facts.free_squares(f),
            "stables": facts.stable_squares(f),
            "line": facts.line_squares(f),
            "lone": facts.lone_squares(f),
            "walls": facts.wall_squares(f),
            "owners": facts.owners(f),
        }

    def ask(s, asks: random.Random) -> None:
        if asks.random() < 0.5:  # facts the playouts do not always ask for, handed on by the next placement
            facts.lone_squares(s)
            facts.free_squares(s)
            facts.stable_squares(s)

    asks = random.Random(seed)
    start = medina.new_game(players, seed=seed, first_player=seed % players)
    ask(start, asks)
    for ply, _, _, state in random_plies(start, pick, choices, seed, 400):
        handed = {key: state.cache[key] for key in BOARD_FACTS if key in state.cache}
        want = fresh(state)
        for key, got in handed.items():
            if key == "growth":
                assert got == {p: want["growth"][p] for p in got}, (ply, key)
            else:
                assert got == want[key], (ply, key)
        ask(state, asks)
