"""The one error guard of a page: a callback's exception is handed to its owner, who says it in a sentence (never a
traceback on the page) and keeps its trace for developers and tests (``keep_trace``)."""

from __future__ import annotations

import logging
import traceback
from collections.abc import Callable
from typing import Any


def guarded(fn: Callable, failed: Callable[[BaseException], None]) -> Callable:
    """``fn``, with any exception it raises handed to ``failed`` (the call then returns None)."""

    def run(*args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except Exception as exc:
            failed(exc)
            return None

    return run


def keep_trace(exc: BaseException, log: logging.Logger, *errors: list[str]) -> str:
    """Keep the trace of ``exc`` in each list of ``errors`` (for tests) and in ``log`` (for developers); returns it."""
    trace = "".join(traceback.format_exception(exc))
    for kept in errors:
        kept.append(trace)
    log.error("%s", trace)
    return trace
