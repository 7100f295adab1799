"""``scripts/selfplay.py``: the self-play data the bots' models are fitted to, the same on a
process pool and on Ray, and resumable."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[1] / "scripts" / "selfplay.py"
SPEC = "pimc:samples=2,bid_samples=2,inference=true,doubling_worlds=4"
"""A quick PIMC player without a time limit, so every run plays the same games."""


def _run(out: Path, deals: int, *extra: str) -> None:
    args = ["--deals", str(deals), "--seed", "3", "--spec", SPEC, "--out", str(out), *extra]
    done = subprocess.run(
        [sys.executable, str(SCRIPT), *args], capture_output=True, text=True, timeout=600
    )
    assert done.returncode == 0, done.stderr


def _lines(path: Path) -> list[str]:
    return sorted(path.read_text(encoding="utf-8").splitlines())


def test_pool_and_ray_give_the_same_data_and_a_run_resumes(tmp_path: Path) -> None:
    pytest.importorskip("ray")
    pool, ray = tmp_path / "pool", tmp_path / "ray"
    _run(pool, 2, "--workers", "1")
    _run(pool, 4, "--workers", "2")  # resumes: deals 0 and 1 are not played again
    _run(ray, 4, "--workers", "2", "--backend", "ray")
    games = _lines(pool / "games.jsonl")
    assert len(games) == 4
    assert sorted(json.loads(g)["selfplay"]["deal"] for g in games) == [0, 1, 2, 3]
    assert games == _lines(ray / "games.jsonl")
    assert _lines(pool / "doubling.jsonl") == _lines(ray / "doubling.jsonl")
