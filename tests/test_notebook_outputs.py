"""What a notebook's output shows a reader (``tests/support/notebook_outputs.py``, checked on every notebook cell
that nbval runs): sentences, tables, logs and boards pass; a print, a repr, a traceback or a board's text fallback
is caught."""

from support.notebook_outputs import WIDGET_VIEW, problems_of


def shown(**data) -> dict:
    return {"output_type": "display_data", "data": data, "metadata": {}}


def test_a_sentence_a_table_a_log_and_a_board_are_what_a_reader_should_see():
    assert problems_of(shown(**{"text/markdown": "On offer: **spice 3**.", "text/plain": "On offer"})) == []
    table = "<table><tr><th>Square</th></tr><tr><td>(12, 16)</td></tr></table>"
    assert problems_of(shown(**{"text/html": table, "text/plain": "Square"})) == []
    assert problems_of(shown(**{"text/html": "<div class='bg-log'><p>Ada bids 3.</p></div>"})) == []
    fallback = "<pre class='bg-board-text'>x</pre>"  # what a page without widgets would show instead
    assert problems_of(shown(**{WIDGET_VIEW: {"model_id": "1"}, "text/html": fallback})) == []
    assert problems_of(shown(**{"text/markdown": "See [the rules](https://example.org) first."})) == []
    assert problems_of(shown(**{"text/markdown": "(0, 9)に城壁を置こうとすると：*置けません。*"})) == []  # word order


def test_a_print_a_repr_and_a_traceback_are_caught():
    assert problems_of({"output_type": "stream", "name": "stdout", "text": "hello\n"})
    assert problems_of({"output_type": "execute_result", "data": {"text/plain": "[1, 2]"}, "metadata": {}})
    assert problems_of({"output_type": "error", "ename": "ValueError", "evalue": "x", "traceback": []})
    assert problems_of(shown(**{"text/html": "<p>fine</p><p>(1, 'spice')</p>"}))
    assert problems_of(shown(**{"text/html": "<table><tr><td>['spice:1']</td></tr></table>"}))
    assert problems_of(shown(**{"text/markdown": "The lot: Card(spice, 3)"}))


def test_a_board_that_fell_back_to_its_text_is_caught():
    assert problems_of(shown(**{"text/html": "<pre class='bg-board-text'>board</pre>"})) == [
        "a board fell back to its text"]
