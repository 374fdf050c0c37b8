"""Saving and loading a game, playing on from a replayed move, and a position in a link, in Python as the browser
would drive them: a bad file or link changes nothing, and a link holds no card its player could not see."""

from __future__ import annotations

import json
import random
import re
import urllib.parse

import pytest
from support.widget_driver import page_text, walk
from test_widgets_tables import NAMES, QUIET, creator_page, tables  # noqa: F401 (the class store fixture)

from boardgames import GAMES, Match, load
from boardgames.core.links import position_link
from widgets.shell import GameApp
from widgets.shell.address import follow_address
from widgets.shell.saves import open_link

PLAYERS = {"medici": 3, "medina": 3, "metropolis": 3, "marcopolo": 3}


def new_app(game: str = "medici", seats=("human", "random", "random"), seed: int = 3) -> GameApp:
    return GameApp(Match.new(game, list(NAMES[: len(seats)]), seed=seed), seats=list(seats), **QUIET)


def play_human_moves(app: GameApp, moves: int, seed: int = 1) -> None:
    """The human seat plays ``moves`` random legal moves (the bots answer at once)."""
    rng = random.Random(seed)
    for _ in range(moves):
        if app.state.is_over:
            return
        app.play(rng.choice(app.state.legal_moves()))
    assert app.errors == []


def unchanged(app: GameApp):
    """What must stay as it was when a file or a link is refused."""
    return app.match, app.match.ply, app.state, list(app.seats), app.board.state


def move_counter(app: GameApp) -> int:
    return int(re.search(r"data-ply='(\d+)'", app.status.value).group(1))


def as_seen_by(state, seat: int) -> str:
    """Everything ``seat`` may know of ``state`` (a link for it with a fixed draw of the rest)."""
    return position_link(Match(state), seat, rng=random.Random(0))


# ---------------------------------------------------------------------- saving and loading
def test_save_offers_the_game_so_far_at_any_time_and_drops_it_at_the_next_move():
    app = new_app(seats=("human", "random", "random"))
    play_human_moves(app, 4)
    assert "bg-save-file" not in app.saves.save_file.value  # nothing of the game is in the page before it is asked
    name = app.saves.make_save()
    assert name == f"medici-move-{app.match.ply}.json"
    href = re.search(r"href='data:application/json;charset=utf-8,([^']*)'", app.saves.save_file.value).group(1)
    saved = json.loads(urllib.parse.unquote(href))
    assert saved["seats"] == ["human", "random", "random"]
    again = load(urllib.parse.unquote(href))
    assert again.moves == app.match.moves and again.state == app.state
    play_human_moves(app, 1, seed=2)
    assert app.saves.save_file.value == "" and app.saves.save_file.layout.display == "none"


def test_a_save_loads_with_its_seats_on_another_page():
    first = new_app(seats=("human", "random", "expert"), seed=3)
    play_human_moves(first, 5)
    second = new_app(seed=9)
    assert second.saves.load_file(first.saves.save_document().encode(), "ada.json")
    assert second.match.moves == first.match.moves and second.state == first.state
    assert second.seats == ["human", "random", "expert"] and second.board.state is second.state
    assert second.message.kind == "info" and second.message.text.startswith("Loaded ada.json: Ada, Ben and Cleo's")
    assert second.errors == []


def test_a_file_picked_in_the_upload_loads_and_the_upload_is_ready_for_another():
    first = new_app(seed=3)
    play_human_moves(first, 3)
    second = new_app(seed=9)
    content = first.saves.save_document().encode()
    picked = {"name": "game.json", "type": "application/json", "size": len(content), "content": memoryview(content),
              "last_modified": 0}
    second.saves.upload.set_state({"value": [picked]})  # as the page sends a file chosen
    assert second.match.moves == first.match.moves
    assert second.saves.upload.value == ()


def test_a_saved_position_loads_as_a_start_with_the_default_seats():
    state = Match.new("medici", NAMES, seed=4).state
    app = new_app(seats=("random", "human", "random"), seed=9)
    assert app.saves.load_file(state.to_json().encode(), "start.json")
    assert app.match.start == state and app.match.ply == 0 and app.seats[0] == "human"


def wrong_game_save() -> bytes:
    return Match.new("medina", NAMES, seed=1).to_json().encode()


def illegal_move_save() -> bytes:
    doc = json.loads(Match.new("medici", NAMES, seed=1).to_json())
    doc["moves"] = ["bid 99"]
    return json.dumps(doc).encode()


def bad_seats_save() -> bytes:
    return json.dumps({**json.loads(Match.new("medici", NAMES, seed=1).to_json()),
                       "seats": ["human", "wizard", "random"]}).encode()


@pytest.mark.parametrize("content,reason", [
    (b"{not json", "not valid JSON"),
    (b"\xff\xfe\x00garbage", "not a text file"),
    (b'{"name": "my notes"}', "not a boardgames document"),
    (wrong_game_save(), "this is a 'medina' document, not 'medici'"),
    (illegal_move_save(), r"document.moves\[0\] \('bid 99'\) is illegal"),
    (bad_seats_save(), "a seat is 'human', 'classmate' or a bot level"),
    (b'{"format": "boardgames", "version": 1, "kind": "state", "game": "medici", "table": 7}', "document.table"),
])
def test_a_damaged_foreign_or_wrong_game_file_is_refused_and_the_game_stays(content, reason):
    app = new_app(seed=3)
    play_human_moves(app, 3)
    before = unchanged(app)
    assert not app.saves.load_file(content, "bad.json")
    assert unchanged(app) == before
    assert app.message.kind == "error" and re.search(reason, app.message.text), app.message.text
    assert app.message.text.startswith("Cannot load bad.json: ") and app.message.text.endswith("unchanged.")
    assert app.errors == []


def test_at_a_table_the_page_neither_saves_nor_loads_nor_plays_from_a_replayed_move(tables):  # noqa: F811
    app = creator_page("medici", kinds=("human", "classmate", "random"))
    assert app.saves.save_button.layout.display == "none" and app.saves.upload.layout.display == "none"
    assert not app.saves.load_file(Match.new("medici", NAMES, seed=1).to_json().encode(), "x.json")
    assert app.table is not None and "table" in app.message.text
    app.start_replay(0)
    assert app.play_from_here_button.layout.display == "none"


# ---------------------------------------------------------------------- play from here
def branch_app() -> tuple[GameApp, list[int]]:
    """A Medici game of a human against two bots, some moves in, and the plies where the human decided."""
    app = new_app(seats=("human", "random", "random"), seed=5)
    play_human_moves(app, 8)
    return app, [p for p, s in enumerate(app.match.states[:-1]) if s.current_player == 0]


def test_play_from_here_is_offered_in_a_replay_where_a_human_decides():
    app, human = branch_app()
    assert app.play_from_here_button.layout.display == "none"
    app.start_replay(human[2])
    assert app.play_from_here_button.layout.display is None and not app.play_from_here_button.disabled
    bot_turn = next(p for p, s in enumerate(app.match.states) if s.current_player != 0)
    app.start_replay(bot_turn)
    assert app.play_from_here_button.disabled and "human player decides" in app.play_from_here_button.tooltip
    app.play_from_here()
    assert app.replay_ply == bot_turn and app.message.kind == "error"
    app.go_live()
    assert app.play_from_here_button.layout.display == "none"


def test_play_from_here_continues_from_the_move_shown_and_redo_brings_the_future_back():
    app, human = branch_app()
    future = list(app.match.states)
    ply = human[2]
    app.start_replay(ply)
    app.play_from_here_button.click()
    assert app.replay_ply is None and app.match.ply == ply and app.state is future[ply]
    assert app.turn == "human" and not app.redo_button.disabled
    assert "Redo brings back the later moves" in app.message.text
    while app.can_redo:
        app.redo_button.click()
    assert list(app.match.states) == future
    assert app.errors == []


def test_a_new_move_after_play_from_here_drops_the_future():
    app, human = branch_app()
    end = len(app.match.moves)
    app.start_replay(human[1])
    app.play_from_here()
    assert app.can_redo
    app.play(app.state.legal_moves()[-1])
    assert not app.can_redo and app.redo_button.disabled
    app.redo()
    assert app.message.text == "Nothing to redo." and app.match.ply <= end
    assert app.errors == []


# ---------------------------------------------------------------------- a position in a link
def position_of(address: str) -> str:
    return urllib.parse.parse_qs(urllib.parse.urlsplit(address).query)["position"][0]


@pytest.mark.parametrize("game", sorted(PLAYERS))
def test_copy_link_opens_the_same_position_on_another_page(game):
    app = new_app(game, seats=("human", "random", "random"), seed=4)
    play_human_moves(app, 4, seed=4)
    address = app.saves.show_link()
    assert address.startswith(f"/voila/render/{game}/play.ipynb?position=")
    box = app.saves.link_box.value
    assert app.saves.link_box.layout.display is None
    assert "class='bg-link-text'" in box and "readonly" in box and "class='bg-link'" in box
    assert address.replace("&", "&amp;") in box
    other = new_app(game, seats=("random", "human", "random"), seed=11)
    assert open_link(other, position_of(address))
    seat = app.viewer
    assert other.seats == ["human", "random", "random"] and other.viewer == seat
    assert move_counter(other) == move_counter(app) == app.match.ply
    assert other.state.current_player == app.state.current_player
    assert as_seen_by(other.state, seat) == as_seen_by(app.state, seat)
    hidden = game != "medina"
    assert ("Cards you could not see were dealt afresh" in other.message.text) is hidden
    assert (other.state == app.state) is not hidden
    assert other.errors == []


def test_a_link_holds_none_of_the_cards_its_player_could_not_see():
    app = new_app("marcopolo", seats=("human", "random", "random"), seed=4)
    play_human_moves(app, 3)
    text = position_of(app.saves.show_link())
    twin = Match(app.state.determinize(0, random.Random(8)))  # the same for Ada, the others' goals dealt otherwise
    assert twin.state.goal_cards != app.state.goal_cards
    assert position_link(twin, 0, rng=random.Random(1)) == position_link(Match(app.state), 0, rng=random.Random(1))
    opened = new_app("marcopolo", seed=2)
    open_link(opened, text)
    assert opened.state.goal_cards[0] == app.state.goal_cards[0]


def test_a_link_to_a_replayed_move_opens_that_move_and_a_link_of_a_linked_game_counts_on():
    app = new_app(seats=("human", "random", "random"), seed=4)
    play_human_moves(app, 6)
    ply = [p for p, s in enumerate(app.match.states) if s.current_player == 0][3]  # a decision of Ada's
    app.start_replay(ply)
    linked = new_app(seed=8)
    open_link(linked, position_of(app.saves.show_link()))
    assert move_counter(linked) == ply and linked.match.ply == 0 and linked.moves_before == ply
    assert as_seen_by(linked.state, 0) == as_seen_by(app.match.states[ply], 0)
    play_human_moves(linked, 1, seed=3)
    again = new_app(seed=9)
    open_link(again, position_of(linked.saves.show_link()))
    assert move_counter(again) == move_counter(linked) > ply
    saved = new_app(seed=10)
    saved.saves.load_file(linked.saves.save_document().encode(), "linked.json")
    assert move_counter(saved) == move_counter(linked)


def test_the_link_is_gone_once_another_position_is_shown():
    app = new_app(seed=4)
    app.saves.show_link()
    play_human_moves(app, 1)
    assert app.saves.link_box.value == "" and app.saves.address == ""


def test_a_game_of_bots_only_that_hides_cards_is_not_linked():
    app = new_app(seats=("random", "random", "random"), seed=4)
    assert app.saves.show_link() == ""
    assert app.message.kind == "error" and "Every seat is a bot" in app.message.text


def test_the_address_opens_a_position_and_turns_hints_off(monkeypatch):
    app = new_app(seed=4)
    play_human_moves(app, 3)
    query = urllib.parse.urlsplit(app.saves.show_link()).query
    monkeypatch.setenv("QUERY_STRING", f"{query}&hints=off")
    page = new_app(seed=6)
    follow_address(page)
    assert page.hints_allowed is False and move_counter(page) == app.match.ply
    assert as_seen_by(page.state, 0) == as_seen_by(app.state, 0)
    assert "hints=off" in page.saves.show_link()  # a link made there keeps hints off


@pytest.mark.parametrize("position", ["garbage", "eNoDAAAAAAE", "", position_link(Match.new("medina", 3), 0)])
def test_a_damaged_or_wrong_game_link_is_refused_with_a_sentence_and_the_game_stays(monkeypatch, position):
    monkeypatch.setenv("QUERY_STRING", urllib.parse.urlencode({"position": position, "hints": "on"}))
    page = new_app(seed=6)
    before = unchanged(page)
    follow_address(page)
    assert unchanged(page) == before and page.hints_allowed
    if position:
        assert page.message.kind == "error"
        assert page.message.text.startswith("The position in this page's address cannot be opened: ")
        assert "Traceback" not in page_text(page)
    assert page.errors == []


def test_no_address_changes_nothing(monkeypatch):
    monkeypatch.delenv("QUERY_STRING", raising=False)
    page = new_app(seed=6)
    before = unchanged(page)
    follow_address(page)
    assert unchanged(page) == before and page.message.text == "" and page.hints_allowed


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_game_shows_the_save_row(game):
    app = new_app(game, seats=("human",) + ("random",) * (PLAYERS[game] - 1))
    shown = {c for w in walk(app) for c in getattr(w, "_dom_classes", ())}
    assert {"bg-save", "bg-load", "bg-copy-link"} <= shown
    assert "bg-play-from-here" not in shown and "bg-link-box" not in shown  # until a replay, until a link
