"""Kernels forked from a process that has already imported them: a page's kernel starts without importing IPython's
kernel, the widgets, bqplot, pandas and the games again.

Every page Voilà serves, every notebook the tests or the static site run, is a kernel of its own. Started as a new
Python process, a kernel spends about 0.7 s of processor time importing before its notebook's first line runs; a class
opening thirty pages pays that thirty times, and the test suite about a hundred and fifty. A *nursery* imports all
that once and forks a kernel for each page; the fork shares the imported modules' memory with its nursery until it
writes to them.

``NurseryProvisioner`` is jupyter_client's kernel provisioner that asks the nursery for a kernel. A server chooses it
with ``c.KernelProvisionerFactory.default_provisioner_name = "boardgames-nursery"`` (``notebooks/.voila/voila.py``
and the hub users' servers do). It is the local provisioner in every other respect (connection file, signals to the
kernel's process group, shutdown and restart), and it starts a kernel the plain way, as a new process, whenever the
nursery could not make it the same: another command than this Python's ``-m ipykernel_launcher``, other ``PYTHON*``
settings than the server's, or output sent elsewhere.

The nursery is a child of the server's process, which it talks to over a private socket pair (no file on disk, so no
other process can ask it for a kernel). It is started with the server's first kernel, reaps each kernel it forked
and tells the server its exit code, and ends when the server's end of the socket closes (the server stopped, however
it stopped), ending the kernels it still has. What the nursery imports is what no page changes: the Jupyter stack, the
widgets' libraries and this project's packages, none of which reads the environment as it is imported; a kernel gets
its page's own environment, working folder and arguments after the fork. The nursery's modules are those of the
moment it started, so a server serves the code it was started with (as its pre-heated kernels always did).
"""

from __future__ import annotations

import asyncio
import atexit
import ctypes
import gc
import importlib
import importlib.util
import json
import os
import selectors
import signal
import socket
import subprocess
import sys
import threading
import traceback
from typing import Any

from jupyter_client.connect import KernelConnectionInfo
from jupyter_client.provisioning import LocalProvisioner

NAME = "boardgames-nursery"  # the provisioner's name (pyproject.toml's jupyter_client.kernel_provisioners entry)
# What every kernel imports before its notebook runs (ipykernel's kernel, IPython, zmq, tornado) and as it starts (its
# debugger, its history's SQLite, psutil), what the pages and lessons import (the widgets, bqplot with pandas and
# numpy), the games' pages, and the learner's record that a notebook's exercises keep.
PRELOADED = ("ipykernel.kernelapp", "ipykernel.debugger", "sqlite3", "psutil", "ipywidgets", "bqplot",
             "widgets.dashboard", "widgets.notebook", "classroom.practice")
LAUNCHER = ["-m", "ipykernel_launcher"]  # the kernel command, after the interpreter
MESSAGE = 1 << 20  # the largest request (a kernel's command, folder and environment), bytes
KERNEL = "ipykernel"  # a forked kernel's process name (``ps``, ``pgrep -x``): its command line is its nursery's
ENDING = 5.0  # s a kernel is given to end once its server has gone, before it is killed


class NurseryGone(RuntimeError):
    """The nursery ended, or never started."""


class Nursery:
    """The server process's end of its nursery: starts it, asks it for kernels."""

    def __init__(self) -> None:
        mine, its = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        self.settings = python_settings(os.environ)
        self.process = subprocess.Popen(  # noqa: S603 (this interpreter, this module)
            [sys.executable, "-m", __name__, str(its.fileno())], pass_fds=[its.fileno()],
            stdin=subprocess.DEVNULL, start_new_session=True)  # a terminal's Ctrl-C reaches the server, not it
        its.close()
        self.control = mine
        self.lock = threading.Lock()
        atexit.register(self.close)

    def alive(self) -> bool:
        return self.process.poll() is None

    def can_make(self, cmd: list[str], kwargs: dict[str, Any]) -> bool:
        """Whether a kernel started by ``cmd`` with Popen's ``kwargs`` is what this nursery's fork makes."""
        if cmd[:3] != [sys.executable, *LAUNCHER] or not self.alive():
            return False
        if kwargs.get("stdin") is not None or subprocess.PIPE in (kwargs.get("stdout"), kwargs.get("stderr")):
            return False
        return python_settings(kwargs.get("env") or os.environ) == self.settings

    async def fork(self, cmd: list[str], env: dict[str, str], cwd: str, stdout: Any = None, stderr: Any = None
                   ) -> ForkedKernel:
        """A kernel forked by the nursery, running ``cmd``'s arguments in ``env`` and ``cwd``, its output and errors
        sent where Popen's ``stdout`` and ``stderr`` would send them (None: the nursery's, which are the server's).
        The server's event loop runs on while the nursery answers (at its first kernel, once it has imported)."""
        ours, kernels = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        ours.setblocking(False)
        fds, opened = [kernels.fileno()], []
        streams = {}
        for name, stream in (("stdout", stdout), ("stderr", stderr)):
            if stream == subprocess.STDOUT:
                streams[name] = "stdout"
                continue
            if stream == subprocess.DEVNULL:
                stream = os.open(os.devnull, os.O_WRONLY)
                opened.append(stream)
            if stream is not None:
                streams[name] = len(fds)
                fds.append(stream if isinstance(stream, int) else stream.fileno())
        request = json.dumps({"argv": cmd[3:], "env": env, "cwd": cwd, "streams": streams}).encode()
        try:
            with self.lock:
                socket.send_fds(self.control, [request], fds)
        except OSError as exc:
            ours.close()
            raise NurseryGone(f"the kernel nursery is gone ({exc})") from exc
        finally:
            kernels.close()
            for fd in opened:
                os.close(fd)
        answer = await asyncio.get_running_loop().sock_recv(ours, MESSAGE)
        if not answer.startswith(b"pid "):
            ours.close()
            raise NurseryGone(answer.decode(errors="replace") or "the kernel nursery is gone")
        return ForkedKernel(int(answer.split()[1]), ours)

    def close(self) -> None:
        """Close the nursery's socket (it then ends, and its kernels) and wait for it."""
        self.control.close()
        try:
            self.process.wait(ENDING + 5)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


class ForkedKernel:
    """A kernel the nursery forked, seen as the local provisioner sees its ``Popen``: poll, wait, signals."""

    stdin = stdout = stderr = None

    def __init__(self, pid: int, channel: socket.socket) -> None:
        self.pid = pid
        self.returncode: int | None = None
        self.channel = channel  # the nursery says "exit <code>" on it once it has reaped the kernel

    def poll(self) -> int | None:
        if self.returncode is None:
            try:
                self.ended(self.channel.recv(MESSAGE, socket.MSG_DONTWAIT))
            except BlockingIOError:
                pass
        return self.returncode

    def wait(self, timeout: float | None = None) -> int:
        if self.returncode is None:
            with selectors.DefaultSelector() as ready:
                ready.register(self.channel, selectors.EVENT_READ)
                if not ready.select(timeout):
                    raise subprocess.TimeoutExpired(f"kernel {self.pid}", timeout or 0)
            self.ended(self.channel.recv(MESSAGE))
        return self.returncode

    def ended(self, said: bytes) -> None:
        # "exit <code>"; nothing when the nursery itself ended (it ends its kernels as it goes)
        self.returncode = int(said.split()[1]) if said.startswith(b"exit ") else -signal.SIGKILL
        self.channel.close()

    def send_signal(self, signum: int) -> None:
        if self.poll() is None:
            os.kill(self.pid, signum)

    def terminate(self) -> None:
        self.send_signal(signal.SIGTERM)

    def kill(self) -> None:
        self.send_signal(signal.SIGKILL)


_nursery: Nursery | None = None
_starting = threading.Lock()


def nursery() -> Nursery:
    """This process's nursery, started at its first kernel (and again if it ended)."""
    global _nursery
    with _starting:
        if _nursery is None or not _nursery.alive():
            _nursery = Nursery()
        return _nursery


class NurseryProvisioner(LocalProvisioner):
    """The local provisioner, with kernels forked by this server's nursery wherever the nursery makes the same."""

    async def launch_kernel(self, cmd: list[str], **kwargs: Any) -> KernelConnectionInfo:
        kwargs = {key: value for key, value in kwargs.items() if key not in ("extra_arguments", "kernel_id")}
        home = nursery()
        if not home.can_make(cmd, kwargs):
            return await super().launch_kernel(cmd, **kwargs)
        env = dict(kwargs.get("env") or os.environ)
        env["JPY_PARENT_PID"] = str(home.process.pid)  # the kernel ends if its nursery does
        try:
            self.process = await home.fork(cmd, env, str(kwargs.get("cwd") or os.getcwd()),
                                     kwargs.get("stdout"), kwargs.get("stderr"))
        except NurseryGone as gone:
            self.log.warning("Starting a kernel as a new process: %s", gone)
            return await super().launch_kernel(cmd, **kwargs)
        self.pid = self.pgid = self.process.pid  # each kernel leads a process group of its own, as Popen's would
        self.cwd = kwargs.get("cwd") or os.getcwd()
        return self.connection_info


def python_settings(env: Any) -> dict[str, str]:
    """The environment's settings of the Python interpreter itself (``PYTHONPATH``, ``PYTHONHASHSEED`` ...)."""
    return {key: value for key, value in env.items() if key.startswith("PYTHON")}


# --- The nursery process ---------------------------------------------------------------------------------------------

def main(control_fd: int) -> None:
    """Import what kernels import, then fork a kernel for each request on the control socket until it closes."""
    control = socket.socket(fileno=control_fd)
    # debugpy, imported with ipykernel's debugger, checks as it is imported whether Python's own modules are frozen
    # and warns that its breakpoints may miss them, which would land in the server's log once per server: the nursery
    # turns that check off for itself (a kernel's own environment replaces the nursery's after the fork).
    os.environ["PYDEVD_DISABLE_FILE_VALIDATION"] = "1"
    for name in PRELOADED:
        importlib.import_module(name)
    gc.freeze()  # what was imported stays out of the kernels' garbage collections: their pages stay shared
    if sys.path and sys.path[0] in ("", os.getcwd()):
        del sys.path[0]  # as ipykernel_launcher does: the kernel puts its own folder there
    wake_r, wake_w = os.pipe()
    for fd in (wake_r, wake_w):
        os.set_blocking(fd, False)
    signal.set_wakeup_fd(wake_w)
    signal.signal(signal.SIGCHLD, lambda *_: None)  # a kernel ended: wakes the loop below
    events = selectors.DefaultSelector()
    events.register(control, selectors.EVENT_READ)
    events.register(wake_r, selectors.EVENT_READ)
    kernels: dict[int, socket.socket] = {}
    while True:
        for key, _ in events.select():
            if key.fileobj is control:
                request, fds, _, _ = socket.recv_fds(control, MESSAGE, 3)
                if not request:  # the server has gone
                    end(kernels)
                    return
                channel = socket.socket(fileno=fds[0])
                keep = [control.fileno(), wake_r, wake_w, events.fileno(), *(k.fileno() for k in kernels.values())]
                try:
                    pid = fork(json.loads(request), fds, closing=keep + [channel.fileno()])
                except OSError as exc:
                    channel.send(f"The kernel could not be forked: {exc}".encode())
                    channel.close()
                    continue
                finally:
                    for fd in fds[1:]:
                        os.close(fd)
                kernels[pid] = channel
                channel.send(f"pid {pid}".encode())
            else:
                while os.read(wake_r, 512) == 512:
                    pass
                reap(kernels)


def fork(request: dict[str, Any], fds: list[int], closing: list[int]) -> int:
    """Fork a kernel for ``request`` (its arguments, environment, folder, and which of ``fds`` are its output and error
    streams); its pid, once it leads its own session."""
    ready_r, ready_w = os.pipe()
    pid = os.fork()
    if pid:
        os.close(ready_w)
        os.read(ready_r, 1)  # the kernel has called setsid (or died): signals to its group now reach it alone
        os.close(ready_r)
        return pid
    code = 1
    try:
        os.close(ready_r)
        signal.set_wakeup_fd(-1)
        for signum in (signal.SIGCHLD, signal.SIGINT, signal.SIGTERM):
            signal.signal(signum, signal.SIG_DFL)
        for fd in closing:
            os.close(fd)
        os.setsid()
        name_process(KERNEL)
        stdin = os.open(os.devnull, os.O_RDONLY)
        os.dup2(stdin, 0)
        os.close(stdin)
        streams = request["streams"]
        for number, name in ((1, "stdout"), (2, "stderr")):
            if name in streams:
                os.dup2(1 if streams[name] == "stdout" else fds[streams[name]], number)
        for fd in fds[1:]:
            os.close(fd)
        os.chdir(request["cwd"])
        os.environ.clear()
        os.environ.update(request["env"])
        # ipykernel read JPY_PARENT_PID as the nursery imported it: the kernel is told its parent (the nursery)
        argv = [*request["argv"], f"--IPKernelApp.parent_handle={os.environ.get('JPY_PARENT_PID') or 0}"]
        sys.argv = [importlib.util.find_spec("ipykernel_launcher").origin, *request["argv"]]
        os.write(ready_w, b"1")
        os.close(ready_w)
        from ipykernel import kernelapp

        kernel = kernelapp.IPKernelApp.instance()
        kernel.initialize(argv)
        in_the_kernel()
        kernel.start()
        code = 0
    except SystemExit as exit_:
        code = exit_.code if isinstance(exit_.code, int) else int(exit_.code is not None)
    except BaseException:  # noqa: BLE001 (a kernel's end: said on its error stream, as Python would)
        traceback.print_exc()
    finally:
        try:
            atexit._run_exitfuncs()  # what a kernel's own process would run as it exits (its history, ...)
            sys.stdout.flush()
            sys.stderr.flush()
        finally:
            os._exit(code)


def name_process(name: str) -> None:
    """Give this process ``name`` (Linux's ``PR_SET_NAME``), where the system allows it."""
    try:
        ctypes.CDLL(None, use_errno=True).prctl(15, name.encode(), 0, 0, 0)
    except (OSError, AttributeError):
        pass


def in_the_kernel() -> None:
    """What the nursery's modules do as they are imported in a running kernel, and did not do in the nursery, which
    has none: ipywidgets registers the widgets' comm targets (without them a page's widgets never load)."""
    if "ipywidgets" in sys.modules:
        sys.modules["ipywidgets"].register_comm_target()


def reap(kernels: dict[int, socket.socket]) -> None:
    """Wait for every kernel that ended and tell its server its exit code."""
    while True:
        try:
            pid, status = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if not pid:
            return
        channel = kernels.pop(pid, None)
        if channel is not None:
            try:
                channel.send(f"exit {os.waitstatus_to_exitcode(status)}".encode())
            except OSError:
                pass  # the server no longer listens
            channel.close()


def end(kernels: dict[int, socket.socket]) -> None:
    """The server has gone: end its kernels (SIGTERM, then SIGKILL after ``ENDING`` s) and wait for them."""
    import time

    for pid in kernels:
        try:
            os.killpg(pid, signal.SIGTERM)
        except OSError:
            pass
    deadline = time.monotonic() + ENDING
    while kernels and time.monotonic() < deadline:
        reap(kernels)
        time.sleep(0.05)
    for pid in list(kernels):
        try:
            os.killpg(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
        except OSError:
            pass
        kernels.pop(pid).close()


if __name__ == "__main__":
    main(int(sys.argv[1]))
