"""Classmates at one table in Chromium: the creator's dashboard and a classmate's page as tabs of one browser, a bot
in the third seat, one Voilà server of their own (stopped and started again in the middle of the game, on the same
class store). Each page plays its own seat by clicks; the other page follows within seconds; a closed page is
opened again from its link and finds its seat; after the restart both pages play on from where the game stood. The
open overview of the tables lists the tables of no class only, and says that a class's tables are on its class page.

A table is the same for every game (the shell's, ``widgets.classpages.tables``), so Medici's is played here; the
table played to its end on two pages, every move stored once and both pages at the end panel, is proven without a
browser (``tests/widgets/test_widgets_tables.py``), and each game's clicks and end panel in its own browser test."""

from __future__ import annotations

import os
import random
import tempfile
import time
import urllib.parse
from collections.abc import Callable

import pytest
from playwright.sync_api import expect
from support.browser import (
    POLL,
    TIMEOUT,
    ply,
    until_it_moves,
    voila,
)

from boardgames import medici
from classroom.classes import Classes
from classroom.store import open_store
from classroom.tables import CLASSMATE, OWNER, GameTables

pytestmark = [pytest.mark.browser, pytest.mark.long]

LIVE = 8000  # ms: a page shows another page's move within about a second (it looks at the store twice a second)
MOVE = ".bg-move:not([disabled]):visible"
BOT_DELAY = 0.05


class Server:
    """A Voilà server of the test's own on one class store, which can be stopped and started again."""

    def __init__(self, tmp: str, log_path: str) -> None:
        self.env = dict(os.environ, BOARDGAMES_SEED="2024", BOARDGAMES_BOT_DELAY=str(BOT_DELAY), BOARDGAMES_DATA=tmp)
        self.env.pop("BOARDGAMES_DB", None)
        self.log = open(log_path, "a")
        self._running = None
        self.url = ""

    def start(self) -> str:
        self._running = voila(self.env, self.log)
        self.url = self._running.__enter__()
        return self.url

    def stop(self) -> None:
        if self._running is not None:
            self._running.__exit__(None, None, None)
            self._running = None


@pytest.fixture
def server():
    tmp = tempfile.mkdtemp(prefix="boardgames-tables-")
    s = Server(tmp, os.path.join(tmp, "voila.log"))
    s.start()
    yield s
    s.stop()
    s.log.close()


def address(server: Server, href: str) -> str:
    """A link as the page shows it (relative to the server, or whole) at the server's address now."""
    parts = urllib.parse.urlsplit(href)
    return f"{server.url}{parts.path}?{parts.query}"


def open_seat(context, url: str, title: str):
    page = context.new_page()
    page.goto(url)
    expect(page.locator(".bg-title")).to_contain_text(title, timeout=TIMEOUT)
    expect(page.locator(".bg-table")).to_be_visible(timeout=TIMEOUT)
    return page


def click_a_medici_move(page, rng: random.Random) -> int:
    def click() -> int:
        moves = page.locator(MOVE)
        moves.first.wait_for(timeout=15_000)
        moves.nth(rng.randrange(moves.count())).click()
        return 1

    return until_it_moves(page, click)


def mover(pages: list) -> object | None:
    """The page whose seat is to move now (None: a bot thinks, a page catches up, or the game is over)."""
    for page in pages:
        if page.locator(".bg-app.bg-human-turn").count():
            return page
    return None


def play_at_the_table(pages: list, decide: Callable, rng: random.Random, until: Callable[[], bool]) -> int:
    """Each page plays its own seat by clicks until ``until()`` or the end; every move shows on the other page."""
    decisions = 0
    deadline = time.monotonic() + 900
    while not until() and not pages[0].locator(".bg-app.bg-over").count():
        assert time.monotonic() < deadline, "the game did not end"
        page = mover(pages)
        if page is None:
            time.sleep(0.1)
            continue
        # the player to move looks at their own screen: here the pages are tabs of one browser, and a click in
        # a tab in the background took about 2 s (measured: 0.05 s in front), half of the game's time
        page.bring_to_front()
        decide(page, rng)
        decisions += 1
        now = ply(page)
        for other in pages:
            if other is not page:  # the other page follows within seconds
                other.wait_for_function("n => +document.querySelector('.bg-ply').dataset.ply >= n", arg=now,
                                        timeout=LIVE, polling=POLL)
    return decisions


def start_a_table(page, server: Server, game_path: str, game_title: str) -> tuple[str, str, str]:
    """The creator's dashboard: New game with Ben as a classmate and Cleo a bot; gives the code, Ben's link, and the
    creator's own link."""
    page.goto(server.url + game_path)
    expect(page.locator(".bg-board")).to_have_count(1, timeout=TIMEOUT)
    page.locator(".bg-setup").get_by_text("New game: players").click()
    page.locator(".bg-setup .widget-dropdown", has_text="Players").locator("select").select_option("3")
    kinds = page.locator(".bg-setup .bg-seat-kind select")
    expect(kinds).to_have_count(3, timeout=TIMEOUT)
    kinds.nth(1).select_option(label="a classmate")
    kinds.nth(2).select_option(label="bot: random")
    page.locator(".bg-new-game").click()
    code = page.locator(".bg-table-code").inner_text(timeout=TIMEOUT).strip()
    assert len(code) == 5
    expect(page.locator(".bg-table .bg-qr svg")).to_have_count(1)
    ben = page.locator(".bg-seat-link[data-seat='1']").get_attribute("href")
    own = page.locator(".bg-own-link").get_attribute("href")
    assert f"table={code}" in ben and f"table={code}" in own and ben != own
    expect(page.locator(".bg-title")).to_contain_text(game_title)
    return code, ben, own


BEFORE_THE_CLOSE, BEFORE_THE_RESTART, AFTER_THE_RESTART = 8, 16, 6  # moves played at the table


def test_two_classmates_and_a_bot_play_at_one_table_through_a_page_closed_and_a_server_restart(
        page, server, page_errors, shoot):
    context, game = page.context, "medici"
    code, ben_link, own_link = start_a_table(page, server, "/voila/render/medici/play.ipynb", "Medici")
    ada = page
    ben = open_seat(context, address(server, ben_link), f"at table {code}")
    expect(ada.locator(".bg-table")).to_contain_text("Ben (a classmate)", timeout=LIVE)
    decide = click_a_medici_move
    rng = random.Random(11)
    pages = [ada, ben]
    decisions = play_at_the_table(pages, decide, rng, lambda: ply(ada) >= BEFORE_THE_CLOSE)
    # Ben's page closed by mistake, and opened again from his link: his seat, the game as it is
    ben.close()
    ben = open_seat(context, address(server, ben_link), f"at table {code}")
    expect(ben.locator(".bg-ply")).to_have_attribute("data-ply", str(ply(ada)), timeout=LIVE)
    pages = [ada, ben]
    ada.bring_to_front()
    shoot(f"tables-{game}-01-ada")
    ben.bring_to_front()
    ben.screenshot(path=str(shoot(f"tables-{game}-02-ben")))
    decisions += play_at_the_table(pages, decide, rng, lambda: ply(ada) >= BEFORE_THE_RESTART)
    # the server stops and starts again (a new address): both pages reopened from their links, nothing lost
    moves_before = ply(ada)
    ben.close()
    server.stop()
    server.start()
    ada.goto(address(server, own_link))  # the creator's page, from the link it showed
    expect(ada.locator(".bg-title")).to_contain_text(f"at table {code}", timeout=TIMEOUT)
    ben = open_seat(context, address(server, ben_link), f"at table {code}")
    for p in (ada, ben):
        assert ply(p) >= moves_before
    pages = [ada, ben]
    # some moves on, each page following the other, then both pages show the same game
    decisions += play_at_the_table(pages, decide, rng, lambda: ply(ada) >= moves_before + AFTER_THE_RESTART)
    expect(ben.locator(".bg-ply")).to_have_attribute("data-ply", str(ply(ada)), timeout=LIVE)
    ada.bring_to_front()
    shoot(f"tables-{game}-03-after-the-restart")
    print(f"\n{game}: {decisions} decisions by two pages, {ply(ada)} moves")
    # the creator's page lost its kernel's connection while the server stopped (reset, then refused while it was
    # down): nothing else went wrong
    assert [e for e in page_errors if "ERR_CONNECTION_REFUSED" not in e and "ERR_CONNECTION_RESET" not in e] == []


def test_the_open_overview_lists_the_tables_of_no_class_and_says_a_classs_are_on_its_class_page(
        page, server, page_errors, shoot):
    store = open_store(f"sqlite:///{os.path.join(server.env['BOARDGAMES_DATA'], 'class.db')}")
    tables, classes = GameTables(store), Classes(store)
    open_table = tables.create(medici.new_game(["Ada", "Ben", "Cleo"], seed=5), [OWNER, CLASSMATE, "random"])
    klass = classes.create_class("5B")
    dan = classes.join(klass.code, "Dan")
    class_table = tables.create(medici.new_game(["Dan", "Eve", "Fay"], seed=6), [CLASSMATE, "random", "random"],
                                class_key=klass.key, members={0: dan.nickname})
    store.close()
    page.goto(server.url + "/voila/render/tables/overview.ipynb")
    overview = page.locator(".bg-tables-overview")
    expect(overview).to_contain_text("on the class's own page", timeout=TIMEOUT)
    expect(page.locator(".bg-table-row")).to_have_count(1, timeout=TIMEOUT)
    expect(page.locator(f".bg-table-row[data-code='{open_table.code}']")).to_contain_text("Ada to move")
    expect(overview).not_to_contain_text(class_table.code)
    expect(overview).not_to_contain_text("Dan")
    shoot("tables-overview-no-class")
    assert page_errors == []
