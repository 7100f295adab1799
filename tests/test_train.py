"""``scripts/train.py``: the whole training pipeline, from self-play to models a bot can load,
checked against the committed ones, and installed only when asked."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

from schafkopf.players.bidding import BiddingModel
from schafkopf.players.doubling import DoublingModel
from schafkopf.players.locations import LocationModel

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "scripts" / "train.py"
COMMITTED = ROOT / "src" / "schafkopf" / "players" / "models"
SPEC = "pimc:samples=2,bid_samples=2,inference=true,doubling_worlds=4"


def test_a_small_run_makes_every_model_checks_it_and_installs_it(tmp_path: Path) -> None:
    installed = tmp_path / "installed"
    shutil.copytree(COMMITTED, installed)
    before = {p.name: p.read_text() for p in installed.iterdir()}
    out = tmp_path / "train"
    args = ["--out", str(out), "--deals", "10", "--bidding-deals", "30", "--workers", "1",
            "--spec", SPEC, "--committed", str(installed), "--install"]  # fmt: skip
    done = subprocess.run(
        [sys.executable, str(SCRIPT), *args], capture_output=True, text=True, timeout=900
    )
    assert done.returncode == 0, done.stderr + done.stdout
    models = out / "models"
    DoublingModel.from_json(json.loads((models / "doubling.json").read_text()))
    BiddingModel.from_json(json.loads((models / "bidding.json").read_text()))
    LocationModel.from_json(json.loads((models / "locations.json").read_text()))
    check = (out / "check.txt").read_text()
    for model in ("doubling", "bidding", "locations"):
        assert f"\n{model}, " in "\n" + check
    assert check.count("  committed | ") == 3 and check.count("  fresh     | ") == 3
    assert "in all " in check
    for name, text in before.items():  # installed: the fresh models replaced the copies
        assert (installed / name).read_text() == (models / name).read_text() != text
    assert len(list((out / "selfplay" / "games.jsonl").read_text().splitlines())) == 10
