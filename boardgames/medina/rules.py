"""Every number and rule id of Medina (first edition); the rules themselves, with these ids and section numbers, are
``docs/rules/medina.md``."""

from __future__ import annotations

from boardgames.core import Spec

GAME = "medina"
NAME = "Medina"
PLAYERS = range(3, 5)  # rule 1
FLAGS = {"tiebreak_largest_palace": False}  # section 5: the flags, with their decided defaults
SPEC = Spec(GAME, NAME, PLAYERS, FLAGS)

# 2.1 Board: the whole grid is 13 rows x 18 columns, row 0 at the top; the city is rows 1-11 x columns 1-16.
ROWS, COLS = 13, 18
CITY_ROWS = range(1, 12)
CITY_COLS = range(1, 17)

# 2.2 Towers: tile number -> corner cell (decision 6: numbered clockwise from the top left).
TOWERS = {1: (0, 0), 2: (0, 17), 3: (12, 17), 4: (12, 0)}
TOWER_POINTS = {1: 1, 2: 2, 3: 3, 4: 4}

# 2.3 Palace colours, in this order everywhere, and their palace tiles' points.
COLOURS = ("grey", "black", "brown", "orange")
PALACE_TILE_POINTS = {"grey": 1, "black": 2, "brown": 3, "orange": 4}

# The steps of a game: the start merchant (rule 2), the turns (rule 3), the end (rule 23).
START, PLAY, OVER = "start", "play", "over"
STEPS = (START, PLAY, OVER)

# 2.4 Pieces per player (the start player also gets one extra merchant).
PIECES = ("building", "roof", "stable", "merchant", "wall")
PLAIN_PIECES = PIECES[1:]  # the pieces that have no colour: roofs, stables, merchants, walls
BUILDINGS_PER_COLOUR = {3: 6, 4: 5}
ROOFS = {3: 4, 4: 4}
STABLES = {3: 4, 4: 3}
MERCHANTS = {3: 8, 4: 6}
WALLS = {3: 10, 4: 8}
EXTRA_MERCHANTS = 1  # rule 2: the start player's extra merchant
PLACEMENTS_PER_TURN = 2  # rule 3: a turn is two placements (one if only one is possible)

# 4.1 Palace value: 1 per building, stable, touching merchant and touching wall.
POINTS_PER_PART = 1

# Section 3: rule ids, each with the rule in a few words. Refusable ids are raised as IllegalMove.rule;
# the others name automatic steps and are event kinds.
RULES = {
    "medina.setup.players": "A game has 3 or 4 players.",
    "medina.turn.not-your-turn": "Only the seat named by current_player may place a piece.",
    "medina.turn.start-merchant": "The start player first places the extra merchant on any empty city square.",
    "medina.turn.two-pieces": "A turn is two placements by the same player (one if only one is possible).",
    "medina.turn.must-place": "A player may not pass while they have a legal placement.",
    "medina.place.no-piece": "The piece must be in the player's supply.",
    "medina.place.empty": "The target square must be empty.",
    "medina.place.wrong-area": "Buildings, stables and merchants go in the city, walls on the ring, none on a tower.",
    "medina.building.extend": "A building must touch the extendable palace of its colour, if there is one.",
    "medina.building.spacing": "A building may not touch, even diagonally, a piece of another palace.",
    "medina.building.colour-closed": "Once every player owns a palace of a colour, no more buildings of it.",
    "medina.roof.unclaimed": "A roof goes on an unclaimed palace.",
    "medina.roof.one-per-colour": "A player may own only one palace of each colour.",
    "medina.stable.adjacent": "A stable must touch a building of a palace.",
    "medina.stable.spacing": "A stable may not touch, even diagonally, a piece of another palace.",
    "medina.merchant.line-end": "A merchant must touch an end of the current merchant line.",
    "medina.merchant.no-branch": "A merchant may not touch more than one merchant.",
    "medina.merchant.new-line": "Only when the line cannot grow may a merchant start a new line, touching no merchant.",
    "medina.wall.connect": "A wall must continue a tower or a wall along the ring.",
    "medina.wall.no-join": "Walls from different towers may never be joined.",
    "medina.tile.palace": "The palace tile goes to the first claimer, then to a strictly larger palace.",
    "medina.tile.tower": "A tower tile goes to the owner of the claimed palace that last came to touch its walls.",
    "medina.tile.tower-reuse": "A palace used once to take tower tile n can never take tile n again.",
    "medina.game.end": "The game ends when nobody can place a piece; then the final scoring.",
}
