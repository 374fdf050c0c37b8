"""A JupyterHub for a class on one machine: every user's server is this project's Voilà, every kernel's class store is
the one PostgreSQL database of ``BOARDGAMES_DB``, idle servers are culled, and the teachers open the teacher's pages.

Run it from the folder where the hub keeps its state (its database, cookie secret and the users' homes)::

    export BOARDGAMES_DB=postgresql://boardgames@127.0.0.1/boardgames       # the class store (required)
    export BOARDGAMES_HUB_PASSWORD='the class password'                       # students, 8 characters or more
    export BOARDGAMES_HUB_TEACHER_PASSWORD='a teachers password of 32 characters or more'
    jupyterhub -f <clone>/deploy/jupyterhub/jupyterhub_config.py

The settings, all from the environment (``deploy/jupyterhub/README.md`` explains them):

- ``BOARDGAMES_DB``: the class store's URL, handed to every user's server and so to every page's kernel; nothing
  else of the hub's environment is (JupyterHub's ``Spawner.env_keep``). The hub does not start without it.
- Logins, chosen by ``BOARDGAMES_HUB_LOGIN`` (``logins.py``). ``shared``, the default (JupyterHub's
  ``SharedPasswordAuthenticator``): a student types a name and the class password (``BOARDGAMES_HUB_PASSWORD``);
  ``BOARDGAMES_HUB_STUDENTS`` (names, comma-separated) limits the names, else any name is taken. The teachers
  (``BOARDGAMES_HUB_TEACHERS``, default ``teacher``) log in with ``BOARDGAMES_HUB_TEACHER_PASSWORD`` and are the
  hub's admins. Anyone with the class password can log in under any student's name; for logins of their own,
  ``native`` (students sign up, a teacher approves them) or ``lti`` (a learning platform's LTI 1.3 launch).
- Each user's server is ``jupyterhub-singleuser`` of this Python with Voilà as its extension, serving this clone's
  ``notebooks/``: a student opens ``/user/<name>/voila/render/medici/play.ipynb`` (the hub's home page takes
  them to ``/voila/render/index.ipynb``), a teacher ``/user/<name>/voila/render/auction/teacher.ipynb``. All
  users' servers run as the hub's own system user (``SimpleLocalProcessSpawner``), each in its home
  ``users/<name>`` of the hub's folder; the page settings are those of ``singleuser/jupyter_server_config.py``.
- A server without activity for ``BOARDGAMES_HUB_IDLE`` seconds (default 3600) is stopped by
  ``jupyterhub-idle-culler``, a service of the hub; its next visit starts it again.
- The hub listens on ``BOARDGAMES_HUB_URL`` (default ``http://127.0.0.1:8000``; ``http://:8000`` serves every
  network of the machine), through ``configurable-http-proxy`` from npm: ``deploy/jupyterhub/node_modules`` if
  ``npm install`` was run there, else the one on ``PATH``.
"""

import os
import shutil
import sys
from pathlib import Path

c = get_config()  # noqa: F821 (traitlets defines it for a config file)

HERE = Path(__file__).resolve().parent
NOTEBOOKS = HERE.parent.parent / "notebooks"
BIN = Path(sys.executable).parent


def setting(name: str, default: str | None = None) -> str:
    """The environment's ``name``, else ``default``; the hub stops with a sentence when neither is there."""
    value = os.environ.get(name, default)
    if not value:
        sys.exit(f"The hub needs {name} in its environment: see deploy/jupyterhub/README.md.")
    return value


# The class store: every user's server gets its URL, and so every kernel of its pages.
c.Spawner.environment = {"BOARDGAMES_DB": setting("BOARDGAMES_DB")}
# What else of the hub's environment a server sees: the paths and language, and the tests' seed and bot pause.
c.Spawner.env_keep = ["PATH", "LANG", "LC_ALL", "JUPYTERHUB_SINGLEUSER_APP", "BOARDGAMES_SEED",
                      "BOARDGAMES_BOT_DELAY"]


def bytecode_kept_by_the_hub_alone() -> bool:
    """Whether the hub has a PYTHONPYCACHEPREFIX folder (``make`` keeps Python's compiled bytecode in the venv) that
    is its own account's and that no one else may write to. The users' servers then read the bytecode the hub's own
    processes compiled there, instead of compiling the Jupyter stack from source at every start (3 s of processor
    time a server, whose account may not write beside the sources), and none can plant bytecode for another."""
    folder = os.environ.get("PYTHONPYCACHEPREFIX")
    if not folder or not os.path.isdir(folder):
        return False
    owned = os.stat(folder)
    return owned.st_uid == os.geteuid() and not owned.st_mode & 0o022


if bytecode_kept_by_the_hub_alone():
    c.Spawner.env_keep = [*c.Spawner.env_keep, "PYTHONPYCACHEPREFIX"]

# Logins (logins.py): the class password (shared), accounts a teacher approves (native), or a learning platform (lti).
sys.path.insert(0, str(HERE))
import logins  # noqa: E402

logins.configure(c, setting)

# Every user's server: this Python's jupyterhub-singleuser with Voilà, on the clone's notebooks/, pages only
# (singleuser/jupyter_server_config.py), as a system account of that user's own, made at their first start.
from system_users import ClassSpawner  # noqa: E402

c.JupyterHub.spawner_class = ClassSpawner
c.ClassSpawner.account_prefix = setting("BOARDGAMES_HUB_ACCOUNT_PREFIX", "class-")
c.ClassSpawner.home_root = setting("BOARDGAMES_HUB_HOMES", "/home")
c.ClassSpawner.account_group = os.environ.get("BOARDGAMES_HUB_ACCOUNT_GROUP", "")
c.Spawner.cmd = [str(BIN / "jupyterhub-singleuser")]
c.Spawner.notebook_dir = str(NOTEBOOKS)
c.Spawner.default_url = "/voila/render/index.ipynb"
c.Spawner.args = [f"--config={HERE / 'singleuser' / 'jupyter_server_config.py'}"]
# The hub's folder (its database, cookie secret and tokens) is the hub's alone.
os.chmod(Path.cwd(), 0o700)
c.JupyterHub.implicit_spawn_seconds = 1  # a page's link opened with the server stopped starts it (not a button)
c.Spawner.start_timeout = 120  # s: a busy machine starting a class's servers at once
c.Spawner.http_timeout = 120

# Idle servers are stopped by the culler, a service of the hub with the rights it needs.
idle = int(setting("BOARDGAMES_HUB_IDLE", "3600"))
c.JupyterHub.services = [{
    "name": "idle-culler",
    "command": [sys.executable, "-m", "jupyterhub_idle_culler", f"--timeout={idle}",
                f"--cull-every={min(600, max(5, idle // 2))}"],  # s between two looks (the culler's default: 600)
}]
c.JupyterHub.load_roles = [{
    "name": "idle-culler",
    "scopes": ["list:users", "read:users:activity", "read:servers", "delete:servers"],
    "services": ["idle-culler"],
}]

# The hub's log writes no page's secret (a personal link's ?member=, which JupyterHub does not scrub itself).
from jupyterhub.log import log_request  # noqa: E402

from deploy.secret_params import scrubbing  # noqa: E402

c.JupyterHub.tornado_settings = {"log_function": scrubbing(log_request)}

# The hub's address and its proxy (npm's configurable-http-proxy).
c.JupyterHub.bind_url = setting("BOARDGAMES_HUB_URL", "http://127.0.0.1:8000")
local_proxy = HERE / "node_modules" / ".bin" / "configurable-http-proxy"
c.ConfigurableHTTPProxy.command = [str(local_proxy) if local_proxy.exists()
                                   else shutil.which("configurable-http-proxy") or "configurable-http-proxy"]

# --- The pages a class may hold (deploy/page_limits.py) ---------------------------------------------------------------
# Every page is a kernel of its own (about 165 MB). Each user's server holds at most BOARDGAMES_PAGES_PER_CLIENT pages
# (default 6; singleuser/jupyter_server_config.py), and no server starts a page while the machine has less than
# BOARDGAMES_MEMORY_FLOOR MB available (default 1500, or a tenth of a smaller machine's memory): the hub's total,
# whoever holds the pages, so a class of any size shares the machine and the one who would fill it is told "The
# server is full ..." (503). BOARDGAMES_HUB_SERVERS
# (JupyterHub's active_server_limit, default 0: none) can also bound the servers running at once.
c.Spawner.env_keep = [*c.Spawner.env_keep, "BOARDGAMES_PAGES_PER_CLIENT", "BOARDGAMES_MEMORY_FLOOR"]
c.JupyterHub.active_server_limit = int(setting("BOARDGAMES_HUB_SERVERS", "0"))
