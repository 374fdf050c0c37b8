"""A real PostgreSQL server for the tests: a new cluster in a temporary directory, on a free port of 127.0.0.1,
started with Debian's server programs (``/usr/lib/postgresql/<version>/bin``, package ``postgresql``) and stopped
afterwards. Run as root, the server runs as the ``postgres`` user, as PostgreSQL requires."""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager

from support.browser import free_port


def server_programs() -> str | None:
    """The folder of ``initdb`` and ``pg_ctl``, newest version first; None if the server is not installed."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(p.split("/")[4]), reverse=True)
    return os.path.dirname(found[0]) if found else None


def _as_postgres(command: list[str]) -> list[str]:
    if os.geteuid() != 0:
        return command
    return ["runuser", "-u", "postgres", "--", *command]


@contextmanager
def postgres_server() -> Iterator[str]:
    """A running server's URL (user ``boardgames``, database ``postgres``, trust authentication)."""
    programs = server_programs()
    if programs is None:
        raise RuntimeError("PostgreSQL's server is not installed (Debian: apt-get install postgresql)")
    folder = tempfile.mkdtemp(prefix="boardgames-pg-")
    if os.geteuid() == 0:
        user = pwd.getpwnam("postgres")
        os.chown(folder, user.pw_uid, user.pw_gid)
    data = os.path.join(folder, "data")
    port = free_port()
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.PIPE, "check": True}
    try:
        subprocess.run(_as_postgres([f"{programs}/initdb", "-D", data, "-U", "boardgames", "-A", "trust",
                                     "--no-sync"]), **quiet)
        subprocess.run(_as_postgres([f"{programs}/pg_ctl", "-D", data, "-w", "-l", os.path.join(folder, "log"),
                                     "-o", f"-p {port} -k {folder} -c listen_addresses=127.0.0.1 -c fsync=off",
                                     "start"]), **quiet)
        yield f"postgresql://boardgames@127.0.0.1:{port}/postgres"
    finally:
        subprocess.run(_as_postgres([f"{programs}/pg_ctl", "-D", data, "-m", "immediate", "stop"]),
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        shutil.rmtree(folder, ignore_errors=True)
