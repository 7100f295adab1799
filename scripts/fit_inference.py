"""Fit PIMC's hand-inference model to recorded games (the constants in players/pimc.py).

Reads arena records (JSON Lines) and prints, for the seats whose player spec contains
``--who``: the logistic fit of spiel/weiter against the best rule-based margin
(``_SPIEL_SLOPE``, ``_SPIEL_BIAS``), the softmax temperature that best explains the named
contract (``_NAME_TEMPERATURE``) and how often a card play matched the rule-based card, by
the number of legal cards (``_PLAY_AGREE``).

    python scripts/fit_inference.py arena-12/games.jsonl --games 1200 --who pimc
"""

from __future__ import annotations

import argparse
import json
import math
import random
from collections.abc import Iterator
from typing import Any

from schafkopf.actions import NAME_BASE, NAMES, SPIEL, WEITER, is_card
from schafkopf.game import Game
from schafkopf.players.heuristic import HeuristicPlayer, plan_margins
from schafkopf.players.pimc import bid_margin
from schafkopf.record import record_to_game
from schafkopf.rules import Kind

Margins = dict[tuple[Kind, int | None, bool], float]


def records(path: str, limit: int) -> Iterator[dict[str, Any]]:
    with open(path, encoding="utf-8") as f:
        for i, line in enumerate(f):
            if i >= limit:
                return
            yield json.loads(line)


def logistic(data: list[tuple[float, bool]], ridge: float = 1e-3) -> tuple[float, float]:
    """Maximum-likelihood (slope, bias) of P(y) = sigmoid(slope x + bias), by Newton steps
    halved until the likelihood improves; a small ridge keeps the fit finite when the margin
    separates the bids exactly (a deterministic bidder such as the rule-based one)."""

    def objective(a: float, b: float) -> float:
        total = -0.5 * ridge * (a * a + b * b)
        for x, y in data:
            z = a * x + b
            total -= math.log1p(math.exp(-abs(z))) + max(0.0, -z if y else z)
        return total

    a, b = 1.0, 0.0
    best = objective(a, b)
    for _ in range(100):
        ga, gb = -ridge * a, -ridge * b
        haa = hbb = ridge
        hab = 0.0
        for x, y in data:
            p = 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, a * x + b))))
            ga += (y - p) * x
            gb += y - p
            w = p * (1.0 - p)
            haa += w * x * x
            hab += w * x
            hbb += w
        det = haa * hbb - hab * hab
        da, db = (hbb * ga - hab * gb) / det, (haa * gb - hab * ga) / det
        step = 1.0
        while step > 1e-6 and (value := objective(a + step * da, b + step * db)) < best:
            step /= 2
        if step <= 1e-6:
            break
        a, b, best = a + step * da, b + step * db, value
    return a, b


def softmax_loglik(named: list[tuple[float, list[float]]], t: float) -> float:
    """Mean log-likelihood of the named contracts under softmax(margins / t)."""
    total = 0.0
    for x, margins in named:
        top = max(margins)
        z = sum(math.exp((v - top) / t) for v in margins)
        total += (x - top) / t - math.log(z)
    return total / len(named)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("records")
    ap.add_argument("--games", type=int, default=1200, help="games to read")
    ap.add_argument("--who", default="", help="only seats whose player spec contains this")
    args = ap.parse_args()
    bids: list[tuple[float, bool]] = []
    named: list[tuple[float, list[float]]] = []
    agree: dict[int, list[int]] = {}
    model = HeuristicPlayer("model")
    rng = random.Random(1)
    for rec in records(args.records, args.games):
        who = rec.get("arena", {}).get("seat_players") or rec.get("players") or [""] * 4
        g = record_to_game(rec)
        margins: dict[int, Margins] = {}
        earlier = False
        replay = Game(g.rules, dealer=g.dealer, hands=g.deal, stock=g.stock_before)
        for s, a in g.history:
            mine = args.who in str(who[s])
            if mine and (a in (SPIEL, WEITER) or NAME_BASE <= a < NAME_BASE + len(NAMES)):
                m = margins.setdefault(s, plan_margins(g.dealt[s], g.rules, s == g.vorhand))
                if a in (SPIEL, WEITER):
                    bids.append((bid_margin(m, earlier), a == SPIEL))
                elif NAMES[a - NAME_BASE] in m:
                    named.append((m[NAMES[a - NAME_BASE]], list(m.values())))
            earlier = earlier or a == SPIEL
            if mine and is_card(a):
                v = replay.view(s)
                k = sum(1 for x in v.legal if is_card(x))
                if k > 1:
                    row = agree.setdefault(min(k, 5), [0, 0])
                    row[0] += model.choose(v, rng) == a
                    row[1] += 1
            replay.apply(a, s)
    if not bids or not named:
        raise SystemExit(f"no bids or named contracts of players matching {args.who!r}")
    slope, bias = logistic(bids)
    print(f"bids: {len(bids)}, spiel {sum(y for _x, y in bids)}")
    print(f"  _SPIEL_SLOPE, _SPIEL_BIAS = {slope:.2f}, {bias:.2f}")
    grid = [0.25 * i for i in range(1, 17)]
    best = max(grid, key=lambda t: softmax_loglik(named, t))
    print(f"named contracts: {len(named)}; _NAME_TEMPERATURE = {best}")
    shares = {k: round(a / n, 2) for k, (a, n) in sorted(agree.items())}
    print(f"card plays: {sum(n for _a, n in agree.values())}; agreement by legal cards {shares}")


if __name__ == "__main__":
    main()
