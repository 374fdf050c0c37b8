"""Driving the dashboards in a real browser, the way a person plays them.

Shared by the browser tests (``tests/browser/``) and the latency benchmark (``benchmarks/dashboard.py``):
Voilà on a free port of 127.0.0.1, Debian's Chromium with the flags this offline machine needs, and the
page facts every game's app shell shows (the move counter ``.bg-ply`` with ``data-ply`` and ``data-turn``,
enabled ``.bg-move`` / ``.bg-choose`` controls (see ``widgets.kit.protocol``), the ``.bg-game-over`` panel).
Needs the dev extra (Playwright).
"""

from __future__ import annotations

import json
import os
import random
import re
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Any

from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

import boardgames
from boardgames.core.message import say
from deploy.page_limits import PAGES_PER_CLIENT, PAGES_TOTAL

ROOT = Path(__file__).resolve().parents[2]
SCREENSHOTS = ROOT / "tests" / "screenshots"  # the browser tests' pictures (git-ignored)
CHROMIUM = os.environ.get("BOARDGAMES_CHROMIUM", "/usr/bin/chromium")
# Without the background-networking flags Chromium keeps dialling out, and the closed network refuses it.
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run", "--disable-quic", "--disable-dev-shm-usage"]
VIEWPORT = {"width": 1280, "height": 800}
TIMEOUT = 60_000  # ms
# ms between two looks of a test waiting on a condition of its own (``page.wait_for_function``): Playwright's default
# looks at every frame the page draws, which keeps Chromium drawing 60 frames a second for as long as the test waits
# (a fifth of a processor, measured, for a condition false all along); every 50 ms costs nothing to speak of.
POLL = 50
DASHBOARD_SEED = 2024  # the browser tests' dashboards deal from it (never shown on the page: it would tell secrets)

# A human may decide now (a button that makes or chooses a move is enabled and shown), or the game is over.
READY = """() => {
    if (document.querySelector('.bg-game-over')) return true;
    const s = document.querySelector('.bg-ply');
    return !!s && s.dataset.turn === 'human'
        && [...document.querySelectorAll('button.bg-move, button.bg-choose')]
            .some(b => !b.disabled && b.offsetParent !== null);
}"""
# A human may type a move now (the move box offers the moves of the human to move: its list), or the game is over.
TYPED_READY = """() => {
    if (document.querySelector('.bg-game-over')) return true;
    const s = document.querySelector('.bg-ply');
    const list = document.querySelector('.bg-move-box datalist');
    return !!s && s.dataset.turn === 'human' && !!list && list.options.length > 0;
}"""
MOVES_OFFERED = "() => [...document.querySelector('.bg-move-box datalist').options].map(o => o.value)"
PLY_CHANGED = "b => { const e = document.querySelector('.bg-ply'); return !!e && e.dataset.ply !== String(b); }"

# Medina: the pieces to choose, and the squares the board shows green (widgets.games.medina.HIGHLIGHT, #2f9e44).
MEDINA_PIECES = ".bg-medina-controls .bg-choose:not([disabled])"
MEDINA_GREEN = ".bg-medina-fig path.dot[style*='fill: rgb(47, 158, 68)']"


# Every word a reader meets on the page: its text, the tooltips, labels and placeholders, and the boards' SVG texts;
# not the code a notebook's prose names (`game.deck_size`, in a <code>) nor its mathematics (MathJax's letters).
PAGE_WORDS = """() => {
    const seen = e => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden';
    // bqplot writes "Dot0", "Dot1"... into the label of each point of a Scatter given no names, and hides the label by
    // a transition a frame later: a page scanned in that frame would read them
    const unnamed = e => e.matches('text.dot_text') && /^Dot\\d+$/.test(e.textContent);
    const out = [];  // each text node on its own: the page may set codes side by side with no space between them
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (node.textContent.trim() && parent && !parent.closest('style, script, code, pre, mjx-container, .MathJax')
                && seen(parent) && !unnamed(parent))
            out.push(node.textContent);
    }
    for (const e of document.querySelectorAll('[title], [aria-label], [placeholder]'))
        if (seen(e))
            for (const name of ['title', 'aria-label', 'placeholder'])
                if (e.getAttribute(name)) out.push(e.getAttribute(name));
    for (const t of document.querySelectorAll('svg text')) if (seen(t) && !unnamed(t)) out.push(t.textContent);
    return out;
}"""


def whole_page(page: Any) -> None:
    """Make the viewport as tall as the page, so that a screenshot shows all of it (Voilà scrolls a panel)."""
    height = page.evaluate("() => Math.max(...[...document.querySelectorAll('*')].map(e => e.scrollHeight))")
    page.set_viewport_size({"width": VIEWPORT["width"], "height": min(height + 40, 16_000)})


def english_left(page: Any, allowed: tuple[str, ...] = ()) -> dict[str, list[str]]:
    """The words of Latin letters on ``page`` as its reader meets them (``PAGE_WORDS``), but the ``allowed`` ones
    (the seats' names, a table's code) and the language switch's "English": what a translated page left in
    English."""
    from support.reading import latin_words

    return latin_words([("page", text) for text in page.evaluate(PAGE_WORDS)], (*allowed, "English"))


def _in_every_language(*said: Any) -> re.Pattern:
    """A pattern that finds any of the messages ``said`` in any language a page may show."""
    from boardgames.translation import LANGUAGES, words

    return re.compile("|".join(re.escape(words(one, code)) for one in said for code in LANGUAGES))


# The Marco Polo controls' note once dice are chosen (widgets.games.marcopolo.controls), in whatever language
DICE_CHOSEN = _in_every_language(
    say("Dice chosen: now click a space, a city card or a bonus action, or a green place on the map to travel there."),
    say("Dice chosen: now click a space, a city card or a bonus action."))


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextmanager
def voila(env: dict[str, str], log: IO, *options: str, wait: float = 60) -> Iterator[str]:
    """Voilà serving ``notebooks/`` on a free port of 127.0.0.1 (output to ``log``), with the settings ``make play``
    uses (``notebooks/.voila``): yields its address once it answers, and stops it afterwards. RuntimeError if it
    exits or has not answered within ``wait`` s. Its pages are not capped unless ``env`` says so: the tests open
    page after page from one address, and the kernels of the pages a test leaves open are culled after 10 minutes."""
    env = {PAGES_PER_CLIENT: "0", PAGES_TOTAL: "0", **env}
    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "voila", "notebooks", "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1",
         "--Voila.port_retries=0", "--Voila.config_file_paths=notebooks/.voila",
         # each kernel talks to the server over Unix sockets, not TCP ports: a port picked free and then taken by a
         # kernel of the other test process's server ("Address already in use") stalled a page for a minute
         "--KernelManager.transport=ipc", *options],
        cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
    )
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + wait
    try:
        while True:
            if proc.poll() is not None:
                raise RuntimeError(f"voila exited with code {proc.returncode}")
            try:
                with urllib.request.urlopen(f"{url}/voila/tree", timeout=2) as r:
                    if r.status == 200:
                        break
            except OSError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError(f"voila did not answer within {wait:.0f} s")
            time.sleep(0.1)
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()


def kernel_of(page: Any) -> str:
    """The id of the kernel that runs the page (Voilà's page config)."""
    return page.evaluate("() => JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId")


def kernel_status(url: str, kernel: str) -> int:
    """The server's HTTP status for ``kernel``: 200 while it runs, 404 once it is gone."""
    try:
        with urllib.request.urlopen(f"{url}/api/kernels/{kernel}", timeout=5) as r:
            return r.status
    except urllib.error.HTTPError as err:
        return err.code


def wait_kernel_gone(url: str, kernel: str, wait: float = 15) -> bool:
    """Wait (at most ``wait`` s) until the server no longer runs ``kernel``; whether it is gone."""
    deadline = time.monotonic() + wait
    while kernel_status(url, kernel) != 404 and time.monotonic() < deadline:
        time.sleep(0.25)
    return kernel_status(url, kernel) == 404


def ply(page: Any) -> int:
    """The move counter the page shows."""
    return int(page.locator(".bg-ply").get_attribute("data-ply"))


def wait_ply_change(page: Any, before: int, timeout: float = TIMEOUT) -> None:
    page.wait_for_function(PLY_CHANGED, arg=before, timeout=timeout, polling=POLL)


def wait_for_decision(page: Any, timeout: float = TIMEOUT) -> bool:
    """Wait until a human may move (True) or the game is over (False)."""
    page.wait_for_function(READY, timeout=timeout, polling=POLL)
    return page.locator(".bg-game-over").count() == 0


def shown_ranking(page: Any) -> list[tuple[int, int, int]]:
    """The end panel's ranking as the page shows it: (place, seat, score) per row."""
    rows = page.locator(".bg-game-over .bg-rank-row")
    return [(int(rows.nth(i).get_attribute("data-place")), int(rows.nth(i).get_attribute("data-seat")),
             int(rows.nth(i).get_attribute("data-score"))) for i in range(rows.count())]


# Whether every box of ``selector`` lies inside its parent's box, right border included (a box pushed past its
# column loses its right border), and inside the window.
INSIDE_PARENT = """selector => [...document.querySelectorAll(selector)].every(e => {
    const b = e.getBoundingClientRect(), p = e.parentElement.getBoundingClientRect();
    return b.left >= p.left - 0.5 && b.right <= p.right + 0.5 && b.right <= window.innerWidth;
})"""
# The texts of the end panel's cells (names and numbers; a column's heading may wrap) on a second line.
WRAPPED_CELLS = """() => [...document.querySelectorAll('.bg-game-over td')].filter(cell => {
    const range = document.createRange();
    range.selectNodeContents(cell);
    return new Set([...range.getClientRects()].map(r => Math.round(r.top))).size > 1;
}).map(cell => cell.innerText)"""
# Whether the ranking shows every column without scrolling (its box is as wide as what it holds).
RANKING_WHOLE = """() => { const box = document.querySelector('.bg-ranking').parentElement;
    return box.scrollWidth <= box.clientWidth + 1; }"""
END_PANEL_WIDTHS = (1280, 1024)  # a laptop's window, and a small one


def end_panel_problems(page: Any) -> list[str]:
    """What is wrong with the end panel at each width of ``END_PANEL_WIDTHS`` (a column out of sight, a name or
    number on two lines, a border pushed out of the window); [] when it fits. The page's size is put back."""
    size = page.viewport_size
    problems = []
    for width in END_PANEL_WIDTHS:
        page.set_viewport_size({"width": width, "height": size["height"]})
        page.wait_for_timeout(300)  # the layout settles
        if not page.evaluate(RANKING_WHOLE):
            problems.append(f"{width} px: the ranking's last columns are out of sight")
        if wrapped := page.evaluate(WRAPPED_CELLS):
            problems.append(f"{width} px: cells on two lines: {wrapped}")
        if not page.evaluate(INSIDE_PARENT, ".bg-game-over, .bg-log"):
            problems.append(f"{width} px: the end panel or the log is pushed past its column")
    page.set_viewport_size(size)
    return problems


def downloaded_record(page: Any) -> Any:
    """The game the page played, read back from the end panel's download link (a ``boardgames.Match``)."""
    href = page.locator(".bg-game-over .bg-record").get_attribute("href")
    return boardgames.load(urllib.parse.unquote(href.split(",", 1)[1]))


def type_a_bid(page: Any, controls: Any, amount: int) -> None:
    """Type ``amount`` into the bid slider's readout of Medici's ``controls`` (a locator of ``.bg-medici-controls``),
    as a player types it: the slider moves there and the Bid button names it."""
    controls.locator(".bg-bid-amount .widget-readout").click()
    page.keyboard.press("Control+A")
    page.keyboard.type(str(amount))
    page.keyboard.press("Enter")


def until_it_moves(page: Any, click: Callable[[], Any], tries: int = 4, timeout: float = TIMEOUT) -> Any:
    """Call ``click`` (one move's clicks) until the move counter changes, and return what it returned.
    A click can land while the controls are still being enabled for this decision: then nothing moves
    (a move shows within a second otherwise), and the decision is waited for and clicked again."""
    before = ply(page)
    for _ in range(tries):
        wait_for_decision(page, timeout)
        result = click()
        try:
            wait_ply_change(page, before, timeout=15_000)
            return result
        except PlaywrightTimeoutError:
            continue
    raise AssertionError(f"{tries} tries at clicking did not play a move (move {before})")


def place_a_medina_piece(page: Any, rng: random.Random, timeout: float = TIMEOUT) -> int:
    """Medina: choose a piece if no square is green, then click a random green square; waits for the move
    and returns the number of clicks."""

    def clicks() -> int:
        green = page.locator(MEDINA_GREEN)
        n = 1
        if green.count() == 0:
            pieces = page.locator(MEDINA_PIECES)
            pieces.nth(rng.randrange(pieces.count())).click()
            green.first.wait_for(timeout=timeout)
            n += 1
        green.nth(rng.randrange(green.count())).click()
        return n

    return until_it_moves(page, clicks, timeout=timeout)


# Metropolis: the cells the board highlights (widgets.games.metropolis: HIGHLIGHT #2f9e44 where the chosen tile may go,
# PICKED #0b4f1d the cells clicked so far, HAND #f59f00 the deeds of the hand in the draft), the tiles to choose,
# the deeds to buy and the income button.
METROPOLIS_CELLS = ".bg-metropolis-fig path.dot"
METROPOLIS_GREEN = ".bg-metropolis-fig path.dot[style*='fill: rgb(47, 158, 68)']"
METROPOLIS_PICKED = ".bg-metropolis-fig path.dot[style*='fill: rgb(11, 79, 29)']"
METROPOLIS_HAND = ".bg-metropolis-fig path.dot[style*='fill: rgb(245, 159, 0)']"
METROPOLIS_TILES = ".bg-metropolis-tiles .bg-choose:not([disabled])"
METROPOLIS_DEEDS = ".bg-deed:not([disabled])"
METROPOLIS_INCOME = ".bg-move-income:not([disabled])"


def click_timer(targets: str) -> str:
    """In the page: from the mouse going down on ``targets`` (a CSS selector: a board, the move buttons) until the
    move counter changes, timed with the page's own clock into bgLatency (a later press restarts the clock: of a
    move's clicks, the last one makes the move)."""
    return """() => {
    window.bgLatency = [];
    let press = 0;
    document.addEventListener('mousedown', ev => {
        if (!ev.target.closest('TARGETS')) return;
        const mine = ++press, t0 = performance.now(), before = document.querySelector('.bg-ply').dataset.ply;
        const poll = () => {
            if (mine !== press) return;
            const e = document.querySelector('.bg-ply');
            if (e && e.dataset.ply !== before) window.bgLatency.push(performance.now() - t0);
            else if (performance.now() - t0 < 5000) requestAnimationFrame(poll);
        };
        requestAnimationFrame(poll);
    }, true);
}""".replace("TARGETS", targets)


# From the mouse going down on a square of Medina's board until the move counter changes.
MEDINA_SQUARE_TIMER = click_timer(".bg-medina-fig")
METROPOLIS_CLICK_TIMER = click_timer(".bg-metropolis-fig, .bg-move")
# The move counter has changed, or `picked` cells are marked as clicked for the build in progress.
PICKED_OR_MOVED = f"""([before, picked]) => {{
    const s = document.querySelector('.bg-ply');
    return (!!s && s.dataset.ply !== String(before))
        || document.querySelectorAll("{METROPOLIS_PICKED}").length >= picked;
}}"""


def build_a_metropolis_tile(page: Any, rng: random.Random, timeout: float = TIMEOUT) -> int:
    """Metropolis: choose a random tile, then click random green cells until it is built (each click narrows
    its footprints to those through the cells clicked); returns the clicks."""
    tiles = page.locator(METROPOLIS_TILES)
    tiles.nth(rng.randrange(tiles.count())).click()
    green = page.locator(METROPOLIS_GREEN)
    green.first.wait_for(timeout=timeout)
    before, clicks = ply(page), 1
    for picked in range(1, 5):
        green.nth(rng.randrange(green.count())).click()
        clicks += 1
        page.wait_for_function(PICKED_OR_MOVED, arg=[before, picked], timeout=timeout, polling=POLL)
        if ply(page) != before:
            break
    return clicks


def play_a_metropolis_turn(page: Any, rng: random.Random, timeout: float = TIMEOUT) -> int:
    """Metropolis: one turn by clicks: in the deed draft a gold cell of the hand; otherwise, at random, a tile
    built by clicking its cells, a deed bought on the deed board, or income. Waits for the move and returns
    the number of clicks."""

    def clicks() -> int:
        hand = page.locator(METROPOLIS_HAND)
        if hand.count():
            hand.nth(rng.randrange(hand.count())).click()
            return 1
        tiles, deeds = page.locator(METROPOLIS_TILES), page.locator(METROPOLIS_DEEDS)
        roll = rng.random()
        if tiles.count() and roll < 0.5:
            return build_a_metropolis_tile(page, rng, timeout)
        if deeds.count() and roll < 0.8:
            deeds.nth(rng.randrange(deeds.count())).click()
        else:
            page.locator(METROPOLIS_INCOME).click()
        return 1

    return until_it_moves(page, clicks, timeout=timeout)


# Marco Polo: the places a Travel reaches (widgets.games.marcopolo.HIGHLIGHT, #2f9e44), answers, dice, spaces, moves.
MARCOPOLO_GREEN = ".bg-marcopolo-fig path.dot[style*='fill: rgb(47, 158, 68)']"
MARCOPOLO_ANSWERS = ".bg-marcopolo-controls .bg-move-choose:not([disabled])"
MARCOPOLO_DICE = ".bg-marcopolo-controls .bg-mp-die-pick:not([disabled])"
MARCOPOLO_SPACES = ".bg-marcopolo-controls .bg-mp-action:not([disabled])"
MARCOPOLO_MOVES = ".bg-marcopolo-moves .bg-move:not([disabled])"
MARCOPOLO_BONUS = ".bg-marcopolo-controls .bg-move-bonus:not([disabled])"
MARCOPOLO_NOTE = ".bg-marcopolo-note"
# From the mouse going down on the map or on a move button (an answer, a move, a bonus action, End turn) to the move.
MARCOPOLO_CLICK_TIMER = click_timer(".bg-marcopolo-fig, .bg-move")


def play_a_marcopolo_decision(page: Any, rng: random.Random, timeout: float = TIMEOUT) -> int:
    """Marco Polo: one decision by clicks: an answer to the open question; otherwise, at random, End turn (after the
    main action), a bonus action, or maybe a die, then an action space or a city card, then one of the moves it
    offers. Waits for the move and returns the clicks."""

    def clicks() -> int:
        answers = page.locator(MARCOPOLO_ANSWERS)
        if answers.count():
            answers.nth(rng.randrange(answers.count())).click()
            return 1
        end = page.locator(".bg-move-end:not([disabled])")
        if end.count() and rng.random() < 0.6:
            end.click()
            return 1
        bonus = page.locator(MARCOPOLO_BONUS)
        if bonus.count() and rng.random() < 0.1:
            bonus.nth(rng.randrange(bonus.count())).click()
            return 1
        n = 0
        dice = page.locator(MARCOPOLO_DICE + ":not(.bg-selected)")
        if dice.count() and rng.random() < 0.4:
            dice.nth(rng.randrange(dice.count())).click()
            n += 1
            # the spaces are redrawn for the die chosen before the note says what to do next
            page.locator(MARCOPOLO_NOTE, has_text=DICE_CHOSEN).wait_for(timeout=timeout)
        spaces = page.locator(MARCOPOLO_SPACES)
        if not spaces.count():
            moves = page.locator(f"{MARCOPOLO_BONUS}, .bg-move-end:not([disabled])")
            moves.nth(rng.randrange(moves.count())).click()
            return n + 1
        spaces.nth(rng.randrange(spaces.count())).click()
        moves = page.locator(MARCOPOLO_MOVES)
        moves.first.wait_for(timeout=timeout)
        moves.nth(rng.randrange(moves.count())).click()
        return n + 2

    return until_it_moves(page, clicks, timeout=timeout)


# ------------------------------------------------------------------ a saved game near its end, loaded by the page
def a_game_near_its_end(game: str, names: list[str], *, seed: int, decisions_left: int, policy: int = 0,
                        human: Callable[[list], list] | None = None, **options: Any) -> Any:
    """A ``boardgames.Match`` of ``game`` (``new_game(names, seed=seed, **options)``) played by random legal moves
    (seeded by ``policy``; ``human`` may narrow seat 0's choices, e.g. to no bids) to its end, then taken back to
    the decision of seat 0 (a page's human) that has ``decisions_left`` of seat 0's decisions to the end, itself
    included. ``save_text`` makes the file "Save" would make of it, for "Load a game" (``load_a_save``)."""
    match = boardgames.Match.new(game, list(names), seed=seed, **options)
    rng = random.Random(policy)
    while not match.state.is_over:
        moves = match.state.legal_moves()
        if human is not None and match.state.current_player == 0:
            moves = human(moves) or moves
        match.play(rng.choice(moves))
    decisions = [ply for ply, state in enumerate(match.states[:-1]) if state.current_player == 0]
    match.goto(decisions[-decisions_left] if len(decisions) >= decisions_left else decisions[0])
    return match


def save_text(match: Any, seats: list[str]) -> str:
    """The save file of ``match`` played by ``seats`` as the page's "Save" makes it (``GameApp.to_json``)."""
    doc = json.loads(match.to_json())
    doc["seats"] = list(seats)
    return json.dumps(doc)


def load_a_save(page: Any, text: str, name: str = "near-the-end.json", timeout: float = TIMEOUT) -> None:
    """Choose a file holding ``text`` in the "Load a game" button's file chooser (as a player loads a game saved
    before), and wait until the page says it is loaded."""
    with page.expect_file_chooser(timeout=timeout) as chooser:
        page.locator(".bg-load").click()
    chooser.value.set_files({"name": name, "mimeType": "application/json", "buffer": text.encode("utf-8")})
    page.locator(".bg-message.bg-info", has_text=name).wait_for(timeout=timeout)  # "Loaded <name>: ..." in any language
