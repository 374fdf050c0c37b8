"""A QR code of an address, for a class page to show on the projector."""

from __future__ import annotations

import segno


def qr_svg(address: str, scale: int = 8) -> str:
    """A QR code of ``address`` as inline SVG (scale 8: about 260 px wide, read from the back of a classroom)."""
    return segno.make(address, error="m").svg_inline(scale=scale, border=2, dark="#000000")
