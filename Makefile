# mandalakit: `make demo` serves the dashboards, `make test` runs every test.
# Both need only Python >= 3.11 and make; everything else goes into .venv.

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
PORT   ?= 8866
HOST   ?= 127.0.0.1

.PHONY: demo test bench bench-dashboard bench-ui clean help

help:
	@echo "make demo   - install into $(VENV) and serve notebooks/ with Voila on http://$(HOST):$(PORT)/"
	@echo "make test   - install into $(VENV) and run every test (engines, CLI, notebooks, dashboards)"
	@echo "make bench  - print engine throughput (games/s, decisions/s) for every game"
	@echo "make bench-dashboard - print the Voila dashboard's first-render time in Chromium"
	@echo "make bench-ui - print click-to-board time per game, and each play dashboard's first render"
	@echo "make clean  - remove $(VENV) and caches"

$(BIN)/python:
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "mandalakit needs Python 3.11 or newer; set PYTHON=python3.11")'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.dashboard: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[dashboard]'
	@touch $@

$(VENV)/.test: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test]'
	@touch $@ $(VENV)/.dashboard

demo: $(VENV)/.dashboard
	@echo ""
	@echo "  mandalakit dashboards: http://$(HOST):$(PORT)/voila/render/ohanami.ipynb"
	@echo "  (all notebooks: http://$(HOST):$(PORT)/ ; stop with Ctrl-C)"
	@echo ""
	@# port_retries=0: if the port is taken, stop with a message instead of serving on another
	@# port than the address printed above.
	$(BIN)/voila notebooks/ --Voila.ip=$(HOST) --port=$(PORT) --Voila.port_retries=0 --no-browser

test: $(VENV)/.test
	$(BIN)/python -m pytest

bench: $(VENV)/.dashboard
	$(BIN)/mandalakit bench --game ohanami --players 2
	$(BIN)/mandalakit bench --game mandala --players 2
	$(BIN)/mandalakit bench --game flowers --players 4

bench-dashboard: $(VENV)/.test
	MANDALAKIT_REQUIRE_BROWSER=1 $(BIN)/python -m pytest -q -s -p no:cacheprovider tests/test_dashboard.py

bench-ui: $(VENV)/.test
	$(BIN)/python -m mandalakit.widgets.bench
	MANDALAKIT_REQUIRE_BROWSER=1 $(BIN)/python -m pytest -q -s -p no:cacheprovider tests/test_play_dashboards.py -k whole_game

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis build *.egg-info
