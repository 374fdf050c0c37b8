"""A class's JupyterHub on this machine, for the hub test and ``benchmarks/hub.py``: ``deploy/jupyterhub``'s
configuration as it is, on free ports of 127.0.0.1, its state in a temporary folder, every user's server and kernel
pointed at a PostgreSQL class store; and logging in through the hub's login page, as a person does.

Needs the ``hub`` extra (``pip install -e '.[hub]'``: JupyterHub and its idle culler) and npm's
configurable-http-proxy (``npm ci --prefix deploy/jupyterhub``, or one on PATH).
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Any

ROOT = Path(__file__).resolve().parents[2]
CONFIG = ROOT / "deploy" / "jupyterhub" / "jupyterhub_config.py"
PROXY = ROOT / "deploy" / "jupyterhub" / "node_modules" / ".bin" / "configurable-http-proxy"
PASSWORD = "the class password"  # students
TEACHER_PASSWORD = "the teachers' password, 32 characters or more"
SPAWN = 180_000  # ms: a user's first login starts their server (several at once on a busy machine)

sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "tests" / "classroom"))
from pg_server import postgres_server  # noqa: E402,F401 (the class store the hub's pages share)
from support.browser import free_port  # noqa: E402


def missing() -> str | None:
    """What this machine lacks to run a hub (a sentence), or None."""
    try:
        import jupyterhub  # noqa: F401
        import jupyterhub_idle_culler  # noqa: F401
    except ImportError:
        return "JupyterHub is not installed: pip install -e '.[hub]'"
    if not PROXY.exists() and not shutil.which("configurable-http-proxy"):
        return "configurable-http-proxy is not installed: npm ci --prefix deploy/jupyterhub"
    return None


@contextmanager
def class_hub(db_url: str, log: IO, wait: float = 120, **env: str) -> Iterator[str]:
    """A running hub whose users' pages use the class store at ``db_url`` (``env``: more of the hub's environment,
    as ``BOARDGAMES_SEED``): yields its address once it answers; stops it, its proxy and every user's server
    afterwards. RuntimeError if it exits or has not answered within ``wait`` s."""
    state = tempfile.mkdtemp(prefix="boardgames-hub-")
    port, hub_port, api_port = free_port(), free_port(), free_port()
    url = f"http://127.0.0.1:{port}"
    hub_env = {**os.environ, "BOARDGAMES_DB": db_url, "BOARDGAMES_HUB_URL": url, "BOARDGAMES_HUB_PASSWORD": PASSWORD,
               "BOARDGAMES_HUB_TEACHER_PASSWORD": TEACHER_PASSWORD, "BOARDGAMES_HUB_TEACHERS": "teacher",
               "PATH": f"{Path(sys.executable).parent}:{os.environ.get('PATH', '')}", **env}
    proc = subprocess.Popen(
        [sys.executable, "-m", "jupyterhub", "-f", str(CONFIG), f"--JupyterHub.hub_bind_url=http://127.0.0.1:{hub_port}",
         f"--ConfigurableHTTPProxy.api_url=http://127.0.0.1:{api_port}"],
        cwd=state, env=hub_env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    deadline = time.monotonic() + wait
    try:
        while True:
            if proc.poll() is not None:
                raise RuntimeError(f"jupyterhub exited with code {proc.returncode}")
            try:  # the hub itself, then through its proxy
                with urllib.request.urlopen(f"http://127.0.0.1:{hub_port}/hub/health", timeout=2), \
                        urllib.request.urlopen(f"{url}/hub/health", timeout=2):
                    break
            except OSError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError(f"jupyterhub did not answer within {wait:.0f} s")
            time.sleep(0.2)
        yield url
    finally:
        proc.terminate()  # the hub stops every user's server and its proxy
        try:
            proc.wait(timeout=60)
        except subprocess.TimeoutExpired:
            pass
        try:  # whatever is left of its process group (a server that did not stop)
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        proc.wait()
        shutil.rmtree(state, ignore_errors=True)


def log_in(context: Any, hub: str, name: str, path: str, password: str = PASSWORD) -> Any:
    """A new page of ``context`` (one person's browser) that logs ``name`` in on the hub's login page (unless this
    browser is logged in) and is taken to ``path``, their server started on the way: ``/user/<name>/voila/render/...``
    or ``/hub/user-redirect/voila/render/...`` (the same page on the server of whoever is logged in)."""
    page = context.new_page()
    page.goto(f"{hub}/hub/login?next={urllib.parse.quote(path)}")
    if page.url.startswith(f"{hub}/hub/login"):  # not logged in yet in this browser
        page.locator("#username_input").fill(name)
        page.locator("#password_input").fill(password)
        page.locator("#login_submit").click()
    mine = path.replace("/hub/user-redirect/", f"/user/{name}/", 1)
    page.wait_for_url(lambda address: address.startswith(f"{hub}{mine}"), timeout=SPAWN)
    return page
