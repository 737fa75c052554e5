# mandalakit: `make demo` serves the dashboards, `make test` runs every test.
# Both need only Python >= 3.11 and make; everything else goes into .venv.

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
PORT   ?= 8866
HOST   ?= 127.0.0.1
# make demo LESSON=ohanami PUPILS=30: a class; 30 kernels wait with that page already run
# (PUPILS defaults to 30; mandalakit.widgets.server.pools checks both).
LESSON ?=
PUPILS ?=
# A class (LESSON given) keeps its pupils' answers in CLASS_DIR (widgets/classroom/classbook.py); delete it to forget them.
CLASS_DIR ?= class
CLASS_ENV = $(if $(LESSON),MANDALAKIT_CLASS='$(abspath $(CLASS_DIR))')

.PHONY: demo port-free test test-quick bench bench-dashboard bench-ui bench-rl messages clean help docs

help:
	@echo "make demo   - install into $(VENV) and serve notebooks/ with Voila; open http://$(HOST):$(PORT)/voila/render/index.ipynb"
	@echo "make demo LESSON=ohanami PUPILS=30 - the same for a class: 30 kernels wait with the lesson already run"
	@echo "make test   - install into $(VENV) and run every test (engines, CLI, notebooks, dashboards)"
	@echo "make test-quick - the same without the browser and server tests (a few minutes)"
	@echo "make bench  - print engine and fast-path throughput (games/s, decisions/s, ratio) for every game and player count, and the search's rollouts/s and hard-bot decisions/s both ways"
	@echo "make bench-simulate GAMES=1000000 - one real simulate run: wall and CPU time, peak memory of the command and its workers"
	@echo "make bench-dashboard - print the Voila dashboard's first-render time in Chromium"
	@echo "make bench-ui - print click-to-board time per game, and each play dashboard's and lesson's first render"
	@echo "make bench-classroom N=30 - N pupils open the Ohanami lesson at once in headless Chromium (load test; CLASS=1: preheated for the class)"
	@echo "make bench-class N=30 - N light-client pupils (no browser) join a class and answer; prints lost answers, p50/p95, CPU (RESTART=1 or CRASH=1: across a restart or a crash)"
	@echo "make lab    - JupyterLab for the teacher, with the dashboards' settings"
	@echo "make binder-links - print the Binder links (JupyterLab, Voila) of this repository's own remote"
	@echo "make messages - re-extract mandalakit/locale/mandalakit.pot and lessons.pot, merge them into every .po, write notebooks/fr/ and notebooks/pt/ again"
	@echo "make ladder - play the strength ladder of each game again (datasets/ladder-*.csv; LADDER_GAMES=6 search games per seed of LADDER_SEEDS)"
	@echo "make datasets - make the shipped tournament tables of datasets/ and their summaries again (datasets/README.md)"
	@echo "make datasets-search - make the search bot's tournament tables (datasets/*-search.parquet, about 34 CPU minutes) and the summaries again"
	@echo "make bench-tournament - print tournament throughput on 1 and 2 processes and on a local Dask cluster"
	@echo "make bench-interrupts - signal a simulation at 50 random moments: clean stops, orphans, partial outputs"
	@echo "make bench-rl - train a MaskablePPO agent on Mandala (copy medium, then PPO against it; fixed budget, 1 thread): its learning curve and its win rate over 400 seat-balanced games against easy and medium"
	@echo "make docs   - build the documentation site into site/ (no network; the notebooks run, a few minutes) and check its links; open site/index.html"
	@echo "make clean  - remove $(VENV) and caches"

$(BIN)/python:
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "mandalakit needs Python 3.11 or newer; set PYTHON=python3.11")'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# setuptools ends every editable install of a package with a folder mapped elsewhere
# (widgets/ -> mandalakit.widgets) with a "!!" note, "Please be careful with folders in your
# working directory with the same name as your package": that folder is mandalakit/ itself,
# so the note says nothing here. Only that note is silenced (its text starts with "Editable
# installation"); every other warning still shows. No layout keeps widgets/ at the top level
# without it: the "strict" and "compat" editable modes print notes of their own.
EDITABLE := PYTHONWARNINGS="ignore:Editable installation" $(BIN)/python -m pip install --quiet -e

$(VENV)/.dashboard: pyproject.toml | $(BIN)/python
	$(EDITABLE) '.[dashboard]'
	@# the hard bot's fast kernels, compiled once into numba's cache (not at a pupil's first move)
	$(BIN)/python -m mandalakit.widgets.play.warm
	@touch $@

$(VENV)/.test: pyproject.toml | $(BIN)/python
	$(EDITABLE) '.[test]'
	@touch $@ $(VENV)/.dashboard $(VENV)/.fast $(VENV)/.docs

# Is PORT free on HOST? Voila alone, on a taken port, prints "trying another port" and then
# stops (port_retries=0), which reads as if it went on: say it in one sentence instead.
define PORT_FREE
import errno, socket, sys
host, port = sys.argv[1:]
other = 9001 if port == "9000" else 9000
if not (port.isascii() and port.isdigit() and 0 < int(port) < 65536):
    sys.exit(f"PORT must be a number from 1 to 65535, not {port!r}: use make demo PORT={other}")
try:
    with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as Voila binds
        probe.bind((host, int(port)))
except OSError as exc:
    if exc.errno == errno.EADDRINUSE:
        sys.exit(f"Port {port} is taken: stop the other server or use make demo PORT={other}")
    sys.exit(f"Cannot serve on {host} port {port}: {exc.strerror}.")
endef
export PORT_FREE

port-free:
	@$(PYTHON) -c "$$PORT_FREE" '$(HOST)' '$(PORT)'

# port-free comes first: a taken port stops make before any install.
demo: port-free $(VENV)/.dashboard
	@# LESSON and PUPILS checked before anything is printed; then the pupils' address, with HOST=0.0.0.0
	@# this machine's network address(es) (mandalakit.widgets.server.pools).
	@MANDALAKIT_LESSON='$(LESSON)' MANDALAKIT_PUPILS='$(PUPILS)' $(CLASS_ENV) MANDALAKIT_ADDRESS='http://$(HOST):$(PORT)' \
		$(BIN)/python -m mandalakit.widgets.server.pools notebooks
	@echo "  (every notebook: the same address without voila/render/index.ipynb; stop with Ctrl-C)"
	@echo ""
	@# port_retries=0: never serve on another port than the address printed above.
	@# binder/start: Voila reads its hooks from binder/jupyter-config/voila.py, as on Binder.
	@MANDALAKIT_LESSON='$(LESSON)' MANDALAKIT_PUPILS='$(PUPILS)' $(CLASS_ENV) binder/start $(BIN)/voila notebooks/ --Voila.ip=$(HOST) --port=$(PORT) --Voila.port_retries=0 --no-browser

# --durations=25: the run ends with its 25 slowest tests, where CI's time goes.
test: $(VENV)/.test $(VENV)/.train
	$(BIN)/python -m pytest --durations=25

# The quick run: engines, CLI, records, widgets and notebooks, without Chromium or a server.
test-quick: $(VENV)/.test $(VENV)/.train
	$(BIN)/python -m pytest -m "not browser and not server and not slow"

# Each game and player count on the reference engine and on the fast path (mandalakit.fast,
# docs/fast.md), with their ratio and the load average: short runs, the machine may be shared.
$(VENV)/.fast: pyproject.toml | $(BIN)/python
	$(EDITABLE) '.[fast]'
	@touch $@

BENCH_SECONDS ?= 1
bench: $(VENV)/.dashboard $(VENV)/.fast
	@for run in "ohanami 2" "ohanami 3" "ohanami 4" "mandala 2" "flowers 2" "flowers 3" "flowers 4"; do \
		set -- $$run; $(BIN)/mandalakit bench --game $$1 --players $$2 --seconds $(BENCH_SECONDS) || exit 1; \
	done
	@for run in "ohanami 2" "mandala 2" "flowers 4"; do \
		set -- $$run; $(BIN)/mandalakit bench --game $$1 --players $$2 --bots greedy --seconds $(BENCH_SECONDS) || exit 1; \
	done
	@for run in "ohanami 2" "mandala 2" "flowers 4"; do \
		set -- $$run; $(BIN)/python -m mandalakit.fast.playout_bench --game $$1 --players $$2 --seconds $(BENCH_SECONDS) || exit 1; \
	done

# One real simulate run (niced): wall time, CPU time and peak memory of the command and its workers.
GAMES ?= 1000000
.PHONY: bench-simulate
bench-simulate: $(VENV)/.test
	$(BIN)/python tests/simulate_bench.py --games $(GAMES)

bench-dashboard: $(VENV)/.test
	MANDALAKIT_REQUIRE_BROWSER=1 $(BIN)/python -m pytest -q -s -p no:cacheprovider tests/views/test_dashboard.py

bench-ui: $(VENV)/.test
	$(BIN)/python -m mandalakit.widgets.play.bench
	MANDALAKIT_REQUIRE_BROWSER=1 $(BIN)/python -m pytest -q -s -p no:cacheprovider tests/views/test_play_dashboards.py -k whole_game
	MANDALAKIT_REQUIRE_BROWSER=1 $(BIN)/python -m pytest -q -s -p no:cacheprovider tests/lessons/test_lessons.py

# The message catalogues (mandalakit.core.messages): babel.cfg says what to extract. New or
# changed sentences arrive in each .po empty (or fuzzy): translate them there.
POT := mandalakit/locale/mandalakit.pot
messages: $(VENV)/.test
	$(BIN)/pybabel extract -F babel.cfg --no-location --sort-output --add-comments=Translators: \
		--project=mandalakit --version=0.1.0 -o $(POT) .
	$(BIN)/pybabel update -i $(POT) -d mandalakit/locale -D mandalakit --ignore-obsolete
	@# the lessons' words: each page is notebooks/X.ipynb, once; its words go into
	@# mandalakit/locale/lessons.pot and every <language>/LC_MESSAGES/lessons.po, and the pages of
	@# notebooks/<language>/ are written again from the source and the catalogue (never edit those)
	$(BIN)/python -m mandalakit.widgets.lessons.translate

# The documentation site (mkdocs.yml, docs/web/): every notebook runs (kept in build/docs-notebooks/
# while the sources stay the same), then the link check. Binder links: the origin remote, or
# MANDALAKIT_FORGE=https://github.com/OWNER/NAME. MkDocs 2's notice (Material's) is silenced.
# DOCS_SITE=folder builds elsewhere than site/ (tests/cli/test_site.py).
$(VENV)/.docs: pyproject.toml | $(BIN)/python
	$(EDITABLE) '.[docs]'
	@touch $@

DOCS_SITE ?= site
# The site runs every notebook, notebooks/rl.ipynb too: the train extra (sb3-contrib, torch) with the docs one.
docs: $(VENV)/.docs $(VENV)/.train
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict --quiet --site-dir '$(DOCS_SITE)'
	$(BIN)/python docs/web/linkcheck.py '$(DOCS_SITE)'


clean:
	rm -rf $(VENV) .pytest_cache .hypothesis .mypy_cache .ruff_cache build *.egg-info

# ----- analysis: the shipped datasets (datasets/README.md) and tournament throughput ---------------
# Each dataset is one `mandalakit tournament` command, quoted with its seed in its data card; the
# last step writes the analysis page's summaries of the six (datasets/summaries.json).
.PHONY: datasets bench-tournament
datasets: $(VENV)/.test
	$(BIN)/mandalakit tournament --game ohanami --bots greedy,random --rotations 100 --seed 2026 --out datasets/ohanami-bots.parquet
	$(BIN)/mandalakit tournament --game mandala --bots greedy,random --rotations 400 --seed 2026 --out datasets/mandala-bots.parquet
	$(BIN)/mandalakit tournament --game flowers --bots greedy,random --rotations 100 --seed 2026 --out datasets/flowers-bots.parquet
	$(BIN)/mandalakit tournament --game ohanami --bots greedy,random --rotations 20 --seed 2026 --vary sakura_cap=15,none \
		--out datasets/ohanami-sakura-cap.parquet
	$(BIN)/mandalakit tournament --game mandala --bots greedy,random --rotations 100 --seed 2026 \
		--vary deck_exhaustion=reshuffle_then_last_completion,end_at_once --vary stalemate=end,play_on \
		--out datasets/mandala-variants.parquet
	$(BIN)/mandalakit tournament --game flowers --bots greedy,random --rotations 16 --seed 2026 --vary single_play_draw=4,2 \
		--vary tiles=none,datasets/flowers-tiles-no-x3.csv --out datasets/flowers-variants.parquet
	$(BIN)/python -m mandalakit.summaries datasets

# The search tables (datasets/README.md, "Search tournament tables"): the sampling search and greedy,
# 2 players, default rules, and Mandala's deck_exhaustion option with the search on both sides; its
# rollouts run on the fast path (the fast extra), about 34 CPU minutes for the first three. The summaries read them too, so the last step writes summaries.json again.
.PHONY: datasets-search
datasets-search: $(VENV)/.test $(VENV)/.fast
	nice $(BIN)/mandalakit tournament --game mandala --bots pimc,greedy --rotations 150 --seed 2026 --out datasets/mandala-search.parquet
	nice $(BIN)/mandalakit tournament --game ohanami --players 2 --bots pimc,greedy --rotations 100 --seed 2026 \
		--out datasets/ohanami-search.parquet
	nice $(BIN)/mandalakit tournament --game flowers --players 2 --bots pimc,greedy --rotations 100 --seed 2026 \
		--out datasets/flowers-search.parquet
	nice $(BIN)/mandalakit tournament --game mandala --bots pimc --rotations 50 --seed 2026 \
		--vary deck_exhaustion=reshuffle_then_last_completion,end_at_once --out datasets/mandala-search-variants.parquet
	$(BIN)/python -m mandalakit.summaries datasets

# The strength ladder of each game (datasets/README.md, "Strength ladder"): the one-ply bots over 400
# games per pairing, then the search bot against greedy (and against the rule of thumb in Mandala) in
# runs of LADDER_GAMES games, one file per seed of LADDER_SEEDS (a search bot thinks up to about 1 s
# per move in the engine, a game about 20 s of CPU time; its rollouts on the fast path, numba installed,
# are 25-30 times faster, docs/fast.md; so a run is a few minutes at most and an interrupted ladder
# keeps the runs it finished). Run with nice: the arena's figures are CPU seconds, so a busy machine
# slows it but does not bias them. docs/bots.md ("Strength ladder") pools the runs' files into the
# figures with mandalakit.arena.standings.
LADDER_GAMES ?= 6
LADDER_SEEDS ?= 1 2
.PHONY: ladder
ladder: $(VENV)/.test
	nice $(BIN)/mandalakit arena --game mandala --bots greedy,random,heuristic --games 400 --seed 2026 --out datasets/ladder-mandala-one-ply.csv
	nice $(BIN)/mandalakit arena --game ohanami --bots greedy,random --games 400 --seed 2026 --out datasets/ladder-ohanami-one-ply.csv
	nice $(BIN)/mandalakit arena --game flowers --bots greedy,random --games 400 --seed 2026 --out datasets/ladder-flowers-one-ply.csv
	for seed in $(LADDER_SEEDS); do for game in mandala ohanami flowers; do \
		nice $(BIN)/mandalakit arena --game $$game --bots pimc,greedy --games $(LADDER_GAMES) --seed $$seed \
			--jobs 1 --out datasets/ladder-$$game-search-seed$$seed.csv || exit 1; \
	done; \
	nice $(BIN)/mandalakit arena --game mandala --bots pimc,heuristic --games $(LADDER_GAMES) --seed $$seed \
		--jobs 1 --out datasets/ladder-mandala-search-heuristic-seed$$seed.csv || exit 1; \
	done

# Random self-play on one core (bench), then the same games as a tournament on 1 and 2 local
# processes and on a local Dask cluster of 2 workers: games/s, worker start-up included.
bench-tournament: $(VENV)/.test
	$(BIN)/mandalakit bench --game ohanami --players 2
	@out=$$(mktemp -d) && for where in "--jobs 1" "--jobs 2" "--dask-workers 2"; do \
		echo "tournament $$where:"; \
		$(BIN)/mandalakit tournament --game ohanami --players 2 --bots random --rotations 2500 --quiet $$where \
			--out $$out/bench.parquet || exit 1; \
	done; rm -rf $$out

# Dask against --jobs 2 (issue 35): simulate and tournament on 100,000 and 1,000,000 games, local
# workers and 1 or 2 Dask workers interleaved, niced: CPU and wall ratios, scaling, load average.
.PHONY: bench-dask
bench-dask: $(VENV)/.test
	$(BIN)/python tests/cli/dask_bench.py --games 100000 1000000 --rounds 2

# Ctrl-C and kill at random moments of a `simulate --jobs 2` run (issue 19): clean stops, orphan
# processes, partial outputs. N_SIGNALS runs of up to 15 s each, beside a busy sibling process.
N_SIGNALS ?= 50
.PHONY: bench-interrupts
bench-interrupts: $(VENV)/.test
	$(BIN)/python tests/interrupts_bench.py -n $(N_SIGNALS)

# A class opening the lesson at once (issue 11): N pages in headless Chromium on 127.0.0.1,
# against a server started as `make demo` starts it (CLASS=1: as `make demo LESSON=ohanami
# PUPILS=N`); bounded in time, stops by itself.
N ?= 30
CLASS ?=
.PHONY: bench-classroom
bench-classroom: $(VENV)/.test
	$(BIN)/python tests/classroom_bench.py -n $(N) $(if $(CLASS),--class)

# A class of N light clients (no browser) joining make demo LESSON=ohanami PUPILS=N at once and answering
# an exercise for DURATION seconds; RESTART=1 stops and starts the server in the middle, CRASH=1 kills it
# and its kernels (SIGKILL) halfway through the answers and starts it again (tests/class_load.py).
DURATION ?= 60
RESTART ?=
CRASH ?=
.PHONY: bench-class
bench-class: $(VENV)/.test
	$(BIN)/python tests/class_load.py -n $(N) --seconds $(DURATION) $(if $(RESTART),--restart) $(if $(CRASH),--crash)

# JupyterLab for the teacher, with the dashboards' settings (binder/jupyter-config/, as on Binder).
.PHONY: lab
# Run as root (a container), Jupyter Server is allowed to start: binder/jupyter-config/jupyter_server_config.py.
lab: $(VENV)/.dashboard
	PATH="$(abspath $(BIN)):$$PATH" binder/start $(BIN)/jupyter lab --ServerApp.ip=$(HOST) --port=$(PORT)

# The Binder links of this repository, from its own git remote (or REMOTE=https://github.com/OWNER/NAME).
REMOTE ?=
.PHONY: binder-links
binder-links:
	@$(PYTHON) binder/links.py $(REMOTE)

# CPU-only torch first (a plain install pulls a CUDA build), then sb3-contrib. --retries 0: where
# that index cannot be reached, pip goes on at once with the indexes and wheels pip.conf names.
TORCH_INDEX ?= https://download.pytorch.org/whl/cpu
$(VENV)/.train: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --retries 0 torch --index-url $(TORCH_INDEX)
	$(EDITABLE) '.[train]'
	@touch $@

bench-rl: $(VENV)/.train
	$(BIN)/python -m mandalakit.rl.train --game mandala --opponent medium --imitate 60000 --epochs 15 \
		--learning-rate 1e-4 --steps 200000 --curve 20000 --curve-games 100 --games 400
