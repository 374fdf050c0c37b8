"""The one runner of a page's background work (``widgets.runtime.runner``), the poller built on it, and the one error
guard (``widgets.runtime.guard``): outside an event loop work happens at once; inside one, in a task, with the slow
part in the runner's own thread, and a bug in a task is handed to its owner."""

from __future__ import annotations

import asyncio
import logging
import threading

from widgets.runtime import poller
from widgets.runtime.address import page_address
from widgets.runtime.guard import guarded, keep_trace
from widgets.runtime.poller import Poller
from widgets.runtime.runner import Runner


def test_guarded_hands_an_exception_to_its_owner_and_returns_none():
    failures = []
    assert guarded(lambda x: 10 // x, failures.append)(2) == 5
    assert guarded(lambda x: 10 // x, failures.append)(0) is None
    assert [type(e) for e in failures] == [ZeroDivisionError]


def test_keep_trace_keeps_the_trace_in_every_list_and_the_log(caplog):
    first, second = [], []
    try:
        raise KeyError("lot")
    except KeyError as exc:
        with caplog.at_level(logging.ERROR):
            keep_trace(exc, logging.getLogger("test"), first, second)
    assert first == second and "KeyError: 'lot'" in first[0] and "KeyError" in caplog.text


def test_outside_an_event_loop_a_runner_works_at_once():
    assert not Runner("test", asynchronous=True).threaded
    assert not Runner("test").threaded  # not in a kernel


def test_inside_a_loop_a_runner_works_in_a_task_and_its_thread():
    failures, seen = [], []

    async def scenario():
        runner = Runner("slow", asynchronous=True, failed=failures.append)
        assert runner.threaded and not Runner("test", asynchronous=False).threaded

        async def work():
            seen.append(await runner.run(lambda: threading.current_thread().name))

        runner.start(work())
        assert runner.busy
        await asyncio.sleep(0.1)
        assert not runner.busy

        async def broken():
            raise ValueError("a bug")

        runner.start(broken())
        await asyncio.sleep(0.05)

        async def forever():
            await asyncio.sleep(10)

        runner.start(forever())
        await asyncio.sleep(0)
        runner.close()
        await asyncio.sleep(0.01)
        return runner.busy

    assert asyncio.run(scenario()) is False
    assert seen[0].startswith("slow") and [str(e) for e in failures] == ["a bug"]  # a cancel says nothing


def test_a_repeated_step_goes_on_after_a_failure():
    calls = []

    def step():
        calls.append(len(calls))
        if len(calls) == 1:
            raise RuntimeError("the store is busy")

    async def scenario():
        runner = Runner("poll", asynchronous=True)
        runner.repeat(0.01, step)
        await asyncio.sleep(0.1)
        runner.cancel()

    asyncio.run(scenario())
    assert len(calls) >= 3


def test_the_poller_refreshes_only_when_the_store_changed(monkeypatch):
    monkeypatch.setattr(poller, "POLL_SECONDS", 0.01)
    refreshed, changes = [], iter([False, True, False, True])

    Poller(lambda: refreshed.append(1)).start()  # outside a loop: nothing runs by itself
    assert refreshed == []

    async def scenario():
        looking = Poller(lambda: refreshed.append(1), lambda: next(changes, False))
        looking.start()
        await asyncio.sleep(0.1)
        looking.stop()

    asyncio.run(scenario())
    assert refreshed == [1, 1]


def test_an_address_handed_out_on_a_jupyterhub_opens_on_the_server_of_whoever_follows_it(monkeypatch):
    """On a hub the page is at /user/<name>/...: a join address there would be that user's server alone, so it goes
    through the hub's user-redirect; without a hub (``make play``) the address is the server's own."""
    monkeypatch.setenv("SCRIPT_NAME", "/user/teacher/voila/render/auction/teacher.ipynb")
    monkeypatch.setenv("BOARDGAMES_BASE", "http://127.0.0.1:8000")
    monkeypatch.setenv("JUPYTERHUB_SERVICE_PREFIX", "/user/teacher/")
    monkeypatch.setenv("JUPYTERHUB_BASE_URL", "/")
    assert page_address("auction/student", code="ABCDE") == (
        "http://127.0.0.1:8000/hub/user-redirect/voila/render/auction/student.ipynb?code=ABCDE")
    monkeypatch.delenv("JUPYTERHUB_SERVICE_PREFIX")
    monkeypatch.setenv("SCRIPT_NAME", "/voila/render/auction/teacher.ipynb")
    assert page_address("auction/student", code="ABCDE") == (
        "http://127.0.0.1:8000/voila/render/auction/student.ipynb?code=ABCDE")
