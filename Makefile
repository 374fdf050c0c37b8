# The README's commands. `make test` sets up a fresh machine (venv, packages) and runs every test;
# `make play` (arriving with the dashboard) serves the notebooks.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: setup test lint bench clean

setup: $(STAMP)

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

test: $(STAMP)
	$(PY) -m ruff check boardgames tests benchmarks
	$(PY) -m pytest

bench: $(STAMP)
	$(PY) benchmarks/playouts.py
	$(PY) benchmarks/bots.py

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis
