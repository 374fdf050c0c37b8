"""The Voyages of Marco Polo (Simone Luciani, Daniele Tascini): five rounds of dice placement, travel across a
map of 25 places, trading posts, contracts, city cards and eight characters.

Rules: ``docs/rules/marcopolo.md``. The package reads bottom to top, as every game's does
(``docs/adding-a-game.md``); each module imports only those above it in this list:

- the numbers: ``rules`` (the rule ids and flags), ``data`` (every number and card of the game), ``moves``,
  ``board`` (the map: places, routes, what a trip costs);
- the state: ``state`` (the action board's spaces, ``Table``, ``Position`` as data, ``Draft``);
- the rules, in the order of a turn's parts:
  ``records`` (what a move leaves in the log), ``scoring`` (the final scoring and the ranking),
  ``wealth`` (what every part writes with: a gain, a die rolled, a task pushed on the agenda),
  ``spaces`` (dice placed on the action board, their fee, the space a move takes),
  ``log`` (the records in sentences),
  ``posts`` (figures moved, trading posts placed, what an arrival brings), ``cards`` (what a city card does),
  ``actions`` (the main actions and fulfilling a contract), ``questions`` (the choices a rule leaves open:
  asked, offered and answered), ``rounds`` (a turn's start and end, the round's end, the next round's dice,
  the game's end, what a seat cannot know), ``flow`` (a move sent to its part, then the agenda carried out),
  ``offers`` (the moves a position offers), ``refusals`` (why a move is illegal), ``saving`` (a game's start,
  its document read and written), ``positions`` (positions built to order);
- the face: ``game`` (``State``: a position with the protocol's methods; ``new_game``, ``from_json``), then
  ``planning`` (trips, contracts and characters weighed over several turns) and ``bot`` (the expert, which plans
  with it), ``teaching`` (``TEACHING``: the review's, the puzzles' and the guide's terms) and this
  package's names.
"""

from boardgames.marcopolo.board import distance, travel_cost
from boardgames.marcopolo.bot import ExpertBot
from boardgames.marcopolo.data import (
    CHARACTERS,
    CITY_CARDS,
    CONTRACTS,
    GOALS,
    MOST_DICE,
    NODES,
    OUTPOSTS,
    ROUNDS,
    ROUTES,
    SMALL_CITY_BONUSES,
)
from boardgames.marcopolo.game import State, from_json, keeps_secrets, new_game, sees_goals
from boardgames.marcopolo.moves import (
    Adjust,
    Bazaar,
    BuyBlackDie,
    Choose,
    CityCard,
    CoinBag,
    Die,
    EndTurn,
    FiveCoins,
    Fulfil,
    KhansFavor,
    Reroll,
    TakeContracts,
    Travel,
    dice_of,
    parse_move,
    takes_dice,
)
from boardgames.marcopolo.questions import kept_goals
from boardgames.marcopolo.refusals import space_refusal
from boardgames.marcopolo.rules import FLAGS, GAME, NAME, PLAYERS, RULES
from boardgames.marcopolo.saving import consistency_problem
from boardgames.marcopolo.scoring import SCORING_NOTE, FinalScore
from boardgames.marcopolo.spaces import card_city, khan_least, pays_fee, space_of
from boardgames.marcopolo.state import Table
from boardgames.marcopolo.teaching import TEACHING


def candidate_moves(state: State) -> list:
    """Moves of every Marco Polo kind worth trying in ``state``, legal or not (for conformance tests). A legal
    move written otherwise than ``legal_moves()`` writes it (Raschid's dice set higher than needed, a longer walk
    to the same place at the same cost) is left out: the checker takes every move not offered for illegal."""
    seat = state.current_player if state.current_player is not None else 0
    dice = state.dice(seat)
    some = list(dice[:1]) + [Die(6), Die(1), Die(3, "black"), Die(7)]
    two = tuple(dice[:2])
    moves: list = [EndTurn(), BuyBlackDie(), Choose("pepper"), Choose("stay"), Fulfil(0), Fulfil(43)]
    moves += [Fulfil(c) for c in state.contracts(seat)]
    moves += [Travel(two, ("Oasis A", "Moscow")), Travel((Die(6), Die(6)), ("Oasis A",)), Travel(two, ("Beijing",)),
              Travel(two, ("Alexandria",), ("Oasis A",))]
    moves += [Bazaar(g, tuple(dice[:k]), c) for g, k in (("camel", 1), ("silk", 2), ("gold", 3)) for c in (1, 6)]
    moves += [KhansFavor(d, "silk") for d in some[:3]] + [FiveCoins(d) for d in some[:3]]
    moves += [TakeContracts(d, (1,)) for d in some[:2]] + [TakeContracts(Die(6), (5, 6), ("coins", "camels"))]
    moves += [CityCard(c, some[0], 1) for c in ("Moscow", "Sumatra 1", "Karachi")]
    moves += [CoinBag(some[-1]), Reroll(some[0]), Reroll(some[-1]), Adjust(some[0], 1), Adjust(some[1], 1)]
    offered = set(state.legal_moves())
    return [move for move in moves if move in offered or state.check(move) is not None]


__all__ = [
    "CHARACTERS", "CITY_CARDS", "CONTRACTS", "FLAGS", "GAME", "GOALS", "MOST_DICE", "NAME", "NODES", "OUTPOSTS",
    "PLAYERS", "ROUNDS", "ROUTES", "RULES", "SCORING_NOTE", "TEACHING", "SMALL_CITY_BONUSES",
    "Adjust", "Bazaar", "BuyBlackDie", "Choose", "CityCard", "CoinBag", "Die", "EndTurn", "ExpertBot", "FinalScore",
    "FiveCoins", "Fulfil", "KhansFavor", "Reroll", "State", "Table", "TakeContracts", "Travel",
    "candidate_moves", "card_city", "consistency_problem", "dice_of", "distance", "from_json", "keeps_secrets",
    "kept_goals", "khan_least", "new_game", "parse_move", "pays_fee", "sees_goals", "space_of", "space_refusal",
    "takes_dice", "travel_cost",
]
