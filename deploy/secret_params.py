"""The query parameters of the pages' addresses that carry a secret, and a log that never writes their values.

A teacher's key (``?key=``), a table creator's or a seat's (``?key=``), a student's personal link (``?member=``) and
an auction seat's (``?token=``) open a page as its holder. Jupyter Server and JupyterHub scrub some parameters from
the addresses they log (``key``, ``token``), not ``member``: a user server and `make play` are told to scrub them
all (``ServerApp.extra_log_scrub_param_keys`` and Voilà's tornado setting of the same name), and the hub, whose list
cannot be extended, logs through ``scrubbing``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

SECRET_PARAMS = ("key", "member", "token")
HIDDEN = "[secret]"
# a secret parameter's value, in an address or in one percent-encoded inside another (a redirect's ?next=...)
SECRET_VALUE = re.compile(r"(?:(?<=[?&])|(?<=%3[Ff])|(?<=%26))((?:" + "|".join(SECRET_PARAMS)
                          + r")(?:=|%3[Dd]))(.*?)(?=&|%26|\s|#|$)")


def scrubbed(uri: str) -> str:
    """``uri`` with the value of every secret parameter replaced by ``[secret]``, also where the address is
    percent-encoded inside another one's query."""
    return SECRET_VALUE.sub(lambda found: found.group(1) + HIDDEN, uri)


def scrubbing(log_function: Callable[[Any], None]) -> Callable[[Any], None]:
    """``log_function`` (a tornado application's request log) writing the request's address, its Referer and the
    answer's redirect (``Location``) without the values of the secret parameters."""

    def log(handler: Any) -> None:
        request, answer = handler.request, handler._headers
        request.uri = scrubbed(request.uri)
        for headers, name in ((request.headers, "Referer"), (answer, "Location")):
            if name in headers:
                headers[name] = scrubbed(headers[name])
        log_function(handler)

    return log
