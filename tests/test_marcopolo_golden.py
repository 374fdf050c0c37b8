"""A golden transcript: a seeded 3-player game played by ``RandomBot(7)``, one line per event and each move as
``> move``, compared with ``tests/golden/marcopolo-3p-seed7.txt`` on every run.

After a deliberate change of the rules or of the log's sentences, rewrite the file with
``UPDATE_GOLDEN=1 pytest tests/test_marcopolo_golden.py`` and read the difference before committing it.
"""

from support.protocol_checks import assert_golden, transcript

from boardgames import marcopolo


def test_marcopolo_golden_transcript_3p_seed7():
    """The same seed and the same bot give, move for move and sentence for sentence, the recorded game."""
    text = transcript(marcopolo, 3, seed=7)
    assert_golden("marcopolo-3p-seed7.txt", text)
    assert transcript(marcopolo, 3, seed=7) == text
