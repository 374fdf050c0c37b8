"""The shared protocol: Match history (undo, redo, replay, JSON), load, and clear refusals of bad documents."""

import json
import random

import pytest

import boardgames
from boardgames import GAMES, IllegalMove, Match, load, medici


def play_some(match: Match, n: int, seed: int = 0) -> None:
    rng = random.Random(seed)
    for _ in range(n):
        match.play(rng.choice(match.state.legal_moves()))


def test_games_registry_lists_medici():
    assert GAMES["medici"] is medici
    assert boardgames.GAMES is GAMES


def test_illegal_move_is_a_value_error_with_a_rule():
    err = IllegalMove("medici.bid.minimum", "A bid is a whole number of at least 1, not 0.")
    assert isinstance(err, ValueError)
    assert err.rule == "medici.bid.minimum"
    assert str(err) == "A bid is a whole number of at least 1, not 0."


def test_match_undo_redo_and_goto():
    match = Match.new("medici", 3, seed=4)
    play_some(match, 12)
    states = match.states
    assert match.ply == 12 and match.can_undo and not match.can_redo
    assert match.undo() == states[11]
    assert match.undo(3) == states[8]
    assert match.can_redo
    assert match.redo(2) == states[10]
    assert match.goto(0) == states[0]
    assert match.goto(12) == states[12]


def test_playing_after_undo_drops_the_redo_tail():
    match = Match.new("medici", 3, seed=4)
    play_some(match, 6)
    match.undo(2)
    move = match.state.legal_moves()[-1]
    match.play(move)
    assert match.ply == 5 and not match.can_redo
    assert match.moves[-1] == move


def test_an_illegal_move_leaves_the_match_as_it_was():
    match = Match.new("medici", 3, seed=4)
    play_some(match, 3)
    before = (match.ply, match.state, match.moves)
    with pytest.raises(IllegalMove):
        match.play(medici.Bid(0) if match.state.step == "bid" else medici.Stow(9))
    assert (match.ply, match.state, match.moves) == before


def test_replay_from_seed_and_moves_gives_the_same_game():
    match = Match.new("medici", 4, seed=9)
    play_some(match, 60, seed=2)
    assert match.replay().state == match.state
    assert match.replay().moves == match.moves


def test_match_json_round_trip_and_load():
    match = Match.new("medici", ["Ada", "Ben", "Cleo"], seed=5)
    play_some(match, 40, seed=1)
    text = match.to_json()
    again = load(text)
    assert isinstance(again, Match)
    assert again.state == match.state
    assert [str(m) for m in again.moves] == [str(m) for m in match.moves]


def test_events_of_a_match_are_the_events_of_its_states_in_order():
    match = Match.new("medici", 3, seed=5)
    play_some(match, 10)
    expected = [e for s in match.states for e in s.events]
    assert expected[0].text.startswith("Day 1 begins")
    assert match.events() == expected


@pytest.mark.parametrize(
    "text, words",
    [
        ("not json", "not valid JSON"),
        ("[1, 2]", "not an object"),
        ('{"format": "other"}', "not a boardgames document"),
        ('{"format": "boardgames", "version": 99}', "unsupported document version"),
        ('{"format": "boardgames", "version": 1, "kind": "state", "game": "chess"}', "unknown game 'chess'"),
        ('{"format": "boardgames", "version": 1, "kind": "poem", "game": "medici"}', "unknown document kind"),
    ],
)
def test_load_refuses_foreign_documents_with_a_reason(text, words):
    with pytest.raises(ValueError, match=words):
        load(text)


def test_a_match_with_an_illegal_move_is_refused():
    match = Match.new("medici", 3, seed=5)
    play_some(match, 5)
    doc = json.loads(match.to_json())
    doc["moves"].append("bid 999")
    with pytest.raises(ValueError, match=r"moves\[5\] \('bid 999'\) is illegal"):
        Match.from_json(json.dumps(doc))


def test_a_match_with_an_unreadable_move_is_refused():
    doc = json.loads(Match.new("medici", 3, seed=5).to_json())
    doc["moves"] = ["dance"]
    with pytest.raises(ValueError, match="not a Medici move"):
        Match.from_json(json.dumps(doc))


def test_undo_past_the_start_is_refused():
    match = Match.new("medici", 3)
    with pytest.raises(ValueError, match="cannot undo"):
        match.undo()
    with pytest.raises(ValueError, match="cannot redo"):
        match.redo()


def test_match_new_refuses_an_unknown_game():
    with pytest.raises(ValueError, match="unknown game"):
        Match.new("chess", 2)


def test_load_survives_damage_anywhere_in_a_state_document():
    """Every field of a real state document, deleted or replaced by junk, gives a ValueError (never a
    KeyError or TypeError)."""
    rng = random.Random(0)
    state = medici.new_game(4, seed=3)
    for _ in range(30):
        state = state.play(rng.choice(state.legal_moves()))
    base = json.loads(state.to_json())

    def paths(obj, path=()):
        if path:
            yield path
        items = obj.items() if isinstance(obj, dict) else enumerate(obj) if isinstance(obj, list) else ()
        for key, value in items:
            yield from paths(value, path + (key,))

    junk = [None, -1, 7, "x", "fur:5", [], {}, ["fur:5"], True, 1.5, [[]]]
    for path in paths(base):
        for replacement in junk + ["<delete>"]:
            doc = json.loads(json.dumps(base))
            parent = doc
            for key in path[:-1]:
                parent = parent[key]
            if replacement == "<delete>":
                del parent[path[-1]]
            else:
                parent[path[-1]] = replacement
            try:
                load(json.dumps(doc))
            except ValueError:
                pass
