"""A class's JupyterHub on this machine, for the hub test and ``benchmarks/hub.py``: ``deploy/jupyterhub``'s
configuration as it is, on free ports of 127.0.0.1, its state in a temporary folder, every user's server and kernel
pointed at a PostgreSQL class store and run as a system account of that user's own (``bgtest-<name>``, made by the
hub, removed afterwards); and logging in through the hub's login page, as a person does.

The tests run as root, as a one-machine hub does. The accounts must reach this clone and its Python: a folder on the
way that other users cannot enter (``/root`` when the venv's Python is pyenv's) is opened to the accounts' group
alone, to enter and nothing else (an ACL entry, removed afterwards).

Needs the ``hub`` extra (``pip install -e '.[hub]'``: JupyterHub and its idle culler) and npm's
configurable-http-proxy (``npm ci --prefix deploy/jupyterhub``, or one on PATH).
"""

from __future__ import annotations

import os
import pwd
import random
import shutil
import signal
import stat
import string
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
ACCOUNTS = "bgtest-"  # the system accounts a test hub makes: bgtest-<4 letters of that hub>-ada, ...


class Hub(str):
    """A running test hub's address, which also knows the system accounts its users' servers run as."""

    prefix: str  # of its accounts' names: bgtest-kqzv-
    group: str  # the group all its accounts are in
    state: Path  # the hub's folder: its database, cookie secret, tokens

    def account(self, name: str) -> pwd.struct_passwd:
        """The system account this hub made for its user ``name``."""
        return pwd.getpwnam(self.prefix + name)

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
    if os.geteuid() != 0:
        return "the hub test runs as root, as a hub that makes its users' system accounts does"
    return None


def closed_folders() -> list[Path]:
    """The folders on the way to this clone and its Python that other users cannot enter."""
    needed = {ROOT, Path(sys.base_prefix).resolve(), Path(sys.executable).resolve().parent}
    folders = {folder for path in needed for folder in (path, *path.parents)}
    return sorted(folder for folder in folders if not folder.stat().st_mode & stat.S_IXOTH)


@contextmanager
def accounts_can_enter(group: str) -> Iterator[None]:
    """The accounts of ``group`` may enter (not list) the closed folders on the way to the clone, meanwhile."""
    subprocess.run(["groupadd", "--system", group], check=True)
    opened = closed_folders()
    for folder in opened:
        subprocess.run(["setfacl", "-m", f"g:{group}:x", str(folder)], check=True)
    try:
        yield
    finally:
        for folder in opened:
            subprocess.run(["setfacl", "-x", f"g:{group}", str(folder)], check=False)
        subprocess.run(["groupdel", group], capture_output=True, check=False)


def remove_accounts(prefix: str, running: bool = True) -> None:
    """The system accounts whose names start with ``prefix``, their processes and homes (``running``: also those
    with a process running; else those only, a killed test's, are left to their hub)."""
    for entry in pwd.getpwall():
        if not entry.pw_name.startswith(prefix):
            continue
        if running:
            subprocess.run(["pkill", "-KILL", "-u", entry.pw_name], check=False)
        elif not subprocess.run(["pgrep", "-u", entry.pw_name], capture_output=True).returncode:
            continue
        subprocess.run(["userdel", "--remove", entry.pw_name], capture_output=True, check=False)


def kill_children(parent: int, command: str) -> None:
    """Kill (SIGKILL) the child processes of ``parent`` whose command line holds ``command``."""
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            line = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        if int(stat[stat.rindex(")") + 2:].split()[1]) == parent and command in line:
            try:
                os.kill(int(entry.name), signal.SIGKILL)
            except ProcessLookupError:
                pass


@contextmanager
def class_hub(db_url: str, log: IO, wait: float = 120, **env: str) -> Iterator[Hub]:
    """A running hub whose users' pages use the class store at ``db_url`` (``env``: more of the hub's environment,
    as ``BOARDGAMES_SEED``): yields its address once it answers; afterwards kills every user's server (and their
    accounts) and stops the hub and its proxy. RuntimeError if it exits or has not answered within ``wait`` s."""
    state = tempfile.mkdtemp(prefix="boardgames-hub-")
    homes = tempfile.mkdtemp(prefix="boardgames-homes-")
    os.chmod(homes, 0o755)  # each home in it is its account's alone
    port, hub_port, api_port = free_port(), free_port(), free_port()
    url = Hub(f"http://127.0.0.1:{port}")
    url.prefix = f"{ACCOUNTS}{''.join(random.choices(string.ascii_lowercase, k=4))}-"
    url.group = f"{url.prefix}class"
    url.state = Path(state)
    hub_env = {**os.environ, "BOARDGAMES_DB": db_url, "BOARDGAMES_HUB_URL": url, "BOARDGAMES_HUB_PASSWORD": PASSWORD,
               "BOARDGAMES_HUB_TEACHER_PASSWORD": TEACHER_PASSWORD, "BOARDGAMES_HUB_TEACHERS": "teacher",
               "BOARDGAMES_HUB_ACCOUNT_PREFIX": url.prefix, "BOARDGAMES_HUB_ACCOUNT_GROUP": url.group,
               "BOARDGAMES_HUB_HOMES": homes,
               "PATH": f"{Path(sys.executable).parent}:{os.environ.get('PATH', '')}", **env}
    remove_accounts(ACCOUNTS, running=False)  # left by a test that was killed (a running hub's have processes)
    # What only a user's server imports (the hub's singleuser app), compiled into the venv's bytecode folder by this
    # account, which may write there: the users' servers read it (jupyterhub_config.py) instead of compiling it
    subprocess.run([sys.executable, "-c", "import jupyterhub.singleuser"], env=hub_env, check=False,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    opened = accounts_can_enter(url.group)
    opened.__enter__()
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
        # Every user's server and kernel, and the hub's idle culler, killed first: nothing of theirs is looked at any
        # more, and stopped by the hub they kept it waiting (the culler, asleep between two looks, about 30 s).
        remove_accounts(url.prefix)
        kill_children(proc.pid, "jupyterhub_idle_culler")
        proc.terminate()  # the hub stops its proxy (and finds its users' servers and its service gone)
        try:
            proc.wait(timeout=60)
        except subprocess.TimeoutExpired:
            pass
        try:  # whatever is left of its process group (a server that did not stop)
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        proc.wait()
        remove_accounts(url.prefix)
        opened.__exit__(None, None, None)
        shutil.rmtree(state, ignore_errors=True)
        shutil.rmtree(homes, ignore_errors=True)


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
