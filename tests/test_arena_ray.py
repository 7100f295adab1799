"""The arena on Ray: a local Ray instance runs the deals as tasks and gives exactly the local
backend's summary and games for the same seed."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import ray
from typer.testing import CliRunner

from schafkopf.arena import ArenaError, run_arena
from schafkopf.cli import app

RUN_FIELDS = ("seconds", "workers", "out_dir")
"""Summary fields that describe the run, not the games."""


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    ray.init(
        num_cpus=2,
        include_dashboard=False,
        log_to_driver=False,
        object_store_memory=100 * 1024 * 1024,
    )
    yield
    ray.shutdown()


def _games(path: Path) -> list[str]:
    return sorted(path.read_text(encoding="utf-8").splitlines())


def _summary(data: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in data.items() if k not in RUN_FIELDS}


def test_ray_backend_gives_the_local_summary(local_ray: None, tmp_path: Path) -> None:
    specs = ["heuristic", "random"]
    local = run_arena(
        "sauspiel", specs, deals=12, seed=5, workers=1, progress=False, out_dir=tmp_path / "local"
    )
    remote = run_arena(
        "sauspiel", specs, deals=12, seed=5, progress=False, backend="ray", out_dir=tmp_path / "ray"
    )
    assert remote.workers == 2  # the Ray cluster's CPUs
    assert _summary(remote.to_json()) == _summary(local.to_json())
    assert _games(tmp_path / "ray" / "games.jsonl") == _games(tmp_path / "local" / "games.jsonl")
    written = json.loads((tmp_path / "ray" / "summary.json").read_text(encoding="utf-8"))
    assert _summary(written) == _summary(local.to_json())


def test_cli_runs_the_arena_on_ray(local_ray: None, tmp_path: Path) -> None:
    out = tmp_path / "cli"
    result = CliRunner().invoke(
        app,
        [
            "arena",
            "--players",
            "heuristic,random",
            "--deals",
            "3",
            "--seed",
            "2",
            "--scheme",
            "swap",
            "--backend",
            "ray",
            "--quiet",
            "--out",
            str(out),
        ],
    )
    assert result.exit_code == 0, result.output
    summary = json.loads((out / "summary.json").read_text(encoding="utf-8"))
    assert summary["games"] == 6
    assert len(_games(out / "games.jsonl")) == 6


def test_unknown_backend_is_refused() -> None:
    with pytest.raises(ArenaError, match="backend"):
        run_arena("standard", ["heuristic", "random"], deals=1, seed=1, backend="spark")
