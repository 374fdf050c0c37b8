"""The pages a client and a server may hold (deploy.page_limits): counted per client and in all, refused past a cap
with the page's sentence, freed when a page's kernel is shut down or gone."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace

import pytest
from jupyter_server.base.call_context import CallContext
from tornado import web

from deploy.page_limits import (
    FULL,
    MEMORY_FLOOR,
    PAGES_PER_CLIENT,
    PAGES_TOTAL,
    TOO_MANY,
    PageCounts,
    PageLimitedKernelManager,
    Refused,
    available_mb,
    default_floor,
    pages_setting,
    refusal,
)


def test_a_client_is_refused_past_its_cap_and_the_others_are_not():
    pages = PageCounts(per_client=2, total=10)
    pages.take("k1", "10.0.0.7")
    pages.take("k2", "10.0.0.7")
    with pytest.raises(Refused) as refused:
        pages.take("k3", "10.0.0.7")
    assert (refused.value.cap, refused.value.pages) == ("client", 2)
    pages.take("k4", "10.0.0.8")
    assert (pages.held("10.0.0.7"), pages.held("10.0.0.8"), pages.held()) == (2, 1, 3)  # the refused one not counted


def test_the_server_is_full_at_its_total_whoever_asks():
    pages = PageCounts(per_client=2, total=3)
    for key, client in (("k1", "a"), ("k2", "a"), ("k3", "b")):
        pages.take(key, client)
    for client in ("b", "c", None):  # a client under its cap, a new one, a kernel asked for outside a request
        with pytest.raises(Refused) as refused:
            pages.take("k4", client)
        assert (refused.value.cap, refused.value.pages) == ("total", 3)


def test_a_page_given_back_or_gone_frees_its_place():
    pages = PageCounts(per_client=1, total=2)
    pages.take("pool-1", "a")
    pages.rename("pool-1", "k1")  # a pre-heated kernel handed to the page: counted under its id from then on
    pages.give_back("pool-1")  # the old key is nothing any more
    assert pages.held("a") == 1
    pages.give_back("k1")  # the page closed
    pages.take("k2", "a")
    pages.take("k3", "b")
    pages.keep_only(["k3"])  # k2's kernel was culled, or died
    pages.take("k4", "a")
    assert pages.clients == {"k3": "b", "k4": "a"}


def test_no_cap_is_zero():
    pages = PageCounts(per_client=0, total=0)
    for n in range(50):
        pages.take(f"k{n}", "a")
    assert pages.held("a") == 50


def test_the_refusals_say_what_to_do_with_their_status():
    mine, full = refusal(Refused("client", 6), per_user=False), refusal(Refused("total", 120), per_user=False)
    assert mine.status_code == TOO_MANY and full.status_code == FULL
    assert mine.reason == ("This computer already has 6 pages of this server open: close one of them and open this "
                           "page again.")
    assert full.reason.startswith("The server is full (120 pages are open): close a page you no longer need")
    assert refusal(Refused("client", 6), per_user=True).reason.startswith("You already have 6 pages")
    assert refusal(Refused("client", 1), per_user=False).reason.startswith(
        "This computer already has a page of this server open: close it and")


def test_the_settings_come_from_the_environment(monkeypatch):
    monkeypatch.delenv(PAGES_PER_CLIENT, raising=False)
    monkeypatch.setenv(PAGES_TOTAL, "40")
    assert (pages_setting(PAGES_PER_CLIENT), pages_setting(PAGES_TOTAL)) == (6, 40)
    monkeypatch.setenv(PAGES_PER_CLIENT, "0")
    assert pages_setting(PAGES_PER_CLIENT) == 0
    monkeypatch.setenv(PAGES_PER_CLIENT, "six")
    with pytest.raises(ValueError, match=PAGES_PER_CLIENT):
        pages_setting(PAGES_PER_CLIENT)


def test_the_kernel_manager_counts_the_kernels_of_page_requests_and_frees_a_shut_one():
    """Real kernels, asked for as a page's request would (the request's handler in Jupyter Server's CallContext)."""

    async def scenario() -> list[object]:
        manager = PageLimitedKernelManager(pages_per_client=1, pages_total=2)
        seen: list[object] = []

        async def page(address: str) -> str | int:
            CallContext.set(CallContext.JUPYTER_HANDLER, SimpleNamespace(request=SimpleNamespace(
                remote_ip=address, path="/voila/render/medici/play.ipynb")))
            try:
                return await manager.start_kernel(kernel_name="python3")
            except web.HTTPError as refused:
                return refused.status_code

        try:
            first = await asyncio.create_task(page("10.0.0.7"))
            seen.append(await asyncio.create_task(page("10.0.0.7")))
            seen.append(await asyncio.create_task(page("10.0.0.8")) in manager)
            seen.append(await asyncio.create_task(page("10.0.0.9")))
            await manager.shutdown_kernel(first)
            seen.append(await asyncio.create_task(page("10.0.0.7")) in manager)
            seen.append(manager.pages.held())
        finally:
            await manager.shutdown_all()
        return seen

    assert asyncio.run(scenario()) == [TOO_MANY, True, FULL, True, 2]


def test_a_page_is_refused_while_the_machine_has_less_memory_than_its_floor():
    free = {"mb": 1400}
    pages = PageCounts(per_client=0, total=0, memory_floor=1500, available=lambda: free["mb"])
    with pytest.raises(Refused) as refused:
        pages.take("k1", "a")
    assert (refused.value.cap, refused.value.pages, pages.held()) == ("memory", 1400, 0)
    assert refusal(refused.value, per_user=True).status_code == FULL
    assert "memory is nearly all in use" in refusal(refused.value, per_user=True).reason
    free["mb"] = 1600  # a page elsewhere closed
    pages.take("k1", "a")
    assert pages.held("a") == 1


def test_the_machines_available_memory_is_read_from_meminfo(tmp_path):
    meminfo = tmp_path / "meminfo"
    meminfo.write_text("MemTotal:       24576000 kB\nMemFree:         1000000 kB\nMemAvailable:    2048000 kB\n")
    assert available_mb(str(meminfo)) == 2000
    assert available_mb(str(tmp_path / "none")) is None


def test_the_memory_floor_is_a_tenth_of_a_small_machines_memory_and_1500_mb_at_most(tmp_path, monkeypatch):
    monkeypatch.delenv(MEMORY_FLOOR, raising=False)
    meminfo = tmp_path / "meminfo"
    for total_kb, floor in ((8 * 1024 * 1024, 819), (24 * 1024 * 1024, 1500)):  # a laptop of 8 GB, a server of 24
        meminfo.write_text(f"MemTotal:       {total_kb} kB\nMemAvailable:    1000 kB\n")
        assert default_floor(str(meminfo)) == floor
    assert default_floor(str(tmp_path / "none")) == 1500
    monkeypatch.setenv(MEMORY_FLOOR, "700")
    assert pages_setting(MEMORY_FLOOR) == 700
