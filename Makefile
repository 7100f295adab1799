# Every target bootstraps what it needs on a fresh machine (Debian, Python 3.11, root).
PYTHON ?= python3
UV := $(PYTHON) -m uv

.PHONY: serve play test lint bench sync

.venv/.synced: pyproject.toml uv.lock
	$(UV) --version >/dev/null 2>&1 || $(PYTHON) -m pip install --quiet --root-user-action=ignore uv \
		|| $(PYTHON) -m pip install --quiet --break-system-packages uv
	$(UV) sync --frozen
	touch $@

sync: .venv/.synced

## Play in the terminal against three computer players (until the web server exists).
serve: play
play: .venv/.synced
	.venv/bin/schafkopf play

## Lint, type-check, then run every test.
test: .venv/.synced
	.venv/bin/ruff check .
	.venv/bin/mypy
	.venv/bin/pytest

lint: .venv/.synced
	.venv/bin/ruff check .
	.venv/bin/ruff format --check .
	.venv/bin/mypy

bench: .venv/.synced
	.venv/bin/python bench/bench_engine.py
