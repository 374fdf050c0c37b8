"""Outlines of groups of grid squares, for a board drawn on a square grid (Medina's palaces, Metropolis's buildings, a
suggested move's square): the edges that face outside a group, and those edges as the data of a bqplot ``Lines``."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

Point = tuple[float, float]
Segment = tuple[Point, Point]


def outline_segments(points: Iterable[tuple[int, int]]) -> list[Segment]:
    """The edges of a group of unit squares centred on ``points`` (x, y) that face outside the group, as
    ((x0, y0), (x1, y1))."""
    inside = set(points)
    segs = []
    for x, y in inside:
        if (x, y - 1) not in inside:
            segs.append(((x - 0.5, y - 0.5), (x + 0.5, y - 0.5)))
        if (x, y + 1) not in inside:
            segs.append(((x - 0.5, y + 0.5), (x + 0.5, y + 0.5)))
        if (x - 1, y) not in inside:
            segs.append(((x - 0.5, y - 0.5), (x - 0.5, y + 0.5)))
        if (x + 1, y) not in inside:
            segs.append(((x + 0.5, y - 0.5), (x + 0.5, y + 0.5)))
    return segs


def segment_lines(segs: Sequence[Segment], colours: Sequence[str], out_of_sight: float) -> tuple[list, list, list]:
    """``segs`` as the ``x``, ``y`` and ``colors`` of a bqplot ``Lines`` (one line per segment); bqplot needs at least
    one line, so no segment gives a zero-length white one at ``out_of_sight``."""
    if not segs:
        return [[out_of_sight] * 2], [[out_of_sight] * 2], ["#ffffff"]
    return [[a[0], b[0]] for a, b in segs], [[a[1], b[1]] for a, b in segs], list(colours)
