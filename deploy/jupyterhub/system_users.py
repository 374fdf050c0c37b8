"""Each hub user's server and kernels as a system user of their own, made by the hub at their first start.

``ClassSpawner`` is JupyterHub's ``LocalProcessSpawner`` with one system account a hub user: ``<prefix><name>``
(``class-ada``; a name a system account cannot hold, or a long one, becomes its letters and a short hash of it),
made with ``useradd`` the first time that user's server starts, with a private home (mode 700) under
``home_root``, no password and no login shell. The hub must run as root to make accounts and to start a server as
one. The account can read the project and its notebooks (installed where every user may read them) and write
nothing but its home: not the notebooks, not the hub's folder (mode 700, the hub's own), not another user's home,
not the class store's files.
"""

from __future__ import annotations

import grp
import hashlib
import os
import pwd
import re
import subprocess
from pathlib import Path

from jupyterhub.spawner import LocalProcessSpawner
from traitlets import Unicode

SYSTEM_NAME = re.compile(r"^[a-z_][a-z0-9_-]*$")
LONGEST = 32  # letters of a Linux account's name


def system_name(prefix: str, hub_name: str) -> str:
    """The system account of hub user ``hub_name``: ``prefix + hub_name`` when that is a valid account name of at
    most 32 letters, else the name's valid letters and 8 hex digits of its hash (two names never share one)."""
    name = prefix + hub_name
    if SYSTEM_NAME.match(name) and len(name) <= LONGEST:
        return name
    digest = hashlib.sha256(hub_name.encode()).hexdigest()[:8]
    kept = re.sub(r"[^a-z0-9_-]", "", hub_name.lower())[: LONGEST - len(prefix) - 9]
    return f"{prefix}{kept}-{digest}"


class ClassSpawner(LocalProcessSpawner):
    """A hub user's server started as their own system account, made at their first start."""

    account_prefix = Unicode("class-", help="What every hub user's system account name starts with.").tag(config=True)
    home_root = Unicode("/home", help="The folder that holds every account's private home.").tag(config=True)
    account_group = Unicode("", help="A group every account made by the hub joins (none if empty).").tag(config=True)

    @property
    def account(self) -> str:
        """This user's system account name."""
        return system_name(self.account_prefix, self.user.name)

    def make_account(self) -> pwd.struct_passwd:
        """This user's system account, made now (with its private home) if the machine has none."""
        try:
            return pwd.getpwnam(self.account)
        except KeyError:
            pass
        home = Path(self.home_root) / self.account
        command = ["useradd", "--create-home", "--home-dir", str(home), "--shell", "/usr/sbin/nologin",
                   "--user-group", "--comment", "JupyterHub user " + re.sub(r"[^\w@. -]", "?", self.user.name)]
        if self.account_group:
            try:
                grp.getgrnam(self.account_group)
            except KeyError:
                subprocess.run(["groupadd", "--system", self.account_group], check=True, capture_output=True)
            command += ["--groups", self.account_group]
        self.log.info("Making the system account %s for %s", self.account, self.user.name)
        made = subprocess.run([*command, self.account], capture_output=True, text=True)
        if made.returncode and "already exists" not in made.stderr:
            raise RuntimeError(f"useradd could not make {self.account}: {made.stderr.strip()}")
        os.chmod(home, 0o700)
        return pwd.getpwnam(self.account)

    def make_preexec_fn(self, name: str):
        """The function that makes the server's process this user's account (``name`` is the hub's name)."""
        return super().make_preexec_fn(self.account)

    def user_env(self, env: dict) -> dict:
        """The server's environment with this account's user name and home."""
        account = pwd.getpwnam(self.account)
        env["USER"] = account.pw_name
        env["HOME"] = account.pw_dir
        env["SHELL"] = account.pw_shell
        return env

    async def start(self):
        """Make the account if the machine has none, then start the server as it."""
        if os.geteuid() != 0:
            raise RuntimeError("The hub must run as root to start each user's server as a system account of its own "
                               "(deploy/jupyterhub/README.md)")
        self.make_account()
        return await super().start()
