"""What a dashboard's address asks for: ``?lang=ja`` (the page's language, else the browser's), ``?position=…`` (a
position from a "Copy link") and ``?hints=off`` (a teacher turns the hints off for a page). The play notebooks call
``follow_address(app)`` once the dashboard is shown.

Under ``make play`` the dashboards run in pre-heated kernels: the notebook runs before anyone asks for the page,
so its address is not known yet. ``follow_address`` then waits for the page's request (Voilà's
``wait_for_request``; everything above it, the imports and the dashboard, is ready by then) and reads the address
once it came. Anywhere else (Voilà without pre-heating, JupyterLab, nbval) it reads at once what there is.
"""

from __future__ import annotations

import os
from typing import Any

from widgets.runtime.address import query
from widgets.runtime.language import choose_language
from widgets.shell.saves import open_link

HINTS_OFF = ("off", "no", "false", "0")


def wait_for_the_request() -> None:
    """In a pre-heated Voilà kernel, wait until the page is asked for (its address is then in the environment)."""
    if os.environ.get("VOILA_PREHEAT", "False") == "False":
        return
    from voila.utils import wait_for_request  # only Voilà's pre-heated kernels need (and have) it

    wait_for_request()


def follow_address(app: Any) -> None:
    """Do what the page's address asks of ``app``: the page's language (``lang=ja``, else the browser's),
    ``hints=off`` turns the hints off, ``position=…`` opens the position of a link (a damaged link is refused with a
    sentence, and the game already shown stays)."""
    wait_for_the_request()
    choose_language()
    params = query()
    if params.get("hints", "").strip().lower() in HINTS_OFF:
        app.hints_allowed = False
    if params.get("position"):
        open_link(app, params["position"].strip())
