"""Starting, saving and loading a Marco Polo game: ``new_game`` (what chance deals, or what the caller fixes),
the save document's body, and ``consistency_problem`` (what makes a loaded or arranged position impossible)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from string import Formatter
from typing import Any

from boardgames.core import damaged, envelope, new_table, read_table, state_document
from boardgames.core.message import Listed, Message, Ordinal, english, listed, say, term
from boardgames.core.saves import check_int, check_list, check_text
from boardgames.marcopolo import data, reasons
from boardgames.marcopolo import records as R
from boardgames.marcopolo.board import IS_CITY, NAMES, place
from boardgames.marcopolo.data import (
    BEIJING_NODE,
    CARD_SPACES,
    CARDS_IN_PLAY,
    CHARACTER_NAMES,
    CONTRACTS,
    FIRST_GAME,
    GOALS,
    MATTEO,
    OUTPOSTS_IN_PLAY,
    POLOS,
    REGULAR_CONTRACTS,
    START_CONTRACTS,
)
from boardgames.marcopolo.flow import settle
from boardgames.marcopolo.moves import Die, parse_die
from boardgames.marcopolo.questions import QUESTIONS, choose_character
from boardgames.marcopolo.rounds import neutral_spaces, turn_order
from boardgames.marcopolo.rules import GAME, SPEC
from boardgames.marcopolo.spaces import ACTION_SPACES
from boardgames.marcopolo.state import SPACES, Draft, Position, Table
from boardgames.marcopolo.wealth import luck_of


def begin(players: int | Sequence[str], seed: int, first_player: int, given: Mapping[str, Any],
          flags: Mapping[str, Any]) -> Draft:
    """The first position of a new game, as a draft: ``given`` holds what ``game.new_game`` was told to fix
    instead of chance (its keyword arguments ``characters`` to ``rolls``, each None or a list), ``flags`` the
    flags. An impossible setup raises ValueError."""
    probe = new_table(SPEC, players, seed, first_player, flags, Table)
    n = probe.players
    expert = bool(probe.flag("expert_setup"))
    fixed = {
        "characters": _characters(given["characters"], n + 1 if expert else n),
        "city_cards": _numbers(given["city_cards"], "city_cards", CARDS_IN_PLAY, range(len(data.CITY_CARDS)),
                               "city card"),
        "outposts": _numbers(given["outposts"], "outposts", OUTPOSTS_IN_PLAY, range(1, len(data.OUTPOSTS) + 1),
                             "outpost tile"),
        "start_contracts": _numbers(given["start_contracts"], "start_contracts", n, START_CONTRACTS, "start contract"),
        "goals": _goals(given["goals"], n, data.GOALS_DEALT_EXPERT if expert else data.GOALS_KEPT),
        "contracts": _piles(given["contracts"]),
        "rolls": _rolls(given["rolls"], n),
    }
    table = new_table(SPEC, players, seed, first_player, flags, Table, **fixed)
    return deal(table)


def deal(table: Table) -> Draft:
    """The game's first position, before the first round's start: everything dealt, the agenda set."""
    n = table.players
    first = table.first_player
    expert = bool(table.flag("expert_setup"))
    rng = random.Random(f"marcopolo/{table.seed}")
    cards = table.city_cards or tuple(rng.sample(range(len(data.CITY_CARDS)), CARDS_IN_PLAY))
    tiles = table.outposts or tuple(rng.sample(range(1, len(data.OUTPOSTS) + 1), OUTPOSTS_IN_PLAY))
    markers = tuple(rng.sample(range(6), 6)) if expert else tuple(range(6))
    starts = table.start_contracts or tuple(rng.sample(START_CONTRACTS, n))
    if table.goals:
        dealt = table.goals
    else:
        pool = list(range(len(GOALS)))
        rng.shuffle(pool)
        per = data.GOALS_DEALT_EXPERT if expert else data.GOALS_KEPT
        dealt = tuple(tuple(sorted(pool[k * per: (k + 1) * per])) for k in range(n))
    if table.contracts:
        piles, special = table.contracts[: data.PILES], table.contracts[data.PILES]
    else:
        deck = list(REGULAR_CONTRACTS)
        rng.shuffle(deck)
        piles = tuple(tuple(deck[k * data.PILE_SIZE: (k + 1) * data.PILE_SIZE]) for k in range(data.PILES))
        special = tuple(deck[data.PILES * data.PILE_SIZE:])
    if expert:
        offer = _chance_characters(table.characters, rng) or tuple(rng.sample(CHARACTER_NAMES, n + 1))
        chars = ("",) * n
    else:
        offer = ()
        chars = _chance_characters(table.characters, rng) or tuple(FIRST_GAME[(seat - first) % n] for seat in range(n))
    coins = [0] * n
    for k, seat in enumerate(turn_order(first, n)):
        coins[seat] = data.START_COINS[k]
    d = object.__new__(Draft)
    fields = dict(
        table=table, round=1, start=first, turn=first, main_done=False, bought=False, arrived=(), over=False,
        chars=("",) * n, offer=offer,
        wealth=tuple((coins[seat], data.START_CAMELS, 0, 0, 0, 0) for seat in range(n)),
        held=((),) * n, at=((data.START,),) * n, post_list=((),) * n, beijing_spaces=(-1, -1, -1, -1),
        hands=tuple((c,) for c in starts), done=((),) * n,
        board=piles[0] + (-1,) * (6 - len(piles[0])), piles=((),) + tuple(piles[1:]), special=tuple(special),
        hidden=len(special), unused=tuple(c for c in START_CONTRACTS if c not in starts),
        goal_cards=((),) * n if expert else dealt, dealt=dealt, cards=cards, tiles=tiles, markers=markers,
        spaces=neutral_spaces(n), black_left=data.BLACK_DICE[n], traveller=-1, luck=luck_of(table.seed), draws=0,
        agenda=(), log=[], memo=None,
    )
    for key, value in fields.items():
        object.__setattr__(d, key, value)
    d.log.append((R.Dealt, None, cards, tiles, markers, d.board, chars, offer, d.hands))
    for seat in range(n):
        d.log.append((R.GoalsDealt, seat, dealt[seat]))
    if expert:
        last = (first - 1) % n
        d.agenda = (tuple(("character", (last - k) % n) for k in range(n))
                    + tuple(("goals", seat) for seat in turn_order(first, n)) + (("round", first),))
    else:
        for seat, name in enumerate(chars):
            choose_character(d, seat, name)
        d.agenda = (("round", first),)
    settle(d)
    return d


def _chance_characters(names: tuple[str | None, ...] | None, rng: random.Random) -> tuple[str, ...] | None:
    """``names`` with each None dealt from ``rng`` among the characters not named (no draw when none is None)."""
    if names is None or None not in names:
        return names
    left = [c for c in CHARACTER_NAMES if c not in names]
    dealt = iter(rng.sample(left, names.count(None)))
    return tuple(next(dealt) if c is None else c for c in names)


# ---------------------------------------------------------------------- what new_game is given
def _characters(names: Any, count: int) -> tuple[str | None, ...] | None:
    if names is None:
        return None
    if isinstance(names, str) or not isinstance(names, Sequence):
        raise damaged(say("{what} must be a list of character names ({none}: dealt at random)", what="characters",
                          none="None"))
    names = tuple(names)
    if len(names) != count:
        raise damaged(say("{what} must name {count} characters, not {n}", what="characters", count=count, n=len(names)))
    unknown = [c for c in names if c is not None and c not in CHARACTER_NAMES]
    if unknown:
        raise damaged(say("unknown character {name}; the characters are {names}", name=repr(unknown[0]),
                          names=", ".join(CHARACTER_NAMES)))
    twice = sorted(c for c, k in Counter(c for c in names if c is not None).items() if k > 1)
    if twice:
        raise damaged(say("{names} given twice in {what}", names=listed(twice), what="characters"))
    return names


def _numbers(values: Any, what: str, count: int, allowed: Sequence[int], word: Message) -> tuple[int, ...] | None:
    if values is None:
        return None
    if isinstance(values, (str, bytes)) or not isinstance(values, Sequence):
        raise damaged(say("{what} must be a list of {count} numbers", what=what, count=count))
    values = tuple(values)
    if len(values) != count:
        raise damaged(say("{what} must hold {count} numbers, not {n}", what=what, count=count, n=len(values)))
    for v in values:
        if isinstance(v, bool) or not isinstance(v, int) or v not in allowed:
            raise damaged(say("{what}: {value} is not a {word} ({allowed})", what=what, value=repr(v), word=word,
                              allowed=", ".join(map(str, allowed))))
    twice = sorted(v for v, k in Counter(values).items() if k > 1)
    if twice:
        raise damaged(say("{what}: {word} {number} given twice", what=what, word=word, number=twice[0]))
    return values


def _groups(groups: Any, what: str, sizes: list[int], allowed: Sequence[int], word: Message) -> tuple:
    if isinstance(groups, (str, bytes)) or not isinstance(groups, Sequence) or len(groups) != len(sizes):
        raise damaged(say("{what} must be a list of {count} lists", what=what, count=len(sizes)))
    out = tuple(_numbers(g, f"{what}[{k}]", size, allowed, word) for k, (g, size) in enumerate(zip(groups, sizes)))
    twice = sorted(v for v, k in Counter(v for g in out for v in g).items() if k > 1)
    if twice:
        raise damaged(say("{what}: {word} {number} given twice", what=what, word=word, number=twice[0]))
    return out


def _goals(goals: Any, n: int, per: int) -> tuple | None:
    if goals is None:
        return None
    out = _groups(goals, "goals", [per] * n, range(len(GOALS)), say("goal card"))
    return tuple(tuple(sorted(g)) for g in out)


def _piles(piles: Any) -> tuple | None:
    if piles is None:
        return None
    return _groups(piles, "contracts", [data.PILE_SIZE] * data.PILES + [data.SPECIAL_SIZE], REGULAR_CONTRACTS,
                   say("regular contract"))


def _rolls(rolls: Any, n: int) -> tuple | None:
    if rolls is None:
        return None
    if isinstance(rolls, (str, bytes)) or not isinstance(rolls, Sequence) or len(rolls) != n:
        raise damaged(say("{what} must be a list of {n} lists of dice", what="rolls", n=n))
    out = []
    for seat, values in enumerate(rolls):
        if isinstance(values, (str, bytes)) or not isinstance(values, Sequence) or len(values) not in (5, 6):
            path = f"rolls[{seat}]"
            raise damaged(say("{path} must hold 5 dice (6 with Matteo's white die)", path=path))
        for v in values:
            if isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= 6:
                path = f"rolls[{seat}]"
                raise damaged(say("{path}: a die shows 1 to 6, not {value}", path=path, value=repr(v)))
        out.append(tuple(values))
    return tuple(out)


# ---------------------------------------------------------------------- the save document
def _task_json(task: tuple) -> list:
    return [list(x) if isinstance(x, tuple) else reason_json(x) if isinstance(x, Message) else x for x in task]


def reason_json(said: Any) -> Any:
    """A reason (``reasons.py``) as save data: a message is its template and its values
    (``{"say": "contract {contract}'s reward", "contract": 36}``), a game's word its word and kind, a list its
    items, an ordinal its number."""
    if isinstance(said, Message):
        if said.context is not None:
            return {"term": said.english, "context": said.context}
        out: dict[str, Any] = {"say": said.english}
        if said.plural is not None:
            out["plural"] = said.plural
        return out | {key: reason_json(value) for key, value in said.values}
    if isinstance(said, Listed):
        return {"listed": [reason_json(item) for item in said.items]}
    if isinstance(said, Ordinal):
        return {"ordinal": said.n}
    return said


REASON_TERMS = {"marcopolo.place": frozenset(NAMES), "marcopolo.space": frozenset(ACTION_SPACES.values()),
                "marcopolo.good": frozenset((*data.GOODS, "camel")), "marcopolo.card-space": frozenset(CARD_SPACES),
                "marcopolo.character": frozenset(CHARACTER_NAMES)}  # the game's words a reason may name
REASON_PLURALS = {"to travel {n} step to {places}": "to travel {n} steps to {places}"}


def _reason(value: Any, path: str) -> Any:
    """A reason of a task, as ``reason_json`` writes it (a save written before reasons were data holds their
    English text: it stays that text)."""
    if isinstance(value, str):
        return value
    return _said(value, path)


def _said(value: Any, path: str) -> Any:
    if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
        return value
    if isinstance(value, dict) and set(value) == {"term", "context"}:
        if value["context"] in REASON_TERMS and value["term"] in REASON_TERMS[value["context"]]:
            return term(value["context"], value["term"])
    elif isinstance(value, dict) and set(value) == {"ordinal"}:
        return Ordinal(check_int(value["ordinal"], f"{path}.ordinal", 1), "order")
    elif isinstance(value, dict) and set(value) == {"listed"}:
        return listed(check_list(value["listed"], f"{path}.listed", _said))
    elif isinstance(value, dict) and value.get("say") in reasons.TEMPLATES:
        template = value["say"]
        places = [name for _, name, _, _ in Formatter().parse(template) if name]
        plural = REASON_PLURALS.get(template)
        if set(value) == {"say", *places, *(("plural",) if plural else ())} and value.get("plural") == plural:
            values = {name: value[name] if name == "name" and isinstance(value[name], str)
                      else _said(value[name], f"{path}.{name}") for name in places}
            return Message(template, tuple(values.items()), plural)
    raise damaged(say("{path} must be written like {example}, got {value}", path=path,
                      example='{"say": "contract {contract}\'s reward", "contract": 36}', value=repr(value)))


def to_json(s: Position) -> str:
    """``s`` as a save document (``from_json`` reads it back equal)."""

    def lists(groups):
        return [list(g) for g in groups]

    return envelope("state", GAME, {
        "table": s.table.block(),
        "round": s.round, "start": s.start, "turn": s.turn, "main_done": s.main_done, "bought": s.bought,
        "arrived": [NAMES[p] for p in s.arrived], "over": s.over,
        "characters": list(s.chars), "offer": list(s.offer),
        "wealth": lists(s.wealth),
        "dice": [[str(d) for d in h] for h in s.held],
        "figures": [[NAMES[p] for p in a] for a in s.at],
        "posts": [[NAMES[p] for p in ps] for ps in s.post_list],
        "beijing": [None if x < 0 else x for x in s.beijing_spaces],
        "contracts": lists(s.hands), "completed": lists(s.done),
        "board": [None if c < 0 else c for c in s.board], "piles": lists(s.piles), "special": list(s.special),
        "hidden": s.hidden, "unused": list(s.unused),
        "goals": lists(s.goal_cards), "dealt": lists(s.dealt),
        "city_cards": list(s.cards), "outposts": list(s.tiles), "markers": list(s.markers),
        "spaces": [[[None if o < 0 else o, str(d)] for o, d in sp] for sp in s.spaces],
        "black_left": s.black_left, "traveller": None if s.traveller < 0 else s.traveller,
        "luck": s.luck, "draws": s.draws,
        "agenda": [_task_json(t) for t in s.agenda],
    })


def _json_die(value: Any, path: str) -> Die:
    die = check_text(value, path, parse_die, "black 4")
    if not 0 <= die.value <= 6:
        raise damaged(say("{path}: a die shows 1 to 6, not {value}", path=path, value=die.value))
    return die


def _json_place(value: Any, path: str) -> int:
    return check_text(value, path, place, "Moscow")


def _ints(lo: int | None = None, hi: int | None = None):
    return lambda v, p: check_int(v, p, lo, hi)


def _optional(lo: int, hi: int):
    return lambda v, p: -1 if v is None else check_int(v, p, lo, hi)


def _character_or_chance(value: Any, path: str) -> str | None:
    if value is not None and value not in CHARACTER_NAMES:
        raise damaged(say("{path} must be a character's name or {null} (dealt at random), not {value}", path=path,
                          null="null", value=repr(value)))
    return value


def _str(value: Any, path: str) -> str:
    if not isinstance(value, str):
        raise damaged(say("{path} must be a string", path=path))
    return value


TASK_SHAPES = {  # the fields after (kind, seat) of each task kind
    "gain": ("delta", "reason", "text"), "black": ("reason",), "special": ("reason",), "effects": ("place",),
    "bonus": ("marker", "reason", "text"), "roll": (), "play": (), "round": (), "good": ("reason",),
    "goods2": ("reason",), "any": ("reason",), "move": ("reason",), "keep": ("contract", "reason"),
    "discard": ("contract",),
    "relocate": ("place",), "mix": ("amount",), "character": (), "goals": (),
}


def _task(value: Any, path: str, n: int) -> tuple:
    if not isinstance(value, list) or len(value) < 2 or not isinstance(value[0], str) or value[0] not in TASK_SHAPES:
        raise damaged(say("{path} must be a task like {example}", path=path,
                          example='["gain", 0, [0, 0, 0, 0, 0, 3], "...", "..."]'))
    shape = TASK_SHAPES[value[0]]
    if len(value) != 2 + len(shape):
        raise damaged(say("{path}: a {kind} task has {n} fields", path=path, kind=value[0], n=2 + len(shape)))
    out: list = [value[0], check_int(value[1], f"{path}[1]", 0, n - 1)]
    for k, (what, v) in enumerate(zip(shape, value[2:]), start=2):
        where = f"{path}[{k}]"
        if what == "reason":
            out.append(_reason(v, where))
        elif what == "text":
            out.append(_str(v, where))
        elif what == "delta":
            out.append(check_list(v, where, _ints(), 6))
        elif what == "place":
            out.append(check_int(v, where, 0, len(NAMES) - 1))
        elif what == "marker":
            out.append(check_int(v, where, 0, 5))
        elif what == "contract":
            out.append(check_int(v, where, 0, len(CONTRACTS) - 1))
        else:
            out.append(check_int(v, where, 1, data.COMPENSATION))
    return tuple(out)


def read(text: str) -> Draft:
    """The position a save document holds, as a draft; a damaged or foreign document raises ValueError saying
    why (``game.from_json``)."""
    r = state_document(text, GAME)
    t = r.sub("table")
    groups = lambda v, p: check_list(v, p, _ints(0))  # a list of lists of numbers
    items = {"characters": _character_or_chance, "city_cards": _ints(0), "outposts": _ints(0),
             "start_contracts": _ints(0), "goals": groups, "contracts": groups, "rolls": groups}
    given = {key: t.optional_list(key, item) for key, item in items.items()}
    table = read_table(t, SPEC, Table, **given)
    n = table.players

    def seat_lists(key: str, item) -> tuple:
        return r.list(key, lambda v, p: check_list(v, p, item), length=n)

    state = Draft(
        table=table,
        round=r.int("round", 1, data.ROUNDS),
        start=r.int("start", 0, n - 1),
        turn=r.int("turn", 0, n - 1),
        main_done=r.bool("main_done"),
        bought=r.bool("bought"),
        arrived=r.list("arrived", _json_place),
        over=r.bool("over"),
        chars=r.list("characters", _str, length=n),
        offer=r.list("offer", _str),
        wealth=r.list("wealth", lambda v, p: check_list(v, p, _ints(), 6), length=n),
        held=tuple(tuple(sorted(h)) for h in seat_lists("dice", _json_die)),
        at=seat_lists("figures", _json_place),
        post_list=seat_lists("posts", _json_place),
        beijing_spaces=r.list("beijing", _optional(0, n - 1), length=4),
        hands=seat_lists("contracts", _ints(0, len(CONTRACTS) - 1)),
        done=seat_lists("completed", _ints(0, len(CONTRACTS) - 1)),
        board=r.list("board", _optional(0, len(CONTRACTS) - 1), length=6),
        piles=r.list("piles", lambda v, p: check_list(v, p, _ints(0, len(CONTRACTS) - 1)), length=data.PILES),
        special=r.list("special", _ints(0, len(CONTRACTS) - 1)),
        hidden=r.int("hidden", 0),
        unused=r.list("unused", _ints(0, len(CONTRACTS) - 1)),
        goal_cards=seat_lists("goals", _ints(0, len(GOALS) - 1)),
        dealt=seat_lists("dealt", _ints(0, len(GOALS) - 1)),
        cards=r.list("city_cards", _ints(0, len(data.CITY_CARDS) - 1), length=CARDS_IN_PLAY),
        tiles=r.list("outposts", _ints(0, len(data.OUTPOSTS)), length=OUTPOSTS_IN_PLAY),
        markers=r.list("markers", _ints(0, 5), length=6),
        spaces=r.list("spaces", lambda v, p: check_list(v, p, _placed(n)), length=len(SPACES)),
        black_left=r.int("black_left", 0, data.BLACK_DICE[n]),
        traveller=_optional(0, n - 1)(r.raw("traveller"), "document.traveller"),
        luck=r.int("luck", 0),
        draws=r.int("draws", 0),
        agenda=r.list("agenda", lambda v, p: _task(v, p, n)),
    )
    problem = consistency_said(state)
    if problem is not None:
        raise damaged(say("inconsistent Marco Polo state: {problem}", problem=problem))
    return state


def _placed(n: int):
    def read(value: Any, path: str) -> tuple[int, Die]:
        if not isinstance(value, list) or len(value) != 2:
            raise damaged(say("{path} must be [seat or {null}, die]", path=path, null="null"))
        owner = -1 if value[0] is None else check_int(value[0], f"{path}[0]", 0, n - 1)
        return owner, _json_die(value[1], f"{path}[1]")

    return read


# ---------------------------------------------------------------------- what cannot be
def consistency_problem(s: Position) -> str | None:
    """What makes ``s`` impossible in a game of The Voyages of Marco Polo (in English), or None if nothing does."""
    said = consistency_said(s)
    return None if said is None else english(said)


def consistency_said(s: Position) -> Message | None:
    """``consistency_problem`` as a message."""
    n = s.players
    expert = bool(s.table.flag("expert_setup"))
    places = Counter(s.special)
    for group in (s.board, s.unused, *s.piles, *s.hands, *s.done):
        places.update(c for c in group if c >= 0)
    places.update(t[2] for t in s.agenda if t[0] == "keep")
    if set(places) != set(range(len(CONTRACTS))) or any(k != 1 for k in places.values()):
        twice = sorted(c for c, k in places.items() if k > 1)
        missing = sorted(set(range(len(CONTRACTS))) - set(places))
        return say("contracts: the 44 contracts are not each in one place (twice: {twice}; missing: {missing})",
                   twice=str(twice), missing=str(missing))
    if any(len(h) > data.HAND_LIMIT + 1 for h in s.hands) or (
            any(len(h) > data.HAND_LIMIT for h in s.hands) and not any(t[0] == "discard" for t in s.agenda)):
        return say("a player holds more than 2 active contracts")
    if s.hidden > len(s.special):
        return say("more unseen contracts than the special pile holds")
    board = [c for c in s.board if c >= 0]
    if list(s.board[: len(board)]) != board:
        return say("a gap between the contracts of the board")
    for seat in range(n):
        name = s.chars[seat]
        if name and name not in CHARACTER_NAMES:
            return say("an unknown character {name}", name=repr(name))
    chosen = [c for c in s.chars if c]
    if len(set(chosen)) != len(chosen) or set(chosen) & set(s.offer) or any(c not in CHARACTER_NAMES for c in s.offer):
        return say("a character twice, or an unknown one")
    if (not expert and (s.offer or len(chosen) != n)) or (expert and len(chosen) + len(s.offer) != n + 1):
        return say("characters that do not match the setup")
    goals = Counter(g for h in s.dealt for g in h)
    if any(k > 1 for k in goals.values()):
        return say("a goal card dealt twice")
    for seat in range(n):
        kept, dealt = s.goal_cards[seat], s.dealt[seat]
        if len(dealt) != (data.GOALS_DEALT_EXPERT if expert else data.GOALS_KEPT) or not set(kept) <= set(dealt):
            return say("seat {seat} has goal cards that were not dealt to it", seat=seat)
        if len(kept) not in (0, data.GOALS_KEPT) or (not expert and kept != dealt):
            return say("seat {seat} keeps {n} goal cards", seat=seat, n=len(kept))
    if len(set(s.cards)) != CARDS_IN_PLAY or len(set(s.markers)) != 6:
        return say("a city card or a small-city marker twice")
    if len({t for t in s.tiles if t}) != sum(1 for t in s.tiles if t):
        return say("an outpost tile twice")
    for seat in range(n):
        posts = s.post_list[seat]
        if len(set(posts)) != len(posts):
            return say("posts: seat {seat} has two posts in one city", seat=seat)
        if any(not IS_CITY[p] for p in posts):
            return say("posts: seat {seat} has a post in Venezia or on an oasis", seat=seat)
        if s.posts_left(seat) < 0:
            return say("posts: seat {seat} has more posts on the board than it owns", seat=seat)
        in_beijing = BEIJING_NODE in posts
        if in_beijing != (seat in s.beijing_spaces) or list(s.beijing_spaces).count(seat) > 1:
            return say("seat {seat}'s Beijing post does not match the Beijing spaces", seat=seat)
        figures = 2 if s.chars[seat] == POLOS else 1
        if len(s.at[seat]) != figures:
            return say("seat {seat} has {n} figures", seat=seat, n=len(s.at[seat]))
        if any(x < 0 for x in s.wealth[seat][:5]):
            return say("wealth: seat {seat} has a negative amount of coins, camels or goods", seat=seat)
        held = s.held[seat]
        if any(d.kind == "white" for d in held) and s.chars[seat] != MATTEO:
            return say("a white die held by someone other than Matteo Polo")
        if any((d.value == 0) != (s.chars[seat] == data.RASCHID) for d in held):
            return say("a die without a value held by someone other than Raschid (or Raschid's with one)")
    for space, dice in enumerate(s.spaces):
        if any(d.value == 0 for _, d in dice):
            return say("a die without a value on {space}", space=SPACES[space])
    black = sum(d.kind == "black" for h in s.held for d in h) + sum(
        d.kind == "black" for sp in s.spaces for _, d in sp)
    if black + s.black_left > data.BLACK_DICE[n]:
        return say("more black dice than the supply holds")
    if s.over and s.agenda:
        return say("questions open after the end")
    if not expert and any(t[0] in ("character", "goals") for t in s.agenda):
        return say("a character or goal draft outside the expert setup")
    if s.agenda and s.agenda[0][0] not in QUESTIONS:
        return say("an automatic step waits on the agenda")
    return None


__all__ = ["begin", "consistency_problem", "read", "to_json"]
