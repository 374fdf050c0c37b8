"""Figures and trading posts: where a movement places posts, placing and moving a post (rule post.place), what a
new post brings on arrival (rule travel.arrive) and movements outside Travel (rule reward.move)."""

from __future__ import annotations

from boardgames.core.message import Message
from boardgames.marcopolo import data, reasons
from boardgames.marcopolo import records as R
from boardgames.marcopolo.board import IS_CITY
from boardgames.marcopolo.data import (
    BEIJING_NODE,
    LARGE_CITIES,
    OUTPOST_BY_NUMBER,
    RUBRUCK,
    SMALL_CITIES,
)
from boardgames.marcopolo.state import Draft
from boardgames.marcopolo.wealth import gain, push, reward_tasks, with_item


def stops(d: Draft, seat: int, walks: list) -> list[int]:
    """Where posts go after a movement: where each moved figure stops (Rubruck: every city entered)."""
    if d.chars[seat] == RUBRUCK:
        return [p for w in walks for p in w[1:]]
    return [w[-1] for w in walks if len(w) > 1]


def arrive(d: Draft, seat: int, places: list[int]) -> None:
    """Rules travel.arrive and post.place: a post in each city of ``places`` where the seat has none (a moved
    one if none is left, a question), then each new post's effects."""
    tasks = []
    placed = []
    for node in places:
        if not IS_CITY[node] or node in d.post_list[seat] or node in placed:
            continue
        if d.posts_left(seat) > 0:
            place_post(d, seat, node)
            placed.append(node)
        elif any(t[0] == "relocate" and t[2] == node for t in tasks):
            continue
        else:
            tasks.append(("relocate", seat, node))
    tasks += [("effects", seat, node) for node in placed]
    push(d, tasks)


def place_post(d: Draft, seat: int, node: int, moved_from: int = -1) -> None:
    """Rule post.place: a post in ``node`` (Beijing: its highest free space); the 8th and 9th posts (Rubruck's
    11th) score at once, a moved post does not."""
    posts = d.post_list[seat] + (node,)
    d.post_list = with_item(d.post_list, seat, posts)
    d.arrived = d.arrived + (node,)
    space = -1
    if node == BEIJING_NODE:
        space = d.beijing_spaces.index(-1)
        d.beijing_spaces = with_item(d.beijing_spaces, space, seat)
    d.log.append((R.PostPlaced, seat, node, len(posts), space, moved_from))
    bonus = data.POST_BONUS.get(len(posts))
    if bonus and moved_from < 0:
        gain(d, seat, data.delta(vp=bonus), reasons.trading_post(len(posts)), "marcopolo.post.place")


def remove_post(d: Draft, seat: int, node: int) -> None:
    """Decision 15: a moved post leaves ``node`` (and frees its Beijing space)."""
    posts = list(d.post_list[seat])
    posts.remove(node)
    d.post_list = with_item(d.post_list, seat, tuple(posts))
    if node == BEIJING_NODE:
        d.beijing_spaces = with_item(d.beijing_spaces, d.beijing_spaces.index(seat), -1)


def arrival_effects(d: Draft, seat: int, node: int) -> None:
    """Rule travel.arrive: a new post's outpost tile (first in a large city) or small-city bonus."""
    if node in LARGE_CITIES:
        k = LARGE_CITIES.index(node)
        tile = d.tiles[k]
        if tile:
            d.tiles = with_item(d.tiles, k, 0)
            d.log.append((R.TileTaken, seat, node, tile))
            push(d, reward_tasks(seat, OUTPOST_BY_NUMBER[tile].reward, reasons.outpost_tile(node),
                                 "marcopolo.travel.arrive"))
    elif node in SMALL_CITIES:
        marker = d.markers[SMALL_CITIES.index(node)]
        push(d, [("bonus", seat, marker, reasons.city_bonus(node), "marcopolo.travel.arrive")])


def move_figure(d: Draft, seat: int, figure: int, walk: tuple[int, ...], reason: Message) -> None:
    """A movement outside Travel (rule reward.move): the figure walks, a post goes where it stops (Rubruck:
    also in every city entered); it does not count as Travel."""
    d.at = with_item(d.at, seat, with_item(d.at[seat], figure, walk[-1]))
    d.log.append((R.Stepped, seat, figure, walk, reason))
    arrive(d, seat, stops(d, seat, [walk]))
