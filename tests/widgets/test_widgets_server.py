"""The class server's log (``deploy.serve``): a teacher reads pages opened and closed, errors whole and the
addresses again once every dashboard is ready; the lines repeated for every kernel do not reach the terminal."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from deploy.serve import PRE_HEAT, addresses, dashboards, pre_heated, preheat_denylist, teachers_log

VOILA_START = [
    "[Voila] Using /tmp to store connection files",
    "[Voila] Voilà is running at:",
    "http://127.0.0.1:8866/",
    "[Voila] WARNING | Notebook medici/play.ipynb is not trusted",
    "[Voila] Kernel started: 0cc270ea-4ede-4004-b8c6-fd160d69b824",
    "[IPKernelApp] WARNING | Kernel is running over TCP without encryption. All communication ...",
]


def pools_filled() -> list[str]:
    return [f"[Voila] Kernel pool of {path} is filled with 1 kernel(s)" for path in dashboards()]


def test_the_start_of_voila_shows_nothing_and_the_addresses_come_again_when_every_pool_is_filled():
    shown = list(teachers_log([*VOILA_START, *pools_filled()[:-1]], ready=["READY"]))
    assert shown == []
    assert list(teachers_log([*VOILA_START, *pools_filled(), *pools_filled()], ready=["READY"])) == ["READY"]


def test_pages_opened_and_closed_and_an_error_with_its_traceback_are_shown():
    lines = [
        "[Voila] Page opened: medici/play.ipynb (from 10.0.0.7)",
        "[Voila] WARNING | Notebook medici/play.ipynb is not trusted",
        "[Voila] ERROR | Uncaught exception GET /voila/render/medici/play.ipynb",
        "Traceback (most recent call last):",
        '  File "x.py", line 1, in <module>',
        "ValueError: broken",
        "[Voila] Kernel started: 1234",
        "[Voila] Page closed (from 10.0.0.7): its kernel is shut down",
    ]
    assert list(teachers_log(lines, ready=[])) == [lines[0], *lines[2:6], lines[7]]


def test_the_addresses_name_every_dashboard_by_its_game_and_the_landing_page():
    pages = dict(addresses("http://school:9000"))
    assert pages["Play Medici:"] == "http://school:9000/voila/render/medici/play.ipynb"
    assert pages["Play Foundations of Metropolis:"] == "http://school:9000/voila/render/metropolis/play.ipynb"
    assert pages["All notebooks:"] == "http://school:9000/voila/render/index.ipynb"
    assert pages["All notebooks, in Japanese:"] == "http://school:9000/voila/render/index.ja.ipynb"
    assert pages["The class page (the teacher's):"] == "http://school:9000/voila/render/class/teacher.ipynb"
    notebooks = Path(__file__).resolve().parents[2] / "notebooks"
    assert all((notebooks / a.split("/voila/render/")[1]).is_file() for a in pages.values())


def test_every_dashboard_is_pre_heated_unless_the_setting_names_the_games_whose_are(monkeypatch):
    monkeypatch.delenv(PRE_HEAT, raising=False)
    assert pre_heated() == dashboards()
    monkeypatch.setenv(PRE_HEAT, " medina, medici ")
    assert pre_heated() == ["medici/play.ipynb", "medina/play.ipynb"]
    denied = re.compile(preheat_denylist(pre_heated()))  # Voila pre-heats a notebook its deny list does not match
    assert not denied.match("medici/play.ipynb") and not denied.match("medina/play.ipynb")
    assert denied.match("metropolis/play.ipynb") and denied.match("medici/01-setup.ipynb")
    pools = [f"[Voila] Kernel pool of {path} is filled with 1 kernel(s)" for path in pre_heated()]
    assert list(teachers_log(pools, ready=["READY"], heated=pre_heated())) == ["READY"]


def test_a_game_with_no_dashboard_in_the_setting_is_refused_by_name(monkeypatch):
    monkeypatch.setenv(PRE_HEAT, "medici,chess")
    with pytest.raises(ValueError, match="BOARDGAMES_PRE_HEAT .*not \\['chess'\\]"):
        pre_heated()
