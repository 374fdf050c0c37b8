"""A position in a link: it opens the same decision for its seat, and never carries a card that seat could not see
(nor the seed or the moves that would let a reader rebuild one)."""

from __future__ import annotations

import base64
import json
import random
import zlib

import pytest

from boardgames import GAMES, Match
from boardgames.core.links import from_link, position_link

HIDDEN = {  # a game with hidden cards or chance to come, the flags of the set-up it is tried with
    "medici": {},
    "metropolis": {"deed_draft": True},
    "marcopolo": {"expert_setup": True},
}
PLIES = (0, 3, 12, 45)


def played(game: str, plies: int, players: int = 3, seed: int = 5, **flags) -> Match:
    """A match of ``game`` after ``plies`` random moves (fewer if it ends first)."""
    match = Match.new(game, players, seed=seed, **flags)
    rng = random.Random(seed)
    for _ in range(plies):
        if match.state.is_over:
            break
        match.play(rng.choice(match.state.legal_moves()))
    return match


def another_deal(state, seat: int, k: int):
    """A position that looks the same as ``state`` to ``seat`` but deals what that seat could not see otherwise,
    from another seed."""
    state = state.determinize(seat, random.Random(k))
    doc = json.loads(state.to_json())
    doc["table"]["seed"] = 10_000 + k
    return GAMES[state.GAME].from_json(json.dumps(doc))


def document(text: str) -> dict:
    """What a link's text holds, read as a curious player would."""
    return json.loads(zlib.decompress(base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))))


def as_seen_by(state, seat: int) -> str:
    """Everything ``seat`` may know of ``state``, as a link for it would write it with a fixed draw."""
    return position_link(Match(state), seat, rng=random.Random(0))


@pytest.mark.parametrize("game", sorted(HIDDEN))
@pytest.mark.parametrize("plies", PLIES)
def test_a_link_is_the_same_for_two_deals_its_seat_cannot_tell_apart(game, plies):
    state = played(game, plies, **HIDDEN[game]).state
    for seat in (state.current_player, (state.current_player + 1) % state.players):
        other = another_deal(state, seat, k=plies + 1)
        assert other != state and other.seed != state.seed  # another deal, from another seed
        for k in range(3):
            assert (position_link(Match(state), seat, rng=random.Random(k))
                    == position_link(Match(other), seat, rng=random.Random(k)))


@pytest.mark.parametrize("game", sorted(HIDDEN))
def test_a_link_carries_neither_the_seed_nor_the_moves_nor_what_new_game_was_told_to_fix(game):
    setup = {"goals": [[0, 1], [2, 3], [4, 5]], "rolls": [[1, 2, 3, 4, 5], [6, 6, 6, 6, 6], [1, 1, 1, 1, 1]]} \
        if game == "marcopolo" else {}
    match = Match.new(game, 3, seed=987_654_321, **setup)
    rng = random.Random(1)
    for _ in range(12):
        match.play(rng.choice(match.state.legal_moves()))
    text = position_link(match, match.state.current_player, seats=["human", "random", "random"])
    doc = document(text)
    assert "match" not in doc and doc["moves_before"] == 12
    assert doc["start"]["table"]["seed"] != 987_654_321 and "987654321" not in json.dumps(doc)
    fixed = {k: v for k, v in doc["start"]["table"].items() if k not in ("names", "seed", "first_player", "flags")}
    assert all(v is None or v == [None, None, None] for v in fixed.values()), fixed


@pytest.mark.parametrize("game", sorted(HIDDEN))
@pytest.mark.parametrize("plies", PLIES)
def test_a_link_opens_the_same_decision_for_its_seat_with_the_unseen_dealt_afresh(game, plies):
    match = played(game, plies, **HIDDEN[game])
    state = match.state
    seat = state.current_player
    text = position_link(match, seat, seats=["human", "random", "expert"])
    opened = [from_link(text, rng=random.Random(k)) for k in range(2)]
    for linked in opened:
        assert (linked.moves_before, linked.seat, linked.afresh) == (match.ply, seat, True)
        assert linked.seats == ("human", "random", "expert")
        mine = linked.match.state
        assert linked.match.ply == 0 and mine.current_player == seat and mine.names == state.names
        assert mine.legal_moves() == state.legal_moves() and mine.public_scores() == state.public_scores()
        assert as_seen_by(mine, seat) == as_seen_by(state, seat)
    assert opened[0].match.state != opened[1].match.state  # two readers get two deals of the unseen


@pytest.mark.parametrize("plies", PLIES)
def test_a_medina_link_holds_the_whole_game_for_medina_hides_nothing(plies):
    match = played("medina", plies)
    text = position_link(match, 0, seats=["human", "human", "random"])
    linked = from_link(text)
    assert (linked.moves_before, linked.afresh, linked.seats) == (0, False, ("human", "human", "random"))
    assert linked.match.state == match.state and linked.match.moves == match.moves
    assert document(text)["match"]["start"]["table"]["seed"] == 5


def test_a_link_to_an_earlier_move_opens_that_move():
    match = played("medina", 20)
    linked = from_link(position_link(match, None, ply=7))
    assert linked.match.ply == 7 and linked.match.state == match.states[7]
    hidden = played("medici", 20)
    linked = from_link(position_link(hidden, 0, ply=7))
    assert linked.moves_before == 7 and as_seen_by(linked.match.state, 0) == as_seen_by(hidden.states[7], 0)
    with pytest.raises(ValueError, match="no position after 21 moves"):
        position_link(hidden, 0, ply=21)


@pytest.mark.parametrize("game,players", [("medici", 4), ("medina", 4), ("metropolis", 4), ("marcopolo", 4)])
def test_a_link_is_short_enough_for_any_address(game, players):
    text = position_link(played(game, 60, players=players), 0, seats=["human"] * players)
    assert len(text) < 1_600  # measured: 600 to 1,300 characters


def test_a_game_at_its_end_links_too():
    match = played("medici", 2_000)
    assert match.state.is_over
    linked = from_link(position_link(match, 1))
    assert linked.match.state.is_over and linked.match.state.scores() == match.state.scores()


def good_link() -> str:
    return position_link(played("medici", 10), 0, seats=["human", "random", "random"])


def packed(doc) -> str:
    raw = json.dumps(doc, separators=(",", ":")).encode()
    return base64.urlsafe_b64encode(zlib.compress(raw)).decode().rstrip("=")


@pytest.mark.parametrize("damage,reason", [
    (lambda t: t[: len(t) // 2], "cut short"),
    (lambda t: t[:99] + ("A" if t[99] != "A" else "B") + t[100:], "cannot be read|cut short|not a document"),
    (lambda t: t[:40] + "%20" + t[40:], "characters a position link never holds"),
    (lambda t: "", "holds no position"),
    (lambda t: "x" * 30_000, "more than a position link holds"),
    (lambda t: packed([1, 2, 3]), "not a boardgames document"),
    (lambda t: packed({**document(t), "kind": "state"}), "expected a link document"),
    (lambda t: packed({**document(t), "game": "chess"}), "unknown game 'chess'"),
    (lambda t: packed({**document(t), "seats": ["human"]}), "seats must have 3 entries"),
    (lambda t: packed({**document(t), "seat": 7}), "seat must be between 0 and 2"),
    (lambda t: packed({**document(t), "moves_before": -1}), "moves_before must be between"),
    (lambda t: packed({k: v for k, v in document(t).items() if k != "start"}), "either a position"),
    (lambda t: packed({**document(t), "start": {**document(t)["start"], "money": [1]}}), "money must have 3"),
    (lambda t: packed({**document(t), "game": "medina"}), "'medici' document, not 'medina'"),
])
def test_a_damaged_link_is_refused_with_the_reason(damage, reason):
    with pytest.raises(ValueError, match=reason):
        from_link(damage(good_link()))


def test_a_whole_game_with_hidden_cards_is_refused_even_in_a_link_made_by_hand():
    match = played("medici", 10)
    doc = {**document(good_link()), "match": json.loads(match.to_json())}
    del doc["start"]
    with pytest.raises(ValueError, match="a whole game with hidden cards"):
        from_link(packed(doc))


def test_a_link_for_nobody_in_particular_is_made_only_where_nothing_is_hidden():
    with pytest.raises(ValueError, match="keeps one player's view, and none is named"):
        position_link(played("marcopolo", 5), None)
    assert from_link(position_link(played("medina", 5), None)).seat is None
    doc = document(good_link())
    with pytest.raises(ValueError, match="names no seat"):
        from_link(packed({**doc, "seat": None}))
