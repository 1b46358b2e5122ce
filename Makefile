# One entry point for newcomers and CI. `make test` builds .venv on first use.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: test lint typecheck demo bench run screenshots catalogues clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

typecheck: $(STAMP)
	$(BIN)/mypy

# the bot tests run on SQLite, and those marked `postgresql` on PostgreSQL too when PostgreSQL's binaries are
# installed (Debian's `postgresql` package: the tests start their own throwaway server), on SQLite alone when not,
# and the summary says so in one line; a whole run checks that PostgreSQL ran every statement SQLite ran
# (tests/statements.py); NIGHTFALL_TEST_STORES=sqlite (or postgresql, or sqlite,postgresql) runs every bot test on
# the stores named, NIGHTFALL_TEST_POSTGRESQL=required fails the run when PostgreSQL cannot start (CI: .ci/run).
# Bytecode is kept even where the environment turns it off: each test process would otherwise compile the
# project and rewrite every test module's asserts again (about 5 s of CPU a process)
test: lint typecheck
	env -u PYTHONDONTWRITEBYTECODE $(BIN)/python -m pytest

demo: $(STAMP)
	$(BIN)/python -m engine.nightfall.demo --players 4 --variant standard --seed 1
	$(BIN)/python -m engine.nightfall.demo --players 2 --variant two-player --seed 2 --quiet
	$(BIN)/python -m engine.nightfall.demo --players 3 --variant quick-start --seed 3 --quiet
	$(BIN)/python -m engine.nightfall.demo --players 5 --variant open --secret-archives --seed 4 --quiet
	$(BIN)/python -m engine.nightfall.demo --players 4 --variant common-ground --seed 5 --quiet
	$(BIN)/python -m engine.fightdrome.demo --seed 1
	$(BIN)/python -m engine.fightdrome.demo --seed 2 --format tournament --quiet

# every benchmark runs and prints its figures beside their targets, whether or not an earlier one met all of its
bench: $(STAMP)
	-$(BIN)/python bench/engine.py
	-$(BIN)/python bench/render.py
	-$(BIN)/python bench/bot.py
	-$(BIN)/python bench/startup.py
	-$(BIN)/python bench/ai.py
	-$(BIN)/python bench/cluster.py

# after changing an English text: refresh the .pot templates and merge them into the pl/ru .po files
catalogues: $(STAMP)
	$(BIN)/python -m bot.words.catalogues

screenshots: $(STAMP)
	$(BIN)/python -m render.nightfall.screenshots docs/images
	$(BIN)/python -m render.fightdrome.screenshots docs/images
	$(BIN)/python -m bot.words.samples docs/images
	$(BIN)/python -m tests.web.screenshots docs/images

run: $(STAMP)
	$(BIN)/python -m bot.migrate
	$(BIN)/python -m bot

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .mypy_cache *.egg-info
