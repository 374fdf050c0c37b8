"""Who is here now (a page of theirs open in the last minute) and the class's roster: nickname, when they joined,
when a page of theirs last looked in."""

from __future__ import annotations

import html
from collections.abc import Sequence

from boardgames.core.message import say, say_n, term
from classroom.classes import MemberLine
from widgets.classpages.classes.shared import ago, bold, clock, html_said, words
from widgets.kit.palette import GAIN

HERE = say("here")
AWAY = say("away")


def here_now_html(members: Sequence[MemberLine]) -> str:
    """"3 here now: Ada, Ben, Cleo" (class ``bg-here-now``, the count in ``data-here``)."""
    here = [m.nickname for m in members if m.here]
    names = ", ".join(html.escape(n) for n in here) or words(say("nobody yet"))
    count = html_said(say("{n} here now", n=bold(str(len(here)))))
    why = words(say("(a page of theirs open in the last minute)"))
    return (f"<div class='bg-here-now' data-here='{len(here)}' style='font-size:16px'>{count}"
            f" <span class='bg-quiet'>{why}</span>: {names}</div>")


def roster_html(members: Sequence[MemberLine], now: float) -> str:
    """The roster, one line a member (class ``bg-roster``): here now in green, with a word."""
    if not members:
        nobody = say("Nobody has joined yet: students open the join address (or scan the QR code) and type the "
                     "class code and a nickname.")
        return f"<div class='bg-roster bg-quiet'>{words(nobody)}</div>"
    rows = []
    for m in sorted(members, key=lambda m: m.nickname.casefold()):
        state = (f"<span style='color:{GAIN};font-weight:bold'>● {words(HERE)}</span>" if m.here
                 else f"<span class='bg-quiet'>○ {words(AWAY)}</span>")
        rows.append(f"<tr class='bg-member' data-here='{int(m.here)}'><td><b>{html.escape(m.nickname)}</b></td>"
                    f"<td>{state}</td><td>{clock(m.joined)}</td><td>{words(ago(m.seen, now))}</td></tr>")
    heads = "".join(f"<th>{words(head)}</th>" for head in (term("class.column", "nickname"),
                                                           term("class.column", "now"), term("class.column", "joined"),
                                                           term("class.column", "last seen")))
    count = words(say_n("{n} in the class", "{n} in the class", len(members)))
    return (f"<table class='bg-lines bg-roster'><tr>{heads}</tr>"
            + "".join(rows) + f"</table><div class='bg-quiet' style='font-size:12px'>{count}</div>")
