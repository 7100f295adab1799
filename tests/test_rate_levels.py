"""The bots' rating anchors (``bench/rate_levels.py``): a level is rated as a person is, and its
rating is the mean over orders of its games, so it does not hang on the last few games."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

from schafkopf.ratings import Rating

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))

from rate_levels import (  # noqa: E402
    Deal,
    load_deals,
    play_level,
    rate_averaged,
    rate_deals,
    save_deals,
)

WON = {"result": {"declarers": [0, 2], "payouts": [10, -10, 10, -10]}}
LOST = {"result": {"declarers": [0, 2], "payouts": [-10, 10, -10, 10]}}


def test_one_order_weighs_its_last_games_most_and_the_mean_of_orders_does_not() -> None:
    """Ten games won then ten lost leave a lower rating than the other way round; the mean
    over random orders lies between the two and is the same for both."""
    first_won: list[Deal] = [[(0, WON)]] * 10 + [[(0, LOST)]] * 10
    first_lost: list[Deal] = [[(0, LOST)]] * 10 + [[(0, WON)]] * 10
    ends_lost, ends_won = rate_deals(first_won), rate_deals(first_lost)
    assert ends_lost.mu < ends_won.mu - 1.0
    a = rate_averaged(first_won, 200, random.Random(1))
    b = rate_averaged(first_lost, 200, random.Random(1))
    assert ends_lost.mu < a.mu < ends_won.mu
    assert abs(a.mu - b.mu) < 0.3  # the same games: near the same mean
    assert isinstance(a, Rating) and a.sigma < 25 / 3


def test_games_saved_are_rated_alike_and_the_script_reads_them(tmp_path: Path) -> None:
    deals = play_level("level:1", 2, 11, "standard")
    assert len(deals) == 2 and all(sorted(s for s, _ in d) == [0, 1, 2, 3] for d in deals)
    path = tmp_path / "level-1.jsonl.gz"
    save_deals(path, deals)
    loaded = load_deals(path)
    assert rate_deals(loaded) == rate_deals(deals)
    script = [sys.executable, str(ROOT / "bench" / "rate_levels.py")]
    rerate = ["--out", str(tmp_path), "--rerate", "--orders", "3", "--resamples", "3"]
    done = subprocess.run(
        [*script, "--levels", "level:1", *rerate],
        capture_output=True,
        text=True,
        check=True,
    )
    row = next(line for line in done.stdout.splitlines() if line.startswith("level:1 "))
    assert row.split()[1] == "2"  # the deals that were saved, not --deals
    refused = subprocess.run([*script, "--rerate"], capture_output=True, text=True)
    assert refused.returncode == 2 and "--rerate reads the games of --out" in refused.stderr
    missing = subprocess.run(
        [*script, "--rerate", "--out", str(tmp_path), "--levels", "level:2"],
        capture_output=True,
        text=True,
    )
    assert missing.returncode == 2 and "no games of level:2" in missing.stderr
    json.dumps(loaded)  # what is saved is plain JSON
