"""The class server that `make play` runs: Voilà on ``notebooks/``, the addresses to open, and a log that keeps
to what a teacher needs.

It prints the addresses, starts Voilà (the play notebooks with a pre-heated kernel, the settings of
``notebooks/.voila/voila.py``) and reads its output: a page opened, closed or refused, an error and the warnings a
teacher can act on pass; the rest (kernels started, connection files, the notebook-trust and plain-TCP warnings that
every page repeats) does not. Once every dashboard has its pre-heated kernel, the addresses are printed again, so that
they stand at the bottom of the terminal when the class may start.

``BOARDGAMES_PRE_HEAT`` (games' names, comma-separated: ``medici,medina``) pre-heats those dashboards alone, and the
addresses come again once theirs are ready; unset, every dashboard is (a machine short of memory, or a test that
opens one dashboard, may want fewer kernels waiting).

Usage: python -m deploy.serve --host 127.0.0.1 --port 8866 [--address NAME]
"""

from __future__ import annotations

import argparse
import os
import re
import signal
import subprocess
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path

import boardgames

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
PRE_HEATED = r"^(?!.*play\.ipynb$)"  # the preheat deny list: every notebook but the dashboards
PRE_HEAT = "BOARDGAMES_PRE_HEAT"  # the games whose dashboards are pre-heated (unset: every one)

# Lines a teacher can do nothing about, said again for every page or kernel.
NOISE = (
    re.compile(r"Notebook .* is not trusted"),
    re.compile(r"Kernel is running over TCP without encryption"),
)
SHOWN = re.compile(r"Page (opened|closed|refused)|\b(WARNING|ERROR|CRITICAL)\b|Traceback|Error\b")
POOL_FILLED = re.compile(r"Kernel pool of (\S+) is filled")


def dashboards() -> list[str]:
    """The dashboards' notebooks, relative to ``notebooks/`` (``medici/play.ipynb``, ...)."""
    return sorted(str(p.relative_to(NOTEBOOKS)) for p in NOTEBOOKS.glob("*/play.ipynb"))


def pre_heated() -> list[str]:
    """The dashboards whose kernels are pre-heated: those of the games ``BOARDGAMES_PRE_HEAT`` names, else every one.
    ValueError, naming the setting, for a name that is no dashboard's game."""
    games = [name.strip() for name in os.environ.get(PRE_HEAT, "").split(",") if name.strip()]
    known = {path.split("/")[0]: path for path in dashboards()}
    if unknown := [name for name in games if name not in known]:
        raise ValueError(f"{PRE_HEAT} names games with a dashboard ({', '.join(sorted(known))}), not {unknown}")
    return [known[name] for name in sorted(set(games))] if games else dashboards()


def preheat_denylist(paths: list[str]) -> str:
    """Voilà's preheat deny list that pre-heats the notebooks ``paths`` (relative to ``notebooks/``) and no other."""
    if sorted(paths) == dashboards():
        return PRE_HEATED
    return rf"^(?!.*(?:{'|'.join(re.escape(path) for path in paths)})$)"


def addresses(base: str) -> list[tuple[str, str]]:
    """(what, address) of every page a teacher hands out, ``base`` being ``http://host:port``."""
    render = f"{base}/voila/render"
    pages = [(f"Play {boardgames.GAMES[path.split('/')[0]].NAME}:", f"{render}/{path}") for path in dashboards()]
    pages.append(("Medici with advice:", f"{render}/medici/lessons/play-with-advice.ipynb"))
    pages.append(("Puzzles from real games:", f"{render}/puzzles.ipynb"))
    pages.append(("The class page (the teacher's):", f"{render}/class/teacher.ipynb"))
    pages.append(("The students' class page:", f"{render}/class/student.ipynb"))
    pages.append(("Class auction, the teacher's page:", f"{render}/auction/teacher.ipynb"))
    pages.append(("Class auction, the students' page:", f"{render}/auction/student.ipynb"))
    pages.append(("A seat at a classmate's table:", f"{render}/tables/table.ipynb"))
    pages.append(("The open tables (of no class):", f"{render}/tables/overview.ipynb"))
    pages.append(("All notebooks:", f"{render}/index.ipynb"))
    pages.append(("All notebooks, in Japanese:", f"{render}/index.ja.ipynb"))
    return pages


def address_lines(base: str, heading: str) -> list[str]:
    return ["", f"  {heading}", ""] + [f"  {what:<36} {url}" for what, url in addresses(base)] + [""]


def voila_command(host: str, port: int) -> list[str]:
    return [sys.executable, "-m", "voila", str(NOTEBOOKS), "--no-browser", f"--Voila.ip={host}", f"--port={port}",
            "--Voila.port_retries=0", "--preheat_kernel=True",
            f"--VoilaKernelManager.preheat_denylist={preheat_denylist(pre_heated())}",
            f"--Voila.config_file_paths={NOTEBOOKS / '.voila'}"]


def teachers_log(lines: Iterable[str], ready: list[str], heated: list[str] | None = None) -> Iterator[str]:
    """The lines of Voilà's output a teacher should read, with ``ready`` (the addresses again) once the kernel pool of
    every dashboard pre-heated (``heated``, default ``pre_heated()``) is filled. An error's traceback follows it
    whole."""
    waiting = set(pre_heated() if heated is None else heated)
    in_error = False
    for line in lines:
        line = line.rstrip("\n")
        if filled := POOL_FILLED.search(line):
            if waiting and filled.group(1) in waiting:
                waiting.discard(filled.group(1))
                if not waiting:
                    yield from ready
            continue
        if any(noise.search(line) for noise in NOISE):
            in_error = False
            continue
        if line.startswith("["):
            in_error = bool(re.search(r"\b(ERROR|CRITICAL)\b", line))
            if SHOWN.search(line):
                yield line
        elif in_error or SHOWN.search(line):
            yield line


def main() -> None:
    parser = argparse.ArgumentParser(description="Serve the notebooks and dashboards for a class.")
    parser.add_argument("--host", default="127.0.0.1", help="the interface to serve (0.0.0.0: every network)")
    parser.add_argument("--port", type=int, default=8866)
    parser.add_argument("--address", default=None, help="the machine's name in the printed addresses")
    args = parser.parse_args()
    try:
        heated = pre_heated()
    except ValueError as wrong:
        sys.exit(str(wrong))
    base = f"http://{args.address or args.host}:{args.port}"
    print("\n".join(address_lines(base, "Open one of these addresses in a browser (stop the server with Ctrl-C):")),
          flush=True)
    print("  Starting the server ...", flush=True)
    ready = address_lines(base, "The server is ready. Open one of these addresses in a browser (Ctrl-C stops it):")
    # the pages' kernels build the links they hand out (a classmate's seat) from the name students use
    env = {**os.environ, "BOARDGAMES_BASE": base}
    voila = subprocess.Popen(voila_command(args.host, args.port), stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                             text=True, bufsize=1, env=env)
    signal.signal(signal.SIGINT, signal.default_int_handler)  # Ctrl-C, even where a shell ignored it
    signal.signal(signal.SIGTERM, signal.default_int_handler)
    try:
        for line in teachers_log(voila.stdout, ready, heated):
            print(line, flush=True)
    except KeyboardInterrupt:  # Ctrl-C or a stop: Voilà stops on SIGTERM and shuts its kernels down
        voila.terminate()
    finally:
        try:
            code = voila.wait(timeout=30)
        except subprocess.TimeoutExpired:
            voila.kill()
            code = voila.wait()
    print("  The server has stopped.", flush=True)
    sys.exit(0 if code in (0, -signal.SIGINT, -signal.SIGTERM) else code)


if __name__ == "__main__":
    main()
