"""The light look at the class store twice a second that keeps a class page live."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

POLL_SECONDS = 0.5  # a cheap look at the store; the whole view only on a change


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
