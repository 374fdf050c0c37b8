"""The new-game form's choices per seat (a view's ``SEAT_OPTIONS``), driven the way a person drives them: Marco
Polo offers each seat's character, random or named, and turns the choice off when the expert setup is ticked (the
characters are chosen on the board then); a game without seat choices shows none. The seed of a deal made at
random never shows (with it, the engine would tell every hidden card); a seed the player typed does."""

from __future__ import annotations

import ipywidgets as W
from support.widget_driver import walk

from boardgames import Match, medici
from boardgames import marcopolo as mp
from widgets.games import marcopolo as view
from widgets.kit.protocol import css_classes
from widgets.shell import GameApp

NAMES2 = ["Ada", "Ben"]
FIRST_GAME = ["Raschid ad-Din Sinan", "Matteo Polo", "Berke Khan", "Mercator ex Tabriz"]


def marcopolo_app(players=NAMES2, seed=5, **kw) -> GameApp:
    state = mp.new_game(list(players), seed=seed, **kw)
    return GameApp(Match(state), seats=["human"] * len(players), bots_async=False, bot_delay=0)


def characters(form) -> list[W.Dropdown]:
    return form.seat_option_pickers["characters"]


def choose(pick: W.Dropdown, label: str) -> None:
    """Pick the entry labelled ``label``, as a person does in the dropdown."""
    pick.value = next(value for text, value in pick.options if text == label)


def shown(form) -> list[str]:
    return [pick.label for pick in characters(form)]


def status(app) -> str:
    return app.status.value.replace("&#x27;", "'")


def test_the_character_choices_appear_only_for_a_game_that_offers_them():
    app = GameApp(Match(medici.new_game(NAMES2, seed=1)), seats=["human", "human"], bots_async=False, bot_delay=0)
    form = app.setup_form
    assert form.seat_option_pickers == {} and "characters" not in form.options
    assert not [w for w in walk(form.seat_rows) if "bg-seat-option" in css_classes(w)]
    form.game_pick.value = "marcopolo"
    picks = characters(form)
    assert len(picks) == len(form.name_fields)
    for row, pick in zip(form.seat_rows.children, picks):
        assert row.children[2] is pick and {"bg-seat-option", "bg-seat-option-characters"} <= set(css_classes(pick))
    assert [text for text, _ in picks[0].options] == ["random", *(c.name for c in mp.CHARACTERS)]
    form.game_pick.value = "medici"
    assert form.seat_option_pickers == {}


def test_the_form_shows_the_first_game_set_a_game_was_started_with():
    app = marcopolo_app(players=["Ada", "Ben", "Cleo", "Dan"])
    assert shown(app.setup_form) == FIRST_GAME
    assert [app.state.character(seat) for seat in range(4)] == FIRST_GAME
    app.setup_form.start.click()  # an unchanged form restarts the same game
    assert [app.state.character(seat) for seat in range(4)] == FIRST_GAME and app.seats == ["human"] * 4


def test_a_character_chosen_for_a_seat_is_that_seats_and_random_is_dealt_from_the_seed():
    app = marcopolo_app()
    form = app.setup_form
    choose(characters(form)[0], "Berke Khan")
    choose(characters(form)[1], "random")
    form.seed.value = "17"
    form.start.click()
    assert app.state.character(0) == "Berke Khan" and app.state.character(1) not in ("", "Berke Khan")
    assert app.state.to_json() == mp.new_game(NAMES2, seed=17, characters=["Berke Khan", None]).to_json()
    assert shown(form) == ["Berke Khan", "random"]  # the setup's choice, so that a restart deals the same
    before = app.state.to_json()
    form.start.click()
    assert app.state.to_json() == before


def test_the_choices_survive_a_change_of_player_count():
    app = marcopolo_app()
    form = app.setup_form
    choose(characters(form)[1], "Johannes Carpini")
    form.count.value = 3
    assert shown(form) == ["Raschid ad-Din Sinan", "Johannes Carpini", "random"]
    form.count.value = 2
    assert shown(form) == ["Raschid ad-Din Sinan", "Johannes Carpini"]
    assert form.options["characters"] == ["Raschid ad-Din Sinan", "Johannes Carpini"]


def test_the_expert_setup_turns_the_character_choice_off():
    app = marcopolo_app()
    form = app.setup_form
    expert = form.option_boxes["expert_setup"]
    assert not any(pick.disabled for pick in characters(form)) and form.seat_note.layout.display == "none"
    expert.value = True
    assert all(pick.disabled for pick in characters(form))
    note = str(view.SEAT_OPTIONS[0].off_note)  # a view's note may be a message
    assert characters(form)[0].tooltip == note == "chosen on the board in the expert setup"
    assert "chosen on the board" in form.seat_note.value and form.seat_note.layout.display != "none"
    assert form.options == {"expert_setup": True}
    form.start.click()
    assert app.state.table.flag("expert_setup") and app.state.table.characters is None
    assert app.state.pending and all(app.state.character(seat) == "" for seat in range(2))
    assert form.option_boxes["expert_setup"].value and all(pick.disabled for pick in characters(form))
    form.option_boxes["expert_setup"].value = False
    assert not any(pick.disabled for pick in characters(form)) and "characters" in form.options


def test_the_same_character_for_two_seats_is_refused_with_a_sentence():
    app = marcopolo_app()
    form = app.setup_form
    form.selected_index = 0
    before = app.state
    for pick in characters(form):
        choose(pick, "Matteo Polo")
    form.start.click()
    assert "Cannot start that game: Matteo Polo given twice in characters" in status(app)
    assert app.state is before and app.errors == [] and form.selected_index == 0


# ------------------------------------------------------------------------------------- the seed


def test_the_seed_of_a_random_deal_never_reaches_the_page():
    app = marcopolo_app()
    assert app.setup_form.seed.value == ""  # a game the form did not deal from a typed seed
    app.setup_form.start.click()  # blank: a new deal
    assert (app.message.text, app.message.kind) == ("New game.", "info")
    assert app.setup_form.seed.value == ""
    assert f"seed {app.state.seed}" not in status(app) and str(app.state.seed) not in app.setup_form.seed.value


def test_a_seed_the_player_typed_deals_that_game_and_shows_again():
    app = marcopolo_app()
    app.setup_form.seed.value = "42"
    app.setup_form.start.click()
    assert app.state.seed == 42 and (app.message.text, app.message.kind) == ("New game, seed 42.", "info")
    assert app.setup_form.seed.value == "42"
    app.setup_form.start.click()  # the same seed, the same deal
    assert app.state.to_json() == mp.new_game(NAMES2, seed=42, characters=[
        "Raschid ad-Din Sinan", "Matteo Polo"]).to_json()


def test_a_seed_that_is_not_a_number_is_refused_with_a_sentence_and_starts_nothing():
    app = marcopolo_app()
    before = app.match
    app.setup_form.seed.value = "forty-two"
    app.setup_form.start.click()
    assert app.match is before
    assert "A seed is a whole number, or blank for a new deal." in app.setup_form.seed_note.value
