# Two commands on a fresh machine (only Python 3.11+ and make needed):
#   make run    set up .venv with the web table only, then start it and print its link
#   make test   set up .venv with everything (and Chromium for the browser tests), lint, run the tests
#   make lint   ruff's check of the code (the test extra installs ruff)
#   make play   the terminal game: 17 against three bots
#   make i18n   update the translations from the English catalogs and compile them
PYTHON ?= python3
VENV   ?= .venv
BIN     = $(VENV)/bin
HOST   ?= 127.0.0.1
PORT   ?= 8000
# One stamp per install set: `make run` installs only what the web table needs (no Ray,
# no OpenSpiel), `make test` everything; each redoes its install when pyproject changes.
STAMP_WEB  = $(VENV)/.installed-web
STAMP_ALL  = $(VENV)/.installed-all
STAMP_I18N = $(VENV)/.installed-i18n

.PHONY: run play test lint bench bench-server chromium services clean i18n

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(STAMP_WEB): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e ".[web]"
	touch $(STAMP_WEB)

$(STAMP_ALL): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e ".[test,all,web]"
	touch $(STAMP_ALL) $(STAMP_WEB) $(STAMP_I18N)

$(STAMP_I18N): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e ".[i18n]"
	touch $(STAMP_I18N)

run: $(STAMP_WEB)
	@$(BIN)/ludotheque serve --host $(HOST) --port $(PORT)

play: $(STAMP_WEB)
	@# Leaving a game (quit) is a normal end here, not an error of make.
	@$(BIN)/ludotheque play diciassette --players 4 || true

# The browser tests drive Debian's Chromium (browser downloads are not available):
# installed here when missing and we may (root), quietly.
chromium:
	@if [ ! -x /usr/bin/chromium ] && [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
		echo "Installing chromium for the browser tests..."; \
		apt-get update -qq >/dev/null && \
		DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
	fi

# The multi-server tests (tests/scale) start a throw-away PostgreSQL and Redis of the
# system's: installed here when missing and we may (root), quietly.
services:
	@if { ! command -v redis-server >/dev/null || ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; } \
		&& [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
		echo "Installing postgresql and redis-server for the multi-server tests..."; \
		apt-get update -qq >/dev/null && \
		DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql redis-server >/dev/null; \
	fi

# The lint first: a style or pyflakes error fails `make test` (and CI) before the tests run.
lint: $(STAMP_ALL)
	$(BIN)/ruff check src tests examples

test: lint chromium services
	$(BIN)/python -m pytest -n 2

# The English catalogs (i18n/locale/en/) are the source: this rewrites the templates,
# marks French texts whose English changed as fuzzy, adds new ones untranslated, and
# compiles every catalog; it lists what is left to translate (docs/translating.md).
i18n: $(STAMP_I18N)
	$(BIN)/python -m ludotheque.i18n.catalogs

# 17's random playouts need no extra: the web table's install (make run's) is enough.
bench: $(STAMP_WEB)
	$(BIN)/ludotheque bench diciassette

bench-server: $(STAMP_WEB)
	$(BIN)/ludotheque bench-server

clean:
	rm -rf $(VENV) build dist .pytest_cache .hypothesis
