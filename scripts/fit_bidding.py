"""Fit the bidding model (``players/models/bidding.json``): open-hand solutions of random
deals for the shape, self-play games for the table's rate.

1. ``--deals`` random deals (``--seed``, rules ``--rules``): for every seat and every contract
   its hand could play (the candidates PIMC considers; Tout, Bettel and Sie aside), the
   open-hand solution says whether the declarer wins. A ridge logistic regression per family
   of contracts fits it on the features of :mod:`schafkopf.players.bidding`; five folds by deal
   give the held-out calibration table. The solved rows are cached in ``--cache`` (resumable).
2. The self-play games (``--games``, from ``scripts/selfplay.py``): for each declared
   contract, whether the declarer won at the table and whether the open-hand solution of its
   real deal says it wins. How much better the table did than the solution, in log-odds
   (:func:`table_shift`; one shift for the Rufspiel, one for the solo-type contracts
   together: few games each), moves stage 1's chance to the table's. Then the calibration
   at the table, held out by five folds of games: the model's chance against the realised
   win rate, beside PIMC's own estimate (a dozen sampled deals at its bid,
   ``bid_samples=12``) and the open-hand solution of the real deal. These rows are cached
   too (``--cache`` with ``-table-`` and a digest of the games file added).

With ``--write`` the model replaces the committed one.

    python scripts/fit_bidding.py --deals 6000 --seed 31 --games selfplay-21/games.jsonl --write

(The committed model: 6,000 deals, seed 31, the 1,500 self-play deals of ``data/selfplay-21``;
stage 1 about 10 minutes, stage 2 about 25, on one core.)
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
from multiprocessing import Pool
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
from fit_doubling import calibration, expit, fit, losses, open_text, predict

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


def table_rows(path: Path, cache: Path, pimc: bool = True) -> list[dict[str, Any]]:
    """Stage 2's rows: each self-play declared contract's features, open-hand solution of
    its real deal, table outcome and (with ``pimc``) PIMC's own sampled chance at its bid
    (cached whole)."""
    if cache.exists():
        return [json.loads(line) for line in cache.read_text(encoding="utf-8").splitlines()]
    out = []
    with open_text(path) as f:
        lines = [line for line in f.read().splitlines() if line.strip()]
    for i, line in enumerate(lines, 1):
        rec = json.loads(line)
        final = record_to_game(rec)
        c = final.contract
        if c is None or c.kind not in FAMILIES or c.tout or c.declarer is None:
            continue
        g = Game(final.rules, dealer=final.dealer, hands=final.deal)
        pimc_chance = None
        for seat, action in final.history:
            if pimc and g.phase == BIDDING and g.to_move == c.declarer and pimc_chance is None:
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
    cache.write_text("".join(json.dumps(r) + "\n" for r in out), encoding="utf-8")
    return out


def _bias_with_offset(z: npt.NDArray[np.float64], y: npt.NDArray[np.float64]) -> float:
    """The bias ``a`` that fits ``y`` best as sigmoid(z + a) (Newton steps)."""
    a = 0.0
    for _ in range(50):
        p = expit(z + a)
        step = float(np.sum(p - y) / max(np.sum(p * (1 - p)), 1e-9))
        a -= step
        if abs(step) < 1e-9:
            break
    return a


def table_shift(
    z: npt.NDArray[np.float64], won: npt.NDArray[np.float64], solved: npt.NDArray[np.float64]
) -> float:
    """How much better the table did than the open-hand solution on the same declared deals,
    in log-odds over the model's ``z``. Both outcomes share the deals, so the declarers'
    selection of their hands (better than their features say) cancels out of the shift; a
    slope fitted to declared games alone would be flat, since declared hands span little."""
    return _bias_with_offset(z, won) - _bias_with_offset(z, solved)


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
    ap.add_argument("--write", action="store_true", help="replace the committed model")
    ap.add_argument("--model", type=Path, default=MODEL, help="where --write writes it")
    ap.add_argument(
        "--no-pimc",
        action="store_true",
        help="skip PIMC's own sampled chance at each self-play bid (only compared, not fitted)",
    )
    args = ap.parse_args()
    rules = Ruleset.preset(args.rules)
    rows = solved_rows(rules, args.deals, args.seed, args.cache, args.workers)
    digest = hashlib.sha1(args.games.read_bytes()).hexdigest()[:10]  # other games, other cache
    tag = "-table-nopimc-" if args.no_pimc else "-table-"
    table = table_rows(
        args.games, args.cache.with_name(f"{args.cache.stem}{tag}{digest}.jsonl"), not args.no_pimc
    )
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
        families[kind] = Family(tuple(float(v) for v in fit(x, y)))
        print(f"\n{kind.value}: {len(sel)} candidates, open-hand win {y.mean():.1%}")
        print("  open-hand calibration (held-out): range | rows | predicted | solved won")
        for rng, n, mean, real in calibration(held, y):
            print(f"    {rng} | {n:6d} | {mean:.3f} | {real:.3f}")
    mt = [r for r in table if Kind(r["kind"]) in families]
    z = np.array([families[Kind(r["kind"])].open_logit(r["x"]) for r in mt])
    won = np.array([r["won"] for r in mt])
    group = np.array([Kind(r["kind"]) is Kind.RUFSPIEL for r in mt])
    solved = np.array([float(r["solved"]) for r in mt])
    pred = np.zeros(len(mt))
    fold = np.arange(len(mt)) % 5
    shifts = {}
    for ruf in (True, False):
        g = group == ruf
        for k in range(5):
            train, test = g & (fold != k), g & (fold == k)
            pred[test] = expit(z[test] + table_shift(z[train], won[train], solved[train]))
        shifts[ruf] = table_shift(z[g], won[g], solved[g])
        print(
            f"\n{'Rufspiel' if ruf else 'solo-type'} at the table: {int(g.sum())} games, "
            f"open-hand solution won {solved[g].mean():.1%}, the table {won[g].mean():.1%}: "
            f"log-odds shift {shifts[ruf]:+.3f}"
        )
    for kind, fam in list(families.items()):
        families[kind] = Family(fam.weights, shifts[kind is Kind.RUFSPIEL], 1.0)
    model = BiddingModel(families)
    print("\nat the table (self-play declared games, held out): range | games | predicted | won")
    for rng, n, mean, real in calibration(pred, won):
        print(f"  model {rng} | {n:5d} | {mean:.3f} | {real:.3f}")
    print(
        f"  open-hand solution of the real deal: says won {solved.mean():.1%}, won {won.mean():.1%}"
    )
    pimc = [
        (r["pimc"], r["won"], p) for r, p in zip(mt, pred, strict=True) if r["pimc"] is not None
    ]
    if pimc:
        pp = np.array([a for a, _, _ in pimc])
        pw = np.array([b for _, b, _ in pimc])
        pm = np.array([c for _, _, c in pimc])
        for rng, n, mean, real in calibration(pp, pw):
            print(f"  PIMC  {rng} | {n:5d} | {mean:.3f} | {real:.3f}")
        lm, bm = losses(pm, pw)
        lp, bp = losses(pp, pw)
        print(
            f"{len(pimc)} games: log loss model {lm:.3f}, PIMC's sampled chance {lp:.3f}; "
            f"Brier {bm:.4f} against {bp:.4f}"
        )
    if args.write:
        data = model.to_json() | {"deals": args.deals, "seed": args.seed, "games": len(table)}
        args.model.parent.mkdir(parents=True, exist_ok=True)
        args.model.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
        print(f"wrote {args.model}")


if __name__ == "__main__":
    main()
