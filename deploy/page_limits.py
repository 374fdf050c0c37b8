"""How many pages one client, and the whole server, may hold at once: each Voilà page is a kernel of its own (about
125 MB), so a browser or a script opening page after page would otherwise fill the machine and stop the class.

``PageLimitedKernelManager`` is the server's kernel manager with two caps, read from the environment:

- ``BOARDGAMES_PAGES_PER_CLIENT`` (default 6): the pages one client holds. A client is the address a request comes
  from (``make play``: each student's laptop), or the logged-in user where the server is one user's (a hub's,
  ``per_user``). The next page is refused with 429 and "This computer already has 6 pages of this server open: ...".
- ``BOARDGAMES_PAGES_TOTAL`` (default 100): the pages of the whole server; the next is refused with 503 and "The
  server is full ...".
- ``BOARDGAMES_MEMORY_FLOOR`` (MB; default 1500, or a tenth of the machine's memory where that is less, so that a
  small laptop serving a few pages is not full at once): the machine's memory kept free. A page is refused with 503 and
  "The server is full ..." while the machine has less available (``MemAvailable`` of ``/proc/meminfo``): the
  one cap that sees every process of the machine, so on a hub, where each user's server counts only its own pages,
  it is the hub's total.

0 means no cap. A page is counted from the moment its kernel is asked for until it is shut down (the page closed:
Voilà's page posts ``/voila/api/shutdown/<kernel>``), culled, or dies; a refused page takes no kernel and shows its
sentence, nothing else. The kernels that Voilà pre-heats for the next pages are the server's, never a client's, and
are not counted: a page counts once it is handed one.

Standalone Voilà (``make play``) takes it as ``VoilaConfiguration.multi_kernel_manager_class`` (Voilà builds its
pre-heating manager on it), a Jupyter server with Voilà as its extension (a hub user's) as
``ServerApp.kernel_manager_class``. The client is read from the request being handled (Jupyter Server's
``CallContext``), so a kernel started outside a request counts in the total only.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass
from typing import Any

from jupyter_server.base.call_context import CallContext
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from tornado import web
from traitlets import Bool, Integer, default
from voila.utils import ENV_VARIABLE

PAGES_PER_CLIENT = "BOARDGAMES_PAGES_PER_CLIENT"
PAGES_TOTAL = "BOARDGAMES_PAGES_TOTAL"
MEMORY_FLOOR = "BOARDGAMES_MEMORY_FLOOR"
DEFAULTS = {PAGES_PER_CLIENT: 6, PAGES_TOTAL: 100, MEMORY_FLOOR: 1500}
MEMINFO = "/proc/meminfo"
TOO_MANY, FULL = 429, 503  # the refusals' HTTP statuses: this client's cap, the server's


def pages_setting(name: str) -> int:
    """The cap named ``name`` (``PAGES_PER_CLIENT``, ``PAGES_TOTAL`` or ``MEMORY_FLOOR``) from the environment, else
    its default; 0 is no cap. ValueError, naming the setting, when it is not a whole number of 0 or more."""
    text = os.environ.get(name, "").strip()
    if not text:
        return default_floor() if name == MEMORY_FLOOR else DEFAULTS[name]
    if not text.isdigit():
        unit = "MB" if name == MEMORY_FLOOR else "pages"
        raise ValueError(f"{name} must be a whole number of {unit} (0: no cap), not {text!r}")
    return int(text)


def memory_mb(field: str, meminfo: str = MEMINFO) -> int | None:
    """The machine's memory ``field`` of ``/proc/meminfo`` (``MemAvailable``, ``MemTotal``) in MB, None where the
    system does not say."""
    try:
        with open(meminfo) as lines:
            for line in lines:
                if line.startswith(f"{field}:"):
                    return int(line.split()[1]) // 1024
    except OSError:
        return None
    return None


def available_mb(meminfo: str = MEMINFO) -> int | None:
    """The machine's available memory in MB (``MemAvailable``), None where the system does not say."""
    return memory_mb("MemAvailable", meminfo)


def default_floor(meminfo: str = MEMINFO) -> int:
    """The memory floor's default: 1500 MB, or a tenth of the machine's memory where that is less."""
    total = memory_mb("MemTotal", meminfo)
    return DEFAULTS[MEMORY_FLOOR] if total is None else min(DEFAULTS[MEMORY_FLOOR], total // 10)


@dataclass
class Refused(Exception):
    """A page refused: ``cap`` is ``"client"`` (this client holds ``pages``), ``"total"`` (the server holds them) or
    ``"memory"`` (the machine has ``pages`` MB available, under its floor)."""

    cap: str
    pages: int


class PageCounts:
    """The pages held, each under a key (a kernel's id, or a place kept while a kernel is found) with its client."""

    def __init__(self, per_client: int, total: int, memory_floor: int = 0,
                 available: Callable[[], int | None] = available_mb) -> None:
        self.per_client, self.total, self.memory_floor, self.available = per_client, total, memory_floor, available
        self.clients: dict[str, str | None] = {}  # key -> client (None: a kernel asked for outside a request)

    def held(self, client: str | None = None) -> int:
        """The pages of ``client``, or of everyone when it is None."""
        if client is None:
            return len(self.clients)
        return sum(holder == client for holder in self.clients.values())

    def take(self, key: str, client: str | None) -> None:
        """Count a page for ``client`` under ``key``; Refused when a cap is reached (nothing is counted then)."""
        if client is not None and self.per_client and (held := self.held(client)) >= self.per_client:
            raise Refused("client", held)
        if self.total and len(self.clients) >= self.total:
            raise Refused("total", len(self.clients))
        if self.memory_floor and (free := self.available()) is not None and free < self.memory_floor:
            raise Refused("memory", free)
        self.clients[key] = client

    def rename(self, key: str, new_key: str) -> None:
        """The page counted under ``key`` goes on under ``new_key`` (its kernel's id, once known)."""
        if key in self.clients:
            self.clients[new_key] = self.clients.pop(key)

    def give_back(self, key: str) -> None:
        """The page under ``key`` is gone."""
        self.clients.pop(key, None)

    def keep_only(self, alive: Iterable[str]) -> None:
        """Forget the pages whose key is not in ``alive`` (a kernel culled, dead, or that never started)."""
        alive = set(alive)
        for key in [key for key in self.clients if key not in alive]:
            del self.clients[key]


def refusal(refused: Refused, per_user: bool) -> web.HTTPError:
    """The HTTP answer to a refused page: its status and the sentence the page shows."""
    if refused.cap == "total":
        return web.HTTPError(FULL, reason=f"The server is full ({refused.pages} pages are open): close a page you "
                                          "no longer need, or wait a minute, and open this page again.")
    if refused.cap == "memory":
        return web.HTTPError(FULL, reason="The server is full (its memory is nearly all in use): close a page you "
                                          "no longer need, or wait a minute, and open this page again.")
    who = "You already have" if per_user else "This computer already has"
    held = "a page" if refused.pages == 1 else f"{refused.pages} pages"
    close = "close it" if refused.pages == 1 else "close one of them"
    return web.HTTPError(TOO_MANY, reason=f"{who} {held} of this server open: {close} and open this page again.")


class PageLimitedKernelManager(AsyncMappingKernelManager):
    """Jupyter Server's kernel manager, refusing a page's kernel past the caps of ``BOARDGAMES_PAGES_PER_CLIENT`` and
    ``BOARDGAMES_PAGES_TOTAL``."""

    pages_per_client = Integer(config=True, help="Pages one client may hold at once (0: no cap).")
    pages_total = Integer(config=True, help="Pages the whole server may hold at once (0: no cap).")
    memory_floor = Integer(config=True, help="MB of the machine's memory a new page leaves free (0: no cap).")
    per_user = Bool(False, config=True,
                    help="A client is the logged-in user (a server of one user's, on a hub), not an address.")

    @default("pages_per_client")
    def _pages_per_client(self) -> int:
        return pages_setting(PAGES_PER_CLIENT)

    @default("pages_total")
    def _pages_total(self) -> int:
        return pages_setting(PAGES_TOTAL)

    @default("memory_floor")
    def _memory_floor(self) -> int:
        return pages_setting(MEMORY_FLOOR)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.pages = PageCounts(self.pages_per_client, self.pages_total, self.memory_floor)
        self.finding: set[str] = set()  # the keys of pages whose kernel is being started or handed over
        if hasattr(self, "get_rendered_notebook"):  # Voilà's pre-heating manager: a page takes a pool's kernel there
            self.get_rendered_notebook = self._counted_pool_page(self.get_rendered_notebook)

    def client(self) -> str | None:
        """The client of the request being handled (None outside a request)."""
        handler = CallContext.get(CallContext.JUPYTER_HANDLER)
        if handler is None:
            return None
        if self.per_user:
            user = handler.current_user
            return getattr(user, "username", None) or str(user)
        return handler.request.remote_ip

    def take_page(self, key: str) -> None:
        """Count a page under ``key`` for the request's client, or refuse it with the page's sentence."""
        self.pages.keep_only([held for held in self.pages.clients if held in self.finding or held in self])
        client = self.client()
        try:
            self.pages.take(key, client)
        except Refused as refused:
            answer = refusal(refused, self.per_user)
            handler = CallContext.get(CallContext.JUPYTER_HANDLER)
            self.log.warning("Page refused: %s (from %s): %s", handler.request.path if handler else "a kernel",
                             client or "the server", answer.reason)
            raise answer from None
        self.finding.add(key)

    async def start_kernel(self, *, kernel_id: str | None = None, **kwargs: Any) -> str:
        """Start a kernel; a page's (not one Voilà pre-heats) is counted, or refused."""
        pre_heated = (kwargs.get("env") or {}).get(ENV_VARIABLE.VOILA_PREHEAT) == "True"
        if pre_heated or (kernel_id is not None and kernel_id in self):
            return await super().start_kernel(kernel_id=kernel_id, **kwargs)
        kernel_id = kernel_id or str(uuid.uuid4())
        self.take_page(kernel_id)
        try:
            return await super().start_kernel(kernel_id=kernel_id, **kwargs)
        finally:
            self.finding.discard(kernel_id)  # started (now in self) or failed (forgotten at the next count)

    def _counted_pool_page(self, take_from_pool: Callable[..., Awaitable[tuple]]) -> Callable[..., Awaitable[tuple]]:
        async def counted(*args: Any, **kwargs: Any) -> tuple:
            key = f"pool-{uuid.uuid4()}"
            self.take_page(key)
            try:
                render_task, rendered, kernel_id = await take_from_pool(*args, **kwargs)
                self.pages.rename(key, kernel_id)
            finally:
                self.finding.discard(key)
            return render_task, rendered, kernel_id

        return counted

    async def shutdown_kernel(self, kernel_id: str, now: bool = False, restart: bool = False) -> None:
        """Shut a kernel down; its page's place is free at once."""
        if not restart:
            self.pages.give_back(kernel_id)
        return await super().shutdown_kernel(kernel_id, now=now, restart=restart)
