"""The guided first game's widget (``widgets.shell.first_game``), driven from Python as a learner drives it: each step
played by clicks on the game's own controls and board, a wrong move refused with a sentence naming the rule, the
bots' moves told in the log, "Stop" and "Start again", and the scoring explained line by line at the end."""

from __future__ import annotations

import asyncio
import html
import re

import ipywidgets as W
import pytest
from support.widget_driver import page_text, walk

from boardgames import marcopolo as mp
from boardgames import medici, metropolis
from boardgames.core import events_seen_from
from boardgames.guided import learner_steps
from widgets.games.marcopolo import goal_text
from widgets.kit.marks import SUGGESTED
from widgets.kit.protocol import css_classes
from widgets.shell.first_game import STOPPED_TEXT, FirstGameWidget

GAMES = ["medici", "medina", "metropolis", "marcopolo"]


def first_game(game: str) -> FirstGameWidget:
    return FirstGameWidget(game, asynchronous=False, bot_delay=0)


def step_box(widget: FirstGameWidget) -> dict[str, str]:
    """The guide's box as the page shows it: its data attributes and its text."""
    value = widget.step_box.value
    attributes = dict(re.findall(r"data-([\w-]+)='([^']*)'", value))
    return {**attributes, "text": re.sub(r"<[^>]+>", "", value)}


def verdict(widget: FirstGameWidget) -> tuple[str | None, str]:
    """(data-right, text) of the verdict line; (None, "") when it says nothing."""
    value = widget.verdict.value
    right = re.search(r"data-right='(\w+)'", value)
    return (right.group(1) if right else None), re.sub(r"<[^>]+>", "", value)


def unescape(text: str) -> str:
    return text.replace("&#x27;", "'").replace("&quot;", '"').replace("&amp;", "&").replace("&lt;", "<") \
        .replace("&gt;", ">")


# ------------------------------------------------------------------ a learner's clicks, game by game
def click_medici(widget: FirstGameWidget, move) -> int:
    c = widget.controls
    if isinstance(move, medici.Bid):
        if move.amount == c.min_amount:
            c.min_bid.click()
            return 1
        c.bid_amount.value = move.amount  # the slider moved to the amount, then Bid
        c.bid.click()
        return 2
    button = {medici.Draw: c.draw, medici.Auction: c.auction, medici.Pass: c.pass_}.get(type(move))
    (button or c.stows[medici.STOWS.index(move)]).click()
    return 1


def click_medina(widget: FirstGameWidget, move) -> int:
    c, clicks = widget.controls, 0
    if c.piece != (move.piece, move.colour):  # the piece is chosen already when it is the only one that may go
        c.buttons[(move.piece, move.colour)].click()
        clicks += 1
    widget.board.click(move.at)
    return clicks + 1


def click_metropolis(widget: FirstGameWidget, move) -> int:
    c, board = widget.controls, widget.board
    if isinstance(move, metropolis.Income):
        c.income.click()
        return 1
    if isinstance(move, (metropolis.Buy, metropolis.Pick)):
        board.click(move.cell)  # a deed's cell on the city, or a cell of the hand in the draft
        return 1
    c.tile_buttons[move.tile].click()
    clicks, before = 1, len(widget.guide.moves)
    for cell in move.cells:  # each click narrows the footprints; the last one left is built
        board.click(cell)
        clicks += 1
        if len(widget.guide.moves) != before:
            break
    return clicks


def click_marcopolo(widget: FirstGameWidget, move) -> int:
    c = widget.controls
    if isinstance(move, mp.EndTurn):
        c.end.click()
        return 1
    clicks = 0
    if isinstance(move, (mp.Reroll, mp.Adjust)):  # the die first, then its bonus button
        c.die_buttons[list(c._held).index(move.die)].click()
        clicks += 1
    if isinstance(move, (mp.Fulfil, mp.BuyBlackDie, mp.Reroll, mp.Adjust)):
        [button] = [b for b, m in zip(c.bonus_buttons, c._bonus_moves) if m == move]
        button.click()
        return clicks + 1
    if not isinstance(move, mp.Choose):
        space = mp.space_of(move)
        ({**c.space_buttons, **c.card_buttons})[space].click()
        clicks += 1
    shown = [b for b in c.move_buttons if not b.disabled and b.tooltip == str(move)]
    if not shown:  # more moves than buttons: the move's dice narrow them
        for die in mp.dice_of(move):
            c.die_buttons[[k for k, d in enumerate(c._held) if d == die and k not in c.chosen][0]].click()
            clicks += 1
        ({**c.space_buttons, **c.card_buttons})[mp.space_of(move)].click()
        shown = [b for b in c.move_buttons if not b.disabled and b.tooltip == str(move)]
    shown[0].click()
    return clicks + 1


CLICK = {"medici": click_medici, "medina": click_medina, "metropolis": click_metropolis,
         "marcopolo": click_marcopolo}


def play_by_clicks(widget: FirstGameWidget) -> int:
    """Play every step of the guide by clicks on the controls and the board, to the end; the clicks made."""
    clicks = 0
    while (step := widget.guide.step()) is not None:
        before = widget.guide.progress[0]
        assert unescape(step_box(widget)["move"]) == str(step.move)
        clicks += CLICK[widget.game](widget, step.move)
        assert widget.guide.progress[0] == before + 1, f"the clicks for {step.move} did not play it: " \
                                                       f"{verdict(widget)[1]}"
        assert verdict(widget)[0] == "true"
    return clicks


# ------------------------------------------------------------------ the tests
@pytest.mark.parametrize("game", GAMES)
def test_the_guide_says_the_first_move_and_marks_it_on_the_board(game):
    widget = first_game(game)
    step = widget.guide.step()
    box = step_box(widget)
    assert box["state"] == "learner" and box["step"] == "1"
    assert unescape(box["move"]) == str(step.move)
    assert f"Move 1 of {learner_steps(game)}" in unescape(box["text"]) and step.say in unescape(box["text"])
    assert "bg-marked" in css_classes(widget.board)
    assert f"{SUGGESTED}: <b>{step.move}</b>" in unescape(widget.board.mark_caption.value)
    assert [w for w in walk(widget.controls) if "bg-move" in css_classes(w) or "bg-choose" in css_classes(w)]
    assert widget.scoring.layout.display == "none" and widget.errors == []
    # the log begins with the set-up, as the learner's seat may read it
    seen = events_seen_from(widget.state.events, widget.guide.learner)
    assert seen and all(html.escape(e.text) in widget.log_view.value for e in seen)


@pytest.mark.parametrize("game", GAMES)
def test_a_move_other_than_the_guides_is_refused_with_the_rule_and_changes_nothing(game):
    widget = first_game(game)
    step, state = widget.guide.step(), widget.state
    other = next(m for m in state.legal_moves() if m != step.move)
    feedback = widget.play(other)
    right, text = verdict(widget)
    assert right == "false" and not feedback.right
    assert step.rule in unescape(text) and step.say in unescape(text)
    assert widget.state is state and widget.guide.step() == step and widget.guide.moves == []
    assert step_box(widget)["move"] == step_box(first_game(game))["move"]  # the guide still asks the same
    assert "bg-marked" in css_classes(widget.board)


def test_an_illegal_medici_click_gets_the_engines_refusal_and_its_rule():
    widget = first_game("medici")
    feedback = widget.play(medici.Bid(3))  # nothing is on offer yet: no bid is legal
    refusal = widget.state.check(medici.Bid(3), widget.guide.learner)
    assert not feedback.right and feedback.rule == refusal.rule
    right, text = verdict(widget)
    assert right == "false" and refusal.rule in unescape(text) and widget.guide.moves == []


def test_the_medici_first_game_by_clicks_ends_with_the_scoring_line_by_line():
    widget = first_game("medici")
    clicks = play_by_clicks(widget)
    assert widget.guide.over and widget.errors == []
    print(f"\nMedici's first game: {learner_steps('medici')} moves of the learner, {clicks} clicks")
    assert clicks >= learner_steps("medici")
    box = step_box(widget)
    assert box["state"] == "over" and box["move"] == ""
    assert widget.scoring.layout.display != "none"
    shown = [unescape(li) for li in re.findall(r"<li>(.*?)</li>", widget.scoring.value)]
    assert shown == widget.guide.scoring() and len(shown) >= 3
    assert "bg-guide-scoring" in widget.scoring.value
    assert "bg-marked" not in css_classes(widget.board)
    assert widget.stop_button.disabled and not widget.restart_button.disabled
    # the log told every bot move, newest first
    narrations = [p.narration.text for p in widget.guide.script.plies if p.narration is not None]
    log = unescape(widget.log_view.value)
    assert all(text in log for text in narrations)
    assert log.index(narrations[-1]) < log.index(narrations[0])


@pytest.mark.parametrize("game", ["medina", "metropolis", "marcopolo"])
def test_every_first_game_can_be_played_to_its_end_by_clicks(game):
    widget = first_game(game)
    clicks = play_by_clicks(widget)
    assert widget.guide.over and widget.errors == []
    print(f"\n{game}'s first game: {learner_steps(game)} moves of the learner, {clicks} clicks")
    assert step_box(widget)["state"] == "over" and widget.scoring.layout.display != "none"


def test_stop_keeps_the_board_makes_the_controls_inactive_and_start_again_goes_to_the_top():
    widget = first_game("medici")
    for _ in range(3):
        click_medici(widget, widget.guide.step().move)
    state, done = widget.state, widget.guide.progress[0]
    assert done == 3 and widget.lines
    widget.stop_button.click()
    box = step_box(widget)
    assert box["state"] == "stopped" and box["move"] == "" and STOPPED_TEXT in unescape(box["text"])
    assert widget.state is state and "bg-marked" not in css_classes(widget.board)
    assert all(b.disabled for b in widget.controls.buttons)
    assert "Start again" in widget.controls.pass_.tooltip  # a control says why it is off
    assert widget.stop_button.disabled
    assert not widget.play(widget.guide.step().move).right and widget.state is state  # a move is refused
    widget.restart_button.click()
    box = step_box(widget)
    assert box["state"] == "learner" and box["step"] == "1"
    assert widget.guide.moves == [] and widget.lines == first_game("medici").lines and verdict(widget) == (None, "")
    assert not widget.stop_button.disabled and any(not b.disabled for b in widget.controls.buttons)


def test_the_board_and_the_controls_always_show_the_learners_seat():
    widget = first_game("marcopolo")
    viewers, seats = [], []
    show, update = widget.board.show, widget.controls.update
    widget.board.show = lambda state, viewer=None: (viewers.append(viewer), show(state, viewer))[1]
    widget.controls.update = lambda state, seat, active, reason=None: (seats.append(seat),
                                                                       update(state, seat, active, reason))[1]
    for _ in range(6):
        click_marcopolo(widget, widget.guide.step().move)
    assert viewers and set(viewers) == {widget.guide.learner} and set(seats) == {widget.guide.learner}


def test_no_goal_card_of_the_bot_reaches_the_learners_page_before_the_end():
    widget = first_game("marcopolo")
    checked = 0
    while (step := widget.guide.step()) is not None:
        state = widget.state
        if widget.guide.progress[0] % 5 == 0:
            text = page_text(widget)
            mine = set(state.goals(widget.guide.learner))
            theirs = {g for seat in range(state.players) for g in state.goals(seat)} - mine
            assert theirs and not [g for g in theirs if goal_text(g) in text]
            assert all(goal_text(g) in text for g in mine)
            checked += 1
        click_marcopolo(widget, step.move)
    assert checked > 5


def test_in_a_kernel_the_bots_play_one_after_another_with_a_pause():
    async def scenario() -> tuple[list[list[int]], FirstGameWidget]:
        widget = FirstGameWidget("medici", asynchronous=True, bot_delay=0.01)
        stretches = []  # the log's length seen while the bots play, stretch by stretch
        while not widget.guide.over:
            if widget.busy:
                assert step_box(widget)["state"] == "bots" and all(b.disabled for b in widget.controls.buttons)
                assert not widget.play(medici.Pass()).right  # not her turn: refused, nothing changes
                seen = []
                while widget.busy:
                    seen.append(len(widget.lines))
                    await asyncio.sleep(0.002)
                stretches.append(seen)
            else:
                widget.play(widget.guide.step().move)
        return stretches, widget

    stretches, widget = asyncio.run(scenario())
    assert len(stretches) > 10
    assert any(len(set(seen)) >= 2 for seen in stretches), "the log grew as the bots moved, one move at a time"
    assert step_box(widget)["state"] == "over" and widget.errors == []


def test_stop_while_the_bots_play_ends_their_task():
    async def scenario() -> FirstGameWidget:
        widget = FirstGameWidget("medici", asynchronous=True, bot_delay=0.05)
        while widget.guide.step() is not None:
            widget.play(widget.guide.step().move)
        moves = len(widget.guide.moves)
        widget.stop()
        await asyncio.sleep(0.2)
        assert len(widget.guide.moves) == moves and not widget.busy
        widget.restart()
        await asyncio.sleep(0)
        return widget

    widget = asyncio.run(scenario())
    assert widget.guide.moves == [] and step_box(widget)["state"] == "learner"


def test_the_notebook_entry_point_shows_the_widget(monkeypatch):
    from widgets import notebook

    shown = []
    monkeypatch.setattr(notebook, "display", lambda data, raw=False: shown.append(data))
    notebook.first_game("medici")
    [data] = shown
    assert data[notebook.WIDGET_VIEW]["model_id"]
    assert "Your first game of Medici" in data["text/plain"]


def test_every_control_is_a_widget_of_the_page():
    widget = first_game("medina")
    assert isinstance(widget, W.VBox) and "bg-first-game" in css_classes(widget)
    for cls in ("bg-guide-restart", "bg-guide-stop"):
        assert [w for w in walk(widget) if cls in css_classes(w)]
