"""A golden transcript: a seeded 4-player game played by ``RandomBot(7)``, one line per event and each
move as ``> move``, compared with ``tests/golden/medici-4p-seed7.txt`` on every run.

After a deliberate change of the rules or of the log's sentences, rewrite the file with
``UPDATE_GOLDEN=1 pytest tests/test_medici_golden.py`` and read the difference before committing it.
"""

from support.protocol_checks import assert_golden, transcript

from boardgames import medici


def test_medici_golden_transcript_4p_seed7():
    """The same seed and the same bot give, move for move and sentence for sentence, the recorded game."""
    text = transcript(medici, 4, seed=7)
    assert_golden("medici-4p-seed7.txt", text)
    assert transcript(medici, 4, seed=7) == text  # nothing outside the seed changes the game
