# Every target bootstraps what it needs on a fresh machine (Debian, Python 3.11, root).
PYTHON ?= python3
UV := $(PYTHON) -m uv

.PHONY: serve play test lint bench sync

.venv/.synced: pyproject.toml uv.lock
	$(UV) --version >/dev/null 2>&1 || $(PYTHON) -m pip install --quiet --root-user-action=ignore uv \
		|| $(PYTHON) -m pip install --quiet --break-system-packages uv
	$(UV) sync --frozen --all-extras --all-groups
	.venv/bin/schafkopf compile  # the search kernels, once: the first solve is fast then
	touch $@

sync: .venv/.synced

## Play in the browser: the server on http://localhost:8000/ (SQLite file schafkopf.db).
serve: .venv/.synced
	.venv/bin/schafkopf serve

## Play in the terminal against three computer players.
play: .venv/.synced
	.venv/bin/schafkopf play

## Lint, type-check, then run every test (installs chromium and starts a PostgreSQL server
## for the browser and storage tests when they are missing).
test: .venv/.synced
	.venv/bin/ruff check .
	.venv/bin/mypy
	url="$$(bash scripts/test-services.sh)" && SCHAFKOPF_TEST_POSTGRES="$$url" .venv/bin/pytest

lint: .venv/.synced
	.venv/bin/ruff check .
	.venv/bin/ruff format --check .
	.venv/bin/mypy

bench: .venv/.synced
	.venv/bin/python bench/bench_engine.py
