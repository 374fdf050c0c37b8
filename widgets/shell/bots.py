"""Bots playing their moves in the app: at once in plain Python, one at a time with a pause inside a kernel.

Inside a kernel (Jupyter, Voilà) the bots play in an asyncio task on the kernel's own event loop, each move
worked out in a worker thread, so the page stays live and a person can follow the moves; without a running
loop (plain Python, tests) they move at once.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Any

from boardgames.bots import bot_levels
from widgets.runtime.runner import Runner

HUMAN = "human"
HURRIED_REDRAW = 0.4  # seconds between two redraws while the bots are fast-forwarded


def default_level(game: str) -> str:
    """The bot strength a new seat gets: the strongest level the game offers."""
    return bot_levels(game)[-1]


class BotRunner:
    """Plays the bots' moves of a game as long as ``next_bot()`` names one: ``(state, bot)``, or None when a
    human decides, the game is over or a replay is on.

    ``play(move, redraw)`` makes a bot's move (and redraws the page if ``redraw``), ``show()`` redraws the page,
    ``failed(exc)`` hears of a bug, ``idle()`` that the task stopped. Fast-forwarded bots (``hurry``) play
    without the pause and the page is redrawn only every ``HURRIED_REDRAW`` seconds and when they stop.
    ``delay``: the pause, in seconds, before each bot move is shown. ``asynchronous``: in a task on the running
    event loop (True), at once (False), or, by default (None), in a task when running inside a kernel.
    """

    def __init__(self, next_bot: Callable[[], tuple[Any, Any] | None], play: Callable[[Any, bool], None],
                 show: Callable[[], None], failed: Callable[[BaseException], None], idle: Callable[[], None], *,
                 delay: float = 0.5, asynchronous: bool | None = None) -> None:
        self.next_bot = next_bot
        self.play = play
        self.show = show
        self.idle = idle
        self.delay = delay
        self.runner = Runner("bot", asynchronous, failed)
        self._generation = 0  # bumped whenever the position changes under a running task
        self._hurried = False  # this run plays without the pause (fast-forward)
        self._playing = False  # a task of bot moves is under way (until its last redraw)

    @property
    def busy(self) -> bool:
        """Whether a task of bot moves is under way."""
        return self._playing

    @property
    def hurried(self) -> bool:
        """Whether the bots under way play without the pause (until they stop: a human decides, or the end)."""
        return self._hurried

    def hurry(self) -> None:
        """Fast-forward: the bots under way play their moves without the pause until they stop."""
        self._hurried = self.busy

    def cancel(self) -> None:
        """Stop the bots' task: a move worked out for an earlier position is never played."""
        self._generation += 1
        self._hurried = False
        self._playing = False
        self.runner.cancel()

    def run(self) -> bool:
        """Let the bots play if one is to move: at once, or in a task (then True: the caller shows they think)."""
        if self.next_bot() is None:
            return False
        if not self.runner.threaded:  # plain Python: bots move at once
            while (turn := self.next_bot()) is not None:
                state, bot = turn
                self.play(bot.choose(state), True)
            return False
        if self.busy:
            return False
        self._playing = True
        self.runner.start(self._loop(self._generation))
        return True

    async def _loop(self, generation: int) -> None:
        shown = time.perf_counter()
        unshown = False
        try:
            while generation == self._generation and (turn := self.next_bot()) is not None:
                state, bot = turn
                start = time.perf_counter()
                move = await self.runner.run(bot.choose, state)
                rest = (0.0 if self._hurried else self.delay) - (time.perf_counter() - start)
                if rest > 0:
                    await asyncio.sleep(rest)
                now = self.next_bot()
                if generation != self._generation or now is None or now[0] is not state:
                    return
                redraw = not self._hurried or time.perf_counter() - shown >= HURRIED_REDRAW
                self.play(move, redraw)
                unshown = not redraw
                if redraw:
                    shown = time.perf_counter()
                elif self.next_bot() is not None:
                    await asyncio.sleep(0)  # let the page's messages (a click, a close) through
        finally:  # a bug ends the task too: the runner hands it to ``failed``
            if generation == self._generation:
                self._playing = self._hurried = False
                if unshown:
                    self.show()
                self.idle()

    async def wait_idle(self, timeout: float = 60.0) -> None:
        """Wait until no bot is to move (for tests and notebooks running inside an event loop)."""
        deadline = time.perf_counter() + timeout
        while self.busy:
            if time.perf_counter() > deadline:
                raise TimeoutError("the bots are still playing")
            await asyncio.sleep(0.01)

    def close(self) -> None:
        self.cancel()
        self.runner.close()
