"""Learning while playing, in plain Python (bots move at once): "Suggest a move" shows the expert's three best moves
with their worth and reasons, marks the first on the board and plays it in one click; the log says a hint was
used; a hint goes stale at a move, an undo or a replay; a page may turn hints off. Each bot move in the log opens
on the bot's reasons, and no reasons show a human seat what that bot's hidden cards are."""

from __future__ import annotations

import random
import re

import pytest
from test_widgets_marcopolo import assert_no_goal_of_another_seat
from test_widgets_metropolis import assert_no_secret_shown
from test_widgets_tables import classmate_page, creator_page, tables  # noqa: F401 (a fixture)

from boardgames import GAMES, Match
from boardgames.bots import make_bot
from classroom.tables import CLASSMATE
from widgets.kit.marks import MARKED
from widgets.shell import GameApp
from widgets.shell.hint import OFF

NAMES = ["Ada", "Ben", "Cleo"]
GAME_NAMES = ["medici", "medina", "metropolis", "marcopolo"]
QUIET = {"bots_async": False, "bot_delay": 0}
TAG = re.compile(r"<[^>]+>")


def new_app(game: str, seats=("human", "expert", "expert"), seed: int = 5, **options) -> GameApp:
    return GameApp(Match(GAMES[game].new_game(list(NAMES[: len(seats)]), seed=seed, **options)), seats=list(seats),
                   **QUIET)


def text_of(fragment: str) -> str:
    """What a reader sees of an HTML fragment."""
    import html

    return " ".join(html.unescape(TAG.sub(" ", fragment)).split()).replace(" .", ".").replace(" :", ":")


def play_until_choices(app: GameApp, rng: random.Random, choices: int = 3, limit: int = 200) -> None:
    """Play random legal moves for the human seats until one of them faces at least ``choices`` moves."""
    for _ in range(limit):
        state = app.state
        assert not state.is_over, "the game ended before a decision with enough choices"
        moves = state.legal_moves()
        if app.is_human(state.current_player) and len(moves) >= choices:
            return
        app.play(rng.choice(moves))
    raise AssertionError("no decision with enough choices")


def ask(app: GameApp) -> list:
    app.hint_panel.button.click()
    assert app.errors == []
    return app.hint_panel.suggestions


def log_details(app: GameApp) -> dict[int, str]:
    """The log's bot moves to open, by move number: each ``<details>`` as the page gets it."""
    return {int(m.group(2)): m.group(1)
            for m in re.finditer(r"(<details class='bg-reasons' data-ply='(\d+)'.*?</details>)", app.log_view.value)}


def hint_notes(app: GameApp) -> list[str]:
    return [text_of(t) for t in re.findall(r"<div class='bg-hint-note'[^>]*>(.*?)</div>", app.log_view.value)]


# ------------------------------------------------------------------------------------- suggest a move


@pytest.mark.parametrize("game", GAME_NAMES)
def test_the_hint_shows_the_three_best_moves_with_their_worth_and_reason(game):
    app = new_app(game)
    play_until_choices(app, random.Random(1))
    state = app.state
    assert not app.hint_panel.button.disabled and app.hint_panel.play_button.layout.display == "none"
    suggestions = ask(app)
    assert len(suggestions) == 3
    legal = state.legal_moves()
    shown = re.findall(r"<li class='bg-hint-move'.*?</li>", app.hint_panel.text.value)
    assert len(shown) == 3
    for judgement, item in zip(suggestions, shown):
        assert judgement.move in legal
        assert judgement.worth and judgement.reason
        text = text_of(item)
        assert str(judgement.move) in text and str(judgement.worth) in text
        assert str(judgement.reason)[1:40] in text  # the expert's own sentence (its first letter made a capital)
    assert re.search(r"\d", text_of(app.hint_panel.text.value)), "a worth without a number"
    assert app.hint_panel.play_button.layout.display is None


@pytest.mark.parametrize("game", GAME_NAMES)
def test_the_first_suggestion_is_marked_on_the_board_until_the_next_move(game):
    app = new_app(game)
    play_until_choices(app, random.Random(2))
    first = ask(app)[0].move
    board = app.board
    assert board.marked == first and MARKED in board._dom_classes
    assert board.mark_caption.layout.display is None and str(first) in text_of(board.mark_caption.value)
    if game == "medina":
        assert [c + 0.5 for c in board._mark.x[0][:1]] != [-4.5], "no outline drawn around the square"
    app.play(next(m for m in app.state.legal_moves() if m != first))
    assert board.marked is None and MARKED not in board._dom_classes
    assert board.mark_caption.layout.display == "none"


@pytest.mark.parametrize("game", GAME_NAMES)
def test_one_click_plays_the_first_suggestion_and_the_log_says_a_hint_was_used(game):
    app = new_app(game)
    play_until_choices(app, random.Random(3))
    ply = app.match.ply
    first = ask(app)[0]
    assert hint_notes(app) == [f"Ada asked for a hint at move {ply}: suggested {first.move} ({first.worth})."]
    app.hint_panel.play_button.click()
    assert app.errors == [] and app.match.moves[ply] == first.move
    assert f"Ada asked for a hint at move {ply}: suggested {first.move} ({first.worth}); Ada played it." in \
        hint_notes(app)
    assert app.hint_panel.suggestions == [] and app.hint_panel.play_button.layout.display == "none"


def test_the_log_says_when_another_move_than_the_suggestion_was_played():
    app = new_app("medina")
    play_until_choices(app, random.Random(4))
    ply = app.match.ply
    first = ask(app)[0].move
    other = next(m for m in app.state.legal_moves() if m != first)
    app.play(other)
    assert hint_notes(app) == [f"Ada asked for a hint at move {ply}: suggested {first} "
                               f"({app.notes.hint_at(ply, app.match.states).suggestions[0].worth}); "
                               f"Ada played {other} instead."]


def test_a_hint_goes_stale_at_a_move_an_undo_or_a_replay():
    app = new_app("medina")
    rng = random.Random(5)
    play_until_choices(app, rng)
    app.play(rng.choice(app.state.legal_moves()))
    play_until_choices(app, rng)

    def stale() -> bool:
        panel = app.hint_panel
        return (panel.suggestions == [] and panel.play_button.layout.display == "none"
                and "bg-hint-move" not in panel.text.value and app.board.marked is None)

    ask(app)
    app.start_replay(1)
    assert stale() and app.hint_panel.button.disabled
    app.go_live()
    ask(app)
    app.undo()
    assert stale()
    play_until_choices(app, rng)
    ask(app)
    app.play(rng.choice(app.state.legal_moves()))
    assert stale()


def test_undo_past_a_hint_drops_it_from_the_log():
    app = new_app("medina")
    rng = random.Random(6)
    play_until_choices(app, rng)
    start = app.match.ply
    app.play(rng.choice(app.state.legal_moves()))
    play_until_choices(app, rng)
    asked_at = app.match.ply
    ask(app)
    app.hint_panel.play_button.click()
    assert any(f"hint at move {asked_at}" in n for n in hint_notes(app))
    while app.match.ply > start:
        app.undo()
    assert hint_notes(app) == []  # undone past it: gone from the log
    app.redo()
    app.redo()
    assert any(f"hint at move {asked_at}" in n for n in hint_notes(app))  # Redo brings the same moves back
    while app.match.ply > start:
        app.undo()
    app.play(next(m for m in app.state.legal_moves() if m != app.match._moves[start]))
    play_until_choices(app, rng)
    assert hint_notes(app) == []  # another move made: that game is gone, and its hint with it


def test_a_page_without_hints_hides_the_button_and_says_so():
    app = new_app("medici")
    assert app.hints_allowed is True
    app.hints_allowed = False
    panel = app.hint_panel
    assert panel.button.layout.display == "none" and str(OFF) in panel.text.value
    panel.ask()
    assert panel.suggestions == [] and app.notes.hint_at(app.match.ply, app.match.states) is None
    app.new_game(list(NAMES), seats=["human", "expert", "expert"], seed=9)
    assert app.hints_allowed is False and panel.button.layout.display == "none"  # the page's setting stays
    app.hints_allowed = True
    assert panel.button.layout.display is None and not panel.button.disabled
    assert len(ask(app)) >= 1


def test_the_hint_is_for_a_human_decision_in_the_live_game():
    bots_only = new_app("medici", seats=("expert", "expert", "expert"))
    assert bots_only.state.is_over and bots_only.hint_panel.button.disabled
    bots_only.hint_panel.ask()
    assert bots_only.hint_panel.suggestions == [] and "game is over" in bots_only.hint_panel.text.value


def test_a_hint_shown_to_one_human_is_not_read_by_the_other_on_the_same_page():
    app = new_app("medina", seats=("human", "human", "expert"))
    play_until_choices(app, random.Random(7))
    while app.state.current_player != 0:
        app.play(app.state.legal_moves()[0])
    ply = app.match.ply
    first = ask(app)[0].move
    app.play(first)
    while app.state.current_player == 0:
        app.play(app.state.legal_moves()[0])
    assert app.viewer == 1
    assert hint_notes(app) == [f"Ada asked for a hint at move {ply}."]
    assert str(first) not in " ".join(hint_notes(app))


def test_at_a_table_hints_are_for_the_pages_own_seat(tables):  # noqa: F811 (the fixture)
    ada = creator_page("medina", kinds=("human", CLASSMATE, "expert"))
    ben = classmate_page(tables, ada, 1)
    assert ada.turn == "human" and not ada.hint_panel.button.disabled
    assert ben.hint_panel.button.disabled and "wait for your turn" in ben.hint_panel.text.value
    ben.hint_panel.ask()
    assert ben.hint_panel.suggestions == []
    ask(ada)
    ada.hint_panel.play_button.click()
    while ada.turn == "human":
        ada.play(ada.state.legal_moves()[0])
    ben._sync_table()
    assert ben.turn == "human" and len(ask(ben)) == 3
    ada._sync_table()
    assert hint_notes(ada) == ["Ada asked for a hint at move 0: suggested "
                               f"{ada.match.moves[0]} ({ada.notes.hint_at(0, ada.match.states).suggestions[0].worth}); "
                               "Ada played it."]


# ------------------------------------------------------------------------------------- the bots' reasons


@pytest.mark.parametrize("game", ["medici", "medina", "metropolis"])
def test_each_bot_move_in_the_log_opens_on_its_best_alternatives_with_worth_and_reason(game):
    app = new_app(game)
    rng = random.Random(8)
    for _ in range(3):
        play_until_choices(app, rng, choices=2)
        app.play(rng.choice(app.state.legal_moves()))
    details = log_details(app)
    bot_moves = [p + 1 for p, s in enumerate(app.match.states[:-1]) if s.current_player in (1, 2)]
    shown = [n for n in bot_moves if n in details]
    assert shown and shown == bot_moves[-len(shown):]  # every bot move the log still shows (newest lines) opens
    explained = 0
    for n in shown:
        body = text_of(details[n])
        assert f"make move {n}?" in body
        judgements_kept = app.notes.reasons_at(n - 1, app.match.states).reasons
        assert judgements_kept["move"] == str(app.match.moves[n - 1])
        if judgements_kept["explained"]:
            explained += 1
            options = re.findall(r"<li class='bg-reason[^']*'>(.*?)</li>", details[n])
            assert 2 <= len(options) <= 3 and "bg-chosen" in details[n]
            assert text_of(options[0]).startswith(f"{app.match.moves[n - 1]} (played): ")
            for option, kept in zip(options, judgements_kept["options"]):
                assert str(kept["worth"]) in text_of(option) and re.search(r"\d", str(kept["worth"]))
        else:
            assert "only legal move" in body
    assert explained


def test_a_random_bot_says_it_weighed_nothing():
    app = new_app("medina", seats=("human", "random", "random"))
    while app.match.ply < 6:
        app.play(app.state.legal_moves()[0])
    details = log_details(app)
    assert details and all("weighed nothing" in text_of(d) for d in details.values())


def test_a_bots_move_made_on_another_page_of_the_table_says_its_reasons_are_kept_there(tables):  # noqa: F811
    ada = creator_page("medina", kinds=("human", CLASSMATE, "expert"))
    ben = classmate_page(tables, ada, 1)
    for page in (ada, ben, ada, ben):  # each places its two pieces; the bot moves from whichever page is open
        page._sync_table()
        while page.turn == "human":
            page.play(page.state.legal_moves()[0])
    ada._sync_table()
    ben._sync_table()
    bot_plies = [p for p, s in enumerate(ben.match.states[:-1]) if s.current_player == 2]
    assert bot_plies
    made_by = {p: name for p in bot_plies for page, name in ((ada, "ada"), (ben, "ben"))
               if page.notes.reasons_at(p, page.match.states)}
    assert sorted(made_by) == bot_plies  # Ben's page moves the bot that follows him: Ada's never does here
    for page, name in ((ada, "ada"), (ben, "ben")):
        details = log_details(page)
        for p in bot_plies:
            text = text_of(details[p + 1])
            if made_by[p] == name:
                assert "(played)" in text or "only legal move" in text
            else:
                assert "moved on another page of this table: its reasons are kept there" in text


# ------------------------------------------------------------------------------------- secrets


def bot_moves(app: GameApp) -> list[int]:
    """The plies the bots moved from, oldest first."""
    return [p for p, s in enumerate(app.match.states[:-1]) if app._bot_level(s.current_player)]


def reasons_seen_in(app: GameApp, ply: int, world_seed: int, private: bool | None = None) -> str:
    """What the human's page shows of the reasons of the bot that moved at ``ply``, had the bot judged in a world
    where all the human cannot know (the bot's own hand, its goal cards, the decks) were drawn from
    ``world_seed``; ``private`` overrides the engine's word (``keeps_secrets``) on whether those reasons read the bot's
    secrets."""
    states = app.match.states
    before, seat = states[ply], states[ply].current_player
    world = before.determinize(app.viewer, random.Random(world_seed))
    bot = make_bot(app.game, app.seats[seat], seed=11)
    bot.choose(world)
    secret = GAMES[app.game].keeps_secrets(before) if private is None else private
    app.notes.reasons(ply, states[ply + 1], seat, app.seats[seat], bot.last_judgements, secret)
    app.refresh_log()
    return log_details(app)[ply + 1]


@pytest.mark.parametrize("game, options, plies, secret", [
    ("medici", {}, 12, False),
    ("medina", {}, 12, False),
    ("metropolis", {"deed_draft": True}, 4, True),  # in the draft: a bot's hand and the deed it kept
    ("metropolis", {}, 12, False),
    ("marcopolo", {}, 12, True),  # a bot's goal cards
])
def test_a_human_seats_log_never_shows_what_a_bot_may_hide(game, options, plies, secret):
    app = new_app(game, **options)
    rng = random.Random(12)
    while app.match.ply < plies:
        app.play(rng.choice(app.state.legal_moves()))
    assert app.viewer == 0 and app.errors == []
    if game == "marcopolo":
        assert_no_goal_of_another_seat(app, 0)
    if game == "metropolis":
        assert_no_secret_shown(app, 0)
    moved = [p for p in bot_moves(app) if len(app.match.states[p].legal_moves()) > 1]
    assert moved
    for ply in moved[-3:]:
        # the reasons the page shows are the same whatever the bot's secrets are
        seen = {reasons_seen_in(app, ply, seed) for seed in (1, 2)}
        assert len(seen) == 1, "the log shows reasons that read what the human cannot know"
        shown = "(played)" in text_of(seen.pop())
        assert shown is not secret
    if secret:  # the check can fail: shown live, those reasons would differ with the bot's secrets
        differ = [len({reasons_seen_in(app, ply, seed, private=False) for seed in (1, 2)}) > 1 for ply in moved]
        assert any(differ)


def test_a_marco_polo_bots_reasons_open_once_the_game_is_over():
    state = GAMES["marcopolo"].new_game(NAMES, seed=3)
    rng = random.Random(3)
    states = [state]
    while not state.is_over:
        state = state.play(rng.choice(state.legal_moves()))
        states.append(state)
    app = GameApp(Match(states[-40]), seats=["human", "expert", "expert"], **QUIET)
    while not app.state.is_over:
        before = {n: d for n, d in log_details(app).items()}
        assert before and all("open here once the game is over" in text_of(d) for d in before.values())
        app.play(rng.choice(app.state.legal_moves()))
    details = log_details(app)
    assert details and not any("open here once the game is over" in text_of(d) for d in details.values())
    assert any("(played)" in text_of(d) for d in details.values())
