"""Per player over analysed games: mean accuracy, blunders (and mistakes) per game, mean luck.

Run: ``python scripts/analysis_figures.py RECORDS [--every K] [--worlds N] [--bid-worlds N]
[--seed S] [--out ANALYSES.jsonl]``. Every ``K``-th record of the file is analysed with
:func:`schafkopf.analysis.analyze` (Ramsch and all-pass games too: their bidding decisions
count); players are the records' names (NetSchafkopf: PcLinks, PcOben, PcRechts, Gast; arena
records: the player specs). With ``--out`` each game's analysis is written as a JSON line.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

from schafkopf.analysis import analyze
from schafkopf.record import read_records


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("records", type=Path)
    ap.add_argument("--every", type=int, default=1)
    ap.add_argument("--worlds", type=int, default=32)
    ap.add_argument("--bid-worlds", type=int, default=16)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--out", type=Path)
    args = ap.parse_args()
    records = [r for _line, r in read_records(args.records.read_text())][:: args.every]
    per: dict[str, dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    out = args.out.open("w") if args.out else None
    start = time.perf_counter()
    for k, rec in enumerate(records, 1):
        a = analyze(rec, worlds=args.worlds, bid_worlds=args.bid_worlds, seed=args.seed)
        names = rec.get("players") or [f"seat {s}" for s in range(len(rec["hands"]))]
        for s in a.seats:
            p = per[names[s.seat]]
            p["accuracy"].append(s.accuracy)
            p["luck"].append(s.luck)
            p["blunders"].append(s.blunders)
            p["mistakes"].append(s.mistakes)
            p["payout"].append(a.payouts[s.seat] if a.payouts else 0)
        if out:
            out.write(json.dumps({"game": k, **a.to_json()}) + "\n")
        took = time.perf_counter() - start
        print(f"\r{k}/{len(records)} games, {took:.0f} s", end="", file=sys.stderr)
    print(file=sys.stderr)
    heads = ("games", "accuracy", "blunders/g", "mistakes/g", "luck/g", "payout/g")
    widths = (5, 9, 10, 10, 8, 9)
    print(f"{'player':34s} " + " ".join(f"{h:>{w}s}" for h, w in zip(heads, widths, strict=True)))
    for name, p in per.items():
        n = len(p["accuracy"])
        print(
            f"{name[:34]:34s} {n:5d} {statistics.mean(p['accuracy']):9.1f} "
            f"{sum(p['blunders']) / n:10.2f} {sum(p['mistakes']) / n:10.2f} "
            f"{statistics.mean(p['luck']):+8.2f} {statistics.mean(p['payout']):+9.2f}"
        )


if __name__ == "__main__":
    main()
