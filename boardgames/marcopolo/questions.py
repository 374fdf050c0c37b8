"""The questions a rule leaves to a player after a move, as tasks of the agenda: what each asks
(``describe``), its answers (``options``, one ``Choose`` each), the rule it belongs to (``RULE``) and what an
answer does (``answer``).

Question tasks: ``("good", seat, reason)`` 1 good of choice; ``("goods2", seat, reason)`` 2 different goods;
``("any", seat, reason)`` Xian's "?"; ``("move", seat, reason)`` a "move 1 step" or declining it; ``("keep", seat,
contract, reason)`` a special-pile contract with 2 held; ``("discard", seat, new)`` which held contract makes room
for a new one; ``("relocate", seat, place)`` which post moves when none is left; ``("mix", seat, amount)`` the
compensation's coins and camels; ``("character", seat)`` and ``("goals", seat)`` the expert setup's picks."""

from __future__ import annotations

from itertools import combinations

from boardgames.core import listed, plural, say
from boardgames.core.message import Listed, Message
from boardgames.marcopolo import data, reasons
from boardgames.marcopolo import records as R
from boardgames.marcopolo.actions import discard
from boardgames.marcopolo.board import INDEX, NAMES, neighbours, place_word
from boardgames.marcopolo.data import (
    ANY_MARKER,
    CARPINI,
    GOODS,
    KUBILAI,
    SMALL_CITY_BONUSES,
    amount_said,
    character_word,
    good_word,
    reward_word,
)
from boardgames.marcopolo.posts import arrival_effects, move_figure, place_post, remove_post
from boardgames.marcopolo.state import Draft, Position
from boardgames.marcopolo.wealth import gain, push, with_item

RULE = {
    "good": "marcopolo.reward.choice",
    "goods2": "marcopolo.reward.choice",
    "any": "marcopolo.reward.choice",
    "move": "marcopolo.reward.move",
    "keep": "marcopolo.reward.special-contract",
    "discard": "marcopolo.contract.hand-limit",
    "relocate": "marcopolo.post.place",
    "mix": "marcopolo.round.compensation",
    "character": "marcopolo.setup.characters",
    "goals": "marcopolo.setup.characters",
}
QUESTIONS = frozenset(RULE)
PAIRS = tuple(combinations(GOODS, 2))
OTHER_MARKERS = tuple(m for m in range(len(SMALL_CITY_BONUSES)) if m != ANY_MARKER)
STAY = "stay"


def mix_text(coins: int, camels: int) -> str:
    """"3 coins", "2 coins and 1 camel", "3 camels"."""
    parts = [plural(coins, "coin")] if coins else []
    if camels:
        parts.append(plural(camels, "camel"))
    return " and ".join(parts)


def _moves(s: Position, seat: int) -> list[tuple[str, int, int, tuple[int, int]]]:
    """(label, figure, place, extra cost) of every "move 1 step" the seat can pay."""
    carpini = s.chars[seat] == CARPINI
    coins, camels = s.wealth[seat][0], s.wealth[seat][1]
    two = len(s.at[seat]) > 1
    out = []
    for figure, at in enumerate(s.at[seat]):
        for node, extra in sorted(neighbours(at, carpini).items()):
            if extra[0] <= coins and extra[1] <= camels:
                label = f"figure {figure + 1} to {NAMES[node]}" if two else f"move to {NAMES[node]}"
                out.append((label, figure, node, extra))
    return out


def options(s: Position, task: tuple) -> list[str]:
    """Every answer to the question ``task``, in a fixed order."""
    kind, seat = task[0], task[1]
    if kind == "good":
        return list(GOODS)
    if kind == "goods2":
        return [" and ".join(p) for p in PAIRS]
    if kind == "any":
        return [SMALL_CITY_BONUSES[m].text for m in OTHER_MARKERS]
    if kind == "move":
        found = _moves(s, seat)
        return [label for label, *_ in found] + [STAY] if found else []
    if kind == "keep":
        return [f"discard contract {c}" for c in s.hands[seat]] + [f"decline contract {task[2]}"]
    if kind == "discard":
        return [f"discard contract {c}" for c in s.hands[seat] if c != task[2]]
    if kind == "relocate":
        return [f"the post from {NAMES[p]}" for p in s.post_list[seat]]
    if kind == "mix":
        k = task[2]
        return [mix_text(c, k - c) for c in range(k, -1, -1)]
    if kind == "character":
        return list(s.offer)
    return [goals_option(a, b) for a, b in combinations(s.dealt[seat], 2)]


def options_said(s: Position, task: tuple) -> list[Message | Listed]:
    """Every answer to the question ``task`` in words, made from the engine's data (as ``options``, in its order):
    "decline contract 13", "pepper and gold", "Berke Khan"."""
    kind, seat = task[0], task[1]
    if kind == "good":
        return [good_word(g) for g in GOODS]
    if kind == "goods2":
        return [listed([good_word(a), good_word(b)]) for a, b in PAIRS]
    if kind == "any":
        return [reward_word(SMALL_CITY_BONUSES[m].text) for m in OTHER_MARKERS]
    if kind == "move":
        found = _moves(s, seat)
        two = len(s.at[seat]) > 1
        return [say("figure {figure} to {place}", figure=figure + 1, place=place_word(node)) if two
                else say("move to {place}", place=place_word(node)) for _, figure, node, _ in found] + \
            [say("stay")] if found else []
    if kind == "keep":
        return [say("discard contract {contract}", contract=c) for c in s.hands[seat]] + \
            [say("decline contract {contract}", contract=task[2])]
    if kind == "discard":
        return [say("discard contract {contract}", contract=c) for c in s.hands[seat] if c != task[2]]
    if kind == "relocate":
        return [say("the post from {place}", place=place_word(p)) for p in s.post_list[seat]]
    if kind == "mix":
        k = task[2]
        return [listed([amount_said(i, x) for i, x in enumerate(data.delta(coins=c, camels=k - c)) if x > 0])
                for c in range(k, -1, -1)]
    if kind == "character":
        return [character_word(c) for c in s.offer]
    return [say("goals {goal} and {other}", goal=a, other=b) for a, b in combinations(s.dealt[seat], 2)]


def answer_of(s: Position, task: tuple, option: str) -> Message | Listed:
    """The answer ``option`` (one of ``options``) to ``task`` in words."""
    return options_said(s, task)[options(s, task).index(option)]


def goals_option(a: int, b: int) -> str:
    """The expert setup's answer that keeps goal cards ``a`` and ``b``: ``"goals 3 and 7"``."""
    return f"goals {a} and {b}"


def kept_goals(option: str) -> tuple[int, int] | None:
    """The two goal cards the expert setup's answer ``option`` keeps; None for any other answer."""
    words = str(option).split(" ")
    if len(words) == 4 and words[0] == "goals" and words[2] == "and" and words[1].isdecimal() and words[3].isdecimal():
        return int(words[1]), int(words[3])
    return None


def describe(s: Position, task: tuple) -> str:
    """The question ``task`` in a sentence, in English."""
    return str(describe_said(s, task))


def describe_said(s: Position, task: tuple) -> Message:
    """The question ``task`` in a sentence."""
    kind, seat = task[0], task[1]
    name = s.table.names[seat]
    if kind == "good":
        return say("{name} chooses 1 good ({reason}).", name=name, reason=task[2])
    if kind == "goods2":
        return say("{name} chooses 2 different goods ({reason}).", name=name, reason=task[2])
    if kind == "any":
        return say("{name} chooses which small-city bonus Xian's \"?\" gives ({reason}).", name=name,
                   reason=task[2])
    if kind == "move":
        return say("{name} may move 1 step, paying the route's cost, or stay ({reason}).", name=name,
                   reason=task[2])
    if kind == "keep":
        return say("{name} draws contract {contract} with 2 contracts in hand: discard one of them or decline the new "
                   "one ({reason}).", name=name, contract=task[2], reason=task[3])
    if kind == "discard":
        return say("{name} discards one of the older contracts to make room for contract {contract}.", name=name,
                   contract=task[2])
    if kind == "relocate":
        return say("{name} has no trading post left and chooses which post moves to {place}.", name=name,
                   place=place_word(task[2]))
    if kind == "mix":
        return say("{name}'s dice are short of 15 by {short}: {name} chooses the compensation's coins and camels.",
                   name=name, short=task[2])
    if kind == "character":
        return say("{name} chooses a character: {characters}.", name=name,
                   characters=listed([character_word(c) for c in s.offer], ","))
    return say("{name} keeps 2 of the 4 goal cards dealt.", name=name)


def matching(s: Position, task: tuple, option: str) -> str | None:
    """The option of ``task`` that ``option`` names (spaces and case do not matter), or None."""
    want = " ".join(str(option).split()).lower()
    for o in options(s, task):
        if o.lower() == want:
            return o
    return None


def answer(d: Draft, task: tuple, option: str, automatic: bool = False) -> None:
    """Carry out the answer ``option`` (one of ``options``) to ``task``, which has left the agenda."""
    kind, seat = task[0], task[1]
    d.log.append((R.Chosen, seat, option, answer_of(d, task, option), RULE[kind], kind == "goals"))
    if kind == "good":
        gain(d, seat, _goods((option,)), task[2], RULE[kind])
    elif kind == "goods2":
        gain(d, seat, _goods(option.split(" and ")), task[2], RULE[kind])
    elif kind == "any":
        marker = next(m for m in OTHER_MARKERS if SMALL_CITY_BONUSES[m].text == option)
        push(d, [("bonus", seat, marker, reasons.marker(task[2], INDEX[SMALL_CITY_BONUSES[marker].name]),
                  "marcopolo.reward.choice")])
    elif kind == "move":
        if option != STAY:
            label, figure, node, extra = next(m for m in _moves(d, seat) if m[0] == option)
            start = d.at[seat][figure]
            if any(extra):
                gain(d, seat, (-extra[0], -extra[1], 0, 0, 0, 0), reasons.step_to(node),
                     "marcopolo.reward.move")
            move_figure(d, seat, figure, (start, node), task[2])
    elif kind == "keep":
        new = task[2]
        if option.startswith("decline"):
            discard(d, seat, new, True)
        else:
            old = int(option.rsplit(" ", 1)[1])
            d.hands = with_item(d.hands, seat, tuple(c for c in d.hands[seat] if c != old) + (new,))
            discard(d, seat, old, False)
    elif kind == "discard":
        old = int(option.rsplit(" ", 1)[1])
        d.hands = with_item(d.hands, seat, tuple(c for c in d.hands[seat] if c != old))
        discard(d, seat, old, False)
    elif kind == "relocate":
        node = task[2]
        old = next(p for p in d.post_list[seat] if f"the post from {NAMES[p]}" == option)
        remove_post(d, seat, old)
        place_post(d, seat, node, moved_from=old)
        arrival_effects(d, seat, node)
    elif kind == "mix":
        k = task[2]
        coins = next(c for c in range(k, -1, -1) if mix_text(c, k - c) == option)
        gain(d, seat, data.delta(coins=coins, camels=k - coins), reasons.COMPENSATION,
             "marcopolo.round.compensation")
    elif kind == "character":
        choose_character(d, seat, option)
    else:
        kept = kept_goals(option)
        d.goal_cards = with_item(d.goal_cards, seat, kept)
        d.log.append((R.GoalsKept, seat, kept))


def choose_character(d: Draft, seat: int, name: str) -> None:
    """A seat takes ``name`` (the expert draft, or the setup): Kubilai's figure and post go to Beijing, Niccolò and
    Marco get their second figure."""
    d.chars = with_item(d.chars, seat, name)
    d.offer = tuple(c for c in d.offer if c != name)
    d.log.append((R.CharacterChosen, seat, name))
    if name == KUBILAI:
        d.at = with_item(d.at, seat, (data.BEIJING_NODE,))
        place_post(d, seat, data.BEIJING_NODE)
        d.arrived = ()
    elif name == data.POLOS:
        d.at = with_item(d.at, seat, (data.START, data.START))


def _goods(goods) -> tuple[int, ...]:
    out = [0] * 6
    for g in goods:
        out[data.GOOD_INDEX[g]] += 1
    return tuple(out)

