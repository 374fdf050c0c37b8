"""Every notebook's outputs, checked as nbval runs it (``pytest --nbval-lax notebooks``): sentences, tables, logs and
boards, never a Python repr, a print, a traceback or a board that fell back to its text
(``tests/support/notebook_outputs.py`` says how an output is read); in a Japanese notebook, no English word.

The pages (each game's dashboard and first game, the class's, the auction's, the tables' and the puzzles' pages, the
game with advice) are not run by nbval: the browser tests open each of them in Voilà, which runs it the same way,
and check what it shows."""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

import pytest
from support.notebook_outputs import problems_of, words_read
from support.reading import latin_words

JAPANESE = ".ja.ipynb"  # a notebook in Japanese (tools/notebook_language.py): its outputs hold no English word
# What a Japanese notebook's outputs may show in Latin letters: the seats' names, and the nicknames of the class
# auction's sample file that lesson 5 reads (nothing else: a game word, a unit, a heading is said in Japanese)
SAMPLE = Path(__file__).parent / "notebooks/medici/lessons/data/class-auction-sample.csv"
NAMES = ("Ada", "Ben", "Cleo", "Dan", *{row.split(",")[3] for row in SAMPLE.read_text().splitlines()[1:]})

collect_ignore_glob = ["notebooks/*/play.ipynb", "notebooks/*/first-game*.ipynb", "notebooks/class/*.ipynb",
                       "notebooks/auction/*.ipynb", "notebooks/tables/*.ipynb", "notebooks/puzzles*.ipynb",
                       "notebooks/medici/lessons/play-with-advice*.ipynb"]


_SOCKETS: list[str] = []


def pytest_configure(config):
    """The kernels nbval starts talk to it over Unix sockets in a folder of this test process, as the Voila servers'
    kernels do in the browser tests (``--KernelManager.transport=ipc``), not over TCP ports: a port found free and then
    taken by another process before the kernel binds it kills the kernel as it starts ("Kernel died before replying
    to kernel_info": every cell of a notebook failed so in a fresh clone's run, while the other test process ran the
    browser tests). nbval makes its kernel managers itself, with no configuration: it is given a kind that says so.
    Its kernels are forked from a kernel nursery (``deploy/kernel_nursery.py``), as the servers' pages are."""
    import nbval.kernel
    from jupyter_client.manager import KernelManager
    from jupyter_client.provisioning import KernelProvisionerFactory
    from traitlets import default

    from deploy.kernel_nursery import NAME as NURSERY

    folder = tempfile.mkdtemp(prefix="nbval-kernels-")
    _SOCKETS.append(folder)

    class UnixSocketKernelManager(KernelManager):
        @default("transport")
        def _unix_sockets(self) -> str:
            return "ipc"

        @default("ip")
        def _in_the_folder(self) -> str:
            return str(Path(folder) / "kernel")  # the sockets: kernel-1, kernel-2, ... (one kernel at a time)

    nbval.kernel.KernelManager = UnixSocketKernelManager
    # Each notebook's kernel is forked from this test process's kernel nursery, as a page's is from the server's
    KernelProvisionerFactory.instance().default_provisioner_name = NURSERY


def pytest_unconfigure(config):
    for folder in _SOCKETS:
        shutil.rmtree(folder, ignore_errors=True)


def pytest_collection_modifyitems(items):
    """The order ``make test`` gives its two processes the test files (each file whole on one of them): first the
    notebooks (so that no kernel nbval starts shares the machine with the hub's servers and the browser tests' pages:
    once, a notebook's kernel died as it started beside them), then the rules, widgets and class-store tests, then the
    hub's and the browser's. A process that has
    driven Chromium keeps Playwright's event loop running in its main thread, where a test of code that runs without
    a loop would find one. Among the browser's, the longest first, so that neither process is left with one at the
    end: the hub's files and the files of whole games (``long`` on the module), then the files with a long test."""

    def rank(item) -> int:
        marks = getattr(getattr(item, "module", None), "pytestmark", [])
        names = {mark.name for mark in (marks if isinstance(marks, list) else [marks])}
        if str(item.fspath).endswith(".ipynb"):
            return 0
        if not (item.get_closest_marker("browser") or item.get_closest_marker("hub")):
            return 1
        if names & {"long", "hub"}:
            return 2
        return 3 if item.get_closest_marker("long") else 4

    items.sort(key=rank)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item):
    """After nbval has run a notebook's cell: its outputs as a reader sees them, or the cell fails."""
    result = yield
    outputs = getattr(item, "test_outputs", None)
    if outputs:
        found = [problem for output in outputs for problem in problems_of(output)]
        assert not found, f"{item.name} shows what a reader should never see: {found}"
        if str(item.fspath).endswith(JAPANESE):
            english = latin_words([("output", line) for output in outputs for line in words_read(output)], NAMES)
            assert not english, f"{item.name} of a Japanese notebook shows English: {english}"
    return result
