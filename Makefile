# The README's commands. `make test` sets up a fresh machine (venv, packages) and runs every test;
# `make play` sets up the same way, then serves the notebooks with Voila on 127.0.0.1 (the dashboard).
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
INSTALL_LOG := $(VENV)/install.log

PORT ?= 8866
# HOST=0.0.0.0 serves every network the machine is on (a class in one room); the addresses then name the machine.
HOST ?= 127.0.0.1
ADDRESS := $(if $(filter 0.0.0.0,$(HOST)),$(or $(firstword $(shell hostname -I 2>/dev/null)),$(shell hostname)),$(HOST))
# deploy/serve.py prints the addresses, serves notebooks/ with Voila (a pre-heated kernel for each play notebook,
# so a page shows its board in about 2 s; the settings of notebooks/.voila/voila.py make a closed page shut its
# kernel down and cull the kernels of pages gone silently) and keeps the log to what a teacher needs.

.PHONY: setup test lint bench clean play

setup: $(STAMP)

# One line while it installs; pip's output goes to $(INSTALL_LOG), named only when something fails.
$(STAMP): pyproject.toml
	@echo "Installing the packages into $(VENV) (a few minutes the first time) ..."
	@mkdir -p $(VENV)
	@{ $(PYTHON) -m venv $(VENV) && $(PY) -m pip install --quiet --upgrade pip \
		&& $(PY) -m pip install --quiet -e '.[dev]'; } >$(INSTALL_LOG) 2>&1 \
		|| { echo "The installation failed; what pip said is in $(INSTALL_LOG)"; exit 1; }
	@touch $(STAMP)

# The rules, widgets and class-store tests and the notebooks (nbval) run together on two processes (each test file,
# or notebook, whole on one of them); then the browser tests, also on two processes, each with its Voila server and
# Chromium (the files with whole games first; the ten slowest named).
test: $(STAMP)
	$(PY) -m ruff check boardgames widgets classroom deploy tests benchmarks
	$(PY) -m pytest -n 2 --dist loadfile -m "not browser" --nbval-lax tests notebooks
	$(PY) -m pytest -m browser -n 2 --dist loadfile --no-loadscope-reorder --durations=10

play: $(STAMP)
	@$(PY) -m deploy.serve --host $(HOST) --port $(PORT) --address $(ADDRESS)

bench: $(STAMP)
	$(PY) benchmarks/playouts.py
	$(PY) benchmarks/bots.py
	$(PY) benchmarks/medina.py
	$(PY) benchmarks/lessons.py
	$(PY) benchmarks/teaching.py
	$(PY) benchmarks/dashboard.py
	$(PY) benchmarks/dashboard.py --game medina
	$(PY) benchmarks/dashboard.py --game metropolis

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis
