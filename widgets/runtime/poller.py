"""The light look at the class store twice a second that keeps a class page live."""

from __future__ import annotations

from collections.abc import Callable

from widgets.runtime.runner import Runner

POLL_SECONDS = 0.5  # a cheap look at the store; the whole view only on a change


class Poller:
    """Calls ``refresh`` on the running event loop, twice a second, whenever ``changed()`` says the store changed
    (outside a running loop, as in the unit tests, nothing runs by itself: ``refresh`` is called by hand). A failed
    look is tried again half a second later."""

    def __init__(self, refresh: Callable[[], None], changed: Callable[[], bool] = lambda: True) -> None:
        self.refresh = refresh
        self.changed = changed
        self.runner = Runner("poll", asynchronous=True)

    def start(self) -> None:
        if self.runner.threaded:
            self.runner.repeat(POLL_SECONDS, self._look)

    def stop(self) -> None:
        self.runner.cancel()

    def _look(self) -> None:
        if self.changed():
            self.refresh()
