"""Positions built to order, for the worked examples, the lessons and the tests: who holds which lots, which
buildings stand where, what the deed board offers. Every position is a real, consistent ``State``."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from boardgames.core import new_table
from boardgames.metropolis.board import NAMES, cell_index, in_play
from boardgames.metropolis.game import State
from boardgames.metropolis.rules import MARKERS, PILES, PRICES, SPEC, YEARS, starting_coins
from boardgames.metropolis.saving import consistency_problem
from boardgames.metropolis.state import FINAL, OVER, PLAY, Building, Table
from boardgames.metropolis.tiles import FULL_SUPPLY, RESIDENTIAL, TILES


def arrange(
    players: int | Sequence[str],
    *,
    buildings: Iterable[tuple[str, int, Sequence[str]]] = (),
    lots: Mapping[int, Sequence[str]] | None = None,
    markers: Mapping[int, int] | None = None,
    board: Sequence[str] | None = None,
    pile: int | None = None,
    year: int = 1,
    turn: int = 0,
    token: int | None = None,
    coins: Sequence[int] | None = None,
    prestige: Sequence[int] | None = None,
    final_turns: int = 0,
    over: bool = False,
    **flags: bool | int,
) -> State:
    """A position of ``players`` with ``buildings`` (tile, owner, cells), ``lots`` (seat -> cells holding its
    markers) and, if ``markers`` names a seat, exactly that many markers in its supply (the others placed on
    free cells from the board's far corner). ``board`` is the deed board (default: the first six free cells);
    the other free cells make the year piles, ``pile`` of them in this year's (default: as many as fit).
    ``final_turns`` > 0 puts the year in its final turns (the deed board empty); ``over`` ends the game."""
    table = new_table(SPEC, players, 0, 0, flags, Table)
    n = table.players
    owner, lots_board, site = [-1] * 81, [-1] * 81, [None] * 81
    tiles = [list(FULL_SUPPLY) for _ in range(n)]
    for tile, seat, cells in buildings:
        b = Building(tile, seat, tuple(sorted(cell_index(c) for c in cells)))
        tiles[seat].remove(tile)
        for i in b.at:
            owner[i], site[i] = seat, b
    for seat, cells in (lots or {}).items():
        for c in cells:
            i = cell_index(c)
            owner[i] = lots_board[i] = seat
    free = [i for i in reversed(in_play(n)) if owner[i] < 0 and (board is None or NAMES[i] not in board)]
    for seat, want in (markers or {}).items():
        extra = MARKERS - want - sum(1 for o in lots_board if o == seat)
        if extra < 0:
            raise ValueError(f"seat {seat} has more than {MARKERS - want} markers on the board already")
        for _ in range(extra):
            i = free.pop(0)
            owner[i] = lots_board[i] = seat
    free.reverse()
    if final_turns or over:
        deed_board: tuple[int, ...] = ()
    elif board is None:
        deed_board, free = tuple(free[: len(PRICES)]), free[len(PRICES) :]
    else:
        deed_board = tuple(cell_index(c) for c in board)
    here = len(free) if pile is None else pile
    if final_turns or over:
        here = 0
    rest = free[here:]
    piles = [(), (), ()]
    piles[year - 1] = tuple(free[:here])
    if year < 3:
        later = PILES[n][year:]
        cut = round(len(rest) * later[0] / sum(later)) if year == 1 else len(rest)
        piles[year] = tuple(rest[:cut])
        if year == 1:
            piles[2] = tuple(rest[cut:])
    elif rest:
        raise ValueError(f"{len(rest)} free cells have no pile to go to in Year 3: give a larger board or pile")
    citizens = tuple(
        sum(TILES[b.tile].citizens for b in dict.fromkeys(site) if b and b.owner == s and TILES[b.tile].category
            == RESIDENTIAL) for s in range(n)
    )
    state = State(
        table=table,
        step=OVER if over else FINAL if final_turns else PLAY,
        year=year,
        turn=turn,
        token=turn if token is None else token,
        finals=final_turns,
        coins=tuple(coins) if coins is not None else starting_coins(n, 0),
        prestige=tuple(prestige) if prestige is not None else (0,) * n,
        citizens=citizens,
        owner=tuple(owner),
        lots_board=tuple(lots_board),
        site=tuple(site),
        markers_left=tuple(MARKERS - sum(1 for o in lots_board if o == s) for s in range(n)),
        tiles=tuple(tuple(t) for t in tiles),
        board=deed_board,
        piles=tuple(piles),
        years=tuple((0,) * n for _ in range(YEARS if over else year - 1)),
    )
    problem = consistency_problem(state)
    if problem:
        raise ValueError(f"that position is impossible: {problem}")
    return state
