"""Properties of random Foundations of Metropolis games (hypothesis): whatever legal moves are played, every
deed of the player count is in exactly one place, each seat keeps its 8 lot markers and 24 tiles, no cell is
held twice, each population is what an independent count of the board gives, and every year's scores are what
an independent reading of the board gives (the scoring rules written again here, from the rules page, section
4, with their own adjacency code)."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support.protocol_checks import random_plies

from boardgames import metropolis as m
from boardgames.metropolis.board import NAMES

SIDE = {2: 7, 3: 8, 4: 9}
BONUS = {1: 4, 2: 7, 3: 10}
CITIZENS = {"A": 1, "B": 2, "C-L3": 4, "C-I3": 4, "D": 6, "E": 6}
COINS = {"F": 1, "G": 1, "H": 2, "I": 2, "J-O4": 3, "J-I4": 3}
PRINTED = {"F": 0, "G": 2, "H": 3, "I": 3, "J-O4": 5, "J-I4": 5}
PUBLIC = {"K": ("coins", 1), "L": ("any", 1), "M": ("half", 1), "N": ("public", 2), "O": ("coins", None),
          "P": ("any", 1), "Q": ("public", 3), "R": ("citizens", 1)}


def next_to(a: str, b: str) -> bool:
    return abs(ord(a[0]) - ord(b[0])) + abs(int(a[1:]) - int(b[1:])) == 1


def expected_year(state) -> list[tuple[int, int]]:
    """(prestige, coins) per seat if the year were scored now, from the board alone."""
    n, year = state.players, state.year
    buildings = list(state.all_buildings())
    pops = [sum(CITIZENS.get(b.tile, 0) for b in buildings if b.owner == s) for s in range(n)]
    top = max(pops)
    out = []
    for seat in range(n):
        p = pops[seat]
        res = 0 if p == 0 else p + BONUS[year] if p == top else min(q for q in pops if q > p)
        public = 0
        for b in buildings:
            if b.owner != seat or b.tile not in PUBLIC:
                continue
            around = [o for o in buildings if o is not b and any(next_to(x, y) for x in b.cells for y in o.cells)]
            kind, factor = PUBLIC[b.tile]
            factor = state.table.flag("marketplace_multiplier") if factor is None else factor
            value = {"coins": sum(COINS.get(o.tile, 0) for o in around), "any": len(around),
                     "half": sum(CITIZENS.get(o.tile, 0) for o in around) // 2,
                     "public": sum(o.tile in PUBLIC for o in around),
                     "citizens": sum(CITIZENS.get(o.tile, 0) for o in around)}[kind]
            public += value * factor
        coins = sum(COINS.get(b.tile, 0) for b in buildings if b.owner == seat)
        printed = sum(PRINTED.get(b.tile, 0) for b in buildings if b.owner == seat)
        lots = len(state.lots(seat))
        if year == 3:
            out.append((res + public + coins + printed + lots, 0))
        else:
            out.append((res + public + printed, coins))
    return out


def sound(state) -> None:
    n = state.players
    board = m.cells(n)
    assert len(board) == SIDE[n] ** 2
    places = Counter(state.deed_board)
    for seat in range(n):
        places.update(state.deeds(seat))
        places.update(state.hand(seat))
    places.update(NAMES[i] for pile in state.piles for i in pile)
    places.update(NAMES[p] for p in state.picks if p >= 0)
    assert set(places) == set(board) and set(places.values()) == {1}, "a deed is lost or in two places"
    for seat in range(n):
        mine = state.buildings(seat)
        tiles = Counter(state.supply(seat)) + Counter(b.tile for b in mine)
        assert sum(tiles.values()) == 24 and tiles["A"] == tiles["B"] == tiles["F"] == tiles["G"] == 2
        assert len(state.lots(seat)) + state.markers(seat) == 8
        cells = [c for b in mine for c in b.cells] + list(state.lots(seat))
        assert sorted(cells) == sorted(state.deeds(seat)), "a lot without a marker or a building"
        assert state.population(seat) == sum(CITIZENS.get(b.tile, 0) for b in mine)
    held = [c for seat in range(n) for c in state.deeds(seat)]
    assert len(held) == len(set(held)), "a cell held twice"


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.sampled_from([2, 3, 4]), seed=st.integers(0, 10**6), draft=st.booleans(),
       choices=st.lists(st.integers(0, 2**16), max_size=60))
def test_random_games_keep_deeds_markers_tiles_and_scores_sound(players, seed, draft, choices):
    state = m.new_game(players, seed=seed, deed_draft=draft)
    sound(state)
    years = 0
    for _, before, _move, after in random_plies(state, lambda ms, k: ms[k % len(ms)], choices, seed, 400):
        sound(after)
        scored = [e for e in after.events if e.kind == "metropolis.year.score" and e.seat is not None]
        if scored:
            # A year's end changes no building: the board it scores is the board after the move, read with
            # the rules of the year that ended.
            gained = [(e.data["total"], e.data["coins"]) for e in scored]
            assert gained == expected_year(replace(after, year=before.year)), f"year {before.year}"
            years += 1
        if not after.is_over and not after.drafting:
            assert [(sc.total, sc.coins) for sc in after.year_scores()] == expected_year(after)
    assert years <= 3
