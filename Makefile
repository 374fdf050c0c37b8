# The README's commands. `make test` sets up a fresh machine (venv, packages) and runs every test;
# `make play` sets up the same way, then serves the notebooks with Voila on 127.0.0.1 (the dashboard).
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
HUB_STAMP := $(VENV)/.hub-installed
INSTALL_LOG := $(VENV)/install.log
# Every Python process these commands start (test processes, Voila, each page's kernel) keeps the bytecode it compiles
# in the venv, never beside the sources, and reuses it: a shell's PYTHONDONTWRITEBYTECODE would otherwise make each of
# the suite's hundreds of processes compile the project (and pytest rewrite every test module) again.
export PYTHONPYCACHEPREFIX := $(abspath $(VENV))/bytecode
export PYTHONDONTWRITEBYTECODE :=

PORT ?= 8866
# HOST=0.0.0.0 serves every network the machine is on (a class in one room); the addresses then name the machine.
HOST ?= 127.0.0.1
ADDRESS := $(if $(filter 0.0.0.0,$(HOST)),$(or $(firstword $(shell hostname -I 2>/dev/null)),$(shell hostname)),$(HOST))
# deploy/serve.py prints the addresses, serves notebooks/ with Voila (a pre-heated kernel for each play notebook,
# so a page shows its board in about 2 s; the settings of notebooks/.voila/voila.py make a closed page shut its
# kernel down and cull the kernels of pages gone silently) and keeps the log to what a teacher needs.

.PHONY: setup test sweep lint bench bench-hub bench-class clean play puzzles catalog notebooks-ja site

setup: $(STAMP)

# One line while it installs; pip's output goes to $(INSTALL_LOG), named only when something fails. pip compiles no
# bytecode: a process compiles what it imports into PYTHONPYCACHEPREFIX (above), a fraction of what is installed, and
# the compiling of everything was half the install's processor time (24 of 48 s here).
$(STAMP): pyproject.toml
	@echo "Installing the packages into $(VENV) (a few minutes the first time) ..."
	@mkdir -p $(VENV)
	@{ $(PYTHON) -m venv $(VENV) && $(PY) -m pip install --quiet --upgrade pip \
		&& $(PY) -m pip install --quiet --no-compile -e '.[dev]'; } >$(INSTALL_LOG) 2>&1 \
		|| { echo "The installation failed; what pip said is in $(INSTALL_LOG)"; exit 1; }
	@touch $(STAMP)

# The hub test's packages, for `make test` only: the hub extra (JupyterHub, its idle culler) and, where npm is on the
# machine, the hub's proxy from deploy/jupyterhub/package-lock.json (without npm the hub test is skipped, saying so).
$(HUB_STAMP): $(STAMP) deploy/jupyterhub/package-lock.json
	@echo "Installing the JupyterHub test's packages ..."
	@$(PY) -m pip install --quiet --no-compile -e '.[dev,hub]' >>$(INSTALL_LOG) 2>&1 \
		|| { echo "The installation failed; what pip said is in $(INSTALL_LOG)"; exit 1; }
	@if command -v npm >/dev/null; then \
		npm ci --prefix deploy/jupyterhub --no-audit --no-fund --loglevel=error >>$(INSTALL_LOG) 2>&1 \
			|| { echo "npm could not install the hub's proxy; what it said is in $(INSTALL_LOG)"; exit 1; }; \
		touch $(HUB_STAMP); \
	else echo "npm is not on this machine: the JupyterHub test will be skipped"; fi

# The static site's browser files (require.js, the widgets' HTML manager, MathJax) from deploy/site/package-lock.json,
# where npm is on the machine (without npm the site's test is skipped, saying so, and `make site` stops, saying so).
SITE_STAMP := $(VENV)/.site-installed
$(SITE_STAMP): $(STAMP) deploy/site/package-lock.json
	@if command -v npm >/dev/null; then \
		echo "Installing the static site's npm packages ..."; \
		npm ci --prefix deploy/site --no-audit --no-fund --loglevel=error >>$(INSTALL_LOG) 2>&1 \
			|| { echo "npm could not install the site's packages; what it said is in $(INSTALL_LOG)"; exit 1; }; \
		touch $(SITE_STAMP); \
	else echo "npm is not on this machine: the static site's test will be skipped"; fi

# axe-core, the accessibility rules the browser tests run on every kind of page, from tests/support/axe's lock file
# (npm is on a machine that runs the browser tests: .ci/run installs it for the hub's proxy).
AXE_STAMP := $(VENV)/.axe-installed
$(AXE_STAMP): $(STAMP) tests/support/axe/package-lock.json
	@echo "Installing axe-core for the accessibility checks ..."
	@npm ci --prefix tests/support/axe --no-audit --no-fund --loglevel=error >>$(INSTALL_LOG) 2>&1 \
		|| { echo "npm could not install axe-core; what it said is in $(INSTALL_LOG)"; exit 1; }
	@touch $(AXE_STAMP)

# Every test in one run on two processes, each test file (or notebook, by nbval) whole on one of them, in the order
# the root conftest.py gives: the rules, widgets and class-store tests and the notebooks, then a class on a real
# JupyterHub and the browser tests (each process with its Voila server and Debian's Chromium), the longest first;
# the fifteen slowest named at the end.
test: $(STAMP) $(HUB_STAMP) $(SITE_STAMP) $(AXE_STAMP)
	$(PY) -m ruff check boardgames widgets classroom deploy tests benchmarks tools conftest.py
	$(PY) -m pytest -n 2 --dist loadfile --no-loadscope-reorder --durations=15 --nbval-lax tests notebooks

# The translation catalog: every message of the source (say, say_n, term; and message, which notebooks call say as) and every game word (boardgames/terms.py)
# extracted into boardgames/locale/boardgames.pot (babel.cfg says from where), each language's catalog updated from it
# (a new message waits there untranslated) and compiled for the pages.
LANGUAGES := ja zh_Hant
BABEL := $(VENV)/bin/pybabel --quiet
catalog: $(STAMP)
	$(BABEL) extract -F babel.cfg --no-default-keywords -k say -k message -k say_n:1,2 -k term:1c,2 --sort-by-file \
		--project boardgames --copyright-holder "the boardgames authors" -o boardgames/locale/boardgames.pot .
	@for lang in $(LANGUAGES); do \
		if [ -f boardgames/locale/$$lang/LC_MESSAGES/boardgames.po ]; then \
			$(BABEL) update --no-fuzzy-matching --ignore-obsolete -D boardgames -i boardgames/locale/boardgames.pot \
				-d boardgames/locale -l $$lang; \
		fi; \
	done
	@if ls boardgames/locale/*/LC_MESSAGES/boardgames.po >/dev/null 2>&1; then \
		$(BABEL) compile --statistics -D boardgames -d boardgames/locale; fi

# The notebooks in Japanese (tools/notebook_language.py): each English notebook's prose into its catalog of prose,
# boardgames/locale/notebooks/ja/<its path>.po (a new paragraph waits there untranslated), then each Japanese notebook
# (<name>.ja.ipynb) made again from its English one and that catalog, and run for the outputs nbval checks.
# `make test` fails while a Japanese notebook is not what its English one makes, naming the notebook and the cell.
notebooks-ja: $(STAMP)
	$(PY) tools/notebook_language.py all

# The lessons as a static site in site/, readable without a server (tools/static_site.py): every notebook with prose
# of the landing page, in English and in Japanese, run with its widgets' state stored and converted to HTML without its
# code; its pages load only the site's own files. Prints how long it took. Needs npm (`apt-get install -y nodejs npm`).
site: $(SITE_STAMP)
	@command -v npm >/dev/null || { echo "make site needs npm for the pages' browser files:" \
		"apt-get install -y nodejs npm, then make site again"; exit 1; }
	$(PY) tools/static_site.py site

# The conformance sweeps over all their seeds (100 for Medici, 50 for the others; `make test` plays the first 10 of
# each): random games of every player count to their end; each exercise kind drawn from 20 seeds (`make test`: 10);
# and the experts' games against random players at every player count (`make test`: one count). CI runs it after
# `make test`.
sweep: $(STAMP)
	BOARDGAMES_SWEEP=full $(PY) -m pytest -n 2 -q tests/test_medici_conformance.py tests/test_medina_conformance.py \
		tests/test_metropolis_conformance.py tests/test_marcopolo_conformance.py tests/test_practice.py \
		tests/test_medina_bot.py tests/test_metropolis_bot.py tests/test_marcopolo_bot.py

play: $(STAMP)
	@$(PY) -m deploy.serve --host $(HOST) --port $(PORT) --address $(ADDRESS)

bench: $(STAMP)
	$(PY) benchmarks/playouts.py
	$(PY) benchmarks/kernels.py
	$(PY) benchmarks/bots.py
	$(PY) benchmarks/medina.py
	$(PY) benchmarks/lessons.py
	$(PY) benchmarks/teaching.py
	$(PY) benchmarks/practice.py
	$(PY) benchmarks/review.py
	$(PY) benchmarks/puzzles.py
	$(PY) benchmarks/guided.py
	$(PY) benchmarks/dashboard.py
	$(PY) benchmarks/dashboard.py --game medina
	$(PY) benchmarks/dashboard.py --game metropolis

# The stored puzzles (boardgames/puzzles/data/) mined again from games of the expert bots; prints the time per game.
puzzles: $(STAMP)
	$(PY) -m boardgames.puzzles.mine

bench-hub: $(HUB_STAMP)
	$(PY) benchmarks/hub.py

# The class page under a class's load (40 students, 10 tables, an auction round): a `make play` server of its own and
# Debian's Chromium, about 2 minutes on an idle machine.
bench-class: $(STAMP)
	$(PY) benchmarks/class_page.py

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis
