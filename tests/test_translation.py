"""The translation of messages (``boardgames.translation``) and its catalog's words (``boardgames.terms``): a page's
language chosen from what it is asked for, a message said in a language from its catalog (a missing message in
English, its values translated), every word a game's log or refusal names listed for the catalog, Marco Polo's
reasons messages in its records, agenda and saves, and the answers its records hold in words."""

from __future__ import annotations

import json
import random
import re

import pytest

from boardgames import GAMES, IllegalMove
from boardgames.core.message import Capitalized, Listed, Message, Ordinal, english, listed, say, say_n, term
from boardgames.extraction import extract_terms
from boardgames.marcopolo import reasons
from boardgames.marcopolo import records as R
from boardgames.marcopolo.board import INDEX
from boardgames.marcopolo.questions import QUESTIONS
from boardgames.marcopolo.reasons import KHANS_FAVOR, TEMPLATES
from boardgames.marcopolo.saving import _reason as reason_read
from boardgames.marcopolo.spaces import space_said
from boardgames.marcopolo.state import SPACE_INDEX
from boardgames.terms import terms
from boardgames.translation import _said_in, language_of, words


@pytest.mark.parametrize("wanted, language", [
    ("ja", "ja"), ("ja-JP,en;q=0.8", "ja"), ("en-GB,ja;q=0.5", "en"), ("fr,ja;q=0.9,en;q=0.8", "ja"),
    ("zh-TW", "zh-Hant"), ("zh-Hant-HK", "zh-Hant"), ("zh-CN", "en"), ("fr", "en"), ("", "en"), (None, "en"),
    (["de", "zh_TW"], "zh-Hant"), ("ja;q=oops,en", "en"),
])
def test_a_pages_language_is_the_best_offered_of_those_asked_for_else_english(wanted, language):
    assert language_of(wanted) == language


class Catalog:
    """A catalog of a few Japanese sentences, as gettext's compiled catalogs answer."""

    SAID = {
        (None, "{name} wins {lot} for {price}."): "{name}が{price}で{lot}を落札しました。",
        ("medici.good", "fur"): "毛皮",
        (None, "{good}:{value}"): "{good}:{value}",
    }
    PLURAL = {(None, "{n} florin"): "{n}フローリン"}

    def gettext(self, english):
        return self.SAID.get((None, english), english)

    def pgettext(self, context, english):
        return self.SAID.get((context, english), english)

    def ngettext(self, singular, plural, n):
        return self.PLURAL.get((None, singular), singular if n == 1 else plural)

    def npgettext(self, context, singular, plural, n):
        return self.PLURAL.get((context, singular), singular if n == 1 else plural)


def test_a_message_is_said_from_the_catalog_with_its_values_in_the_language_too():
    lot = listed([say("{good}:{value}", good=term("medici.good", "fur"), value=5),
                  say("{good}:{value}", good=term("medici.good", "spice"), value=3)], ",")
    won = say("{name} wins {lot} for {price}.", name="Ada", lot=lot, price=say_n("{n} florin", "{n} florins", 12))
    assert str(won) == "Ada wins fur:5, spice:3 for 12 florins."
    # the catalog's sentence, its words; a word the catalog lacks ("spice") stays English
    assert _said_in(won, Catalog(), "ja") == "Adaが12フローリンで毛皮:5、spice:3を落札しました。"


def test_a_number_is_written_as_the_language_writes_numbers_with_the_digits_its_place_asks_for():
    price = say("{florins} florins, {share:.1f} of it, {even:.0f} once rounded", florins=12345, share=13.0, even=2.6)
    assert str(price) == "12345 florins, 13.0 of it, 3 once rounded"  # English: the sentence as it always was
    assert _said_in(price, Catalog(), "ja") == "12,345 florins, 13.0 of it, 3 once rounded"  # Babel's, for ja
    assert _said_in(say("{n}", n=-1234.5), Catalog(), "zh-Hant") == "-1,234.5"
    assert _said_in(say("{won}", won=True), Catalog(), "ja") == "True"  # not a number


def test_a_list_a_place_and_a_capital_are_said_as_the_language_says_them():
    names = Listed(("Ada", "Ben", "Cleo"))
    assert str(names) == "Ada, Ben and Cleo" and _said_in(names, Catalog(), "ja") == "Ada、Ben、Cleo"
    assert _said_in(Listed(("Ada", "Ben"), "or"), Catalog(), "ja") == "AdaまたはBen"
    assert _said_in(Listed(("Ada", "Ben")), Catalog(), "zh-Hant") == "Ada和Ben"
    answers = Listed((Listed(("Ada", "Ben")), "Cleo"), ";")  # a list of lists: its items told apart
    assert str(answers) == "Ada and Ben; Cleo" and _said_in(answers, Catalog(), "ja") == "Ada、Ben／Cleo"
    assert _said_in(answers, Catalog(), "zh-Hant") == "Ada和Ben；Cleo"
    assert [str(Ordinal(n)) for n in (1, 2, 3, 4, 11, 12, 13, 21, 112)] == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "112th"]
    assert _said_in(Ordinal(2), Catalog(), "ja") == "2位" and _said_in(Ordinal(2), Catalog(), "zh-Hant") == "第2名"
    third = Ordinal(3, "order")  # the 3rd trading post placed, not a rank
    assert str(third) == "3rd" and _said_in(third, Catalog(), "ja") == "3番目"
    fur = term("medici.good", "fur")
    assert str(Capitalized(fur)) == "Fur" and _said_in(fur.capitalized(), Catalog(), "ja") == "毛皮"


def test_english_is_the_messages_own_words_and_a_language_without_a_catalog_says_english():
    said = say_n("{n} card", "{n} cards", 1)
    assert words(said) == "1 card" and words(said, "en") == "1 card" and words(said, "fr") == "1 card"


def term_words(said, found: set) -> None:
    """Every game word (a term) in the message ``said``, nested ones too, into ``found``."""
    if isinstance(said, Message):
        if said.context is not None:
            found.add((said.context, said.english))
        for _, value in said.values:
            term_words(value, found)
    elif isinstance(said, (Listed,)):
        for item in said.items:
            term_words(item, found)
    elif isinstance(said, Capitalized):
        term_words(said.said, found)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_word_a_games_log_and_refusals_name_is_a_word_of_the_catalog(game):
    listed_words = {(context, word) for context, words_ in terms().items() for word in words_}
    found: set = set()
    rng = random.Random(1)
    for seed in (1, 2):
        state, moves_before = GAMES[game].new_game(["Ada", "Ben", "Cleo"], seed=seed), []
        while not state.is_over:
            for event in state.events:
                term_words(event.said, found)
                term_words(event.others, found)
            for move in moves_before[:8]:  # a move of the position before, often refused here
                refused = state.check(move)
                if refused is not None:
                    term_words(refused.said, found)
            moves_before = state.legal_moves()
            rng.shuffle(moves_before)
            state = state.play(moves_before[0])
        for event in state.events:
            term_words(event.said, found)
    assert found, "no game word found: the test reads no message"
    assert found - listed_words == set()


def test_the_catalogs_extraction_yields_every_game_word_with_its_kind():
    extracted = list(extract_terms(None, None, None, None))
    assert {(context, word) for _, _, (context, word), _ in extracted} == {
        (context, word) for context, words_ in terms().items() for word in words_}


# Reasons no short random game reaches: a late post's bonus, a city card's bonus and fee, a split Travel.
RARE_REASONS = [
    (reasons.trading_post(8), "the 8th trading post"), (reasons.trading_post(11), "the 11th trading post"),
    (reasons.fee(space_said(SPACE_INDEX["Sumatra 2"])), "as the fee of the Sumatra 2 city card"),
    (reasons.marker(reasons.small_city_bonus(reasons.city_card(space_said(SPACE_INDEX["Moscow"]), 23)), INDEX["Kochi"]),
     "the Moscow city card (23): a small city's bonus: Kochi's marker"),
    (reasons.travel(3, (INDEX["Moscow"], INDEX["Oasis A"])), "to travel 3 steps to Moscow and Oasis A"),
    (reasons.mercator("O'Brien", KHANS_FAVOR), "Mercator's share of O'Brien's use of Khan's Favor"),
]
REASONS = {R.Gained: (3,), R.Stepped: (4,), R.ContractDrawn: (3,), R.BlackDieTaken: (3,), R.Lost: (2, 3)}


def test_marco_polos_reasons_are_messages_in_its_records_agenda_and_saves_and_the_japanese_log_has_no_english():
    said, answers, japanese = [reason for reason, _ in RARE_REASONS], set(), []
    for reason, text in RARE_REASONS:
        assert english(reason) == text
    for seed in range(12):
        state = GAMES["marcopolo"].new_game(["Ada", "Ben", "Cleo", "Dan"][:2 + seed % 3], seed=seed,
                                            expert_setup=seed % 2 == 1)
        bot = random.Random(seed)
        while True:
            for record in state.log:
                said += [record[k] for k in REASONS.get(record[0], ()) if record[k] is not None]  # None: bought
                if record[0] is R.Chosen:
                    answers.add((record[2], record[3]))  # the answer as typed, and in words
            if state.agenda and state.agenda[0][0] in QUESTIONS:  # a question's reason, as its task holds it
                said += [x for x in state.agenda[0][2:] if not isinstance(x, int)]
            if any(isinstance(x, Message) for task in state.agenda for x in task):
                assert GAMES["marcopolo"].from_json(state.to_json()) == state  # a save holds its reasons as data
            japanese += [words(event.said, "ja") for event in state.events]
            if state.is_over:
                break
            state = state.play(bot.choice(state.legal_moves()))
    assert said and all(isinstance(r, Message) and (r.english in TEMPLATES or r.context) for r in said)
    assert answers and all(isinstance(said_, (Message, Listed)) and english(said_) == text for text, said_ in answers)
    japanese += [words(say("({reason})", reason=reason), "ja") for reason, _ in RARE_REASONS]
    seats_and_oases = re.compile(r"Ada|Ben|Cleo|Dan|O'Brien|オアシス[A-J]")
    left = {w for line in japanese for w in re.findall(r"[A-Za-z]+", seats_and_oases.sub("", line))}
    assert left == set()


def test_a_marco_polo_save_written_before_reasons_were_data_is_read_and_its_reasons_stay_their_text():
    state = GAMES["marcopolo"].new_game(["Ada", "Ben"], seed=3)
    bot = random.Random(3)
    while not any(isinstance(x, Message) for task in state.agenda for x in task):
        assert not state.is_over
        state = state.play(bot.choice(state.legal_moves()))
    doc = json.loads(state.to_json())
    for task in doc["agenda"]:
        task[:] = [str(reason_read(x, "")) if isinstance(x, dict) else x for x in task]
    old = GAMES["marcopolo"].from_json(json.dumps(doc))
    assert [[str(x) for x in task] for task in old.agenda] == [[str(x) for x in task] for task in state.agenda]


NAMES = ["Ada", "Ben", "Cleo", "Dan"]


@pytest.mark.parametrize("language", ["ja", "zh-Hant"])
@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_games_log_and_refusals_in_japanese_and_chinese_hold_no_english_word_but_the_seats_names(game, language):
    """Random games of every player count the game allows up to four, every event and the refusal of a move of the
    position before, in Japanese and in Traditional Chinese: no Latin word of two letters or more is left but a
    seat's name (a code such as a cell "E2", a tile "C-L3" or an oasis "A" is no word) and, in a refusal, the words
    a move is typed with (the move refused, the moves and answers it offers instead: "choose move to Moscow")."""
    allowed = [n for n in range(2, 5) if _allows(game, n)]
    left: dict[str, str] = {}
    for players in allowed:
        rng = random.Random(players)
        state, before = GAMES[game].new_game(NAMES[:players], seed=players), []
        while True:
            lines = [(words(e.said, language), set(NAMES)) for e in state.events]
            refused = state.check(before[0]) if before else None
            if refused is not None:
                typed = {word for move in [*before, *state.legal_moves()] for word in re.findall(r"[A-Za-z]+",
                                                                                                 str(move))}
                lines.append((words(refused.said, language), set(NAMES) | typed))
            for line, kept in lines:
                for word in set(re.findall(r"[A-Za-z]{2,}", line)) - kept:
                    left.setdefault(word, line)
            if state.is_over:
                break
            before = state.legal_moves()
            rng.shuffle(before)
            state = state.play(before[0])
    assert left == {}


def _allows(game: str, players: int) -> bool:
    try:
        GAMES[game].new_game(NAMES[:players], seed=1)
    except IllegalMove:
        return False
    return True
