"""Whether an exercise's position is one a game can reach: stricter than the engines' ``consistency_problem``
(which tells what a loaded position cannot be), it also asks that what the players hold adds up to what play
gives: the deeds dealt and bought, the prestige of the years scored, the VP and tiles of posts placed, the contracts
taken with dice and paid with VP. ``problem(state)`` names the first thing that does not add up, or None."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import boardgames
from boardgames.marcopolo.board import IS_CITY, NAMES
from boardgames.marcopolo.data import CITY_CARDS, CONTRACTS, LARGE_CITIES, MATTEO, POST_BONUS
from boardgames.marcopolo.state import SPACES
from boardgames.metropolis.rules import DEEDS_DEALT, PILES


def problem(state: Any) -> str | None:
    """What makes ``state`` a position no game of its kind reaches by play, or None if nothing does."""
    module = boardgames.GAMES[state.GAME]
    found = module.consistency_problem(state)
    if found is None:
        check = CHECKS.get(state.GAME)
        found = check(state) if check else None
    return found


def metropolis_problem(s: Any) -> str | None:
    """Deeds: each seat holds its six dealt deeds (or its draft picks) and the ones it bought; the piles of the
    years to come are whole. Prestige: each seat's is the sum of its scores in the years scored."""
    n = s.players
    held = [sum(1 for o in s.owner if o == seat) for seat in range(n)]
    if not s.hands and not s.picks:  # the draft is over, or there was none
        short = [s.names[seat] for seat in range(n) if held[seat] < DEEDS_DEALT]
        if short:
            return f"{', '.join(short)} holds fewer than the {DEEDS_DEALT} deeds dealt"
    for year in range(s.year, 3):
        if len(s.piles[year]) != PILES[n][year]:
            return f"the Year {year + 1} pile holds {len(s.piles[year])} deeds before its year, not {PILES[n][year]}"
    for seat in range(n):
        scored = sum(year[seat] for year in s.years)
        if s.prestige[seat] != scored:
            return f"{s.names[seat]} has {s.prestige[seat]} prestige though the years scored gave {scored}"
    return None


def marcopolo_problem(s: Any) -> str | None:
    """VP: each seat's at least what its completed contracts and its 8th and 9th posts paid (unless a city card
    in play sells VP for coins). Posts: a large city with a post has given up its outpost tile; a figure in a city
    has put a post there (while it had one left). Contracts: in round 1 a seat holds (active or completed) no more
    than its start contract, two for each of its dice on the contract space and one for each draw from the
    special pile it may have been given (contracts' and an outpost tile's rewards, Matteo Polo's income)."""
    contract_space = SPACES.index("contracts")
    pending = {task[2] for task in s.agenda if task[0] == "effects"}
    sells_vp = any(CITY_CARDS[card].kind == "either" and "VP" in CITY_CARDS[card].text for card in s.cards)
    for seat in range(s.players):
        name = s.names[seat]
        posts = s.post_list[seat]
        paid = sum(CONTRACTS[c].vp for c in s.done[seat]) + sum(v for k, v in POST_BONUS.items() if k <= len(posts))
        if s.wealth[seat][5] < paid and not sells_vp:
            return f"{name} has {s.wealth[seat][5]} VP though contracts and posts paid {paid}"
        relocating = any(task[0] == "relocate" and task[1] == seat for task in s.agenda)
        for node in s.at[seat]:
            if IS_CITY[node] and node not in posts and s.posts_left(seat) > 0 and not relocating:
                return f"{name}'s figure stands in {NAMES[node]}, where {name} has no trading post"
        for node in posts:
            if node in LARGE_CITIES and node not in pending and s.tiles[LARGE_CITIES.index(node)]:
                return f"{name} has a post in a large city whose outpost tile is still there"
        if s.round == 1:
            dice = sum(1 for owner, _ in s.spaces[contract_space] if owner == seat)
            drawn = (sum("special pile" in CONTRACTS[c].text for c in s.done[seat]) + (s.chars[seat] == MATTEO)
                     + any(p in LARGE_CITIES for p in posts))  # one outpost tile gives a contract of the special pile
            held = len(s.hands[seat]) + len(s.done[seat])
            if held > 1 + 2 * dice + drawn:
                return f"{name} holds {held} contracts in round 1 with {dice} dice placed to take them"
    return None


CHECKS: dict[str, Callable[[Any], str | None]] = {"metropolis": metropolis_problem, "marcopolo": marcopolo_problem}
