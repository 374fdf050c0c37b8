"""What every class page uses (the class auction's, the game tables'): the address a page was opened at and the
addresses it hands out, a QR code of an address, and the light look at the class store twice a second."""

from __future__ import annotations

import asyncio
import os
import urllib.parse
from collections.abc import Callable

import segno

POLL_SECONDS = 0.5  # a cheap look at the store; the whole view only on a change
RENDER = "/voila/render/"


def query() -> dict[str, str]:
    """The page's address's query (``?key=...``, ``?token=...``, ``?code=...``), one value a name."""
    return {k: v[-1] for k, v in urllib.parse.parse_qs(os.environ.get("QUERY_STRING", "")).items()}


def server_base() -> str:
    """``http://host:port`` of the server, as its pages' addresses start: ``BOARDGAMES_BASE`` (set by the class
    server, which knows the name students use, also for a page rendered before anyone opened it), else the host
    the page was opened at, else "" (addresses relative to the server)."""
    base = os.environ.get("BOARDGAMES_BASE", "").rstrip("/")
    if base:
        return base
    host, port = os.environ.get("SERVER_NAME", ""), os.environ.get("SERVER_PORT", "")
    return f"http://{host}{':' + port if port else ''}" if host else ""


def page_address(page: str, **params: str) -> str:
    """The address of the notebook ``page`` (a path under ``notebooks/`` without ``.ipynb``: ``auction/student``,
    ``tables/table``) with ``params`` in its query; whole when the server's name is known."""
    here = os.environ.get("SCRIPT_NAME", "")
    prefix = here.split(RENDER, 1)[0] + RENDER if RENDER in here else RENDER
    return (f"{server_base()}{prefix}{page}.ipynb"
            + (f"?{urllib.parse.urlencode(params)}" if params else ""))


def qr_svg(address: str, scale: int = 8) -> str:
    """A QR code of ``address`` as inline SVG (scale 8: about 260 px wide, read from the back of a classroom)."""
    return segno.make(address, error="m").svg_inline(scale=scale, border=2, dark="#000000")


class Poller:
    """Calls ``refresh`` on the kernel's event loop, twice a second, whenever ``changed()`` says the store changed
    (outside a kernel, as in the unit tests, nothing runs by itself: ``refresh`` is called by hand)."""

    def __init__(self, refresh: Callable[[], None], changed: Callable[[], bool] = lambda: True) -> None:
        self.refresh = refresh
        self.changed = changed
        self.task: asyncio.Task | None = None

    def start(self) -> None:
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        if self.task is None:
            self.task = loop.create_task(self._run())

    def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()
            self.task = None

    async def _run(self) -> None:
        while True:
            await asyncio.sleep(POLL_SECONDS)
            try:
                if self.changed():
                    self.refresh()
            except Exception:  # noqa: BLE001 (a failed look is tried again half a second later)
                continue
