# Every target bootstraps what it needs on a fresh machine (Debian, Python 3.11, root).
PYTHON ?= python3
UV := $(PYTHON) -m uv

.PHONY: serve play test lint bench sync web web-check

.venv/.synced: pyproject.toml uv.lock
	$(UV) --version >/dev/null 2>&1 || $(PYTHON) -m pip install --quiet --root-user-action=ignore uv \
		|| $(PYTHON) -m pip install --quiet --break-system-packages uv
	$(UV) sync --frozen --all-extras --all-groups
	.venv/bin/schafkopf compile  # the search kernels, once: the first solve is fast then
	touch $@

sync: .venv/.synced

## The page (TypeScript, Preact, Vite): installed from web/package-lock.json with the machine's
## node and npm, built into src/schafkopf/web/dist (not committed).
WEB_SOURCES := $(shell find web/src web/index.html web/vite.config.ts web/tsconfig.json -type f 2>/dev/null)
web/node_modules/.installed: web/package.json web/package-lock.json
	command -v npm >/dev/null || (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nodejs npm)
	cd web && npm ci --no-audit --no-fund
	touch $@

src/schafkopf/web/dist/index.html: web/node_modules/.installed $(WEB_SOURCES)
	cd web && npm run build

web: src/schafkopf/web/dist/index.html

## The page's type check, lint and unit tests (vitest).
web-check: web/node_modules/.installed
	cd web && npm run check

## Play in the browser: the server on http://localhost:8000/ (SQLite file schafkopf.db);
## options of `schafkopf serve` go in ARGS, e.g. make serve ARGS="--port 8001".
ARGS ?=
serve: .venv/.synced web
	.venv/bin/schafkopf serve $(ARGS)

## Play in the terminal against three computer players.
play: .venv/.synced
	.venv/bin/schafkopf play

## Lint, type-check, then run every test (installs chromium and starts a PostgreSQL server
## for the browser and storage tests when they are missing).
test: .venv/.synced web web-check
	.venv/bin/ruff check .
	.venv/bin/mypy
	url="$$(bash scripts/test-services.sh)" && SCHAFKOPF_TEST_POSTGRES="$$url" .venv/bin/pytest

lint: .venv/.synced
	.venv/bin/ruff check .
	.venv/bin/ruff format --check .
	.venv/bin/mypy

bench: .venv/.synced
	.venv/bin/python bench/bench_engine.py
