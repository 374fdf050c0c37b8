"""A served page's address: the query it was opened with, the server's base, and the addresses of other pages."""

from __future__ import annotations

import os
import urllib.parse

from widgets.runtime.language import language_params

RENDER = "/voila/render/"


def query() -> dict[str, str]:
    """The page's address's query (``?key=...``, ``?token=...``, ``?code=...``), one value a name."""
    return {k: v[-1] for k, v in urllib.parse.parse_qs(os.environ.get("QUERY_STRING", "")).items()}


def server_base() -> str:
    """``http://host:port`` of the server, as its pages' addresses start: ``BOARDGAMES_BASE`` (set by the class
    server, which knows the name students use, also for a page rendered before anyone opened it), else the host
    the page was opened at, else "" (addresses relative to the server)."""
    base = os.environ.get("BOARDGAMES_BASE", "").rstrip("/")
    if base:
        return base
    host, port = os.environ.get("SERVER_NAME", ""), os.environ.get("SERVER_PORT", "")
    return f"http://{host}{':' + port if port else ''}" if host else ""


def page_address(page: str, **params: str) -> str:
    """The address of the notebook ``page`` (a path under ``notebooks/`` without ``.ipynb``: ``auction/student``,
    ``tables/table``) with ``params`` in its query, and the page's language (``lang``, unless English); whole when
    the server's name is known."""
    params = {**params, **language_params()}
    here = os.environ.get("SCRIPT_NAME", "")
    prefix = here.split(RENDER, 1)[0] + RENDER if RENDER in here else RENDER
    own = os.environ.get("JUPYTERHUB_SERVICE_PREFIX", "")  # on a JupyterHub: /user/<name>/, that user's alone
    if own and prefix.startswith(own):  # the hub's user-redirect opens the page on the server of whoever follows it
        prefix = f"{os.environ.get('JUPYTERHUB_BASE_URL', '/')}hub/user-redirect/{prefix[len(own):]}"
    return (f"{server_base()}{prefix}{page}.ipynb"
            + (f"?{urllib.parse.urlencode(params)}" if params else ""))
