"""What a teaching notebook shows, for every game: sentences, small tables, event logs and boards, never a
Python repr.

- ``say(template, **values)``: a paragraph of Markdown, a message of the translation catalog (``"{name} bids
  {amount}."``, its values named) said in the notebook's language.
- ``table(rows, header)``: a small HTML table (a cell or a heading may be a message: ``say``, ``term``).
- ``picture(html, text)``: a drawing a view made (HTML or SVG), with its words for a page without HTML.
- ``log(events, viewer)``: events drawn as the dashboards' log (``widgets.shell.log``), oldest first.
- ``board(state, viewer)``: the game's own board widget (``widgets.kit.registry``) showing ``state``.
- ``play(state, *moves)``: plays moves written as the log writes them, shows their log, returns the position.
- ``practise(kind_id)``: an exercise of ``boardgames.practice`` on the game's board (``widgets.shell.exercise``).
- ``first_game(game)``: the guided first game against bots (``widgets.shell.first_game``).
- ``puzzles(game)``: the puzzles page, mined from expert games (``widgets.shell.puzzles``).
- ``in_language(code)``: the notebook's language (the first cell of a Japanese notebook: ``in_language("ja")``).

Each displays one output whose plain-text part is readable too (what nbval compares, what a page without
widgets shows), and returns None (``play`` the position it reached), so that a cell ending in one of them
shows nothing else.
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Sequence
from typing import Any

from IPython.display import display

import boardgames
from boardgames.core import Event, events_seen_from
from boardgames.core.message import Listed, Message, Ordinal
from boardgames.core.message import say as message
from widgets.kit import registry
from widgets.kit.protocol import emphasis
from widgets.runtime.accessibility import make_page_accessible
from widgets.runtime.language import page_language, speak
from widgets.shell.exercise import ExerciseWidget, notebook_progress
from widgets.shell.first_game import FirstGameWidget
from widgets.shell.log import LOG_STYLE, event_lines

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
BLANKS = ("", "–", "-")  # what a table may show for "none" in a column of numbers
# The dashboards' log box scrolls at a fixed height; in a notebook it grows with its lines, up to a point.
NOTEBOOK_LOG_STYLE = (
    "<style>.bg-notebook-log .bg-log-lines{height:auto;max-height:420px;contain:content}</style>"
)


def in_language(code: str) -> None:
    """Write this notebook's sentences, boards and exercises in ``code`` (``"ja"``), whatever its page's address or
    browser asks for: the notebook's prose is in that language."""
    speak(code)


def say(template: Any, /, **values: Any) -> None:
    """Show ``template`` (Markdown; a message of the catalog, its ``{named}`` places filled from ``values``, or a
    message already made) as a paragraph in the notebook's language."""
    text = _words(message(template, **values) if isinstance(template, str) else template)
    display({"text/markdown": text, "text/plain": text}, raw=True)


def _words(value: Any) -> Any:
    """A message (a list of words, a place), or what carries one (an event, a refused move: ``.said``), in the
    notebook's language; any other value as it is."""
    said = getattr(value, "said", value)
    return page_language.words(said) if isinstance(said, (Message, Listed, Ordinal)) else value


def table(rows: Iterable[Sequence[Any]], header: Sequence[str]) -> None:
    """Show ``rows`` under ``header`` as a table; numbers are aligned to the right."""
    rows = [[_words(v) for v in row] for row in rows]
    header = [_words(h) for h in header]
    for row in rows:
        if len(row) != len(header):
            raise ValueError(f"a row has {len(row)} cells for {len(header)} columns: {row}")
    display({"text/html": table_html(rows, header), "text/plain": table_text(rows, header)}, raw=True)


def table_html(rows: Sequence[Sequence[Any]], header: Sequence[str]) -> str:
    """``rows`` under ``header`` as an HTML table (class ``bg-table``)."""
    numeric = _numeric_columns(rows, len(header))

    def cell(tag: str, value: Any, k: int) -> str:
        side = "right" if numeric[k] else "left"
        return f"<{tag} style='text-align:{side}'>{html.escape(str(value))}</{tag}>"

    head = "".join(cell("th", h, k) for k, h in enumerate(header))
    body = "".join("<tr>" + "".join(cell("td", v, k) for k, v in enumerate(row)) + "</tr>" for row in rows)
    return f"<table class='bg-table'><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def table_text(rows: Sequence[Sequence[Any]], header: Sequence[str]) -> str:
    """``rows`` under ``header`` as lines of plain text, in columns."""
    texts = [[str(h) for h in header]] + [[str(v) for v in row] for row in rows]
    widths = [max(len(line[k]) for line in texts) for k in range(len(header))]
    numeric = _numeric_columns(rows, len(header))

    def line(values: list[str]) -> str:
        return "  ".join(v.rjust(w) if num else v.ljust(w) for v, w, num in zip(values, widths, numeric)).rstrip()

    return "\n".join(line(values) for values in texts)


def picture(drawing: str, text: Any) -> None:
    """Show ``drawing`` (HTML, SVG inside it), or ``text`` (a message) where HTML cannot be shown."""
    display({"text/html": drawing, "text/plain": _words(text)}, raw=True)


def log(events: Iterable[Any], viewer: int | None = None) -> None:
    """Show ``events`` as the dashboards' log draws them, oldest first, as ``viewer`` (a seat, or None for a
    spectator) may read them. ``events`` holds events, or states, each standing for the events of its last
    move; the game's view says which lines are bold."""
    seen = events_seen_from(_events(events), viewer)
    lines = event_lines(seen, _emphasised(seen))
    display({"text/html": f"{LOG_STYLE}{NOTEBOOK_LOG_STYLE}<div class='bg-log bg-notebook-log'>{lines}</div>",
             "text/plain": "\n".join(page_language.words(e.said) for e in seen)}, raw=True)


def board(state: Any, viewer: int | None = None, highlight: Sequence[str] = (), **options: Any) -> None:
    """Show ``state`` on its game's board widget, as ``viewer`` (a seat, or None for a spectator) may see it;
    ``highlight`` marks cells on boards that can (``Board.highlight``), ``options`` go to the board's
    constructor (its size). Where widgets cannot be drawn, the engine's text of the position shows instead."""
    widget = registry.view(state.GAME).Board(**options)
    widget.show(state, viewer)
    if highlight:
        if not callable(getattr(widget, "highlight", None)):
            raise ValueError(f"the {state.GAME} board marks no cells")
        widget.highlight(list(highlight))
    text = str(state)
    display({WIDGET_VIEW: {"version_major": 2, "version_minor": 0, "model_id": widget.model_id},
             "text/html": f"<pre class='bg-board-text'>{html.escape(text)}</pre>",
             "text/plain": text}, raw=True)


def play(state: Any, *moves: Any, viewer: int | None = None) -> Any:
    """Play ``moves`` from ``state``, each a move or its text as the log writes it (``"bid 3"``), show the log
    of what they did as ``viewer`` may read it, and return the position reached."""
    parse = boardgames.GAMES[state.GAME].parse_move
    states = []
    for move in moves:
        state = state.play(parse(move) if isinstance(move, str) else move)
        states.append(state)
    log(states, viewer)
    return state


def practise(kind_id: str, seed: int | None = None, learner: str | None = None) -> None:
    """Show an exercise of the kind ``kind_id`` (``"medici.bid-must-exceed"``) from ``seed`` (by default a fixed
    one per kind, or ``BOARDGAMES_SEED``): its question, the board, its answers, the engine's feedback, "Another
    one" and the notebook's progress, kept in the class store under ``learner`` (by default this machine's; a
    class's learner once one is named: ``classroom.practice``; a page opened from a class member's personal link,
    ``?member=TOKEN``, keeps them under that member's, see ``_class_member``)."""
    make_page_accessible()  # its answers' slider, named (in a page that reads no address)
    progress = notebook_progress(_practice_record)
    learner = learner or _class_member()
    if learner is not None and learner != progress.learner:
        progress.use(learner)
    widget = ExerciseWidget(kind_id, seed, progress)
    text = widget.text()
    display({WIDGET_VIEW: {"version_major": 2, "version_minor": 0, "model_id": widget.model_id},
             "text/html": f"<pre class='bg-exercise-text'>{html.escape(text)}</pre>",
             "text/plain": text}, raw=True)


def puzzles(game: str | None = None, learner: str | None = None) -> None:
    """Show the puzzles page (``widgets.shell.puzzles``): the four games' puzzles mined from expert games, ``game``'s
    first (None: the one the page's address names, ``?game=medina``, else the first game), in the language the
    address asks for (``?lang=ja``, else the browser's), each answer kept in the class store like the exercises',
    under the same learner (see ``practise``)."""
    from widgets.shell.puzzles import PuzzleProgress, PuzzlesPage  # the puzzles' data only where a page shows them

    page = PuzzlesPage(game, PuzzleProgress(learner or _class_member(), _practice_record))
    if game is None:
        page.follow_address()  # the game and the language the page's address asks for
    else:
        page.follow_language()
    text = page.text()
    display({WIDGET_VIEW: {"version_major": 2, "version_minor": 0, "model_id": page.model_id},
             "text/html": f"<pre class='bg-puzzles-text'>{html.escape(text)}</pre>",
             "text/plain": text}, raw=True)


def first_game(game: str) -> None:
    """Show the guided first game of ``game`` (``"medici"``): the guide's step, the board and its controls, the
    bots' moves told in a log, "Start again" and "Stop", and the scoring at the end; then, as a dashboard does
    (``widgets.shell.address.follow_address``), show it in the language the page's address or its browser asks for
    (in a pre-heated kernel, once the page was asked for)."""
    from widgets.runtime.language import choose_language
    from widgets.shell.address import wait_for_the_request

    widget = FirstGameWidget(game)
    text = widget.text()
    display({WIDGET_VIEW: {"version_major": 2, "version_minor": 0, "model_id": widget.model_id},
             "text/html": f"<pre class='bg-first-game-text'>{html.escape(text)}</pre>",
             "text/plain": text}, raw=True)
    wait_for_the_request()
    choose_language()


_MEMBERS: dict[str, str | None] = {}  # per kernel: a member's token -> their learner id (None: no member has it)
_CLASSES: list[Any] = []  # per kernel: the class store's ``classroom.classes.Classes``, opened for a member's page


def _class_member() -> str | None:
    """The learner id of the class member whose personal link opened this page (``?member=TOKEN``), who is counted
    here now on the class page; None without one, or for a token no member has (the answers are then this
    machine's)."""
    from widgets.runtime.address import query

    token = query().get("member")
    if not token:
        return None
    from classroom.classes import Classes  # the class store only for a page opened from a member's link
    from classroom.store import Refused, open_store

    try:
        if not _CLASSES:
            _CLASSES.append(Classes(open_store()))
        classes = _CLASSES[0]
        if token not in _MEMBERS:
            _MEMBERS[token] = classes.member(token).learner
    except Refused:  # a token of nobody, or a class store out of reach: this machine's learner
        _MEMBERS.setdefault(token, None)
        return None
    if _MEMBERS[token] is not None:
        classes.seen(token)
    return _MEMBERS[token]


def _practice_record() -> tuple[Any, str]:
    """The class store's record of practice and this machine's learner, opened when first needed (the notebook
    helpers load no database library until then)."""
    from classroom.practice import open_record

    return open_record()


def _number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _numeric_columns(rows: Sequence[Sequence[Any]], columns: int) -> list[bool]:
    """Which columns hold numbers (a blank or a dash among them allowed): those are aligned to the right."""
    def numeric(k: int) -> bool:
        values = [row[k] for row in rows if row[k] not in BLANKS]
        return bool(values) and all(_number(v) for v in values)

    return [numeric(k) for k in range(columns)]


def _events(items: Iterable[Any]) -> list[Event]:
    out: list[Event] = []
    for item in items:
        if isinstance(item, Event):
            out.append(item)
        elif hasattr(item, "events"):
            out.extend(item.events)
        else:
            raise TypeError(f"a log shows events or game states, not {type(item).__name__}")
    return out


def _emphasised(events: Sequence[Event]):
    """The bold lines of the view of the game the events come from (none when that game has no view)."""
    games = {e.kind.partition(".")[0] for e in events} & set(registry.VIEWS)
    if len(games) == 1:
        return emphasis(registry.view(games.pop()))
    return lambda event: False
