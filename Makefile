# Two commands on a fresh machine (only Python 3.11+ and make needed):
#   make run    set up .venv if needed, then play 17 in the terminal against three bots
#   make test   set up .venv if needed, then run the whole test suite
PYTHON ?= python3
VENV   ?= .venv
BIN     = $(VENV)/bin
STAMP   = $(VENV)/.installed

.PHONY: run test bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e ".[test,all]"
	touch $(STAMP)

run: $(STAMP)
	@# Leaving a game (quit) is a normal end here, not an error of make.
	@$(BIN)/ludotheque play diciassette --players 4 || true

test: $(STAMP)
	$(BIN)/python -m pytest -n 2

bench: $(STAMP)
	$(BIN)/ludotheque bench diciassette

clean:
	rm -rf $(VENV) build dist .pytest_cache .hypothesis
