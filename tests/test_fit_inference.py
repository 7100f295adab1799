"""scripts/fit_inference.py: the fit recovers known parameters and runs on arena records."""

from __future__ import annotations

import math
import random
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

from fit_inference import logistic  # noqa: E402

from schafkopf.arena import run_arena  # noqa: E402


def test_the_logistic_fit_recovers_its_parameters_and_stays_finite() -> None:
    rng = random.Random(1)
    data = []
    for _ in range(3000):
        x = rng.uniform(-3, 3)
        data.append((x, rng.random() < 1 / (1 + math.exp(-(1.48 * x + 0.44)))))
    slope, bias = logistic(data)
    assert abs(slope - 1.48) < 0.2 and abs(bias - 0.44) < 0.15
    separated = [(x / 10, x > 0) for x in range(-20, 21) if x]  # a deterministic bidder
    assert all(math.isfinite(v) for v in logistic(separated))


def test_the_script_fits_arena_records(tmp_path: Path) -> None:
    run_arena("standard", ["heuristic", "random"], deals=10, seed=3, workers=1, out_dir=tmp_path,
              progress=False)  # fmt: skip
    records = str(tmp_path / "games.jsonl")
    script = str(ROOT / "scripts" / "fit_inference.py")
    out = subprocess.run([sys.executable, script, records, "--who", "random"],
                         capture_output=True, text=True, timeout=300)  # fmt: skip
    assert out.returncode == 0, out.stderr
    assert "_SPIEL_SLOPE, _SPIEL_BIAS" in out.stdout and "_NAME_TEMPERATURE" in out.stdout
    none = subprocess.run([sys.executable, script, records, "--who", "nobody"],
                          capture_output=True, text=True, timeout=300)  # fmt: skip
    assert none.returncode == 1 and "no bids" in none.stderr
