"""A golden transcript: a seeded 4-player game of Medina played by ``RandomBot(7)``, one line per event and each
move as ``> move``, and the final board, compared with ``tests/golden/medina-4p-seed7.txt`` on every run.

After a deliberate change of the rules or of the log's sentences, rewrite the file with
``UPDATE_GOLDEN=1 pytest tests/test_medina_golden.py`` and read the difference before committing it.
"""

from support.protocol_checks import assert_golden, transcript

from boardgames import medina


def test_medina_golden_transcript_4p_seed7():
    """The same seed and the same bot give, move for move and sentence for sentence, the recorded game."""
    text = transcript(medina, 4, seed=7, epilogue=lambda state: state.picture())
    assert_golden("medina-4p-seed7.txt", text)
    assert transcript(medina, 4, seed=7, epilogue=lambda state: state.picture()) == text
