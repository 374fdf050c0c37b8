"""The kernel nursery (deploy/kernel_nursery.py): a page's kernel forked from a process that has imported the kernel,
the widgets and the games, and otherwise the kernel a new process would be."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
from jupyter_client.manager import KernelManager
from jupyter_client.provisioning import KernelProvisionerFactory

from deploy import kernel_nursery
from deploy.kernel_nursery import NAME, NurseryProvisioner

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def kernels(tmp_path_factory):
    """Start kernels with the nursery's provisioner, as a server configured for it does; shut them down after."""
    factory = KernelProvisionerFactory.instance()
    chosen = factory.default_provisioner_name
    factory.default_provisioner_name = NAME
    started: list[tuple[KernelManager, object]] = []
    sockets = tmp_path_factory.mktemp("sockets")

    def start(env: dict[str, str] | None = None, cwd: str | None = None, **streams):
        manager = KernelManager(kernel_name="python3", transport="ipc", ip=str(sockets / "kernel"))
        manager.start_kernel(env=dict(os.environ, **(env or {})), cwd=cwd, **streams)
        client = manager.client()
        client.start_channels()
        client.wait_for_ready(timeout=60)
        started.append((manager, client))
        return manager, client

    yield start
    for manager, client in started:
        client.stop_channels()
        if manager.is_alive():
            manager.shutdown_kernel(now=True)
    factory.default_provisioner_name = chosen


def said(client, code: str) -> str:
    """What ``code`` printed in the kernel."""
    lines: list[str] = []
    reply = client.execute_interactive(code, timeout=60, output_hook=lambda msg: lines.append(
        msg["content"].get("text", "")) if msg["msg_type"] == "stream" else None)
    assert reply["content"]["status"] == "ok", reply["content"]
    return "".join(lines).strip()


def test_a_forked_kernel_runs_in_its_pages_environment_and_folder_with_the_nursery_as_its_parent(kernels, tmp_path):
    manager, client = kernels(env={"QUERY_STRING": "lang=ja"}, cwd=str(tmp_path))
    assert isinstance(manager.provisioner, NurseryProvisioner)
    seen = said(client, "import os, sys; print(os.environ['QUERY_STRING'], os.getcwd(), os.getppid(), "
                        "'widgets' in sys.modules)")
    assert seen.split() == ["lang=ja", str(tmp_path), str(kernel_nursery.nursery().process.pid), "True"]
    assert manager.provisioner.pgid == manager.provisioner.pid  # its own process group, as a new process's
    assert Path(f"/proc/{manager.provisioner.pid}/comm").read_text().strip() == kernel_nursery.KERNEL  # ps, pgrep


def test_a_forked_kernels_own_output_and_errors_go_where_its_server_sends_them(kernels, tmp_path):
    with open(tmp_path / "out", "w") as out, open(tmp_path / "err", "w") as err:
        manager, client = kernels(stdout=out, stderr=err)
    assert isinstance(manager.provisioner.process, kernel_nursery.ForkedKernel)
    said(client, "import os; os.write(1, b'to the output'); os.write(2, b'to the errors')")
    assert "to the output" in (tmp_path / "out").read_text()
    assert "to the errors" in (tmp_path / "err").read_text()


def test_an_interrupt_reaches_a_forked_kernel_and_its_end_is_told_with_its_exit_code(kernels):
    manager, client = kernels()
    client.execute("import time; time.sleep(60)")
    time.sleep(0.5)
    manager.interrupt_kernel()
    reply = client.get_shell_msg(timeout=30)
    assert reply["content"]["status"] == "error" and reply["content"]["ename"] == "KeyboardInterrupt"
    process = manager.provisioner.process
    manager.shutdown_kernel(now=False)
    assert not manager.is_alive()
    assert process.returncode == 0


def test_a_restarted_kernel_is_forked_again_and_forgets_what_it_held(kernels):
    manager, client = kernels()
    said(client, "held = 1")
    before = manager.provisioner.pid
    manager.restart_kernel(now=True)
    client.wait_for_ready(timeout=60)
    assert manager.provisioner.pid != before
    assert said(client, "print('held' in globals())") == "False"


def test_each_forked_kernel_draws_its_own_random_numbers(kernels):
    draws = {said(kernels()[1], "import random; print(random.random())") for _ in range(3)}
    assert len(draws) == 3


def test_a_kernel_with_other_python_settings_is_started_as_a_new_process_and_sees_what_a_forked_one_sees(kernels):
    manager, client = kernels(env={"PYTHONHASHSEED": "7"})
    assert said(client, "import os; print(os.getppid())") == str(os.getpid())
    assert not isinstance(manager.provisioner.process, kernel_nursery.ForkedKernel)
    forked = kernels()[1]
    view = ("import sys, ipywidgets; print(sys.path, sys.argv[0], sys.argv[1], __name__, "
            "sys.modules['__main__'].__name__, sorted(get_ipython().kernel.comm_manager.targets))")
    assert said(forked, view) == said(client, view)


def test_the_nursery_and_its_kernels_end_when_their_server_is_killed(tmp_path):
    """A server killed outright (no shutdown of its kernels) leaves no nursery and no kernel behind."""
    server = subprocess.Popen([sys.executable, "-c", textwrap.dedent(f"""
        from jupyter_client.manager import KernelManager
        from jupyter_client.provisioning import KernelProvisionerFactory
        from deploy import kernel_nursery
        KernelProvisionerFactory.instance().default_provisioner_name = {NAME!r}
        manager = KernelManager(kernel_name="python3", transport="ipc", ip={str(tmp_path / "k")!r})
        manager.start_kernel()
        manager.client().wait_for_ready(timeout=60)
        print(kernel_nursery.nursery().process.pid, manager.provisioner.pid, flush=True)
        input()
    """)], cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    nursery, kernel = (int(pid) for pid in server.stdout.readline().split())
    assert alive(nursery) and alive(kernel)
    server.send_signal(signal.SIGKILL)
    server.wait()
    deadline = time.monotonic() + 20
    while (alive(nursery) or alive(kernel)) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not alive(kernel) and not alive(nursery)


def alive(pid: int) -> bool:
    """Whether process ``pid`` runs (a zombie waiting for its parent does not)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False
