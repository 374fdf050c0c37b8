"""One client opening page after page on a `make play` server: refused at its cap, the memory it holds then, and the
class unharmed (another computer still gets a page; with ``--total``, the server full and what it holds then).

Starts `make play` on a free port with the caps of ``deploy.page_limits`` (``--per-client``, ``--total``; by default
the settings' defaults), waits for its pre-heated kernels, then opens the dashboards in turn (Marco Polo, Medici,
Medina, Metropolis) from 127.0.0.1 the way a script would: each page a plain HTTP request, which runs the page's
notebook on the server and leaves its kernel running, as a browser's page does until it is closed. Every page's
status, time and kernel (its RSS from /proc) is printed, and the memory of the server with all its kernels (RSS of
the Voilà process and its kernels). Past the cap it checks the answer: 429 and the sentence, no traceback. Then a
second computer (requests from 127.0.0.2: any address of 127/8 reaches a server on 127.0.0.1) opens a page. With
``--total N``, more computers (127.0.0.3, ...) open pages until the server answers 503 with its sentence, and the
memory at the full server is printed. Exits with 1 when a page is refused before its cap, is not refused at it, a
refusal lacks its status or sentence, or the second computer is refused.

Usage: python benchmarks/page_limits.py [--per-client 6] [--total N]   (a quick check: --per-client 2 --total 5)
"""

from __future__ import annotations

import argparse
import http.client
import os
import re
import sys
import time
from dataclasses import dataclass

from class_server import KERNEL_ID, Server, cmdline, descendants, rss_mb, start_or_exit, stop

from deploy.page_limits import FULL, PAGES_PER_CLIENT, PAGES_TOTAL, TOO_MANY, pages_setting

GAMES = ("marcopolo", "medici", "medina", "metropolis")
PAGE_KERNEL = re.compile(r'"kernelId": "([0-9a-f-]{36})"')
SENTENCES = {TOO_MANY: "pages of this server open: close one of them and open this page again.",
             FULL: "The server is full"}


@dataclass
class Page:
    """One page asked for: from where, which, the answer and how long it took, its kernel and that kernel's RSS."""

    address: str
    path: str
    status: int
    seconds: float
    body: str
    kernel: str | None = None
    kernel_mb: float = 0.0


def open_page(port: int, address: str, path: str) -> Page:
    """Ask for ``path`` from ``address`` (a source address of 127/8) and read the whole page."""
    t0 = time.monotonic()
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=180, source_address=(address, 0))
    try:
        connection.request("GET", f"/voila/render/{path}")
        answer = connection.getresponse()
        body = answer.read().decode(errors="replace")
    finally:
        connection.close()
    page = Page(address, path, answer.status, time.monotonic() - t0, body)
    if found := PAGE_KERNEL.search(body):
        page.kernel = found.group(1)
    return page


def kernel_rss(server: Server, kernel: str) -> float:
    """The RSS (MB) of ``kernel``'s process."""
    for pid in descendants(server.make.pid):
        if (found := KERNEL_ID.search(cmdline(pid))) and found.group(1) == kernel:
            return rss_mb(pid)
    return 0.0


def pages_until_refused(server: Server, port: int, address: str, most: int, start_at: int = 0) -> list[Page]:
    """Pages asked for from ``address``, the dashboards in turn, until one is refused (or ``most`` are open)."""
    pages: list[Page] = []
    for n in range(start_at, start_at + most + 1):
        page = open_page(port, address, f"{GAMES[n % len(GAMES)]}/play.ipynb")
        if page.kernel:
            server.settle(10_000, wait=10)  # the memory holds still: the notebook's output is drawn
            page.kernel_mb = kernel_rss(server, page.kernel)
        pages.append(page)
        kernels, memory = server.figures()
        print(f"  {address:<10} {page.path:<24} {page.status:>4} {page.seconds:6.1f} s  kernel {page.kernel_mb:4.0f} MB"
              f"  server and {len(kernels):3d} kernels {memory:6.0f} MB", flush=True)
        if page.status != 200:
            break
    return pages


def refusal_problems(page: Page, status: int) -> list[str]:
    """What is wrong with ``page`` as a refusal with ``status`` (its sentence shown, no traceback)."""
    problems = []
    if page.status != status:
        problems.append(f"{page.path} from {page.address}: {page.status}, not {status}")
    if SENTENCES[status] not in page.body:
        problems.append(f"{page.path} from {page.address}: the page lacks its sentence")
    if "Traceback" in page.body:
        problems.append(f"{page.path} from {page.address}: the page shows a traceback")
    return problems


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per-client", type=int, default=pages_setting(PAGES_PER_CLIENT),
                        help=f"pages an address may hold (default {pages_setting(PAGES_PER_CLIENT)})")
    parser.add_argument("--total", type=int, default=None,
                        help="pages the server may hold; given, computers open pages until it is full "
                             f"(default: the setting, {pages_setting(PAGES_TOTAL)}, not filled)")
    opts = parser.parse_args()
    if opts.per_client < 1 or (opts.total is not None and opts.total < 1):
        sys.exit("--per-client and --total are caps of 1 page or more here")
    total = pages_setting(PAGES_TOTAL) if opts.total is None else opts.total
    os.environ[PAGES_PER_CLIENT], os.environ[PAGES_TOTAL] = str(opts.per_client), str(total)
    server, port, log = start_or_exit("page-limits")
    problems: list[str] = []
    try:
        pool, memory0 = server.figures()
        print(f"`make play` with {opts.per_client} pages an address, {total} in all; ready with {len(pool)} "
              f"pre-heated kernels: {memory0:.0f} MB (server {server.server_mb():.0f} MB)")
        print("One computer opens dashboards until refused:")
        first = pages_until_refused(server, port, "127.0.0.1", opts.per_client)
        opened = [p for p in first if p.status == 200]
        at_cap = server.figures()[1]
        if len(opened) != opts.per_client:
            problems.append(f"127.0.0.1 held {len(opened)} pages, its cap is {opts.per_client}")
        problems += refusal_problems(first[-1], TOO_MANY)
        print("Another computer opens one:")
        other = pages_until_refused(server, port, "127.0.0.2", 0, start_at=len(first))
        if other[0].status != 200:
            problems.append(f"the second computer was refused ({other[0].status})")
        full: list[Page] = []
        if opts.total is not None:
            print("More computers open pages until the server is full:")
            computer = 3
            while not full or full[-1].status == 200:
                full += pages_until_refused(server, port, f"127.0.0.{computer}", opts.per_client - 1,
                                            start_at=len(first) + len(full) + 1)
                computer += 1
            problems += refusal_problems(full[-1], FULL)
        kernels, memory = server.figures()
        shown = [p for p in first + other + full if p.status == 200]
        print(f"\nFigures (server log {log}):")
        print(f"  {f'ready, the server and {len(pool)} pre-heated kernels:':<48} {memory0:6.0f} MB")
        print(f"  {f'one computer at its cap of {len(opened)} pages:':<48} {at_cap:6.0f} MB "
              f"(+{(at_cap - memory0) / max(1, len(opened)):.0f} MB a page)")
        if full:
            print(f"  {f'the server full, {len(shown)} pages:':<48} {memory:6.0f} MB "
                  f"(+{(memory - memory0) / max(1, len(shown)):.0f} MB a page)")
        for game in GAMES:
            sizes = [p.kernel_mb for p in shown if p.path.startswith(game) and p.kernel_mb]
            if sizes:
                print(f"  a {game} page's kernel: {min(sizes):.0f} to {max(sizes):.0f} MB RSS ({len(sizes)} pages)")
        refused = [p.seconds for p in first + other + full if p.status != 200]
        print(f"  a page shown in {min(p.seconds for p in shown):.1f} to {max(p.seconds for p in shown):.1f} s; "
              f"a refusal in {max(refused, default=0):.2f} s at most")
        print(f"  live kernels at the end: {len(kernels)}")
    finally:
        stop(server)
    for problem in problems:
        print(f"  PROBLEM: {problem}")
    if problems:
        sys.exit(1)


if __name__ == "__main__":
    main()
