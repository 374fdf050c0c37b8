"""The games' words, for the translation catalog: every word a message names by ``term`` (a good, a city, a
building, a piece), by its kind (the term's context), read from the games' data tables. ``make catalog`` puts them in
the catalog beside the sentences that the source names (``boardgames.extraction.extract_terms``)."""

from __future__ import annotations

from boardgames.bots import LEVELS
from boardgames.core.message import Message, term
from boardgames.core.saves import JSON_ERRORS
from boardgames.marcopolo.board import NAMES as MARCOPOLO_PLACES
from boardgames.marcopolo.data import CARD_SPACES, CHARACTER_NAMES, CONTRACTS, OUTPOSTS, SMALL_CITY_BONUSES
from boardgames.marcopolo.data import GOODS as MARCOPOLO_GOODS
from boardgames.marcopolo.moves import KINDS as DIE_KINDS
from boardgames.marcopolo.rules import RULES as MARCOPOLO_RULES
from boardgames.marcopolo.spaces import ACTION_SPACES
from boardgames.medici.moves import STOWS
from boardgames.medici.rules import GOLD
from boardgames.medici.rules import GOODS as MEDICI_GOODS
from boardgames.medici.rules import RULES as MEDICI_RULES
from boardgames.medina.pieces import COLOURS, KIND, PLURALS
from boardgames.medina.rules import RULES as MEDINA_RULES
from boardgames.metropolis.rules import RULES as METROPOLIS_RULES
from boardgames.metropolis.tiles import COMMERCIAL, PUBLIC, RESIDENTIAL, SHAPE_WORDS, TILES

TITLES = ("Medici", "Medina", "Foundations of Metropolis", "The Voyages of Marco Polo")
UNITS = ("florins", "points", "prestige", "VP")  # what the games' scores count (each game's ``TEACHING.unit``)


def title_said(name: str) -> Message:
    """A game's title (its module's ``NAME``) as a word in a page's language."""
    return term("game.title", name)


def unit_said(unit: str) -> Message:
    """What a game's score counts (its ``TEACHING.unit``: "florins", "points") as a word in a page's language."""
    return term("game.unit", unit)


def rule_said(text: str) -> Message:
    """A rule in a few words (a text of a game's ``RULES`` table) in a page's language."""
    return term("rule", text)


def terms() -> dict[str, tuple[str, ...]]:
    """Each kind of game word (a term's context) and its words, in English."""
    return {
        "game.title": TITLES,
        "game.unit": UNITS,
        "bot.level": tuple(LEVELS),
        "rule": tuple(dict.fromkeys(text for rules in (MEDICI_RULES, MEDINA_RULES, METROPOLIS_RULES, MARCOPOLO_RULES)
                                    for text in rules.values())),  # a rule in a few words: the class's practice grid
        "json.error": JSON_ERRORS,  # what Python's JSON reader says of a file it cannot read
        "medici.good": (*MEDICI_GOODS, GOLD),
        "medici.ship-code": tuple(str(stow.ship) for stow in STOWS),  # a ship as a typed move names it ("stow 0")
        "medici.track": ("start",),  # a goods track's first space
        "medina.label": ("S",),  # a stable's letter on the board
        "medina.colour": COLOURS,
        "medina.piece": ("building", "palace", *KIND),
        "medina.pieces": tuple(PLURALS.values()),
        "metropolis.building": tuple(dict.fromkeys(tile.name for tile in TILES.values())),
        "metropolis.shape": tuple(SHAPE_WORDS),
        "metropolis.category": (RESIDENTIAL, COMMERCIAL, PUBLIC),
        "marcopolo.place": tuple(dict.fromkeys(MARCOPOLO_PLACES)),
        "marcopolo.good": (*MARCOPOLO_GOODS, "camel"),
        "marcopolo.card-space": CARD_SPACES,
        "marcopolo.reward": tuple(dict.fromkeys([o.text for o in OUTPOSTS] + [b.text for b in SMALL_CITY_BONUSES]
                                                + [k.text for k in CONTRACTS])),  # a contract's: the expert's reasons
        "marcopolo.character": CHARACTER_NAMES,
        "marcopolo.space": tuple(ACTION_SPACES.values()),
        "marcopolo.die": DIE_KINDS[1:],  # a black or a white die (an own die has no word)
        "marcopolo.board": ("free",),  # an action space no die is on (not a price)
    }
