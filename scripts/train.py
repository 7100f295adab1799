"""Train every committed bot model from scratch in one run: self-play, the fits, and a check
of the fresh models against the committed ones.

1. ``scripts/selfplay.py``: ``--deals`` self-play deals of today's strongest page bot (seed
   ``--seed``, ``--workers`` processes): its doubling decisions and its games.
2. ``scripts/fit_doubling.py`` on the doubling rows: ``doubling.json``.
3. ``scripts/fit_bidding.py``: ``--bidding-deals`` random deals solved open-handed, shifted to
   the table by the self-play declarations (without PIMC's own estimate, which is only
   compared): ``bidding.json``.
4. ``scripts/fit_locations.py`` on the self-play games: ``locations.json``.
5. ``scripts/fit_inference.py`` on the self-play games: the hand-inference constants (printed;
   they live in ``players/pimc.py``).
6. The check: the fresh models and the committed ones scored on the committed models' own
   training data (``data/selfplay-21``, held out for the fresh ones, so the comparison
   favours the committed models): log loss, Brier, and what the Kontras earn.

Everything goes to ``--out`` (each step's printout as ``<step>.txt``, the models in
``models/``); ``--install`` then copies the models over the committed ones. Self-play is
resumable and the bidding deals are cached, so a run that stopped carries on where it was.
Self-play decisions stop at a time limit, so two runs agree only in distribution.

    python scripts/train.py --out train-71 --seed 71
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np
from fit_doubling import best_bar, calibration, losses, predict, read_rows
from fit_locations import grouped, loglik, positions, records, rows_of

from schafkopf.game import Game
from schafkopf.players.bidding import BiddingModel, features
from schafkopf.players.doubling import DoublingModel
from schafkopf.players.locations import LocationModel, position
from schafkopf.record import record_to_game

SCRIPTS = Path(__file__).resolve().parent
ROOT = SCRIPTS.parent
COMMITTED = ROOT / "src/schafkopf/players/models"
REFERENCE = ROOT / "data/selfplay-21"
MODELS = ("doubling.json", "bidding.json", "locations.json")


def step(name: str, args: list[str], out: Path) -> float:
    """Run one script with its printout to ``out/<name>.txt`` (progress stays on the
    terminal); its seconds."""
    start = time.perf_counter()
    print(f"== {name}: {' '.join(args)}", flush=True)
    with (out / f"{name}.txt").open("w", encoding="utf-8") as log:
        done = subprocess.run([sys.executable, str(SCRIPTS / args[0]), *args[1:]], stdout=log)
    if done.returncode:
        sys.exit(f"train: {name} failed (exit {done.returncode}); see {out / name}.txt")
    seconds = time.perf_counter() - start
    print(f"   {seconds / 60:.1f} min", flush=True)
    return seconds


def _json(path: Path) -> dict[str, Any]:
    return dict(json.loads(path.read_text(encoding="utf-8")))


def check_doubling(models: dict[str, Path]) -> list[str]:
    """Each doubling model on the reference rows: log loss, Brier, its Kontras' earnings."""
    rows = [r for r in read_rows(REFERENCE / "doubling.jsonl.gz") if r["level"] in (0, 1)]
    x = np.array([r["x"] for r in rows], dtype=np.float64)
    y = np.array([1.0 if r["won"] else 0.0 for r in rows])
    base = np.array([r["base"] for r in rows])
    k = np.array([r["level"] == 0 for r in rows])
    out = [f"doubling, {len(rows)} reference decisions: model | log loss | Brier | Kontra"]
    for name, path in models.items():
        model = DoublingModel.from_json(_json(path))
        p = predict(x, np.array(model.weights))
        ll, brier = losses(p, y)
        bars = np.array([model.kontra_bar])
        bar, earn, said, won = best_bar(p[k], y[k], base[k], bars, kontra=True)
        out.append(
            f"  {name:9} | {ll:.4f} | {brier:.4f} | bar {bar:.2f}: said {said} times, "
            f"won {won:.1%}, {earn:+.2f} ct per decision"
        )
    return out


def check_bidding(models: dict[str, Path], games: list[Game]) -> list[str]:
    """Each bidding model on the reference declarations that every model covers: log loss,
    Brier, calibration."""
    loaded = {name: BiddingModel.from_json(_json(path)) for name, path in models.items()}
    declared = []  # (kind, features, won) of each declaration every model covers
    for game in games:
        c = game.contract
        if c is None or c.tout or c.declarer is None:
            continue
        if any(c.kind not in m.families for m in loaded.values()):
            continue
        position = (c.declarer - game.dealer - 1) % game.rules.players
        x = features(game.dealt[c.declarer], game.rules, c.kind, c.suit, position)
        declared.append((c.kind, x, 1.0 if game.result().won else 0.0))
    y = np.array([w for _k, _x, w in declared])
    out = [f"bidding, {len(y)} reference declarations: model | log loss | Brier"]
    tables = {}
    for name, model in loaded.items():
        p = np.array([model.families[k].table_chance(x) for k, x, _w in declared])
        ll, brier = losses(p, y)
        out.append(f"  {name:9} | {ll:.4f} | {brier:.4f}")
        tables[name] = calibration(p, y)
    for name, table in tables.items():
        out.append(f"  {name} calibration: range | games | predicted | won")
        out.extend(f"    {r} | {n:4d} | {m:.3f} | {w:.3f}" for r, n, m, w in table)
    return out


def check_locations(models: dict[str, Path], records: list[dict[str, Any]]) -> list[str]:
    """Each location model on the reference games' positions (two card decisions per seat
    and game): the mean log-likelihood of the true holder per hidden card."""
    rng = random.Random(41)
    rows = []
    for rec in records:
        for view, g in positions(rec, 2, rng):
            pos = position(view)
            if pos is not None:
                rows.extend(rows_of(pos, g))
    groups = grouped(rows)
    out = [f"locations, {len(rows)} hidden cards of {len(records)} reference games: model | card"]
    for name, path in models.items():
        weights = LocationModel.from_json(_json(path)).weights
        total, count = loglik(groups, np.array(weights))
        out.append(f"  {name:9} | {total / count:+.4f}")
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", type=Path, default=Path("train"))
    ap.add_argument("--seed", type=int, default=71, help="self-play seed (bidding: seed + 1)")
    ap.add_argument("--deals", type=int, default=900, help="self-play deals")
    ap.add_argument("--bidding-deals", type=int, default=4000, help="open-hand solved deals")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--rules", default="sauspiel")
    ap.add_argument("--spec", default=None, help="the self-play player (selfplay.py's default)")
    ap.add_argument("--committed", type=Path, default=COMMITTED, help="the models to compare")
    ap.add_argument("--install", action="store_true", help="copy the models over --committed")
    args = ap.parse_args()
    out: Path = args.out
    models = out / "models"
    models.mkdir(parents=True, exist_ok=True)
    sp, w = out / "selfplay", str(args.workers)
    games = str(sp / "games.jsonl")
    steps = {
        "selfplay": ["selfplay.py", "--deals", str(args.deals), "--seed", str(args.seed),
                     "--rules", args.rules, "--workers", w, "--out", str(sp),
                     *(["--spec", args.spec] if args.spec else [])],
        "fit-doubling": ["fit_doubling.py", str(sp / "doubling.jsonl"), "--write",
                         "--model", str(models / "doubling.json")],
        "fit-bidding": ["fit_bidding.py", "--deals", str(args.bidding_deals),
                        "--seed", str(args.seed + 1), "--rules", args.rules, "--workers", w,
                        "--games", games, "--cache", str(out / "bidding-solved.jsonl"),
                        "--no-pimc", "--write", "--model", str(models / "bidding.json")],
        "fit-locations": ["fit_locations.py", games, "--compare", "0", "--write",
                          "--model", str(models / "locations.json")],
        "fit-inference": ["fit_inference.py", games, "--games", str(args.deals)],
    }  # fmt: skip
    times = {name: step(name, command, out) for name, command in steps.items()}
    start = time.perf_counter()
    pair = {"committed": args.committed, "fresh": models}
    reference = list(records([REFERENCE / "games.jsonl.gz"]))  # read once for both checks
    lines = [
        *check_doubling({k: v / "doubling.json" for k, v in pair.items()}),
        *check_bidding({k: v / "bidding.json" for k, v in pair.items()},
                       [record_to_game(r) for r in reference]),
        *check_locations({k: v / "locations.json" for k, v in pair.items()}, reference[:400]),
    ]  # fmt: skip
    times["check"] = time.perf_counter() - start
    lines.append("minutes: " + ", ".join(f"{k} {v / 60:.1f}" for k, v in times.items()))
    lines.append(f"in all {sum(times.values()) / 60:.1f} min ({args.workers} workers)")
    text = "\n".join(lines) + "\n"
    (out / "check.txt").write_text(text, encoding="utf-8")
    print(text, end="")
    if args.install:
        for name in MODELS:
            shutil.copyfile(models / name, args.committed / name)
        print(f"installed {', '.join(MODELS)} in {args.committed}")


if __name__ == "__main__":
    main()
