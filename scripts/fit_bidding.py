"""Fit the bidding model (``players/models/bidding.json``): open-hand solutions of random
deals for the shape, self-play games for the table's rate.

1. ``--deals`` random deals (``--seed``, rules ``--rules``): for every seat and every contract
   its hand could play (the candidates PIMC considers; Tout, Bettel and Sie aside), the
   open-hand solution says whether the declarer wins. A ridge logistic regression per family
   of contracts fits it on the features of :mod:`schafkopf.players.bidding`; five folds by deal
   give the held-out calibration table. The solved rows are cached in ``--cache`` (resumable).
2. The self-play games (``--games``, from ``scripts/selfplay.py``): for each declared
   contract, the open-hand solution of its real deal at the first card, and whether the
   declarer won at the table: per family, how often a solved deal was won (``won_if_solved``)
   and an unsolved one (``won_if_not``). Then the calibration at the table: the model's chance
   against the realised win rate, beside PIMC's own estimate (a dozen sampled deals at its
   bid, ``bid_samples=12``).

With ``--write`` the model replaces the committed one.

    python scripts/fit_bidding.py --deals 12000 --seed 31 --games selfplay-21/games.jsonl --write
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from multiprocessing import Pool
from pathlib import Path
from typing import Any

import numpy as np
from fit_doubling import calibration, fit, predict

from schafkopf.actions import NAME_BASE, NAMES, NICHT_KLOPFEN, SPIEL, WEITER, name_action
from schafkopf.game import BIDDING, KLOPFEN_PHASE, PLAY, Game
from schafkopf.players.bidding import FAMILIES, BiddingModel, Family, features
from schafkopf.players.heuristic import plan_margins
from schafkopf.players.pimc import PimcPlayer, _candidates, _declarers_win
from schafkopf.record import record_to_game
from schafkopf.rules import Kind, Ruleset

MODEL = Path(__file__).resolve().parents[1] / "src/schafkopf/players/models/bidding.json"


def _declare(rules: Ruleset, dealer: int, deal: Any, seat: int, action: int) -> Game:
    """The deal with ``seat`` alone bidding and naming ``action``, at its first card."""
    g = Game(rules, dealer=dealer, hands=deal)
    while g.phase == KLOPFEN_PHASE:
        g.apply(NICHT_KLOPFEN)
    while g.phase == BIDDING:
        g.apply(SPIEL if g.to_move == seat else WEITER)
    kind, suit, tout = NAMES[action - NAME_BASE]
    g.apply(name_action(kind, suit, tout))
    return g


def solve_deal(job: tuple[str, int, int]) -> list[dict[str, Any]]:
    """Every seat's modelled candidates on one random deal, solved open-handed."""
    rules_text, seed, d = job
    rules = Ruleset.from_json(json.loads(rules_text))
    dealer = d % rules.players
    deal = Game(rules, dealer=dealer, seed=random.Random(f"bidding/{seed}/{d}")).deal
    rows = []
    for seat in range(rules.players):
        hand = 0
        for c in deal[seat]:
            hand |= 1 << c
        position = (seat - dealer - 1) % rules.players
        margins = plan_margins(hand, rules, position == 0)
        for action in _candidates(rules, hand):
            kind, suit, tout = NAMES[action - NAME_BASE]
            if kind not in FAMILIES or tout:
                continue
            g = _declare(rules, dealer, deal, seat, action)
            x = features(hand, rules, kind, suit, position, margins)
            rows.append(
                {
                    "deal": d,
                    "kind": kind.value,
                    "x": [round(v, 4) for v in x],
                    "won": _declarers_win(g),
                }
            )
    return rows


def solved_rows(rules: Ruleset, deals: int, seed: int, cache: Path, workers: int) -> list[Any]:
    """Stage 1's rows, from the cache and solved anew where missing."""
    rows: list[dict[str, Any]] = []
    done: set[int] = set()
    if cache.exists():
        for line in cache.read_text(encoding="utf-8").splitlines():
            row = json.loads(line)
            if row.get("end"):
                done.add(row["deal"])
            else:
                rows.append(row)
    rows = [r for r in rows if r["deal"] in done]
    todo = [(json.dumps(rules.to_json()), seed, d) for d in range(deals) if d not in done]
    with Pool(workers) as pool, cache.open("a", encoding="utf-8") as f:
        for i, got in enumerate(pool.imap_unordered(solve_deal, todo, chunksize=8), 1):
            for row in got:
                f.write(json.dumps(row) + "\n")
            if got:
                f.write(json.dumps({"deal": got[0]["deal"], "end": True}) + "\n")
            rows.extend(got)
            print(f"\rsolved {len(done) + i}/{deals} deals", end="", file=sys.stderr)
    print(file=sys.stderr)
    return [r for r in rows if r["deal"] < deals]


def table_rows(path: Path, limit: int | None) -> list[dict[str, Any]]:
    """Stage 2's rows: each self-play declared contract's features, open-hand solution of
    its real deal, table outcome and PIMC's own sampled chance at its bid."""
    out = []
    lines = path.read_text(encoding="utf-8").splitlines()[:limit]
    for i, line in enumerate(lines, 1):
        rec = json.loads(line)
        final = record_to_game(rec)
        c = final.contract
        if c is None or c.kind not in FAMILIES or c.tout or c.declarer is None:
            continue
        g = Game(final.rules, dealer=final.dealer, hands=final.deal)
        pimc_chance = None
        for seat, action in final.history:
            if g.phase == BIDDING and g.to_move == c.declarer and pimc_chance is None:
                view = g.view(c.declarer)
                plans = PimcPlayer(bid_samples=12)._evaluate(view, random.Random(i))
                found = [p for p in plans if p.kind is c.kind and p.action == _named(c)]
                pimc_chance = found[0].win if found else None
            if g.phase == PLAY:
                break
            g.apply(action, seat)
        dealer, declarer = final.dealer, c.declarer
        position = (declarer - dealer - 1) % final.rules.players
        hand = final.dealt[declarer]
        out.append(
            {
                "kind": c.kind.value,
                "x": features(hand, final.rules, c.kind, c.suit, position),
                "solved": _declarers_win(g),
                "won": 1.0 if final.result().won else 0.0,
                "pimc": pimc_chance,
            }
        )
        print(f"\rself-play games {i}/{len(lines)}", end="", file=sys.stderr)
    print(file=sys.stderr)
    return out


def _named(c: Any) -> int:
    return NAME_BASE + NAMES.index((c.kind, c.suit, c.tout))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=12000)
    ap.add_argument("--seed", type=int, default=31)
    ap.add_argument("--rules", default="sauspiel")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--cache", type=Path, default=Path("bidding-solved.jsonl"))
    ap.add_argument("--games", type=Path, required=True, help="self-play games.jsonl")
    ap.add_argument("--write", action="store_true")
    args = ap.parse_args()
    rules = Ruleset.preset(args.rules)
    rows = solved_rows(rules, args.deals, args.seed, args.cache, args.workers)
    table = table_rows(args.games, None)
    families: dict[Kind, Family] = {}
    print(f"\n{len(rows)} solved candidates on {args.deals} deals; {len(table)} self-play games")
    for kind in FAMILIES:
        sel = [r for r in rows if r["kind"] == kind.value]
        if len(sel) < 50:
            print(f"{kind.value}: {len(sel)} rows, too few: left to sampling")
            continue
        x = np.array([r["x"] for r in sel], dtype=np.float64)
        y = np.array([r["won"] for r in sel], dtype=np.float64)
        deals = np.array([r["deal"] for r in sel])
        held = np.zeros(len(y))
        for k in range(5):
            test = deals % 5 == k
            held[test] = predict(x[test], fit(x[~test], y[~test]))
        w = fit(x, y)
        mine = [r for r in table if r["kind"] == kind.value]
        solved = [r for r in mine if r["solved"]]
        unsolved = [r for r in mine if not r["solved"]]
        # a family with few table games borrows the pooled rates
        pool_s = [r for r in table if r["solved"]]
        pool_u = [r for r in table if not r["solved"]]
        rate_s = _rate(solved, pool_s)
        rate_u = _rate(unsolved, pool_u)
        families[kind] = Family(tuple(float(v) for v in w), rate_s, rate_u)
        print(f"\n{kind.value}: {len(sel)} candidates, open-hand win {y.mean():.1%}")
        print("  open-hand calibration (held-out): range | rows | predicted | solved won")
        for rng, n, mean, real in calibration(held, y):
            print(f"    {rng} | {n:6d} | {mean:.3f} | {real:.3f}")
        print(
            f"  at the table: {len(solved)} solved deals won {rate_s:.1%}, "
            f"{len(unsolved)} unsolved won {rate_u:.1%}"
        )
    model = BiddingModel(families)
    print("\nat the table (self-play declared games): range | games | predicted | won")
    mt = [r for r in table if Kind(r["kind"]) in families]
    pred = np.array([model.families[Kind(r["kind"])].table_chance(r["x"]) for r in mt])
    won = np.array([r["won"] for r in mt])
    for rng, n, mean, real in calibration(pred, won):
        print(f"  model {rng} | {n:5d} | {mean:.3f} | {real:.3f}")
    pimc = [(r["pimc"], r["won"]) for r in mt if r["pimc"] is not None]
    if pimc:
        pp, pw = np.array([a for a, _ in pimc]), np.array([b for _, b in pimc])
        for rng, n, mean, real in calibration(pp, pw):
            print(f"  PIMC  {rng} | {n:5d} | {mean:.3f} | {real:.3f}")
        brier_m = float(np.mean((pred - won) ** 2))
        brier_p = float(np.mean((pp - pw) ** 2))
        print(f"Brier at the table: model {brier_m:.4f}, PIMC's sampled chance {brier_p:.4f}")
    if args.write:
        data = model.to_json() | {"deals": args.deals, "seed": args.seed, "games": len(table)}
        MODEL.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
        print(f"wrote {MODEL}")


def _rate(rows: list[dict[str, Any]], pooled: list[dict[str, Any]], prior: int = 20) -> float:
    """The table's win rate of ``rows``, shrunk towards the pooled rate by ``prior`` games."""
    base = sum(r["won"] for r in pooled) / len(pooled) if pooled else 0.5
    return (sum(r["won"] for r in rows) + prior * base) / (len(rows) + prior)


if __name__ == "__main__":
    main()
