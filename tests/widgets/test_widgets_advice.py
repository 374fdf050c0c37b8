"""The advice panel next to a GameApp, driven from Python: the worth it shows is ``lot_worth``'s, and the
after-game chart has one point per bid of the human seat."""

from __future__ import annotations

import asyncio
import random
import re
import threading

from support.widget_driver import play_out

from boardgames import Match, medici
from boardgames.lessons.medici import lot_worth
from boardgames.medici.state import BIDDING, REVEAL
from widgets.games.medici import advice
from widgets.games.medici.advice import IDLE, AdvicePanel, human_bids
from widgets.kit.protocol import css_classes
from widgets.shell import GameApp

SAMPLES = 400  # fewer simulated day ends than the notebook's 2,000: the same code, faster tests


def new_app(seed=11, seats=("human", "bot", "bot")) -> GameApp:
    return GameApp(Match.new("medici", ["Ada", "Ben", "Cleo"], seed=seed), seats=list(seats))


def shown_numbers(panel: AdvicePanel) -> tuple[float, float, float]:
    m = re.search(r"data-mean='([^']+)' data-low='([^']+)' data-high='([^']+)'", panel.value.value)
    assert m, f"no estimate on screen: {panel.value.value}"
    return tuple(float(x) for x in m.groups())


def play_to_human_bid(app: GameApp) -> None:
    """Reveal-then-auction as the human until the human must bid on a lot another seat put up."""
    rng = random.Random(5)
    while not (app.state.step == BIDDING and app.state.current_player == 0):
        assert not app.state.is_over
        state = app.state
        legal = state.legal_moves()
        if medici.Auction() in legal:
            app.play(medici.Auction())
        elif medici.Pass() in legal:
            app.play(medici.Pass())
        else:
            app.play(rng.choice(legal))


def test_the_panel_shows_lot_worth_with_its_interval_when_the_human_must_bid():
    app = new_app()
    panel = AdvicePanel(app, samples=SAMPLES, seed=3)
    # seat 0 starts as the auctioneer deciding about the first card: advice already
    state = app.state
    assert state.step == REVEAL and state.current_player == 0 and state.lot
    expected = lot_worth(state, 0, samples=SAMPLES, seed=3)
    assert panel.shown == expected
    assert shown_numbers(panel) == (expected.mean, expected.low, expected.high)
    assert "auctioneer" in panel.value.value
    play_to_human_bid(app)
    state = app.state
    expected = lot_worth(state, 0, samples=SAMPLES, seed=3)
    assert panel.shown == expected
    mean, low, high = shown_numbers(panel)
    assert (mean, low, high) == (expected.mean, expected.low, expected.high)
    assert low < mean < high
    text = re.sub(r"<[^>]+>", "", panel.value.value)
    assert f"{expected.mean:.1f}" in text and f"95% interval {low:.1f} to {high:.1f}" in text
    top = -(-expected.mean // 1) - 1
    if top >= state.min_winning_bid:
        assert f"A bid up to about {int(top)}" in text
    else:
        assert "passing is the sensible choice" in text
    assert panel.latency is not None and panel.latency < 5
    # the checkbox hides the panel and brings it back
    panel.toggle.value = False
    assert panel.body not in panel.children
    panel.toggle.value = True
    assert panel.body in panel.children and panel.shown == expected
    assert app.errors == [] and panel.errors == []


def test_while_the_bots_play_the_panel_waits():
    app = new_app(seats=("human", "bot", "bot"))
    panel = AdvicePanel(app, samples=SAMPLES)
    assert panel.deciding(app.state) and panel.shown is not None
    app.start_replay(0)  # a replay is not a live decision
    assert panel.shown is None and IDLE in panel.value.value
    app.go_live()
    assert panel.shown is not None


def test_after_a_whole_game_the_chart_has_one_point_per_human_bid():
    app = new_app(seed=7)
    panel = AdvicePanel(app, samples=SAMPLES)
    play_out(app, random.Random(2))
    assert app.state.is_over and panel.errors == []
    bids = human_bids(app.match, 0)
    assert bids, "the random clicks made no bid"
    moves = [(p, m) for p, m in enumerate(app.match.moves)
             if isinstance(m, medici.Bid) and app.match.states[p].current_player == 0]
    assert [p for p, _ in moves] == [b[0] for b in bids]
    assert len(panel.records) == len(bids)
    assert len(panel.bid_marks.x) == len(panel.bid_marks.y) == len(bids)
    assert len(panel.price_marks.x) == len(bids)
    assert list(panel.bid_marks.y) == [float(m.amount) for _, m in moves]
    for rec in panel.records:  # each point is the worth estimated at the time of the bid
        assert rec.worth == lot_worth(app.match.states[rec.ply], 0, samples=SAMPLES, seed=panel.seed)
        assert rec.price >= rec.amount
    assert panel.chart_visible
    assert "bg-advice-chart" in css_classes(panel.chart)
    assert "bid" in panel.chart_note.value


def test_inside_an_event_loop_the_estimate_runs_in_a_worker_thread():
    async def scenario():
        app = GameApp(Match.new("medici", ["Ada", "Ben", "Cleo"], seed=11), seats=["human", "bot", "bot"],
                      bots_async=True, bot_delay=0.0)
        panel = AdvicePanel(app, samples=SAMPLES, asynchronous=True)
        assert panel.shown is None and "Estimating" in panel.value.value  # the page is not kept waiting
        for _ in range(500):
            if panel.shown is not None:
                break
            await asyncio.sleep(0.01)
        assert panel.shown == lot_worth(app.state, 0, samples=SAMPLES, seed=0)
        assert panel.latency is not None
        app.close()
        panel.close()
        return True

    result: list = []
    thread = threading.Thread(target=lambda: result.append(asyncio.run(scenario())))
    thread.start()
    thread.join(60)
    assert result == [True]


def test_an_estimate_that_fails_in_the_worker_thread_says_so_and_keeps_its_trace(monkeypatch):
    def broken(*args, **kwargs):
        raise ArithmeticError("no samples")

    monkeypatch.setattr(advice, "lot_worth", broken)

    async def scenario():
        app = GameApp(Match.new("medici", ["Ada", "Ben", "Cleo"], seed=11), seats=["human", "bot", "bot"],
                      bots_async=True, bot_delay=0.0)
        panel = AdvicePanel(app, samples=SAMPLES, asynchronous=True)
        for _ in range(500):
            if panel.errors:
                break
            await asyncio.sleep(0.01)
        said = panel.value.value
        app.close()
        panel.close()
        return said, panel.errors

    result: list = []
    thread = threading.Thread(target=lambda: result.append(asyncio.run(scenario())))
    thread.start()
    thread.join(60)
    (said, errors), = result
    assert "The advice is not available (ArithmeticError: no samples)." in said and "Traceback" not in said
    assert len(errors) == 1 and "ArithmeticError: no samples" in errors[0]
