"""Fit the Kontra/Re model (``players/models/doubling.json``) to self-play doubling rows.

Reads the rows ``scripts/selfplay.py`` wrote (``doubling.jsonl``: each doubling decision's
features and how the game ended) and fits a ridge-regularised logistic regression of "the
declarer side won" on :data:`schafkopf.players.doubling.FEATURES` (Newton steps, numpy). Five
folds give every row a prediction from a model that did not see its deal; from those it prints

- the calibration table: predicted chance against the realised win rate, by tenths, for the
  model and for the raw share of sampled worlds;
- the log loss and Brier score of both;
- the bars: Kontra at a declarers' chance of at most ``kontra_bar``, the one whose Kontras earned
  the most on held-out rows (each Kontra doubles the seat's payout: it earns the game's value
  before doubling when the defenders win and loses it when they lose); Re likewise on the rows
  after a Kontra (if too few, the bar that makes a Re an even bet at the doubled stake is kept).
  These rows leave out the Re a Kontra draws and the play it changes, so the held-out Kontra
  bar comes out loose (0.53, where level 5's Kontras broke even against itself); level 5 sets
  its own with ``model_kontra_bar`` (0.42), chosen in the arena by ``bench/kontra_bars.py``.

With ``--write`` the model fitted on all rows, with those bars, replaces the committed one.

    python scripts/fit_doubling.py selfplay-21/doubling.jsonl --write
"""

from __future__ import annotations

import argparse
import gzip
import json
from pathlib import Path
from typing import IO, Any

import numpy as np
import numpy.typing as npt

from schafkopf.players.doubling import FEATURES, DoublingModel

MODEL = Path(__file__).resolve().parents[1] / "src/schafkopf/players/models/doubling.json"
Array = npt.NDArray[np.float64]
MIN_RE_ROWS = 100
"""Fewer Re rows than this and the Re bar is not fitted (a handful of games cannot place it)."""
DEFAULT_RE_BAR = 0.6


def open_text(path: Path) -> IO[str]:
    """The text of a data file, gunzipped on the way when its name ends in ``.gz``."""
    if path.suffix == ".gz":
        return gzip.open(path, "rt", encoding="utf-8")
    return path.open(encoding="utf-8")


def read_rows(path: Path) -> list[dict[str, Any]]:
    """The rows, one per (deal, seat, level) (a resumed run may have written one twice)."""
    rows: dict[tuple[int, int, int], dict[str, Any]] = {}
    with open_text(path) as f:
        for line in f:
            row = json.loads(line)
            rows[(row["deal"], row["seat"], row["level"])] = row
    return list(rows.values())


def fit(x: Array, y: Array, ridge: float = 1.0) -> Array:
    """Ridge logistic regression by Newton steps (the bias is not shrunk)."""
    w = np.zeros(x.shape[1])
    penalty = np.full(x.shape[1], ridge)
    penalty[0] = 0.0
    for _ in range(50):
        p = expit(x @ w)
        grad = x.T @ (p - y) + penalty * w
        hess = (x * (p * (1 - p))[:, None]).T @ x + np.diag(penalty + 1e-9)
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.max(np.abs(step)) < 1e-8:
            break
    return w


def expit(z: Array) -> Array:
    """The logistic function over an array, clipped to ±30 like the players' ``sigmoid``."""
    return 1.0 / (1.0 + np.exp(-np.clip(z, -30, 30)))


def predict(x: Array, w: Array) -> Array:
    return expit(x @ w)


def out_of_fold(x: Array, y: Array, deals: npt.NDArray[np.int64], folds: int = 5) -> Array:
    """Each row's prediction from a model fitted without its deal's fold."""
    out = np.zeros(len(y))
    fold = deals % folds
    for k in range(folds):
        test = fold == k
        out[test] = predict(x[test], fit(x[~test], y[~test]))
    return out


def calibration(pred: Array, y: Array) -> list[tuple[str, int, float, float]]:
    """(range, rows, mean predicted, realised rate) by tenths of the prediction."""
    out = []
    for k in range(10):
        lo, hi = k / 10, (k + 1) / 10
        sel = (pred >= lo) & ((pred < hi) if k < 9 else (pred <= hi))
        if sel.any():
            out.append((f"{lo:.1f}-{hi:.1f}", int(sel.sum()), pred[sel].mean(), y[sel].mean()))
    return out


def losses(pred: Array, y: Array) -> tuple[float, float]:
    """Log loss and Brier score."""
    p = np.clip(pred, 1e-4, 1 - 1e-4)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p))), float(np.mean((p - y) ** 2))


def best_bar(
    pred: Array, y: Array, base: Array, bars: Array, kontra: bool
) -> tuple[float, float, int, float]:
    """The bar whose doublings earned the most: (bar, earned per row, said, their win rate)."""
    best = (float(bars[0]), -np.inf, 0, 0.0)
    for bar in bars:
        said = pred <= bar if kontra else pred >= bar
        won_by_sayer = (1 - y[said]) if kontra else y[said]
        earned = float(np.sum(base[said] * (2 * won_by_sayer - 1)))
        if earned > best[1]:
            rate = float(won_by_sayer.mean()) if said.any() else 0.0
            best = (float(bar), earned, int(said.sum()), rate)
    return best[0], best[1] / len(y), best[2], best[3]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("rows", type=Path)
    ap.add_argument("--write", action="store_true", help="replace the committed model")
    ap.add_argument("--model", type=Path, default=MODEL, help="where --write writes it")
    args = ap.parse_args()
    rows = [r for r in read_rows(args.rows) if r["level"] in (0, 1)]
    x = np.array([r["x"] for r in rows], dtype=np.float64)
    if x.shape[1] != len(FEATURES):
        raise SystemExit("fit_doubling: the rows were written for other features")
    y = np.array([1.0 if r["won"] else 0.0 for r in rows])
    base = np.array([r["base"] for r in rows])
    sampled = np.array([r["sampled"] for r in rows])
    deals = np.array([r["deal"] for r in rows], dtype=np.int64)
    level = np.array([r["level"] for r in rows])
    pred = out_of_fold(x, y, deals)
    print(f"{len(rows)} rows ({int((level == 0).sum())} Kontra, {int((level == 1).sum())} Re)")
    print("\ncalibration (held-out): predicted range | rows | model predicted | realised")
    for rng, n, mean, real in calibration(pred, y):
        print(f"  {rng} | {n:5d} | {mean:.3f} | {real:.3f}")
    print("\nraw share of sampled worlds: range | rows | mean | realised")
    for rng, n, mean, real in calibration(sampled, y):
        print(f"  {rng} | {n:5d} | {mean:.3f} | {real:.3f}")
    for name, p in (("model", pred), ("sampled", sampled)):
        ll, brier = losses(p, y)
        print(f"{name}: log loss {ll:.4f}, Brier {brier:.4f}")
    k = level == 0
    bars = np.round(np.arange(0.20, 0.61, 0.01), 2)
    kontra = best_bar(pred[k], y[k], base[k], bars, kontra=True)
    print(
        f"\nKontra bar {kontra[0]:.2f}: {kontra[2]} of {int(k.sum())} rows say it, "
        f"win {kontra[3]:.1%}, earn {kontra[1]:+.2f} per row (held-out)"
    )
    r = level == 1
    re_bar = DEFAULT_RE_BAR
    if r.sum() >= MIN_RE_ROWS:
        re = best_bar(pred[r], y[r], 2 * base[r], np.round(np.arange(0.5, 0.96, 0.01), 2), False)
        re_bar = re[0]
        print(f"Re bar {re[0]:.2f}: {re[2]} of {int(r.sum())} say it, win {re[3]:.1%}")
    else:
        print(f"Re: {int(r.sum())} rows, too few; the bar stays {re_bar}")
    model = DoublingModel(tuple(float(v) for v in fit(x, y)), kontra[0], re_bar)
    named = zip(FEATURES, model.weights, strict=True)
    print("\nweights: " + ", ".join(f"{n} {w:+.3f}" for n, w in named))
    if args.write:
        args.model.parent.mkdir(parents=True, exist_ok=True)
        data = model.to_json() | {"rows": len(rows), "source": str(args.rows)}
        args.model.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
        print(f"wrote {args.model}")


if __name__ == "__main__":
    main()
