"""A hub user's server: Voilà's pages with the settings ``make play`` gives them (``notebooks/.voila/voila.py``).

The hub starts it with ``--config`` of this file. A closed page's kernel is shut down, a kernel without a message
for 10 minutes and no page connected is culled (a page still open keeps its kernel), a cell's output is waited for
60 s on a busy machine; a page's error shows Voilà's sentence, not the traceback.

Pages only (``deploy/pages_only.py``): the server loads no JupyterLab, classic notebook, language server or
terminals; its authorizer refuses every REST call (contents read or written, ``/files``, kernels or sessions
started by hand, the server's shutdown ...) and lets a page's browser open only its kernel's websocket, which
carries only the widgets' messages, as standalone Voilà's does: code sent to a page's kernel is never run.

A page's kernel is forked from the server's kernel nursery (``deploy/kernel_nursery.py``), and its HTML templates are
compiled once for the server (``deploy/page_templates.py``), as with ``make play``.
"""

from deploy.kernel_nursery import NAME as NURSERY
from deploy.page_templates import compile_templates_once
from deploy.pages_only import CLOSED_EXTENSIONS, WIDGET_MESSAGES
from deploy.secret_params import SECRET_PARAMS

c = get_config()  # noqa: F821 (traitlets defines it for a config file)

c.MappingKernelManager.cull_idle_timeout = 600  # s without a message from the kernel
c.MappingKernelManager.cull_interval = 60  # s between two checks
c.MappingKernelManager.cull_connected = False  # an open page keeps its kernel
c.VoilaExecutor.iopub_timeout = 60  # s: a busy server's page still gets its output
c.VoilaConfiguration.show_tracebacks = False
c.VoilaConfiguration.http_header_envs = ["Accept-Language"]  # a page in its browser's language
c.ServerApp.terminals_enabled = False
c.KernelProvisionerFactory.default_provisioner_name = NURSERY  # each page's kernel forked from the nursery
compile_templates_once()

# Pages only: no interface but Voilà's pages, no REST call but a page's kernel websocket, no code on it.
c.ServerApp.jpserver_extensions = {name: False for name in CLOSED_EXTENSIONS}
c.ServerApp.authorizer_class = "deploy.pages_only.PagesOnlyAuthorizer"
c.MappingKernelManager.allowed_message_types = WIDGET_MESSAGES
c.MappingKernelManager.allow_tracebacks = False
c.ServerApp.extra_log_scrub_param_keys = list(SECRET_PARAMS)  # no page's secret in the log (deploy/secret_params.py)


# --- Pages a student may hold (deploy/page_limits.py) ----------------------------------------------------------------
# Every page is a kernel of its own: a student's server holds at most BOARDGAMES_PAGES_PER_CLIENT pages at once
# (default 6; the hub hands the setting on), whoever opens them; the next page of its user shows "You already have
# 6 pages of this server open: close one of them and open this page again." (429). A closed page frees its place.
# No page starts while the machine has less than BOARDGAMES_MEMORY_FLOOR MB available (default 1500, or a tenth of a
# smaller machine's memory): the hub's total.
from deploy.page_limits import PAGES_PER_CLIENT, pages_setting  # noqa: E402

c.ServerApp.kernel_manager_class = "deploy.page_limits.PageLimitedKernelManager"
c.PageLimitedKernelManager.per_user = True  # a client is the logged-in user
c.PageLimitedKernelManager.pages_total = pages_setting(PAGES_PER_CLIENT)  # the server's pages: its student's
