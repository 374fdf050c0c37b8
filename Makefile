# The README's commands. `make test` sets up a fresh machine (venv, packages) and runs every test;
# `make play` sets up the same way, then serves the notebooks with Voila on 127.0.0.1 (the dashboard).
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

PORT ?= 8866
# The play notebooks get a pre-heated kernel (a page then shows its board in about 2 s); the teaching
# notebooks start theirs on request.
VOILA := $(PY) -m voila notebooks --no-browser --Voila.ip=127.0.0.1 --port=$(PORT) --Voila.port_retries=0 \
	--preheat_kernel=True --VoilaKernelManager.preheat_denylist='^(?!.*play\.ipynb$$)'

.PHONY: setup test lint bench clean play

setup: $(STAMP)

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

test: $(STAMP)
	$(PY) -m ruff check boardgames widgets tests benchmarks
	$(PY) -m pytest
	$(PY) -m pytest --nbval-lax notebooks

play: $(STAMP)
	@echo ""
	@echo "  Play Medici:   http://127.0.0.1:$(PORT)/voila/render/medici/play.ipynb"
	@echo "  Play Medina:   http://127.0.0.1:$(PORT)/voila/render/medina/play.ipynb"
	@echo "  Play Foundations of Metropolis: http://127.0.0.1:$(PORT)/voila/render/metropolis/play.ipynb"
	@echo "  All notebooks: http://127.0.0.1:$(PORT)/voila/render/index.ipynb"
	@echo "  (open the first address in a browser; stop the server with Ctrl-C)"
	@echo ""
	$(VOILA)

bench: $(STAMP)
	$(PY) benchmarks/playouts.py
	$(PY) benchmarks/bots.py
	$(PY) benchmarks/medina.py
	$(PY) benchmarks/lessons.py
	$(PY) benchmarks/dashboard.py
	$(PY) benchmarks/dashboard.py --game medina
	$(PY) benchmarks/dashboard.py --game metropolis

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis
