"""Hints and a bot's reasons, for the dashboards' hint button and move log.

``suggest(state)`` asks the game's expert bot for the best moves of the seat to move, each with what it is worth
in the game's own terms and one sentence saying why (a ``boardgames.bots.Judgement``), within a time budget. The
expert is seeded from what that seat can see (its legal moves), so the same position gives the same hint, and it
judges in a world determinized for that seat, so a hint never tells what the seat may not know.

``move_reasons(bot)`` turns the judgements behind a bot's last move (``bot.last_judgements``) into plain data the
log can show: the move played and its top alternatives with their worth and reasons.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Sequence
from typing import Any

from boardgames.bots import ONLY_MOVE, Judgement, bot_levels, make_bot, move_said
from boardgames.core.message import say

HINT_SECONDS = 0.8  # the default budget: the answer must come within a second


def position_seed(state: Any) -> int:
    """A seed drawn only from what the seat to move can see: the game, the seat and its legal moves."""
    text = "\n".join([state.GAME, str(state.current_player), *map(str, state.legal_moves())])
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


def suggest(state: Any, seconds: float = HINT_SECONDS, count: int = 3) -> list[Judgement]:
    """The expert's best ``count`` moves for ``state.current_player``, best first, judged within ``seconds`` (after
    which the expert answers with the best it has found). ValueError for a finished game."""
    if state.is_over:
        raise ValueError("The game is over: there is no move to suggest.")
    if count < 1:
        raise ValueError(f"a hint shows at least one move, not {count}")
    if seconds <= 0:
        raise ValueError(f"a hint needs some time to think, not {seconds} seconds")
    game = state.GAME
    level = "expert" if "expert" in bot_levels(game) else "search"
    options = {} if level == "expert" else {"budget": seconds}
    bot = make_bot(game, level, seed=position_seed(state), **options)
    return list(bot.judge(state, seconds)[:count])


def move_reasons(source: Any, count: int = 3) -> dict[str, Any]:
    """Why a bot played its last move, as plain data for the log. ``source`` is the bot (its
    ``last_judgements``) or those judgements. The answer: ``move`` (the move played, as text, or None),
    ``explained`` (False when the bot gave no reasons, as a random bot does), ``note`` (one sentence for the
    reader, a message) and ``options``: the move played and its top alternatives, ``count`` in all, each a dict of
    ``move`` (text), ``worth`` and ``reason`` (messages), ``value`` (a float, or None when nothing was weighed) and
    ``chosen``; ``said``, the options' moves as their game's notation says them (``bots.move_said``)."""
    judgements: Sequence[Judgement] = getattr(source, "last_judgements", source) or ()
    if not judgements:
        return {"move": None, "explained": False, "options": [], "said": [],
                "note": say("A random move: the bot weighed nothing, so it has no reasons to give.")}
    first = judgements[0]
    options = [{
        "move": str(j.move),
        "worth": j.worth,
        "reason": j.reason,
        "value": None if math.isnan(j.value) else j.value,
        "chosen": k == 0,
    } for k, j in enumerate(judgements[:count])]
    move = move_said(first.move)
    if first.reason == ONLY_MOVE:
        note = say("{move} was the only legal move.", move=move)
    elif len(judgements) == 1 and math.isnan(first.value):
        note = say("The bot played {move} and gave no reasons.", move=move)
    else:
        note = say("The bot played {move}, {worth}; it weighed {moves} moves.", move=move, worth=first.worth,
                   moves=len(judgements))
    return {"move": str(first.move), "explained": not math.isnan(first.value), "note": note, "options": options,
            "said": [move_said(j.move) for j in judgements[:count]]}
