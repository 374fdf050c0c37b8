"""The one runner of a page's background work (the bots' moves, a hint, an estimate, the look at the class store).

Inside a kernel (Jupyter, Voilà) a ``Runner`` runs its work as an asyncio task on the kernel's own event loop, so the
page stays live between two steps, and the slow part of a step (``run``) in a worker thread of its own. In plain
Python (the unit tests) no loop is running: ``threaded`` is False and its owner does the work at once.
"""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Callable, Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from widgets.runtime.guard import guarded


def in_kernel() -> bool:
    """Whether this runs inside a Jupyter kernel (whose event loop keeps running between cells)."""
    try:
        from IPython import get_ipython
    except ImportError:
        return False
    shell = get_ipython()
    return shell is not None and getattr(shell, "kernel", None) is not None


def _ignore(_exc: BaseException) -> None:
    """A failure nobody needs to hear of (a look at the store tried again at the next beat)."""


class Runner:
    """One task at a time on the running event loop, its slow parts in a thread named ``name``.

    ``asynchronous``: work in a task (True, whenever a loop is running), at once (False), or, by default (None), in
    a task when running inside a Jupyter kernel. ``failed`` hears of an exception that ends a task (never of its
    cancellation)."""

    def __init__(self, name: str, asynchronous: bool | None = None,
                 failed: Callable[[BaseException], None] = _ignore) -> None:
        self.name = name
        self.asynchronous = asynchronous
        self.failed = failed
        self._executor: ThreadPoolExecutor | None = None
        self._task: asyncio.Task | None = None

    @property
    def threaded(self) -> bool:
        """Whether work goes to a task now (it is wanted, and an event loop is running to run it)."""
        if not (self.asynchronous or (self.asynchronous is None and in_kernel())):
            return False
        try:
            asyncio.get_running_loop()
        except RuntimeError:
            return False
        return True

    @property
    def busy(self) -> bool:
        """Whether a task is under way."""
        return self._task is not None and not self._task.done()

    def start(self, coroutine: Coroutine) -> None:
        """Run ``coroutine`` as the task on the running loop (the task before it, if any, runs on alone)."""
        self._task = asyncio.get_running_loop().create_task(coroutine)
        self._task.add_done_callback(self._ended)

    def _ended(self, task: asyncio.Task) -> None:
        """A bug that ended a task must not freeze the page: its owner says so (a cancelled task says nothing)."""
        if not task.cancelled() and task.exception() is not None:
            self.failed(task.exception())

    def repeat(self, seconds: float, step: Callable[[], None]) -> None:
        """Call ``step`` every ``seconds`` in a task, until ``cancel`` (a failed step is tried again at the next)."""
        if not self.busy:
            self.start(self._every(seconds, guarded(step, self.failed)))

    @staticmethod
    async def _every(seconds: float, step: Callable[[], None]) -> None:
        while True:
            await asyncio.sleep(seconds)
            step()

    async def run(self, fn: Callable, *args: Any, **kwargs: Any) -> Any:
        """``fn(*args, **kwargs)``, worked out in the thread while the loop goes on."""
        if self._executor is None:
            self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix=self.name)
        return await asyncio.get_running_loop().run_in_executor(self._executor, functools.partial(fn, *args, **kwargs))

    def cancel(self) -> None:
        """Cancel the task under way, if any."""
        if self.busy:
            self._task.cancel()
        self._task = None

    def close(self) -> None:
        """Cancel the task under way and let the thread go."""
        self.cancel()
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
