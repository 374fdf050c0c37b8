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
URL := http://$(ADDRESS):$(PORT)/voila/render
# The play notebooks get a pre-heated kernel (a page then shows its board in about 2 s); the teaching
# notebooks start theirs on request. notebooks/.voila/voila.py makes a closed page shut its kernel down and
# culls the kernels of pages gone silently (see that file).
VOILA := $(PY) -m voila notebooks --no-browser --Voila.ip=$(HOST) --port=$(PORT) --Voila.port_retries=0 \
	--preheat_kernel=True --VoilaKernelManager.preheat_denylist='^(?!.*play\.ipynb$$)' \
	--Voila.config_file_paths=notebooks/.voila
# Every game's dashboard: notebooks/<game>/play.ipynb.
PLAY_NOTEBOOKS := $(sort $(wildcard notebooks/*/play.ipynb))

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

test: $(STAMP)
	$(PY) -m ruff check boardgames widgets tests benchmarks
	$(PY) -m pytest
	$(PY) -m pytest --nbval-lax notebooks

play: $(STAMP)
	@echo ""
	@echo "  Open one of these addresses in a browser (stop the server with Ctrl-C):"
	@echo ""
	@$(PY) -c 'import boardgames; [print("  %-33s %s" % ("Play " + boardgames.GAMES[nb.split("/")[1]].NAME + ":", \
		"$(URL)/" + nb.split("/", 1)[1])) for nb in "$(PLAY_NOTEBOOKS)".split()]'
	@printf '  %-33s %s\n' "Medici with advice:" "$(URL)/medici/lessons/play-with-advice.ipynb"
	@printf '  %-33s %s\n' "All notebooks:" "$(URL)/index.ipynb"
	@echo ""
	@$(VOILA)

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
