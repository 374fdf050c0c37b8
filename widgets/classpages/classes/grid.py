"""The practice grid of the class page: students by rules, each cell in colour and in a sign with its word (right
at first try, done, missed), the most-missed rules first; under it the rules most missed, in the rules' words (each
engine's ``RULES``, in the page's language)."""

from __future__ import annotations

import html

from boardgames import GAMES
from boardgames.core.message import say, say_n, term
from boardgames.terms import rule_said
from classroom.classes import DONE, FIRST_TRY, MISSED, PracticeGrid
from widgets.classpages.auction.shared import fill
from widgets.classpages.classes.shared import words
from widgets.runtime.language import shown

STUDENT = term("class.column", "student")
MISSED_BY = term("class.column", "missed by")
THE_RULES_MOST_MISSED_COME = say("The rules most missed come first.")
MOST_MISSED_2 = say("Most missed:")
RULE_ID = say("{title}: ")  # a rule's id before its words, with the language's colon
MISSED_BY_N = say_n('(missed by {n})', '(missed by {n})', 0)

LOOK = {  # a cell's background, sign and word: never colour alone
    FIRST_TRY: ("#d3f9d8", "✓✓", say("right at first try")),
    DONE: ("#e7f5ff", "✓", say("done")),
    MISSED: ("#ffe3e3", "✗", say("missed")),
    "": ("#ffffff", "·", say("not practised")),
}


MOST_MISSED = 3  # rules said in words under the grid


def rule_words(rule: str) -> str:
    """A rule's text, as its game's ``RULES`` table says it, in the page's language ("" for an id no game knows)."""
    game = GAMES.get(rule.split(".", 1)[0])
    text = getattr(game, "RULES", {}).get(rule, "") if game is not None else ""
    return shown(rule_said(text)) if text else ""


def grid_html(grid: PracticeGrid) -> str:
    """The grid (class ``bg-practice-grid``; each cell's state in ``data-state``)."""
    if not grid.rules:
        none = say("No practice yet. Students practise the rules in the rules notebooks from the links on their class "
                   "page; each answer shows here.")
        return f"<div class='bg-practice-grid bg-quiet'>{words(none)}</div>"
    head = "".join(f"<th title='{html.escape(rule_words(rule) or rule)}' style='writing-mode:vertical-rl;"
                   f"transform:rotate(180deg);font-size:11px'>{html.escape(rule)}</th>" for rule in grid.rules)
    rows = []
    for nickname in grid.nicknames:
        cells = []
        for rule in grid.rules:
            state = grid.cell(nickname, rule)
            colour, sign, word = LOOK[state]
            cells.append(f"<td class='bg-practice-cell' data-state='{state or 'none'}' "
                         f"data-student='{html.escape(nickname)}' data-rule='{html.escape(rule)}' "
                         f"title='{words(word)}' "
                         f"style='background:{colour};text-align:center'>{sign}</td>")
        rows.append(f"<tr><td><b>{html.escape(nickname)}</b></td>{''.join(cells)}</tr>")
    missed = "".join(f"<td class='bg-num' style='color:#c92a2a'>{grid.missed(rule) or ''}</td>" for rule in grid.rules)
    key = "".join(f"<span style='margin-right:14px'><span style='background:{colour};padding:0 4px'>{sign}</span> "
                  f"{words(word)}</span>" for colour, sign, word in LOOK.values())  # apart by space: "·" is a sign
    worst = [rule for rule in grid.rules if grid.missed(rule)][:MOST_MISSED]
    lines = "".join(f"<li><b>{html.escape(words(fill(RULE_ID, title=rule)))}</b>{html.escape(rule_words(rule))} "
                    "<span class='bg-quiet'>"
                    f"{words(fill(MISSED_BY_N, n=grid.missed(rule)))}</span></li>"
                    for rule in worst)
    most = (f"<div class='bg-most-missed' style='font-size:13px'>{words(MOST_MISSED_2)}"
            f"<ul style='margin:2px 0'>{lines}</ul></div>") if worst else ""
    return (f"<table class='bg-lines bg-practice-grid'><tr><th>{words(STUDENT)}</th>{head}</tr>"
            f"{''.join(rows)}<tr><td class='bg-quiet'>{words(MISSED_BY)}</td>{missed}</tr></table>"
            f"<div style='font-size:12px;margin-top:4px'>{key}</div>"
            f"<div style='font-size:12px'>{words(THE_RULES_MOST_MISSED_COME)}</div>{most}")
