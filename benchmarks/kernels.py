"""A page's kernel started as a new process (jupyter_client's local provisioner) against one forked by the kernel
nursery (deploy/kernel_nursery.py): the time to a page's first board, the processor time each kernel costs, and the
memory the kernels hold together.

For each way, in a process of its own: starts ``--kernels`` kernels one after the other, each running what a
dashboard's first cell runs (``widgets.dashboard.dashboard("medici")``, its board drawn), keeps them all running,
reads their memory (``/proc/<pid>/smaps_rollup``: RSS, and PSS, which shares a page among the processes that hold
it), then shuts them down. The processor time is that of the kernels and, for the nursery, of the nursery itself
(its start included), as ``time`` counts it: the children's, once they are waited for.

Prints a table, the two ways side by side; exits with 1 when a kernel fails to draw its board.

Usage: python benchmarks/kernels.py [--kernels 8]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PAGE = "from widgets.dashboard import dashboard\napp = dashboard('medici')\nprint(type(app).__name__)"


def one_way(provisioner: str, kernels: int) -> dict:
    """Start ``kernels`` kernels with ``provisioner``; what they cost (run in a process of its own)."""
    from jupyter_client.manager import KernelManager
    from jupyter_client.provisioning import KernelProvisionerFactory

    KernelProvisionerFactory.instance().default_provisioner_name = provisioner
    sockets = tempfile.mkdtemp(prefix="bench-kernels-")
    running, waits = [], []
    for _ in range(kernels):
        began = time.perf_counter()
        manager = KernelManager(kernel_name="python3", transport="ipc", ip=f"{sockets}/kernel")
        manager.start_kernel(cwd=str(ROOT / "notebooks" / "medici"))
        client = manager.client()
        client.start_channels()
        client.wait_for_ready(timeout=120)
        said: list[str] = []
        reply = client.execute_interactive(PAGE, timeout=120, output_hook=lambda msg, said=said: said.append(
            msg["content"].get("text", "")) if msg["msg_type"] == "stream" else None)
        waits.append(time.perf_counter() - began)
        if reply["content"]["status"] != "ok" or not "".join(said).strip():
            raise SystemExit(f"a kernel did not draw the board: {reply['content']}")
        running.append((manager, client))
    memory = [smaps(manager.provisioner.pid) for manager, _ in running]
    for manager, client in running:
        client.stop_channels()
        manager.shutdown_kernel(now=False)
    if provisioner != "local-provisioner":
        from deploy import kernel_nursery

        kernel_nursery.nursery().close()
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return {"waits": waits, "cpu": used.ru_utime + used.ru_stime,
            "rss": sum(m["Rss"] for m in memory), "pss": sum(m["Pss"] for m in memory)}


def smaps(pid: int) -> dict[str, int]:
    """kB of a process's memory: ``Rss`` and ``Pss``."""
    fields = {}
    for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines()[1:]:
        name, value = line.split(":")
        fields[name] = int(value.split()[0])
    return fields


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--kernels", type=int, default=8)
    parser.add_argument("--way", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.way:
        print(json.dumps(one_way(args.way, args.kernels)))
        return
    results = {}
    for way in ("local-provisioner", "boardgames-nursery"):
        done = subprocess.run([sys.executable, __file__, "--kernels", str(args.kernels), "--way", way], cwd=ROOT,
                              capture_output=True, text=True, env=dict(os.environ, PYTHONWARNINGS="ignore"))
        if done.returncode:
            print(done.stdout, done.stderr, file=sys.stderr)
            raise SystemExit(1)
        results[way] = json.loads(done.stdout.strip().splitlines()[-1])
    n = args.kernels
    print(f"{n} kernels, one after the other, each drawing a Medici dashboard, then all running at once\n")
    print(f"{'':34} {'new process':>12} {'nursery':>12} {'ratio':>7}")
    rows = [
        ("to the board, median (s)", lambda r: statistics.median(r["waits"])),
        ("to the board, first kernel (s)", lambda r: r["waits"][0]),
        ("processor time a kernel (s)", lambda r: r["cpu"] / n),
        ("memory a kernel, RSS (MB)", lambda r: r["rss"] / n / 1024),
        ("memory a kernel, PSS (MB)", lambda r: r["pss"] / n / 1024),
    ]
    for name, value in rows:
        old, new = value(results["local-provisioner"]), value(results["boardgames-nursery"])
        print(f"{name:34} {old:12.2f} {new:12.2f} {new / old:7.2f}")
    print("\n(the nursery's processor time includes its own start, once for all the kernels)")


if __name__ == "__main__":
    main()
