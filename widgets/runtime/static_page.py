"""A page stored for the static site (``make site``, ``tools/static_site.py``): its notebook run once by a kernel, its
widgets kept in the HTML as that kernel drew them, and no kernel behind the page to answer a click. The site's builder
sets ``BOARDGAMES_STATIC_PAGE=1`` in the kernels it runs; what needs a kernel then says how to use it live instead.

The site's own sentences are here too (the builder writes them into its pages in each page's language), so that
every sentence a reader of the site reads is a message of the translation catalog.
"""

from __future__ import annotations

import html
import os

from boardgames.core.message import say

STATIC_PAGE = "BOARDGAMES_STATIC_PAGE"  # set to 1 in the kernels that run a notebook for the static site

# Where a notebook runs live: names, the same in every language (values of the messages, never translated).
WAYS = "make play · JupyterHub · Binder"
# Where an exercise's answer buttons (or its board's controls) would be.
ANSWER_LIVE = say("To answer it, open this notebook live: {ways}.", ways=WAYS)
# Under a first game's opening position, and under the puzzles page's first puzzle.
PLAY_LIVE = say("This is the game's opening position. To play it, open this notebook live: {ways}.", ways=WAYS)
SOLVE_LIVE = say("This is the first puzzle. To solve it and the others, open this notebook live: {ways}.", ways=WAYS)
# At the top of every page of the site.
STORED_PAGE = say("This page needs no server: its boards and charts are as the notebook drew them. Its buttons, "
                  "sliders and exercises need the live notebook: {ways}.", ways=WAYS)
# After a link to a page that is not in the site (a dashboard, a class page), which leads to the page below.
NEEDS_A_SERVER = say("needs a server")
SERVER_PAGE_TITLE = say("Pages that need a server")
SERVER_PAGE = say("The dashboards, the class pages, the class auction and the tables run the game's engine while you "
                  "use them, so they are not in this site. To open them, run {command} on a computer with this project "
                  "and open the address it prints, or open them on {hub} or on {binder}.",
                  command="make play", hub="JupyterHub", binder="Binder")
BACK_TO_THE_INDEX = say("Back to the list of notebooks")


def stored_for_a_static_page() -> bool:
    """Whether this kernel runs its notebook to store it for the static site (no kernel will answer its widgets)."""
    return os.environ.get(STATIC_PAGE, "") not in ("", "0")


def live_line(said: str) -> str:
    """The HTML of a line that says how to use live what a stored page cannot do (``said``, in the page's words)."""
    return (f"<p class='bg-site-live' style='margin:6px 0;padding:6px 10px;border-left:4px solid #1c7ed6;"
            f"background:#e7f5ff;color:#1c3d5a'>{html.escape(said)}</p>")
