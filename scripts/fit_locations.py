"""Fit the card location model (``players/models/locations.json``) to arena self-play games.

Reads arena records (JSON Lines, plain or gzipped), takes ``--positions`` card decisions of
each seat in each game, and for each hidden card with two or more possible holders a row: the
features of the card at each seat that may hold it, and the seat that did. The weights are a
conditional logit (softmax over the holders) by Newton steps with a small ridge. Held out by
games (five folds) it prints the mean log-likelihood of the true holders under the plain draw
(holders in proportion to their hidden cards), under the model, and, on ``--compare``
positions, under the marginals of 80 candidate worlds weighed: plainly, by today's hand
inference (the last eight card plays judged), by it judging every card play, by the model (the
way PIMC's ``inference_model=locations`` uses it) and by mixtures.

    python scripts/fit_locations.py runs/l5-53/games.jsonl runs/dbl-52/games.jsonl --write
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
from fit_doubling import open_text

from schafkopf.game import PLAY, Game, View
from schafkopf.players.locations import (
    FEATURES,
    LocationModel,
    Position,
    design,
    hidden_cards,
    position,
    world_log_weight,
)
from schafkopf.players.pimc import _bidding_weight, _judged_plays, _lean, _play_weight_of
from schafkopf.record import record_to_game
from schafkopf.sampling import SamplingError, sample_world_watched

Array = npt.NDArray[np.float64]
ALL_PLAYS = 32
"""Hand inference judging every card play so far (today it judges the last eight)."""
TEMPERS = (0.25, 0.5, 1.0)
"""Powers of the model weight tried on their own and on top of hand inference."""
MODEL = Path(__file__).resolve().parents[1] / "src/schafkopf/players/models/locations.json"


def records(paths: list[Path]) -> Iterator[dict[str, Any]]:
    """Every record of the files, in order."""
    for path in paths:
        with open_text(path) as f:
            for line in f:
                if line.strip():
                    yield json.loads(line)


def positions(
    rec: dict[str, Any], per_seat: int, rng: random.Random
) -> Iterator[tuple[View, Game]]:
    """``per_seat`` card decisions of each seat (views), each with the game at that moment."""
    done = record_to_game(rec)
    g = Game(done.rules, dealer=done.dealer, hands=done.deal, stock=done.stock_before)
    at: dict[int, list[int]] = {s: [] for s in range(done.rules.players)}
    for i, (s, a) in enumerate(done.history):
        if g.phase == PLAY and g.contract is not None and g.to_move == s and a < 32:
            at[s].append(i)
        g.apply(a, s)
    chosen = {i for s, idx in at.items() for i in rng.sample(idx, min(per_seat, len(idx)))}
    g = Game(done.rules, dealer=done.dealer, hands=done.deal, stock=done.stock_before)
    for i, (s, a) in enumerate(done.history):
        if i in chosen:
            yield g.view(s), g.copy()
        g.apply(a, s)


def rows_of(pos: Position, g: Game) -> list[tuple[Array, int]]:
    """(feature rows over the holders, index of the true holder) for each hidden card."""
    out = []
    for c in hidden_cards(pos):
        x, seats = design(pos, c)
        truth = next(s for s in seats if g.hands[s] >> c & 1)
        out.append((x, seats.index(truth)))
    return out


def fit(groups: list[tuple[Array, Array]], ridge: float) -> Array:
    """Conditional-logit weights by Newton steps; ``groups`` holds (X: rows x k x F, y: rows)
    for each number k of holders."""
    f = len(FEATURES)
    w = np.zeros(f)
    for _ in range(30):
        grad = ridge * w
        hess = np.diag(np.full(f, ridge))
        for x, y in groups:
            z = x @ w
            z -= z.max(axis=1, keepdims=True)
            p = np.exp(z)
            p /= p.sum(axis=1, keepdims=True)
            onehot = np.zeros_like(p)
            onehot[np.arange(len(y)), y.astype(int)] = 1.0
            grad += np.einsum("rk,rkf->f", p - onehot, x)
            mean = np.einsum("rk,rkf->rf", p, x)
            hess += np.einsum("rk,rkf,rkg->fg", p, x, x) - mean.T @ mean
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.max(np.abs(step)) < 1e-7:
            break
    return w


def loglik(groups: list[tuple[Array, Array]], w: Array) -> tuple[float, int]:
    """Summed log-likelihood of the true holders, and the number of cards."""
    total, count = 0.0, 0
    for x, y in groups:
        z = x @ w
        z -= z.max(axis=1, keepdims=True)
        logp = z - np.log(np.exp(z).sum(axis=1, keepdims=True))
        total += float(logp[np.arange(len(y)), y.astype(int)].sum())
        count += len(y)
    return total, count


def plain_loglik(groups: list[tuple[Array, Array]]) -> float:
    """Summed log-likelihood when each holder is as likely as its number of hidden cards."""
    k = FEATURES.index("log_cards_left")
    total = 0.0
    for x, y in groups:
        left = np.exp(x[:, :, k])
        p = left / left.sum(axis=1, keepdims=True)
        total += float(np.log(p[np.arange(len(y)), y.astype(int)]).sum())
    return total


def grouped(rows: list[tuple[Array, int]]) -> list[tuple[Array, Array]]:
    """The rows stacked by their number of holders."""
    by_k: dict[int, tuple[list[Array], list[int]]] = {}
    for x, y in rows:
        xs, ys = by_k.setdefault(len(x), ([], []))
        xs.append(x)
        ys.append(y)
    return [(np.stack(xs), np.array(ys, dtype=float)) for xs, ys in by_k.values()]


def compare(view: View, g: Game, model: LocationModel, rng: random.Random) -> dict[str, float]:
    """Log-likelihood of the true holders under 80 candidate worlds' marginals: plain,
    weighed by today's inference, weighed by the model (each mixed 95:5 with the plain
    proportions, so that no holder has chance zero)."""
    pos = position(view)
    assert pos is not None
    scores = model.scores(view)
    assert scores is not None
    lean = _lean(view)
    judged = _judged_plays(view, ALL_PLAYS)
    recent = _judged_plays(view)
    plays = [view.history[i][1] for i in sorted(judged)]
    keep = [i in recent for i in sorted(judged)]
    worlds: list[tuple[list[int], float, float, float, float, float]] = []
    for _ in range(80):
        try:
            w, importance, views = sample_world_watched(view, rng, lean, judged)
        except SamplingError:
            break
        bids = _bidding_weight(w, view)
        last8 = [(v, a) for v, a, k in zip(views, plays, keep, strict=True) if k]
        inferred = bids * _play_weight_of([v for v, _ in last8], [a for _, a in last8], rng)
        everything = bids * _play_weight_of(views, plays, rng)
        logw = world_log_weight(scores, w.hands, view.seat)
        worlds.append(
            (
                list(w.hands),
                importance,
                importance * inferred,
                logw,
                importance * bids,
                importance * everything,
            )
        )
    top = max(x[3] for x in worlds)
    weighings = {
        "plain": [x[1] for x in worlds],
        "inference": [x[2] for x in worlds],
        "inference, all plays": [x[5] for x in worlds],
        "model": [x[1] * math.exp(x[3] - top) for x in worlds],
    }
    for temper in TEMPERS:
        weighings[f"model^{temper}"] = [x[1] * math.exp(temper * (x[3] - top)) for x in worlds]
        weighings[f"inference*model^{temper}"] = [
            x[2] * math.exp(temper * (x[3] - top)) for x in worlds
        ]
        weighings[f"bids*model^{temper}"] = [x[4] * math.exp(temper * (x[3] - top)) for x in worlds]
    weighings["bids"] = [x[4] for x in worlds]
    out = dict.fromkeys(weighings, 0.0)
    for c in hidden_cards(pos):
        seats = pos.holders(c)
        left = [pos.constraints.need[s] for s in seats]
        truth = next(s for s in seats if g.hands[s] >> c & 1)
        for name, ws in weighings.items():
            total = sum(ws) or 1.0
            p_world = sum(
                wt for (hands, *_), wt in zip(worlds, ws, strict=True) if hands[truth] >> c & 1
            )
            p = 0.95 * p_world / total + 0.05 * left[seats.index(truth)] / sum(left)
            out[name] += math.log(p)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("games", type=Path, nargs="+", help="arena games.jsonl files (or .gz)")
    ap.add_argument("--positions", type=int, default=2, help="card decisions per seat and game")
    ap.add_argument("--seed", type=int, default=41)
    ap.add_argument("--ridge", type=float, default=1.0)
    ap.add_argument(
        "--compare", type=int, default=300, help="held-out positions for the world check"
    )
    ap.add_argument("--write", action="store_true", help="replace the committed model")
    ap.add_argument("--model", type=Path, default=MODEL, help="where --write writes it")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    start = time.perf_counter()
    data: list[tuple[int, View, Game, list[tuple[Array, int]]]] = []
    for n, rec in enumerate(records(args.games)):
        for view, g in positions(rec, args.positions, rng):
            pos = position(view)
            if pos is not None:
                data.append((n, view, g, rows_of(pos, g)))
        if n % 200 == 199:
            print(f"  {n + 1} games read, {time.perf_counter() - start:.0f} s", file=sys.stderr)
    games = 1 + max(d[0] for d in data)
    cards = sum(len(d[3]) for d in data)
    print(f"{games} games, {len(data)} positions, {cards} hidden cards with two or more holders")

    folds = 5
    held: dict[str, float] = {"plain": 0.0, "model": 0.0}
    count = 0
    fold_models = []
    for k in range(folds):
        train = grouped([r for n, _v, _g, rows in data if n % folds != k for r in rows])
        test = grouped([r for n, _v, _g, rows in data if n % folds == k for r in rows])
        w = fit(train, args.ridge)
        fold_models.append(w)
        ll, m = loglik(test, w)
        held["model"] += ll
        held["plain"] += plain_loglik(test)
        count += m
    print("held out by games (five folds), mean log-likelihood of the true holder per card:")
    for name, v in held.items():
        print(f"  {name:10} {v / count:+.4f}")

    picks = [d for d in data if d[0] % folds == 0]
    rng.shuffle(picks)
    picks = picks[: args.compare]
    if picks:
        model0 = LocationModel(tuple(float(v) for v in fold_models[0]))
        sums: dict[str, float] = {}
        ncards = 0
        for _n, view, g, rows in picks:
            for name, v in compare(view, g, model0, rng).items():
                sums[name] = sums.get(name, 0.0) + v
            ncards += len(rows)
        print(f"on {len(picks)} held-out positions, 80 candidate worlds weighed (per card):")
        for name, v in sums.items():
            print(f"  {name:24} {v / ncards:+.4f}")

    w = fit(grouped([r for *_x, rows in data for r in rows]), args.ridge)
    model = LocationModel(tuple(float(v) for v in w))
    print("weights:")
    for name, v in zip(FEATURES, w, strict=True):
        print(f"  {name:32} {v:+.3f}")
    print(f"{time.perf_counter() - start:.0f} s")
    if args.write:
        args.model.parent.mkdir(parents=True, exist_ok=True)
        args.model.write_text(json.dumps(model.to_json(), indent=1) + "\n", encoding="utf-8")
        print(f"wrote {args.model}")


if __name__ == "__main__":
    main()
