"""A Medina bot that looks one placement ahead (two when it can build and roof in the same turn).

Each candidate placement is played on the engine and the position is valued for the bot's seat:
- its points as if the game ended now (claimed palaces with their merchants and walls, and the tiles it holds),
  minus a share of its rivals' points (half the best rival, half their average);
- plus the worth of the roofs still in hand: a roof kept is worth ``reserve`` points early in the game, less
  as the city fills up, so a palace is claimed when it is worth more than waiting for a better one;
- plus a little for the stables, merchants and walls still in hand (``keep``, per piece, also fading as the city
  fills), so that they are not spent early where they score nothing but kept to feed its palaces later;
- minus the best unclaimed palace a rival could roof on their turn (what the bot leaves on the table).
When the bot has a second placement this turn and the first one grows a palace it could roof, the value of
building-then-roofing is counted for it. So it claims palaces worth having, takes and defends tiles, puts
merchants and walls beside its own palaces rather than its rivals', and does not grow palaces for others.

``ExpertBot.judge`` gives the placements it valued, best first: the value it compared, its worth as the points the
seat can expect by the game's end (its points now, plus what its roofs and pieces in hand may still bring), and
a sentence naming what the placement changed in those terms (a palace claimed, points, a roof spent, the palace
it leaves a rival to roof). Medina hides nothing, so every seat's world is the board itself.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from boardgames.bots import THE_BOT, YOUR, Judgement, deadline_after, move_said, only_move, out_of_time, ranked
from boardgames.core.message import Listed, Message, listed, say, say_n
from boardgames.medina.board import CITY, EMPTY, MERCHANT, ORTH_CITY, WALL, WALLS_AT
from boardgames.medina.game import State
from boardgames.medina.moves import Place
from boardgames.medina.pieces import ROOF, a_palace_said, colour_word
from boardgames.medina.rules import COLOURS, PALACE_TILE_POINTS, START, TOWER_POINTS

CITY_SQUARES = len(CITY)
CENTRE = (6, 8.5)  # the city's middle square (row, column), where palaces will come to the start merchant


@dataclass(frozen=True)
class Outlook:
    """The terms of ``ExpertBot.value`` for a seat: its ``points`` as if the game ended now, its rivals' points,
    what a roof kept is worth now (``roof_worth``) and its roofs in hand together (``roofs``), its other pieces in
    hand (``pieces``), the best unclaimed palace a rival could roof (``exposed``, above a roof's worth) and the
    ``value`` they make."""

    points: int
    rivals: tuple[int, ...]
    roof_worth: float
    roofs: float
    pieces: float
    exposed: float
    value: float

    @property
    def expected(self) -> float:
        """The points the seat can expect by the game's end: its points, plus what its roofs and pieces may bring."""
        return self.points + self.roofs + self.pieces


class ExpertBot:
    """Chooses the placement whose resulting position it values most (see the module's docstring)."""

    def __init__(
        self,
        seed: int | None = 0,
        *,
        reserve: float = 15.0,
        exposure: float = 0.7,
        rivalry: float = 0.5,
        sample: int = 8,
        keep: tuple[float, ...] = (0.1, 0.1, 0.1, 0.1, 0.0, 0.8, 0.5, 0.6),  # per piece, in supply order
    ) -> None:
        self.rng = random.Random(seed)
        self.reserve = reserve
        self.exposure = exposure
        self.rivalry = rivalry
        self.sample = sample
        self.keep = keep
        self.last_judgements: list[Judgement] = []

    def __repr__(self) -> str:
        return "ExpertBot()"

    # ------------------------------------------------------------------ choosing
    def choose(self, state: State) -> Any:
        moves = state.legal_moves()
        self.last_judgements = [only_move(moves[0])] if len(moves) == 1 else self.judge(state)
        return self.last_judgements[0].move

    def judge(self, state: State, seconds: float | None = None) -> list[Judgement]:
        """The placements valued for the seat to move (see ``candidates``; as many as ``seconds`` allows), best
        first."""
        moves = state.legal_moves()
        if len(moves) == 1:
            return [only_move(moves[0])]
        seat = state.current_player
        if state.step == START:
            return self._judge_start(moves)
        deadline = deadline_after(seconds)
        before = self.outlook(state, seat)
        out = []
        for move in self.candidates(state, moves):
            if out and out_of_time(deadline):
                break
            after = state.play(move)
            value = self.value(after, seat)
            then = None
            if after.current_player == seat and move.piece in ("building", "stable"):
                roof = self._roof_after(after, seat, move.at)
                if roof is not None:
                    roofed = after.play(roof)
                    with_roof = self.value(roofed, seat)
                    if with_roof > value:
                        then = roof
                    value = max(value, with_roof)
                    if then is not None:
                        after = roofed
            value += self.rng.random() * 1e-3
            out.append(self._judgement(state, seat, before, move, then, after, value))
        return ranked(out)

    def _judge_start(self, moves: list) -> list[Judgement]:
        """The start merchant: the squares nearest the city's centre first."""
        out = []
        for m in moves:
            steps = abs(m.at[0] - CENTRE[0]) + abs(m.at[1] - CENTRE[1])
            value = -(steps + self.rng.random())
            out.append((m, steps, value))
        nearest = min(steps for _, steps, _ in out)
        return ranked([Judgement(
            m, value, say("no points yet: {steps:g} steps from the city's centre", steps=steps),
            say("the start merchant on {square} stands {steps:g} steps (rows and columns) from the city's centre, "
                "where palaces are likeliest to grow beside it and score it (the nearest free square is {nearest:g} "
                "away)", square=str(m.at), steps=steps, nearest=nearest),
        ) for m, steps, value in out])

    def _judgement(self, state: State, seat: int, before: Outlook, move: Any, then: Any, after: State,
                   value: float) -> Judgement:
        now = self.outlook(after, seat)
        said: list[Message] = []
        owned = set(state.owned_colours(seat))
        claimed = [pal for pal in after.palaces() if pal.owner == seat and pal.colour not in owned]
        for pal in claimed:
            if then is not None:
                said.append(say("claims the {colour} palace ({parts}: {points} points), roofing it at once",
                                colour=colour_word(pal.colour), parts=_parts(pal), points=pal.value))
            else:
                said.append(say("claims the {colour} palace ({parts}: {points} points)",
                                colour=colour_word(pal.colour), parts=_parts(pal), points=pal.value))
        was = {pal.id: pal for pal in state.palaces()}
        for pal in after.palaces():
            old = was.get(pal.id)
            if pal in claimed or (old is not None and old.value == pal.value):
                continue
            colour = colour_word(pal.colour)
            if old is None:
                said.append(say("starts {palace}", palace=a_palace_said(pal.colour)))
            elif pal.owner == seat:
                said.append(say("grows {your} {colour} palace from {before} to {after} points", your=YOUR,
                                colour=colour, before=old.value, after=pal.value))
            elif pal.owner is None:
                said.append(say("grows the unclaimed {colour} palace from {before} to {after} points",
                                colour=colour, before=old.value, after=pal.value))
            else:
                said.append(say("grows {name}'s {colour} palace from {before} to {after} points",
                                name=state.names[pal.owner], colour=colour, before=old.value, after=pal.value))
        for held, now_held, points in ((state.tower_tiles, after.tower_tiles, TOWER_POINTS),
                                       (state.palace_tiles, after.palace_tiles, PALACE_TILE_POINTS)):
            for key, a, b in zip(points, held, now_held):
                tile = (say("tower tile {tower}", tower=key) if points is TOWER_POINTS else
                        say("the {colour} palace tile", colour=colour_word(key)))
                worth_points = say_n("{n} point", "{n} points", points[key])
                if a != b and b == seat:
                    said.append(say("takes {tile} ({points})", tile=tile, points=worth_points) if a is None else
                                say("takes {tile} ({points}) from {name}", tile=tile, points=worth_points,
                                    name=state.names[a]))
                elif a != b and a == seat:
                    said.append(say("loses {tile} to {name}", tile=tile, name=state.names[b]))
        if now.points != before.points:
            said.append(say("{your} points {before} \u2192 {after}", your=YOUR, before=before.points,
                            after=now.points))
        if claimed:
            said.append(say("for a roof {bot} values at {worth:.1f} while the city is {share} empty", bot=THE_BOT,
                            worth=before.roof_worth, share=_share(state)))
        if max(now.rivals) != max(before.rivals):
            said.append(say("the best rival's points {before} \u2192 {after}", before=max(before.rivals),
                            after=max(now.rivals)))
        if round(now.exposed, 1) != round(before.exposed, 1):
            said.append(say("the best palace left for a rival to roof is worth {worth:.1f} above a roof (was "
                            "{was:.1f})", worth=now.exposed, was=before.exposed))
        if not said:
            said.append(say("a piece {bot} values at {worth:.1f} while the city is {share} empty", bot=THE_BOT,
                            worth=before.pieces - now.pieces, share=_share(after)) if before.pieces > now.pieces
                        else say("no points change yet"))
        changes = listed(said, ";")
        reason = say("{move}: {changes}; {bot}'s value {value:.1f} (was {was:.1f})", move=move_said(move),
                     changes=changes, bot=THE_BOT, value=value, was=before.value)
        worth = say("about {points:.0f} points by the game's end ({now} now)", points=now.expected, now=now.points)
        return Judgement(move, value, worth, reason, plain=changes)
    def candidates(self, state: State, moves: list) -> list:
        """The moves worth valuing: every roof, stable and wall, and a sample of the rest where there are many."""
        groups: dict[tuple, list] = {}
        for m in moves:
            groups.setdefault((m.piece, m.colour), []).append(m)
        out: list = []
        for (piece, _), group in groups.items():
            if piece in ("roof", "stable", "wall") or len(group) <= self.sample:
                out += group
            else:
                out += self.rng.sample(group, self.sample)
        return out

    @staticmethod
    def _roof_after(state: State, seat: int, at: tuple[int, int]) -> Place | None:
        """The roof that would claim the palace standing on ``at``, if ``seat`` may place it now."""
        if not state.stock[seat][ROOF]:
            return None
        pal = state.palace_at(at)
        if pal is None or pal.owner is not None or pal.colour in state.owned_colours(seat):
            return None
        return Place("roof", pal.squares[0])

    # ------------------------------------------------------------------ valuing
    def value(self, state: State, seat: int) -> float:
        """How good ``state`` is for ``seat`` (see the module's docstring)."""
        return self.outlook(state, seat).value

    def outlook(self, state: State, seat: int) -> Outlook:
        """The terms of ``value`` for ``seat`` in ``state``."""
        scores = state.scores()
        others = [x for s, x in enumerate(scores) if s != seat]
        value = scores[seat] - self.rivalry * (max(others) + sum(others) / len(others)) / 2
        if state.is_over:
            return Outlook(scores[seat], tuple(others), 0.0, 0.0, 0.0, 0.0, value)
        board = state.board
        left = sum(1 for i in CITY if board[i] == EMPTY) / CITY_SQUARES
        reserve = self.reserve * left
        roofs = reserve * (4 - len(state.owned_colours(seat)))
        value += roofs
        pieces = left * sum(k * n for k, n in zip(self.keep, state.stock[seat]))
        value += pieces
        # The best palace a rival could roof before the bot moves again.
        rivals = [s for s in range(state.players) if s != seat and state.stock[s][ROOF]]
        owned = [set(state.owned_colours(s)) for s in range(state.players)]
        exposed = 0.0
        for pal in state.pals:
            if pal.owner is not None:
                continue
            colour = COLOURS[pal.colour]
            if not any(colour not in owned[s] for s in rivals):
                continue
            worth = _worth(board, pal) - reserve
            if worth > exposed:
                exposed = worth
        return Outlook(scores[seat], tuple(others), reserve, roofs, pieces, exposed, value - self.exposure * exposed)


def _parts(pal: Any) -> Listed:
    """A palace's parts as a reader counts them: "5 buildings, 2 merchants, 1 wall"."""
    parts = (say_n("{n} building", "{n} buildings", len(pal.squares)),
             say_n("{n} stable", "{n} stables", len(pal.stables)),
             say_n("{n} merchant", "{n} merchants", pal.merchants), say_n("{n} wall", "{n} walls", pal.walls))
    return listed([part for part in parts if part.count], ",")


def _share(state: State) -> Message:
    """The empty share of the city, as a percentage."""
    board = state.board
    return say("{percent} %", percent=round(100 * sum(1 for i in CITY if board[i] == EMPTY) / CITY_SQUARES))


def _worth(board, pal) -> int:
    """An unclaimed palace's value: size, touching merchants and walls."""
    squares = pal.buildings + pal.stables
    merchants = {y for x in squares for y in ORTH_CITY[x] if board[y] == MERCHANT}
    walls = {w for x in squares for w in WALLS_AT[x] if WALL < board[w] <= WALL + 4}
    return len(squares) + len(merchants) + len(walls)
