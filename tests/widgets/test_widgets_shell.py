"""GameApp without a browser: click its buttons from Python, play whole games, compare with the engine."""

from __future__ import annotations

import asyncio
import random
import re
import time

import pytest
from support.widget_driver import enabled_moves, kind_of, move_buttons, move_of, play_out, ranking_rows, walk

from boardgames import Match, medici
from boardgames.bots import bot_levels
from widgets.dashboard import dashboard
from widgets.kit import registry
from widgets.kit.palette import seat_colour
from widgets.kit.protocol import css_classes
from widgets.shell import GameApp, ranking
from widgets.shell.chart import DODGE_PX


def run(coroutine):
    """Run a coroutine on a fresh event loop in a thread of its own (the browser tests' Playwright may
    already be running a loop in this thread)."""
    import threading

    result: list = []
    failure: list = []

    def main():
        try:
            result.append(asyncio.run(coroutine))
        except BaseException as exc:  # handed to the test's thread below
            failure.append(exc)

    thread = threading.Thread(target=main)
    thread.start()
    thread.join(120)
    if failure:
        raise failure[0]
    assert result, "the scenario did not finish"
    return result[0]


def new_app(players=("Ada", "Ben", "Cleo"), seats=None, seed=3, **kw) -> GameApp:
    return GameApp(Match.new("medici", list(players), seed=seed), seats=seats, **kw)


def engine_ranking(state) -> list[tuple[int, int, int]]:
    scores = state.scores()
    order = sorted(range(len(scores)), key=lambda s: (-scores[s], s))
    return [(1 + sum(x > scores[s] for x in scores), s, scores[s]) for s in order]


def test_a_human_plays_a_whole_game_against_two_bots_by_clicking():
    app = new_app(seats=["human", "random", "search"], seed=11)
    clicks = play_out(app, random.Random(1))
    assert clicks > 10
    state = app.state
    assert state.is_over and app.match.replay().state == state
    assert app.over_panel.shown
    assert ranking_rows(app.over_panel.value) == engine_ranking(state)
    winners = [s for p, s, _ in ranking_rows(app.over_panel.value) if p == 1]
    assert tuple(sorted(winners)) == state.winners()
    for day, income in enumerate(state.incomes, start=1):  # the day-by-day income table
        assert f"Day {day}" in app.over_panel.value
        for seat, amount in enumerate(income):
            row = re.search(rf"data-seat='{seat}'.*?</tr>", app.over_panel.value).group(0)
            assert f">{amount}</td>" in row
    assert "bg-over" in css_classes(app) and app.turn == "over"
    assert all(b.disabled for b in move_buttons(app))


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_every_player_count_plays_to_the_end(players):
    names = ["Ada", "Ben", "Cleo", "Dan", "Eva", "Finn"][:players]
    seats = ["human"] + ["random"] * (players - 1)
    app = new_app(names, seats=seats, seed=players)
    stows = []

    def look(app):
        stows.extend(b for b in enabled_moves(app) if kind_of(b) == "stow")

    play_out(app, random.Random(players), check=look)
    assert ranking_rows(app.over_panel.value) == engine_ranking(app.state)
    assert len(app.state.incomes) == 3
    # the stow controls are shown only in the two-player game
    assert (app.controls.stow_row.layout.display != "none") == (players == 2)
    if players != 2:
        assert not stows


def test_a_game_of_bots_only_plays_itself():
    app = new_app(seats=["random", "random", "random"], seed=5)
    assert app.state.is_over
    assert ranking_rows(app.over_panel.value) == engine_ranking(app.state)
    assert not app.can_undo  # nothing for a human to go back to


def test_enabled_controls_are_exactly_the_legal_moves_and_disabled_ones_say_why():
    app = new_app(seats=["human", "random", "random"], seed=21)
    rng = random.Random(2)
    seen_kinds = set()
    while not app.state.is_over:
        state, seat = app.state, app.state.current_player
        legal = state.legal_moves()
        for b in move_buttons(app):
            move = move_of(app, b)
            if b.disabled:
                refusal = state.check(move, seat)
                if refusal is not None:
                    assert b.tooltip == str(refusal)
                assert b.tooltip
            else:
                assert move in legal, (b.description, legal)
                seen_kinds.add(kind_of(b))
        bids = [m.amount for m in legal if isinstance(m, medici.Bid)]
        slider = app.controls.bid_amount
        if bids:
            assert (slider.min, slider.max) == (min(bids), max(bids))
            assert app.controls.min_bid.description.startswith(f"Bid {min(bids)} ")
        rng.choice(enabled_moves(app)).click()
    assert {"bid", "pass"} <= seen_kinds


def test_the_bid_chooser_bids_the_chosen_amount():
    app = new_app(seats=["random", "human", "random"], seed=8)
    for _ in range(200):
        if medici.Pass() in app.state.legal_moves() and app.state.current_player == 1:
            break
        rng_button = [b for b in enabled_moves(app) if kind_of(b) == "pass"] or enabled_moves(app)
        rng_button[0].click()
    legal = [m.amount for m in app.state.legal_moves() if isinstance(m, medici.Bid)]
    slider = app.controls.bid_amount
    slider.value = max(legal)
    assert app.controls.bid.description == f"Bid {max(legal)}"
    before = app.match.ply
    app.controls.bid.click()
    assert app.match.moves[before] == medici.Bid(max(legal))


def test_undo_goes_back_to_the_humans_last_decision_and_redo_forward():
    app = new_app(seats=["human", "random", "random"], seed=4)
    rng = random.Random(4)
    assert not app.can_undo and app.undo_button.disabled
    for _ in range(6):
        rng.choice(enabled_moves(app)).click()
    ply = app.match.ply
    human_plies = [p for p, s in enumerate(app.match.states) if s.current_player == 0]
    app.undo_button.click()
    assert app.match.ply == max(p for p in human_plies if p < ply)
    assert app.state.current_player == 0
    assert app.board.state is app.state
    assert not app.redo_button.disabled
    app.redo_button.click()
    assert app.match.ply == ply
    # a new move after an undo drops the undone moves
    app.undo_button.click()
    rng.choice(enabled_moves(app)).click()
    assert app.errors == []


def message_classes(app) -> set[str]:
    """The classes of the message under the status line (empty: no message)."""
    found = re.search(r"<div class='(bg-message[^']*)'", app.status.value)
    return set(found.group(1).split()) if found else set()


def test_information_is_neutral_and_gone_at_the_next_move_refusals_are_red():
    app = new_app(seats=["human", "random", "random"], seed=4)
    rng = random.Random(4)
    for _ in range(3):
        rng.choice(enabled_moves(app)).click()
    app.undo_button.click()
    assert app.message.text.startswith("Undone: back to move") and app.message.kind == "info"
    assert message_classes(app) == {"bg-message", "bg-info"}
    assert "#c92a2a" not in app.status.value  # not in an error's red
    rng.choice(enabled_moves(app)).click()
    assert app.message.text == "" and message_classes(app) == set()
    # a refused move is an error, in red, until the player moves
    app.play(medici.Stow(1))
    assert app.message.kind == "error" and message_classes(app) == {"bg-message", "bg-error"}
    assert "#c92a2a" in app.status.value
    rng.choice(enabled_moves(app)).click()
    assert message_classes(app) == set()


def test_a_bots_move_clears_information_too():
    async def scenario():
        app = GameApp(Match.new("medici", ["Ada", "Ben", "Cleo"], seed=5),
                      seats=["human", "random", "random"], bot_delay=0.01, bots_async=True)
        app.new_game(["Ada", "Ben", "Cleo"], seats=["random", "human", "random"], seed=8)
        assert (app.message.text, app.message.kind) == ("New game, seed 8.", "info")  # said while the first bot thinks
        await app.wait_idle()
        assert app.match.ply > 0 and app.message.text == ""
        assert app.errors == []

    run(scenario())


def test_the_replay_slider_shows_earlier_positions_without_changing_the_game():
    app = new_app(seats=["human", "random", "random"], seed=6)
    rng = random.Random(6)
    for _ in range(5):
        rng.choice(enabled_moves(app)).click()
    ply = app.match.ply
    assert app.replay.max == ply and app.replay.value == ply and app.replay.disabled
    app.replay.value = 2  # an echo from the page while live: ignored
    assert app.board.state is app.state
    app.replay_button.value = True
    assert not app.replay.disabled
    app.replay.value = 2
    assert app.board.state is app.match.states[2]
    assert app.match.ply == ply
    assert "bg-replaying" in css_classes(app) and app.replay_ply == 2
    assert all(b.disabled for b in move_buttons(app))
    assert all("Back to now" in b.tooltip for b in move_buttons(app))
    assert app.replay_button.description == "Back to now"
    app.replay_button.value = False
    assert app.board.state is app.state and "bg-human-turn" in css_classes(app)
    assert app.replay.value == ply and app.replay.disabled


def test_the_new_game_form_starts_a_two_player_game_with_the_chosen_seats(monkeypatch):
    app = new_app()
    form = app.setup_form
    form.selected_index = 0  # the person unfolds the form
    focused = []
    monkeypatch.setattr(app.header, "focus", lambda: focused.append(app.header))
    form.count.value = 2
    assert len(form.name_fields) == len(form.seat_pickers) == 2
    form.name_fields[0].value = "Xena"
    form.seat_pickers[1].value = "random"
    form.seed.value = "99"
    form.start.click()
    assert app.state.names == ("Xena", "Ben") and app.seats == ["human", "random"]
    assert app.state.to_json() == medici.new_game(["Xena", "Ben"], seed=99).to_json()
    assert app.controls.stow_row.layout.display != "none"
    # the form folds and the page goes back to the title, with the board under it
    assert form.selected_index is None and focused == [app.header]
    assert app.children[0].children[0] is app.header and "bg-title" in css_classes(app.header)
    assert app.header.tabbable is False
    play_out(app, random.Random(9))


def test_a_bad_name_is_refused_with_a_sentence():
    app = new_app()
    app.setup_form.selected_index = 0
    app.setup_form.name_fields[1].value = "Ada"  # two players called Ada
    app.setup_form.start.click()
    assert "Cannot start" in app.status.value and app.errors == []
    assert app.message.kind == "error"
    assert app.state.names == ("Ada", "Ben", "Cleo")
    assert app.setup_form.selected_index == 0  # the form stays open to be put right


def test_seats_take_every_bot_level():
    levels = bot_levels("medici")
    app = new_app(seats=["human", "bot", levels[0]])
    assert app.seats == ["human", levels[-1], levels[0]]
    with pytest.raises(ValueError):
        new_app(seats=["human", "grandmaster", "random"])


def test_css_hooks():
    app = new_app(seats=["human", "random", "random"])
    assert "bg-board" in css_classes(app.board)
    assert "bg-log" in css_classes(app.log_view)
    assert "bg-scores" in css_classes(app.chart)
    assert "bg-game-over" not in css_classes(app.over_panel)
    kinds = {kind_of(b) for b in move_buttons(app)}
    assert kinds == {"draw", "auction", "bid", "pass"}  # stow only in the two-player game
    for b in move_buttons(app):
        assert "bg-move" in css_classes(b)


def test_score_chart_follows_the_game_with_explicit_scales():
    app = new_app(seats=["human", "random", "random"], seed=12)
    play_out(app, random.Random(12))
    chart = app.chart
    lines = chart.lines
    # each seat's line is its scores, drawn a hair apart from the others' (less than 2% of the axis)
    scores = list(zip(*(s.public_scores() for s in app.match.states)))
    offsets = [y[0] - col[0] for y, col in zip(lines.y, scores)]
    for y, col, offset in zip(lines.y, scores, offsets):
        assert list(y) == pytest.approx([v + offset for v in col])
    assert chart.scores == [list(col) for col in scores]
    assert max(abs(d) for d in offsets) < 0.02 * chart.y_scale.max
    assert chart.y_scale.min < 0 and chart.y_scale.max >= max(app.state.public_scores())
    assert chart.x_scale.min == 0 and chart.x_scale.max >= app.match.ply
    assert chart.title == "Money over the game" and chart.y_axis.label == "florins"
    assert list(lines.labels) == list(app.state.names)


@pytest.mark.parametrize("players", [3, 6])
def test_the_score_chart_shows_every_seat_from_the_first_move(players):
    """At the start every seat has the same score: the lines are drawn side by side, a line's width apart
    (DODGE_PX pixels, seat 0 on top), not on top of each other."""
    names = ["Ada", "Ben", "Cleo", "Dan", "Eva", "Finn"][:players]
    app = new_app(names, seats=["human"] + ["random"] * (players - 1))
    chart = app.chart
    assert len(set(app.state.public_scores())) == 1
    heights = [y[-1] for y in chart.lines.y]
    pixel = (chart.y_scale.max - chart.y_scale.min) / chart.plot_height
    gaps = [(a - b) / pixel for a, b in zip(heights, heights[1:])]
    assert gaps == pytest.approx([DODGE_PX] * (players - 1))
    assert chart.y_scale.min < min(heights) and max(heights) < chart.y_scale.max  # none drawn out of the plot
    # at move 0 no line has a length yet: a dot in each seat's colour marks where each line ends
    assert list(chart.heads.x) == [0] * players and list(chart.heads.y) == heights
    assert list(chart.heads.colors) == [seat_colour(s) for s in range(players)]


def test_the_log_tells_the_events_newest_first():
    app = new_app(seats=["human", "random", "random"], seed=13)
    rng = random.Random(13)
    for _ in range(4):
        rng.choice(enabled_moves(app)).click()
    texts = re.findall(r"<div class='bg-event[^']*'[^>]*>(.*?)</div>", app.log_view.value)
    import html

    expected = [e.text for s in app.match.states for e in s.events]
    assert [html.unescape(t) for t in texts] == list(reversed(expected))


def test_a_failing_callback_shows_a_sentence_not_a_traceback(monkeypatch):
    app = new_app(seats=["human", "random", "random"])

    def broken(state, viewer):
        raise RuntimeError("the board fell off the table")

    monkeypatch.setattr(app.board, "show", broken)
    enabled_moves(app)[0].click()
    assert "Something went wrong" in app.status.value
    assert "Traceback" not in app.status.value
    assert app.errors and "Traceback" in app.errors[0]


def test_ranking_shares_places():
    assert ranking([10, 30, 30, 5]) == [(1, 1), (1, 2), (3, 0), (4, 3)]


def test_bots_play_in_the_event_loop_one_move_at_a_time():
    async def scenario():
        app = GameApp(Match.new("medici", ["Ada", "Ben", "Cleo"], seed=2, first_player=1),
                      seats=["human", "random", "random"], bot_delay=0.01, bots_async=True)
        assert app.state.current_player == 1  # a bot opens, in a task: the constructor returns at once
        assert "bg-bot-turn" in css_classes(app)
        await app.wait_idle()
        assert app.state.current_player == 0 and "bg-human-turn" in css_classes(app)
        rng = random.Random(2)
        while not app.state.is_over:
            rng.choice(enabled_moves(app)).click()
            await app.wait_idle()
        assert app.errors == []
        assert ranking_rows(app.over_panel.value) == engine_ranking(app.state)
        return app

    run(scenario())


def test_a_bot_that_fails_in_its_task_is_said_in_a_sentence_and_the_bots_stop():
    async def scenario():
        app = GameApp(Match.new("medici", ["Ada", "Ben", "Cleo"], seed=2, first_player=1),
                      seats=["human", "random", "random"], bot_delay=0, bots_async=True)

        def broken(state):
            raise RuntimeError("the bot lost its cards")

        app.bots[1].choose = broken  # the task has not run yet: it starts at the next await
        await app.wait_idle()
        await asyncio.sleep(0.01)
        assert "Something went wrong" in app.status.value and "the bot lost its cards" in app.errors[0]
        assert not app.bots_thinking and app.fast_forward_button.layout.display == "none"

    run(scenario())


def test_undo_while_a_bot_thinks_cancels_its_move():
    async def scenario():
        app = GameApp(Match.new("medici", ["Ada", "Ben", "Cleo"], seed=3),
                      seats=["human", "random", "random"], bot_delay=0.2, bots_async=True)
        enabled_moves(app)[0].click()
        while app.state.current_player == 0:
            enabled_moves(app)[0].click()
        assert app.bots_thinking
        app.undo_button.click()
        ply = app.match.ply
        await asyncio.sleep(0.4)
        assert app.match.ply == ply and app.state.current_player == 0
        assert app.errors == []

    run(scenario())


def test_a_game_of_bots_only_can_be_fast_forwarded():
    async def scenario():
        app = GameApp(Match.new("medici", ["Ada", "Ben", "Cleo"], seed=5), seats=["random"] * 3, bot_delay=0.5,
                      bots_async=True)
        button = app.fast_forward_button
        assert "bg-fast-forward" in css_classes(button) and "bg-move" not in css_classes(button)
        await asyncio.sleep(0.05)
        assert button.layout.display != "none" and app.only_bots_to_move
        started = time.perf_counter()
        button.click()
        assert button.layout.display == "none" and "Fast-forward" in app.status.value
        await app.wait_idle(30)
        # about 90 moves, at the paused pace they would take 45 seconds
        assert app.state.is_over and time.perf_counter() - started < 10
        assert button.layout.display == "none" and not app.bot_runner.hurried
        assert app.errors == []

    run(scenario())


def test_fast_forward_is_offered_while_the_human_sits_out_and_stops_when_they_decide_again():
    """A Medici player with a full ship sits out the rest of the day: the bots play on and may be fast-forwarded,
    up to the human's next decision (the next day)."""
    async def scenario():
        app = GameApp(Match.new("medici", ["Ada", "Ben", "Cleo"], seed=1), seats=["human", "random", "random"],
                      bot_delay=0.05, bots_async=True)
        button = app.fast_forward_button
        forwarded = 0
        while not app.state.is_over:
            await asyncio.sleep(0.01)
            offered = button.layout.display != "none"
            assert offered == (app.bots_thinking and not app.bot_runner.hurried and app.state.is_full(0)), app.match.ply
            if offered and not forwarded:
                app.bot_delay = 0.5  # so slow that only a fast-forward finishes the day in time
                ply, started = app.match.ply, time.perf_counter()
                button.click()
                await app.wait_idle(30)
                forwarded = app.match.ply - ply
                assert forwarded > 1 and time.perf_counter() - started < 0.5 * forwarded / 2
                assert app.state.is_over or app.state.current_player == 0  # up to the human's next decision
                assert not app.bot_runner.hurried
                app.bot_delay = 0.05
            if app.state.current_player == 0 and not app.bots_thinking:
                low = [b for b in enabled_moves(app) if b is app.controls.min_bid and not b.disabled]
                (low or enabled_moves(app))[0].click()  # bid low and often: the ship fills up
        assert forwarded and app.errors == []

    run(scenario())


def test_a_human_to_move_is_never_offered_a_fast_forward():
    app = new_app(seats=["human", "random", "random"], seed=7)
    play_out(app, random.Random(7), check=lambda app: assert_no_fast_forward(app))
    app.fast_forward()  # pressed anyway (a stale page): refused with a sentence, nothing happens
    assert app.message.kind == "error" and not app.bot_runner.hurried


def assert_no_fast_forward(app) -> None:
    assert app.fast_forward_button.layout.display == "none" and not app.only_bots_to_move


def test_the_dashboard_reads_its_test_settings_from_the_environment(monkeypatch):
    monkeypatch.setenv("BOARDGAMES_SEED", "42")
    monkeypatch.setenv("BOARDGAMES_BOT_DELAY", "0.05")
    app = dashboard("medici")
    assert app.state.to_json() == medici.new_game(["Ada", "Ben", "Cleo"], seed=42).to_json()
    assert app.bot_delay == 0.05 and app.seats[0] == "human"


def test_walk_skips_hidden_widgets():
    app = new_app()
    assert app.controls.stows[0] not in list(walk(app))


def test_a_game_without_a_view_is_refused_by_name(monkeypatch):
    """The shell has no fallback view: a game nobody wrote a view for is named, with what to do."""
    monkeypatch.setattr(registry, "VIEWS", {"medina": "widgets.games.medina"})
    with pytest.raises(registry.NoView, match="'medici' has no view.*widgets.kit.registry.VIEWS"):
        new_app()
    assert registry.games() == ["medina"]


def test_a_view_that_fails_to_import_fails_loudly(monkeypatch):
    monkeypatch.setitem(registry.VIEWS, "medici", "widgets.no_such_view")
    with pytest.raises(ModuleNotFoundError, match="widgets.no_such_view"):
        new_app()


def test_the_form_offers_the_registered_games_with_their_player_counts_and_bot_levels():
    from boardgames import GAMES

    app = new_app()
    form = app.setup_form
    assert [value for _, value in form.game_pick.options] == registry.games()
    assert registry.games() == ["medici", "medina", "metropolis", "marcopolo"]
    for game in registry.games():
        form.game_pick.value = game
        assert list(form.count.options) == list(GAMES[game].PLAYERS)
        assert set(form.seats) <= {"human", *bot_levels(game)}
    form.game_pick.value = "medici"
