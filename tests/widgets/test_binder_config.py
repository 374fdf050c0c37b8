"""Binder reads binder/: the pinned Jupyter stack (the same pins as pyproject.toml), the project itself,
and Python 3.11; and the Dockerfile repo2docker (a dev dependency) writes for it, without Docker, is checked."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
BINDER = ROOT / "binder"


def requirement_lines() -> list[str]:
    lines = (BINDER / "requirements.txt").read_text().splitlines()
    return [line.strip() for line in lines if line.strip() and not line.lstrip().startswith("#")]


def test_runtime_is_python_3_11():
    assert (BINDER / "runtime.txt").read_text().strip() == "python-3.11"


def test_requirements_pin_the_same_stack_as_the_project_and_install_it():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert sorted(line for line in requirement_lines() if line != ".") == sorted(project["dependencies"])
    assert "." in requirement_lines()
    for name in ("voila", "bqplot", "ipywidgets", "jupyterlab"):
        assert any(line.startswith(f"{name}==") for line in requirement_lines())


def test_the_launch_targets_exist():
    assert (ROOT / "notebooks" / "index.ipynb").exists()
    assert (ROOT / "notebooks" / "medici" / "play.ipynb").exists()


def _repo2docker() -> str | None:
    found = os.environ.get("REPO2DOCKER") or shutil.which("repo2docker")
    local = Path(sys.executable).with_name("repo2docker")
    return found or (str(local) if local.exists() else None)


def test_repo2docker_would_build_it():
    exe = _repo2docker()
    assert exe is not None, "jupyter-repo2docker, a dev dependency, is missing: run `make setup` again"
    out = subprocess.run([exe, "--no-build", "--no-run", "--debug", str(ROOT)], capture_output=True, text=True,
                         timeout=300)
    assert out.returncode == 0, out.stderr[-2000:]
    dockerfile = out.stdout + out.stderr
    assert "python=3.11" in dockerfile or "python-3.11" in dockerfile
    install = dockerfile.index('pip install --no-cache-dir -r "binder/requirements.txt"')
    assert dockerfile.index("COPY --chown=0:0 src/ ${REPO_DIR}/") < install  # the project is there to install
