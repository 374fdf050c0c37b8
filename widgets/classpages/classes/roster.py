"""Who is here now (a page of theirs open in the last minute) and the class's roster: nickname, when they joined,
when a page of theirs last looked in."""

from __future__ import annotations

import html
from collections.abc import Sequence

from classroom.classes import MemberLine
from widgets.classpages.classes.shared import ago, clock


def here_now_html(members: Sequence[MemberLine]) -> str:
    """"3 here now: Ada, Ben, Cleo" (class ``bg-here-now``, the count in ``data-here``)."""
    here = [m.nickname for m in members if m.here]
    names = ", ".join(html.escape(n) for n in here) or "nobody yet"
    return (f"<div class='bg-here-now' data-here='{len(here)}' style='font-size:16px'><b>{len(here)}</b> here now"
            f" <span class='bg-quiet'>(a page of theirs open in the last minute)</span>: {names}</div>")


def roster_html(members: Sequence[MemberLine], now: float) -> str:
    """The roster, one line a member (class ``bg-roster``): here now in green, with a word."""
    if not members:
        return ("<div class='bg-roster bg-quiet'>Nobody has joined yet: students open the join address (or scan the "
                "QR code) and type the class code and a nickname.</div>")
    rows = []
    for m in sorted(members, key=lambda m: m.nickname.casefold()):
        state = ("<span style='color:#2b8a3e;font-weight:bold'>● here</span>" if m.here
                 else "<span class='bg-quiet'>○ away</span>")
        rows.append(f"<tr class='bg-member' data-here='{int(m.here)}'><td><b>{html.escape(m.nickname)}</b></td>"
                    f"<td>{state}</td><td>{clock(m.joined)}</td><td>{ago(m.seen, now)}</td></tr>")
    return ("<table class='bg-lines bg-roster'><tr><th>nickname</th><th>now</th><th>joined</th><th>last seen</th></tr>"
            + "".join(rows) + f"</table><div class='bg-quiet' style='font-size:12px'>{len(members)} in the class</div>")
