"""Pages only: what a user's server on a class's JupyterHub lets its own user do through Jupyter Server.

A hub user's server is Jupyter Server with Voilà as an extension. Voilà renders a page itself (its ``/voila/...``
handlers read the notebook through the server's contents manager, never through the REST API); what a page's
browser still needs of Jupyter Server is its own kernel: the kernel's model (``GET /api/kernels/<id>``, which the
page reads when it connects) and the websocket to it. Everything else Jupyter Server serves — the list of kernels,
the contents API (reading or writing a notebook), ``/files``, starting kernels or sessions by hand, restarting or
interrupting one, kernel specs, nbconvert, the server's shutdown, its config and events — is refused by
``PagesOnlyAuthorizer`` (403), whoever asks: a teacher's power is their class key, never code.

The kernel's websocket carries only the messages widgets need (``WIDGET_MESSAGES``, as standalone Voilà allows:
an ``execute_request`` is dropped with a warning and never answered), set by ``singleuser/jupyter_server_config.py``
on the server's kernel manager. JupyterLab, the classic notebook, the language server and terminals are not loaded
at all there (``CLOSED_EXTENSIONS``).
"""

from __future__ import annotations

from typing import Any

from jupyter_server.auth import Authorizer

# What a page's kernel accepts from its browser: the widgets' comms, the kernel's info, and its shutdown.
WIDGET_MESSAGES = ["comm_open", "comm_msg", "comm_close", "comm_info_request", "kernel_info_request",
                   "shutdown_request"]

# The server extensions a hub user's server does not load: every one that would serve code or files.
CLOSED_EXTENSIONS = ("jupyterlab", "notebook", "nbclassic", "notebook_shim", "jupyter_lsp",
                     "jupyter_server_terminals", "jupyter_server_ydoc", "jupyter_collaboration")

# (action, resource) of Jupyter Server's authorization a page needs, about one kernel it names: the kernel's model
# (read) and its websocket (execute).
ONE_KERNEL = frozenset({("read", "kernels"), ("execute", "kernels")})


class PagesOnlyAuthorizer(Authorizer):
    """Jupyter Server's authorizer for a hub user's server: a page's kernel websocket, nothing else."""

    def is_authorized(self, handler: Any, user: Any, action: str, resource: str) -> bool:
        """Whether ``user`` may ``action`` (read, write, execute) the server's ``resource``: only a page's
        kernel it names, read or connected to; everything else is refused and logged."""
        if (action, resource) in ONE_KERNEL and handler.path_kwargs.get("kernel_id"):
            return True
        self.log.warning("Refused (pages only): %s %s by %s (%s %s)", action, resource,
                         getattr(user, "username", "?"), handler.request.method, handler.request.path)
        return False
