"""Slow work for a panel (an estimate, a hint) that must not freeze the page, and a panel's bugs said in a sentence.

Inside a kernel (Jupyter, Voilà) a ``Worker`` runs the work in a thread of its own, awaited by an asyncio task on
the kernel's loop, the way the shell runs its bots; in plain Python (tests) its panel works at once. ``guarded``
hands a callback's exception to the panel (which says it in a sentence, never a traceback) and ``keep_trace``
keeps its trace for developers and tests.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import traceback
from collections.abc import Callable, Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import Any


def in_kernel() -> bool:
    """Whether this runs inside a Jupyter kernel (whose event loop keeps running between cells)."""
    try:
        from IPython import get_ipython
    except ImportError:
        return False
    shell = get_ipython()
    return shell is not None and getattr(shell, "kernel", None) is not None


class Worker:
    """A panel's worker thread, named ``name``. ``asynchronous``: work in the thread (True), at once (False), or,
    by default (None), in the thread when running inside a Jupyter kernel."""

    def __init__(self, name: str, asynchronous: bool | None = None) -> None:
        self.asynchronous = asynchronous
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix=name)
        self._task: asyncio.Task | None = None

    @property
    def threaded(self) -> bool:
        """Whether work goes to the thread now (it is wanted, and an event loop is running to await it)."""
        if not (self.asynchronous or (self.asynchronous is None and in_kernel())):
            return False
        try:
            asyncio.get_running_loop()
        except RuntimeError:
            return False
        return True

    def start(self, coroutine: Coroutine) -> None:
        """Run ``coroutine`` as a task on the running loop (it awaits ``run`` for the slow part)."""
        self._task = asyncio.get_running_loop().create_task(coroutine)

    async def run(self, fn: Callable, *args: Any, **kwargs: Any) -> Any:
        """``fn(*args, **kwargs)``, worked out in the thread."""
        return await asyncio.get_running_loop().run_in_executor(self._executor, functools.partial(fn, *args, **kwargs))

    def close(self) -> None:
        """Cancel the task under way and let the thread go."""
        if self._task is not None and not self._task.done():
            self._task.cancel()
        self._executor.shutdown(wait=False, cancel_futures=True)


def guarded(fn: Callable, failed: Callable[[BaseException], None]) -> Callable:
    """``fn``, with any exception it raises handed to ``failed``."""

    def run(*args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except Exception as exc:
            failed(exc)
            return None

    return run


def keep_trace(exc: BaseException, log: logging.Logger, *errors: list[str]) -> None:
    """Keep the trace of ``exc`` in each list of ``errors`` (for tests) and in ``log`` (for developers)."""
    trace = "".join(traceback.format_exception(exc))
    for kept in errors:
        kept.append(trace)
    log.error("%s", trace)
