"""Per player over analysed games: mean accuracy, blunders (and mistakes) per game, mean luck.

Run: ``python scripts/analysis_figures.py RECORDS [--every K] [--part I/N] [--worlds N]
[--bid-worlds N] [--seed S] [--out ANALYSES.jsonl]``, or ``--merge ANALYSES.jsonl...`` for
the table over analyses written before (by parts run side by side, say). Every ``K``-th
record of the file (of part ``I`` of ``N``: every ``N``-th from the ``I``-th) is analysed with
:func:`schafkopf.analysis.analyze` (Ramsch and all-pass games too: their bidding decisions
count); players are the records' names (NetSchafkopf: PcLinks, PcOben, PcRechts, Gast; arena
records: the player specs). With ``--out`` each game's figures (its index in the file, the
players, payouts and per-seat summaries; with ``--decisions`` every decision too) are added to
the file as a JSON line, and games already there are skipped: a run cut short goes on where it
stopped.
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
    ap.add_argument("records", type=Path, nargs="?")
    ap.add_argument("--every", type=int, default=1)
    ap.add_argument("--part", default="0/1", help="I/N: every N-th record from the I-th")
    ap.add_argument("--merge", type=Path, nargs="+", help="analyses written by --out")
    ap.add_argument("--worlds", type=int, default=32)
    ap.add_argument("--bid-worlds", type=int, default=16)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--out", type=Path)
    ap.add_argument("--decisions", action="store_true", help="write every decision to --out")
    args = ap.parse_args()
    per: dict[str, dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    if args.merge:
        for path in args.merge:
            for line in path.read_text().splitlines():
                row = json.loads(line)
                _count(per, row["players"], row["seats"], row["payouts"])
        _print(per)
        return
    first, parts = (int(x) for x in args.part.split("/"))
    indexed = list(enumerate(r for _line, r in read_records(args.records.read_text())))
    todo = indexed[:: args.every][first::parts]
    done: set[int] = set()
    if args.out and args.out.exists():
        for line in args.out.read_text().splitlines():
            row = json.loads(line)
            done.add(row["game"])
            _count(per, row["players"], row["seats"], row["payouts"])
    out = args.out.open("a") if args.out else None
    start = time.perf_counter()
    for k, (index, rec) in enumerate(todo, 1):
        if index in done:
            continue
        a = analyze(rec, worlds=args.worlds, bid_worlds=args.bid_worlds, seed=args.seed)
        names = rec.get("players") or [f"seat {s}" for s in range(len(rec["hands"]))]
        seats = [s.to_json() for s in a.seats]
        _count(per, names, seats, list(a.payouts))
        if out:
            row = {"game": index, "players": names, "payouts": list(a.payouts), "seats": seats}
            if args.decisions:
                row |= a.to_json()
            out.write(json.dumps(row) + "\n")
            out.flush()
        took = time.perf_counter() - start
        print(f"\r{k}/{len(todo)} games, {took:.0f} s", end="", file=sys.stderr)
    print(file=sys.stderr)
    _print(per)


def _count(
    per: dict[str, dict[str, list[float]]],
    names: list[str],
    seats: list[dict[str, float]],
    payouts: list[int],
) -> None:
    for s in seats:
        p = per[names[int(s["seat"])]]
        for key in ("accuracy", "luck", "blunders", "mistakes"):
            p[key].append(s[key])
        p["payout"].append(payouts[int(s["seat"])] if payouts else 0)


def _print(per: dict[str, dict[str, list[float]]]) -> None:
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
