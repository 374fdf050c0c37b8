"""The puzzles page in Voilà with the code hidden, opened at the game its address names, then every game on the same
page (one page load: the page is the same for every game, its board and clicks are the game's): the game chosen by
its button, a puzzle's
wrong answer played on the board (the expert's second-best move: red, its cost and the expert's move told, "Try
again", "Show the answer" offered), then the right one (the expert's best: green, one more puzzle solved); then
"Another one", a wrong answer and "Show the answer" (the expert's move marked on the board as the better move, with
its reason). Which moves are the best and the second is read here, in Python, from the stored puzzle the page names
(``data-puzzle``): ``boardgames.puzzles``.

Moves are made by clicks, as a learner makes them: Medici's buttons (a bid typed into the amount's readout); Medina's
piece, then its green square; Metropolis' tile, then its green cells (or the footprint's button), a deed, income;
Marco Polo's action space (dice chosen when the move takes some), then the move's button.

The page is read in Japanese: the Japanese notebook (``puzzles.ja.ipynb``, its prose translated, as the Japanese
landing page links it) asked for in Japanese (``?lang=ja``). At each step it reads with no word of Latin letters but
the seats' names, and what the test clicks and reads (a game's button, a move's label or tooltip, the verdict, the
answer) is found by the page's own messages said in Japanese."""

from __future__ import annotations

import re
import time
from typing import Any

import pytest
from playwright.sync_api import expect
from support.accessibility import no_grave_violation
from support.browser import MEDINA_GREEN, METROPOLIS_GREEN, POLL, SCREENSHOTS, TIMEOUT, english_left, type_a_bid

import boardgames
from boardgames import marcopolo as mp
from boardgames import medici, medina
from boardgames import metropolis as mt
from boardgames import puzzles as mined
from boardgames.core.message import say, say_n
from boardgames.metropolis.board import cell_index
from boardgames.terms import title_said
from boardgames.translation import words

pytestmark = pytest.mark.browser

LANGUAGE = "ja"
PAGE = "/voila/render/puzzles.ja.ipynb"  # the page in Japanese: its prose too (``puzzles.ipynb``'s, translated)
MARK = "\x00"  # a value the test does not work out: a message is said up to it
NAMES = ("Ada", "Ben", "Cleo", "Dan")  # the seats of the puzzles' games
ROOT = ".bg-puzzles"
VERDICT = f"{ROOT} .bg-exercise-verdict"
# A Metropolis footprint's button, or a changed verdict, or this many cells picked: a cell's click has landed.
CELL_LANDED = """([before, label, picked]) => {
    const v = document.querySelector('.bg-puzzles .bg-exercise-feedback');
    if (v && v.innerText !== before) return true;
    if ([...document.querySelectorAll('.bg-puzzles .bg-move-build')]
            .some(b => b.innerText.trim() === label && b.offsetParent !== null)) return true;
    return document.querySelectorAll(".bg-puzzles .bg-metropolis-fig path.dot[style*='fill: rgb(11, 79, 29)']")
        .length >= picked;
}"""


def exact(text: str) -> re.Pattern:
    return re.compile(f"^{re.escape(text)}$")


def ja(said) -> str:
    """``said`` (a message) in the page's language."""
    return words(said, LANGUAGE)


def up_to_mark(said) -> str:
    """``said`` in the page's language up to its first value ``MARK``."""
    return ja(said).split(MARK)[0]


def in_japanese(page) -> None:
    """No word of Latin letters on the page, its prose and its widgets, but the seats' names (a tile's or a space's
    code aside: ``support.reading.CODE``)."""
    assert english_left(page, NAMES) == {}
    no_grave_violation(page)


# ---------------------------------------------------------------------------------------------- moves by clicks
def clickable(game: str, move: Any) -> bool:
    """Whether ``play`` knows the clicks of ``move``."""
    kinds = {"medici": (medici.Draw, medici.Auction, medici.Pass, medici.Bid), "medina": (medina.Place,),
             "metropolis": (mt.Build, mt.Buy, mt.Income, mt.Pick),
             "marcopolo": (mp.EndTurn, mp.Choose, mp.Fulfil, mp.BuyBlackDie)}[game]
    return isinstance(move, kinds) or (game == "marcopolo" and mp.space_of(move) is not None)


def play(page, puzzle: mined.Puzzle, move: Any) -> float:
    """Make ``move`` on the puzzle's board by clicks; returns once the page has judged it, with the seconds from
    the last click to the verdict (as the test sees them)."""
    before = page.locator(f"{ROOT} .bg-exercise-feedback").inner_text()
    {"medici": play_medici, "medina": play_medina, "metropolis": play_metropolis,
     "marcopolo": play_marcopolo}[puzzle.game](page, puzzle, move, before)
    clicked = time.monotonic()
    page.wait_for_function("b => document.querySelector('.bg-puzzles .bg-exercise-feedback').innerText !== b",
                           arg=before, timeout=TIMEOUT, polling=POLL)
    return time.monotonic() - clicked


def play_medici(page, puzzle, move, before: str) -> None:
    controls = page.locator(f"{ROOT} .bg-medici-controls")
    if isinstance(move, medici.Bid):
        type_a_bid(page, controls, move.amount)
        controls.get_by_role("button", name=ja(say("Bid {amount}", amount=move.amount)), exact=True).click()
        return
    kind = {medici.Draw: "draw", medici.Auction: "auction", medici.Pass: "pass"}[type(move)]
    controls.locator(f".bg-move-{kind}").click()


def play_medina(page, puzzle, move: medina.Place, before: str) -> None:
    controls = page.locator(f"{ROOT} .bg-medina-controls")
    piece = f".bg-choose-building.bg-colour-{move.colour}" if move.piece == "building" else f".bg-choose-{move.piece}"
    controls.locator(piece).click()
    expect(controls.locator(f"{piece}.bg-selected")).to_have_count(1, timeout=TIMEOUT)
    squares = puzzle.state.legal_squares(move.piece, move.colour)
    green = page.locator(f"{ROOT} {MEDINA_GREEN}")
    expect(green).to_have_count(len(squares), timeout=TIMEOUT)
    green.nth(squares.index(tuple(move.at))).click()


def play_metropolis(page, puzzle, move, before: str) -> None:
    root = page.locator(ROOT)
    if isinstance(move, mt.Income):
        root.locator(".bg-move-income").click()
    elif isinstance(move, mt.Buy):
        state = puzzle.state
        price = state.prices[list(state.deed_board).index(move.cell)]
        buy = ja(say_n("Buy the deed of {cell} for {n} coin: this is your whole turn",
                       "Buy the deed of {cell} for {n} coins: this is your whole turn", price, cell=move.cell))
        root.locator(".bg-deed").and_(root.get_by_title(buy, exact=True)).click()
    elif isinstance(move, mt.Pick):
        root.locator(".bg-move-pick").filter(has_text=exact(ja(mined.move_said(move)))).click()
    else:
        build_metropolis(page, puzzle, move, before)


def build_metropolis(page, puzzle, move: mt.Build, before: str) -> None:
    """The tile's button, then the footprint's cells one by one (green, in the board's order), until the footprint's
    own button shows (then it) or the build is made."""
    root = page.locator(ROOT)
    root.locator(".bg-choose-tile").filter(has_text=re.compile(rf"^{re.escape(move.tile)}(×\d+)?$")).click()
    expect(root.locator(".bg-choose-tile.bg-selected")).to_have_count(1, timeout=TIMEOUT)
    label = " ".join(move.cells)
    feet = [m.cells for m in puzzle.state.legal_moves() if isinstance(m, mt.Build) and m.tile == move.tile]
    picked: list[str] = []
    for cell in move.cells:
        button = root.locator(".bg-move-build").filter(has_text=exact(label))
        if button.count() and button.is_visible():
            button.click()
            return
        through = [f for f in feet if all(c in f for c in picked)]
        green = [c for c in sorted({c for f in through for c in f}, key=cell_index) if c not in picked]
        root.locator(METROPOLIS_GREEN).nth(green.index(cell)).click()
        picked.append(cell)
        page.wait_for_function(CELL_LANDED, arg=[before, label, len(picked)], timeout=TIMEOUT, polling=POLL)
        if page.locator(f"{ROOT} .bg-exercise-feedback").inner_text() != before:
            return
    root.locator(".bg-move-build").filter(has_text=exact(label)).click()


def play_marcopolo(page, puzzle, move, before: str) -> None:
    root = page.locator(ROOT)
    if isinstance(move, mp.EndTurn):
        root.locator(".bg-move-end").click()
        return
    if isinstance(move, (mp.Fulfil, mp.BuyBlackDie)):
        label = (up_to_mark(say("Fulfil #{contract} ({vp} + {reward})", contract=move.contract, vp=MARK, reward=MARK))
                 if isinstance(move, mp.Fulfil) else up_to_mark(say("Buy a black die ({cost})", cost=MARK)))
        root.locator(".bg-move-bonus").filter(has_text=label).click()
        return
    if not isinstance(move, mp.Choose):
        held = list(puzzle.state.dice(puzzle.seat))
        for die in mp.dice_of(move):  # the dice the move takes, chosen: the buttons show its moves only
            # the die itself, or one of Raschid's dice not set yet ("?"), which the move sets
            i = next(k for k in sorted(range(len(held)), key=lambda k: held[k] != die)
                     if held[k] is not None and (held[k] == die or (held[k].unset and held[k].kind == die.kind)))
            held[i] = None
            root.locator(".bg-mp-die-pick").nth(i).click()
            expect(root.locator(".bg-mp-die-pick").nth(i)).to_have_class(re.compile("bg-selected"), timeout=TIMEOUT)
        space = mp.space_of(move).lower().replace(" ", "-")
        root.locator(f".bg-mp-action-{space}").click()
    root.locator(".bg-marcopolo-moves .bg-move").and_(root.get_by_title(ja(mined.move_said(move)), exact=True)).click()


# ---------------------------------------------------------------------------------------------- the page
def choose_game(page, game: str):
    """``game`` chosen by its button on the puzzles page; returns the puzzle it shows."""
    name = ja(title_said(boardgames.GAMES[game].NAME))
    page.locator(f"{ROOT} .bg-puzzles-game button").filter(has_text=exact(name)).click()
    source = page.locator(f"{ROOT} .bg-puzzles-source")
    expect(source).to_have_attribute("data-puzzle", re.compile(f"^{game}-"), timeout=TIMEOUT)
    return shown_puzzle(page, game)


def shown_puzzle(page, game: str) -> mined.Puzzle:
    shown = page.locator(f"{ROOT} .bg-puzzles-source").get_attribute("data-puzzle")
    return next(p for p in mined.puzzles(game) if p.id == shown)


def another(page, game: str) -> mined.Puzzle:
    """"Another one": the next puzzle, once the page shows it."""
    before = page.locator(f"{ROOT} .bg-puzzles-source").get_attribute("data-puzzle")
    page.locator(f"{ROOT} .bg-exercise-another").click()
    expect(page.locator(f"{ROOT} .bg-puzzles-source")).not_to_have_attribute("data-puzzle", before, timeout=TIMEOUT)
    return shown_puzzle(page, game)


def playable(puzzle: mined.Puzzle) -> bool:
    return clickable(puzzle.game, puzzle.best) and clickable(puzzle.game, puzzle.second)


def to_a_playable_puzzle(page, game: str, puzzle: mined.Puzzle) -> mined.Puzzle:
    """Press "Another one" until the puzzle's best and second moves are both moves this test can click."""
    for _ in range(len(mined.puzzles(game))):
        if playable(puzzle):
            return puzzle
        puzzle = another(page, game)
    raise AssertionError(f"no puzzle of {game} whose best and second moves this test can click")


def shot(page, name: str) -> None:
    """A picture of the page from its choosers down to the board (a window taller than a laptop's)."""
    size = page.viewport_size
    page.set_viewport_size({"width": size["width"], "height": 1100})
    page.locator(ROOT).evaluate("e => e.scrollIntoView({block: 'start'})")
    page.wait_for_timeout(300)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"))
    page.set_viewport_size(size)


def wrong_then_right_then_the_answer_shown(page, game: str) -> str:
    """A puzzle of ``game`` played wrong, then right, then another played wrong and its answer shown; the times."""
    start = time.monotonic()
    puzzle = choose_game(page, game)
    opened = time.monotonic() - start
    puzzle = to_a_playable_puzzle(page, game, puzzle)
    text = page.inner_text("body")
    assert "Traceback" not in text and "object at 0x" not in text and "puzzles()" not in text
    assert page.locator(".jp-InputArea-editor:visible").count() == 0, "code is shown"
    assert page.locator(".jp-OutputArea-output.jp-RenderedText").count() == 0, "a print or a repr is shown"
    in_japanese(page)
    solved = page.locator(f"{ROOT} .bg-puzzles-solved")
    expect(solved).to_have_attribute("data-puzzles", str(len(mined.puzzles(game))))
    before = int(solved.get_attribute("data-solved"))
    verdict, show = page.locator(VERDICT), page.locator(f"{ROOT} .bg-puzzles-show")

    wrong = play(page, puzzle, puzzle.second)
    expect(verdict).to_have_attribute("data-right", "false")
    said = verdict.inner_text()
    assert ja(mined.judge(puzzle, puzzle.second).said) in said and ja(say("Try again.")) in said
    expect(show).to_be_visible()
    in_japanese(page)

    right = play(page, puzzle, puzzle.best)
    expect(verdict).to_have_attribute("data-right", "true")
    assert ja(mined.judge(puzzle, puzzle.best).said) in verdict.inner_text()
    expect(solved).to_have_attribute("data-solved", str(before + 1), timeout=TIMEOUT)
    expect(show).to_be_hidden()
    in_japanese(page)
    shot(page, f"puzzles-{game}-right")
    timed = f"{puzzle.id}'s verdict {wrong:.2f} s after the wrong move's last click, {right:.2f} s after the right's"

    puzzle = to_a_playable_puzzle(page, game, another(page, game))
    play(page, puzzle, puzzle.second)
    expect(verdict).to_have_attribute("data-right", "false")
    show.click()
    caption = page.locator(f"{ROOT} .bg-mark")
    best = mined.move_said(puzzle.best)
    expect(caption).to_contain_text(ja(say("{title}: ", title=say("Better move"))) + ja(best), timeout=TIMEOUT)
    answer = page.locator(f"{ROOT} .bg-puzzles-answer")
    expect(answer).to_contain_text(up_to_mark(say("The expert's move: {move} ({worth}). {reason}", move=best,
                                                  worth=MARK, reason=MARK)))
    expect(show).to_be_hidden()
    expect(solved).to_have_attribute("data-solved", str(before + 1))
    in_japanese(page)
    shot(page, f"puzzles-{game}-answer-shown")
    return f"{game}: chosen in {opened:.1f} s; {timed}"


def test_the_page_opens_at_the_game_its_address_names_and_each_games_puzzle_is_played_wrong_then_right(
        page, voila_url, page_errors):
    page.goto(f"{voila_url}{PAGE}?game=metropolis&lang={LANGUAGE}", timeout=TIMEOUT)
    expect(page.locator(f"{ROOT} .bg-puzzles-source")).to_have_attribute("data-puzzle", re.compile("^metropolis-"),
                                                                         timeout=TIMEOUT)
    expect(page.locator(f"{ROOT} .bg-metropolis-fig")).to_have_count(1)
    expect(page.locator(f"{ROOT} .bg-exercise")).to_have_count(1)
    times = [wrong_then_right_then_the_answer_shown(page, game) for game in boardgames.GAMES]
    print("\n" + "\n".join(times))
    assert page_errors == []
