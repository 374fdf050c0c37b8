"""A golden transcript: a seeded 4-player game played by ``RandomBot(7)``, one line per event and each
move as ``> move``, compared with ``tests/golden/medici-4p-seed7.txt`` on every run.

After a deliberate change of the rules or of the log's sentences, rewrite the file with
``UPDATE_GOLDEN=1 pytest tests/test_medici_golden.py`` and read the difference before committing it.
"""

from __future__ import annotations

import difflib
import os
from pathlib import Path

from boardgames import medici
from boardgames.bots import RandomBot

GOLDEN = Path(__file__).parent / "golden" / "medici-4p-seed7.txt"


def transcript() -> str:
    """The whole game as text: the opening events, then each move followed by the events it caused."""
    state = medici.new_game(4, seed=7)
    bot = RandomBot(7)
    lines = [e.text for e in state.events]
    while not state.is_over:
        move = bot.choose(state)
        state = state.play(move)
        lines.append(f"> {move}")
        lines.extend(e.text for e in state.events)
    return "\n".join(lines) + "\n"


def test_medici_golden_transcript_4p_seed7():
    """The same seed and the same bot give, move for move and sentence for sentence, the recorded game."""
    text = transcript()
    if os.environ.get("UPDATE_GOLDEN") == "1":
        GOLDEN.parent.mkdir(parents=True, exist_ok=True)
        GOLDEN.write_text(text, encoding="utf-8")
    expected = GOLDEN.read_text(encoding="utf-8")
    if text != expected:
        diff = difflib.unified_diff(expected.splitlines(), text.splitlines(), "golden", "now", lineterm="", n=2)
        raise AssertionError("the transcript changed:\n" + "\n".join(list(diff)[:60]))
    assert transcript() == text  # nothing outside the seed changes the game
