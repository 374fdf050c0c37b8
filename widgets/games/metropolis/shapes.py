"""The tile shapes' picture, for the notebooks: every shape a building can take, drawn in every way the engine
turns it, with the tiles of that shape (``shapes_html``), and the same in words (``shapes_text``)."""

from __future__ import annotations

import html
from collections.abc import Sequence

from boardgames.core.message import listed, say, say_n
from boardgames.metropolis.board import orientations
from boardgames.metropolis.tiles import SHAPE_SAID, SHAPES, building_word, shape_tiles
from widgets.games.metropolis.board import BOARD_STYLE, CATEGORY_FILL, DARK
from widgets.kit.palette import mix
from widgets.runtime.language import shown

SHAPE_CELL_PX = 16  # a cell of the shapes picture


def _shape_svg(form: Sequence[tuple[int, int]], fill: str) -> str:
    """One way a shape lies, drawn as squares: ``form`` is the engine's (column, row) offsets."""
    size = SHAPE_CELL_PX
    width = (1 + max(c for c, _ in form)) * size
    height = (1 + max(r for _, r in form)) * size
    squares = "".join(f"<rect x='{c * size + 1}' y='{r * size + 1}' width='{size}' height='{size}' fill='{fill}' "
                      f"stroke='{DARK}' stroke-width='1.2'/>" for c, r in form)
    return (f"<svg class='bg-shape' width='{width + 2}' height='{height + 2}' style='vertical-align:middle;"
            f"margin:2px 10px 2px 0'>{squares}</svg>")


def shapes_html() -> str:
    """Every shape a building can take, each drawn in every way it may be turned (the engine's rotations), with
    the tiles of that shape: a picture to go beside the buildings' table, in the page's language. The Hotel (C)
    and the Shopping Mall (J) each come in two shapes, one tile of each."""
    rows = []
    for shape in SHAPES:
        tiles = shape_tiles(shape)
        names = ", ".join(
            f"<span class='bg-tile-chip' style='background:{CATEGORY_FILL[t.category]}'>{t.id}</span> "
            f"{html.escape(shown(building_word(t.id)))}" for t in tiles)
        forms = orientations(shape)
        turned = shown(say("one way only") if len(forms) == 1 else say_n("{n} way", "{n} ways", len(forms)))
        pictures = "".join(_shape_svg(form, mix("#868e96", 0.75)) for form in forms)
        rows.append(f"<tr class='bg-shape-row' data-shape='{shape}'><td style='padding:4px 8px;text-align:left'>"
                    f"<b>{html.escape(shown(SHAPE_SAID[shape]))}</b><br><span style='color:#495057'>"
                    f"{html.escape(turned)}</span></td>"
                    f"<td style='padding:4px 8px;text-align:left;white-space:nowrap'>{pictures}</td>"
                    f"<td style='padding:4px 8px;text-align:left;line-height:1.7'>{names}</td></tr>")
    heads = "".join(f"<th style='text-align:left;padding:2px 8px'>{html.escape(shown(head))}</th>"
                    for head in (say("shape"), say("turned every way"), say("the tiles of that shape")))
    return (f"{BOARD_STYLE}<table class='bg-shapes' style='border-collapse:collapse;font-size:13px'>"
            f"<tr>{heads}</tr>" + "".join(rows) + "</table>")


def shapes_text() -> str:
    """The shapes picture in words (what a page without HTML shows), in the page's language."""
    lines = []
    for shape in SHAPES:
        tiles = listed((t.id for t in shape_tiles(shape)), ",")
        forms = len(orientations(shape))
        lines.append(shown(say_n("{shape}: {n} way to lie; tiles {tiles}", "{shape}: {n} ways to lie; tiles {tiles}",
                                 forms, shape=SHAPE_SAID[shape], tiles=tiles)))
    return "\n".join(lines)
