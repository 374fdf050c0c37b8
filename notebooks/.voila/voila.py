"""The class server's Voilà settings: `make play` reads this file (``--Voila.config_file_paths``).

A server that a whole class uses must give back the kernel of every page that is closed, and of every page
that went away without saying so; otherwise each page load keeps a Python process (about 100 MB) until the
server stops.

1. A closed page shuts its kernel down. On ``beforeunload`` Voilà's page posts
   ``/voila/api/shutdown/<kernel>`` with the ``_xsrf`` token it reads from the ``_xsrf`` cookie. Tornado sets
   that cookie only when a request reads its ``xsrf_token``, and nothing in a rendered notebook page does
   (Voilà renders pre-heated pages ahead of any request), so the token went out empty and the server refused
   the shutdown ("403 ... '_xsrf' argument missing"). ``PageTokenIdentityProvider`` reads the token for every
   Voilà page, so the page gets its cookie and the shutdown carries a valid token: the cross-site request
   check stays on.
2. Idle kernels are culled: a kernel with no message for 10 minutes and no page connected is shut down
   (checked every minute). That catches the pages that could not say goodbye (a crashed browser, a laptop
   closed, a request from a script): their websocket drops within about 90 s (the server pings every 30 s).
   A page that is still open keeps its kernel however long its player thinks (``cull_connected = False``):
   culling it would leave a board that no longer answers. Open pages are bounded by the class itself.
   The pre-heated kernels waiting for the next page are never culled (Voilà keeps them out of the culler).
3. A page's notebook is given time to show its output: Voilà runs it on the server before the page draws it, and
   waits at most ``iopub_timeout`` seconds for a cell's output once the cell has run. Voilà's default, 4 s, is
   too short when a class opens its pages at once on a small server (sixteen table pages opened together on
   two cores: the output of some came later, the cell was skipped, and the page stayed blank); 60 s is not.
4. The log says when a page is opened ("Page opened: medici/play.ipynb (from 10.0.0.7)"), closed or refused,
   besides the server's own warnings and errors (``deploy/serve.py`` keeps the log to these).
5. One computer, and the whole class, hold a bounded number of pages (each a kernel): ``deploy.page_limits``
   refuses a page past ``BOARDGAMES_PAGES_PER_CLIENT`` pages of one address (default 6) or
   ``BOARDGAMES_PAGES_TOTAL`` of the server (default 100), with a sentence on the page; the pre-heated kernels are
   not counted. So a browser or a script opening page after page cannot take the machine's memory.
6. A page is shown in its browser's language (``widgets.runtime.language``) unless its address asks for another
   (``?lang=ja``): the server hands each page's kernel the request's ``Accept-Language`` header.
7. A page's kernel is forked from the server's kernel nursery (``deploy/kernel_nursery.py``), which has imported
   IPython's kernel, the widgets and the games once: each page is spared about 0.6 s of processor time, and its
   kernel shares those modules' memory with the others.
8. The server's logger keeps to the level its log shows (INFO): traitlets sets an application's logger to DEBUG and
   leaves the choosing to the log's handler, so each of the many debug lines of a page's messages (the kernel's
   activity, each output) was made into a log record and thrown away: 8 % of the server's processor time in the
   browser tests.
   (``--Voila.log_level=DEBUG`` then shows no more lines; ``--Voila.logging_config`` sets this level too.)
9. A page's HTML templates are compiled once for the server, not again for each page (``deploy/page_templates.py``).
"""

from urllib.parse import unquote

from jupyter_core.utils import ensure_async
from jupyter_server.auth.identity import PasswordIdentityProvider
from jupyter_server.log import log_request
from voila.handler import VoilaHandler

from deploy.kernel_nursery import NAME as NURSERY
from deploy.page_limits import FULL, TOO_MANY, PageLimitedKernelManager
from deploy.page_templates import compile_templates_once
from deploy.secret_params import SECRET_PARAMS

c = get_config()  # noqa: F821 (traitlets defines it for a config file)


class PageTokenIdentityProvider(PasswordIdentityProvider):
    """Voilà's default identity provider, which also gives every rendered notebook page its ``_xsrf`` cookie."""

    async def get_user(self, handler):
        user = await ensure_async(super().get_user(handler))
        if isinstance(handler, VoilaHandler):
            handler.current_user = user  # as the handler's prepare() does next: tornado's token reads it
            handler.xsrf_token  # noqa: B018 (reading it sets the _xsrf cookie on this response)
        return user


c.Voila.identity_provider_class = PageTokenIdentityProvider

c.MappingKernelManager.cull_idle_timeout = 600  # s without a message from the kernel
c.MappingKernelManager.cull_interval = 60  # s between two checks
c.MappingKernelManager.cull_connected = False  # an open page keeps its kernel
c.VoilaExecutor.iopub_timeout = 60  # s: a busy server's page still gets its output (3.)
c.VoilaConfiguration.multi_kernel_manager_class = PageLimitedKernelManager  # (5.)
c.VoilaConfiguration.http_header_envs = ["Accept-Language"]  # a page in its browser's language (6.)
c.KernelProvisionerFactory.default_provisioner_name = NURSERY  # (7.)
c.Voila.logging_config = {"loggers": {"Voila": {"level": "INFO"}}}  # (8.)
compile_templates_once()  # (9.)


def log_page(handler):
    """Every request as the server logs it, and a line for a page opened or closed."""
    request, status = handler.request, handler.get_status()
    if status in (TOO_MANY, FULL) and request.path.startswith("/voila/render/"):
        return  # the kernel manager said why it refused the page ("Page refused ..."), once
    log_request(handler)
    if status >= 300:
        return
    if request.method == "GET" and request.path.startswith("/voila/render/"):
        page = unquote(request.path[len("/voila/render/"):])
        handler.log.info("Page opened: %s (from %s)", page, request.remote_ip)
    elif request.method == "POST" and request.path.startswith("/voila/api/shutdown/"):
        handler.log.info("Page closed (from %s): its kernel is shut down", request.remote_ip)


c.Voila.tornado_settings = {"log_function": log_page,
                            "extra_log_scrub_param_keys": list(SECRET_PARAMS)}  # no page's secret in the log
